"""Content cross-checks: invariants written in content (``kind: checks``), evaluated here.

The numbers being checked live in content (facts and tables, each with its source), so fixing a
number is a content edit; this module only evaluates the expressions, in the scoring core's own
bounded expression language (`generator.scoring.expressions`: parsed and whitelisted, never
``eval``; numbers, texts, lists, nesting and steps bounded), and reports failures with the files
and values.

Every way a check can go wrong is a problem located at the check and naming it: an expression
that is not in the language, names something unknown, fails (a missing key, a division by
zero) or passes a bound; a ``for_each`` that gives no list or more than `MAX_ROWS` rows; a check
id used twice in one game. All of a game's checks share one budget of `GAME_STEPS` steps, so no
content makes `check` or `build` run for long, whatever it holds.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from generator.content.models import Check
from generator.errors import Problem, cut, did_you_mean, short_repr
from generator.scoring import expressions
from generator.scoring.expressions import Budget, Expression, ExpressionError, compile_expression


def _count(items, **where) -> int:
    """Number of items (dicts) whose fields equal every ``where`` value."""
    return sum(1 for it in items if all(it.get(k) == v for k, v in where.items()))


def _values(items, field: str) -> list:
    """The ``field`` of every item (dict) that has it."""
    return [it[field] for it in items if field in it]


#: What a check may call: the expression language's functions, plus two for rows of dicts.
FUNCTIONS: dict[str, Callable] = {**expressions.FUNCTIONS, "count": _count, "values": _values}
#: The names every expression sees; ``row`` too in a check with ``for_each``.
NAMES = frozenset({"facts", "tables", "cards"})
#: Steps all checks of one game may take together (`expressions.Budget`; every evaluation also
#: costs one step per character of its expression, which bounds the work loops do not count).
#: The shipped content's busiest game takes about 60,000, its busiest check 2,693.
GAME_STEPS = 2_000_000
#: Most rows a ``for_each`` may give (the shipped checks walk at most a few hundred).
MAX_ROWS = 10_000

_HINT = "fix the expression or the content it names"
_NO_ROW = object()


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
        shown = [f"{k}={short_repr(v, 40)}" for k, v in list(row.items())[:20] if not isinstance(v, (list, dict))][:3]
        return ", ".join(shown)
    return short_repr(row, 80)


def run_checks(content) -> list[Problem]:
    """Evaluate every check of a game; one problem per failing check (or per failing row), per
    check that cannot be evaluated, and per repeated check id (see the module docstring)."""
    names, where = namespace(content)
    budget = Budget(steps=GAME_STEPS)
    problems: list[Problem] = []
    seen: dict[str, str] = {}
    every = [
        (content.located[("checks", checks_id)], ci, check)
        for checks_id, doc in content.of_kind("checks").items()
        for ci, check in enumerate(doc.checks)
    ]
    for n, (loc, ci, check) in enumerate(every):
        path = ("checks", ci)
        if check.id in seen:
            problems.append(
                loc.problem(
                    path + ("id",),
                    f"check '{check.id}' is defined twice (also at {seen[check.id]}); it is run once",
                    "give each check its own id",
                )
            )
            continue
        seen[check.id] = f"{loc.file}:{loc.position(path + ('id',))[0]}"
        problems.extend(_run_one(content, check, path, loc, names, where, budget))
        if budget.left < 0:
            rest = len(every) - n - 1
            problems.append(
                loc.problem(
                    path,
                    f"check '{check.id}': this game's checks take more than "
                    f"{GAME_STEPS:,} steps in all; {rest} check{'s' if rest != 1 else ''} "
                    f"after it {'were' if rest != 1 else 'was'} not run",
                    "make the expressions walk fewer items",
                )
            )
            break
    return problems


def _within(game: Budget, work):
    """``work(budget)`` with a budget of its own: the expression language's steps for one
    evaluation, or what is left of the ``game``'s when that is less; what it spends is taken
    from ``game``. Raises `ExpressionError` as ``work`` does; ``game.left`` is then negative
    when it was the game's budget that ran out."""
    own = Budget(steps=max(0, min(expressions.LIMITS.max_steps, game.left)))
    try:
        return work(own)
    except ExpressionError:
        if own.left < 0 and own.steps < expressions.LIMITS.max_steps:
            game.left = -1
        raise
    finally:
        if game.left >= 0:
            game.left -= min(own.steps, own.steps - own.left)


