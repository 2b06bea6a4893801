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

from dataclasses import MISSING, dataclass, field
from typing import Any

from generator.scoring.expressions import ExpressionError, compile_expression
from generator.scoring.tally import SCORING_FUNCTIONS

#: Value types a player or record can enter, with the JSON Schema type they are checked as.
ENTERED_TYPES = {"count": "integer", "number": "integer", "boolean": "boolean", "text": "string",
                 "texts": "array", "numbers": "array", "group": "object"}
#: Default bounds of whole numbers entered at the table (a score pad's box holds 4 characters).
COUNT_MAX = 9999
NUMBER_MIN = -9999


class ModelInvalid(Exception):
    """A scoring model that cannot score (a content problem); the message names the item, e.g.
    ``component 'gems_vp': unknown name 'gem' (known names: ...)``; ``path``: where in the
    ``kind: scoring`` document (``("components", 2, "value")``), for a located content error.
    Made from a formula's `ExpressionError` (`from_expression`), it keeps that error's facts:
    ``column`` (1-based, within the formula), ``unknown`` and ``known`` (see `ExpressionError`);
    else they are None, None and ()."""

    def __init__(self, message: str, path: tuple = (), *, column: int | None = None,
                 unknown: str | None = None, known: tuple[str, ...] = ()):
        super().__init__(message)
        self.path = path
        self.column = column
        self.unknown = unknown
        self.known = known

    @classmethod
    def from_expression(cls, where: str, exc: ExpressionError, path: tuple = ()) -> ModelInvalid:
        """``where: <the error's message>`` at ``path``, with ``exc``'s column and names."""
        return cls(f"{where}: {exc}", path, column=exc.column, unknown=exc.unknown, known=exc.known)


@dataclass(frozen=True)
class Entered:
    """A value written at the table (see the module docstring for the keys); ``at``: its
    place in the model (``("record_entered", 0)``), where its errors are located."""

    id: str
    label: str
    type: str
    help: str = ""
    min: int | None = None
    max: int | None = None
    max_length: int = 100
    default: Any = None
    required: bool = False
    missing: str = "ignore"
    missing_message: str | None = None
    variants: tuple[str, ...] | None = None
    computed_by: str | None = None
    values: tuple[Entered, ...] = ()
    assume: Any = None  # a compiled Expression (record values only)
    not_applicable_hint: dict = field(default_factory=dict)
    at: tuple = ()

    @classmethod
    def from_json(cls, data: dict, where: str, names: set[str] | None = None, path: tuple = ()) -> Entered:
        kind = data["type"]
        low, high = data.get("min"), data.get("max")
        if kind == "count":
            low = 0 if low is None else low
            high = COUNT_MAX if high is None else high
        elif kind in ("number", "numbers"):  # numbers: each item of the list
            low = NUMBER_MIN if low is None else low
            high = COUNT_MAX if high is None else high
        values = tuple(cls.from_json(v, f"{where} value '{v['id']}'", None, path + ("values", i))
                       for i, v in enumerate(data.get("values", ())))
        default = data.get("default")
        if default is None:
            if kind in ("count", "number"):
                default = 0
            elif kind == "boolean":
                default = False
            elif kind == "group":
                default = {v.id: v.default for v in values}
            elif kind in ("texts", "numbers"):
                default = []
        assume = data.get("assume")
        if assume is not None:
            assume = _compile(str(assume), f"{where} `assume`", names, path + ("assume",))
        return cls(id=data["id"], label=data.get("label", data["id"]), type=kind, help=data.get("help", ""),
                   min=low, max=high, max_length=data.get("max_length", 100), default=default,
                   required=bool(data.get("required")), missing=data.get("missing", "ignore"), missing_message=data.get("missing_message"),
                   variants=_opt_tuple(data.get("variants")), computed_by=data.get("computed_by"),
                   values=values, assume=assume, not_applicable_hint=dict(data.get("not_applicable_hint", {})),
                   at=path)

    def applies(self, variant: str | None) -> bool:
        return self.variants is None or variant in self.variants


@dataclass(frozen=True)
class Formula:
    """A component or measure: ``value`` (a compiled expression) or ``mechanism`` (its value
    comes from the named mechanism); ``why``: explain text (a template, `fill`), or a tuple of
    ``(condition or None, template)``: the first whose condition holds."""

    id: str
    label: str
    value: Any = None
    mechanism: str | None = None
    help: str = ""
    why: Any = ""
    explain_as: str = ""
    variants: tuple[str, ...] | None = None
    at: tuple = ()  # where in the kind: scoring document: ("components", 2)
    scope: frozenset = frozenset()  # the names it may read: those known before it
    per_round: bool = False  # scored once per round, over that round's values (`Rounds`)

    def applies(self, variant: str | None) -> bool:
        return self.variants is None or variant in self.variants


