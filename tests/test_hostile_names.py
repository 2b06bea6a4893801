"""Names a contributor or a user hands playaid, in the small places issue 22 found: an icon
file in game.yaml is checked by `check` as `build` fetches it; a record's file name that is not
UTF-8 still gives valid UTF-8 output (text and --json)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import cli
from generator.paths import PROJECT_ROOT
from tests.demo_content import BASE_GAME, RULEBOOK

FACTS = """\
kind: facts
id: numbers
facts:
  hand_size:
    type: integer
    source: "rb: Setup"
    value: 3
"""


@pytest.fixture
def demo(tmp_path, monkeypatch) -> Path:
    game = tmp_path / "content" / "demo"
    game.mkdir(parents=True)
    (game / "facts.yaml").write_text(FACTS)
    (tmp_path / "seeds").mkdir()
    (tmp_path / "seeds" / "demo-rules.txt").write_text(RULEBOOK)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PLAYAID_SEEDS", str(tmp_path / "seeds"))
    return game


def test_check_refuses_the_icon_files_build_refuses(demo):
    # each was accepted by check (the file exists) and refused by build's asset fetcher
    icons = {
        "ok": "alien.svg",
        "font": "../fonts/DejaVuSansCondensed.ttf",
        "passwd": "/etc/passwd",
        "up": "../../../../../../etc/passwd",
        "quoted": "%2e%2e/alien.svg",
        "png": "alien.png",
        "missing": "nowhere.svg",
    }
    (demo / "game.yaml").write_text(
        BASE_GAME + "icons:\n" + "".join(f"  {k}: {json.dumps(v)}\n" for k, v in icons.items())
    )
    result = CliRunner().invoke(cli, ["check", "content"])
    assert result.exit_code == 1, result.output
    lines = result.output.splitlines()[:-1]
    not_inside = (
        "is not a file name inside templates/assets/icons (name one of the SVG files in "
        "templates/assets/icons, e.g. xeno.svg)"
    )
    assert lines == [
        f"content/demo/game.yaml:12:9: icons.font: icon file '../fonts/DejaVuSansCondensed.ttf' {not_inside}",
        f"content/demo/game.yaml:13:11: icons.passwd: icon file '/etc/passwd' {not_inside}",
        f"content/demo/game.yaml:14:7: icons.up: icon file '../../../../../../etc/passwd' {not_inside}",
        f"content/demo/game.yaml:15:11: icons.quoted: icon file '%2e%2e/alien.svg' {not_inside}",
        "content/demo/game.yaml:16:8: icons.png: icon file 'alien.png' is not an SVG file (draw the icon "
        "as SVG in templates/assets/icons)",
        "content/demo/game.yaml:17:12: icons.missing: icon file 'nowhere.svg' not found in "
        "templates/assets/icons (draw it or fix the file name)",
    ]


@pytest.mark.skipif(sys.platform == "darwin", reason="macOS refuses file names that are not UTF-8")
def test_a_record_name_that_is_not_utf8_gives_valid_utf8_output(tmp_path):
    folder = tmp_path / "records"
    folder.mkdir()
    name = os.fsdecode(b"caf\xe9.yaml")  # a Latin-1 name, as an old USB stick holds
    shutil.copy(PROJECT_ROOT / "examples" / "rftg-standard.yaml", folder / name)
    env = {**os.environ, "PLAYAID_CACHE_DIR": str(tmp_path / "cache")}
    for args in (["--json"], ["--plain"]):
        done = subprocess.run(
            [sys.executable, "-m", "generator", "score", str(folder), *args],
            cwd=PROJECT_ROOT,
            capture_output=True,
            env=env,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        text = done.stdout.decode("utf-8")  # raised UnicodeDecodeError: the raw byte 0xE9
        if args == ["--json"]:
            assert json.loads(text)["record"] == str(folder / "caf?.yaml")
