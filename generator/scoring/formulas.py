"""Evaluating a scoring model's formulas for one record: located errors (`evaluated`), whole
numbers (`whole`), explanations (`why`) and the step budget all the formulas of one record share
(`record_budget`). Used by the pad interpreter (`generator.scoring.pad`), its per-variant plans
(`generator.scoring.plan`) and the mechanisms. Pure; standard library only.
"""

from __future__ import annotations

from generator.scoring.expressions import Budget, ExpressionError
from generator.scoring.model import ModelInvalid
from generator.scoring.template import fill

#: Steps all the formulas scoring one record may take together (`expressions.Budget`), so no
#: scoring model makes a score slow, however many formulas it holds (300 formulas of 180,000
#: steps each took 63 s for two players; now a located error in 0.1 s). The shipped examples
#: spend at most 60 (counterstrike; counted per record in a review, 2026-12-02).
RECORD_STEPS = 2_000_000


def record_budget() -> Budget:
    """A fresh `Budget` of `RECORD_STEPS` for one record."""
    return Budget(steps=RECORD_STEPS, what="the formulas scoring one record take")


def evaluated(expr, env: dict, where: str, at: tuple = (), budget: Budget | None = None):
    """The value of ``expr`` with ``env``; an `ExpressionError` becomes a `ModelInvalid` naming
    ``where``, located at ``at``, with the error's column and names (`ModelInvalid.from_expression`)."""
    try:
        return expr.evaluate(env, budget)
    except ExpressionError as exc:
        raise ModelInvalid.from_expression(where, exc, at) from None


#: Scores, measures and tie-breaks stay below this in size (the expression language's bound on
#: numbers), so the phone page's JavaScript numbers hold them exactly.
MAX_SCORE = 10**15


def whole(value, where: str, at: tuple = ()) -> int:
    """``value`` as a whole number; raises `ModelInvalid` naming ``where`` (located at ``at`` in
    the kind: scoring document) for anything else (a text, a list, a decimal, nothing, and
    ``True``/``False``: a condition written where a number of VP belongs, ``red > 2`` for
    ``red * 2``, would count 1 VP without a word; the hint says how to count a condition), or
    one of `MAX_SCORE` or more in size: a score is never made of values that cannot be added or
    compared. (A sum of conditions, ``sum(c > 2 for c in cards)``, is a whole number already.)"""
    if value.__class__ is int and -MAX_SCORE < value < MAX_SCORE:
        return value
    if value.__class__ is bool:
        raise ModelInvalid(
            f"{where} gives {value} (true or false), not a whole number: a condition "
            f"counts nothing by itself (write `N if <condition> else 0`, or `int(<condition>)` "
            f"for 1 VP)",
            at,
        )
    if value.__class__ is int:
        raise ModelInvalid(f"{where} gives {value:,}, past {MAX_SCORE:,} in size", at)
    raise ModelInvalid(f"{where} gives {shown_kind(value)}, not a whole number", at)


def shown_kind(value) -> str:
    """A value as a message shows it, with what it is: ``'abc' (a text)``, ``1.5 (a decimal)``."""
    kinds = {
        str: "a text",
        list: "a list",
        tuple: "a list",
        dict: "a mapping",
        float: "a decimal",
        set: "a set",
        type(None): "nothing",
    }
    # in the expression language's own syntax (None, True, ['a']): the formula is what gave it
    text = repr(value)
    if len(text) > 40:
        text = text[:37] + "..."
    kind = kinds.get(value.__class__)
    return f"{text} ({kind})" if kind else text


def why(f, env: dict, budget: Budget | None = None) -> str:
    """A formula's explanation: its template filled, or the first ``(when, text)`` that holds."""
    if f.why.__class__ is str:
        return fill(f.why, env, budget)
    for when, text in f.why:
        if when is None or evaluated(when, env, f"'{f.id}' why", f.at + ("why",), budget):
            return fill(text, env, budget)
    return ""
