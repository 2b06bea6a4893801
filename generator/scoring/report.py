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


class Explain(NamedTuple):
    """One scored component: what (``component``), how many VP, and why. (A named tuple: a
    scored record makes dozens of these, and tuples are the cheapest to build.)"""

    component: str
    vp: int
    why: str


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
