"""The command line reads scalars by the YAML 1.2 core schema, as the web scorer's reader does
(tests/test_web_records.py checks the two side by side in a browser): values, refusals, and the
characters and lines on which libyaml and YAML 1.2 disagree."""

from __future__ import annotations

import pytest

from generator.reader.yaml_io import load_text


def value(text):
    located, problems = load_text(f"v: {text}\n", "v.yaml")
    assert problems == [], problems
    return located.data["v"]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("10", 10),
        ("-0", 0),
        ("+5", 5),
        ("012", 12),
        ("0o17", 15),
        ("0x1F", 31),
        ("1e3", 1000.0),
        ("1.5E+3", 1500.0),
        (".5", 0.5),
        ("5.", 5.0),
        ("-.5e-3", -0.0005),
        ("true", True),
        ("TRUE", True),
        ("False", False),
        ("~", None),
        ("NULL", None),
        ("", None),
        # not numbers, booleans or null in YAML 1.2 (libyaml's resolver took the first five for numbers)
        ("1_0", "1_0"),
        ("1_000.5", "1_000.5"),
        ("0b11", "0b11"),
        ("+0x1F", "+0x1F"),
        ("-0o7", "-0o7"),
        ("yes", "yes"),
        ("on", "on"),
        ("tRue", "tRue"),
        ("1:30", "1:30"),
        ("2026-01-01", "2026-01-01"),
        ("!!str 12", "12"),
        ("!!int '12'", 12),
        ("!!float 5", 5.0),
        ("!!bool TRUE", True),
        ('!!null ""', None),
    ],
)
def test_scalars_resolve_by_the_core_schema(text, expected):
    got = value(text)
    assert got == expected and type(got) is type(expected)


def test_special_floats():
    assert value(".inf") == float("inf") and value("-.Inf") == float("-inf") and value(".NaN") != value(".NaN")


def test_a_yaml_1_1_directive_changes_nothing():
    located, problems = load_text("%YAML 1.1\n---\na: yes\nb: 0b11\nc: 1_0\n", "v.yaml")
    assert problems == [] and located.data == {"a": "yes", "b": "0b11", "c": "1_0"}


@pytest.mark.parametrize(
    "text, message",
    [
        ("!!int 1_0", "cannot read '1_0' as a whole number"),
        ("!!int 5.0", "cannot read '5.0' as a whole number"),
        ("!!bool yes", "cannot read 'yes' as true/false"),
        ("!!timestamp 2026-01-01", "YAML tag 'tag:yaml.org,2002:timestamp' is not supported"),
        ("!!binary QW5u", "YAML tag 'tag:yaml.org,2002:binary' is not supported"),
        ("!!set {x}", "YAML tag 'tag:yaml.org,2002:set' is not supported"),
        ("! 12", "YAML tag '!' is not supported"),
        ("9" * 1001, "a number with 1001 digits is too long to read"),
    ],
)
def test_tags_and_values_outside_the_core_schema_are_located_problems(text, message):
    located, problems = load_text(f"game: rftg\nv: {text}\n", "v.yaml")
    assert [(p.line, p.column, p.field, p.message) for p in problems] == [(2, 4, "v", message)]


@pytest.mark.parametrize(
    "char, name", [("\u2028", "a line separator"), ("\u2029", "a paragraph separator"), ("\x85", "a next-line break")]
)
def test_line_and_paragraph_separators_are_refused_where_they_stand(char, name):
    located, problems = load_text(f"game: rftg\nplayers:\n  - name: Ann{char}Bob\n", "s.yaml")
    assert located is None
    assert [(p.line, p.column, p.message) for p in problems] == [
        (3, 14, f"character U+{ord(char):04X} ({name}) is not allowed in a YAML file")
    ]
    if char == "\x85":  # a control character, written as such or escaped
        assert problems[0].hint == "use an ordinary line break"
        return
    assert (
        problems[0].hint
        == f"use an ordinary line break, or write \\u{ord(char):04x} inside double quotes if the text needs it"
    )
    located, problems = load_text(f'name: "Ann\\u{ord(char):04x}Bob"\n', "s.yaml")  # escaped: text
    assert problems == [] and located.data == {"name": f"Ann{char}Bob"}


@pytest.mark.parametrize("blank", ["\t", "  \t", " \t ", "\t  "])
@pytest.mark.parametrize(
    "text",
    [
        "game: rftg\nplayers:\n{blank}\n  - name: Ann\n    chips: 3\n",
        "game: rftg\nplayers:\n  - name: Ann\n{blank}\n    chips: 3\n",
        "game: rftg\nplayers:\n  - name: Ann\n    chips: 3\n{blank}\n",
        "game: rftg\r\nplayers:\r\n{blank}\r\n  - name: Ann\r\n    chips: 3\r\n",
    ],
)
def test_a_blank_line_holding_a_tab_is_a_blank_line(text, blank):
    text = text.format(blank=blank)
    located, problems = load_text(text, "t.yaml")
    assert problems == []
    assert located.data == {"game": "rftg", "players": [{"name": "Ann", "chips": 3}]}
    chips_line = 1 + next(i for i, line in enumerate(text.split("\n")) if "chips" in line)
    assert located.position(("players", 0, "chips")) == (chips_line, 12)  # positions unchanged


@pytest.mark.parametrize("text", ["notes: |\n  a\n   \t\n  b\n", "notes: |\n  a\n\t\n  b\n"])
def test_a_blank_line_holding_a_tab_inside_a_literal_block_is_an_empty_line(text):
    # the one case where emptying such lines changes a value; the web scorer does the same
    located, problems = load_text(text, "t.yaml")
    assert problems == [] and located.data == {"notes": "a\n\nb\n"}
