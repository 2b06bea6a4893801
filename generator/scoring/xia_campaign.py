"""Xia solo campaign score: the campaign record, its findings and the score.

Every number comes from content: the goal count and the failed-goal penalty (facts
``campaign_goal_count``/``campaign_failed_goal_penalty``, compiled into the rules). Rules: rulebook
003_a45cb12c8ae0ae9e.txt, "Game End" and "Campaign End". Standard library only.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Any

from generator.scoring.record_schema import XIA_CAMPAIGN, xia_campaign_schema
from generator.scoring.rftg_record import RecordInvalid
from generator.scoring.validate import validate

CAMPAIGN_GAME = XIA_CAMPAIGN
GAME_ID = "xia"
_SCHEMA = xia_campaign_schema()


@dataclass(frozen=True, slots=True)
class CampaignGame:
    """One game of a campaign: the goal attempted, win/loss, both Fame Point totals and whether
    the goal was completed."""

    goal: str
    won: bool
    fame: int
    npc_fame: int
    goal_completed: bool


@dataclass(frozen=True, slots=True)
class CampaignRecord:
    """``game: xia-campaign`` — a solo campaign log: ``games`` in the order played; ``goals``
    (optional) the campaign's goal cards, so a misspelt goal is caught."""

    player: str | None
    goals: tuple[str, ...] | None
    games: tuple[CampaignGame, ...]


def parse_campaign(data) -> CampaignRecord:
    """A `CampaignRecord` from a record mapping; raises `RecordInvalid` with every problem."""
    problems = validate(_SCHEMA, data)
    if problems:
        raise RecordInvalid(problems)
    games = tuple(CampaignGame(g["goal"], g["won"], g["fame"], g["npc_fame"], g["goal_completed"])
                  for g in data.get("games", []))
    goals = data.get("goals")
    return CampaignRecord(data.get("player"), None if goals is None else tuple(goals), games)


@dataclass(frozen=True)
class CampaignRules:
    """The campaign numbers: ``goal_count`` (10) and ``failed_goal_penalty`` (-3).
    Source: 003_a45cb12c8ae0ae9e.txt, "Campaign End"."""

    goal_count: int
    failed_goal_penalty: int

    @classmethod
    def from_json(cls, xia: dict) -> "CampaignRules":
        """From the compiled Xia rules (facts campaign_goal_count, campaign_failed_goal_penalty);
        ValueError naming the fact when one is missing or not a whole number."""
        facts = xia.get("facts", {})
        values = []
        for name in ("campaign_goal_count", "campaign_failed_goal_penalty"):
            value = facts.get(name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"content/xia: fact '{name}' must be a whole number (found {value!r})")
            values.append(value)
        return cls(*values)


@dataclass
class CampaignReport:
    """Campaign score: ``total``, one ``explain`` entry per game, and ``findings``.

    ``explain``: ``[{game, goal, points, why}]``; ``findings``: ``[{severity, code, game,
    message, path}]`` with severity ``error`` (the record contradicts the rules), ``warning`` or
    ``info``; ``game`` is the game number (1-based) or None for the whole campaign; ``path``
    the record value it is about (``["games", 3]``).
    """

    total: int = 0
    player: str | None = None
    explain: list[dict] = field(default_factory=list)
    findings: list[dict] = field(default_factory=list)
    goals_completed: int = 0
    goal_count: int = 0

    @property
    def has_errors(self) -> bool:
        return any(f["severity"] == "error" for f in self.findings)

    def to_json(self) -> dict[str, Any]:
        """The JSON object printed by `playaid score --json`."""
        return {"ok": True, "game": CAMPAIGN_GAME, "player": self.player, "total": self.total,
                "goals_completed": self.goals_completed, "goal_count": self.goal_count,
                "explain": self.explain, "findings": self.findings}


def goal_key(name: str) -> str:
    """How goal names are compared: case and spacing do not matter ("goal 3" is "Goal  3")."""
    return " ".join(name.split()).casefold()


