"""Compiled rules for scoring tests: content/ loaded, validated and compiled once per process,
exactly as `playaid score` and the web scorer get them."""

from __future__ import annotations

import functools
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


@functools.cache
def compiled(content_dir: str = str(REPO / "content")) -> dict:
    """The compiled rules (`generator.compile.compile_rules.compile_rules`) of a content folder."""
    from generator.checks.load import load_content
    from generator.compile.compile_rules import compile_rules

    return compile_rules(load_content(content_dir))


class Scored:
    """A report object (`generator.scoring.api`) read by attribute, as the tests of the scoring
    rules read it: ``report.players[0].cards_vp``, ``finding.code``, ``explain.component``;
    lists stay lists, paths become tuples; ``to_json()`` gives the report object back."""

    def __init__(self, data: dict):
        self._data = data
        for key, value in data.items():
            setattr(self, key, _attrs(key, value))

    def to_json(self) -> dict:
        return self._data

    @property
    def has_errors(self) -> bool:
        return any(f["severity"] == "error" for f in self._data.get("findings", []))

    def __repr__(self) -> str:
        return f"Scored({self._data!r})"


def _attrs(key, value):
    if key == "path" and isinstance(value, list):
        return tuple(value)
    if isinstance(value, dict):
        return Scored(value)
    if isinstance(value, list):
        return [_attrs(None, v) for v in value]
    return value


def pad(game_id: str, rules: dict | None = None):
    """The scoring core's `Pad` for one game of the compiled rules (default: the project's)."""
    from generator.scoring.game_pad import pad_for

    return pad_for((rules or compiled())["games"][game_id])


def rftg_rules():
    """The RftG `Pad`: ``.parse(record)`` validates (raises `RecordInvalid`), ``.score`` scores."""
    return pad("rftg")


def score_record(parsed: dict, rules) -> Scored:
    """Score a parsed record with a `Pad`; the report read by attribute (`Scored`)."""
    return Scored(rules.score(parsed))


def record_words() -> str:
    """The ``game:`` words records may use, as `playaid score` lists them ("rftg, xia-campaign",
    and any game content adds)."""
    from generator.scoring.api import record_games

    return ", ".join(record_games(compiled()))
