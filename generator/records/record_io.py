"""Reading score records for the command line: files, folders and standard input, line-aware, and
putting the scoring core's ``path``s back on the page as ``file:line:column``.

The scoring core takes plain mappings and reports problems by ``path``; this module is the
command line's side of that: `read_record` parses YAML or JSON with positions (`yaml_io`),
`record_sources` expands the arguments of `playaid score`, and `locate` adds ``file``, ``line``
and ``column`` to every error and finding of a report.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from generator.content.files import RECORDS_FOLDER
from generator.errors import Problem, RecordError, display_path
from generator.reader.yaml_io import MAX_RECORD_BYTES, Located, load_bytes, read_bounded
from generator.records.json_lines import LINES_SUFFIXES, Source, is_lines, records_in

STDIN = "-"
#: Record file name endings a folder argument picks up (a JSON Lines file: one record a line).
RECORD_SUFFIXES = (".yaml", ".yml", ".json", *LINES_SUFFIXES)


def read_record(source: Path | str | Source, lazy: bool = False) -> Located:
    """Read one record (YAML or JSON; ``-`` is standard input; a `Source`: a file as its batch
    names it, or a JSON Lines record, `json_lines`). Raises `RecordError` (exit 2) naming file
    and line when it cannot be read or parsed: a JSON record's syntax error is said as JSON's
    (`_json_syntax`), an empty file as empty. ``lazy``: a plain JSON record's places are read
    only when first asked (`Located.settle`; a clean record is never asked)."""
    name = source.name if isinstance(source, Source) else str(source)
    offset = 0
    problems: list[Problem]
    if isinstance(source, Source) and source.line:  # a record of a JSON Lines file
        if source.problems:
            raise RecordError(source.problems)
        data, problems, shown, offset = source.data, [], source.file, source.line - 1
    elif isinstance(source, Source) and source.problems:
        raise RecordError(source.problems)
    elif name == STDIN:  # read no more than the limit: load_bytes refuses what is larger
        data, problems, shown = sys.stdin.buffer.read(MAX_RECORD_BYTES + 1), [], "<stdin>"
    else:
        shown = source.file if isinstance(source, Source) else display_path(source)
        data, problems = read_bounded(Path(name), MAX_RECORD_BYTES, shown)
    located = None
    if data is not None:
        located, problems = load_bytes(data, shown, line_offset=offset, lazy=lazy)
    if problems and data is not None and (offset or name.casefold().endswith(".json")):
        problems = _json_syntax(data, shown, problems, offset)
    if problems or located is None:
        raise RecordError(problems or [Problem(name, 0, 0, "", "cannot read record")])
    if located.data is None:  # nothing but blank lines and comments
        what = (
            f"line {offset + 1} holds no record (null)"
            if offset or isinstance(source, Source) and source.line
            else f"{'standard input' if shown == '<stdin>' else 'the file'} is empty: it holds no record"
        )
        raise RecordError(
            [
                Problem(
                    shown,
                    1 + offset,
                    1,
                    "",
                    what,
                    "write the record: `game:` and its fields (see playaid score --help, or the records in examples/)",
                )
            ]
        )
    return located


def _json_syntax(data: bytes, shown: str, problems: list[Problem], offset: int = 0) -> list[Problem]:
    """``problems`` of a ``.json`` record (or a JSON Lines record, its first line ``offset + 1``
    of its file) with its YAML syntax error (JSON is read as YAML) replaced by JSON's own: the
    place and words of `json.loads`' first error."""
    import json

    syntax = [p for p in problems if p.message.startswith("YAML syntax error")]
    if not syntax:
        return problems
    try:
        json.loads(data.decode("utf-8"))
    except json.JSONDecodeError as exc:
        found = Problem(
            shown,
            exc.lineno + offset,
            exc.colno,
            "",
            f"JSON syntax error: {exc.msg}",
            "check the commas, quotes and brackets near this place",
        )
        return [found] + [p for p in problems if p not in syntax]
    except (UnicodeDecodeError, RecursionError, ValueError):
        return problems
    return problems


def record_sources(args: tuple[str, ...]) -> Iterator[Source]:
    """The records named by ``playaid score`` arguments, one at a time (a batch of 100,000 files
    is never held as a list), each a `Source`: files as given, ``-`` for standard input, every
    ``*.yaml``/``*.yml``/``*.json``/``*.jsonl`` file (any case) in a folder and its sub-folders,
    in path order, and each record of a JSON Lines file (``*.jsonl``, `json_lines`). Raises
    `RecordError` at once (before any record is read) for a folder that holds no record."""
    for arg in args:
        if arg != STDIN and Path(arg).is_dir() and next(_records_under(Path(arg)), None) is None:
            raise RecordError(
                [
                    Problem(
                        arg,
                        0,
                        0,
                        "",
                        "this folder holds no record files",
                        "records end in .yaml, .yml, .json or .jsonl",
                    )
                ]
            )
    return _each_record(args)


