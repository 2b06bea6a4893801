"""A small, bounded, safe expression language for content: scoring formulas and content checks.

Content is hostile until parsed, so an expression is never given to Python's ``eval``: it is
parsed with `ast`, every node is checked against a whitelist, and the tree is compiled into
plain Python closures that do only what the whitelist allows. Standard library only (the
scoring core runs in Pyodide).

API (all that callers need)::

    from generator.scoring.expressions import ExpressionError, compile_expression

    expr = compile_expression("chips + war_chips // 3", names={"chips", "war_chips"})
    expr.evaluate({"chips": 9, "war_chips": 7})       # -> 11
    expr.names                                         # -> frozenset({'chips', 'war_chips'})
    evaluate("max(a, b) * 2", {"a": 1, "b": 4})        # compile + evaluate once -> 8

- ``compile_expression(text, names=None, functions=FUNCTIONS, limits=LIMITS)`` returns an
  `Expression` (compile once, evaluate many times: scoring evaluates the same formula for every
  player). ``names``: the free names the expression may use (a set); None allows any name and
  an unknown one fails at evaluation. ``functions``: name -> Python callable the expression may
  call (`FUNCTIONS` by default: ``len sum min max sorted abs int str bool set list tuple range
  all any round_down round_up``); pass ``{**FUNCTIONS, "count": my_count}`` to add your own.
  A function is called with the evaluated arguments (keyword arguments too); its result is
  checked like any other value. Walking its arguments is charged before the call; a function
  that can build more than its arguments hold, or work more than walking them, declares what it
  costs with `Costed` so that is charged before the call too (see "Costs" below).
- ``Expression.evaluate(env, budget=None)``: ``env`` maps names to values (int, bool, str,
  None, float, lists/tuples, dicts of them). Returns the value. ``budget``: a `Budget` shared
  by several evaluations, so that they are bounded together (content checks share one per
  game); by default each evaluation has its own ``max_steps``.
- ``evaluate(text, env, ...)``: both at once.
- Every error, in parsing or in evaluation, is an `ExpressionError` (a ``ValueError``):
  ``message`` (what is wrong and how to fix it), ``expression`` (the text), ``column``
  (1-based position in the text, or None), and for a name not known ``unknown`` (the name) and
  ``known`` (the names allowed). ``str(error)`` is the message. The content loader
  turns it into a located content error (file, line, field). Nothing else escapes, whatever
  the text or the values: no ``TypeError``, ``RecursionError`` or ``MemoryError`` from hostile
  input.

The language is Python's expression syntax, restricted:

- literals: whole numbers, decimal numbers, text (``'...'``), ``True``, ``False``, ``None``;
  lists ``[..]``, tuples, sets ``{a, b}`` and dicts ``{k: v}``;
- arithmetic ``+ - * // % **`` and unary ``- + not``; ``/`` is refused (write ``//`` for whole
  numbers: VP are whole); ``text % value`` formats with the simple ``%d %s %i %r %x %f``
  conversions (width and precision at most 2 digits);
- comparisons ``== != < <= > >= in not in is is not`` (chained, as in Python), ``and``, ``or``,
  ``x if condition else y``;
- names from ``env``; ``a.b`` reads key ``b`` of a mapping ``a`` (``row.low`` is
  ``row['low']``); ``a[i]``, ``a[i:j]``, ``a[key]``;
- calls of the ``functions`` given, and of the methods ``keys values items get`` (mappings),
  ``lower upper strip startswith endswith split join`` (text), ``count index`` (lists);
- comprehensions ``[x for x in xs if ...]``, ``{...}``, ``{k: v ...}``, ``(... for ...)``
  (a generator is a list).

Not allowed (refused when compiled, with the position): assignment expressions, lambda,
attribute access other than the above (no ``__class__``), starred arguments, f-strings, await,
yield, anything else.

Bounds (`Limits`, defaults in `LIMITS`): text at most ``max_length`` (2,000) characters; the
syntax tree at most ``max_depth`` (40) deep and ``max_nodes`` (1,000) nodes; every whole number
computed below ``max_int`` (10**15) in size; texts and lists built at most ``max_items``
(100,000) long; at most ``max_steps`` (200,000) steps per evaluation, where every comprehension
iteration and every item a function walks over is a step (``len`` walks only the items of its
argument, not those of the lists and mappings inside them: it reads a size). A bound that is hit is an
`ExpressionError` saying which. Evaluation time is therefore bounded by the steps, whatever
content holds.

Costs are charged before the work (`charge`): every operation that builds a text, list, set or
mapping works out the size of what it would build from its operands' sizes (``a + b``:
``len(a) + len(b)``; ``xs * n``: ``len(xs) * n``; ``sep.join(xs)``; ``text % values``: at most
the template, each value written out and 120 characters a conversion; ``str(x)``: at most what
``x`` prints as; a slice; each item a comprehension adds), refuses it past ``max_items`` and
spends a step per item, and only then builds it, so a formula is refused before it allocates
what it asks for. A function declares its cost with ``Costed(fn, cost)``: ``cost(*args,
**kwargs) -> (size, work)``, the items it builds and its steps of work beyond walking the
arguments (``sum(lists, [])`` copies the list built so far at each item: quadratic work,
charged as ``xs[0] + xs[1] + ...`` would be).
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping
from typing import Any

from generator.scoring.expressions.compiler import _column, _Compiler, _short
from generator.scoring.expressions.costs import (
    FUNCTIONS,
    LIMITS,
    Budget,
    Costed,
    ExpressionError,
    Limits,
    _Fn,
    argument_size,
    charge,
)

#: The language's API (the docstring above): what callers import from here.
__all__ = [
    "FUNCTIONS",
    "LIMITS",
    "Budget",
    "Costed",
    "Expression",
    "ExpressionError",
    "Limits",
    "argument_size",
    "charge",
    "compile_expression",
    "evaluate",
]


class Expression:
    """A compiled expression: ``text``, ``names`` (the free names it reads, a frozenset) and
    `evaluate`. Immutable; safe to evaluate many times (and from several players)."""

    __slots__ = ("text", "names", "limits", "_fn", "_name", "_budget")

    def __init__(self, text: str, names: frozenset, limits: Limits, fn: _Fn, name: str | None = None):
        self.text = text
        self.names = names
        self.limits = limits
        self._fn = fn
        self._name = name  # the expression is this one name: read it, nothing to evaluate
        self._budget = Budget(limits)  # refilled at every evaluation (one evaluation at a time)

    def __repr__(self) -> str:
        return f"Expression({self.text!r})"

    @property
    def single_name(self) -> str | None:
        """The name the expression is when it is one name and nothing else (``chips``), else
        None: a caller may read it from the env itself (no step is taken for it either way)."""
        return self._name

    def evaluate(self, env: Mapping[str, Any], budget: Budget | None = None) -> Any:
        """The value of the expression with ``env``'s names; raises `ExpressionError`.
        ``budget``: steps shared with other evaluations (default: `Limits.max_steps` for this
        one)."""
        if self._name is not None:  # one name: nothing to evaluate, no step taken
            try:
                return env[self._name]
            except KeyError:
                raise ExpressionError(f"unknown name '{self._name}'", self.text, unknown=self._name) from None
        if budget is None:  # this expression's own budget, refilled (one evaluation at a time)
            budget = self._budget
            budget.left = budget.steps
        try:
            return self._fn(env, budget)
        except ExpressionError as exc:
            if not exc.expression:
                exc.expression = self.text
            raise
        except (
            TypeError,
            ValueError,
            KeyError,
            IndexError,
            ZeroDivisionError,
            AttributeError,
            OverflowError,
            RecursionError,
            MemoryError,
        ) as exc:
            raise ExpressionError(f"cannot evaluate `{_short(self.text)}`: {_explain(exc)}", self.text) from None


def _explain(exc: BaseException) -> str:
    if isinstance(exc, ZeroDivisionError):
        return "division by zero"
    if isinstance(exc, KeyError):
        return f"no key {exc.args[0]!r}" if exc.args else "no such key"
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    if isinstance(exc, MemoryError):
        return "needs too much memory"
    return f"{type(exc).__name__}: {exc}"


def compile_expression(
    text: str, names=None, functions: Mapping[str, Callable] | None = None, limits: Limits = LIMITS
) -> Expression:
    """Parse and check ``text``; returns an `Expression`. ``names``: the free names allowed
    (None: any); ``functions``: name -> callable (default `FUNCTIONS`). Raises `ExpressionError`
    (with the column) for text that is too long, not an expression, nested too deeply, using
    something not allowed, or naming an unknown name or function."""
    if not isinstance(text, str):
        raise ExpressionError(f"an expression must be text, not {type(text).__name__}", str(text))
    if len(text) > limits.max_length:
        raise ExpressionError(
            f"expression is {len(text):,} characters long; at most "
            f"{limits.max_length:,} (split it into named components)",
            _short(text),
        )
    functions = FUNCTIONS if functions is None else functions
    indent = len(text) - len(text.lstrip())
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError as exc:
        column = exc.offset + indent if isinstance(exc.offset, int) and exc.offset > 0 else None
        raise ExpressionError(
            f"not an expression: {exc.msg} (at column {column})" if column else f"not an expression: {exc.msg}",
            text,
            column,
        ) from None
    except (ValueError, RecursionError, MemoryError) as exc:  # null bytes, deep nesting
        raise ExpressionError(f"not an expression: {_explain(exc)}", text) from None
    _check_shape(tree, text, limits)
    if indent:  # positions in messages count from the start of the text as written
        for node in ast.walk(tree):
            if hasattr(node, "col_offset"):
                node.col_offset += indent
    compiler = _Compiler(text, names, functions, limits)
    fn = compiler.node(tree.body)
    name = tree.body.id if isinstance(tree.body, ast.Name) else None
    return Expression(text, frozenset(compiler.free), limits, fn, name)


def evaluate(
    text: str, env: Mapping[str, Any], functions: Mapping[str, Callable] | None = None, limits: Limits = LIMITS
) -> Any:
    """Compile ``text`` and evaluate it with ``env`` (names are checked at evaluation)."""
    return compile_expression(text, None, functions, limits).evaluate(env)


def _check_shape(tree: ast.AST, text: str, limits: Limits) -> None:
    """Depth and size of the tree, walked without recursion (a deep tree cannot overflow it)."""
    stack = [(tree, 0)]
    count = 0
    while stack:
        node, depth = stack.pop()
        count += 1
        if depth > limits.max_depth:
            raise ExpressionError(
                f"expression is nested more than {limits.max_depth} deep (split it into named components)",
                text,
                _column(node),
            )
        if count > limits.max_nodes:
            raise ExpressionError(
                f"expression has more than {limits.max_nodes} parts (split it into named components)", text
            )
        stack.extend((child, depth + 1) for child in ast.iter_child_nodes(node))
