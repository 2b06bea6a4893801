"""What the tableau mechanism keeps while a record is scored: a card as written (`_Entry`, looked
up by `_key`), each player's (`_Player`) and the record's (`_Table`). Standard library only.
"""

from __future__ import annotations

from generator.scoring.mechanisms.tableau.rules import Resolved


def _key(name: str) -> str:
    """How a written card name is looked up: spacing, case and curly apostrophes do not matter."""
    return " ".join(name.replace("\u2019", "'").replace("\u2018", "'").split()).casefold()


class _Entry:
    """One tableau card as written: a name, or a mapping (damaged, hand-given vp, type...)."""

    __slots__ = ("card", "damaged", "vp", "type", "military", "keywords")

    def __init__(self, data):
        self.card = data["card"]
        self.damaged = bool(data.get("damaged", False))
        self.vp = data.get("vp")
        self.type = data.get("type")
        self.military = data.get("military")
        self.keywords = tuple(data.get("keywords", ()))


class _Player:
    """What the tableau mechanism keeps of one player while a record is scored."""

    __slots__ = (
        "name",
        "resolved",
        "military",
        "military_vs_xenos",
        "military_from_cards",
        "military_vs_xenos_from_cards",
        "military_explain",
        "not_counted",
    )
    resolved: Resolved
    military: int
    military_vs_xenos: int
    military_from_cards: int
    military_vs_xenos_from_cards: int
    military_explain: list

    def __init__(self, name: str):
        self.name = name
        self.not_counted: list[str] = []  # unknown cards, as written: left out of the total


class _Table:
    """What the tableau mechanism keeps of one record while it is scored: its ``players``
    (`_Player`, in record order) and the variant's settings."""

    __slots__ = ("players", "damage", "frontier_cards", "vs_xenos_applies")

    def __init__(self, damage: bool, frontier_cards: bool, vs_xenos_applies: bool):
        self.players: list[_Player] = []
        self.damage = damage
        self.frontier_cards = frontier_cards
        self.vs_xenos_applies = vs_xenos_applies
