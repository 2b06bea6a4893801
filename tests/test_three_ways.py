"""A game's score is wrong in only one way at a time: one record of each game content holds is
scored by the command line (`playaid score --json`), by the phone page (real Chromium,
``window.playaid.score``) and by the fillable score sheet's own calculation scripts (pdf.js,
the boxes typed key by key from the report's lines), and the three agree on every total.

The games, their sheets and their records come from content and ``examples/``: a game added to
content with a score sheet and an example record is tested here too, with no test edited.
"""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path

import pytest

from generator.compile.compile_rules import compiled_rules
from generator.paths import CONTENT_DIR, PROJECT_ROOT
from generator.pipeline.aidbuild import RenderOptions
from generator.pipeline.build import BuildOptions, build
from generator.reader.yaml_io import load_file
from tests.web_support import cli_json, open_page

PDFJS = PROJECT_ROOT / "node_modules" / "pdfjs-dist"
VIEWER = Path(__file__).parent / "assets" / "pdfjs_viewer.html"


def _games() -> list[tuple[str, str, Path, str]]:
    """(record word, content game, example record, sheet aid key) for every game whose scoring
    model has a score sheet that an aid prints and that has an example record."""
    from generator.checks.load import load_content

    content = load_content(CONTENT_DIR)
    examples = {}
    for path in sorted((PROJECT_ROOT / "examples").glob("*.yaml")):
        data = load_file(path)[0].data
        if isinstance(data, dict):
            examples.setdefault(data.get("game"), path)
    rules = compiled_rules(CONTENT_DIR)
    found = []
    for game_id, game in sorted(content.games.items()):
        for scoring_id in game.of_kind("scoring"):
            word = rules["games"][game_id]["scoring"]["record"]
            aid = next((a for doc in game.of_kind("aids").values() for a in doc.aids if a.sheet == scoring_id), None)
            if aid is not None and word in examples:
                found.append((word, game_id, examples[word], f"{game_id}-{aid.id}"))
    return found


GAMES = _games()


def test_every_shipped_game_is_covered():
    """The shipped games each have a sheet and an example (a game added is covered by the same rule)."""
    assert {"rftg", "xia-campaign"} <= {word for word, *_ in GAMES}


@pytest.fixture(scope="module")
def sheets(tmp_path_factory):
    """A local server with the test viewer, pdf.js and every game's fillable score sheet (A4)."""
    root = tmp_path_factory.mktemp("three-ways")
    keys = [key for *_, key in GAMES]
    report = build(
        BuildOptions(content_dir=CONTENT_DIR, out_dir=root / "out", jobs=1, only=keys, render=RenderOptions(paper="a4"))
    )
    assert report.ok, [r.error for r in report.results]
    for key in keys:
        (root / f"{key}-fillable.pdf").write_bytes((root / "out" / "a4" / f"{key}-fillable.pdf").read_bytes())
    (root / "index.html").write_text(VIEWER.read_text())
    (root / "pdfjs").symlink_to(PDFJS)
    handler = functools.partial(_Quiet, directory=str(root))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class _Sheet:
    """A fillable sheet open in pdf.js; boxes typed key by key (the keystroke and calculate
    scripts run as for a user)."""

    def __init__(self, browser, base: str, pdf: str):
        self.page = browser.new_page(viewport={"width": 1100, "height": 1500})
        self.errors: list[str] = []
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.page.goto(f"{base}/index.html?pdf={pdf}")
        self.page.wait_for_function("window.viewerReady === true", timeout=60_000)
        self.page.wait_for_selector(".annotationLayer input")

    def type(self, name: str, value: int) -> None:
        """Type ``value`` into a box; again if the viewer lost keys (the first box typed right
        after the page opened can lose them while the sandbox starts)."""
        box = self.page.locator(f'.annotationLayer input[name="{name}"]')
        for _attempt in range(3):
            box.click()
            box.fill("")
            for key in str(value):
                self.page.keyboard.type(key)
                self.page.wait_for_timeout(25)
            self.page.keyboard.press("Tab")
            if box.input_value() == str(value):
                return
        raise AssertionError(f"{name}: typed {value}, the box holds {box.input_value()!r}")

    def tick(self, name: str, on: bool) -> None:
        """Set a check box as a user clicks it."""
        box = self.page.locator(f'.annotationLayer input[name="{name}"]')
        if box.is_checked() != on:
            box.click()

    def text(self, name: str, value: str) -> None:
        box = self.page.locator(f'.annotationLayer input[name="{name}"]')
        box.click()
        box.fill(value)
        self.page.keyboard.press("Tab")

    def computed(self, name: str) -> bool:
        """Whether the box is worked out by the sheet (read-only: pdf.js shows it disabled)."""
        return self.page.locator(f'.annotationLayer input[name="{name}"]').is_disabled()

    def value(self, name: str) -> str:
        self.page.wait_for_timeout(300)  # the sandbox answers asynchronously
        return self.page.locator(f'.annotationLayer input[name="{name}"]').input_value()


