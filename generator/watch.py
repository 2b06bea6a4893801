"""`watch()`: rebuild on every save (watchfiles); errors are printed, watching continues."""

from __future__ import annotations

from generator.build import BuildOptions, build
from generator.errors import PlayaidError
from generator.paths import TEMPLATES_DIR


def watch(options: BuildOptions, reporter, echo, stop_event=None) -> None:
    """Build once, then again after each change under the content folder or templates/.

    Only aids whose inputs changed are rebuilt (the incremental manifest decides). The
    generator's own code is not watched: this process keeps the code it started with, so a code
    change needs a restart.
    ``stop_event`` (threading.Event) ends the loop, for tests.
    """
    from watchfiles import watch as watch_changes

    def once():
        try:
            report = build(options, reporter)
            reporter.finish(report, options.out_dir)
        except PlayaidError as exc:
            echo(str(exc), err=True)

    once()
    paths = [str(options.content_dir), str(TEMPLATES_DIR)]
    echo(f"watching {', '.join(paths)} (Ctrl-C to stop)")
    try:
        for changes in watch_changes(*paths, stop_event=stop_event, debounce=300):
            changed = sorted({c[1] for c in changes})
            echo(f"changed: {', '.join(changed[:5])}{' ...' if len(changed) > 5 else ''}")
            once()
    except KeyboardInterrupt:
        echo("stopped watching")
