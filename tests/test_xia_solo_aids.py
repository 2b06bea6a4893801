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
    report = build(
        BuildOptions(
            content_dir=PROJECT_ROOT / "content",
            out_dir=out,
            jobs=1,
            only=tuple(names.values()),
            render=RenderOptions(paper="a4", mode="print-shop"),
        )
    )
    assert report.ok, [r.error for r in report.results if r.error]
    return {aid: text(out / "print-shop-a4" / f"{name}.pdf") for aid, name in names.items()}


def test_setup_card_removes_the_titles_and_events_and_sets_the_credits(printed):
    card = printed["solo-setup"]
    # xia: Solo Setup
    assert "at least 2 spawn points and at least 4 sectors in total, Nyr included" in card
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
    steps = [
        "1. Your turn.",
        "2. System Expanse",
        "3. The Sellsword",
        "4. Each NPC takes its turn",
        "5. Solo round end",
        "6. Resolve the events",
    ]
    at = [card.index(s) for s in steps]
    assert at == sorted(at)
    expanse = [
        "touching the most sectors (or tied for the most)",
        "Pick one of its edge symbols",
        "Reveal a new sector and place it matching that edge symbol",
        "a newly spawned NPC takes its turn normally",
    ]
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
    for heading in (
        "Solo setup",
        "Difficulty",
        "NPCs",
        "Bounty",
        "NPC behaviours",
        "A solo round, in order",
        "System Expanse",
        "Solo round end",
        "Missions that target players",
        "Drawing missions",
        "NPC Fame Points at round end",
    ):
        assert heading in ref, heading


def test_setup_card_keeps_the_rest_of_the_expansion_setup(printed):
    card = printed["solo-setup"]
    # xia: Solo Setup: "Modify the setup rules as follows": the other setup steps stand
    assert "Set up as in the expansion's Setup (tokens, decks, The Kiln, Economy Board)" in card
    assert "these steps replace its map, NPC-card and credits steps" in card
    # and the multiplayer setup on the reference says which of its steps solo play replaces
    assert "Solo: the Solo setup replaces the map, NPC-card and credits steps." in printed["rules-reference"]


def test_setup_card_counts_nyr_and_finds_either_world(printed):
    card = printed["solo-setup"]
    # xia: Solo Setup 1, 1.1, 2: "at least 4 sectors total"; "Kemplar II and/or Loath"; later Titles
    assert "Find whichever of Kemplar II and Loath is not revealed (one or both)" in card
    assert "(later Titles come out as usual)" in card


def test_npc_event_draw_is_tied_to_the_pink_spaces(printed):
    # xia: Solo Round End and its example: first to reach 7, the NPCs draw an Event card now,
    # which resolves with the events that trigger at the end of the round
    end = printed["solo-round-end"]
    assert "NPC marker first to reach or pass a pink Event space? Draw an Event card now" in end
    assert "they gain 2 Fame Points and lead 7–6. First to 7, a pink Event space, they draw an Event card now" in end
    assert "If it takes them first to a pink Event space, draw an Event card now." in printed["solo-turn"]


def test_attack_bounty_and_seat_order_are_marked_as_our_rulings(printed):
    # xia: Bounty for Attacking says only "that ship"; Solo Rules give the NPCs no turn order
    assert "puts +1,000 credits bounty on the attacker (our ruling)" in printed["solo-setup"]
    assert "in the seat order you chose (our ruling)" in printed["solo-turn"]
    ref = printed["rules-reference"]
    assert "The attacker, your ship or the Sellsword." in ref
    assert "In the seat order you chose around the table, after you and the Sellsword" in ref


def test_spawning_defers_to_the_base_game_and_behaviours_are_drawn_once(printed):
    # xia: Behavior Cards: "When an NPC first enters play (using normal spawn rules)"
    turn = printed["solo-turn"]
    assert "NPCs enter play and respawn by the base game's NPC spawn rules" in turn
    assert "When an NPC first enters play" in turn
    assert "When one first enters play" in printed["solo-setup"]
    assert "spawn NPCs as the base game's spawn rules require" in printed["solo-setup"]
    # xia: Changing Behaviors: the behaviour lasts unless you destroy the NPC and redraw
    assert "A behaviour normally lasts all game" in turn


def test_round_end_card_reminds_the_normal_mode_flip_and_counts_this_round(printed):
    end = printed["solo-round-end"]
    # xia: NPC Difficulty Level, Normal mode
    assert "Normal mode: once you or the NPCs pass half the Fame Points needed, flip the NPC Stats card" in end
    # xia: Solo Round End example: "didn't earn any credits from bounty this round"
    assert "+2 per 1,000 credits the NPCs collected this round" in end
    assert "collected this turn" not in end


def test_event_round_rules_resolve_at_the_end_of_the_solo_round(printed):
    # xia: Rounds and the Cody example ("at the end of this round"); the solo player is First Player
    assert "trigger at the end of each round, before the First Player's turn" in printed["rules-reference"]
    assert "(solo: you are First Player, so after the solo round end)" in printed["rules-reference"]
    assert "as you are First Player" in printed["solo-turn"]


def test_natural_20_on_the_npc_roll_is_our_labelled_ruling(printed):
    # xia: Solo Round End is silent on it (Luck: a natural 20 on your d20 earns 1 Fame Point)
    assert "natural 20 earns no Luck Fame Point (our ruling)" in printed["solo-round-end"]
    ref = printed["rules-reference"]
    assert "Does a natural 20 on the NPCs' round-end d20 earn a Luck Fame Point?" in ref
    assert "Ruling: No, neither for you nor for the NPCs" in ref
    assert "The rulebook is silent." in ref
