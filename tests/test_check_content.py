"""`playaid check` on the Race for the Galaxy Xeno Wars content: it passes on the shipped content
and fails, naming the right file, line and field, on broken copies.

Broken copies hold only the files of content/rftg that this content owns (game.yaml, rules,
tables, facts, checks), copied into ``tmp_path``, so a problem elsewhere in the tree cannot mask
or cause a failure here. Expected line numbers are found in the copied text itself (the line that
was edited), so each assertion pins the exact ``file:line:column`` the loader must report.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.checks.sources import find_seeds_dir
from generator.checks.values import HINT
from generator.cli import cli
from tests.shipped_content import shipped_games

REPO = Path(__file__).resolve().parents[1]
CONTENT = REPO / "content"
SEEDS = find_seeds_dir(CONTENT)  # the same folder the loader finds for the real content
TABLES = (
    "invasion-strengths",
    "invasion-deck",
    "repulse-conquest",
    "defense-awards",
    "vp-pool",
    "frontier-tiles",
    "xeno-system-defenses",
    "retaliation-strengths",
    "xeno-systems-in-play",
)
OWNED = (
    "game.yaml",
    *(f"tables/{t}.yaml" for t in TABLES),
    "facts-invasion.yaml",
    "facts-frontier.yaml",
    "facts-counterstrike.yaml",
    "checks-invasion.yaml",
    "checks-frontier.yaml",
    "checks-counterstrike.yaml",
    "rules/invasion-game.yaml",
    "rules/invasion-summary.yaml",
    "rules/frontier-game.yaml",
    "rules/counterstrike-game.yaml",
    "rules/counterstrike-summary.yaml",
    "rules/xi-card-powers.yaml",
    "rules/xc-card-powers.yaml",
)


#: Tests whose result depends on the rulebook texts (section headings). CI has the seeds; a fresh
#: clone outside the workspace may not, and then these tests are skipped, never failed.
needs_seeds = pytest.mark.skipif(
    SEEDS is None,
    reason="seed rulebook texts not found (set PLAYAID_SEEDS to the seeds folder to verify section headings)",
)


def run_check(*args: str):
    """Invoke `playaid check ARGS` in-process with the seed rulebooks available (when found)."""
    return CliRunner().invoke(cli, ["check", *args], env={"PLAYAID_SEEDS": str(SEEDS) if SEEDS else None})


@pytest.fixture
def rftg(tmp_path, monkeypatch) -> Path:
    """A copy of the owned Xeno Wars files in tmp_path/content/rftg; cwd is tmp_path so that
    messages name files as content/rftg/..."""
    src = CONTENT / "rftg"
    dst = tmp_path / "content" / "rftg"
    dst.mkdir(parents=True)
    for name in OWNED:
        if (src / name).is_dir():
            shutil.copytree(src / name, dst / name)
        else:
            (dst / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(src / name, dst / name)
    monkeypatch.chdir(tmp_path)
    return dst


def edit(path: Path, old: str, new: str) -> int:
    """Replace the one line containing ``old`` by that line with ``old`` -> ``new``.

    Returns the 1-based number of the edited line; fails if ``old`` is not on exactly one line.
    """
    lines = path.read_text(encoding="utf-8").split("\n")
    hits = [i for i, line in enumerate(lines) if old in line]
    assert len(hits) == 1, f"{old!r} is on {len(hits)} lines of {path}"
    lines[hits[0]] = lines[hits[0]].replace(old, new)
    path.write_text("\n".join(lines), encoding="utf-8")
    return hits[0] + 1


def line_of(path: Path, text: str) -> int:
    """1-based number of the one line of ``path`` that contains ``text``."""
    hits = [i + 1 for i, line in enumerate(path.read_text(encoding="utf-8").split("\n")) if text in line]
    assert len(hits) == 1, f"{text!r} is on {len(hits)} lines of {path}"
    return hits[0]


def problem_lines(result) -> list[str]:
    return [line for line in result.output.splitlines() if line.startswith("content/")]


# ---------------------------------------------------------------------------------------------
# passing content


@needs_seeds
def test_shipped_content_passes():
    result = run_check(str(CONTENT))
    assert result.exit_code == 0, result.output
    assert result.stderr == ""  # the seeds were found: no note
    lines = result.stdout.splitlines()
    games = [line.split(":")[0] for line in lines]
    assert games == shipped_games() and {"rftg", "xia"} <= set(games)
    ours = [line for line in lines if line.split(":")[0] in ("rftg", "xia")]  # a contributor's game may be smaller
    assert all(
        re.fullmatch(
            r"[a-z]+: ok — \d+ rules documents \(\d+ sections, \d+ rulings\), "
            r"\d+ tables, .*\d+ checks passed.*, \d+ aids.*",
            line,
        )
        for line in ours
    ), lines
    assert all(": ok — " in line for line in lines), lines


def test_owned_copy_passes_with_every_document(rftg):
    result = run_check("content")
    assert result.exit_code == 0, result.output
    # 63 values cite a rulebook section: 47 facts and table cells holding numbers
    verified = (
        "63 values verified against rulebook text, 0 unverified"
        if SEEDS
        else "0 values verified against rulebook text, 63 unverified (rulebook text not found)"
    )
    assert result.stdout == (
        "rftg: ok — 7 rules documents (55 sections, 15 rulings), 9 tables, "
        f"3 fact files (47 facts), 35 checks passed; {verified}\n"
    )


def test_without_rulebook_texts_the_summary_says_what_was_not_verified(rftg, tmp_path):
    """A clone has no rulebook texts: the changed number passes (nothing to compare it with) but
    the summary counts it as unverified, and --strict makes that an error."""
    facts = rftg / "facts-invasion.yaml"
    text = facts.read_text(encoding="utf-8")
    rounds = "  first_invasion_round:\n    label: First round with an invasion step\n    value: 3\n"
    assert rounds in text  # rulebook: "an invasion step takes place on rounds 3+"
    facts.write_text(text.replace(rounds, rounds.replace("value: 3", "value: 4")), encoding="utf-8")
    env = {"PLAYAID_SEEDS": str(tmp_path / "no-seeds")}
    result = CliRunner().invoke(cli, ["check", "content"], env=env)
    assert result.exit_code == 0, result.output
    assert result.stdout.endswith(
        "; 0 values verified against rulebook text, 63 unverified (rulebook text not found)\n"
    )
    assert result.stderr.startswith("note: seed rulebook texts not found (PLAYAID_SEEDS is not a folder: ")
    strict = CliRunner().invoke(cli, ["check", "--strict", "content"], env=env)
    assert strict.exit_code == 1
    assert strict.stderr.splitlines()[-1] == (
        "error: --strict: 63 values were not verified because the rulebook texts they cite were not "
        "found (set PLAYAID_SEEDS to the folder holding the rulebook .txt files named in game.yaml)"
    )


@needs_seeds
def test_strict_passes_with_the_rulebook_texts(rftg):
    result = run_check("--strict", "content")
    assert result.exit_code == 0, result.output
    assert result.stdout.endswith("; 63 values verified against rulebook text, 0 unverified\n")


# ---------------------------------------------------------------------------------------------
# broken YAML / schema / sources


def test_duplicate_key(rftg):
    facts = rftg / "facts-invasion.yaml"
    first = line_of(facts, "    value: 40")
    edit(facts, "    value: 40", "    value: 40\n    value: 41")
    result = run_check("content")
    assert result.exit_code == 1
    assert problem_lines(result) == [
        f"content/rftg/facts-invasion.yaml:{first + 1}:5: facts.invasion_cards_total.value: "
        f"duplicate key 'value' (first defined on line {first}) (remove one of the two or rename it)"
    ]


def test_unknown_field(rftg):
    rules = rftg / "rules" / "invasion-game.yaml"
    line = edit(rules, "    reason: The Xenos attack, and attackers", "    reasons: The Xenos attack, and attackers")
    result = run_check("content")
    assert result.exit_code == 1
    assert (
        f"content/rftg/rules/invasion-game.yaml:{line}:5: rulings[3].reasons: unknown field "
        f"'reasons' (did you mean 'reason'?)"
    ) in problem_lines(result)


def test_missing_source_on_a_table(rftg):
    table = rftg / "tables" / "frontier-tiles.yaml"
    edit(table, 'source: "xc: Setup"', "")
    near = line_of(table, "{deck: Near,")
    far = line_of(table, "{deck: Far,")
    result = run_check("content")
    assert result.exit_code == 1
    hint = "(add `source: '<rulebook id>: <section heading>'` here or on its section/table)"
    assert problem_lines(result) == [
        f"content/rftg/tables/frontier-tiles.yaml:{near}:5: rows[0]: this fact has no source {hint}",
        f"content/rftg/tables/frontier-tiles.yaml:{far}:5: rows[1]: this fact has no source {hint}",
    ]


def test_missing_source_on_a_fact(rftg):
    facts = rftg / "facts-counterstrike.yaml"
    name = line_of(facts, "  hive_attack_minimum:")
    text = facts.read_text(encoding="utf-8").split("\n")
    assert text[name + 3] == '    source: "xc: Xeno Conquest"'  # label, value, type, source
    del text[name + 3]
    facts.write_text("\n".join(text), encoding="utf-8")
    result = run_check("content")
    assert result.exit_code == 1
    # the fact's mapping starts on its first field (label), the line after its name
    assert problem_lines(result) == [
        f"content/rftg/facts-counterstrike.yaml:{name + 1}:5: facts.hive_attack_minimum.source: "
        f"required field 'source' is missing (add it)"
    ]


@needs_seeds
def test_source_heading_not_in_rulebook(rftg):
    """A bad table source is reported once, where it is written, not at every row and note."""
    table = rftg / "tables" / "invasion-deck.yaml"
    line = edit(table, 'source: "xi: Setup"', 'source: "xi: Set-up"')
    result = run_check("content")
    assert result.exit_code == 1
    assert problem_lines(result) == [
        f"content/rftg/tables/invasion-deck.yaml:{line}:9: source: section 'Set-up' not found "
        f"in rulebook 001_2033224846664d9b.txt (did you mean 'Setup'? copy the section heading exactly as the "
        f"rulebook prints it)"
    ]


@needs_seeds
def test_a_part_not_in_its_rulebook_is_reported_where_it_is_written(rftg):
    """A document's ``part`` (where its repeated headings stand) is a source like any other: a
    heading the rulebook does not print is an error at its line (rules and facts documents)."""
    rules = rftg / "rules" / "counterstrike-game.yaml"
    facts = rftg / "facts-frontier.yaml"
    line = edit(rules, 'part: "xc: Counterstrike Game"', 'part: "xc: Counterstrike Gaem"')
    fline = edit(facts, 'part: "xc: Frontier Game"', 'part: "xc: Frontier Gmae"')
    result = run_check("content")
    assert result.exit_code == 1
    found = problem_lines(result)
    assert any(
        p.startswith(
            f"content/rftg/rules/counterstrike-game.yaml:{line}:7: part: section "
            "'Counterstrike Gaem' not found in rulebook"
        )
        for p in found
    ), found
    assert any(
        p.startswith(f"content/rftg/facts-frontier.yaml:{fline}:7: part: section 'Frontier Gmae' not found")
        for p in found
    ), found


def test_check_of_a_file_asks_for_the_content_folder(rftg):
    result = run_check("content/rftg/game.yaml")
    assert result.exit_code == 2  # a usage error
    assert result.stderr.splitlines()[-1] == (
        "Error: Invalid value for CONTENT_DIR: content/rftg/game.yaml: this is a file, not a content "
        "folder (pass the content folder that holds one sub-folder per game, e.g. `playaid check content`)"
    )


# ---------------------------------------------------------------------------------------------
# broken numbers caught by the content's cross-checks


def test_wave_of_wrong_size(rftg):
    table = rftg / "tables" / "invasion-strengths.yaml"
    row = edit(table, "strengths: [0, 0, 1, 1, 2, 2, 3, 4, 5, 6, 7]", "strengths: [0, 0, 1, 1, 2, 2, 3, 4, 5, 6]")
    checks = rftg / "checks-invasion.yaml"
    fact = line_of(rftg / "facts-invasion.yaml", "  invasion_wave_sizes:")
    result = run_check("content")
    assert result.exit_code == 1
    assert problem_lines(result) == [
        f"content/rftg/checks-invasion.yaml:{line_of(checks, '- id: wave-sizes')}:5: checks[1]: "
        f"check 'wave-sizes' failed for row (wave=2, cards=11) at content/rftg/tables/invasion-strengths.yaml:{row}: "
        f"each wave has as many invasion strengths as the Setup rules give it cards (11/11/17): "
        f"`len(row.strengths)` is 10 but `facts.invasion_wave_sizes[row.wave]` is 11 "
        f"[fact invasion_wave_sizes at content/rftg/facts-invasion.yaml:{fact}] "
        f"(correct the content value that is wrong)",
        f"content/rftg/checks-invasion.yaml:{line_of(checks, '- id: wave-card-column')}:5: checks[2]: "
        f"check 'wave-card-column' failed for row (wave=2, cards=11) at content/rftg/tables/invasion-strengths.yaml:{row}: "
        f"the Cards column of the strengths table counts its strengths: "
        f"`row.cards` is 11 but `len(row.strengths)` is 10 (correct the content value that is wrong)",
    ]


def test_wrong_conquest_offset_fact(rftg):
    facts = rftg / "facts-counterstrike.yaml"
    edit(facts, "{2: 33, 3: 42, 4: 52, 5: 61}", "{2: 33, 3: 43, 4: 52, 5: 61}")
    fact = line_of(facts, "  conquest_offsets:")
    checks = rftg / "checks-counterstrike.yaml"
    row = line_of(rftg / "tables" / "repulse-conquest.yaml", "{players: 3,")
    result = run_check("content")
    assert result.exit_code == 1
    lines = problem_lines(result)
    assert len(lines) == (3 if SEEDS else 2)
    # the value itself disagrees with the rulebook's "add 33, 42, 52, or 61" (its quote): seeds only
    assert not SEEDS or lines.pop() == (
        f"content/rftg/facts-counterstrike.yaml:{line_of(facts, '3: 43')}:23: facts.conquest_offsets.value[3]: "
        f"fact 'conquest_offsets': 43 is not stated by its quote \"Either add 33, 42, 52, or 61, for "
        f"2-5 player games respectively\" (000_ac4a4b34259be941.txt:167), which gives 33, 42, 52, 61, 2, 5 "
        f"({HINT})"
    )
    assert lines[0] == (
        f"content/rftg/checks-counterstrike.yaml:{line_of(checks, '- id: conquest-offset')}:5: checks[1]: "
        f"check 'conquest-offset' failed for row (players=3, repulse=28, offset=42) at "
        f"content/rftg/tables/repulse-conquest.yaml:{row}: the offset column agrees with the conquest "
        f"offsets 33/42/52/61 for 2-5 players: `row.offset` is 42 but "
        f"`facts.conquest_offsets[row.players]` is 43 [fact conquest_offsets at "
        f"content/rftg/facts-counterstrike.yaml:{fact}] (correct the content value that is wrong)"
    )
    # the rulebook's worked example (17 + 42 = 59 = 70 - 11) catches it independently
    assert lines[1].startswith(
        f"content/rftg/checks-counterstrike.yaml:{line_of(checks, '- id: conquest-example')}:5: checks[4]: "
        f"check 'conquest-example' failed: "
    )
    assert "is [17, 60, 59, [70], 28] but" in lines[1] and "is [17, 59, 59, [70], 28] [" in lines[1]


def test_wrong_conquest_offset_in_table(rftg):
    table = rftg / "tables" / "repulse-conquest.yaml"
    row = edit(
        table,
        "{players: 3, repulse: 28, offset: 42, conquest: 70}",
        "{players: 3, repulse: 28, offset: 41, conquest: 70}",
    )
    checks = rftg / "checks-counterstrike.yaml"
    result = run_check("content")
    assert result.exit_code == 1
    lines = problem_lines(result)
    assert not SEEDS or lines.pop() == (  # the value check needs the rulebook text
        f"content/rftg/tables/repulse-conquest.yaml:{row}:39: rows[1].offset: row 2 of table "
        f"'repulse-conquest': 41 is not printed in rulebook 000_ac4a4b34259be941.txt, section 'Repulse' "
        f"(lines 157-175) ({HINT})"
    )
    assert [ln.split(": check ")[0] for ln in lines] == [
        f"content/rftg/checks-counterstrike.yaml:{line_of(checks, '- id: conquest-offset')}:5: checks[1]",
        f"content/rftg/checks-counterstrike.yaml:{line_of(checks, '- id: conquest-value')}:5: checks[2]",
    ]
    assert f"at content/rftg/tables/repulse-conquest.yaml:{row}: " in lines[0]
    assert "`row.offset` is 41 but `facts.conquest_offsets[row.players]` is 42" in lines[0]
    assert "`row.conquest` is 70 but `row.repulse + row.offset` is 69" in lines[1]


#: Typos on the table side: (file, old text, new text, [(failing check id, row marker or None)]).
#: The row marker is text on the table row that the failure must name (file:line), None for a
#: check without rows. Each typo fails only its own checks, so one broken copy tests them all.
TABLE_TYPOS = [
    # invasion deck: 2 wave 1 + 2 wave 2 per player; 2-player experienced 2 + 2
    (
        "tables/invasion-deck.yaml",
        "{players: 3, wave_1: 6,",
        "{players: 3, wave_1: 7,",
        [("deck-waves-1-2", "{players: 3,"), ("deck-total", "{players: 3,")],
    ),
    (
        "tables/invasion-deck.yaml",
        '{players: "2 exp.", wave_1: 2, wave_2: 2, wave_3: 17, round_1: 1, total: 22',
        '{players: "2 exp.", wave_1: 2, wave_2: 4, wave_3: 17, round_1: 1, total: 24',
        [("deck-2p-experienced", '{players: "2 exp.",')],
    ),
    # retaliation: 3 + 3 + 5 = 11, dealt M+X+#, #, M+#
    (
        "tables/retaliation-strengths.yaml",
        "[M+X+2, M+X+3, M+X+4, M+X+5, M+X+6]",
        "[M+X+2, M+X+3, M+X+4, M+X+5]",
        [("retaliation-card-counts", '{card: "M+X+#",')],
    ),
    (
        "tables/retaliation-strengths.yaml",
        '{card: "#", cards: 3, dealt: 2,',
        '{card: "#", cards: 3, dealt: 3,',
        [("retaliation-order", None)],
    ),
    # Xeno systems in play: one Satellite and one Hive fewer per player below 5
    (
        "tables/xeno-systems-in-play.yaml",
        "{players: 3, satellites: 3, hives: 3, total: 6}",
        "{players: 3, satellites: 3, hives: 4, total: 7}",
        [("xeno-systems-in-play", "{players: 3,"), ("xeno-systems-per-player", "{players: 3,")],
    ),
    # VP pool totals, frontier tile ranges, repulse values, defense awards
    (
        "tables/vp-pool.yaml",
        "p2: 60, p3: 90, p4: 120",
        "p2: 60, p3: 90, p4: 110",
        [("vp-pool-totals", "{game: Counterstrike,")],
    ),
    (
        "tables/frontier-tiles.yaml",
        'cost: "5-9", defense: "6-10"',
        'cost: "5-9", defense: "6-11"',
        [("frontier-tiles", "{deck: Far,")],
    ),
    (
        "tables/repulse-conquest.yaml",
        "{players: 4, repulse: 33,",
        "{players: 4, repulse: 34,",
        [("repulse-values", "{players: 4,"), ("conquest-value", "{players: 4,")],
    ),
    (
        "tables/defense-awards.yaml",
        "{players: 4, first: 1, second: 1, third: 1, fourth: 2,",
        "{players: 4, first: 1, second: 1, third: 2, fourth: 2,",
        [("defense-awards", "{players: 4,")],
    ),
]

#: The same numbers broken on the facts side; the failures name the table rows they disagree with.
FACT_TYPOS = [
    (
        "facts-invasion.yaml",
        "value: {1: 2, 2: 2}\n    type: map[integer, integer]\n    unit: cards per player",
        "value: {1: 2, 2: 3}\n    type: map[integer, integer]\n    unit: cards per player",
        [("deck-waves-1-2", f"{{players: {n},") for n in (2, 3, 4, 5)],
    ),
    (
        "facts-counterstrike.yaml",
        'value: {"M+#": 3, "#": 3, "M+X+#": 5}',
        'value: {"M+#": 3, "#": 4, "M+X+#": 5}',
        [("retaliation-card-counts", '{card: "#",'), ("retaliation-total", None)],
    ),
    (
        "facts-counterstrike.yaml",
        "value: {Satellite: 5, Hive: 5}",
        "value: {Satellite: 5, Hive: 6}",
        [("xeno-system-counts", "{system: Hive,"), ("xeno-system-total", None)]
        + [("xeno-systems-in-play", f"{{players: {n},") for n in (2, 3, 4, 5)],
    ),
    (
        "facts-frontier.yaml",
        "    value: 15\n    type: integer\n    unit: VP per player",
        "    value: 16\n    type: integer\n    unit: VP per player",
        [("vp-pool-frontier", "{game: Frontier,")],
    ),
    ("facts-frontier.yaml", "Near: {cost: [1, 5]", "Near: {cost: [1, 6]", [("frontier-tiles", "{deck: Near,")]),
    (
        "facts-invasion.yaml",
        "5: [1, 1, 1, 2, 2]}",
        "5: [1, 1, 2, 1, 2]}",
        [("defense-awards", "{players: 5,"), ("defense-awards-shape", None)],
    ),
]


@pytest.mark.parametrize("typos", [TABLE_TYPOS, FACT_TYPOS], ids=["tables", "facts"])
def test_each_typo_fails_its_own_checks(rftg, typos):
    expected = set()
    for file, old, new, _failing in typos:
        path = rftg / file
        text = path.read_text(encoding="utf-8")
        assert text.count(old) == 1, f"{old!r} must occur once in {file}"
        path.write_text(text.replace(old, new), encoding="utf-8")
    for _file, _old, _new, failing in typos:
        for check_id, marker in failing:
            where = None
            if marker is not None:
                table = rftg / "tables" / f"{_CHECK_TABLE[check_id]}.yaml"
                where = f"content/rftg/tables/{table.name}:{line_of(table, marker)}"
            expected.add((check_id, where))
    result = run_check("content")
    assert result.exit_code == 1, result.output
    found = set()
    for line in problem_lines(result):
        if ": check '" not in line:
            continue  # a value the rulebook text disagrees with (tested in test_values.py)
        check_id = line.split("check '")[1].split("'")[0]
        at = re.search(r" at (content/rftg/tables/[a-z0-9-]+\.yaml:\d+): ", line)
        where = at.group(1) if at else None
        found.add((check_id, where))
    assert found == expected, result.output


#: The table each row-wise check iterates over (by file stem).
_CHECK_TABLE = {
    "deck-waves-1-2": "invasion-deck",
    "deck-total": "invasion-deck",
    "deck-2p-experienced": "invasion-deck",
    "retaliation-card-counts": "retaliation-strengths",
    "xeno-systems-in-play": "xeno-systems-in-play",
    "xeno-systems-per-player": "xeno-systems-in-play",
    "vp-pool-totals": "vp-pool",
    "vp-pool-frontier": "vp-pool",
    "frontier-tiles": "frontier-tiles",
    "repulse-values": "repulse-conquest",
    "conquest-value": "repulse-conquest",
    "defense-awards": "defense-awards",
    "xeno-system-counts": "xeno-system-defenses",
}


# ---------------------------------------------------------------------------------------------
# usage


def test_unknown_option_is_a_usage_error(rftg):
    result = run_check("content", "--bogus")
    assert result.exit_code == 2
    assert "No such option" in result.output and "--bogus" in result.output


def test_missing_content_folder(rftg):
    result = run_check("no-such-folder")
    assert result.exit_code == 2  # a usage error
    assert result.output.splitlines()[-1] == (
        "Error: Invalid value for CONTENT_DIR: no-such-folder: content folder not found (pass the "
        "folder that holds one sub-folder per game)"
    )


def test_frontier_ranges_checked_against_the_card_database(rftg):
    """With the card database present, a Frontier tile range typo also fails on the cards that
    fall outside it (Far non-military worlds cost up to 9)."""
    shutil.copytree(CONTENT / "rftg" / "cards", rftg / "cards")
    assert run_check("content").exit_code == 0
    facts = rftg / "facts-frontier.yaml"
    edit(facts, "Far: {cost: [5, 9]", "Far: {cost: [5, 8]")
    result = run_check("content")
    assert result.exit_code == 1
    lines = [line for line in problem_lines(result) if ": check '" in line]
    ids = [line.split("check '")[1].split("'")[0] for line in lines]
    assert ids[0] == "frontier-tiles" and set(ids[1:]) == {"frontier-cards-in-tile-ranges"}
    assert len(ids) >= 2
    assert all(" at content/rftg/cards/xc.yaml:" in line and "type='world'" in line for line in lines[1:])


def test_scoring_names_a_missing_systems_table(tmp_path, monkeypatch):
    """The counterstrike variant reads the Xeno systems in play from a table it names: a wrong id
    is located in scoring.yaml with the tables that exist."""
    shutil.copytree(CONTENT / "rftg", tmp_path / "content" / "rftg")
    monkeypatch.chdir(tmp_path)
    scoring = tmp_path / "content" / "rftg" / "scoring.yaml"
    line = edit(
        scoring, "xeno_systems_in_play: {table: xeno-systems-in-play}", "xeno_systems_in_play: {table: xeno-systems}"
    )
    result = run_check("content")
    assert result.exit_code == 1
    [problem] = problem_lines(result)
    assert problem.startswith(
        f"content/rftg/scoring.yaml:{line}:37: variants[3].constants.xeno_systems_in_play.table: "
        f"no table 'xeno-systems' in this game (use one of: defense-awards, "
    )


def _one_scoring_problem(tmp_path, monkeypatch, old: str, new: str, marker: str) -> tuple[int, int, str]:
    """(line, column of ``marker``, the one problem `playaid check` reports) for a copy of the
    RftG content whose scoring.yaml has ``old`` replaced by ``new``."""
    shutil.copytree(CONTENT / "rftg", tmp_path / "content" / "rftg")
    monkeypatch.chdir(tmp_path)
    scoring = tmp_path / "content" / "rftg" / "scoring.yaml"
    line = edit(scoring, old, new)
    column = scoring.read_text(encoding="utf-8").split("\n")[line - 1].index(marker) + 1
    result = run_check("content")
    assert result.exit_code == 1
    [problem] = problem_lines(result)
    return line, column, problem


def test_scoring_locates_a_tableau_quantity_error_at_its_column(tmp_path, monkeypatch):
    """A mechanism's formula error keeps its column as a field (not only in its message's
    "(at column N)", which check no longer reads): file:line:column points at the character."""
    line, column, problem = _one_scoring_problem(
        tmp_path,
        monkeypatch,
        'vp_chips: {value: "chips + war_contribution_chips"',
        'vp_chips: {value: "chips + (war_contribution_chips"',
        "(war_",
    )
    assert problem == (
        f"content/rftg/scoring.yaml:{line}:{column}: mechanisms.tableau.quantities.vp_chips.value: mechanism "
        f"tableau quantity 'vp_chips': not an expression: '(' was never closed (fix the formula or the names it reads)"
    )


def test_scoring_finds_a_misspelt_name_in_a_tableau_quantity(tmp_path, monkeypatch):
    """A tableau quantity naming something a player does not have is a content error, located,
    with a did-you-mean (it used to pass check and fail at the table, when a card counted it)."""
    line, column, problem = _one_scoring_problem(
        tmp_path,
        monkeypatch,
        'vp_chips: {value: "chips + war_contribution_chips"',
        'vp_chips: {value: "chips + war_contrib"',
        "war_contrib",
    )
    assert problem.startswith(
        f"content/rftg/scoring.yaml:{line}:{column}: mechanisms.tableau.quantities.vp_chips.value: "
        f"mechanism tableau quantity 'vp_chips': unknown name 'war_contrib'"
    )
    assert "(did you mean 'war_contribution_chips'" in problem


def test_scoring_locates_a_misspelt_field_found_by_the_trial_score(tmp_path, monkeypatch):
    """A player's field misspelt in a whole-game check (`p.chps`) compiles (any field may be
    read) and fails in the trial score: located at the field itself, with a did-you-mean."""
    line, column, problem = _one_scoring_problem(
        tmp_path, monkeypatch, "handed: sum(p.chips + ", "handed: sum(p.chps + ", "p.chps"
    )
    assert problem.startswith(
        f"content/rftg/scoring.yaml:{line}:{column}: checks[0].values.handed: a trial score "
        f"of an empty record (variant standard) fails: check 'vp_pool_not_empty' value "
        f"'handed': no field 'chps' (has: "
    )
    assert problem.endswith(
        "(did you mean 'chips' or 'chips_vp'? fix the formula: it must work when every value is its default)"
    )


def test_scoring_suggests_the_function_meant(tmp_path, monkeypatch):
    """An unknown function in a formula gets a did-you-mean from the functions allowed."""
    line, column, problem = _one_scoring_problem(
        tmp_path, monkeypatch, "handed: sum(p.chips", "handed: summ(p.chips", "summ("
    )
    assert problem.startswith(
        f"content/rftg/scoring.yaml:{line}:{column}: checks[0].values.handed: check "
        f"'vp_pool_not_empty' value 'handed': unknown function 'summ' (functions: abs, "
    )
    assert problem.endswith(" sum, tuple) (did you mean 'sum'? fix the formula or the names it reads)")


@needs_seeds
def test_a_misspelt_section_gets_the_headings_meant(tmp_path, monkeypatch):
    """A source naming a section the rulebook does not print gets the closest headings, as
    printed (a whole heading line or a run-in heading), before how to fix it."""
    shutil.copytree(CONTENT / "rftg", tmp_path / "content" / "rftg")
    monkeypatch.chdir(tmp_path)
    scoring = tmp_path / "content" / "rftg" / "scoring.yaml"
    line = edit(scoring, 'source: "xc: Frontier Game"   #', 'source: "xc: Fronteir Game"   #')
    result = run_check("content")
    assert result.exit_code == 1
    [problem] = problem_lines(result)
    assert problem.startswith(f"content/rftg/scoring.yaml:{line}:")
    assert problem.endswith(
        "variants[0].source: section 'Fronteir Game' not found in rulebook "
        "000_ac4a4b34259be941.txt (did you mean 'Frontier Game' or 'Counterstrike Game' or "
        "'Frontier Settle'? copy the section heading exactly as the rulebook prints it)"
    )
