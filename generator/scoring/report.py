"""The pieces of a score report (`generator.scoring.pad` builds the report object `playaid score
--json` prints and the web scorer shows): findings, explanation lines and ties, each with its
JSON form. Standard library only (runs in Pyodide).

Every finding carries the ``path`` of the record value it is about (``["players", 0, "tableau", 3]``)
so the command line can print ``file:line:column`` and the web page can show it beside the field.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple


class Finding(NamedTuple):
    """A check on the record: ``severity`` error/warning/info, ``player`` (None for the game),
    ``code`` (stable id such as ``claimed_total``), ``message`` (says what and how to fix),
    ``path`` (keys and indexes of the record value it is about; empty = the whole record),
    ``params`` (the values its message says, by name, as data: ``{"field": "chips", "default":
    0}``, so a reader words it without reading the message back; None: none).
    (A named tuple: immutable, and a record with many findings makes them fast; a frozen
    dataclass took about three times as long to build: 2.8x, timeit, Python 3.11.)"""

    severity: str
    player: str | None
    code: str
    message: str
    path: tuple = ()
    params: dict | None = None


#: The built-in findings that ask about a value rather than state a fault (a value the model
#: reads left empty, scored as its default: none, or forgotten?; a record value assumed), by
#: the core's own key: their report entries say ``"question": true`` whatever code the model
#: reports them under.
QUESTIONS = frozenset({"missing_field", "missing_record_field", "assumed"})


def finding_json(f: Finding, question: frozenset = frozenset()) -> dict:
    """A finding as the report holds it: ``{severity, player, code, message, path, params}``,
    and ``"question": true`` when its code is one of ``question`` (the codes the model reports
    `QUESTIONS` under)."""
    out: dict[str, Any] = {
        "severity": f.severity,
        "player": f.player,
        "code": f.code,
        "message": f.message,
        "path": list(f.path),
        "params": {k: list(v) if v.__class__ is list else v for k, v in f.params.items()} if f.params else {},
    }
    if f.code in question:
        out["question"] = True
    return out


def params_of(values: dict) -> dict:
    """The values a message was filled from, as report data: numbers, texts, booleans, None
    and lists of them kept; anything else (a mapping, a nested list) left out."""
    out: dict[str, Any] = {}
    for key, value in values.items():
        if value is None or isinstance(value, (str, int, float, bool)):
            out[key] = value
        elif isinstance(value, (list, tuple)) and all(
            v is None or isinstance(v, (str, int, float, bool)) for v in value
        ):
            out[key] = list(value)
    return out


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
        return {
            "total": self.total,
            "fields": list(self.fields),
            "decided": self.decided,
            "players": [{"name": n, "tiebreak": v} for n, v in self.players],
        }


def right_aligned(values: list[str], least: int = 4) -> list[str]:
    """``values`` right-aligned in a column as wide as the widest (at least ``least``
    characters), so the text after the column of a text report stays in line: ``-100`` or
    ``+9999`` is wider than the usual ``12``."""
    width = max([least, *map(len, values)])
    return [v.rjust(width) for v in values]
