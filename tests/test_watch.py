"""`playaid watch`: editors' temporary files are not changes; each save prints what it rebuilt and
nothing about the aids it left alone; a one-face edit re-fits only that face."""

from __future__ import annotations

import dataclasses
import shutil
import subprocess
import threading
import time

import pytest

from generator.commands.build import Reporter
from generator.paths import PROJECT_ROOT
from generator.pipeline.build import BuildOptions, build
from generator.pipeline.watch import change_filter

AIDS = ("frontier-summary", "strength-tables", "rftg-score-sheet")


@pytest.mark.parametrize(
    "name",
    [
        ".frontier-summary.yaml.swp",
        ".frontier-summary.yaml.swx",
        "4913",  # vim
        "frontier-summary.yaml~",  # backups
        "#frontier-summary.yaml#",
        ".#frontier-summary.yaml",  # emacs
        "frontier-summary.yaml___jb_tmp___",
        "frontier-summary.yaml___jb_old___",  # JetBrains
        "frontier-summary.yaml.kate-swp",
        ".goutputstream-X1Y2Z3",  # Kate, gedit
        ".frontier-summary.yaml.k2j3h4.tmp",  # atomic writes
        "sedNrtzCg",
        "sed0a9ZqB",  # sed -i
    ],
)
def test_editor_temporary_files_are_not_changes(name):
    from watchfiles import Change

    path = str(PROJECT_ROOT / "content" / "rftg" / "rules" / name)
    assert not change_filter()(Change.modified, path)


@pytest.mark.parametrize(
    "name",
    [
        "content/rftg/rules/frontier-summary.yaml",
        "content/xia/aids.yaml",
        "templates/card.html.j2",
        "templates/style/card.css",
        "content/rftg/rules/sediment.yaml",
        "content/rftg/rules/sedan",
    ],
)
def test_real_files_are_changes(name):
    from watchfiles import Change

    assert change_filter()(Change.modified, str(PROJECT_ROOT / name))


def test_watch_prints_only_what_it_rebuilt(tmp_path, capsys):
    from generator.pipeline.watch import watch

    content = tmp_path / "content"
    shutil.copytree(PROJECT_ROOT / "content", content)
    lines: list[str] = []
    stop = threading.Event()
    options = BuildOptions(content_dir=content, out_dir=tmp_path / "out", jobs=1, only=AIDS)
    thread = threading.Thread(
        target=watch,
        args=(options, Reporter(False, changes_only=True), lambda text, **k: lines.append(text)),
        kwargs={"stop_event": stop},
        daemon=True,
    )
    thread.start()
    deadline = time.time() + 90
    while not any(line.startswith("watching") for line in lines) and time.time() < deadline:
        time.sleep(0.05)
    first = capsys.readouterr().out
    assert first.count("built   rftg-") == 3

    rules = content / "rftg" / "rules"
    for temp in (
        ".frontier-summary.yaml.swp",
        "#frontier-summary.yaml#",
        "frontier-summary.yaml~",
        "frontier-summary.yaml___jb_tmp___",
    ):
        (rules / temp).write_text("kind: rules\nnot: [valid")
    time.sleep(1.5)  # watchfiles would have reported them by now
    assert not [line for line in lines if line.startswith("changed:")]

    # sed -i writes its output to a temporary sedXXXXXX beside the file, then renames it over it
    summary = rules / "frontier-summary.yaml"
    subprocess.run(
        ["sed", "-i", "s/Each deck has its own discard pile./Each deck keeps its own discard pile./", str(summary)],
        check=True,
    )
    assert "Each deck keeps its own discard pile." in summary.read_text()
    printed = ""
    deadline = time.time() + 90  # its own wait: the first build may have used most of the first
    while "built," not in printed and time.time() < deadline:
        time.sleep(0.05)
        printed += capsys.readouterr().out
    stop.set()
    thread.join(timeout=10)
    assert [line for line in lines if line.startswith("changed:")] == [
        "changed: content/rftg/rules/frontier-summary.yaml"
    ]
    assert [line.split(" (")[0] for line in printed.splitlines()] == [
        "built   rftg-frontier-summary",
        "1 built, 2 skipped",
    ]


