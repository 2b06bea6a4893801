"""Card designs as the scoring core sees them: read from the compiled rules (plain JSON).

The card database is content (``content/rftg/cards/*.yaml``, validated on the build side by
`generator.content.cards`); `generator.compile.compile_rules` writes it out as JSON, and this module turns
each card dict into an immutable `Card` once per run. Standard library only (runs in Pyodide).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: The ``set`` of a card the record describes itself (not in the database, so in no index).
HAND_ENTERED = "record"

_MATCH_FIELDS = ("type", "good", "windfall", "military", "keyword", "power", "cost", "name",
                 "frontier", "ability")


@dataclass(frozen=True, slots=True)
class CardMatch:
    """Which tableau cards a scoring line or Military power counts; every given field must hold.

    Fields as in the content schema (`generator.content.cards.CardMatch`): ``type``, ``good``,
    ``windfall``, ``military``, ``keyword``, ``power`` (a phase), ``cost``, ``name``, ``frontier``
    (near/far/any), ``ability``; None means "any".
    """

    type: str | None = None
    good: str | None = None
    windfall: bool | None = None
    military: bool | None = None
    keyword: str | None = None
    power: str | None = None
    cost: int | None = None
    name: str | None = None
    frontier: str | None = None
    ability: str | None = None

    @classmethod
    def from_json(cls, data: dict | None) -> CardMatch | None:
        if data is None:
            return None
        return cls(**{k: data.get(k) for k in _MATCH_FIELDS})


@dataclass(frozen=True, slots=True)
class ScoringLine:
    """One printed scoring line of a 6-cost development or ``?`` world: ``vp`` per card that
    ``match``es, or ``vp`` per ``divide_by`` of a player quantity ``per_player`` (``vp_chips``,
    ``military``, ``goods``)."""

    vp: int
    text: str
    match: CardMatch | None = None
    per_player: str | None = None
    divide_by: int = 1

    @classmethod
    def from_json(cls, data: dict) -> ScoringLine:
        return cls(vp=data["vp"], text=data["text"], match=CardMatch.from_json(data.get("match")),
                   per_player=data.get("per_player"), divide_by=data.get("divide_by", 1))


@dataclass(frozen=True, slots=True)
class MilitaryPower:
    """A card's power that adds to its owner's Military at game end (``military``, which also
    counts vs. Xenos) or only to Military vs. Xenos (``military_vs_xenos``); ``per`` makes it
    count once per ``divide_by`` matching undamaged tableau cards (rounded down)."""

    military: int = 0
    military_vs_xenos: int = 0
    per: CardMatch | None = None
    divide_by: int = 1
    text: str = ""

    @classmethod
    def from_json(cls, data: dict) -> MilitaryPower:
        return cls(military=data.get("military") or 0, military_vs_xenos=data.get("military_vs_xenos") or 0,
                   per=CardMatch.from_json(data.get("per")), divide_by=data.get("divide_by") or 1,
                   text=data.get("text", ""))


@dataclass(frozen=True, slots=True)
class Card:
    """One card design: printed facts, scoring lines and Military powers.

    ``cost`` is the cost or defense; ``vp`` an int or ``"?"``; ``copies`` in its set;
    ``unverified`` names fields no source confirms (e.g. ``copies``).
    """

    name: str
    set: str
    type: str
    cost: int
    vp: Any
    military: bool | None = None
    good: str | None = None
    windfall: bool = False
    keywords: tuple[str, ...] = ()
    frontier: str | None = None
    start: str | None = None
    copies: int = 1
    powers: tuple[str, ...] = ()
    abilities: tuple[str, ...] = ()
    scoring: tuple[ScoringLine, ...] = ()
    military_powers: tuple[MilitaryPower, ...] = ()
    unverified: tuple[str, ...] = ()

    @classmethod
    def from_json(cls, data: dict) -> Card:
        """A `Card` from its compiled dict; KeyError/TypeError when the dict is malformed."""
        return cls(
            name=data["name"], set=data["set"], type=data["type"], cost=data["cost"], vp=data["vp"],
            military=data.get("military"), good=data.get("good"), windfall=bool(data.get("windfall")),
            keywords=tuple(data.get("keywords", ())), frontier=data.get("frontier"),
            start=data.get("start"), copies=data.get("copies", 1), powers=tuple(data.get("powers", ())),
            abilities=tuple(data.get("abilities", ())),
            scoring=tuple(ScoringLine.from_json(s) for s in data.get("scoring", ())),
            military_powers=tuple(MilitaryPower.from_json(m) for m in data.get("military_powers", ())),
            unverified=tuple(data.get("unverified", ())))



def card_matches(m: CardMatch, card: Card) -> bool:
    """True when ``card`` meets every field given in ``m`` (AND; None fields are ignored)."""
    if m.type is not None and card.type != m.type:
        return False
    if m.name is not None and card.name.casefold() != m.name.casefold():
        return False
    if m.keyword is not None and m.keyword not in card.keywords:
        return False
    if m.military is not None and (card.type != "world" or bool(card.military) != m.military):
        return False
    if m.good is not None and card.good != m.good:
        return False
    if m.windfall is not None and (card.good is None or card.windfall != m.windfall):
        return False
    if m.power is not None and m.power not in card.powers:
        return False
    if m.cost is not None and card.cost != m.cost:
        return False
    if m.frontier is not None:
        if card.frontier is None or (m.frontier != "any" and card.frontier != m.frontier):
            return False
    if m.ability is not None and m.ability not in card.abilities:
        return False
    return True


def best_line(scorer: Card, card: Card) -> int:
    """Index of the ``match`` line of ``scorer`` that gives ``card`` the most VP, or -1 when it
    meets none. A card scores in only one of a development's categories (rulebook
    001_2033224846664d9b.txt, "Scoring": "a given card can score in only one of its categories"),
    and a player counts it where it is worth most (Frontier Isolationists: a Far Frontier world,
    1, with a Pay-for-Military power, 3, scores 3). Equal lines: the first printed, so the
    explanation names the line a player reads first."""
    best, best_vp = -1, None
    for i, line in enumerate(scorer.scoring):
        if line.match is not None and (best_vp is None or line.vp > best_vp) and card_matches(line.match, card):
            best, best_vp = i, line.vp
    return best


def other_lines(scorer: Card, card: Card, scored_in: int) -> tuple[int, ...]:
    """The ``match`` lines of ``scorer`` other than ``scored_in`` that ``card`` also meets: the
    categories it does not score in (one category per card, "Scoring")."""
    return tuple(i for i, line in enumerate(scorer.scoring)
                 if i != scored_in and line.match is not None and card_matches(line.match, card))
