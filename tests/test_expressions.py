"""The bounded expression language of content (`generator.scoring.expressions`): what it
computes, what it refuses, and that every bound holds against hostile text."""

from __future__ import annotations

import time

import pytest

from generator.scoring.expressions import FUNCTIONS, ExpressionError, Limits, compile_expression, evaluate


@pytest.mark.parametrize(
    "text, env, value",
    [
        ("chips + war // 3", {"chips": 9, "war": 7}, 11),
        ("round_down(war, 3) + round_up(7, 2)", {"war": 8}, 6),
        ("max(a, b) * 2 - min([a, b])", {"a": 1, "b": 4}, 7),
        ("5 if mine > 0 else 0", {"mine": 0}, 0),
        ("a < b <= c", {"a": 1, "b": 2, "c": 2}, True),
        ("row.low if row.high == None else row.high", {"row": {"low": 3, "high": None}}, 3),
        ("'%d-%d' % (row.low, row.high)", {"row": {"low": 1, "high": 6}}, "1-6"),
        ("'%d+' % n", {"n": 15}, "15+"),
        (
            "[r.card for r in rows if r.dealt == 2]",
            {"rows": [{"card": "A", "dealt": 2}, {"card": "B", "dealt": 1}]},
            ["A"],
        ),
        ("{k: v * 2 for k, v in m.items()}", {"m": {"x": 1}}, {"x": 2}),
        ("sorted(m.keys())", {"m": {"b": 1, "a": 2}}, ["a", "b"]),
        ("sum(x for x in range(5))", {}, 10),
        ("len(set([1, 1, 2]))", {}, 2),
        ("2 ** 10", {}, 1024),
        ("'ab' * 3", {}, "ababab"),
        ("xs[-1] + xs[0:2][1]", {"xs": [1, 2, 3]}, 5),
        ("name.lower().startswith('old')", {"name": "Old Earth"}, True),
        ("n is None or n in [1, 2]", {"n": None}, True),
        ("not (a and b)", {"a": True, "b": False}, True),
        (" a - -b", {"a": 1, "b": 2}, 3),
    ],
)
def test_values(text, env, value):
    assert compile_expression(text).evaluate(env) == value


def test_names_are_known_at_compile_time():
    expr = compile_expression("chips + war_chips // 3", names={"chips", "war_chips", "goods"})
    assert expr.names == frozenset({"chips", "war_chips"})
    with pytest.raises(ExpressionError, match=r"unknown name 'hand' \(known names: chips, goods\)") as err:
        compile_expression("chips + hand", names={"chips", "goods"})
    assert err.value.column == 9
    # comprehension variables are not free names
    assert compile_expression("[x for x in xs]", names={"xs"}).names == frozenset({"xs"})


def test_an_unknown_name_is_a_field_of_the_error_with_every_name_allowed():
    """A caller suggests the closest name from the error's fields, not from its message, whose
    list of known names is cut at 300 characters."""
    many = {f"quantity_{n:03d}" for n in range(60)} | {"sets"}
    with pytest.raises(ExpressionError) as err:
        compile_expression("1 + setz", names=many)
    assert (err.value.unknown, err.value.column) == ("setz", 5)
    assert err.value.known == tuple(sorted(many)) and "sets" not in err.value.message
    with pytest.raises(ExpressionError) as err:  # not a name problem: no name in the fields
        compile_expression("chips +", names={"chips"})
    assert (err.value.unknown, err.value.known) == (None, ())


def test_an_unknown_function_is_a_field_of_the_error_with_every_function_allowed():
    """`playaid check` suggests the closest function from these fields ('summ' -> 'sum')."""
    with pytest.raises(ExpressionError) as err:
        compile_expression("1 + summ(p.chips for p in players)", names={"players"})
    assert (err.value.unknown, err.value.column) == ("summ", 5)
    assert err.value.known == tuple(sorted(FUNCTIONS)) and "sum" in err.value.known
    assert err.value.message.startswith("unknown function 'summ' (functions: abs, all, any, ")


def test_unknown_name_at_evaluation():
    with pytest.raises(ExpressionError, match="unknown name 'b'") as err:
        evaluate("a + b", {"a": 1})
    assert (err.value.unknown, err.value.known, err.value.column) == ("b", (), 5)
    with pytest.raises(ExpressionError, match="unknown name 'b'") as err:  # the one-name shortcut
        evaluate("b", {"a": 1})
    assert (err.value.unknown, err.value.known) == ("b", ())


