"""What `playaid check` refuses beyond one game's own file (issue 34, item 2): a component that
gives true/false, a record word, aid name or id that two games claim, a text that does not fit
where `build` would print it, and a formula failing on one record located at the formula too.

Each test writes `playaid new` games into ``tmp_path`` and edits them."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import cli
from generator.content.skeleton import new_game


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # problems name files as content/<game>/...


def game(content: Path, game_id: str, edit=None, file: str = "scoring.yaml") -> Path:
    """A `playaid new` game ``game_id`` in ``content``, ``edit(text) -> text`` applied to ``file``."""
    new_game(game_id, content, content.parent / "examples")
    path = content / game_id / file
    if edit is not None:
        path.write_text(edit(path.read_text()))
    return path


def check(content: Path) -> tuple[int, list[str]]:
    """(exit code, problem lines) of `playaid check` over ``content``."""
    result = CliRunner().invoke(cli, ["--content", str(content), "check"])
    assert "Traceback" not in result.output and "internal error" not in result.output, result.output
    return result.exit_code, result.output.splitlines()


def line_of(path: Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if text in line)


@pytest.mark.parametrize("value", ["red > 2", "coins >= 3 and blue > 0", "not coins"])
def test_a_component_giving_true_or_false_is_a_check_error_with_a_hint(tmp_path, value):
    # `red > 2` written for `red * 2` counted as 1 VP without a word
    content = tmp_path / "content"
    scoring = game(content, "gems", lambda t: t.replace("value: coins // coins_per_vp", f"value: {value}", 1))
    code, lines = check(content)
    assert code == 1
    at = line_of(scoring, f"value: {value}")
    problem = next(
        line for line in lines if line.startswith(f"content/gems/scoring.yaml:{at}:") or f"scoring.yaml:{at}:" in line
    )
    assert "components[2].value: a trial score of " in problem
    assert "component 'coins_vp' gives " in problem and "(true or false), not a whole number" in problem
    assert "write `N if <condition> else 0`, or `int(<condition>)`" in problem


def test_a_measure_may_be_a_condition_that_a_component_counts(tmp_path):
    content = tmp_path / "content"
    game(
        content,
        "gems",
        lambda t: t.replace("measures:", "measures:\n  - {id: rich, label: Rich, value: coins >= 9}", 1).replace(
            "value: coins // coins_per_vp", "value: 3 if rich else coins // coins_per_vp", 1
        ),
    )
    code, lines = check(content)
    assert code == 0, lines


def test_a_record_word_claimed_by_two_games_names_both_places(tmp_path):
    # `record: gems` in a second game passed, and every `game: gems` record was then scored by
    # whichever model came last
    content = tmp_path / "content"
    first = game(content, "gems")
    second = game(content, "gems-two", lambda t: t.replace("kind: scoring\n", "kind: scoring\nrecord: gems\n", 1))
    code, lines = check(content)
    assert code == 1
    at = line_of(second, "record: gems")
    assert lines[:-1] == [
        f"content/gems-two/scoring.yaml:{at}:9: record: record word 'gems' is another game's record word too: "
        f"records with `game: gems` would be scored by one of the two models, with its rules, without a word "
        f"(also claimed at content/gems/scoring.yaml:{line_of(first, 'id: gems-scoring')}) "
        f"(give this model its own `record:` word)"
    ]


def test_a_game_id_claimed_by_two_folders_is_said_once(tmp_path):
    content = tmp_path / "content"
    game(content, "gems")
    copy = game(content, "gems-copy", lambda t: t.replace("id: gems-copy\n", "id: gems\n", 1), file="game.yaml")
    code, lines = check(content)
    assert code == 1
    at = line_of(copy, "id: gems")
    # its record word and aids repeat the first game's: the id is the one problem
    assert lines[:-1] == [
        f"content/gems-copy/game.yaml:{at}:5: id: game id 'gems' is the id of another game too "
        f"(also claimed at content/gems/game.yaml:{at}) (give each game folder's game.yaml its own id)"
    ]


def test_an_aid_name_two_games_would_write_is_refused(tmp_path):
    # game `gems` with aid `two-summary` and game `gems-two` with aid `summary` both write
    # gems-two-summary.pdf
    content = tmp_path / "content"
    first = game(content, "gems", lambda t: t.replace("  - id: summary", "  - id: two-summary", 1), file="aids.yaml")
    second = game(content, "gems-two", file="aids.yaml")
    code, lines = check(content)
    assert code == 1
    assert lines[:-1] == [
        f"content/gems-two/aids.yaml:{line_of(second, '- id: summary')}:9: aids[0].id: aid 'summary' of game "
        f"'gems-two' is written as gems-two-summary.pdf, as an aid of another game is (also claimed at "
        f"content/gems/aids.yaml:{line_of(first, '- id: two-summary')}) (give one of the two aids another id)"
    ]


def test_a_formula_failing_on_one_record_is_located_at_the_formula_too(tmp_path):
    # `100 // (red - 3)` passes check (its trials have red 0 and 99), then fails for `red: 3`:
    # `score` said the record's line only, and "fix the formula in gems/scoring.yaml"
    import json

    content = tmp_path / "content"
    scoring = game(content, "gems", lambda t: t.replace("value: coins // coins_per_vp", "value: 100 // (red - 3)", 1))
    record = tmp_path / "examples" / "gems.yaml"
    record.write_text(
        "game: gems\nplayers:\n  - {name: Ann, red: 3, green: 2, blue: 2, coins: 7}\n"
        "  - {name: Ben, red: 1, green: 4, blue: 1, coins: 7}\n"
    )
    assert check(content)[0] == 0
    result = CliRunner().invoke(cli, ["--content", str(content), "score", "--json", str(record)])
    assert result.exit_code == 2
    (error,) = json.loads(result.output)["errors"]
    at = f"content/gems/scoring.yaml:{line_of(scoring, 'value: 100 // (red - 3)')}:12: components[2].value"
    assert error["formula"] == at
    assert error["message"] == (
        "the scoring model cannot score this record: component 'coins_vp' for Ann: "
        "cannot evaluate `100 // (red - 3)`: division by zero"
    )
    assert error["hint"].startswith(f"a content error, not the record's: fix the formula at {at} ")
    assert (error["file"], error["line"]) == (str(record), 1)


# --- what `build` would refuse for want of room: found by `check`, at the content line ---------

LONG_LABEL = (
    "Gem sets counted for each complete trio of red, green and blue gems that a player holds when the game ends"
)
LONG_WORD = "Supercalifragilisticexpialidociouslyextraordinarilylongword"


def test_a_sheet_label_too_wide_for_the_sheet_is_a_check_error_at_its_label(tmp_path):
    # it passed check, then the build failed on "content/gems/scoring.yaml: row 'sets_vp'" without a line
    content = tmp_path / "content"
    scoring = game(
        content,
        "gems",
        lambda t: t.replace("  - id: sets_vp\n    label: Gem sets\n", f"  - id: sets_vp\n    label: {LONG_LABEL}\n", 1),
    )
    code, lines = check(content)
    assert code == 1
    at = line_of(scoring, LONG_LABEL)
    assert lines[:-1] == [
        f"content/gems/scoring.yaml:{at}:12: components[0].label: aid 'score-sheet' on A4 and US Letter: "
        f"row 'sets_vp': label '{LONG_LABEL}' is wider than its 57.0 mm label column at 6 pt "
        f"(shorten the text, or move words into the help text)"
    ]


def test_a_sheet_lines_own_label_is_located_there(tmp_path):
    content = tmp_path / "content"
    scoring = game(
        content, "gems", lambda t: t.replace("    - sets_vp\n", f"    - {{id: sets_vp, label: \"{LONG_LABEL}\"}}\n", 1)
    )
    code, lines = check(content)
    assert code == 1 and len(lines) == 2
    assert lines[0].startswith(f"content/gems/scoring.yaml:{line_of(scoring, LONG_LABEL)}:")
    assert ": sheet.lines[1].label: aid 'score-sheet' on A4 and US Letter: row 'sets_vp': label " in lines[0]


def test_a_word_wider_than_a_card_is_a_check_error_at_its_rules_line(tmp_path):
    # it passed check, then the build failed on "face 'front': '...' is wider than its line" without a file
    content = tmp_path / "content"
    rules = game(
        content,
        "gems",
        lambda t: t.replace("1 VP per 3 coins,", f"1 VP per 3 coins, {LONG_WORD}", 1),
        file="rules.yaml",
    )
    code, lines = check(content)
    assert code == 1
    at = line_of(rules, LONG_WORD)
    assert lines[:-1] == [
        f"content/gems/rules.yaml:{at}:9: sections[0].items[2]: '{LONG_WORD}' is wider than the 57.5 mm inside "
        f"the safe area of aid 'summary' (63.5 mm wide) at 7 pt: the build cannot fit it on its line "
        f"(shorten the word, or write a soft hyphen (\\u00ad) or a space where it may break)"
    ]
    rules.write_text(rules.read_text().replace(LONG_WORD, LONG_WORD[:30] + "\u00ad" + LONG_WORD[30:]))
    assert check(content)[0] == 0  # a soft hyphen lets it break
