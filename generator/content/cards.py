"""Schema of a card database (``kind: cards``): one document per set, one entry per card design.

A card carries its printed facts (cost or defense, VP, keywords, good, ...) and, for 6-cost
developments and ``?``-VP worlds, its scoring lines in printed order. A scoring line is data
(``vp`` per matching tableau card, or per player quantity); `generator.scoring.mechanisms.tableau` holds the one
generic matcher that interprets it, as Keldon's engine does with its ``V:`` lines.

A card also lists its ``military_powers``: the lasting Military powers that count toward its
owner's Military and Military vs. Xenos at game end (rulings ``military-at-game-end`` and
``military-vs-xenos-at-game-end`` in ``scoring.yaml`` define both).

Facts come from public references declared in ``game.yaml`` (``arc3``, ``bga``, ``keldon``); a
document ``source`` covers every card, a card's own ``source`` overrides it, and ``unverified``
lists the fields nobody could confirm. ``differences`` records, per field, where another
implementation prints a different value and why this card's value stands
(``tools/compare_cards.py`` checks them; ``docs/card-data.md`` explains the method).
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field, model_validator

from generator.content.models import ID_PATTERN, SourceRef, Strict
from generator.scoring.mechanisms.tableau import cards as core

Keyword = Literal["XENO", "ANTI-XENO", "REBEL", "IMPERIUM", "ALIEN", "UPLIFT", "CHROMO", "TERRAFORMING"]
Good = Literal["novelty", "rare", "genes", "alien", "any"]
Phase = Literal["explore", "develop", "settle", "trade", "consume", "produce"]
SetId = Literal["base", "xi", "xc"]


class CardMatch(Strict):
    """Which tableau cards a scoring line counts. Every given field must hold (AND).

    ``type`` world/development; ``good`` the world's good kind; ``windfall`` true = windfall world,
    false = production world (a world with a good that is not windfall); ``military`` (worlds);
    ``keyword`` one keyword the card has; ``power`` a phase in which the card has a power (``trade``
    is a trade power of the Consume phase); ``cost`` exact printed cost (so 7- and 9-cost
    developments are not 6-cost developments); ``name`` one card (case-insensitive); ``frontier``
    near/far/any; ``ability`` a named special ability from the card's ``abilities``.
    """

    core: ClassVar = core.CardMatch  # the one declaration of its fields (`generator.content.declared`)

    type: Literal["world", "development"] | None = None
    good: Good | None = None
    windfall: bool | None = None
    military: bool | None = None
    keyword: Keyword | None = None
    power: Phase | None = None
    cost: int | None = None
    name: str | None = None
    frontier: Literal["near", "far", "any"] | None = None
    ability: str | None = None


#: Player quantities a scoring line can count (``ScoringLine.per_player``).
PerPlayer = Literal["vp_chips", "military", "goods"]


class ScoringLine(Strict):
    """One printed scoring line of a 6-cost development or ``?`` world.

    Either ``match`` (``vp`` per matching undamaged tableau card; each card scores in the first
    matching line only, per scoring card) or ``per_player`` (``vp`` per ``divide_by`` of a player
    quantity, rounded down: ``vp_chips`` = VP chips + war contribution chips, ``military`` = the
    player's Military at game end, ``goods`` = the goods on the player's worlds at game end, as
    the 2nd-edition Merchant Guild prints "1 VP per good at game end").
    """

    core: ClassVar = core.ScoringLine
    content_only: ClassVar = frozenset({"note", "source", "unverified"})

    vp: int
    text: str = Field(description="the line in our words, e.g. '2 per 6-cost development'")
    match: CardMatch | None = None
    per_player: PerPlayer | None = None
    divide_by: int = Field(1, ge=1)
    note: str | None = None
    source: SourceRef | None = Field(None, description="when this line has its own source")
    unverified: bool = False

    @model_validator(mode="after")
    def _one_kind(self):
        if (self.match is None) == (self.per_player is None):
            raise ValueError(
                "a scoring line needs exactly one of `match` (per card) or `per_player` (per player quantity)"
            )
        return self


class MilitaryPower(Strict):
    """A lasting Military power of a card (printed in its Settle row), as it counts at game end.

    Exactly one of ``military`` (+N or -N Military: counts toward Military and toward Military
    vs. Xenos) or ``military_vs_xenos`` (counts only toward Military vs. Xenos). With ``per``,
    the amount counts once per matching undamaged tableau card (the card itself included when it
    matches), per ``divide_by`` of them rounded down ("+1 Military per two non-military worlds":
    ``divide_by: 2``). Temporary Military (discard a card, good or world), Military specialised
    against one kind of world (Rebel, Alien, a good kind) and Defense vs. Xenos are not entries;
    list them in the card's ``note``. Sources: "xi: Invasion Step" (Military vs. Xenos), the
    printed cards.
    """

    core: ClassVar = core.MilitaryPower
    content_only: ClassVar = frozenset({"source", "note"})

    military: int | None = None
    military_vs_xenos: int | None = None
    per: CardMatch | None = None
    divide_by: int = Field(1, ge=1, description="with `per`: count per this many matching cards")
    text: str = Field(min_length=1, description="the power in our words, e.g. '+2 Military'")
    source: SourceRef | None = None
    note: str | None = None

    @model_validator(mode="after")
    def _one_kind(self):
        if (self.military is None) == (self.military_vs_xenos is None):
            raise ValueError("a Military power needs exactly one of `military` or `military_vs_xenos`")
        if (self.military or self.military_vs_xenos) == 0:
            raise ValueError("a Military power of 0 adds nothing: leave it out")
        if self.divide_by != 1 and self.per is None:
            raise ValueError("`divide_by` needs `per` (the cards it counts)")
        return self


#: Card fields another implementation can disagree on (`Difference.field`).
DifferenceField = Literal[
    "name",
    "type",
    "cost",
    "vp",
    "copies",
    "military",
    "good",
    "windfall",
    "keywords",
    "powers",
    "start",
    "scoring",
    "military_powers",
]


class Difference(Strict):
    """Another implementation prints ``value`` for ``field`` where this card has its own value,
    and why ours stands: ``resolution`` in our words, ``source`` the evidence (a printed-card
    scan, a rulebook section). ``other`` is that implementation's reference id in ``game.yaml``
    (``bga``, ``keldon``, ``arc3``). For ``scoring``, ``value`` is ``"<tableau card>: <VP>"``:
    what the other implementation's scoring gives that card."""

    field: DifferenceField
    other: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    value: int | str | bool | None | list[str] | list[dict]
    resolution: str = Field(min_length=1)
    source: SourceRef