def _each_record(args: tuple[str, ...]) -> Iterator[Source]:
    for arg in args:
        if arg == STDIN:
            yield Source(STDIN, "<stdin>")
            continue
        for path in _records_under(Path(arg)) if Path(arg).is_dir() else (arg,):
            if is_lines(path):
                yield from records_in(path)
            else:
                yield Source(path, path)


def _records_under(folder: Path) -> Iterator[str]:
    """Record files under ``folder`` in sorted path order; in a game's content folder (one with
    a game.yaml, e.g. examples/games/sushi-go/), only those in its ``records/``. Only one folder's names are held at a
    time, as plain strings (a sub-folder's with a trailing "/", which is also where a sorted
    list of whole paths puts its files): about 70 bytes a record file."""
    try:
        with os.scandir(folder) as listing:
            # linked folders are not followed (a link loop would never end), as rglob does not
            names = sorted(
                e.name + "/" if e.is_dir(follow_symlinks=False) else e.name
                for e in listing
                if e.is_dir(follow_symlinks=False) or os.path.splitext(e.name)[1].casefold() in RECORD_SUFFIXES
            )
    except OSError:
        return
    if "game.yaml" in names:  # a game's content folder: only its records/ holds finished games
        names = [name for name in names if name == RECORDS_FOLDER + "/"]
    for name in names:
        path = os.path.join(folder, name.rstrip("/"))
        if name.endswith("/"):
            yield from _records_under(Path(path))
        elif os.path.isfile(path):
            yield path


def problem_json(p: Problem) -> dict:
    """A located problem as the JSON report carries it (``more``: on the one that stands for
    the problems left out, how many)."""
    out = {"file": p.file, "line": p.line, "column": p.column, "field": p.field, "message": p.message, "hint": p.hint}
    return {**out, "more": p.more} if p.more else out


def locate(report: dict, located: Located) -> dict:
    """``report`` with ``file``/``line``/``column`` added to each error and ``line``/``column``
    to each finding, from the record's YAML positions (1-based).

    The rule (the web page copies it): an error is placed at its path's KEY when the record has
    that key (an unknown field), else at the nearest ancestor that has a position (a missing
    field: its parent entry); a finding at its path's VALUE, else the nearest located ancestor;
    a finding with an empty path (about the whole game) gets line 0, column 0. Errors and
    findings come out in file order (the order of the scoring core's checks means nothing to
    someone reading the record top down); findings at line 0 come last."""
    for item in report.get("errors", []):
        path = tuple(item.get("path", ()))
        line, col = located.position(path, prefer_key=True)
        item.update(file=located.file, line=line, column=col)
    if report.get("errors"):  # in file order; the "... and N more" summary stays last
        summary = [e for e in report["errors"] if "more" in e]
        report["errors"] = (
            sorted((e for e in report["errors"] if e not in summary), key=lambda e: (e["line"], e["column"])) + summary
        )
    for item in report.get("findings", []):
        path = tuple(item.get("path", ()))
        line, col = located.position(path, prefer_key=False) if path else (0, 0)
        item.update(line=line, column=col)
    if report.get("findings"):  # in file order; findings about the whole game (line 0) last
        report["findings"].sort(key=lambda f: (f["line"] == 0, f["line"], f["column"]))
    return report


@dataclass
class Scored:
    """One record's outcome: its name as given, the report (or None) and the exit code it earns
    (0 clean, 1 error findings, 2 unreadable)."""

    source: str
    report: dict
    #: the file its messages name (a JSON Lines record's file; "": the source's own name)
    file: str = ""

    @property
    def exit_code(self) -> int:
        if not self.report.get("ok"):
            return 2
        return 1 if any(f["severity"] == "error" for f in self.report.get("findings", [])) else 0

    @property
    def has_problems(self) -> bool:
        """Unreadable, or any error or warning finding (what ``--problems-only`` shows)."""
        return not self.report.get("ok") or any(
            f["severity"] in ("error", "warning") for f in self.report.get("findings", [])
        )


def unreadable(source: str | Source, exc: RecordError) -> Scored:
    """A `Scored` for a record that could not be parsed; its problems name the file as given."""
    if not isinstance(source, Source):
        source = Source(source, "<stdin>" if source == STDIN else source)
    errors = [{**problem_json(p), "file": source.file if p.file != "<stdin>" else p.file} for p in exc.problems]
    return Scored(source.name, {"ok": False, "game": None, "errors": errors}, source.file)


def needs_places(report: dict) -> bool:
    """True when `locate` would read a place of the record for ``report``: it has errors, or a
    finding about a field."""
    return bool(report.get("errors")) or any(f.get("path") for f in report.get("findings", ()))
