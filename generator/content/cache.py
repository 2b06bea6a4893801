"""A cache of validated content, keyed by a fingerprint of every content file and of the
generator's own code: a rebuild with nothing changed skips parsing, validation and checks.

The cache lives in the build's output folder (``.playaid-content.pickle``) and is only a
speed-up: a missing, stale or unreadable cache is rebuilt, never trusted.
"""

from __future__ import annotations

import hashlib
import pickle
from pathlib import Path
from types import MappingProxyType

from generator.content.load import Content, load_content
from generator.errors import PlayaidError
from generator.fingerprint import code_fingerprint
from generator.fsutil import write_atomic

CACHE_NAME = ".playaid-content.pickle"


def content_fingerprint(content_dir: Path) -> str:
    """sha256 over the names and bytes of every file under ``content_dir``, the generator's code
    and the resolved folder (so two content folders never share an entry)."""
    content_dir = Path(content_dir)
    digest = hashlib.sha256(code_fingerprint().encode())
    digest.update(str(content_dir.resolve()).encode())
    for path in sorted(p for p in content_dir.rglob("*") if p.is_file()):
        digest.update(path.relative_to(content_dir).as_posix().encode() + b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()


def load_content_cached(content_dir: Path, cache_dir: Path) -> Content:
    """`load_content`, reusing the validated result of an earlier call when no content file and
    no generator code changed. Raises `ContentError` exactly as `load_content` does."""
    content_dir = Path(content_dir)
    if not content_dir.is_dir():
        return load_content(content_dir)
    fingerprint = content_fingerprint(content_dir)
    cache = Path(cache_dir) / CACHE_NAME
    try:
        stored_fingerprint, games = pickle.loads(cache.read_bytes())
        if stored_fingerprint == fingerprint:
            return Content(root=content_dir, games=MappingProxyType(games))
    except Exception:  # any unreadable cache is simply rebuilt
        pass
    content = load_content(content_dir)
    try:
        write_atomic(cache, pickle.dumps((fingerprint, dict(content.games)), protocol=pickle.HIGHEST_PROTOCOL))
    except (PlayaidError, pickle.PicklingError, TypeError):
        pass  # the cache is an optimisation; failing to write it is not a build failure
    return content
