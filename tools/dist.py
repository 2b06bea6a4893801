"""`make dist`: the release artefacts in ``dist/``, byte-identical from one run to the next.

    dist/playaid-<version>-py3-none-any.whl   the package (`pipx install` it): code, the shipped
    dist/playaid-<version>.tar.gz             games, templates, fonts, icons, the site's sources
    dist/site/                                the phone scorer (`playaid web`): copy it to any https
                                              host, at its root or under a sub-path
    dist/playaid-<version>-pdf-<paper>.zip             every aid's PDFs for printing at home
    dist/playaid-<version>-pdf-print-shop-<paper>.zip  the same for a print shop (bleed, crop marks)
    dist/SHA256SUMS                           the archives' digests

Reproducible: every archive entry is dated ``SOURCE_DATE_EPOCH`` (the Makefile passes the last
commit's time), entries are in a fixed order with fixed owners and modes, and gzip headers carry
no time. The PDFs are built into ``output/`` (incrementally, as `make aids` does; each PDF is
already dated by its game's ``date:``) and only the files this build reports are zipped.

Run as ``python tools/dist.py [--out dist] [--only wheel,site,pdf]``; it needs the `build`
package (installed by `make` with the test extras) and ``node_modules/`` (`npm ci`).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import io
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator import __version__  # noqa: E402
from generator.paths import CONTENT_DIR  # noqa: E402

#: Used when SOURCE_DATE_EPOCH is not set (outside git): 2026-01-01 00:00 UTC.
DEFAULT_EPOCH = 1767225600
PAPERS = ("a4", "letter")
MODES = ("sheet", "print-shop")
PARTS = ("wheel", "site", "pdf")


def source_date_epoch() -> int:
    """``$SOURCE_DATE_EPOCH`` (seconds since 1970), else `DEFAULT_EPOCH`; never before 1980-01-01,
    the earliest time a zip entry can hold."""
    value = int(os.environ.get("SOURCE_DATE_EPOCH") or DEFAULT_EPOCH)
    return max(value, 315532800)


def _zip_time(epoch: int) -> tuple[int, int, int, int, int, int]:
    return time.gmtime(epoch)[:6]


def write_zip(target: Path, entries: list[tuple[str, bytes]], epoch: int) -> None:
    """Write ``entries`` (name, bytes) to the zip ``target`` in the given order, each dated
    ``epoch`` (UTC), mode 0644, deflated: the same entries always give the same bytes."""
    with zipfile.ZipFile(target, "w") as archive:
        for name, data in entries:
            info = zipfile.ZipInfo(name, _zip_time(epoch))
            info.external_attr = 0o100644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3  # Unix, whatever machine wrote it
            archive.writestr(info, data, compresslevel=9)


def normalise_wheel(path: Path, epoch: int) -> None:
    """Rewrite the wheel at ``path`` keeping its entry order and contents (so RECORD stays
    true) but with every entry dated ``epoch`` and mode 0644 (0755 for files that had an
    executable bit)."""
    with zipfile.ZipFile(path) as archive:
        entries = [(info, archive.read(info)) for info in archive.infolist()]
    tmp = path.with_suffix(".tmp")
    with zipfile.ZipFile(tmp, "w") as out:
        for old, data in entries:
            info = zipfile.ZipInfo(old.filename, _zip_time(epoch))
            executable = (old.external_attr >> 16) & 0o111
            info.external_attr = (0o100755 if executable else 0o100644) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3
            out.writestr(info, data, compresslevel=9)
    os.replace(tmp, path)


def normalise_sdist(path: Path, epoch: int) -> None:
    """Rewrite the ``.tar.gz`` at ``path``: members sorted by name, dated ``epoch``, owned by
    0:0 with no user or group names, modes 0644/0755, no PAX extras; gzip with no file name or
    time stamp."""
    with tarfile.open(path, "r:gz") as archive:
        members = [(m, archive.extractfile(m).read() if m.isfile() else None) for m in archive.getmembers()]
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.PAX_FORMAT) as out:
        for member, data in sorted(members, key=lambda m: m[0].name):
            info = tarfile.TarInfo(member.name)
            info.type = member.type
            info.mtime = epoch
            info.uid = info.gid = 0
            info.uname = info.gname = ""
            info.mode = 0o755 if member.isdir() or member.mode & 0o111 else 0o644
            info.linkname = member.linkname
            info.size = len(data) if data is not None else 0
            out.addfile(info, io.BytesIO(data) if data is not None else None)
    tmp = path.with_suffix(".tmp")
    with open(tmp, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0, compresslevel=9) as gz:
        gz.write(buffer.getvalue())
    os.replace(tmp, path)


#: What the sdist is built from (setup.py says which files of each folder ship).
SOURCE_PARTS = (
    "pyproject.toml",
    "setup.py",
    "README.md",
    "LICENSE",
    "generator",
    "content",
    "examples",
    "templates",
    "web",
    "docs",
    "node_modules/pyodide",
    "node_modules/yaml",
)


#: Folders whose every file ships: in a git checkout, a file there that git does not track
#: (a game just made with `playaid new`, a sample record) would ship without being committed.
TRACKED_PARTS = ("content", "examples")


def untracked(source: Path = ROOT) -> list[str]:
    """The files under `TRACKED_PARTS` of ``source`` that git does not track (ignored ones
    aside), as paths relative to it, sorted; [] outside a git checkout or without git."""
    if not (source / ".git").exists():
        return []
    try:
        done = subprocess.run(
            ["git", "-C", str(source), "ls-files", "--others", "--exclude-standard", "-z", "--", *TRACKED_PARTS],
            capture_output=True,
            text=True,
            check=False,
        )
    except OSError:
        return []
    return sorted(p for p in done.stdout.split("\0") if p) if done.returncode == 0 else []


def refuse_untracked(source: Path = ROOT) -> None:
    """Raise SystemExit naming the untracked files under content/ and examples/ (`untracked`)
    and how to fix it; nothing when there are none."""
    found = untracked(source)
    if found:
        shown = ", ".join(found[:10]) + (f" and {len(found) - 10} more" if len(found) > 10 else "")
        raise SystemExit(
            f"dist: {len(found)} untracked file{'' if len(found) == 1 else 's'} under "
            f"{' and '.join(p + '/' for p in TRACKED_PARTS)} would ship in the release: {shown} "
            f"(git add and commit them to ship them, or move them out; `git status` lists them)"
        )


def build_python(out: Path, epoch: int, source: Path = ROOT) -> list[Path]:
    """The sdist, then the wheel built from it (`python -m build`), normalised, in ``out``;
    their paths. Built from a copy of `SOURCE_PARTS` of ``source`` (no caches, nothing written
    into the checkout); raises SystemExit with the build's output when it fails."""
    made = []
    with tempfile.TemporaryDirectory(prefix="playaid-dist-") as tmp:
        copy = Path(tmp) / "src"
        for part in SOURCE_PARTS:
            src = source / part
            if src.is_dir():
                shutil.copytree(src, copy / part, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
            else:
                (copy / part).parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(src, copy / part)
        built_dir = Path(tmp) / "dist"
        env = {**os.environ, "SOURCE_DATE_EPOCH": str(epoch)}
        done = subprocess.run(
            [sys.executable, "-m", "build", "--outdir", str(built_dir), str(copy)],
            env=env,
            capture_output=True,
            text=True,
        )
        if done.returncode:
            raise SystemExit(f"python -m build failed:\n{done.stdout}{done.stderr}")
        for built in sorted(built_dir.iterdir()):
            if built.name.endswith(".whl"):
                normalise_wheel(built, epoch)
            elif built.name.endswith(".tar.gz"):
                normalise_sdist(built, epoch)
            else:
                continue
            made.append(Path(shutil.move(built, out / built.name)))
    return made


def build_site(out: Path) -> Path:
    """The phone scorer (`playaid web`) in ``out/site``. Its URLs are all relative, so it works
    at a host's root or under a sub-path (``https://host/playaid/``)."""
    from generator.web.site import build_site as write_site

    site = out / "site"
    write_site(CONTENT_DIR, site)
    (site / ".nojekyll").write_bytes(b"")  # a Pages branch deploy must not drop files named _*
    return site


def printing_note(paper: str, mode: str, aids: list[dict], games: list[tuple[str, str]]) -> str:
    """The PRINTING.txt of one zip: how to print these files, and what each one is."""
    size = {"a4": "A4 (210 x 297 mm)", "letter": "US Letter (8.5 x 11 in)"}[paper]
    lines = [
        f"playaid {__version__}: player aids, {size}, "
        f"{'for a print shop' if mode == 'print-shop' else 'to print at home'}",
        "Games: " + ", ".join(f"{title} (content {version})" for title, version in games),
        "",
    ]
    lines += ["How to print", ""]
    if mode == "sheet":
        lines += [
            f"- Print on {size} paper at 100 % (\"actual size\"), never \"fit to page\": cards are",
            "  at their real size (each sheet says so). Measure one card with a ruler to check.",
            "- Card aids: page 1 holds the fronts, page 2 the backs. Print double-sided, flip on",
            "  long edge: the backs are mirrored so that each lands behind its front (a turned",
            "  card's back is turned the other way, so the tops meet).",
            "- Cards sit edge to edge (one cut serves two cards). Cut along the cut marks in the",
            "  margins with a guillotine or a ruler and rotary cutter. Where upright and turned",
            "  cards share a sheet (tarot size), first make the cut marked at both ends that parts",
            "  the columns, then cut each column at its marks, its cut edge against the fence.",
            "- Score sheets: <name>-score-sheet.pdf / <name>-campaign-log.pdf to print;",
            "  the -fillable.pdf copies to fill in on a screen (totals add up in viewers that run",
            "  form scripts: Acrobat Reader, Foxit, Chrome, Edge, Firefox).",
        ]
    else:
        lines += [
            "- One card face, page or form per PDF page, at trim size plus 3 mm bleed on every",
            "  side, with crop marks outside the bleed; TrimBox and BleedBox are set, so",
            "  imposition software finds the piece. Each page is the trim size + 20 mm.",
            "- Card aids: front then back of each card, one face per page; print double-sided.",
            "- Ask for 100 % scale (no \"fit to page\"); the sizes below are trim sizes.",
        ]
    lines += ["", "Files", ""]
    for aid in aids:
        lines.append(f"- {aid['file']}: {aid['title']} ({aid['format']}, {aid['size']})")
    lines += ["", "Made with playaid from its own game data; the rulebooks are the publishers'.", ""]
    return "\n".join(lines)


def build_pdf_zips(
    out: Path,
    epoch: int,
    output: Path = ROOT / "output",
    only: tuple[str, ...] = (),
    papers: tuple[str, ...] = PAPERS,
    modes: tuple[str, ...] = MODES,
) -> list[Path]:
    """Build every aid (or the ``only`` ones) for each paper size and mode into ``output``
    (incremental) and zip the PDFs each build reports, with PRINTING.txt, as
    ``playaid-<version>-pdf-<folder>.zip``. Raises SystemExit naming the aid when one fails."""
    from generator.checks.load import load_content
    from generator.compile.plan import plan_aids
    from generator.pipeline.build import build
    from generator.pipeline.options import BuildOptions, RenderOptions

    content = load_content(CONTENT_DIR)
    planned = plan_aids(content)
    games = [(g.game.title, g.game.version) for g in content.games.values()]
    made = []
    for paper in papers:
        for mode in modes:
            render = RenderOptions(paper=paper, mode=mode)
            report = build(BuildOptions(content_dir=CONTENT_DIR, out_dir=output, render=render, only=only))
            failed = [r for r in report.results if r.status == "failed"]
            if failed:
                raise SystemExit("; ".join(f"{r.key}: {r.error}" for r in failed))
            files = sorted(f for r in report.results for f in r.files if f.endswith(".pdf"))
            folder = f"playaid-{__version__}-{render.folder}"
            names = {Path(f).name for f in files}
            paper_name = {"a4": "A4", "letter": "US Letter"}[paper]
            aids = []
            for p in planned:
                s = p.summary()
                size = paper_name if s["size"] == "page" else s["size"]
                for suffix, use in (("", ""), ("-fillable", " to fill in on a screen")):
                    if f"{p.key}{suffix}.pdf" in names:
                        aids.append(
                            {
                                "file": f"{p.key}{suffix}.pdf",
                                "title": s["title"] + use,
                                "format": s["format"],
                                "size": size,
                            }
                        )
            entries = [(f"{folder}/PRINTING.txt", printing_note(paper, mode, aids, games).encode("utf-8"))]
            entries += [(f"{folder}/{Path(f).name}", (output / f).read_bytes()) for f in files]
            target = out / f"playaid-{__version__}-pdf-{render.folder}.zip"
            write_zip(target, entries, epoch)
            made.append(target)
    return made


def checksums(out: Path, files: list[Path]) -> Path:
    """``SHA256SUMS`` in ``out`` for ``files`` (the `sha256sum -c` format)."""
    lines = [f"{hashlib.sha256(p.read_bytes()).hexdigest()}  {p.name}\n" for p in sorted(files)]
    target = out / "SHA256SUMS"
    target.write_text("".join(lines), encoding="utf-8")
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="folder to write (replaced whole)")
    parser.add_argument("--only", default=",".join(PARTS), help=f"comma-separated parts of {PARTS}")
    args = parser.parse_args(argv)
    parts = [p for p in args.only.split(",") if p]
    unknown = set(parts) - set(PARTS)
    if unknown:
        parser.error(f"unknown part(s) {', '.join(sorted(unknown))}: choose from {', '.join(PARTS)}")
    refuse_untracked()
    epoch = source_date_epoch()
    out = args.out
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    started = time.perf_counter()
    archives: list[Path] = []
    if "wheel" in parts:
        archives += build_python(out, epoch)
    if "site" in parts:
        build_site(out)
    if "pdf" in parts:
        archives += build_pdf_zips(out, epoch)
    if archives:
        checksums(out, archives)
    for path in sorted(out.iterdir()):
        size = sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) if path.is_dir() else path.stat().st_size
        print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}  {size / 1e6:.2f} MB")
    print(f"dist: {time.perf_counter() - started:.1f} s, SOURCE_DATE_EPOCH={epoch}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
