"""The Xia solo game on its aids, read back from the built PDFs: set-up, the round with the System
Expanse, how each NPC moves and scores, the solo bounty, missions that target players (Xia
rulebook, "Solo Rules"; section in a comment by each assertion)."""

from __future__ import annotations

import pytest

from generator.paths import PROJECT_ROOT
from generator.pipeline.aidbuild import RenderOptions
from generator.pipeline.build import BuildOptions, build
from tests.render_helpers import text

SOLO = ("solo-setup", "solo-turn", "solo-round-end", "rules-reference")


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    out = tmp_path_factory.mktemp("solo")
    names = {aid: f"xia-{aid}" for aid in SOLO}
    report = build(BuildOptions(content_dir=PROJECT_ROOT / "content", out_dir=out, jobs=1,
                                only=tuple(names.values()), render=RenderOptions(paper="a4", mode="print-shop")))
    assert report.ok, [r.error for r in report.results if r.error]
    return {aid: text(out / "print-shop-a4" / f"{name}.pdf") for aid, name in names.items()}


def test_setup_card_removes_the_titles_and_events_and_sets_the_credits(printed):
    card = printed["solo-setup"]
    # xia: Solo Setup
    assert "at least 2 spawn points and at least 4 sectors" in card
    assert "Remove the Titles Avenger, Generous, Heroic and Benefactor" in card
    assert "Remove the Events Fesko Grand Prix and Change of Heart" in card
    assert "Starting credits: 4,000; Hard mode 2,000; Easy mode 6,000" in card
    # xia: NPC Difficulty Level: Normal flips to side B past half the Fame Points
    assert "then side B (a 15 Fame Point game flips at 8)" in card


def test_setup_card_says_how_each_npc_moves_and_the_solo_bounty(printed):
    card = printed["solo-setup"]
    # xia: "Move to Target"
    assert "Scoundrel Attacks with blasters, so it moves to a space next to its target." in card
    assert "Enforcer Attacks with missiles, so it moves to within missile range of its target." in card
    assert "Using Occupied Spaces" in card
    # xia: Bounty, Bounty for Attacking
    assert "Each entry to an outlaw planet through its planetary entrance adds 1,000 credits" in card
    assert "puts +1,000 credits bounty on the attacker" in card


def test_turn_card_orders_the_round_with_the_system_expanse(printed):
    card = printed["solo-turn"]
    # xia: System Expanse (after your turn, before the NPCs), its four steps in order
    steps = ["1. Your turn.", "2. System Expanse", "3. The Sellsword", "4. Each NPC takes its turn",
             "5. Solo round end", "6. Resolve the events"]
    at = [card.index(s) for s in steps]
    assert at == sorted(at)
    expanse = ["touching the most sectors (or tied for the most)", "Pick one of its edge symbols",
               "Reveal a new sector and place it matching that edge symbol",
               "a newly spawned NPC takes its turn normally"]
    at = [card.index(s) for s in expanse]
    assert at == sorted(at)
    # xia: Event Cards: the player's own event draw, where a solo player plays from
    assert "pink Event space of the Fame Point Track? Draw an Event Card in your Status Phase" in card


def test_turn_card_states_npc_scoring_and_mission_targets(printed):
    card = printed["solo-turn"]
    # xia: NPC Bonus Fame Points for Destroying the Player
    assert "1, 2 or 3 Fame Points for your Tier 1, 2 or 3 ship" in card
    # xia: Solo Round End: +2 per 1,000 credits collected
    assert "+2 per 1,000 credits" in card
    # xia: Missions That Target Players
    assert "Never you, the Sellsword or the Space Station." in card
    assert "the second player left or right cannot be completed" in card
    # xia: Order of Resolution, Doubled Actions
    assert "if a step is impossible use its alternative" in card
    assert "you may re-arm shields between them" in card


def test_sellsword_order_ruling_is_printed_with_its_reason(printed):
    # both "immediately after the player's turn" (xia: Sellsword, System Expanse): our ruling
    assert "The System Expanse, then the Sellsword, then the other NPCs." in printed["rules-reference"]
    assert "(our ruling: after the System Expanse)" in printed["solo-turn"]


def test_rules_reference_holds_every_solo_section(printed):
    ref = printed["rules-reference"]
    for heading in ("Solo setup", "Difficulty", "NPCs", "Bounty", "NPC behaviours", "A solo round, in order",
                    "System Expanse", "Solo round end", "Missions that target players", "Drawing missions",
                    "NPC Fame Points at round end"):
        assert heading in ref, heading
