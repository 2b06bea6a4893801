"""Compile what the scoring core needs from validated content into plain JSON.

The scoring core (`generator.scoring`) reads JSON, never YAML or pydantic models, so the same code
runs in the command line and in the browser. `compile_rules(content)` writes every game's facts,
tables, card database and scoring model as plain data, the same way for every game (adding a game
needs no change here). Kept on disk by `generator.compile.compile_rules`; the content checks use
`compile_game` to score a trial record of each game (`generator.checks.scoring_checks`).
"""

from __future__ import annotations

#: Version of the compiled rules' shape; the scoring core checks it.
FORMAT = 2


def _without(value, keys: frozenset):
    """``value`` (JSON data) with ``keys`` removed from every mapping, at any depth."""
    if isinstance(value, dict):
        return {k: _without(v, keys) for k, v in value.items() if k not in keys}
    if isinstance(value, list):
        return [_without(v, keys) for v in value]
    return value


def compile_game(game) -> dict:
    """One game's compiled rules from its validated `GameContent` (see `compile_rules`)."""
    # here, not at the top: `playaid score` imports this module, and `declared` needs pydantic
    from generator.content.declared import core_json

    cards = []
    for doc in game.of_kind("cards").values():
        cards += [core_json(card) for card in doc.cards]  # the fields the core declares (`declared`)
    scoring = next(iter(game.of_kind("scoring").values()), None)
    facts = {name: fact.model_dump(mode="json")["value"] for name, fact in game.facts.items()}
    return {
        "id": game.id,
        "title": game.game.title,
        "version": game.game.version,
        "bgg": None if game.game.bgg is None else game.game.bgg.model_dump(mode="json"),
        "facts": facts,
        "tables": {
            tid: {"title": t.title, "columns": [c.key for c in t.columns], "rows": t.model_dump(mode="json")["rows"]}
            for tid, t in game.of_kind("table").items()
        },
        "cards": cards,
        "scoring": None if scoring is None else _scoring_model(scoring, facts, game.id, game.of_kind("table")),
    }


def _scoring_model(scoring, facts: dict, game_id: str, tables: dict) -> dict:
    """The ``kind: scoring`` document as the scoring core and the phone pad read it: without
    what only documents it (rulings, notes, sources), ``record`` given (default: the game's
    id), constants written ``{fact: name}`` replaced by the fact's value and ``{table: id}`` by
    the table's rows."""
    data = _without(
        scoring.model_dump(mode="json", exclude_none=True, exclude={"rulings", "notes"}), frozenset({"source"})
    )
    data.setdefault("record", game_id)
    for holder in [data] + data.get("variants", []):
        constants = holder.get("constants") or {}
        for name, value in constants.items():
            if isinstance(value, dict) and "fact" in value:
                constants[name] = facts.get(value["fact"])
            elif isinstance(value, dict) and "table" in value and value["table"] in tables:
                constants[name] = tables[value["table"]].model_dump(mode="json")["rows"]
    for calc in data.get("calculators", []):  # their facts and tables as numbers and rows
        for bound in ("min", "max"):
            if isinstance(calc["die"].get(bound), dict):
                calc["die"][bound] = facts.get(calc["die"][bound]["fact"])
        for key in ("terms", "bands"):
            table_id = calc[key]["table"]
            calc[f"{key}_table"] = table_id
            calc[key] = tables[table_id].model_dump(mode="json")["rows"] if table_id in tables else []
    # keys at their defaults that the core reads as absent: the rules every page loads stay small
    for key in ("measures", "components", "awards"):
        for item in data.get(key, ()):
            if item.get("per_round") is False:
                del item["per_round"]
            if item.get("after_tie") == "skip":
                del item["after_tie"]
    if data.get("lowest_wins") is False:
        del data["lowest_wins"]
    # here, not at the top: `playaid score` and `xia npc-roll` import this module (FORMAT) when the
    # rules come from the cache, and need no scoring model to read them
    from generator.scoring.model import expand_rounds

    return expand_rounds(data)


def compile_rules(content) -> dict:
    """``{"format": 1, "content_version": "...", "games": {game id: {...}}}`` from validated
    `Content`. Per game: ``id``, ``title``, ``version``, ``facts`` (name -> value), ``tables``
    (id -> {title, columns, rows}), ``cards`` (every card design: the fields the scoring core
    declares, `generator.scoring.mechanisms.tableau.cards.Card`, at any depth; not those that
    only document it, ``note``, ``source``, ``differences``) and
    ``scoring`` (the ``kind: scoring`` model, `_scoring_model`; its shape is in
    ``docs/scoring-model.md``), or None."""
    games = {game_id: compile_game(game) for game_id, game in sorted(content.games.items())}
    version = "+".join(f"{g['id']} {g['version']}" for g in games.values())
    return {"format": FORMAT, "content_version": version, "games": games}