@dataclass(frozen=True)
class Award:
    """VP by place for the most (or, ``lower``, the least) of a measure (`awards.place_awards`).

    ``places``: the VP of 1st, 2nd, ... place (``(vp,)`` for a single award);
    ``places_by_players``: ``((count, places), ...)`` ascending, the entry with the largest count
    up to the record's player count used instead (none: the award is not given). ``ties``:
    ``all`` (every tied player scores the place's VP), ``none`` (nobody scores it), ``share``
    (they split that place's VP, rounded toward 0) or ``pool`` (they pool the VP of the places
    they cover and split it); ``after_tie``: ``skip`` (the next player takes the place after
    every place the tied players cover: 1st, 1st, 3rd) or ``next`` (1st, 1st, 2nd). A player
    whose value is below ``min_to_win`` (above, for ``lower``) takes no place. ``min_players``
    and ``max_players``: given only with that many players. ``per_round``: given in each round
    over that round's values. ``measure_in``: per variant, another measure and a ``note`` for
    the explanation (Xeno Counterstrike: the invasion tiles at the repulse)."""

    id: str
    title: str
    vp: int
    measure: Any
    measure_label: str
    lower: bool = False
    ties: str = "all"
    min_to_win: int | None = None
    variants: tuple[str, ...] | None = None
    measure_in: dict = field(default_factory=dict)  # variant -> (Expression, label, note)
    help: str = ""
    at: tuple = ()  # where in the kind: scoring document: ("awards", 0)
    places: tuple[int, ...] = ()
    places_by_players: tuple = ()  # ((player count, places), ...), ascending
    after_tie: str = "skip"
    min_players: int | None = None
    max_players: int | None = None
    per_round: bool = False
    when: Any = None  # a compiled expression over the game's names: given only when it holds
    places_by_round: tuple = ()  # (places of round 1, of round 2, ...), per_round only

    def applies(self, variant: str | None) -> bool:
        return self.variants is None or variant in self.variants

    @property
    def single(self) -> bool:
        """One place, all or nobody on a tie, every game: said as the original one-VP award
        ("highest military: 7, tied with Ben"); else by place (`awards.place_awards`)."""
        return (len(self.places) == 1 and not self.places_by_players and self.ties in ("all", "none")
                and not self.per_round and self.when is None and not self.places_by_round)

    def places_for(self, player_count: int) -> tuple[int, ...]:
        """The VP by place with ``player_count`` players (empty: the award is not given)."""
        if not self.places_by_players:
            return self.places
        found: tuple[int, ...] = ()
        for count, places in self.places_by_players:
            if count <= player_count:
                found = places
        return found

    def measure_for(self, variant: str | None):
        """(expression, label, note) of the measure in ``variant``."""
        return self.measure_in.get(variant) or (self.measure, self.measure_label, "")


@dataclass(frozen=True)
class TieBreaker:
    """After the total, in order: the higher ``value`` ranks first (the lower, ``lower_wins``).
    ``fields``: the names its formula reads, in order (the report shows them)."""

    id: str
    label: str
    value: Any
    fields: tuple[str, ...]
    lower_wins: bool = False
    at: tuple = ()  # where in the kind: scoring document: ("tie_breakers", 0)


@dataclass(frozen=True)
class Check:
    """A check over the whole game (or, in ``player_checks``, over one player): when ``when``
    holds and ``expect`` does not, a finding ``id`` of ``severity`` with ``message`` (a template
    over ``values`` and the names in scope), about record ``field``."""

    id: str
    expect: Any
    message: str
    severity: str = "warning"
    when: Any = None
    values: tuple = ()
    field: tuple = ()
    variants: tuple[str, ...] | None = None
    player: Any = None  # a compiled expression: the index of the player the finding is about
    needed: frozenset = frozenset()  # the values `expect` reads, directly or through another value
    at: tuple = ()  # where in the kind: scoring document: ("checks", 1)

    def applies(self, variant: str | None) -> bool:
        return self.variants is None or variant in self.variants


@dataclass(frozen=True)
class Variant:
    """A way to play: ``ended_by`` (allowed endings), ``constants``, mechanism ``settings``,
    ``no_awards_when`` (endings after which no award is given), ``becomes`` (another variant
    scored instead when record values say so: ``((values, variant id, note), ...)``),
    ``hidden`` (reached only through ``becomes``)."""

    id: str
    title: str
    ended_by: tuple[str, ...] = ()
    constants: dict = field(default_factory=dict)
    settings: dict = field(default_factory=dict)
    no_awards_when: tuple[str, ...] = ()
    becomes: tuple = ()
    hidden: bool = False


