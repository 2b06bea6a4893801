"""Fillable forms in a real viewer engine: pdf.js (Firefox's PDF viewer; npm pdfjs-dist, its
scripting sandbox on) in Debian's Chromium, driven by Playwright. Boxes are typed into key by
key, as a user does, so the keystroke, calculate and document scripts all run.

(PDFium as pypdfium2 ships it has no JavaScript engine: FORM_DoDocumentJSAction runs nothing and
typed values never compute, so it serves only for the Tab order, in test_forms.py.)
"""

from __future__ import annotations

import functools
import http.server
import re
import threading
from pathlib import Path

import pytest

from generator.paths import PROJECT_ROOT
from generator.pipeline.aidbuild import RenderOptions
from generator.pipeline.build import BuildOptions, build

PDFJS = PROJECT_ROOT / "node_modules" / "pdfjs-dist"


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # keep test output clean
        pass


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """A local web server holding the test viewer, pdf.js and the fillable PDFs (A4)."""
    assert (PDFJS / "build" / "pdf.sandbox.mjs").is_file(), "run `make test` (npm ci installs pdfjs-dist)"
    root = tmp_path_factory.mktemp("viewer")
    report = build(
        BuildOptions(
            content_dir=PROJECT_ROOT / "content",
            out_dir=root / "out",
            jobs=1,
            only=("rftg-score-sheet", "xia-campaign-log"),
            render=RenderOptions(paper="a4"),
        )
    )
    assert report.ok, [r.error for r in report.results]
    for name in ("rftg-score-sheet-fillable.pdf", "xia-campaign-log-fillable.pdf"):
        (root / name).write_bytes((root / "out" / "a4" / name).read_bytes())
    (root / "index.html").write_text((Path(__file__).parent / "assets" / "pdfjs_viewer.html").read_text())
    (root / "pdfjs").symlink_to(PDFJS)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}", root
    server.shutdown()


class Sheet:
    """A fillable PDF open in the pdf.js viewer; boxes found by field name."""

    def __init__(self, browser, site, pdf: str):
        base, self.root = site
        self.page = browser.new_page(viewport={"width": 1000, "height": 1400})
        self.errors: list[str] = []
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.page.goto(f"{base}/index.html?pdf={pdf}")
        self.page.wait_for_function("window.viewerReady === true", timeout=30_000)
        self.page.wait_for_selector(".annotationLayer input")

    def box(self, name: str):
        return self.page.locator(f'.annotationLayer input[name="{name}"]')

    def type(self, name: str, keys: str, *, kept: str | None = None) -> None:
        """Click the box, type ``keys`` one at a time (the viewer answers each keystroke), Tab out.
        Where every key should be kept (digits, a leading minus, text: ``kept`` defaults to
        ``keys`` then), type again if the viewer lost a key: on a busy machine the first key
        can arrive before the box has the focus (a lost minus turned -3 into 3)."""
        plain = kept if kept is not None else keys if re.fullmatch(r"-?\d+|[A-Za-z ]+", keys) else None
        for _attempt in range(3):
            box = self.box(name)
            box.click()
            box.fill("")
            for key in keys:
                self.page.keyboard.type(key)
                self.page.wait_for_timeout(40)
            self.page.keyboard.press("Tab")
            if plain is None:
                return
            try:  # the viewer's commit script may answer after the Tab (a refused decimal is cleared then)
                self.page.wait_for_function(
                    "([el, want]) => el.value === want", arg=[box.element_handle(), plain], timeout=5_000
                )
                return
            except Exception:  # noqa: BLE001 - a key lost on a busy machine: type again
                continue
        raise AssertionError(f"{name}: typed {keys!r}, the box holds {self.box(name).input_value()!r}")

    def value(self, name: str) -> str:
        return self.box(name).input_value()

    def settle(self) -> None:
        self.page.wait_for_timeout(300)  # the sandbox answers asynchronously

    def screenshot(self, name: str) -> Path:
        path = self.root / name
        self.page.screenshot(path=str(path))
        return path


