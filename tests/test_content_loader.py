"""Loader checks beyond the schema: duplicate facts across files, icon tokens, the committed
JSON Schema, and YAML problems reported with their lines."""

from __future__ import annotations

import json
import shutil

from click.testing import CliRunner

from generator.checks.sources import find_seeds_dir
from generator.cli import cli
from generator.content.schema_export import export_schemas
from generator.paths import PROJECT_ROOT
from generator.reader.yaml_io import load_text

CONTENT = PROJECT_ROOT / "content"
SEEDS = find_seeds_dir(CONTENT)  # None on a fresh clone without the seeds: headings not verified


def _check(path, monkeypatch):
    if SEEDS is None:
        monkeypatch.delenv("PLAYAID_SEEDS", raising=False)
    else:
        monkeypatch.setenv("PLAYAID_SEEDS", str(SEEDS))
    return CliRunner().invoke(cli, ["check", str(path)])


def test_a_fact_defined_twice_names_both_places(tmp_path, monkeypatch):
    content = tmp_path / "content"
    shutil.copytree(CONTENT, content)
    (content / "rftg" / "facts-zz.yaml").write_text(
        'kind: facts\nid: zz\nfacts:\n  invasion_wave_sizes:\n    value: 3\n    type: integer\n'
        '    source: "xi: Setup"\n'
    )
    result = _check(content, monkeypatch)
    assert result.exit_code == 1
    assert "facts.invasion_wave_sizes: fact 'invasion_wave_sizes' is already defined in" in result.output
    assert "facts-zz.yaml:4" in result.output


def test_unknown_icon_token_is_located(tmp_path, monkeypatch):
    content = tmp_path / "content"
    shutil.copytree(CONTENT, content)
    rules = content / "rftg" / "rules" / "frontier-summary.yaml"
    text = rules.read_text()
    rules.write_text(text.replace("Each deck has its own discard pile.", "Each deck [foo] has a pile."))
    line = next(i for i, ln in enumerate(text.splitlines(), 1) if "Each deck has its own discard pile." in ln)
    result = _check(content, monkeypatch)
    assert result.exit_code == 1
    assert f"frontier-summary.yaml:{line}:" in result.output
    assert "unknown icon token [foo]" in result.output


def test_committed_json_schema_is_current(tmp_path):
    for path in export_schemas(tmp_path):
        committed = PROJECT_ROOT / "schema" / path.name
        assert committed.is_file(), f"run `playaid schema` and commit {committed.name}"
        assert json.loads(committed.read_text()) == json.loads(path.read_text()), committed.name
    rules = json.loads((tmp_path / "rules.schema.json").read_text())
    assert rules["additionalProperties"] is False
    assert "sections" in rules["properties"]


def test_yaml_tabs_and_syntax_errors_have_lines():
    _, problems = load_text("kind: rules\nid: x\n\tsections: []\n", "bad.yaml")
    assert [str(p) for p in problems][0].startswith("bad.yaml:3:")
    _, problems = load_text("a: [1, 2\nb: 3\n", "bad.yaml")
    assert problems[0].line >= 2 and "YAML syntax error" in problems[0].message


def test_dates_stay_text_and_game_date_is_checked(tmp_path):
    from generator.content.validate import validate_document

    located, problems = load_text("kind: game\nid: g\ntitle: G\nversion: '1'\ndate: 2026-13-45\n", "game.yaml")
    assert problems == [] and located.data["date"] == "2026-13-45"
    model, found = validate_document(located)
    assert model is None and [(p.line, p.field) for p in found] == [(5, "date")]
