"""`playaid score RECORD... [--json]`: score finished games from records typed at the table.

Reads each record (a file, ``-`` for standard input, or a folder of them), scores it with the
scoring core from the compiled rules (`generator.compile.compile_rules`: cached, so no YAML content is
loaded when nothing changed) and prints a table per player, or JSON (one object; JSON Lines for
several records), one record at a time: a batch of any size runs in the same memory. Exit code:
the worst of the records (0 clean, 1 error findings or bad content, 2 unreadable record or usage
error).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from generator.commands import content_default, content_problem
from generator.paths import CONTENT_DEFAULT_SHOWN, CONTENT_HELP


class ScoreCommand(click.Command):
    """`score` whose --help ends with the record's fields, variants and ``ended_by`` values,
    generated from content (the compiled rules), so the help never drifts from the rules."""

    def format_epilog(self, ctx, formatter):
        super().format_epilog(ctx, formatter)
        content_dir = ctx.params.get("content_dir") or content_default()
        try:
            from generator.compile.compile_rules import compiled_rules
            from generator.records.record_help import record_help

            text = record_help(compiled_rules(content_dir))
        except Exception as exc:  # noqa: BLE001 - help must print even when content is broken
            text = f"(record fields unavailable: content did not load: {str(exc).splitlines()[0]})"
        formatter.write("\n")
        import textwrap

        width = max(formatter.width or 80, 40)
        for line in text.splitlines():  # long lines wrap under their own indent, to the help's width
            indent = " " * (len(line) - len(line.lstrip()))
            formatter.write(
                "\n".join(textwrap.wrap(line, width, subsequent_indent=indent + "    ", break_on_hyphens=False)) + "\n"
            )


@click.command(
    "score", cls=ScoreCommand, short_help="Score finished games: check the claimed totals, explain every point."
)
@click.argument("records", nargs=-1, metavar="RECORD...")
@click.option(
    "--json", "as_json", is_flag=True, help="print JSON: one object, or one per line (JSON Lines) for several records"
)
@click.option(
    "--content",
    "content_dir",
    default=content_default,
    type=click.Path(path_type=Path),
    show_default=CONTENT_DEFAULT_SHOWN,
    help=CONTENT_HELP,
    is_eager=True,
)
@click.option("--plain", is_flag=True, help="plain text even on a terminal")
@click.option(
    "--problems-only",
    is_flag=True,
    help="only the records with error or warning findings, or unreadable: as text their "
    "findings, one file:line:column line each (no score tables), then the summary",
)
def command(records: tuple[str, ...], as_json: bool, content_dir: Path, plain: bool, problems_only: bool):
    """Score finished games from RECORDS (YAML or JSON files, JSON Lines files of one record a
    line, folders of them, or - for standard input), check the claimed totals and explain every
    point.

    Exit 0 clean, 1 error findings (or bad content), 2 an unreadable record or a usage error;
    with several records, the worst of them. Records are scored and printed one at a time, and
    a batch ends with a summary that names every record with error findings or unreadable, and
    the first of those with warnings only. A JSON Lines file (*.jsonl) is read a line at a time;
    its records are named FILE:LINE.

    \b
    Examples:
      playaid score game.yaml                  # tables, winners, findings
      playaid score --json game.yaml           # the same as JSON
      playaid score records/ --problems-only   # only what needs fixing
      playaid score games.jsonl --json         # a record a line (JSON Lines)
      cat game.yaml | playaid score -          # standard input
    """
    from generator.compile.compile_rules import compiled_rules
    from generator.errors import PlayaidError, UsageError
    from generator.records.formula_place import locate_formulas
    from generator.records.record_io import record_sources
    from generator.scoring.api import engine

    try:
        if not records:
            raise UsageError(
                "no RECORDS given: name record files or folders, or - for standard input "
                "(e.g. playaid score examples/rftg-invasion.yaml)"
            )
        problem = content_problem(content_dir)
        if problem:  # a usage error (exit 2), as in every command; checked here so --json says it
            raise UsageError(f"Invalid value for '--content': {problem}")
        sources = record_sources(records)
        scorer = engine(compiled_rules(content_dir))
    except PlayaidError as exc:
        if as_json:
            _json_failure(exc)  # --json always prints JSON, even when nothing could be scored
        if isinstance(exc, UsageError):
            raise click.UsageError(str(exc)) from None
        raise
    first = next(sources)
    second = next(sources, None)
    batch = second is not None
    from generator.commands.color import mode, styled

    # tables on a terminal (or with --color always); escape sequences only when styled
    rich = (sys.stdout.isatty() or mode() == "always") and not plain and not as_json
    style = styled(sys.stdout)
    tally = Tally()
    for source in _chain(first, second, sources):
        scored = _score(source, scorer)
        if not scored.report.get("ok"):
            _say_content_folder(scored.report, content_dir)
            locate_formulas(scored.report, content_dir)  # a formula failing on this record: at the formula too
        scored.report = {"record": source.name, **scored.report} if (batch or as_json) else scored.report
        tally.add(scored)
        if tally.count == 1 and batch:
            # the rules, the pad and its card database live for the whole batch: out of the cyclic
            # collector's sight, which would otherwise walk them again and again (8 % of a batch)
            import gc

            gc.freeze()
        if problems_only and not scored.has_problems:
            continue
        _print(scored, as_json, batch, rich, problems_only, style)
    if batch and not as_json:
        click.echo(tally.summary())
    sys.exit(tally.worst)


def _score(source, scorer):
    """The `Scored` of one record (a `json_lines.Source`): read, scored, located; unreadable when
    it cannot be read. A plain JSON record is read without its places (`Located.settle`), which
    are read only for a report that names a field."""
    from generator.errors import RecordError
    from generator.records.record_io import Scored, locate, needs_places, read_record, unreadable

    try:
        located = read_record(source, lazy=True)
        report = scorer.score(located.data)
        if located.pending is not None and needs_places(report) and not located.settle():
            located = read_record(source)  # never expected: the JSON and YAML readings differ, YAML's holds
            report = scorer.score(located.data)
    except RecordError as exc:
        return unreadable(source, exc)
    located.file = source.file  # every message names the record as given
    return Scored(source.name, locate(report, located), source.file)


def _say_content_folder(report: dict, content_dir: Path) -> None:
    """A record of a game the content folder lacks: its hint also names the folder read, when it
    is the user's own (after `playaid new`, ./content holds only the user's games, and a shipped
    game's record meets "no scorer" with no word of why)."""
    from generator.errors import display_path
    from generator.paths import CONTENT_DIR

    if report.get("ok") or Path(content_dir).resolve() == CONTENT_DIR.resolve():
        return
    for error in report.get("errors", []):
        if error.get("path") == ["game"]:  # no scorer for the record's game here
            error["hint"] += (
                f"; the content folder '{display_path(content_dir)}' replaces the games shipped with "
                f"playaid: run outside it, or pass --content, to score those"
            )


