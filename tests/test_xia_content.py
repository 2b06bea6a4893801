"""Xia content: the five aids are declared, and the printed scoring rule agrees with the facts
the calculators read."""

from __future__ import annotations

import pytest

try:  # tests/ may or may not become a package
    from tests.xia_fixtures import copy_xia, load_xia
except ImportError:
    from xia_fixtures import copy_xia, load_xia


@pytest.fixture(scope="module")
def xia(tmp_path_factory):
    return load_xia(copy_xia(tmp_path_factory.mktemp("content")))


def _aids(xia):
    return {aid.id: aid for doc in xia.of_kind("aids").values() for aid in doc.aids}


def test_six_aids(xia):
    aids = _aids(xia)
    assert list(aids) == ["fame-points", "solo-round-end", "rolls-hazards", "economy-kiln-relics",
                          "campaign-log", "solo-campaign"]
    for aid_id in ["fame-points", "solo-round-end", "rolls-hazards", "economy-kiln-relics", "solo-campaign"]:
        assert [f.name for f in aids[aid_id].faces] == ["front", "back"], aid_id


def test_campaign_log_prints_the_rule_the_scorer_uses(xia):
    from generator.content.plan import with_sheet

    log = with_sheet(xia, _aids(xia)["campaign-log"])  # its grid: the scoring model's sheet
    text = " ".join(n.text for n in log.notes)
    assert f"subtract {-xia.fact('campaign_failed_goal_penalty')}" in text
    assert f"has {xia.fact('campaign_goal_count')} goals" in text
    assert [c.id for c in log.grid.columns] == ["ship", "goal", "fame", "npc_fame", "won",
                                                "goal_completed", "upgrade", "game_score",
                                                "campaign_score"]
    assert log.grid.rows[0].repeat >= 12


def test_solo_card_shows_every_roll_band(xia):
    front = _aids(xia)["solo-round-end"].faces[0]
    tables = [b.table for b in front.blocks if hasattr(b, "table")]
    assert tables == ["npc-roll-modifiers", "npc-fame-roll"]
    bands = [r["result"] for r in xia.of_kind("table")["npc-fame-roll"].rows]
    assert bands == ["1-3", "4-14", "15-20", "21-25", "26-30", "31+"]
