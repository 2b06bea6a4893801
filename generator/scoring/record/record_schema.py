"""The JSON Schema of score records: `record_schema` joins the schema of every game content declares a scoring model for (each generated from
its model by `model_schema.record_schema_of`) into ``schema/record.schema.json`` (editor
completion). The limits every record shares are in `limits`. Standard library only.
"""

from __future__ import annotations


def record_schema(rules: dict) -> dict:
    """The combined schema for ``schema/record.schema.json``: one branch per record ``game:``
    word (if/then), so an editor reports a typo against the right fields. Raises `ModelInvalid`
    when a game's model cannot be built."""
    from generator.scoring.api import record_games
    from generator.scoring.game_pad import pad_for
    from generator.scoring.record.model_schema import combined_schema

    return combined_schema(
        {word: pad_for(rules["games"][game_id]).schema for word, game_id in record_games(rules).items()}
    )
