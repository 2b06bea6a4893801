"""Cross-checks of a game's scoring model (``kind: scoring``), each problem located at its key:
names unique and known (variants, endings, mechanisms, entered values), every formula compiled
against the names in scope (the scoring core's own `Model.from_json`), every message template's
placeholders known (`template_checks`), the score sheet covering every component and award exactly once, and a
trial score of an empty record of each variant (so a formula that cannot add up its values is
found here, not at the table)."""

from __future__ import annotations

import dataclasses

from generator.checks.scoring_formulas import RESERVED, file_column
from generator.checks.scoring_lint import lint_scoring
from generator.checks.template_checks import check_templates
from generator.content.scoring_model import Scoring
from generator.errors import Problem, did_you_mean
from generator.scoring.formulas import MAX_SCORE, RECORD_STEPS, record_budget


def check_scoring(content, partial: bool = False) -> list[Problem]:
    """Every problem of the game's scoring models (none when it has none). ``partial``: another
    file of the game failed to load (its facts, tables or cards may be missing), so only what
    the model says by itself is checked: its names, sheet and formulas, but no fact or table it
    reads and no trial score."""
    problems: list[Problem] = []
    for scoring_id, doc in content.of_kind("scoring").items():
        loc = content.located[("scoring", scoring_id)]
        problems += _check(content, doc, loc, partial)
        problems += lint_scoring(content, doc, loc)
    if len(content.of_kind("scoring")) > 1:
        second = sorted(content.of_kind("scoring"))[1]
        loc = content.located[("scoring", second)]
        problems.append(
            loc.problem(
                ("id",),
                "a game has one scoring model; this is a second one",
                "merge it into the first (one kind: scoring file per game)",
            )
        )
    return problems


