"""The JSON Schema of score records, built from the compiled rules (variants, ``ended_by`` values,
tile measures come from content). One schema per ``game:``; `record_schema` combines them for
``schema/record.schema.json`` (editor completion), and `validate.validate` checks records with
the per-game schema. Limits keep a hostile record cheap to refuse: at most 10 players, 60 tableau
cards, names of 100 characters, counts below 10,000. Standard library only.
"""

from __future__ import annotations

RFTG = "rftg"
#: Card keywords a hand-entered card may name (as printed on Race for the Galaxy cards).
KEYWORDS = ("XENO", "ANTI-XENO", "REBEL", "IMPERIUM", "ALIEN", "UPLIFT", "CHROMO", "TERRAFORMING")
XIA_CAMPAIGN = "xia-campaign"

MAX_PLAYERS = 10
MAX_TABLEAU = 60
MAX_NAME = 100
MAX_COUNT = 9999


def _count(description: str, minimum: int = 0) -> dict:
    return {"type": "integer", "minimum": minimum, "maximum": MAX_COUNT, "description": description,
            "x-hint": "write a whole number (0 if none)"}


def _signed(description: str) -> dict:
    return {"type": "integer", "minimum": -MAX_COUNT, "maximum": MAX_COUNT, "description": description,
            "x-hint": "write a whole number, e.g. 3 or -1"}


#: No control characters (a name with a newline could fake a line of the printed report).
PRINTABLE = r"^[^\x00-\x1f\x7f]*$"


def _text(description: str, max_length: int = MAX_NAME) -> dict:
    return {"type": "string", "minLength": 1, "maxLength": max_length, "pattern": PRINTABLE,
            "description": description}


def _ended_by_help(scoring: dict) -> str:
    parts = []
    for v in scoring.get("variants", []):
        text = f"{v['id']}: {', '.join(v['ended_by'])}"
        if v.get("ended_by_before_repulse"):
            text += f" (after the repulse; before it: {', '.join(v['ended_by_before_repulse'])})"
        parts.append(text)
    return "how the game ended; " + "; ".join(parts)


def rftg_schema(game_rules: dict) -> dict:
    """The schema of a ``game: rftg`` record, from the compiled ``rftg`` rules (variants and their
    ``ended_by`` values from ``content/rftg/scoring.yaml``)."""
    scoring = game_rules["scoring"]
    variants = [v["id"] for v in scoring["variants"]]
    ended = []
    for v in scoring["variants"]:
        for e in list(v["ended_by"]) + list(v.get("ended_by_before_repulse", [])):
            if e not in ended:
                ended.append(e)
    card_entry = {
        "type": "object", "additionalProperties": False, "required": ["card"], "x-colon-name": True,
        "description": "a card written as a mapping: damaged world, or a card the database lacks with its printed VP",
        "properties": {
            "card": _text("the card's name as printed"),
            "damaged": {"type": "boolean", "description": "a damaged world (invasion and counterstrike games)"},
            "vp": _signed("printed VP, for a card the database lacks (a promo, a conquered Xeno system)"),
            "type": {"enum": ["world", "development"],
                     "description": "with vp: the card's type, so 6-cost developments can count it"},
            "military": {"type": "boolean", "description": "with vp: a military world?"},
            "keywords": {"type": "array", "maxItems": 8, "items": {"enum": list(KEYWORDS)},
                         "description": "with vp: the card's keywords (e.g. [XENO])"},
        },
    }
    player = {
        "type": "object", "additionalProperties": False, "required": ["name", "tableau"],
        "properties": {
            "name": _text("the player's name"),
            "tableau": {"type": "array", "minItems": 1, "maxItems": MAX_TABLEAU,
                        "description": "every card in the player's tableau, as printed",
                        "x-hint": "list the cards, e.g. tableau: [Old Earth, Research Labs]",
                        "items": {"anyOf": [_text("a card name as printed"), card_entry],
                                  "x-hint": "write a card name, or {card: Name, damaged: true}"}},
            "chips": _count("VP chips (counterstrike: war contributions kept with them go in "
                            "war_contribution_chips)"),
            "war_contribution_chips": _count("VP chips won as war contributions (invasion, counterstrike)"),
            "defense_awards": _count("VP in defense award chips (invasion, counterstrike)"),
            "military_vs_xenos": _signed("Military vs. Xenos at game end (computed from the tableau when left out)"),
            "military": _signed("Military at game end (computed from the tableau when left out)"),
            "xeno_systems_conquered": _count("Xeno systems conquered (counterstrike)"),
            "at_repulse": {"type": "object", "additionalProperties": False,
                           "description": "counterstrike: values at the end of the repulse round (invasion tiles)",
                           "properties": {
                               "military_vs_xenos": _signed("Military vs. Xenos at the repulse"),
                               "war_contribution_chips": _count("war contribution chips at the repulse"),
                           }},
            "goods": _count("goods on worlds at game end (tie-break; Merchant Guild)"),
            "hand": _count("cards in hand at game end (tie-break)"),
            "claimed_total": _signed("the total on the score pad (checked)"),
        },
    }
    return {
        "type": "object", "additionalProperties": False, "required": ["game", "variant", "ended_by", "players"],
        "properties": {
            "game": {"enum": [RFTG]},
            "variant": {"type": "string", "enum": variants, "description": "which game was played"},
            "ended_by": {"type": "string", "enum": ended, "description": _ended_by_help(scoring)},
            "repulsed": {"type": "boolean", "description": "counterstrike: were the Xenos repulsed?"},
            "players": {"type": "array", "minItems": 1, "maxItems": MAX_PLAYERS, "items": player,
                        "x-hint": "add one entry per player: - name: Ann"},
        },
    }


