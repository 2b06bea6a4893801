"""The registry of content document kinds: ``kind:`` value -> pydantic model.

A new kind of content document is added here (and nowhere else in the loader).
"""

from __future__ import annotations

from typing import Protocol

from pydantic import BaseModel

from generator.content.aids import Aids
from generator.content.cards import Cards
from generator.content.models import Checks, Facts, Game, Rules, Table
from generator.content.scoring_model import Scoring
from generator.content.verified_cards import VerifiedCards
from generator.content.vocabulary import Vocabulary


class Document(Protocol):
    """What the model of every kind declares, whatever its kind: its ``kind:`` and its ``id``."""

    @property
    def kind(self) -> str: ...

    @property
    def id(self) -> str: ...


#: Each model declares ``kind`` (a Literal of its key here) and ``id``: a `Document`.
KINDS: dict[str, type[BaseModel]] = {
    "game": Game,
    "rules": Rules,
    "table": Table,
    "facts": Facts,
    "checks": Checks,
    "aids": Aids,
    "cards": Cards,
    "scoring": Scoring,
    "verified-cards": VerifiedCards,
    "vocabulary": Vocabulary,
}


def register(kind: str, model: type[BaseModel]) -> None:
    """Add a document kind (used by modules that define their own content, e.g. card databases)."""
    KINDS[kind] = model
