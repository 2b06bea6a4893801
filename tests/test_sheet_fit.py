"""Score-sheet labels fit their cells: a long column label wraps onto two lines and/or steps
down to 6 pt, every label read back whole (pdfplumber) inside the page's safe area on A4 and
US Letter, printed and fillable; a label that cannot fit fails the build naming the sheet, the
label and the game's scoring.yaml, and writes no PDF."""

from __future__ import annotations

import pdfplumber
import pytest

from generator.content.skeleton import new_game
from generator.pipeline.aidbuild import RenderOptions
from generator.pipeline.build import BuildOptions, build
from generator.units import HOME_PRINTER_MARGIN_MM
from tests.render_helpers import PT_TO_MM

SHEET = "zz-long-score-sheet"


def _content(tmp_path, players: str, total: str = "Total VP"):
    """A skeleton game whose score sheet has 8 players labelled ``players`` ({n} = 1..8)."""
    content = tmp_path / "content"
    new_game("zz-long", content, tmp_path / "examples", title="Long Labels")
    scoring = content / "zz-long" / "scoring.yaml"
    text = scoring.read_text()
    assert 'each: {label: "Player {n}", count: 5}' in text and "{id: total, label: Total VP}" in text
    text = text.replace('each: {label: "Player {n}", count: 5}', f'each: {{label: "{players}", count: 8}}')
    scoring.write_text(text.replace("{id: total, label: Total VP}", f'{{id: total, label: "{total}"}}'))
    return content


def _build(content, out, paper):
    return build(
        BuildOptions(content_dir=content, out_dir=out, jobs=1, only=(SHEET,), render=RenderOptions(paper=paper))
    )


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_long_column_label_wraps_and_every_label_reads_back_whole(tmp_path, paper):
    report = _build(_content(tmp_path, "Player {n} Extraordinarily"), tmp_path / "out", paper)
    assert report.ok, [r.error for r in report.results]
    for suffix in ("", "-fillable"):
        with pdfplumber.open(tmp_path / "out" / paper / f"{SHEET}{suffix}.pdf") as pdf:
            page = pdf.pages[0]
            words = page.extract_words()
            longs = sorted((w for w in words if w["text"] == "Extraordinarily"), key=lambda w: w["x0"])
            players = sorted(
                (w for w in words if w["text"] == "Player" and w["x0"] >= longs[0]["x0"]), key=lambda w: w["x0"]
            )
            assert len(longs) == 8 and len(players) == 8  # not the corner's 'Player', left of them
            text = page.extract_text()
            for n in range(1, 9):
                assert f"Player {n}" in text
            # Second line under the first; side by side without touching; inside the safe area.
            assert all(p["bottom"] <= w["top"] + 0.5 for p, w in zip(players, longs))
            for row in (players, longs):
                assert all(a["x1"] < b["x0"] for a, b in zip(row, row[1:]))
            safe = HOME_PRINTER_MARGIN_MM / PT_TO_MM
            for w in words:
                assert safe - 0.5 <= w["x0"] and w["x1"] <= page.width - safe + 0.5, w


@pytest.mark.parametrize(
    "players, total, message",
    [
        (
            "Player {n} Extraordinarilylongname",
            "Total VP",
            "column 'player_1': label 'Player 1 Extraordinarilylongname' does not fit its 18.9 mm column on "
            "two lines even at 6 pt",
        ),
        (
            "Player {n}",
            "Total victory points including every bonus, every award and the coins left over",
            "row 'total': label 'Total victory points including every bonus, every award and the coins left over' "
            "is wider than its 57.0 mm label column at 6 pt",
        ),
    ],
)
def test_a_label_that_cannot_fit_fails_naming_it_and_writes_no_pdf(tmp_path, players, total, message):
    report = _build(_content(tmp_path, players, total), tmp_path / "out", "a4")
    assert not report.ok
    error = str(report.results[0].error)
    assert f"aid '{SHEET}'" in error and "zz-long/scoring.yaml: " + message in error, error
    assert "shorten the label" in error
    assert not list((tmp_path / "out").rglob("*.pdf"))
