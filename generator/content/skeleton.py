"""`playaid new GAME_ID`: a working skeleton of a new game, from ``templates/new-game/``.

The skeleton is a small game scored from content alone (set collection, majority bonuses, two
tie-breakers): ``game.yaml``, ``rules.yaml``, ``facts.yaml``, ``aids.yaml`` (a summary card and
the score sheet), ``scoring.yaml`` (the scoring model), ``vocabulary.yaml`` (players' words for
its terms, for the rules search: "points" means VP) and a sample record. `playaid check`,
`playaid build`, `playaid score` on the sample and the phone pad work on it at once; the
newcomer then edits it into their own game (docs/new-game.md walks through it).
"""

from __future__ import annotations

import datetime as dt
import os
import re
import shutil
import tempfile
from pathlib import Path

from generator.errors import UsageError
from generator.fsutil import write_atomic
from generator.paths import TEMPLATES_DIR

SKELETON_DIR = TEMPLATES_DIR / "new-game"
#: The content files of the skeleton, in the order they are listed (the sample record is apart).
GAME_FILES = ("game.yaml", "rules.yaml", "facts.yaml", "scoring.yaml", "aids.yaml", "vocabulary.yaml")
SAMPLE = "record.yaml"
_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,39}$")


def _filled(text: str, game_id: str, title: str, today: dt.date) -> str:
    return text.replace("GAME_ID", game_id).replace("GAME_TITLE", title).replace("TODAY", today.isoformat())


def new_game(
    game_id: str, content_dir: Path, examples_dir: Path, title: str | None = None, today: dt.date | None = None
) -> list[Path]:
    """Write the skeleton of game ``game_id`` into ``content_dir/<game_id>/`` and its sample
    record to ``examples_dir/<game_id>.yaml``; returns the paths written. The game folder
    appears whole or not at all (written aside, then renamed). Raises `UsageError` for an id
    that is not a content id, a game folder or sample that exists already, a content folder
    that is missing and cannot be made (one level is made: a first game in an empty folder);
    `WriteError` when a folder cannot be written."""
    if not _ID.match(game_id):
        raise UsageError(
            f"'{game_id}' is not a game id: use lowercase letters, digits, '-' and '_' "
            f"(at most 40, starting with a letter or digit), e.g. gem-market"
        )
    content_dir, examples_dir = Path(content_dir), Path(examples_dir)
    if not content_dir.is_dir():
        # a first game in an empty folder: ./content is made (its parent must exist, so a
        # mistyped --content path does not grow a tree of folders)
        try:
            content_dir.mkdir()
        except OSError as exc:
            raise UsageError(
                f"content folder {content_dir} does not exist and cannot be made "
                f"({exc.strerror or exc}): pass --content with a folder"
            ) from None
    folder = content_dir / game_id
    sample = examples_dir / f"{game_id}.yaml"
    for path in (folder, sample):
        if path.exists():
            raise UsageError(f"{path} exists already: choose another id, or remove it first")
    title = title or game_id.replace("-", " ").replace("_", " ").title()
    if any(c in title for c in '"\\\n\r'):
        raise UsageError("the title may not hold quotes, backslashes or line breaks")
    today = today or dt.date.today()
    try:
        aside = Path(tempfile.mkdtemp(prefix=f".{game_id}.", dir=content_dir))
    except OSError as exc:
        raise UsageError(
            f"cannot write into {content_dir}: {exc.strerror or exc} (pass --content with a folder you can write)"
        ) from None
    try:
        for name in GAME_FILES:
            text = _filled((SKELETON_DIR / name).read_text(encoding="utf-8"), game_id, title, today)
            (aside / name).write_text(text, encoding="utf-8")
        os.rename(aside, folder)
    except OSError as exc:
        shutil.rmtree(aside, ignore_errors=True)
        raise UsageError(f"cannot write {folder}: {exc.strerror or exc}") from None
    write_atomic(sample, _filled((SKELETON_DIR / SAMPLE).read_text(encoding="utf-8"), game_id, title, today).encode())
    return [folder / name for name in GAME_FILES] + [sample]
