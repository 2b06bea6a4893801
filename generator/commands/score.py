"""`playaid score RECORD... [--json]`: score finished games from records typed at the table.

Reads each record (a file, ``-`` for standard input, or a folder of them), scores it with the
scoring core from the compiled rules (`generator.records.compile_rules`: cached, so no YAML content is
loaded when nothing changed) and prints a table per player, or JSON (one object; JSON Lines for
several records). Exit code: the worst of the records (0 clean, 1 error findings or bad content,
2 unreadable record).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from generator.paths import CONTENT_DEFAULT_SHOWN, CONTENT_HELP, default_content_dir


class ScoreCommand(click.Command):
    """`score` whose --help ends with the record's fields, variants and ``ended_by`` values,
    generated from content (the compiled rules), so the help never drifts from the rules."""

    def format_epilog(self, ctx, formatter):
        super().format_epilog(ctx, formatter)
        content_dir = ctx.params.get("content_dir") or default_content_dir()
        try:
            from generator.records.compile_rules import compiled_rules
            from generator.records.record_help import record_help

            text = record_help(compiled_rules(content_dir))
        except Exception as exc:  # noqa: BLE001 - help must print even when content is broken
            text = f"(record fields unavailable: content did not load: {str(exc).splitlines()[0]})"
        formatter.write("\n")
        for line in text.splitlines():
            formatter.write(line + "\n")


@click.command("score", cls=ScoreCommand)
@click.argument("records", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True,
              help="print JSON: one object, or one per line (JSON Lines) for several records")
@click.option("--content", "content_dir", default=default_content_dir, type=click.Path(path_type=Path),
              show_default=CONTENT_DEFAULT_SHOWN, help=CONTENT_HELP,
              is_eager=True)
@click.option("--plain", is_flag=True, help="plain text even on a terminal")
def command(records: tuple[str, ...], as_json: bool, content_dir: Path, plain: bool):
    """Score finished games from RECORDS (YAML or JSON files, folders of them, or - for standard
    input), check the claimed totals and explain every point.

    Exit 0 clean, 1 error findings (or bad content), 2 an unreadable record; with several
    records, the worst of them.
    """
    from generator.errors import PlayaidError, RecordError
    from generator.records.compile_rules import compiled_rules
    from generator.records.record_io import Scored, locate, read_record, record_sources, unreadable
    from generator.scoring.api import engine

    try:
        sources = record_sources(records)
        scorer = engine(compiled_rules(content_dir))
    except PlayaidError as exc:
        if not as_json:
            raise
        _json_failure(exc)  # --json always prints JSON, even when nothing could be scored
    results: list[Scored] = []
    batch = len(sources) > 1
    rich = sys.stdout.isatty() and not plain and not as_json
    for source in sources:
        try:
            located = read_record(source)
        except RecordError as exc:
            scored = unreadable(source, exc)
        else:
            located.file = "<stdin>" if source == "-" else source  # every message names the record as given
            scored = Scored(source, locate(scorer.score(located.data), located))
        scored.report = {"record": source, **scored.report} if (batch or as_json) else scored.report
        results.append(scored)
        _print(scored, as_json, batch, rich, scorer)
    if batch and not as_json:
        from generator.records.score_text import summary

        click.echo(summary(results))
    sys.exit(max(r.exit_code for r in results))


def _json_failure(exc) -> None:
    """Print ``{"ok": false, "errors": [...]}`` for an error that stops scoring before any record
    (no record found, bad content) and exit with its code."""
    from generator.errors import Problem
    from generator.records.record_io import problem_json

    problems = getattr(exc, "problems", None) or [Problem("", message=str(exc))]
    errors = [problem_json(p) for p in problems]
    click.echo(json.dumps({"ok": False, "errors": errors}, indent=2, ensure_ascii=False))
    sys.exit(exc.exit_code)


def _print(scored, as_json: bool, batch: bool, rich: bool, scorer) -> None:
    if as_json:
        if batch:
            click.echo(json.dumps(scored.report, ensure_ascii=False, separators=(",", ":")))
        else:
            click.echo(json.dumps(scored.report, indent=2, ensure_ascii=False))
        return
    from generator.records.score_text import render

    if batch:
        click.echo(f"== {scored.source}")
    game_id = scorer.games.get(scored.report.get("game"))
    title = ((scorer.rules["games"][game_id].get("scoring") or {}).get("title")) if game_id else None
    text = render(scored.report, "<stdin>" if scored.source == "-" else scored.source, rich=rich, title=title)
    click.echo(text, nl=False, err=not scored.report.get("ok"))
    if batch:
        click.echo("")
