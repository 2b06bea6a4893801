"""The ``campaign`` mechanism: a solo campaign, games in sequence, each goal completed once (Xia).

What a formula cannot say about a campaign: the games are read in the order played; goal
names are compared ignoring case and spacing; a goal is completed once (a game that completes
or attempts one already completed is an error, and completes no goal); the campaign ends when
the last goal is completed, and a game after that is an error and not counted; a game that
fails a check named in ``not_counted_on`` (a game marked won whose Fame Points are not above the
NPCs': no such game exists, so no score for it is right) is not counted either: it scores
nothing and completes no goal, and the report says so; a goal not on the campaign's list (with
the closest name), and more distinct goals than the campaign has, are errors. The total is
the sum of the counted games' points, always. Everything else is the model's:
what a game's row holds (``entered``), what it scores (a component, e.g. ``fame - npc_fame if
completes_goal else failed_goal_penalty``), its checks (``player_checks``, run per game), the
numbers (``constants``, from facts).

Content switches it on and configures it (``content/xia/scoring.yaml``)::

    mechanisms:
      campaign:
        rows: games                        # the record's list of games, in the order played
        goal: goal                         # the entered value naming the goal a game attempts
        completes: won and goal_completed  # a formula: the game completes its goal
        completed: goal_completed          # the entered value saying so (messages name it)
        goals: goals                       # the record value listing the campaign's goals
        goal_count: goal_count             # the constant: how many goals the campaign has
        points: game_score                 # the component a game scores
        not_counted_on: [won-without-lead] # player checks whose failure leaves a game out

It gives formulas ``completes_goal`` (the game completes a goal not completed before),
``goal_done_in`` (the game number that completed this game's goal before, else 0),
``campaign_ended_in`` (for a game after the end: the game number that ended the campaign,
else 0), ``not_counted_by`` (the id of the ``not_counted_on`` check the game fails, else
``''``) and ``game_number``; a game not counted scores 0 whatever its formula says (its ``why``
still comes from the component, so content words it). The report: ``{ok, game, player, total,
goals_completed, goal_count, explain: [{game, goal, points, counted, why}], findings:
[{severity, code, game, message, path}]}``; ``total`` is the sum of ``points`` over the lines
``counted``, and a line not counted has ``points`` 0. Source: Xia rulebook
003_a45cb12c8ae0ae9e.txt, "Campaign Setup", "Game End" and "Campaign End" (a game is won by
reaching the Fame Points for victory first: "If the NPCs reach the selected number of Fame Points
for victory, you lose", "Solo Round End"). Standard library only.
"""

from __future__ import annotations

import difflib

from generator.scoring.expressions import ExpressionError, compile_expression
from generator.scoring.formulas import evaluated as _evaluate
from generator.scoring.formulas import record_budget, whole, why
from generator.scoring.mechanisms import Mechanism
from generator.scoring.model import ModelInvalid
from generator.scoring.pad import Pad, _highest
from generator.scoring.plan import CheckStep
from generator.scoring.record.written import shown
from generator.scoring.report import params_of, right_aligned


def goal_key(name: str) -> str:
    """How goal names are compared: case and spacing do not matter ("goal 3" is "Goal  3")."""
    return " ".join(str(name).split()).casefold()


