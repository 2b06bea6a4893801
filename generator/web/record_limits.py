"""The size limits of score records, for the page: what it checks before it draws a loaded record.

A record read from a file, a paste or a share link may be far larger than any game (thousands
of cards, names of thousands of characters); the scoring core refuses it (its JSON Schema caps
players, tableau cards and text lengths: the schema each game's scoring model generates,
`generator.scoring.record.model_schema`), but drawing it in the form first would freeze the page. So the
page gets the same caps, cut down from the record schemas to what bounds the size: ``type``,
``properties``, ``items``, ``anyOf``, ``maxItems``, ``maxLength``. Shape: ``{game: reduced schema}``.
"""

from __future__ import annotations

from generator.scoring.api import record_games
from generator.scoring.game_pad import pad_for

_KEPT = ("type", "maxItems", "maxLength")


def _reduce(schema: dict) -> dict:
    out = {key: schema[key] for key in _KEPT if key in schema}
    if "properties" in schema:
        out["properties"] = {name: _reduce(sub) for name, sub in schema["properties"].items()}
    if isinstance(schema.get("items"), dict):
        out["items"] = _reduce(schema["items"])
    if "anyOf" in schema:
        out["anyOf"] = [_reduce(sub) for sub in schema["anyOf"]]
    return out


def record_limits(rules: dict) -> dict:
    """``{record game word: reduced schema}`` (``{"rftg": ..., "xia-campaign": ...}``) for every game
    content declares a scoring model for. Raises `ModelInvalid` when a model cannot be built
    (`playaid check` reports it first)."""
    return {word: _reduce(pad_for(rules["games"][game_id]).schema) for word, game_id in record_games(rules).items()}
