"""schema/content.schema.json as an editor uses it (checked with the `jsonschema` library): every
real content file is valid, and a typo is reported against its kind's schema, naming the field."""

from __future__ import annotations

import json

import jsonschema
import pytest
from referencing import Registry, Resource

from generator.paths import PROJECT_ROOT
from generator.reader.yaml_io import MAX_CONTENT_BYTES, MAX_CONTENT_VALUES, load_text

SCHEMA_DIR = PROJECT_ROOT / "schema"
CONTENT_FILES = sorted((PROJECT_ROOT / "content").rglob("*.yaml"))


def _load(text: str):
    """A content file's document as the loader reads it; bare dates stay text, as the YAML
    language server hands them to JSON Schema."""
    return load_text(text, "content.yaml", MAX_CONTENT_BYTES, MAX_CONTENT_VALUES)[0].data


@pytest.fixture(scope="module")
def validator():
    """content.schema.json with its sibling files resolvable by their relative names."""
    registry = Registry().with_resources(
        (path.name, Resource.from_contents(json.loads(path.read_text()))) for path in SCHEMA_DIR.glob("*.schema.json")
    )
    schema = json.loads((SCHEMA_DIR / "content.schema.json").read_text())
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema, registry=registry)


def test_there_are_content_files_of_every_kind():
    kinds = {_load(p.read_text())["kind"] for p in CONTENT_FILES}
    assert kinds == {
        "game",
        "rules",
        "table",
        "facts",
        "checks",
        "aids",
        "cards",
        "scoring",
        "verified-cards",
        "vocabulary",
    }


@pytest.mark.parametrize("path", CONTENT_FILES, ids=lambda p: str(p.relative_to(PROJECT_ROOT / "content")))
def test_every_content_file_validates(validator, path):
    errors = [
        f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(_load(path.read_text()))
    ]
    assert errors == []


def _errors(validator, document) -> list[str]:
    return sorted(e.message for e in validator.iter_errors(document))


@pytest.mark.parametrize(
    "file, typo, field, at",
    [
        # a field of the document itself
        ("rftg/game.yaml", ("\nversion:", "\nverison:"), "verison", []),
        # a field of an aid, and of a block (blocks are told apart by their leading key, as the loader does)
        (
            "rftg/aids.yaml",
            ("\n  - id: invasion-summary\n    title:", "\n  - id: invasion-summary\n    titel:"),
            "titel",
            ["aids", 0],
        ),
        ("rftg/aids.yaml", ("sections: [", "sectons: ["), "sectons", ["aids", 0, "faces", 0, "blocks", 0]),
        # a field of a score-sheet line (a line is an id or a mapping)
        (
            "xia/scoring.yaml",
            ("running_total: game_score", "runing_total: game_score"),
            "runing_total",
            ["sheet", "lines", 9],
        ),
    ],
)
def test_a_typo_is_an_error_about_that_field(validator, file, typo, field, at):
    text = (PROJECT_ROOT / "content" / file).read_text()
    assert typo[0] in text
    errors = list(validator.iter_errors(_load(text.replace(typo[0], typo[1], 1))))
    # the document's kind picked one schema: nothing is "not valid under any of the given schemas"
    # at the top or at the typo's own level
    assert not [
        e.message
        for e in errors
        if list(e.absolute_path) in ([], at) and "is not valid under any of the given schemas" in e.message
    ]
    best = jsonschema.exceptions.best_match(errors)
    assert best.message == f"Additional properties are not allowed ('{field}' was unexpected)"
    assert list(best.absolute_path) == at


def test_an_unknown_kind_lists_the_kinds(validator):
    messages = _errors(validator, {"kind": "aid", "id": "x", "aids": []})
    assert messages == [
        "'aid' is not one of ['aids', 'cards', 'checks', 'facts', 'game', 'rules', "
        "'scoring', 'table', 'verified-cards', 'vocabulary']"
    ]