def _check(content, doc: Scoring, loc, partial: bool = False) -> list[Problem]:
    from generator.scoring.mechanisms import mechanism_classes

    problems: list[Problem] = []

    def bad(path, message, hint="", prefer_key=False):
        problems.append(loc.problem(tuple(path), message, hint, prefer_key=prefer_key))

    known_mechanisms = set(mechanism_classes())
    for name in doc.mechanisms:
        if name not in known_mechanisms:
            bad(
                ("mechanisms", name),
                f"unknown mechanism '{name}'",
                f"use one of: {', '.join(sorted(known_mechanisms))}",
                prefer_key=True,
            )
        else:
            _typed(bad, ("mechanisms", name), doc.mechanisms[name], _config_types(name), f"mechanism {name}")
    endings = {e.id for e in doc.endings}
    variants = {v.id for v in doc.variants}
    record_values = {e.id for e in doc.record_entered}
    _unique(bad, [("endings", i, e.id) for i, e in enumerate(doc.endings)], "ending")
    _unique(bad, [("variants", i, v.id) for i, v in enumerate(doc.variants)], "variant")
    items = (
        [("record_entered", i, e.id) for i, e in enumerate(doc.record_entered)]
        + [("entered", i, e.id) for i, e in enumerate(doc.entered)]
        + [("measures", i, f.id) for i, f in enumerate(doc.measures)]
        + [("components", i, f.id) for i, f in enumerate(doc.components)]
        + [("awards", i, a.id) for i, a in enumerate(doc.awards)]
        + [("tie_breakers", i, t.id) for i, t in enumerate(doc.tie_breakers)]
    )
    _unique(bad, items, "name")
    # a check's id is its finding's code: two checks with one id would read as one finding twice
    _unique(
        bad,
        [("checks", i, c.id) for i, c in enumerate(doc.checks)]
        + [("player_checks", i, c.id) for i, c in enumerate(doc.player_checks)],
        "check",
    )
    constants = set(doc.constants) | {k for v in doc.variants for k in v.constants}
    for key, i, ident in items:
        if ident in RESERVED or ident in constants:
            bad(
                (key, i, "id"),
                f"'{ident}' is already a name formulas read ({'a constant' if ident in constants else 'reserved'})",
                "choose another id",
            )

    def variant_list(path, names):
        for j, name in enumerate(names or ()):
            if name not in variants:
                bad(
                    path + (j,),
                    f"'{name}' is not a variant of this model",
                    f"use one of: {', '.join(sorted(variants)) or 'none (declare `variants:` first)'}",
                )

    for i, v in enumerate(doc.variants):
        for key in ("ended_by", "no_awards_when"):
            for j, e in enumerate(getattr(v, key)):
                if e not in endings:
                    bad(
                        ("variants", i, key, j),
                        f"'{e}' is not one of the `endings`",
                        f"use one of: {', '.join(sorted(endings)) or 'none (declare `endings:` first)'}",
                    )
        for name in v.settings:
            if name not in doc.mechanisms:
                bad(
                    ("variants", i, "settings", name),
                    f"settings for mechanism '{name}', which is not switched on",
                    "add it under `mechanisms:` or remove these settings",
                    prefer_key=True,
                )
            elif name in known_mechanisms:
                _typed(
                    bad,
                    ("variants", i, "settings", name),
                    v.settings[name],
                    _settings_types(name),
                    f"settings of mechanism {name}",
                )
        for j, b in enumerate(v.becomes):
            if b.variant not in variants or b.variant == v.id:
                bad(
                    ("variants", i, "becomes", j, "variant"),
                    f"'{b.variant}' is not another variant",
                    f"use one of: {', '.join(sorted(variants - {v.id}))}",
                )
            for name in b.when:
                if name not in record_values:
                    bad(
                        ("variants", i, "becomes", j, "when", name),
                        f"'{name}' is not a record value",
                        f"use one of: {', '.join(sorted(record_values)) or 'none (declare `record_entered:`)'}",
                        prefer_key=True,
                    )
    mechanism_types = set()
    for name in doc.mechanisms:
        cls = mechanism_classes().get(name)
        if cls is not None:
            mechanism_types |= set(cls.types)
    for key in ("record_entered", "entered"):
        for i, e in enumerate(getattr(doc, key)):
            variant_list((key, i, "variants"), e.variants)
            if (
                e.type not in ("count", "number", "boolean", "text", "texts", "numbers", "group")
                and e.type not in mechanism_types
            ):
                bad(
                    (key, i, "type"),
                    f"type '{e.type}' is neither a built-in type nor one of a mechanism switched on",
                    "use count, number, boolean, text, texts, numbers or group"
                    + (f" (or: {', '.join(sorted(mechanism_types))})" if mechanism_types else ""),
                )
            if e.computed_by is not None and e.computed_by not in doc.mechanisms:
                bad(
                    (key, i, "computed_by"),
                    f"mechanism '{e.computed_by}' is not switched on",
                    "add it under `mechanisms:`",
                )
            for variant_id in e.not_applicable_hint:
                if variant_id not in variants:
                    bad(
                        (key, i, "not_applicable_hint", variant_id), f"'{variant_id}' is not a variant", prefer_key=True
                    )
    for key in ("measures", "components"):
        for i, f in enumerate(getattr(doc, key)):
            variant_list((key, i, "variants"), f.variants)
    for i, a in enumerate(doc.awards):
        variant_list(("awards", i, "variants"), a.variants)
        for variant_id, m in a.measure_in.items():
            if variant_id not in variants:
                bad(("awards", i, "measure_in", variant_id), f"'{variant_id}' is not a variant", prefer_key=True)
            if (m.most is None) == (m.least is None):
                bad(("awards", i, "measure_in", variant_id), "give either `most` or `least`")
    for key in ("checks", "player_checks"):
        for i, c in enumerate(getattr(doc, key)):
            variant_list((key, i, "variants"), c.variants)
    for where, holder in [(("constants",), doc.constants)] + [
        (("variants", i, "constants"), v.constants) for i, v in enumerate(doc.variants)
    ]:
        for name, value in holder.items():
            if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= MAX_SCORE:
                bad(
                    where + (name,),
                    f"constant '{name}' is {value:,}, past {MAX_SCORE:,} in size",
                    "formulas compute with whole numbers below that; write the game's number",
                )
            if isinstance(value, (int, bool, str)) or partial:
                continue
            if hasattr(value, "fact") and value.fact not in content.facts:
                bad(
                    where + (name, "fact"),
                    f"no fact '{value.fact}' in this game",
                    "name a fact of the game's facts files",
                )
            elif hasattr(value, "table") and value.table not in content.of_kind("table"):
                bad(
                    where + (name, "table"),
                    f"no table '{value.table}' in this game",
                    f"use one of: {', '.join(sorted(content.of_kind('table'))) or 'none'}",
                )
    from generator.scoring.messages import MESSAGES

    for code in doc.messages:
        if code not in MESSAGES:
            bad(
                ("messages", code),
                f"'{code}' is not a built-in finding",
                f"use one of: {', '.join(sorted(MESSAGES))}",
                prefer_key=True,
            )
    if doc.sheet is not None:
        problems += _check_sheet(doc, loc)
    templates = check_templates(content, doc, loc)  # after the trial below: these do not stop it
    if partial or problems:
        # the formulas' own problems, all at once, but no trial score of a model in doubt: a
        # problem without a formula's place may come from what a file that failed to load
        # would have given (a fact's value, the card database)
        problems += _formula_problems_beside(content, doc, loc, problems)
    else:
        problems += _trial(content, doc, loc)
    return problems + templates


