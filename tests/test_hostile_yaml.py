"""The YAML reader under hostile input: every limit ends in a located `Problem`, never an
exception, and nothing is expanded or recursed into (issue 11).

Library level (`load_text` / `load_file`); the CLI behaviour is in test_hostile_records.py and
test_hostile_content.py.
"""

from __future__ import annotations

import sys

import pytest

from generator.reader.yaml_io import (
    MAX_CONTENT_BYTES,
    MAX_CONTENT_VALUES,
    MAX_DEPTH,
    MAX_RECORD_BYTES,
    MAX_RECORD_VALUES,
    load_file,
    load_text,
)
from tests.demo_content import laughs


def messages(problems) -> list[str]:
    return [str(p) for p in problems]


def test_alias_bomb_is_refused_where_it_stands_without_expanding():
    text = laughs(10) + "game: rftg\n"  # 489 bytes; expanded, 9**10 strings (~13 GB)
    located, problems = load_text(text, "bomb.yaml")
    assert len(text) < 500
    # every anchor and every alias is reported, at its own line and column
    assert messages(problems)[0] == (
        "bomb.yaml:1:5: a0: YAML anchors (&a0) are not allowed "
        "(remove the anchor and write the value out wherever it is used)"
    )
    assert messages(problems)[2] == (
        "bomb.yaml:2:10: a1[0]: YAML aliases (*a0) are not allowed (write the value out in full where it is used)"
    )
    assert sum("aliases" in p.message for p in problems) == 9 * 9
    assert sum("anchors" in p.message for p in problems) == 10
    # nothing was expanded: each alias stands as one None
    assert located.data["a9"] == [None] * 9
    assert located.data["game"] == "rftg"


def test_self_referencing_alias_is_two_problems_not_a_loop():
    located, problems = load_text("game: rftg\nx: &a [*a]\n", "self.yaml")
    assert messages(problems) == [
        "self.yaml:2:4: x: YAML anchors (&a) are not allowed (remove the anchor and write the value out "
        "wherever it is used)",
        "self.yaml:2:8: x[0]: YAML aliases (*a) are not allowed (write the value out in full where it is used)",
    ]
    assert located.data == {"game": "rftg", "x": [None]}


@pytest.mark.parametrize(
    "opening, closing",
    [("[", "]"), ("{a: ", "}"), ("- ", "")],
    ids=["flow sequences", "flow mappings", "compact block sequences"],
)
@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 1_000, 5_000, 20_000, 30_000])
def test_deep_nesting_stops_at_the_limit(opening, closing, depth):
    head = "game: rftg\nx:\n" if opening == "- " else "game: rftg\nx: "
    text = head + opening * depth + "1" + closing * depth + "\n"
    located, problems = load_text(text, "deep.yaml")
    assert located is None
    assert len(problems) == 1
    p = problems[0]
    assert p.message == f"nested more than {MAX_DEPTH} levels deep"
    # the place of the first collection past the limit (the top-level mapping is level 1)
    width = len(opening)
    assert (p.line, p.column) == (
        (3, 1 + (MAX_DEPTH - 1) * width) if opening == "- " else (2, 4 + (MAX_DEPTH - 1) * width)
    )
    assert p.field.startswith("x")


def test_deep_nesting_at_the_limit_is_read():
    # the top-level mapping and MAX_DEPTH - 1 lists in it
    text = "x: " + "[" * (MAX_DEPTH - 1) + "1" + "]" * (MAX_DEPTH - 1) + "\n"
    located, problems = load_text(text, "ok.yaml")
    assert problems == []
    value, depth = located.data, 0
    while isinstance(value, (list, dict)):
        value, depth = (value[0] if isinstance(value, list) else value["x"]), depth + 1
    assert (value, depth) == (1, MAX_DEPTH)


def test_nested_block_mappings_are_read_iteratively():
    # 60 levels of block mappings with indentation: below the limit, built without recursion
    text = "".join(" " * i + f"k{i}:\n" for i in range(60)) + " " * 60 + "leaf: 1\n"
    located, problems = load_text(text, "block.yaml")
    assert problems == []
    node = located.data
    for i in range(60):
        node = node[f"k{i}"]
    assert node == {"leaf": 1}
    leaf = tuple(f"k{i}" for i in range(60)) + ("leaf",)
    assert located.position(leaf) == (61, 67)
    assert located.position(leaf, prefer_key=True) == (61, 61)


