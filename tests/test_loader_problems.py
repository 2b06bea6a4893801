"""How `playaid check` reports content problems: one note when the seed rulebooks are absent, one
problem per cause (never cascades or repeats), exact places, and no Python internals.

Each test writes a small game (``content/demo``) and its own seeds folder into ``tmp_path``, so
nothing here depends on the shipped content or on the real rulebook texts.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.checks import sources
from generator.cli import cli
from generator.content.models import Game
from generator.content.validate import _data_path
from tests.demo_content import AIDS, CHECKS, GAME, RULEBOOK, TABLE

RULES = """\
kind: rules
id: basics
title: Basics
sections:
  - id: setup
    title: Setup
    source: "rb: Setup"
    items:
      - Take 3 cards.
      - text: Shuffle the deck.
        items:
          - Cut it once.
  - id: expansion
    title: Expansion
    source: "ex: Setup"
    items:
      - Add the new cards.
rulings:
  - id: tie
    question: Who wins a tie?
    ruling: Both players.
    reason: The rules say nothing else.
    source: "web: question 2"
"""

FACTS = """\
kind: facts
id: numbers
facts:
  hand_size:
    value: 3
    type: integer
    source: "rb: Setup"
"""

FILES = {
    "game.yaml": GAME,
    "rules.yaml": RULES,
    "table.yaml": TABLE,
    "facts.yaml": FACTS,
    "checks.yaml": CHECKS,
    "aids.yaml": AIDS,
}


@pytest.fixture
def demo(tmp_path, monkeypatch) -> Path:
    """tmp_path/content/demo with every file of FILES, and tmp_path/seeds with both rulebooks;
    cwd is tmp_path so that messages name files as content/demo/..."""
    game = tmp_path / "content" / "demo"
    game.mkdir(parents=True)
    for name, text in FILES.items():
        (game / name).write_text(text, encoding="utf-8")
    seeds = tmp_path / "seeds"
    seeds.mkdir()
    (seeds / "demo-rules.txt").write_text(RULEBOOK)
    (seeds / "demo-expansion.txt").write_text("Setup\nAdd the new cards.\n")
    monkeypatch.chdir(tmp_path)
    return game


def check(seeds: str | None = "seeds", *args: str):
    """`playaid check content` with PLAYAID_SEEDS set to ``seeds`` (unset when None)."""
    return CliRunner().invoke(cli, ["check", "content", *args], env={"PLAYAID_SEEDS": seeds})


def replace(path: Path, old: str, new: str) -> int:
    """Replace the one occurrence of ``old``; return the 1-based line where it started."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {path}"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


def line_of(path: Path, text: str) -> int:
    """1-based number of the one line of ``path`` that contains ``text``."""
    hits = [i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if text in line]
    assert len(hits) == 1, f"{text!r} is on {len(hits)} lines of {path}"
    return hits[0]


def problems(result) -> list[str]:
    """The problem lines of a failed check (without the final count)."""
    return [line for line in result.stderr.splitlines() if line.startswith("content/")]


# ---------------------------------------------------------------------------------------------
# summary, seeds folder


def test_summary_counts_items(demo):
    result = check()
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    assert result.stdout == (
        "demo: ok — 1 rules document (2 sections, 1 ruling), 1 table, "
        "1 fact file (1 fact), 1 check passed, 1 aid; "
        "5 values verified against rulebook text, 0 unverified\n"
    )


def test_seeds_not_found_is_one_note_and_exit_unchanged(demo, tmp_path):
    result = check(None)
    assert result.exit_code == 0, result.output
    tried = ", ".join(str((tmp_path / "content" / rel).resolve()) for rel in sources.SEEDS_CANDIDATES)
    assert result.stderr == (
        f"note: seed rulebook texts not found (looked in: {tried}); section headings in sources "
        f"and values (numbers, quotes) were not verified against the rulebooks (set "
        f"PLAYAID_SEEDS=/path/to/seeds, the folder holding the rulebook .txt files named in game.yaml)\n"
    )
    assert result.stdout.startswith("demo: ok — ")


def test_each_content_file_is_parsed_once_note_included(demo, monkeypatch):
    """check asks whether a game declares rulebooks (for the note) before loading: the loader's
    parse of game.yaml serves both."""
    from generator.checks import load
    from generator.reader import yaml_io

    parsed = []
    real = yaml_io.load_text
    monkeypatch.setattr(load, "_PARSED", {})  # other tests parsed the same demo files, by the same names
    monkeypatch.setattr(
        yaml_io, "load_text", lambda text, file, **bounds: parsed.append(Path(file).name) or real(text, file, **bounds)
    )
    result = check(None)
    assert result.exit_code == 0, result.output
    assert result.stderr.startswith("note: seed rulebook texts not found")
    assert sorted(parsed) == sorted(p.name for p in demo.iterdir())


