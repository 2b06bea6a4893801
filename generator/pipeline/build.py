"""`build()`: plan -> decide what is stale -> render (in parallel) -> write atomically.

Incremental: each aid's inputs (the content files it reads, templates, assets, fonts, the
generator's own code, the options) are hashed; an aid whose hash matches the manifest from the
last build and whose outputs are all present is skipped. A failed aid leaves its previous
outputs untouched; the build reports every failure and exits non-zero.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, TypeGuard

from generator.content.files import content_digests
from generator.errors import PlayaidError
from generator.fingerprint import code_fingerprint, content_fingerprint, stat_snapshot
from generator.fsutil import WriteError, write_atomic
from generator.paths import PROJECT_ROOT, TEMPLATES_DIR
from generator.pipeline.options import BuildOptions, RenderOptions

if TYPE_CHECKING:  # the renderer and content models load only when something is rebuilt
    from generator.checks.load import Content
    from generator.compile.plan import PlannedAid

MANIFEST_NAME = ".playaid-manifest.json"
#: Manifest entry of the last whole build: its fingerprint and every file it left in place.
WHOLE_BUILD = "_build"


@dataclass
class AidResult:
    """What happened to one aid: ``status`` built | skipped | failed, written files, seconds."""

    key: str
    status: str
    files: list[str] = field(default_factory=list)
    seconds: float = 0.0
    error: str = ""


@dataclass
class BuildReport:
    """Results of a build, in plan order; ``ok`` when no aid failed."""

    results: list[AidResult]
    seconds: float

    @property
    def ok(self) -> bool:
        return all(r.status != "failed" for r in self.results)

    def count(self, status: str) -> int:
        return sum(1 for r in self.results if r.status == status)


def aid_input_files(planned: PlannedAid, game) -> list[str]:
    """The content files an aid reads, relative to the content folder: game.yaml, its aids file,
    and every document its blocks name (facts: every facts file, since facts merge)."""
    from generator.content.aids import FactsBlock, RulesBlock, RulingsBlock, TableBlock

    used = {("game", game.game.id)}
    for aids_id, aids in game.of_kind("aids").items():
        if any(a.id == planned.aid.id for a in aids.aids):
            used.add(("aids", aids_id))
    if planned.aid.sheet is not None:  # the score sheet comes from the scoring model
        used.add(("scoring", planned.aid.sheet))
    for face in planned.aid.faces:
        for block in face.blocks:
            if isinstance(block, RulesBlock):
                used.add(("rules", block.rules))
            elif isinstance(block, RulingsBlock):
                used.add(("rules", block.rulings))
            elif isinstance(block, TableBlock):
                used.add(("table", block.table))
            elif isinstance(block, FactsBlock):
                used.update(("facts", f) for f in game.of_kind("facts"))
    return sorted({game.paths[key] for key in used})


def input_hash(planned: PlannedAid, game, render: RenderOptions, code: str, digests: dict[str, str]) -> str:
    """Hash of everything that determines an aid's PDF bytes: ``code`` (`code_fingerprint`),
    the digests of the content files it reads (``digests`` from `content_digests`) and the options.
    PNG previews are extra files, tracked separately in the manifest."""
    digest = hashlib.sha256(code.encode())
    for name in aid_input_files(planned, game):
        digest.update(f"{name}\0{digests[name]}\0".encode())
    digest.update(json.dumps([render.paper, render.mode, *render.look]).encode())
    return digest.hexdigest()


def _manifest_path(options: BuildOptions) -> Path:
    return options.out_dir / options.render.folder / MANIFEST_NAME


def _read_manifest(options: BuildOptions) -> dict:
    # a planted manifest could name files outside the output folder: only sound entries are kept
    from generator.pipeline.manifest_io import read_manifest

    return read_manifest(_manifest_path(options), options.out_dir, WHOLE_BUILD)


def _is_fresh(entry: dict | None, h: str, options: BuildOptions) -> TypeGuard[dict]:
    """Whether the manifest ``entry`` of an aid of input hash ``h`` needs no rebuild (an entry
    that is there)."""
    if options.force or not entry or entry.get("hash") != h:
        return False
    if options.render.png and not entry.get("png"):
        return False
    return all((options.out_dir / f).is_file() for f in entry.get("files", []))


# --- worker side -----------------------------------------------------------------------------
# Workers are forked after the parent has loaded content and WeasyPrint, so they inherit both
# instead of paying for them again.

_CONTENT: Content | None = None


@dataclass(frozen=True)
class Job:
    """One aid to render, with fitting hints from the previous build."""

    key: str
    render: RenderOptions
    hints: dict
    exact: bool
    last_seconds: float = 0.0
    fit_keys: dict | None = None


def _render_one(job: Job) -> tuple[str, object, str, float]:
    """Render one aid; never raises (errors come back as text). Returns
    (key, Rendered | None, error, seconds)."""
    from generator.compile.plan import plan_aids
    from generator.pipeline.aidbuild import render_aid

    start = time.perf_counter()
    assert _CONTENT is not None  # build() sets it before any job runs
    try:
        planned = next(p for p in plan_aids(_CONTENT) if p.key == job.key)
        rendered = render_aid(planned, _CONTENT.game(planned.game), job.render, job.hints, job.exact, job.fit_keys)
        return job.key, rendered, "", time.perf_counter() - start
    except PlayaidError as exc:
        return job.key, None, str(exc), time.perf_counter() - start
    except Exception as exc:  # keep one broken aid from taking down the others
        return job.key, None, f"aid '{job.key}': {type(exc).__name__}: {exc}", time.perf_counter() - start


# --- orchestration ---------------------------------------------------------------------------


def build(options: BuildOptions, progress=None) -> BuildReport:
    """Build the planned aids; returns a `BuildReport` (never raises for a failing aid).

    ``progress`` (optional) is called as progress(event, key, result) with event in
    start | skipped | done. Raises `ContentError` when content is invalid and `UsageError` for
    unknown aid names, before anything is written.
    """
    global _CONTENT
    started = time.perf_counter()
    manifest = _read_manifest(options)
    options_key = _options_key(options)
    # First the cheap check: no file of code, templates or content touched since the last
    # complete build (stat only); then the content hash that decides it. A racy stat (a file
    # changed within a timestamp tick of this walk) is never recorded: the next build hashes.
    stats, racy = stat_snapshot([PROJECT_ROOT / "generator", TEMPLATES_DIR, options.content_dir])
    stat = hashlib.sha256((stats + options_key).encode()).hexdigest()

    def skipped(unchanged: list[AidResult]) -> BuildReport:
        # nothing changed since the last complete build: no content load
        for result in unchanged:
            if progress:
                progress("skipped", result.key, result)
        if progress:
            progress("start", 0, None)
        return BuildReport(unchanged, time.perf_counter() - started)

    unchanged = _unchanged_build(manifest, "stat", stat, options)
    if unchanged is not None:
        return skipped(unchanged)
    # Read every content file and the code once; the cache and each aid's hash share them.
    code = code_fingerprint()
    digests = content_digests(options.content_dir) if Path(options.content_dir).is_dir() else {}
    fingerprint = content_fingerprint(options.content_dir, digests, code)
    whole = whole_build_fingerprint(fingerprint, options_key)
    unchanged = _unchanged_build(manifest, "fingerprint", whole, options)
    if unchanged is not None:
        if not racy:
            _remember_stat(manifest, options, stat)
        return skipped(unchanged)
    from generator.checks.cache import load_content_cached
    from generator.compile.plan import plan_aids

    # --force trusts no state: the content cache is read afresh from content, and rewritten
    content = (
        _watched_content(options, fingerprint)
        if options.watching
        else load_content_cached(
            options.content_dir, options.out_dir, digests, fingerprint=fingerprint, fresh=options.force
        )
    )
    planned = plan_aids(content, list(options.only) or None)
    results: dict[str, AidResult] = {}
    todo: list[Job] = []
    hashes: dict[str, str] = {}
    formats = {p.key: p.aid.format for p in planned}
    for p in planned:
        h = input_hash(p, content.game(p.game), options.render, code, digests)
        hashes[p.key] = h
        entry = manifest.get(p.key) if isinstance(manifest.get(p.key), dict) else None
        if _is_fresh(entry, h, options):
            files = _drop_previews(options, manifest, p.key, entry)
            results[p.key] = AidResult(p.key, "skipped", files)
            if progress:
                progress("skipped", p.key, results[p.key])
        else:
            hints = (entry or {}).get("fitted") or {}
            todo.append(
                Job(
                    p.key,
                    options.render,
                    hints,
                    entry is not None and entry.get("hash") == h,
                    float((entry or {}).get("seconds", 0.0)),
                    (entry or {}).get("fit_keys"),
                )
            )
    if progress:
        progress("start", len(todo), None)
    _CONTENT = content
    jobs = options.jobs or os.cpu_count() or 1
    jobs = max(1, min(jobs, len(todo)))
    for key, rendered, error, seconds in _run(todo, jobs, formats):
        if rendered is not None:
            try:
                for name, data in sorted(rendered.files.items()):
                    write_atomic(options.out_dir / name, data)
            except WriteError as exc:
                rendered, error = None, f"aid '{key}': {exc}"
        if rendered is None:
            results[key] = AidResult(key, "failed", [], seconds, error)
        else:
            files = sorted(rendered.files)
            _remove_stale(options.out_dir, manifest.get(key), files)
            results[key] = AidResult(key, "built", files, seconds)
            manifest[key] = {
                "hash": hashes[key],
                "files": files,
                "png": options.render.png,
                "digests": {name: hashlib.sha256(data).hexdigest() for name, data in sorted(rendered.files.items())},
                "fitted": rendered.fitted,
                "fit_keys": rendered.fit_keys,
                "seconds": round(seconds, 1),
            }
        if progress:
            progress("done", key, results[key])
    ordered = [results[p.key] for p in planned]
    complete = (
        {"fingerprint": whole, "stat": "" if racy else stat, "aids": [[r.key, r.files] for r in ordered]}
        if all(r.status != "failed" for r in ordered)
        else None
    )
    if any(r.status == "built" for r in ordered) or manifest.get(WHOLE_BUILD) != complete:
        manifest[WHOLE_BUILD] = complete
        _write_manifest(options, manifest)
    return BuildReport(ordered, time.perf_counter() - started)


def _write_manifest(options: BuildOptions, manifest: dict) -> None:
    """Write the manifest atomically; raises `WriteError` as `write_atomic` does."""
    write_atomic(_manifest_path(options), (json.dumps(manifest, indent=1, sort_keys=True) + "\n").encode())


def _remember_stat(manifest: dict, options: BuildOptions, stat: str) -> None:
    """Store ``stat`` in the whole-build entry when the content hash found nothing changed but
    the file stats differ (a file touched, or saved with the same bytes): the next no-op build
    then stops at the stat check instead of hashing again. Writes only when ``stat`` changed; a
    manifest that cannot be written only costs that shortcut."""
    entry = manifest[WHOLE_BUILD]
    if entry.get("stat") == stat:
        return
    manifest[WHOLE_BUILD] = {**entry, "stat": stat}
    try:
        _write_manifest(options, manifest)
    except WriteError:
        pass


#: `playaid watch`: the content this process loaded last and its fingerprint.
_WATCHED: dict = {}


def _watched_content(options: BuildOptions, fingerprint: str) -> Content:
    """The content as `load_content` gives it, kept in this process while its ``fingerprint``
    (`content_fingerprint`) holds (a template edit reuses it); no content cache file is read or
    written, which would cost more than the parse of the one changed file. Raises
    `ContentError` as `load_content` does."""
    from generator.checks.load import load_content

    if _WATCHED.get("fingerprint") != fingerprint:
        content = load_content(options.content_dir)
        _WATCHED.update(fingerprint=fingerprint, content=content)
    return _WATCHED["content"]


def _options_key(options: BuildOptions) -> str:
    """The options that change what a whole build leaves in the output folder, as JSON."""
    return json.dumps(
        [options.render.paper, options.render.mode, options.render.png, *options.render.look, sorted(options.only)]
    )


def whole_build_fingerprint(fingerprint: str, options_key: str) -> str:
    """Hash of everything a whole build depends on: the content fingerprint (code, templates,
    every content file and the resolved content folder: `content_fingerprint`) and the options
    (`_options_key`)."""
    return hashlib.sha256(f"{fingerprint}\0{options_key}".encode()).hexdigest()


def _unchanged_build(manifest: dict, field: str, value: str, options: BuildOptions) -> list[AidResult] | None:
    """Every aid as skipped when the last complete build recorded ``value`` under ``field``
    ("stat": file stats and options; "fingerprint": `whole_build_fingerprint`) and its files are
    all still there; else None (decide aid by aid)."""
    entry = manifest.get(WHOLE_BUILD)
    if options.force or not isinstance(entry, dict) or entry.get(field) != value:
        return None
    try:
        results = [AidResult(str(key), "skipped", list(files)) for key, files in entry["aids"]]
    except (KeyError, TypeError, ValueError):
        return None
    if not all((options.out_dir / f).is_file() for r in results for f in r.files):
        return None
    return results


def _drop_previews(options: BuildOptions, manifest: dict, key: str, entry: dict) -> list[str]:
    """The files of an unchanged aid, after removing its PNG previews when this build was not
    asked for them (previews follow --png exactly, even for aids the build skips); the
    manifest entry is updated to match."""
    files = list(entry["files"])
    if options.render.png or not entry.get("png"):
        return files
    previews = f"{options.render.folder}/png/"
    kept = [f for f in files if not f.startswith(previews)]
    _remove_stale(options.out_dir, entry, kept)
    manifest[key] = {**entry, "files": kept, "png": False}
    return kept


def _remove_stale(out_dir: Path, entry, files: list[str]) -> None:
    """Delete outputs of an aid's previous build that this build no longer makes (e.g. PNG
    previews of a page that is gone), so output/ never holds out-of-date files. Only a file
    this tool wrote is deleted: inside the output folder, named for that aid (checked when the
    manifest was read, `manifest_io`) and still holding the bytes the build recorded; a file
    edited or put there since is left alone."""
    if not isinstance(entry, dict):
        return
    from generator.pipeline.manifest_io import inside, written_by_build

    digests = entry.get("digests") or {}
    for name in set(entry.get("files", [])) - set(files):
        if not inside(out_dir, name) or not written_by_build(out_dir / name, digests.get(name)):
            continue
        try:
            (out_dir / name).unlink()
        except OSError:
            pass


def _run(todo: list[Job], jobs: int, formats: Mapping[str, str]):
    """Yield (key, Rendered | None, error, seconds) for each job, in completion order."""
    if not todo:
        return
    if jobs == 1:
        for job in todo:
            yield _render_one(job)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    from generator.pipeline.aidbuild import _renderer
    from generator.pipeline.worker_lifetime import die_with_parent

    _renderer()  # load WeasyPrint and the fonts once, before forking
    # Longest first (by the last build's time, else cards before pages before forms), so the
    # last aid to finish is a short one.
    order = sorted(todo, key=lambda j: (-j.last_seconds, {"card": 0, "page": 1, "form": 2}[formats[j.key]]))
    # die_with_parent: a build killed with -9 must not leave its workers (and its stdout) behind
    pool = ProcessPoolExecutor(
        max_workers=jobs,
        mp_context=multiprocessing.get_context("fork"),
        initializer=die_with_parent,
        initargs=(os.getpid(),),
    )
    finished = False
    try:
        futures = [pool.submit(_render_one, job) for job in order]
        for future in as_completed(futures):
            yield future.result()
        finished = True
    finally:
        if finished:
            pool.shutdown(wait=True)
        else:  # Ctrl-C, an error, or the caller stopped: end now, not after every queued aid
            pool.shutdown(wait=False, cancel_futures=True)
            for worker in multiprocessing.active_children():  # this process forks only the pool's
                worker.terminate()


__all__ = ["BuildOptions", "BuildReport", "AidResult", "build", "input_hash"]