def _formula_problems_beside(content, doc: Scoring, loc, found: list[Problem]) -> list[Problem]:
    """The formulas that do not compile in a model whose other checks found ``found`` (or
    whose game lacks a file that failed to load): those at a formula's own place not already
    in ``found``. Compiling a model with other problems may meet them again in another form,
    or fail on them outright, so only a formula's own problems are kept, and none when the
    compile fails otherwise (``found`` already says what to fix first)."""
    from generator.content.compiled import compile_game

    said = {(p.file, p.line) for p in found}
    try:
        compiled = _each_problem(content, doc, loc, compile_game(content), _compile_failure)
    except (TypeError, KeyError, IndexError, ValueError, AttributeError):  # a shape `found` reports
        return []
    return [p for p in compiled if p.field and p.line and (p.file, p.line) not in said]


def _config_types(name: str) -> dict:
    from generator.scoring.mechanisms import mechanism_class

    cls = mechanism_class(name)
    return {} if cls is None else cls.config_types


def _settings_types(name: str) -> dict:
    from generator.scoring.mechanisms import mechanism_class

    cls = mechanism_class(name)
    return {} if cls is None else cls.settings_types


_TYPE_WORDS = {str: "a text", bool: "true or false", dict: "a mapping", int: "a whole number", list: "a list"}


def _typed(bad, path: tuple, given: dict, types: dict, what: str) -> None:
    """Problems of a mechanism's configuration or settings: keys it does not know, values of
    the wrong type; a ``quantities`` mapping holds ``{value: formula, label: text}`` items."""
    for key, value in given.items():
        if key not in types:
            bad(
                path + (key,),
                f"{what} has no setting '{key}'",
                f"use {', '.join(sorted(types)) or 'no settings'}",
                prefer_key=True,
            )
        elif not isinstance(value, types[key]) or (types[key] is not bool and isinstance(value, bool)):
            bad(path + (key,), f"{what}: '{key}' must be {_TYPE_WORDS[types[key]]}")
        elif key == "quantities":
            for name, spec in value.items():
                if (
                    not isinstance(spec, dict)
                    or not isinstance(spec.get("value"), str)
                    or not isinstance(spec.get("label", ""), str)
                    or set(spec) - {"value", "label"}
                ):
                    bad(path + (key, name), f"{what}: quantity '{name}' must be {{value: <formula>, label: <text>}}")


def _unique(bad, items, what: str) -> None:
    first: dict[str, tuple] = {}
    for key, i, ident in items:
        if ident in first:
            bad(
                (key, i, "id"),
                f"{what} '{ident}' is declared twice (first at {first[ident][0]}[{first[ident][1]}])",
                "give each its own id",
            )
        else:
            first[ident] = (key, i)