def _message(check: Check, text: str, exc: ExpressionError) -> str:
    """The problem text for an expression of ``check`` that failed with ``exc``."""
    message = exc.message
    if not message.startswith("cannot evaluate"):
        message = f"cannot evaluate `{cut(text, 80)}`: {message}"
    return f"check '{check.id}': {message}"


def _run_one(content, check: Check, path, loc, names, where, budget: Budget) -> list[Problem]:
    fields = [f for f in ("for_each", "where", "expect", "equals") if getattr(check, f) is not None]
    if check.where is not None and check.for_each is None:
        return [
            loc.problem(
                path + ("where",),
                f"check '{check.id}': `where` needs `for_each`",
                "add for_each: <the list of rows>, or remove where",
            )
        ]
    compiled: dict[str, Expression] = {}
    for field in fields:
        text = getattr(check, field)
        allowed = NAMES if field == "for_each" or check.for_each is None else NAMES | {"row"}
        try:
            compiled[field] = compile_expression(text, names=allowed, functions=FUNCTIONS)
        except ExpressionError as exc:
            hint = did_you_mean(exc.unknown, exc.known) + _HINT if exc.unknown else _HINT
            return [loc.problem(path + (field,), _message(check, text, exc), hint)]

    def evaluate(field: str, env) -> tuple[Any, Problem | None]:
        expression = compiled[field]
        try:
            # one step a character bounds the work of an expression without loops
            return _within(
                budget, lambda one: (one.spend(len(expression.text)), expression.evaluate(env, one))[1]
            ), None
        except ExpressionError as exc:
            if budget.left < 0:
                return None, None  # the game's budget is spent: said once, by run_checks
            return None, loc.problem(path + (field,), _message(check, expression.text, exc), _HINT)

    rows: list | tuple | set | frozenset
    if check.for_each is None:
        rows = [_NO_ROW]
    else:
        found, err = evaluate("for_each", names)
        if err or budget.left < 0:
            return [err] if err else []
        if isinstance(found, dict):
            found = list(found)
        if not isinstance(found, (list, tuple, set, frozenset)):
            return [
                loc.problem(
                    path + ("for_each",),
                    f"check '{check.id}': `for_each` gives {short_repr(found, 60)}, not a list of rows",
                    _HINT,
                )
            ]
        rows = found
        if len(rows) > MAX_ROWS:
            return [
                loc.problem(
                    path + ("for_each",),
                    f"check '{check.id}': `for_each` gives {len(rows):,} rows; a check may walk at most {MAX_ROWS:,}",
                    _HINT,
                )
            ]
    problems = []
    for row in rows:
        env = names if row is _NO_ROW else {**names, "row": row}
        if check.where is not None:
            keep, err = evaluate("where", env)
            if err or budget.left < 0:
                return [err] if err else []
            if not keep:
                continue
        got, err = evaluate("expect", env)
        if err is None and budget.left >= 0:
            want, err = evaluate("equals", env)
        if err or budget.left < 0:
            return [err] if err else []
        try:
            _within(budget, lambda one, got=got, want=want: one.walk(got, want))  # comparing (and quoting) walks both
        except ExpressionError as exc:
            if budget.left < 0:
                return []  # the game's budget is spent: said once, by run_checks
            return [
                loc.problem(
                    path,
                    f"check '{check.id}': comparing `{cut(check.expect, 80)}` with "
                    f"`{cut(check.equals, 80)}` {exc.message}",
                    _HINT,
                )
            ]
        if got != want:
            at = ""
            if row is not _NO_ROW:
                at = f" for row ({_describe_row(row)})"
                if id(row) in where:
                    f, line = where[id(row)]
                    at += f" at {f}:{line}"
            facts_at = _fact_locations(content, check.expect + " " + check.equals)
            message = (
                f"check '{check.id}' failed{at}: {check.description}: "
                f"`{cut(check.expect, 200)}` is {short_repr(got, 80)} but `{cut(check.equals, 200)}` "
                f"is {short_repr(want, 80)}"
            )
            if facts_at:
                message += f" [{facts_at}]"
            problems.append(loc.problem(path, message, "correct the content value that is wrong"))
    return problems
