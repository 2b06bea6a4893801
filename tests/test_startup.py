"""Start-up: `playaid --help`, `score` and a no-op `build` import neither the renderer nor the
content models (no timed tests here; `make bench` prints the start-up figures)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
HEAVY = ("weasyprint", "jinja2", "reportlab", "pydantic", "pikepdf", "pypdfium2", "rich")

_PROBE = r"""
import json, sys
from generator.cli import main
sys.argv = ["playaid", *json.loads(sys.argv[1])]
try:
    main()
except SystemExit:
    pass
print("\n@@MODULES@@" + json.dumps(sorted(sys.modules)))
"""


def _modules(args: list[str], env_cache: Path, full: bool = False) -> set[str]:
    """The packages (``full``: the modules) a playaid command run with ``args`` imported."""
    import os

    env = {**os.environ, "PLAYAID_CACHE_DIR": str(env_cache)}
    out = subprocess.run(
        [sys.executable, "-c", _PROBE, json.dumps(args)], capture_output=True, text=True, cwd=REPO, env=env
    )
    assert "@@MODULES@@" in out.stdout, out.stderr
    names = set(json.loads(out.stdout.split("@@MODULES@@")[1]))
    return names if full else {m.split(".")[0] for m in names}


def test_help_imports_nothing_heavy(tmp_path):
    loaded = _modules(["--help"], tmp_path)
    assert "click" in loaded
    assert loaded.isdisjoint(HEAVY), sorted(loaded & set(HEAVY))


def test_score_imports_nothing_heavy_once_rules_are_compiled(tmp_path):
    record = str(REPO / "examples" / "rftg-standard.yaml")
    _modules(["score", record, "--plain"], tmp_path)  # compiles the rules into the cache
    loaded = _modules(["score", record, "--plain"], tmp_path)
    # a plain block record is read line by line (reader/plain_yaml), without PyYAML
    assert loaded.isdisjoint(HEAVY + ("yaml",)), sorted(loaded & set(HEAVY + ("yaml",)))
    anchored = tmp_path / "anchored.yaml"
    anchored.write_text(Path(record).read_text(encoding="utf-8").replace("chips: 14", "chips: &c 14"), encoding="utf-8")
    assert "yaml" in _modules(["score", str(anchored), "--plain"], tmp_path)  # libyaml says where the anchor is
    assert loaded.isdisjoint(HEAVY), sorted(loaded & set(HEAVY))
    loaded = _modules(["xia", "npc-roll", "--d20", "12"], tmp_path)
    assert loaded.isdisjoint(HEAVY + ("yaml",)), sorted(loaded & set(HEAVY))


def test_a_command_imports_only_the_scoring_it_uses(tmp_path):
    """An RftG record loads the tableau mechanism, not the campaign; the NPC roll loads neither,
    nor the scoring model (issue 35: each command imports only what it uses)."""
    record = str(REPO / "examples" / "rftg-standard.yaml")
    _modules(["score", record, "--plain"], tmp_path)  # compiles the rules into the cache
    loaded = _modules(["score", record, "--plain"], tmp_path, full=True)
    assert "generator.scoring.mechanisms.tableau" in loaded
    assert "generator.scoring.mechanisms.campaign" not in loaded
    assert "tempfile" not in loaded  # a clean record lists nothing in a batch summary
    loaded = _modules(["xia", "npc-roll", "--d20", "12"], tmp_path, full=True)
    assert "generator.scoring.calculator" in loaded
    assert loaded.isdisjoint(
        {
            "generator.scoring.model",
            "generator.scoring.expressions",
            "generator.scoring.mechanisms.tableau",
            "generator.scoring.mechanisms.campaign",
        }
    )


def test_noop_build_imports_nothing_heavy(tmp_path):
    out = tmp_path / "out"
    content = tmp_path / "content"
    import shutil

    shutil.copytree(REPO / "content" / "xia", content / "xia")
    args = ["build", "xia-solo-round-end", "--content", str(content), "--out", str(out), "--jobs", "1"]
    first = _modules(args, tmp_path)
    assert "weasyprint" in first  # the first build renders
    again = _modules(args, tmp_path)
    assert again.isdisjoint(HEAVY), sorted(again & set(HEAVY))