def sheet_items(doc: Scoring) -> dict[str, str]:
    """Every id a score-sheet line may name -> what it is (entered, measure, component,
    award, tie_breaker)."""
    out = {e.id: "entered" for e in doc.entered}
    if doc.rounds is not None:
        out.update({e.id: "entered" for e in doc.rounds.entered})
    out.update({f.id: "measure" for f in doc.measures})
    out.update({f.id: "component" for f in doc.components})
    out.update({a.id: "award" for a in doc.awards})
    out.update({t.id: "tie_breaker" for t in doc.tie_breakers})
    return out


def _per_round_items(doc: Scoring) -> set[str]:
    """The ids of the model's per-round components and awards."""
    return {f.id for f in doc.components if f.per_round} | {a.id for a in doc.awards if a.per_round}


def _check_sheet(doc: Scoring, loc) -> list[Problem]:
    """Every component and award on the sheet exactly once; lines name known items."""
    problems = []
    items = sheet_items(doc)
    campaign = "campaign" in doc.mechanisms
    placed: dict[str, int] = {}
    assert doc.sheet is not None  # called for a model with a sheet
    lines = doc.sheet.lines
    ids = []
    for i, line in enumerate(lines):
        ident = line if isinstance(line, str) else line.id
        path = ("sheet", "lines", i) if isinstance(line, str) else ("sheet", "lines", i, "id")
        if ident in ids:
            problems.append(loc.problem(path, f"sheet line '{ident}' is there twice", "give each line its own id"))
        ids.append(ident)
        if not isinstance(line, str) and line.each_round is not None:
            per_round = _per_round_items(doc)
            for j, part in enumerate(line.each_round):
                if part not in per_round:
                    problems.append(
                        loc.problem(
                            ("sheet", "lines", i, "each_round", j),
                            f"'{part}' is not a per-round component or award of this model",
                            did_you_mean(part, sorted(per_round))
                            + f"use one of: {', '.join(sorted(per_round)) or '(none)'}",
                        )
                    )
            contents = line.each_round
        elif isinstance(line, str) or (line.add is None and line.running_total is None):
            if ident in ("name", "total"):
                if ident == "name" and campaign:
                    problems.append(loc.problem(path, "a campaign log has no `name` line (each line is a game)"))
                continue
            if ident not in items:
                problems.append(
                    loc.problem(
                        path,
                        f"'{ident}' is not an entered value, measure, component, award or tie-breaker of this model",
                        did_you_mean(ident, [*items, "name", "total"]) + f"use one of: {', '.join(items)}, name, total",
                    )
                )
                continue
            contents = [ident]
        elif line.running_total is not None:
            if line.running_total not in items or items[line.running_total] != "component":
                problems.append(
                    loc.problem(
                        ("sheet", "lines", i, "running_total"),
                        f"'{line.running_total}' is not a component",
                        "a running total adds up a component from game to game",
                    )
                )
            continue
        else:
            contents = line.add or []
            kinds = set()
            for j, part in enumerate(contents):
                if part not in items:
                    problems.append(
                        loc.problem(
                            ("sheet", "lines", i, "add", j),
                            f"'{part}' is not a component, award, measure or tie-breaker of this model",
                        )
                    )
                else:
                    kinds.add("total" if items[part] in ("component", "award") else items[part])
            if len(kinds) > 1:
                problems.append(
                    loc.problem(
                        ("sheet", "lines", i, "add"),
                        "a line adds up components and awards (part of the Total) or one other value, not both",
                    )
                )
        for part in contents:
            if items.get(part) in ("component", "award"):
                if part in placed:
                    problems.append(
                        loc.problem(
                            ("sheet", "lines", i),
                            f"'{part}' is already on the sheet (line "
                            f"{placed[part] + 1}): the Total would count it twice",
                        )
                    )
                placed[part] = i
    for kind, item_ids in (("component", [f.id for f in doc.components]), ("award", [a.id for a in doc.awards])):
        for ident in item_ids:
            if ident not in placed:
                problems.append(
                    loc.problem(
                        ("sheet", "lines"),
                        f"the sheet leaves out {kind} '{ident}', so its Total would not add up to the score",
                        f"add a line `{ident}`, or put it in another line's `add:`",
                    )
                )
    if not campaign and (doc.components or doc.awards) and "total" not in ids:
        problems.append(
            loc.problem(
                ("sheet", "lines"),
                "the sheet has no `total` line",
                "add a line `total` (it adds up every component and award line)",
            )
        )
    if campaign and not any(not isinstance(line, str) and line.running_total for line in lines):
        problems.append(
            loc.problem(
                ("sheet", "lines"),
                "a campaign log needs a running total line",
                "add {id: campaign_score, running_total: <component>}",
            )
        )
    return problems


