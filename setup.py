"""Packaging: the metadata is in pyproject.toml; this file maps the project's top-level data folders
into the package, so the repository keeps its layout (``content/``, ``templates/``, ``web/``, the
content guides in ``docs/`` and the
pinned front-end files in ``node_modules/`` beside ``generator/``) while an installed playaid
carries them under ``generator/shipped/`` (`generator.paths.DATA_ROOT` finds either).

Every folder of them is a data-only package (no ``__init__.py``, nothing imports it) whose files
are package data, so the sdist carries them too and a wheel built from the sdist is complete.
"""

from fnmatch import fnmatch
from pathlib import Path

from setuptools import find_packages, setup

HERE = Path(__file__).parent
#: folder in the checkout -> the files shipped from it (globs on the path inside the folder)
SHIPPED = {
    "content": ["*.yaml", "*.yml", "*.svg"],
    # one record per variant: the phone scorer's self-test scores them (generator/web/engine_bundle.py)
    "examples": ["*.yaml"],
    "templates": ["*"],
    "web": ["*"],
    # the guides `playaid new` points at, readable from an installed copy
    "docs": ["new-game.md", "content-format.md", "scoring-model.md"],
    # only what the site serves (generator/web/packages.py): Pyodide's runtime and the yaml
    # package's browser build; package.json gives each one's version and licence
    "node_modules/pyodide": ["package.json", "*.mjs", "*.wasm", "python_stdlib.zip", "pyodide-lock.json"],
    "node_modules/yaml": ["package.json", "LICENSE", "browser/dist/*.js"],
}
ROOT_PACKAGE = "generator.shipped"


def _data_packages() -> tuple[dict[str, str], dict[str, list[str]]]:
    """(package -> folder, package -> its files): each shipped folder's sub-folder that can be a
    package name is one; a file lands in its nearest such folder."""
    package_dir: dict[str, str] = {}
    package_data: dict[str, list[str]] = {}
    for folder, globs in SHIPPED.items():
        base = HERE / folder
        if not base.is_dir():
            raise SystemExit(f"{base}: missing (run `npm ci` for node_modules/; see the README)")
        top = f"{ROOT_PACKAGE}.{folder.replace('/', '.')}"
        package_dir[top] = folder
        for path in sorted(base.rglob("*")):
            rel = path.relative_to(base)
            if not path.is_file() or "__pycache__" in rel.parts or not any(fnmatch(rel.as_posix(), g) for g in globs):
                continue
            parts = rel.parent.parts
            depth = next((i for i, part in enumerate(parts) if not part.isidentifier()), len(parts))
            package = ".".join((top, *parts[:depth]))
            package_data.setdefault(package, []).append(Path(*rel.parts[depth:]).as_posix())
    return package_dir, package_data


PACKAGE_DIR, PACKAGE_DATA = _data_packages()
# each mechanism's phone widget sits beside its Python (generator/scoring/mechanisms/<name>/*.js)
for _widget in sorted((HERE / "generator" / "scoring" / "mechanisms").glob("*/*.js")):
    PACKAGE_DATA.setdefault(f"generator.scoring.mechanisms.{_widget.parent.name}", []).append(_widget.name)

setup(
    packages=find_packages(include=["generator", "generator.*"]) + sorted(PACKAGE_DATA),
    package_dir=PACKAGE_DIR,
    package_data=PACKAGE_DATA,
)
