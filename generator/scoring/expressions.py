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
import operator
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, NoReturn


class ExpressionError(ValueError):
    """An expression that cannot be compiled or evaluated: ``message`` (what and how to fix),
    ``expression`` (its text), ``column`` (1-based position in it, or None); for a name or a
    function that is not known, ``unknown`` (that name) and ``known`` (the names, or functions,
    allowed, sorted; empty when any name was allowed and the env lacked it), so a caller can
    suggest the closest without reading the message; else ``unknown`` is None."""

    def __init__(self, message: str, expression: str = "", column: int | None = None,
                 unknown: str | None = None, known: tuple[str, ...] = ()):
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
    max_int: int = 10 ** 15
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
            raise ExpressionError(f"{self.what} more than {self.steps:,} steps "
                                  f"(loop over fewer items)")

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
    return a ** b


_FORMAT = re.compile(r"%(?:%|[-+ 0#]?\d{0,2}(?:\.\d{0,2})?[diouxXeEfFgGsr])")


def _mod(a, b, limits):
    if isinstance(a, str):  # text formatting: only simple conversions, so the result stays small
        rest = _FORMAT.sub("", a)
        if "%" in rest:
            raise ExpressionError("text formatting allows only simple conversions such as %d, %s, "
                                  "%2d or %.1f")
    return a % b


_BINARY = {
    ast.Add: _add, ast.Sub: lambda a, b, _l: a - b, ast.Mult: _mul,
    ast.FloorDiv: lambda a, b, _l: a // b, ast.Mod: _mod, ast.Pow: _pow,
}
#: What a binary operator builds, worked out from its operands before it runs (`charge`).
_SIZES = {ast.Add: _add_size, ast.Mult: _mul_size, ast.Mod: _mod_size}
_UNARY = {ast.USub: operator.neg, ast.UAdd: operator.pos, ast.Not: operator.not_}
_COMPARE = {
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
    ast.Gt: operator.gt, ast.GtE: operator.ge, ast.Is: operator.is_, ast.IsNot: operator.is_not,
    ast.In: lambda a, b: a in b, ast.NotIn: lambda a, b: a not in b,
}
_OPERATOR_WORDS = {ast.Div: "/", ast.MatMult: "@", ast.LShift: "<<", ast.RShift: ">>",
                   ast.BitOr: "|", ast.BitAnd: "&", ast.BitXor: "^", ast.Invert: "~"}

def _join_size(sep, items=(), *_) -> int:
    """The characters ``sep.join(items)`` builds (a non-text item fails the join itself)."""
    if type(items) not in (list, tuple):
        items = list(items) if isinstance(items, (str, dict, set, frozenset)) else ()
    return (len(sep) * max(len(items) - 1, 0) if type(sep) is str else 0) + sum(
        len(item) for item in items if type(item) is str)


#: What a method other than ``join`` builds, by its name: at most its receiver's size (`_sized`)
#: unless given here (a method that reads a value builds nothing).
_METHOD_SIZES = {name: (lambda value: 0) for name in ("get", "startswith", "endswith", "count", "index")}

#: Methods an expression may call, by the type of the value they are called on.
METHODS = {
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
    "len": len, "sum": Costed(sum, _sum_cost), "min": min, "max": max, "sorted": Costed(sorted, argument_size),
    "abs": abs, "int": int, "str": Costed(str, _str_cost), "bool": bool, "set": Costed(set, argument_size),
    "list": Costed(list, argument_size), "tuple": Costed(tuple, argument_size), "range": Costed(_range, _range_cost),
    "all": all, "any": any, "round_down": round_down, "round_up": round_up,
}


# --- compiling ------------------------------------------------------------------------------

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
        self._budget = _Budget(limits)  # refilled at every evaluation (one evaluation at a time)

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
                raise ExpressionError(f"unknown name '{self._name}'", self.text,
                                      unknown=self._name) from None
        if budget is None:  # this expression's own budget, refilled (one evaluation at a time)
            budget = self._budget
            budget.left = budget.steps
        try:
            return self._fn(env, budget)
        except ExpressionError as exc:
            if not exc.expression:
                exc.expression = self.text
            raise
        except (TypeError, ValueError, KeyError, IndexError, ZeroDivisionError, AttributeError,
                OverflowError, RecursionError, MemoryError) as exc:
            raise ExpressionError(f"cannot evaluate `{_short(self.text)}`: {_explain(exc)}",
                                  self.text) from None


def _short(text: str, most: int = 80) -> str:
    return text if len(text) <= most else text[:most - 3] + "..."


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


