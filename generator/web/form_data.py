"""What the web form needs before the engine loads, taken from the compiled rules
(`generator.records.compile_rules`): the RftG variants (their ``fields``, ``ended_by`` values, bonus
tiles and whether worlds can be damaged), the player limit and tie-break, the player fields of the record's JSON Schema
(names, descriptions, signed or not), a compact card list for autocomplete and name checks, and
the Xia roll terms and campaign numbers. The form never scores: the engine does.
"""

from __future__ import annotations

#: Card list keys (short: the list is loaded on every visit): ``n`` name, ``t`` "world" or
#: "development", ``c`` copies, ``k`` keywords, ``v`` printed VP (or "?"), ``m`` 1 when one of the
#: card's scoring lines counts the player's Military (the record then needs ``military``),
#: ``u`` 1 when the copy count is unverified, ``s`` 1 for a start world (the card picker offers
#: them first in an empty tableau), ``f`` "near"/"far" for a Frontier deck card (offered last in
#: a variant that does not deal those decks).
CARD_KEYS = ("n", "t", "c", "k", "v", "m", "u", "s", "f")

NPC_ROLL_TERMS = "npc-roll-modifiers"
NPC_ROLL_BANDS = "npc-fame-roll"


def compact_cards(cards: list[dict]) -> list[dict]:
    """One short entry per card design (see `CARD_KEYS`), sorted by name."""
    out = []
    for card in sorted(cards, key=lambda c: c["name"].casefold()):
        entry = {"n": card["name"], "t": card["type"], "c": card.get("copies", 1),
                 "k": list(card.get("keywords", [])), "v": card.get("vp")}
        if any(line.get("per_player") == "military" for line in card.get("scoring", [])):
            entry["m"] = 1
        if "copies" in card.get("unverified", []):
            entry["u"] = 1
        if card.get("start"):
            entry["s"] = 1
        if card.get("frontier"):
            entry["f"] = card["frontier"]
        out.append(entry)
    return out


def _fields(schema: dict) -> list[dict]:
    """Per-player record fields from the record's JSON Schema, in its order: ``name``, ``type``,
    ``description`` (the form's hint), ``min`` (below 0: a signed number) and, for an object,
    its own ``fields``."""
    out = []
    for name, spec in schema.get("properties", {}).items():
        entry = {"name": name, "type": spec.get("type"), "description": spec.get("description", "")}
        if "minimum" in spec:
            entry["min"] = spec["minimum"]
        if spec.get("type") == "object":
            entry["fields"] = _fields(spec)
        out.append(entry)
    return out


def _rftg(game: dict) -> dict:
    from generator.scoring.record_schema import rftg_schema

    scoring = game.get("scoring") or {}
    player = rftg_schema(game)["properties"]["players"]["items"]
    tiles = {t["id"]: {"title": t["title"], "vp": t["vp"], "measure": t["measure"], "stage": t["stage"]}
             for t in scoring.get("tiles", [])}
    variants = [{key: v.get(key, []) for key in ("fields", "ended_by", "ended_by_before_repulse", "tiles")}
                | {"id": v["id"], "title": v["title"], "damage": bool(v.get("damage")),
                   "frontier_cards": bool(v.get("frontier_cards"))}
                for v in scoring.get("variants", [])]
    return {"title": game.get("title"), "variants": variants, "tiles": tiles,
            "players_max": (scoring.get("players") or {}).get("max"),
            "tiebreak": (scoring.get("winner") or {}).get("tiebreak", []),
            "player_fields": _fields(player),
            "cards": compact_cards(game.get("cards", []))}


def _xia(game: dict) -> dict:
    facts = game.get("facts", {})
    tables = game.get("tables", {})
    terms = [{k: row.get(k) for k in ("term", "label", "bonus", "unit")}
             for row in tables.get(NPC_ROLL_TERMS, {}).get("rows", [])]
    bands = [{k: row.get(k) for k in ("result", "fame")} for row in tables.get(NPC_ROLL_BANDS, {}).get("rows", [])]
    return {"title": game.get("title"), "d20": [facts.get("d20_min"), facts.get("d20_max")],
            "roll_terms": terms, "roll_bands": bands,
            "goal_count": facts.get("campaign_goal_count"),
            "failed_goal_penalty": facts.get("campaign_failed_goal_penalty")}


def form_data(rules: dict) -> dict:
    """``{"content_version", "rftg": {...}, "xia": {...}}`` from the compiled rules; a game
    missing from content is missing here too (the form then hides its tab)."""
    games = rules.get("games", {})
    out: dict = {"content_version": rules.get("content_version")}
    if "rftg" in games:
        out["rftg"] = _rftg(games["rftg"])
    if "xia" in games:
        out["xia"] = _xia(games["xia"])
    return out
