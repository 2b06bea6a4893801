"""What a new-user trial of the command line found (issues 17/19/22: bad input gets a clear
error; build what a user would expect): one exit code for a content folder that is not there,
`--content` before the command too, and Ctrl-C while playaid is still starting."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import cli

REPO = Path(__file__).resolve().parents[1]
PLAYAID = str(Path(sys.executable).parent / "playaid")
MISSING = "/nonexistent-playaid-content"


def run(*args, env=None):
    return CliRunner().invoke(cli, list(args), env=env)


@pytest.mark.parametrize("args", [
    ("list", "--content", MISSING),
    ("score", "--content", MISSING, "examples/gem.yaml"),
    ("check", MISSING),
    ("--content", MISSING, "check"),
    ("--content", MISSING, "list"),
    ("build", "--content", MISSING),
    ("watch", "--content", MISSING),
    ("web", "--content", MISSING),
    ("rules", "--content", MISSING, "repulse"),
    ("schema", "--content", MISSING),
    ("xia", "npc-roll", "--d20", "3", "--content", MISSING),
])
def test_a_content_folder_that_is_not_there_is_a_usage_error_in_every_command(args):
    res = run(*args)
    assert res.exit_code == 2, res.output
    assert f"{MISSING}: content folder not found (pass the folder that holds one sub-folder per game)" \
        in res.output
    assert "Traceback" not in res.output and "internal error" not in res.output


def test_a_content_folder_from_the_environment_says_so():
    res = run("list", env={"PLAYAID_CONTENT": MISSING})
    assert res.exit_code == 2
    assert f"Error: Invalid value for '--content': {MISSING} (from $PLAYAID_CONTENT): content folder not found" \
        in res.output


def test_score_json_says_a_missing_content_folder_in_json():
    import json

    res = run("score", "--json", "--content", MISSING, "x.yaml")
    assert res.exit_code == 2
    report = json.loads(res.output)
    assert report["ok"] is False
    assert f"{MISSING}: content folder not found" in report["errors"][0]["message"]


def test_content_before_the_command_is_read_by_it(tmp_path):
    from generator.paths import CONTENT_DIR

    mine = tmp_path / "mine"
    import shutil

    shutil.copytree(CONTENT_DIR / "xia", mine / "xia")
    res = run("--content", str(mine), "list", "--json")
    assert res.exit_code == 0, res.output
    import json

    assert {aid["game"] for aid in json.loads(res.output)} == {"xia"}
    # the command's own --content wins over the group's
    res = run("--content", MISSING, "list", "--json", "--content", str(mine))
    assert res.exit_code == 0, res.output
    res = run("--content", str(mine), "check")
    assert res.exit_code == 0, res.output
    assert res.output.startswith("xia: ok") or "\nxia: ok" in res.output
    res = run("--content", str(mine), "-V")
    assert f"(your content folder: {mine})" in res.output


def test_exit_codes_are_in_the_help():
    text = run("--help").output
    assert "Exit codes: 0 ok; 1 invalid content, a failed aid or error findings; 2 a usage" in text
    assert "130 interrupted (Ctrl-C)" in text


#: Sends Ctrl-C to this process when a module is first imported, then runs the console script:
#: an interrupt that lands deterministically while playaid is still loading.
_INTERRUPT_ON_IMPORT = """
import os, signal, sys
MODULE = sys.argv[1]
class Hook:
    def find_spec(self, name, path=None, target=None):
        if name == MODULE:
            sys.meta_path.remove(self)
            os.kill(os.getpid(), signal.SIGINT)
        return None
sys.meta_path.insert(0, Hook())
sys.argv = ["playaid"] + sys.argv[2:]
from generator.console import main
sys.exit(main())
"""


@pytest.mark.parametrize("module, command", [
    ("click", ["web", "--out", "site"]),                      # loading the command line
    ("generator.commands", ["serve", "site"]),
    ("generator.commands.build", ["watch", "--out", "out"]),  # loading the command's module
    ("generator.web.site", ["web", "--out", "site"]),         # the command's own imports
])
def test_ctrl_c_while_starting_exits_130_without_a_traceback(tmp_path, module, command):
    proc = subprocess.run([sys.executable, "-c", _INTERRUPT_ON_IMPORT, module, *command], cwd=tmp_path,
                          capture_output=True, text=True, timeout=300, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode == 130, (proc.returncode, proc.stderr)
    assert proc.stderr in ("", "interrupted\n"), proc.stderr
