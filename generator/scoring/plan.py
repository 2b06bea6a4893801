"""A scoring model compiled for one variant (`VariantPlan`): what applies in that variant worked
out once, and each measure, component and check turned into a step, a closure holding what it
needs ready made (its expression, its label, its explanation when that is fixed text, the
texts and places its errors name), so that scoring a record does per player only what the
record needs: no re-reading of the model, no variant test per item, no error text built
unless there is an error.

Steps never build Python source: they are closures over the model's compiled expressions
(`generator.scoring.expressions`), which keep their bounds (the record's shared step budget,
whole numbers below 10**15, located `ModelInvalid` errors). The pad interpreter
(`generator.scoring.pad`) runs them in the model's order, so the report is what scoring the
model item by item gives, byte for byte. Pure; standard library only.
"""

from __future__ import annotations

from collections.abc import Callable

from generator.scoring.expressions import ExpressionError
from generator.scoring.formulas import MAX_SCORE, evaluated, shown_kind, whole, why
from generator.scoring.model import Model, ModelInvalid
from generator.scoring.report import Finding, params_of
from generator.scoring.template import fill, placeholders

#: A measure's or component's step: ``step(game, index, env, explain) -> value``; ``explain``
#: is the player's explanation list (a component adds its lines), None for a measure.
FormulaStep = Callable


class VariantPlan:
    """What one variant of a model scores, compiled once (`Pad.plan`): the entered values'
    ids in the model's order (``entered_ids``) and each at its default (``defaults``, the same
    order: a player's names start as a copy of it), those that apply to be read from the record
    (``read`` as ``(id, default, missing, missing_message, is_group)``), the entered
    values that do not apply (``not_applicable``), ``measures`` and ``components`` as
    ``(id, step)`` (`formula_step`), the ``awards`` that apply (`award_spec`), the
    ``player_checks`` and ``checks`` that apply (as `CheckStep`), and the report's ``fields``."""

    def __init__(self, model: Model, variant: str | None, mechanisms: dict):
        self.entered_ids = tuple(e.id for e in model.entered)
        self.defaults = {e.id: e.default for e in model.entered}
        self.read = [
            (e.id, e.default, e.missing, e.missing_message, e.type == "group")
            for e in model.entered
            if e.applies(variant)
        ]
        self.not_applicable = [e for e in model.entered if not e.applies(variant)]
        self.measures = [(f.id, formula_step(f, f.applies(variant), mechanisms, False)) for f in model.measures]
        self.components = [(f.id, formula_step(f, f.applies(variant), mechanisms, True)) for f in model.components]
        self.awards = [award_spec(a, variant) for a in model.awards.values() if a.applies(variant)]
        self.player_checks = [CheckStep(c) for c in model.player_checks if c.applies(variant)]
        self.checks = [CheckStep(c) for c in model.checks if c.applies(variant)]
        self.fields = [e.id for e in model.entered if e.variants is not None and e.applies(variant)]


_ABSENT = object()  # a name not in the env (env.get's default)


def _nothing(game, index, env, explain):
    """The step of a formula that does not apply in the variant: 0, no explanation."""
    return 0


def formula_step(f, applies: bool, mechanisms: dict, component: bool) -> FormulaStep:
    """The step of measure or component ``f`` (`model.Formula`): its value for one player. A
    component's value is a whole number (else a located `ModelInvalid`) and adds an explain
    line; a measure's is the formula's value as it is. ``mechanisms``: name -> mechanism."""
    if not applies:
        return _nothing
    if f.per_round:
        return round_step(f, component)
    if f.mechanism is not None:
        mechanism = mechanisms[f.mechanism]

        def from_mechanism(game, index, env, explain):
            value, lines = mechanism.component(game, index, f)
            if explain is not None:
                explain.extend(lines)
            return value

        return from_mechanism
    expr = f.value
    where, at = f"component '{f.id}'", f.at + ("value",)

    def failed(env, exc):
        who = env.get("name")
        return ModelInvalid.from_expression(
            f"component '{f.id}'{f' for {who}' if isinstance(who, str) else ''}", exc, at
        )

    if not component:

        def measure(game, index, env, explain):
            try:
                return expr.evaluate(env, game.budget)
            except ExpressionError as exc:
                raise failed(env, exc) from None

        return measure
    label = f.explain_as or f.label
    # The explanation: fixed text (no placeholder, no condition) is ready made; else `why`.
    fixed = f.why if f.why.__class__ is str and "{" not in f.why else None
    name = expr.single_name  # `value: chips`: read the name, nothing to evaluate

    def scored(game, index, env, explain):
        value = env.get(name, _ABSENT)
        if value is _ABSENT:
            try:
                value = expr.evaluate(env, game.budget)
            except ExpressionError as exc:
                raise failed(env, exc) from None
        if value.__class__ is not int or not -MAX_SCORE < value < MAX_SCORE:
            value = whole(value, where, at)
        explain.append(
            {"component": label, "vp": value, "why": fixed if fixed is not None else why(f, env, game.budget)}
        )
        return value

    return scored


