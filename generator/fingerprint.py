"""Content hashes that decide what a build may skip: files by name and bytes, and the code and
templates that turn content into PDFs."""

from __future__ import annotations

import hashlib
from pathlib import Path

from generator import __version__
from generator.paths import PROJECT_ROOT, TEMPLATES_DIR


def hash_files(paths) -> str:
    """sha256 over each file's name (relative to the project, else its base name) and bytes,
    in sorted order, so the hash does not depend on the checkout folder."""
    digest = hashlib.sha256()
    for path in sorted({Path(p) for p in paths}):
        name = path.relative_to(PROJECT_ROOT) if path.is_relative_to(PROJECT_ROOT) else Path(path.name)
        digest.update(name.as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def content_fingerprint(content_dir: Path, digests: dict[str, str], code: str) -> str:
    """sha256 over every content file's name and digest (`content.files.content_digests`), the
    generator's code fingerprint and the resolved folder (so two content folders never share an
    entry)."""
    digest = hashlib.sha256(code.encode())
    digest.update(str(Path(content_dir).resolve()).encode())
    for name, file_digest in sorted(digests.items()):
        digest.update(f"{name}\0{file_digest}\0".encode())
    return digest.hexdigest()


def code_fingerprint() -> str:
    """Hash of the generator package, the templates, fonts and icons, and the version: a change
    to any of them changes every aid. Not cached: `playaid watch` builds again in the same
    process after a template edit, and must see it (a build computes it once)."""
    files = list((PROJECT_ROOT / "generator").rglob("*.py"))
    files += [p for p in TEMPLATES_DIR.rglob("*") if p.is_file()]
    return hash_files(files) + __version__


#: A file changed this close to (or after) the start of a stat walk is "racy": it may change
#: again within the same timestamp tick, leaving its stat as it was (as version-control indexes
#: treat such entries). Nanosecond timestamps move with the kernel's tick (a few ms) ...
RACY_NS = 20_000_000
#: ... whole-second ones (FAT keeps 2 s; tar and some copies restore whole seconds) in seconds.
RACY_COARSE_NS = 2_000_000_000


def stat_snapshot(roots) -> tuple[str, bool]:
    """``(digest, racy)``: sha256 over the name, size, modification and change times (ns) and
    inode of every file under each folder of ``roots`` (``__pycache__`` skipped), and whether a
    file changed so recently (`RACY_NS`, `RACY_COARSE_NS`) that its stat cannot vouch for its
    bytes. It reads no file, so it costs a few milliseconds where hashing the bytes of code,
    templates and fonts costs tens: a no-op build compares it first and hashes only when it
    changed (a changed stat with the same bytes is still caught by the content hash that
    follows). The change time (ctime) is set by the system on every write and cannot be set
    back, so a tool that restores modification times does not hide an edit; a racy snapshot
    must not be kept for a later comparison (the caller hashes instead)."""
    import os
    import time

    taken = time.time_ns()
    racy = False
    entries = []
    for root in roots:
        root = os.path.abspath(root)
        for folder, dirs, files in os.walk(root):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            for name in files:
                path = os.path.join(folder, name)
                try:
                    st = os.stat(path)
                except OSError:
                    continue
                entries.append(f"{path}\0{st.st_size}\0{st.st_mtime_ns}\0{st.st_ctime_ns}\0{st.st_ino}\0")
                for stamp in (st.st_mtime_ns, st.st_ctime_ns):
                    margin = RACY_COARSE_NS if stamp % 1_000_000_000 == 0 else RACY_NS
                    racy = racy or stamp >= taken - margin
    return hashlib.sha256("".join(sorted(entries)).encode()).hexdigest(), racy


def stat_fingerprint(roots) -> str:
    """The digest of `stat_snapshot` (name, size, times and inode of every file under
    ``roots``)."""
    return stat_snapshot(roots)[0]
