"""`watch()`: rebuild on every save (watchfiles); errors are printed, watching continues."""

from __future__ import annotations

from pathlib import Path

from generator.errors import PlayaidError
from generator.paths import TEMPLATES_DIR
from generator.pipeline.build import BuildOptions, build

#: Files editors write beside the one being edited, never content: vim swap files (.swp, .swo,
#: ...) and its write test file 4913, backups ending in ~, emacs auto-saves (#name#) and locks
#: (.#name), JetBrains safe-write copies (name___jb_tmp___, name___jb_old___), Kate swap files,
#: gedit's .goutputstream-*, GNU ``sed -i``'s output file (sed + 6 random letters or digits, from
#: mkostemp's sedXXXXXX, renamed over the original when sed is done) and any *.tmp (our own atomic
#: writes included).
EDITOR_TEMP_PATTERNS = (
    r"\.sw[a-p]$",
    r"^4913$",
    r"~$",
    r"^#.*#$",
    r"^\.#",
    r"___jb_\w+___$",
    r"\.kate-swp$",
    r"^\.goutputstream-",
    r"^sed[A-Za-z0-9]{6}$",
    r"\.tmp$",
)


def change_filter():
    """A watchfiles filter: watchfiles' defaults (.git, __pycache__, ...) plus `EDITOR_TEMP_PATTERNS`."""
    from watchfiles import DefaultFilter

    return DefaultFilter(ignore_entity_patterns=(*DefaultFilter.ignore_entity_patterns, *EDITOR_TEMP_PATTERNS))


def _shown(path: str, roots: list[Path]) -> str:
    """A changed file relative to the watched folder's parent (content/rftg/aids.yaml)."""
    for root in roots:
        try:
            return str(Path(path).relative_to(root.parent))
        except ValueError:
            continue
    return path


def _warm_up(options: BuildOptions) -> None:
    """Lay out one card aid in this process, discarding the result. After a parallel build only
    the worker processes have compiled the templates and loaded the fonts into WeasyPrint; without
    this the first save pays for that here (about half a second more than later saves). Nothing
    to do when the build rendered here (one job, or one aid to rebuild): the templates are
    compiled. Uses the content that build loaded, when it loaded any."""
    try:
        from generator.compile.plan import plan_aids
        from generator.pipeline import aidbuild
        from generator.pipeline.aidbuild import render_aid
        from generator.pipeline.build import _WATCHED, _read_manifest, _watched_content

        if aidbuild._environment.cache_info().currsize:
            return
        content = _WATCHED.get("content")
        if content is None or Path(content.root).resolve() != Path(options.content_dir).resolve():
            from generator.content.files import content_digests
            from generator.fingerprint import code_fingerprint, content_fingerprint

            content = _watched_content(
                options,
                content_fingerprint(options.content_dir, content_digests(options.content_dir), code_fingerprint()),
            )
        cards = [p for p in plan_aids(content, list(options.only) or None) if p.aid.format == "card"]
        if cards:
            entry = _read_manifest(options).get(cards[0].key) or {}
            render_aid(
                cards[0], content.game(cards[0].game), options.render, entry.get("fitted"), True, entry.get("fit_keys")
            )
    except Exception:  # only a speed-up: any problem shows up in the next real build instead
        pass


def watch(options: BuildOptions, reporter, echo, stop_event=None) -> None:
    """Build once, then again after each change under the content folder or templates/.

    Only aids whose inputs changed are rebuilt (the incremental manifest decides); the reporter
    says what was rebuilt. Editors' temporary files (`EDITOR_TEMP_PATTERNS`) are not changes.
    The generator's own code is not watched: this process keeps the code it started with, so a
    code change needs a restart. ``stop_event`` (threading.Event) ends the loop, for tests.
    """
    import dataclasses

    from watchfiles import watch as watch_changes

    options = dataclasses.replace(options, watching=True)

    def once():
        try:
            report = build(options, reporter)
            reporter.finish(report, options.out_dir)
        except PlayaidError as exc:
            echo(str(exc), err=True)

    once()
    _warm_up(options)
    roots = [Path(options.content_dir).resolve(), TEMPLATES_DIR.resolve()]
    echo(f"watching {', '.join(str(r) for r in roots)} (Ctrl-C to stop)")
    try:
        for changes in watch_changes(*roots, watch_filter=change_filter(), stop_event=stop_event, debounce=300):
            changed = sorted({_shown(c[1], roots) for c in changes})
            echo(f"changed: {', '.join(changed[:5])}{' ...' if len(changed) > 5 else ''}")
            once()
    except KeyboardInterrupt:
        echo("stopped watching")
