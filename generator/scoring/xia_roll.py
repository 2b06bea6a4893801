"""Xia solo round-end roll: the NPCs' modified d20 and the Fame Points it gives them.

Pure functions over the compiled Xia rules (``rules["games"]["xia"]``); every number comes from
content: the roll bands (table ``npc-fame-roll``), the roll terms and their bonuses (table
``npc-roll-modifiers``) and the die range (facts ``d20_min``/``d20_max``). Rules: rulebook
003_a45cb12c8ae0ae9e.txt, section "Solo Round End". Standard library only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypeGuard

from generator.scoring.limits import MAX_COUNT
from generator.scoring.written import shown

ROLL_TABLE = "npc-fame-roll"
MODIFIER_TABLE = "npc-roll-modifiers"


class RollInvalid(ValueError):
    """A roll or count that cannot be (outside the die, negative, unknown term); the message
    says what to give instead; ``field`` names the input (``d20`` or the term)."""

    def __init__(self, message: str, field: str = ""):
        super().__init__(message)
        self.field = field


class RollRulesInvalid(Exception):
    """The compiled Xia rules lack what the roll needs (a content problem); the message names it."""


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


def _rows(xia: dict, table_id: str) -> list[dict]:
    try:
        return list(xia["tables"][table_id]["rows"])
    except (KeyError, TypeError):
        raise RollRulesInvalid(f"content/xia: table '{table_id}' is missing (the calculator reads "
                               f"its rules from it; restore the table)") from None


def _whole(value) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def roll_terms(xia: dict) -> list[dict]:
    """The modifier rows of table ``npc-roll-modifiers``: ``[{term, label, bonus, unit}]``."""
    return _rows(xia, MODIFIER_TABLE)


def die_range(xia: dict) -> tuple[int, int]:
    """``(d20_min, d20_max)`` from the Xia facts; `RollRulesInvalid` unless both are whole numbers."""
    facts = xia.get("facts", {})
    low, high = facts.get("d20_min"), facts.get("d20_max")
    if not (_whole(low) and _whole(high) and low <= high):
        raise RollRulesInvalid(f"content/xia: facts d20_min/d20_max must be whole numbers "
                               f"(found {shown(low)} and {shown(high)}); run `playaid check`")
    return low, high


def npc_roll(xia: dict, d20: int, counts: Mapping[str, int] | None = None) -> NpcRoll:
    """Modify a solo round-end d20 roll and read the NPC Fame Points off the result table.

    ``xia``: the compiled Xia rules; ``d20``: the die as rolled; ``counts``: term name (a ``term``
    of table ``npc-roll-modifiers``: cubes_removed, credits_collected in 1,000s, fame_behind,
    merchant) -> count, missing terms count 0.
    Raises `RollInvalid` for a roll outside d20_min..d20_max, a count outside 0..`MAX_COUNT` (the
    rulebook sets no most; a record's counts are bounded so) or an unknown term;
    `RollRulesInvalid` when content lacks a table or fact. Source: 003_a45cb12c8ae0ae9e.txt,
    "Solo Round End".
    """
    counts = dict(counts or {})
    low, high = die_range(xia)
    if not _whole(d20) or not low <= d20 <= high:
        raise RollInvalid(f"d20: {shown(d20)} is not a d20 roll (give the number the die shows, "
                          f"{low} to {high})", "d20")
    rows = roll_terms(xia)
    known = [r.get("term") for r in rows]
    unknown = sorted(set(counts) - set(known))
    if unknown:
        raise RollInvalid(f"unknown roll term(s): {', '.join(unknown)} (use: {', '.join(map(str, known))})",
                          unknown[0])
    terms = []
    for row in rows:
        count = counts.get(row["term"], 0)
        if not _whole(count) or not 0 <= count <= MAX_COUNT:
            raise RollInvalid(f"{row['term']}: {shown(count)} is not a count "
                              f"(give a whole number, 0 to {MAX_COUNT}, of {row.get('unit', 'things')})", row["term"])
        if not _whole(row.get("bonus")):
            raise RollRulesInvalid(f"content/xia: table '{MODIFIER_TABLE}' row '{row['term']}' "
                                   f"has no whole-number bonus")
        terms.append(RollTerm(row["term"], row.get("label", row["term"]), count, row["bonus"]))
    modified = d20 + sum(t.points for t in terms)
    band = band_for(_rows(xia, ROLL_TABLE), modified)
    return NpcRoll(d20, tuple(terms), modified, str(band["result"]), int(band["fame"]))


def band_for(rows: list[dict], value: int) -> dict:
    """The row of a banded table whose ``low``..``high`` holds ``value`` (``high`` None = open).

    Raises `RollRulesInvalid` when no band holds it (the table has a gap).
    """
    for row in rows:
        low, high = row.get("low"), row.get("high")
        if _whole(low) and low <= value and (high is None or (_whole(high) and value <= high)):
            return row
    raise RollRulesInvalid(f"table '{ROLL_TABLE}' has no band for {value} "
                           f"(make its bands cover every result from the lowest roll up)")
