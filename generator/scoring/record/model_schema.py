"""The JSON Schema of a game's score records, generated from its scoring model (`model.Model`):
the record's ``game:`` word, ``variant`` and ``ended_by`` (from the model's variants and
endings), its record values, and per player ``name``, every entered value (typed and bounded as
the model says, described by its label and help) and ``claimed_total``; a mechanism adds the
values of its own types (the RftG tableau). `validate.validate` checks records against it, and
`combined_schema` joins every game's for ``schema/record.schema.json``. Standard library only.
"""

from __future__ import annotations

from generator.scoring.record.limits import MAX_NAME, MAX_PLAYERS, PRINTABLE

#: Most games a campaign record lists, and most goals it names.
MAX_ROWS = 1000
MAX_LIST = 100


def text_schema(description: str, max_length: int = MAX_NAME) -> dict:
    return {"type": "string", "minLength": 1, "maxLength": max_length, "pattern": PRINTABLE, "description": description}


def _describe(entered) -> str:
    return f"{entered.label}: {entered.help}" if entered.help and entered.label else (entered.help or entered.label)


def entered_schema(entered, mechanisms: dict) -> dict:
    """The schema of one entered value (see `model.Entered`)."""
    description = _describe(entered)
    kind = entered.type
    if kind == "count":
        return {
            "type": "integer",
            "minimum": entered.min,
            "maximum": entered.max,
            "description": description,
            "x-hint": "write a whole number, 0 if none",
        }
    if kind == "number":
        return {
            "type": "integer",
            "minimum": entered.min,
            "maximum": entered.max,
            "description": description,
            "x-hint": "write a whole number, e.g. 3 or -1",
        }
    if kind == "boolean":
        return {"type": "boolean", "description": description}  # its hint: validate._type_hint
    if kind == "text":
        if entered.required:
            return text_schema(description, entered.max_length)
        return {"type": ["string", "null"], "maxLength": entered.max_length, "description": description}
    if kind == "texts":
        return {
            "type": "array",
            "maxItems": MAX_LIST,
            "items": text_schema(entered.label, entered.max_length),
            "description": description,
        }
    if kind == "numbers":
        return {
            "type": "array",
            "maxItems": MAX_LIST,
            "description": description,
            "items": {"type": "integer", "minimum": entered.min, "maximum": entered.max},
            "x-hint": f"write the numbers in brackets, e.g. {entered.id}: [3, 4, 17]",
        }
    if kind == "group":
        shown = ", ".join(f"{v.id}: ..." for v in entered.values)
        return {
            "type": "object",
            "additionalProperties": False,
            "description": description,
            "properties": {v.id: entered_schema(v, mechanisms) for v in entered.values},
            "x-hint": f"write its values in braces: {entered.id}: {{{shown}}}",
        }
    for mechanism in mechanisms.values():
        schema = mechanism.entered_schema(entered)
        if schema is not None:
            return schema
    raise ValueError(f"entered value '{entered.id}': no schema for type '{kind}'")


def _ended_by_parts(model) -> list[str]:
    """Each offered variant's ``ended_by`` values, then those of each variant it becomes
    (``counterstrike before repulse: vp_pool, empire_defeat``)."""
    parts = []
    for v in model.variants.values():
        if v.hidden:
            continue
        parts.append(f"{v.id}: {', '.join(v.ended_by)}")
        for _when, other_id, note in v.becomes:  # its own entry: the hint is shown in brackets, never nest them
            other = model.variants[other_id]
            parts.append(f"{v.id} {note or other.title}: {', '.join(other.ended_by)}")
    return parts


def _ended_by_help(model) -> str:
    parts = _ended_by_parts(model)
    return "how the game ended; " + "; ".join(parts) if parts else "how the game ended"


def _ended_by_missing_hint(model) -> str:
    """What a record without ``ended_by`` is told: every value, by variant where there are
    variants (``validate`` shows it in place of the plain 'add `ended_by:` here')."""
    parts = _ended_by_parts(model)
    if parts:
        return "add `ended_by:` here; by variant, one of: " + "; ".join(parts)
    return "add `ended_by:` here, one of: " + ", ".join(e for e, _label in model.endings)


def player_schema(model, mechanisms: dict) -> dict:
    """The schema of one entry of ``players`` (or, with the campaign mechanism, of ``games``)."""
    properties: dict = {}
    required: list[str] = []
    if "campaign" not in model.mechanisms:
        properties["name"] = text_schema("the player's name")
        required.append("name")
    for e in model.entered:
        properties[e.id] = entered_schema(e, mechanisms)
        if e.required:
            required.append(e.id)
    if "campaign" not in model.mechanisms:
        properties["claimed_total"] = {
            "type": "integer",
            "minimum": -9999,
            "maximum": 9999,
            "description": "the total on the score pad (checked)",
            "x-hint": "write a whole number, e.g. 3 or -1",
        }
    if "campaign" in model.mechanisms:  # each game's fields, as a flow mapping (its required ones first)
        shown = ", ".join(f"{name}: ..." for name in (required + [p for p in properties if p not in required])[:3])
        hint = f"write each entry as its fields in braces: - {{{shown}}}"
    else:
        hint = "write each player as `- name: Ann`, with their fields below it"
    return {
        "type": "object",
        "additionalProperties": False,
        "required": required,
        "properties": properties,
        "x-hint": hint,
    }


def record_schema_of(model, mechanisms: dict) -> dict:
    """The schema of one game's record (``game: <model.record>``)."""
    properties: dict = {"game": {"enum": [model.record]}}
    required = ["game"]
    if model.variants:
        properties["variant"] = {
            "type": "string",
            "enum": model.selectable_variants(),
            "description": "which game was played",
        }
        required.append("variant")
    if model.endings:
        ended = [e for e, _label in model.endings]
        properties["ended_by"] = {
            "type": "string",
            "enum": ended,
            "description": _ended_by_help(model),
            "x-missing-hint": _ended_by_missing_hint(model),
        }
        required.append("ended_by")
    for e in model.record_entered:
        properties[e.id] = entered_schema(e, mechanisms)
        if e.required:
            required.append(e.id)
    rows = model.mechanisms.get("campaign", {}).get("rows", "games") if "campaign" in model.mechanisms else "players"
    if rows == "players":
        properties["players"] = {
            "type": "array",
            "minItems": model.players_min,
            "maxItems": MAX_PLAYERS,
            "items": player_schema(model, mechanisms),
            "x-hint": "add one entry per player: - name: Ann",
        }
        required.append("players")
    else:
        properties[rows] = {
            "type": "array",
            "maxItems": MAX_ROWS,
            "items": player_schema(model, mechanisms),
            "description": "the games in the order played",
        }
    return {"type": "object", "additionalProperties": False, "required": required, "properties": properties}


def combined_schema(per_game: dict[str, dict]) -> dict:
    """The schema for ``schema/record.schema.json``: ``per_game`` maps each record ``game:``
    word to its schema; the file picks one by ``game:`` (if/then), so an editor reports a typo
    against the right fields."""
    branches = [
        {"if": {"properties": {"game": {"const": g}}, "required": ["game"]}, "then": s} for g, s in per_game.items()
    ]
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://playaid.example/schema/record.schema.json",
        "title": "playaid score record",
        "description": "A finished game typed at the table, read by `playaid score` and the web scorer.",
        "type": "object",
        "required": ["game"],
        "properties": {"game": {"enum": list(per_game)}},
        "allOf": branches,
    }
