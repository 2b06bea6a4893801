"""Calculators a game's content declares (``calculators:`` in its ``kind: scoring`` document):
a die roll with added terms, read off a banded table. Xia's solo round end is one (its NPCs'
modified d20 and the Fame Points it gives them: rulebook 003_a45cb12c8ae0ae9e.txt, "Solo Round
End"); nothing here names a game.

Pure functions over a compiled calculator (`generator.content.compiled`), every number from
content::

    {"id": "npc", "command": "npc-roll", "tab": ..., "title": ..., "help": ...,
     "die": {"id": "d20", "label": ..., "min": 1, "max": 20},
     "terms": [{term, label, bonus, unit}, ...],        # a table's rows: d20 + sum(bonus x count)
     "bands": [{low, high, result, <column>}, ...],     # a table's rows (high None: open-ended)
     "result": {"column": "fame", "label": "NPC Fame Points"},
     "terms_table": ..., "bands_table": ...}            # the tables' ids, for messages

Standard library only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypeGuard

from generator.scoring.record.limits import MAX_COUNT
from generator.scoring.record.written import shown


class RollInvalid(ValueError):
    """A roll or count that cannot be (outside the die, negative, unknown term); the message
    says what to give instead; ``field`` names the input (the die's id or the term)."""

    def __init__(self, message: str, field: str = ""):
        super().__init__(message)
        self.field = field


class RollRulesInvalid(Exception):
    """The compiled rules lack what the calculator needs (a content problem); the message names it."""


@dataclass(frozen=True)
class RollTerm:
    """One added term of the roll: ``count`` x ``bonus`` = ``points``."""

    term: str
    label: str
    count: int
    bonus: int

    @property
    def points(self) -> int:
        return self.count * self.bonus


@dataclass(frozen=True)
class Roll:
    """The modified roll and what it gives.

    ``die``: the die's id (``d20``); ``d20``: the die as rolled; ``terms``: every term (zero
    counts included); ``modified``: the die + sum of term points; ``band``: the printed range the
    result falls in (e.g. ``"15-20"``); ``fame``: the value read off the band (the result
    column's); ``label``: what that value is (``NPC Fame Points``).
    """

    d20: int
    terms: tuple[RollTerm, ...]
    modified: int
    band: str
    fame: int
    die: str = "d20"
    label: str = "result"

    def explain(self) -> list[str]:
        """Human-readable steps, one line per term, then the result."""
        lines = [f"{self.die} roll: {self.d20}"]
        for t in self.terms:
            lines.append(f"+{t.points}: {t.count} x +{t.bonus} (each {t.label})")
        lines.append(f"modified roll: {self.modified} (band {self.band})")
        lines.append(f"{self.label}: {self.fame}")
        return lines

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: ``{d20, terms: [{term, label, count, bonus, points}], modified, band,
        fame, total, explain}``; ``total`` equals ``fame``."""
        return {
            "d20": self.d20,
            "terms": [
                {"term": t.term, "label": t.label, "count": t.count, "bonus": t.bonus, "points": t.points}
                for t in self.terms
            ],
            "modified": self.modified,
            "band": self.band,
            "fame": self.fame,
            "total": self.fame,
            "explain": self.explain(),
        }


def _whole(value) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def calculators(game_rules: dict) -> list[dict]:
    """The calculators a game's compiled rules declare (none: [])."""
    scoring = game_rules.get("scoring") if isinstance(game_rules, dict) else None
    found = scoring.get("calculators") if isinstance(scoring, dict) else None
    return list(found) if isinstance(found, list) else []


def find(game_rules: dict, calculator: str | None = None) -> dict:
    """The calculator ``calculator`` (its id or its ``command`` word; None: the game's first) of
    a game's compiled rules; `RollRulesInvalid` naming those there are when there is none."""
    found = calculators(game_rules)
    for calc in found:
        if calculator is None or calculator in (calc.get("id"), calc.get("command")):
            return calc
    game = game_rules.get("id", "?") if isinstance(game_rules, dict) else "?"
    have = ", ".join(str(c.get("id")) for c in found) or "none"
    raise RollRulesInvalid(
        f"content/{game}: no calculator {shown(calculator)} (the game declares: {have}; "
        f"calculators are declared under `calculators:` in its scoring.yaml)"
    )


def die_range(calc: dict) -> tuple[int, int]:
    """``(min, max)`` of the calculator's die; `RollRulesInvalid` unless both are whole numbers."""
    die = calc.get("die") or {}
    low, high = die.get("min"), die.get("max")
    if not (_whole(low) and _whole(high) and low <= high):
        raise RollRulesInvalid(
            f"content: calculator '{calc.get('id')}': the {die.get('id', 'die')}'s min and max "
            f"must be whole numbers (found {shown(low)} and {shown(high)}); run `playaid check`"
        )
    return low, high


def roll(calc: dict, rolled: int, counts: Mapping[str, int] | None = None) -> Roll:
    """Add the terms to a roll and read the result off the bands.

    ``calc``: a compiled calculator (see the module docstring); ``rolled``: the die as rolled;
    ``counts``: term -> count, missing terms count 0.
    Raises `RollInvalid` for a roll outside the die, a count outside 0..`MAX_COUNT` (a record's
    counts are bounded so) or an unknown term; `RollRulesInvalid` when content lacks a table row's
    number or a band for the result."""
    counts = dict(counts or {})
    die = str((calc.get("die") or {}).get("id") or "die")
    low, high = die_range(calc)
    if not _whole(rolled) or not low <= rolled <= high:
        raise RollInvalid(
            f"{die}: {shown(rolled)} is not a {die} roll (give the number the die shows, {low} to {high})", die
        )
    rows = list(calc.get("terms") or [])
    known = [r.get("term") for r in rows]
    unknown = sorted(set(counts) - set(known))
    if unknown:
        raise RollInvalid(f"unknown roll term(s): {', '.join(unknown)} (use: {', '.join(map(str, known))})", unknown[0])
    terms = []
    for row in rows:
        count = counts.get(row["term"], 0)
        if not _whole(count) or not 0 <= count <= MAX_COUNT:
            raise RollInvalid(
                f"{row['term']}: {shown(count)} is not a count "
                f"(give a whole number, 0 to {MAX_COUNT}, of {row.get('unit', 'things')})",
                row["term"],
            )
        if not _whole(row.get("bonus")):
            raise RollRulesInvalid(
                f"content: table '{calc.get('terms_table')}' row '{row['term']}' has no whole-number bonus"
            )
        terms.append(RollTerm(row["term"], row.get("label", row["term"]), count, row["bonus"]))
    modified = rolled + sum(t.points for t in terms)
    result = calc.get("result") or {}
    band = band_for(list(calc.get("bands") or []), modified, str(calc.get("bands_table")))
    return Roll(
        rolled,
        tuple(terms),
        modified,
        str(band["result"]),
        int(band[result.get("column", "value")]),
        die=die,
        label=str(result.get("label") or "result"),
    )


def npc_roll(
    game_rules: dict, d20: int, counts: Mapping[str, int] | None = None, calculator: str | None = None
) -> Roll:
    """`roll` with the calculator ``calculator`` of a game's compiled rules (None: its first)."""
    return roll(find(game_rules, calculator), d20, counts)


def band_for(rows: list[dict], value: int, table: str = "") -> dict:
    """The row of a banded table whose ``low``..``high`` holds ``value`` (``high`` None = open).

    Raises `RollRulesInvalid` when no band holds it (the table has a gap)."""
    for row in rows:
        low, high = row.get("low"), row.get("high")
        if _whole(low) and low <= value and (high is None or (_whole(high) and value <= high)):
            return row
    raise RollRulesInvalid(
        f"table '{table}' has no band for {value} (make its bands cover every result from the lowest roll up)"
    )
