"""A process that rendered an aid exits cleanly: WeasyPrint's font configuration is released
before module globals are torn down, so no "Exception ignored in: FontConfiguration.__del__"
on stderr and no temporary ``weasyprint-*`` font folder left behind."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from generator.paths import PROJECT_ROOT

# Builds one aid in this process, then (with "keep") holds every module until the interpreter's
# last clean-up stage, as Hypothesis' per-module cache does in the test suite: module globals
# are then cleared in reverse import order, WeasyPrint's (imported late) before ours.
SCRIPT = """
import codecs, sys
from pathlib import Path
from generator.pipeline.aidbuild import RenderOptions
from generator.pipeline.build import BuildOptions, build
from generator.paths import PROJECT_ROOT
report = build(BuildOptions(content_dir=PROJECT_ROOT / "content", out_dir=Path(sys.argv[1]), jobs=1,
                            only=("invasion-summary",), render=RenderOptions(paper="a4")))
print([r.status for r in report.results])
if sys.argv[2] == "keep":
    modules = list(sys.modules.values())
    codecs.register(lambda name, _modules=modules: None)
"""


@pytest.mark.parametrize("hold", ["keep", "plain"])
def test_a_process_that_built_an_aid_exits_without_font_clean_up_errors(tmp_path, hold):
    temp = tmp_path / "tmp"
    temp.mkdir()
    env = {**os.environ, "TMPDIR": str(temp), "PLAYAID_CACHE_DIR": str(tmp_path / "cache")}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(tmp_path / "out"), hold],
        cwd=PROJECT_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "['built']"  # it did render (not skipped as unchanged)
    assert "Exception ignored" not in done.stderr, done.stderr
    assert "FontConfiguration" not in done.stderr
    assert sorted(p.name for p in temp.iterdir() if p.name.startswith("weasyprint-")) == []


def test_the_command_line_build_leaves_no_font_folder(tmp_path):
    temp = tmp_path / "tmp"
    temp.mkdir()
    env = {**os.environ, "TMPDIR": str(temp), "PLAYAID_CACHE_DIR": str(tmp_path / "cache")}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "generator",
            "build",
            "invasion-summary",
            "rftg-score-sheet",
            "--jobs",
            "2",
            "--out",
            str(tmp_path / "out"),
        ],
        cwd=PROJECT_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 0, done.stderr
    assert "2 built" in done.stdout
    assert "Exception ignored" not in done.stderr, done.stderr
    assert [p.name for p in temp.iterdir() if p.name.startswith("weasyprint-")] == []
