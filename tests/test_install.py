"""playaid outside its checkout, as a new user gets it: the wheel (built as `make dist` builds it,
from the sdist) installed with pipx into a clean folder, and every command run from an empty folder
on the shipped games and on a content folder of the user's own.

One test, in order, because each step needs the install (a few minutes: the wheel is built in an
isolated environment and pipx installs the dependencies, from pip's cache when it has them).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pypdfium2

from generator import __version__
from generator.checks.sources import find_seeds_dir
from generator.compile.compile_rules import compiled_rules
from generator.paths import CONTENT_DIR
from tests.shipped_content import shipped_games, shipped_versions

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))
import dist  # noqa: E402  (tools/dist.py: what `make dist` runs)

SEEDS = find_seeds_dir(REPO / "content")
A4_PT = (595.28, 841.89)


def _files(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if not p.is_dir()}


def test_wheel_installed_with_pipx_works_from_an_empty_folder(tmp_path):
    # the wheel, as `make dist` makes it (sdist first, the wheel from the sdist)
    made = dist.build_python(tmp_path, dist.source_date_epoch())
    wheel = next(p for p in made if p.suffix == ".whl")
    assert wheel.name == f"playaid-{__version__}-py3-none-any.whl"

    home = tmp_path / "home"
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("PLAYAID_", "PYTHON", "VIRTUAL_ENV", "PIPX_"))
    }
    env.update(
        PIPX_HOME=str(home / "pipx"),
        PIPX_BIN_DIR=str(home / "bin"),
        PIPX_MAN_DIR=str(home / "man"),
        XDG_CACHE_HOME=str(home / "cache"),
        PATH=f"{home / 'bin'}{os.pathsep}{env['PATH']}",
    )
    installed = subprocess.run(
        [sys.executable, "-m", "pipx", "install", str(wheel)], env=env, capture_output=True, text=True, cwd=tmp_path
    )
    assert installed.returncode == 0, installed.stdout + installed.stderr
    playaid = home / "bin" / "playaid"
    venv = home / "pipx" / "venvs" / "playaid"
    shipped = next(venv.glob("lib/python3*/site-packages/generator/shipped"))
    # the content guides `playaid new` points at ship inside the package
    assert {p.name for p in (shipped / "docs").glob("*.md")} >= {"new-game.md", "content-format.md", "scoring-model.md"}
    before = _files(venv)

    def run(folder: Path, *args: str, code: int = 0, **extra: str) -> subprocess.CompletedProcess:
        folder.mkdir(parents=True, exist_ok=True)
        result = subprocess.run([str(playaid), *args], cwd=folder, env={**env, **extra}, capture_output=True, text=True)
        assert result.returncode == code, f"playaid {' '.join(args)}: {result.stdout}{result.stderr}"
        return result

    empty = tmp_path / "empty"
    # -V: playaid's version and the shipped games' versions, read inside the installed package
    versions = run(empty, "-V").stdout.splitlines()
    assert versions[0] == f"playaid, version {__version__}"
    # the shipped games, counted from the folder (a contributor's new game is one of them)
    assert {"rftg", "xia"} <= set(shipped_games())
    assert versions[1] == f"content: {shipped_versions()} (the games shipped with playaid: {shipped / 'content'})"

    # list: the aids the shipped content declares, as in the checkout
    listed = run(empty, "list", "--json").stdout
    ours = subprocess.run(
        [sys.executable, "-m", "generator", "list", "--json", "--content", str(CONTENT_DIR)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert json.loads(listed) == json.loads(ours)
    assert "rftg-invasion-summary" in {aid["key"] for aid in json.loads(listed)}

    # check: no rulebook texts here, and the summary says so; --strict makes it an error
    checked = run(empty, "check")
    lines = checked.stdout.splitlines()
    assert [line.split(":")[0] for line in lines] == shipped_games()
    assert all(
        re.search(
            r"; 0 values verified against rulebook text, [1-9]\d* unverified "
            r"\(rulebook text not found\)$",
            line,
        )
        for line in lines
    ), lines
    run(empty, "check", "--strict", code=1)
    if SEEDS is not None:
        strict = run(empty, "check", "--strict", PLAYAID_SEEDS=str(SEEDS))
        assert all(line.endswith(", 0 unverified") for line in strict.stdout.splitlines()), strict.stdout

    # build: one shipped aid into ./output of the empty folder, an A4 PDF with its text
    run(empty, "build", "rftg-invasion-summary", "--quiet")
    pdf = empty / "output" / "a4" / "rftg-invasion-summary.pdf"
    document = pypdfium2.PdfDocument(str(pdf))
    width, height = document[0].get_size()
    assert (round(width, 1), round(height, 1)) == (round(A4_PT[0], 1), round(A4_PT[1], 1))
    assert "Invasion Game Summary" in document[0].get_textpage().get_text_range()
    document.close()

    # score: the example record, the same report as the checkout's scorer gives
    record = empty / "game.yaml"
    shutil.copyfile(REPO / "examples" / "rftg-invasion.yaml", record)
    report = json.loads(run(empty, "score", "game.yaml", "--json").stdout)
    ours = subprocess.run(
        [sys.executable, "-m", "generator", "score", "game.yaml", "--json", "--content", str(CONTENT_DIR)],
        capture_output=True,
        text=True,
        cwd=empty,
        env={**env, "PYTHONPATH": str(REPO)},
    )
    assert report == json.loads(ours.stdout)
    assert report["ok"] is True and not report["findings"]  # every claimed total agrees
    assert {p["name"]: p["total"] for p in report["players"]}["Ann"] == 34
    assert "Ann" in run(empty, "score", "game.yaml").stdout

    # web: the phone scorer's site, with the pinned Pyodide the package carries
    run(empty, "web")
    site = empty / "output" / "web"
    assert {"index.html", "sw.js", "manifest.webmanifest", "data/engine.json"} <= _files(site)
    wasm = REPO / "node_modules" / "pyodide" / "pyodide.asm.wasm"
    assert (site / "pyodide" / "pyodide.asm.wasm").read_bytes() == wasm.read_bytes()
    engine = json.loads((site / "data" / "engine.json").read_text())
    assert engine["rules"] == json.loads(json.dumps(compiled_rules(CONTENT_DIR)))
    # a case per game with a shipped example (a game added with one adds a case)
    assert {"rftg", "xia-campaign"} <= {case["record"]["game"] for case in engine["selftest"]}

    # a content folder of the user's own (a copy of Xia, retitled) replaces the shipped games
    mine = tmp_path / "own" / "mine"
    shutil.copytree(shipped / "content" / "xia", mine / "xia")
    game = mine / "xia" / "game.yaml"
    game.write_text(game.read_text().replace('title: "Xia: Embers of a Forsaken Star"', 'title: "Xia at our table"'))
    own = tmp_path / "own"
    listed = run(own, "list", "--content", "mine").stdout.splitlines()
    assert listed and all(line.startswith("xia-") for line in listed)
    assert (
        run(own, "-V", PLAYAID_CONTENT="mine").stdout.splitlines()[1].startswith("content: xia ")
        and "from $PLAYAID_CONTENT: mine" in run(own, "-V", PLAYAID_CONTENT="mine").stdout
    )
    run(own, "build", "xia-fame-points", "--quiet", PLAYAID_CONTENT="mine")
    built = pypdfium2.PdfDocument(str(own / "output" / "a4" / "xia-fame-points.pdf"))
    text = "".join(page.get_textpage().get_text_range() for page in built)
    assert "XIA AT OUR TABLE" in text  # the card's heading, in capitals
    built.close()
    missing = run(own, "build", "rftg-invasion-summary", code=2, PLAYAID_CONTENT="mine")
    assert "rftg-invasion-summary" in missing.stderr

    # new: a game of the user's own, written into ./content of an empty folder (not into the
    # installed package), then checked, built and scored from there
    fresh = tmp_path / "fresh"
    run(fresh, "new", "gem-market")
    assert (fresh / "content" / "gem-market" / "scoring.yaml").is_file()
    assert "gem-market: ok" in run(fresh, "check").stdout
    run(fresh, "build", "gem-market-score-sheet", "--quiet")
    assert (fresh / "output" / "a4" / "gem-market-score-sheet.pdf").is_file()
    scored = json.loads(run(fresh, "score", "examples/gem-market.yaml", "--json").stdout)
    assert [p["total"] for p in scored["players"]] == [17, 14, 11]

    # nothing was written inside the installed package
    assert _files(venv) - before == set() or all("__pycache__" in f for f in _files(venv) - before), sorted(
        _files(venv) - before
    )
