"""The scoring core runs on the standard library alone (as in Pyodide) and gives the same report
as the command line's process."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

try:  # tests/ may or may not become a package
    from tests.scoring_fixtures import compiled
except ImportError:
    from scoring_fixtures import compiled

REPO = Path(__file__).resolve().parents[1]

# Refuses every import that is neither the standard library nor the scoring core itself.
_ISOLATED = r"""
import importlib, json, pkgutil, sys

class StdlibOnly:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in sys.stdlib_module_names or name in ("generator", "generator.scoring") \
                or name.startswith("generator.scoring."):
            return None
        raise ImportError(f"the scoring core imported {name}")

sys.meta_path.insert(0, StdlibOnly())
import generator.scoring
for module in pkgutil.iter_modules(generator.scoring.__path__):
    importlib.import_module("generator.scoring." + module.name)
from generator.scoring.api import score
rules = json.load(open(sys.argv[1]))
records = json.load(open(sys.argv[2]))
print(json.dumps([score(r, rules) for r in records]))
"""


def test_core_imports_only_the_standard_library_and_scores_the_same(tmp_path):
    from generator.reader.yaml_io import load_file
    from generator.scoring.api import score

    rules = compiled()
    records = [load_file(p)[0].data for p in sorted((REPO / "examples").glob("*.yaml"))]
    records.append({"game": "rftg", "variant": "standard"})  # unreadable: errors, not a crash
    (tmp_path / "rules.json").write_text(json.dumps(rules))
    (tmp_path / "records.json").write_text(json.dumps(records))
    out = subprocess.run(
        [sys.executable, "-c", _ISOLATED, str(tmp_path / "rules.json"), str(tmp_path / "records.json")],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert out.returncode == 0, out.stderr
    isolated = json.loads(out.stdout)
    assert isolated == [score(r, rules) for r in records]
    assert [r["ok"] for r in isolated] == [True] * (len(records) - 1) + [False]
    assert isolated[-1]["errors"][0]["message"] == "missing field 'ended_by'"


def test_npc_roll_errors_are_data_naming_the_input():
    from generator.scoring.api import calculate

    rules = compiled()
    game = next(g for g, r in rules["games"].items() if r["scoring"].get("calculators"))
    calc = rules["games"][game]["scoring"]["calculators"][0]["id"]

    def xia_npc_roll(rules, d20, terms=None):
        return calculate(rules, game, calc, d20, terms)

    assert xia_npc_roll(rules, 12, {"fame_behind": 1, "merchant": 4})["fame"] == 2
    bad = xia_npc_roll(rules, 21)
    assert bad == {
        "ok": False,
        "errors": [
            {
                "path": ["d20"],
                "field": "d20",
                "hint": "",
                "message": "d20: 21 is not a d20 roll (give the number the die shows, 1 to 20)",
            }
        ],
    }
    assert xia_npc_roll(rules, 5, {"merchant": -1})["errors"][0]["path"] == ["merchant"]
