"""The games shipped with playaid, as the tests that name them count them: the game folders the
loader finds (`generator.content.files.game_folders`; a contributor may add one) and each game's
``version:``, read from its game.yaml's text (not by the code under test)."""

from __future__ import annotations

import re

from generator.content.files import game_folders
from generator.paths import CONTENT_DIR


def shipped_games() -> list[str]:
    """Ids (folder names) of the shipped games, sorted."""
    return [folder.name for folder in game_folders(CONTENT_DIR)]


def shipped_versions() -> str:
    """The shipped games with their versions as `playaid -V` names them: ``rftg 2026.11.1, xia ...``."""

    def version(game: str) -> str:
        text = (CONTENT_DIR / game / "game.yaml").read_text(encoding="utf-8")
        return re.search(r'^version: "(.+)"$', text, re.M).group(1)

    return ", ".join(f"{game} {version(game)}" for game in shipped_games())