@pytest.mark.parametrize(
    "text, message",
    [
        ("__import__('os')", "unknown function '__import__'"),
        ("_secret + 1", "names starting with '_'"),
        ("().__class__", "'.__class__' is not allowed"),
        ("(lambda: 1)()", "lambda is not allowed"),
        ("(x := 1)", "assignment"),
        ("f'{a}'", "f-string"),
        ("a / 2", "`/` is not allowed"),
        ("a << 2", "operator `<<` is not allowed"),
        ("open('x')", "unknown function 'open'"),
        ("print(*a)", r"`\*` and `\*\*` arguments"),
        ("a +", "not an expression"),
        ("b'x'", "bytes literals are not allowed"),
        ("x.format(1)", None),  # evaluated below: a method not in the whitelist
    ],
)
def test_refused(text, message):
    if message is None:
        with pytest.raises(ExpressionError, match=r"'.format\(\)' cannot be called on str"):
            evaluate(text, {"x": "{}"})
        return
    with pytest.raises(ExpressionError, match=message):
        compile_expression(text)


@pytest.mark.parametrize(
    "text, message",
    [
        ("10 ** 16", "grew past 1,000,000,000,000,000"),
        ("2 ** 2 ** 2 ** 2 ** 2", "grew past"),
        ("9 ** 9 ** 9", "grew past"),
        ("999999999 * 999999999", "grew past"),
        ("'x' * 10 ** 9", "grew past 100,000 items"),
        ("[0] * 100001", "grew past 100,000 items"),
        ("range(10 ** 12)", "range\\(\\) of more than 100,000"),
        ("sum([x for x in range(100000) for y in range(100000)])", "more than 200,000 steps"),
        ("'%999999999d' % 1", "simple conversions"),
        ("'%*d' % (10 ** 9, 1)", "simple conversions"),
        ("1 // 0", "division by zero"),
        ("[1][5]", "IndexError"),
        ("{'a': 1}['b']", "no key 'b'"),
        ("m.c", "no field 'c' \\(has: a\\)"),
        ("min([])", "ValueError"),
        ("1 + 'a'", "TypeError"),
    ],
)
def test_bounds_and_errors_are_typed(text, message):
    with pytest.raises(ExpressionError, match=message):
        evaluate(text, {"m": {"a": 1}})


def test_shape_bounds():
    with pytest.raises(ExpressionError, match="at most 2,000"):
        compile_expression("1 + " * 600 + "1")
    with pytest.raises(ExpressionError, match="nested more than 40 deep|not an expression"):
        compile_expression("(" * 60 + "1" + ")" * 60 + " + " + "-" * 60 + "1")
    with pytest.raises(ExpressionError, match="not an expression"):
        compile_expression("(" * 500 + "1" + ")" * 500)
    small = Limits(max_nodes=10)
    with pytest.raises(ExpressionError, match="more than 10 parts"):
        compile_expression("a + b + c + d + e + f", limits=small)


def test_a_hostile_loop_stops_quickly():
    start = time.perf_counter()
    with pytest.raises(ExpressionError, match="steps"):
        evaluate("[[a for a in range(99999)] for b in range(99999)]", {})
    assert time.perf_counter() - start < 5  # the step bound, not a timer, ends it


def test_functions_can_be_added():
    functions = {**FUNCTIONS, "twice": lambda x: 2 * x}
    assert compile_expression("twice(a)", functions=functions).evaluate({"a": 4}) == 8
    with pytest.raises(ExpressionError, match="unknown function 'twice'"):
        compile_expression("twice(a)")


def test_a_function_result_is_bounded():
    functions = {**FUNCTIONS, "huge": lambda: 10**20}
    with pytest.raises(ExpressionError, match="grew past"):
        compile_expression("huge()", functions=functions).evaluate({})


def test_every_content_check_compiles():
    """Every `kind: checks` expression of the shipped content is in the language (grows with content)."""
    from generator.checks.load import load_content
    from generator.paths import PROJECT_ROOT

    content = load_content(PROJECT_ROOT / "content")
    seen = 0
    for game in content.games.values():
        for doc in game.of_kind("checks").values():
            for check in doc.checks:
                for text in (check.for_each, check.where, check.expect, check.equals):
                    if text:
                        compile_expression(text, functions={**FUNCTIONS, "count": None, "values": None})
                        seen += 1
    assert seen > 100
