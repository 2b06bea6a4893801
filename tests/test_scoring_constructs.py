"""The scoring constructs real games score with, on small models written here: awards by place
with shared, pooled, all and no-score ties, places skipped after a tie or not, awards by player
count, rounds, the tallies (lookup, runs, complete sets), components reading the other players
and the lowest total winning. Every expected value is worked by hand in the comment beside it."""

from __future__ import annotations

import pytest

from generator.scoring.awards import ordinal, split
from generator.scoring.expressions import ExpressionError
from generator.scoring.game_pad import pad_for
from generator.scoring.model import ModelInvalid
from generator.scoring.record.validate import RecordInvalid
from generator.scoring.tally import complete_sets, lookup, runs


def _model(**parts):
    return {
        "id": "demo-scoring",
        "title": "Demo",
        "record": "demo",
        "players": {"min": 1, "max": 6},
        "entered": [{"id": "coins", "label": "Coins", "type": "count"}],
        **parts,
    }


def _score(model, players, **record):
    pad = pad_for({"id": "demo", "scoring": model})
    return pad.score(pad.parse({"game": model["record"], "players": players, **record}))


def _totals(report):
    return {p["name"]: p["total"] for p in report["players"]}


def _coins(*values):
    return [{"name": name, "coins": value} for name, value in zip("ABCDEF", values)]


def _award(**award):
    return _model(awards=[{"id": "rich", "title": "Richest", "most": "coins", "source": "x", **award}])


@pytest.mark.parametrize(
    "ties, coins, expected",
    [
        # 1st 5, 2nd 2. A and B tie for 1st: all -> 5 each, C is 3rd (skipped) -> 0
        ("all", (4, 4, 1), {"A": 5, "B": 5, "C": 0}),
        # share: 5 // 2 = 2 each (the remainder lost); C 3rd: nothing
        ("share", (4, 4, 1), {"A": 2, "B": 2, "C": 0}),
        # pool: they cover 1st and 2nd: (5 + 2) // 2 = 3 each
        ("pool", (4, 4, 1), {"A": 3, "B": 3, "C": 0}),
        # none: nobody scores 1st; C is 3rd: nothing
        ("none", (4, 4, 1), {"A": 0, "B": 0, "C": 0}),
        # no tie: 5, 2, 0
        ("share", (9, 4, 1), {"A": 5, "B": 2, "C": 0}),
        # a tie for 2nd under share: A 5; B and C split 2: 1 each
        ("share", (9, 4, 4), {"A": 5, "B": 1, "C": 1}),
        # a tie for 2nd under pool: they cover 2nd and 3rd (3rd is worth nothing): 2 // 2 = 1
        ("pool", (9, 4, 4), {"A": 5, "B": 1, "C": 1}),
    ],
)
def test_places_and_each_way_to_break_a_tie(ties, coins, expected):
    report = _score(_award(places=[5, 2], ties=ties), _coins(*coins))
    assert _totals(report) == expected


def test_after_a_tie_the_next_place_is_skipped_or_not():
    # A, B tie for 1st (5 each, ties all); C: skip -> 3rd (no VP); next -> 2nd (2 VP)
    assert _totals(_score(_award(places=[5, 2], ties="all"), _coins(4, 4, 1)))["C"] == 0
    assert _totals(_score(_award(places=[5, 2], ties="all", after_tie="next"), _coins(4, 4, 1)))["C"] == 2


def test_a_negative_award_is_shared_toward_zero_and_least_ranks_the_fewest():
    # fewest coins -6: B, C, D tie on 1: -6 / 3 = -2 each; four tied on 0: -6 / 4 -> -1 (toward 0)
    model = _model(
        awards=[{"id": "poor", "title": "Poorest", "least": "coins", "places": [-6], "ties": "share", "source": "x"}]
    )
    assert _totals(_score(model, _coins(5, 1, 1, 1))) == {"A": 0, "B": -2, "C": -2, "D": -2}
    assert _totals(_score(model, _coins(0, 0, 0, 0))) == {"A": -1, "B": -1, "C": -1, "D": -1}
    assert split(-6, 4) == -1 and split(7, 2) == 3 and split(-7, 2) == -3


