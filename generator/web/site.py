"""Assemble the static web scorer and write it atomically (`playaid web`).

The site (default ``output/web/``) holds, all served from its own origin:
  ``index.html``, ``app.css``, ``js/*.js``   the form and results (plain JavaScript, from ``web/``)
  ``engine-worker.js``                       the Web Worker that runs the scoring core in Pyodide
  ``pyodide/``                               the pinned Pyodide runtime (from node_modules), its
                                             standard library cut down to what the engine
                                             imports (`stdlib`)
  ``data/engine.json``                       the scoring and rules search cores' Python files,
                                             the compiled rules and the engine's self-test
                                             (`engine_bundle`)
  ``data/form.json``                         what the form needs before the engine loads, and
                                             the records' size caps (`record_limits`)
  ``records-worker.js``                      reads pasted, opened and shared records off the page
  ``mechanisms/<name>/*.js``                 each mechanism's phone widget, from its folder
                                             (``generator/scoring/mechanisms/<name>/``)
  ``js/mechanisms.js``                       the list of those widgets the page reads (`mechanism_registry`)
  ``data/rules-index.json``                  the rules index the Rules tab searches (`generator.compile.rules_index`)
  ``vendor/yaml/``                           the `yaml` package (records in and out, with positions), as one module
  ``manifest.webmanifest``, ``icons/``       install as an app, with our own icon
  ``sw.js``                                  service worker: the offline copy of every file above,
                                             each named with the sha256 of its bytes
  ``*.gz``                                   precompressed copies for servers that send them
                                             (`compress`; never fetched by name)

Writes go to a temporary folder beside the target, which then replaces the old site in one
rename, so a reader sees the old site or the whole new one, never a mix.
"""

from __future__ import annotations

import hashlib
import html
import json
import os
import re
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from generator import __version__
from generator.errors import UsageError
from generator.fsutil import WriteError
from generator.paths import WEB_SOURCES
from generator.scoring.mechanisms import widget_folders
from generator.web import packages
from generator.web.bundle import bundle
from generator.web.compress import gzip_copy
from generator.web.engine_bundle import core_python_files, engine_bundle
from generator.web.form_data import form_data
from generator.web.icon import icon_png, icon_svg
from generator.web.record_limits import record_limits
from generator.web.stdlib import site_stdlib

#: A file in every site we write: only a folder holding it (or an empty one) is ever replaced.
MARKER = ".playaid-web"
SERVICE_WORKER = "sw.js"


@dataclass
class Site:
    """A site in memory before it is written: relative path -> bytes, or -> a file to copy."""

    files: dict[str, bytes | Path] = field(default_factory=dict)

    def add(self, path: str, data: bytes | str | Path) -> None:
        self.files[path] = data.encode("utf-8") if isinstance(data, str) else data

    def add_json(self, path: str, value) -> None:
        self.add(path, json.dumps(value, ensure_ascii=False, separators=(",", ":")))

    def data(self, path: str) -> bytes:
        """The bytes of the file at ``path``."""
        data = self.files[path]
        return data.read_bytes() if isinstance(data, Path) else data

    def digests(self) -> dict[str, str]:
        """path -> the first 16 hex digits of the sha256 of its bytes, every file, sorted by path:
        what the service worker checks its offline copy against."""
        return {path: hashlib.sha256(self.data(path)).hexdigest()[:16] for path in sorted(self.files)}


