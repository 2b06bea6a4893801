"""Record values in findings are shown as the record writes them (YAML flow style), never as
Python prints them (`generator.scoring.record.written`, shared by the record checks and the message
templates). A formula's value in a content error stays in the expression language's syntax."""

from __future__ import annotations

import pytest

from generator.scoring.formulas import shown_kind
from generator.scoring.record.written import as_written, shown
from generator.scoring.template import fill


@pytest.mark.parametrize(
    "value, text",
    [
        ({"card": "X", "vp": 2}, "{card: X, vp: 2}"),
        (["a", "b"], "[a, b]"),
        ([True, False, None], "[true, false, null]"),
        ({"Name: Part": 1}, '{"Name: Part": 1}'),  # plain, it would read as a mapping
        (["3", "true", "", " a", "#x"], '["3", "true", "", " a", "#x"]'),  # plain, not text
        ([1.5, float("inf")], "[1.5, .inf]"),
        ("Old Earth", "Old Earth"),
    ],
)
def test_as_written_is_yaml_flow(value, text):
    assert as_written(value) == text


def test_shown_quotes_text_and_cuts_long_values():
    assert shown("Old Earth") == "'Old Earth'"
    assert shown(True) == "true" and shown(None) == "null"
    assert shown({"card": "Old Earth", "vp": 2}) == "{card: Old Earth, vp: 2}"
    assert shown(list(range(30))) == "[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11..."


def test_template_messages_use_the_record_syntax_and_formula_values_the_expressions():
    # a formula's value is said as the expression language writes it (content's `None`, `True`)
    assert shown_kind({"a": [1, True]}) == "{'a': [1, True]} (a mapping)"
    assert shown_kind(None) == "None (nothing)"
    assert fill("got {v}", {"v": {"card": "X", "vp": 2}}) == "got {card: X, vp: 2}"
    assert fill("cards: {v}", {"v": ["A", {"card": "B"}, None]}) == "cards: A, {card: B}, none"