def test_the_explanation_says_what_was_compared():
    report = _score(_award(places=[6, 3], ties="share"), _coins(9, 4, 4))
    lines = {p["name"]: p["explain"][-1] for p in report["players"]}
    assert lines["A"] == {"component": "Richest", "vp": 6, "why": "most coins: 9"}
    assert lines["B"] == {"component": "Richest", "vp": 1, "why": "2nd most coins: 4, shared with C: 3 // 2 = 1 VP"}
    report = _score(_award(places=[5, 2], ties="pool"), _coins(4, 4, 1))
    assert (
        report["players"][0]["explain"][-1]["why"] == "most coins: 4, tied with B for 1st and 2nd: (5 + 2) // 2 = 3 VP"
    )
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
        "101st",
    ]


def test_a_place_below_the_minimum_is_not_taken():
    # min_to_win 1: C (0 coins) takes no place, so with A 3, B 0... only A places
    report = _score(_award(places=[6, 3], ties="share", min_to_win=1), _coins(3, 0, 0))
    assert _totals(report) == {"A": 6, "B": 0, "C": 0}
    # nobody has any: nothing to say; some, but too few: said
    report = _score(_award(places=[6, 3], ties="share", min_to_win=1), _coins(0, 0))
    assert _totals(report) == {"A": 0, "B": 0} and report["findings"] == []
    report = _score(_award(places=[6, 3], ties="share", min_to_win=3), _coins(2, 1))
    assert [f["message"] for f in report["findings"]] == [
        "Richest: nobody scores it (top coins is 2; it needs at least 3)"
    ]


def test_awards_by_player_count():
    # two players: only 1st (5); three or more: 5 and 2
    award = _award(places_by_players={2: [5], 3: [5, 2]}, ties="all")
    assert _totals(_score(award, _coins(4, 1))) == {"A": 5, "B": 0}
    assert _totals(_score(award, _coins(4, 2, 1))) == {"A": 5, "B": 2, "C": 0}
    # a penalty only from three players: not with two, and said
    penalty = _model(
        awards=[
            {
                "id": "poor",
                "title": "Poorest",
                "least": "coins",
                "places": [-6],
                "ties": "share",
                "min_players": 3,
                "source": "x",
            }
        ]
    )
    report = _score(penalty, _coins(4, 1))
    assert _totals(report) == {"A": 0, "B": 0}
    assert [f["message"] for f in report["findings"]] == [
        "Poorest: not scored with 2 players (it is scored with 3 or more players)"
    ]
    assert _totals(_score(penalty, _coins(4, 1, 2))) == {"A": 0, "B": -6, "C": 0}


ROUNDS = _model(
    rounds={
        "count": 3,
        "entered": [
            {"id": "maki", "label": "Maki", "type": "count"},
            {"id": "tempura", "label": "Tempura", "type": "count"},
        ],
    },
    measures=[{"id": "maki_each", "label": "Maki", "value": "maki * round", "per_round": True}],
    components=[
        {
            "id": "tempura_vp",
            "label": "Tempura",
            "value": "tempura // 2 * 5",
            "per_round": True,
            "why": "{tempura} tempura",
        }
    ],
    awards=[
        {
            "id": "maki",
            "title": "Maki",
            "most": "maki",
            "places": [6, 3],
            "ties": "share",
            "per_round": True,
            "min_to_win": 1,
            "source": "x",
        }
    ],
)


def test_rounds_score_each_round_and_add_them_up():
    report = _score(
        ROUNDS,
        [
            {"name": "Ann", "r1": {"maki": 4, "tempura": 2}, "r2": {"maki": 1}, "r3": {"maki": 2, "tempura": 5}},
            {"name": "Ben", "r1": {"maki": 4}, "r2": {"maki": 3, "tempura": 1}},
        ],
    )
    ann, ben = report["players"]
    # Ann: tempura 5 (r1) + 10 (r3, two pairs); maki r1 shared 3, r2 2nd 3, r3 most 6 (Ben none)
    assert ann["tempura_vp"] == 15 and ann["total"] == 15 + 3 + 3 + 6
    # Ben: maki r1 shared 3, r2 most 6; r3 no maki: no place
    assert ben["total"] == 9
    # a per-round measure is the list of its rounds: maki x round number
    assert ann["maki_each"] == [4, 2, 6] and ben["maki_each"] == [4, 6, 0]
    assert [(r["id"], r["vp"], r.get("maki", 0), r["tempura_vp"]) for r in ann["rounds"]] == [
        ("r1", 8, 3, 5),
        ("r2", 3, 3, 0),
        ("r3", 16, 6, 10),
    ]
    assert {"component": "Tempura, Round 3", "vp": 10, "why": "5 tempura"} in ann["explain"]
    assert {"component": "Maki, Round 1", "vp": 3, "why": "most maki: 4, shared with Ben: 6 // 2 = 3 VP"} in ann[
        "explain"
    ]


