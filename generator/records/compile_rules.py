"""Compile what the scoring core needs from validated content into plain JSON, and keep it.

The scoring core (`generator.scoring`) reads JSON, never YAML or pydantic models, so the same code
runs in the command line and in the browser. `compile_rules(content)` writes every game's facts,
tables, card database and scoring rules as plain data, the same way for every game (adding a game
needs no change here). `compiled_rules(content_dir)` returns them for the command line from a cache
keyed by a fingerprint of the content files and of this package's code, so `playaid score` loads
no YAML and validates nothing when content has not changed.

The rules index that `playaid rules` searches (`generator.content.rules_index`) is kept the same
way by `compiled_index`, in ``rulesindex-<fingerprint>.json``.

Cache file: ``<cache dir>/rules-<fingerprint>.json``: one header line ``{"format", "fingerprint",
"digest"}`` (sha256 of the rest), then the rules as JSON; the cache dir is ``$PLAYAID_CACHE_DIR``,
else ``$XDG_CACHE_HOME/playaid``, else ``~/.cache/playaid``. A missing, stale, corrupt or foreign
file is ignored and rewritten; an unwritable cache dir only costs speed.

The cache is a state file, checked like input (a cache folder may be shared, or synced):

- its fingerprint covers the *bytes* of every content file (`content_digests`, read under the
  loader's limits), so an edit that keeps a file's size and modification time is seen; and the
  name, size, times (change time included) and inode of the generator's own code;
- on systems with file owners, a cache file that is not owned by the user running playaid, or
  that others may write, is not used (another user of a shared cache folder could plant one);
- its top-level shape is checked (games, each with its facts, tables, cards and scoring);
- pruning deletes only files named ``rules-<32 hex>.json`` (``rulesindex-...`` for the index)
  that the user owns and that start with a header playaid wrote, never another file.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
from pathlib import Path

from generator import __version__

#: Version of the compiled rules' shape; the scoring core checks it.
FORMAT = 2

_PACKAGE = Path(__file__).resolve().parent
#: Card fields that document a number (where it comes from, what others print) but never score.
_DOC_ONLY = frozenset({"note", "source", "differences"})


def _without(value, keys: frozenset):
    """``value`` (JSON data) with ``keys`` removed from every mapping, at any depth."""
    if isinstance(value, dict):
        return {k: _without(v, keys) for k, v in value.items() if k not in keys}
    if isinstance(value, list):
        return [_without(v, keys) for v in value]
    return value


def compile_game(game) -> dict:
    """One game's compiled rules from its validated `GameContent` (see `compile_rules`)."""
    cards = []
    for doc in game.of_kind("cards").values():
        cards += [_without(card.model_dump(mode="json", exclude_none=True), _DOC_ONLY) for card in doc.cards]
    scoring = next(iter(game.of_kind("scoring").values()), None)
    facts = {name: fact.model_dump(mode="json")["value"] for name, fact in game.facts.items()}
    return {
        "id": game.id,
        "title": game.game.title,
        "version": game.game.version,
        "facts": facts,
        "tables": {tid: {"title": t.title, "columns": [c.key for c in t.columns],
                         "rows": t.model_dump(mode="json")["rows"]}
                   for tid, t in game.of_kind("table").items()},
        "cards": cards,
        "scoring": None if scoring is None else _scoring_model(scoring, facts, game.id,
                                                               game.of_kind("table")),
    }


def _scoring_model(scoring, facts: dict, game_id: str, tables: dict) -> dict:
    """The ``kind: scoring`` document as the scoring core and the phone pad read it: without
    what only documents it (rulings, notes, sources), ``record`` given (default: the game's
    id), constants written ``{fact: name}`` replaced by the fact's value and ``{table: id}`` by
    the table's rows."""
    data = _without(scoring.model_dump(mode="json", exclude_none=True, exclude={"rulings", "notes"}),
                    frozenset({"source"}))
    data.setdefault("record", game_id)
    for holder in [data] + data.get("variants", []):
        constants = holder.get("constants") or {}
        for name, value in constants.items():
            if isinstance(value, dict) and "fact" in value:
                constants[name] = facts.get(value["fact"])
            elif isinstance(value, dict) and "table" in value and value["table"] in tables:
                constants[name] = tables[value["table"]].model_dump(mode="json")["rows"]
    return data


def compile_rules(content) -> dict:
    """``{"format": 1, "content_version": "...", "games": {game id: {...}}}`` from validated
    `Content`. Per game: ``id``, ``title``, ``version``, ``facts`` (name -> value), ``tables``
    (id -> {title, columns, rows}), ``cards`` (every card design, as in content, without the
    fields that only document it: ``note``, ``source``, ``differences``, at any depth) and
    ``scoring`` (the ``kind: scoring`` model, `_scoring_model`; its shape is in
    ``docs/scoring-model.md``), or None."""
    games = {game_id: compile_game(game) for game_id, game in sorted(content.games.items())}
    version = "+".join(f"{g['id']} {g['version']}" for g in games.values())
    return {"format": FORMAT, "content_version": version, "games": games}


