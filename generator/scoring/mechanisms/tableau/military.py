"""A player's Military and Military vs. Xenos at game end, computed from the tableau.

Each card's ``military_powers`` (content: ``content/rftg/cards/*.yaml``) are data: a fixed +N or
-N, or +N per matching tableau card (the same `CardMatch` as scoring lines). Only undamaged cards
count, and only those powers that last (temporary Military from discarding or paying, and Military
specialised against one kind of world, are not in the data). Military counts toward Military vs.
Xenos too; ``military_vs_xenos`` powers count toward it alone. The definitions and their sources
are rulings in ``content/rftg/scoring.yaml``. Standard library only.
"""

from __future__ import annotations

from collections.abc import Iterable

from generator.scoring.mechanisms.tableau.cards import HAND_ENTERED, Card, card_matches
from generator.scoring.report import explain_line

#: Ends the ``why`` of a power that counts toward Military vs. Xenos only (whose line also says
#: ``"vs_xenos": true``, so a reader need not read the words).
VS_XENOS_ONLY = " (vs. Xenos only)"


class MilitaryIndex:
    """The card database's Military powers, prepared once (card designs never change during a
    run): ``powers`` maps each card name with lasting powers to its steps, in the card's
    order, each ``(matching, per, divide by, Military, Military vs. Xenos, said)``:

    - a run of fixed +N or -N powers is one step with ``matching`` None, their summed Military
      and Military vs. Xenos, and ``said`` their explain lines, built once (templates, copied
      into each report);
    - a per power has ``matching``, the frozenset of database card names its ``per`` (a
      `CardMatch`) matches, and ``said``, the words of its Military and Military vs. Xenos
      lines (``x N`` is added for the count).

    ``MilitaryIndex(cards)`` with ``cards``: the database's `Card` designs."""

    __slots__ = ("powers",)

    def __init__(self, cards: Iterable[Card]):
        cards = list(cards)
        self.powers: dict[str, tuple] = {}
        for card in cards:
            steps: list[tuple] = []
            for power in card.military_powers:
                if power.per is not None:
                    matching = frozenset(c.name for c in cards if card_matches(power.per, c))
                    steps.append(
                        (
                            matching,
                            power.per,
                            power.divide_by,
                            power.military,
                            power.military_vs_xenos,
                            (power.text or "Military", power.text or "Military vs. Xenos"),
                        )
                    )
                    continue
                lines = []
                if power.military:
                    lines.append(explain_line(card.name, power.military, power.text or "Military"))
                if power.military_vs_xenos:
                    lines.append(
                        {
                            **explain_line(
                                card.name, power.military_vs_xenos, (power.text or "Military vs. Xenos") + VS_XENOS_ONLY
                            ),
                            "vs_xenos": True,
                        }
                    )
                if steps and steps[-1][0] is None:  # after another fixed power: one step
                    _m, _p, _d, military, vs_xenos, said = steps.pop()
                    steps.append(
                        (
                            None,
                            None,
                            1,
                            military + power.military,
                            vs_xenos + power.military_vs_xenos,
                            said + tuple(lines),
                        )
                    )
                else:
                    steps.append((None, None, 1, power.military, power.military_vs_xenos, tuple(lines)))
            if steps:
                self.powers[card.name] = tuple(steps)


def compute_military(
    active: list[Card], index: MilitaryIndex, names: list[str] | None = None
) -> tuple[int, int, list[dict]]:
    """``(military, military_vs_xenos, explain)`` for a tableau's undamaged cards ``active``.

    ``explain`` has one line (`report.explain_line`) per card power that counted: the card, its
    contribution and why (``+1 Military per Rebel military world x2``); Military vs. Xenos = Military + the powers
    that apply only against Xenos. ``index``: the database's powers (`MilitaryIndex`); a card
    the record describes itself (set ``record``) has no powers, and is matched on its own facts.
    ``names``: the names of ``active`` when every one is a database card (looked up and
    counted in C).
    """
    military = 0
    vs_xenos = 0
    explain: list[dict] = []
    powers_of = index.powers
    holders: Iterable[str]
    if names is not None:  # database cards only: those with powers picked by name in C
        holders = filter(powers_of.__contains__, names)
    else:
        holders = (c.name for c in active if c.name in powers_of and c.set != HAND_ENTERED)
    for name in holders:
        for matching, per, divide_by, gain_military, gain_vs_xenos, said in powers_of[name]:
            if matching is None:  # fixed powers: their sums and lines ready made
                military += gain_military
                vs_xenos += gain_vs_xenos
                explain.extend(map(dict.copy, said))
                continue
            if names is not None:
                times = sum(map(matching.__contains__, names)) // divide_by
            else:
                times = _count(per, matching, active) // divide_by
            if gain_military:
                gain = gain_military * times
                military += gain
                explain.append({"component": name, "vp": gain, "why": f"{said[0]} x{times}"})
            if gain_vs_xenos:
                gain = gain_vs_xenos * times
                vs_xenos += gain
                explain.append(
                    {"component": name, "vp": gain, "why": f"{said[1]} x{times}{VS_XENOS_ONLY}", "vs_xenos": True}
                )
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
