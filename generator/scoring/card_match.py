"""The generic matcher behind every 6-cost development and `?`-VP world: a scoring line's
``match`` (type, keyword, military, good, power, frontier, name...) is data in the card database;
this module only decides whether a card meets it, and which line a card scores in first."""

from __future__ import annotations

from generator.content.cards import Card, CardMatch


def card_matches(m: CardMatch, card: Card) -> bool:
    """True when ``card`` meets every field given in the scoring line's ``match``."""
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


def first_line(scorer: Card, card: Card) -> int:
    """Index of the first ``match`` line of ``scorer`` that ``card`` meets, or -1 (first match:
    a card scores in only one category per development; "xi: Scoring")."""
    for i, line in enumerate(scorer.scoring):
        if line.match is not None and card_matches(line.match, card):
            return i
    return -1


# --- scoring ----------------------------------------------------------------------------------
