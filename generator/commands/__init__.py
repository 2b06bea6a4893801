"""CLI sub-commands that live in their own modules. `generator.cli` imports a module only when its
command runs (or for `--help`), so each module keeps its heavy imports inside its functions.

``LAZY_COMMANDS`` maps a command name to ``"module:attribute"`` of its click command;
`SummaryGroup` is a group whose command list shows whole summaries.
"""

import click

LAZY_COMMANDS = {
    "build": "generator.commands.build:build_command",
    "watch": "generator.commands.build:watch_command",
    "score": "generator.commands.score:command",
    "xia": "generator.commands.xia:command",
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
