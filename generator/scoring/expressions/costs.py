"""Bounds and costs of the expression language (`generator.scoring.expressions`): its one error,
the limits of an expression, the step budget of evaluation, what every operator, method and
function builds and works, charged before the work (`charge`, `Costed`), and the functions
content may call (`FUNCTIONS`). Standard library only. The rules are in the package docstring
("Bounds", "Costs").
"""

from __future__ import annotations

import ast
import operator
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any


class ExpressionError(ValueError):
    """An expression that cannot be compiled or evaluated: ``message`` (what and how to fix),
    ``expression`` (its text), ``column`` (1-based position in it, or None); for a name or a
    function that is not known, ``unknown`` (that name) and ``known`` (the names, or functions,
    allowed, sorted; empty when any name was allowed and the env lacked it), so a caller can
    suggest the closest without reading the message; else ``unknown`` is None."""

    def __init__(
        self,
        message: str,
        expression: str = "",
        column: int | None = None,
        unknown: str | None = None,
        known: tuple[str, ...] = (),
    ):
        super().__init__(message)
        self.message = message
        self.expression = expression
        self.column = column
        self.unknown = unknown
        self.known = known

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class Limits:
    """The bounds of one expression (see the module docstring)."""

    max_length: int = 2000
    max_depth: int = 40
    max_nodes: int = 1000
    max_int: int = 10**15
    max_items: int = 100_000
    max_steps: int = 200_000


LIMITS = Limits()

_Fn = Callable[[Mapping, "_Budget"], Any]


class Budget:
    """Steps left for evaluation (every loop iteration and every item walked costs one):
    ``steps`` (default ``limits.max_steps``). `Expression.evaluate` makes one per call; pass the
    same Budget to several calls to bound them together (content checks share one per game)."""

    __slots__ = ("left", "limits", "steps", "what")

    def __init__(self, limits: Limits = LIMITS, steps: int | None = None, what: str = "takes"):
        self.steps = limits.max_steps if steps is None else steps
        self.left = self.steps
        self.limits = limits
        self.what = what  # the error's subject: "takes", "the formulas scoring one record take"

    def spend(self, steps: int) -> None:
        """Take ``steps``; raises `ExpressionError` once more than ``self.steps`` are taken."""
        self.left -= steps
        if self.left < 0:
            raise ExpressionError(f"{self.what} more than {self.steps:,} steps (loop over fewer items)")

    def walk(self, *values) -> None:
        """Spend what walking ``values`` costs (comparing, printing or hashing them: one step per
        item reached, a shared one each time); raises `ExpressionError` past the budget."""
        _walked(self, *values)


_Budget = Budget


def charge(budget: Budget, size: int, limits: Limits, work: int = 0) -> None:
    """Charge building a value of ``size`` items (characters of a text, items of a list, set or
    mapping) and ``work`` steps more, BEFORE it is built: raises `ExpressionError` when ``size``
    is past ``limits.max_items`` or the budget is spent. One step per item built, as ``+`` is
    charged. Every operation that builds calls this first with what it would build; a function
    declares its own with `Costed`."""
    if size > limits.max_items:
        raise ExpressionError(f"a text or list grew past {limits.max_items:,} items")
    budget.spend(size + work)


class Costed:
    """A function an expression may call, with what calling it costs: ``cost(*args, **kwargs)
    -> (size, work)``, worked out cheaply from the arguments (their sizes), is the items of the
    text or list ``fn`` builds (0 for a number) and the steps of its work beyond walking its
    arguments; the call walks the arguments, `charge`s these, and only then runs ``fn``.
    Wrap any function whose result or work can outgrow its arguments::

        FUNCTIONS = {**FUNCTIONS, "repeat": Costed(lambda s, n: s * n, lambda s, n: (len(s) * n, 0))}
    """

    __slots__ = ("fn", "cost", "__name__")

    def __init__(self, fn: Callable, cost: Callable):
        self.fn = fn
        self.cost = cost
        self.__name__ = getattr(fn, "__name__", "function")

    def __call__(self, *args, **kwargs):
        return self.fn(*args, **kwargs)

    def __repr__(self) -> str:
        return f"Costed({self.__name__})"


# --- values and their bounds ----------------------------------------------------------------


def _check(value, limits: Limits):
    """``value`` when it is within bounds (numbers below max_int, sequences at most max_items)."""
    kind = type(value)
    if kind is int:
        if -limits.max_int < value < limits.max_int:
            return value
        raise ExpressionError(f"a number grew past {limits.max_int:,} in size")
    if kind is float:
        if value != value or not -limits.max_int < value < limits.max_int:  # NaN or too big
            raise ExpressionError(f"a number grew past {limits.max_int:,} in size (or is not a number)")
        return value
    if kind in (str, list, tuple, dict, set, frozenset) and len(value) > limits.max_items:
        raise ExpressionError(f"a text or list grew past {limits.max_items:,} items")
    return value


