"""Where in the content folder a formula that failed on a record is written (issue 34): the
scoring core says only where in the ``kind: scoring`` document (``components[2].value``, column
5 of the formula); `playaid score` adds the file, line and column, so a formula that fails for
some records only (``100 // (red - 3)`` with ``red: 3``) is located at the formula too, not
only at the record. The content is loaded once per process, and only when a record meets such
a formula.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from generator.checks.load import Content

_LOADED: dict[str, Content | None] = {}  # content folder -> its Content, or None when it cannot load


def locate_formulas(report: dict, content_dir: Path) -> dict:
    """``report`` with each error the scoring model raised (its ``model``: ``{game, path,
    column}``) given ``formula`` (``content/gems/scoring.yaml:38:12: components[2].value``) and
    its hint pointing there; unchanged when the content cannot be loaded or the place is not
    found."""
    for error in report.get("errors") or ():
        model = error.get("model")
        if not isinstance(model, dict):
            continue
        place = formula_place(content_dir, model.get("game"), tuple(model.get("path") or ()), model.get("column"))
        if place:
            error["formula"] = place
            error["hint"] = (
                f"a content error, not the record's: fix the formula at {place} (`playaid check` "
                f"tries each formula on an empty record and on one with every value at its highest only)"
            )
    return report


def formula_place(content_dir: Path, game_id, path: tuple, column) -> str | None:
    """``file:line:column: field`` of ``path`` in game ``game_id``'s scoring model under
    ``content_dir`` (``column``: 1-based within the formula, or None), or None."""
    from generator.checks.scoring_formulas import file_column
    from generator.errors import ContentError
    from generator.scoring.record.validate import dotted

    key = str(Path(content_dir).resolve())
    if key not in _LOADED:
        from generator.checks.load import load_content

        try:
            _LOADED[key] = load_content(content_dir)
        except (ContentError, OSError):
            _LOADED[key] = None
    content = _LOADED[key]
    game = content.games.get(game_id) if content is not None and isinstance(game_id, str) else None
    if game is None or not path:
        return None
    for scoring_id in game.of_kind("scoring"):
        loc = game.located[("scoring", scoring_id)]
        line, col = loc.position(path)
        if not line:
            return None
        if isinstance(column, int) and column > 0:
            col = file_column(game, loc, path, line, col, column)
        return f"{loc.file}:{line}:{col}: {dotted(path)}"
    return None
