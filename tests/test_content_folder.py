"""Which content a command reads: ``--content DIR``, else ``$PLAYAID_CONTENT``, else ``./content``,
else the games shipped with playaid; a user's folder replaces the shipped games. `playaid -V`
names playaid's version, the default content folder and each game's ``version:``."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from click.testing import CliRunner

from generator import __version__
from generator.cli import cli
from generator.paths import CONTENT_DIR, default_content_dir, user_content_dir
from tests.shipped_content import shipped_games, shipped_versions


def test_default_content_is_env_then_local_then_shipped(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PLAYAID_CONTENT", raising=False)
    assert default_content_dir() == CONTENT_DIR
    assert user_content_dir() == Path("content")  # `new` never writes into the shipped games
    (tmp_path / "content").mkdir()
    assert default_content_dir() == Path("content")
    monkeypatch.setenv("PLAYAID_CONTENT", str(tmp_path / "mine"))
    assert default_content_dir() == tmp_path / "mine"
    assert user_content_dir() == tmp_path / "mine"


def test_version_names_the_shipped_games_and_their_versions(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner(env={"PLAYAID_CONTENT": None}).invoke(cli, ["-V"])
    assert result.exit_code == 0
    assert {"rftg", "xia"} <= set(shipped_games())
    assert result.output == (
        f"playaid, version {__version__}\n"
        f"content: {shipped_versions()} (the games shipped with playaid: {CONTENT_DIR})\n"
    )


def test_a_users_folder_replaces_the_shipped_games(tmp_path, monkeypatch):
    """A copy of Xia alone, named by PLAYAID_CONTENT: -V and `list` see only it."""
    mine = tmp_path / "mine"
    shutil.copytree(CONTENT_DIR / "xia", mine / "xia")
    game = mine / "xia" / "game.yaml"
    game.write_text(
        re.sub(r'^version: ".+"$', 'version: "7.0-mine"', game.read_text(encoding="utf-8"), flags=re.M),
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    runner = CliRunner(env={"PLAYAID_CONTENT": str(mine)})
    result = runner.invoke(cli, ["-V"])
    assert result.output.splitlines()[1] == f"content: xia 7.0-mine (from $PLAYAID_CONTENT: {mine})"
    listed = runner.invoke(cli, ["list"])
    assert listed.exit_code == 0, listed.output
    names = [line.split()[0] for line in listed.output.splitlines()]
    assert names and all(name.startswith("xia-") for name in names)
    # --content wins over the variable
    both = runner.invoke(cli, ["list", "--json", "--content", str(CONTENT_DIR)])
    assert {"rftg", "xia"} <= set(shipped_games())
    assert {aid["game"] for aid in json.loads(both.output)} == set(shipped_games())


def test_a_missing_content_folder_from_the_variable_is_named(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner(env={"PLAYAID_CONTENT": str(tmp_path / "nowhere")})
    assert runner.invoke(cli, ["-V"]).output.splitlines()[1] == (
        f"content: folder not found (from $PLAYAID_CONTENT: {tmp_path / 'nowhere'})"
    )
    listed = runner.invoke(cli, ["list"])
    assert listed.exit_code == 2  # a usage error, as in check (the new-user trial)
    assert "nowhere" in listed.output and "content folder not found" in listed.output


def test_help_says_a_users_folder_replaces_the_shipped_games():
    for args in (["--help"], ["build", "--help"], ["list", "--help"], ["score", "--help"], ["web", "--help"]):
        text = " ".join(CliRunner().invoke(cli, args).output.split())
        assert "PLAYAID_CONTENT" in text, args
        assert "not merged with them" in text, args
