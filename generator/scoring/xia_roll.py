"""Xia solo round-end roll: the NPCs' modified d20 and the Fame Points it gives them.

Pure functions over Xia content (`GameContent`); every number comes from content: the roll
bands (table ``npc-fame-roll``), the roll terms and their bonuses (table ``npc-roll-modifiers``)
and the die range (facts ``d20_min``/``d20_max``). Rules: rulebook 003_a45cb12c8ae0ae9e.txt,
section "Solo Round End".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from generator.errors import PlayaidError, UsageError

ROLL_TABLE = "npc-fame-roll"
MODIFIER_TABLE = "npc-roll-modifiers"


@dataclass(frozen=True)
class RollTerm:
    """One added term of the round-end roll: ``count`` x ``bonus`` = ``points``."""

    term: str
    label: str
    count: int
    bonus: int

    @property
    def points(self) -> int:
        return self.count * self.bonus


@dataclass(frozen=True)
class NpcRoll:
    """The modified round-end roll and the NPC Fame Points it earns.

    ``d20``: the die as rolled; ``terms``: every modifier (zero counts included);
    ``modified``: d20 + sum of term points; ``band``: the printed range the result falls in
    (e.g. ``"15-20"``); ``fame``: NPC Fame Points gained.
    """

    d20: int
    terms: tuple[RollTerm, ...]
    modified: int
    band: str
    fame: int

    def explain(self) -> list[str]:
        """Human-readable steps, one line per term, then the result."""
        lines = [f"d20 roll: {self.d20}"]
        for t in self.terms:
            lines.append(f"+{t.points}: {t.count} x +{t.bonus} (each {t.label})")
        lines.append(f"modified roll: {self.modified} (band {self.band})")
        lines.append(f"NPC Fame Points: {self.fame}")
        return lines

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: ``{d20, terms: [{term, label, count, bonus, points}], modified, band,
        fame, total, explain}``; ``total`` equals ``fame``."""
        return {
            "d20": self.d20,
            "terms": [{"term": t.term, "label": t.label, "count": t.count, "bonus": t.bonus,
                       "points": t.points} for t in self.terms],
            "modified": self.modified,
            "band": self.band,
            "fame": self.fame,
            "total": self.fame,
            "explain": self.explain(),
        }


def _table_rows(game, table_id: str) -> list[dict]:
    tables = game.of_kind("table")
    if table_id not in tables:
        raise PlayaidError(f"content/{game.id}: table '{table_id}' is missing "
                           f"(the calculator reads its rules from it; restore the table)")
    return [dict(r) for r in tables[table_id].rows]


def roll_terms(game) -> list[dict]:
    """The modifier rows of table ``npc-roll-modifiers``: ``[{term, label, bonus, unit}]``."""
    return _table_rows(game, MODIFIER_TABLE)


def npc_roll(game, d20: int, counts: Mapping[str, int] | None = None) -> NpcRoll:
    """Modify a solo round-end d20 roll and read the NPC Fame Points off the result table.

    ``game``: Xia `GameContent`; ``d20``: the die as rolled; ``counts``: term name (a ``term``
    of table ``npc-roll-modifiers``: cubes_removed, credits_collected in 1,000s, fame_behind,
    merchant) -> count, missing terms count 0.
    Raises `UsageError` for a roll outside facts d20_min..d20_max, a negative count or an
    unknown term. Source: 003_a45cb12c8ae0ae9e.txt, "Solo Round End".
    """
    counts = dict(counts or {})
    low, high = game.fact("d20_min"), game.fact("d20_max")
    if not isinstance(d20, int) or isinstance(d20, bool) or not low <= d20 <= high:
        raise UsageError(f"d20: {d20!r} is not a d20 roll (give the number the die shows, "
                         f"{low} to {high})")
    rows = roll_terms(game)
    known = [r["term"] for r in rows]
    unknown = sorted(set(counts) - set(known))
    if unknown:
        raise UsageError(f"unknown roll term(s): {', '.join(unknown)} (use: {', '.join(known)})")
    terms = []
    for row in rows:
        count = counts.get(row["term"], 0)
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise UsageError(f"{row['term']}: {count!r} is not a count "
                             f"(give a whole number, 0 or more, of {row['unit']})")
        terms.append(RollTerm(row["term"], row["label"], count, int(row["bonus"])))
    modified = d20 + sum(t.points for t in terms)
    band = band_for(_table_rows(game, ROLL_TABLE), modified)
    return NpcRoll(d20, tuple(terms), modified, band["result"], int(band["fame"]))


def band_for(rows: list[dict], value: int) -> dict:
    """The row of a banded table whose ``low``..``high`` holds ``value`` (``high`` None = open).

    Raises `PlayaidError` when no band holds it (the table has a gap).
    """
    for row in rows:
        if row["low"] <= value and (row["high"] is None or value <= row["high"]):
            return row
    raise PlayaidError(f"table '{ROLL_TABLE}' has no band for {value} "
                       f"(make its bands cover every result from the lowest roll up)")
