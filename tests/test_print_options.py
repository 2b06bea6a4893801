"""Print options (issue 20): copies of a card aid, low-ink and colour-blind inks. Each is a build
option the incremental build and its manifest know: changing one rebuilds, repeating it skips."""

from __future__ import annotations

import pdfplumber
import pytest
from click.testing import CliRunner

from generator.cli import cli
from generator.paths import PROJECT_ROOT
from generator.pipeline.build import BuildOptions, build
from generator.pipeline.options import RenderOptions
from generator.render.impose.layout import sheet_layout
from generator.units import pt_to_mm
from tests.render_helpers import find_positions

CONTENT = PROJECT_ROOT / "content"
OKABE_ITO = {"#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00", "#cc79a7"}


def _build(out, only, **render):
    report = build(BuildOptions(content_dir=CONTENT, out_dir=out, jobs=1, only=only, render=RenderOptions(**render)))
    assert report.ok, [r.error for r in report.results]
    return {r.key: r.status for r in report.results}


def _cards_on(path, page: int, paper: str = "a4") -> int:
    grid_top = sheet_layout(63, 88, paper).bounds[3]
    return len([p for p in find_positions(path, page, "Invasion Game Summary") if p[1] < grid_top])


def test_copies_prints_that_many_cards_over_as_many_sheets_as_needed(tmp_path):
    assert _build(tmp_path, ("invasion-summary",), copies=4) == {"rftg-invasion-summary": "built"}
    sheet = tmp_path / "a4" / "rftg-invasion-summary.pdf"
    with pdfplumber.open(sheet) as pdf:
        assert len(pdf.pages) == 2  # fronts, backs
    assert _cards_on(sheet, 0) == _cards_on(sheet, 1) == 4
    # 12 copies: a full sheet of 9 and a second of 3, each sheet's label numbered
    assert _build(tmp_path, ("invasion-summary",), copies=12) == {"rftg-invasion-summary": "built"}
    with pdfplumber.open(sheet) as pdf:
        assert len(pdf.pages) == 4
        label = "".join(c["text"] for c in pdf.pages[2].chars if c["top"] < 20 / 0.3528)
    assert [_cards_on(sheet, i) for i in range(4)] == [9, 9, 3, 3]
    assert "Invasion Game Summary · fronts · sheet 2 of 2" in label


def test_each_option_is_known_to_the_incremental_build(tmp_path):
    only = ("strength-tables",)
    assert _build(tmp_path, only) == {"rftg-strength-tables": "built"}
    assert _build(tmp_path, only) == {"rftg-strength-tables": "skipped"}
    assert _build(tmp_path, only, ink="low-ink") == {"rftg-strength-tables": "built"}
    assert _build(tmp_path, only, ink="low-ink") == {"rftg-strength-tables": "skipped"}
    assert _build(tmp_path, only, ink="colour-blind") == {"rftg-strength-tables": "built"}
    assert _build(tmp_path, ("invasion-summary",), copies=2) == {"rftg-invasion-summary": "built"}
    assert _build(tmp_path, ("invasion-summary",), copies=2) == {"rftg-invasion-summary": "skipped"}
    assert _build(tmp_path, ("invasion-summary",), copies=3) == {"rftg-invasion-summary": "built"}


def _fill_colours(path) -> set[str]:
    """Every colour a PDF's pages fill an area with (rules and hairlines, filled boxes under
    1 pt across, are lines, not tints), as #rrggbb."""
    colours = set()
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            for obj in page.rects + page.curves:
                if not obj.get("fill") or min(obj["width"], obj["height"]) < 1:
                    continue
                colour = obj.get("non_stroking_color")
                if colour is None:
                    continue
                values = list(colour) if isinstance(colour, (list, tuple)) else [colour]
                if not all(isinstance(v, (int, float)) for v in values):
                    continue  # a pattern (colour-blind ink): its colour is inside the pattern
                if len(values) == 1:
                    values = values * 3
                if len(values) == 3:
                    colours.add("#" + "".join(f"{round(v * 255):02x}" for v in values))
    return colours


def _greys(colours: set[str]) -> set[str]:
    return {c for c in colours if c[1:3] == c[3:5] == c[5:7]}


def test_inks_colour_colour_blind_and_low_ink(tmp_path):
    only = ("fame-points", "strength-tables", "invasion-summary")
    found = {}
    for ink in ("colour", "colour-blind", "low-ink"):
        out = tmp_path / ink
        _build(out, only, ink=ink)  # the fullest cards fit in every ink: inks change no layout
        found[ink] = {
            name: _fill_colours(out / "a4" / name) for name in ("xia-fame-points.pdf", "rftg-strength-tables.pdf")
        }
    cards = {ink: f["xia-fame-points.pdf"] for ink, f in found.items()}
    # the fame and credits icons print in colour, in the Okabe-Ito palette for colour-blind eyes
    assert cards["colour"] - _greys(cards["colour"])
    assert cards["colour-blind"] - _greys(cards["colour-blind"]) <= OKABE_ITO
    assert cards["colour-blind"] & OKABE_ITO

    # low ink: no colour, no grey bars or tints (#e4e4e4, #f4f4f4): white, the mid-grey rules
    # (#999 and darker) and the icons' dark grey marks
    def untinted(fills):
        return fills <= _greys(fills) and all(c == "#ffffff" or int(c[1:3], 16) <= 0x99 for c in fills)

    assert untinted(cards["low-ink"]), cards["low-ink"]
    page = found["low-ink"]["rftg-strength-tables.pdf"]
    assert untinted(page), page  # no table-header tint, no row stripes
    assert _greys(found["colour"]["rftg-strength-tables.pdf"]) - {"#000000", "#ffffff"}


