"""The build manifest (``<out>/<paper>/.playaid-manifest.json``) read as a hostile file.

Output folders sit in synced drives and shared folders: whoever can write one can plant a
manifest. A build trusts the manifest to skip aids and to delete the outputs an aid no longer
makes, so it is read under limits and only well-formed entries are kept:

- aid entries ``{"hash": str, "files": [name, ...], "png": bool, "fitted": {face: pt},
  "fit_keys": {face: str}, "seconds": number}`` and the whole-build entry ``{"fingerprint": str,
  "stat": str, "aids": [[aid, [name, ...]], ...]}`` (or null); anything else is dropped (that aid
  is simply rebuilt), except a malformed ``fit_keys``: only that field is dropped (it is a hint
  that saves layouts, so without it the aid's faces are fitted again by search);
- every file name is relative, without ``..``, and stays inside the output folder once links
  are followed, so a planted name can never make a build delete or trust a file elsewhere;
- a file larger than `MAX_MANIFEST_BYTES`, not JSON, or nested too deep reads as empty.
"""

from __future__ import annotations

import json
from pathlib import Path, PurePosixPath

#: Largest manifest read (bytes); a build of every aid writes ~20 kB.
MAX_MANIFEST_BYTES = 16 << 20


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
    kept: dict = {}
    for key, entry in data.items():
        if key == whole_build_key:
            if entry is None or _whole_build_entry(entry, root):
                kept[key] = entry
        elif _aid_entry(entry, root):
            if "fit_keys" in entry and not _fit_keys(entry["fit_keys"]):
                entry = {k: v for k, v in entry.items() if k != "fit_keys"}
            kept[key] = entry
    return kept


def _names(files, root: Path) -> bool:
    return isinstance(files, list) and all(_inside(root, f) for f in files)


def _number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value < 1e9


def _aid_entry(entry, root: Path) -> bool:
    return (isinstance(entry, dict) and isinstance(entry.get("hash"), str)
            and _names(entry.get("files"), root)
            and isinstance(entry.get("png", False), bool)
            and _number(entry.get("seconds", 0))
            and isinstance(entry.get("fitted", {}), dict)
            and all(isinstance(k, str) and _number(v) for k, v in entry.get("fitted", {}).items()))


def _fit_keys(value) -> bool:
    return isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in value.items())


def _whole_build_entry(entry, root: Path) -> bool:
    aids = entry.get("aids") if isinstance(entry, dict) else None
    return (isinstance(entry, dict) and isinstance(entry.get("fingerprint"), str) and isinstance(aids, list)
            and isinstance(entry.get("stat", ""), str)
            and all(isinstance(a, list) and len(a) == 2 and isinstance(a[0], str) and _names(a[1], root)
                    for a in aids))
