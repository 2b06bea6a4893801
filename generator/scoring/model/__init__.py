"""The scoring model as the scoring core holds it: a game's ``kind: scoring`` document, compiled
to plain JSON on the build side (`generator.compile.compile_rules`), read here once, with every
formula compiled (`generator.scoring.expressions`). Standard library only (runs in Pyodide).

The compiled model (``rules["games"][game]["scoring"]``) is the JSON the phone pad reads too;
its shape, key by key, is in ``docs/scoring-model.md``. In short::

    {"id", "title", "record": "<the records' game: word>",
     "players": {"min", "max"},                     # max: more is a warning; min: fewer an error
     "mechanisms": {"tableau": {...}, "campaign": {...}},   # named mechanisms and their settings
     "constants": {name: value},                    # numbers formulas read by name
     "endings": [{"id", "label"}],                  # the record's `ended_by` values
     "variants": [{"id", "title", "ended_by": [...], "constants": {...}, "settings": {...},
                   "no_awards_when": [...], "becomes": [{"when": {value: v}, "variant", "note"}],
                   "hidden": bool}],
     "record_entered": [Entered], "entered": [Entered],   # once per record / per player
     "components": [{"id", "label", "help", "value" | "mechanism", "why", "explain_as", "variants"}],
     "measures":   [{"id", "label", "help", "value" | "mechanism", "variants"}],
     "awards": [{"id", "title", "vp", "most" | "least", "measure_label", "ties", "min_to_win",
                 "variants", "measure_in": {variant: {"most" | "least", "note"}}, "help"}],
     "awards_total": {"id", "label"},
     "tie_breakers": [{"id", "label", "value", "lower_wins"}],
     "checks": [Check], "player_checks": [Check], "messages": {code: template},
     "sheet": {...}}
    Entered = {"id", "label", "help", "type": count|number|boolean|text|group|<mechanism type>,
               "min", "max", "max_length", "default", "missing": ignore|warn|error,
               "missing_message", "variants", "computed_by", "values": [Entered], "assume",
               "not_applicable_hint": {variant: text}}
    Check = {"id", "when", "expect", "values": {name: expression}, "severity", "message", "field"}

`Model.from_json` raises `ModelInvalid` (a content problem: the message names the item) when a
formula does not compile or names something unknown; `playaid check` reports the same problems,
located, before any record is scored.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.scoring.model.parts import (
    AWARD_KEYS,
    AWARD_MEASURE_KEYS,
    COUNT_MAX,
    CROSS_NAMES,
    ENTERED_TYPES,
    NUMBER_MIN,
    REQUIRED,
    Award,
    Check,
    Entered,
    Formula,
    ModelInvalid,
    Rounds,
    TieBreaker,
    Variant,
    _compile,
    _opt_tuple,
    declared,
)

#: What callers import from here: the model, its parts and its error.
__all__ = [
    "AWARD_KEYS",
    "AWARD_MEASURE_KEYS",
    "COUNT_MAX",
    "CROSS_NAMES",
    "ENTERED_TYPES",
    "NUMBER_MIN",
    "REQUIRED",
    "Award",
    "Check",
    "Entered",
    "Formula",
    "Model",
    "ModelInvalid",
    "Rounds",
    "TieBreaker",
    "Variant",
    "declared",
    "expand_rounds",
]


@dataclass
class Model:
    """The prepared scoring model of one game (see the module docstring); ``json`` is the
    compiled document itself."""

    json: dict
    record: str
    title: str
    players_min: int
    players_max: int | None
    mechanisms: dict
    constants: dict
    endings: tuple
    variants: dict
    record_entered: tuple
    entered: tuple
    components: tuple
    measures: tuple
    awards: dict
    awards_total: tuple
    tie_breakers: tuple
    checks: tuple
    player_checks: tuple
    messages: dict
    rounds: Rounds | None = None
    lowest_wins: bool = False  # the lowest total wins (No Thanks!): ranks from the lowest
    cross: bool = False  # a formula reads other players (CROSS_NAMES): score in two passes

    @property
    def has_variants(self) -> bool:
        return bool(self.variants)

    def variant(self, variant_id: str | None) -> Variant | None:
        return self.variants.get(variant_id)

    def selectable_variants(self) -> list[str]:
        return [v.id for v in self.variants.values() if not v.hidden]

    @classmethod
    def from_json(cls, data: dict, mechanism_names: dict[str, set[str]] | None = None) -> Model:
        """The `Model` of a compiled scoring document. ``mechanism_names``: mechanism -> the
        names it gives formulas (e.g. tableau: cards_vp, military). Raises `ModelInvalid`."""
        try:
            return cls._build(data, mechanism_names or {})
        except ModelInvalid:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ModelInvalid(
                f"the scoring model is incomplete ({type(exc).__name__}: {exc}); run `playaid check` on the content"
            ) from None

    @classmethod
    def _build(cls, data: dict, mechanism_names: dict[str, set[str]]) -> Model:
        mechanisms = dict(data.get("mechanisms") or {})
        constants = dict(data.get("constants") or {})
        variants = {}
        for v in data.get("variants") or ():
            becomes = tuple((dict(b["when"]), b["variant"], b.get("note", "")) for b in v.get("becomes", ()))
            variants[v["id"]] = Variant(
                v["id"],
                v.get("title", v["id"]),
                tuple(v.get("ended_by", ())),
                dict(v.get("constants") or {}),
                dict(v.get("settings") or {}),
                tuple(v.get("no_awards_when", ())),
                becomes,
                bool(v.get("hidden")),
            )
        constant_names = set(constants)
        for v in variants.values():
            constant_names |= set(v.constants)
        record_scope = constant_names | {"variant", "ended_by", "player_count"}
        record_entered = tuple(
            Entered.from_json(e, f"record value '{e['id']}'", record_scope, ("record_entered", i))
            for i, e in enumerate(data.get("record_entered") or ())
        )
        record_scope |= {e.id for e in record_entered}
        data = expand_rounds(data)
        rounds = None
        if data.get("rounds"):
            spec = data["rounds"]
            rounds = Rounds(
                tuple(spec["ids"]), tuple(spec["labels"]), tuple(e["id"] for e in spec.get("entered") or ())
            )
        entered = tuple(
            Entered.from_json(e, f"entered value '{e['id']}'", None, ("entered", i))
            for i, e in enumerate(data.get("entered") or ())
        )
        scope = set(record_scope) | {e.id for e in entered} | {"given", "name"}
        for name in mechanisms:
            scope |= mechanism_names.get(name, set())
        # a per-round formula reads that round's values (and the per-round formulas before it)
        round_scope = set(rounds.entered) | {"round"} if rounds is not None else set()

        def formulas(key: str) -> tuple:
            out = []
            for i, item in enumerate(data.get(key) or ()):
                where = f"{key[:-1]} '{item['id']}'"
                per_round = bool(item.get("per_round"))
                if per_round and rounds is None:
                    raise ModelInvalid(f"{where}: `per_round` needs the game's `rounds:`", (key, i, "per_round"))
                names = scope | round_scope if per_round else scope
                if key == "components":  # components are scored once every player's measures are known
                    names = names | CROSS_NAMES
                value = None
                if item.get("mechanism") is None:
                    value = _compile(str(item["value"]), where, names, (key, i, "value"))
                elif item["mechanism"] not in mechanisms:
                    raise ModelInvalid(
                        f"{where}: mechanism '{item['mechanism']}' is not switched on (add it under `mechanisms:`)",
                        (key, i, "mechanism"),
                    )
                why = item.get("why") or ""
                if isinstance(why, list):  # [{when, text}]: the first whose `when` holds
                    why = tuple(
                        (
                            None
                            if w.get("when") is None
                            else _compile(str(w["when"]), f"{where} why", names, (key, i, "why", j, "when")),
                            w["text"],
                        )
                        for j, w in enumerate(why)
                    )
                out.append(
                    Formula(
                        item["id"],
                        item.get("label", item["id"]),
                        value,
                        item.get("mechanism"),
                        item.get("help", ""),
                        why,
                        item.get("explain_as", ""),
                        _opt_tuple(item.get("variants")),
                        (key, i),
                        frozenset(scope),
                        per_round,
                    )
                )
                scope.add(item["id"])  # later formulas may read it
                if per_round:
                    round_scope.add(item["id"])
            return tuple(out)

        # Measures first: components, awards and tie-breakers read them (and a measure may read
        # an earlier one); a component may read the components before it.
        measures = formulas("measures")
        components = formulas("components")
        awards_total = {"id": "awards_vp", "label": "Awards", "list": "awards", **(data.get("awards_total") or {})}
        scope.add("total")
        awards = {}
        for ai, given in enumerate(data.get("awards") or ()):
            a = declared(AWARD_KEYS, given)  # every key the core reads, by its one declaration
            where = f"award '{a['id']}'"
            lower = a["least"] is not None
            text = a["least"] if lower else a["most"]
            per_round = bool(a["per_round"])
            if per_round and rounds is None:
                raise ModelInvalid(f"{where}: `per_round` needs the game's `rounds:`", ("awards", ai, "per_round"))
            award_scope = scope | round_scope if per_round else scope
            measure_in = {}
            for variant_id, in_variant in (a["measure_in"] or {}).items():
                other = declared(AWARD_MEASURE_KEYS, in_variant)
                other_text = other["least"] if other["least"] is not None else other["most"]
                measure_in[variant_id] = (
                    _compile(
                        str(other_text),
                        f"{where} in variant '{variant_id}'",
                        award_scope,
                        ("awards", ai, "measure_in", variant_id),
                    ),
                    other["measure_label"] or _words(other_text),
                    other["note"],
                )
            by_players = tuple(
                sorted((int(count), tuple(vps)) for count, vps in (a["places_by_players"] or {}).items())
            )
            by_round = tuple(tuple(vps) for vps in a["places_by_round"] or ())
            if by_round and rounds is not None and len(by_round) != len(rounds.ids):
                raise ModelInvalid(
                    f"{where}: `places_by_round` gives {len(by_round)} rounds their places, but the "
                    f"game has {len(rounds.ids)} rounds",
                    ("awards", ai, "places_by_round"),
                )
            places = tuple(a["places"]) if a["places"] else (() if by_players or by_round else (given["vp"],))
            vp = a["vp"] if a["vp"] is not None else (places or (by_players[0][1] if by_players else by_round[0]))[0]
            awards[a["id"]] = Award(
                a["id"],
                a["id"] if a["title"] is None else a["title"],
                vp,
                _compile(str(text), where, award_scope, ("awards", ai, "least" if lower else "most")),
                a["measure_label"] or _words(text),
                lower,
                a["ties"],
                a["min_to_win"],
                _opt_tuple(a["variants"]),
                measure_in,
                a["help"],
                ("awards", ai),
                places,
                by_players,
                a["after_tie"],
                a["min_players"],
                a["max_players"],
                per_round,
                None
                if a["when"] is None
                else _compile(
                    str(a["when"]),
                    f"{where} `when`",
                    record_scope | {"players"} | ({"round"} if per_round else set()),
                    ("awards", ai, "when"),
                ),
                by_round,
            )
        scope.add(awards_total["id"])
        scope.add(awards_total["list"])  # the ids of the awards a player won (a tie-breaker may read them)
        tie_breakers = []
        for ti, t in enumerate(data.get("tie_breakers") or ()):
            expr = _compile(str(t["value"]), f"tie-breaker '{t['id']}'", scope, ("tie_breakers", ti, "value"))
            tie_breakers.append(
                TieBreaker(
                    t["id"],
                    t.get("label", t["id"]),
                    expr,
                    tuple(_ordered_names(expr)),
                    bool(t.get("lower_wins")),
                    ("tie_breakers", ti),
                )
            )
        player_checks = tuple(
            _check(c, "player check", scope | {"index"}, ("player_checks", i))
            for i, c in enumerate(data.get("player_checks") or ())
        )
        game_scope = record_scope | {"players"}
        checks = tuple(_check(c, "check", game_scope, ("checks", i)) for i, c in enumerate(data.get("checks") or ()))
        players = data.get("players") or {}
        return cls(
            json=data,
            record=str(data.get("record") or data.get("id")),
            title=data.get("title", ""),
            players_min=players.get("min", 1),
            players_max=players.get("max"),
            mechanisms=mechanisms,
            constants=constants,
            endings=tuple((e["id"], e.get("label", e["id"])) for e in data.get("endings") or ()),
            variants=variants,
            record_entered=record_entered,
            entered=entered,
            components=components,
            measures=measures,
            awards=awards,
            awards_total=(awards_total["id"], awards_total["label"], awards_total["list"]),
            tie_breakers=tuple(tie_breakers),
            checks=checks,
            player_checks=player_checks,
            messages=dict(data.get("messages") or {}),
            rounds=rounds,
            lowest_wins=bool(data.get("lowest_wins")),
            cross=any(f.value is not None and f.value.names & _OTHERS for f in components),
        )


#: The names that make a model score in two passes (every player's measures first).
_OTHERS = frozenset({"players", "left", "right"})


def expand_rounds(data: dict) -> dict:
    """The compiled scoring document with its ``rounds`` written out: ``rounds.ids`` (given, or
    ``count`` of them from ``key``: ``r{n}``) and ``rounds.labels`` (given, or from ``label``:
    ``Round {n}``, ``{id}`` the round's id), and one entered value of type ``group`` per round
    (``{id: r1, label: Round 1, type: group, round: 1, values: <rounds.entered>}``) before the
    other entered values, so records, their schema, the pad and the sheet read each round as a
    group. A document without rounds, or already written out, is returned as it is (the build
    side calls this, and the core again)."""
    spec = data.get("rounds")
    entered = list(data.get("entered") or ())
    if not spec or any(e.get("round") for e in entered):
        return data
    ids = list(
        spec.get("ids")
        or [str(spec.get("key") or "r{n}").replace("{n}", str(n)) for n in range(1, (spec.get("count") or 0) + 1)]
    )
    template = str(spec.get("label") or "Round {n}")
    labels = list(
        spec.get("labels") or [template.replace("{n}", str(n)).replace("{id}", rid) for n, rid in enumerate(ids, 1)]
    )
    groups = [
        {
            "id": rid,
            "label": label,
            "type": "group",
            "round": n,
            "help": spec.get("help", ""),
            "values": list(spec.get("entered") or ()),
        }
        for n, (rid, label) in enumerate(zip(ids, labels), 1)
    ]
    return {**data, "rounds": {**spec, "ids": ids, "labels": labels}, "entered": groups + entered}


def _check(data: dict, kind: str, scope: set[str], at: tuple) -> Check:
    where = f"{kind} '{data['id']}'"
    values = []
    local = set(scope)
    when = None if data.get("when") is None else _compile(str(data["when"]), f"{where} `when`", local, at + ("when",))
    for name, text in (data.get("values") or {}).items():
        values.append((name, _compile(str(text), f"{where} value '{name}'", local, at + ("values", name))))
        local.add(name)
    field = data.get("field")
    path = tuple(field) if isinstance(field, list) else (() if not field else (field,))
    player = None
    if data.get("player") is not None:
        player = _compile(str(data["player"]), f"{where} `player`", local, at + ("player",))
    expect = _compile(str(data["expect"]), where, local, at + ("expect",))
    names = {name for name, _expr in values}
    needed = set(expect.names) & names
    for name, expr in reversed(values):  # a value `expect` needs needs the values it reads
        if name in needed:
            needed |= set(expr.names) & names
    return Check(
        data["id"],
        expect,
        data["message"],
        data.get("severity", "warning"),
        when,
        tuple(values),
        path,
        _opt_tuple(data.get("variants")),
        player,
        frozenset(needed),
        at,
    )


def _words(text: str) -> str:
    """``military_vs_xenos`` -> ``military vs xenos`` (an award's measure in messages)."""
    return str(text).replace("_", " ")


def _ordered_names(expr) -> list[str]:
    """The free names of a compiled expression in the order they appear in its text."""
    import re

    found = []
    for word in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", expr.text):
        if word in expr.names and word not in found:
            found.append(word)
    return found
