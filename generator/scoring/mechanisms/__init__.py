"""Named mechanisms: what a formula cannot say, in code that content switches on by name
(``mechanisms: {tableau: {...}}`` in a ``kind: scoring`` document) and configures with data.

A mechanism is a plugin, one folder ``mechanisms/<name>/`` with both halves:

- its Python (``__init__.py``): the scoring hooks (a `Mechanism` subclass, named in `REGISTRY`),
  its checks and its text report lines; ``page.py``: ``page_data(game_rules)``, what its phone
  widget needs before the engine loads (`page_data`);
- its phone widget (``widget.js``, with the modules it imports from its folder): an ES module
  exporting ``Pad`` (the pad of a game whose model switches the mechanism on) and/or
  ``widgets`` (entered type -> the box of a generated pad: ``web/js/pad.js``). `playaid web`
  copies each folder's ``.js`` files to the site's ``mechanisms/<name>/`` and writes the list
  (`widget_folders`, ``js/mechanisms.js``) the page reads.

- ``tableau`` (`tableau.Tableau`): a tableau of cards (Race for the Galaxy): the card database,
  printed VP, 6-cost development and ``?`` world scoring lines, Military computed card by card.
- ``campaign`` (`campaign.Campaign`): a solo campaign (Xia): games in sequence, each goal
  completed once.

Standard library only (the scoring core runs in Pyodide).
"""

from __future__ import annotations

from pathlib import Path

FOLDER = Path(__file__).parent


class Mechanism:
    """The hooks the model interpreter (`generator.scoring.pad`) calls: `check_model` once, when
    the pad is made (`game_pad.pad_for`); then, in this order, for one record: `start` once,
    `player` once per player (before the player's formulas: it puts the names it gives formulas
    into ``env``), `component` for each component or measure declared
    ``mechanism: <name>``, `finish` once (findings about the whole game), `player_json` for
    each player's report. ``names``: the names it gives formulas; ``types``: the entered-value
    types it owns (their schema comes from `entered_schema`); ``config_types``: the keys content
    may give under ``mechanisms: {<name>: ...}`` and their types, ``settings_types`` those of a
    variant's ``settings: {<name>: ...}`` (`generator.checks.scoring_checks` checks them,
    located); ``pad_class``: the `pad.Pad` subclass that scores the game's records when the
    mechanism shapes the whole record (a campaign's rows are games), else None.

    Readers of a report (the command line's text, `generator.records.score_text`) ask the
    mechanisms the report names (``report["mechanisms"]``) for their lines: `report_lines`
    (a report of the mechanism's own shape), `player_lines` (under one player's table) and
    `doubts` (what keeps a result provisional)."""

    name = ""
    names: frozenset = frozenset()
    types: frozenset = frozenset()
    config_types: dict = {}
    settings_types: dict = {}
    pad_class: type | None = None

    def __init__(self, config: dict, game_rules: dict):
        self.config = config
        self.game_rules = game_rules

    def check_model(self, model) -> None:
        """Check this mechanism's configuration against the compiled model (`model.Model`), once,
        before any record: e.g. that the formulas it holds read only names the model gives them
        where they are used. Raises a located `generator.scoring.model.ModelInvalid`."""

    def entered_schema(self, entered) -> dict | None:
        """The JSON Schema of an entered value of one of this mechanism's ``types``, else None."""
        return None

    def start(self, game) -> None:
        """Per record, before any player (``game``: `generator.scoring.game.Game`)."""

    def player(self, game, index: int, data: dict, env: dict, findings: list) -> None:
        """Per player, before the formulas: read ``data`` (the record's entry), add findings,
        set this mechanism's names in ``env``."""

    def component(self, game, index: int, formula) -> tuple[int, list]:
        """(VP, explain lines) of a component or measure with ``mechanism: <name>``."""
        raise KeyError(formula.id)

    def finish(self, game, findings: list) -> None:
        """After every player: findings about the whole game."""

    def player_json(self, game, index: int) -> dict:
        """Extra keys of one player's report."""
        return {}

    def claimed_hint(self, game, index: int, total: int) -> str | None:
        """What a claimed total that differs should say instead of "see the table for each
        component" (a text starting "; "), or None."""
        return None

    # --- the text report (from the report object alone) ------------------------------------

    @staticmethod
    def report_lines(report: dict) -> list[str] | None:
        """The text report's lines of a report of this mechanism's own shape (before its
        findings, which the reader adds), or None: the players' tables."""
        return None

    @staticmethod
    def doubts(report: dict) -> list[str]:
        """What of this mechanism keeps a players' report from being final, in words (a text
        report's provisional winner says them first), e.g. ``1 unknown card not counted: Ann's
        'X'``; its findings about it say ``params.not_counted`` (not counted again)."""
        return []

    @staticmethod
    def player_lines(report: dict, player: dict) -> list[str]:
        """Lines under one player's table in the text report (``player``: an entry of
        ``report["players"]``)."""
        return []


#: Name -> ``module:Class`` of every mechanism, imported on first use (`mechanism_class`), so
#: that scoring one game imports no other game's mechanism. A new mechanism adds its line here.
REGISTRY = {
    "tableau": "generator.scoring.mechanisms.tableau:Tableau",
    "campaign": "generator.scoring.mechanisms.campaign:Campaign",
}


def mechanism_class(name: str) -> type[Mechanism] | None:
    """The class of the mechanism ``name`` (imported now), or None for a name not registered."""
    where = REGISTRY.get(name)
    if where is None:
        return None
    from importlib import import_module

    module, cls = where.split(":")
    return getattr(import_module(module), cls)


def widget_folders() -> dict[str, Path]:
    """Mechanism name -> its folder, for every mechanism with a phone widget (``widget.js``), by name."""
    return {p.parent.name: p.parent for p in sorted(FOLDER.glob("*/widget.js"))}


def page_data(name: str, game_rules: dict) -> dict | None:
    """What mechanism ``name``'s widget needs from a game's compiled rules (its ``page.py``
    ``page_data``), or None when it has none (or there is no such mechanism)."""
    import importlib

    if not (FOLDER / name / "page.py").is_file():
        return None
    return importlib.import_module(f"{__name__}.{name}.page").page_data(game_rules)


def mechanism_classes() -> dict[str, type[Mechanism]]:
    """Name -> class of every mechanism (all imported)."""
    return {name: cls for name in REGISTRY if (cls := mechanism_class(name)) is not None}


def mechanism_names(used=None) -> dict[str, set[str]]:
    """Mechanism -> the names it gives formulas (content validation checks formulas against
    them); with ``used`` (the mechanisms a model switches on), only those, so that scoring one
    game imports no other game's mechanism."""
    wanted = set(used) if isinstance(used, (dict, list, tuple, set)) else set(REGISTRY)
    return {name: set(cls.names) for name in REGISTRY if name in wanted and (cls := mechanism_class(name)) is not None}
