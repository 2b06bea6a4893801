"""Xia solo campaign score: the campaign record, its findings and the score.

Every number comes from content: the goal count and the failed-goal penalty (facts
``campaign_goal_count``/``campaign_failed_goal_penalty``). Rules: rulebook
003_a45cb12c8ae0ae9e.txt, "Campaign End". `load_campaign` is the only function that reads a file.
Importing the module registers the campaign scorer for `playaid score` (``game: xia-campaign``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from generator.content.models import Strict
from generator.content.yaml_io import Located

CAMPAIGN_GAME = "xia-campaign"
GAME_ID = "xia"


class CampaignGame(Strict):
    """One game of a campaign: the goal attempted, win/loss, both Fame Point totals,
    whether the goal was completed, and the campaign upgrade taken afterwards."""

    goal: str = Field(min_length=1, description="name of the goal card attempted")
    won: bool
    fame: int = Field(ge=0, description="your Fame Points at game end")
    npc_fame: int = Field(ge=0, description="the NPC marker's Fame Points at game end")
    goal_completed: bool
    upgrade: str | None = Field(None, description="campaign upgrade taken after the game")
    ship: str | None = None
    note: str | None = None


class CampaignRecord(Strict):
    """``game: xia-campaign`` — a solo campaign log: ``games`` in the order played."""

    game: Literal["xia-campaign"]
    player: str | None = None
    goals: list[str] | None = Field(
        None, description="the campaign's goal cards as named on them; when given, every game's "
                          "goal must be one of these (catches typos that would count as new goals)")
    games: list[CampaignGame] = Field(default_factory=list)


@dataclass(frozen=True)
class Campaign:
    """A validated record with its file name and each game's line (for findings)."""

    record: CampaignRecord
    file: str = "<record>"
    lines: tuple[int, ...] = ()

    def line(self, index: int) -> int:
        return self.lines[index] if index < len(self.lines) else 0


def parse_campaign(data: dict | Located, file: str = "<record>") -> Campaign:
    """A validated `Campaign` from a mapping or a located document. No I/O.

    Raises `RecordError` (exit 2) naming file, line and field of every problem.
    """
    from generator.scoring.records import validate_record

    located = data if isinstance(data, Located) else Located(file, data)
    record = validate_record(CampaignRecord, located)
    lines = tuple(located.position(("games", i))[0] for i in range(len(record.games)))
    return Campaign(record, located.file, lines)


def load_campaign(path: Path | str) -> Campaign:
    """Read and validate a campaign record file (YAML or JSON); raises `RecordError` (exit 2)."""
    from generator.scoring.records import read_record

    return parse_campaign(read_record(path))




@dataclass(frozen=True)
class CampaignRules:
    """The campaign numbers, read from content facts: ``goal_count`` (10) and
    ``failed_goal_penalty`` (-3). Source: 003_a45cb12c8ae0ae9e.txt, "Campaign End"."""

    goal_count: int
    failed_goal_penalty: int


def campaign_rules(game) -> CampaignRules:
    """`CampaignRules` from Xia content (facts campaign_goal_count, campaign_failed_goal_penalty)."""
    return CampaignRules(int(game.fact("campaign_goal_count")),
                         int(game.fact("campaign_failed_goal_penalty")))


