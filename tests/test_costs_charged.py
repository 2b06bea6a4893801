"""Every operation of the expression language and every template fill charges what it builds
BEFORE building it (issue 34, item 1): a formula that asks for gigabytes, or for quadratic work
under a linear budget, is refused having built next to nothing.

Each case runs in a child process that measures itself: the peak of memory Python allocated
during the evaluation (tracemalloc) and the CPU time it took (resource.getrusage), printed as
JSON; the child has 2 GB of address space, so a bound that regressed fails there with
MemoryError instead of taking the machine's memory. No wall clock is read. Before these bounds
(measured on the same machine): `sep.join` built 1.5 GB before it was refused, `str()` of a
shared list 128 MB, `%` formatting 71 MB, a comprehension 2,000,000 items; a template of 4,000
``{big}`` filled 400 MB (560 MB from a list); ``sum(lists, [])`` took 2 s of CPU for 320,000
steps charged.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from generator.paths import PROJECT_ROOT
from generator.scoring.expressions import LIMITS, Budget, ExpressionError, compile_expression
from generator.scoring.formulas import RECORD_STEPS
from generator.scoring.template import MESSAGE_MOST, PLACEHOLDER_MOST, fill

_CHILD = """
import json, resource, sys, tracemalloc
resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
from generator.scoring.expressions import Budget, ExpressionError, compile_expression
from generator.scoring.formulas import RECORD_STEPS
from generator.scoring.template import fill
kind, text = sys.argv[1], sys.argv[2]
work = compile_expression(text) if kind == "expr" else None
values = eval(sys.argv[3]) if kind == "fill" else None  # the test's own Python, not content
tracemalloc.start()
before = resource.getrusage(resource.RUSAGE_SELF)
budget = Budget(steps=RECORD_STEPS)  # as much as all the formulas of one record may take
try:
    result = work.evaluate({}, budget) if work is not None else fill(text, values, budget)
    said = {"value": result if isinstance(result, int) else len(result)}
except ExpressionError as exc:
    said = {"error": exc.message}
