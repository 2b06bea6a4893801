"""Property tests (issue 11): whatever a record or a content file holds, `playaid score` and
`playaid check` end with exit 0, 1 or 2, never a traceback or "internal error", and every
problem they print names the file (and, for what is inside it, the line and column).

Inputs are the shipped examples and a small game, mutated by `hostile_mutations`. The suite
runs a few seconds of examples; set PLAYAID_HYPOTHESIS_EXAMPLES=5000 to hunt longer.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings

from generator.cli import cli

try:  # tests/ may or may not be a package
    from tests.demo_content import AIDS, CHECKS, TABLE
    from tests.demo_content import RULEBOOK as DEMO_RULEBOOK
    from tests.hostile_mutations import mutations
except ImportError:
    from demo_content import AIDS, CHECKS, TABLE
    from demo_content import RULEBOOK as DEMO_RULEBOOK
    from hostile_mutations import mutations

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = {p.stem: p.read_text(encoding="utf-8") for p in sorted((REPO / "examples").glob("*.yaml"))}
EXAMPLES_N = int(os.environ.get("PLAYAID_HYPOTHESIS_EXAMPLES", "60"))
BUDGET = settings(
    deadline=None,
    max_examples=EXAMPLES_N,
    derandomize=EXAMPLES_N <= 100,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
)

#: A problem line: the file, then line:column unless the problem is the whole file's.
_LOCATED = r"(?P<file>{file}):(?:(?P<line>\d+):(?P<column>\d+):)? (?P<text>.+)"
#: Problems about a whole file, which carry no line.
_WHOLE_FILE = ("file is larger than", "cannot read file", "refused: this", "is not a `kind: game`")


def assert_located(lines: list[str], file: str) -> None:
    """Each line is ``file:line:column: ...``, or ``file: ...`` for a whole-file problem."""
    for text in lines:
        match = re.fullmatch(_LOCATED.format(file=file), text)
        assert match, f"not located: {text!r}"
        if match["line"] is None:
            assert match["text"].startswith(_WHOLE_FILE), f"no line and column: {text!r}"
        else:
            assert int(match["line"]) >= 1 and int(match["column"]) >= 1, text


def assert_sane(result) -> None:
    assert result.exit_code in (0, 1, 2), (result.exit_code, result.output, result.exception)
    assert "internal error" not in result.output, result.output
    assert "Traceback" not in result.output, result.output
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), repr(
        result.exception
    )


@pytest.fixture(scope="module")
def scorer(tmp_path_factory):
    """Run `playaid score rec.yaml` on bytes or text, in-process (rules compiled once)."""
    folder = tmp_path_factory.mktemp("records")
    cache = tmp_path_factory.mktemp("cache")
    runner = CliRunner(env={"PLAYAID_CACHE_DIR": str(cache)})

    def run(data: str | bytes):
        path = folder / "rec.yaml"
        (path.write_bytes if isinstance(data, bytes) else path.write_text)(data)
        old = os.getcwd()
        os.chdir(folder)
        try:
            return runner.invoke(cli, ["score", "rec.yaml", "--content", str(REPO / "content")])
        finally:
            os.chdir(old)

    return run


@pytest.mark.parametrize("example", sorted(EXAMPLES))
def test_score_any_mutated_record(scorer, example):
    @BUDGET
    @given(mutations(EXAMPLES[example]))
    def check(data):
        result = scorer(data)
        assert_sane(result)
        if result.exit_code == 2:
            assert_located(result.stderr.splitlines(), re.escape("rec.yaml"))

    check()


GAME = """\
kind: game
id: demo
title: Demo
version: "1"
date: 2026-01-01
rulebooks:
  - {id: rb, file: demo-rules.txt, title: Demo Rules}
"""

#: demo_content.RULEBOOK with the waves of the facts below on its Setup line
RULEBOOK = DEMO_RULEBOOK.replace("3 cards.\n", "3 cards. Waves: 11, 11 and 17 cards.\n")

FILES = {
    "game.yaml": GAME,
    "facts.yaml": """\
kind: facts
id: numbers
facts:
  hand_size: {value: 3, type: integer, source: "rb: Setup", label: Hand size}
  waves: {value: {1: 11, 2: 11, 3: 17}, type: "map[integer, integer]", source: "rb: Setup"}
""",
    "table.yaml": TABLE,
    "rules.yaml": """\
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
        items: [Cut it once.]
""",
    "checks.yaml": CHECKS,
    "aids.yaml": AIDS,
}


@pytest.fixture(scope="module")
def checker(tmp_path_factory):
    """Run `playaid check content` on the demo game with one file replaced by ``data``."""
    root = tmp_path_factory.mktemp("content-tree")
    game = root / "content" / "demo"
    game.mkdir(parents=True)
    (root / "seeds").mkdir()
    (root / "seeds" / "demo-rules.txt").write_text(RULEBOOK)
    runner = CliRunner(env={"PLAYAID_SEEDS": str(root / "seeds")})

    def run(name: str, data: str | bytes):
        for file, text in FILES.items():
            (game / file).write_text(text)
        (game / name).write_bytes(data if isinstance(data, bytes) else data.encode("utf-8", "surrogatepass"))
        old = os.getcwd()
        os.chdir(root)
        try:
            return runner.invoke(cli, ["check", "content"])
        finally:
            os.chdir(old)

    return run


def test_the_demo_game_is_clean(checker):
    result = checker("game.yaml", GAME)
    assert (result.exit_code, result.output) == (
        0,
        "demo: ok — 1 rules document (1 section, 0 rulings), "
        "1 table, 1 fact file (2 facts), 1 check passed, 1 aid; "
        "6 values verified against rulebook text, 0 unverified\n",
    )


@pytest.mark.parametrize("name", sorted(FILES))
def test_check_any_mutated_content(checker, name):
    @BUDGET
    @given(mutations(FILES[name]))
    def check(data):
        result = checker(name, data)
        assert_sane(result)
        assert result.exit_code in (0, 1)
        if result.exit_code == 1:
            lines = result.stderr.splitlines()
            assert re.fullmatch(r"\d+ problems? found", lines[-1]), lines[-1]
            assert_located(lines[:-1], r"content/demo/[\w.-]+\.yaml")

    check()
