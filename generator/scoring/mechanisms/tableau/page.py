"""What the ``tableau`` mechanism's phone widget (``widget.js``) needs before the engine loads, from
a game's compiled rules: per variant the player fields it uses, its ``ended_by`` values, bonus
tiles and whether worlds can be damaged; the player limit and tie-break; the player fields of
the record's JSON Schema (names, descriptions, signed or not); a compact card list for the card
picker and name checks. Standard library only (it is part of the scoring core's folder).
"""

from __future__ import annotations

#: Card list keys (short: the list is loaded on every visit): ``n`` name, ``t`` "world" or
#: "development", ``c`` copies, ``k`` keywords, ``v`` printed VP (or "?"), ``m`` 1 when one of the
#: card's scoring lines counts the player's Military (the record then needs ``military``),
#: ``u`` 1 when the copy count is unverified, ``s`` 1 for a start world (the card picker offers
#: them first in an empty tableau), ``f`` "near"/"far" for a Frontier deck card (offered last in
#: a variant that does not deal those decks).
CARD_KEYS = ("n", "t", "c", "k", "v", "m", "u", "s", "f")


def compact_cards(cards: list[dict]) -> list[dict]:
    """One short entry per card design (see `CARD_KEYS`), sorted by name."""
    out = []
    for card in sorted(cards, key=lambda c: c["name"].casefold()):
        entry = {
            "n": card["name"],
            "t": card["type"],
            "c": card.get("copies", 1),
            "k": list(card.get("keywords", [])),
            "v": card.get("vp"),
        }
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


def page_data(game: dict) -> dict:
    """What the tableau's pad (``widget.js``) needs, read from the game's scoring model:
    per variant the player fields it uses (with those of the variant it becomes before the
    repulse), its ``ended_by`` values, bonus tiles and whether worlds can be damaged."""
    from generator.scoring.game_pad import pad_for

    pad = pad_for(game)
    model = pad.model
    player = pad.schema["properties"]["players"]["items"]

    def uses(variant_id: str) -> list[str]:
        fields = [e.id for e in model.entered if e.variants is not None and e.applies(variant_id)]
        return fields + [e.id for e in model.record_entered if e.applies(variant_id)]

    variants = []
    for v in model.variants.values():
        if v.hidden:
            continue
        fields = uses(v.id)
        before = []
        for _when, other, _note in v.becomes:
            fields += [f for f in uses(other) if f not in fields]
            before = list(model.variants[other].ended_by)
        variants.append(
            {
                "fields": fields,
                "ended_by": list(v.ended_by),
                "ended_by_before_repulse": before,
                "tiles": [a.id for a in model.awards.values() if a.applies(v.id)],
                "id": v.id,
                "title": v.title,
                "damage": bool((v.settings.get("tableau") or {}).get("damage")),
                "frontier_cards": bool((v.settings.get("tableau") or {}).get("frontier_cards")),
            }
        )
    tiles = {
        a.id: {
            "title": a.title,
            "vp": a.vp,
            "measure": a.measure.text,
            "stage": "counterstrike" if a.variants and set(a.variants) <= {"counterstrike"} else "invasion",
        }
        for a in model.awards.values()
    }
    return {
        "title": game.get("title"),
        "variants": variants,
        "tiles": tiles,
        "players_max": model.players_max,
        "tiebreak": [f for t in model.tie_breakers for f in t.fields],
        "player_fields": _fields(player),
        "cards": compact_cards(game.get("cards", [])),
    }
