"""Which files of a game folder are content, and their digests: a light module (no models, no
YAML parser), shared by the loader, the build's incremental state and shell completion, which
must answer a Tab press at once."""

from __future__ import annotations

import hashlib
from pathlib import Path

#: File name endings of content files.
CONTENT_SUFFIXES = (".yaml", ".yml")


#: A game folder's sub-folder of finished games (records, `playaid score` reads them), which is
#: not content: examples/games/<game>/records/ holds the records worked by hand from the rules.
RECORDS_FOLDER = "records"


def content_files(folder: Path) -> list[Path]:
    """Every YAML file (`CONTENT_SUFFIXES`) under a game folder but its `RECORDS_FOLDER`, sorted
    for stable output (links included: the loader refuses those that lead outside the content
    folder, `confine.keep_inside`)."""
    folder = Path(folder)
    records = folder / RECORDS_FOLDER
    return sorted(
        p for p in folder.rglob("*") if p.suffix in CONTENT_SUFFIXES and p.is_file() and records not in p.parents
    )


def content_folder_problem(root: Path) -> tuple[str, str] | None:
    """(message, hint) when ``root`` cannot be read as a content folder (a file, or not there);
    None when it is a folder. The loader and every command's ``--content`` say it alike."""
    root = Path(root)
    if root.is_dir():
        return None
    if root.exists():
        return (
            "this is a file, not a content folder",
            "pass the content folder that holds one sub-folder per game, e.g. `playaid check content`",
        )
    return "content folder not found", "pass the folder that holds one sub-folder per game"


def game_folders(root: Path) -> list[Path]:
    """The game folders of a content folder, as the loader finds them: sub-folders holding a
    ``game.yaml``, sorted."""
    return sorted(p.parent for p in Path(root).glob("*/game.yaml"))


def folders_without_game(root: Path) -> list[Path]:
    """Sub-folders of a content folder that hold YAML files (`CONTENT_SUFFIXES`) but no
    ``game.yaml``: meant as a game, but the loader does not read them (a ``game.yml``, a
    misspelt name, a forgotten file), sorted. Hidden folders are left out."""
    out = []
    for sub in sorted(Path(root).iterdir()):
        if sub.name.startswith(".") or not sub.is_dir() or (sub / "game.yaml").is_file():
            continue
        if any(p.suffix in CONTENT_SUFFIXES and p.is_file() for p in sub.iterdir()):
            out.append(sub)
    return out


def content_digests(root: Path) -> dict[str, str]:
    """sha256 of every content file the loader reads (`content_files` of each `game_folders`
    folder), by path relative to ``root`` (posix): what decides whether a build or a compiled
    rules cache is stale. Read once per build, shared by the content cache and every aid's
    input hash.

    Content is hostile, so a file is never read further than the loader would read it: one
    larger than `generator.reader.limits.MAX_CONTENT_BYTES`, one whose link leads out of the
    content folder, or one that cannot be read is digested by what the loader will say of it
    (its size and times, where it leads, the error), never read whole; non-YAML files (pictures,
    notes) are not read at all."""
    from generator.content.confine import resolves_outside
    from generator.reader.limits import MAX_CONTENT_BYTES

    root = Path(root)
    resolved = root.resolve()
    digests: dict[str, str] = {}
    for folder in game_folders(root):
        if resolves_outside(folder, resolved) is not None:
            continue  # the loader refuses the whole game folder
        for path in content_files(folder):
            name = path.relative_to(root).as_posix()
            # rglob enters no linked folder, and this folder resolves inside: only a linked file
            # can lead out (resolving every path cost 1.6 ms of a `playaid score`)
            outside = resolves_outside(path, resolved) if path.is_symlink() else None
            if outside is not None:
                digests[name] = hashlib.sha256(f"outside\0{outside}".encode()).hexdigest()
                continue
            try:
                with open(path, "rb") as stream:
                    data = stream.read(MAX_CONTENT_BYTES + 1)
                if len(data) > MAX_CONTENT_BYTES:
                    st = path.stat()
                    data = f"too big\0{st.st_size}\0{st.st_mtime_ns}\0{st.st_ctime_ns}".encode()
            except OSError as exc:
                data = f"unreadable\0{exc}".encode()
            digests[name] = hashlib.sha256(data).hexdigest()
    return digests