def cache_dir() -> Path:
    """Where compiled rules are kept (see the module docstring)."""
    if os.environ.get("PLAYAID_CACHE_DIR"):
        return Path(os.environ["PLAYAID_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "playaid"


def rules_fingerprint(content_dir: Path) -> str:
    """sha256 over the format, the version, the resolved content folder, the bytes of every
    content file (`content_digests`: ~50 files, a few ms) and the name, size, times and inode of
    every file of the generator's own code (`stat_fingerprint`): any edit compiles again."""
    from generator.content.files import content_digests
    from generator.fingerprint import stat_fingerprint

    content_dir = Path(content_dir).resolve()
    digest = hashlib.sha256(f"{FORMAT}\0{__version__}\0{content_dir}\0{stat_fingerprint([_PACKAGE])}".encode())
    for name, file_digest in sorted(content_digests(content_dir).items()):
        digest.update(f"{name}\0{file_digest}\0".encode())
    return digest.hexdigest()


#: Largest compiled rules file read (bytes); the shipped content's is ~150 kB.
MAX_CACHE_BYTES = 32 << 20


def _own_file(st: os.stat_result) -> bool:
    """True when a cache file's stat says the user running playaid may trust it: a regular file,
    owned by this user and not writable by others (on systems with owners)."""
    if not stat.S_ISREG(st.st_mode):
        return False
    if not hasattr(os, "getuid"):
        return True
    return st.st_uid == os.getuid() and not st.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def _games_shape(rules) -> bool:
    """True when the compiled rules have the top-level shape `compile_rules` writes."""
    games = rules.get("games") if isinstance(rules, dict) else None
    if not isinstance(games, dict) or rules.get("format") != FORMAT:
        return False
    kinds = {"id": str, "title": str, "version": str, "facts": dict, "tables": dict, "cards": list}
    return all(isinstance(game, dict) and all(isinstance(game.get(k), t) for k, t in kinds.items())
               and isinstance(game.get("scoring"), (dict, type(None))) for game in games.values())


def _read_cache(path: Path, fingerprint: str, format_: int = FORMAT, shape=None) -> dict | None:
    """The rules from a cache file ``header line + rules JSON``, or None when it is missing, not
    the user's own (`_own_file`), for another fingerprint or format, its rules bytes do not
    match the header's sha256, or they fail ``shape`` (default `_games_shape`)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        with os.fdopen(fd, "rb") as stream:
            if not _own_file(os.fstat(stream.fileno())):
                return None  # planted by another user, or writable by others
            raw = stream.read(MAX_CACHE_BYTES + 1)
        if len(raw) > MAX_CACHE_BYTES:
            return None
        head, _, body = raw.partition(b"\n")
        header = json.loads(head)
        if not (isinstance(header, dict) and header.get("format") == format_
                and header.get("fingerprint") == fingerprint
                and header.get("digest") == hashlib.sha256(body).hexdigest()):
            return None  # another version, or truncated or edited: compile again
        rules = json.loads(body)
    except (OSError, ValueError, RecursionError):  # RecursionError: a planted, deeply nested file
        return None
    if not (shape or _games_shape)(rules):
        return None
    return rules


def compiled_rules(content_dir: Path | str) -> dict:
    """The compiled rules of ``content_dir``, from the cache when content and code are
    unchanged, else loaded, validated (`load_content`: raises `ContentError` with every problem)
    and compiled, then cached."""
    return _compiled(content_dir, "rules", FORMAT, compile_rules)


def compiled_index(content_dir: Path | str) -> dict:
    """The rules index of ``content_dir`` (`generator.content.rules_index`, what `playaid
    rules` searches), cached as the compiled rules are (``rulesindex-<fingerprint>.json``)."""
    from generator.content.rules_index import FORMAT as INDEX_FORMAT, build_rules_index

    return _compiled(content_dir, "rulesindex", INDEX_FORMAT, build_rules_index,
                     lambda index: isinstance(index, dict) and isinstance(index.get("games"), dict))


def _compiled(content_dir: Path | str, name: str, format_: int, compile_, shape=None) -> dict:
    """``compile_(load_content(content_dir))``, kept in ``<cache dir>/<name>-<fingerprint>.json``
    (read back only when it passes ``shape``, see `_read_cache`)."""
    content_dir = Path(content_dir)
    if not content_dir.is_dir():
        from generator.content.load import load_content
        load_content(content_dir)  # raises ContentError naming the folder
    fingerprint = rules_fingerprint(content_dir)
    path = cache_dir() / f"{name}-{fingerprint[:32]}.json"
    data = _read_cache(path, fingerprint, format_, shape)
    if data is not None:
        return data
    from generator.content.load import load_content

    data = compile_(load_content(content_dir))
    body = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode()
    header = {"format": format_, "fingerprint": fingerprint, "digest": hashlib.sha256(body).hexdigest()}
    try:
        from generator.fsutil import write_atomic

        write_atomic(path, json.dumps(header).encode() + b"\n" + body)
        _prune(path.parent, keep=path, name=name)
    except Exception:  # noqa: BLE001 - the cache only saves time; scoring goes on without it
        pass
    return data


def _prune(folder: Path, keep: Path, most: int = 8, name: str = "rules") -> None:
    """Keep the ``most`` newest ``<name>-<32 hex>.json`` files (each content edit makes a new
    one); only files playaid wrote are counted or deleted (`_ours`)."""
    pattern = re.compile(rf"{re.escape(name)}-[0-9a-f]{{32}}\.json")
    ours = []
    for path in folder.iterdir():
        if pattern.fullmatch(path.name) and path != keep:
            st = _ours(path)
            if st is not None:
                ours.append((st.st_mtime_ns, path))
    for _, old in sorted(ours, reverse=True)[max(0, most - 1):]:
        old.unlink(missing_ok=True)


def _ours(path: Path) -> os.stat_result | None:
    """The stat of ``path`` when it is a compiled rules file this user's playaid wrote: owned by
    the user, not a link, and starting with a header line of our format; else None."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        with os.fdopen(fd, "rb") as stream:
            st = os.fstat(stream.fileno())
            head = stream.read(512).partition(b"\n")[0]
        header = json.loads(head)
    except (OSError, ValueError, RecursionError):
        return None
    if not (_own_file(st) and isinstance(header, dict) and set(header) == {"format", "fingerprint", "digest"}
            and isinstance(header["fingerprint"], str) and isinstance(header["digest"], str)):
        return None
    return st
