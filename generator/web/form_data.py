"""What the web form needs before the engine loads, taken from the compiled rules
(`generator.compile.compile_rules`): each game's scoring model (the generated pad's boxes,
labels and help), and what each mechanism's widget needs besides (its ``page_data`` hook, e.g.
the tableau's card list: `generator.scoring.mechanisms.page_data`). Nothing here names a game.
The form never scores: the engine does.
"""

from __future__ import annotations


def form_data(rules: dict) -> dict:
    """``{"content_version", "models": {record word: {game, title, bgg, scoring, widgets}}}``
    from the compiled rules: a tab per model (and per calculator its ``scoring.calculators``
    declare), built from the model (``docs/scoring-model.md``); ``widgets``: mechanism name ->
    what its widget needs (`generator.scoring.mechanisms.page_data`), for the mechanisms the
    model switches on."""
    from generator.scoring.api import record_games
    from generator.scoring.mechanisms import page_data

    games = rules.get("games", {})
    out: dict = {
        "content_version": rules.get("content_version"),
        "models": {
            word: {
                "game": game_id,
                "title": games[game_id].get("title"),
                "bgg": games[game_id].get("bgg"),
                "scoring": games[game_id]["scoring"],
                "widgets": {
                    name: data
                    for name in (games[game_id]["scoring"].get("mechanisms") or {})
                    if (data := page_data(name, games[game_id])) is not None
                },
            }
            for word, game_id in record_games(rules).items()
        },
    }
    return out