def test_record_larger_than_1_mib_is_refused_before_reading(tmp_path):
    path = tmp_path / "big.yaml"
    path.write_text("game: rftg\n" + "# padding\n" * 110_000)
    located, problems = load_file(path)
    assert MAX_RECORD_BYTES == 1 << 20
    assert located is None
    assert messages(problems) == [
        f"{path}: file is larger than 1 MiB (1100011 bytes); playaid reads files up to 1 MiB "
        "(a record or content file is a few kB: check that this is the right file)"
    ]
    # the same file is within the content limit
    located, problems = load_file(path, max_bytes=MAX_CONTENT_BYTES)
    assert problems == [] and located.data == {"game": "rftg"}


@pytest.mark.parametrize("limit", [MAX_RECORD_VALUES, MAX_CONTENT_VALUES])
def test_too_many_values_stop_the_parse(limit):
    text = "x: [" + "0," * limit + "0]\n"
    located, problems = load_text(text, "many.yaml", max_bytes=None, max_values=limit)
    assert located is None
    assert messages(problems) == [
        # values: the mapping, key x, the list, then its items: the item past the limit
        f"many.yaml:1:{5 + 2 * (limit - 3)}: more than {limit:,} values in one file (a record or "
        "content file holds a few thousand at most: check that this is the right file, or split it)"
    ]


def test_record_and_content_value_limits():
    assert (MAX_RECORD_VALUES, MAX_CONTENT_VALUES) == (20_000, 100_000)
    text = "x: [" + "0," * 30_000 + "0]\n"
    assert load_text(text, "r.yaml")[0] is None  # a record: refused
    located, problems = load_text(text, "c.yaml", max_bytes=None, max_values=MAX_CONTENT_VALUES)
    assert problems == [] and len(located.data["x"]) == 30_001


def test_non_utf8_byte_is_located(tmp_path):
    path = tmp_path / "latin1.yaml"
    path.write_bytes("game: rftg\nplayers:\n  - name: Renée\n".encode("latin-1"))
    located, problems = load_file(path)
    assert located is None
    assert messages(problems) == [f"{path}:3:14: byte 0xE9 is not UTF-8 text (save the file as UTF-8)"]


def test_non_utf8_column_counts_characters_not_bytes(tmp_path):
    path = tmp_path / "mixed.yaml"
    path.write_bytes("name: Zoë Zoë \xff\n".encode().replace(b"\xc3\xbf", b"\xff"))
    _, problems = load_file(path)
    assert (problems[0].line, problems[0].column) == (1, 15)


@pytest.mark.parametrize(
    "char, name",
    [
        ("\x00", "NUL"),
        ("\x1b", "a control character"),
        ("\x7f", "a control character"),
        ("\ufffe", "not allowed in YAML"),
    ],
)
def test_disallowed_character_is_located(char, name):
    located, problems = load_text(f"game: rftg\nplayers:\n  - name: A{char}n\n", "nul.yaml")
    assert located is None
    assert messages(problems) == [
        f"nul.yaml:3:12: character U+{ord(char):04X} ({name}) is not allowed in a YAML file "
        "(delete it; it was probably pasted in by mistake)"
    ]


def test_escaped_control_character_in_text_is_a_problem():
    located, problems = load_text('file: "rules\\x00.txt"\n', "esc.yaml")
    assert messages(problems) == [
        "esc.yaml:1:7: file: the text holds control character U+0000 (remove the escape that writes it)"
    ]
    assert located.data == {"file": None}


def test_5000_digit_integer_is_a_located_problem():
    assert sys.get_int_max_str_digits() < 5000  # the reason int() would fail
    located, problems = load_text("game: rftg\nchips: " + "9" * 5000 + "\n", "chips.yaml")
    assert messages(problems) == [
        "chips.yaml:2:8: chips: a number with 5000 digits is too long to read "
        "(write the count or score this field means)"
    ]
    assert located.data == {"game": "rftg", "chips": None}


