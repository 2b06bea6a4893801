"""Atomic file writes: write to a temporary file beside the target, then rename over it."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from generator.errors import PlayaidError


class WriteError(PlayaidError):
    """An output file could not be written (the previous file, if any, is untouched)."""


def unwritable_folder(folder: Path) -> str | None:
    """Why files cannot be written into ``folder`` (made first, with its parents, when missing):
    the system's reason (``Permission denied``, ``Read-only file system``, ``Not a directory``),
    or None when a file could be made there (it is removed at once). Asked before a long job
    writes its first file, so a folder that cannot be written is said before any work is done."""
    import tempfile

    try:
        Path(folder).mkdir(parents=True, exist_ok=True)
        handle, name = tempfile.mkstemp(prefix=".playaid-write-test.", dir=folder)
        os.close(handle)
        os.unlink(name)
    except OSError as exc:
        return exc.strerror or str(exc)
    return None


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so that readers see either the old file or the whole new one.

    The temporary file lives in the same folder (same file system) and is removed on failure.
    Raises `WriteError` naming ``path`` when the folder cannot be made or written.
    """
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise WriteError(
            f"cannot write {path}: {exc.strerror or exc} (check that the output folder is a writable folder)"
        ) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        if isinstance(exc, OSError):
            raise WriteError(
                f"cannot write {path}: {exc.strerror or exc} (check free space and that the output folder is writable)"
            ) from None
        raise
