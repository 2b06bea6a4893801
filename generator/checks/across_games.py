"""What no two games of one content folder may share (issue 34): a game id (the second game
would silently replace the first), a record word (the scoring model's ``record:``, by default
the game's id: every record with that ``game:`` word would be scored by whichever model came
last, with other rules and no word) and an aid's output name (``<game>-<aid>``: game ``a`` with
aid ``b-c`` and game ``a-b`` with aid ``c`` both write ``a-b-c.pdf``). Each second claim is a
problem at its own line naming the first claim's file and line.
"""

from __future__ import annotations

from generator.errors import Problem


def claimed_twice(games: list) -> list[Problem]:
    """The problems of ``games`` (`load.GameContent`, in content order) that claim a game id,
    record word or aid output name that an earlier game claimed."""
    problems: list[Problem] = []
    firsts: dict[tuple[str, str], tuple] = {}  # (what, word) -> (game folder, "file:line") of the first

    def claim(what: str, word: str, loc, path: tuple, message: str, hint: str) -> None:
        first = firsts.setdefault((what, word), (game.folder, f"{loc.file}:{loc.position(path)[0]}"))
        if first[0] != game.folder:  # twice in one game is that game's own check
            problems.append(loc.problem(path, f"{message} (also claimed at {first[1]})", hint))

    for game in games:
        game_loc = game.located.get(("game", game.game.id))
        if game_loc is not None:
            claim(
                "game",
                game.id,
                game_loc,
                ("id",),
                f"game id '{game.id}' is the id of another game too",
                "give each game folder's game.yaml its own id",
            )
        firsts.setdefault(("game", game.id), (game.folder, ""))
        if firsts[("game", game.id)][0] != game.folder:
            continue  # its record word and aid names repeat the other's: the id says it
        for scoring_id, doc in game.of_kind("scoring").items():
            loc = game.located[("scoring", scoring_id)]
            word = doc.record or game.id
            path = ("record",) if doc.record else ("id",)
            claim(
                "record",
                word,
                loc,
                path,
                f"record word '{word}' is another game's record word too: records with `game: {word}` "
                f"would be scored by one of the two models, with its rules, without a word",
                "give this model its own `record:` word",
            )
        for aids_id, doc in game.of_kind("aids").items():
            loc = game.located[("aids", aids_id)]
            for i, aid in enumerate(doc.aids):
                name = f"{game.id}-{aid.id}"
                claim(
                    "aid",
                    name,
                    loc,
                    ("aids", i, "id"),
                    f"aid '{aid.id}' of game '{game.id}' is written as {name}.pdf, as an aid of another game is",
                    "give one of the two aids another id",
                )
    return problems