def _hashed(value, budget: _Budget):
    """``value``, after spending what hashing it costs (a tuple is hashed item by item, and a
    tuple of shared tuples can hold millions of items)."""
    if type(value) in (tuple, frozenset):
        _walked(budget, value)
    return value


def _sized(value) -> int:
    return len(value) if isinstance(value, (str, list, tuple, dict, set, frozenset)) else 1


_SEQUENCES = (str, list, tuple)


def _add_size(a, b) -> int:
    """The items ``a + b`` builds: 0 for numbers."""
    return len(a) + len(b) if isinstance(a, _SEQUENCES) and isinstance(b, _SEQUENCES) else 0


def _mul_size(a, b) -> int:
    """The items ``a * b`` builds (a text or list repeated): 0 for numbers."""
    for seq, times in ((a, b), (b, a)):
        if isinstance(seq, _SEQUENCES) and type(times) in (int, bool):
            return len(seq) * max(times, 0)
    return 0


def _mod_size(a, b) -> int:
    """At most the characters ``text % values`` builds (`_text_size` of the values, 120 more a
    conversion for widths and precisions); 0 for numbers."""
    if not isinstance(a, str):
        return 0
    quoted = "r" in a  # %r writes a text with its quotes and escapes
    values = b if type(b) is tuple else (b,)
    return len(a) + 120 * a.count("%") + sum(_text_size(v, quoted) for v in values)


def _text_size(value, quoted: bool = False, most: int | None = None) -> int:
    """At most the characters ``str(value)`` prints (``quoted``: as ``repr``, as texts inside a
    list print): a text's length (quoted: with its quotes and escapes; 10 a character when it
    holds one that prints escaped, ``\\U0001f600``), a number's digits, a list's or mapping's
    items and separators. Stops counting once past ``most`` (default `LIMITS.max_items`). Walks
    as `_walked` does, so its time is what walking ``value`` was charged."""
    most = LIMITS.max_items if most is None else most
    size = 0
    stack = [(value, quoted)]
    while stack and size <= most:
        current, quoted = stack.pop()
        kind = type(current)
        if kind is str:
            if not quoted:
                size += len(current)
            elif current.isprintable():
                size += len(current) + 2 + current.count("\\") + current.count("'")
            else:
                size += 10 * len(current) + 2
        elif kind in _NESTED:
            size += 12 + (4 if kind is dict else 2) * len(current)  # brackets ("frozenset({})"), separators
            items = current.items() if kind is dict else ((v,) for v in current)
            for item in items:
                stack.extend((v, True) for v in item)
        elif kind in (int, float, bool) or current is None:
            size += len(repr(current))  # short: numbers are below 10**15
        else:
            size += 64
    return size


def _add(a, b, limits):
    if _add_size(a, b) > limits.max_items:
        raise ExpressionError(f"a text or list grew past {limits.max_items:,} items")
    return a + b


def _mul(a, b, limits):
    if _mul_size(a, b) > limits.max_items:
        raise ExpressionError(f"a text or list grew past {limits.max_items:,} items")
    return a * b


def _pow(a, b, limits):
    if type(b) is int and b < 0:
        raise ExpressionError("a negative power is not allowed (scores are whole numbers)")
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and abs(a) >= 2 and b >= 64:
        raise ExpressionError(f"a number grew past {limits.max_int:,} in size")
    return a**b


_FORMAT = re.compile(r"%(?:%|[-+ 0#]?\d{0,2}(?:\.\d{0,2})?[diouxXeEfFgGsr])")


def _mod(a, b, limits):
    if isinstance(a, str):  # text formatting: only simple conversions, so the result stays small
        rest = _FORMAT.sub("", a)
        if "%" in rest:
            raise ExpressionError("text formatting allows only simple conversions such as %d, %s, %2d or %.1f")
    return a % b


_BINARY = {
    ast.Add: _add,
    ast.Sub: lambda a, b, _l: a - b,
    ast.Mult: _mul,
    ast.FloorDiv: lambda a, b, _l: a // b,
    ast.Mod: _mod,
    ast.Pow: _pow,
}
#: What a binary operator builds, worked out from its operands before it runs (`charge`).
_SIZES = {ast.Add: _add_size, ast.Mult: _mul_size, ast.Mod: _mod_size}
_UNARY: dict[type, Callable[[Any], Any]] = {ast.USub: operator.neg, ast.UAdd: operator.pos, ast.Not: operator.not_}
_COMPARE = {
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
    ast.Is: operator.is_,
    ast.IsNot: operator.is_not,
    ast.In: lambda a, b: a in b,
    ast.NotIn: lambda a, b: a not in b,
}
_OPERATOR_WORDS = {
    ast.Div: "/",
    ast.MatMult: "@",
    ast.LShift: "<<",
    ast.RShift: ">>",
    ast.BitOr: "|",
    ast.BitAnd: "&",
    ast.BitXor: "^",
    ast.Invert: "~",
}


