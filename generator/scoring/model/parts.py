"""The parts of a scoring model as the scoring core holds them (`generator.scoring.model`): the
types a value can be entered as and their default bounds, the error a model that cannot score
raises (`ModelInvalid`), one frozen dataclass per item (entered value, formula, award,
tie-breaker, check, variant, rounds), and the declarations an award is read by (`AWARD_KEYS`,
`declared`). Standard library only.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field
from typing import Any

from generator.scoring.expressions import ExpressionError, compile_expression
from generator.scoring.tally import SCORING_FUNCTIONS

#: Value types a player or record can enter, with the JSON Schema type they are checked as.
ENTERED_TYPES = {
    "count": "integer",
    "number": "integer",
    "boolean": "boolean",
    "text": "string",
    "texts": "array",
    "numbers": "array",
    "group": "object",
}
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

    def __init__(
        self,
        message: str,
        path: tuple = (),
        *,
        column: int | None = None,
        unknown: str | None = None,
        known: tuple[str, ...] = (),
    ):
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
        values = tuple(
            cls.from_json(v, f"{where} value '{v['id']}'", None, path + ("values", i))
            for i, v in enumerate(data.get("values", ()))
        )
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
        return cls(
            id=data["id"],
            label=data.get("label", data["id"]),
            type=kind,
            help=data.get("help", ""),
            min=low,
            max=high,
            max_length=data.get("max_length", 100),
            default=default,
            required=bool(data.get("required")),
            missing=data.get("missing", "ignore"),
            missing_message=data.get("missing_message"),
            variants=_opt_tuple(data.get("variants")),
            computed_by=data.get("computed_by"),
            values=values,
            assume=assume,
            not_applicable_hint=dict(data.get("not_applicable_hint", {})),
            at=path,
        )

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
        return (
            len(self.places) == 1
            and not self.places_by_players
            and self.ties in ("all", "none")
            and not self.per_round
            and self.when is None
            and not self.places_by_round
        )

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
    "id": REQUIRED,
    "title": None,
    "vp": None,
    "places": None,
    "places_by_players": None,
    "places_by_round": None,
    "most": None,
    "least": None,
    "measure_label": None,
    "ties": "all",
    "after_tie": "skip",
    "min_to_win": None,
    "min_players": None,
    "max_players": None,
    "per_round": False,
    "when": None,
    "variants": None,
    "measure_in": {},
    "help": "",
}
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
