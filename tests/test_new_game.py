"""`playaid new GAME_ID`: the skeleton of a new game works at once, next to the shipped games:
`check`, `build` (summary card and score sheet), `score` on its sample record, the record
schema, the help and the phone pad's model; scored from content alone (no mechanism)."""

from __future__ import annotations

import json
import shutil

import pikepdf
import pytest
from click.testing import CliRunner

from generator.checks.load import load_content
from generator.cli import cli
from generator.compile.compile_rules import compile_rules
from generator.content.skeleton import new_game
from generator.errors import UsageError
from generator.paths import PROJECT_ROOT
from generator.pipeline.aidbuild import RenderOptions
from generator.pipeline.build import BuildOptions, build
from generator.reader.yaml_io import load_file
from generator.scoring.api import score
from tests.shipped_content import shipped_games


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """A copy of the shipped content with the skeleton game `zz-gem-market` added."""
    root = tmp_path_factory.mktemp("new-game")
    shutil.copytree(PROJECT_ROOT / "content", root / "content")
    written = new_game("zz-gem-market", root / "content", root / "examples", title="Gem Market")
    assert [p.name for p in written] == [
        "game.yaml",
        "rules.yaml",
        "facts.yaml",
        "scoring.yaml",
        "aids.yaml",
        "vocabulary.yaml",
        "zz-gem-market.yaml",
    ]
    return root


@pytest.fixture(scope="module")
def rules(folder):
    return compile_rules(load_content(folder / "content"))  # raises ContentError on any problem


def test_check_passes_with_the_new_game(folder):
    content = load_content(folder / "content")
    assert sorted(content.games) == sorted(shipped_games() + ["zz-gem-market"])
    game = content.games["zz-gem-market"]
    assert game.game.title == "Gem Market"
    assert "scoring model" in game.summary()


def test_the_sample_record_scores_as_the_rules_say(folder, rules):
    record = load_file(folder / "examples" / "zz-gem-market.yaml")[0].data
    report = score(record, rules)
    players = {p["name"]: p for p in report["players"]}
    # Ann: 3 red, 2 green, 2 blue = 2 sets (10) + 1 loose (1) + 7 coins // 3 (2) + most coins, tied (4)
    assert [players[n]["total"] for n in ("Ann", "Ben", "Cy")] == [17, 14, 11]
    assert (players["Ann"]["sets_vp"], players["Ann"]["loose_vp"], players["Ann"]["coins_vp"]) == (10, 1, 2)
    assert players["Ann"]["awards"] == players["Ben"]["awards"] == ["most_coins"]  # tied: both score
    assert players["Cy"]["awards"] == []  # Most sets: Ann and Cy tie, and its ties score nobody
    assert report["winners"] == ["Ann"] and report["ties"] == []
    assert [(f["severity"], f["code"]) for f in report["findings"]] == [("info", "award_tied_nobody")]
    result = CliRunner().invoke(
        cli, ["score", "--content", str(folder / "content"), str(folder / "examples" / "zz-gem-market.yaml"), "--plain"]
    )
    assert result.exit_code == 0, result.output
    assert "Winner: Ann" in result.output and "10  Gem sets: sets: 2 x 5 VP" in result.output


def test_a_whole_game_check_of_the_new_game(rules):
    players = [{"name": n, "red": 7, "green": 0, "blue": 0, "coins": 0} for n in ("A", "B")]
    report = score({"game": "zz-gem-market", "players": players}, rules)
    assert [f["message"] for f in report["findings"] if f["code"] == "too_many_gems"] == [
        "14 gems of one colour across the players, but the box holds 12 (check the counts)"
    ]