def test_a_round_is_a_group_in_the_record_schema():
    pad = pad_for({"id": "demo", "scoring": ROUNDS})
    with pytest.raises(RecordInvalid) as caught:
        pad.parse({"game": "demo", "players": [{"name": "Ann", "r1": {"maki": -1, "sushi": 2}}]})
    assert sorted(p["field"] for p in caught.value.problems) == ["players[0].r1.maki", "players[0].r1.sushi"]


def test_per_round_without_rounds_is_a_model_error():
    model = _model(components=[{"id": "c", "label": "C", "value": "coins", "per_round": True}])
    with pytest.raises(ModelInvalid, match="per_round"):
        pad_for({"id": "demo", "scoring": model})


def test_components_read_the_neighbours_and_every_player():
    # +1 per neighbour with fewer coins, -1 per neighbour with more; rank among all players
    model = _model(
        components=[
            {
                "id": "duel",
                "label": "Duel",
                "value": "(1 if coins > left.coins else -1 if coins < left.coins else 0) + "
                "(1 if coins > right.coins else -1 if coins < right.coins else 0)",
            },
            {"id": "rank_bonus", "label": "Rank", "value": "3 - len([p for p in players if p.coins > coins])"},
        ]
    )
    report = _score(model, _coins(5, 3, 8))
    # seating A, B, C: A's left is B (3 < 5: +1), right is C (8 > 5: -1): 0; rank 2nd: 3 - 1 = 2
    # B: left C (8: -1), right A (5: -1): -2; rank 3rd: 3 - 2 = 1
    # C: left A (+1), right B (+1): 2; rank 1st: 3
    assert _totals(report) == {"A": 2, "B": -1, "C": 5}


def test_lowest_total_wins():
    model = _model(
        components=[{"id": "c", "label": "Coins", "value": "coins"}],
        lowest_wins=True,
        tie_breakers=[{"id": "t", "label": "coins", "value": "coins"}],
    )
    report = _score(model, _coins(7, 3, 9))
    assert report["winners"] == ["B"] and [p["rank"] for p in report["players"]] == [2, 1, 3]


def test_tallies():
    assert [lookup(n, [1, 3, 6, 10, 15]) for n in (0, 1, 2, 4, 5, 9)] == [0, 1, 3, 10, 15, 15]
    assert runs([5, 3, 4, 9, 11, 10, 20, 4]) == [[3, 4, 5], [9, 10, 11], [20]]
    assert runs([]) == []
    # three kinds 2, 2, 1 make one set of three different; four kinds of 3 make four sets
    assert complete_sets([2, 2, 1], 3) == 1 and complete_sets([3, 3, 3, 3], 3) == 4
    assert complete_sets([5, 1], 2) == 1 and complete_sets([4, 4, 0], 3) == 0 and complete_sets([1, 1], 3) == 0
    with pytest.raises(ExpressionError, match="table is empty"):
        lookup(2, [])
    with pytest.raises(ExpressionError, match="whole number"):
        runs(["a"])


def test_a_formula_calls_the_tallies():
    model = _model(
        entered=[
            {"id": "cards", "label": "Cards", "type": "numbers", "min": 3, "max": 35},
            {"id": "chips", "label": "Chips", "type": "count"},
        ],
        components=[
            {"id": "cards_vp", "label": "Cards", "value": "sum(run[0] for run in runs(cards))"},
            {"id": "chips_vp", "label": "Chips", "value": "-chips"},
        ],
        lowest_wins=True,
    )
    # A: runs [3,4,5] [9] [20,21] -> 3 + 9 + 20 = 32, minus 4 chips = 28; B: [35] - 10 = 25
    report = _score(
        model, [{"name": "A", "cards": [5, 3, 4, 9, 21, 20], "chips": 4}, {"name": "B", "cards": [35], "chips": 10}]
    )
    assert _totals(report) == {"A": 28, "B": 25} and report["winners"] == ["B"]


