"""`playaid xia ...`: Xia calculators on the command line (options in, report and exit code out).

`playaid xia npc-roll` applies the solo round-end roll (rulebook 003_a45cb12c8ae0ae9e.txt,
"Solo Round End") using the terms and bands in content/xia; the library does the work.
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from generator.commands import SummaryGroup, content_default, existing_content
from generator.errors import PlayaidError, UsageError
from generator.paths import CONTENT_DEFAULT_SHOWN, CONTENT_HELP
from generator.scoring.limits import MAX_COUNT

GAME_ID = "xia"

#: A count of the roll (the rulebook sets no most): bounded as a record's counts are.
_COUNT = click.IntRange(min=0, max=MAX_COUNT)


@click.group("xia", cls=SummaryGroup, short_help="Xia: Embers of a Forsaken Star calculators (solo NPC roll).")
def command():
    """Xia: Embers of a Forsaken Star calculators (solo NPC roll)."""


@command.command("npc-roll")
@click.option("--d20", "d20", required=True, type=int, help="the d20 as rolled (1-20)")
@click.option("--cubes-removed", default=0, type=_COUNT, show_default=True,
              help="cubes removed from the map in step 1")
@click.option("--credits-collected", default=0, type=_COUNT, show_default=True,
              help="credits the NPCs collected this turn, in 1,000s")
@click.option("--fame-behind", default=0, type=_COUNT, show_default=True,
              help="Fame Points the NPCs are behind you")
@click.option("--merchant", default=0, type=_COUNT, show_default=True,
              help="the +X of the Merchant's behaviour")
@click.option("--content", "content_dir", default=content_default, show_default=CONTENT_DEFAULT_SHOWN,
              type=click.Path(path_type=Path), help=CONTENT_HELP, callback=existing_content)
@click.option("--json", "as_json", is_flag=True, help="print JSON")
def npc_roll_command(d20: int, cubes_removed: int, credits_collected: int, fame_behind: int,
                     merchant: int, content_dir: Path, as_json: bool):
    """Solo round end: the modified d20 roll and the Fame Points the NPCs gain.

    Example (rulebook): --d20 12 --fame-behind 1 --merchant 4 gives 18: 2 Fame Points.
    Exit 0 with a result; 2 for a roll outside 1-20 or a count outside 0-9999.
    """
    from generator.compile.compile_rules import compiled_rules
    from generator.scoring.xia_roll import RollInvalid, RollRulesInvalid, npc_roll

    rules = compiled_rules(content_dir)
    if GAME_ID not in rules["games"]:
        raise UsageError(f"no '{GAME_ID}' game in {content_dir} (pass --content with the folder "
                         f"holding {GAME_ID}/game.yaml)")
    try:
        result = npc_roll(rules["games"][GAME_ID], d20,
                          {"cubes_removed": cubes_removed, "credits_collected": credits_collected,
                           "fame_behind": fame_behind, "merchant": merchant})
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
