"""Race for the Galaxy's rules as the scoring core holds them: `RftgRules` (card database and
scoring rules, built once from the compiled JSON) and `Resolved` (a player's tableau looked up in
that database). Shared by `generator.scoring.rftg` (scoring) and `generator.scoring.rftg_checks`
(record findings), so neither imports the other. Standard library only."""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.scoring.cards import Card, best_line, other_lines
from generator.scoring.record_schema import rftg_schema
from generator.scoring.report import Explain
from generator.scoring.rftg_record import GameRecord, RulesInvalid, parse_rftg_record
from generator.scoring.rules import Scoring

GAME_ID = "rftg"
#: The ``set`` of a card the record describes itself (not in the database, so not in the line index).
HAND_ENTERED = "record"


@dataclass
class RftgRules:
    """Everything scoring needs, built once from the compiled ``rftg`` rules.

    ``cards``: casefolded name -> `Card`; ``names``: display names (for suggestions);
    ``scoring``: the `Scoring` rules. Derived once (card designs never change during a run):
    ``exact`` (printed name -> card), ``line_index`` (scoring card -> {card name: the one of its
    lines that card scores in, the best: `best_line`}, filled the first time a scoring card is
    met: `lines_of`), ``passed_over`` (scoring card -> {card name: the other lines that card
    also meets, for the cards whose best line is not the first they meet: the explanation says
    so}), ``printed`` (the explain line of each card's printed VP),
    ``scoring_cards``; ``schema``: the record schema; ``json``: the compiled rules themselves.
    """

    cards: dict[str, Card]
    scoring: Scoring
    json: dict = field(default_factory=dict, repr=False)
    names: list[str] = field(init=False)
    exact: dict[str, Card] = field(init=False)
    line_index: dict[str, dict[str, int]] = field(init=False, default_factory=dict)
    passed_over: dict[str, dict[str, tuple[int, ...]]] = field(init=False, default_factory=dict)
    printed: dict[str, Explain] = field(init=False)
    scoring_cards: frozenset[str] = field(init=False)
    schema: dict = field(init=False, default_factory=dict, repr=False)

    def __post_init__(self):
        self.names = sorted(c.name for c in self.cards.values())
        self.exact = {card.name: card for card in self.cards.values()}
        self.printed = {c.name: Explain(c.name, c.vp, "printed VP")
                        for c in self.cards.values() if c.vp != "?"}
        self.scoring_cards = frozenset(c.name for c in self.cards.values() if c.scoring)
        if self.json:
            self.schema = rftg_schema(self.json)

    @classmethod
    def from_json(cls, game_rules: dict) -> "RftgRules":
        """`RftgRules` from the compiled ``rules["games"]["rftg"]``; raises `RulesInvalid`."""
        try:
            cards = {c["name"].casefold(): Card.from_json(c) for c in game_rules["cards"]}
            scoring = Scoring.from_json(game_rules["scoring"], game_rules.get("tables"))
        except (KeyError, TypeError, ValueError) as exc:
            raise RulesInvalid(f"compiled rftg rules are incomplete ({type(exc).__name__}: {exc}); "
                               f"run `playaid check` on the content") from None
        return cls(cards=cards, scoring=scoring, json=game_rules)

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

    def parse(self, data) -> GameRecord:
        """Validate a record mapping; raises `RecordInvalid` with every problem."""
        return parse_rftg_record(data, self.json, self.schema)


@dataclass(slots=True)
class Resolved:
    """A player's tableau resolved against the card database: ``entries`` as
    ``(written name, card or None, damaged, hand-given vp, index in the tableau)`` and the
    undamaged known cards (``active``), which are all that count for other cards."""

    entries: list[tuple[str, Card | None, bool, int | None, int]]
    active: list[Card]
