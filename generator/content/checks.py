"""Content cross-checks: invariants written in content (``kind: checks``), evaluated here.

The numbers being checked live in content (facts and tables, each with its source), so fixing a
number is a content edit; this module only evaluates the expressions safely (simpleeval, no
attribute access to Python internals, no imports) and reports failures with the files and values.
"""

from __future__ import annotations

import re
from typing import Any

from simpleeval import EvalWithCompoundTypes, InvalidExpression

from generator.content.models import Check
from generator.errors import Problem, short_repr


def _count(items, **where) -> int:
    """Number of items (dicts) whose fields equal every ``where`` value."""
    return sum(1 for it in items if all(it.get(k) == v for k, v in where.items()))


def _values(items, field: str) -> list:
    """The ``field`` of every item (dict) that has it."""
    return [it[field] for it in items if field in it]


#: Longest ``range()`` a check may make: a check counts players, cards or rounds; without a bound
#: ``sum(range(10**12))`` in content would keep `check` and `build` busy for hours.
MAX_RANGE = 100_000


def _range(*args) -> range:
    """``range`` of at most `MAX_RANGE` numbers; ValueError (a located problem) beyond."""
    numbers = range(*args)
    try:
        size = len(numbers)
    except OverflowError:
        size = MAX_RANGE + 1
    if size > MAX_RANGE:
        raise ValueError(f"range() of more than {MAX_RANGE:,} numbers")
    return numbers


FUNCTIONS = {
    "len": len, "sum": sum, "min": min, "max": max, "sorted": sorted, "abs": abs, "int": int,
    "set": set, "list": list, "range": _range, "all": all, "any": any,
    "count": _count, "values": _values,
}


def namespace(content) -> tuple[dict[str, Any], dict[int, tuple[str, int]]]:
    """Names an expression may use, and a map from id(row) to (file, line) for messages."""
    where: dict[int, tuple[str, int]] = {}
    tables: dict[str, list] = {}
    for table_id, table in content.of_kind("table").items():
        loc = content.located[("table", table_id)]
        rows = [dict(r) for r in table.rows]
        for i, row in enumerate(rows):
            where[id(row)] = (loc.file, loc.position(("rows", i))[0])
        tables[table_id.replace("-", "_")] = rows
    facts = {name: fact.value for name, fact in content.facts.items()}
    cards: list[dict] = []
    for cards_id, doc in content.of_kind("cards").items():
        loc = content.located[("cards", cards_id)]
        for i, card in enumerate(getattr(doc, "cards", [])):
            row = card.model_dump()
            where[id(row)] = (loc.file, loc.position(("cards", i))[0])
            cards.append(row)
    return {"facts": facts, "tables": tables, "cards": cards}, where


def _fact_locations(content, expression: str) -> str:
    found = []
    for name in dict.fromkeys(re.findall(r"facts\.([a-z][a-z0-9_]*)", expression)):
        for facts_id, doc in content.of_kind("facts").items():
            if name in doc.facts:
                loc = content.located[("facts", facts_id)]
                found.append(f"fact {name} at {loc.file}:{loc.position(('facts', name), prefer_key=True)[0]}")
    return "; ".join(found)


def _describe_row(row) -> str:
    if isinstance(row, dict):
        shown = [f"{k}={v!r}" for k, v in row.items() if not isinstance(v, (list, dict))][:3]
        return ", ".join(shown)
    return repr(row)


def run_checks(content) -> list[Problem]:
    """Evaluate every check of a game; one problem per failing check (or per failing row)."""
    names, where = namespace(content)
    problems: list[Problem] = []
    for checks_id, doc in content.of_kind("checks").items():
        loc = content.located[("checks", checks_id)]
        for ci, check in enumerate(doc.checks):
            problems.extend(_run_one(content, check, ("checks", ci), loc, names, where))
    return problems


def _run_one(content, check: Check, path, loc, names, where) -> list[Problem]:
    evaluator = EvalWithCompoundTypes(names=dict(names), functions=FUNCTIONS)
    parsed: dict = {}

    def evaluate(expr: str, field: str, extra=None):
        evaluator.names = {**names, **(extra or {})}
        try:
            if expr not in parsed:  # parse once, evaluate per row
                parsed[expr] = evaluator.parse(expr)
            return evaluator.eval(expr, previously_parsed=parsed[expr]), None
        except (InvalidExpression, KeyError, IndexError, TypeError, ValueError, ZeroDivisionError,
                AttributeError, SyntaxError) as exc:
            return None, loc.problem(path + (field,), f"check '{check.id}': cannot evaluate "
                                     f"`{expr}`: {type(exc).__name__}: {exc}",
                                     "fix the expression or the content it names")

    if check.for_each is None:
        rows = [None]
    else:
        rows, err = evaluate(check.for_each, "for_each")
        if err:
            return [err]
    problems = []
    for row in rows:
        extra = {"row": row} if row is not None else {}
        if check.where and row is not None:
            keep, err = evaluate(check.where, "where", extra)
            if err:
                return [err]
            if not keep:
                continue
        got, err = evaluate(check.expect, "expect", extra)
        if err:
            return [err]
        want, err = evaluate(check.equals, "equals", extra)
        if err:
            return [err]
        if got != want:
            at = ""
            if row is not None:
                at = f" for row ({_describe_row(row)})"
                if id(row) in where:
                    f, line = where[id(row)]
                    at += f" at {f}:{line}"
            facts_at = _fact_locations(content, check.expect + " " + check.equals)
            message = (f"check '{check.id}' failed{at}: {check.description}: "
                       f"`{check.expect}` is {short_repr(got, 80)} but `{check.equals}` is {short_repr(want, 80)}")
            if facts_at:
                message += f" [{facts_at}]"
            problems.append(loc.problem(path, message, "correct the content value that is wrong"))
    return problems
