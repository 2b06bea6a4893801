"""`playaid new GAME_ID`: write a working skeleton of a new game (`generator.content.skeleton`)."""

from __future__ import annotations

import os
from pathlib import Path

import click

from generator.commands import user_content_default
from generator.paths import CONTENT_DIR, default_content_dir


@click.command("new", short_help="Write a working skeleton of a new game, ready to check, build and score.")
@click.argument("game_id")
@click.option("--title", help="the game's title (default: from the id)")
@click.option(
    "--content",
    "content_dir",
    default=user_content_default,
    type=click.Path(path_type=Path),
    show_default="playaid --content DIR, else $PLAYAID_CONTENT, else ./content (never the shipped games' folder)",
    help="content folder to add the game to",
)
@click.option(
    "--examples",
    "examples_dir",
    type=click.Path(path_type=Path),
    help="folder for the sample record (default: examples/ beside the content folder)",
)
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
    from generator.errors import display_path
    from generator.paths import DOCS_DIR

    content_dir = Path(content_dir)
    examples_dir = examples_dir or Path(os.path.abspath(content_dir)).parent / "examples"
    written = new_game(game_id, content_dir, examples_dir, title)
    click.echo(f"wrote {len(written)} files:")
    for path in written:  # all as the user sees paths: relative to here when inside it
        click.echo(f"  {display_path(path)}")
    folder = display_path(content_dir)
    # read without --content afterwards? ($PLAYAID_CONTENT, or ./content here)
    default = Path(os.path.abspath(default_content_dir())) == Path(os.path.abspath(content_dir))
    where = "" if default else f" --content {folder}"
    click.echo("next:")
    click.echo(f"  playaid{where} check              # validate it")
    click.echo(f"  playaid{where} build {game_id}-summary {game_id}-score-sheet")
    click.echo(f"  playaid{where} score {display_path(written[-1])}")
    click.echo(f"  playaid{where} web && playaid serve   # the phone pad")
    click.echo(f"  playaid{where} schema             # the record schema for editors knows it")
    if Path(content_dir).resolve() == CONTENT_DIR.resolve():  # a checkout of playaid
        click.echo(
            f"note: {folder} is the folder of the games shipped with playaid in this checkout: "
            f"{game_id} was added to them, beside {', '.join(_others(content_dir, game_id)) or 'none'} "
            f"(commit its files to ship it; make dist refuses untracked content)"
        )
    else:
        _own_folder_note(folder, default)
    guide = DOCS_DIR / "new-game.md"
    click.echo(
        f"then edit scoring.yaml and the rest into your own game: {display_path(guide)}"
        + (f" (and {display_path(DOCS_DIR / 'content-format.md')})" if guide.is_file() else "")
    )


def _others(content_dir: Path, game_id: str) -> list[str]:
    """The other games of ``content_dir`` (`files.game_folders`), sorted."""
    from generator.content.files import game_folders

    return [f.name for f in game_folders(content_dir) if f.name != game_id]


def _own_folder_note(folder: str, default: bool) -> None:
    click.echo(
        f"note: the folder '{folder}' holds your own games: commands that read it (run here"
        f"{'' if default else ' with --content ' + folder}, or with PLAYAID_CONTENT={folder}) list, check, "
        f"build and score its games only, not the games shipped with playaid; copy a shipped "
        f"game's folder into it to keep that game beside yours"
    )
