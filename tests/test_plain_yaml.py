"""The plain block YAML reader (`generator.reader.plain_yaml`) reads a record exactly as the event
reader (libyaml's events and our composer) does, places included, or declines it: checked on
thousands of generated and damaged texts, and on the records the repository holds."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from generator.reader.plain_json import DECLINED
from generator.reader.plain_yaml import plain_yaml
from generator.reader.yaml_events import compose_events
from generator.reader.yaml_io import _DISALLOWED, blank_tab_lines, load_text

REPO = Path(__file__).resolve().parents[1]


def _event_reading(text: str, offset: int = 0):
    marks: dict = {}
    key_marks: dict = {}
    composed = compose_events(blank_tab_lines(text), "f", marks, key_marks, 20_000, offset)
    marks.setdefault((), (1 + offset, 1))
    return composed, marks, key_marks


def _typed(value):
    """``value`` with every scalar's type beside it (1 == True == 1.0 in Python)."""
    if isinstance(value, dict):
        return ("map", tuple((_typed(k), _typed(v)) for k, v in value.items()))
    if isinstance(value, list):
        return ("list", tuple(_typed(v) for v in value))
    if isinstance(value, float) and value != value:
        return ("nan",)
    return (type(value).__name__, value)


def _same(text: str, offset: int = 0) -> bool | None:
    """None when `plain_yaml` declines ``text``; else whether it read it as the event reader does
    (same data and types, same places, and the event reader found no problem)."""
    got = plain_yaml(text, 20_000, offset)
    if got is DECLINED:
        return None
    data, marks, key_marks = got
    composed, event_marks, event_key_marks = _event_reading(text, offset)
    return (
        not composed.fatal
        and not composed.found
        and _typed(composed.data) == _typed(data)
        and marks == event_marks
        and key_marks == event_key_marks
    )


# --- generated texts ---------------------------------------------------------------------------

_PLAIN = [
    "'Galactic Survey: SETI'",
    "'it''s'",
    "''",
    '"x: y"',
    '""',
    "'a #b'",
    "'a' b",
    "' sp '",
    "'['",
    "a",
    "Old Earth",
    "O'Brien",
    "x, y",
    "3",
    "-5",
    "12",
    "0",
    ".5",
    "1e3",
    "null",
    "~",
    "true",
    "False",
    "yes",
    "é",
    "🂡",
    "x\u00a0y",
    "a  b",
    "-.inf",
    "0x1F",
    "007",
    "+3",
    "1_0",
    "=",
    "<<",
    "a?",
    "a-b",
    "3rd",
]
_ODD = [
    "a:b",
    "a: b",
    "#x",
    "a #b",
    "a#b",
    "-x",
    "- x",
    "0o17",
    ".nan",
    "[a]",
    "{a: 1}",
    "&a",
    "*a",
    "!!str x",
    "|",
    ">",
    "%x",
    "@x",
    "`x",
    "a\\b",
    "?x",
    ",x",
    "...",
    "---",
    "-",
    "",
    " ",
    "ends:",
    "12:30",
    "a\tb",
    "1" * 1001,
    "x" * 1100,
    "a,b",
    "[a",
    "a]",
    "{",
    "}",
    "NULL",
    "Yes",
]
_KEYS = ["game", "name", "players", "tableau", "chips", "a-b", "_x", "k"]
_ODD_KEYS = ["true", "null", "1", "a b", "x:y", "k'", "<<", "é", "K" * 1100]


