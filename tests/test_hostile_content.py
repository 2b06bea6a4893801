"""`playaid check` on hostile content (issue 11): each kind ends with exit 1 and located problems
(file:line:column: field: message), never a crash, a hang, a traceback or "internal error";
content that links outside the content folder is refused.

Each test writes a two-file game (``content/demo``) and its rulebook into ``tmp_path``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import cli
from generator.errors import MAX_PROBLEMS
from generator.reader.yaml_io import MAX_CONTENT_VALUES, MAX_DEPTH
from tests.demo_content import BASE_GAME as GAME
from tests.demo_content import RULEBOOK, laughs

FACTS_HEAD = """\
kind: facts
id: numbers
facts:
  hand_size:
    type: integer
    source: "rb: Setup"
    value: """

FACTS = FACTS_HEAD + "3\n"
VALUE_AT = (7, 12)  # line and column of the hand size's value in FACTS


@pytest.fixture
def demo(tmp_path, monkeypatch) -> Path:
    """tmp_path/content/demo (game.yaml, facts.yaml) and tmp_path/seeds; cwd is tmp_path."""
    game = tmp_path / "content" / "demo"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text(GAME)
    (game / "facts.yaml").write_text(FACTS)
    (tmp_path / "seeds").mkdir()
    (tmp_path / "seeds" / "demo-rules.txt").write_text(RULEBOOK)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PLAYAID_SEEDS", str(tmp_path / "seeds"))
    return game


def check():
    result = CliRunner().invoke(cli, ["check", "content"])
    assert "Traceback" not in result.output and "internal error" not in result.output, result.output
    return result


def problem_lines(result) -> list[str]:
    """The output without the closing count."""
    lines = result.output.splitlines()
    assert lines[-1].endswith("found")
    return lines[:-1]


def test_the_demo_game_is_clean(demo):
    result = check()
    assert result.exit_code == 0, result.output
    assert result.output == "demo: ok — 1 fact file (1 fact); 1 value verified against rulebook text, 0 unverified\n"


def test_alias_bomb_in_content(demo):
    (demo / "facts.yaml").write_text(FACTS + laughs(10))
    result = check()
    assert result.exit_code == 1
    lines = problem_lines(result)
    assert lines[0] == (
        "content/demo/facts.yaml:8:1: a0: unknown field 'a0' (remove it; see schema/ for allowed fields)"
    )
    assert lines[1] == (
        "content/demo/facts.yaml:8:5: a0: YAML anchors (&a0) are not allowed "
        "(remove the anchor and write the value out wherever it is used)"
    )
    assert len(lines) == MAX_PROBLEMS + 1
    assert lines[-1].endswith("more problems (fix the ones above and check again)")
    assert result.output.splitlines()[-1] == "101 problems found"  # 10 anchors, 81 aliases, 10 keys


def test_self_referencing_alias_in_content(demo):
    (demo / "facts.yaml").write_text(FACTS_HEAD + "&v [*v]\n")
    result = check()
    assert result.exit_code == 1
    assert problem_lines(result) == [
        "content/demo/facts.yaml:7:12: facts.hand_size.value: YAML anchors (&v) are not allowed "
        "(remove the anchor and write the value out wherever it is used)",
        "content/demo/facts.yaml:7:16: facts.hand_size.value[0]: YAML aliases (*v) are not allowed "
        "(write the value out in full where it is used)",
    ]


@pytest.mark.parametrize("depth", [1_000, 5_000, 20_000])
def test_deep_nesting_in_content(demo, depth):
    (demo / "facts.yaml").write_text(FACTS_HEAD + "[" * depth + "]" * depth + "\n")
    result = check()
    assert result.exit_code == 1
    # the document is level 1, facts 2, hand_size 3: the lists start at level 4
    assert problem_lines(result) == [
        f"content/demo/facts.yaml:7:{VALUE_AT[1] + MAX_DEPTH - 3}: facts.hand_size.value[0]: nested "
        f"more than {MAX_DEPTH} levels deep (playaid files need only a few levels; look for unclosed "
        "brackets)"
    ]


def test_deep_nesting_30000_in_content_does_not_crash_the_process(demo, tmp_path):
    (demo / "facts.yaml").write_text(FACTS_HEAD + "[" * 30_000 + "]" * 30_000 + "\n")
    done = subprocess.run(
        [sys.executable, "-m", "generator", "check", "content"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PLAYAID_SEEDS": str(tmp_path / "seeds")},
    )
    assert done.returncode == 1, done.stderr  # was -11 (SIGSEGV), exit 139 from a shell
    assert done.stderr.splitlines() == [
        f"content/demo/facts.yaml:7:{VALUE_AT[1] + MAX_DEPTH - 3}: facts.hand_size.value[0]: nested "
        f"more than {MAX_DEPTH} levels deep (playaid files need only a few levels; look for unclosed "
        "brackets)",
        "1 problem found",
    ]


def test_5000_digit_number_in_content(demo):
    (demo / "facts.yaml").write_text(FACTS_HEAD + "9" * 5000 + "\n")
    result = check()
    assert result.exit_code == 1
    assert problem_lines(result) == [
        "content/demo/facts.yaml:7:12: facts.hand_size.value: a number with 5000 digits is too long "
        "to read (write the count or score this field means)"
    ]


def test_non_utf8_content(demo):
    (demo / "facts.yaml").write_bytes(FACTS.replace("Setup", "R\xe8gles").encode("latin-1"))
    result = check()
    assert result.exit_code == 1
    assert problem_lines(result) == [
        "content/demo/facts.yaml:6:19: byte 0xE8 is not UTF-8 text (save the file as UTF-8)"
    ]


def test_nul_in_content(demo):
    (demo / "facts.yaml").write_text(FACTS.replace("Setup", "Set\x00up"))
    result = check()
    assert result.exit_code == 1
    assert problem_lines(result) == [
        "content/demo/facts.yaml:6:21: character U+0000 (NUL) is not allowed in a YAML file "
        "(delete it; it was probably pasted in by mistake)"
    ]


def test_200000_unknown_keys_in_content(demo):
    # 3.1 MB, under the 4 MiB content limit: the value limit stops the parse (took 30 s, 589 MB)
    (demo / "facts.yaml").write_text(FACTS + "".join(f"extra_{i}: 1\n" for i in range(200_000)))
    result = check()
    assert result.exit_code == 1
    line = 8 + (MAX_CONTENT_VALUES - 16) // 2  # 16 values before the extra keys, two a line
    assert problem_lines(result) == [
        f"content/demo/facts.yaml:{line}:{len(f'extra_{line - 8}: ') + 1}: more than 100,000 values "
        "in one file (a record or content file holds a few thousand at most: check that this is the "
        "right file, or split it)"
    ]


def test_many_unknown_keys_are_capped_with_suggestions_for_those_shown(demo):
    (demo / "facts.yaml").write_text(FACTS + "".join(f"extra_{i}: 1\n" for i in range(20_000)) + "facs: {}\n")
    result = check()
    assert result.exit_code == 1
    lines = problem_lines(result)
    assert lines[0] == (
        "content/demo/facts.yaml:8:1: extra_0: unknown field 'extra_0' (remove it; see schema/ for allowed fields)"
    )
    assert len(lines) == MAX_PROBLEMS + 1
    assert lines[-1] == (
        "content/demo/facts.yaml:58:1: ... and 19951 more problems (fix the ones above and check again)"
    )
    assert result.output.splitlines()[-1] == "20001 problems found"


def test_unknown_field_suggestion_still_given(demo):
    (demo / "facts.yaml").write_text(FACTS.replace("    source:", "    sorce:"))
    result = check()
    assert result.exit_code == 1
    assert (
        "content/demo/facts.yaml:6:5: facts.hand_size.sorce: unknown field 'sorce' "
        "(did you mean 'source'?)" in result.output
    )


def test_file_linking_outside_the_content_folder_is_refused(demo, tmp_path):
    outside = tmp_path / "secret.yaml"
    outside.write_text("kind: facts\nid: secret\nfacts: {}\n")
    (demo / "more.yaml").symlink_to(outside)
    result = check()
    assert result.exit_code == 1
    assert problem_lines(result) == [
        f"content/demo/more.yaml: refused: this file links outside the content folder, to {outside} "
        "(copy it into the content folder, or remove the link)"
    ]


def test_folder_linking_outside_the_content_folder_is_refused(demo, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "more.yaml").write_text("kind: facts\nid: more\nfacts: {}\n")
    (demo / "extra").symlink_to(elsewhere)
    result = check()
    assert result.exit_code == 1
    assert problem_lines(result) == [
        f"content/demo/extra: refused: this folder links outside the content folder, to {elsewhere} "
        "(copy it into the content folder, or remove the link)"
    ]


def test_game_folder_linking_outside_is_refused(demo, tmp_path):
    other = tmp_path / "other"
    other.mkdir()
    (other / "game.yaml").write_text(GAME.replace("id: demo", "id: other"))
    (demo.parent / "other").symlink_to(other)
    result = check()
    assert result.exit_code == 1
    assert problem_lines(result) == [
        f"content/other: refused: this folder links outside the content folder, to {other} "
        "(copy it into the content folder, or remove the link)"
    ]


def test_links_inside_the_content_folder_are_read(demo):
    (demo / "shared").mkdir()
    (demo / "shared" / "facts-2.yaml").write_text(
        FACTS.replace("id: numbers", "id: more").replace("hand_size", "deck_size")
    )
    (demo / "linked.yaml").symlink_to(demo / "shared" / "facts-2.yaml")
    result = check()
    # read twice, once through the link: the second copy repeats the id, which proves it was read
    assert result.exit_code == 1
    assert (
        "content/demo/shared/facts-2.yaml:2:5: id: duplicate facts id 'more' (also in "
        "content/demo/linked.yaml:2)" in result.output
    )


def test_check_expression_with_a_huge_result(demo):
    # simpleeval allowed 10**100000 (printing it hit Python's int string limit: "internal
    # error"); the expression language stops a number past 10**15 where it grows
    (demo / "checks.yaml").write_text(
        "kind: checks\nid: checks\nchecks:\n  - id: big\n"
        "    description: a huge number\n    expect: '10**100000'\n"
        "    equals: facts.hand_size\n"
    )
    result = check()
    assert result.exit_code == 1
    assert problem_lines(result) == [
        "content/demo/checks.yaml:6:13: checks[0].expect: check 'big': cannot evaluate `10**100000`: "
        "a number grew past 1,000,000,000,000,000 in size (fix the expression or the content it names)"
    ]


def test_check_expression_cannot_run_for_hours(demo):
    # sum(range(10**8)) took 15 s a row; range() is bounded, so 10**12 is a located problem at once
    (demo / "checks.yaml").write_text(
        "kind: checks\nid: checks\nchecks:\n  - id: busy\n"
        "    description: busy\n    expect: 'sum(range(10**12))'\n"
        "    equals: facts.hand_size\n"
    )
    result = check()
    assert result.exit_code == 1
    assert problem_lines(result) == [
        "content/demo/checks.yaml:6:13: checks[0].expect: check 'busy': cannot evaluate "
        "`sum(range(10**12))`: range() of more than 100,000 numbers "
        "(fix the expression or the content it names)"
    ]


def test_a_long_value_of_the_wrong_type_is_quoted_cut(demo):
    # fact_types quoted the whole value: a 100,000-character text made a 100 kB problem line
    (demo / "facts.yaml").write_text(FACTS_HEAD + "'" + "x" * 100_000 + "'\n")
    result = check()
    assert result.exit_code == 1
    assert problem_lines(result) == [
        f"content/demo/facts.yaml:7:12: facts.hand_size.value: fact 'hand_size': '{'x' * 56}... is not "
        "an integer (declared type integer) (correct the value or its declared type)"
    ]


def test_icon_tokens_are_checked_under_any_key_named_quote_but_a_quote(demo):
    # every subtree under a key 'quote' was skipped, not only the quote field of facts and rows
    (demo / "facts.yaml").write_text(
        FACTS + "  lines:\n    type: map[text, text]\n    source: 'rb: Setup'\n"
        "    value: {quote: 'take [card]'}\n"
        "    quote: Each player takes [card]\n"
    )
    result = check()
    assert result.exit_code == 1
    assert problem_lines(result) == [  # the fact's own quote is not printed: no icon check there
        "content/demo/facts.yaml:11:20: facts.lines.value.quote: unknown icon token [card] "
        "(declare it in game.yaml icons: (known: none))",
        "content/demo/facts.yaml:12:12: facts.lines.quote: fact 'lines': quote \"Each player takes [card]\" "
        "is not in section 'Setup' of rulebook demo-rules.txt (lines 2-3) (copy the words exactly as the "
        "section prints them)",
    ]