def assemble(
    rules: dict,
    sources: Path = WEB_SOURCES,
    node_modules: Path = packages.NODE_MODULES,
    index: dict | None = None,
    cache: Path | None = None,
    stdlib: bytes | None = None,
) -> Site:
    """Every file of the site from the compiled ``rules``, the rules ``index`` (the Rules tab's;
    an empty one when None) and the sources in ``web/``.
    ``cache``: the folder where large compressed copies are kept between builds (default: the
    compiled rules' cache folder, `generator.compile.compile_rules.cache_dir`).
    ``stdlib``: the ``python_stdlib.zip`` to ship (default: Pyodide's cut down, `stdlib.site_stdlib`).

    Raises `MissingPackage` when a front-end package is not installed (run `npm ci`), `StdlibError`
    when the standard library cannot be cut down safely (`stdlib`)."""
    from generator.compile.compile_rules import cache_dir

    pyodide = packages.pyodide(node_modules)
    yaml = packages.yaml_browser(node_modules)
    cache = cache_dir() if cache is None else cache
    site = Site()
    for path in sorted(p for p in sources.rglob("*") if p.is_file()):
        rel = path.relative_to(sources).as_posix()
        if rel == "index.html":  # its description names the games this site scores (content's titles)
            titles = [
                str(g["title"]) for g in rules.get("games", {}).values() if isinstance(g, dict) and g.get("title")
            ]
            text = path.read_text(encoding="utf-8")
            site.add(
                rel,
                text.replace(
                    'content="Score a board game at the table. Works offline."',
                    f'content="{html.escape("Score a board game at the table: " + ", ".join(titles) + ". Works offline.")}"',
                )
                if titles
                else text,
            )
        elif rel != SERVICE_WORKER:
            site.add(rel, path)
    widgets = widget_folders()
    for name, folder in widgets.items():
        for widget in sorted(folder.glob("*.js")):
            site.add(f"mechanisms/{name}/{widget.name}", widget)
    site.add("js/mechanisms.js", mechanism_registry(widgets))
    for src, rel in pyodide.files:
        if rel == packages.PYODIDE_STDLIB:  # only the modules the engine imports (2.5 MB -> 0.8 MB)
            site.add(
                f"pyodide/{rel}",
                stdlib if stdlib is not None else site_stdlib(src, pyodide.version, core_python_files()),
            )
        else:
            site.add(f"pyodide/{rel}", src)
    # the YAML reader as one module (73 requests on a first visit were one file each)
    modules = {rel: src.read_text(encoding="utf-8") for src, rel in yaml.files if rel.endswith(".js")}
    site.add(
        "vendor/yaml/yaml.js",
        bundle(
            modules,
            banner=f"// yaml {yaml.version} (ISC licence: vendor/yaml/LICENSE), "
            "its browser build's modules in one (generator/web/bundle.py)",
        ),
    )
    for src, rel in yaml.files:
        if not rel.endswith(".js"):
            site.add(f"vendor/yaml/{rel}", src)
    engine = engine_bundle(rules, pyodide.version, packages.pyodide_lock(node_modules))
    site.add_json("data/engine.json", engine)
    site.add_json(
        "data/rules-index.json",
        index
        if index is not None
        else {"format": 1, "content_version": rules.get("content_version", ""), "games": {}, "entries": []},
    )
    site.add_json(
        "data/form.json",
        form_data(rules)
        | {
            "record_limits": record_limits(rules),
            "versions": {
                "playaid": __version__,
                "pyodide": pyodide.version,
                "yaml": yaml.version,
                "engine": engine["version"],
            },
        },
    )
    site.add("icons/icon.svg", icon_svg())
    site.add("icons/icon-192.png", icon_png(192))
    site.add("icons/icon-512.png", icon_png(512))
    site.add("icons/icon-maskable-512.png", icon_png(512, maskable=True))
    site.add("icons/apple-touch-icon.png", icon_png(180, maskable=True))
    # the service worker last: it names every other file with its digest, and is versioned by them
    files = site.digests()
    version = hashlib.sha256(json.dumps(files).encode()).hexdigest()[:16]
    template = (sources / SERVICE_WORKER).read_text(encoding="utf-8")
    site.add(
        SERVICE_WORKER, template.replace("__VERSION__", version).replace('"__FILES__"', json.dumps(files, indent=1))
    )
    for name in sorted(site.files):  # then a compressed copy of each file worth one, sw.js too
        packed = gzip_copy(name, site.data(name), cache)
        if packed is not None:
            site.add(f"{name}.gz", packed)
    site.add(MARKER, f"written by playaid {__version__} `playaid web`; replaced whole on every build\n")
    return site


def mechanism_registry(widgets: dict[str, Path]) -> str:
    """``js/mechanisms.js``: one ES module exporting ``MECHANISMS`` (mechanism name -> its widget
    module, ``mechanisms/<name>/widget.js``), the one registry the page asks for a widget."""
    lines = [
        "// Written by `playaid web` (generator/web/site.py): the phone widget of each mechanism this site",
        "// holds (generator/scoring/mechanisms/<name>/widget.js), by the name content switches it on with.",
    ]
    lines += [f'import * as m{k} from "../mechanisms/{name}/widget.js";' for k, name in enumerate(widgets)]
    lines.append(
        "export const MECHANISMS = Object.freeze({ "
        + ", ".join(f"{json.dumps(name)}: m{k}" for k, name in enumerate(widgets))
        + " });"
    )
    return "\n".join(lines) + "\n"


