"""RftG end-game scoring: every rule with hand-computed values (real card data from content/).

Card facts used below (content/rftg/cards): Research Labs dev 2 VP; Galactic Trendsetters world
3 VP; Artist Colony world 1 VP; Old Earth world 2 VP; Mining World rare production world 2 VP;
Spice World novelty world 1 VP; Asteroid Belt rare windfall 1 VP; Mining Robots dev 1 VP;
Rebel Fuel Cache REBEL military rare windfall 1 VP; Xeno-Occupied Rebel Supply REBEL XENO military
near frontier 3 VP; Anti-Xeno Assault Troops ANTI-XENO dev 2 VP; Space Marines dev 1 VP;
Investment Credits dev 1 VP; Anti-Xeno Armada dev cost 9, 7 VP; Anti-Xeno Alien Warships dev cost
7, 5 VP; New Sparta military world 1 VP.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.scoring.record.validate import RecordInvalid

try:  # tests/ may or may not become a package
    from tests.scoring_fixtures import rftg_rules, score_record
except ImportError:
    from scoring_fixtures import rftg_rules, score_record

REPO = Path(__file__).resolve().parents[1]
RULES = rftg_rules()


@pytest.fixture(scope="module")
def rules():
    return RULES


def player(name="Ann", tableau=("Old Earth",), **kw):
    return {"name": name, "tableau": list(tableau), **kw}


def record(variant="standard", ended_by="tableau", players=None, **kw):
    return RULES.parse(
        {"game": "rftg", "variant": variant, "ended_by": ended_by, "players": players or [player()], **kw}
    )


def score(rules, **kw):
    return score_record(record(**kw), rules)


def p_of(report, name="Ann"):
    return next(p for p in report.players if p.name == name)


def codes(report, severity=None):
    return [f.code for f in report.findings if severity is None or f.severity == severity]


# --- cards and 6-cost developments -----------------------------------------------------------


def test_printed_vp_and_damaged_world(rules):
    rep = score(
        rules,
        variant="invasion",
        ended_by="repulse",
        players=[
            player(
                tableau=["Old Earth", {"card": "Mining World", "damaged": True}, "Spice World"],
                chips=4,
                military_vs_xenos=1,
            )
        ],
    )
    ann = p_of(rep)
    assert ann.cards_vp == 2 + 0 + 1
    assert ann.chips_vp == 4
    assert ann.total == 3 + 4 + 5  # + Greatest Admiral (highest, even alone)
    assert codes(rep, "error") == []


def test_six_dev_ignores_damaged_world(rules):
    # Mining League: 2 per Rare production, 1 per Rare windfall, 2 Mining Robots, 2 Mining Conglomerate
    rep = score(
        rules,
        variant="invasion",
        ended_by="repulse",
        players=[
            player(
                tableau=["Mining League", {"card": "Mining World", "damaged": True}, "Asteroid Belt", "Mining Robots"]
            )
        ],
    )
    ann = p_of(rep)
    assert ann.six_dev_vp == 0 + 1 + 2
    assert ann.cards_vp == 0 + 1 + 1


def test_damaged_development_is_error(rules):
    rep = score(rules, players=[player(tableau=[{"card": "Space Marines", "damaged": True}])])
    assert "damaged_development" in codes(rep, "error")
    assert p_of(rep).cards_vp == 1  # scored as undamaged
    assert rep.has_errors


def test_galactic_renaissance_vector(rules):
    # NOTES.md: GR + Research Labs + Galactic Trendsetters + Artist Colony + another world, 4 chips -> 10
    rep = score(
        rules,
        players=[
            player(
                tableau=[
                    "Galactic Renaissance",
                    "Research Labs",
                    "Galactic Trendsetters",
                    "Artist Colony",
                    "Old Earth",
                ],
                chips=4,
            )
        ],
    )
    ann = p_of(rep)
    assert ann.six_dev_vp == 10
    assert ann.cards_vp == 2 + 3 + 1 + 2
    assert ann.galactic_renaissance_chips == 4


def test_galactic_renaissance_counts_war_contributions_not_awards_or_tiles(rules):
    # chips 4 + war 3 = 7 -> 2; defense awards 5 and the two 5-VP tiles do not count
    rep = score(
        rules,
        variant="invasion",
        ended_by="repulse",
        players=[
            player(
                tableau=["Galactic Renaissance", "Research Labs"],
                chips=4,
                war_contribution_chips=3,
                defense_awards=5,
                military_vs_xenos=2,
            )
        ],
    )
    ann = p_of(rep)
    assert ann.galactic_renaissance_chips == 7
    assert ann.six_dev_vp == 2 + 3
    assert ann.bonuses == ["greatest_admiral", "greatest_contributor"]
    assert ann.total == 2 + 5 + 4 + 3 + 5 + 10


def test_war_contributions_do_not_apply_to_standard(rules):
    rep = score(rules, players=[player(tableau=["Galactic Renaissance"], chips=5, war_contribution_chips=4)])
    assert p_of(rep).six_dev_vp == 1  # 5 // 3
    assert p_of(rep).war_contribution_vp == 0
    assert "field_not_applicable" in codes(rep, "warning")


def test_galactic_federation_costly_developments(rules):
    # 2 per 6-cost dev (GF itself), 1 per other dev: Armada (9) and Warships (7) count 1 each
    rep = score(
        rules,
        players=[
            player(tableau=["Galactic Federation", "Anti-Xeno Armada", "Anti-Xeno Alien Warships", "Space Marines"])
        ],
    )
    ann = p_of(rep)
    assert ann.six_dev_vp == 2 + 1 + 1 + 1
    assert ann.cards_vp == 7 + 5 + 1


def test_anti_xeno_rebel_force_one_line_per_card(rules):
    # printed lines: 1 per ANTI-XENO card; 2 per Rebel military world; 1 per other Xeno military
    # world. Xeno-Occupied Rebel Supply is REBEL and XENO military: second line, 2 (not 2 + 1).
    rep = score(
        rules,
        players=[
            player(
                tableau=[
                    "Anti-Xeno Rebel Force",
                    "Xeno-Occupied Rebel Supply",
                    "Rebel Fuel Cache",
                    "Anti-Xeno Assault Troops",
                    "New Sparta",
                ]
            )
        ],
    )
    ann = p_of(rep)
    assert ann.six_dev_vp == 2 + 2 + 1 + 1  # two REBEL military, AXRF + Assault Troops ANTI-XENO
    assert ann.cards_vp == 3 + 1 + 2 + 1


def test_one_category_per_card_the_best_one(rules):
    # xi "Scoring": a card scores in only one category; the player takes the best. Anti-Xeno
    # Uplift Base is a Far Frontier world (line 2: 1) with a Pay-for-Military power (line 3: 3).
    rep = score(
        rules, variant="frontier", players=[player(tableau=["Frontier Isolationists", "Anti-Xeno Uplift Base"])]
    )
    ann = p_of(rep)
    assert ann.six_dev_vp == 3
    why = next(e.why for e in ann.explain if e.component == "Frontier Isolationists")
    assert why == (
        "3 per card with a Pay-for-Military power x1 = 3 (one category per card, the best: "
        "Anti-Xeno Uplift Base counts once, in '3 per card with a Pay-for-Military power', "
        "not also in '1 per Far Frontier world')"
    )


def test_anti_xeno_rebel_world_scores_its_best_line_once(rules):
    # ruling anti-xeno-rebel-force: no such world is printed, so write one by hand; it meets
    # line 1 (ANTI-XENO, 1) and line 2 (Rebel military world, 2): it scores 2, not 1 and not 3
    world = {
        "card": "Rebel Anti-Xeno Outpost",
        "vp": 1,
        "type": "world",
        "military": True,
        "keywords": ["ANTI-XENO", "REBEL"],
    }
    rep = score(rules, players=[player(tableau=["Anti-Xeno Rebel Force", world])])
    ann = p_of(rep)
    assert ann.six_dev_vp == 1 + 2  # AXRF itself (ANTI-XENO) + the world in its best line
    why = next(e.why for e in ann.explain if e.component == "Anti-Xeno Rebel Force")
    assert (
        "Rebel Anti-Xeno Outpost counts once, in '2 per Rebel military world', not also in "
        "'1 per ANTI-XENO card (including this one)'" in why
    )


def test_new_galactic_order_uses_the_records_military_when_given(rules):
    computed = p_of(score(rules, players=[player(tableau=["New Galactic Order"])])).military
    rep = score(rules, players=[player(tableau=["New Galactic Order"], military=computed + 4)])
    assert p_of(rep).six_dev_vp == computed + 4
    differs = [f for f in rep.findings if f.code == "military_differs"]
    assert differs[0].path == ("players", 0, "military")
    assert f"`military: {computed + 4}` differs from the {computed} the tableau gives" in differs[0].message


def test_card_names_case_insensitive_and_hand_given_vp(rules):
    rep = score(rules, players=[player(tableau=["old earth", {"card": "Some Promo World", "vp": 2}])])
    assert p_of(rep).cards_vp == 4
    assert codes(rep, "error") == []


def test_unknown_card_suggests_names(rules):
    rep = score(rules, players=[player(tableau=["Old Erth"])])
    msg = next(f.message for f in rep.findings if f.code == "unknown_card")
    assert "'Old Earth'" in msg and "Old Erth" in msg
    assert rep.has_errors


# --- invasion tiles ---------------------------------------------------------------------------


def test_invasion_tiles_ties(rules):
    rep = score(
        rules,
        variant="invasion",
        ended_by="repulse",
        players=[
            player("Ann", military_vs_xenos=5, war_contribution_chips=2),
            player("Ben", tableau=["Spice World"], military_vs_xenos=5, war_contribution_chips=2),
            player("Cat", tableau=["Mining World"], military_vs_xenos=4, war_contribution_chips=1),
        ],
    )
    assert p_of(rep, "Ann").bonuses == ["greatest_admiral", "greatest_contributor"]
    assert p_of(rep, "Ben").bonus_vp == 10
    assert p_of(rep, "Cat").bonus_vp == 0
    assert p_of(rep, "Ann").total == 2 + 2 + 10


def test_contributor_not_awarded_at_zero_admiral_is(rules):
    rep = score(
        rules,
        variant="invasion",
        ended_by="vp_pool",
        players=[
            player("Ann", military_vs_xenos=0, war_contribution_chips=0, chips=12),
            player("Ben", tableau=["Spice World"], military_vs_xenos=-1, chips=12),
        ],
    )
    assert p_of(rep, "Ann").bonuses == ["greatest_admiral"]
    assert p_of(rep, "Ben").bonuses == []
    assert "tile_not_awarded" in codes(rep, "info")


def test_empire_defeat_no_tiles(rules):
    rep = score(
        rules,
        variant="invasion",
        ended_by="empire_defeat",
        players=[player("Ann", military_vs_xenos=9, war_contribution_chips=4, defense_awards=2)],
    )
    ann = p_of(rep)
    assert ann.bonus_vp == 0 and ann.bonuses == []
    assert ann.total == 2 + 4 + 2


# --- counterstrike ----------------------------------------------------------------------------


def cs_players():
    return [
        player(
            "Ann",
            chips=10,
            war_contribution_chips=4,
            defense_awards=0,
            goods=0,
            hand=0,
            xeno_systems_conquered=2,
            at_repulse={"military_vs_xenos": 5, "war_contribution_chips": 4},
        ),
        player(
            "Ben",
            tableau=["Spice World"],
            chips=13,
            war_contribution_chips=1,
            defense_awards=0,
            goods=0,
            hand=0,
            xeno_systems_conquered=2,
            at_repulse={"military_vs_xenos": 7, "war_contribution_chips": 4},
        ),
    ]


def test_counterstrike_after_repulse(rules):
    rep = score(rules, variant="counterstrike", ended_by="conquest_value", repulsed=True, players=cs_players())
    ann, ben = p_of(rep, "Ann"), p_of(rep, "Ben")
    # at repulse: Ben admiral (7 > 5); contributor tie 4/4; end: chips 14/14 tie; conquests 2/2 tie
    assert ann.bonuses == ["greatest_contributor", "cs_greatest_contributor", "greatest_conqueror"]
    assert ben.bonuses == ["greatest_admiral", "greatest_contributor", "cs_greatest_contributor", "greatest_conqueror"]
    assert ann.bonus_vp == 5 + 7 + 7
    assert ben.bonus_vp == 5 + 5 + 7 + 7
    assert ann.total == 2 + 10 + 4 + 19
    assert ben.total == 1 + 13 + 1 + 24
    assert codes(rep, "error") == [] and codes(rep, "warning") == []


def test_counterstrike_conqueror_not_awarded_at_zero(rules):
    ps = cs_players()
    for p in ps:
        p["xeno_systems_conquered"] = 0
    rep = score(rules, variant="counterstrike", ended_by="vp_pool", repulsed=True, players=ps)
    assert all("greatest_conqueror" not in p.bonuses for p in rep.players)


def test_counterstrike_before_repulse_scored_as_invasion(rules):
    ps = [
        player("Ann", chips=10, war_contribution_chips=4, military_vs_xenos=3),
        player(
            "Ben",
            tableau=["Spice World"],
            chips=13,
            war_contribution_chips=1,
            military_vs_xenos=6,
            xeno_systems_conquered=1,
        ),
    ]
    rep = score(rules, variant="counterstrike", ended_by="vp_pool", repulsed=False, players=ps)
    assert p_of(rep, "Ann").bonuses == ["greatest_contributor"]
    assert p_of(rep, "Ben").bonuses == ["greatest_admiral"]
    assert "field_not_applicable" in codes(rep, "warning")  # xeno_systems_conquered
    rep = score(rules, variant="counterstrike", ended_by="conquest_value", repulsed=False, players=ps)
    assert "ended_by" in codes(rep, "error")


def test_counterstrike_missing_at_repulse_is_error(rules):
    ps = cs_players()
    del ps[0]["at_repulse"]
    rep = score(rules, variant="counterstrike", ended_by="all_systems", repulsed=True, players=ps)
    assert "at_repulse_missing" in codes(rep, "error")


def test_all_systems_checked_against_the_systems_in_play(rules):
    # xc "Repulse" step 4: 1 Satellite and 1 Hive world per player; "Game End": conquering all
    # of them ends the game. 3 players: 6 in play.
    ps = cs_players() + [
        player(
            "Cat",
            tableau=["Spice World"],
            chips=0,
            war_contribution_chips=0,
            defense_awards=0,
            goods=0,
            hand=0,
            xeno_systems_conquered=1,
            at_repulse={"military_vs_xenos": 0, "war_contribution_chips": 0},
        )
    ]
    rep = score(rules, variant="counterstrike", ended_by="all_systems", repulsed=True, players=ps)
    [f] = [f for f in rep.findings if f.code == "all_systems_not_conquered"]
    assert f.severity == "warning" and f.path == ("ended_by",)
    assert f.message == (
        "ended_by all_systems, but the players conquered 5 Xeno systems (Ann 2, Ben 2, "
        "Cat 1) of the 6 in play in a 3-player game (check xeno_systems_conquered, "
        "or ended_by)"
    )
    ps[2]["xeno_systems_conquered"] = 2
    rep = score(rules, variant="counterstrike", ended_by="all_systems", repulsed=True, players=ps)
    assert not [f for f in rep.findings if f.code.startswith(("all_systems", "xeno_systems"))]
    ps[2]["xeno_systems_conquered"] = 3  # 7 of 6: impossible whatever ended the game
    rep = score(rules, variant="counterstrike", ended_by="vp_pool", repulsed=True, players=ps)
    [f] = [f for f in rep.findings if f.code == "xeno_systems_conquered"]
    assert f.severity == "error" and f.path == ("players", 2, "xeno_systems_conquered")
    assert "conquered 7 Xeno systems (Ann 2, Ben 2, Cat 3), but a 3-player game has only 6" in f.message


# --- winners, checks --------------------------------------------------------------------------


def test_winner_tiebreak_and_shared_win(rules):
    rep = score(
        rules,
        players=[
            player("Ann", chips=3, goods=1, hand=2),
            player("Ben", chips=3, goods=2, hand=2),
            player("Cat", tableau=["Spice World"], chips=1),
        ],
    )
    assert rep.winners == ["Ben"]
    assert [p.rank for p in rep.players] == [2, 1, 3]
    rep = score(rules, players=[player("Ann", chips=3, goods=2, hand=1), player("Ben", chips=3, goods=1, hand=2)])
    assert rep.winners == ["Ann", "Ben"]


def test_claimed_total_differs(rules):
    rep = score(rules, players=[player(chips=3, claimed_total=7)])
    f = next(f for f in rep.findings if f.code == "claimed_total")
    assert f.severity == "error" and "claimed 7" in f.message and "give 5" in f.message
    assert "+2" in f.message


def test_too_many_copies(rules):
    rep = score(rules, players=[player("Ann", tableau=["Old Earth"]), player("Ben", tableau=["Old Earth"])])
    assert "too_many_copies" in codes(rep, "error")
    # Space Marines has 2 copies
    rep = score(rules, players=[player("Ann", tableau=["Space Marines"]), player("Ben", tableau=["Space Marines"])])
    assert "too_many_copies" not in codes(rep)


def test_xeno_counterstrike_copies_are_known(rules):
    # Anti-Xeno Arsenal comes in 2 copies (xc: Contents counts 26 game cards = 22 designs + 4
    # second copies): two in play is fine, a third is an error, not a warning
    rep = score(
        rules, players=[player("Ann", tableau=["Anti-Xeno Arsenal"]), player("Ben", tableau=["Anti-Xeno Arsenal"])]
    )
    assert "too_many_copies" not in codes(rep)
    rep = score(
        rules,
        players=[
            player("Ann", tableau=["Anti-Xeno Arsenal"]),
            player("Ben", tableau=["Anti-Xeno Arsenal"]),
            player("Cat", tableau=["Anti-Xeno Arsenal"]),
        ],
    )
    assert "too_many_copies" in codes(rep, "error")


def test_vp_pool_not_empty_warning(rules):
    # standard: 12 per player; 2 players -> 24; handed out 10 + 13 = 23
    rep = score(
        rules, ended_by="vp_pool", players=[player("Ann", chips=10), player("Ben", tableau=["Spice World"], chips=13)]
    )
    assert "vp_pool_not_empty" in codes(rep, "warning")
    rep = score(
        rules, ended_by="vp_pool", players=[player("Ann", chips=11), player("Ben", tableau=["Spice World"], chips=13)]
    )
    assert "vp_pool_not_empty" not in codes(rep)
    # invasion: war contributions count as handed out
    rep = score(
        rules,
        variant="invasion",
        ended_by="vp_pool",
        players=[player("Ann", chips=10, war_contribution_chips=1), player("Ben", tableau=["Spice World"], chips=13)],
    )
    assert "vp_pool_not_empty" not in codes(rep)


def test_tableau_end_threshold(rules):
    twelve = [
        "Old Earth",
        "Spice World",
        "Mining World",
        "Gem World",
        "Asteroid Belt",
        "Artist Colony",
        "Galactic Trendsetters",
        "Research Labs",
        "Space Marines",
        "Mining Robots",
        "Investment Credits",
        "New Sparta",
    ]
    assert "tableau_too_small" not in codes(score(rules, players=[player(tableau=twelve)]))
    assert "tableau_too_small" in codes(score(rules, players=[player(tableau=twelve[:11])]))
    assert "tableau_too_small" in codes(score(rules, variant="frontier", players=[player(tableau=twelve)]))


def test_fields_that_do_not_apply(rules):
    rep = score(rules, variant="frontier", repulsed=True, players=[player(military_vs_xenos=3, defense_awards=2)])
    assert codes(rep, "warning").count("field_not_applicable") == 3
    assert p_of(rep).defense_awards_vp == 0


def test_bad_ended_by_is_error(rules):
    assert "ended_by" in codes(score(rules, ended_by="repulse"), "error")


def test_record_shape_errors():
    with pytest.raises(RecordInvalid) as exc:
        RULES.parse(
            {
                "game": "rftg",
                "variant": "invasoin",
                "ended_by": "x",
                "players": [{"name": "A", "tableau": ["Old Earth"], "chips": -1}],
            }
        )
    by_field = {p["field"]: p for p in exc.value.problems}
    assert by_field["variant"]["message"] == "'invasoin' is not one of: standard, frontier, invasion, counterstrike"
    assert by_field["variant"]["hint"] == "did you mean 'invasion'?"
    assert by_field["players[0].chips"]["message"] == "-1 is below the smallest allowed value, 0"
    assert by_field["ended_by"]["path"] == ["ended_by"]


def test_missing_fields_warn_once_per_field_the_variant_uses(rules):
    # invasion uses chips, goods, hand, war_contribution_chips, defense_awards; Military vs. Xenos
    # is computed from the tableau when left out, so it draws no warning
    rep = score(
        rules,
        variant="invasion",
        ended_by="repulse",
        players=[
            player("Ann", chips=1, goods=0, hand=0, war_contribution_chips=1, defense_awards=0),
            player("Ben", tableau=["Spice World"], war_contribution_chips=1),
        ],
    )
    missing = [(f.player, f.message.split("`")[1], f.path) for f in rep.findings if f.code == "missing_field"]
    assert missing == [("Ben", name, ("players", 1)) for name in ("chips", "goods", "hand", "defense_awards")]
    # a standard game does not use war contributions or defense awards
    rep = score(rules, players=[player("Ann")])
    assert sorted(f.message.split("`")[1] for f in rep.findings if f.code == "missing_field") == [
        "chips",
        "goods",
        "hand",
    ]


def test_damage_only_in_invasion_and_counterstrike(rules):
    damaged = {"card": "Spice World", "damaged": True}
    for variant in ("standard", "frontier"):
        rep = score(rules, variant=variant, players=[player(tableau=["Old Earth", damaged])])
        err = [f for f in rep.findings if f.code == "damage_not_in_variant"]
        assert len(err) == 1 and err[0].severity == "error"
        assert err[0].path == ("players", 0, "tableau", 1, "damaged")
        assert "'Spice World' is marked damaged" in err[0].message and f"a {variant} game" in err[0].message
        assert p_of(rep).cards_vp == 2 + 1  # scored as undamaged
    rep = score(rules, variant="invasion", ended_by="repulse", players=[player(tableau=["Old Earth", damaged])])
    assert "damage_not_in_variant" not in codes(rep)
    assert p_of(rep).cards_vp == 2


def test_names_and_words_typed_loosely_at_the_table_are_understood(rules):
    # Old Earth 2 VP, Spice World 1 VP; extra spaces and case do not matter
    report = score(
        rules,
        variant=" Invasion",
        ended_by="VP  pool",
        players=[player(tableau=["old  EARTH", " Spice World "], chips=0)],
    )
    assert report.variant == "invasion"
    assert report.players[0].cards_vp == 3
    assert not [f for f in report.findings if f.code == "unknown_card"]


def test_a_tie_names_the_other_players(rules):
    report = score(
        rules,
        variant="invasion",
        ended_by="repulse",
        players=[
            player("Ann", military_vs_xenos=4, war_contribution_chips=0),
            player("Ben", military_vs_xenos=4, war_contribution_chips=0),
            player("Cat", military_vs_xenos=1, war_contribution_chips=0),
        ],
    )
    admiral = [e for e in report.players[0].explain if e.component == "Greatest Admiral"]
    assert admiral[0].vp == 5 and admiral[0].why.endswith("tied with Ben")
    assert "greatest_admiral" in report.players[1].bonuses
    assert "greatest_admiral" not in report.players[2].bonuses


def test_more_players_than_the_game_takes_is_a_warning(rules):
    six = [player(f"P{i}", tableau=["Old Earth"]) for i in range(6)]
    report = score(rules, players=six)
    assert [f.code for f in report.findings if f.severity == "warning"].count("player_count") == 1
    five = score(rules, players=six[:5])
    assert "player_count" not in [f.code for f in five.findings]


def test_military_computed_from_the_tableau(rules):
    # printed: New Galactic Order +2 Military, Space Marines +2, Contact Specialist -1 -> 3; NGO scores
    # 1 per Military -> 3; no `military` written, so no warning
    rep = score(
        rules,
        players=[
            player(tableau=["New Galactic Order", "Space Marines", "Contact Specialist"], chips=0, goods=0, hand=0)
        ],
    )
    ann = p_of(rep)
    assert (ann.military, ann.military_from_cards) == (3, 3)
    assert [(e.component, e.vp) for e in ann.military_explain] == [
        ("New Galactic Order", 2),
        ("Space Marines", 2),
        ("Contact Specialist", -1),
    ]
    assert next(e for e in ann.explain if e.component == "New Galactic Order").vp == 3
    assert "military_differs" not in codes(rep)


def test_damaged_worlds_give_no_military_vs_xenos(rules):
    # New Sparta (+2 Military) damaged: only Space Marines' +2 counts toward Military vs. Xenos
    rep = score(
        rules,
        variant="invasion",
        ended_by="repulse",
        players=[player(tableau=["Space Marines", {"card": "New Sparta", "damaged": True}])],
    )
    assert (p_of(rep).military, p_of(rep).military_vs_xenos) == (2, 2)
    rep = score(
        rules,
        variant="invasion",
        ended_by="repulse",
        players=[player(tableau=["Space Marines", "New Sparta"], military_vs_xenos=9)],
    )
    assert p_of(rep).military_vs_xenos == 9  # the record's value is used, with a warning
    warning = next(f for f in rep.findings if f.code == "military_differs")
    assert warning.message.startswith(
        "`military_vs_xenos: 9` differs from the 4 the tableau gives (Space Marines +2, New Sparta +2); 9 is used"
    )


def test_frontier_cards_only_in_frontier_and_counterstrike(rules):
    # Federation Frontier HQ is a Far Frontier card (xc: Adding Cards: not added to other games)
    for variant, ended_by in (("standard", "tableau"), ("invasion", "repulse")):
        rep = score(
            rules, variant=variant, ended_by=ended_by, players=[player(tableau=["Old Earth", "Federation Frontier HQ"])]
        )
        err = [f for f in rep.findings if f.code == "frontier_card_not_in_variant"]
        assert len(err) == 1 and err[0].severity == "error" and err[0].path == ("players", 0, "tableau", 1)
        assert "'Federation Frontier HQ' is a Far Frontier card" in err[0].message
    rep = score(rules, variant="frontier", players=[player(tableau=["Old Earth", "Federation Frontier HQ"])])
    assert "frontier_card_not_in_variant" not in codes(rep)


def test_written_military_carries_into_military_vs_xenos(rules):
    # Ann writes military 9 (cards give NGO +2, Space Marines +2 = 4): her Military vs. Xenos is 9 too,
    # above Ben's 7 (New Sparta +2, Drop Ships +3, Space Marines +2), so she takes Greatest Admiral.
    rep = score(
        rules,
        variant="invasion",
        ended_by="repulse",
        players=[
            player("Ann", tableau=["Old Earth", "New Galactic Order", "Space Marines"], military=9),
            player("Ben", tableau=["New Sparta", "Drop Ships", "Space Marines"]),
        ],
    )
    ann, ben = p_of(rep, "Ann"), p_of(rep, "Ben")
    assert (ann.military, ann.military_vs_xenos, ben.military_vs_xenos) == (9, 9, 7)
    assert "greatest_admiral" in ann.bonuses and "greatest_admiral" not in ben.bonuses
    below = score(
        rules,
        variant="invasion",
        ended_by="repulse",
        players=[player("Ann", tableau=["New Sparta"], military_vs_xenos=1)],
    )
    assert "military_vs_xenos_below_military" in codes(below, "warning")


def test_military_vs_xenos_does_not_apply_after_the_repulse(rules):
    ps = cs_players()
    ps[0]["military_vs_xenos"] = 40
    rep = score(rules, variant="counterstrike", ended_by="conquest_value", repulsed=True, players=ps)
    f = next(f for f in rep.findings if f.code == "field_not_applicable")
    assert "after the repulse, the invasion tiles use `at_repulse`" in f.message
    assert "military_differs" not in codes(rep)


def test_conquered_xeno_system_written_by_hand_counts_for_six_cost_developments(rules):
    # Imperium Expansionists: 2 per Frontier world, 2 per other Xeno military world, 1 per other
    # IMPERIUM card (including itself); a hand-entered XENO military world counts in the second line
    system = {"card": "Xeno Hive World", "vp": 4, "type": "world", "military": True, "keywords": ["XENO"]}
    rep = score(
        rules,
        variant="counterstrike",
        ended_by="all_systems",
        repulsed=True,
        players=[
            player(
                tableau=["Imperium Expansionists", system],
                xeno_systems_conquered=1,
                at_repulse={"military_vs_xenos": 1, "war_contribution_chips": 0},
            )
        ],
    )
    ann = p_of(rep)
    assert ann.cards_vp == 4
    assert next(e for e in ann.explain if e.component == "Imperium Expansionists").vp == 2 + 1
    assert "unknown_card" not in codes(rep)


def test_curly_apostrophe_and_printable_names(rules):
    rep = score(rules, players=[player(tableau=["Earth\u2019s Lost Colony"])])
    assert "unknown_card" not in codes(rep)
    with pytest.raises(RecordInvalid) as exc:
        RULES.parse(
            {
                "game": "rftg",
                "variant": "standard",
                "ended_by": "tableau",
                "players": [{"name": "Bob\nWinner: Eve", "tableau": ["Old Earth"]}],
            }
        )
    assert exc.value.problems[0]["field"] == "players[0].name"
    assert "cannot be printed" in exc.value.problems[0]["message"]


def test_a_misspelt_name_in_a_tableau_quantity_is_refused_before_any_record_is_scored():
    """A quantity may read only the names a player has where the model scores the 6-cost
    development lines (six_dev_vp): a misspelt one stops the pad being made (so `playaid check`
    reports it), with the name, its column and its place, instead of failing at the table the
    first time a card counts that quantity."""
    import copy

    from generator.scoring.game_pad import pad_for
    from generator.scoring.model import ModelInvalid

    try:
        from tests.scoring_fixtures import compiled
    except ImportError:
        from scoring_fixtures import compiled
    game = copy.deepcopy(compiled()["games"]["rftg"])
    game["scoring"]["mechanisms"]["tableau"]["quantities"]["vp_chips"]["value"] = "chips + war_contrib"
    with pytest.raises(ModelInvalid) as caught:
        pad_for(game)
    assert str(caught.value).startswith(
        "mechanism tableau quantity 'vp_chips': unknown name 'war_contrib' (known names: at_repulse, cards_vp, chips, "
    )
    assert (caught.value.unknown, caught.value.column) == ("war_contrib", 9)
    assert "war_contribution_chips" in caught.value.known and "total" not in caught.value.known  # not known yet
    assert caught.value.path == ("mechanisms", "tableau", "quantities", "vp_chips", "value")