def _opt_tuple(value):
    return None if value is None else tuple(value)


def _compile(text: str, where: str, names: set[str] | None, path: tuple = ()):
    try:
        return compile_expression(text, names, SCORING_FUNCTIONS)
    except ExpressionError as exc:
        raise ModelInvalid.from_expression(where, exc, path) from None


#: Marks a key the compiled document must give (`declared`): the dataclasses' own mark of a
#: field without a default, so a key table reads as a dataclass's fields do.
REQUIRED = MISSING

#: The one declaration of an award as the compiled model holds it: each key the core reads and
#: its default (`REQUIRED`: none). `Model` reads every award through it (`declared`: a key not
#: here cannot be read), and the content schema (`generator.content.scoring_model.Award`, with
#: its bounds and its ``source``) is checked against it (``tests/test_declared_once.py``).
AWARD_KEYS: dict[str, Any] = {
    "id": REQUIRED, "title": None, "vp": None, "places": None, "places_by_players": None,
    "places_by_round": None, "most": None, "least": None, "measure_label": None, "ties": "all",
    "after_tie": "skip", "min_to_win": None, "min_players": None, "max_players": None,
    "per_round": False, "when": None, "variants": None, "measure_in": {}, "help": ""}
#: The same for an award's measure in one variant (``measure_in``).
AWARD_MEASURE_KEYS: dict[str, Any] = {"most": None, "least": None, "measure_label": None, "note": ""}


def declared(keys: dict[str, Any], data: dict) -> dict:
    """``data`` (a compiled item) read by its declaration ``keys``: every declared key, its value
    or (absent, null) its default; KeyError for a `REQUIRED` key absent (`Model.from_json` says
    the model is incomplete). Keys ``data`` holds beyond the declaration are not read."""
    out = {}
    for key, default in keys.items():
        value = data.get(key)
        if value is None:
            if default is REQUIRED:
                raise KeyError(key)
            value = default
        out[key] = value
    return out


#: The names a component may read about the other players (`pad.Pad`, two passes):
#: ``players`` (every player's entered values and measures, in the record's seating order),
#: ``left`` and ``right`` (the next and the previous player in that order), ``index`` (this
#: player's place in it, from 0).
CROSS_NAMES = frozenset({"players", "left", "right", "index"})


