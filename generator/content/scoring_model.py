"""Schema of a game's scoring model (``kind: scoring``): what its score pad holds.

One description per game, from which everything about its score comes: the calculator
(`generator.scoring.pad`), the record's JSON Schema and `playaid score --help`, the command
line's report, the phone pad's form (the compiled model is its JSON) and the printed and
fillable score sheet (`sheet`). Every key is documented in ``docs/content-format.md``
("Scoring"); the compiled JSON the phone pad reads in ``docs/scoring-model.md``.

Formulas are expressions of the bounded language `generator.scoring.expressions`; validation
compiles each one against the names in scope (`generator.checks.scoring_checks`), so a typo
is a located content error, never a wrong score.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

from generator.content.models import ID_PATTERN, Ruling, SourceRef, Strict
from generator.scoring.model import AWARD_KEYS, AWARD_MEASURE_KEYS, COUNT_MAX, NUMBER_MIN

Expression = str
#: pydantic error type of a message that says in full what is allowed and how to fix it
#: (`generator.content.validate` adds no hint of its own).
PLAIN_WORDS = "plain_words"
"""A formula in the bounded expression language (``chips + war_contribution_chips // 3``)."""


class FactRef(Strict):
    """A constant read from a fact of the game (``{fact: campaign_goal_count}``), so a number
    is written once, with its source, in a facts file."""

    fact: str


class TableRef(Strict):
    """A constant holding a table's rows (``{table: xeno-systems-in-play}``): a list of
    mappings, one per row, that formulas read (``[r.total for r in rows if r.players == 3]``)."""

    table: str


Constant = int | bool | str | FactRef | TableRef


class PlayerCount(Strict):
    """How many players the game takes: fewer than ``min`` is a record error, more than ``max``
    a warning (the record may still be scored)."""

    min: int = Field(1, ge=1, le=10)
    max: int | None = Field(None, ge=1, le=10)
    source: SourceRef | None = None

    @model_validator(mode="after")
    def _ordered(self):
        if self.max is not None and self.min > self.max:
            raise ValueError(f"min {self.min} is above max {self.max}")
        return self


class Ending(Strict):
    """A way the game ends: the record's ``ended_by`` value, with its label."""

    id: str = Field(pattern=ID_PATTERN)
    label: str
    source: SourceRef | None = None


class Becomes(Strict):
    """Score another variant instead when the record's values say so: ``when`` maps record
    values to what they must be (``{repulsed: false}``); ``note`` names the stage in messages
    ("before repulse")."""

    when: dict[str, bool | int | str] = Field(min_length=1)
    variant: str
    note: str = ""


class Variant(Strict):
    """A way to play (the record's ``variant``).

    ``ended_by``: the endings this variant allows; ``constants``: numbers formulas read, for this
    variant (added to or replacing the top-level ``constants``); ``settings``: per mechanism, its
    settings in this variant (``{tableau: {damage: true}}``); ``no_awards_when``: endings after
    which no award is given; ``becomes``: another variant scored instead when record values say
    so; ``hidden``: reached only through another's ``becomes`` (a record cannot name it).
    """

    id: str = Field(pattern=ID_PATTERN)
    title: str
    ended_by: list[str] = Field(default_factory=list)
    constants: dict[str, Constant] = Field(default_factory=dict)
    settings: dict[str, dict[str, Any]] = Field(default_factory=dict)
    no_awards_when: list[str] = Field(default_factory=list)
    becomes: list[Becomes] = Field(default_factory=list)
    hidden: bool = False
    source: SourceRef | None = None


class Entered(Strict):
    """A value written at the table: per player (``entered``) or once per record
    (``record_entered``).

    ``type``: ``count`` (whole number from 0), ``number`` (whole number, may be negative),
    ``boolean`` (a check box), ``text``, ``texts`` (a list of texts), ``numbers`` (a list of
    whole numbers, each within ``min``/``max``: No Thanks!'s cards), ``group`` (named
    ``values`` of their own, e.g. values at a moment of the game) or a mechanism's own type
    (``tableau``). ``min``/``max`` bound numbers (count 0..9999, number -9999..9999 by default).
    ``default``: what formulas read when it is left out or does not apply (0, false, empty).
    ``required``: a record without it cannot be scored. ``missing``: ``warn`` or ``error`` when
    the variant uses it and it is left out (the default counts; write 0 to mean none),
    ``ignore`` (default) says nothing; ``missing_message`` rewords it (``{field}``,
    ``{player}``, ``{default}``). ``variants``: where it applies (default: everywhere); written
    elsewhere, it draws a warning (``not_applicable_hint`` per variant adds why) and reads as its
    default. ``computed_by``: a mechanism computes it when it is left out (RftG's Military).
    ``assume`` (record values): a formula giving the value when it is left out, with a warning.
    """

    id: str = Field(pattern=ID_PATTERN)
    label: str
    help: str = ""
    hint: str | None = Field(
        None,
        description="the phone pad's short hint under the box, where `help` is too long "
        "for it (\"\": none; default: help)",
    )
    type: str = Field(pattern=r"^(count|number|boolean|text|texts|numbers|group|[a-z_]+)$")
    min: int | None = Field(None, ge=-99999, le=99999)
    max: int | None = Field(None, ge=-99999, le=99999)
    max_length: int = Field(100, ge=1, le=1000)
    default: int | bool | str | None = None
    required: bool = False
    missing: Literal["ignore", "warn", "error"] = "ignore"
    missing_message: str | None = None
    variants: list[str] | None = None
    not_applicable_hint: dict[str, str] = Field(default_factory=dict)
    computed_by: str | None = None
    assume: Expression | None = None
    values: list[Entered] = Field(default_factory=list)
    source: SourceRef | None = None

    @field_validator("default")
    @classmethod
    def _default_fits_type(cls, value, info):
        # formulas read the default as if it were written: a count's default of -5 or a
        # boolean's of 7 would score a record that leaves the value out wrongly, silently
        if value is None:
            return value
        kind, low, high = info.data.get("type"), info.data.get("min"), info.data.get("max")
        if kind in ("count", "number"):
            # the bounds the scoring core gives the value (`model.Entered.from_json`)
            low = (0 if kind == "count" else NUMBER_MIN) if low is None else low
            high = COUNT_MAX if high is None else high
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise PydanticCustomError(
                    PLAIN_WORDS,
                    "a {kind}'s `default` is a whole number from {low} to {high}, as a record "
                    "may write it; it is what formulas read when the value is left out",
                    {"kind": kind, "low": low, "high": high},
                )
        elif kind == "boolean" and not isinstance(value, bool):
            raise PydanticCustomError(
                PLAIN_WORDS,
                "a boolean's `default` is true or false; it is what formulas read when the value is left out",
            )
        elif kind == "text" and not (isinstance(value, str) and len(value) <= info.data.get("max_length", 100)):
            raise PydanticCustomError(PLAIN_WORDS, "a text's `default` is text of at most `max_length` characters")
        return value

    @model_validator(mode="after")
    def _shape(self):
        if self.type == "group" and not self.values:
            raise ValueError(f"'{self.id}' is a group: give its `values`")
        if self.values and self.type != "group":
            raise ValueError(f"'{self.id}' has `values`, so its type must be group")
        if self.min is not None and self.max is not None and self.min > self.max:
            raise ValueError(f"'{self.id}': min {self.min} is above max {self.max}")
        return self


class Why(Strict):
    """One explanation of a formula's value: ``text`` (a template) when ``when`` (a formula)
    holds; the first that holds is shown (the last may leave ``when`` out)."""

    when: Expression | None = None
    text: str


class Formula(Strict):
    """A component (adds to the total) or a measure (computed, not added: awards and
    tie-breakers read it, the report shows it). ``value``: its formula, over the entered values,
    constants, ``variant``, ``ended_by``, ``player_count``, the measures and the components
    before it; or ``mechanism``: the named mechanism gives it (RftG's ``cards_vp``). ``why``:
    the explanation shown beside its VP (a template: ``{chips} chips``, or a list of
    ``{when, text}``: the first whose ``when`` holds); ``explain_as``: the
    name shown there (default: ``label``). ``variants``: where it applies (elsewhere it is 0
    and not shown)."""

    id: str = Field(pattern=ID_PATTERN)
    label: str
    help: str = ""
    value: Expression | None = None
    mechanism: str | None = None
    why: str | list[Why] = ""
    explain_as: str = ""
    variants: list[str] | None = None
    per_round: bool = Field(
        False,
        description="scored once per round over that round's values "
        "(the game's `rounds`): a component adds up its rounds, a measure is the "
        "list of them",
    )
    source: SourceRef | None = None

    @model_validator(mode="after")
    def _one_source(self):
        if (self.value is None) == (self.mechanism is None):
            raise ValueError(f"'{self.id}': give either `value` (a formula) or `mechanism`")
        return self


class AwardMeasure(Strict):
    """An award's measure in one variant (``most`` or ``least``, a formula), with a ``note``
    for the explanation (``at repulse``)."""

    core: ClassVar = AWARD_MEASURE_KEYS  # the one declaration of its keys (`generator.content.declared`)

    most: Expression | None = None
    least: Expression | None = None
    measure_label: str | None = None
    note: str = ""


PlaceVP = Annotated[int, Field(ge=-999, le=999)]


class Award(Strict):
    """VP by place for the most (``most``) or least (``least``) of a measure (a formula).

    ``vp``: what the winner scores (one place), or ``places``: the VP of 1st, 2nd, 3rd...
    (``[6, 3]``), or ``places_by_players``: per player count, the places (``{2: [5], 3: [5, 2]}``;
    a count not listed uses the entry of the largest count below it), or ``places_by_round``
    (with ``per_round``): each round's places (Alhambra: ``[[8], [16, 8], [24, 16, 8]]``). ``ties``: ``all`` (every
    tied player scores the place's VP), ``none`` (nobody scores it), ``share`` (the tied
    players split that place's VP, rounded toward 0) or ``pool`` (they add up the VP of every
    place they cover and split it). ``after_tie``: ``skip`` (default: after two tied for 1st,
    the next is 3rd) or ``next`` (the next is 2nd). ``min_to_win``: a player below it (for
    ``least``: above it) takes no place. ``min_players``/``max_players``: given only with that
    many players. ``per_round``: given each round over that round's values (the game's
    ``rounds``). ``when``: given only when this formula holds (over the record's values, the
    constants and ``players``: ``"'scientist' in funded"``). ``variants``: where it is given; ``measure_in``: another measure in some
    variants. Variants' ``no_awards_when`` list the endings after which no award is given.
    ``measure_label``: how messages name the measure (default: the formula, ``_`` as spaces).
    ``help``: small print on the score sheet.
    """

    core: ClassVar = AWARD_KEYS  # the one declaration of its keys (`generator.content.declared`)
    content_only: ClassVar = frozenset({"source"})

    id: str = Field(pattern=ID_PATTERN)
    title: str
    vp: int | None = Field(None, ge=-999, le=999)
    places: list[PlaceVP] | None = Field(None, min_length=1, max_length=20)
    places_by_players: dict[int, list[PlaceVP]] | None = Field(None, min_length=1)
    places_by_round: list[list[PlaceVP]] | None = Field(None, min_length=1, max_length=20)
    most: Expression | None = None
    least: Expression | None = None
    measure_label: str | None = None
    ties: Literal["all", "none", "share", "pool"] = "all"
    after_tie: Literal["skip", "next"] = "skip"
    min_to_win: int | None = None
    min_players: int | None = Field(None, ge=1, le=10)
    max_players: int | None = Field(None, ge=1, le=10)
    per_round: bool = False
    when: Expression | None = Field(
        None,
        description="given only when this formula over the record's "
        "values holds (Terraforming Mars: the awards funded in this game)",
    )
    variants: list[str] | None = None
    measure_in: dict[str, AwardMeasure] = Field(default_factory=dict)
    help: str = ""
    source: SourceRef

    @field_validator("vp", mode="before")
    @classmethod
    def _vp_is_a_number(cls, value):
        # said in plain words: a fact or constant here looks as if it should work, as in `constants`
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise PydanticCustomError(
                PLAIN_WORDS,
                "an award's `vp` is a whole number written here (e.g. `vp: 5`, from -999 to 999); "
                "it cannot read a fact, a constant or a formula: write the number, and cite where it "
                "comes from in the award's `source`",
            )
        return value

    @field_validator("places_by_players")
    @classmethod
    def _player_counts(cls, value):
        if value is not None:
            for count, places in value.items():
                if not 1 <= count <= 10 or not places:
                    raise PydanticCustomError(
                        PLAIN_WORDS,
                        "`places_by_players` maps a player count (1 to 10) to the VP of its "
                        "places, e.g. `{2: [5], 3: [5, 2]}`",
                    )
        return value

    @model_validator(mode="after")
    def _one_measure(self):
        if (self.most is None) == (self.least is None):
            raise ValueError(f"award '{self.id}': give either `most` or `least` (a formula)")
        given = [
            key for key in ("vp", "places", "places_by_players", "places_by_round") if getattr(self, key) is not None
        ]
        if len(given) != 1:
            raise ValueError(
                f"award '{self.id}': give one of `vp` (one place), `places` (VP of 1st, 2nd, ...), "
                f"`places_by_players` or `places_by_round`" + (f", not {' and '.join(given)}" if given else "")
            )
        if self.places_by_round is not None and not self.per_round:
            raise ValueError(f"award '{self.id}': `places_by_round` gives each round its places; add `per_round: true`")
        if self.min_players is not None and self.max_players is not None and self.min_players > self.max_players:
            raise ValueError(
                f"award '{self.id}': min_players {self.min_players} is above max_players {self.max_players}"
            )
        return self

    @property
    def vp_by_place(self) -> list[int]:
        """The VP of 1st, 2nd, ... with the most players the award lists (a sheet's label)."""
        if self.places is not None:
            return list(self.places)
        if self.places_by_players is not None:
            return list(self.places_by_players[max(self.places_by_players)])
        if self.places_by_round is not None:
            longest = self.places_by_round[0]
            for places in self.places_by_round:
                if len(places) > len(longest):
                    longest = places
            return list(longest)
        return [self.vp if self.vp is not None else 0]


class AwardsTotal(Strict):
    """The name of the awards' VP in the report (``id``; RftG: ``bonus_vp``), its ``label``
    and the name of the list of awards won (``list``; RftG: ``bonuses``)."""

    id: str = Field("awards_vp", pattern=ID_PATTERN)
    label: str = "Awards"
    list: str = Field("awards", pattern=ID_PATTERN)


class TieBreaker(Strict):
    """Breaks a tie for a total, in the order given: the higher ``value`` (a formula) ranks
    first, or the lower with ``lower_wins``. Still level after all: a shared rank."""

    id: str = Field(pattern=ID_PATTERN)
    label: str
    value: Expression
    lower_wins: bool = False
    source: SourceRef


class Check(Strict):
    """A check of a scored record: whole-game (``checks``; names in scope: the record values,
    constants, ``players``: every player's values) or per player (``player_checks``: the
    player's values, ``index``). When ``when`` holds (default: always) and ``expect`` does not,
    a finding ``id`` of ``severity`` with ``message`` (a template over ``values``, formulas
    computed first, and the names in scope), about the record's ``field``; ``player`` (whole-game
    checks): a formula giving the index of the player it is about, or a list of indexes (one
    finding each): the finding names that player and its field is that player's."""

    id: str = Field(pattern=ID_PATTERN)
    description: str = ""
    when: Expression | None = None
    values: dict[str, Expression] = Field(default_factory=dict)
    expect: Expression
    severity: Literal["error", "warning", "info"] = "warning"
    message: str
    field: str | list[str | int] | None = None
    player: Expression | None = None
    variants: list[str] | None = None
    source: SourceRef | None = None


class Message(Strict):
    """A built-in finding reworded: its ``code`` and ``text`` (a template), and ``values``: the
    model's own words for the template's named words (``claimed_total``: ``{counted: "the
    cards and chips give"}``), which the finding's ``params`` carry too, so every reader words
    the finding alike."""

    code: str | None = None
    text: str | None = None
    values: dict[str, str] | None = None


class SheetLine(Strict):
    """A line of the score sheet: ``id`` names an entered value, measure, component, award or
    tie-breaker (its label and help come from there) or ``name`` / ``total``; ``add`` makes it
    one box for several components or awards (``[chips_vp, war_contribution_vp]``);
    ``each_round``: one line per round adding those per-round components and awards in that
    round (``label: "Round {n}"``); ``running_total`` adds up a line from the first game down
    (campaign logs). A line naming a per-round item gets one line per round too."""

    id: str = Field(pattern=ID_PATTERN)
    label: str | None = None
    help: str | None = None
    add: list[str] | None = Field(None, min_length=1)
    each_round: list[str] | None = Field(
        None,
        min_length=1,
        description="one box per round adding these per-round components and awards (`label` may hold {n})",
    )
    running_total: str | None = None
    width: float | None = Field(None, gt=0, le=10, description="relative width (lines across)")


class SheetEach(Strict):
    """What repeats on the sheet: a player (across) or a game of a campaign (down)."""

    label: str = "Player {n}"
    count: int = Field(5, ge=1, le=20)


class Sheet(Strict):
    """The printed and fillable score sheet, generated from the model: ``lines`` in order (see
    `SheetLine`; a plain id is a line with its own label and help), ``each`` player across (or
    game down, with the campaign mechanism), the ``corner`` label. Every component and award
    appears exactly once, so the sheet's Total adds up what the calculator adds up."""

    corner: str = "Player"
    each: SheetEach = Field(default_factory=SheetEach)
    lines: list[str | SheetLine] = Field(min_length=1)


class Rounds(Strict):
    """A game scored round by round: ``entered``, the values written each round (each round's
    record value is a group of them: ``r1: {maki: 4, tempura: 2}``); ``count`` rounds keyed
    ``key`` (``r{n}``: r1, r2, r3) and labelled ``label`` (``Round {n}``), or ``ids`` and
    ``labels`` given one by one (Lost Cities' expeditions: ``ids: [yellow, blue, ...]``).
    Components, measures and awards with ``per_round: true`` are scored each round over that
    round's values."""

    count: int | None = Field(None, ge=1, le=20)
    ids: list[Annotated[str, Field(pattern=ID_PATTERN)]] | None = Field(None, min_length=1, max_length=20)
    labels: list[str] | None = None
    key: str = Field("r{n}", pattern=r"^[a-z][a-z0-9_]*\{n\}[a-z0-9_]*$")
    label: str = "Round {n}"
    help: str = ""
    entered: list[Entered] = Field(min_length=1)
    source: SourceRef | None = None

    @model_validator(mode="after")
    def _how_many(self):
        if (self.count is None) == (self.ids is None):
            raise ValueError("give the rounds' `count` (keyed r1, r2, ...) or their `ids`, one of the two")
        if self.labels is not None and (self.ids is None or len(self.labels) != len(self.ids)):
            raise ValueError("`labels` gives one label per round id in `ids`")
        return self

    def round_ids(self) -> list[str]:
        """The record key of each round, in order."""
        if self.ids is not None:
            return list(self.ids)
        return [self.key.replace("{n}", str(n)) for n in range(1, (self.count or 0) + 1)]

    def round_labels(self) -> list[str]:
        """Each round's label, in order."""
        if self.labels is not None:
            return list(self.labels)
        return [self.label.replace("{n}", str(n)).replace("{id}", rid) for n, rid in enumerate(self.round_ids(), 1)]


class CalculatorDie(Strict):
    """The die a calculator starts from: its id (``d20``, the name its box and messages use), the
    box's label and its faces' bounds (numbers, or facts ``{fact: d20_min}``)."""

    id: str = Field(pattern=ID_PATTERN)
    label: str
    min: int | FactRef
    max: int | FactRef


class CalculatorResult(Strict):
    """What the calculator gives: the column of its bands table read, and its words."""

    column: str
    label: str


class Calculator(Strict):
    """A calculator the phone page and the command line offer beside the score pad (Xia's solo
    round-end roll): a die, plus each term's count x bonus (rows ``{term, label, bonus, unit}``
    of table ``terms``), read off the bands of table ``bands`` (rows ``{low, high, result,
    <column>}``, ``high: null`` open-ended). ``command``: its word under ``playaid <game>``."""

    id: str = Field(pattern=ID_PATTERN)
    title: str = Field(description="its heading on the page")
    tab: str | None = Field(None, description="its name on the phone's tab (short; default: the title)")
    help: str | None = None
    command: str | None = Field(
        None, pattern=ID_PATTERN, description="the command line's word for it: `playaid <game> <command>`"
    )
    die: CalculatorDie
    terms: TableRef
    bands: TableRef
    result: CalculatorResult
    source: SourceRef | None = None


class Scoring(Strict):
    """``kind: scoring`` — what a game's score pad holds (see the module docstring)."""

    kind: Literal["scoring"]
    id: str = Field(pattern=ID_PATTERN)
    title: str
    record: str | None = Field(
        None, pattern=ID_PATTERN, description="the records' `game:` word (default: the game's id)"
    )
    players: PlayerCount | None = None
    mechanisms: dict[str, dict[str, Any]] = Field(default_factory=dict)
    constants: dict[str, Constant] = Field(default_factory=dict)
    endings: list[Ending] = Field(default_factory=list)
    variants: list[Variant] = Field(default_factory=list)
    record_entered: list[Entered] = Field(default_factory=list)
    rounds: Rounds | None = None
    entered: list[Entered] = Field(default_factory=list)
    measures: list[Formula] = Field(default_factory=list)
    components: list[Formula] = Field(default_factory=list)
    awards: list[Award] = Field(default_factory=list)
    awards_total: AwardsTotal = Field(default_factory=AwardsTotal)  # compiled always: the pad needs the names
    tie_breakers: list[TieBreaker] = Field(default_factory=list)
    lowest_wins: bool = Field(
        False, description="the lowest total wins (No Thanks!); tie-breakers still say which of a tie ranks first"
    )
    checks: list[Check] = Field(default_factory=list)
    player_checks: list[Check] = Field(default_factory=list)
    messages: dict[str, Message] = Field(default_factory=dict)
    sheet: Sheet | None = None
    tab: str | None = Field(None, description="the pad's name on the phone's tab (short; default: the game's title)")
    calculators: list[Calculator] = Field(default_factory=list)
    rulings: list[Ruling] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    source: SourceRef | None = None

    def variant(self, variant_id: str):
        """The variant with this id, or None."""
        return next((v for v in self.variants if v.id == variant_id), None)