def test_the_new_games_rules_answer_in_players_words(folder):
    """The skeleton's vocabulary says points are VP: "how many points for a set" finds the gem
    set rule though the rules only say VP; a word no rule uses ("tempura") does not empty the
    answer of the others (issue 30 item 4)."""
    from generator.compile.rules_index import build_rules_index
    from generator.rulesearch.api import Rules

    search = Rules(build_rules_index(load_content(folder / "content")))
    found = search.search("how many points for a gem set", "zz-gem-market", 3)
    assert (found[0]["title"], found[0]["text"]) == ("VP per gem set", "VP per gem set: 5"), found[:1]
    found = search.search("how many points for tempura", "zz-gem-market", 3)
    assert found and all(r["game"] == "zz-gem-market" for r in found)
    assert search.search("how to fix a flat tyre", "zz-gem-market") == []


def test_the_new_game_has_a_schema_help_and_a_phone_pad_model(rules):
    from generator.records.record_help import record_help
    from generator.scoring.record.record_schema import record_schema
    from generator.web.form_data import form_data

    schema = record_schema(rules)
    assert "zz-gem-market" in schema["properties"]["game"]["enum"]
    branch = next(b["then"] for b in schema["allOf"] if b["if"]["properties"]["game"]["const"] == "zz-gem-market")
    assert list(branch["properties"]["players"]["items"]["properties"]) == [
        "name",
        "red",
        "green",
        "blue",
        "coins",
        "claimed_total",
    ]
    assert "game: zz-gem-market" in record_help(rules)
    model = form_data(rules)["models"]["zz-gem-market"]["scoring"]
    assert [c["id"] for c in model["components"]] == ["sets_vp", "loose_vp", "coins_vp"]
    assert model["constants"]["set_vp"] == 5  # read from the fact
    assert not model.get("mechanisms")  # a pad with no game-specific widget


def test_the_new_game_builds_its_card_and_score_sheet(folder, tmp_path):
    report = build(
        BuildOptions(
            content_dir=folder / "content",
            out_dir=tmp_path,
            jobs=1,
            only=("zz-gem-market-summary", "zz-gem-market-score-sheet"),
            render=RenderOptions(paper="a4"),
        )
    )
    assert report.ok, [r.error for r in report.results]
    sheet = pikepdf.open(tmp_path / "a4" / "zz-gem-market-score-sheet-fillable.pdf")
    total = next(f for f in sheet.Root.AcroForm.Fields if str(f.T) == "total")
    script = total.Kids[0].AA.C.JS
    text = script.read_bytes().decode() if isinstance(script, pikepdf.Stream) else str(script)
    names = json.loads(text.split("var names = ", 1)[1].split(";", 1)[0])
    assert names == [f"{row}.player_1" for row in ("sets_vp", "loose_vp", "coins_vp", "most_coins", "most_sets")]
    assert (tmp_path / "a4" / "zz-gem-market-summary.pdf").stat().st_size > 1000


def test_new_refuses_an_existing_game_or_a_bad_id(tmp_path):
    (tmp_path / "content" / "taken").mkdir(parents=True)
    with pytest.raises(UsageError, match="exists already"):
        new_game("taken", tmp_path / "content", tmp_path / "examples")
    with pytest.raises(UsageError, match="is not a game id"):
        new_game("Bad Id", tmp_path / "content", tmp_path / "examples")
    result = CliRunner().invoke(cli, ["new", "../escape", "--content", str(tmp_path / "content")])
    assert result.exit_code == 2 and "is not a game id" in result.output
    assert sorted(p.name for p in (tmp_path / "content").iterdir()) == ["taken"]  # nothing half-written


def test_new_from_the_command_line(tmp_path):
    (tmp_path / "content").mkdir()
    result = CliRunner().invoke(
        cli, ["new", "tile-race", "--content", str(tmp_path / "content"), "--title", "Tile Race"]
    )
    assert result.exit_code == 0, result.output
    # the next steps name the folder, which is not the one commands read by default
    assert f"playaid --content {tmp_path / 'content'} score " in result.output
    assert (tmp_path / "examples" / "tile-race.yaml").is_file()
    content = load_content(tmp_path / "content")
    assert list(content.games) == ["tile-race"]