@pytest.mark.parametrize(
    "text, message",
    [
        ("b: !!bool maybe\n", "cannot read 'maybe' as true/false"),
        ("n: !!int twelve\n", "cannot read 'twelve' as a whole number"),
    ],
)
def test_scalar_that_cannot_be_constructed_is_located(text, message):
    located, problems = load_text(text, "s.yaml")
    assert [(p.line, p.column, p.message) for p in problems] == [(1, 4, message)]
    assert list(located.data.values()) == [None]


@pytest.mark.parametrize(
    "text, where, message",
    [
        ("x: !!binary aGk=\n", (1, 4), "YAML tag 'tag:yaml.org,2002:binary' is not supported"),
        (
            "x: !!python/object:os.system {}\n",
            (1, 4),
            "YAML tag 'tag:yaml.org,2002:python/object:os.system' is not supported",
        ),
        ("x: !custom 1\n", (1, 4), "YAML tag '!custom' is not supported"),
        ("<<: {a: 1}\nb: 2\n", (1, 1), "YAML merge keys (<<) are not supported"),
        ("a: 1\nb: 2\na: 3\n", (3, 1), "duplicate key 'a' (first defined on line 1)"),
        ("? [k]\n: v\n", (1, 3), "a mapping key must be a plain value"),
        ("a: 1\n---\nb: 2\n", (2, 1), "a second YAML document ('---') in one file"),
        ("a: [1, 2\nb: 3\n", (2, 2), "YAML syntax error: did not find expected ',' or ']'"),
    ],
)
def test_other_refusals_are_located(text, where, message):
    _, problems = load_text(text, "t.yaml")
    assert [((p.line, p.column), p.message) for p in problems] == [(where, message)]


def test_plain_text_that_looks_like_yaml_syntax_stays_text():
    located, problems = load_text("x: <<\ny: =\nz: '*a'\n", "t.yaml")
    assert problems == []
    assert located.data == {"x": "<<", "y": "=", "z": "*a"}


def test_values_and_positions_of_ordinary_yaml():
    text = (
        "kind: facts\nid: f\nwhen: 2026-01-01\nfacts:\n  a: {value: [1, 2.5, true, null, '3']}\n"
        "  b:\n    - x\n    - y: z\n"
    )
    located, problems = load_text(text, "f.yaml")
    assert problems == []
    assert located.data == {
        "kind": "facts",
        "id": "f",
        "when": "2026-01-01",  # dates stay text (YAML 1.2 core schema, as JSON)
        "facts": {"a": {"value": [1, 2.5, True, None, "3"]}, "b": ["x", {"y": "z"}]},
    }
    assert located.position(("facts", "a", "value", 4)) == (5, 35)
    assert located.position(("facts", "b", 1, "y")) == (8, 10)
    assert located.position(("facts", "b", 1, "y"), prefer_key=True) == (8, 7)


def test_a_key_with_a_line_break_is_refused():
    # found by the property test: a key "\n" split a problem over two lines of output
    located, problems = load_text('{"\\n": "\\u001f", "ok": 1}\n', "k.json")
    assert messages(problems) == [
        "k.json:1:2: the key holds control character U+000A (write the key on one line, without escapes)",
        "k.json:1:8: ?: the text holds control character U+001F (remove the escape that writes it)",
    ]
    assert located.data == {"ok": 1}


def test_problem_text_is_always_one_line():
    from generator.errors import Problem

    assert (
        str(Problem("f.yaml", 1, 2, "a\nb", "got 'x\ry\u2028'", "tab\there"))
        == "f.yaml:1:2: a\\nb: got 'x\\ry\\u2028' (tab\\there)"
    )


def test_json_escapes_of_astral_characters_are_read():
    # json.dumps writes 🂡 as the surrogate pair \ud83c\udca1, which libyaml refuses half by half
    import json

    located, problems = load_text(json.dumps({"name": "Ann 🂡", "x": "\\ud83c\\udca1"}), "r.json")
    assert problems == []
    assert located.data == {"name": "Ann 🂡", "x": "\\ud83c\\udca1"}  # an escaped backslash stays text
