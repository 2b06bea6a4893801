"""A scored Race for the Galaxy game (`Report`) and its JSON form, the object `playaid score --json`
prints and the web scorer shows. Standard library only (runs in Pyodide).

Every finding carries the ``path`` of the record value it is about (``["players", 0, "tableau", 3]``)
so the command line can print ``file:line:column`` and the web page can show it beside the field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple


@dataclass(frozen=True, slots=True)
class Finding:
    """A check on the record: ``severity`` error/warning/info, ``player`` (None for the game),
    ``code`` (stable id such as ``claimed_total``), ``message`` (says what and how to fix),
    ``path`` (keys and indexes of the record value it is about; empty = the whole record)."""

    severity: str
    player: str | None
    code: str
    message: str
    path: tuple = ()

    def to_json(self) -> dict:
        return {"severity": self.severity, "player": self.player, "code": self.code,
                "message": self.message, "path": list(self.path)}


class Explain(NamedTuple):
    """One scored component: what (``component``), how many VP, and why. (A named tuple: a
    scored record makes dozens of these, and tuples are the cheapest to build.)"""

    component: str
    vp: int
    why: str

    def to_json(self) -> dict:
        return {"component": self.component, "vp": self.vp, "why": self.why}


@dataclass(slots=True)
class PlayerScore:
    """One player's score by component (all VP), with the lines that explain it.

    ``military``/``military_vs_xenos``: the values scoring used (the record's when given, else
    computed from the tableau); ``..._from_cards``: the computed values; ``military_explain``: the
    card powers that give them (``why`` ends "vs. Xenos only" for powers that count only there).
    ``tiebreak``: the sum of the tie-break fields (goods + hand). ``not_counted``: the tableau
    entries left out of the total, as written (unknown cards without a hand-given ``vp``), so the
    total, the claimed-total finding and the winners can say the score is not final.
    """

    name: str
    cards_vp: int = 0
    six_dev_vp: int = 0
    chips_vp: int = 0
    war_contribution_vp: int = 0
    defense_awards_vp: int = 0
    bonus_vp: int = 0
    bonuses: list[str] = field(default_factory=list)
    galactic_renaissance_chips: int = 0
    claimed_total: int | None = None
    tiebreak: int = 0
    rank: int = 0
    military: int = 0
    military_vs_xenos: int = 0
    military_from_cards: int = 0
    military_vs_xenos_from_cards: int = 0
    military_explain: list[Explain] = field(default_factory=list)
    explain: list[Explain] = field(default_factory=list)
    not_counted: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return (self.cards_vp + self.six_dev_vp + self.chips_vp + self.war_contribution_vp
                + self.defense_awards_vp + self.bonus_vp)

    def to_json(self) -> dict:
        return {
            "name": self.name, "total": self.total, "rank": self.rank,
            "cards_vp": self.cards_vp, "six_dev_vp": self.six_dev_vp, "chips_vp": self.chips_vp,
            "war_contribution_vp": self.war_contribution_vp,
            "defense_awards_vp": self.defense_awards_vp, "bonus_vp": self.bonus_vp,
            "bonuses": list(self.bonuses),
            "galactic_renaissance_chips": self.galactic_renaissance_chips,
            "military": self.military, "military_vs_xenos": self.military_vs_xenos,
            "military_from_cards": self.military_from_cards,
            "military_vs_xenos_from_cards": self.military_vs_xenos_from_cards,
            "military_explain": [e.to_json() for e in self.military_explain],
            "tiebreak": self.tiebreak,
            "claimed_total": self.claimed_total,
            "explain": [e.to_json() for e in self.explain],
            "not_counted": list(self.not_counted),
        }


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


@dataclass(slots=True)
class Report:
    """A scored game: ``variant``, ``ended_by``, players in record order, ``winners`` (names),
    ``ties`` (VP ties and how the tie-break settled them), the optional record ``fields`` the
    game used, and findings."""

    variant: str
    players: list[PlayerScore]
    winners: list[str]
    findings: list[Finding]
    ended_by: str = ""
    ties: list[Tie] = field(default_factory=list)
    fields: tuple[str, ...] = ()
    game: str = "rftg"

    @property
    def has_errors(self) -> bool:
        return any(f.severity == "error" for f in self.findings)

    def to_json(self) -> dict:
        """``{ok, game, variant, ended_by, fields, players, winners, ties, findings}``; ``ok`` is
        True (the record could be read; error findings are in ``findings``); ``fields``: the
        optional player fields this game used (from the variant in content)."""
        return {"ok": True, "game": self.game, "variant": self.variant, "ended_by": self.ended_by,
                "fields": list(self.fields),
                "players": [p.to_json() for p in self.players],
                "winners": list(self.winners), "ties": [t.to_json() for t in self.ties],
                "findings": [f.to_json() for f in self.findings]}
