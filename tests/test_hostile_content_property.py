"""Property tests for content (issue 22, item 8), as test_hostile_property.py is for records:
whatever a contributor writes into the places content can steer playaid, a command ends with a
result or located problems, quickly, and never with a traceback, "internal error" or a file
read from outside its folder.

- check expressions: any text built from hostile pieces (deep nesting, huge numbers, shared
  lists, comprehensions, dunders, lambdas) in ``for_each``/``where``/``expect``/``equals``;
- the expression language itself: compiling and evaluating any such text raises nothing but
  `ExpressionError`;
- a rulebook's ``file:``: any name built from path pieces (``..``, absolute, links, pipes, NUL);
- `playaid build` of a mutated demo game: an aid is written whole or not at all.

The suite runs a few examples of each; set PLAYAID_HYPOTHESIS_EXAMPLES=2000 to hunt longer.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.cli import cli
from generator.scoring.expressions import ExpressionError, compile_expression

try:  # tests/ may or may not be a package
    from tests.demo_content import AIDS, BASE_GAME, RULEBOOK, TABLE
    from tests.hostile_mutations import mutations
    from tests.test_hostile_property import assert_located, assert_sane
except ImportError:
    from demo_content import AIDS, BASE_GAME, RULEBOOK, TABLE
    from hostile_mutations import mutations
    from test_hostile_property import assert_located, assert_sane

EXAMPLES_N = int(os.environ.get("PLAYAID_HYPOTHESIS_EXAMPLES", "40"))


def budget(examples: int) -> settings:
    n = max(1, examples * EXAMPLES_N // 40)
    return settings(
        deadline=None,
        max_examples=n,
        derandomize=EXAMPLES_N <= 100,
        database=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
    )


#: Leaves of an expression: names content offers, literals at and past the bounds, and things
#: the language refuses.
ATOMS = [
    "1",
    "0",
    "-1",
    "3",
    "10**15",
    "2**62",
    "9" * 40,
    "1e308",
    "'x'",
    "'%s'",
    "'%999999d'",
    "None",
    "True",
    "[]",
    "{}",
    "()",
    "facts",
    "tables",
    "cards",
    "row",
    "facts.hand_size",
    "tables.hands",
    "cards[0]",
    "tables.hands[0].cards",
    "x",
    "secret",
    "__import__",
    "facts.__class__",
    "range(10**12)",
    "range(99999)",
    "[0]*100000",
    "'x'*100000",
    "[[0]*60000]*60000",
    "(lambda: 1)",
    "(y := 1)",
    "f'{1}'",
    "...",
    "`",
    "open('/etc/passwd')",
    "print(1)",
    "'a' 'b'",
]


def _combine(inner):
    e = inner
    return st.one_of(
        st.builds(
            "({} {} {})".format,
            e,
            st.sampled_from(["+", "-", "*", "//", "%", "**", "==", "<", "in", "and", "or", "/", "|", "<<", "is"]),
            e,
        ),
        st.builds(
            "{}({})".format,
            st.sampled_from(
                [
                    "len",
                    "sum",
                    "sorted",
                    "str",
                    "set",
                    "max",
                    "min",
                    "list",
                    "tuple",
                    "abs",
                    "int",
                    "any",
                    "all",
                    "count",
                    "values",
                    "range",
                    "eval",
                    "getattr",
                ]
            ),
            e,
        ),
        st.builds("[{} for x in {}]".format, e, e),
        st.builds("[{} for x in {} for y in {}]".format, e, e, e),
        st.builds("{{{}: {} for x in {}}}".format, e, e, e),
        st.builds("{}[{}]".format, e, e),
        st.builds("{}[{}:{}]".format, e, e, e),
        st.builds(
            "{}.{}".format,
            e,
            st.sampled_from(
                [
                    "keys()",
                    "values()",
                    "items()",
                    "get(1)",
                    "lower()",
                    "split()",
                    "count(1)",
                    "low",
                    "__dict__",
                    "mro()",
                ]
            ),
        ),
        st.builds("({} if {} else {})".format, e, e, e),
        st.builds("({}, {})".format, e, e),
        st.builds("not {}".format, e),
        st.builds("{}{}".format, st.sampled_from(["(" * 60, "-" * 60, "[" * 30]), e),
    )


EXPRESSIONS = st.recursive(st.sampled_from(ATOMS), _combine, max_leaves=8)

NAMES = {
    "facts": {"hand_size": 3, "waves": {1: 11, 2: 11}},
    "tables": {"hands": [{"players": 2, "cards": 3}]},
    "cards": [{"name": "Old Earth", "cost": 0, "vp": 1, "keywords": ["alien"] * 3}],
    "row": {"cards": 3},
}


@given(EXPRESSIONS)
@budget(300)
def test_the_expression_language_raises_only_its_own_error(text):
    start = time.perf_counter()
    try:
        compile_expression(text).evaluate(NAMES)
    except ExpressionError as exc:
        assert exc.message and isinstance(exc.message, str)
    assert time.perf_counter() - start < 30, text  # bounded by steps, not by a timer


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    """Run a command on the demo game (tmp/content/demo) with files replaced, from tmp."""
    root = tmp_path_factory.mktemp("content-property")
    game = root / "content" / "demo"
    game.mkdir(parents=True)
    seeds = root / "seeds"
    seeds.mkdir()
    (root / "secret.txt").write_text("Setup\nEach player takes 3 cards. TOP-SECRET-TOKEN\n")
    runner = CliRunner(env={"PLAYAID_SEEDS": str(seeds), "PLAYAID_CACHE_DIR": str(root / "cache")})
    base = {"game.yaml": BASE_GAME, "table.yaml": TABLE, "aids.yaml": AIDS, "rules.yaml": RULES, "facts.yaml": FACTS}

    def run(args: list[str], plant=None, **files: str | bytes):
        """Write the files (``files`` replacing the demo's), call ``plant(seeds)``, run."""
        for folder in (game, seeds):
            shutil.rmtree(folder)
            folder.mkdir()
        (seeds / "demo-rules.txt").write_text(RULEBOOK)
        for name, text in {**base, **files}.items():
            data = text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")
            (game / name).write_bytes(data)
        if plant is not None:
            plant(seeds)
        old = os.getcwd()
        os.chdir(root)
        try:
            start = time.perf_counter()
            result = runner.invoke(cli, args)
            result.seconds = time.perf_counter() - start
            return result
        finally:
            os.chdir(old)

    run.root = root
    return run


FACTS = """\
kind: facts
id: numbers
facts:
  hand_size: {value: 3, type: integer, source: "rb: Setup"}
"""
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
        items: [Cut it once.]
"""


def assert_problems(result) -> None:
    """exit 0, or exit 1 with located problems and the count, quickly."""
    assert_sane(result)
    assert result.exit_code in (0, 1), result.output
    assert "TOP-SECRET" not in result.output
    assert result.seconds < 60  # bounded: the old checks ran for minutes on such content
    if result.exit_code == 1:
        lines = [ln for ln in result.stderr.splitlines() if not ln.startswith("note: ")]
        assert re.fullmatch(r"\d+ problems? found", lines[-1]), lines[-1]
        assert_located(lines[:-1], r"content/demo/[\w.-]+\.yaml")


@given(
    st.lists(
        st.tuples(st.one_of(st.none(), EXPRESSIONS), st.one_of(st.none(), EXPRESSIONS), EXPRESSIONS, EXPRESSIONS),
        min_size=1,
        max_size=3,
    )
)
@budget(40)
def test_check_any_check_expressions(demo, checks):
    lines = ["kind: checks", "id: checks", "checks:"]
    for i, (for_each, where, expect, equals) in enumerate(checks):
        lines += [f"  - id: c{i % 2}", "    description: fuzzed"]
        for field, value in (("for_each", for_each), ("where", where), ("expect", expect), ("equals", equals)):
            if value is not None:
                lines.append(f"    {field}: {json.dumps(value)}")
    assert_problems(demo(["check", "content"], **{"checks.yaml": "\n".join(lines) + "\n"}))


PATH_PIECES = [
    "..",
    ".",
    "demo-rules.txt",
    "seeds",
    "etc",
    "passwd",
    "secret.txt",
    "sub",
    "/",
    "\\",
    "C:",
    "\x00",
    "\n",
    "~",
    "%2e%2e",
    "link",
    "pipe",
    "folder",
    "big.txt",
    "é",
    " ",
    "x" * 300,
]


def _plant(seeds: Path) -> None:
    """What a pull request or a careless copy can leave in the seeds folder: links out, a pipe,
    a big file."""
    secret = seeds.parent / "secret.txt"
    (seeds / "link").symlink_to(secret)
    (seeds / "sub").mkdir()
    (seeds / "sub" / "secret.txt").symlink_to(secret)
    os.mkfifo(seeds / "pipe")
    with open(seeds / "big.txt", "wb") as stream:
        stream.truncate(50_000_000)


@given(
    st.lists(st.sampled_from(PATH_PIECES), min_size=1, max_size=6).map("/".join)
    | st.lists(st.sampled_from(PATH_PIECES), min_size=1, max_size=4).map("".join)
)
@budget(40)
def test_check_any_rulebook_file_name(demo, name):
    game = BASE_GAME.replace("file: demo-rules.txt", f"file: {json.dumps(name)}")
    assert_problems(demo(["check", "content"], plant=_plant, **{"game.yaml": game}))


@pytest.mark.parametrize("name", ["rules.yaml", "aids.yaml", "table.yaml"])
def test_build_any_mutated_content(demo, name, tmp_path):
    base = {"rules.yaml": RULES, "aids.yaml": AIDS, "table.yaml": TABLE}[name]

    @given(mutations(base))
    @budget(4)
    def check(data):
        out = demo.root / "out"
        result = demo(["build", "--out", str(out), "--jobs", "1", "--quiet"], **{name: data})
        assert_sane(result)
        assert result.exit_code in (0, 1), result.output
        pdf = out / "a4" / "demo-ref.pdf"
        if pdf.exists():  # written whole or not at all
            data = pdf.read_bytes()
            assert data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")

    check()
