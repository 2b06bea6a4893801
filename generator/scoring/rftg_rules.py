"""Race for the Galaxy's card database as the scoring core holds it: `RftgRules` (the cards, built
once from the compiled JSON, with the indexes scoring needs) and `Resolved` (a player's tableau
looked up in that database). The ``tableau`` mechanism (`generator.scoring.mechanisms.tableau`)
uses both. Standard library only."""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.scoring.cards import Card, best_line, other_lines
from generator.scoring.model import ModelInvalid
from generator.scoring.report import Explain

#: The ``set`` of a card the record describes itself (not in the database, so not in the line index).
HAND_ENTERED = "record"


@dataclass
class RftgRules:
    """The card database, built once from the compiled rules of a game with cards.

    ``cards``: casefolded name -> `Card`; ``names``: display names (for suggestions). Derived
    once (card designs never change during a run): ``exact`` (printed name -> card),
    ``line_index`` (scoring card -> {card name: the one of its lines that card scores in, the
    best: `best_line`}, filled the first time a scoring card is met: `lines_of`),
    ``passed_over`` (scoring card -> {card name: the other lines that card also meets, for the
    cards whose best line is not the first they meet: the explanation says so}), ``printed``
    (the explain line of each card's printed VP), ``scoring_cards``; ``json``: the compiled
    rules themselves.
    """

    cards: dict[str, Card]
    json: dict = field(default_factory=dict, repr=False)
    names: list[str] = field(init=False)
    exact: dict[str, Card] = field(init=False)
    line_index: dict[str, dict[str, int]] = field(init=False, default_factory=dict)
    passed_over: dict[str, dict[str, tuple[int, ...]]] = field(init=False, default_factory=dict)
    printed: dict[str, Explain] = field(init=False)
    scoring_cards: frozenset[str] = field(init=False)

    def __post_init__(self):
        self.names = sorted(c.name for c in self.cards.values())
        self.exact = {card.name: card for card in self.cards.values()}
        self.printed = {c.name: Explain(c.name, c.vp, "printed VP")
                        for c in self.cards.values() if c.vp != "?"}
        self.scoring_cards = frozenset(c.name for c in self.cards.values() if c.scoring)

    @classmethod
    def from_json(cls, game_rules: dict) -> "RftgRules":
        """`RftgRules` from a game's compiled rules (``rules["games"]["rftg"]``); raises
        `ModelInvalid` when its cards are malformed."""
        try:
            cards = {c["name"].casefold(): Card.from_json(c) for c in game_rules["cards"]}
        except (KeyError, TypeError, ValueError) as exc:
            raise ModelInvalid(f"compiled card database is incomplete ({type(exc).__name__}: {exc}); "
                               f"run `playaid check` on the content") from None
        return cls(cards=cards, json=game_rules)

    def lines_of(self, scorer: Card) -> dict[str, int]:
        """{card name: index of the one of ``scorer``'s lines that card scores in (`best_line`)}
        for every card design that meets one; built once per scoring card (designs never change)."""
        index = self.line_index.get(scorer.name)
        if index is None:
            hits = ((card, best_line(scorer, card)) for card in self.cards.values())
            index = self.line_index[scorer.name] = {card.name: i for card, i in hits if i >= 0}
            self.passed_over[scorer.name] = {
                name: others for name, i in index.items()
                if (others := other_lines(scorer, self.exact[name], i)) and others[0] < i}
        return index


@dataclass(slots=True)
class Resolved:
    """A player's tableau resolved against the card database: ``entries`` as
    ``(written name, card or None, damaged, hand-given vp, index in the tableau)`` and the
    undamaged known cards (``active``), which are all that count for other cards."""

    entries: list[tuple[str, Card | None, bool, int | None, int]]
    active: list[Card]
