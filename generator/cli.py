"""The `playaid` command line: parses options, calls the library, prints known errors, sets the
exit code (`EXIT_CODES`: 0 ok, 1 invalid content / failed build / error findings, 2 usage or
unreadable input, 130 interrupted).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from generator import __version__
from generator.commands import CONTENT_META, SummaryGroup, content_default, content_option, existing_content
from generator.commands.color import CHOICES, choose
from generator.errors import PlayaidError


def _fail(exc: PlayaidError) -> None:
    click.echo(str(exc), err=True)
    sys.exit(exc.exit_code)


class Group(SummaryGroup):
    """Click group that loads a sub-command's module only when that command runs (start-up stays
    near Python's own), suggests the closest command for a misspelt one, lists whole command
    summaries, turns playaid errors into messages and any other exception into a one-line
    internal-error report instead of a traceback."""

    def list_commands(self, ctx):
        from generator.commands import LAZY_COMMANDS

        return sorted(set(super().list_commands(ctx)) | set(LAZY_COMMANDS))

    def get_command(self, ctx, name):
        command = super().get_command(ctx, name)
        if command is not None:
            return command
        from generator.commands import LAZY_COMMANDS

        target = LAZY_COMMANDS.get(name)
        if target is None:  # a game whose content declares calculators with a command word
            from generator.commands.roll import game_group

            return game_group(name, getattr(self, "_rest", []))  # not kept: the next run's content may differ
        import importlib

        module, _, attribute = target.partition(":")
        command = getattr(importlib.import_module(module), attribute)
        self.add_command(command, name)
        return command

    def resolve_command(self, ctx, args):
        """As click's, and an unknown command names the closest ones ("did you mean build?")."""
        self._rest = list(args[1:])  # a game's calculators are read from the content they name
        try:
            return super().resolve_command(ctx, args)
        except click.UsageError as exc:
            name = args[0] if args else ""
            if not name or name.startswith("-") or self.get_command(ctx, name) is not None:
                raise
            import difflib

            close = difflib.get_close_matches(name, self.list_commands(ctx), n=3, cutoff=0.6)
            if not close:
                raise
            # a UsageError of our own words (click >= 8.4's NoSuchCommand would add its own suggestion)
            message = f"No such command '{name}'. Did you mean {' or '.join(close)}?"
            raise click.UsageError(message, ctx=exc.ctx) from None

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
            click.echo(
                f"internal error: {type(exc).__name__}: {exc} (please report this with the command you ran)", err=True
            )
            sys.exit(1)


def _print_version(ctx: click.Context, _param, value: bool) -> None:
    """`-V`: playaid's version, then the default content folder, where it comes from and the
    version of each game in it (``game.yaml``)."""
    if not value or ctx.resilient_parsing:
        return
    from generator.content.versions import game_versions
    from generator.paths import content_origin

    click.echo(f"playaid, version {__version__}")
    content_dir = content_default()
    games = (
        ", ".join(f"{game} {version}" for game, version in game_versions(content_dir)) or "no games"
        if content_dir.is_dir()
        else "folder not found"
    )
    click.echo(f"content: {games} ({content_origin(content_dir)}: {content_dir})")
    ctx.exit()


def _color(ctx, param, value):
    choose(value)
    return value


def _group_content(ctx, param, value):
    """``playaid --content DIR COMMAND``: kept for the sub-command's default (`content_default`);
    checked by the sub-command, since `playaid new` makes a missing folder."""
    if value is not None:
        ctx.meta[CONTENT_META] = Path(value)
    return value


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "-V",
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_print_version,
    help="Show playaid's version and the default content's games and versions, and exit.",
)
@click.option(
    "--color",
    type=click.Choice(CHOICES),
    default=None,
    is_eager=True,
    expose_value=False,
    callback=_color,
    metavar="[auto|always|never]",
    help="style the output (colour, bold, progress bars): on a terminal only (auto, the default), "
    "always, or never; NO_COLOR set means never unless --color says otherwise",
)
@click.option(
    "--content",
    type=click.Path(path_type=Path),
    is_eager=True,
    expose_value=False,
    callback=_group_content,
    metavar="DIR",
    help="content folder for the command that follows (as its own --content, which wins)",
)
def cli():
    """playaid: build printable player aids from game content and check end-game scores.

    \b
    Content: the games shipped with playaid, unless you name a folder of your own
    (--content DIR before or after the command, or PLAYAID_CONTENT=DIR; ./content is
    used when present). Your folder replaces the shipped games; it is not merged with them.

    \b
    Exit codes: 0 ok; 1 invalid content, a failed aid or error findings; 2 a usage
    error (unknown command, option or aid, a content folder that is not there, no
    record given) or an unreadable record; 130 interrupted (Ctrl-C).
    """


