"""CLI sub-commands that live in their own modules. `generator.cli` imports a module only when its
command runs (or for `--help`), so each module keeps its heavy imports inside its functions.

``LAZY_COMMANDS`` maps a command name to ``"module:attribute"`` of its click command;
`SummaryGroup` is a group whose command list shows whole summaries; `content_default` and
`existing_content` are the content folder's default and check, the same in every command.
"""

import os
from pathlib import Path

import click

from generator.paths import CONTENT_DEFAULT_SHOWN, CONTENT_ENV, CONTENT_HELP, default_content_dir, user_content_dir

#: Where the group's `playaid --content DIR` is kept for the sub-command (`click.Context.meta`
#: is one dict shared by a context and its children).
CONTENT_META = "playaid.content"


def given_content() -> Path | None:
    """The folder given to the group (``playaid --content DIR COMMAND``), or None."""
    ctx = click.get_current_context(silent=True)
    return None if ctx is None else ctx.meta.get(CONTENT_META)


def content_default() -> Path:
    """A sub-command's default content folder: ``playaid --content DIR`` given before the
    command, else `generator.paths.default_content_dir` ($PLAYAID_CONTENT, ./content, the
    shipped games). A ``--content`` after the command wins over both."""
    return given_content() or default_content_dir()


def user_content_default() -> Path:
    """`content_default` for a command that writes content (`playaid new`): never the shipped
    games (`generator.paths.user_content_dir`)."""
    return given_content() or user_content_dir()


def content_problem(path: Path) -> str | None:
    """Why ``path`` cannot be read as a content folder (it is not there, or is a file), naming
    it and where it came from, with the fix; None when it is a folder."""
    from generator.content.files import content_folder_problem

    path = Path(path)
    unreadable = content_folder_problem(path)
    if unreadable is None:
        return None
    origin = (
        f" (from ${CONTENT_ENV})"
        if os.environ.get(CONTENT_ENV) and Path(os.environ[CONTENT_ENV]) == path and given_content() is None
        else ""
    )
    return f"{path}{origin}: {unreadable[0]} ({unreadable[1]})"


def existing_content(ctx, param, value):
    """click callback of every ``--content`` that reads content: a folder that is not there is
    a usage error (exit 2), the same in every command."""
    if value is None or ctx.resilient_parsing:
        return value
    problem = content_problem(Path(value))
    if problem:
        hint = param.name.upper() if isinstance(param, click.Argument) else None  # CONTENT_DIR
        raise click.BadParameter(problem, ctx=ctx, param=param, param_hint=hint)
    return Path(value)


#: The ``--content`` option of every command that reads content: the folder (``content_dir``),
#: its default (`content_default`) and its check (`existing_content`), declared once.
content_option = click.option(
    "--content",
    "content_dir",
    default=content_default,
    type=click.Path(path_type=Path),
    show_default=CONTENT_DEFAULT_SHOWN,
    help=CONTENT_HELP,
    callback=existing_content,
)


LAZY_COMMANDS = {
    "build": "generator.commands.build:build_command",
    "watch": "generator.commands.build:watch_command",
    "score": "generator.commands.score:command",
    "roll": "generator.commands.roll:command",
    "web": "generator.commands.web:web_command",
    "serve": "generator.commands.web:serve_command",
    "rules": "generator.commands.rules:command",
    "new": "generator.commands.new:new_command",
}


class SummaryGroup(click.Group):
    """A click group whose command list shows each sub-command's whole summary: click cuts it
    with "..." to fit one line; a long one wraps instead."""

    def format_commands(self, ctx, formatter):
        rows = []
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, command.get_short_help_str(limit=10_000)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)
