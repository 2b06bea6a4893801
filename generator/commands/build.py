"""`playaid build` and `playaid watch`: render aids into output/, with progress and a summary."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from generator.commands import content_default, existing_content
from generator.commands.completion import complete_aids
from generator.paths import CONTENT_DEFAULT_SHOWN, CONTENT_HELP
from generator.pipeline.options import INKS, MAX_COPIES, BuildOptions, RenderOptions

if TYPE_CHECKING:
    from rich.progress import Progress, TaskID


def _options(aids, paper, mode, png, out, content_dir, force, jobs, copies=None, ink="colour") -> BuildOptions:
    return BuildOptions(
        content_dir=Path(content_dir),
        out_dir=Path(out),
        render=RenderOptions(paper=paper, mode=mode, png=png, copies=copies, ink=ink),
        only=tuple(aids),
        force=force,
        jobs=jobs,
    )


class Reporter:
    """Progress on a terminal (rich bar + summary table); plain lines otherwise or when quiet."""

    def __init__(self, quiet: bool, changes_only: bool = False):
        self.quiet = quiet
        self.changes_only = changes_only  # watch: name what was rebuilt, not every unchanged aid
        from generator.commands.color import styled

        self.rich = styled(sys.stderr) and not quiet  # progress bar and coloured table; else plain lines
        self.bar: Progress | None = None  # with its task, from the start event on a terminal
        self.task: TaskID | None = None

    def __call__(self, event, key, result):
        if event == "start":
            if self.rich and key:
                from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

                self.bar = Progress(
                    TextColumn("building aids"),
                    BarColumn(),
                    TextColumn("{task.completed}/{task.total}"),
                    TimeElapsedColumn(),
                    transient=True,
                )
                self.bar.start()
                self.task = self.bar.add_task("build", total=key)
            return
        if event == "done" and self.bar is not None and self.task is not None:
            self.bar.advance(self.task)
        if self.rich:
            return
        if self.quiet and result.status != "failed":
            return
        if result.status == "failed":
            click.echo(f"FAILED  {result.error}", err=True)
        elif result.status == "skipped":
            if not self.changes_only:
                click.echo(f"skipped {key} (unchanged)")
        else:
            n = len(result.files)
            click.echo(f"built   {key} ({n} file{'' if n == 1 else 's'}, {result.seconds:.1f} s)")

    def finish(self, report, out_dir: Path):
        if self.bar is not None:
            self.bar.stop()
        if self.rich:
            from rich.console import Console
            from rich.table import Table

            table = Table(title=f"output in {out_dir}/", title_justify="left")
            for col in ("aid", "status", "files", "time"):
                table.add_column(col)
            shown = [r for r in report.results if not (self.changes_only and r.status == "skipped")]
            for r in shown:
                colour = {"built": "green", "skipped": "dim", "failed": "bold red"}[r.status]
                table.add_row(
                    r.key,
                    f"[{colour}]{r.status}[/]",
                    str(len(r.files)),
                    f"{r.seconds:.1f} s" if r.status != "skipped" else "",
                )
            console = Console(stderr=True, force_terminal=True)  # self.rich: styling was chosen
            if shown:
                console.print(table)
            for r in report.results:
                if r.status == "failed":
                    console.print(f"[bold red]FAILED[/] {r.error}", markup=True, highlight=False)
        if not self.quiet or not report.ok:
            click.echo(
                f"{report.count('built')} built, {report.count('skipped')} skipped (unchanged), "
                f"{report.count('failed')} failed in {report.seconds:.1f} s",
                err=not report.ok,
            )


_common = [
    click.argument("aids", nargs=-1, shell_complete=complete_aids),
    click.option(
        "--paper",
        type=click.Choice(["a4", "letter"]),
        default="a4",
        show_default=True,
        help="sheet size for n-up cards and full-page aids",
    ),
    click.option(
        "--mode",
        type=click.Choice(["sheet", "print-shop"]),
        default="sheet",
        show_default=True,
        help="sheet: n-up on paper with cut lines, backs mirrored for long-edge duplex; "
        "print-shop: one face per page at trim + 3 mm bleed, crop marks outside the bleed",
    ),
    click.option(
        "--png", is_flag=True, help="also write a PNG preview of every page (a build without --png removes them)"
    ),
    click.option(
        "--copies",
        type=click.IntRange(1, MAX_COPIES),
        default=None,
        help=f"copies of each card aid, 1 to {MAX_COPIES} (e.g. one per player); sheet mode only: "
        "the cards fill the sheet's slots from the top left, more than a sheet holds go on "
        "further sheets (9 RftG-size cards a sheet, 6 tarot on A4 and 5 on US Letter, "
        "2 A6); page aids "
        "and print-shop mode (one face a page) are unchanged; default: one full sheet",
    ),
    click.option(
        "--ink",
        type=click.Choice(INKS),
        default="colour",
        show_default=True,
        help="colour-blind: icons in colours colour-blind eyes tell apart, and patterned; "
        "low-ink: no tints or filled bars, icons in outline, grey text (a third less ink)",
    ),
    click.option("--out", default="output", show_default=True, type=click.Path(file_okay=False), help="output folder"),
    click.option(
        "--content",
        "content_dir",
        default=content_default,
        show_default=CONTENT_DEFAULT_SHOWN,
        type=click.Path(file_okay=False),
        help=CONTENT_HELP,
        callback=existing_content,
    ),
    click.option(
        "--jobs", "-j", type=click.IntRange(min=0), default=0, help="render in N processes (default: one per CPU)"
    ),
    click.option("--quiet", "-q", is_flag=True, help="print nothing but failures"),
]


def _check_out(out) -> None:
    """A usage error (exit 2) naming ``--out`` when no file can be written there: said before
    anything is rendered, not after every aid (a read-only folder, a path through a file)."""
    from generator.errors import UsageError
    from generator.fsutil import unwritable_folder

    why = unwritable_folder(Path(out))
    if why:
        raise UsageError(
            f"--out {out}: cannot write there: {why}; nothing was built "
            f"(choose a folder you can write, e.g. --out output)"
        )


def _with_common(f):
    for decorator in reversed(_common):
        f = decorator(f)
    return f


@click.command("build", short_help="Render aids to PDF; only those whose inputs changed.")
@_with_common
@click.option("--force", is_flag=True, help="rebuild every aid, even unchanged ones")
def build_command(aids, paper, mode, png, copies, ink, out, content_dir, jobs, quiet, force):
    """Render AIDS (default: every aid content declares) to PDF in OUT/<paper>/.

    AIDS are names as playaid list prints them (rftg-invasion-summary), or a bare id that one
    game declares. Only aids whose inputs changed are rebuilt (content files, templates, assets,
    generator version, options); --force rebuilds all. Exit 1 if any aid failed (its previous
    PDF is kept), 2 for an unknown aid.

    \b
    Examples:
      playaid build                                  # every aid, A4
      playaid build rftg-score-sheet --paper letter  # one aid, US Letter
      playaid build --mode print-shop --png          # bleed, crop marks
    """
    from generator.pipeline.build import build

    _check_out(out)
    options = _options(aids, paper, mode, png, out, content_dir, force, jobs, copies, ink)
    reporter = Reporter(quiet)
    report = build(options, reporter)
    reporter.finish(report, options.out_dir)
    sys.exit(0 if report.ok else 1)


@click.command("watch", short_help="Rebuild the affected aids on every save.")
@_with_common
def watch_command(aids, paper, mode, png, copies, ink, out, content_dir, jobs, quiet):
    """Rebuild affected aids whenever content or templates change (Ctrl-C to stop).

    Prints what each save rebuilt (unchanged aids are not listed); editors' temporary and backup
    files are ignored. Errors are reported and watching goes on.
    """
    from generator.pipeline.watch import watch

    _check_out(out)
    options = _options(aids, paper, mode, png, out, content_dir, False, jobs, copies, ink)
    watch(options, Reporter(quiet, changes_only=True), echo=click.echo)