def _chain(first, second, rest):
    yield first
    if second is not None:
        yield second
        yield from rest


class Tally:
    """What a batch's summary needs, in memory that does not grow with the batch: counts, and the
    records with error findings, unreadable or with warnings only written to a spooled temporary
    file (in memory up to 1 MB, on disk beyond), read back for the summary."""

    #: Most records with warnings only the summary names (all are counted; `--problems-only`
    #: prints their warnings): a warning does not stop a score, the summary stays short.
    WARNED_NAMED = 10

    def __init__(self):
        self.count = self.worst = self.errors = self.unreadable = self.warned = 0
        self._spool = None

    @property
    def _listed(self):
        """The spooled file of listed records, made at the first (a clean record needs none)."""
        if self._spool is None:
            import tempfile

            # surrogateescape: a file name's byte that is not UTF-8 comes back as it went in
            self._spool = tempfile.SpooledTemporaryFile(
                max_size=1 << 20, mode="w+", encoding="utf-8", errors="surrogateescape"
            )
        return self._spool

    def add(self, scored) -> None:
        from generator.scoring.record.validate import problem_count

        self.count += 1
        code = scored.exit_code
        self.worst = max(self.worst, code)
        if code == 0:
            if not scored.has_problems:
                return
            self.warned += 1
            if self.warned > self.WARNED_NAMED:
                return
            codes = [f["code"] for f in scored.report.get("findings", []) if f["severity"] == "warning"]
            detail = ", ".join(dict.fromkeys(codes)) + (f" ({len(codes)} warnings)" if len(codes) > 1 else "")
        elif code == 2:
            self.unreadable += 1
            errors = scored.report.get("errors") or [{}]
            first, count = errors[0], problem_count(errors)
            detail = (
                (f"{first['field']}: " if first.get("field") else "")
                + first.get("message", "cannot be read")
                + (f" ({count} problems)" if count > 1 else "")
            )
        else:
            self.errors += 1
            codes = [f["code"] for f in scored.report.get("findings", []) if f["severity"] == "error"]
            detail = ", ".join(dict.fromkeys(codes)) + (f" ({len(codes)} errors)" if len(codes) > 1 else "")
        name = "<stdin>" if scored.source == "-" else scored.source
        self._listed.write(f"{code}\t{name}: {' '.join(detail.split())}\n")

    def summary(self) -> str:
        """``N records: x clean, y with error findings, z unreadable``, then each record with
        error findings (its error codes), each unreadable one (its first problem, with its field,
        and how many problems it has) and the first `WARNED_NAMED` records with warnings only
        (their warning codes)."""
        n = self.count
        clean = n - self.errors - self.unreadable
        warned = f" ({self.warned} with warnings)" if self.warned else ""
        out = [
            f"{n} record{'s' if n != 1 else ''}: {clean} clean{warned}, {self.errors} with error "
            f"findings, {self.unreadable} unreadable"
        ]
        for code, title, count in (
            ("1", "with error findings", self.errors),
            ("2", "unreadable", self.unreadable),
            ("0", "with warnings only", self.warned),
        ):
            if not count:
                continue
            out.append(f"{title} ({count}):")
            self._listed.seek(0)
            out += [
                f"  {line.rstrip(chr(10)).split(chr(9), 1)[1]}" for line in self._listed if line.startswith(code + "\t")
            ]
        if self.warned > self.WARNED_NAMED:
            out.append(f"  and {self.warned - self.WARNED_NAMED} more (--problems-only lists their warnings)")
        return "\n".join(out)


