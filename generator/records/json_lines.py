"""Score records from a JSON Lines file (``*.jsonl``): one record a line, as a program that logs
games writes them. `playaid score games.jsonl` reads the file one line at a time (a file of
100,000 records runs in the memory of one), names each record ``games.jsonl:LINE`` and places
its problems at that line of the file.

Each line is read as a ``.json`` record file is (`record_io.read_record`): JSON, line-aware, every
bound of a record (1 MiB, 20,000 values, depth 64); blank lines are skipped. A line longer than a
record may be is refused at its number, and the next line is read.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from dataclasses import dataclass, field

from generator.errors import Problem
from generator.reader.limits import MAX_RECORD_BYTES

#: File name endings read as JSON Lines.
LINES_SUFFIXES = (".jsonl",)


@dataclass
class Source:
    """One record to read: ``name`` as a batch names it (the path as given, ``-``, or
    ``path:LINE`` for a record of a JSON Lines file), ``file`` as its messages name the file
    (``<stdin>`` for ``-``); for a JSON Lines record, its ``line`` (1-based) and ``data`` (the
    line's bytes), or the ``problems`` that make it unreadable before it is parsed."""

    name: str
    file: str
    line: int = 0
    data: bytes | None = None
    problems: list[Problem] = field(default_factory=list)


def is_lines(path: str) -> bool:
    """True when ``path`` names a JSON Lines file (by its ending, any case)."""
    return os.path.splitext(path)[1].casefold() in LINES_SUFFIXES


def records_in(path: str) -> Iterator[Source]:
    """The records of the JSON Lines file ``path``, one line at a time: a `Source` per record
    (blank lines skipped), one with ``problems`` for a line over `MAX_RECORD_BYTES`, and a
    single one with ``problems`` when the file cannot be read, is UTF-16 or holds no record."""

    def whole(message: str, hint: str, line: int = 0) -> Source:
        return Source(path, path, problems=[Problem(path, line, 1 if line else 0, "", message, hint)])

    try:  # a FIFO would block open() and a device reads endless: refuse both first (as read_bounded)
        info = os.stat(path)
    except OSError:
        info = None
    if info is not None and not stat.S_ISREG(info.st_mode):
        yield whole(
            "not a regular file (a device, pipe or socket); playaid reads record files", "pass a .jsonl file of records"
        )
        return
    try:
        stream = open(path, "rb")
    except OSError as exc:
        yield whole(f"cannot read file: {exc.strerror or exc}", "check the path and permissions")
        return
    from generator.reader.yaml_io import _looks_utf16

    records = 0
    with stream:
        number = 0
        while line := stream.readline(MAX_RECORD_BYTES + 1):
            number += 1
            if number == 1 and _looks_utf16(line):
                yield whole(
                    "the file is UTF-16 text, not UTF-8", "save it as UTF-8: in Notepad, Save as with Encoding UTF-8", 1
                )
                return
            if len(line) > MAX_RECORD_BYTES:
                while not line.endswith(b"\n") and (line := stream.readline(1 << 16)):
                    pass  # the rest of the long line, never held whole
                yield Source(
                    f"{path}:{number}",
                    path,
                    number,
                    problems=[
                        Problem(
                            path,
                            number,
                            1,
                            "",
                            f"the line is larger than {MAX_RECORD_BYTES >> 20} MiB; "
                            f"playaid reads records up to {MAX_RECORD_BYTES >> 20} MiB",
                            "a record is a few kB: check that this is a file of records, one a line",
                        )
                    ],
                )
                records += 1
                continue
            if line.isspace():
                continue
            end = -2 if line.endswith(b"\r\n") else -1 if line.endswith(b"\n") else None
            yield Source(f"{path}:{number}", path, number, data=line[:end])  # JSON's errors: at this line
            records += 1
    if not records:
        yield whole(
            "the file is empty: it holds no record",
            "write one record a line: a JSON object with `game:` and its fields",
            1,
        )
