"""`make dist`'s archives are reproducible: the PDF zips (one aid here, built twice into fresh
folders at different times), and the sdist and wheel normalisation whatever the time stamps,
owners and order the build tools wrote."""

from __future__ import annotations

import io
import os
import sys
import tarfile
import time
import zipfile
from pathlib import Path

import pypdfium2

from generator import __version__

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))
import dist  # noqa: E402  (tools/dist.py: what `make dist` runs)

EPOCH = 1767225600  # 2026-01-01 00:00 UTC
LETTER_PT = (612.0, 792.0)


def test_pdf_zips_hold_the_pdfs_and_a_printing_note_and_are_the_same_twice(tmp_path):
    zips = []
    for run in ("first", "second"):
        out = tmp_path / run
        out.mkdir()
        zips.append(
            dist.build_pdf_zips(
                out, EPOCH, output=tmp_path / f"output-{run}", only=("rftg-invasion-summary",), papers=("letter",)
            )
        )
        time.sleep(1.1)  # a second later: file times differ, the archives must not
    assert [p.name for p in zips[0]] == [
        f"playaid-{__version__}-pdf-letter.zip",
        f"playaid-{__version__}-pdf-print-shop-letter.zip",
    ]
    for first, second in zip(*zips):
        assert first.read_bytes() == second.read_bytes(), first.name

    sheet, shop = zips[0]
    folder = f"playaid-{__version__}-letter"
    with zipfile.ZipFile(sheet) as archive:
        assert archive.namelist() == [f"{folder}/PRINTING.txt", f"{folder}/rftg-invasion-summary.pdf"]
        assert {info.date_time for info in archive.infolist()} == {(2026, 1, 1, 0, 0, 0)}
        note = archive.read(f"{folder}/PRINTING.txt").decode()
        pdf = archive.read(f"{folder}/rftg-invasion-summary.pdf")
    assert note.startswith(f"playaid {__version__}: player aids, US Letter (8.5 x 11 in), to print at home\n")
    assert "at 100 % (\"actual size\")" in note and "flip on\n  long edge" in note
    assert "- rftg-invasion-summary.pdf: Invasion Game Summary (card, 63x88 mm)" in note
    document = pypdfium2.PdfDocument(pdf)
    assert tuple(round(v, 1) for v in document[0].get_size()) == LETTER_PT
    document.close()
    with zipfile.ZipFile(shop) as archive:
        note = archive.read(f"playaid-{__version__}-print-shop-letter/PRINTING.txt").decode()
        page = pypdfium2.PdfDocument(archive.read(f"playaid-{__version__}-print-shop-letter/rftg-invasion-summary.pdf"))
    assert "trim size plus 3 mm bleed" in note
    # one face per page: the 63 x 88 mm card + 20 mm (bleed and crop marks), in points
    assert tuple(round(v / 72 * 25.4) for v in page[0].get_size()) == (83, 108)
    page.close()


def _tarball(path: Path, members: list[tuple[str, bytes]], mtime: float, owner: str) -> None:
    with tarfile.open(path, "w:gz") as archive:
        for name, data in members:
            info = tarfile.TarInfo(name)
            info.size, info.mtime, info.uname, info.uid, info.mode = len(data), mtime, owner, 1000, 0o664
            archive.addfile(info, io.BytesIO(data))


def test_sdist_normalised_whatever_the_times_owners_and_order(tmp_path):
    members = [("playaid-1/PKG-INFO", b"Name: playaid\n"), ("playaid-1/setup.py", b"setup()\n")]
    a, b = tmp_path / "a.tar.gz", tmp_path / "b.tar.gz"
    _tarball(a, members, 1_800_000_000.5, "ann")
    time.sleep(1.1)  # gzip headers of the two would differ in time
    _tarball(b, list(reversed(members)), 1_900_000_000, "ben")
    assert a.read_bytes() != b.read_bytes()
    for path in (a, b):
        dist.normalise_sdist(path, EPOCH)
    assert a.read_bytes() == b.read_bytes()
    with tarfile.open(a) as archive:
        infos = archive.getmembers()
        assert [i.name for i in infos] == ["playaid-1/PKG-INFO", "playaid-1/setup.py"]
        assert {(i.mtime, i.uid, i.uname, i.mode) for i in infos} == {(EPOCH, 0, "", 0o644)}
        assert archive.extractfile("playaid-1/setup.py").read() == b"setup()\n"


def test_wheel_normalised_keeps_order_and_contents(tmp_path):
    def wheel(path: Path, when: tuple) -> None:
        with zipfile.ZipFile(path, "w") as archive:
            for name, data in (("generator/__init__.py", b"x = 1\n"), ("playaid-1.dist-info/RECORD", b"r\n")):
                info = zipfile.ZipInfo(name, when)
                info.external_attr = 0o100664 << 16
                archive.writestr(info, data)

    a, b = tmp_path / "a.whl", tmp_path / "b.whl"
    wheel(a, (2030, 5, 6, 7, 8, 10))
    wheel(b, (2031, 1, 2, 3, 4, 6))
    for path in (a, b):
        dist.normalise_wheel(path, EPOCH)
    assert a.read_bytes() == b.read_bytes()
    with zipfile.ZipFile(a) as archive:
        assert archive.namelist() == ["generator/__init__.py", "playaid-1.dist-info/RECORD"]
        assert archive.read("generator/__init__.py") == b"x = 1\n"
        assert {(i.date_time, i.external_attr >> 16) for i in archive.infolist()} == {((2026, 1, 1, 0, 0, 0), 0o100644)}


def test_source_date_epoch_comes_from_the_environment(monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1796140472")
    assert dist.source_date_epoch() == 1796140472
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")  # before zip's 1980: clamped
    assert dist.source_date_epoch() == 315532800
    monkeypatch.delenv("SOURCE_DATE_EPOCH")
    assert dist.source_date_epoch() == dist.DEFAULT_EPOCH
    assert os.environ.get("SOURCE_DATE_EPOCH") is None


def test_dist_refuses_untracked_content_and_examples_in_a_checkout(tmp_path, monkeypatch):
    import subprocess

    import pytest

    repo = tmp_path / "checkout"
    for name in ("content/xia/game.yaml", "examples/xia.yaml", "generator/x.py"):
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text("x: 1\n")
    git = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run(git + ["init", "-q"], check=True)
    subprocess.run(git + ["add", "."], check=True)
    subprocess.run(git + ["commit", "-qm", "games"], check=True)
    assert dist.untracked(repo) == []
    dist.refuse_untracked(repo)  # nothing untracked: no refusal
    (repo / "content/my-game").mkdir()
    (repo / "content/my-game/game.yaml").write_text("x: 1\n")
    (repo / "examples/my-game.yaml").write_text("x: 1\n")
    (repo / "generator/scratch.py").write_text("")  # not shipped from content or examples: not named
    (repo / "content/__pycache__").mkdir()
    (repo / ".gitignore").write_text("__pycache__/\n")
    (repo / "content/__pycache__/a.pyc").write_text("")  # ignored by git: not named
    assert dist.untracked(repo) == ["content/my-game/game.yaml", "examples/my-game.yaml"]
    with pytest.raises(SystemExit) as exc:
        dist.refuse_untracked(repo)
    assert str(exc.value) == (
        "dist: 2 untracked files under content/ and examples/ would ship in the release: "
        "content/my-game/game.yaml, examples/my-game.yaml (git add and commit them to ship "
        "them, or move them out; `git status` lists them)"
    )
    assert dist.untracked(tmp_path / "not-a-checkout") == []
