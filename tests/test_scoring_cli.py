"""`playaid score`: exit codes, JSON shape, readable errors, example records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import cli
from generator.scoring.report import render_text
from generator.scoring.records import parse_rftg_record
from generator.scoring.rftg import load_rules, score_record

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((REPO / "examples").glob("rftg-*.yaml"))


@pytest.fixture(scope="module")
def rules():
    return load_rules(REPO / "content")


@pytest.fixture
def run(monkeypatch):
    monkeypatch.chdir(REPO)
    runner = CliRunner()

    def go(*args):
        return runner.invoke(cli, ["score", *map(str, args), "--content", str(REPO / "content")])
    return go


def test_examples_one_per_variant():
    variants = {p.stem.removeprefix("rftg-") for p in EXAMPLES}
    assert variants == {"standard", "frontier", "invasion", "counterstrike"}


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_examples_score_clean(path, rules):
    # every example's claimed totals match and it has no error or warning findings
    from generator.content.yaml_io import load_file
    loc, problems = load_file(path)
    assert problems == []
    report = score_record(parse_rftg_record(loc), rules)
    assert [f for f in report.findings if f.severity in ("error", "warning")] == []
    assert all(p.claimed_total == p.total for p in report.players)


def test_json_output_and_exit_0(run):
    res = run(REPO / "examples" / "rftg-invasion.yaml", "--json")
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert set(data) == {"variant", "players", "winners", "findings"}
    ann = data["players"][0]
    assert set(ann) == {"name", "total", "rank", "cards_vp", "six_dev_vp", "chips_vp",
                        "war_contribution_vp", "defense_awards_vp", "bonus_vp", "bonuses",
                        "galactic_renaissance_chips", "claimed_total", "explain"}
    assert (ann["name"], ann["total"], ann["six_dev_vp"], ann["galactic_renaissance_chips"]) == ("Ann", 39, 10, 12)
    assert data["winners"] == ["Ann"]


def test_error_findings_exit_1(run, tmp_path):
    rec = tmp_path / "game.yaml"
    rec.write_text("game: rftg\nvariant: standard\nended_by: tableau\nplayers:\n"
                   "  - name: Ann\n    tableau: [Old Earth]\n    chips: 3\n    claimed_total: 9\n")
    res = run(rec)
    assert res.exit_code == 1, res.output
    assert "claimed 9 but the cards and chips give 5" in res.output
    assert "Ann: 5 VP" in res.output


def test_unreadable_record_exit_2(run, tmp_path):
    rec = tmp_path / "bad.yaml"
    rec.write_text("game: rftg\nvariant: standard\nended_by: tableau\nplayers:\n"
                   "  - name: Ann\n    tableau: [Old Earth]\n    chipz: 3\n")
    res = run(rec)
    assert res.exit_code == 2
    assert "bad.yaml:7:5: players[0].chipz: unknown field 'chipz' (did you mean 'chips'?)" in res.output
    assert "Traceback" not in res.output
    rec.write_text("game: rftg\nplayers: [\n")
    res = run(rec)
    assert res.exit_code == 2 and "bad.yaml:" in res.output and "YAML syntax error" in res.output
    rec.write_text("game: chess\n")
    res = run(rec)
    assert res.exit_code == 2 and "no scorer for game 'chess'" in res.output


def test_json_record_accepted(run, tmp_path):
    rec = tmp_path / "game.json"
    rec.write_text(json.dumps({"game": "rftg", "variant": "standard", "ended_by": "tableau",
                               "players": [{"name": "A", "tableau": ["Old Earth"], "chips": 1}]}))
    res = run(rec, "--json")
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["players"][0]["total"] == 3


def test_rich_table_fits_narrow_terminal(rules):
    from generator.content.yaml_io import load_file
    loc, _ = load_file(REPO / "examples" / "rftg-counterstrike.yaml")
    report = score_record(parse_rftg_record(loc), rules)
    text = render_text(report, rich=True, width=40)
    import re
    plain = re.sub(r"\x1b\[[0-9;]*m", "", text)
    assert max(len(line) for line in plain.splitlines()) <= 40
    assert "Winner: Ben" in plain
    plain_text = render_text(report, rich=False)
    assert "Ben: 80 VP (rank 1)" in plain_text