def test_the_command_line_takes_copies_and_ink(tmp_path):
    result = CliRunner().invoke(
        cli,
        [
            "build",
            "invasion-summary",
            "--copies",
            "2",
            "--ink",
            "low-ink",
            "--out",
            str(tmp_path),
            "--jobs",
            "1",
            "--quiet",
        ],
    )
    assert result.exit_code == 0, result.output
    sheet = tmp_path / "a4" / "rftg-invasion-summary.pdf"
    assert _cards_on(sheet, 0) == 2
    bad = CliRunner().invoke(cli, ["build", "--ink", "sepia", "--out", str(tmp_path)])
    assert bad.exit_code == 2 and "sepia" in bad.output
    with pytest.raises(ValueError, match="copies must be 1 to 81"):
        RenderOptions(copies=0)
    assert pt_to_mm(72) == pytest.approx(25.4)


def test_copies_help_and_readme_say_the_range_and_the_layout():
    """`--copies` says its range (1 to 81) and what it does to the layout, in --help and the
    README; the cards a sheet holds that both name are the imposition's, on A4 and US Letter."""
    from generator.content.aids import NAMED_SIZES_MM

    held = {
        paper: {name: sheet_layout(*NAMED_SIZES_MM[name], paper).per_sheet for name in ("rftg-card", "tarot", "a6")}
        for paper in ("a4", "letter")
    }
    a4, letter = held["a4"], held["letter"]
    assert a4["rftg-card"] == letter["rftg-card"] and a4["a6"] == letter["a6"]  # the text says "alike"
    result = CliRunner().invoke(cli, ["build", "--help"])
    helped = " ".join(result.output.split())
    assert (
        "copies of each card aid, 1 to 81 (e.g. one per player); sheet mode only: the cards fill the "
        f"sheet's slots from the top left, more than a sheet holds go on further sheets ({a4['rftg-card']} "
        f"RftG-size cards a sheet, {a4['tarot']} tarot on A4 and {letter['tarot']} on US Letter, "
        f"{a4['a6']} A6); page aids and print-shop mode (one face a page) are "
        "unchanged; default: one full sheet"
    ) in helped
    readme = " ".join((PROJECT_ROOT / "README.md").read_text(encoding="utf-8").split())
    assert (
        "`--copies N` (1 to 81) prints N of each card aid (e.g. one per player) instead of one full "
        f"sheet. In sheet mode the cards fill the sheet's slots from the top left (a sheet holds {a4['rftg-card']} "
        f"RftG-size cards or {a4['a6']} A6 on A4 and US Letter alike, and {a4['tarot']} tarot cards on A4, "
        f"{letter['tarot']} on US Letter)"
    ) in readme
    assert "Page aids and `--mode print-shop` (one face a page) are not changed by it." in readme


def test_colour_blind_icons_carry_a_pattern_as_well_as_a_colour(tmp_path):
    """Colour-blind ink marks colours with patterns too: every colour-blind icon that fills an
    area with a patterned colour (tools/draw_icons.py CB_PATTERNS) fills it with the pattern, and
    the built PDF paints them as patterns (read back from the file)."""
    import importlib.util

    import pikepdf

    spec = importlib.util.spec_from_file_location("draw_icons", PROJECT_ROOT / "tools" / "draw_icons.py")
    draw = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(draw)
    icons = sorted((PROJECT_ROOT / "templates" / "assets" / "icons").glob("*-cb.svg"))
    assert icons
    patterned = 0
    for path in icons:
        svg = path.read_text(encoding="utf-8")
        for colour in draw.CB_PATTERNS:
            assert f'fill="{colour}"' not in svg.split("</defs>")[-1], (path.name, colour)  # never bare
        patterned += "<pattern" in svg
    assert patterned >= len(icons) // 2
    _build(tmp_path, ("fame-points", "card-powers"), ink="colour-blind")
    with pikepdf.open(tmp_path / "a4" / "rftg-card-powers.pdf") as pdf:
        tiling = [o for o in pdf.objects if isinstance(o, pikepdf.Stream) and o.get("/PatternType") == 1]
    assert tiling, "no pattern painted in the colour-blind card powers page"
    _build(tmp_path / "colour", ("card-powers",), ink="colour")
    with pikepdf.open(tmp_path / "colour" / "a4" / "rftg-card-powers.pdf") as pdf:
        assert not [o for o in pdf.objects if isinstance(o, pikepdf.Stream) and o.get("/PatternType") == 1]
