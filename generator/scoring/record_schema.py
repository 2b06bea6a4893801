"""The JSON Schema of score records: the limits every record schema shares, and `record_schema`,
which joins the schema of every game content declares a scoring model for (each generated from
its model by `model_schema.record_schema_of`) into ``schema/record.schema.json`` (editor
completion). Limits keep a hostile record cheap to refuse: at most 10 players, 60 tableau cards,
names of 100 characters, counts below 10,000. Standard library only.
"""

from __future__ import annotations

MAX_PLAYERS = 10
MAX_TABLEAU = 60
MAX_NAME = 100
MAX_COUNT = 9999


#: No control characters (a name with a newline could fake a line of the printed report).
PRINTABLE = r"^[^\x00-\x1f\x7f]*$"


def record_schema(rules: dict) -> dict:
    """The combined schema for ``schema/record.schema.json``: one branch per record ``game:``
    word (if/then), so an editor reports a typo against the right fields. Raises `ModelInvalid`
    when a game's model cannot be built."""
    from generator.scoring.api import record_games
    from generator.scoring.model_schema import combined_schema
    from generator.scoring.pad import Pad

    return combined_schema({word: Pad.from_rules(rules["games"][game_id]).schema
                            for word, game_id in record_games(rules).items()})
