"""CLI sub-commands that live in their own modules; each module defines ``command`` (a click
command or group) and is listed in ``COMMAND_MODULES`` so `generator.cli` adds it."""

COMMAND_MODULES = (
    # e.g. "generator.commands.score",
    "generator.commands.xia",
)
