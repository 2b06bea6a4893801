"""`playaid rules QUERY... [--game G] [--variant V] [--json] [--limit N]`: ask a rules question, get the
sourced answer.

The question is searched in the rules index built from content (`generator.compile.rules_index`,
cached like the compiled rules, so no YAML is read when content has not changed) by the same
search core the phone's Rules tab runs (`generator.rulesearch`): the same question gives the same
answers in the same order on both. Prints the ranked entries with their source and the aids they
are printed on, or JSON (a list of results with ``game``, ``kind``, ``title``, ``text``,
``source`` and ``score``; see `generator.rulesearch.api`). Exit 0 (also when nothing matches:
a note on stderr says so), 1 bad content, 2 usage (unknown --game or --variant).
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from generator.commands import content_option
from generator.errors import UsageError


@click.command("rules", short_help="Answer a rules question, citing the rulebook section.")
@click.argument("query", nargs=-1, required=True)
@click.option(
    "--game", "game", default=None, metavar="GAME", help="only this game's rules (rftg, xia; as content names them)"
)
@click.option(
    "--variant",
    "variant",
    default=None,
    metavar="VARIANT",
    help="only the rules of this variant of the game, with what it builds on (as the "
    "game's vocabulary names them: invasion, frontier, counterstrike; solo, campaign)",
)
@click.option("--limit", default=5, type=click.IntRange(1, 100), show_default=True, help="most entries shown")
@click.option("--json", "as_json", is_flag=True, help="print the entries as JSON")
@content_option
def command(
    query: tuple[str, ...], game: str | None, variant: str | None, limit: int, as_json: bool, content_dir: Path
):
    """Answer a rules question from the rules, rulings, tables, facts and cards in content, with
    the rulebook section each answer comes from.

    Ask in your own words.

    \b
    Examples:
      playaid rules do defense awards count for GR
      playaid rules repulse value 4 players
      playaid rules --game xia can an NPC enter the kiln
      playaid rules --variant counterstrike how does the game end
    """
    from generator.compile.compile_rules import compiled_index
    from generator.rulesearch.api import Rules

    rules = Rules(compiled_index(content_dir))
    if game is not None and game not in rules.games:
        raise UsageError(f"no game '{game}' in {content_dir} (known: {', '.join(sorted(rules.games))})")
    if variant is not None:
        known = {v: g for g, variants in rules.variants.items() if game in (None, g) for v in variants}
        if variant not in known:
            where = f"game '{game}'" if game else content_dir
            listed = ", ".join(sorted(known)) or "none: the vocabulary declares no variants"
            raise UsageError(f"no variant '{variant}' in {where} (known: {listed})")
        game = game or known[variant]
    question = " ".join(query)
    if not question.strip():
        raise UsageError("the question is empty: ask in words, e.g. playaid rules repulse value 4 players")
    results = rules.search(question, game, limit, variant)
    if as_json:
        click.echo(json.dumps(results, indent=2, ensure_ascii=False))
        return
    if not results:
        click.echo(rules.no_answer(question, game), err=True)
        closest = rules.closest(question, game, 3, variant)
        if closest:
            click.echo("the closest sections:", err=True)
            for result in closest:
                click.echo(f"  {result['title']} ({result['cite']})", err=True)
        return
    from generator.records.rules_text import render

    click.echo(render(results, rules.games), nl=False)
