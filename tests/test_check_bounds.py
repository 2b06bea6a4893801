"""`kind: checks` expressions run in the scoring core's bounded expression language (issue 22,
item 2): whatever a check holds, `playaid check` ends quickly with a problem located at the
check and naming it, never an internal error (MemoryError, RecursionError), a hang or gigabytes.

Each test writes the demo game (one fact, ``hand_size: 3``) and a ``checks.yaml`` into
``tmp_path``."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.checks.invariants import GAME_STEPS, MAX_ROWS
from generator.cli import cli
from generator.scoring.expressions import Budget, ExpressionError, compile_expression
from tests.demo_content import BASE_GAME, RULEBOOK

FACTS = """\
kind: facts
id: numbers
facts:
  hand_size:
    type: integer
    source: "rb: Setup"
    value: 3
"""
HINT = "(fix the expression or the content it names)"


@pytest.fixture
def demo(tmp_path, monkeypatch) -> Path:
    game = tmp_path / "content" / "demo"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text(BASE_GAME)
    (game / "facts.yaml").write_text(FACTS)
    (tmp_path / "seeds").mkdir()
    (tmp_path / "seeds" / "demo-rules.txt").write_text(RULEBOOK)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PLAYAID_SEEDS", str(tmp_path / "seeds"))
    return game


def checks_file(demo: Path, *checks: dict) -> None:
    """Write checks.yaml: each check a dict of its fields (strings quoted as YAML)."""
    lines = ["kind: checks", "id: checks", "checks:"]
    for check in checks:
        first = True
        for key, value in check.items():
            lines.append(
                f"  {'- ' if first else '  '}{key}: {value!r}"
                if isinstance(value, str)
                else f"  {'- ' if first else '  '}{key}: {value}"
            )
            first = False
    (demo / "checks.yaml").write_text("\n".join(lines) + "\n")


def check(seconds: float = 60) -> list[str]:
    """The problem lines of `playaid check content` (exit 1), which must end within ``seconds``
    (a guard against hours, not a benchmark)."""
    start = time.perf_counter()
    result = CliRunner().invoke(cli, ["check", "content"])
    assert time.perf_counter() - start < seconds
    assert "Traceback" not in result.output and "internal error" not in result.output, result.output
    assert result.exit_code == 1, result.output
    lines = result.output.splitlines()
    assert lines[-1].endswith("found")
    return lines[:-1]


def one(id: str, expect: str, equals: str = "facts.hand_size", **more) -> dict:
    return {"id": id, "description": "a check", **more, "expect": expect, "equals": equals}


def test_a_check_that_fails_names_its_values(demo):
    checks_file(demo, one("hand", "facts.hand_size + 1"))
    assert check() == [
        "content/demo/checks.yaml:4:5: checks[0]: check 'hand' failed: a check: `facts.hand_size + 1` is 4 "
        "but `facts.hand_size` is 3 [fact hand_size at content/demo/facts.yaml:4] (correct the content "
        "value that is wrong)"
    ]


def test_deep_nesting_is_a_located_problem(demo):
    # 1,200 levels: a RecursionError in a recursive evaluator
    checks_file(demo, one("deep", "-" * 1200 + "1"), one("long", "(" * 1200 + "1" + ")" * 1200))
    assert check() == [
        "content/demo/checks.yaml:6:13: checks[0].expect: check 'deep': cannot evaluate "
        f"`{'-' * 77}...`: expression is nested more than 40 deep (split it into named components) "
        f"{HINT}",
        "content/demo/checks.yaml:10:13: checks[1].expect: check 'long': cannot evaluate "
        f"`{'(' * 77}...`: expression is 2,401 characters long; at most 2,000 (split it into named "
        f"components) {HINT}",
    ]


def test_a_huge_text_is_refused_before_it_is_made(demo):
    checks_file(demo, one("huge", "len('x' * 10**9)"))
    assert check() == [
        "content/demo/checks.yaml:6:13: checks[0].expect: check 'huge': cannot evaluate "
        f"`len('x' * 10**9)`: a text or list grew past 100,000 items {HINT}"
    ]


def test_a_loop_of_ten_billion_steps_stops_at_its_bound(demo):
    checks_file(demo, one("busy", "len([a for a in range(99999) for b in range(99999)])"))
    assert check() == [
        "content/demo/checks.yaml:6:13: checks[0].expect: check 'busy': cannot evaluate "
        "`len([a for a in range(99999) for b in range(99999)])`: takes more than 200,000 steps "
        f"(loop over fewer items) {HINT}"
    ]


def test_values_sharing_one_list_cannot_be_compared_or_printed_for_hours(demo):
    # each side is 60,000 references to one list of 60,000 zeros: 3.6 billion items to compare
    # and to print in the message (tens of GB), built in 120,000 steps
    checks_file(demo, one("shared", "[[0] * 60000] * 60000", "[[0] * 60000] * 60000"), one("after", "3"))
    assert check() == [
        "content/demo/checks.yaml:4:5: checks[0]: check 'shared': comparing `[[0] * 60000] * 60000` with "
        f"`[[0] * 60000] * 60000` takes more than 200,000 steps (loop over fewer items) {HINT}"
    ]


def test_all_of_a_games_checks_share_one_budget(demo):
    # each check takes about 150,000 steps (range() builds 37,500 numbers, the loop costs 2 a
    # number, len() walks 37,500), under the 200,000 of one evaluation: 13 fit in the game's
    # 2,000,000, the 14th runs out; before, 40 such checks meant 40 times the work
    busy = "len([x for x in range(150000 // 4)])"
    checks_file(demo, *[one(f"c{i}", busy, "37500") for i in range(40)])
    lines = check()
    assert len(lines) == 1
    assert lines[0].startswith("content/demo/checks.yaml:")
    assert lines[0].endswith(
        f"this game's checks take more than {GAME_STEPS:,} steps in all; 26 checks "
        "after it were not run (make the expressions walk fewer items)"
    )


def test_a_repeated_check_id_is_a_problem_and_runs_once(demo):
    checks_file(demo, one("hand", "facts.hand_size + 1"), one("hand", "facts.hand_size + 1"))
    lines = check()
    assert lines == [
        "content/demo/checks.yaml:4:5: checks[0]: check 'hand' failed: a check: `facts.hand_size + 1` is 4 "
        "but `facts.hand_size` is 3 [fact hand_size at content/demo/facts.yaml:4] (correct the content "
        "value that is wrong)",
        "content/demo/checks.yaml:8:9: checks[1].id: check 'hand' is defined twice (also at "
        "content/demo/checks.yaml:4); it is run once (give each check its own id)",
    ]


def test_rows_must_be_a_list_and_not_too_many(demo):
    checks_file(
        demo, one("not-rows", "1", "1", for_each="facts.hand_size"), one("many", "1", "1", for_each="range(100000)")
    )
    assert check() == [
        f"content/demo/checks.yaml:6:15: checks[0].for_each: check 'not-rows': `for_each` gives 3, not a "
        f"list of rows {HINT}",
        f"content/demo/checks.yaml:11:15: checks[1].for_each: check 'many': `for_each` gives 100,000 rows; "
        f"a check may walk at most {MAX_ROWS:,} {HINT}",
    ]


def test_names_and_attributes_outside_the_language_are_refused(demo):
    checks_file(
        demo,
        one("unknown", "facts.hand_size + secret"),
        one("dunder", "facts.__class__"),
        one("where-alone", "1", "1", where="True"),
    )
    assert check() == [
        "content/demo/checks.yaml:6:13: checks[0].expect: check 'unknown': cannot evaluate "
        "`facts.hand_size + secret`: unknown name 'secret' (known names: cards, facts, tables) (at column 19) " + HINT,
        "content/demo/checks.yaml:10:13: checks[1].expect: check 'dunder': cannot evaluate `facts.__class__`: "
        "'.__class__' is not allowed (names starting with '_' are refused) (at column 1) " + HINT,
        "content/demo/checks.yaml:14:12: checks[2].where: check 'where-alone': `where` needs `for_each` "
        "(add for_each: <the list of rows>, or remove where)",
    ]


def test_an_unknown_name_in_a_check_gets_the_closest_names(demo):
    checks_file(demo, one("typo", "fact.hand_size", "3"), one("table", "1", "len(table)"))
    assert check() == [
        "content/demo/checks.yaml:6:13: checks[0].expect: check 'typo': cannot evaluate "
        "`fact.hand_size`: unknown name 'fact' (known names: cards, facts, tables) (at column 1) "
        "(did you mean 'facts'? fix the expression or the content it names)",
        "content/demo/checks.yaml:11:13: checks[1].equals: check 'table': cannot evaluate "
        "`len(table)`: unknown name 'table' (known names: cards, facts, tables) (at column 5) "
        "(did you mean 'tables'? fix the expression or the content it names)",
    ]


def test_rows_where_and_row_work(demo):
    checks_file(
        demo,
        one("rows", "row", "row", for_each="[1, 2, 3]", where="row > 1"),
        one("bad-row", "row", "2", for_each="[1, 2]"),
    )
    assert check() == [
        "content/demo/checks.yaml:10:5: checks[1]: check 'bad-row' failed for row (1): a check: `row` is 1 "
        "but `2` is 2 (correct the content value that is wrong)"
    ]


def test_a_budget_shared_by_evaluations_bounds_them_together():
    budget = Budget(steps=1500)
    walk = compile_expression("len([x for x in xs])")  # 2 steps an item, and len() walks 1
    assert walk.evaluate({"xs": list(range(300))}, budget) == 300
    assert budget.left == 600
    with pytest.raises(ExpressionError, match="takes more than 1,500 steps"):
        walk.evaluate({"xs": list(range(300))}, budget)
    assert walk.evaluate({"xs": list(range(300))}) == 300  # alone: its own 200,000


# In a child process with 1 GB of address space: if a bound regressed, the child fails with
# MemoryError instead of the test run taking the machine's memory.
_BUILT = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
from generator.scoring.expressions import ExpressionError, evaluate
try:
    evaluate(sys.argv[1], {})
except ExpressionError as exc:
    print(exc.message)
"""


@pytest.mark.parametrize(
    "text",
    [
        "len([range(99999) for x in range(99999)])",  # range() builds 99,999 items from two digits
        "len([s.split() for s in ['a ' * 40000] * 50000])",  # split() builds 40,000 texts
    ],
)
def test_what_a_function_builds_is_paid_for(text):
    # each took 40 s and more than 2 GB before a function's result cost steps (an unbounded
    # machine ran out of memory)
    import subprocess
    import sys

    from generator.paths import PROJECT_ROOT

    done = subprocess.run(
        [sys.executable, "-c", _BUILT, text], cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=120
    )
    assert (done.returncode, done.stdout) == (0, "takes more than 200,000 steps (loop over fewer items)\n"), done.stderr