def round_step(f, component: bool) -> FormulaStep:
    """The step of a per-round measure or component ``f``: its formula once per round, over
    `game.Game.round_scope` (that round's values, ``round``). Each round's value is kept for
    the formulas after it in that round (``game.rounds``); a measure's value for the player is
    the list of its rounds' values, a component's the sum (a whole number each round), with one
    explanation line per round that scores (``Tempura, round 2``; one line of 0 VP when none
    does)."""
    expr = f.value
    label = f.explain_as or f.label
    where, at = f"component '{f.id}'" if component else f"measure '{f.id}'", f.at + ("value",)

    def per_round(game, index, env, explain):
        rounds = game.model.rounds
        kept = game.rounds[index]
        values = []
        for r, round_label in enumerate(rounds.labels):
            scope = game.round_scope(index, r)
            value = evaluated(expr, scope, f"{where} for {env['name']}, {round_label}", at, game.budget)
            if component:
                if value.__class__ is not int or not -MAX_SCORE < value < MAX_SCORE:
                    value = whole(value, where, at)
                if value and explain is not None:
                    explain.append(
                        {"component": f"{label}, {round_label}", "vp": value, "why": why(f, scope, game.budget)}
                    )
            kept[r][f.id] = value
            values.append(value)
        if not component:
            return values
        total = sum(values)
        if not total and explain is not None and not any(values):
            explain.append({"component": label, "vp": 0, "why": ""})
        return total

    return per_round


def award_spec(award, variant: str | None) -> tuple:
    """``(award, measure, measure label, note, place, where)`` of an award (`model.Award`) in
    ``variant``: its measure there, the note its explanation adds (" at repulse", or ""), and
    the place and words of its errors."""
    expr, label, note = award.measure_for(variant)
    at = award.at + (("measure_in", variant) if variant in award.measure_in else ("least" if award.lower else "most",))
    return award, expr, label, f" {note}" if note else "", at, f"award '{award.id}'"


class CheckStep:
    """One check (`model.Check`) ready to run: its texts and places worked out once; `run`."""

    __slots__ = ("check", "where", "needed", "others", "copies", "said")

    def __init__(self, check):
        self.check = check
        self.where = f"check '{check.id}'"
        at = check.at
        values = [(name, expr, f"{self.where} value '{name}'", at + ("values", name)) for name, expr in check.values]
        self.needed = [v for v in values if v[0] in check.needed]  # what `expect` reads
        self.others = [v for v in values if v[0] not in check.needed]  # for the message only
        self.copies = bool(check.values)  # a check's values go in a scope of its own
        self.said = tuple(dict.fromkeys(n for n in placeholders(check.message) if "." not in n))  # its params

    def run(self, env: dict, player: str | None, base: tuple, findings: list, budget) -> None:
        """Run the check over ``env``: ``when``, then the values ``expect`` reads, ``expect``;
        the other values (for the message only) are computed only when it fails, and the
        finding (about ``player``, at ``base`` + the check's field) added to ``findings``."""
        check, where, at = self.check, self.where, self.check.at
        if check.when is not None and not evaluated(check.when, env, where, at + ("when",), budget):
            return
        scope = dict(env) if self.copies else env
        for name, expr, said, place in self.needed:
            scope[name] = evaluated(expr, scope, said, place, budget)
        if evaluated(check.expect, scope, where, at + ("expect",), budget):
            return
        for name, expr, said, place in self.others:
            scope[name] = evaluated(expr, scope, said, place, budget)
        if check.player is not None:  # a whole-game finding about one player, or one each about several
            found = evaluated(check.player, scope, f"{where} `player`", at + ("player",), budget)
            players = scope.get("players") or ()
            count = len(players)
            indexes = found if type(found) is list else [found]
            if not indexes or any(type(i) is not int or not 0 <= i < count for i in indexes):
                raise ModelInvalid(
                    f"{where} `player` gives {shown_kind(found)}, not the index of a player "
                    f"or a list of them (0 to {count - 1}: write e.g. `players.index(p)` or "
                    f"`[i for i in range(len(players)) if ...]`)",
                    at + ("player",),
                )
            message = fill(check.message, scope, budget)
            params = self._params(scope)
            for index in dict.fromkeys(indexes):
                findings.append(
                    Finding(
                        check.severity,
                        players[index].get("name"),
                        check.id,
                        message,
                        ("players", index) + check.field,
                        params,
                    )
                )
            return
        findings.append(
            Finding(
                check.severity,
                player,
                check.id,
                fill(check.message, scope, budget),
                base + check.field,
                self._params(scope),
            )
        )

    def _params(self, scope: dict) -> dict:
        """The values the check's message says (`report.params_of`), by name."""
        return params_of({name: scope[name] for name in self.said if name in scope})