def foreign_folder(out_dir: Path) -> str | None:
    """Why the site must not be written to ``out_dir`` (a file, or a non-empty folder without our
    `MARKER`: replacing it would delete what someone else put there), or None when it may."""
    out_dir = Path(out_dir)
    if out_dir.exists() and (not out_dir.is_dir() or (any(out_dir.iterdir()) and not (out_dir / MARKER).is_file())):
        return (
            f"{out_dir}: not a web scorer site written by playaid (no {MARKER}); refusing to "
            f"replace it (choose an empty or new folder with --out)"
        )
    return None


def write_site(site: Site, out_dir: Path) -> None:
    """Write ``site`` to ``out_dir`` atomically (temporary folder, then one rename).

    Raises `WriteError` when ``out_dir`` is a non-empty folder that we did not write (no
    `MARKER`, `foreign_folder`), or cannot be written; the previous site is then untouched."""
    refused = foreign_folder(out_dir)
    if refused:
        raise WriteError(refused)
    _replace_folder(site, Path(out_dir))


def _replace_folder(site: Site, out_dir: Path) -> None:
    """Write ``site`` into a temporary folder beside ``out_dir``, then rename it into its place
    (the previous site put back on failure); raises `WriteError`. The caller has checked that
    ``out_dir`` may be replaced (`foreign_folder`)."""
    try:
        out_dir.parent.mkdir(parents=True, exist_ok=True)
        remove_leftovers(out_dir)
        tmp = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.{os.getpid()}.", suffix=".tmp", dir=out_dir.parent))
    except OSError as exc:
        raise WriteError(
            f"cannot write {out_dir}: {exc.strerror or exc} (check that the output folder is writable)"
        ) from None
    old = None
    try:
        for rel, data in site.files.items():
            target = tmp / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(data, Path):
                shutil.copyfile(data, target)
            else:
                target.write_bytes(data)
        for path in [tmp, *tmp.rglob("*")]:
            os.chmod(path, 0o755 if path.is_dir() else 0o644)
        if out_dir.exists():
            old = out_dir.with_name(f".{out_dir.name}.old-{os.getpid()}")
            shutil.rmtree(old, ignore_errors=True)
            os.replace(out_dir, old)
        os.replace(tmp, out_dir)
    except OSError as exc:
        shutil.rmtree(tmp, ignore_errors=True)
        if old is not None and old.exists() and not out_dir.exists():
            os.replace(old, out_dir)  # put the previous site back
        raise WriteError(
            f"cannot write {out_dir}: {exc.strerror or exc} (check free space and that the output folder is writable)"
        ) from None
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def remove_leftovers(out_dir: Path) -> list[Path]:
    """Delete what an earlier `playaid web` killed mid-write left beside ``out_dir``: its
    temporary folder ``.<name>.<pid>.<random>.tmp`` and its previous site ``.<name>.old-<pid>``
    (14 MB each), when process ``<pid>`` is no longer running (a write going on is left alone).
    Only folders (not links) with exactly these names are touched. Returns what was deleted."""
    name = re.escape(out_dir.name)
    pattern = re.compile(rf"\.{name}\.(?P<pid>[0-9]+)\.[A-Za-z0-9_]+\.tmp|\.{name}\.old-(?P<old>[0-9]+)")
    removed = []
    for entry in out_dir.parent.iterdir():
        match = pattern.fullmatch(entry.name)
        if not match or entry.is_symlink() or not entry.is_dir():
            continue
        if _running(int(match["pid"] or match["old"])):
            continue
        shutil.rmtree(entry, ignore_errors=True)
        removed.append(entry)
    return removed


def _running(pid: int) -> bool:
    """True when a process ``pid`` exists (it may be another user's)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError):  # gone, or no pid at all
        return False
    except OSError:  # PermissionError: it runs as another user
        return True
    return True


def build_site(content_dir: Path, out_dir: Path, stdlib: bytes | None = None) -> Site:
    """Compile the rules from ``content_dir``, assemble the site and write it to ``out_dir``.
    Raises `UsageError` before any work when ``out_dir`` is a folder we did not write
    (`foreign_folder`), then `ContentError` (bad content), `MissingPackage` (run `npm ci`),
    `StdlibError` or `WriteError`. ``stdlib``: as for `assemble`."""
    from generator.compile.compile_rules import compiled_index, compiled_rules

    refused = foreign_folder(out_dir)
    if refused:
        raise UsageError(refused)
    site = assemble(compiled_rules(content_dir), index=compiled_index(content_dir), stdlib=stdlib)
    _replace_folder(site, Path(out_dir))
    return site
