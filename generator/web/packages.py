"""The front-end packages the site ships, from ``node_modules/`` (in a checkout installed by `npm ci`
from ``package-lock.json``, which `make aids` and `make test` run; an installed playaid carries
the files the site needs, see ``setup.py``). Nothing is fetched from a CDN: the
site carries its own copy of every file it loads.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from generator.errors import PlayaidError
from generator.paths import NODE_MODULES, SHIPPED_DIR

#: Pyodide files the worker loads: the ES module loader, the Emscripten module, the WebAssembly
#: binary and the standard library. Not its package lock (``pyodide-lock.json``, 119 kB): the
#: scorer loads no package, so the worker hands Pyodide the lock's ``info`` with no packages
#: (`pyodide_lock`) instead of having it fetched at every start.
PYODIDE_STDLIB = "python_stdlib.zip"  # shipped cut down (generator/web/stdlib.py)
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", PYODIDE_STDLIB)
PYODIDE_LOCK = "pyodide-lock.json"


class MissingPackage(PlayaidError):
    """A front-end package (or one of its files) is not in node_modules."""


@dataclass(frozen=True)
class Package:
    """One installed npm package: ``name``, ``version``, its folder, and the files the site copies
    as (source path, path inside the package's site folder)."""

    name: str
    version: str
    folder: Path
    files: tuple[tuple[Path, str], ...]


def _reinstall(node_modules: Path) -> str:
    """How to get the front-end files back: `npm ci` in a checkout; an installed playaid carries
    them inside its package, so a file missing there means a damaged install."""
    if SHIPPED_DIR in node_modules.parents:
        return "this installed playaid is damaged: reinstall it (`pipx reinstall playaid`)"
    return f"run `npm ci` in {node_modules.parent}, or `make web`"


def _package(name: str, node_modules: Path) -> tuple[Path, str]:
    folder = node_modules / name
    meta = folder / "package.json"
    if not meta.is_file():
        raise MissingPackage(f"{folder}: the npm package '{name}' is not installed ({_reinstall(node_modules)})")
    return folder, json.loads(meta.read_text(encoding="utf-8"))["version"]


def pyodide(node_modules: Path = NODE_MODULES) -> Package:
    """The Pyodide runtime files (`PYODIDE_FILES`); raises `MissingPackage` naming a missing one."""
    folder, version = _package("pyodide", node_modules)
    missing = [f for f in PYODIDE_FILES if not (folder / f).is_file()]
    if missing:
        raise MissingPackage(
            f"{folder}: pyodide {version} lacks {', '.join(missing)} "
            f"(the site needs them to run offline; {_reinstall(node_modules)})"
        )
    return Package("pyodide", version, folder, tuple((folder / f, f) for f in PYODIDE_FILES))


def pyodide_lock(node_modules: Path = NODE_MODULES) -> dict:
    """``{"info": ..., "packages": {}}``: the Pyodide lock file with no package, what the worker
    passes as ``lockFileContents`` (Pyodide checks ``info.abi_version`` against its runtime).
    Raises `MissingPackage` when the lock is missing or unreadable."""
    folder, version = _package("pyodide", node_modules)
    try:
        info = json.loads((folder / PYODIDE_LOCK).read_text(encoding="utf-8"))["info"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise MissingPackage(
            f"{folder / PYODIDE_LOCK}: pyodide {version}'s lock file is missing or "
            f"unreadable ({exc}); reinstall with `npm ci`"
        ) from None
    return {"info": info, "packages": {}}


def yaml_browser(node_modules: Path = NODE_MODULES) -> Package:
    """The `yaml` package's browser build (ES modules under ``browser/dist``) and its licence."""
    folder, version = _package("yaml", node_modules)
    dist = folder / "browser" / "dist"
    if not (dist / "index.js").is_file():
        raise MissingPackage(f"{dist}: yaml {version} has no browser build ({_reinstall(node_modules)})")
    files = [(p, p.relative_to(dist).as_posix()) for p in sorted(dist.rglob("*.js"))]
    files.append((folder / "LICENSE", "LICENSE"))
    return Package("yaml", version, folder, tuple(files))


def axe_core(node_modules: Path = NODE_MODULES) -> Path:
    """Path of axe-core's ``axe.min.js`` (used by the browser tests, never shipped in the site)."""
    folder, _version = _package("axe-core", node_modules)
    return folder / "axe.min.js"