def test_seeds_variable_not_a_folder_is_a_note(demo, tmp_path):
    result = check(str(tmp_path / "nowhere"))
    assert result.exit_code == 0, result.output
    assert result.stderr == (
        f"note: seed rulebook texts not found (PLAYAID_SEEDS is not a folder: {tmp_path / 'nowhere'}); "
        f"section headings in sources and values (numbers, quotes) were not verified against the "
        f"rulebooks (set PLAYAID_SEEDS=/path/to/seeds, the folder holding the rulebook .txt files "
        f"named in game.yaml)\n"
    )


def test_missing_rulebook_file_is_one_problem_at_its_game_entry(demo, tmp_path):
    (tmp_path / "seeds" / "demo-expansion.txt").unlink()
    result = check()
    assert result.exit_code == 1
    line = line_of(demo / "game.yaml", "file: demo-expansion.txt")
    assert problems(result) == [
        f"content/demo/game.yaml:{line}:11: rulebooks[1].file: rulebook file 'demo-expansion.txt' "
        f"not found in the seeds folder seeds (the seeds folder holds demo-rules.txt: fix the file name "
        f"here, or set PLAYAID_SEEDS to the folder that holds it)"
    ]
    assert result.stderr.splitlines()[-1] == "1 problem found"


def test_check_of_a_game_folder_names_its_parent(demo):
    result = CliRunner().invoke(cli, ["check", "content/demo"], env={"PLAYAID_SEEDS": "seeds"})
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "content/demo: this is a game folder, not the content folder (pass the folder that holds it: content)",
        "1 problem found",
    ]


# ---------------------------------------------------------------------------------------------
# sources


def _game() -> Game:
    return Game.model_validate(
        {
            "kind": "game",
            "id": "g",
            "title": "G",
            "version": "1",
            "date": "2026-01-01",
            "rulebooks": [{"id": "rb", "file": "r.txt", "title": "R"}],
            "references": [{"id": "bga", "title": "BGA"}],
        }
    )


@pytest.mark.parametrize(
    "source, expected",
    [
        (
            "bga:",
            (
                "source 'bga:' names no place in reference 'bga'",
                "add where in the reference the fact is after ':', e.g. 'bga: <file or page>'",
            ),
        ),
        (
            "bga:   ",
            (
                "source 'bga:   ' names no place in reference 'bga'",
                "add where in the reference the fact is after ':', e.g. 'bga: <file or page>'",
            ),
        ),
        (
            "file:///etc/passwd",
            (
                "source 'file:///etc/passwd': only http(s) URLs or '<id>: <section>' sources are allowed",
                "write '<id>: <section heading>' with id one of rb, bga",
            ),
        ),
        (
            "ftp://example.org/rules.pdf",
            (
                "source 'ftp://example.org/rules.pdf': only http(s) URLs or '<id>: <section>' sources are allowed",
                "write '<id>: <section heading>' with id one of rb, bga",
            ),
        ),
        ("https://", ("source 'https://' is a URL without a host", "write the full https:// address")),
        (
            ": Setup",
            ("source ': Setup' has no id before ':'", "write '<id>: <section heading>' with id one of rb, bga"),
        ),
        ("rb:", ("source 'rb:' names no section", "add the rulebook's section heading after ':'")),
        ("bga: cards.inc.php invasion_config", None),
        ("https://example.org/faq", None),
        ("rb: Anything", None),  # no seeds folder: headings are not verified
    ],
)
def test_check_source(source, expected):
    assert sources.check_source(source, _game(), None) == expected


def test_bad_section_source_is_reported_once_where_it_is_written(demo):
    rules = demo / "rules.yaml"
    line = replace(rules, 'source: "rb: Setup"', 'source: "rb: Set-up"')
    result = check()
    assert result.exit_code == 1
    assert problems(result) == [
        f"content/demo/rules.yaml:{line}:13: sections[0].source: section 'Set-up' not found in "
        f"rulebook demo-rules.txt (did you mean 'Setup'? copy the section heading exactly as the rulebook "
        f"prints it)"
    ]


def test_missing_source_is_reported_at_each_item(demo):
    rules = demo / "rules.yaml"
    replace(rules, '    source: "ex: Setup"\n', "")
    result = check()
    assert result.exit_code == 1
    item = line_of(rules, "- Add the new cards.")
    assert problems(result) == [
        f"content/demo/rules.yaml:{item}:9: sections[1].items[0]: this fact has no source (add "
        f"`source: '<rulebook id>: <section heading>'` here or on its section/table)"
    ]


def test_bad_reference_source_without_locator(demo):
    line = replace(demo / "rules.yaml", 'source: "web: question 2"', 'source: "web:"')
    result = check()
    assert problems(result) == [
        f"content/demo/rules.yaml:{line}:13: rulings[0].source: source 'web:' names no place in "
        f"reference 'web' (add where in the reference the fact is after ':', e.g. 'web: <file or page>')"
    ]


def test_file_url_source_is_refused(demo):
    line = replace(demo / "facts.yaml", 'source: "rb: Setup"', 'source: "file:///etc/passwd"')
    result = check()
    assert problems(result) == [
        f"content/demo/facts.yaml:{line}:13: facts.hand_size.source: source 'file:///etc/passwd': "
        f"only http(s) URLs or '<id>: <section>' sources are allowed (write '<id>: <section heading>' "
        f"with id one of rb, ex, web)"
    ]