def _json_failure(exc) -> None:
    """Print ``{"ok": false, "errors": [...]}`` for an error that stops scoring before any record
    (no record found, bad content) and exit with its code."""
    from generator.errors import Problem
    from generator.records.record_io import problem_json

    problems = getattr(exc, "problems", None) or [Problem("", message=str(exc))]
    errors = [problem_json(p) for p in problems]
    click.echo(json.dumps({"ok": False, "errors": errors}, indent=2, ensure_ascii=False))
    sys.exit(exc.exit_code)


#: A report as one line of JSON, what ``json.dumps(report, ensure_ascii=False, separators=(",",
#: ":"))`` writes, from one encoder made once (dumps makes one a call) that does not track the
#: containers it is inside (a report is a tree the core built: no cycle to find): 15 % less a line.
_line = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False).encode


def _print(scored, as_json: bool, batch: bool, rich: bool, problems_only: bool = False, style: bool = True) -> None:
    if as_json:
        if batch:  # one line a record, buffered (click.echo flushes each: a system call a record)
            sys.stdout.write(_line(scored.report) + "\n")
        else:
            click.echo(json.dumps(scored.report, indent=2, ensure_ascii=False))
        return
    from generator.records.score_text import problem_lines, render

    shown = scored.file or ("<stdin>" if scored.source == "-" else scored.source)
    if problems_only:  # one self-locating line per problem, as a compiler or linter prints them
        for line in problem_lines(scored.report, shown):
            click.echo(line, err=not scored.report.get("ok"))
        return
    if batch:
        click.echo(f"== {scored.source}")
    text = render(scored.report, shown, rich=rich, styled=style)  # the report says all it needs
    # color=: click strips escape sequences going to a pipe, which --color always asked for
    click.echo(text, nl=False, err=not scored.report.get("ok"), color=style)
    if batch:
        click.echo("")
