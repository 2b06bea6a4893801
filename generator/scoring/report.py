"""A scored game (`Report`) and its two presentations: a table per player and JSON.

`Report.to_json()` gives the documented object; `render_text(report, rich=...)` gives a table per
player (component, VP, why) and the winners: `rich` tables on a terminal, plain text otherwise.
Both fit a narrow (phone) terminal: three columns, the "why" column wraps.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import NamedTuple


@dataclass(frozen=True, slots=True)
class Finding:
    """A check on the record: ``severity`` error/warning/info, ``player`` (None for the game),
    ``code`` (stable id such as ``claimed_total``), ``message`` (says what and how to fix)."""

    severity: str
    player: str | None
    code: str
    message: str

    def to_json(self) -> dict:
        return {"severity": self.severity, "player": self.player, "code": self.code,
                "message": self.message}


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
    """One player's score by component (all VP), with the lines that explain it."""

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
    explain: list[Explain] = field(default_factory=list)

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
            "claimed_total": self.claimed_total,
            "explain": [e.to_json() for e in self.explain],
        }


@dataclass(slots=True)
class Report:
    """A scored game: ``variant``, players in record order, ``winners`` (names), findings."""

    variant: str
    players: list[PlayerScore]
    winners: list[str]
    findings: list[Finding]

    @property
    def has_errors(self) -> bool:
        return any(f.severity == "error" for f in self.findings)

    def to_json(self) -> dict:
        return {"variant": self.variant, "players": [p.to_json() for p in self.players],
                "winners": list(self.winners), "findings": [f.to_json() for f in self.findings]}


def render_text(report: Report, rich: bool = False, width: int | None = None) -> str:
    """The report as text: a table per player, then the winners and findings.

    ``rich`` uses `rich` tables (for a terminal); otherwise plain text that reads well at any
    width. ``width`` is the terminal width for rich output (None = detect).
    """
    if rich:
        return _render_rich(report, width)
    out: list[str] = []
    for p in _by_rank(report):
        out.append(f"{p.name}: {p.total} VP (rank {p.rank})")
        for e in p.explain:
            out.append(f"  {e.vp:>4}  {e.component}: {e.why}")
        if p.claimed_total is not None:
            out.append(f"  claimed {p.claimed_total}")
        out.append("")
    out.append(_winners_line(report))
    for f in report.findings:
        who = f" [{f.player}]" if f.player else ""
        out.append(f"{f.severity}{who} {f.code}: {f.message}")
    return "\n".join(out) + "\n"


def _by_rank(report: Report) -> list[PlayerScore]:
    return sorted(report.players, key=lambda p: p.rank)


def _winners_line(report: Report) -> str:
    if not report.winners:
        return "No winner."
    if len(report.winners) == 1:
        return f"Winner: {report.winners[0]}"
    return "Shared win: " + ", ".join(report.winners)


def _render_rich(report: Report, width: int | None) -> str:
    from rich.console import Console
    from rich.table import Table

    buf = io.StringIO()
    console = Console(file=buf, width=width, force_terminal=True, soft_wrap=False)
    styles = {"error": "bold red", "warning": "yellow", "info": "dim"}
    for p in _by_rank(report):
        table = Table(title=f"{p.name}: {p.total} VP (rank {p.rank})", title_justify="left",
                      expand=False, show_lines=False, pad_edge=False)
        table.add_column("component", overflow="fold", ratio=1)
        table.add_column("VP", justify="right", no_wrap=True)
        table.add_column("why", overflow="fold", ratio=2)
        for e in p.explain:
            table.add_row(e.component, str(e.vp), e.why)
        table.add_row("total", str(p.total),
                      "" if p.claimed_total is None else f"claimed {p.claimed_total}", style="bold")
        console.print(table)
    console.print(_winners_line(report), style="bold green")
    for f in report.findings:
        who = f" [{f.player}]" if f.player else ""
        console.print(f"{f.severity}{who} {f.code}: {f.message}", style=styles.get(f.severity, ""),
                      markup=False, highlight=False)
    return buf.getvalue()
