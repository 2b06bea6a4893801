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


def file_digests(root: Path) -> dict[str, str]:
    """sha256 of every file under ``root``, by its path relative to ``root`` (posix): read once
    per build and shared by the content cache and every aid's input hash."""
    root = Path(root)
    return {path.relative_to(root).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(p for p in root.rglob("*") if p.is_file())}


def content_fingerprint(content_dir: Path, digests: dict[str, str], code: str) -> str:
    """sha256 over every content file's name and digest (`file_digests`), the generator's code
    fingerprint and the resolved folder (so two content folders never share an entry)."""
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


def stat_fingerprint(roots) -> str:
    """sha256 over the name, size and modification time (ns) of every file under each folder of
    ``roots`` (``__pycache__`` skipped). It reads no file, so it costs a few milliseconds where
    hashing the bytes of code, templates and fonts costs tens: a no-op build compares it first
    and hashes only when it changed (a changed stat with the same bytes is still caught by the
    content hash that follows)."""
    import os

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
                entries.append(f"{path}\0{st.st_size}\0{st.st_mtime_ns}\0")
    return hashlib.sha256("".join(sorted(entries)).encode()).hexdigest()
