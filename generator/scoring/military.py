"""A player's Military and Military vs. Xenos at game end, computed from the tableau.

Each card's ``military_powers`` (content: ``content/rftg/cards/*.yaml``) are data: a fixed +N or
-N, or +N per matching tableau card (the same `CardMatch` as scoring lines). Only undamaged cards
count, and only those powers that last (temporary Military from discarding or paying, and Military
specialised against one kind of world, are not in the data). Military counts toward Military vs.
Xenos too; ``military_vs_xenos`` powers count toward it alone. The definitions and their sources
are rulings in ``content/rftg/scoring.yaml``. Standard library only.
"""

from __future__ import annotations

from itertools import compress
from typing import Iterable

from generator.scoring.cards import HAND_ENTERED, Card, card_matches
from generator.scoring.report import Explain

#: Ends the ``why`` of a power that counts toward Military vs. Xenos only.
VS_XENOS_ONLY = " (vs. Xenos only)"


class MilitaryIndex:
    """The card database's Military powers, prepared once (card designs never change during a
    run): for each card name with lasting powers, ``(power, matching, fixed explain lines)``
    per power, where ``matching`` is the frozenset of database card names its ``per`` matches
    (None for a fixed +N or -N) and the explain lines of a fixed power are built once.

    ``plain``: the same per card name, for tableaux of database cards only (`compute_military`
    with ``names``): ``(fixed Military, fixed Military vs. Xenos, fixed explain lines, per
    powers)``, each per power as ``(matching, divide by, Military, Military vs. Xenos, Military
    words, Military vs. Xenos words)`` (no card of the database mixes fixed and per powers; one
    that did would keep its powers' order there: `_plain_entry`).

    ``MilitaryIndex(cards)`` with ``cards``: the database's `Card` designs."""

    __slots__ = ("powers", "plain")

    def __init__(self, cards: Iterable[Card]):
        cards = list(cards)
        self.powers: dict[str, tuple] = {}
        for card in cards:
            if not card.military_powers:
                continue
            prepared = []
            for power in card.military_powers:
                if power.per is None:
                    fixed = []
                    if power.military:
                        fixed.append(Explain(card.name, power.military, _why(power.text, "Military", None, 1)))
                    if power.military_vs_xenos:
                        fixed.append(Explain(card.name, power.military_vs_xenos,
                                             _why(power.text, "Military vs. Xenos", None, 1) + VS_XENOS_ONLY))
                    prepared.append((power, None, tuple(fixed)))
                else:
                    matching = frozenset(c.name for c in cards if card_matches(power.per, c))
                    prepared.append((power, matching, ()))
            self.powers[card.name] = tuple(prepared)
        self.plain = {name: entry for name, prepared in self.powers.items()
                      if (entry := _plain_entry(prepared)) is not None}


def _plain_entry(prepared: tuple) -> tuple | None:
    """A card's `MilitaryIndex.plain` entry from its prepared powers; None when it mixes fixed
    and per powers (such a card is then counted power by power, in order)."""
    fixed = [(power, lines) for power, matching, lines in prepared if matching is None]
    per = tuple((matching, power.divide_by, power.military, power.military_vs_xenos,
                 power.text or "Military", power.text or "Military vs. Xenos")
                for power, matching, _lines in prepared if matching is not None)
    if fixed and per:
        return None
    return (sum(power.military for power, _l in fixed), sum(power.military_vs_xenos for power, _l in fixed),
            tuple(line for _p, lines in fixed for line in lines), per)


def compute_military(active: list[Card], index: MilitaryIndex,
                     names: list[str] | None = None) -> tuple[int, int, list[Explain]]:
    """``(military, military_vs_xenos, explain)`` for a tableau's undamaged cards ``active``.

    ``explain`` has one line per card power that counted: the card, its contribution and why
    (``+1 Military per Rebel military world x2``); Military vs. Xenos = Military + the powers
    that apply only against Xenos. ``index``: the database's powers (`MilitaryIndex`); a card
    the record describes itself (set ``record``) has no powers, and is matched on its own facts.
    ``names``: the names of ``active`` when every one is a database card (counted in C).
    """
    military = 0
    vs_xenos = 0
    explain: list[Explain] = []
    powers_of = index.powers
    if names is not None and len(index.plain) == len(powers_of):
        return _plain_military(names, index.plain)
    if names is not None:  # database cards only: those with powers picked by name in C
        holders = compress(active, map(powers_of.__contains__, names))
    else:
        holders = (c for c in active if c.name in powers_of and c.set != HAND_ENTERED)
    for card in holders:
        for power, matching, fixed in powers_of[card.name]:
            if matching is None:
                military += power.military
                vs_xenos += power.military_vs_xenos
                explain.extend(fixed)
                continue
            if names is not None:
                times = sum(map(matching.__contains__, names)) // power.divide_by
            else:
                times = _count(power.per, matching, active) // power.divide_by
            if power.military:
                gain = power.military * times
                military += gain
                explain.append(Explain(card.name, gain, _why(power.text, "Military", power.per, times)))
            if power.military_vs_xenos:
                gain = power.military_vs_xenos * times
                vs_xenos += gain
                explain.append(Explain(card.name, gain, _why(power.text, "Military vs. Xenos", power.per, times)
                                       + VS_XENOS_ONLY))
    return military, military + vs_xenos, explain


def _plain_military(names: list[str], plain: dict) -> tuple[int, int, list[Explain]]:
    """`compute_military` of a tableau of database cards only (``names``), from each card's
    `MilitaryIndex.plain` entry: the same values and lines, card by card in tableau order."""
    military = 0
    vs_xenos = 0
    explain: list[Explain] = []
    for name in filter(plain.__contains__, names):
        fixed_military, fixed_vs_xenos, lines, per = plain[name]
        if not per:
            military += fixed_military
            vs_xenos += fixed_vs_xenos
            explain.extend(lines)
            continue
        for matching, divide_by, per_military, per_vs_xenos, military_words, vs_xenos_words in per:
            times = sum(map(matching.__contains__, names)) // divide_by
            if per_military:
                gain = per_military * times
                military += gain
                explain.append(Explain(name, gain, f"{military_words} x{times}"))
            if per_vs_xenos:
                gain = per_vs_xenos * times
                vs_xenos += gain
                explain.append(Explain(name, gain, f"{vs_xenos_words} x{times}{VS_XENOS_ONLY}"))
    return military, military + vs_xenos, explain


def _count(match, matching: frozenset, cards: list[Card]) -> int:
    """How many of ``cards`` a power's ``per`` matches: database cards by name (``matching``),
    a card the record describes by its own facts."""
    count = 0
    for c in cards:
        if c.set == HAND_ENTERED:
            count += card_matches(match, c)
        elif c.name in matching:
            count += 1
    return count


def _why(text: str, kind: str, per, times: int) -> str:
    base = text or kind
    return f"{base} x{times}" if per is not None else base
