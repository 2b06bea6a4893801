"""`playaid new GAME_ID`: write a working skeleton of a new game (`generator.content.skeleton`)."""

from __future__ import annotations

from pathlib import Path

import click

from generator.commands import user_content_default


@click.command("new", short_help="Write a working skeleton of a new game, ready to check, build and score.")
@click.argument("game_id")
@click.option("--title", help="the game's title (default: from the id)")
@click.option("--content", "content_dir", default=user_content_default, type=click.Path(path_type=Path),
              show_default="playaid --content DIR, else $PLAYAID_CONTENT, else ./content (never the shipped games' folder)",
              help="content folder to add the game to")
@click.option("--examples", "examples_dir", type=click.Path(path_type=Path),
              help="folder for the sample record (default: examples/ beside the content folder)")
def new_command(game_id: str, title: str | None, content_dir: Path, examples_dir: Path | None):
    """Write a new game GAME_ID into the content folder: game, rules, facts, a summary card,
    a score sheet and its scoring model, and a sample record. playaid check, build and score
    work on it at once; then make it your own (docs/new-game.md).

    \b
    Examples:
      playaid new my-game                       # content/my-game/ and examples/my-game.yaml
      playaid new my-game --title "My Game"     # the title printed on its aids
    """
    from generator.content.skeleton import new_game

    examples_dir = examples_dir or Path(content_dir).resolve().parent / "examples"
    written = new_game(game_id, Path(content_dir), examples_dir, title)
    click.echo(f"wrote {len(written)} files:")
    for path in written:
        click.echo(f"  {path}")
    sample = written[-1]
    click.echo("next:")
    click.echo("  playaid check                     # validate it")
    click.echo(f"  playaid build {game_id}-summary {game_id}-score-sheet")
    click.echo(f"  playaid score {sample}")
    click.echo("  playaid web && playaid serve      # the phone pad")
    click.echo("  playaid schema                    # the record schema for editors (and `make test`) knows it")
    click.echo("then edit scoring.yaml and the rest into your own game: docs/new-game.md")
