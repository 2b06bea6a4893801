"""CLI sub-commands that live in their own modules; each module defines ``command`` (a click
command or group) or ``commands`` (a list) and is listed in ``COMMAND_MODULES`` so `generator.cli` adds it."""

COMMAND_MODULES = (
    "generator.commands.build",
    "generator.commands.xia",
    "generator.commands.score",
)
