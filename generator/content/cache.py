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
from generator.fingerprint import code_fingerprint, file_digests
from generator.fsutil import write_atomic

CACHE_NAME = ".playaid-content.pickle"


def content_fingerprint(content_dir: Path, digests: dict[str, str], code: str) -> str:
    """sha256 over every content file's name and digest (`file_digests`), the generator's code
    fingerprint and the resolved folder (so two content folders never share an entry)."""
    digest = hashlib.sha256(code.encode())
    digest.update(str(Path(content_dir).resolve()).encode())
    for name, file_digest in sorted(digests.items()):
        digest.update(f"{name}\0{file_digest}\0".encode())
    return digest.hexdigest()


def load_content_cached(content_dir: Path, cache_dir: Path, digests: dict[str, str] | None = None,
                        code: str | None = None) -> Content:
    """`load_content`, reusing the validated result of an earlier call when no content file and
    no generator code changed. ``digests``/``code``: `file_digests(content_dir)` and
    `code_fingerprint()` when the caller has them already. Raises `ContentError` exactly as
    `load_content` does."""
    content_dir = Path(content_dir)
    if not content_dir.is_dir():
        return load_content(content_dir)
    fingerprint = content_fingerprint(content_dir, digests if digests is not None else file_digests(content_dir),
                                      code if code is not None else code_fingerprint())
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
