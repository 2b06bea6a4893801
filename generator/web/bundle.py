"""One ES module from a package's many: the `yaml` package's browser build is 73 modules, one
request each on a first visit (and each a file of the offline copy); the site ships them as one.

The package is written by a bundler already (rollup): every module is its body between
single-line ``import {a, b as c} from './x.js';`` / ``import * as ns from './x.js';`` statements
at its top and ``export {a, b as c};`` / ``export {a} from './x.js';`` statements, the imports
form no cycle, and nothing is imported at run time (no ``import(...)``). That shape is all this
handles, and anything else is refused naming the file and line (`BundleError`), so a new
version of the package that changes it stops the build instead of shipping a broken reader.

Each module becomes a function run once, in dependency order, whose result holds its exports;
an import becomes a ``const`` read from that result. Module scope is kept (each body in its own
function, in the bundle's strict mode), so names never collide.
"""

from __future__ import annotations

import posixpath
import re

_IMPORT = re.compile(r"^import \{([^}]*)\} from '(\.{1,2}/[^']+)';$")
_IMPORT_ALL = re.compile(r"^import \* as ([A-Za-z_$][\w$]*) from '(\.{1,2}/[^']+)';$")
_EXPORT = re.compile(r"^export \{([^}]*)\};$")
_EXPORT_FROM = re.compile(r"^export \{([^}]*)\} from '(\.{1,2}/[^']+)';$")
_NAME = r"[A-Za-z_$][\w$]*"
_BINDING = re.compile(rf"^({_NAME})(?: as ({_NAME}))?$")


class BundleError(ValueError):
    """A module outside the shape `bundle` handles (the message names its file and line)."""


def _bindings(spec: str, where: str) -> list[tuple[str, str]]:
    """``a, b as c`` -> [(a, a), (b, c)]: (the name in the module, the name it goes by)."""
    out = []
    for part in filter(None, (p.strip() for p in spec.split(","))):
        m = _BINDING.match(part)
        if not m:
            raise BundleError(f"{where}: `{part}` is not a name or `name as name`")
        out.append((m.group(1), m.group(2) or m.group(1)))
    return out


def _module_id(path: str) -> str:
    return "m_" + re.sub(r"[^\w]", "_", path)


def bundle(modules: dict[str, str], entry: str = "index.js", banner: str = "") -> str:
    """One ES module exporting what ``modules[entry]`` exports. ``modules``: path (relative,
    ``/``-separated, e.g. ``nodes/Pair.js``) -> source text. Raises `BundleError` for a module
    of another shape (see the module docstring), an import of a module not given, or a cycle."""
    parsed: dict[str, dict] = {}
    for path, text in modules.items():
        # ("names", [(name, alias)], module) or ("all", namespace, module)
        imports: list[tuple[str, str | list[tuple[str, str]], str]] = []
        exports: list[tuple[list[tuple[str, str]], str | None]] = []  # (bindings, module or None: own)
        body: list[str] = []
        for n, line in enumerate(text.splitlines(), 1):
            where = f"{path}:{n}"
            stripped = line.strip()
            if re.match(r"^(import|export)\b", stripped) and line == stripped:
                if m := _IMPORT.match(line):
                    imports.append(("names", _bindings(m.group(1), where), _resolve(path, m.group(2))))
                elif m := _IMPORT_ALL.match(line):
                    imports.append(("all", m.group(1), _resolve(path, m.group(2))))
                elif m := _EXPORT_FROM.match(line):
                    exports.append((_bindings(m.group(1), where), _resolve(path, m.group(2))))
                elif m := _EXPORT.match(line):
                    exports.append((_bindings(m.group(1), where), None))
                else:
                    raise BundleError(f"{where}: a module statement this bundler does not read: {line[:80]}")
                continue
            if re.search(r"\bimport\s*\(|\bimport\.meta\b", line):
                raise BundleError(f"{where}: imports at run time (import() or import.meta)")
            body.append(line)
        parsed[path] = {"imports": imports, "exports": exports, "body": body}
    order = _order(parsed, entry)
    out = [banner] if banner else []
    for path in order:
        p = parsed[path]
        out.append(f"// {path}")
        out.append(f"const {_module_id(path)} = (() => {{")
        for kind, what, source in p["imports"]:
            if kind == "all":
                out.append(f"const {what} = {_module_id(source)};")
            else:
                listed = ", ".join(name if name == alias else f"{name}: {alias}" for name, alias in what)
                out.append(f"const {{ {listed} }} = {_module_id(source)};")
        out.extend(p["body"])
        fields = []
        for bindings, source in p["exports"]:
            for name, alias in bindings:
                fields.append(
                    f"{alias}: {_module_id(source)}.{name}"
                    if source
                    else (name if name == alias else f"{alias}: {name}")
                )
        out.append(f"return Object.freeze({{ {', '.join(fields)} }});")
        out.append("})();")
    names = [alias for bindings, _source in parsed[entry]["exports"] for _name, alias in bindings]
    out.append(f"export const {{ {', '.join(names)} }} = {_module_id(entry)};")
    return "\n".join(out) + "\n"


def _resolve(path: str, spec: str) -> str:
    return posixpath.normpath(posixpath.join(posixpath.dirname(path), spec))


def _order(parsed: dict[str, dict], entry: str) -> list[str]:
    """The modules ``entry`` needs, each after those it imports (refuses a missing one, a cycle)."""
    if entry not in parsed:
        raise BundleError(f"{entry}: the entry module is missing")
    done: list[str] = []
    state: dict[str, int] = {}

    def visit(path: str, chain: tuple) -> None:
        if state.get(path) == 2:
            return
        if state.get(path) == 1:
            raise BundleError("an import cycle: " + " -> ".join(chain + (path,)))
        if path not in parsed:
            raise BundleError(f"{chain[-1]}: imports {path}, which is not in the package")
        state[path] = 1
        p = parsed[path]
        for source in [s for _k, _w, s in p["imports"]] + [s for _b, s in p["exports"] if s]:
            visit(source, chain + (path,))
        state[path] = 2
        done.append(path)

    visit(entry, ())
    return done