def test_a_whole_game_check_names_each_player_it_is_about():
    # at most 10 coins in the game's bank: the players over 4 each are named, one finding each
    model = _model(
        checks=[
            {
                "id": "hoard",
                "values": {"over": "[i for i in range(len(players)) if players[i].coins > 4]"},
                "expect": "not over",
                "player": "over",
                "field": "coins",
                "severity": "error",
                "message": "more than 4 coins",
            }
        ]
    )
    report = _score(model, _coins(5, 1, 9))
    assert [(f["player"], f["path"]) for f in report["findings"]] == [
        ("A", ["players", 0, "coins"]),
        ("C", ["players", 2, "coins"]),
    ]


def test_an_award_given_only_when_its_condition_holds_and_tie_breakers_read_awards_won():
    # Poorest is given only when the record funds it (Terraforming Mars' funded awards)
    model = _model(
        record_entered=[{"id": "funded", "label": "Funded", "type": "texts"}],
        awards=[
            {"id": "rich", "title": "Richest", "most": "coins", "vp": 5, "source": "x"},
            {"id": "poor", "title": "Poorest", "least": "coins", "vp": 4, "source": "x", "when": "'poor' in funded"},
        ],
        components=[{"id": "c", "label": "Coins", "value": "coins"}],
    )
    players = [{"name": "A", "coins": 5}, {"name": "B", "coins": 10}]
    # not funded: A 5 coins; B 10 coins + Richest 5 = 15
    assert _totals(_score(model, players)) == {"A": 5, "B": 15}
    # funded: A also takes Poorest, 4
    assert _totals(_score(model, players, funded=["poor"])) == {"A": 9, "B": 15}
    # a tie-breaker reads the awards a player won (Ticket to Ride: the Longest Path holder)
    tie = _model(
        components=[{"id": "c", "label": "Coins", "value": "coins"}],
        awards=[{"id": "rich", "title": "Richest", "most": "coins", "vp": 5, "source": "x"}],
        tie_breakers=[{"id": "t", "label": "richest", "value": "1 if 'rich' in awards else 0"}],
    )
    report = _score(tie, [{"name": "A", "coins": 5}, {"name": "B", "coins": 4}])
    assert [p["tiebreak"] for p in report["players"]] == [1, 0]


def test_a_template_shows_a_key_of_a_neighbours_values():
    model = _model(
        components=[
            {
                "id": "duel",
                "label": "Duel",
                "value": "1 if coins > left.coins else 0",
                "why": "{coins} against {left.coins}",
            }
        ]
    )
    report = _score(model, _coins(5, 3))
    assert report["players"][0]["explain"][0]["why"] == "5 against 3"


def test_each_round_its_own_places_and_a_condition_per_round():
    # Alhambra-like: round 1 pays 1st only (8), round 2 1st and 2nd (16, 8); round 3 not at all
    model = _model(
        rounds={"count": 3, "entered": [{"id": "towers", "label": "Towers", "type": "count"}]},
        awards=[
            {
                "id": "towers",
                "title": "Towers",
                "most": "towers",
                "per_round": True,
                "places_by_round": [[8], [16, 8], [30, 20]],
                "ties": "pool",
                "min_to_win": 1,
                "when": "round < 3",
                "source": "x",
            }
        ],
    )
    report = _score(
        model,
        [
            {"name": "A", "r1": {"towers": 2}, "r2": {"towers": 3}, "r3": {"towers": 9}},
            {"name": "B", "r1": {"towers": 1}, "r2": {"towers": 3}, "r3": {"towers": 1}},
        ],
    )
    # r1: A 8; r2: A and B pool 1st and 2nd: (16 + 8) // 2 = 12 each; r3: not given
    assert _totals(report) == {"A": 20, "B": 12}
    with pytest.raises(ModelInvalid, match="places_by_round"):
        pad_for({"id": "demo", "scoring": {**model, "awards": [{**model["awards"][0], "places_by_round": [[8]]}]}})