class CampaignPad(Pad):
    """A `Pad` whose rows are the games of one campaign (see the module docstring)."""

    def __init__(self, model, mechanisms, schema):
        super().__init__(model, mechanisms, schema)
        config = model.mechanisms.get("campaign") or {}
        self.rows = config.get("rows", "games")
        self.goal = config.get("goal", "goal")
        self.goals = config.get("goals", "goals")
        self.completed = config.get("completed", "goal_completed")
        self.points = config.get("points")
        self.goal_count_name = config.get("goal_count", "goal_count")
        try:
            self.completes = compile_expression(str(config.get("completes", "False")))
        except ExpressionError as exc:
            raise ModelInvalid.from_expression(
                "mechanism campaign `completes`", exc, ("mechanisms", "campaign", "completes")
            ) from None
        if self.points not in {f.id for f in model.components}:
            raise ModelInvalid(
                f"mechanism campaign `points`: '{self.points}' is not a component", ("mechanisms", "campaign", "points")
            )
        given = config.get("not_counted_on") or []
        checks = [c.id for c in model.player_checks]
        where = ("mechanisms", "campaign", "not_counted_on")  # a list: no formula to set aside
        if not isinstance(given, list):
            raise ModelInvalid("mechanism campaign `not_counted_on` must be a list of player check ids", where)
        for name in given:
            if not isinstance(name, str) or name not in checks:
                close = difflib.get_close_matches(str(name), checks, n=1)
                raise ModelInvalid(
                    f"mechanism campaign `not_counted_on`: '{name}' is not a player check "
                    f"({f'did you mean {close[0]!r}?' if close else 'checks: ' + ', '.join(checks)})",
                    where,
                )
        self.not_counted_on = frozenset(given)
        self._game_checks = [CheckStep(c) for c in model.player_checks]  # run per game, as a Pad runs them per player

    def trial_record(self, variant: str | None, high: bool = False) -> dict:
        row = {e.id: e.default for e in self.model.entered}
        if high:
            row.update({e.id: value for e in self.model.entered if (value := _highest(e)) is not None})
        return {"game": self.model.record, self.rows: [row]}

    def score(self, data: dict, budget=None) -> dict:
        model = self.model
        # every formula of this campaign record, together (``budget``: given by content checks)
        budget = self._budget = record_budget() if budget is None else budget
        env = dict(model.constants)
        games = data.get(self.rows) or []
        env.update(variant=None, ended_by=None, player_count=1)
        for e in model.record_entered:
            env[e.id] = data.get(e.id, e.default)
        goal_count = env.get(self.goal_count_name)
        if not isinstance(goal_count, int) or isinstance(goal_count, bool):
            raise ModelInvalid(
                f"campaign: constant '{self.goal_count_name}' must be a whole number (found {shown(goal_count)})"
            )
        findings: list[dict] = []

        def find(
            severity: str, code: str, index: int | None, message: str, path: tuple = (), params: dict | None = None
        ) -> None:
            if index is not None:
                message = f"game {index + 1}: {message}"
                path = path or (self.rows, index)
            found = {
                "severity": severity,
                "code": code,
                "game": None if index is None else index + 1,
                "message": message,
                "path": list(path),
                "params": params_of(params or {}),
            }
            if code in self.question_codes:
                found["question"] = True
            findings.append(found)

        for e in model.record_entered:  # a record value left out that content says to name
            if data.get(e.id) is None and e.missing != "ignore":
                severity, code, text, params = self.missing_record_value(e)
                find(severity, code, None, text, (e.id,), params)
        declared = data.get(self.goals)
        declared_keys = {goal_key(d) for d in declared} if declared is not None else set()
        if declared is not None and len(declared_keys) != goal_count:
            find(
                "error",
                "goal-list-size",
                None,
                f"`{self.goals}` names {len(declared_keys)} different goals, but the campaign has {goal_count} "
                f"(list each of its {goal_count} goal cards once, as named on them)",
                (self.goals,),
                {"named": len(declared_keys), "goal_count": goal_count},
            )
        completed_at: dict[str, int] = {}  # goal_key -> the game that completed it
        first_seen: dict[str, int] = {}  # goal_key -> the first game that chose it
        ended_at: int | None = None  # the game that completed the last goal
        after_end = 0  # games played after it: not counted
        left_out: list[int] = []  # games failing a `not_counted_on` check: not counted
        explain = []
        total = 0
        for i, row in enumerate(games):
            goal = row.get(self.goal) or ""
            key = goal_key(goal)
            row_env = self._row_env(env, row, i)
            if ended_at is not None:  # the campaign ended with the last goal: not counted
                after_end += 1
                find(
                    "error",
                    "after-campaign-end",
                    i,
                    f"played after game {ended_at + 1} completed the last of the {goal_count} goals; the "
                    f"campaign ended there, so this game is not counted (remove it, or check the goal "
                    f"names and {self.completed} of the games before)",
                    (),
                    {"ended_in": ended_at + 1, "goal_count": goal_count},
                )
                row_env["campaign_ended_in"] = ended_at + 1
                explain.append(self._not_counted(row_env, i, goal))
                continue
            if declared is not None and key not in declared_keys:
                close = difflib.get_close_matches(goal, list(declared), n=1)
                hint = f"did you mean '{close[0]}'?" if close else f"add it to `{self.goals}` or fix the name"
                find(
                    "error",
                    "unknown-goal",
                    i,
                    f"goal '{goal}' is not one of the campaign's `{self.goals}` ({hint})",
                    (self.rows, i, self.goal),
                    {"goal": goal, "closest": close[0] if close else None},
                )
            first_seen.setdefault(key, i)
            completes = bool(
                _evaluate(
                    self.completes,
                    row_env,
                    "mechanism campaign `completes`",
                    ("mechanisms", "campaign", "completes"),
                    budget,
                )
            )
            shared = {**row_env, "index": i}
            failed: list = []  # the finding of each check this game fails
            for check in self._game_checks:
                check.run(shared, None, (self.rows, i), failed, budget)
            for finding in failed:
                find(finding.severity, finding.code, i, finding.message, finding.path, finding.params)
            left_by = next((f.code for f in failed if f.code in self.not_counted_on), None)
            if left_by is not None:  # e.g. marked won without the lead: no score is right
                left_out.append(i + 1)
                row_env["not_counted_by"] = left_by
                explain.append(self._not_counted(row_env, i, goal))
                continue
            done_in = completed_at.get(key)
            if done_in is not None:  # each goal is completed once: this game completes none
                row_env["goal_done_in"] = done_in + 1
                points, text = self._points(row_env)
                as_written = games[done_in].get(self.goal)
                spelt = "" if as_written == goal else f" (as '{as_written}')"
                if completes:
                    find(
                        "error",
                        "goal-completed-twice",
                        i,
                        f"goal '{goal}' was already completed in game {done_in + 1}{spelt}; each goal is "
                        f"completed exactly once, so this game completes no goal and scores {points:+d} "
                        f"(check the goal name)",
                        (self.rows, i, self.goal),
                        {"goal": goal, "done_in": done_in + 1, "points": points},
                    )
                else:
                    find(
                        "error",
                        "completed-goal-chosen",
                        i,
                        f"goal '{goal}' was already completed in game {done_in + 1}{spelt}; each game "
                        f"attempts a goal not yet completed (check the goal name)",
                        (self.rows, i, self.goal),
                        {"goal": goal, "done_in": done_in + 1},
                    )
            else:
                if completes:
                    completed_at[key] = i
                    if len(completed_at) == goal_count:
                        ended_at = i
                row_env["completes_goal"] = completes
                points, text = self._points(row_env)
            total += points
            explain.append({"game": i + 1, "goal": goal, "points": points, "counted": True, "why": text})
        if len(first_seen) > goal_count:
            extra = list(first_seen)[goal_count:]
            first = games[first_seen[extra[0]]].get(self.goal)
            find(
                "error",
                "too-many-goals",
                first_seen[extra[0]],
                f"{len(first_seen)} different goals named, but the campaign has {goal_count} "
                f"(first extra: '{first}'; check the goal names for typos)",
                (self.rows, first_seen[extra[0]], self.goal),
                {"named": len(first_seen), "goal_count": goal_count, "first_extra": first},
            )
        status = "campaign complete" if ended_at is not None else "campaign not finished"
        counted = len(games) - after_end - len(left_out)
        notes = []
        if left_out:
            notes.append(f"game{'s' if len(left_out) != 1 else ''} {', '.join(map(str, left_out))} not counted")
        if after_end:
            notes.append(f"{after_end} more after the end, not counted")
        after = f" ({'; '.join(notes)})" if notes else ""
        find(
            "info",
            "progress",
            None,
            f"{len(completed_at)} of {goal_count} goals completed in "
            f"{counted} game{'s' if counted != 1 else ''}{after}: {status}",
            (),
            {
                "completed": len(completed_at),
                "goal_count": goal_count,
                "counted": counted,
                "not_counted": left_out,
                "after_end": after_end,
                "complete": ended_at is not None,
            },
        )
        player = next((e.id for e in model.record_entered if e.type == "text"), None)
        return {
            "ok": True,
            "game": model.record,
            "title": model.title,
            "mechanisms": list(model.mechanisms),
            "player": data.get(player) if player else None,
            "total": whole(total, "the campaign total", ("components",)),
            "goals_completed": len(completed_at),
            "goal_count": goal_count,
            "explain": explain,
            "findings": findings,
        }

    def _row_env(self, env: dict, row: dict, index: int) -> dict:
        row_env = dict(env)
        row_env["game_number"] = index + 1
        row_env["given"] = [e.id for e in self.model.entered if row.get(e.id) is not None]
        for e in self.model.entered:
            value = row.get(e.id)
            row_env[e.id] = e.default if value is None else value
        row_env.update(completes_goal=False, goal_done_in=0, campaign_ended_in=0, not_counted_by="")
        return row_env

    def _not_counted(self, row_env: dict, index: int, goal: str) -> dict:
        """The explain line of a game not counted: 0 points, the component's own words why."""
        _points, text = self._points(row_env)
        return {"game": index + 1, "goal": goal, "points": 0, "counted": False, "why": text}

    def _points(self, row_env: dict) -> tuple[int, str]:
        """The game's measures and components; (the `points` component, its explanation)."""
        budget = self._budget
        for f in self.model.measures:
            row_env[f.id] = _evaluate(f.value, row_env, f"measure '{f.id}'", f.at + ("value",), budget)
        points, text = 0, ""
        for f in self.model.components:
            value = whole(
                _evaluate(f.value, row_env, f"component '{f.id}'", f.at + ("value",), budget),
                f"component '{f.id}'",
                f.at + ("value",),
            )
            row_env[f.id] = value
            if f.id == self.points:
                points, text = value, why(f, row_env, budget)
        return points, text