class _Texts:
    """Random block YAML documents as people and programs write them, then damaged."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def word(self) -> str:
        return self.rng.choice(_PLAIN) if self.rng.random() < 0.97 else self.rng.choice(_ODD)

    def key(self) -> str:
        return self.rng.choice(_KEYS) if self.rng.random() < 0.97 else self.rng.choice(_ODD_KEYS)

    def value(self, depth: int):
        r = self.rng.random()
        if depth > 3 or r < 0.5:
            return self.word()
        if r < 0.75:
            return [self.value(depth + 1) for _ in range(self.rng.randint(0, 3))]
        return {self.key(): self.value(depth + 1) for _ in range(self.rng.randint(0, 3))}

    def flow(self, value) -> str:
        rng = self.rng

        def space() -> str:
            return rng.choice(["", " ", " ", "  "])

        if isinstance(value, dict):
            inner = ",".join(f"{space()}{k}:{rng.choice([' ', ' ', '  ', ''])}{v}{space()}" for k, v in value.items())
            return "{" + inner + rng.choice(["", "", ","]) + "}"
        return "[" + ",".join(f"{space()}{v}{space()}" for v in value) + rng.choice(["", "", ","]) + "]"

    def emit(self, value, indent: int, lines: list[str], indentless: bool) -> None:
        rng = self.rng
        pad = " " * indent

        def flat(v) -> bool:
            return isinstance(v, (dict, list)) and all(
                isinstance(x, str) for x in (v.values() if isinstance(v, dict) else v)
            )

        if isinstance(value, dict):
            for key, sub in value.items():
                if flat(sub) and rng.random() < 0.4:
                    lines.append(f"{pad}{key}: {self.flow(sub)}{rng.choice(['', ' # c', ' '])}")
                elif isinstance(sub, (dict, list)) and sub:
                    lines.append(f"{pad}{key}:{rng.choice(['', ' ', '  # c'])}")
                    same = isinstance(sub, list) and indentless and rng.random() < 0.7
                    self.emit(sub, indent if same else indent + rng.choice([2, 2, 4, 1, 3]), lines, indentless)
                else:
                    text = sub if isinstance(sub, str) else ""
                    lines.append(
                        f"{pad}{key}:{rng.choice([' ', '  '])}{text}{rng.choice(['', '', ' ', ' # c', '  #c', '#c'])}"
                    )
            return
        for sub in value:
            dash = rng.choice(["- ", "- ", "-  ", "-   "])
            if flat(sub) and rng.random() < 0.4:
                lines.append(f"{pad}{dash}{self.flow(sub)}{rng.choice(['', ' # c', ' '])}")
            elif isinstance(sub, dict) and sub and rng.random() < 0.8:
                inner: list[str] = []
                self.emit(sub, indent + len(dash), inner, indentless)
                lines.append(pad + dash + inner[0][indent + len(dash) :])
                lines.extend(inner[1:])
            elif isinstance(sub, (dict, list)) and sub:
                lines.append(pad + "-")
                self.emit(sub, indent + rng.choice([2, 4]), lines, indentless)
            else:
                text = sub if isinstance(sub, str) else ""
                lines.append(f"{pad}{dash}{text}{rng.choice(['', '', ' # c', ' '])}")
        if rng.random() < 0.1:
            lines.append(" " * rng.randint(0, 6) + '# comment: [x] "q"')
        if rng.random() < 0.1:
            lines.append(" " * rng.randint(0, 6))

    def document(self) -> str:
        rng = self.rng
        if rng.random() < 0.3:
            doc = {
                "game": "rftg",
                "players": [
                    {
                        "name": self.word(),
                        "tableau": [self.word() for _ in range(rng.randint(1, 5))],
                        "chips": self.word(),
                    }
                    for _ in range(rng.randint(1, 4))
                ],
            }
        else:
            doc = {self.key(): self.value(1) for _ in range(rng.randint(1, 5))}
        lines = ['# header "x" [y]'] if rng.random() < 0.2 else []
        self.emit(doc, 0, lines, rng.random() < 0.5)
        return "\n".join(lines) + "\n"

    def damaged(self, text: str) -> str:
        rng = self.rng
        lines = text.split("\n")
        for _ in range(rng.randint(0, 3)):
            i = rng.randrange(len(lines))
            op = rng.random()
            if op < 0.2:
                lines[i] = " " + lines[i]
            elif op < 0.3:
                lines[i] = lines[i][1:]
            elif op < 0.4:
                lines.insert(i, rng.choice(["", "  ", "# x", "  # y: [", "---", "...", "%YAML 1.2", "\t", " \t "]))
            elif op < 0.6 and lines[i]:
                j = rng.randrange(len(lines[i]) + 1)
                lines[i] = (
                    lines[i][:j]
                    + rng.choice([":", " ", "#", " #", "-", "- ", "'", '"', "\r", "\ufeff", "\t", "x", ",", "?"])
                    + lines[i][j:]
                )
            elif op < 0.7 and len(lines) > 1:
                del lines[i]
            else:
                lines[i] = lines[i].rstrip() + rng.choice(["", " ", "  "])
        end = rng.choice(["\n", "\n", "\r\n"])
        return end.join(lines) + (end if rng.random() < 0.7 else "")


@pytest.mark.parametrize("seed", range(4))
def test_generated_and_damaged_texts_read_as_the_event_reader_reads_them(seed):
    texts = _Texts(seed)
    read = declined = 0
    for _ in range(300):
        text = texts.document()
        for candidate, offset in [(text, 0), (text, 7)] + [(texts.damaged(text), 0) for _ in range(3)]:
            if _DISALLOWED.search(candidate):
                continue
            same = _same(candidate, offset)
            if same is None:
                declined += 1
                continue
            assert same, repr(candidate)
            read += 1
    assert read > 150 and declined > 150  # both ways are exercised


def test_the_repository_s_plain_records_are_read_here():
    records = [
        REPO / "examples" / "rftg-standard.yaml",
        REPO / "examples" / "rftg-frontier.yaml",
        *sorted((REPO / "examples" / "games").glob("*/records/*.yaml")),
    ]
    read = [path.name for path in records if _same(path.read_text(encoding="utf-8"))]
    assert {"rftg-standard.yaml", "rftg-frontier.yaml"} <= set(read)
    assert len(read) >= 25
    assert all(_same(path.read_text(encoding="utf-8")) in (True, None) for path in records)


@pytest.mark.parametrize(
    "text",
    [
        "game: rftg\nplayers:\n  - name: Ann\n    chips: &c 3\n",  # an anchor
        "game: rftg\nname: 'Ann\n  Lee'\n",  # a quoted value over two lines
        "game: rftg\nname: Ann\n  Lee\n",  # a plain value over two lines
        "game: rftg\ngame: xia\n",  # a duplicate key
        "game: rftg\nchips:\n",  # an empty value
        "game: rftg\ntableau: [[a]]\n",  # a nested flow collection
        "game: rftg\nname: a: b\n",  # a colon that YAML reads as a mapping
        "game: rftg\nnote: \"tab\\there\"\n",  # an escape
        "  game: rftg\n",  # not at column 1
        "- game\n",  # not a mapping
        "game: rftg\n---\ngame: xia\n",  # a second document
        "game: rftg\n players: 2\n",  # indentation that matches nothing
        "game: rftg\nchips: " + "9" * 1001 + "\n",  # an integer too long to read
        "game: rftg\rplayers: 2\n",  # a lone carriage return
    ],
)
def test_what_it_declines_is_left_to_the_event_reader(text):
    assert plain_yaml(text, 20_000) is DECLINED


def test_a_record_over_the_value_bound_is_declined_and_refused_by_the_event_reader():
    text = "game: rftg\ntableau:\n" + "".join(f"  - card {i}\n" for i in range(25_000))
    assert plain_yaml(text, 20_000) is DECLINED
    located, problems = load_text(text, "big.yaml", lazy=True)
    assert located is None
    assert [p.message for p in problems] == ["more than 20,000 values in one file"]


def test_a_plain_record_is_read_with_its_places():
    text = "# a game\ngame: rftg\nplayers:\n- name: Ann   # first\n  tableau: [Old Earth, Gem World]\n"
    located, problems = load_text(text, "g.yaml", lazy=True)
    assert problems == []
    assert located.data == {"game": "rftg", "players": [{"name": "Ann", "tableau": ["Old Earth", "Gem World"]}]}
    assert located.position(("players", 0, "tableau", 1)) == (5, 24)
    assert located.position(("players", 0, "name"), prefer_key=True) == (4, 3)
    assert located.position(("players", 0, "chips")) == (4, 3)  # missing: its entry


# --- places of a plain JSON record, found one at a time -------------------------------------------


@pytest.mark.parametrize("seed", range(3))
def test_a_json_record_s_places_are_the_event_reader_s(seed):
    """`JsonPlaces` (the places a report names, found in a JSON text when asked) gives what
    the event reader's places give `Located.position`, for every path the record holds, paths
    below and beside them that it does not, with and without ``prefer_key``."""
    import json

    from generator.reader.plain_json import JsonPlaces, lone_return, plain_json
    from generator.reader.yaml_io import Located

    rng = random.Random(seed)

    def value(depth: int):
        r = rng.random()
        if depth > 3 or r < 0.4:
            return rng.choice([1, -2, 3.5, "a", "b c", True, None, "", 10**20, "é"])
        if r < 0.7:
            return [value(depth + 1) for _ in range(rng.randint(0, 4))]
        return {
            rng.choice(["a", "b", "players", "name", "x y", ""]): value(depth + 1) for _ in range(rng.randint(0, 4))
        }

    def paths(v, at=()):
        yield at
        items = v.items() if isinstance(v, dict) else enumerate(v) if isinstance(v, list) else ()
        for k, sub in items:
            yield from paths(sub, at + (k,))

    checked = 0
    for _ in range(150):
        doc = {rng.choice(["game", "players", "a"]): value(1) for _ in range(rng.randint(1, 4))}
        style = rng.choice([{}, {"indent": 2}, {"separators": (",", ":")}, {"indent": 1, "separators": (" ,", " :  ")}])
        text = json.dumps(doc, ensure_ascii=False, **style)
        if rng.random() < 0.3:
            text = "\n " + text.replace(",", ",\r\n") + " \n"
        if plain_json(text, 20_000) is DECLINED or lone_return(text):
            continue
        offset = rng.choice([0, 5])
        composed, marks, key_marks = _event_reading(text, offset)
        assert not composed.found
        events = Located("f", composed.data, marks, key_marks)
        places = JsonPlaces(text, offset)  # one for all the paths: what it read once is read again
        held = list(paths(doc))
        for path in (
            held + [p + (rng.choice(["zz", 0, 3, -1, "a"]),) for p in held] + [p[:-1] + ("no",) for p in held if p]
        ):
            for prefer_key in (False, True):
                assert places.position(path, prefer_key) == events.position(path, prefer_key), (text, path)
                checked += 1
    assert checked > 5_000
