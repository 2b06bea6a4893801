"""The per-user secret that signs the compiled-rules cache (issue 34): a cache file is used only
when its HMAC-SHA256 under this key matches, so a file planted in the cache folder (a synced or
shared folder, or one a tool wrote) is compiled again, whatever its fingerprint and digest say:
those are not secrets, and a planted ``vp: 9`` for Old Earth with a matching sha256 gave
Ann 38 VP instead of 31 without a word.

The key is 32 random bytes (64 hex digits) in ``cache.key`` of the key folder, kept outside the
cache folder: ``$PLAYAID_CONFIG_DIR``, else ``$XDG_CONFIG_HOME/playaid``, else
``~/.config/playaid``. It is made on first use (folder 0700, file 0600, written in full before
it is linked into place, so two processes starting at once agree on one key). On systems with
file owners a key that is not the user's own regular file, or that others may read or write,
is not used; with no usable key, no cache is read or written (scoring compiles the rules each
time: slower, never wrong).
"""

from __future__ import annotations

import hashlib
import hmac
import os
import stat
from pathlib import Path

KEY_NAME = "cache.key"
_KEY: dict[str, bytes | None] = {}  # key folder -> its key, read once per process


def key_dir() -> Path:
    """The folder of the cache key (see the module docstring)."""
    if os.environ.get("PLAYAID_CONFIG_DIR"):
        return Path(os.environ["PLAYAID_CONFIG_DIR"])
    base = os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config"
    return Path(base) / "playaid"


def cache_key() -> bytes | None:
    """The user's cache key (made when there is none), or None when it cannot be read or made,
    or is not safely the user's own."""
    folder = key_dir()
    found = _KEY.get(str(folder), b"")
    if found != b"":
        return found
    key = _read(folder / KEY_NAME)
    if key is None and not (folder / KEY_NAME).exists():
        key = _make(folder)
    _KEY[str(folder)] = key
    return key


def sign(key: bytes, fingerprint: str, body: bytes) -> str:
    """HMAC-SHA256 (hex) of a cache file's fingerprint and body under ``key``."""
    return hmac.new(key, fingerprint.encode() + b"\0" + body, hashlib.sha256).hexdigest()


def signed(key: bytes, fingerprint: str, body: bytes, mac) -> bool:
    """True when ``mac`` is `sign` of ``fingerprint`` and ``body`` (compared in constant time)."""
    return isinstance(mac, str) and hmac.compare_digest(mac, sign(key, fingerprint, body))


def _private(st: os.stat_result) -> bool:
    if not stat.S_ISREG(st.st_mode):
        return False
    if not hasattr(os, "getuid"):
        return True
    return st.st_uid == os.getuid() and not st.st_mode & 0o077


def _read(path: Path) -> bytes | None:
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        with os.fdopen(fd, "rb") as stream:
            if not _private(os.fstat(stream.fileno())):
                return None
            text = stream.read(200).strip()
        key = bytes.fromhex(text.decode("ascii"))
    except (OSError, ValueError):
        return None
    return key if len(key) >= 32 else None


def _make(folder: Path) -> bytes | None:
    """Write a new key into ``folder``; the key now there (another process's, should it have
    linked its own first), or None when the folder cannot be written."""
    import secrets  # only to make a key (imports random): not on every `playaid score`

    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        temporary = folder / f".{KEY_NAME}.{os.getpid()}.{secrets.token_hex(4)}"
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
        try:
            with os.fdopen(fd, "w") as stream:
                stream.write(secrets.token_hex(32) + "\n")
                stream.flush()
                os.fsync(stream.fileno())
            try:
                os.link(temporary, folder / KEY_NAME)  # fails when another process was first
            except FileExistsError:
                pass
        finally:
            temporary.unlink(missing_ok=True)
    except OSError:
        return None
    return _read(folder / KEY_NAME)