class Campaign(Mechanism):
    """The ``campaign`` mechanism (see the module docstring): its records are scored by
    `CampaignPad`, and its report is one line per game."""

    name = "campaign"
    names = frozenset({"completes_goal", "goal_done_in", "campaign_ended_in", "not_counted_by", "game_number"})
    #: The keys content may give under ``mechanisms: {campaign: ...}``: texts (names, and the
    #: ``completes`` formula) and ``not_counted_on``, a list of player check ids.
    config_types = {
        **{key: str for key in ("rows", "goal", "completes", "completed", "goals", "goal_count", "points")},
        "not_counted_on": list,
    }
    pad_class = CampaignPad

    @staticmethod
    def report_lines(report: dict) -> list[str] | None:
        """``Title (player): 12 points, 3 of 5 goals completed[, 1 game not counted]``, then a
        line per game: its points (none for a game not counted: it adds none), goal and why."""
        who = f" ({report['player']})" if report.get("player") else ""
        left_out = sum(1 for e in report["explain"] if e.get("counted") is False)
        out = [
            f"{report.get('title') or 'Campaign'}{who}: {report['total']} points, "
            f"{report['goals_completed']} of {report['goal_count']} goals completed"
            + (f", {left_out} game{'s' if left_out != 1 else ''} not counted" if left_out else "")
        ]
        points = right_aligned([f"{e['points']:+}" if e.get("counted", True) else "" for e in report["explain"]])
        for e, shown_points in zip(report["explain"], points):
            out.append(f"  {shown_points}  game {e['game']}, {e['goal']}: {e['why']}")
        return out
