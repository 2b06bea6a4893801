"""`playaid roll GAME CALCULATOR ...` and `playaid GAME COMMAND ...`: the calculators content
declares (``calculators:`` in a game's scoring.yaml; `generator.scoring.calculator`) on the
command line. Nothing here names a game: each calculator's options (its die, one count per term)
are made from its declaration, read from the content folder the command line gives (``--content``
after the command, or before it, or the default); a game whose calculators have a ``command``
word is a command group of its own (``playaid xia npc-roll --d20 12``).
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from generator.commands import SummaryGroup, content_default, existing_content
from generator.errors import PlayaidError, UsageError
from generator.paths import CONTENT_DEFAULT_SHOWN, CONTENT_HELP
from generator.scoring.record.limits import MAX_COUNT

#: A count of a term (a rulebook sets no most): bounded as a record's counts are.
_COUNT = click.IntRange(min=0, max=MAX_COUNT)


def _content_in(args: list[str]) -> Path:
    """The content folder the rest of the command line names (``--content DIR`` or
    ``--content=DIR``), else the default."""
    for k, arg in enumerate(args):
        if arg == "--content" and k + 1 < len(args):
            return Path(args[k + 1])
        if arg.startswith("--content="):
            return Path(arg.split("=", 1)[1])
    return content_default()


def _declared(content_dir: Path) -> dict[str, list[dict]]:
    """game id -> the calculators its compiled rules declare (games without: left out); a folder
    that cannot be read gives {} (the command's own `--content` check then says why)."""
    from generator.commands import content_problem
    from generator.compile.compile_rules import compiled_rules
    from generator.scoring.calculator import calculators

    if content_problem(Path(content_dir)):
        return {}
    games = compiled_rules(content_dir).get("games", {})
    return {game_id: found for game_id, game in games.items() if (found := calculators(game))}


def calculator_command(game_id: str, calc: dict, name: str) -> click.Command:
    """The click command of one calculator: ``--<die id>`` (required), ``--<term>`` per term
    (a count, 0 by default), ``--content``, ``--json``."""
    die = calc.get("die") or {}
    die_id = str(die.get("id") or "die")
    terms = [row for row in calc.get("terms") or [] if isinstance(row.get("term"), str)]
    params: list[click.Parameter] = [
        click.Option(
            [f"--{die_id}", "rolled"],
            required=True,
            type=int,
            help=f"{die.get('label', 'the die as rolled')} ({die.get('min')}-{die.get('max')})",
        )
    ]
    for row in terms:
        params.append(
            click.Option(
                [f"--{row['term'].replace('_', '-')}", row["term"]],
                default=0,
                type=_COUNT,
                show_default=True,
                help=f"+{row.get('bonus')} per {row.get('label', row['term'])}",
            )
        )
    params += [
        click.Option(
            ["--content", "content_dir"],
            default=content_default,
            show_default=CONTENT_DEFAULT_SHOWN,
            type=click.Path(path_type=Path),
            help=CONTENT_HELP,
            callback=existing_content,
        ),
        click.Option(["--json", "as_json"], is_flag=True, help="print JSON"),
    ]

    def run(rolled: int, content_dir: Path, as_json: bool, **counts: int) -> None:
        roll(game_id, str(calc.get("id")), rolled, counts, content_dir, as_json)

    helptext = (
        f"{calc.get('title', name)}."
        + (f"\n\n{calc['help']}" if calc.get("help") else "")
        + f"\n\nExit 0 with a result; 2 for a roll outside {die.get('min')}-{die.get('max')} or a count outside 0-{MAX_COUNT}."
    )
    return click.Command(name, params=params, callback=run, help=helptext, short_help=str(calc.get("title", name)))


def roll(game_id: str, calculator: str, rolled: int, counts: dict, content_dir: Path, as_json: bool) -> None:
    """Run calculator ``calculator`` of game ``game_id`` and print its result (text or JSON)."""
    from generator.compile.compile_rules import compiled_rules
    from generator.scoring.calculator import RollInvalid, RollRulesInvalid, npc_roll

    rules = compiled_rules(content_dir)
    if game_id not in rules["games"]:
        raise UsageError(
            f"no '{game_id}' game in {content_dir} (pass --content with the folder holding {game_id}/game.yaml)"
        )
    try:
        result = npc_roll(rules["games"][game_id], rolled, counts, calculator)
    except RollInvalid as exc:
        if as_json:  # --json always prints JSON
            click.echo(json.dumps({"ok": False, "errors": [{"field": exc.field, "message": str(exc)}]}, indent=2))
            raise SystemExit(UsageError.exit_code) from None
        raise UsageError(str(exc)) from None
    except RollRulesInvalid as exc:
        raise PlayaidError(str(exc)) from None
    if as_json:
        click.echo(json.dumps(result.to_dict(), indent=2))
        return
    for line in result.explain():
        click.echo(line)


class _Declared(SummaryGroup):
    """A group whose commands are the calculators content declares, made when asked for from the
    content the rest of the command line names. ``game_id`` None: the games (``playaid roll``)."""

    def __init__(self, *args, game_id: str | None = None, by_command: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.game_id = game_id
        self.by_command = by_command
        self.content_dir: Path | None = None

    def resolve_command(self, ctx, args):
        self.content_dir = _content_in(list(args[1:]))
        return super().resolve_command(ctx, args)

    def _calculators(self) -> list[dict]:
        found = _declared(self.content_dir or content_default()).get(self.game_id or "", [])
        return [c for c in found if c.get("command")] if self.by_command else found

    def list_commands(self, ctx):
        if self.game_id is None:
            return sorted(_declared(self.content_dir or content_default()))
        return [str(c.get("command") if self.by_command else c.get("id")) for c in self._calculators()]

    def get_command(self, ctx, name):
        if self.game_id is None:
            if name not in _declared(self.content_dir or content_default()):
                return None
            group = _Declared(name, game_id=name, help=f"The calculators content declares for {name}.")
            group.content_dir = self.content_dir
            return group
        for calc in self._calculators():
            if name == (calc.get("command") if self.by_command else calc.get("id")):
                return calculator_command(self.game_id, calc, name)
        return None


command = _Declared(
    "roll",
    help="The calculators a game's content declares: playaid roll GAME CALCULATOR --DIE N ...",
    short_help="Calculators content declares (e.g. a round-end die roll).",
)


def game_group(name: str, args: list[str]) -> click.Group | None:
    """``playaid GAME ...`` for a game whose calculators have a ``command`` word (None: no such
    game in the content the command line names)."""
    import re

    from generator.commands import content_problem

    content_dir = _content_in(args)
    problem = content_problem(Path(content_dir))
    if problem and re.fullmatch(r"[a-z0-9][a-z0-9_-]*", name):  # said as every command's --content says it
        raise click.BadParameter(problem, param_hint="'--content'")
    if not re.fullmatch(r"[a-z0-9][a-z0-9_-]*", name) or not (Path(content_dir) / name / "game.yaml").is_file():
        return None  # no such game folder: nothing is compiled for a misspelt command
    found = _declared(content_dir).get(name, [])
    if not any(c.get("command") for c in found):
        return None
    titles = "; ".join(str(c.get("title")) for c in found if c.get("command"))
    group = _Declared(
        name,
        game_id=name,
        by_command=True,
        help=f"Calculators of {name}: {titles}.",
        short_help=f"{name} calculators: {titles}.",
    )
    group.content_dir = content_dir
    return group
