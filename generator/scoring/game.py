"""One record being scored (`Game`): what the pad interpreter (`pad.Pad`), a variant's plan
(`plan.VariantPlan`) and the mechanisms read and write while scoring it, and `_seat` (the other
players as a two-pass formula reads them). Pure; standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.scoring.expressions import Budget
from generator.scoring.formulas import record_budget
from generator.scoring.model import Model, Variant
from generator.scoring.plan import VariantPlan


@dataclass
class Game:
    """One record being scored: the model, the variant written (``variant_id``) and the one
    scored (``variant``, None for a game without variants), ``ended_by``, the record-level
    names formulas read (``env``), the record's players and each player's names (``envs``),
    mechanism state (``state``), the findings so far."""

    model: Model
    variant_id: str | None
    variant: Variant | None
    ended_by: str | None
    env: dict
    players: list
    envs: list = field(default_factory=list)
    state: dict = field(default_factory=dict)
    view: VariantPlan = field(default=None)  # type: ignore[assignment]  # set once the variant is known
    findings: list = field(default_factory=list)
    awarded: list = field(default_factory=list)  # the places given, as the report's `awarded` holds them
    budget: Budget = field(default_factory=lambda: record_budget())
    rounds: list = field(default_factory=list)  # per player, per round: the per-round formulas' values
    others: list | None = None  # two passes: every player's values and measures (`model.CROSS_NAMES`)
    round_others: list | None = None  # the same, round by round

    def round_scope(self, index: int, r: int) -> dict:
        """What a per-round formula of player ``index`` reads in round ``r`` (from 0): the
        player's names, that round's entered values and per-round values so far, ``round``."""
        env = self.envs[index]
        rounds = self.model.rounds
        assert rounds is not None  # per-round formulas exist only in a model with rounds
        scope = {**env, **env[rounds.ids[r]], **self.rounds[index][r], "round": r + 1}
        if self.round_others is not None:
            _seat(scope, self.round_others[r], index)
        return scope

    def settings(self, mechanism: str) -> dict:
        """The variant's settings for a mechanism (``settings: {tableau: {damage: true}}``)."""
        if self.variant is None:
            return {}
        return self.variant.settings.get(mechanism) or {}


def _seat(scope: dict, others: list, index: int) -> None:
    """Put the other players in ``scope``: ``players`` (all, in seating order), ``left`` (the
    next in the record's order, wrapping round: play passes to the left), ``right`` (the one
    before), ``index``."""
    count = len(others)
    scope["players"] = others
    scope["left"] = others[(index + 1) % count]
    scope["right"] = others[(index - 1) % count]
    scope["index"] = index