#: How many formulas `_each_problem` reports from one model before it stops (each is found by
#: compiling or scoring the model once more with the formula before it set aside).
MAX_FORMULA_PROBLEMS = 50

#: Steps all the trial scores of one model may take together in `_trial`, reruns included
#: (five records at the scoring core's `RECORD_STEPS`): past it, no formula is set aside and
#: tried again. 2,000 slow checks reran the trials 50 times, 19 s of `check` for one game.
TRIAL_STEPS = 5 * RECORD_STEPS


class _TrialSteps:
    """What a model's trial scores spent (``spent``, steps) and whether the last one ran out
    of its record's steps (``ran_out``): `_trial` stops setting formulas aside on either."""

    __slots__ = ("spent", "ran_out")

    def __init__(self):
        self.spent = 0
        self.ran_out = False

    def score(self, pad, record: dict) -> None:
        """``pad.score(record)`` with a record budget of its own, counted here."""
        budget = record_budget()
        try:
            pad.score(record, budget)
        finally:
            self.spent += budget.steps - max(budget.left, 0)
            self.ran_out = budget.left < 0

    def stop(self) -> str | None:
        """Why the trials stop here (the words of the problem saying so), or None."""
        if self.ran_out:
            return (
                f"the formulas after it were not tried: a record's formulas together take more "
                f"than {RECORD_STEPS:,} steps"
            )
        if self.spent > TRIAL_STEPS:
            return f"the trial scores of this model took more than {TRIAL_STEPS:,} steps together"
        return None


def _trial(content, doc: Scoring, loc) -> list[Problem]:
    """Compile the model as the scoring core does, and score a trial record of every variant
    with two players who entered nothing: a formula that cannot be evaluated is located here.
    Every formula that does not compile, or else fails a trial, is reported, not only the first
    (`_each_problem`), until the trials have spent `TRIAL_STEPS` or one runs out of its record's
    steps (then a last problem says the formulas after it were not tried)."""
    from generator.content.compiled import compile_game
    from generator.scoring.game_pad import pad_for
    from generator.scoring.model import ModelInvalid

    game_rules = compile_game(content)
    compiled: list = []  # the pad of the model as written, once it compiles
    problems = _each_problem(content, doc, loc, game_rules, lambda rules: _compile_failure(rules, compiled))
    if problems:
        return problems
    steps = _TrialSteps()

    def trial_failure(rules):
        if compiled:  # the first round: the pad compiled above
            return _first_trial_failure(doc, compiled.pop(), steps)
        try:
            return _first_trial_failure(doc, pad_for(rules), steps)
        except ModelInvalid:  # `0` in its place does not compile: what was said is enough
            return None

    return _each_problem(content, doc, loc, game_rules, trial_failure, steps.stop)


