"""The scoring core prepares what it can once (card indexes, parsed message templates, per-variant
views) and keeps it across records: a report must depend on its record alone, never on the
records scored before it. `bench/score_dump.py` compares every report of a large corpus byte for
byte before and after a change of the core; this test checks the property that makes that
comparison meaningful, on a slice of the same corpus, plus the message templates' filling."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from generator.scoring.api import Engine
from generator.scoring.template import fill

BENCH = Path(__file__).resolve().parent.parent / "bench"


@pytest.fixture(scope="module")
def corpus():
    sys.path.insert(0, str(BENCH))
    try:
        import score_dump
    finally:
        sys.path.remove(str(BENCH))
    return score_dump.corpus(count=40, seed=5)


def test_a_report_does_not_depend_on_the_records_scored_before_it(corpus):
    records, rules = corpus
    kinds = {label for label, _r in records}
    assert kinds == {"rftg", "rftg-damaged", "xia", "xia-damaged", "skeleton", "skeleton-damaged"}
    forward = [json.dumps(Engine(rules).score(r)) for _label, r in records]
    fresh = Engine(rules)
    backward = [json.dumps(fresh.score(r)) for _label, r in reversed(records)][::-1]
    assert forward == backward
    # the corpus reaches the findings the core's short cuts must keep (not only clean records)
    codes = {f["code"] for report in map(json.loads, forward) for f in report.get("findings", ())}
    assert {
        "unknown_card",
        "damaged_development",
        "frontier_card_not_in_variant",
        "too_many_copies",
        "military_differs",
        "goal-completed-twice",
        "too_many_gems",
    } <= codes


def test_templates_fill_each_time_from_the_values_given():
    template = "{who} scored {vp:+d} ({why}); {missing} stays; {{who}}"
    assert (
        fill(template, {"who": "Ann", "vp": 3, "why": ["a", True, None]})
        == "Ann scored +3 (a, true, none); {missing} stays; {Ann}"
    )
    # the template is parsed once; the values are the second call's own
    assert fill(template, {"who": "Ben", "vp": -2, "why": False}) == "Ben scored -2 (false); {missing} stays; {Ben}"
    assert fill("{vp:+d} and {vp:d}", {"vp": True}) == "true and true"
    assert fill("no placeholder {", {}) == "no placeholder {"
