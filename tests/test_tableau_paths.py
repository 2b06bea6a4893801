"""The tableau mechanism's short cuts for a plain tableau (every card written as printed,
none damaged: looked up and counted by name) give what its card-by-card path gives: Military
(generator/scoring/mechanisms/tableau/military.py `compute_military` with and without ``names``) over the shipped
card database and over a card that mixes fixed powers with a per-card one (no printed card
does), and the 6-cost development and ? world lines (`Tableau._six_dev`), scored through the
CLI's engine with one card written as a mapping (which sends the tableau card by card)."""

from __future__ import annotations

import random

import pytest

from generator.scoring.mechanisms.tableau.cards import Card, CardMatch, MilitaryPower
from generator.scoring.mechanisms.tableau.military import MilitaryIndex, compute_military


def _card(name, type_="world", military=None, powers=()):
    return Card(name=name, set="base", type=type_, cost=1, vp=1, military=military, military_powers=tuple(powers))


def test_plain_short_cut_equals_the_general_path_over_the_shipped_cards(card_database):
    index = card_database.military
    cards = list(card_database.exact.values())
    rng = random.Random(3)
    for _ in range(400):
        active = rng.sample(cards, 12)
        names = [c.name for c in active]
        assert compute_military(active, index, names) == compute_military(active, index, None)


def test_a_card_mixing_fixed_and_per_powers_keeps_its_powers_order():
    mixed = _card(
        "Mixed Base",
        powers=[
            MilitaryPower(military=2, text="+2 Military"),
            MilitaryPower(military=-1, text="-1 Military"),
            MilitaryPower(military=1, per=CardMatch(military=True), text="+1 Military per military world"),
            MilitaryPower(military_vs_xenos=1, text="+1 Military vs. Xenos"),
        ],
    )
    worlds = [_card(f"World {i}", military=True) for i in range(3)]
    active = [mixed, *worlds]
    index = MilitaryIndex(active)
    assert len(index.powers["Mixed Base"]) == 3  # the two fixed powers first make one step
    military, vs_xenos, explain = compute_military(active, index, [c.name for c in active])
    assert (military, vs_xenos) == (2 - 1 + 3, 2 - 1 + 3 + 1)
    assert [(e["vp"], e["why"]) for e in explain] == [
        (2, "+2 Military"),
        (-1, "-1 Military"),
        (3, "+1 Military per military world x3"),
        (1, "+1 Military vs. Xenos (vs. Xenos only)"),
    ]
    assert compute_military(active, index, None) == (military, vs_xenos, explain)


@pytest.fixture(scope="module")
def card_database():
    """The shipped RftG card database as the scoring core holds it (`RftgRules`)."""
    from generator.compile.compile_rules import compiled_rules
    from generator.paths import CONTENT_DIR
    from generator.scoring.mechanisms.tableau.rules import RftgRules

    return RftgRules.from_json(compiled_rules(CONTENT_DIR)["games"]["rftg"])


def test_six_dev_lines_are_the_same_whether_the_tableau_is_plain_or_not():
    from generator.compile.compile_rules import compiled_rules
    from generator.paths import CONTENT_DIR
    from generator.scoring.api import Engine

    rules = compiled_rules(CONTENT_DIR)
    engine = Engine(rules)
    cards = [c["name"] for c in rules["games"]["rftg"]["cards"] if c.get("frontier") is None]
    scorers = [c["name"] for c in rules["games"]["rftg"]["cards"] if c.get("scoring")]
    rng = random.Random(5)
    checked = 0
    for _ in range(150):
        tableau = rng.sample(scorers, 2) + rng.sample(cards, 10)
        player = {"name": "Ann", "tableau": tableau, "chips": 7, "goods": 2, "hand": 1}
        plain = engine.score(
            {
                "game": "rftg",
                "variant": "standard",
                "ended_by": "tableau",
                "players": [player, {"name": "Bo", "tableau": ["Old Earth"]}],
            }
        )
        spelled = dict(player, tableau=[{"card": tableau[0]}, *tableau[1:]])
        general = engine.score(
            {
                "game": "rftg",
                "variant": "standard",
                "ended_by": "tableau",
                "players": [spelled, {"name": "Bo", "tableau": ["Old Earth"]}],
            }
        )
        ann, ann2 = plain["players"][0], general["players"][0]
        assert ann["six_dev_vp"] == ann2["six_dev_vp"]
        assert [e for e in ann["explain"] if e["component"] in scorers] == [
            e for e in ann2["explain"] if e["component"] in scorers
        ]
        checked += ann["six_dev_vp"] > 0
    assert checked > 100  # the scorers scored: the lines compared hold numbers