@dataclass
class CampaignReport:
    """Campaign score: ``total``, one ``explain`` entry per game, and ``findings``.

    ``explain``: ``[{game, goal, points, why}]``; ``findings``: ``[{severity, code, game,
    message}]`` with severity ``error`` (the record contradicts the rules), ``warning`` or
    ``info``; ``game`` is the game number (1-based) or None for the whole campaign.
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
        return {"game": CAMPAIGN_GAME, "player": self.player, "total": self.total,
                "goals_completed": self.goals_completed, "goal_count": self.goal_count,
                "explain": self.explain, "findings": self.findings}

    to_dict = to_json

    def render_text(self, rich: bool = False, width: int | None = None) -> str:
        """Plain text: the total, one line per game (points, goal, why), then the findings."""
        who = f" ({self.player})" if self.player else ""
        out = [f"Xia campaign{who}: {self.total} points, "
               f"{self.goals_completed} of {self.goal_count} goals completed"]
        for e in self.explain:
            out.append(f"  {e['points']:>+4}  game {e['game']}, {e['goal']}: {e['why']}")
        for f in self.findings:
            out.append(f"{f['severity']} {f['code']}: {f['message']}")
        return "\n".join(out) + "\n"


def score_campaign(campaign: Campaign | CampaignRecord, rules) -> CampaignReport:
    """Score a Xia solo campaign.

    ``rules``: `CampaignRules` (or Xia `GameContent`, read with `campaign_rules`).
    Score = sum over games won with the goal completed of (fame - npc_fame), plus
    ``failed_goal_penalty`` (-3) for every other game (a loss, or a win that broke the goal's
    special rules: ruling ``won-goal-failed``). Findings (errors): a goal completed twice,
    a lost game marked goal completed (scored as failed), a win without more Fame Points than
    the NPCs, more distinct goals than ``goal_count`` (10), a goal missing from the record's
    optional ``goals`` list (with the closest name); warnings for a lost game with more Fame
    Points than the NPCs and for a game played after
    the last goal was completed. Source: 003_a45cb12c8ae0ae9e.txt,
    "Game End" and "Campaign End".
    """
    if isinstance(campaign, CampaignRecord):
        campaign = Campaign(campaign)
    if not isinstance(rules, CampaignRules):
        rules = campaign_rules(rules)
    penalty, goal_count = rules.failed_goal_penalty, rules.goal_count
    report = CampaignReport(player=campaign.record.player, goal_count=goal_count)

    def find(severity: str, code: str, index: int | None, message: str) -> None:
        where = ""
        if index is not None:
            where = f"{campaign.file}:{campaign.line(index)}: games[{index}] (game {index + 1}): "
        report.findings.append({"severity": severity, "code": code,
                                "game": None if index is None else index + 1,
                                "message": where + message})

    completed_at: dict[str, int] = {}
    first_seen: dict[str, int] = {}
    declared = campaign.record.goals
    if declared is not None and len(set(declared)) != goal_count:
        find("error", "goal-list-size", None,
             f"`goals` names {len(set(declared))} different goals, but the campaign has {goal_count}")
    for i, g in enumerate(campaign.record.games):
        if declared is not None and g.goal.casefold() not in {d.casefold() for d in declared}:
            import difflib

            close = difflib.get_close_matches(g.goal, declared, n=1)
            hint = f"did you mean '{close[0]}'?" if close else "add it to `goals` or fix the name"
            find("error", "unknown-goal", i, f"goal '{g.goal}' is not one of the campaign's `goals` ({hint})")
        score_line = f"{g.fame}-{g.npc_fame}"
        if len(completed_at) == goal_count:
            find("warning", "after-campaign-end", i,
                 f"played after the last of the {goal_count} goals was completed; the campaign "
                 f"ended there (remove the game or check the goal names)")
        first_seen.setdefault(g.goal, i)
        if g.won and g.fame <= g.npc_fame:
            find("error", "won-without-lead", i,
                 f"marked won but your {g.fame} Fame Points are not above the NPCs' {g.npc_fame} "
                 f"(check the scores or set won: false)")
        if not g.won and g.fame > g.npc_fame:
            find("warning", "lost-with-lead", i,
                 f"marked lost although your {g.fame} Fame Points are above the NPCs' {g.npc_fame} "
                 f"(check the scores or set won: true)")
        if g.goal_completed and not g.won:
            find("error", "completed-goal-lost", i,
                 f"goal '{g.goal}' marked completed in a lost game; only a win completes a goal "
                 f"(set goal_completed: false or won: true); scored as a failed goal")
        if g.won and g.goal_completed:
            if g.goal in completed_at:
                j = completed_at[g.goal]
                find("error", "goal-completed-twice", i,
                     f"goal '{g.goal}' was already completed in game {j + 1} (line "
                     f"{campaign.line(j)}); each goal is completed exactly once")
            else:
                completed_at[g.goal] = i
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
        find("error", "too-many-goals", first_seen[extra[0]],
             f"{len(first_seen)} different goals named, but the campaign has {goal_count} "
             f"(first extra: '{extra[0]}'; check the goal names for typos)")
    report.goals_completed = len(completed_at)
    status = "campaign complete" if len(completed_at) >= goal_count else "campaign not finished"
    find("info", "progress", None,
         f"{len(completed_at)} of {goal_count} goals completed in "
         f"{len(campaign.record.games)} games: {status}")
    return report


def _register() -> None:
    from generator.scoring import Scorer, register

    register(Scorer(game=CAMPAIGN_GAME, content_game=GAME_ID, parse=parse_campaign,
                    rules=campaign_rules, score=score_campaign))


_register()
