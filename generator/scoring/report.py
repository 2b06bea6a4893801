"""The pieces of a score report (`generator.scoring.pad` builds the report object `playaid score
--json` prints and the web scorer shows): findings, explanation lines and ties, each with its
JSON form. Standard library only (runs in Pyodide).

Every finding carries the ``path`` of the record value it is about (``["players", 0, "tableau", 3]``)
so the command line can print ``file:line:column`` and the web page can show it beside the field.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple


class Finding(NamedTuple):
    """A check on the record: ``severity`` error/warning/info, ``player`` (None for the game),
    ``code`` (stable id such as ``claimed_total``), ``message`` (says what and how to fix),
    ``path`` (keys and indexes of the record value it is about; empty = the whole record).
    (A named tuple: immutable, and a record with many findings makes them fast; a frozen
    dataclass took about three times as long to build: 2.8x, timeit, Python 3.11.)"""

    severity: str
    player: str | None
    code: str
    message: str
    path: tuple = ()


def explain_line(component: str, vp: int, why: str) -> dict:
    """One explanation line: ``{"component", "vp", "why"}`` (what, how many VP, and why), built
    once in the form the report holds (a scored record has dozens; converting each from another
    shape took a tenth of the scoring time). A line many reports show alike (a card's printed
    VP, a fixed Military power) is kept as a template and copied into each report (`dict.copy`),
    so no report shares an object with another. The hot paths write the literal itself."""
    return {"component": component, "vp": vp, "why": why}


@dataclass(frozen=True, slots=True)
class Tie:
    """Players level on VP whose order the tie-break (``fields``: goods + hand) decides, or not:
    ``players`` as ``(name, tie-break value)`` in rank order; ``decided`` is False when the
    tie-break values are equal too (a shared rank)."""

    total: int
    players: tuple[tuple[str, int], ...]
    fields: tuple[str, ...]
    decided: bool

    def to_json(self) -> dict:
        return {"total": self.total, "fields": list(self.fields), "decided": self.decided,
                "players": [{"name": n, "tiebreak": v} for n, v in self.players]}
