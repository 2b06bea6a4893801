"""The RftG card database: counts, known values, and schema errors with file:line."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.content.validate import validate_document
from generator.reader.yaml_io import load_text

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def cards():
    from generator.checks.load import load_content

    game = load_content(REPO / "content").game("rftg")
    return [card for doc in game.of_kind("cards").values() for card in doc.cards]


def test_set_sizes(cards):
    by_set = {s: [c for c in cards if c.set == s] for s in ("base", "xi", "xc")}
    assert [len(v) for v in by_set.values()] == [101, 44, 74]
    assert sum(c.copies for c in by_set["xi"]) == 51  # 5 start worlds + 46 game cards
    assert len([c for c in cards if c.frontier == "near"]) == 18
    assert len([c for c in cards if c.frontier == "far"]) == 28
    assert len([c for c in by_set["xc"] if c.start]) == 6
    assert len([c for c in cards if c.vp == "?"]) == 25


def test_second_edition_values(cards):
    by_name = {c.name: c for c in cards}
    assert (by_name["Black Market Trading World"].cost, by_name["Black Market Trading World"].vp) == (2, 1)
    assert (by_name["Bio-Hazard Mining World"].cost, by_name["Bio-Hazard Mining World"].vp) == (2, 0)
    assert (by_name["Imperium Armaments World"].cost, by_name["Imperium Armaments World"].vp) == (3, 2)
    assert (by_name["Gateway Station"].cost, by_name["Gateway Station"].vp) == (2, 1)
    assert (by_name["Anti-Xeno Armada"].cost, by_name["Anti-Xeno Armada"].vp) == (9, 7)
    assert (by_name["Scorched-Earth Defense"].cost, by_name["Scorched-Earth Defense"].vp) == (1, -1)


def test_scoring_lines_in_printed_order(cards):
    by_name = {c.name: c for c in cards}
    gr = by_name["Galactic Renaissance"].scoring
    assert [(s.vp, s.per_player, s.divide_by) for s in gr[:1]] == [(1, "vp_chips", 3)]
    assert [(s.vp, s.match.name) for s in gr[1:]] == [
        (3, "Research Labs"),
        (3, "Galactic Trendsetters"),
        (3, "Artist Colony"),
    ]
    ie = by_name["Imperium Expansionists"].scoring
    assert [(s.vp, s.match.frontier, s.match.keyword) for s in ie] == [
        (2, "any", None),
        (2, None, "XENO"),
        (1, None, "IMPERIUM"),
    ]
    fi = by_name["Frontier Isolationists"]
    assert (fi.scoring[2].vp, fi.scoring[2].match.ability) == (3, "pay_for_military")
    assert not fi.unverified and not fi.scoring[2].unverified


def doc(card_yaml: str) -> str:
    return "kind: cards\nid: t\ntitle: T\nset: base\nsource: 'arc3: x'\ncards:\n" + card_yaml


@pytest.mark.parametrize(
    "card_yaml, line, text",
    [
        (
            "  - {name: A, set: base, type: development, cost: 1, vp: 1}\n"
            "  - {name: B, set: base, type: development, cost: 2, vp: 1, good: rare}\n",
            8,
            "a development cannot have good",
        ),
        (
            "  - name: C\n    set: base\n    type: development\n    cost: 6\n    vp: '?'\n",
            7,
            "needs its `scoring` lines",
        ),
        (
            "  - name: D\n    set: base\n    type: world\n    military: false\n    cost: 1\n    vp: 1\n"
            "    keywords: [XENOS]\n",
            13,
            "XENO",
        ),
        (
            "  - name: E\n    set: base\n    type: development\n    cost: 6\n    vp: '?'\n    scoring:\n"
            "      - {vp: 2, text: t}\n",
            13,
            "exactly one of `match`",
        ),
    ],
)
def test_card_schema_errors_name_the_line(card_yaml, line, text):
    loc, problems = load_text(doc(card_yaml), "cards.yaml")
    assert problems == []
    model, problems = validate_document(loc)
    assert model is None
    assert any(p.line == line and text in p.message for p in problems), [str(p) for p in problems]
