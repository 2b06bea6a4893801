"""A Race for the Galaxy score record as the scorer reads it: validated against its JSON Schema
(`record_schema.rftg_schema`) and turned into small immutable records. Standard library only.

Words typed loosely at the table are understood: ``variant: Invasion`` and ``ended_by: VP pool``
mean ``invasion`` and ``vp_pool``. A numeric field that is left out stays None, so the scorer can
tell "0" from "forgot to write it down".
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.scoring.record_schema import rftg_schema
from generator.scoring.validate import validate


class RecordInvalid(Exception):
    """The record cannot be scored; ``problems`` lists every problem as a dict
    ``{path, field, message, hint}`` (see `validate.problem`)."""

    def __init__(self, problems: list[dict]):
        self.problems = problems
        super().__init__("; ".join(f"{p['field'] or 'record'}: {p['message']}" for p in problems))


class RulesInvalid(Exception):
    """The compiled rules lack something scoring needs (a content or build problem, not the
    record's); the message names what and where it comes from."""


@dataclass(frozen=True, slots=True)
class TableauEntry:
    """One tableau card as written: ``card`` (the name), ``damaged``, ``vp`` (hand-given printed VP)
    and, for a card the database lacks, its ``type``, ``military`` and ``keywords`` if given."""

    card: str
    damaged: bool = False
    vp: int | None = None
    type: str | None = None
    military: bool | None = None
    keywords: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class AtRepulse:
    """A counterstrike player's values at the end of the repulse round (invasion tiles)."""

    military_vs_xenos: int = 0
    war_contribution_chips: int = 0


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """One player's end-of-game record; None = not written in the record."""

    name: str
    tableau: tuple  # of str (plain names) and TableauEntry
    chips: int | None = None
    war_contribution_chips: int | None = None
    defense_awards: int | None = None
    military_vs_xenos: int | None = None
    military: int | None = None
    xeno_systems_conquered: int | None = None
    at_repulse: AtRepulse | None = None
    goods: int | None = None
    hand: int | None = None
    claimed_total: int | None = None

    def given(self, name: str) -> bool:
        """True when the record writes field ``name`` for this player."""
        return getattr(self, name) is not None


@dataclass(frozen=True, slots=True)
class GameRecord:
    """``game: rftg`` record: variant, how the game ended, whether the Xenos were repulsed
    (counterstrike) and the players in record order."""

    variant: str
    ended_by: str
    repulsed: bool | None
    players: tuple[PlayerRecord, ...]


def _word(value):
    """'VP  pool' -> 'vp_pool' (table words typed loosely); other values unchanged."""
    return "_".join(value.split()).casefold() if isinstance(value, str) else value


def parse_rftg_record(data, game_rules: dict, schema: dict | None = None) -> GameRecord:
    """A `GameRecord` from a record mapping (as loaded from YAML/JSON) and the compiled ``rftg``
    rules. ``schema``: `rftg_schema(game_rules)` when the caller has it already.

    Raises `RecordInvalid` with every problem (path, message, hint)."""
    if isinstance(data, dict):
        data = dict(data)
        for key in ("game", "variant", "ended_by"):
            if key in data:
                data[key] = _word(data[key])
    problems = validate(schema or rftg_schema(game_rules), data)
    if problems:
        raise RecordInvalid(problems)
    players = []
    for p in data["players"]:
        tableau = tuple(e if isinstance(e, str) else
                        TableauEntry(e["card"], bool(e.get("damaged", False)), e.get("vp"), e.get("type"),
                                     e.get("military"), tuple(e.get("keywords", ())))
                        for e in p["tableau"])
        at = p.get("at_repulse")
        players.append(PlayerRecord(
            name=p["name"], tableau=tableau, chips=p.get("chips"),
            war_contribution_chips=p.get("war_contribution_chips"), defense_awards=p.get("defense_awards"),
            military_vs_xenos=p.get("military_vs_xenos"), military=p.get("military"),
            xeno_systems_conquered=p.get("xeno_systems_conquered"),
            at_repulse=None if at is None else AtRepulse(at.get("military_vs_xenos", 0),
                                                        at.get("war_contribution_chips", 0)),
            goods=p.get("goods"), hand=p.get("hand"), claimed_total=p.get("claimed_total")))
    return GameRecord(variant=data["variant"], ended_by=data["ended_by"], repulsed=data.get("repulsed"),
                      players=tuple(players))
