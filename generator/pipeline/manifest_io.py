"""The build manifest (``<out>/<paper>/.playaid-manifest.json``) read as a hostile file.

Output folders sit in synced drives and shared folders: whoever can write one can plant a
manifest. A build trusts the manifest to skip aids and to delete the outputs an aid no longer
makes, so it is read under limits and only well-formed entries are kept:

- aid entries ``{"hash": str, "files": [name, ...], "digests": {name: sha256}, "png": bool,
  "fitted": {face: pt}, "fit_keys": {face: str}, "seconds": number}`` and the whole-build entry
  ``{"fingerprint": str, "stat": str, "aids": [[aid, [name, ...]], ...]}`` (or null); anything
  else is dropped (that aid is simply rebuilt), except a malformed ``fit_keys`` or ``digests``:
  only that field is dropped (``fit_keys`` is a hint that saves layouts; without ``digests`` no
  old output of the aid is deleted);
- every file name is relative, without ``..``, and stays inside the output folder once links
  are followed, so a planted name can never make a build delete or trust a file elsewhere;
- every file name is one the build writes for that aid in that paper folder (`owned`):
  ``<folder>/<aid>.pdf``, ``<folder>/<aid>-fillable.pdf``, ``<folder>/png/<aid>-p<n>.png``;
  a build deletes an old output only when its bytes are still those recorded in ``digests``
  (`written_by_build`), so a planted entry cannot make it delete ``web/index.html`` or a file
  the user put or edited there;
- a file larger than `MAX_MANIFEST_BYTES`, not JSON, or nested too deep reads as empty.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path, PurePosixPath

#: Largest manifest read (bytes); a build of every aid writes ~20 kB.
MAX_MANIFEST_BYTES = 16 << 20
#: Largest old output hashed before it is deleted (bytes); the biggest aid is a few MB.
MAX_OUTPUT_BYTES = 256 << 20
_SHA256 = re.compile(r"[0-9a-f]{64}")
_PAGE = re.compile(r"[1-9][0-9]{0,4}")


def owned(folder: str, aid: str, name) -> bool:
    """True when ``name`` is a file the build writes for aid ``aid`` in paper folder ``folder``
    (``a4``, ``print-shop-letter``...): its PDF, its fillable PDF, or a PNG preview page."""
    if not isinstance(name, str):
        return False
    if name in (f"{folder}/{aid}.pdf", f"{folder}/{aid}-fillable.pdf"):
        return True
    prefix = f"{folder}/png/{aid}-p"
    return name.startswith(prefix) and name.endswith(".png") and bool(_PAGE.fullmatch(name[len(prefix) : -4]))


def written_by_build(path: Path, digest) -> bool:
    """True when the file at ``path`` is a regular file (not a link) still holding the bytes
    whose sha256 the build recorded as ``digest``."""
    if not isinstance(digest, str):
        return False
    try:
        if path.is_symlink() or not path.is_file() or path.stat().st_size > MAX_OUTPUT_BYTES:
            return False
        return hashlib.sha256(path.read_bytes()).hexdigest() == digest
    except OSError:
        return False


def inside(out_dir: Path, name) -> bool:
    """True when ``name`` is a relative output file name that stays inside ``out_dir``."""
    return _inside(Path(out_dir).resolve(), name)


def _inside(root: Path, name) -> bool:
    """`inside` for an output folder ``root`` already resolved (a manifest names many files)."""
    if not isinstance(name, str) or not name or "\0" in name:
        return False
    pure = PurePosixPath(name)
    if pure.is_absolute() or ".." in pure.parts or "\\" in name:
        return False
    return (root / pure).resolve().is_relative_to(root)


def read_manifest(path: Path, out_dir: Path, whole_build_key: str) -> dict:
    """The manifest at ``path`` with only well-formed entries (see the module docstring);
    ``{}`` when it is missing, unreadable or not a JSON object. Never raises."""
    try:
        with open(path, "rb") as stream:
            raw = stream.read(MAX_MANIFEST_BYTES + 1)
        data = json.loads(raw) if len(raw) <= MAX_MANIFEST_BYTES else None
    except (OSError, ValueError, RecursionError):
        return {}
    if not isinstance(data, dict):
        return {}
    root = Path(out_dir).resolve()
    try:
        folder = Path(path).resolve().parent.relative_to(root).as_posix()
    except ValueError:
        return {}
    kept: dict = {}
    for key, entry in data.items():
        if key == whole_build_key:
            if entry is None or _whole_build_entry(entry, root, folder):
                kept[key] = entry
        elif _aid_entry(key, entry, root, folder):
            if "fit_keys" in entry and not _fit_keys(entry["fit_keys"]):
                entry = {k: v for k, v in entry.items() if k != "fit_keys"}
            if "digests" in entry and not _digests(entry["digests"], entry["files"]):
                entry = {k: v for k, v in entry.items() if k != "digests"}
            kept[key] = entry
    return kept


def _names(files, root: Path, folder: str, aid: str) -> bool:
    return isinstance(files, list) and all(owned(folder, aid, f) and _inside(root, f) for f in files)


def _digests(value, files) -> bool:
    return isinstance(value, dict) and all(
        k in files and isinstance(v, str) and _SHA256.fullmatch(v) for k, v in value.items()
    )


def _number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value < 1e9


def _aid_entry(key: str, entry, root: Path, folder: str) -> bool:
    return (
        isinstance(entry, dict)
        and isinstance(entry.get("hash"), str)
        and _names(entry.get("files"), root, folder, key)
        and isinstance(entry.get("png", False), bool)
        and _number(entry.get("seconds", 0))
        and isinstance(entry.get("fitted", {}), dict)
        and all(isinstance(k, str) and _number(v) for k, v in entry.get("fitted", {}).items())
    )


def _fit_keys(value) -> bool:
    return isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in value.items())


def _whole_build_entry(entry, root: Path, folder: str) -> bool:
    aids = entry.get("aids") if isinstance(entry, dict) else None
    return (
        isinstance(entry, dict)
        and isinstance(entry.get("fingerprint"), str)
        and isinstance(aids, list)
        and isinstance(entry.get("stat", ""), str)
        and all(
            isinstance(a, list) and len(a) == 2 and isinstance(a[0], str) and _names(a[1], root, folder, a[0])
            for a in aids
        )
    )
