"""The command line behaves as users of ruff, pip and httpie expect: suggestions for a misspelt
command, usage errors exit 2, NO_COLOR and --color, whole command summaries, help without raw
markup and with examples, choices listed where a value is missing, aid names that say which."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from generator.cli import cli
from tests.shipped_content import shipped_games

REPO = Path(__file__).resolve().parents[1]
PLAYAID = str(Path(sys.executable).parent / "playaid")
ESC = "\x1b"


def run(*args, env=None):
    return CliRunner().invoke(cli, list(args), env=env)


def test_a_misspelt_command_suggests_the_closest():
    res = run("biuld")
    assert res.exit_code == 2
    assert "No such command 'biuld'. Did you mean build?" in res.output
    res = run("sore")
    assert "Did you mean score or serve?" in res.output or "Did you mean score?" in res.output
    assert "Did you mean" not in run("zzzzzz").output  # nothing close: click's own message


def test_check_on_a_missing_folder_is_a_usage_error():
    res = run("check", "/nonexistent")
    assert res.exit_code == 2
    assert "Error: Invalid value for CONTENT_DIR: /nonexistent: content folder not found" in res.output


def _all_commands():
    """Every command and sub-command as (path, click command)."""
    ctx = click.Context(cli)
    out = []
    for name in cli.list_commands(ctx):
        command = cli.get_command(ctx, name)
        out.append(((name,), command))
        if isinstance(command, click.Group):
            sub_ctx = click.Context(command)
            out += [((name, sub), command.get_command(sub_ctx, sub)) for sub in command.list_commands(sub_ctx)]
    return out


def test_the_command_lists_show_whole_summaries():
    res = run("--help")
    commands = res.output.split("Commands:")[1]
    assert "..." not in commands
    for (name,), command in [c for c in _all_commands() if len(c[0]) == 1]:
        summary = command.get_short_help_str(limit=10_000)
        assert " ".join(summary.split()) in " ".join(commands.split()), name
    assert "..." not in run("xia", "--help").output.split("Commands:")[1]


@pytest.mark.parametrize("path", [p for p, _c in _all_commands()], ids=" ".join)
def test_help_has_no_raw_markup(path):
    res = run(*path, "--help")
    assert res.exit_code == 0, res.output
    assert "`" not in res.output


@pytest.mark.parametrize(
    "name, example",
    [
        ("score", "playaid score records/ --problems-only"),
        ("build", "playaid build rftg-score-sheet --paper letter"),
        ("check", "playaid check my-content/"),
    ],
)
def test_main_commands_show_examples(name, example):
    out = run(name, "--help").output
    assert "Examples:" in out
    assert example in out  # kept on its own line (not re-wrapped)


def _score_on_a_terminal(env_extra: dict, *options: str) -> str:
    """`playaid [options] score <example>` with its output on a pseudo-terminal."""
    import pty

    master, slave = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    env.update(env_extra, COLUMNS="100", TERM="xterm-256color")
    proc = subprocess.Popen(
        [PLAYAID, *options, "score", str(REPO / "examples" / "rftg-standard.yaml")],
        stdout=slave,
        stderr=slave,
        env=env,
        cwd=REPO,
    )
    os.close(slave)
    chunks = []
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:  # the terminal closed: the process has ended
            break
        if not data:
            break
        chunks.append(data)
    proc.wait(timeout=60)
    os.close(master)
    return b"".join(chunks).decode()


def test_no_color_drops_all_styling_on_a_terminal(tmp_path):
    cache = {"PLAYAID_CACHE_DIR": str(tmp_path)}
    styled = _score_on_a_terminal(cache)
    assert ESC + "[1m" in styled  # bold title and total on a terminal
    for out in (_score_on_a_terminal({**cache, "NO_COLOR": "1"}), _score_on_a_terminal(cache, "--color", "never")):
        assert ESC not in out  # no colour, no bold, no dim
        assert "Winner: " in out and re.search(r"[┃│|]", out)  # still the tables
    # the option beats the environment
    assert ESC in _score_on_a_terminal({**cache, "NO_COLOR": "1"}, "--color", "always")


def test_color_always_styles_a_pipe(tmp_path):
    example = str(REPO / "examples" / "rftg-standard.yaml")
    env = {"PLAYAID_CACHE_DIR": str(tmp_path), "NO_COLOR": None}
    assert ESC not in run("score", example, env=env).output  # a pipe: plain
    assert ESC in run("--color", "always", "score", example, env=env).output
    assert run("--color", "sometimes", "score", example).exit_code == 2


def test_a_missing_ended_by_lists_the_values(tmp_path):
    record = tmp_path / "game.yaml"
    record.write_text(
        "game: rftg\nvariant: invasion\nplayers:\n  - {name: Ann, tableau: [Old Earth], chips: 1, goods: 0, hand: 0}\n"
    )
    res = run("score", str(record), env={"PLAYAID_CACHE_DIR": str(tmp_path / "cache")})
    assert res.exit_code == 2
    assert (
        "ended_by: missing field 'ended_by' (add `ended_by:` here; by variant, one of: standard: "
        "vp_pool, tableau; frontier: vp_pool, tableau; invasion: vp_pool, tableau, repulse, "
        "empire_defeat; counterstrike: vp_pool, conquest_value, all_systems; counterstrike before "
        "repulse: vp_pool, empire_defeat)"
    ) in res.output  # the hint's brackets hold no brackets


def test_an_unknown_aid_lists_full_names_once():
    res = run("build", "score-shet", "--out", "/nonexistent-never-written")
    assert res.exit_code == 2
    known = res.output.split("known: ")[1].split(")")[0].split(", ")
    assert len(known) == len(set(known))
    assert "rftg-score-sheet" in known and "xia-campaign-log" in known
    games = "|".join(map(re.escape, shipped_games()))  # each name is its game's id, a dash, the aid's
    assert all(re.fullmatch(rf"({games})-[a-z0-9-]+", k) for k in known)
    assert "did you mean rftg-score-sheet?" in res.output


def test_a_bare_aid_id_of_two_games_asks_which(tmp_path):
    """Two games that both declare an aid `campaign-log`: the bare id names both, builds neither."""
    import shutil

    from generator.checks.load import load_content
    from generator.compile.plan import plan_aids
    from generator.errors import UsageError

    content = tmp_path / "content"
    shutil.copytree(REPO / "content" / "xia", content / "xia")
    shutil.copytree(REPO / "content" / "xia", content / "xia2")
    game = content / "xia2" / "game.yaml"
    game.write_text(re.sub(r"^id: xia$", "id: xia2", game.read_text(), flags=re.M))
    scoring = content / "xia2" / "scoring.yaml"  # its own record word: two games may not share one
    scoring.write_text(re.sub(r"^record: xia-campaign$", "record: xia2-campaign", scoring.read_text(), flags=re.M))
    loaded = load_content(content)
    with pytest.raises(UsageError) as err:
        plan_aids(loaded, ["campaign-log"])
    assert str(err.value) == (
        "'campaign-log' is an aid of 2 games: xia-campaign-log, xia2-campaign-log; "
        "say which (e.g. playaid build xia-campaign-log), or name each to build "
        "them all"
    )
    both = plan_aids(loaded, ["xia-campaign-log", "xia2-campaign-log"])
    assert [p.key for p in both] == ["xia-campaign-log", "xia2-campaign-log"]