@dataclass(frozen=True)
class Rounds:
    """A game scored round by round: ``ids`` (the record key of each round's values: r1, r2,
    ...), ``labels`` (Round 1, ...), ``entered`` (the ids of the values entered each round: each
    round's record value is a group of them). Per-round formulas read one round's values by
    these ids, and ``round`` (its number, from 1)."""

    ids: tuple[str, ...]
    labels: tuple[str, ...]
    entered: tuple[str, ...]


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
            raise ModelInvalid(f"the scoring model is incomplete ({type(exc).__name__}: {exc}); "
                               f"run `playaid check` on the content") from None

    @classmethod
    def _build(cls, data: dict, mechanism_names: dict[str, set[str]]) -> Model:
        mechanisms = dict(data.get("mechanisms") or {})
        constants = dict(data.get("constants") or {})
        variants = {}
        for v in data.get("variants") or ():
            becomes = tuple((dict(b["when"]), b["variant"], b.get("note", "")) for b in v.get("becomes", ()))
            variants[v["id"]] = Variant(v["id"], v.get("title", v["id"]), tuple(v.get("ended_by", ())),
                                        dict(v.get("constants") or {}), dict(v.get("settings") or {}),
                                        tuple(v.get("no_awards_when", ())), becomes, bool(v.get("hidden")))
        constant_names = set(constants)
        for v in variants.values():
            constant_names |= set(v.constants)
        record_scope = constant_names | {"variant", "ended_by", "player_count"}
        record_entered = tuple(Entered.from_json(e, f"record value '{e['id']}'", record_scope, ("record_entered", i))
                               for i, e in enumerate(data.get("record_entered") or ()))
        record_scope |= {e.id for e in record_entered}
        data = expand_rounds(data)
        rounds = None
        if data.get("rounds"):
            spec = data["rounds"]
            rounds = Rounds(tuple(spec["ids"]), tuple(spec["labels"]),
                            tuple(e["id"] for e in spec.get("entered") or ()))
        entered = tuple(Entered.from_json(e, f"entered value '{e['id']}'", None, ("entered", i))
                        for i, e in enumerate(data.get("entered") or ()))
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
                    raise ModelInvalid(f"{where}: mechanism '{item['mechanism']}' is not switched on "
                                       f"(add it under `mechanisms:`)", (key, i, "mechanism"))
                why = item.get("why") or ""
                if isinstance(why, list):  # [{when, text}]: the first whose `when` holds
                    why = tuple((None if w.get("when") is None else
                                 _compile(str(w["when"]), f"{where} why", names, (key, i, "why", j, "when")),
                                 w["text"]) for j, w in enumerate(why))
                out.append(Formula(item["id"], item.get("label", item["id"]), value, item.get("mechanism"),
                                   item.get("help", ""), why, item.get("explain_as", ""),
                                   _opt_tuple(item.get("variants")), (key, i), frozenset(scope), per_round))
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
                measure_in[variant_id] = (_compile(str(other_text), f"{where} in variant '{variant_id}'",
                                                   award_scope, ("awards", ai, "measure_in", variant_id)),
                                          other["measure_label"] or _words(other_text),
                                          other["note"])
            by_players = tuple(sorted((int(count), tuple(vps))
                                      for count, vps in (a["places_by_players"] or {}).items()))
            by_round = tuple(tuple(vps) for vps in a["places_by_round"] or ())
            if by_round and rounds is not None and len(by_round) != len(rounds.ids):
                raise ModelInvalid(f"{where}: `places_by_round` gives {len(by_round)} rounds their places, but the "
                                   f"game has {len(rounds.ids)} rounds", ("awards", ai, "places_by_round"))
            places = tuple(a["places"]) if a["places"] else (() if by_players or by_round else (given["vp"],))
            vp = a["vp"] if a["vp"] is not None else (places or (by_players[0][1] if by_players else by_round[0]))[0]
            awards[a["id"]] = Award(a["id"], a["id"] if a["title"] is None else a["title"], vp,
                                    _compile(str(text), where, award_scope, ("awards", ai, "least" if lower else "most")),
                                    a["measure_label"] or _words(text), lower, a["ties"],
                                    a["min_to_win"], _opt_tuple(a["variants"]), measure_in,
                                    a["help"], ("awards", ai), places, by_players,
                                    a["after_tie"], a["min_players"], a["max_players"],
                                    per_round, None if a["when"] is None else
                                    _compile(str(a["when"]), f"{where} `when`",
                                             record_scope | {"players"} | ({"round"} if per_round else set()),
                                             ("awards", ai, "when")), by_round)
        scope.add(awards_total["id"])
        scope.add(awards_total["list"])  # the ids of the awards a player won (a tie-breaker may read them)
        tie_breakers = []
        for ti, t in enumerate(data.get("tie_breakers") or ()):
            expr = _compile(str(t["value"]), f"tie-breaker '{t['id']}'", scope, ("tie_breakers", ti, "value"))
            tie_breakers.append(TieBreaker(t["id"], t.get("label", t["id"]), expr,
                                           tuple(_ordered_names(expr)), bool(t.get("lower_wins")),
                                           ("tie_breakers", ti)))
        player_checks = tuple(_check(c, "player check", scope | {"index"}, ("player_checks", i))
                              for i, c in enumerate(data.get("player_checks") or ()))
        game_scope = record_scope | {"players"}
        checks = tuple(_check(c, "check", game_scope, ("checks", i)) for i, c in enumerate(data.get("checks") or ()))
        players = data.get("players") or {}
        return cls(json=data, record=str(data.get("record") or data.get("id")), title=data.get("title", ""),
                   players_min=players.get("min", 1), players_max=players.get("max"),
                   mechanisms=mechanisms, constants=constants,
                   endings=tuple((e["id"], e.get("label", e["id"])) for e in data.get("endings") or ()),
                   variants=variants, record_entered=record_entered, entered=entered,
                   components=components, measures=measures, awards=awards,
                   awards_total=(awards_total["id"], awards_total["label"], awards_total["list"]),
                   tie_breakers=tuple(tie_breakers), checks=checks, player_checks=player_checks,
                   messages=dict(data.get("messages") or {}), rounds=rounds,
                   lowest_wins=bool(data.get("lowest_wins")),
                   cross=any(f.value is not None and f.value.names & _OTHERS for f in components))


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
    ids = list(spec.get("ids") or [str(spec.get("key") or "r{n}").replace("{n}", str(n))
                                   for n in range(1, (spec.get("count") or 0) + 1)])
    template = str(spec.get("label") or "Round {n}")
    labels = list(spec.get("labels") or [template.replace("{n}", str(n)).replace("{id}", rid)
                                         for n, rid in enumerate(ids, 1)])
    groups = [{"id": rid, "label": label, "type": "group", "round": n, "help": spec.get("help", ""),
               "values": list(spec.get("entered") or ())} for n, (rid, label) in enumerate(zip(ids, labels), 1)]
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
    return Check(data["id"], expect, data["message"], data.get("severity", "warning"), when, tuple(values),
                 path, _opt_tuple(data.get("variants")), player, frozenset(needed), at)


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