class Card(Strict):
    """One card design.

    ``cost`` is the cost (development, non-military world) or defense (military world).
    ``vp`` is the printed VP or ``"?"`` (then ``scoring`` gives the lines). ``copies`` is the
    number of copies in its set. World-only fields (``military``, ``good``, ``windfall``,
    ``frontier``, ``start``) are errors on developments. ``military_powers``: see
    `MilitaryPower`; ``differences``: see `Difference`.
    """

    core: ClassVar = core.Card
    content_only: ClassVar = frozenset({"differences", "note", "source"})

    name: str = Field(min_length=1)
    set: SetId
    type: Literal["world", "development"]
    cost: int = Field(ge=0, le=12)
    vp: int | Literal["?"]
    military: bool | None = None
    good: Good | None = None
    windfall: bool = False
    keywords: list[Keyword] = Field(default_factory=list)
    frontier: Literal["near", "far"] | None = None
    start: Literal["blue", "red"] | None = Field(None, description="start world colour")
    copies: int = Field(1, ge=1)
    powers: list[Phase] = Field(default_factory=list)
    abilities: list[str] = Field(default_factory=list, description="special abilities lines match")
    scoring: list[ScoringLine] = Field(default_factory=list)
    military_powers: list[MilitaryPower] = Field(default_factory=list)
    unverified: list[str] = Field(default_factory=list, description="fields not confirmed")
    differences: list[Difference] = Field(default_factory=list, description="other implementations' values, resolved")
    note: str | None = None
    source: SourceRef | None = None

    @model_validator(mode="after")
    def _consistent(self):
        if self.type == "development":
            bad = [f for f in ("military", "good", "frontier", "start") if getattr(self, f) is not None]
            if self.windfall:
                bad.append("windfall")
            if bad:
                raise ValueError(f"a development cannot have {', '.join(bad)} (world-only fields)")
        elif self.military is None:
            raise ValueError("a world needs `military: true` or `military: false`")
        if self.vp == "?" and not self.scoring:
            raise ValueError("a card with vp '?' needs its `scoring` lines")
        if self.vp != "?" and self.scoring:
            raise ValueError("only a card with vp '?' has `scoring` lines")
        if self.windfall and self.good is None:
            raise ValueError("a windfall world needs its `good`")
        return self


class Cards(Strict):
    """``kind: cards`` — a card database for one set; ``source`` is the default for every card."""

    kind: Literal["cards"]
    id: str = Field(pattern=ID_PATTERN)
    title: str
    set: SetId
    source: SourceRef
    cards: list[Card] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique(self):
        seen: set[str] = set()
        for card in self.cards:
            key = card.name.casefold()
            if key in seen:
                raise ValueError(f"card '{card.name}' is listed twice")
            seen.add(key)
            if card.set != self.set:
                raise ValueError(f"card '{card.name}' has set '{card.set}' in a '{self.set}' file")
        return self
