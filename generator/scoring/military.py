"""A player's Military and Military vs. Xenos at game end, computed from the tableau.

Each card's ``military_powers`` (content: ``content/rftg/cards/*.yaml``) are data: a fixed +N or
-N, or +N per matching tableau card (the same `CardMatch` as scoring lines). Only undamaged cards
count, and only those powers that last (temporary Military from discarding or paying, and Military
specialised against one kind of world, are not in the data). Military counts toward Military vs.
Xenos too; ``military_vs_xenos`` powers count toward it alone. The definitions and their sources
are rulings in ``content/rftg/scoring.yaml``. Standard library only.
"""

from __future__ import annotations

from typing import Iterable

from generator.scoring.cards import Card, card_matches
from generator.scoring.report import Explain

#: Ends the ``why`` of a power that counts toward Military vs. Xenos only.
VS_XENOS_ONLY = " (vs. Xenos only)"


def compute_military(active: list[Card], matching: dict | None = None) -> tuple[int, int, list[Explain]]:
    """``(military, military_vs_xenos, explain)`` for a tableau's undamaged cards ``active``.

    ``explain`` has one line per card power that counted: the card, its contribution and why
    (``+1 Military per Rebel military world x2``); Military vs. Xenos = Military + the powers
    that apply only against Xenos. ``matching``: a cache, {power's CardMatch: names of the
    card designs it matches} (card designs never change during a run), filled as powers are met.
    """
    military = 0
    vs_xenos = 0
    explain: list[Explain] = []
    for card in active:
        if not card.military_powers:
            continue
        for power in card.military_powers:
            times = 1 if power.per is None else _count(power.per, active, matching) // power.divide_by
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


def _count(match, cards: Iterable[Card], matching: dict | None) -> int:
    if matching is None:
        return sum(1 for c in cards if card_matches(match, c))
    names = matching.get(match)
    if names is None:
        names = matching[match] = {}
    count = 0
    for c in cards:
        hit = names.get(c.name)
        if hit is None or c.set == "record":  # a card the record describes: its own facts
            hit = card_matches(match, c)
            if c.set != "record":
                names[c.name] = hit
        count += hit
    return count


def _why(text: str, kind: str, per, times: int) -> str:
    base = text or kind
    return f"{base} x{times}" if per is not None else base