def _join_size(sep, items=(), *_) -> int:
    """The characters ``sep.join(items)`` builds (a non-text item fails the join itself)."""
    if type(items) not in (list, tuple):
        items = list(items) if isinstance(items, (str, dict, set, frozenset)) else ()
    return (len(sep) * max(len(items) - 1, 0) if type(sep) is str else 0) + sum(
        len(item) for item in items if type(item) is str
    )


#: What a method other than ``join`` builds, by its name: at most its receiver's size (`_sized`)
#: unless given here (a method that reads a value builds nothing).
_METHOD_SIZES = {name: (lambda value: 0) for name in ("get", "startswith", "endswith", "count", "index")}

#: Methods an expression may call, by the type of the value they are called on.
METHODS: dict[type, frozenset[str]] = {
    dict: frozenset({"keys", "values", "items", "get"}),
    str: frozenset({"lower", "upper", "strip", "startswith", "endswith", "split", "join"}),
    list: frozenset({"count", "index"}),
    tuple: frozenset({"count", "index"}),
}


# --- the functions content may call ---------------------------------------------------------

_NESTED = frozenset({list, tuple, dict, set, frozenset})


def _walked(budget: _Budget, *values) -> None:
    """Spend what walking ``values`` costs, as ``==``, ``str()``, ``sorted()``, ``in`` and hashing
    walk them: one step per item of every list, tuple, set and mapping reached (keys and values),
    counted again each time a shared one is reached (``[xs] * 1000`` holds ``xs`` a thousand
    times), and one step per 64 characters of text. The walk stops at the first step past the
    budget, so it costs no more than it may spend; a whole number costs nothing."""
    for value in values:
        kind = type(value)
        if kind is str:
            budget.spend(1 + len(value) // 64)
        elif kind in _NESTED:
            stack = [value]
            while stack:
                current = stack.pop()
                budget.spend(len(current))
                for item in (current.keys(), current.values()) if type(current) is dict else (current,):
                    for v in item:
                        t = type(v)
                        if t in _NESTED:
                            stack.append(v)
                        elif t is str and len(v) >= 64:
                            budget.spend(len(v) // 64)


def _counted(budget: _Budget, value) -> None:
    """Spend what counting the items of ``value`` costs: one step per item of a list, tuple,
    set or mapping (not of those inside it: `_walked` for that); a text as `_walked`."""
    if type(value) in _NESTED:
        budget.spend(len(value))
    else:
        _walked(budget, value)


def _range_cost(*args):
    """``range(...)``'s cost: the numbers it lists (refused past `LIMITS.max_items`)."""
    try:
        size = len(range(*args))
    except OverflowError:
        size = LIMITS.max_items + 1
    if size > LIMITS.max_items:
        raise ExpressionError(f"range() of more than {LIMITS.max_items:,} numbers")
    return size, 0


def _range(*args):
    return list(range(*args))


def _sum_cost(items=(), start=0):
    """``sum(items, start)``'s cost: for lists (or tuples) the list it builds and the copying,
    as ``start + items[0] + items[1] + ...`` is charged (each ``+`` copies what was built so
    far: quadratic); nothing for numbers."""
    size = len(start) if type(start) in (list, tuple) else 0
    if not size and type(start) not in (list, tuple):
        return 0, 0
    work = 0
    for item in items if type(items) in (list, tuple) else ():
        if type(item) in (list, tuple):
            size += len(item)
            work += size
    return size, work


def argument_size(value=(), *_, **_named):
    """The cost (`Costed`) of a function that builds at most what its first argument holds
    (``list``, ``sorted``, ``set``): that argument's items."""
    return _sized(value) if type(value) is not int else 0, 0


def _str_cost(value="", *_):
    """``str(value)``'s cost: at most what it prints (`_text_size`)."""
    return _text_size(value), 0


def round_down(value: int, by: int) -> int:
    """``value // by``: whole ``by``s in ``value`` (1 VP per 3 chips: ``round_down(chips, 3)``)."""
    return value // by


def round_up(value: int, by: int) -> int:
    """``value`` divided by ``by``, rounded up."""
    return -(-value // by)


#: The functions every expression may call (callers may add their own: see the module docstring).
#: Those that build more than a number are `Costed`: what they build is charged before they run.
FUNCTIONS: dict[str, Callable] = {
    "len": len,
    "sum": Costed(sum, _sum_cost),
    "min": min,
    "max": max,
    "sorted": Costed(sorted, argument_size),
    "abs": abs,
    "int": int,
    "str": Costed(str, _str_cost),
    "bool": bool,
    "set": Costed(set, argument_size),
    "list": Costed(list, argument_size),
    "tuple": Costed(tuple, argument_size),
    "range": Costed(_range, _range_cost),
    "all": all,
    "any": any,
    "round_down": round_down,
    "round_up": round_up,
}
