"""The `playaid` command line: parses options, calls the library, prints known errors, sets the
exit code (0 ok, 1 invalid content / failed build / error findings, 2 usage or unreadable input).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from generator import __version__
from generator.errors import PlayaidError
from generator.paths import default_content_dir


def _fail(exc: PlayaidError) -> None:
    click.echo(str(exc), err=True)
    sys.exit(exc.exit_code)


class Group(click.Group):
    """Click group that loads a sub-command's module only when that command runs (start-up stays
    near Python's own), turns playaid errors into messages and any other exception into a
    one-line internal-error report instead of a traceback."""

    def list_commands(self, ctx):
        from generator.commands import LAZY_COMMANDS

        return sorted(set(super().list_commands(ctx)) | set(LAZY_COMMANDS))

    def get_command(self, ctx, name):
        command = super().get_command(ctx, name)
        if command is not None:
            return command
        from generator.commands import LAZY_COMMANDS

        target = LAZY_COMMANDS.get(name)
        if target is None:
            return None
        import importlib

        module, _, attribute = target.partition(":")
        command = getattr(importlib.import_module(module), attribute)
        self.add_command(command, name)
        return command

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except PlayaidError as exc:
            _fail(exc)
        except (click.exceptions.Exit, click.exceptions.Abort, click.ClickException, SystemExit):
            raise
        except KeyboardInterrupt:
            click.echo("interrupted", err=True)
            sys.exit(130)
        except BrokenPipeError:  # e.g. `playaid check | head -1`: the reader has gone
            import os

            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            sys.exit(0)
        except Exception as exc:  # last-resort guard: never show a traceback to a user
            click.echo(f"internal error: {type(exc).__name__}: {exc} "
                       f"(please report this with the command you ran)", err=True)
            sys.exit(1)


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="playaid")
def cli():
    """playaid: build printable player aids from game content and check end-game scores."""


@cli.command()
@click.argument("content_dir", default=default_content_dir, type=click.Path(path_type=Path))
def check(content_dir: Path):
    """Load and validate all content in CONTENT_DIR (default: content/).

    Prints every problem as file:line:column: field: message (how to fix), or one summary line
    per game. Exit 0 when clean, 1 when content is invalid. When the seed rulebook texts are not
    found, a note on stderr says so (section headings are then not verified; exit code unchanged).
    """
    from generator.content.load import load_content
    from generator.content.sources import seeds_note

    if content_dir.is_dir() and any(content_dir.glob("*/game.yaml")):
        note = seeds_note(content_dir)
        if note:
            click.echo(note, err=True)
    content = load_content(content_dir)
    for game in content.games.values():
        click.echo(f"{game.id}: ok — {game.summary()}")


@cli.command("list")
@click.option("--content", "content_dir", default=default_content_dir, type=click.Path(path_type=Path),
              show_default=True, help="content folder")
@click.option("--json", "as_json", is_flag=True, help="print JSON")
def list_aids(content_dir: Path, as_json: bool):
    """List the aids that content declares: name (``<game>-<id>``, as the output files and `build`
    name it; the bare id works too), format, size, title."""
    from generator.content.load import load_content
    from generator.content.plan import plan_aids

    planned = plan_aids(load_content(content_dir))
    if as_json:
        click.echo(json.dumps([p.summary() for p in planned], indent=2))
        return
    for p in planned:
        s = p.summary()
        click.echo(f"{s['key']:<34} {s['format']:<5} {s['size']:<16} {s['title']}")


@cli.command()
@click.option("--out", "out_dir", default="schema", type=click.Path(path_type=Path), show_default=True,
              help="folder for the JSON Schema files")
@click.option("--content", "content_dir", default=default_content_dir, type=click.Path(path_type=Path),
              show_default="./content, else the project's", help="content folder (variants for the record schema)")
def schema(out_dir: Path, content_dir: Path):
    """Export the JSON Schema of every content kind and of score records (record.schema.json),
    for editor completion and checking."""
    from generator.content.schema_export import export_schemas
    from generator.records.record_schema_export import export_record_schema

    for path in export_schemas(out_dir):
        click.echo(str(path))
    click.echo(str(export_record_schema(out_dir, content_dir)))


def main() -> None:
    """Console-script entry point."""
    cli(prog_name="playaid")


if __name__ == "__main__":
    main()