def test_new_writes_into_the_users_folder_by_default(tmp_path, monkeypatch):
    """With no --content, the game goes to ./content of the working folder (made if missing), or
    to $PLAYAID_CONTENT: never into the shipped games' folder, even where no ./content exists."""
    monkeypatch.delenv("PLAYAID_CONTENT", raising=False)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["new", "tile-race"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "content" / "tile-race" / "game.yaml").is_file()
    assert (tmp_path / "examples" / "tile-race.yaml").is_file()
    assert not (PROJECT_ROOT / "content" / "tile-race").exists()
    monkeypatch.setenv("PLAYAID_CONTENT", str(tmp_path / "mine"))
    assert CliRunner().invoke(cli, ["new", "dice-race"]).exit_code == 0
    assert (tmp_path / "mine" / "dice-race" / "scoring.yaml").is_file()


def test_new_into_a_folder_it_cannot_write_is_a_usage_error(tmp_path):
    """A read-only content folder: a located usage error, exit 2, never an internal error."""
    import os
    import stat

    if os.geteuid() == 0:  # root writes anywhere: make the folder's path a file instead
        (tmp_path / "ro").write_text("not a folder")
        target = tmp_path / "ro" / "content"
    else:
        target = tmp_path / "ro"
        target.mkdir()
        target.chmod(stat.S_IRUSR | stat.S_IXUSR)
    result = CliRunner().invoke(cli, ["new", "foo", "--content", str(target)])
    assert result.exit_code == 2, result.output
    assert "internal error" not in result.output and "cannot" in result.output


