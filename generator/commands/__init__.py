"""CLI sub-commands that live in their own modules. `generator.cli` imports a module only when its
command runs (or for `--help`), so each module keeps its heavy imports inside its functions.

``LAZY_COMMANDS`` maps a command name to ``"module:attribute"`` of its click command.
"""

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