def compile_expression(text: str, names=None, functions: Mapping[str, Callable] | None = None,
                       limits: Limits = LIMITS) -> Expression:
    """Parse and check ``text``; returns an `Expression`. ``names``: the free names allowed
    (None: any); ``functions``: name -> callable (default `FUNCTIONS`). Raises `ExpressionError`
    (with the column) for text that is too long, not an expression, nested too deeply, using
    something not allowed, or naming an unknown name or function."""
    if not isinstance(text, str):
        raise ExpressionError(f"an expression must be text, not {type(text).__name__}", str(text))
    if len(text) > limits.max_length:
        raise ExpressionError(f"expression is {len(text):,} characters long; at most "
                              f"{limits.max_length:,} (split it into named components)", _short(text))
    functions = FUNCTIONS if functions is None else functions
    indent = len(text) - len(text.lstrip())
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError as exc:
        column = exc.offset + indent if isinstance(exc.offset, int) and exc.offset > 0 else None
        raise ExpressionError(f"not an expression: {exc.msg} (at column {column})" if column else
                              f"not an expression: {exc.msg}", text, column) from None
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


def evaluate(text: str, env: Mapping[str, Any], functions: Mapping[str, Callable] | None = None,
             limits: Limits = LIMITS) -> Any:
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
            raise ExpressionError(f"expression is nested more than {limits.max_depth} deep "
                                  f"(split it into named components)", text, _column(node))
        if count > limits.max_nodes:
            raise ExpressionError(f"expression has more than {limits.max_nodes} parts "
                                  f"(split it into named components)", text)
        stack.extend((child, depth + 1) for child in ast.iter_child_nodes(node))


def _column(node) -> int | None:
    offset = getattr(node, "col_offset", None)
    return None if offset is None else offset + 1