def _sheet_lines(model: dict) -> list[tuple[str, list[str]]]:
    """(line id, the components and awards its box holds) for every line the sheet's Total (or
    a campaign's running total) adds up."""
    counted = {c["id"] for c in model.get("components", [])} | {a["id"] for a in model.get("awards", [])}
    out = []
    for line in model["sheet"]["lines"]:
        ident, parts = (line, [line]) if isinstance(line, str) else (line["id"], line.get("add") or [line["id"]])
        parts = [p for p in parts if p in counted]
        if parts:
            out.append((ident, parts))
    return out


@pytest.mark.parametrize("word, game_id, example, sheet_key", GAMES, ids=[g[0] for g in GAMES])
def test_command_line_phone_and_sheet_agree(browser, server, sheets, word, game_id, example, sheet_key):
    rel = example.relative_to(PROJECT_ROOT).as_posix()
    cli = cli_json("score", rel)
    assert cli["ok"] is True

    page = open_page(browser, server)
    try:
        phone = page.evaluate(
            "([r, f]) => window.playaid.score(r, {file: f})", [example.read_text(encoding="utf-8"), rel]
        )
    finally:
        page.context.close()
    assert phone == cli

    model = compiled_rules(CONTENT_DIR)["games"][game_id]["scoring"]
    sheet = _Sheet(browser, sheets, f"{sheet_key}-fillable.pdf")
    try:
        if "campaign" in (model.get("mechanisms") or {}):
            _campaign_sheet(sheet, model, cli, load_file(example)[0].data)
        else:
            _players_sheet(sheet, model, cli)
        assert sheet.errors == []
    finally:
        sheet.page.close()


def _players_sheet(sheet: _Sheet, model: dict, report: dict) -> None:
    titles = {a["id"]: a.get("title", a["id"]) for a in model.get("awards", [])}
    players = report["players"][: model["sheet"]["each"]["count"]]
    for n, player in enumerate(players, start=1):

        def points(part, player=player):  # a component's VP, or the player's VP from an award (by place too)
            if part not in titles:
                return player[part]
            title = titles[part]
            return sum(
                e["vp"] for e in player["explain"] if e["component"] == title or e["component"].startswith(f"{title}, ")
            )

        for line, parts in _sheet_lines(model):
            sheet.type(f"{line}.player_{n}", sum(points(p) for p in parts))
    for n, player in enumerate(players, start=1):
        assert sheet.value(f"total.player_{n}") == str(player["total"]), player["name"]


def _campaign_sheet(sheet: _Sheet, model: dict, report: dict, record: dict) -> None:
    [(line, _parts)] = _sheet_lines(model)
    running = next(x for x in model["sheet"]["lines"] if isinstance(x, dict) and x.get("running_total"))
    games = report["explain"][: model["sheet"]["each"]["count"]]
    kinds = {e["id"]: e["type"] for e in model.get("entered", [])}
    for n, (game, written) in enumerate(zip(games, record["games"]), start=1):
        if not sheet.computed(f"game_{n}.{line}"):
            sheet.type(f"game_{n}.{line}", game["points"])
            continue
        # the sheet works the game's score out from the game's own boxes, as the scoring model does
        for key, value in written.items():
            if kinds.get(key) == "boolean":
                sheet.tick(f"game_{n}.{key}", bool(value))
            elif kinds.get(key) in ("count", "number"):
                sheet.type(f"game_{n}.{key}", value)
            elif kinds.get(key) == "text" and key in {
                x if isinstance(x, str) else x["id"] for x in model["sheet"]["lines"]
            }:
                sheet.text(f"game_{n}.{key}", str(value))
    for n, game in enumerate(games, start=1):
        assert sheet.value(f"game_{n}.{line}") == str(game["points"]), f"game {n}"
    total = 0
    for n, game in enumerate(games, start=1):
        total += game["points"]
        assert sheet.value(f"game_{n}.{running['id']}") == str(total), f"game {n}"
    assert total == report["total"]