def xia_campaign_schema(_game_rules: dict | None = None) -> dict:
    """The schema of a ``game: xia-campaign`` record (a solo campaign log)."""
    game = {
        "type": "object", "additionalProperties": False,
        "required": ["goal", "won", "fame", "npc_fame", "goal_completed"],
        "properties": {
            "goal": _text("name of the goal card attempted"),
            "won": {"type": "boolean", "description": "did you win the game?"},
            "fame": _count("your Fame Points at game end"),
            "npc_fame": _count("the NPC marker's Fame Points at game end"),
            "goal_completed": {"type": "boolean", "description": "was the goal completed?"},
            "upgrade": {"type": ["string", "null"], "maxLength": MAX_NAME,
                        "description": "campaign upgrade taken after the game"},
            "ship": {"type": ["string", "null"], "maxLength": MAX_NAME},
            "note": {"type": ["string", "null"], "maxLength": 1000},
        },
    }
    return {
        "type": "object", "additionalProperties": False, "required": ["game"],
        "properties": {
            "game": {"enum": [XIA_CAMPAIGN]},
            "player": {"type": ["string", "null"], "maxLength": MAX_NAME},
            "goals": {"type": "array", "maxItems": 100, "items": _text("a goal card's name"),
                      "description": "the campaign's goal cards; every game's goal must be one of them"},
            "games": {"type": "array", "maxItems": 1000, "items": game,
                      "description": "the games in the order played"},
        },
    }


def record_schema(rules: dict) -> dict:
    """The combined schema for ``schema/record.schema.json``: picks the per-game schema by
    ``game:`` (if/then), so an editor reports a typo against the right fields."""
    per_game = {RFTG: rftg_schema(rules["games"]["rftg"]) if "rftg" in rules["games"] else None,
                XIA_CAMPAIGN: xia_campaign_schema()}
    branches = [{"if": {"properties": {"game": {"const": g}}, "required": ["game"]}, "then": s}
                for g, s in per_game.items() if s is not None]
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://playaid.example/schema/record.schema.json",
        "title": "playaid score record",
        "description": "A finished game typed at the table, read by `playaid score` and the web scorer.",
        "type": "object", "required": ["game"],
        "properties": {"game": {"enum": [g for g, s in per_game.items() if s is not None]}},
        "allOf": branches,
    }
