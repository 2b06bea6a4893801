"""The Python standard library the site ships as ``pyodide/python_stdlib.zip``: Pyodide's, cut
down to the modules the engine worker imports (2.5 MB -> about 0.8 MB, less to download on a
first visit and to keep on the phone), with a ``sitecustomize`` that makes the import of a
module left out fail saying so (never a silent difference: the scorer's report names it).

Which modules: `stdlib_keep.MODULES`, written by ``tools/stdlib_trace.py``, which runs the built
site's engine in Chromium with Pyodide's whole library and an import trace, scores every example
record and some broken ones, asks the rules search and the NPC roll, starts once more from the
memory snapshot, and lists the standard-library modules then imported (Pyodide's own start-up
needs most of them). The build refuses (`StdlibError`, naming file and line) a scoring or rules
search core that imports a module not kept, anywhere in its code (inside functions too), and a
Pyodide other than the one traced: run the tool again.
"""

from __future__ import annotations

import ast
import io
import zipfile
from collections.abc import Iterable
from pathlib import Path

from generator.errors import PlayaidError

#: The hook the build adds to the cut-down library (Pyodide's Python imports ``sitecustomize``
#: at start-up, so it is in every memory snapshot too).
SITECUSTOMIZE = "sitecustomize.py"
TRACE_HINT = "run `.venv/bin/python tools/stdlib_trace.py` to trace the engine's imports again"


class StdlibError(PlayaidError):
    """The standard library cannot be cut down safely (a module the core needs is not kept, or
    the list of modules was traced with another Pyodide)."""


def zip_modules(names: Iterable[str]) -> dict[str, str]:
    """module name -> its file in the zip (``a/b.py`` is ``a.b``, ``a/__init__.py`` is ``a``)."""
    modules = {}
    for name in names:
        if name.endswith(".py"):
            module = name[:-3].replace("/", ".")
            modules[module.removesuffix(".__init__")] = name
    return modules


def _imports(tree: ast.AST, package: str) -> list[tuple[str, int]]:
    """(absolute module name, line) of every import in ``tree`` (any depth), relative ones
    resolved against ``package``; ``from a import b`` gives ``a`` and ``a.b`` (b may be a module)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            found.append((module, node.lineno))
            found += [(f"{module}.{alias.name}", node.lineno) for alias in node.names if alias.name != "*"]
    return found


def check_core(files: Iterable[tuple[Path, str]], available: Iterable[str], keep: Iterable[str]) -> None:
    """Raise `StdlibError` naming ``file:line`` when a core file (source, ``generator/...`` path)
    imports a module of the standard library zip (``available``) that is not in ``keep``.
    Built-in modules (math, unicodedata...) are not in the zip and need nothing."""
    available, keep = set(available), set(keep)
    missing = []
    for src, rel in files:
        package = rel[:-3].replace("/", ".").removesuffix(".__init__")
        if not rel.endswith("__init__.py"):
            package = package.rpartition(".")[0]
        for module, line in _imports(ast.parse(src.read_text(encoding="utf-8"), str(src)), package):
            parts = module.split(".")
            named = [".".join(parts[:i]) for i in range(1, len(parts) + 1)]
            missing += [f"{rel}:{line}: imports {name}" for name in named if name in available and name not in keep]
    if missing:
        raise StdlibError(
            f"the phone's standard library leaves out modules the scoring core imports: "
            f"{'; '.join(sorted(set(missing)))} ({TRACE_HINT})"
        )


def _sitecustomize(left_out: list[str]) -> str:
    names = ",\n".join(f"    {name!r}" for name in left_out)
    return f'''"""Added by playaid's site build (generator/web/stdlib.py): this standard library is
