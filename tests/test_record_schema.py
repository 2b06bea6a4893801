"""schema/record.schema.json: current with content, valid JSON Schema, every example validates,
typos are rejected against the right game's fields; and the scoring core's own validator agrees."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from generator.reader.yaml_io import load_file
from generator.records.record_schema_export import record_schema_text
from generator.scoring.record.validate import RecordInvalid, problem_count, validate

try:  # tests/ may or may not become a package
    from tests.scoring_fixtures import pad
except ImportError:
    from scoring_fixtures import pad

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((REPO / "examples").glob("*.yaml"))


@pytest.fixture(scope="module")
def schema():
    return json.loads((REPO / "schema" / "record.schema.json").read_text())


def test_committed_record_schema_is_current(tmp_path, monkeypatch):
    monkeypatch.setenv("PLAYAID_CACHE_DIR", str(tmp_path))
    committed = (REPO / "schema" / "record.schema.json").read_text()
    assert committed == record_schema_text(REPO / "content"), "run `playaid schema` and commit it"


def test_schema_is_valid_json_schema(schema):
    jsonschema.Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_example_validates(schema, path):
    located, problems = load_file(path)
    assert problems == []
    assert list(jsonschema.Draft202012Validator(schema).iter_errors(located.data)) == []


def test_typo_is_reported_against_that_field(schema):
    record = {
        "game": "rftg",
        "variant": "standard",
        "ended_by": "tableau",
        "players": [{"name": "Ann", "tableau": ["Old Earth"], "chipz": 3}],
    }
    errors = list(jsonschema.Draft202012Validator(schema).iter_errors(record))
    assert len(errors) == 1
    assert "'chipz' was unexpected" in errors[0].message
    assert list(errors[0].absolute_path) == ["players", 0]
    # the core's validator says the same, with the field's own path and a suggestion
    ours = validate(pad("rftg").schema, record)
    assert ours == [
        {
            "path": ["players", 0, "chipz"],
            "field": "players[0].chipz",
            "message": "unknown field 'chipz'",
            "hint": "did you mean 'chips'?",
        }
    ]


def test_variants_and_ended_by_come_from_content(schema):
    rftg = schema["allOf"][0]["then"]["properties"]
    assert rftg["variant"]["enum"] == ["standard", "frontier", "invasion", "counterstrike"]
    assert rftg["ended_by"]["enum"] == [
        "vp_pool",
        "tableau",
        "repulse",
        "empire_defeat",
        "conquest_value",
        "all_systems",
    ]


def test_problem_list_is_capped():
    record = {
        "game": "rftg",
        "variant": "standard",
        "ended_by": "tableau",
        "players": [{"name": "Ann", "tableau": ["Old Earth"], **{f"x{i}": 1 for i in range(500)}}],
    }
    problems = validate(pad("rftg").schema, record)
    assert len(problems) == 51
    assert problems[-1]["message"] == "... and 450 more problems"
    # the count travels as data: the summary holds its number, the count adds it up
    assert problems[-1]["more"] == 450 and "more" not in problems[0]
    assert problem_count(problems) == 500
    assert RecordInvalid(problems).count == 500
    one_more = validate(
        pad("rftg").schema,
        {**record, "players": [{"name": "Ann", "tableau": ["Old Earth"], **{f"x{i}": 1 for i in range(51)}}]},
    )
    assert (one_more[-1]["message"], problem_count(one_more)) == ("... and 1 more problem", 51)
