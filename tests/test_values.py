"""`playaid check` verifies content values against the rulebook text they cite, and facts against
their declared types (generator/checks/values.py, rulebook_text.py, fact_types.py).

Each mutation edits one number in a copy of content/ in ``tmp_path`` and asserts the exact
message: the content file, line and field, and the rulebook file and line it disagrees with.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.checks.rulebook_file import open_rulebook
from generator.checks.rulebook_text import numbers_in, sections
from generator.checks.sources import find_seeds_dir
from generator.checks.values import HINT
from generator.cli import cli
from generator.content.fact_types import conformance, parse_type

REPO = Path(__file__).resolve().parents[1]
SEEDS = find_seeds_dir(REPO / "content")
XI, XC, XIA = "001_2033224846664d9b.txt", "000_ac4a4b34259be941.txt", "003_a45cb12c8ae0ae9e.txt"

needs_seeds = pytest.mark.skipif(SEEDS is None, reason="seed rulebook texts not found (set PLAYAID_SEEDS)")


@pytest.fixture
def content(tmp_path, monkeypatch) -> Path:
    """A copy of content/ in tmp_path; cwd is tmp_path so messages name content/..."""
    shutil.copytree(REPO / "content", tmp_path / "content")
    monkeypatch.chdir(tmp_path)
    return tmp_path / "content"


def run(*args: str, seeds: Path | None = SEEDS):
    return CliRunner().invoke(cli, list(args), env={"PLAYAID_SEEDS": str(seeds) if seeds else None})


def edit(path: Path, old: str, new: str, after: str | None = None) -> int:
    """Replace ``old`` (the first occurrence after the line holding ``after``, if given) by
    ``new``; return the 1-based line edited."""
    lines = path.read_text(encoding="utf-8").split("\n")
    start = 0 if after is None else next(i for i, ln in enumerate(lines) if after in ln)
    i = next(i for i in range(start, len(lines)) if old in lines[i])
    lines[i] = lines[i].replace(old, new, 1)
    path.write_text("\n".join(lines), encoding="utf-8")
    return i + 1


def problems(result) -> list[str]:
    return [ln for ln in result.output.splitlines() if ln.startswith("content/")]


# ---------------------------------------------------------------------------------------------
# the shipped content, and the four mutations of issue 10


@needs_seeds
def test_shipped_content_passes_the_value_check():
    result = run("check", str(REPO / "content"))
    assert result.exit_code == 0, result.output
    assert result.stderr == ""


@needs_seeds
def test_wave_1_strength_4_to_5_is_refused_with_the_printed_line(content):
    table = content / "rftg" / "tables" / "invasion-strengths.yaml"
    line = edit(
        table, "strengths: [-1, -1, 0, 0, 1, 1, 1, 2, 2, 3, 4]", "strengths: [-1, -1, 0, 0, 1, 1, 1, 2, 2, 3, 5]"
    )
    result = run("check", "content")
    assert result.exit_code == 1
    assert problems(result) == [
        f"content/rftg/tables/invasion-strengths.yaml:{line}:70: rows[0].strengths[10]: row 1 of table "
        f"'invasion-strengths': 5 differs from the rulebook: {XI}:264 prints 4 there (\"Wave 1 (11 cards) "
        f"-1, -1, 0, 0, 1, 1, 1, 2, 2, 3, 4\"; rulebook {XI}, section 'Xeno Invasion Strengths' (lines "
        f"261-270)) ({HINT})"
    ]


@needs_seeds
def test_satellite_defense_18_to_19_is_refused_with_the_printed_line(content):
    table = content / "rftg" / "tables" / "xeno-system-defenses.yaml"
    line = edit(table, "defenses: [10, 12, 14, 16, 18]", "defenses: [10, 12, 14, 16, 19]")
    result = run("check", "content")
    assert result.exit_code == 1
    assert problems(result) == [
        f"content/rftg/tables/xeno-system-defenses.yaml:{line}:62: rows[0].defenses[4]: row 1 of table "
        f"'xeno-system-defenses': 19 differs from the rulebook: {XC}:330 prints 18 there (\"Xeno Satellite "
        f"worlds 10, 12, 14, 16, 18\"; rulebook {XC}, section 'Xeno System Defense Values and Retaliation "
        f"Attack Strengths (card table)' (lines 327-340)) ({HINT})"
    ]


@needs_seeds
def test_d20_maximum_20_to_21_is_refused_by_quote_and_range(content):
    facts = content / "xia" / "facts" / "solo.yaml"
    line = edit(facts, "value: 20", "value: 21", after="d20_max:")
    result = run("check", "content")
    assert result.exit_code == 1
    assert problems(result) == [
        f"content/xia/facts/solo.yaml:{line}:12: facts.d20_max.value: fact 'd20_max': 21 is not stated by "
        f"its quote \"roll a natural 20 on a d20\" ({XIA}:542), which gives 20 ({HINT})",
        f"content/xia/facts/solo.yaml:{line}:12: facts.d20_max.value: fact 'd20_max': 21 is outside the "
        f"declared range 1..20 (declared type integer, range 1..20) (correct the value or its declared type)",
    ]


@needs_seeds
def test_d20_maximum_as_a_nested_list_is_a_type_error_and_npc_roll_says_so(content):
    facts = content / "xia" / "facts" / "solo.yaml"
    line = edit(facts, "value: 20", "value: [[20]]", after="d20_max:")
    expected = (
        f"content/xia/facts/solo.yaml:{line}:12: facts.d20_max.value: fact 'd20_max': [[20]] is not "
        f"an integer (declared type integer, range 1..20) (correct the value or its declared type)"
    )
    result = run("check", "content")
    assert result.exit_code == 1
    assert problems(result) == [expected]
    # the calculator that reads d20_max gets the same located message, not an internal error
    roll = run("xia", "npc-roll", "--d20", "12", "--content", "content")
    assert roll.exit_code == 1
    assert expected in roll.output
    assert "internal error" not in roll.output


# ---------------------------------------------------------------------------------------------
# quotes, derived values, ordering


@needs_seeds
def test_a_quote_not_in_its_section_names_the_section_lines(content):
    facts = content / "rftg" / "facts-invasion.yaml"
    line = edit(
        facts,
        'quote: "If all players fail to defend twice, the game ends"',
        'quote: "If all players fail to defend three times, the game ends"',
    )
    result = run("check", "content")
    assert result.exit_code == 1
    assert problems(result) == [
        f"content/rftg/facts-invasion.yaml:{line}:12: facts.empire_defeat_failures.quote: fact "
        f"'empire_defeat_failures': quote \"If all players fail to defend three times, the game ends\" is not "
        f"in section 'Resolve Invasions' of rulebook {XI} (lines 139-153) (copy the words exactly as the "
        f"section prints them)"
    ]


@needs_seeds
def test_a_number_word_in_a_quote_states_the_value(content):
    """'Use two wave 1 and two wave 2 cards per player' states 2; 3 is refused."""
    facts = content / "rftg" / "facts-invasion.yaml"
    line = edit(facts, "value: {1: 2, 2: 2}", "value: {1: 2, 2: 3}", after="invasion_deck_per_player:")
    result = run("check", "content")
    assert result.exit_code == 1
    assert (
        f"content/rftg/facts-invasion.yaml:{line}:22: facts.invasion_deck_per_player.value[2]: fact "
        f"'invasion_deck_per_player': 3 is not stated by its quote \"Use two wave 1 and two wave 2 cards "
        f"per player.\" ({XI}:99), which gives 2, 1, 2, 2 ({HINT})"
    ) in problems(result)


@needs_seeds
def test_a_derived_mark_must_name_a_check_that_uses_the_value(content):
    table = content / "rftg" / "tables" / "repulse-conquest.yaml"
    line = edit(table, "derived: conquest-value", "derived: conquest-offset")
    result = run("check", "content")
    assert result.exit_code == 1
    assert problems(result) == [
        f"content/rftg/tables/repulse-conquest.yaml:{line}:61: columns[3].derived: derived: check "
        f"'conquest-offset' does not use .conquest (name the check whose expressions compute or verify "
        f"this value)"
    ]


@needs_seeds
def test_an_unmarked_derived_column_is_looked_up_and_refused(content):
    """The conquest values 55/70/85/100 are sums, not printed: without `derived` they fail."""
    table = content / "rftg" / "tables" / "repulse-conquest.yaml"
    edit(table, ", derived: conquest-value}", "}")
    result = run("check", "content")
    assert result.exit_code == 1
    found = problems(result)
    assert len(found) == 3  # 55, 85 and 100 (70 is printed in the rulebook's example)
    assert all(
        "is not printed in rulebook 000_ac4a4b34259be941.txt, section 'Repulse' (lines 157-175)" in p for p in found
    )
    assert [p.split(": row ")[1].split(" of")[0] for p in found] == ["1", "3", "4"]


@needs_seeds
def test_a_list_out_of_printed_order_is_refused(content):
    table = content / "rftg" / "tables" / "retaliation-strengths.yaml"
    line = edit(table, "strengths: [8, 10, 12]", "strengths: [10, 8, 12]")
    result = run("check", "content")
    assert result.exit_code == 1
    assert problems(result) == [
        f"content/rftg/tables/retaliation-strengths.yaml:{line}:49: rows[1].strengths[0]: row 2 of table "
        f"'retaliation-strengths': 10 differs from the rulebook: {XC}:333 prints 8 there (\"Xeno Retaliation "
        f"[# card icon] 8, 10, 12\"; rulebook {XC}, section 'Xeno System Defense Values and Retaliation "
        f"Attack Strengths (card table)' (lines 327-340)) ({HINT})"
    ]


def test_without_seeds_values_are_not_verified_and_one_note_says_so(content, tmp_path):
    facts = content / "rftg" / "facts-invasion.yaml"
    edit(facts, "value: 40", "value: 41", after="invasion_cards_total:")
    result = run("check", "content", seeds=tmp_path / "nowhere")
    # the cross-check (waves 11 + 11 + 17 + Round 1 = 40) still catches it; the text cannot
    assert result.exit_code == 1
    assert "values (numbers, quotes) were not verified against the rulebooks" in result.stderr
    assert result.stderr.count("note: seed rulebook texts not found") == 1
    assert not [p for p in problems(result) if "rulebook 001_" in p]


# ---------------------------------------------------------------------------------------------
# the pieces


def test_numbers_are_read_as_printed():
    assert numbers_in("Wave 1 (11 cards)\t-1, -1, 0, 0, 1, 2") == [1, 11, -1, -1, 0, 0, 1, 2]
    assert numbers_in("1-10, take the number; 4,000%; left of the −2 space; M+X+3; roll the d20") == [
        1,
        10,
        4000,
        -2,
        3,
    ]
    assert numbers_in("Use two wave 1 and two wave 2 cards", words=True) == [2, 1, 2, 2]
    assert numbers_in("a fifth player; minus 3 for each game; a single roll", words=True) == [5, -3, 1]
    assert numbers_in("a fifth player") == []  # words count only in quotes


@needs_seeds
def test_sections_end_at_the_next_heading_of_their_level():
    xi, xc = open_rulebook(SEEDS, XI), open_rulebook(SEEDS, XC)
    assert [(s.first, s.last) for s in sections(xi, "Xeno Invasion Strengths")] == [(261, 270)]
    # the rules' step 2 (up to step 3a) and the summary card's step 2
    assert [(s.first, s.last) for s in sections(xi, "Check Xeno Repulse")] == [(129, 129), (254, 254)]
    assert [(s.first, s.last) for s in sections(xi, "Resolve Invasions")] == [(139, 153)]
    # the frontier game's, the counterstrike game's, and the summary card's "• Setup:" line
    assert [(s.first, s.last) for s in sections(xc, "Setup")] == [(91, 99), (141, 147), (303, 309)]


def test_fact_types_parse_and_check():
    assert (
        str(parse_type("map[text, {cost: list[integer], defense: list[integer]}]"))
        == "map[text, {cost: list[integer], defense: list[integer]}]"
    )
    with pytest.raises(ValueError, match="unknown type 'int'"):
        parse_type("list[int]")
    with pytest.raises(ValueError, match="map keys are integer or text"):
        parse_type("map[number, integer]")
    assert conformance(20, parse_type("integer"), (1, 20)) == []
    assert conformance(True, parse_type("integer")) == [((), "True is not an integer")]
    assert conformance({2: [1, 3]}, parse_type("map[integer, list[integer]]"), (1, 2)) == [
        ((2, 1), "3 is outside the declared range 1..2")
    ]
    assert conformance({"cost": [1]}, parse_type("{cost: list[integer], defense: list[integer]}")) == [
        ((), "field 'defense' is missing (type {cost: list[integer], defense: list[integer]})")
    ]
