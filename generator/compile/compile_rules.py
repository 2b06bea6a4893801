"""Compile what the scoring core needs from validated content into plain JSON, and keep it.

The scoring core (`generator.scoring`) reads JSON, never YAML or pydantic models, so the same code
runs in the command line and in the browser. `compile_rules(content)` (from
`generator.content.compiled`) writes every game's facts, tables, card database and scoring model
as plain data. `compiled_rules(content_dir)` returns them for the command line from a cache
keyed by a fingerprint of the content files and of this package's code, so `playaid score` loads
no YAML and validates nothing when content has not changed.

The rules index that `playaid rules` searches (`generator.compile.rules_index`) is kept the same
way by `compiled_index`, in ``rulesindex-<fingerprint>.json``.

Cache file: ``<cache dir>/rules-<fingerprint>.json``: one header line ``{"format", "fingerprint",
"hmac"}`` (HMAC-SHA256 of the fingerprint and the rest under the user's own key,
`generator.compile.cache_key`, kept outside the cache folder), then the rules as JSON; the cache dir is ``$PLAYAID_CACHE_DIR``,
else ``$XDG_CACHE_HOME/playaid``, else ``~/.cache/playaid``. A missing, stale, corrupt or foreign
file is ignored and rewritten; an unwritable cache dir only costs speed.

The cache is a state file, checked like input (a cache folder may be shared, or synced):

- its fingerprint covers the *bytes* of every content file (`content_digests`, read under the
  loader's limits), so an edit that keeps a file's size and modification time is seen; and the
  name, size, times (change time included) and inode of the generator's own code;
- on systems with file owners, a cache file that is not owned by the user running playaid, or
  that others may write, is not used (another user of a shared cache folder could plant one);
- it is signed: a file whose HMAC does not match under the user's key (planted: a fingerprint
  and a sha256 are no secret) is compiled again, whatever it holds; with no usable key no cache
  is read or written;
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
from generator.compile.cache_key import cache_key, sign, signed
from generator.content.compiled import FORMAT, compile_game, compile_rules  # noqa: F401 (re-exported)

#: The code that reads, checks and compiles content: an edit to any of it compiles again (not
#: the whole package: an installed one carries the shipped games and Pyodide beside it).
_CODE = tuple(
    Path(__file__).resolve().parents[1] / part for part in ("reader", "content", "checks", "compile", "scoring")
)


def cache_dir() -> Path:
    """Where compiled rules are kept (see the module docstring)."""
    if os.environ.get("PLAYAID_CACHE_DIR"):
        return Path(os.environ["PLAYAID_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "playaid"


def rules_fingerprint(content_dir: Path) -> str:
    """sha256 over the format, the version, the resolved content folder, the bytes of every
    content file (`content_digests`: ~50 files, a few ms) and the name, size, times and inode of
    every file of the code that reads, checks and compiles content (`_CODE`,
    `stat_fingerprint`): any edit compiles again."""
    from generator.content.files import content_digests
    from generator.fingerprint import stat_fingerprint

    content_dir = Path(content_dir).resolve()
    digest = hashlib.sha256(f"{FORMAT}\0{__version__}\0{content_dir}\0{stat_fingerprint(_CODE)}".encode())
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
    return all(
        isinstance(game, dict)
        and all(isinstance(game.get(k), t) for k, t in kinds.items())
        and isinstance(game.get("scoring"), (dict, type(None)))
        for game in games.values()
    )


def _read_cache(path: Path, fingerprint: str, format_: int = FORMAT, shape=None) -> dict | None:
    """The rules from a cache file ``header line + rules JSON``, or None when it is missing, not
    the user's own (`_own_file`), for another fingerprint or format, its rules bytes are not
    signed by the user's key (`cache_key.signed`; no key: None), or they fail ``shape``
    (default `_games_shape`)."""
    key = cache_key()
    if key is None:
        return None
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
        if not (
            isinstance(header, dict)
            and header.get("format") == format_
            and header.get("fingerprint") == fingerprint
            and signed(key, fingerprint, body, header.get("hmac"))
        ):
            return None  # another version, truncated, edited or planted: compile again
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
    """The rules index of ``content_dir`` (`generator.compile.rules_index`, what `playaid
    rules` searches and `playaid web` ships), cached as the compiled rules are
    (``rulesindex-<fingerprint>.json``); a cached index of the wrong shape
    (`generator.rulesearch.shape.check_index`) is ignored and the index built again."""
    from generator.compile.rules_index import FORMAT as INDEX_FORMAT
    from generator.compile.rules_index import build_rules_index
    from generator.rulesearch.shape import IndexError_, check_index

    def fits(index) -> bool:  # a cache file someone else wrote: built again unless it fits
        try:
            check_index(index)
        except IndexError_:
            return False
        return True

    return _compiled(content_dir, "rulesindex", INDEX_FORMAT, build_rules_index, fits)


def _compiled(content_dir: Path | str, name: str, format_: int, compile_, shape=None) -> dict:
    """``compile_(load_content(content_dir))``, kept in ``<cache dir>/<name>-<fingerprint>.json``
    (read back only when it passes ``shape``, see `_read_cache`)."""
    content_dir = Path(content_dir)
    if not content_dir.is_dir():
        from generator.checks.load import load_content

        load_content(content_dir)  # raises ContentError naming the folder
    fingerprint = rules_fingerprint(content_dir)
    path = cache_dir() / f"{name}-{fingerprint[:32]}.json"
    data = _read_cache(path, fingerprint, format_, shape)
    if data is not None:
        return data
    from generator.checks.load import load_content

    data = compile_(load_content(content_dir))
    key = cache_key()
    if key is None:  # nothing to sign it with: a cache that cannot be trusted is not kept
        return data
    body = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode()
    header = {"format": format_, "fingerprint": fingerprint, "hmac": sign(key, fingerprint, body)}
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
    for _, old in sorted(ours, reverse=True)[max(0, most - 1) :]:
        old.unlink(missing_ok=True)


#: The header keys of a cache file playaid wrote: signed, or (before the key) with a sha256.
_HEADERS = ({"format", "fingerprint", "hmac"}, {"format", "fingerprint", "digest"})


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
    if not (
        _own_file(st)
        and isinstance(header, dict)
        and set(header) in _HEADERS
        and all(isinstance(header[k], str) for k in header if k != "format")
    ):
        return None
    return st