# ---------------------------------------------------------------------------------------------
# cascades and Python internals


def test_a_file_that_fails_to_parse_is_the_only_problem(demo):
    """aids.yaml points at the rules and table; their failure must not add "no rules document"."""
    line = replace(demo / "rules.yaml", "id: basics", "id: [basics")
    replace(demo / "table.yaml", "kind: table", "kind: tables")
    result = check()
    assert result.exit_code == 1
    assert problems(result) == [
        f"content/demo/rules.yaml:{line + 1}:6: YAML syntax error: did not find expected ',' or ']' "
        f"(check indentation, colons and quotes near this line)",
        "content/demo/table.yaml:1:7: kind: unknown kind 'tables' (did you mean 'table'?)",
    ]


def test_missing_kind(demo):
    replace(demo / "facts.yaml", "kind: facts\n", "")
    result = check()
    assert problems(result) == [
        "content/demo/facts.yaml:1:1: kind: missing `kind:` (add `kind: "
        "<game|rules|table|facts|checks|aids|cards|scoring|verified-cards|vocabulary>` at the top of the file)"
    ]


def test_bad_aid_size_names_the_field_only(demo):
    line = replace(demo / "aids.yaml", "size: poker", "size: huge")
    result = check()
    assert problems(result) == [
        f"content/demo/aids.yaml:{line}:11: aids[0].size: Input should be 'rftg-card', 'poker', "
        f"'tarot', 'a6' or 'page' (got 'huge') (use one of the listed values)"
    ]


def test_aid_size_mapping_errors_name_its_fields(demo):
    line = replace(demo / "aids.yaml", "size: poker", "size: {width_mm: 5, height_mm: 88}")
    result = check()
    assert problems(result) == [
        f"content/demo/aids.yaml:{line}:22: aids[0].size.width_mm: Input should be greater than 20 "
        f"(got 5) (see schema/ for the expected shape)"
    ]


@pytest.mark.parametrize(
    "loc, data, expected",
    [
        (
            ("aids", 0, "size", "literal['rftg-card','poker']"),
            {"aids": [{"size": "huge"}]},
            (("aids", 0, "size"), False),
        ),
        (("aids", 0, "size", "Size"), {"aids": [{"size": "huge"}]}, (("aids", 0, "size"), True)),
        (
            ("aids", 0, "size", "Size", "height_mm"),
            {"aids": [{"size": {"width_mm": 60}}]},
            (("aids", 0, "size", "height_mm"), False),
        ),
        (("a", "function-after[_names(), dict[str,Fact]]", "x"), {"a": {"x": 1}}, (("a", "x"), False)),
        (("a", "json-or-python[json=str,python=str]"), {"a": 3}, (("a",), False)),
        (("a", "str"), {"a": {"b": 1}}, (("a",), True)),
        (("a", "missing_field"), {"a": {"b": 1}}, (("a", "missing_field"), False)),
    ],
)
def test_data_path_skips_type_tags(loc, data, expected):
    assert _data_path(data, loc) == expected


def test_items_of_the_wrong_type_are_reported_without_class_names(demo):
    line = replace(demo / "rules.yaml", "      - Take 3 cards.", "      - [3]")
    result = check()
    assert problems(result) == [
        f"content/demo/rules.yaml:{line}:9: sections[0].items[0]: Input should be a valid string "
        f"(write text (quote it if it looks like a number or date))"
    ]


# ---------------------------------------------------------------------------------------------
# tables


def test_duplicate_column_key(demo):
    table = demo / "table.yaml"
    first = line_of(table, "{key: players,")
    line = replace(table, "{key: cards, label: Cards}", "{key: players, label: Cards}")
    result = check()
    assert result.exit_code == 1
    assert problems(result) == [
        f"content/demo/table.yaml:{line}:11: columns[1].key: duplicate column key 'players' "
        f"(first on line {first}) (give each column its own key)"
    ]


def test_item_with_its_own_bad_source_is_reported_at_that_source(demo):
    rules = demo / "rules.yaml"
    replace(
        rules, "      - text: Shuffle the deck.\n", '      - text: Shuffle the deck.\n        source: "rb: Shuffling"\n'
    )
    line = line_of(rules, 'source: "rb: Shuffling"')
    result = check()
    assert problems(result) == [  # once, though the sub-item "Cut it once." inherits it too
        f"content/demo/rules.yaml:{line}:17: sections[0].items[1].source: section 'Shuffling' not "
        f"found in rulebook demo-rules.txt (copy the section heading exactly as the rulebook prints it)"
    ]


def test_identical_problems_are_reported_once(demo, monkeypatch):
    from generator.checks import load
    from generator.errors import Problem

    twice = Problem("content/demo/table.yaml", 9, 5, "rows[0]", "a problem", "fix it")
    monkeypatch.setattr(load, "check_consistency", lambda content: [twice, twice])
    result = check()
    assert problems(result) == [str(twice)]
    assert result.stderr.splitlines()[-1] == "1 problem found"
