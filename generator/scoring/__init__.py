"""End-game scoring: a registry of scorers by a record's ``game:`` field.

A scorer is three functions: ``parse(located) -> record`` (raises `RecordError`),
``rules(game_content) -> rules`` (built once from content), ``score(record, rules) -> Report``
(pure, no I/O). `playaid score` dispatches on ``game:``; another game registers its own scorer
with `register` (e.g. ``game: xia-campaign``) and adds its module to ``SCORER_MODULES``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable


@dataclass(frozen=True)
class Scorer:
    """How to score one kind of record.

    ``game`` is the record's ``game:`` value; ``content_game`` the content folder whose rules it
    needs; ``parse``, ``rules`` and ``score`` as described in the module docstring.
    """

    game: str
    content_game: str
    parse: Callable[[Any], Any]
    rules: Callable[[Any], Any]
    score: Callable[[Any, Any], Any]


SCORERS: dict[str, Scorer] = {}

#: Modules that call `register` when imported.
SCORER_MODULES = ("generator.scoring.rftg", "generator.scoring.xia_campaign")


def register(scorer: Scorer) -> None:
    """Add a scorer for records whose ``game:`` is ``scorer.game``."""
    SCORERS[scorer.game] = scorer


def scorers() -> dict[str, Scorer]:
    """Every registered scorer by game id (imports ``SCORER_MODULES`` on first use)."""
    for name in SCORER_MODULES:
        importlib.import_module(name)
    return SCORERS