class _Compiler:
    """Turns a checked tree into closures ``fn(env, budget) -> value``."""

    def __init__(self, text: str, names, functions: Mapping[str, Callable], limits: Limits):
        self.text = text
        self.allowed = None if names is None else frozenset(names)
        self.functions = functions
        self.limits = limits
        self.free: set[str] = set()
        self.bound: list[set[str]] = []  # comprehension variables in scope

    def fail(self, node, message: str, **facts) -> NoReturn:
        """Raise the `ExpressionError` for ``node``; ``facts``: its ``unknown`` and ``known``."""
        raise ExpressionError(f"{message} (at column {_column(node)})" if _column(node) else message,
                              self.text, _column(node), **facts)

    def node(self, node) -> _Fn:
        method = getattr(self, "_" + type(node).__name__, None)
        if method is None:
            self.fail(node, f"{_what(node)} is not allowed in an expression")
        return method(node)

    # literals and containers
    def _Constant(self, node):
        value = node.value
        if type(value) not in (int, float, str, bool) and value is not None:
            self.fail(node, f"{type(value).__name__} literals are not allowed")
        _check(value, self.limits)
        return lambda env, budget: value

    def _List(self, node):
        items = [self.node(e) for e in node.elts]
        return lambda env, budget: [f(env, budget) for f in items]

    def _Tuple(self, node):
        items = [self.node(e) for e in node.elts]
        return lambda env, budget: tuple(f(env, budget) for f in items)

    def _Set(self, node):
        items = [self.node(e) for e in node.elts]
        return lambda env, budget: {_hashed(f(env, budget), budget) for f in items}

    def _Dict(self, node):
        if any(k is None for k in node.keys):
            self.fail(node, "`**` in a mapping is not allowed")
        pairs = [(self.node(k), self.node(v)) for k, v in zip(node.keys, node.values)]
        return lambda env, budget: {_hashed(k(env, budget), budget): v(env, budget) for k, v in pairs}

    # names
    def _Name(self, node):
        name = node.id
        if not isinstance(node.ctx, ast.Load):
            self.fail(node, "assignment is not allowed in an expression")
        if any(name in scope for scope in self.bound):
            return lambda env, budget: env[name]
        if name.startswith("_"):
            self.fail(node, f"names starting with '_' are not allowed ('{name}')")
        if self.allowed is not None and name not in self.allowed:
            known = tuple(sorted(self.allowed))
            self.fail(node, f"unknown name '{name}' (known names: {_short(', '.join(known) or 'none', 300)})",
                      unknown=name, known=known)
        self.free.add(name)
        text = self.text

        def load(env, budget):
            try:
                return env[name]
            except KeyError:
                raise ExpressionError(f"unknown name '{name}'", text, _column(node), unknown=name) from None
        return load

    def _Attribute(self, node):
        key = node.attr
        if key.startswith("_"):
            self.fail(node, f"'.{key}' is not allowed (names starting with '_' are refused)")
        text = self.text

        def no_field(value) -> ExpressionError:
            """The error for reading `.key` of `value` (a mapping without it, or no mapping)."""
            if isinstance(value, dict):
                fields = tuple(sorted(map(str, value)))
                return ExpressionError(f"no field '{key}' (has: {_short(', '.join(fields), 200)})", text,
                                       _column(node), unknown=key, known=fields)
            return ExpressionError(f"'.{key}' reads a field of a mapping, not of "
                                   f"{type(value).__name__}", text, _column(node))

        if isinstance(node.value, ast.Name) and any(node.value.id in scope for scope in self.bound):
            # `p.chips` with `p` a comprehension's name: read it here, without a call for it
            name = node.value.id

            def bound_field(env, budget):
                value = env[name]
                if isinstance(value, dict) and key in value:
                    return value[key]
                raise no_field(value)
            return bound_field

        target = self.node(node.value)

        def field(env, budget):
            value = target(env, budget)
            if isinstance(value, dict) and key in value:
                return value[key]
            raise no_field(value)
        return field

    def _Subscript(self, node):
        target = self.node(node.value)
        if isinstance(node.slice, ast.Slice):
            s = node.slice
            parts = [None if p is None else self.node(p) for p in (s.lower, s.upper, s.step)]

            def sliced(env, budget):
                value = target(env, budget)
                bounds = slice(*[None if p is None else p(env, budget) for p in parts])
                if isinstance(value, _SEQUENCES):  # else `value[...]` says what cannot be sliced
                    budget.spend(len(range(*bounds.indices(len(value)))))  # before it is copied
                return value[bounds]
            return sliced
        index = self.node(node.slice)

        def item(env, budget):
            value, key = target(env, budget), index(env, budget)
            if type(key) in _NESTED:
                _walked(budget, key)  # hashing a tuple key walks it
            return value[key]
        return item

    # operators
    def _BinOp(self, node):
        if type(node.op) is ast.Div:
            self.fail(node, "`/` is not allowed: scores are whole numbers (use `//` to divide "
                            "rounding down)")
        op = _BINARY.get(type(node.op))
        if op is None:
            self.fail(node, f"operator `{_OPERATOR_WORDS.get(type(node.op), '?')}` is not allowed")
        left, right, limits = self.node(node.left), self.node(node.right), self.limits
        if type(node.op) is ast.Add:  # the common case first, without a second call
            def add(env, budget):
                a, b = left(env, budget), right(env, budget)
                if type(a) is int and type(b) is int:
                    value = a + b
                    if -limits.max_int < value < limits.max_int:
                        return value
                charge(budget, _add_size(a, b) or 1, limits)  # before `a + b` builds it
                return _check(a + b, limits)
            return add

        formats = type(node.op) is ast.Mod
        size = _SIZES.get(type(node.op))

        def binary(env, budget):
            a, b = left(env, budget), right(env, budget)
            if formats and type(a) is str:
                _walked(budget, b)  # '%s' % xs writes out all of xs
            if size is not None and (built := size(a, b)):
                charge(budget, built, limits)  # what it builds, before it is built
            value = op(a, b, limits)
            if type(value) is int and -limits.max_int < value < limits.max_int:
                return value
            if size is None and type(value) is not int:
                budget.spend(_sized(value))  # `-` of two sets: at most the first, built already
            return _check(value, limits)
        return binary

    def _UnaryOp(self, node):
        op = _UNARY.get(type(node.op))
        if op is None:
            self.fail(node, f"operator `{_OPERATOR_WORDS.get(type(node.op), '?')}` is not allowed")
        operand = self.node(node.operand)
        return lambda env, budget: op(operand(env, budget))

    def _BoolOp(self, node):
        values = [self.node(v) for v in node.values]
        if isinstance(node.op, ast.And):
            def both(env, budget):
                value = True
                for f in values:
                    value = f(env, budget)
                    if not value:
                        return value
                return value
            return both

        def either(env, budget):
            value = False
            for f in values:
                value = f(env, budget)
                if value:
                    return value
            return value
        return either

    def _Compare(self, node):
        first = self.node(node.left)
        rest = [(_COMPARE[type(op)], self.node(c)) for op, c in zip(node.ops, node.comparators)]
        if len(rest) == 1:
            op, right = rest[0]

            def compare(env, budget):
                a, b = first(env, budget), right(env, budget)
                if type(b) is not int:  # `in` a list, `==` of two lists: walks them
                    if type(a) is str and type(b) is str:  # `_walked` of two texts, inline
                        budget.left -= 2 + len(a) // 64 + len(b) // 64
                        if budget.left < 0:
                            budget.spend(0)  # raises: past the budget
                    else:
                        _walked(budget, a, b)
                return op(a, b)
            return compare

        def chain(env, budget):
            left = first(env, budget)
            for op, f in rest:
                right = f(env, budget)
                if type(right) is not int:
                    _walked(budget, left, right)
                if not op(left, right):
                    return False
                left = right
            return True
        return chain

    def _IfExp(self, node):
        test, body, orelse = self.node(node.test), self.node(node.body), self.node(node.orelse)
        return lambda env, budget: body(env, budget) if test(env, budget) else orelse(env, budget)

    # calls
    def _Call(self, node):
        if any(isinstance(a, ast.Starred) for a in node.args) or any(k.arg is None for k in node.keywords):
            self.fail(node, "`*` and `**` arguments are not allowed")
        args = [self.node(a) for a in node.args]
        kwargs = [(k.arg, self.node(k.value)) for k in node.keywords]
        limits = self.limits
        if isinstance(node.func, ast.Name):
            name = node.func.id
            if name not in self.functions:
                known = tuple(sorted(self.functions))
                self.fail(node, f"unknown function '{name}' (functions: {', '.join(known)})",
                          unknown=name, known=known)
            function = self.functions[name]
            # len() reads a size: it costs the items of the list itself, not of lists inside it
            # (a formula's len(players) would otherwise walk every value of every player)
            walk = _counted if function is len else _walked
            cost = function.cost if type(function) is Costed else None
            if cost is not None:
                function = function.fn

            if not kwargs:
                def call(env, budget):
                    values = [a(env, budget) for a in args]
                    for v in values:
                        if type(v) is not int:
                            walk(budget, v)  # what the function walks over
                    if cost is not None:
                        size, work = cost(*values)
                        charge(budget, size, limits, work)  # what it builds, before it runs
                    value = function(*values)
                    if type(value) is int and -limits.max_int < value < limits.max_int:
                        return value
                    if cost is None:
                        budget.spend(_sized(value))  # what a function not `Costed` built
                    return _check(value, limits)
                return call

            def call(env, budget):
                values = [a(env, budget) for a in args]
                named = {k: v(env, budget) for k, v in kwargs}
                _walked(budget, *values, *named.values())
                if cost is not None:
                    size, work = cost(*values, **named)
                    charge(budget, size, limits, work)
                value = function(*values, **named)
                if cost is None and type(value) is not int:
                    budget.spend(_sized(value))  # what a function not `Costed` built
                return _check(value, limits)
            return call
        if isinstance(node.func, ast.Attribute) and not node.func.attr.startswith("_"):
            method = node.func.attr
            target = self.node(node.func.value)
            text = self.text

            def call_method(env, budget):
                value = target(env, budget)
                allowed = METHODS.get(type(value), frozenset())
                if method not in allowed:
                    raise ExpressionError(f"'.{method}()' cannot be called on {type(value).__name__} "
                                          f"(allowed: {', '.join(sorted(allowed)) or 'none'})",
                                          text, _column(node))
                values = [a(env, budget) for a in args]
                named = {k: v(env, budget) for k, v in kwargs}
                _walked(budget, value, *values, *named.values())
                # what it builds, before it runs: `sep.join(xs)` its exact length, another
                # method at most its receiver's size (`text.split()`, `d.items()`)
                size = _join_size(value, *values) if method == "join" else _METHOD_SIZES.get(method, _sized)(value)
                charge(budget, size, limits)
                result = getattr(value, method)(*values, **named)
                if method in ("keys", "values", "items"):
                    result = list(result)
                return _check(result, limits)
            return call_method
        self.node(node.func)  # a lambda or other refused callee says what it is
        self.fail(node, "only named functions and the allowed methods can be called")

    # comprehensions
    def _comprehension(self, node, make):
        generators = []
        scope: set[str] = set()
        self.bound.append(scope)
        try:
            for gen in node.generators:
                if gen.is_async:
                    self.fail(node, "async comprehensions are not allowed")
                source = self.node(gen.iter)  # evaluated with the names bound so far
                targets = self._targets(gen.target)
                scope.update(targets)
                conditions = [self.node(c) for c in gen.ifs]
                generators.append((source, targets, conditions))
            parts = make()
        finally:
            self.bound.pop()
        # Each item costs one step per part of the expression evaluated for it, not one: else
        # `[x + x + ... + x for x in range(100000)]` (1,000 parts) would run 10**8 of them.
        body = [gen.iter for gen in node.generators[1:]] + [c for gen in node.generators for c in gen.ifs]
        body += [getattr(node, f) for f in ("elt", "key", "value") if hasattr(node, f)]
        weight = 1 + sum(isinstance(n, ast.expr) for part in body for n in ast.walk(part))
        return [(source, targets, conditions, weight) for source, targets, conditions in generators], parts

    def _targets(self, target) -> list[str]:
        if isinstance(target, ast.Name):
            return [target.id]
        if isinstance(target, ast.Tuple) and all(isinstance(e, ast.Name) for e in target.elts):
            return [e.id for e in target.elts if isinstance(e, ast.Name)]
        self.fail(target, "a comprehension variable must be a name or a tuple of names")

    def _iterate(self, generators, env, budget, emit):
        """Run the nested loops, calling ``emit(scope)`` for each combination that passes."""
        last = len(generators) - 1

        def loop(level, scope):
            source, targets, conditions, weight = generators[level]
            items = source(scope, budget)
            if hasattr(items, "keys") and not isinstance(items, dict):
                items = list(items)
            name = targets[0] if len(targets) == 1 else None
            for item in items:
                budget.left -= weight  # `Budget.spend`, inline: this runs once per item
                if budget.left < 0:
                    budget.spend(0)  # raises: past the budget
                if name is not None:
                    scope[name] = item
                else:
                    values = tuple(item)
                    if len(values) != len(targets):
                        raise ExpressionError(f"cannot unpack {len(values)} values into "
                                              f"{len(targets)} names")
                    scope.update(zip(targets, values))
                for condition in conditions:
                    if not condition(scope, budget):
                        break
                else:
                    if level == last:
                        emit(scope)
                    else:
                        loop(level + 1, scope)
        loop(0, dict(env))

    def _ListComp(self, node):
        generators, element = self._comprehension(node, lambda: self.node(node.elt))
        limits = self.limits
        most = limits.max_items  # each item is charged as it is added (its weight), and counted

        if len(generators) == 1 and len(generators[0][1]) == 1:  # `[f(x) for x in xs if c]`: the common case
            (source, (name,), conditions, weight), = generators

            def single(env, budget):
                # what `_iterate` does for one loop over one name, without a call per item
                out = []
                scope = dict(env)
                items = source(scope, budget)
                if hasattr(items, "keys") and not isinstance(items, dict):
                    items = list(items)
                for item in items:
                    budget.left -= weight  # `Budget.spend`, inline: this runs once per item
                    if budget.left < 0:
                        budget.spend(0)  # raises: past the budget
                    scope[name] = item
                    for condition in conditions:
                        if not condition(scope, budget):
                            break
                    else:
                        out.append(element(scope, budget))
                        if len(out) > most:
                            _check(out, limits)  # raises: as long as a list may be, and one more
                return out
            return single

        def comp(env, budget):
            out = []

            def emit(scope):
                out.append(element(scope, budget))
                if len(out) > most:
                    _check(out, limits)  # raises
            self._iterate(generators, env, budget, emit)
            return out
        return comp

    _GeneratorExp = _ListComp

    def _SetComp(self, node):
        generators, element = self._comprehension(node, lambda: self.node(node.elt))
        limits = self.limits

        def comp(env, budget):
            out = set()

            def emit(scope):
                out.add(_hashed(element(scope, budget), budget))
                if len(out) > limits.max_items:
                    _check(out, limits)  # raises
            self._iterate(generators, env, budget, emit)
            return out
        return comp

    def _DictComp(self, node):
        generators, (key, value) = self._comprehension(
            node, lambda: (self.node(node.key), self.node(node.value)))
        limits = self.limits

        def comp(env, budget):
            out = {}

            def emit(scope):
                out[_hashed(key(scope, budget), budget)] = value(scope, budget)
                if len(out) > limits.max_items:
                    _check(out, limits)  # raises
            self._iterate(generators, env, budget, emit)
            return out
        return comp


def _what(node) -> str:
    names = {"NamedExpr": "`:=` (assignment)", "Lambda": "lambda", "JoinedStr": "an f-string",
             "Await": "await", "Yield": "yield", "YieldFrom": "yield", "Starred": "`*`",
             "FormattedValue": "an f-string"}
    kind = type(node).__name__
    return names.get(kind, f"`{kind}`")
