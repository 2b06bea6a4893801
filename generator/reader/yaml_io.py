"""Line-aware, bounded YAML loading: the one reader for content files and score records.

Every file a user hands us is hostile until parsed, so this module reads YAML under limits and
turns every way a file can be wrong into a located `Problem` (file:line:column), never an
exception:

- size: `load_file` reads at most ``max_bytes`` (`MAX_RECORD_BYTES`, 1 MiB, by default;
  the content loader passes `MAX_CONTENT_BYTES`, 4 MiB) and refuses larger files up front;
  it builds at most ``max_values`` scalars and collections (`MAX_RECORD_VALUES`, 20,000, by
  default; content: `MAX_CONTENT_VALUES`, 100,000), which bounds the time a file costs;
- encoding: not UTF-8 -> the line and column of the first bad byte; a character YAML does not
  allow (NUL and other control characters) -> its line and column;
- anchors (``&name``) and aliases (``*name``) are refused as they are met in the parser's event
  stream: nothing is ever expanded, so no "billion laughs" and no self-referencing values;
- nesting deeper than `MAX_DEPTH` stops the parse at the first event past the limit; the
  document is built from the event stream with an explicit stack, so no input can overflow a
  stack (the C composer and any recursive builder would: 30,000 ``[`` crash them);
- a scalar that cannot be constructed (an integer of 5,000 digits, ``2026-13-45``, ``!!bool
  maybe``) and an explicit tag outside YAML's core schema are problems at that scalar;
- duplicate keys (which YAML libraries silently keep the last of) and merge keys (``<<``) are
  problems too, each with its line.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.errors import Problem, display_path
from generator.reader.limits import (
    MAX_CONTENT_BYTES,
    MAX_CONTENT_VALUES,
    MAX_DEPTH,
    MAX_RECORD_BYTES,
    MAX_RECORD_VALUES,
)
from generator.reader.plain_json import DECLINED, JsonPlaces, lone_return, plain_json
from generator.reader.plain_yaml import plain_yaml
from generator.scoring.record.validate import dotted

# libyaml (`yaml_events`) is imported where a text needs it: a record `plain_json` or
# `plain_yaml` reads (nearly every one) loads no YAML library (a tenth of `playaid score`'s start).

__all__ = [
    "Located",
    "dotted",
    "load_text",
    "load_file",
    "read_bounded",
    "MAX_RECORD_BYTES",
    "MAX_CONTENT_BYTES",
    "MAX_RECORD_VALUES",
    "MAX_CONTENT_VALUES",
    "MAX_DEPTH",
]

Path_ = tuple  # a field path: tuple of str keys and int indexes

# Characters YAML 1.2 allows in a stream (spec 5.1 "c-printable"): tab, LF, CR, printable ASCII,
# NEL, and Unicode from U+00A0 up except surrogates and U+FFFE/U+FFFF.
# Written as the complement of YAML's printable set (tab, LF, CR, x20-x7E, x85, xA0-xD7FF,
# xE000-xFFFD, x10000-x10FFFF): the same characters, but a negated class spanning all of Unicode
# costs several ms to compile at every start-up (measured 4.6 ms on a quiet machine, 17 ms
# under load), this one under 1 ms.
# Also refused, though YAML 1.2 allows them: NEL (U+0085), LINE SEPARATOR (U+2028) and PARAGRAPH
# SEPARATOR (U+2029) written as such. libyaml reads them as line breaks (YAML 1.1), the web
# scorer's reader as ordinary characters (YAML 1.2): the same record would give two different
# values. Escaped in a double-quoted string ("\u2028") they are text, read alike.
_DISALLOWED = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff\u2028\u2029]")
_BREAK_NAMES = {0x85: "a next-line break", 0x2028: "a line separator", 0x2029: "a paragraph separator"}


# A JSON-style surrogate pair escape ("\ud83c\udca1", what json.dumps writes for 🂡), not itself
# escaped: libyaml refuses each half, so the pair is rewritten as YAML's one escape "\U0001f0a1".
_SURROGATE_PAIR = re.compile(r"(?<!\\)((?:\\\\)*)\\u(d[89ab][0-9a-f]{2})\\u(d[c-f][0-9a-f]{2})", re.IGNORECASE)


def _join_surrogates(match: re.Match) -> str:
    high, low = int(match[2], 16), int(match[3], 16)
    return f"{match[1]}\\U{0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00):08x}"


@dataclass
class Located:
    """A loaded YAML document with the (line, column) of every value, both 1-based.

    ``marks`` maps a field path such as ``("sections", 0, "items", 2)`` to its position;
    ``key_marks`` maps the same path to the position of its key (better for "unknown field").
    """

    file: str
    data: Any
    marks: dict[Path_, tuple[int, int]] = field(default_factory=dict)
    key_marks: dict[Path_, tuple[int, int]] = field(default_factory=dict)
    #: (text, max_values, line_offset) of a document read without its places (`load_text`'s
    #: ``lazy``): `position` finds the few it is asked for in the text (`JsonPlaces`)
    pending: tuple | None = field(default=None, repr=False, compare=False)
    _places: JsonPlaces | None = field(default=None, repr=False, compare=False)

    def settle(self) -> bool:
        """For a document read without its places: True when its places can be read from the
        text as `plain_json` read it (`position` then finds each in the text when asked); for a
        text with a carriage return that ends no line (`lone_return`), read its places the
        line-aware way and say whether that reading gives the same data without a problem, as
        `plain_json` promises (False: read the text again with ``lazy=False``, and trust that).
        True for a document read with its places."""
        if self.pending is None:
            return True
        text, max_values, offset = self.pending
        if not lone_return(text):
            return True
        self.pending = None
        from generator.reader.yaml_events import compose_events

        composed = compose_events(text, self.file, self.marks, self.key_marks, max_values, offset)
        self.marks.setdefault((), (1 + offset, 1))
        return not composed.fatal and not composed.found and repr(composed.data) == repr(self.data)

    def position(self, path: Path_, prefer_key: bool = False) -> tuple[int, int]:
        """Position of ``path`` or of its nearest located ancestor; (0, 0) when unknown."""
        path = tuple(path)
        if self.pending is not None:
            if self.settle() and self.pending is not None:
                if self._places is None:
                    self._places = JsonPlaces(self.pending[0], self.pending[2])
                return self._places.position(path, prefer_key)
        while True:
            if prefer_key and path in self.key_marks:
                return self.key_marks[path]
            if path in self.marks:
                return self.marks[path]
            if not path:
                return (0, 0)
            path = path[:-1]

    def problem(
        self, path: Path_, message: str, hint: str = "", severity: str = "error", prefer_key: bool = False
    ) -> Problem:
        """A `Problem` located at ``path`` in this file."""
        line, col = self.position(path, prefer_key=prefer_key)
        return Problem(self.file, line, col, dotted(path), message, hint, severity)


def _line_column(text: str, index: int) -> tuple[int, int]:
    """1-based (line, column) of character ``index`` in ``text``."""
    line_start = text.rfind("\n", 0, index) + 1
    return text.count("\n", 0, index) + 1, index - line_start + 1


def _too_big(file: str, size: int | str, max_bytes: int) -> Problem:
    return Problem(
        file,
        0,
        0,
        "",
        f"file is larger than {_size(max_bytes)} ({size} bytes); playaid reads files up to {_size(max_bytes)}",
        "a record or content file is a few kB: check that this is the right file",
    )


def _size(n: int) -> str:
    return f"{n >> 20} MiB" if n >= 1 << 20 and n % (1 << 20) == 0 else f"{n} bytes"


def load_text(
    text: str,
    file: str,
    max_bytes: int | None = MAX_RECORD_BYTES,
    max_values: int = MAX_RECORD_VALUES,
    line_offset: int = 0,
    lazy: bool = False,
) -> tuple[Located | None, list[Problem]]:
    """Parse YAML ``text`` (from ``file``, used in messages); return the located document and
    every problem found.

    Problems (all `Problem` with 1-based line and column): a disallowed character, a syntax
    error, a second document, an anchor, alias, tag outside the core schema, merge key or
    duplicate key, a scalar that cannot be constructed, nesting deeper than `MAX_DEPTH`, text
    longer than ``max_bytes`` UTF-8 bytes (None: no limit), more than ``max_values`` values. The document is None when it could
    not be parsed; otherwise it is returned with the problems (the offending values left out).
    Never raises for anything the text contains.

    ``line_offset`` is added to every line said (the text's first line is line
    ``1 + line_offset`` of its file: a JSON Lines record). ``lazy``: a plain JSON mapping
    (`plain_json`) is read without its places, which `Located.position` reads when first asked
    (a clean record is never asked).
    """
    if max_bytes is not None and len(text) > max_bytes // 4:  # cheap bound before encoding
        size = len(text.encode("utf-8", "surrogatepass"))
        if size > max_bytes:
            return None, [_too_big(file, size, max_bytes)]
    bad = _DISALLOWED.search(text)
    if bad:
        line, col = _line_column(text, bad.start())
        line += line_offset
        code = ord(bad.group())
        if code in _BREAK_NAMES:
            return None, [
                Problem(
                    file,
                    line,
                    col,
                    "",
                    f"character U+{code:04X} ({_BREAK_NAMES[code]}) is not allowed in a YAML file",
                    "use an ordinary line break"
                    + (f", or write \\u{code:04x} inside double quotes if the text needs it" if code != 0x85 else ""),
                )
            ]
        name = (
            "NUL"
            if code == 0
            else "a control character"
            if code < 0x20 or 0x7F <= code < 0xA0
            else "not allowed in YAML"
        )
        return None, [
            Problem(
                file,
                line,
                col,
                "",
                f"character U+{code:04X} ({name}) is not allowed in a YAML file",
                "delete it; it was probably pasted in by mistake",
            )
        ]
    if lazy:
        data = plain_json(text, max_values)
        if data is not DECLINED:
            return Located(file, data, pending=(text, max_values, line_offset)), []
        read = plain_yaml(text, max_values, line_offset)
        if read is not DECLINED:
            data, marks, key_marks = read
            return Located(file, data, marks, key_marks), []
    from generator.reader.yaml_events import compose_events

    if "\\u" in text or "\\U" in text:
        text = _SURROGATE_PAIR.sub(_join_surrogates, text)
    located = Located(file, None)
    composed = compose_events(blank_tab_lines(text), file, located.marks, located.key_marks, max_values, line_offset)
    if composed.fatal:
        return None, composed.found
    located.data = composed.data
    located.marks.setdefault((), (1 + line_offset, 1))  # an empty file: its problems point at its start
    return located, composed.found


def blank_tab_lines(text: str) -> str:
    """``text`` with every line of nothing but spaces and tabs, with a tab, emptied (its line
    break kept, so every line and column stays where it was).

    Such a line is blank in YAML 1.2, but libyaml stops on it between the entries of a block
    mapping or list, and the web scorer's reader on it inside a block scalar: both readers empty
    it first (web/js/records.js does the same), so they read the file alike. The one thing lost
    is a line of only tabs and spaces inside a ``|`` block, which becomes an empty line."""
    if "\t" not in text:
        return text
    lines = text.split("\n")
    for i, line in enumerate(lines):
        body = line[:-1] if line.endswith("\r") else line
        if "\t" in body and not body.strip(" \t"):
            lines[i] = line[len(body) :]
    return "\n".join(lines)


def load_file(
    path: Path | str, max_bytes: int = MAX_RECORD_BYTES, max_values: int = MAX_RECORD_VALUES
) -> tuple[Located | None, list[Problem]]:
    """Read and parse a YAML (or JSON, which is YAML) file of at most ``max_bytes`` bytes and
    ``max_values`` values; see `load_text` for the problems reported. A larger file is refused
    before it is read in full."""
    data, problems = read_bounded(path, max_bytes)
    if data is None:
        return None, problems
    return load_bytes(data, display_path(path), max_bytes, max_values)


def read_bounded(path: Path | str, max_bytes: int, shown: str | None = None) -> tuple[bytes | None, list[Problem]]:
    """The bytes of the file at ``path``, read no further than ``max_bytes + 1``; or None and
    one problem (named ``shown``, by default `display_path`: a batch names its records as given,
    and resolving each path costs a system call per folder) when it cannot be read or is larger
    than ``max_bytes``."""
    shown = display_path(path) if shown is None else shown
    try:  # a FIFO would block open() and a device reads as empty or endless: refuse both first
        info = os.stat(path)
    except OSError:
        info = None  # open() below says why
    if info is not None and not stat.S_ISREG(info.st_mode) and not stat.S_ISDIR(info.st_mode):
        return None, [
            Problem(
                shown,
                0,
                0,
                "",
                "not a regular file (a device, pipe or socket); playaid reads record and content files",
                "pass a .yaml or .json record or content file",
            )
        ]
    try:
        with open(path, "rb") as stream:
            data = stream.read(max_bytes + 1)
    except OSError as exc:
        return None, [
            Problem(shown, 0, 0, "", f"cannot read file: {exc.strerror or exc}", "check the path and permissions")
        ]
    if len(data) > max_bytes:  # its size as stat saw it, unless it grew past the limit since
        size = info.st_size if info is not None and info.st_size > max_bytes else f"more than {max_bytes}"
        return None, [_too_big(shown, size, max_bytes)]
    return data, []


def _looks_utf16(data: bytes) -> bool:
    """True when ``data`` starts with a UTF-16 byte-order mark, or its first characters are ASCII
    written as UTF-16 without one (a NUL byte beside each letter)."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return True
    head = data[:64]
    return len(head) >= 8 and (head[1::2].count(0) == len(head) // 2 or head[0::2].count(0) == len(head) // 2)


def load_bytes(
    data: bytes,
    file: str,
    max_bytes: int = MAX_RECORD_BYTES,
    max_values: int = MAX_RECORD_VALUES,
    line_offset: int = 0,
    lazy: bool = False,
) -> tuple[Located | None, list[Problem]]:
    """Parse YAML from ``data`` (e.g. standard input, read with ``read(max_bytes + 1)``): bytes
    that are not UTF-8 are reported at the line and column of the first bad byte; then as
    `load_text` (``line_offset``, ``lazy``: as there)."""
    if len(data) > max_bytes:
        return None, [_too_big(file, f"more than {max_bytes}", max_bytes)]
    shown = file
    if _looks_utf16(data):  # Windows Notepad's "Unicode": said so, not as a stray byte or a NUL
        return None, [
            Problem(
                shown,
                1 + line_offset,
                1,
                "",
                "the file is UTF-16 text, not UTF-8",
                "save it as UTF-8: in Notepad, Save as with Encoding UTF-8",
            )
        ]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line_start = data.rfind(b"\n", 0, exc.start) + 1
        line = data.count(b"\n", 0, exc.start) + 1 + line_offset
        column = len(data[line_start : exc.start].decode("utf-8")) + 1
        return None, [
            Problem(
                shown, line, column, "", f"byte 0x{data[exc.start]:02X} is not UTF-8 text", "save the file as UTF-8"
            )
        ]
    return load_text(text, shown, max_bytes=None, max_values=max_values, line_offset=line_offset, lazy=lazy)