def test_new_on_a_read_only_file_system_is_a_usage_error(tmp_path, monkeypatch):
    """The folder exists but nothing can be written in it (a read-only mount, as root too)."""
    import errno
    import tempfile

    def read_only(*args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(tempfile, "mkdtemp", read_only)
    (tmp_path / "content").mkdir()
    result = CliRunner().invoke(cli, ["new", "foo", "--content", str(tmp_path / "content")])
    assert result.exit_code == 2, result.output
    assert "cannot write into" in result.output and "Read-only file system" in result.output
    assert "internal error" not in result.output


@pytest.mark.parametrize(
    "edit, where, message",
    [
        (
            ("value: coins // coins_per_vp", "value: coin // coins_per_vp"),
            "components[2].value",
            "component 'coins_vp': unknown name 'coin'",
        ),
        (("most: coins\n", "most: coins / 2\n"), "awards[0].most", "`/` is not allowed"),
        (
            ("    - coins_vp\n", ""),
            "sheet.lines",
            "the sheet leaves out component 'coins_vp', so its Total would not add up to the score",
        ),
        (
            ("expect: most <= gems_per_colour", "expect: most <= gems_per_color"),
            "checks[0].expect",
            "unknown name 'gems_per_color'",
        ),
        (
            ("  coins_per_vp: {fact: coins_per_vp}", "  coins_per_vp: {fact: coins_per_v}"),
            "constants.coins_per_vp.fact",
            "no fact 'coins_per_v' in this game",
        ),
        # issue 22: hostile models end in a located error, never a traceback or a wrong score
        (
            (
                "checks:                        # whole-game checks of a record\n",
                "checks:\n  - {id: too_many_gems, expect: 'True', message: again}\n",
            ),
            "checks[1].id",
            "check 'too_many_gems' is declared twice (first at checks[0])",
        ),
        (("  min: 2\n  max: 5", "  min: 5\n  max: 2"), "players", "min 5 is above max 2"),
        (
            ("  set_vp: {fact: set_vp}", "  set_vp: 1000000000000000000000"),
            "constants.set_vp",
            "constant 'set_vp' is 1,000,000,000,000,000,000,000, past 1,000,000,000,000,000 in size",
        ),
        (
            ("entered:", "mechanisms:\n  tableau: {tableau: [1], cards: 5}\nentered:"),
            "mechanisms.tableau.tableau",
            "mechanism tableau: 'tableau' must be a text",
        ),
        (
            ("entered:", "mechanisms:\n  tableau: {tableau: [1], cards: 5}\nentered:"),
            "mechanisms.tableau.cards",
            "mechanism tableau has no setting 'cards' (use military, military_vs_xenos, quantities, tableau)",
        ),
        (
            ("entered:", "mechanisms:\n  tableau: {quantities: {q: 5}}\nentered:"),
            "mechanisms.tableau.quantities.q",
            "quantity 'q' must be {value: <formula>, label: <text>}",
        ),
        # a formula that goes wrong only past the defaults: the second trial (every value at its highest)
        (
            ("value: coins // coins_per_vp", "value: \"[coins] if coins > 3 else 0\""),
            "components[2].value",
            "a trial score of a record with every value at its highest fails: component 'coins_vp' gives [9999] (a list), "
            "not a whole number",
        ),
        (
            ("most: coins\n", "most: \"'many' if coins > 3 else coins\"\n"),
            "awards[0].most",
            "award 'most_coins' gives 'many' (a text), not a whole number",
        ),
        (
            ("    field: players\n", "    field: players\n    player: \"len(players)\"\n"),
            "checks[0].player",
            "check 'too_many_gems' `player` gives 2, not the index of a player or a list of them (0 to 1",
        ),
        # a default formulas read must be one a record could write: a count's -5 would score a
        # record that leaves it out +10 VP where the rules say -2 per debt, silently
        (
            (
                "{id: coins, label: Coins, type: count, missing: warn}",
                "{id: coins, label: Coins, type: count, default: -5}",
            ),
            "entered[3].default",
            "a count's `default` is a whole number from 0 to 9999",
        ),
        (
            (
                "{id: red, label: Red gems, type: count, max: 99, missing: warn}",
                "{id: red, label: Red gems, type: count, max: 99, default: 100}",
            ),
            "entered[0].default",
            "a count's `default` is a whole number from 0 to 99",
        ),
        (
            (
                "{id: coins, label: Coins, type: count, missing: warn}",
                "{id: coins, label: Coins, type: count, default: \"3\"}",
            ),
            "entered[3].default",
            "(got '3')",
        ),
        (
            (
                "{id: coins, label: Coins, type: count, missing: warn}",
                "{id: coins, label: Coins, type: count}\n  - {id: rich, label: Rich, type: boolean, default: 7}",
            ),
            "entered[4].default",
            "a boolean's `default` is true or false",
        ),
    ],
)
def test_a_scoring_model_mistake_is_a_located_content_error(tmp_path, edit, where, message):
    """A typo in the model is found by `playaid check`, at its file, line and key, never at the table."""
    from generator.errors import ContentError

    new_game("typo-game", tmp_path, tmp_path / "examples")
    scoring = tmp_path / "typo-game" / "scoring.yaml"
    text = scoring.read_text()
    assert edit[0] in text
    scoring.write_text(text.replace(*edit))
    with pytest.raises(ContentError) as caught:
        load_content(tmp_path)
    problems = [str(p) for p in caught.value.problems]
    assert any("typo-game/scoring.yaml:" in p and f": {where}: " in p and message in p for p in problems), problems


def test_a_formula_that_cannot_add_up_is_found_by_check(tmp_path):
    """A formula that compiles but fails on the values (text + number) fails the trial score."""
    from generator.errors import ContentError

    new_game("trial-game", tmp_path, tmp_path / "examples")
    scoring = tmp_path / "trial-game" / "scoring.yaml"
    scoring.write_text(scoring.read_text().replace("value: sets * set_vp", "value: sets * set_vp + name"))
    with pytest.raises(ContentError) as caught:
        load_content(tmp_path)
    assert "a trial score of an empty record fails: component 'sets_vp' for " in str(caught.value)
    assert ": cannot evaluate `sets * set_vp + name`" in str(caught.value)


def test_check_says_every_failing_formula_and_formulas_beside_other_problems(tmp_path):
    """All at once: two formulas that fail the trial score are both said (the first no longer
    hides the second), and a formula with an unknown name is said beside a sheet problem."""
    from generator.errors import ContentError

    new_game("many-game", tmp_path / "content", tmp_path / "examples")
    scoring = tmp_path / "content" / "many-game" / "scoring.yaml"
    original = scoring.read_text()
    scoring.write_text(
        original.replace("value: sets * set_vp", 'value: "[sets]"').replace(
            "value: coins // coins_per_vp", 'value: "str(coins)"'
        )
    )
    with pytest.raises(ContentError) as caught:
        load_content(tmp_path / "content")
    said = [(p.field, p.message) for p in caught.value.problems]
    assert said == [
        (
            "components[0].value",
            "a trial score of an empty record fails: component 'sets_vp' gives [0] (a list), not a whole number",
        ),
        (
            "components[2].value",
            "a trial score of an empty record fails: component 'coins_vp' gives '0' (a text), not a whole number",
        ),
    ]
    scoring.write_text(
        original.replace("value: coins // coins_per_vp", "value: coinz // coins_per_vp").replace(
            "    - coins_vp\n", "    - coin_vp\n"
        )
    )
    with pytest.raises(ContentError) as caught:
        load_content(tmp_path / "content")
    fields = [p.field for p in caught.value.problems]
    assert fields == ["components[2].value", "sheet.lines", "sheet.lines[3]"], caught.value.problems
    assert "unknown name 'coinz'" in caught.value.problems[0].message
    assert "did you mean 'coins'?" in caught.value.problems[0].hint


def test_a_broken_mechanism_setting_beside_a_file_that_failed_to_load_is_no_internal_error(tmp_path):
    """A game with a file that failed to load still has its model's formulas compiled (all at
    once); a mechanism setting of the wrong shape then said once, not an internal TypeError."""
    from generator.errors import ContentError

    new_game("shape-game", tmp_path / "content", tmp_path / "examples")
    game = tmp_path / "content" / "shape-game"
    (game / "facts.yaml").write_text((game / "facts.yaml").read_text() + "  bad: [\n")
    scoring = game / "scoring.yaml"
    scoring.write_text(
        scoring.read_text().replace("entered:", "mechanisms:\n  tableau: {quantities: {q: 5}}\nentered:", 1)
    )
    with pytest.raises(ContentError) as caught:
        load_content(tmp_path / "content")
    said = [(p.file.rsplit("/", 1)[-1], p.field) for p in caught.value.problems]
    assert said == [("facts.yaml", ""), ("scoring.yaml", "mechanisms.tableau.quantities.q")], caught.value.problems


def test_a_formula_that_fails_on_a_records_values_is_said_to_be_a_content_error(tmp_path):
    """A division by a value that is 0 only for some records passes check (an empty record scores)
    but fails at the table: the report names the component, the player, and the scoring.yaml to
    fix, not the record."""
    new_game("trial-game", tmp_path / "content", tmp_path / "examples")
    scoring = tmp_path / "content" / "trial-game" / "scoring.yaml"
    scoring.write_text(scoring.read_text().replace("value: coins // coins_per_vp", "value: coins // (coins - 7)"))
    rules = compile_rules(load_content(tmp_path / "content"))  # check passes: coins 0 divides by -7
    report = score({"game": "trial-game", "players": [{"name": "Ann", "coins": 7}, {"name": "Ben", "coins": 2}]}, rules)
    assert report["ok"] is False
    [error] = report["errors"]
    assert error["message"].startswith(
        "the scoring model cannot score this record: component 'coins_vp' for Ann: "
        "cannot evaluate `coins // (coins - 7)`"
    )
    assert "division by zero" in error["message"]
    assert "a content error, not the record's: fix the formula in trial-game/scoring.yaml" in error["hint"]