@cli.command(short_help="Validate all content and list every problem with its place.")
@click.argument("content_dir", default=content_default, type=click.Path(path_type=Path), callback=existing_content)
@click.option(
    "--content",
    "content_option",
    type=click.Path(path_type=Path),
    callback=existing_content,
    metavar="DIR",
    help="the content folder, as CONTENT_DIR (every command takes --content)",
)
@click.option(
    "--strict",
    is_flag=True,
    help="fail (exit 1) when values cite a rulebook whose text was not found (set PLAYAID_SEEDS)",
)
@click.pass_context
def check(ctx, content_dir: Path, content_option: Path | None, strict: bool):
    """Load and validate all content in CONTENT_DIR (default: $PLAYAID_CONTENT, else ./content,
    else the shipped games).

    Prints every problem as file:line:column: field: message (how to fix), or one summary line
    per game, ending with how many values were verified against the rulebook texts and how many
    could not be (texts not found: they are not in a clone; set PLAYAID_SEEDS to their folder).
    Exit 0 when clean, 1 when content is invalid, or with --strict when a value is unverified;
    2 when CONTENT_DIR is not a folder. CONTENT_DIR may also be given as --content DIR, before
    or after the command (playaid check --content DIR), as in every command.

    \b
    Examples:
      playaid check                     # the content folder
      playaid check my-content/         # another one (one sub-folder per game)
      playaid check --strict            # also fail on values not checked against a rulebook
    """
    if content_option is not None:
        given = ctx.get_parameter_source("content_dir") == click.core.ParameterSource.COMMANDLINE
        if given and Path(content_dir).resolve() != content_option.resolve():
            raise click.UsageError(
                f"two content folders: CONTENT_DIR {content_dir} and --content {content_option} (give one)"
            )
        content_dir = content_option
    from generator.checks.load import declares_rulebooks, load_content
    from generator.checks.sources import seeds_note
    from generator.checks.values import RulebookTally

    # read before the content is loaded, so the note comes first also when loading then fails;
    # a game without rulebooks has nothing to verify
    if declares_rulebooks(content_dir):
        note = seeds_note(content_dir)
        if note:
            click.echo(note, err=True)
    content = load_content(content_dir)
    from generator.errors import ContentError
    from generator.pipeline.fit_checks import check_fit

    unfit = check_fit(content)  # what `build` would refuse for want of room, at its content line
    if unfit:
        raise ContentError(unfit)
    for warning in content.warnings:
        click.echo(f"warning: {warning}", err=True)
    unverified = RulebookTally()
    for game in content.games.values():
        tally = game.rulebook_values
        unverified.add(tally)
        missing = " (rulebook text not found)" if tally.unverified else ""
        click.echo(
            f"{game.id}: ok — {game.summary()}; {tally.verified} value{'' if tally.verified == 1 else 's'} "
            f"verified against rulebook text, {tally.unverified} unverified{missing}"
        )
    if strict and unverified.unverified:
        click.echo(
            f"error: --strict: {unverified.unverified} values were not verified because the rulebook "
            f"texts they cite were not found (set PLAYAID_SEEDS to the folder holding the "
            f"rulebook .txt files named in game.yaml)",
            err=True,
        )
        sys.exit(1)


@cli.command("list", short_help="List the aids content declares.")
@content_option
@click.option("--json", "as_json", is_flag=True, help="print JSON")
def list_aids(content_dir: Path, as_json: bool):
    """List the aids that content declares: name (game-id, as the output files and the build
    command name it; the bare id works too when one game has it), format, size, title."""
    from generator.checks.load import load_content
    from generator.compile.plan import plan_aids

    planned = plan_aids(load_content(content_dir))
    if as_json:
        click.echo(json.dumps([p.summary() for p in planned], indent=2))
        return
    for p in planned:
        s = p.summary()
        click.echo(f"{s['key']:<34} {s['format']:<5} {s['size']:<16} {s['title']}")


@cli.command(short_help="Export the JSON Schema of content files and score records.")
@click.option(
    "--out",
    "out_dir",
    default="schema",
    type=click.Path(path_type=Path),
    show_default=True,
    help="folder for the JSON Schema files",
)
@content_option
def schema(out_dir: Path, content_dir: Path):
    """Export the JSON Schema of every content kind and of score records (record.schema.json),
    for editor completion and checking."""
    from generator.content.schema_export import export_schemas
    from generator.records.record_schema_export import export_record_schema

    for path in export_schemas(out_dir):
        click.echo(str(path))
    click.echo(str(export_record_schema(out_dir, content_dir)))


def main() -> None:
    """Console-script entry point. What it prints is always valid text for the terminal or a
    reader of ``--json``: a character the output cannot hold (a file name's byte that is not
    UTF-8, which Python keeps as a lone surrogate) is written as ``?``, never as that raw byte."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)  # a TextIOWrapper's; not every stream's
        try:
            if reconfigure is not None:
                reconfigure(errors="replace")
        except (AttributeError, ValueError):  # not a text stream that can be reconfigured
            pass
    cli(prog_name="playaid")


if __name__ == "__main__":
    main()
