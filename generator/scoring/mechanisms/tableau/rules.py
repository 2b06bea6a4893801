"""Race for the Galaxy's card database as the scoring core holds it: `RftgRules` (the cards, built
once from the compiled JSON, with the indexes scoring needs) and `Resolved` (a player's tableau
looked up in that database). The ``tableau`` mechanism (`generator.scoring.mechanisms.tableau`)
uses both. Standard library only."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import count, repeat

from generator.scoring.mechanisms.tableau.cards import Card, best_line, other_lines
from generator.scoring.mechanisms.tableau.military import MilitaryIndex
from generator.scoring.model import ModelInvalid
from generator.scoring.report import explain_line


@dataclass
class RftgRules:
    """The card database, built once from the compiled rules of a game with cards.

    ``cards``: casefolded name -> `Card`; ``names``: display names (for suggestions). Derived
    once (card designs never change during a run): ``exact`` (printed name -> card),
    ``six_dev`` (scoring card -> {card name: ``(line, once)``}: the one of its lines that card
    scores in, the best (`best_line`), and ``once``, for a card whose best line is not the first
    it meets, the explanation's words saying so, else None), ``printed`` (the explain line of
    each card's printed VP, a template copied into each report: `report.explain_line`), ``military`` (the Military powers: `MilitaryIndex`); ``json``: the
    compiled rules themselves.
    """

    cards: dict[str, Card]
    json: dict = field(default_factory=dict, repr=False)
    names: list[str] = field(init=False)
    exact: dict[str, Card] = field(init=False)
    six_dev: PerScorer = field(init=False)
    printed: dict[str, dict] = field(init=False)
    military: MilitaryIndex = field(init=False)

    def __post_init__(self):
        self.names = sorted(c.name for c in self.cards.values())
        self.exact = {card.name: card for card in self.cards.values()}
        self.printed = {c.name: explain_line(c.name, c.vp, "printed VP") for c in self.cards.values() if c.vp != "?"}
        self.six_dev = PerScorer((c.name for c in self.cards.values() if c.scoring), self._hits)
        self.military = MilitaryIndex(self.cards.values())

    def _hits(self, name: str) -> dict[str, tuple[int, str | None]]:
        """Card name -> `scoring_line` of the scoring card ``name``, for every card it scores."""
        scorer = self.exact[name]
        return {card.name: hit for card in self.cards.values() if (hit := scoring_line(scorer, card)) is not None}

    @classmethod
    def from_json(cls, game_rules: dict) -> RftgRules:
        """`RftgRules` from a game's compiled rules (``rules["games"]["rftg"]``); raises
        `ModelInvalid` when its cards are malformed."""
        try:
            cards = {c["name"].casefold(): Card.from_json(c) for c in game_rules["cards"]}
        except (KeyError, TypeError, ValueError) as exc:
            raise ModelInvalid(
                f"compiled card database is incomplete ({type(exc).__name__}: {exc}); "
                f"run `playaid check` on the content"
            ) from None
        return cls(cards=cards, json=game_rules)


class PerScorer(dict):
    """A mapping whose keys are known at once and whose values are made on first use, by
    ``make(key)``: the 6-cost development tables of a database of 200 cards cost a few ms to
    make for all 25 scorers, at every start of `playaid score`, where one record needs two or
    three. ``in`` and ``len`` answer for every key; iteration gives only the values made."""

    def __init__(self, keys, make):
        super().__init__()
        self._keys = frozenset(keys)
        self._make = make

    def __contains__(self, key) -> bool:
        return key in self._keys

    def __len__(self) -> int:
        return len(self._keys)

    def __missing__(self, key):
        if key not in self._keys:
            raise KeyError(key)
        value = self[key] = self._make(key)
        return value


def scoring_line(scorer: Card, card: Card) -> tuple[int, str | None] | None:
    """``(line, once)``: the line of ``scorer`` that ``card`` scores in, its best (`best_line`),
    and, when the card also meets a line printed before that one, the explanation's words
    (``X counts once, in 'a', not also in 'b'``; else None); None when it meets no line."""
    i = best_line(scorer, card)
    if i < 0:
        return None
    others = other_lines(scorer, card, i)
    if not others or others[0] >= i:  # said only when the best is not the first line it meets
        return i, None
    lines = scorer.scoring
    not_in = " or ".join(f"'{lines[k].text}'" for k in others)
    return i, f"{card.name} counts once, in '{lines[i].text}', not also in {not_in}"


class Resolved:
    """A player's tableau resolved against the card database: ``entries`` as
    ``(written name, card or None, damaged, hand-given vp, index in the tableau)`` and the
    undamaged known cards (``active``), which are all that count for other cards; ``known``:
    the names of the database cards in it, damaged ones included (copies are counted on them);
    ``plain``: every card written as printed and undamaged (``known`` are then the names of
    ``active``, one for one, and scoring takes short cuts). ``Resolved(entries, active, known,
    plain)``; a plain tableau may give ``entries`` None: they are then made from ``known`` and
    ``active`` when first read (scoring a plain tableau never reads them)."""

    __slots__ = ("_entries", "active", "known", "plain")

    def __init__(self, entries: list | None, active: list[Card], known: list[str], plain: bool):
        self._entries = entries
        self.active = active
        self.known = known
        self.plain = plain

    @property
    def entries(self) -> list[tuple[str, Card | None, bool, int | None, int]]:
        if self._entries is None:
            self._entries = list(zip(self.known, self.active, repeat(False), repeat(None), count()))
        return self._entries
