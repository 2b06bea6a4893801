"""`playaid score RECORD [--json]`: score a finished game from a record typed at the table.

Dispatches on the record's ``game:`` field to a scorer in `generator.scoring` (so other games can
add theirs). Exit 0 without error findings, 1 with error findings (or bad content), 2 when the
record cannot be read (message names file, line and field).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from generator.errors import RecordError
from generator.paths import default_content_dir


@click.command("score")
@click.argument("record", type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="print one JSON object instead of tables")
@click.option("--content", "content_dir", default=default_content_dir, type=click.Path(path_type=Path),
              show_default=True, help="content folder (card database and scoring rules)")
@click.option("--plain", is_flag=True, help="plain text even on a terminal")
def command(record: Path, as_json: bool, content_dir: Path, plain: bool):
    """Score a finished game from RECORD (YAML or JSON), check the claimed totals and explain
    every point. Exit 0 ok, 1 error findings, 2 unreadable record."""
    from generator.content.load import load_content
    from generator.scoring import scorers
    from generator.scoring.records import read_record
    from generator.scoring.report import render_text

    located = read_record(record)
    game = located.data.get("game")
    known = scorers()
    if game not in known:
        raise RecordError([located.problem(("game",), f"no scorer for game '{game}'",
                                           f"use one of: {', '.join(sorted(known))}")])
    scorer = known[game]
    parsed = scorer.parse(located)
    rules = scorer.rules(load_content(content_dir).game(scorer.content_game))
    report = scorer.score(parsed, rules)
    if as_json:
        click.echo(json.dumps(report.to_json(), indent=2, ensure_ascii=False))
    else:
        rich = sys.stdout.isatty() and not plain
        own = getattr(report, "render_text", None)  # a report may present itself (xia-campaign)
        click.echo(own(rich=rich) if own else render_text(report, rich=rich), nl=False)
    sys.exit(1 if report.has_errors else 0)
