"""The score pad interpreter: scores a record of any game from its scoring model (`model.Model`).

One pass, in this order (the findings come out in it too): the record is checked against the
schema generated from the model (`record.model_schema`); the variant is chosen (a variant's
``becomes`` may send it to another, e.g. a counterstrike game before the repulse is scored as
the invasion game); record values are read (a value left out may be ``assume``d, with a
warning); ``ended_by`` and values that do not apply to the variant are reported; then per
player: values left out that the variant uses, the mechanisms' own work (the RftG tableau), the
measures and components in the order the model gives them, the player checks; then the
awards (none after an ending in ``no_awards_when``), the mechanisms' whole-game findings, the
player count and duplicate names, the whole-game checks, the ranks (total, then the
tie-breakers in order; still level = a shared rank) and the claimed totals.

Every message is a template (`template.fill`); a model may reword any built-in finding under
``messages: {code: {code, text}}`` (the RftG model keeps its own words: "bonus tiles").
Pure: no I/O; standard library only.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from operator import mul

from generator.scoring.awards import AwardGiver
from generator.scoring.expressions import Budget
from generator.scoring.formulas import MAX_SCORE, record_budget, whole
from generator.scoring.formulas import evaluated as _evaluate
from generator.scoring.game import Game, _seat
from generator.scoring.messages import _CODES, MESSAGES, with_article
from generator.scoring.model import Model, ModelInvalid
from generator.scoring.plan import VariantPlan
from generator.scoring.record.validate import RecordInvalid, validate
from generator.scoring.report import QUESTIONS, Finding, Tie, finding_json, params_of
from generator.scoring.template import fill


def _word(value):
    """'VP  pool' -> 'vp_pool' (words typed loosely at the table); other values unchanged."""
    return "_".join(value.split()).casefold() if isinstance(value, str) else value


class Pad:
    """A model prepared for many records: its schema, mechanisms and per-variant views.
    ``Pad(model, mechanisms)`` with ``mechanisms`` name -> `Mechanism` instance."""

    def __init__(self, model: Model, mechanisms: dict, schema: dict):
        self.model = model
        self.mechanisms = mechanisms
        self.schema = schema
        self._plans: dict = {}
        self._tie_fields = tuple(f for t in model.tie_breakers for f in t.fields)
        # (formula, where, place) of each tie-breaker, the error texts made once, and its sign in
        # the sort keys (a lower-wins tie-breaker sorts by its value negated)
        self._breakers = [(t.value, f"tie-breaker '{t.id}'", t.at + ("value",)) for t in model.tie_breakers]
        self._breaker_signs = tuple(-1 if t.lower_wins else 1 for t in model.tie_breakers)
        self._awards = AwardGiver(self)
        #: the codes the model reports the question findings under (`report.QUESTIONS`)
        self.question_codes = frozenset(self.message(key, {})[0] for key in QUESTIONS)
        #: what the report says of the tie-breakers, in order (a reader says which way each wins)
        self.tie_breakers_json = [
            {"id": t.id, "label": t.label, "lower_wins": t.lower_wins} for t in model.tie_breakers
        ]

    def plan(self, variant: str | None) -> VariantPlan:
        """What one variant scores, compiled once (`plan.VariantPlan`)."""
        found = self._plans.get(variant)
        if found is None:
            found = self._plans[variant] = VariantPlan(self.model, variant, self.mechanisms)
        return found

    def trial_record(self, variant: str | None, high: bool = False) -> dict:
        """A record of two players who entered nothing (every value its default), for content
        validation: the model's formulas must score it. ``high``: the first player enters every
        value at its highest (counts and numbers at ``max``, check boxes ticked, texts written),
        so formulas, awards, tie-breaks and failing checks meet values other than the defaults."""
        model = self.model
        first = {"name": "A"}
        if high:
            first.update({e.id: value for e in model.entered if (value := _highest(e)) is not None})
        record: dict = {"game": model.record, "players": [first, {"name": "B"}]}
        if variant is not None:
            record["variant"] = variant
            chosen = model.variant(variant)
            allowed = chosen.ended_by if chosen is not None else ()
            if allowed:
                record["ended_by"] = allowed[0]
        elif model.endings:
            record["ended_by"] = model.endings[0][0]
        return record

    def message(self, code: str, values: dict) -> tuple[str, str]:
        """(code, text) of a built-in finding, reworded when the model says so; the model's own
        words for its named words (``values``) are put in ``values`` (the finding's params)."""
        custom = self.model.messages.get(code)
        template = MESSAGES[code]
        code = _CODES.get(code, code)
        if isinstance(custom, dict):
            code = custom.get("code") or code
            template = custom.get("text") or template
            if custom.get("values"):
                values.update(custom["values"])
        elif isinstance(custom, str):
            template = custom
        return code, fill(template, values)

    # --- reading the record ------------------------------------------------------------------

    def parse(self, data) -> dict:
        """The record as a mapping with the table's loose words normalised; raises
        `RecordInvalid` with every problem."""
        if isinstance(data, dict):
            data = dict(data)
            for key in ("game", "variant", "ended_by"):
                if key in data:
                    data[key] = _word(data[key])
        problems = validate(self.schema, data)
        if problems:
            raise RecordInvalid(problems)
        return data

    # --- scoring -----------------------------------------------------------------------------

    def score(self, data: dict, budget: Budget | None = None) -> dict:
        """The report object of a parsed record (see `generator.scoring.api`). ``budget``: the
        steps its formulas may take together (default a fresh `formulas.record_budget`; content
        checks pass their own to count what trial scores spend)."""
        model = self.model
        variant_id = data.get("variant")
        variant = model.variant(variant_id) if model.has_variants else None
        if model.has_variants and variant is None:
            raise ModelInvalid(f"the scoring model has no variant '{variant_id}'")
        ended_by = data.get("ended_by")
        env = dict(model.constants)
        env.update(
            variant_id=variant_id,
            variant=variant_id,
            ended_by=ended_by,
            a_variant=with_article(variant_id) if variant_id else "a",
            player_count=len(data["players"]),
        )
        findings: list[Finding] = []
        game = Game(
            model,
            variant_id,
            variant,
            ended_by,
            env,
            data["players"],
            findings=findings,
            budget=record_budget() if budget is None else budget,
        )
        self._record_values(game, data)
        stage = ""
        if variant is not None:
            chosen = variant
            for when, other, note in variant.becomes:
                if all(env.get(k) == v for k, v in when.items()):
                    chosen, stage = model.variant(other) or variant, note  # checked: a variant of the model
                    break
            game.variant = chosen
            env.update(chosen.constants)
        scored = game.variant.id if game.variant is not None else None
        view = game.view = self.plan(scored)
        self._variant_findings(game, data, stage)
        for mechanism in self.mechanisms.values():
            mechanism.start(game)
        if model.cross:
            scores = self._players_in_two_passes(game, data["players"])
        else:
            scores = [
                self._player(game, i, p, self._read(game, i, p, findings), findings)
                for i, p in enumerate(data["players"])
            ]
        self._awards.give(game, scores)
        for mechanism in self.mechanisms.values():
            mechanism.finish(game, findings)
        self._players_findings(game)
        self._checks(game)
        winners, ties = self._rank(game, scores)
        for i, ps in enumerate(scores):
            claimed = ps["claimed_total"]
            if claimed is not None and claimed != ps["total"]:
                hint = "; see the table for each component"
                for mechanism in self.mechanisms.values():  # e.g. the unknown cards a total leaves out
                    hint = mechanism.claimed_hint(game, i, ps["total"]) or hint
                values = {
                    "claimed": claimed,
                    "total": ps["total"],
                    "diff": claimed - ps["total"],
                    "player": ps["name"],
                    "hint": hint,
                    "counted": "the score gives",
                }
                code, text = self.message("claimed_total", values)
                findings.append(
                    Finding("error", ps["name"], code, text, ("players", i, "claimed_total"), params_of(values))
                )
        questions = self.question_codes
        return {
            "ok": True,
            "game": model.record,
            "title": model.title,
            "mechanisms": list(model.mechanisms),
            "variant": variant_id,
            "ended_by": ended_by,
            "fields": list(view.fields),
            "players": [self._player_json(game, i, ps) for i, ps in enumerate(scores)],
            "awarded": game.awarded,
            "winners": winners,
            "tie_breakers": [dict(t) for t in self.tie_breakers_json],
            "ties": [t.to_json() for t in ties],
            "findings": [finding_json(f, questions) for f in findings],
        }

    def _record_values(self, game: Game, data: dict) -> None:
        env = game.env
        variant = game.variant.id if game.variant is not None else None
        for e in self.model.record_entered:
            if e.id in data and data[e.id] is not None:
                env[e.id] = data[e.id]
            elif e.assume is not None and e.applies(variant):
                value = _evaluate(e.assume, env, f"record value '{e.id}'", e.at + ("assume",), game.budget)
                env[e.id] = value
                choices = "true or false" if e.type == "boolean" else "..."
                values = {"field": e.id, "value": value, "choices": choices}
                code, text = self.message("assumed", values)
                if e.missing_message:
                    text = fill(e.missing_message, {"field": e.id, "value": value})
                game.findings.append(
                    Finding(
                        "warning", None, code, text, ("variant",) if self.model.has_variants else (), params_of(values)
                    )
                )
            else:
                env[e.id] = None if e.type in ("boolean", "text") and e.id not in data else e.default
                if e.missing != "ignore" and e.applies(variant):  # as a player's value left out
                    severity, code, text, params = self.missing_record_value(e)
                    game.findings.append(Finding(severity, None, code, text, (e.id,), params))

    def missing_record_value(self, e) -> tuple[str, str, str, dict]:
        """``(severity, code, message, params)`` of the finding about record value ``e``
        (`model.Entered`) left out when content names it (``missing: warn`` or ``error``): the
        built-in ``missing_record_field`` words, or the value's own ``missing_message``."""
        code, text = self.message("missing_record_field", {"field": e.id})
        if e.missing_message:
            text = fill(e.missing_message, {"field": e.id, "value": e.default})
        return (
            ("warning" if e.missing == "warn" else e.missing),
            code,
            text,
            params_of({"field": e.id, "default": e.default}),
        )

    def _variant_findings(self, game: Game, data: dict, stage: str) -> None:
        model, findings = self.model, game.findings
        variant = game.variant
        if variant is None:
            return
        shown = game.variant_id or variant.id
        if game.ended_by is not None and game.ended_by not in variant.ended_by:
            values = {
                "ended_by": game.ended_by,
                "a_variant": with_article(shown),
                "variant": shown,
                "stage": f" {stage}" if stage else "",
                "allowed": ", ".join(variant.ended_by),
            }
            code, text = self.message("ended_by", values)
            findings.append(Finding("error", None, code, text, ("ended_by",), params_of(values)))
        for e in model.record_entered:
            if e.id in data and not e.applies(variant.id):
                values = {"field": e.id, "a_variant": with_article(shown), "variant": shown}
                code, text = self.message("record_field_not_applicable", values)
                findings.append(Finding("warning", None, code, text, (e.id,), params_of(values)))
                game.env[e.id] = None if e.type == "boolean" else e.default
        not_applicable = game.view.not_applicable
        if not not_applicable:
            return
        for i, p in enumerate(data["players"]):
            for e in not_applicable:
                if p.get(e.id) is not None:
                    hint = e.not_applicable_hint.get(variant.id, "")
                    values = {
                        "field": e.id,
                        "variant": shown,
                        "a_variant": with_article(shown),
                        "why": f" ({hint})" if hint else "",
                        "player": p.get("name"),
                    }
                    code, text = self.message("field_not_applicable", values)
                    findings.append(
                        Finding("warning", p.get("name"), code, text, ("players", i, e.id), params_of(values))
                    )

    def _players_in_two_passes(self, game: Game, players: list) -> list[dict]:
        """Score players whose components read the others (`model.CROSS_NAMES`): every
        player's values and measures first, then each player's components; each player's
        findings stay together, in the one-pass order."""
        said: list[list] = [[] for _ in players]
        envs = [self._read(game, i, p, said[i]) for i, p in enumerate(players)]
        game.others = [dict(env) for env in envs]
        if self.model.rounds is not None:
            game.round_others = [
                [game.round_scope(i, r) for i in range(len(players))] for r in range(len(self.model.rounds.ids))
            ]
        scores = []
        for i, p in enumerate(players):
            _seat(envs[i], game.others, i)
            scores.append(self._player(game, i, p, envs[i], said[i]))
        for found in said:
            game.findings.extend(found)
        return scores

    def _read(self, game: Game, index: int, data: dict, findings: list) -> dict:
        """Player ``index``'s names: the record's values (those left out at their defaults,
        said when the model asks), the mechanisms' names and the measures."""
        view = game.view
        name = data.get("name") or f"game {index + 1}"
        env = game.env.copy()
        env["name"] = name
        # the entered values written, in the model's order (a value written as null is not)
        given = list(filter(data.__contains__, view.entered_ids))
        if None in data.values():
            given = [key for key in given if data[key] is not None]
        env["given"] = given
        env.update(view.defaults)  # every entered value at its default; those that apply are read
        for key, default, missing, missing_message, group in view.read:
            value = data.get(key)
            if value is None:
                if missing != "ignore":
                    values = {"field": key, "player": name, "default": default}
                    code, text = self.message("missing_field", values)
                    if missing_message:
                        text = fill(missing_message, values)
                    findings.append(
                        Finding(
                            "warning" if missing == "warn" else missing,
                            name,
                            code,
                            text,
                            ("players", index),
                            params_of(values),
                        )
                    )
            elif group:
                env[key] = {**default, **{k: v for k, v in value.items() if v is not None}}
            else:
                env[key] = value
        game.envs.append(env)
        if self.model.rounds is not None:
            game.rounds.append([{} for _ in self.model.rounds.ids])
        for mechanism in self.mechanisms.values():
            mechanism.player(game, index, data, env, findings)
        for key, step in view.measures:
            env[key] = step(game, index, env, None)
        return env

    def _player(self, game: Game, index: int, data: dict, env: dict, findings: list) -> dict:
        """Player ``index``'s components, total and player checks, over ``env`` (`_read`)."""
        view = game.view
        name = env["name"]
        explain: list[dict] = []  # explain lines (`report.explain_line`), in the report's order
        measures = {key: env[key] for key, _step in view.measures}
        components: dict = {}
        total = 0
        for key, step in view.components:
            env[key] = components[key] = value = step(game, index, env, explain)
            total += value
        env["total"] = total
        env[self.model.awards_total[0]] = 0
        env[self.model.awards_total[2]] = []
        if view.player_checks:
            scope = {**env, "index": index}
            for check in view.player_checks:
                check.run(scope, name, ("players", index), findings, game.budget)
        return {
            "name": name,
            "claimed_total": data.get("claimed_total"),
            "explain": explain,
            "components": components,
            "measures": measures,
            "base_total": total,
            "round_awards": [{} for _ in self.model.rounds.ids] if self.model.rounds is not None else None,
        }

    # --- awards, ranks, checks -----------------------------------------------------------------

    def _players_findings(self, game: Game) -> None:
        model, findings, players = self.model, game.findings, game.players
        if model.players_max is not None and len(players) > model.players_max:
            values = {"count": len(players), "max": model.players_max}
            code, text = self.message("player_count", values)
            findings.append(Finding("warning", None, code, text, ("players",), values))
        seen: dict[str, int] = {}
        for i, p in enumerate(players):
            name = p.get("name")
            if name is None:
                continue
            if name in seen:
                values = {"name": name, "first": seen[name] + 1, "second": i + 1}
                code, text = self.message("duplicate_player", values)
                findings.append(Finding("error", None, code, text, ("players", i, "name"), params_of(values)))
            seen.setdefault(name, i)

    def _checks(self, game: Game) -> None:
        checks = game.view.checks
        if not checks:
            return
        env = {**game.env, "players": game.envs}
        for check in checks:
            check.run(env, None, (), game.findings, game.budget)

    def _rank(self, game: Game, scores: list[dict]):
        key_name = self.model.awards_total[0]
        breakers = self._breakers
        budget = game.budget
        for ps, env in zip(scores, game.envs):
            total = ps["base_total"] + ps[key_name]
            if total.__class__ is not int or not -MAX_SCORE < total < MAX_SCORE:
                total = whole(total, f"the total of {ps['name']}", ("components",))
            ps["total"] = env["total"] = total
            ps["tiebreaks"] = tiebreaks = []
            for expr, where, at in breakers:
                value = _evaluate(expr, env, where, at, budget)
                if value.__class__ is not int or not -MAX_SCORE < value < MAX_SCORE:
                    value = whole(value, where, at)
                tiebreaks.append(value)
        sign = -1 if self.model.lowest_wins else 1  # No Thanks!: the lowest total ranks first
        keys = [(sign * ps["total"], *map(mul, ps["tiebreaks"], self._breaker_signs)) for ps in scores]
        ordered = sorted(keys)
        for ps, key in zip(scores, keys):  # 1 + how many rank above: the keys greater than this one
            ps["rank"] = 1 + len(ordered) - bisect_right(ordered, key)
        ties = []
        totals = [ps["total"] for ps in scores]
        if breakers and len(set(totals)) < len(totals):  # players level on VP, from the highest total down
            counted = Counter(totals)
            for total in sorted((t for t, n in counted.items() if n > 1), reverse=sign > 0):
                level = sorted((ps for ps in scores if ps["total"] == total), key=lambda ps: ps["rank"])
                decided = len({tuple(ps["tiebreaks"]) for ps in level}) > 1
                ties.append(
                    Tie(total, tuple((ps["name"], _one(ps["tiebreaks"])) for ps in level), self._tie_fields, decided)
                )
        return [ps["name"] for ps in scores if ps["rank"] == 1], ties

    def _player_json(self, game: Game, index: int, ps: dict) -> dict:
        model = self.model
        out = {"name": ps["name"], "total": ps["total"], "rank": ps["rank"]}
        out.update(ps["components"])
        out[model.awards_total[0]] = ps[model.awards_total[0]]
        out[model.awards_total[2]] = list(ps["awards"])
        out.update(ps["measures"])
        for mechanism in self.mechanisms.values():
            out.update(mechanism.player_json(game, index))
        out["tiebreak"] = _one(ps["tiebreaks"]) if ps["tiebreaks"] else 0
        if len(ps["tiebreaks"]) > 1:
            out["tiebreaks"] = list(ps["tiebreaks"])
        out["claimed_total"] = ps["claimed_total"]
        out["explain"] = ps["explain"]
        if model.rounds is not None:
            out["rounds"] = self._rounds_json(game, index, ps)
        return out

    def _rounds_json(self, game: Game, index: int, ps: dict) -> list[dict]:
        """A player's VP round by round: ``[{id, label, vp, <per-round component or award>: VP}]``."""
        rounds = self.model.rounds
        assert rounds is not None  # called only for a model with rounds
        scored = game.variant.id if game.variant is not None else None
        parts = [f.id for f in self.model.components if f.per_round and f.applies(scored)]
        out = []
        for r, (rid, label) in enumerate(zip(rounds.ids, rounds.labels)):
            values = {key: game.rounds[index][r].get(key, 0) for key in parts}
            values.update(ps["round_awards"][r])
            out.append({"id": rid, "label": label, "vp": sum(values.values()), **values})
        return out


def _one(values: list):
    """A tie-break as the report shows it: the value, or the values when there are several."""
    return values[0] if len(values) == 1 else list(values)


def _highest(e):
    """An entered value at its highest, for `Pad.trial_record`; None for a mechanism's type."""
    if e.type in ("count", "number"):
        return e.max
    if e.type == "boolean":
        return True
    if e.type == "text":
        return "x" * min(e.max_length, 8)
    if e.type == "numbers":
        return [e.max]
    if e.type == "texts":
        return ["x"]
    if e.type == "group":
        return {v.id: value for v in e.values if (value := _highest(v)) is not None}
    return None
