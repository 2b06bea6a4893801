"""The coverage set: every published game in examples/games/ (a content folder, one sub-folder per
game, written in the scoring model alone) scores every record worked by hand from its rules to
the totals the record's first line states (``# expected: {Ann: 41, Ben: 38}``), on the command
line and on the phone: the page's engine for every record, and the first record of each game
typed into the game's generated pad.

The games and records are found, not named: a game or record added to the set is tested too.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import cli
from generator.reader.yaml_io import load_file
from tests.web_support import PHONE_TOUCH, open_page, screenshot, serving, wait_until

GAMES = Path(__file__).resolve().parents[1] / "examples" / "games"
RECORDS = sorted(GAMES.glob("*/records/*.yaml"))
EXPECTED = re.compile(r"^#\s*expected:\s*\{(.*)\}\s*$")
ENTRY = re.compile(r"\s*([^,:{}]+?)\s*:\s*(-?\d+)\s*(?:,|$)")


def expected_totals(path: Path) -> dict[str, int]:
    """The totals a record's first line states, worked by hand."""
    first = path.read_text(encoding="utf-8").splitlines()[0]
    found = EXPECTED.match(first)
    assert found, f"{path}: the first line must be `# expected: {{Name: total, ...}}`"
    entries = ENTRY.findall(found.group(1))
    assert entries and ", ".join(f"{k}: {v}" for k, v in entries) == re.sub(r"\s*,\s*", ", ", found.group(1).strip()), (
        f"{path}: write the expected totals as `{{Name: total, ...}}`"
    )
    return {name: int(total) for name, total in entries}


def test_the_set_covers_ten_games_each_with_three_records():
    games = sorted(p.parent for p in GAMES.glob("*/game.yaml"))
    assert len(games) >= 10, [g.name for g in games]
    for game in games:
        assert len(list((game / "records").glob("*.yaml"))) >= 3, game.name


def test_the_set_passes_the_content_check():
    res = CliRunner().invoke(cli, ["check", str(GAMES)])
    assert res.exit_code == 0, res.output


@pytest.fixture(scope="module")
def cli_reports(tmp_path_factory):
    """Every record's ``playaid score --json`` report, by path."""
    cache = tmp_path_factory.mktemp("examples-cache")
    res = CliRunner().invoke(
        cli, ["--content", str(GAMES), "score", "--json", *map(str, RECORDS)], env={"PLAYAID_CACHE": str(cache)}
    )
    assert res.exit_code in (0, 1), res.output
    lines = [json.loads(line) for line in res.stdout.splitlines() if line.strip()]
    return {Path(r["record"]).resolve(): r for r in lines}


@pytest.mark.parametrize("record", RECORDS, ids=lambda p: f"{p.parts[-3]}/{p.name}")
def test_the_command_line_scores_the_hand_worked_totals(cli_reports, record):
    report = cli_reports[record.resolve()]
    assert report["ok"], report
    assert {p["name"]: p["total"] for p in report["players"]} == expected_totals(record)
    assert [f for f in report["findings"] if f["severity"] == "error"] == []


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    from generator.web.site import build_site

    folder = tmp_path_factory.mktemp("examples-web") / "web"
    build_site(GAMES, folder)
    with serving(folder) as url:
        yield url


def test_the_phone_engine_scores_the_hand_worked_totals(browser, site):
    page = open_page(browser, site)
    for record in RECORDS:
        data = load_file(record)[0].data
        report = page.evaluate("(r) => window.playaid.score(r)", data)
        assert {p["name"]: p["total"] for p in report["players"]} == expected_totals(record), record
    assert page.problems == []
    page.context.close()


