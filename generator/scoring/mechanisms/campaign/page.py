"""What the ``campaign`` mechanism's phone widget (``widget.js``) needs before the engine loads:
the number of goals the campaign has (the model's constant the configuration's ``goal_count``
names). Standard library only.
"""

from __future__ import annotations


def page_data(game: dict) -> dict:
    """``{"goal_count"}`` from a game's compiled rules (None when the model does not say)."""
    scoring = game.get("scoring") or {}
    config = (scoring.get("mechanisms") or {}).get("campaign") or {}
    count = (scoring.get("constants") or {}).get(config.get("goal_count"))
    return {"goal_count": count if isinstance(count, int) and not isinstance(count, bool) else None}
