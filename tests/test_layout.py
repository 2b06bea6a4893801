"""The package layout shows the data flow, and imports point down it (issue 35, item 3).

Every import of `generator` (at the top of a module or inside a function: a lazy import is still
a dependency) goes to the module's own package or to an earlier layer of `LAYERS`; the scoring
and rules search cores, which the phone runs in Pyodide, import only the standard library.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "generator"

#: Earliest first: a package may import its own layer and those before it, never a later one.
LAYERS = [
    ("scoring", "rulesearch"),  # the cores: standard library only, the same on the phone
    ("__init__", "errors", "units", "paths", "fsutil", "fingerprint"),  # shared basics
    ("reader",),  # read: bounded YAML and JSON
    ("content",),  # the shapes of content documents, which files are content
    ("checks",),  # check: cross-checks, load_content() and its cache
    ("compile",),  # compile: scoring rules, rules index, the plan of aids
    ("render",),  # the formats: HTML -> PDF, forms, imposition
    ("pipeline",),  # build: plan -> render -> impose -> write, the fit check
    ("records",),  # score records read, the text reports
    ("web",),  # the site and its server
    ("commands",),  # the command line's sub-commands
    ("cli",),
    ("console", "__main__"),
]
LAYER = {name: index for index, names in enumerate(LAYERS) for name in names}
CORES = ("scoring", "rulesearch")


def _imports(path: Path):
    """(line, dotted module) of every absolute import in ``path``; ``from generator import x``
    gives ``generator.x``."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module == "generator":
                for alias in node.names:
                    yield node.lineno, f"generator.{alias.name}"
            else:
                yield node.lineno, node.module


def _part(path: Path) -> str:
    """The top-level part of `generator` that a module belongs to: its package, or its own
    name for a module at the root (``errors``, ``cli``, ...)."""
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    return parts[0]


def _modules():
    return sorted(PACKAGE.rglob("*.py"))


def test_every_part_has_a_layer():
    parts = {_part(path) for path in _modules()}
    assert parts - LAYER.keys() == set(), "add the new package or module to LAYERS"


def test_no_package_has_a_name_tools_skip():
    """A folder named build or dist is skipped by ruff's default exclude and by .gitignore's
    ``build/``: its modules would go unlinted, a new one uncommitted."""
    skipped = {"build", "dist", "_build", "venv", "site-packages", "node_modules"}
    assert sorted(p.name for p in PACKAGE.rglob("*") if p.is_dir() and p.name in skipped) == []


def test_imports_point_down_the_flow():
    wrong = []
    for path in _modules():
        part = _part(path)
        for line, module in _imports(path):
            names = module.split(".")
            if names[0] != "generator" or len(names) < 2:
                continue
            target = "__init__" if names[1] == "__version__" else names[1]
            if LAYER.get(target, -1) > LAYER[part]:
                wrong.append(
                    f"{path.relative_to(PACKAGE.parent)}:{line} imports {module} ({part} comes before {target})"
                )
    assert wrong == []


def test_the_cores_import_only_the_standard_library():
    wrong = []
    for core in CORES:
        for path in sorted((PACKAGE / core).rglob("*.py")):
            for line, module in _imports(path):
                top = module.split(".")[0]
                if module == "generator" or module.startswith(f"generator.{core}"):
                    continue
                if top not in sys.stdlib_module_names or top == "generator":
                    wrong.append(f"{path.relative_to(PACKAGE.parent)}:{line} imports {module}")
    assert wrong == []
