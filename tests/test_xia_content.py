"""Xia content: the aids are declared, and the printed scoring rule agrees with the facts
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


def test_the_declared_aids(xia):
    aids = _aids(xia)
    cards = [
        "fame-points",
        "solo-setup",
        "solo-turn",
        "solo-round-end",
        "rolls-hazards",
        "economy-kiln-relics",
        "solo-campaign",
    ]
    assert list(aids) == cards[:4] + [
        "rolls-hazards",
        "economy-kiln-relics",
        "campaign-log",
        "solo-campaign",
        "rules-reference",
    ]
    for aid_id in cards:
        assert [f.name for f in aids[aid_id].faces] == ["front", "back"], aid_id


def test_campaign_log_prints_the_rule_the_scorer_uses(xia):
    from generator.compile.plan import with_sheet

    log = with_sheet(xia, _aids(xia)["campaign-log"])  # its grid: the scoring model's sheet
    text = " ".join(n.text for n in log.notes)
    assert f"subtract {-xia.fact('campaign_failed_goal_penalty')}" in text
    assert f"has {xia.fact('campaign_goal_count')} goals" in text
    assert [c.id for c in log.grid.columns] == [
        "ship",
        "ships_upgraded",
        "goal",
        "fame",
        "npc_fame",
        "won",
        "goal_completed",
        "upgrade",
        "game_score",
        "campaign_score",
    ]
    assert log.grid.rows[0].repeat >= 12


def test_solo_card_shows_every_roll_band(xia):
    front = _aids(xia)["solo-round-end"].faces[0]
    tables = [b.table for b in front.blocks if hasattr(b, "table")]
    assert tables == ["npc-roll-modifiers", "npc-fame-roll"]
    bands = [r["result"] for r in xia.of_kind("table")["npc-fame-roll"].rows]
    assert bands == ["1-3", "4-14", "15-20", "21-25", "26-30", "31+"]


def test_an_unknown_ruling_in_only_is_named_with_its_place(tmp_path):
    from generator.errors import ContentError

    root = copy_xia(tmp_path)
    aids = root / "xia" / "aids.yaml"
    text = aids.read_text(encoding="utf-8")
    assert "only: [npc-behind-only]" in text
    aids.write_text(text.replace("only: [npc-behind-only]", "only: [npc-behind-onyl]"), encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_xia(root)
    message = str(err.value)
    assert "aids.yaml" in message and "only" in message
    assert "rules 'xia-solo' has no ruling 'npc-behind-onyl'" in message
    assert "npc-behind-only" in message.split("npc-behind-onyl", 1)[1]  # the ids it may use