Pyodide's cut down to the modules the scorer imports. Importing one of those left out fails
naming it, so a report says what is missing instead of scoring without it."""
import sys

_LEFT_OUT = frozenset((
{names},
))


class LeftOutFinder:
    """Last on sys.meta_path: reached only for a module no other finder has."""

    @staticmethod
    def find_spec(name, path=None, target=None):
        if name in _LEFT_OUT:
            raise ModuleNotFoundError(
                f"No module named {{name!r}}: playaid's offline scorer leaves this standard-library "
                f"module out (generator/web/stdlib.py); please report this", name=name)
        return None


sys.meta_path.append(LeftOutFinder)
'''


def trimmed(data: bytes, keep: Iterable[str], *, extra: dict[str, str] | None = None) -> bytes:
    """The zip ``data`` (Pyodide's standard library) with only the modules ``keep`` (and their
    packages' ``__init__``), the other files of the folders kept, and `SITECUSTOMIZE` (the
    left-out modules' finder). ``extra``: more files (path -> source) added as they are, after
    it (the import trace's hook, `tools/stdlib_trace.py`). Entries keep their order and
    dates, so the same input gives the same bytes. Raises `StdlibError` when a module of
    ``keep`` is not in the zip (the list was traced with another Pyodide)."""
    source = zipfile.ZipFile(io.BytesIO(data))
    infos = source.infolist()
    modules = zip_modules(i.filename for i in infos)
    keep = set(keep)
    absent = sorted(keep - set(modules))
    if absent:
        raise StdlibError(
            f"modules kept for the phone are not in Pyodide's standard library: "
            f"{', '.join(absent[:10])}{' ...' if len(absent) > 10 else ''} ({TRACE_HINT})"
        )
    if SITECUSTOMIZE in (i.filename for i in infos):
        raise StdlibError(
            f"Pyodide's standard library has its own {SITECUSTOMIZE}: the left-out "
            f"modules' finder would replace it (generator/web/stdlib.py)"
        )
    packages = {m for m in keep for m in [".".join(m.split(".")[:i]) for i in range(1, m.count(".") + 2)]}
    files = {modules[m] for m in packages if m in modules}
    folders = {f.rpartition("/")[0] for f in files if "/" in f}
    wanted = [
        i
        for i in infos
        if i.filename in files
        or (i.is_dir() and i.filename.rstrip("/") in {p for f in folders for p in _parents(f)})
        or (not i.is_dir() and not i.filename.endswith(".py") and i.filename.rpartition("/")[0] in folders)
    ]
    left_out = sorted(set(modules) - packages)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as target:
        for info in wanted:
            target.writestr(info, source.read(info), compress_type=info.compress_type)
        stamp = infos[0].date_time if infos else (1980, 1, 1, 0, 0, 0)
        for path, text in {SITECUSTOMIZE: _sitecustomize(left_out), **(extra or {})}.items():
            target.writestr(zipfile.ZipInfo(path, stamp), text, compress_type=zipfile.ZIP_DEFLATED)
    return out.getvalue()


def _parents(folder: str) -> list[str]:
    parts = folder.split("/")
    return ["/".join(parts[:i]) for i in range(1, len(parts) + 1)]


def site_stdlib(
    zip_path: Path, pyodide_version: str, core_files: Iterable[tuple[Path, str]], *, extra: dict[str, str] | None = None
) -> bytes:
    """The site's ``python_stdlib.zip``: Pyodide's at ``zip_path`` cut down to `stdlib_keep`,
    after `check_core` of ``core_files``; raises `StdlibError` (see the module docstring)."""
    from generator.web import stdlib_keep

    if stdlib_keep.PYODIDE != pyodide_version:
        raise StdlibError(
            f"generator/web/stdlib_keep.py lists the modules of pyodide {stdlib_keep.PYODIDE}, "
            f"the site ships pyodide {pyodide_version} ({TRACE_HINT})"
        )
    data = zip_path.read_bytes()
    check_core(core_files, zip_modules(zipfile.ZipFile(io.BytesIO(data)).namelist()), stdlib_keep.MODULES)
    return trimmed(data, stdlib_keep.MODULES, extra=extra)
