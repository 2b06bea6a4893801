"""The version of each game in a content folder, read from its ``game.yaml`` (``version:``) for
`playaid -V`: only that file of each game is read (bounded, as content), nothing is validated."""

from __future__ import annotations

from pathlib import Path

from generator.content.files import game_folders
from generator.reader.yaml_io import MAX_CONTENT_BYTES, load_file


def game_versions(content_dir: Path) -> list[tuple[str, str]]:
    """(game id, version) of every game folder's ``game.yaml`` (`files.game_folders`), by folder
    name; the id is the folder's name and the version ``?`` where the file does not say (or
    cannot be read: `playaid check` names the problem)."""
    found = []
    for folder in game_folders(Path(content_dir)):
        located, _problems = load_file(folder / "game.yaml", MAX_CONTENT_BYTES)
        data = located.data if located is not None else None
        data = data if isinstance(data, dict) else {}
        game_id, version = data.get("id"), data.get("version")
        found.append(
            (
                game_id if isinstance(game_id, str) else folder.name,
                str(version) if isinstance(version, (str, int, float)) else "?",
            )
        )
    return found
