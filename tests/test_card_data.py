"""Card data against the printed cards: every value below was read off the card scans
(rftg-arc3 static/cards, see docs/card-data.md) or the rulebooks' contents lists, not copied from
content. Each resolved difference of the BGA comparison (tools/compare_cards.py) has a case here.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.checks.load import load_content

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def cards():
    game = load_content(REPO / "content").game("rftg")
    return {card.name: card for doc in game.of_kind("cards").values() for card in doc.cards}


# --- printed facts ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name, field, printed",
    [
        # 1st -> 2nd edition changes (Keldon's list prints the 1st edition)
        ("Black Market Trading World", "cost", 2),
        ("Black Market Trading World", "vp", 1),
        ("Bio-Hazard Mining World", "cost", 2),
        ("Bio-Hazard Mining World", "vp", 0),
        ("Imperium Armaments World", "cost", 3),
        ("Imperium Armaments World", "vp", 2),
        ("Outlaw World", "powers", ["settle", "consume"]),  # 2nd edition adds +1 Military
        ("Gateway Station", "cost", 2),  # Keldon: 0/0 promo placeholder
        ("Gateway Station", "vp", 1),
        ("Gateway Station", "start", "blue"),
        ("Abandoned Mine Squatters", "military", True),
        ("Abandoned Mine Squatters", "good", "rare"),
        # BMTW's only power is in the Consume row (not $): a Consume power for New Economy
        ("Black Market Trading World", "powers", ["consume"]),
        ("Trade League", "powers", ["trade", "consume"]),
        ("Merchant Guild", "powers", ["produce"]),
        # names as printed (BGA: Blaster Gem Mine, Malevolent Life Forms, Galactic Clearinghouse;
        # arc3: illicit-uplift-collector)
        ("Blaster Gem Mines", "cost", 3),
        ("Malevolent Lifeforms", "powers", ["explore", "produce"]),
        ("Galactic Clearing House", "powers", ["trade", "consume", "produce"]),
        ("Illicit Uplift Collector", "vp", 5),
        # keywords printed in the title
        ("Alien Archives", "keywords", ["ALIEN"]),
        ("Anti-Xeno Rebel Force", "keywords", ["ANTI-XENO", "REBEL"]),
        ("Xeno-Held Imperium Mine", "keywords", ["IMPERIUM", "XENO"]),
        # Xeno Counterstrike developments
        ("Anti-Xeno Alien Warships", "cost", 7),
        ("Anti-Xeno Armada", "vp", 7),
        ("Scorched-Earth Defense", "vp", -1),
        ("Terraforming Bio-Engineers", "powers", ["settle", "trade", "produce"]),  # "cannot sell" is a $ power
    ],
)
def test_printed_values(cards, name, field, printed):
    value = getattr(cards[name], field)
    assert (sorted(value) if field == "keywords" else value) == printed


@pytest.mark.parametrize(
    "name, copies",
    [
        # xc: Contents counts 26 game cards: 22 designs + a second copy of these four
        ("Anti-Xeno Alien Warships", 2),
        ("Anti-Xeno Arsenal", 2),
        ("Scorched-Earth Defense", 2),
        ("Terraforming Resettlement", 2),
        ("Anti-Xeno Armada", 1),
        ("Frontier Isolationists", 1),
        ("Rebel Smugglers", 1),
        ("Alien Shimmer Disk Cache", 1),
        ("Xeno-Held Mining Colony", 1),
        # base and XI pairs (BGA qt and Keldon agree)
        ("Space Marines", 2),
        ("Contact Specialist", 2),
        ("Uplift Terraforming", 2),
        ("Merchant Guild", 1),
    ],
)
def test_copies(cards, name, copies):
    assert cards[name].copies == copies


def test_card_counts_match_the_rulebooks(cards):
    def copies(pred):
        return sum(c.copies for c in cards.values() if pred(c))

    xc_game = [c for c in cards.values() if c.set == "xc" and c.start is None and c.frontier is None]
    assert (len(xc_game), sum(c.copies for c in xc_game)) == (22, 26)  # xc: Contents, 26 game cards
    assert copies(lambda c: c.set == "xc" and c.start) == 6  # 6 start world cards
    assert copies(lambda c: c.frontier == "near") == 18  # 18 Near Frontier cards
    assert copies(lambda c: c.frontier == "far") == 28  # 28 Far Frontier cards
    assert copies(lambda c: c.set == "xi" and c.start) == 5  # xi: Contents, 5 start worlds
    assert copies(lambda c: c.set == "xi" and not c.start) == 46  # 46 game cards
    assert copies(lambda c: c.set == "base") == 120  # BGA qt and Keldon E@0
    assert not [c.name for c in cards.values() if "copies" in c.unverified]


# --- scoring lines in printed order ----------------------------------------------------------


def _line(line):
    if line.per_player:
        return (line.vp, line.per_player, line.divide_by)
    return (line.vp, line.match.model_dump(exclude_none=True))


@pytest.mark.parametrize(
    "name, lines",
    [
        ("Merchant Guild", [(2, {"type": "world", "windfall": False}), (1, "goods", 1)]),
        (
            "Anti-Xeno Rebel Force",
            [
                (1, {"keyword": "ANTI-XENO"}),
                (2, {"type": "world", "military": True, "keyword": "REBEL"}),
                (1, {"type": "world", "military": True, "keyword": "XENO"}),
            ],
        ),
        (
            "Terraforming Defenders",
            [
                (2, {"keyword": "TERRAFORMING"}),
                (3, {"name": "Terraformed World"}),
                (1, {"type": "world", "windfall": False}),
            ],
        ),
        (
            "Pan-Galactic League",
            [
                (2, {"type": "world", "good": "genes"}),
                (1, {"type": "world", "military": True}),
                (3, {"name": "Contact Specialist"}),
            ],
        ),
        ("Uplift Coalition", [(1, {"type": "world", "keyword": "CHROMO"})]),
        ("Corrosive Uplift World", [(1, {"type": "world", "keyword": "CHROMO"})]),
        (
            "Frontier Isolationists",
            [
                (3, {"type": "world", "frontier": "near"}),
                (1, {"type": "world", "frontier": "far"}),
                (3, {"ability": "pay_for_military"}),
            ],
        ),
        ("New Galactic Order", [(1, "military", 1)]),
        (
            "Galactic Renaissance",
            [
                (1, "vp_chips", 3),
                (3, {"name": "Research Labs"}),
                (3, {"name": "Galactic Trendsetters"}),
                (3, {"name": "Artist Colony"}),
            ],
        ),
    ],
)
def test_scoring_lines(cards, name, lines):
    assert [_line(line) for line in cards[name].scoring] == lines


def test_pay_for_military_cards(cards):
    # the Pay-for-Military icon (a military world placed as a non-military one) printed on these
    carriers = sorted(c.name for c in cards.values() if "pay_for_military" in c.abilities)
    assert carriers == [
        "Anti-Xeno Embassy",
        "Anti-Xeno Uplift Base",
        "Anti-Xeno Uplift Warriors",
        "Contact Specialist",
        "Galactic Trade Emissaries",
        "Uplift Terraforming",
    ]


def test_chromosome_symbol_only_on_uplift_worlds(cards):
    # why BGA's "per CHROMO card" and the printed "per chromosome world" count the same cards
    chromo = [c for c in cards.values() if "CHROMO" in c.keywords]
    assert chromo and all(c.type == "world" and "UPLIFT" in c.keywords for c in chromo)


def test_no_anti_xeno_rebel_military_world_is_printed(cards):
    # the anti-xeno-rebel-force ruling's case is hypothetical in base, XI and XC
    assert not [
        c.name for c in cards.values() if c.type == "world" and c.military and {"ANTI-XENO", "REBEL"} <= set(c.keywords)
    ]


# --- Military powers -------------------------------------------------------------------------


def _mil(card):
    out = []
    for p in card.military_powers:
        kind = "military" if p.military is not None else "military_vs_xenos"
        per = p.per.model_dump(exclude_none=True) if p.per else None
        out.append((kind, p.military if p.military is not None else p.military_vs_xenos, per, p.divide_by))
    return out


@pytest.mark.parametrize(
    "name, powers",
    [
        ("Space Marines", [("military", 2, None, 1)]),
        ("Contact Specialist", [("military", -1, None, 1)]),
        ("New Galactic Order", [("military", 2, None, 1)]),
        ("Outlaw World", [("military", 1, None, 1)]),
        ("Galactic Imperium", []),  # +4 only against Rebel military worlds: specialised
        ("Alien Tech Institute", []),  # +2 only to place Alien worlds
        ("New Military Tactics", []),  # discard for +3 this phase: temporary
        ("Anti-Xeno Rebel Force", [("military", 1, {"type": "world", "military": True, "keyword": "REBEL"}, 1)]),
        ("Uplift Coalition", [("military", 1, {"type": "world", "keyword": "CHROMO"}, 1)]),
        ("Xeno-Held Imperium Mine", [("military", 1, {"keyword": "IMPERIUM"}, 1)]),
        ("Anti-Xeno League", [("military_vs_xenos", 1, {"type": "world", "military": False}, 1)]),
        ("Alien First Contact Team", [("military", 1, None, 1), ("military_vs_xenos", 1, None, 1)]),
        ("Rebel Resistance", [("military_vs_xenos", 2, None, 1)]),
        ("Starry Rift Pioneers", []),  # +1 Defense vs. Xenos only
        (
            "Anti-Xeno Arsenal",
            [
                ("military", 1, {"type": "world", "military": False}, 2),
                ("military_vs_xenos", 1, {"type": "world", "military": False}, 2),
            ],
        ),
        (
            "Imperium Expansionists",
            [
                ("military", 1, {"type": "world", "frontier": "any"}, 1),
                ("military_vs_xenos", 1, {"type": "world", "frontier": "any"}, 1),
            ],
        ),
        ("Anti-Xeno Alien Warships", [("military", 4, None, 1), ("military_vs_xenos", 2, None, 1)]),
        ("Anti-Xeno Armada", [("military", 5, None, 1), ("military_vs_xenos", 3, None, 1)]),
        ("Anti-Xeno Imperium Ring", [("military", 1, {"keyword": "IMPERIUM"}, 1)]),
        ("Anti-Xeno Uplift Warriors", [("military_vs_xenos", 1, {"type": "world", "keyword": "CHROMO"}, 1)]),
        ("Uplift Pioneers", [("military", 1, {"type": "world", "keyword": "CHROMO"}, 1)]),
        ("Monastery World", [("military", -1, None, 1)]),
        ("Alien Warning Beacon", [("military_vs_xenos", 1, None, 1)]),
        ("Frontier Isolationists", []),  # +2 Defense per Frontier world only
        ("Imperium Warlord Keep", []),  # +2 only to place Rebel military worlds
        ("Run-Amok Robots", []),  # discard or damage a world: temporary
    ],
)
def test_military_powers(cards, name, powers):
    assert _mil(cards[name]) == powers


def test_every_military_power_has_a_source(cards):
    assert [c.name for c in cards.values() for p in c.military_powers if not p.source] == []


# --- the data scored (engine: generator.scoring) -----------------------------------------------


def _score(tableau, variant="standard", **fields):
    try:
        from tests.scoring_fixtures import compiled
    except ImportError:
        from scoring_fixtures import compiled
    from generator.scoring.api import score

    ended_by = {"standard": "tableau", "frontier": "tableau", "invasion": "repulse"}[variant]
    player = {
        "name": "Ann",
        "tableau": tableau,
        "chips": 0,
        "goods": 0,
        "hand": 0,
        "war_contribution_chips": 0,
        "defense_awards": 0,
        **fields,
    }
    report = score({"game": "rftg", "variant": variant, "ended_by": ended_by, "players": [player]}, compiled())
    assert report["ok"], report
    return report["players"][0]


def test_merchant_guild_scores_goods_at_game_end():
    # the record: New Sparta (1 VP) + Merchant Guild with 2 goods -> Merchant Guild 2, total 3
    ann = _score(["New Sparta", "Merchant Guild"], goods=2)
    assert (ann["six_dev_vp"], ann["total"]) == (2, 3)
    # 2 per production world on top: Mining World (rare production, 2 VP)
    assert _score(["New Sparta", "Merchant Guild", "Mining World"], goods=1)["six_dev_vp"] == 2 + 1


@pytest.mark.parametrize(
    "tableau, variant, military, vs_xenos",
    [
        # New Sparta +2, Space Marines +2, Contact Specialist -1; Galactic Imperium's +4 is vs Rebels only
        (["New Sparta", "Space Marines", "Contact Specialist", "Galactic Imperium"], "standard", 3, None),
        # Alien First Contact Team +1 / +1 vs. Xenos (its +1 vs Alien worlds does not count),
        # Anti-Xeno Assault Troops +2 / +1 vs. Xenos, Rebel Resistance +2 vs. Xenos
        (["Alien First Contact Team", "Anti-Xeno Assault Troops", "Rebel Resistance"], "invasion", 3, 3 + 1 + 1 + 2),
        # Anti-Xeno Rebel Force: +1 per Rebel military world (Rebel Fuel Cache, Rebel Miners)
        (["Anti-Xeno Rebel Force", "Rebel Fuel Cache", "Rebel Miners"], "invasion", 2, 2),
        # ... a damaged world neither adds its powers nor counts (xi: Invasion Step)
        (["Anti-Xeno Rebel Force", "Rebel Fuel Cache", {"card": "Rebel Miners", "damaged": True}], "invasion", 1, 1),
        # Anti-Xeno League: +1 vs. Xenos per non-military world (Old Earth, Spice World)
        (["Anti-Xeno League", "Old Earth", "Spice World", "New Sparta"], "invasion", 2, 2 + 2),
        # Starry Rift Pioneers: +1 Defense vs. Xenos only
        (["Starry Rift Pioneers"], "invasion", 0, 0),
        # New Galactic Order counts negative Military: Empath World -1, Refugee World -1, NGO +2
        (["New Galactic Order", "Empath World", "Refugee World", "Contact Specialist"], "standard", -1, None),
    ],
)
def test_military_computed_from_the_printed_powers(tableau, variant, military, vs_xenos):
    ann = _score(tableau, variant)
    assert ann["military"] == military
    if vs_xenos is not None:
        assert ann["military_vs_xenos"] == vs_xenos


def test_new_galactic_order_scores_negative_military():
    ann = _score(["New Galactic Order", "Empath World", "Refugee World", "Contact Specialist"])
    assert ann["six_dev_vp"] == -1  # "count negative Military"


def test_military_per_two_non_military_worlds():
    # Anti-Xeno Arsenal: +1 Military and +1 Military vs. Xenos per two non-military worlds;
    # three non-military worlds (Old Earth, Spice World, Gem World) make one pair
    ann = _score(["Anti-Xeno Arsenal", "Old Earth", "Spice World", "Gem World"], "invasion")
    assert (ann["military"], ann["military_vs_xenos"]) == (1, 2)
