"""Build plain Python data from the YAML parser's event stream, iteratively and under limits.

`yaml_io` is the public face; this module is its engine. The C parser (libyaml, through PyYAML's
``yaml.CParser``) turns text into events, each with its line and column, without recursion;
PyYAML's composers (C and Python) recurse once per nesting level and crash or raise
RecursionError on deep input, and its resolver is YAML 1.1's (``yes``, ``on``, ``1_0``). So the
document is built here from the events with an explicit stack, and every limit is checked on
the event that would break it, before anything is built from it:

- an anchor or alias is a problem where it stands; an alias becomes None (nothing is expanded);
- a collection deeper than `MAX_DEPTH` stops the parse (libyaml itself is iterative, but it is
  quadratic in flow nesting: 30,000 ``[`` take 5 s, so we stop reading at the limit).

Scalars are resolved and constructed by the YAML 1.2 core schema (null, bool, int, float, str),
one scalar at a time, by `_Scalars`: the same rules as the web scorer's reader.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from generator.errors import CONTROL_CHARACTERS, Problem, cut
from generator.reader import pyyaml_start  # noqa: F401 (before PyYAML is imported: see there)
from generator.reader.core_schema import (  # noqa: F401 (MAX_DIGITS: re-exported)
    _BOOL,
    _CONSTRUCT,
    _CORE,
    _CORE_SCALARS,
    _FIXED,
    _FLOAT,
    _INT,
    _NULL,
    _NUMERIC_START,
    _STR,
    MAX_DIGITS,
    _core_tag,
)
from generator.reader.limits import MAX_DEPTH  # noqa: F401 (re-exported)
from generator.scoring.record.validate import dotted  # one spelling of field paths, shared with the scoring core
from yaml.error import MarkedYAMLError, YAMLError
from yaml.events import (
    AliasEvent,
    DocumentStartEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
)

try:
    from yaml._yaml import CParser as _Parser  # libyaml, in PyYAML's wheels (yaml.__with_libyaml__)
except ImportError:  # a PyYAML built without libyaml: its pure-Python parser, slower, same events
    from yaml.parser import Parser as _PurePython
    from yaml.reader import Reader as _Reader
    from yaml.scanner import Scanner as _Scanner

    class _PurePythonParser(_Reader, _Scanner, _PurePython):
        def __init__(self, stream):
            _Reader.__init__(self, stream)
            _Scanner.__init__(self)
            _PurePython.__init__(self)

        def dispose(self):
            pass

    _Parser = _PurePythonParser


_COLLECTION_TAGS = {None, _CORE + "map", _CORE + "seq"}
_MERGE = _CORE + "merge"
_KINDS = {
    _CORE + "null": "null",
    _CORE + "bool": "true/false",
    _CORE + "int": "a whole number",
    _CORE + "float": "a number",
    _CORE + "str": "text",
}
_NO_KEY = object()
# Control characters a scalar may not hold even when written as an escape ("\x00"): they break
# file paths (embedded NUL), terminals and PDFs. Tab, line feed and carriage return are text.
# A key is a field name, printed in every message about its value: it may hold no line breaks or
# tabs either (errors.CONTROL_CHARACTERS).
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


@dataclass
class Composed:
    """What `compose_events` found: ``data`` (None for an empty file), every problem, and
    ``fatal`` when the document could not be built at all (syntax error, too deep, ...)."""

    data: Any = None
    found: list[Problem] = field(default_factory=list)
    fatal: bool = False


@dataclass(slots=True)
class _Frame:
    """One open mapping or sequence. ``key`` is the mapping key waiting for its value;
    ``drop_value`` when that value is to be left out (duplicate or unusable key); ``quiet`` when
    this collection is itself left out (its positions are not recorded)."""

    path: tuple
    container: Any
    is_map: bool
    quiet: bool
    start: Any  # the parser's mark where the collection starts
    key: Any = _NO_KEY
    drop_value: bool = False
    seen: dict = field(default_factory=dict)


#: libyaml's own message for more than 1,000 open collections (libyaml 0.2.5's limit).
_LIBYAML_DEPTH = "exceeded maximum nesting depth"


def compose_events(
    text: str, file: str, marks: dict, key_marks: dict, max_values: int, line_offset: int = 0
) -> Composed:
    """Parse ``text`` and build its one document; fill ``marks``/``key_marks`` (path -> 1-based
    (line, column) of the value / of its key; ``line_offset`` is added to every line: the text's
    first line is line ``1 + line_offset`` of its file). More than ``max_values`` scalars and
    collections stop the parse. Never raises for anything ``text`` contains.

    The loop is the reader's hot path (a record's few hundred events, a batch's millions): the
    common events, a plain or quoted text or number and the end of a collection, are handled
    inline; everything else goes through `_deliver` and `_Scalars.construct`."""
    out = Composed()
    found = out.found
    loader = _Parser(text)
    first_line = 1 + line_offset

    def problem(mark, path, message, hint=""):
        found.append(Problem(file, mark.line + first_line, mark.column + 1, dotted(path), message, hint))

    scalars = _Scalars(loader)
    construct = scalars.construct
    stack: list[_Frame] = []
    documents = 0
    values = 0
    check_event, get_event = loader.check_event, loader.get_event
    fixed, numeric_start, str_tag, int_tag = _FIXED, _NUMERIC_START, _STR, _INT
    control, construct_of = _CONTROL.search, _CONSTRUCT
    parent = None  # stack[-1], or None at the document's top
    try:
        while check_event():
            event = get_event()
            kind = type(event)
            if kind is ScalarEvent and parent is not None and event.anchor is None:
                values += 1
                if values > max_values:
                    problem(
                        event.start_mark,
                        (),
                        f"more than {max_values:,} values in one file",
                        "a record or content file holds a few thousand at most: check that this "
                        "is the right file, or split it",
                    )
                    out.fatal = True
                    return out
                text_ = event.value
                tag = event.tag
                if tag is None:
                    if event.implicit[0]:
                        tag = fixed.get(text_)
                        if tag is None:
                            tag = _core_tag(text_) if text_[0] in numeric_start else str_tag
                    else:
                        tag = str_tag
                if parent.is_map and parent.key is _NO_KEY:  # a key
                    if tag is str_tag and text_ != "<<" and not CONTROL_CHARACTERS.search(text_):
                        _key(parent, text_, event.start_mark, problem, key_marks, first_line)
                        continue
                    ok, value = construct(event, True)
                    if not ok:
                        problem(event.start_mark, parent.path, *value)
                        _deliver(
                            out,
                            stack,
                            None,
                            event.start_mark,
                            problem,
                            marks,
                            key_marks,
                            refused=True,
                            first_line=first_line,
                        )
                        continue
                    _deliver(out, stack, value, event.start_mark, problem, marks, key_marks, first_line=first_line)
                    continue
                if parent.is_map:
                    key = parent.key
                    path = parent.path + (key,)
                else:
                    path = parent.path + (len(parent.container),)
                quiet = parent.quiet or parent.drop_value
                if not quiet:
                    mark = event.start_mark
                    marks[path] = (mark.line + first_line, mark.column + 1)
                if tag is str_tag and not control(text_):
                    value = text_
                elif tag in construct_of and (tag is not int_tag or len(text_) <= MAX_DIGITS) and event.tag is None:
                    value = construct_of[tag](text_)
                else:
                    ok, value = construct(event, False)
                    if not ok:
                        problem(event.start_mark, path, *value)
                        value = None
                if parent.is_map:
                    if not parent.drop_value:
                        parent.container[key] = value
                    parent.key, parent.drop_value = _NO_KEY, False
                else:
                    parent.container.append(value)
                continue
            if kind is MappingEndEvent or kind is SequenceEndEvent:
                frame = stack.pop()
                parent = stack[-1] if stack else None
                _deliver(
                    out,
                    stack,
                    frame.container,
                    frame.start,
                    problem,
                    marks,
                    key_marks,
                    is_collection=True,
                    first_line=first_line,
                )
                continue
            if kind is DocumentStartEvent:
                documents += 1
                if documents > 1:
                    problem(
                        event.start_mark, (), "a second YAML document ('---') in one file", "keep one document per file"
                    )
                    out.fatal = True
                    return out
                scalars.start_document()
                continue
            if kind not in (ScalarEvent, AliasEvent, MappingStartEvent, SequenceStartEvent):
                continue  # stream start/end, document end
            values += 1
            if values > max_values:
                problem(
                    event.start_mark,
                    (),
                    f"more than {max_values:,} values in one file",
                    "a record or content file holds a few thousand at most: check that this "
                    "is the right file, or split it",
                )
                out.fatal = True
                return out
            as_key = parent is not None and parent.is_map and parent.key is _NO_KEY
            quiet = parent is not None and (parent.quiet or as_key or parent.drop_value)
            path = (
                ()
                if parent is None
                else parent.path
                + (("<key>",) if as_key else (len(parent.container),) if not parent.is_map else (parent.key,))
            )
            where = parent.path if parent is not None and as_key else path  # a key's problem: at its map
            if not quiet:
                mark = event.start_mark
                marks[path] = (mark.line + first_line, mark.column + 1)
            if kind is AliasEvent:
                problem(
                    event.start_mark,
                    where,
                    f"YAML aliases (*{event.anchor}) are not allowed",
                    "write the value out in full where it is used",
                )
                _deliver(
                    out, stack, None, event.start_mark, problem, marks, key_marks, refused=True, first_line=first_line
                )
                continue
            if event.anchor is not None:
                problem(
                    event.start_mark,
                    where,
                    f"YAML anchors (&{event.anchor}) are not allowed",
                    "remove the anchor and write the value out wherever it is used",
                )
            if kind is ScalarEvent:
                ok, value = construct(event, as_key)
                if not ok:
                    problem(event.start_mark, where, *value)
                    _deliver(
                        out,
                        stack,
                        None,
                        event.start_mark,
                        problem,
                        marks,
                        key_marks,
                        refused=True,
                        first_line=first_line,
                    )
                    continue
                _deliver(out, stack, value, event.start_mark, problem, marks, key_marks, first_line=first_line)
                continue
            # a mapping or sequence starts
            if len(stack) >= MAX_DEPTH:
                problem(
                    event.start_mark,
                    path[:4],
                    f"nested more than {MAX_DEPTH} levels deep",
                    "playaid files need only a few levels; look for unclosed brackets",
                )
                out.fatal = True
                return out
            if event.tag not in _COLLECTION_TAGS:
                problem(event.start_mark, path, f"YAML tag '{event.tag}' is not supported", "remove the tag")
            is_map = kind is MappingStartEvent
            parent = _Frame(path, {} if is_map else [], is_map, quiet, event.start_mark)
            stack.append(parent)
    except MarkedYAMLError as exc:
        if exc.problem == _LIBYAML_DEPTH and exc.problem_mark is not None and len(text) > exc.problem_mark.index:
            # libyaml's scanner reads up to 1,024 characters ahead on a line, and stops at its own
            # depth limit (1,000 open brackets) before our events reach ours: read again the text
            # before that bracket, which is still nested past MAX_DEPTH, so the problem is said
            # as ours, at the first collection past our limit
            marks.clear()
            key_marks.clear()
            return compose_events(text[: exc.problem_mark.index], file, marks, key_marks, max_values, line_offset)
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + first_line, mark.column + 1) if mark else (0, 0)
        message = (exc.problem or str(exc)).strip()
        found.append(
            Problem(
                file,
                line,
                col,
                "",
                f"YAML syntax error: {message}",
                "check indentation, colons and quotes near this line",
            )
        )
        out.fatal = True
    except YAMLError as exc:  # e.g. a reader error the character check above did not foresee
        found.append(Problem(file, 0, 0, "", f"YAML error: {' '.join(str(exc).split())}", "fix the YAML syntax"))
        out.fatal = True
    finally:
        loader.dispose()
    return out


def _key(parent: _Frame, key: str, mark, problem, key_marks: dict, first_line: int) -> None:
    """A text key of ``parent`` (a mapping), as `_deliver` takes one: a duplicate is a problem
    and its value is left out."""
    if key in parent.seen:
        problem(
            mark,
            parent.path + (key,),
            f"duplicate key '{key}' (first defined on line {parent.seen[key]})",
            "remove one of the two or rename it",
        )
        parent.drop_value = True
    else:
        line = mark.line + first_line
        parent.seen[key] = line
        if not parent.quiet:
            key_marks[parent.path + (key,)] = (line, mark.column + 1)
    parent.key = key


def _deliver(
    out: Composed,
    stack: list[_Frame],
    value: Any,
    mark,
    problem,
    marks,
    key_marks,
    is_collection: bool = False,
    refused: bool = False,
    first_line: int = 1,
) -> None:
    """Put a finished value (scalar, closed collection, or None for a refused one) into its
    parent: the document root, a sequence item, a mapping key, or the value of that key."""
    if not stack:
        out.data = value
        return
    parent = stack[-1]
    if not parent.is_map:
        parent.container.append(value)
        return
    if parent.key is not _NO_KEY:  # this is the value of parent.key
        if not parent.drop_value:
            parent.container[parent.key] = value
        parent.key, parent.drop_value = _NO_KEY, False
        return
    # this is a key
    parent.key = "?"  # names the value of a key that is refused (its problems say "?")
    if refused:  # an alias or unreadable scalar as a key: already reported
        parent.drop_value = True
    elif is_collection:
        problem(mark, parent.path, "a mapping key must be a plain value", "write the key as text")
        parent.drop_value = True
    elif value is _MergeKey:
        problem(mark, parent.path, "YAML merge keys (<<) are not supported", "write the fields out")
        parent.drop_value = True
    elif value in parent.seen:
        problem(
            mark,
            parent.path + (value,),
            f"duplicate key '{value}' (first defined on line {parent.seen[value]})",
            "remove one of the two or rename it",
        )
        parent.drop_value = True
        parent.key = value
    else:
        line_col = (mark.line + first_line, mark.column + 1)
        parent.seen[value] = line_col[0]
        if not parent.quiet:
            key_marks[parent.path + (value,)] = line_col
        parent.key = value


class _MergeKey:
    """Stands for a ``<<`` key (refused)."""


class _Scalars:
    """Resolves and constructs scalars by the YAML 1.2 core schema (spec 10.3), whatever the
    document's ``%YAML`` directive says: exactly the rules of the web scorer's reader (the `yaml`
    package with ``schema: "core"``, web/js/records.js), so the command line and the page read
    every record alike. No underscores in numbers (``1_0`` is text), no ``0b``, no sign before
    ``0o``/``0x``, no YAML 1.1 ``yes``/``on``; a bare date stays text (the models that want a date
    parse the ISO text themselves). An explicit tag may only be a core one (``!!str``, ``!!int``,
    ``!!float``, ``!!bool``, ``!!null``), and its text must read as that type."""

    def __init__(self, loader):
        self.loader = loader

    def start_document(self) -> None:
        """Nothing to choose: every document is read by the core schema."""

    def construct(self, event: ScalarEvent, as_key: bool) -> tuple[bool, Any]:
        """(True, value) or (False, (message, hint)) for one scalar event."""
        tag, text = event.tag, event.value
        if tag is None:
            tag = _core_tag(text) if event.implicit[0] else _STR
        elif tag not in _CORE_SCALARS:
            if tag == _MERGE and as_key and text == "<<":
                return True, _MergeKey
            return False, (f"YAML tag '{tag}' is not supported", "remove the tag")
        if tag == _STR:
            if text == "<<" and as_key and event.implicit[0]:
                return True, _MergeKey
            bad = (CONTROL_CHARACTERS if as_key else _CONTROL).search(text)
            if bad:
                what = "key" if as_key else "text"
                return False, (
                    f"the {what} holds control character U+{ord(bad.group()):04X}",
                    "write the key on one line, without escapes" if as_key else "remove the escape that writes it",
                )
            return True, text
        if tag == _INT:
            digits = sum(c.isdigit() for c in text)
            if digits > MAX_DIGITS:
                return False, (
                    f"a number with {digits} digits is too long to read",
                    "write the count or score this field means",
                )
        if _core_tag(text) != tag and not (tag == _FLOAT and _core_tag(text) == _INT):
            return False, (
                f"cannot read '{cut(text, 40)}' as {_KINDS[tag]}",
                "quote it to make it text, or write a valid value",
            )
        return True, _CONSTRUCT[tag](text)