def _fill(page, spec: dict, base: str, value) -> None:
    """Type ``value`` of entered value ``spec`` into its pad box(es) with id ``base``."""
    kind = spec["type"]
    if kind == "group":
        for sub in spec.get("values", ()):
            if sub["id"] in value:
                _fill(page, sub, f"{base}-{sub['id']}", value[sub["id"]])
    elif kind == "boolean":
        page.set_checked(f"#{base}", bool(value))
    elif kind == "numbers":
        page.fill(f"#{base}", " ".join(str(v) for v in value))
    elif kind == "texts":
        page.fill(f"#{base}", "\n".join(value))
    else:
        page.fill(f"#{base}", str(value))


@pytest.mark.parametrize("game", sorted(p.parent.name for p in GAMES.glob("*/game.yaml")))
def test_a_record_typed_into_the_pad_gives_the_hand_worked_totals(browser, site, game):
    record = sorted((GAMES / game / "records").glob("*.yaml"))[0]
    data = load_file(record)[0].data
    context = browser.new_context(**PHONE_TOUCH, service_workers="block")
    page = open_page(browser, site, context=context)
    models = page.evaluate("fetch('data/form.json').then((r) => r.json()).then((f) => f.models)")
    prefix = data["game"]
    model = models[prefix]["scoring"]
    specs = {e["id"]: e for e in model.get("entered", ())}
    page.click(f"#tab-{prefix}")
    for key in ("variant", "ended_by"):
        if key in data:
            page.select_option(f"#{prefix}-{key}", data[key])
    for spec in model.get("record_entered", ()):  # values written once a game (funded awards)
        if spec["id"] in data:
            _fill(page, spec, f"{prefix}-v-{spec['id']}", data[spec["id"]])
    while page.locator(f"#panel-{prefix} section.player").count() < len(data["players"]):
        page.click(f"#{prefix}-add-player")
    for i, player in enumerate(data["players"]):
        for key, value in player.items():
            if key == "name":
                page.fill(f"#{prefix}-p{i}-name", value)
            elif key in specs:
                _fill(page, specs[key], f"{prefix}-p{i}-{key}", value)
    page.click(f"#{prefix}-score")
    board = page.locator(f"#{prefix}-scoreboard")
    board.wait_for()
    expected = expected_totals(record)
    # the result may open on the report of a moment before (a rescore in flight on a busy
    # machine): it is redrawn when the last one comes, with every player's name
    wait_until(
        page,
        f"[...document.querySelectorAll('#{prefix}-scoreboard thead th .who')]"
        f".map(e => e.textContent).sort().join('|') === {json.dumps('|'.join(sorted(expected)))}",
    )
    screenshot(page, f"examples-{game}")
    heads = board.locator("thead th .who").all_inner_texts()
    totals = [int(t) for t in board.locator("tr.total-row td").all_inner_texts()]
    assert dict(zip(heads, totals)) == expected
    assert page.problems == []
    context.close()


def test_a_game_scored_by_rounds_has_a_sheet_line_per_round(tmp_path):
    """The printed sheet of a game with rounds has one box per round (its `each_round` line)."""
    import pdfplumber

    from generator.checks.load import load_content

    content = load_content(GAMES)
    game, doc = next(
        (g.id, d)
        for g in content.games.values()
        for d in g.of_kind("scoring").values()
        if d.rounds is not None and d.sheet and any(getattr(x, "each_round", None) for x in d.sheet.lines)
    )
    line = next(x for x in doc.sheet.lines if getattr(x, "each_round", None))
    res = CliRunner().invoke(
        cli,
        ["--content", str(GAMES), "build", f"{game}-score-sheet", "--out", str(tmp_path), "--paper", "a4", "--quiet"],
    )
    assert res.exit_code == 0, res.output
    with pdfplumber.open(tmp_path / "a4" / f"{game}-score-sheet.pdf") as pdf:
        text = pdf.pages[0].extract_text()
    for n in range(1, len(doc.rounds.round_ids()) + 1):
        label = (line.label or "{round}").replace("{n}", str(n)).replace("{round}", doc.rounds.round_labels()[n - 1])
        assert label in text
