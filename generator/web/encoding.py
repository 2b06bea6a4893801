"""Compressed responses for `playaid serve`: which files are worth compressing, whether a client
takes gzip, and the gzip bytes of a file (a precompressed ``<file>.gz`` beside it when the site
has one, else compressed once and kept in a bounded in-memory cache).

The scorer's biggest download, Pyodide's WebAssembly (9.6 MB), is 3.5 MB gzipped (compressed
once, in 1-2 s, then kept), and its JavaScript (1.25 MB) 0.26 MB: over a phone's Wi-Fi that is
most of the first load.
"""

from __future__ import annotations

import gzip
import os
import stat
import threading
from collections import OrderedDict
from pathlib import Path

#: Types sent gzipped when the client accepts it; images other than SVG and zip files are
#: compressed already.
COMPRESSIBLE = frozenset(
    {
        "text/html",
        "text/css",
        "text/javascript",
        "text/plain",
        "text/markdown",
        "application/json",
        "application/manifest+json",
        "application/wasm",
        "image/svg+xml",
        "text/x-python",
    }
)
#: Largest file compressed on the fly (bytes); larger ones go as they are unless a ``.gz`` exists.
MAX_COMPRESS_BYTES = 32 << 20
#: Most bytes of compressed files kept in memory at once (least recently used dropped first).
CACHE_BYTES = 64 << 20


def accepts_gzip(header: str | None) -> bool:
    """True when an ``Accept-Encoding`` header value takes gzip (``gzip`` or ``*`` with a
    non-zero quality; ``gzip;q=0`` refuses it)."""
    if not header:
        return False
    chosen: dict[str, float] = {}
    for item in header.split(",")[:32]:
        coding, _, params = item.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        chosen[coding.strip().lower()] = quality
    if "gzip" in chosen:
        return chosen["gzip"] > 0
    return chosen.get("*", 0) > 0


class GzipCache:
    """gzip bytes of site files, keyed by path, size, modification time and inode (a rebuilt
    site is compressed again), at most `CACHE_BYTES` in all. Thread-safe."""

    def __init__(self, limit: int = CACHE_BYTES):
        self._limit = limit
        self._entries: OrderedDict[tuple, bytes] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()

    def gzipped(self, path: Path, st: os.stat_result) -> bytes | Path | None:
        """The gzip form of the regular file ``path`` (stat ``st``): a fresh, regular ``.gz``
        sibling as a path (no older than the file, inside the same folder), else compressed
        bytes; None when the file is too big to compress on the fly or cannot be read."""
        sibling = path.with_name(path.name + ".gz")
        try:
            gz = os.stat(sibling, follow_symlinks=False)
            if stat.S_ISREG(gz.st_mode) and gz.st_mtime_ns >= st.st_mtime_ns:
                return sibling
        except OSError:
            pass
        if st.st_size > MAX_COMPRESS_BYTES:
            return None
        key = (str(path), st.st_size, st.st_mtime_ns, st.st_ino)
        with self._lock:
            if key in self._entries:
                self._entries.move_to_end(key)
                return self._entries[key]
        try:
            with open(path, "rb") as stream:
                raw = stream.read(MAX_COMPRESS_BYTES + 1)
        except OSError:
            return None
        if len(raw) > MAX_COMPRESS_BYTES:  # it grew since the stat
            return None
        data = gzip.compress(raw, compresslevel=6, mtime=0)
        with self._lock:
            if key not in self._entries and len(data) <= self._limit:
                self._entries[key] = data
                self._size += len(data)
                while self._size > self._limit:
                    _, dropped = self._entries.popitem(last=False)
                    self._size -= len(dropped)
        return data
