"""Precompressed copies of the site's files: ``X.gz`` beside ``X``, for a server that sends them
(`playaid serve`, nginx ``gzip_static``, ...) to browsers that accept gzip.

Deterministic: the same bytes give the same ``.gz`` (gzip level 6, no file name, time 0), so a
rebuilt site is byte-identical. Pyodide's WebAssembly (9.6 MB -> 3.5 MB) takes 0.56 s of CPU to compress
(1.08 s wall at load 4 on the 2-CPU machine, 2026-12-02), so large results are kept in the cache folder of compiled rules, named
by the sha256 of the input, and checked on use: a cached copy is used only when it decompresses
to exactly the input (a planted or damaged file is compressed again).
"""

from __future__ import annotations

import gzip
import hashlib
import zlib
from pathlib import Path

#: Kinds of file worth compressing: text and WebAssembly (zip and png are compressed already).
COMPRESSIBLE = (".wasm", ".js", ".mjs", ".json", ".css", ".html", ".svg", ".webmanifest")
#: Smaller files gain too little to be worth a second file (a response header is ~200 bytes).
MIN_BYTES = 1024
#: A copy is written only when it saves at least this share of the file.
MIN_SAVING = 0.1
#: Inputs at least this large are compressed once and kept in the cache folder.
CACHE_FROM_BYTES = 256 * 1024
LEVEL = 6


def wants_gzip(path: str, size: int) -> bool:
    """Whether a site file at ``path`` (relative) of ``size`` bytes gets a ``.gz`` copy tried."""
    return size >= MIN_BYTES and path.endswith(COMPRESSIBLE)


def _compress(data: bytes) -> bytes:
    return gzip.compress(data, compresslevel=LEVEL, mtime=0)


def _cached(data: bytes, cache: Path | None) -> bytes:
    if cache is None or len(data) < CACHE_FROM_BYTES:
        return _compress(data)
    path = cache / f"web-gzip-{hashlib.sha256(data).hexdigest()[:32]}.gz"
    try:
        packed = path.read_bytes()
        if gzip.decompress(packed) == data:
            return packed
    except (OSError, EOFError, zlib.error, gzip.BadGzipFile):
        pass
    packed = _compress(data)
    try:
        from generator.fsutil import write_atomic

        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, packed)
    except Exception:  # noqa: BLE001 - the cache only saves time
        pass
    return packed


def gzip_copy(path: str, data: bytes, cache: Path | None = None) -> bytes | None:
    """The ``.gz`` copy of ``data`` (the file at site-relative ``path``), or None when it is not
    worth one (see `wants_gzip`, `MIN_SAVING`). ``cache``: folder keeping large results."""
    if not wants_gzip(path, len(data)):
        return None
    packed = _cached(data, cache)
    return packed if len(packed) <= len(data) * (1 - MIN_SAVING) else None
