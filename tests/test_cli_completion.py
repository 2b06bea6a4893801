"""`-V`, and shell completion of aid names for `build` / `watch` (from content, without the renderer
or the content models)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from click.shell_completion import ShellComplete
from click.testing import CliRunner

from generator import __version__
from generator.cli import cli
from generator.commands.completion import aid_names

REPO = Path(__file__).resolve().parents[1]


def test_dash_capital_v_prints_the_version():
    for flag in ("-V", "--version"):
        result = CliRunner().invoke(cli, [flag])
        assert result.exit_code == 0
        assert result.output.splitlines()[0] == f"playaid, version {__version__}"


def _complete(args: list[str], incomplete: str) -> list[tuple[str, str]]:
    items = ShellComplete(cli, {}, "playaid", "_PLAYAID_COMPLETE").get_completions(args, incomplete)
    return [(item.value, item.help) for item in items]


def test_build_and_watch_complete_aid_names_with_their_titles():
    # names as the output files and `playaid list` give them; a short id when only it matches
    assert _complete(["build"], "rftg-sc") == [("rftg-score-sheet", "rftg form: End-game score sheet")]
    assert [value for value, _ in _complete(["build"], "streng")] == ["strength-tables"]
    assert [value for value, _ in _complete(["watch", "--paper", "letter"], "campaign")] == ["campaign-log"]
    everything = [value for value, _ in _complete(["build"], "")]
    assert {"rftg-invasion-summary", "rftg-strength-tables", "xia-fame-points", "xia-campaign-log"} <= set(everything)
    # an aid already on the command line (either name) is not offered again
    assert "rftg-strength-tables" not in [value for value, _ in _complete(["build", "strength-tables"], "")]
    assert "rftg-score-sheet" not in [value for value, _ in _complete(["build", "rftg-score-sheet"], "")]


def test_completion_reads_the_content_folder_given(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(REPO / "content" / "xia", content / "xia")
    names = [value for value, _ in _complete(["build", "--content", str(content)], "")]
    assert "xia-campaign-log" in names and "rftg-score-sheet" not in names


def test_an_id_two_games_share_completes_as_game_and_id(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(REPO / "content", content)
    aids = content / "xia" / "aids.yaml"
    aids.write_text(aids.read_text().replace("  - id: campaign-log", "  - id: score-sheet"))
    shorts = {name: short for name, _, short in aid_names(content)}
    assert shorts["rftg-score-sheet"] is None and shorts["xia-score-sheet"] is None  # shared id: no short name
    assert shorts["rftg-invasion-summary"] == "invasion-summary"


def test_aids_in_a_yml_file_complete_as_the_loader_reads_them(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(REPO / "content" / "xia", content / "xia")
    (content / "xia" / "aids.yaml").rename(content / "xia" / "aids.yml")
    assert "xia-campaign-log" in [name for name, _, _ in aid_names(content)]


def test_completion_loads_neither_renderer_nor_models():
    probe = (
        "import sys, json\nfrom generator.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('@@' + json.dumps(sorted({m.split('.')[0] for m in sys.modules})))"
    )
    env = {**os.environ, "_PLAYAID_COMPLETE": "bash_complete", "COMP_WORDS": "playaid build inv", "COMP_CWORD": "2"}
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=REPO, env=env)
    completions, _, modules = out.stdout.partition("@@")
    assert "plain,invasion-summary" in completions.splitlines()  # only the short name matches "inv"
    loaded = set(json.loads(modules))
    assert loaded.isdisjoint({"weasyprint", "pydantic", "reportlab", "pikepdf", "jinja2", "rich"}), loaded
