"""Schema of a card database (``kind: cards``): one document per set, one entry per card design.

A card carries its printed facts (cost or defense, VP, keywords, good, ...) and, for 6-cost
developments and ``?``-VP worlds, its scoring lines in printed order. A scoring line is data
(``vp`` per matching tableau card, or per player quantity); `generator.scoring.rftg` holds the one
generic matcher that interprets it, as Keldon's engine does with its ``V:`` lines.

Facts come from public references declared in ``game.yaml`` (``arc3``, ``keldon``); a document
``source`` covers every card, a card's own ``source`` overrides it, and ``unverified`` lists the
fields nobody could confirm.
"""

from __future__ import annotations

from typing import Literal, Union

from pydantic import Field, model_validator

from generator.content.models import ID_PATTERN, SourceRef, Strict

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


class ScoringLine(Strict):
    """One printed scoring line of a 6-cost development or ``?`` world.

    Either ``match`` (``vp`` per matching undamaged tableau card; each card scores in the first
    matching line only, per scoring card) or ``per_player`` (``vp`` per ``divide_by`` of a player
    quantity, rounded down: ``vp_chips`` = VP chips + war contribution chips, ``military`` = the
    player's Military).
    """

    vp: int
    text: str = Field(description="the line in our words, e.g. '2 per 6-cost development'")
    match: CardMatch | None = None
    per_player: Literal["vp_chips", "military"] | None = None
    divide_by: int = Field(1, ge=1)
    note: str | None = None
    source: SourceRef | None = Field(None, description="when this line has its own source")
    unverified: bool = False

    @model_validator(mode="after")
    def _one_kind(self):
        if (self.match is None) == (self.per_player is None):
            raise ValueError("a scoring line needs exactly one of `match` (per card) or "
                             "`per_player` (per player quantity)")
        return self


class Card(Strict):
    """One card design.

    ``cost`` is the cost (development, non-military world) or defense (military world).
    ``vp`` is the printed VP or ``"?"`` (then ``scoring`` gives the lines). ``copies`` is the
    number of copies in its set. World-only fields (``military``, ``good``, ``windfall``,
    ``frontier``, ``start``) are errors on developments.
    """

    name: str = Field(min_length=1)
    set: SetId
    type: Literal["world", "development"]
    cost: int = Field(ge=0, le=12)
    vp: Union[int, Literal["?"]]
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
    unverified: list[str] = Field(default_factory=list, description="fields not confirmed")
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