def score_campaign(record: CampaignRecord, rules: CampaignRules) -> CampaignReport:
    """Score a Xia solo campaign.

    Score = sum over games won with the goal completed of (fame - npc_fame), plus
    ``failed_goal_penalty`` (-3) for every other game (a loss, or a win that broke the goal's
    special rules: ruling ``won-goal-failed``). Goal names are compared ignoring case and spacing
    (`goal_key`). The campaign ends when the ``goal_count``-th (10th) goal is completed: a game
    after that is not counted (0, an error). Findings (errors): a goal already completed chosen
    again (Campaign Setup; scored as a failed goal, and as "completed twice" when marked
    completed again: each goal is completed once), a game after the campaign end, a lost game
    marked goal completed (scored as failed), a win without more Fame Points than the NPCs, more
    distinct goals than ``goal_count``, a goal missing from the record's optional ``goals`` list
    (with the closest name); a warning for a lost game with more Fame Points than the NPCs.
    Source: 003_a45cb12c8ae0ae9e.txt, "Campaign Setup", "Game End" and "Campaign End".
    """
    penalty, goal_count = rules.failed_goal_penalty, rules.goal_count
    report = CampaignReport(player=record.player, goal_count=goal_count)

    def find(severity: str, code: str, index: int | None, message: str, path: tuple = ()) -> None:
        if index is not None:
            message = f"game {index + 1}: {message}"
            path = path or ("games", index)
        report.findings.append({"severity": severity, "code": code,
                                "game": None if index is None else index + 1,
                                "message": message, "path": list(path)})

    completed_at: dict[str, int] = {}  # goal_key -> the game that completed it
    first_seen: dict[str, int] = {}    # goal_key -> the first game that chose it
    ended_at: int | None = None        # the game that completed the last goal
    not_counted = 0
    declared = record.goals
    if declared is not None and len({goal_key(d) for d in declared}) != goal_count:
        find("error", "goal-list-size", None,
             f"`goals` names {len({goal_key(d) for d in declared})} different goals, but the campaign "
             f"has {goal_count}", ("goals",))
    declared_keys = {goal_key(d) for d in declared} if declared is not None else set()
    for i, g in enumerate(record.games):
        key = goal_key(g.goal)
        score_line = f"{g.fame}-{g.npc_fame}"
        if ended_at is not None:
            not_counted += 1
            find("error", "after-campaign-end", i,
                 f"played after game {ended_at + 1} completed the last of the {goal_count} goals; the "
                 f"campaign ended there, so this game is not counted (remove it, or check the goal "
                 f"names and goal_completed of the games before)")
            report.explain.append({"game": i + 1, "goal": g.goal, "points": 0,
                                   "why": f"{'won' if g.won else 'lost'} {score_line} after the campaign "
                                          f"ended (game {ended_at + 1}): not counted"})
            continue
        if declared is not None and key not in declared_keys:
            close = difflib.get_close_matches(g.goal, list(declared), n=1)
            hint = f"did you mean '{close[0]}'?" if close else "add it to `goals` or fix the name"
            find("error", "unknown-goal", i, f"goal '{g.goal}' is not one of the campaign's `goals` ({hint})",
                 ("games", i, "goal"))
        first_seen.setdefault(key, i)
        if g.won and g.fame <= g.npc_fame:
            find("error", "won-without-lead", i,
                 f"marked won but your {g.fame} Fame Points are not above the NPCs' {g.npc_fame} "
                 f"(check the scores or set won: false)", ("games", i, "won"))
        if not g.won and g.fame > g.npc_fame:
            find("warning", "lost-with-lead", i,
                 f"marked lost although your {g.fame} Fame Points are above the NPCs' {g.npc_fame} "
                 f"(check the scores or set won: true)", ("games", i, "won"))
        if g.goal_completed and not g.won:
            find("error", "completed-goal-lost", i,
                 f"goal '{g.goal}' marked completed in a lost game; only a win completes a goal "
                 f"(set goal_completed: false or won: true); scored as a failed goal",
                 ("games", i, "goal_completed"))
        done_in = completed_at.get(key)
        if done_in is not None:
            as_written = record.games[done_in].goal
            spelt = "" if as_written == g.goal else f" (as '{as_written}')"
            if g.won and g.goal_completed:
                find("error", "goal-completed-twice", i,
                     f"goal '{g.goal}' was already completed in game {done_in + 1}{spelt}; each goal is "
                     f"completed exactly once, so this game completes no goal and scores {penalty:+d} "
                     f"(check the goal name)", ("games", i, "goal"))
            else:
                find("error", "completed-goal-chosen", i,
                     f"goal '{g.goal}' was already completed in game {done_in + 1}{spelt}; each game "
                     f"attempts a goal not yet completed (check the goal name)", ("games", i, "goal"))
            points = penalty
            why = (f"{'won' if g.won else 'lost'} {score_line}, but goal already completed in game "
                   f"{done_in + 1}: no goal completed")
        elif g.won and g.goal_completed:
            completed_at[key] = i
            if len(completed_at) == goal_count:
                ended_at = i
            points = g.fame - g.npc_fame
            why = f"won {score_line} with the goal completed: {g.fame} - {g.npc_fame}"
        elif g.won:
            points = penalty
            why = f"won {score_line} but the goal was not completed: a failed goal"
        else:
            points = penalty
            why = f"lost {score_line}: a failed goal"
        report.total += points
        report.explain.append({"game": i + 1, "goal": g.goal, "points": points, "why": why})
    if len(first_seen) > goal_count:
        extra = list(first_seen)[goal_count:]
        first = record.games[first_seen[extra[0]]].goal
        find("error", "too-many-goals", first_seen[extra[0]],
             f"{len(first_seen)} different goals named, but the campaign has {goal_count} "
             f"(first extra: '{first}'; check the goal names for typos)",
             ("games", first_seen[extra[0]], "goal"))
    report.goals_completed = len(completed_at)
    status = "campaign complete" if ended_at is not None else "campaign not finished"
    counted = len(record.games) - not_counted
    after = f" ({not_counted} more after the end, not counted)" if not_counted else ""
    find("info", "progress", None,
         f"{len(completed_at)} of {goal_count} goals completed in "
         f"{counted} game{'s' if counted != 1 else ''}{after}: {status}")
    return report
