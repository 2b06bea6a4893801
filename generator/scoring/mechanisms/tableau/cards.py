"""Card designs as the scoring core sees them: read from the compiled rules (plain JSON).

The dataclasses here are the one declaration of what a card holds for scoring: the content
schema (`generator.content.cards`, pydantic: bounds, choices, and the fields that only
document a card) names each of them as its ``core`` and is checked against it field by field
(`generator.content.cards.check_declared`, run by ``tests/test_declared_once.py``); compiling
writes out exactly these fields (`generator.content.cards.core_json`), and `read` turns each
dict back into an immutable dataclass, field by field from the same declaration, once per run.
Standard library only (runs in Pyodide).
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields, is_dataclass
from typing import Any, get_args, get_origin, get_type_hints

#: The ``set`` of a card the record describes itself (not in the database, so in no index).
HAND_ENTERED = "record"

#: Per dataclass: ``(field, default or MISSING, convert or None)``, worked out once (`read`).
_STEPS: dict[type, tuple] = {}


def _convert(tp):
    """How a JSON value becomes a field of type ``tp``: a nested dataclass read (`read`), a
    tuple of them (or of plain values), a boolean; None: kept as it is."""
    if get_origin(tp) is tuple:
        inner = _convert(get_args(tp)[0])
        return tuple if inner is None else (lambda values: tuple(map(inner, values)))
    if is_dataclass(tp):
        return lambda data: read(tp, data)
    nested = [a for a in get_args(tp) if is_dataclass(a)]  # X | None
    if nested:
        return lambda data: read(nested[0], data)
    return bool if tp is bool else None


def read(cls, data: dict):
    """The dataclass ``cls`` from its compiled dict, every field by its declaration: a value
    absent or null takes the field's default (a field without one: KeyError), nested
    dataclasses and tuples are read in turn. TypeError/KeyError when the dict is malformed."""
    steps = _STEPS.get(cls)
    if steps is None:
        hints = get_type_hints(cls)
        steps = _STEPS[cls] = tuple(
            (f.name, f.default if f.default is not MISSING else MISSING, _convert(hints[f.name])) for f in fields(cls)
        )
    values = {}
    for name, default, convert in steps:
        value = data.get(name)
        if value is None:
            if default is MISSING:
                raise KeyError(name)
            values[name] = default
        else:
            values[name] = value if convert is None else convert(value)
    return cls(**values)


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
        return None if data is None else read(cls, data)


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
        return read(cls, data)


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
        return read(cls, data)


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
        """A `Card` from its compiled dict (`read`); KeyError/TypeError when it is malformed."""
        return read(cls, data)


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
    return tuple(
        i
        for i, line in enumerate(scorer.scoring)
        if i != scored_in and line.match is not None and card_matches(line.match, card)
    )
