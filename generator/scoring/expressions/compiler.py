"""The expression compiler: a syntax tree whose shape is checked (`generator.scoring.expressions`)
turned into plain closures ``fn(env, budget) -> value``, one per node the whitelist allows; each
checks its values against the limits and charges its costs before the work (`costs`). Standard
library only.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping
from typing import NoReturn

from generator.scoring.expressions.costs import (
    _BINARY,
    _COMPARE,
    _METHOD_SIZES,
    _NESTED,
    _OPERATOR_WORDS,
    _SEQUENCES,
    _SIZES,
    _UNARY,
    METHODS,
    Costed,
    ExpressionError,
    Limits,
    _add_size,
    _check,
    _counted,
    _Fn,
    _hashed,
    _join_size,
    _sized,
    _walked,
    charge,
)


def _short(text: str, most: int = 80) -> str:
    return text if len(text) <= most else text[: most - 3] + "..."


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
        raise ExpressionError(
            f"{message} (at column {_column(node)})" if _column(node) else message, self.text, _column(node), **facts
        )

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
            self.fail(
                node,
                f"unknown name '{name}' (known names: {_short(', '.join(known) or 'none', 300)})",
                unknown=name,
                known=known,
            )
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
                return ExpressionError(
                    f"no field '{key}' (has: {_short(', '.join(fields), 200)})",
                    text,
                    _column(node),
                    unknown=key,
                    known=fields,
                )
            return ExpressionError(
                f"'.{key}' reads a field of a mapping, not of {type(value).__name__}", text, _column(node)
            )

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
            self.fail(node, "`/` is not allowed: scores are whole numbers (use `//` to divide rounding down)")
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
                self.fail(node, f"unknown function '{name}' (functions: {', '.join(known)})", unknown=name, known=known)
            function = self.functions[name]
            # len() reads a size: it costs the items of the list itself, not of lists inside it
            # (a formula's len(players) would otherwise walk every value of every player)
            walk = _counted if function is len else _walked
            cost: Callable | None = None
            if type(function) is Costed:
                cost, function = function.cost, function.fn

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
                    raise ExpressionError(
                        f"'.{method}()' cannot be called on {type(value).__name__} "
                        f"(allowed: {', '.join(sorted(allowed)) or 'none'})",
                        text,
                        _column(node),
                    )
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
                        raise ExpressionError(f"cannot unpack {len(values)} values into {len(targets)} names")
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
            ((source, (name,), conditions, weight),) = generators

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
        generators, (key, value) = self._comprehension(node, lambda: (self.node(node.key), self.node(node.value)))
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
    names = {
        "NamedExpr": "`:=` (assignment)",
        "Lambda": "lambda",
        "JoinedStr": "an f-string",
        "Await": "await",
        "Yield": "yield",
        "YieldFrom": "yield",
        "Starred": "`*`",
        "FormattedValue": "an f-string",
    }
    kind = type(node).__name__
    return names.get(kind, f"`{kind}`")