after = resource.getrusage(resource.RUSAGE_SELF)
said["peak_mb"] = tracemalloc.get_traced_memory()[1] / 2 ** 20
said["cpu_s"] = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
said["steps"] = RECORD_STEPS - max(budget.left, 0)
print(json.dumps(said))
"""


def measured(kind: str, text: str, values: str = "None") -> dict:
    """What the child said: ``value`` (a number, or the length of a text or list) or ``error``,
    ``peak_mb`` (memory allocated at the peak), ``cpu_s``, ``steps`` (charged)."""
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, kind, text, values],
        cwd=PROJECT_ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )  # a guard against hours
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


GREW = f"a text or list grew past {LIMITS.max_items:,} items"


@pytest.mark.parametrize(
    "text",
    [
        "('x' * 16000).join(['a'] * 100000)",  # 1.6 GB: built, then refused
        "len(str([('y' * 99999)] * 1200))",  # 120 MB of text from a list holding one text 1,200 times
        "len(('%s' * 600) % tuple([('y' * 99999)] * 600))",  # 60 MB formatted
        "len('-'.join(['y' * 99999] * 30))",
        "len([0 for i in range(1000) for j in range(1900)])",  # a list of 1,900,000 items
        "len({(i, j) for i in range(400) for j in range(400)})",  # a set of 160,000 pairs
        "len(('ab' * 50000)[::1] + 'c')",
        "len(list('y' * 99999) * 2)",
    ],
)
def test_what_an_operation_would_build_is_refused_before_it_is_built(text):
    said = measured("expr", text)
    assert said.get("error") == GREW, said
    # what the operands hold (a 99,999-character text is 0.1 MB), and a comprehension at most
    # its 100,000 items (100,000 pairs in a set: 11 MB), never what was asked for
    assert said["peak_mb"] < 24, said


def test_sum_of_lists_is_charged_its_quadratic_copying():
    # `sum(xs, [])` copies the list built so far at each item: 3,000 one-item lists copy 4.5
    # million items, charged as `xs[0] + xs[1] + ...` would be (it was 3,000 steps)
    said = measured("expr", "sum([[i] for i in range(3000)], [])")
    assert said.get("error") == f"takes more than {RECORD_STEPS:,} steps (loop over fewer items)", said
    # 20,000 lists of 3 took 2 s of CPU for 320,000 steps charged; now refused before the copying
    said = measured("expr", "sum([[i] * 3 for i in range(20000)], [])")
    assert "error" in said and said["cpu_s"] < 0.5, said
    # the way a formula flattens 60 cards' lists stays cheap: 60 items, 1,830 items copied
    budget = Budget(steps=RECORD_STEPS)
    assert compile_expression("sum([[i] for i in range(60)], [])").evaluate({}, budget) == list(range(60))
    assert RECORD_STEPS - budget.left < 2_500


def test_a_join_is_charged_its_exact_length():
    budget = Budget(steps=10_000)
    assert compile_expression("', '.join(['ab'] * 100)").evaluate({}, budget) == ", ".join(["ab"] * 100)
    spent = 10_000 - budget.left
    assert 398 <= spent < 1_000  # 398 characters built, plus walking the list and the text


@pytest.mark.parametrize(
    "template, values, length",
    [
        ("{big}" * 4000, "{'big': 'z' * 99999}", MESSAGE_MOST),  # filled 400 MB
        ("{big}" * 400, "{'big': ['z' * 999] * 1400}", MESSAGE_MOST),  # 560 MB from a list
        ("{big}", "{'big': [{'k': ['z' * 99999] * 99}] * 999}", PLACEHOLDER_MOST),  # nested mappings
    ],
)
def test_a_filled_template_is_bounded_per_placeholder_and_per_message(template, values, length):
    said = measured("fill", template, values)
    assert said.get("value") == length, said
    assert said["peak_mb"] < 2, said
    assert said["steps"] <= 4000 + MESSAGE_MOST  # a step per placeholder and per 64 characters


def test_a_cut_placeholder_and_message_end_with_dots():
    one = fill("sets: {big}", {"big": "z" * 99_999})
    assert len(one) == len("sets: ") + PLACEHOLDER_MOST and one.endswith("z...")
    many = fill("{a} " * 5000, {"a": "ab"})
    assert len(many) == MESSAGE_MOST and many.endswith("...") and many.startswith("ab ab ")
    listed = fill("{a}", {"a": ["x" * 3000, "y" * 3000]})
    assert listed == "x" * 3000 + ", " + "y" * (PLACEHOLDER_MOST - 3005) + "..."
    # what fits is filled as it always was
    assert fill("{a} and {b:+d} of {c}", {"a": ["x", "y"], "b": 3, "c": {"k": [1]}}) == "x, y and +3 of {k: [1]}"


def test_a_fill_past_the_budget_is_an_expression_error():
    with pytest.raises(ExpressionError, match="takes more than 100 steps"):
        fill("{a}" * 500, {"a": "b" * 100}, Budget(steps=100))


# --- the commands, end to end: `playaid check` and `playaid score` in a child, measured -----


def _game(tmp_path, edit) -> tuple:
    """A `playaid new` game in ``tmp_path`` with ``edit(scoring text) -> text`` applied to its
    scoring model: (content folder, its sample record)."""
    from generator.content.skeleton import new_game

    new_game("cost-demo", tmp_path / "content", tmp_path / "examples")
    scoring = tmp_path / "content" / "cost-demo" / "scoring.yaml"
    scoring.write_text(edit(scoring.read_text()))
    return tmp_path / "content", tmp_path / "examples" / "cost-demo.yaml"


def _run(*args: str) -> tuple[str, float, float]:
    """(output, CPU seconds, peak resident MB) of ``playaid *args`` in a child (os.wait4)."""
    import os
    import tempfile

    with tempfile.TemporaryFile("w+") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "generator", *args],
            cwd=PROJECT_ROOT,
            stdout=out,
            stderr=subprocess.STDOUT,
            text=True,
        )
        _pid, _status, usage = os.wait4(proc.pid, 0)
        out.seek(0)
        return out.read(), usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def test_check_stops_setting_formulas_aside_once_a_records_steps_are_spent(tmp_path):
    # 2,000 checks of 2,000 steps each: the trial runs out of its 2,000,000 steps at the
    # 758th; setting it aside and trying again met the next, 50 times (19 s of CPU, 50 problems)
    slow = "".join(
        f'  - id: slow_{i}\n    expect: "sum(x for x in range(660)) >= 0"\n'
        f'    message: slow\n    source: "rules: Scoring"\n'
        for i in range(2000)
    )
    content, _record = _game(tmp_path, lambda text: text.replace("sheet:", slow + "sheet:", 1))
    output, cpu, _mb = _run("--content", str(content), "check")
    lines = output.splitlines()
    assert lines[-1] == "2 problems found", output
    assert (
        "checks[758].expect: a trial score of an empty record fails: check 'slow_757': the formulas "
        f"scoring one record take more than {RECORD_STEPS:,} steps" in output
    )
    assert (
        f"scoring.yaml:4:5: id: playaid check stopped after 1 formula problem: the formulas after it were "
        f"not tried: a record's formulas together take more than {RECORD_STEPS:,} steps"
    ) in output
    assert cpu < 8, cpu  # one trial of 2,000,000 steps, loading and checking content: about 1 s


def test_a_huge_explanation_scores_in_bounded_memory(tmp_path):
    # a `why` of 4,000 `{big}` over a 99,999-character text passed `check` at 802 MB, then
    # `score` ended in `internal error: MemoryError` at 3.5 GB
    def edit(text):
        text = text.replace("measures:", "measures:\n  - {id: big, label: Big, value: \"'z' * 99999\"}", 1)
        return text.replace('why: "sets: {sets} x {set_vp} VP"', 'why: "' + "{big}" * 4000 + '"', 1)

    content, record = _game(tmp_path, edit)
    output, _cpu, mb = _run("--content", str(content), "check")
    assert output.startswith("cost-demo: ok"), output
    assert mb < 400, mb
    output, _cpu, mb = _run("--content", str(content), "score", "--json", str(record))
    report = json.loads(output)
    whys = [line["why"] for p in report["players"] for line in p["explain"] if line["why"].startswith("zzz")]
    assert whys and all(len(why) == MESSAGE_MOST and why.endswith("z...") for why in whys), output[:500]
    assert mb < 400, mb


def test_check_stops_setting_formulas_aside_once_the_trials_spent_their_steps(tmp_path):
    # each of 60 checks spends about 300,000 steps and then fails: set aside one by one, the
    # trials would run 60 times; they stop once all of them together spent TRIAL_STEPS
    from generator.checks.scoring_checks import MAX_FORMULA_PROBLEMS, TRIAL_STEPS

    failing = "".join(
        f'  - id: costly_{i}\n    expect: "len([x for x in range(99999)]) // 0 > 0"\n'
        f'    message: costly\n    source: "rules: Scoring"\n'
        for i in range(60)
    )
    content, _record = _game(tmp_path, lambda text: text.replace("sheet:", failing + "sheet:", 1))
    output, _cpu, _mb = _run("--content", str(content), "check")
    said = [line for line in output.splitlines() if "checks[" in line]
    assert 10 < len(said) < MAX_FORMULA_PROBLEMS, output  # each said until the steps ran out
    assert all("division by zero" in line for line in said)
    assert (
        f"id: playaid check stopped after {len(said)} formula problems: the trial scores of this model "
        f"took more than {TRIAL_STEPS:,} steps together (make those formulas cheaper"
    ) in output