def _each_problem(content, doc: Scoring, loc, game_rules: dict, first_failure, stop=None) -> list[Problem]:
    """Every formula problem of the compiled game ``game_rules`` that ``first_failure(rules)``
    finds (``(path, error, prefix, hint)`` of the first, or None), each located in the file at
    the formula's own column (`_formula_problem`): the failing formula is set aside (replaced by
    ``0``, in a copy) and the game tried again, until none fails, a formula fails twice or
    cannot be set aside, `MAX_FORMULA_PROBLEMS` are found, or ``stop()`` gives a reason (then
    one more problem, at the model's id, says it and that the rest was not tried)."""
    import copy

    rules = game_rules
    problems: list[Problem] = []
    seen: set[tuple] = set()
    while (failed := first_failure(rules)) is not None:
        path, exc, prefix, hint = failed
        problems.append(_formula_problem(content, doc, loc, path, exc, prefix, hint))
        if stop is not None and (why := stop()):
            problems.append(
                loc.problem(
                    ("id",),
                    f"playaid check stopped after {len(problems)} formula "
                    f"problem{'s' if len(problems) > 1 else ''}: {why}",
                    "make those formulas cheaper, then run playaid check again",
                )
            )
            break
        if rules is game_rules:
            rules = copy.deepcopy(game_rules)
        if path in seen or len(problems) >= MAX_FORMULA_PROBLEMS or not _set_aside(rules.get("scoring"), path):
            break
        seen.add(path)
    return problems


def _compile_failure(rules: dict, compiled: list | None = None):
    """``(path, error, prefix, hint)`` of the formula of the compiled game ``rules`` that does
    not compile, or None when the model compiles (its `Pad` then appended to ``compiled``)."""
    from generator.scoring.game_pad import pad_for
    from generator.scoring.model import ModelInvalid

    try:
        pad = pad_for(rules)
    except ModelInvalid as exc:
        return tuple(exc.path), exc, "", _FIX_FORMULA
    if compiled is not None:
        compiled.append(pad)
    return None


def _first_trial_failure(doc: Scoring, pad, steps: _TrialSteps | None = None):
    """``(path, error, prefix, hint)`` of the first trial score of ``pad`` that fails (two
    players who entered nothing, then the first at every value's highest, in each variant that
    is not hidden), or None when every trial scores."""
    from generator.scoring.model import ModelInvalid

    for variant in doc.variants or [None]:  # type: ignore[list-item]  # None: a game without variants
        if variant is not None and variant.hidden:
            continue
        for high, what, hint in (
            (False, "an empty record", "it must work when every value is its default"),
            (True, "a record with every value at its highest", "it must work for every value a record may hold"),
        ):
            record = pad.trial_record(variant.id if variant is not None else None, high)
            try:
                if steps is None:
                    pad.score(record)
                else:
                    steps.score(pad, record)
            except ModelInvalid as exc:
                where = f" (variant {variant.id})" if variant is not None else ""
                return (exc.path, exc, f"a trial score of {what}{where} fails: ", f"fix the formula: {hint}")
    return None


def _set_aside(model, path: tuple) -> bool:
    """Replace the formula at ``path`` of the compiled ``model`` by ``0`` (a formula and a
    template both), so compiling goes on to the next one; False when ``path`` is not a formula."""
    if not path or not isinstance(model, (dict, list)):
        return False
    node = model
    for part in path[:-1]:
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            return False
    try:
        if not isinstance(node[path[-1]], str):
            return False
    except (KeyError, IndexError, TypeError):
        return False
    node[path[-1]] = "0"
    return True


#: What to do about a formula that does not compile.
_FIX_FORMULA = "fix the formula or the names it reads"


def _formula_problem(
    content, doc: Scoring, loc, path: tuple, exc, prefix: str = "", hint: str = _FIX_FORMULA
) -> Problem:
    """A formula that does not compile or fails in a trial score (``exc``, a `ModelInvalid`;
    ``prefix`` goes before its message), located at ``file:line:column`` of the character in the
    file the core's error points at (its ``column`` counts within the formula), with the closest
    names for an unknown name or field ("did you mean 'sets'?", from the error's ``unknown`` and
    ``known``) before ``hint``."""
    if exc.unknown:
        hint = did_you_mean(exc.unknown, exc.known) + hint
    offset = exc.column
    message = str(exc)
    if offset:  # the place is file:line:column, so the formula's own "(at column N)" goes
        message = message.removesuffix(f" (at column {offset})")
    problem = loc.problem(path, prefix + message, hint)
    if offset and problem.line:
        column = file_column(content, loc, path, problem.line, problem.column, offset)
        problem = dataclasses.replace(problem, column=column)
    return problem