def test_rftg_total_adds_up_in_pdf_js(browser, site):
    sheet = Sheet(browser, site, "rftg-score-sheet-fillable.pdf")
    # totals are locked by the document script (pdf.js renders a read-only box disabled)
    assert sheet.box("total.player_1").is_disabled() and sheet.box("total.player_5").is_disabled()
    assert not sheet.box("cards_vp.player_1").is_disabled()
    sheet.type("name.player_1", "Ann")
    sheet.type("cards_vp.player_1", "2x3")  # the x is refused as it is typed
    sheet.type("six_dev_vp.player_1", "1-2")  # a minus only leads: "1-2" -> "12"
    sheet.type("chips_vp.player_1", "9")
    sheet.type("defense_awards_vp.player_1", "-1")  # a negative row counts
    sheet.type("greatest_admiral.player_1", "5")
    sheet.type("renaissance_chips.player_1", "12")  # below the total: not part of it
    sheet.type("tie_break.player_1", "4")
    sheet.type("cards_vp.player_2", "30")
    sheet.type("cards_vp.player_3", "3.5", kept="")  # a decimal is refused whole, never read as 35
    sheet.settle()
    assert sheet.value("cards_vp.player_3") == ""
    assert sheet.value("cards_vp.player_1") == "23"
    assert sheet.value("six_dev_vp.player_1") == "12"
    assert sheet.value("total.player_1") == "48"  # 23 + 12 + 9 - 1 + 5
    assert sheet.value("total.player_2") == "30"
    assert sheet.value("total.player_3") == ""  # nobody there: blank, not 0
    # a correction recomputes
    sheet.box("chips_vp.player_1").fill("")
    sheet.type("chips_vp.player_1", "10")
    sheet.settle()
    assert sheet.value("total.player_1") == "49"
    assert sheet.errors == []
    sheet.screenshot("rftg-score-sheet-pdfjs.png")


def test_xia_campaign_game_and_running_scores_in_pdf_js(browser, site):
    sheet = Sheet(browser, site, "xia-campaign-log-fillable.pdf")
    assert sheet.box("game_1.campaign_score").is_disabled()
    assert sheet.box("game_1.game_score").is_disabled()  # computed from the row, not typed

    def game(n, goal, fame, npc, won, completed):
        sheet.type(f"game_{n}.goal", goal)
        sheet.type(f"game_{n}.fame", fame)
        sheet.type(f"game_{n}.npc_fame", npc)
        for box, ticked in (("won", won), ("goal_completed", completed)):
            if ticked:
                sheet.box(f"game_{n}.{box}").check()

    sheet.type("game_1.ship", "Cutter")
    game(1, "Goal one", "12", "7", True, True)  # a 12-7 win with its goal: +5
    game(2, "Goal two", "6", "9", False, False)  # a loss: -3
    game(4, "Goal one", "15", "4", True, True)  # goal one again: completes nothing, -3
    sheet.settle()
    assert [sheet.value(f"game_{n}.game_score") for n in range(1, 6)] == ["5", "-3", "", "-3", ""]
    assert [sheet.value(f"game_{n}.campaign_score") for n in range(1, 6)] == ["5", "2", "", "-1", ""]
    game(3, "Goal three", "10", "8", True, False)  # won, goal rules broken: -3
    sheet.settle()
    assert [sheet.value(f"game_{n}.game_score") for n in range(1, 5)] == ["5", "-3", "-3", "-3"]
    assert [sheet.value(f"game_{n}.campaign_score") for n in range(1, 5)] == ["5", "2", "-1", "-4"]
    # a decimal is refused, not run together into 95
    sheet.type("game_5.fame", "9.5", kept="")
    sheet.settle()
    assert sheet.value("game_5.fame") == "" and sheet.value("game_5.game_score") == ""
    assert sheet.errors == []
    sheet.screenshot("xia-campaign-log-pdfjs.png")
