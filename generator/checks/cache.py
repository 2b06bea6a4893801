"""A cache of checked content, keyed by a fingerprint of every content file and of the
generator's own code: a rebuild with nothing changed skips YAML parsing and the expensive
cross-checks (rulebook headings and values, the content's own checks).

The cache is plain data, never code: ``<output folder>/.playaid-content.json``, written
atomically, holding ``{"format": 1, "fingerprint": "<sha256>", "games": [{"folder": "rftg",
"files": [{"path": "rftg/game.yaml", "data": ..., "marks": [[path, line, column], ...],
"key_marks": [...]}, ...]}, ...]}`` (values encoded by `json_data`). It is read like any file
a user could have written, because anyone who can write the output folder can write it:

- a missing, unreadable, corrupt, foreign (other format or fingerprint) or stale cache is
  ignored and rebuilt, never trusted;
- what it holds is checked again on load: game folders and file paths must be the content's
  own, every document is validated by the pydantic models (`load.index_documents`) and the
  cheap cross-checks (references between documents, fact types) run again. Only the checks the
  fingerprint vouches for are skipped. Any problem: the cache is ignored and rebuilt.

So a planted cache can at worst describe content that passes validation, no worse than the PDFs
its author could write into the same folder; it can never run code.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import MappingProxyType

from generator.checks.consistency import check_consistency
from generator.checks.load import Content, GameContent, game_document, index_documents, load_content
from generator.checks.values import check_fact_types
from generator.content.files import content_digests, game_folders
from generator.errors import PlayaidError, display_path
from generator.fingerprint import code_fingerprint, content_fingerprint
from generator.fsutil import write_atomic
from generator.reader import json_data
from generator.reader.yaml_io import MAX_DEPTH, Located

CACHE_NAME = ".playaid-content.json"
#: Version of the cache's shape: a file of another format is ignored.
FORMAT = 1
#: Largest cache file read (bytes); the shipped content's cache is about 1 MB.
MAX_CACHE_BYTES = 64 << 20


class _Unusable(Exception):
    """The cache cannot be used (why, for debugging); the caller rebuilds it."""


def load_content_cached(
    content_dir: Path,
    cache_dir: Path,
    digests: dict[str, str] | None = None,
    code: str | None = None,
    *,
    fingerprint: str | None = None,
    fresh: bool = False,
) -> Content:
    """`load_content`, reusing the checked result of an earlier call when no content file and
    no generator code changed. ``digests``/``code``/``fingerprint``: `content_digests(content_dir)`,
    `code_fingerprint()` and `content_fingerprint` (of those two) when the caller has them
    already; ``fresh`` (`build --force`): read content, never the cache, and write the cache
    anew. Raises `ContentError` exactly as `load_content` does; never raises for anything in
    the cache file."""
    content_dir = Path(content_dir)
    if not content_dir.is_dir():
        return load_content(content_dir)
    digests = digests if digests is not None else content_digests(content_dir)
    if fingerprint is None:
        fingerprint = content_fingerprint(content_dir, digests, code if code is not None else code_fingerprint())
    cache = Path(cache_dir) / CACHE_NAME
    if not fresh:
        try:
            return read_cache(cache, content_dir, fingerprint, set(digests))
        except _Unusable:
            pass
    content = load_content(content_dir)
    try:
        write_atomic(cache, json.dumps(to_json(content, fingerprint), allow_nan=False, separators=(",", ":")).encode())
    except (PlayaidError, ValueError):
        pass  # the cache is an optimisation; failing to write it is not a build failure
    return content


def to_json(content: Content, fingerprint: str) -> dict:
    """The cache document for ``content`` (see the module docstring). `ValueError` when a value
    cannot be stored (not produced by `yaml_io`)."""
    games = []
    for game in content.games.values():
        files = []
        for key, located in game.located.items():
            files.append(
                {
                    "path": game.paths[key],
                    "data": json_data.encode(located.data),
                    "marks": _marks_json(located.marks),
                    "key_marks": _marks_json(located.key_marks),
                }
            )
        games.append({"folder": game.folder.name, "files": files})
    return {"format": FORMAT, "fingerprint": fingerprint, "games": games}


def read_cache(cache: Path, content_dir: Path, fingerprint: str, content_files: set[str]) -> Content:
    """The `Content` stored in ``cache`` for ``fingerprint``, validated again. Raises
    `_Unusable` for a missing, unreadable, foreign, stale or invalid cache."""
    try:
        with open(cache, "rb") as stream:
            raw = stream.read(MAX_CACHE_BYTES + 1)
        if len(raw) > MAX_CACHE_BYTES:
            raise _Unusable("too large")
        doc = json.loads(raw)
    except (OSError, ValueError, RecursionError) as exc:
        raise _Unusable(f"unreadable: {exc}") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT or doc.get("fingerprint") != fingerprint:
        raise _Unusable("another format or fingerprint")
    folders = {p.name for p in game_folders(content_dir)}
    entries = doc.get("games")
    if not isinstance(entries, list) or sorted(_field(g, "folder", str) for g in entries) != sorted(folders):
        raise _Unusable("not this content's games")
    games: dict[str, GameContent] = {}
    for entry in entries:
        game = _read_game(content_dir, entry, content_files)
        if game.id in games:
            raise _Unusable(f"game {game.id} twice")
        games[game.id] = game
    return Content(root=content_dir, games=MappingProxyType(games))


def _read_game(content_dir: Path, entry: dict, content_files: set[str]) -> GameContent:
    folder = content_dir / entry["folder"]
    files = _field(entry, "files", list)
    own = {
        name for name in content_files if name.startswith(entry["folder"] + "/") and name.endswith((".yaml", ".yml"))
    }
    if sorted(_field(item, "path", str) for item in files) != sorted(own):
        raise _Unusable(f"{entry['folder']}: not this game's files")
    parsed: list[tuple[str, Located]] = []
    for item in files:
        relative = item["path"]
        try:
            data = json_data.decode(item.get("data"), MAX_DEPTH + 1)
            marks = _marks(_field(item, "marks", list))
            key_marks = _marks(_field(item, "key_marks", list))
        except (ValueError, TypeError, RecursionError) as exc:
            raise _Unusable(f"{relative}: {exc}") from None
        parsed.append((relative, Located(display_path(content_dir / relative), data, marks, key_marks)))
    documents, located, paths, problems, failed = index_documents(parsed)
    game = game_document(documents)
    if failed or problems or game is None:
        raise _Unusable(f"{entry['folder']}: documents do not validate")
    content = GameContent(game, folder, documents, located, paths)
    # the cheap cross-checks guard what rendering relies on; the expensive ones the fingerprint
    # vouches for (rulebook headings and values, the content's own checks) are not repeated
    if any(p.severity == "error" for p in check_consistency(content) + check_fact_types(content)):
        raise _Unusable(f"{entry['folder']}: documents do not agree")
    return content


def _field(item, name: str, kind: type):
    value = item.get(name) if isinstance(item, dict) else None
    if not isinstance(value, kind):
        raise _Unusable(f"'{name}' is not a {kind.__name__}")
    return value


def _marks_json(marks: dict) -> list:
    return [[json_data.encode(list(path)), line, column] for path, (line, column) in marks.items()]


def _marks(items: list) -> dict:
    """Positions back from `_marks_json`: path tuple -> (line, column), both ints >= 0."""
    out = {}
    for item in items:
        path, line, column = item  # ValueError/TypeError when not a triple
        if not (isinstance(path, list) and type(line) is int and type(column) is int and line >= 0 and column >= 0):
            raise ValueError("a position is not [path, line, column]")
        if all(type(part) is str or type(part) is int for part in path):  # the common case
            out[tuple(path)] = (line, column)
        else:
            out[tuple(json_data.decode(path, MAX_DEPTH + 1))] = (line, column)
    return out