def test_a_rebuild_prints_no_skipped_aids(tmp_path, capsys):
    content = tmp_path / "content"
    shutil.copytree(PROJECT_ROOT / "content", content)
    options = BuildOptions(content_dir=content, out_dir=tmp_path / "out", jobs=1, only=AIDS)
    build(options)
    capsys.readouterr()
    summary = content / "rftg" / "rules" / "frontier-summary.yaml"
    summary.write_text(
        summary.read_text().replace("Each deck has its own discard pile.", "Each deck keeps its own discard pile.")
    )
    reporter = Reporter(False, changes_only=True)
    reporter.finish(build(options, reporter), options.out_dir)
    out = capsys.readouterr().out.splitlines()
    assert [line.split(" (")[0] for line in out] == ["built   rftg-frontier-summary", "1 built, 2 skipped"]
    assert not any("skipped rftg-" in line for line in out)


def test_an_edit_to_one_face_refits_that_face_only(tmp_path, monkeypatch):
    """The back of the frontier summary keeps its fitted size with one layout; the edited front
    needs two (its old size, then one step larger, which no longer fits)."""
    import generator.render.faces as faces

    content = tmp_path / "content"
    shutil.copytree(PROJECT_ROOT / "content", content)
    options = BuildOptions(content_dir=content, out_dir=tmp_path / "out", jobs=1, only=("frontier-summary",))
    build(options)
    layouts: list[str] = []
    real_layout = faces._layout

    def counting(renderer, planned, html):
        # the body's class names the face (the style sheet names both faces)
        layouts.append("face-back" if 'class="card face-back' in html else "face-front")
        return real_layout(renderer, planned, html)

    monkeypatch.setattr(faces, "_layout", counting)
    summary = content / "rftg" / "rules" / "frontier-summary.yaml"
    front_text = "Each deck has its own discard pile."
    assert front_text in summary.read_text()
    summary.write_text(summary.read_text().replace(front_text, "Each deck keeps its own discard pile."))
    report = build(options)
    assert [r.status for r in report.results] == ["built"]
    assert layouts.count("face-back") == 1
    assert layouts.count("face-front") == 2


def test_warm_up_lays_out_a_card_only_when_this_process_has_not(tmp_path, monkeypatch):
    """After a build that rendered here (one job) the templates are compiled: no warm-up layout.
    After a parallel build (only workers compiled them) one card is laid out, from the content
    the build loaded (nothing hashed again)."""
    import generator.pipeline.aidbuild as aidbuild
    from generator import fingerprint
    from generator.pipeline.watch import _warm_up

    content = tmp_path / "content"
    shutil.copytree(PROJECT_ROOT / "content", content)
    options = dataclasses.replace(
        BuildOptions(
            content_dir=content, out_dir=tmp_path / "out", jobs=1, only=("frontier-summary", "rftg-score-sheet")
        ),
        watching=True,
    )
    assert {r.status for r in build(options).results} == {"built"}
    warmed: list[str] = []
    real_render_aid = aidbuild.render_aid

    def recording(planned, *args, **kwargs):
        warmed.append(planned.key)
        return real_render_aid(planned, *args, **kwargs)

    def no_hashing():
        raise AssertionError("the warm-up hashed the code again")

    monkeypatch.setattr(aidbuild, "render_aid", recording)
    _warm_up(options)
    assert warmed == []
    aidbuild._environment.cache_clear()  # as in the parent of a parallel build
    monkeypatch.setattr(fingerprint, "code_fingerprint", no_hashing)
    _warm_up(options)
    assert warmed == ["rftg-frontier-summary"]
