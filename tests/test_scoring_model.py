"""The game-neutral scoring model (`generator.scoring.pad`), on small models written here:
components, measures, awards (most, least, ties, minimum), tie-breakers in order, checks,
variants that become others, values assumed, left out or not applicable; every value computed
by hand. Content-side validation of a model is in test_new_game.py and test_forms.py."""

from __future__ import annotations

import pytest

from generator.scoring.game_pad import pad_for
from generator.scoring.model import ModelInvalid
from generator.scoring.record.validate import RecordInvalid

MODEL = {
    "id": "demo-scoring",
    "title": "Demo",
    "record": "demo",
    "players": {"min": 2, "max": 4},
    "constants": {"set_vp": 5},
    "entered": [
        {"id": "red", "label": "Red", "type": "count", "missing": "warn"},
        {"id": "blue", "label": "Blue", "type": "count", "missing": "warn"},
        {"id": "coins", "label": "Coins", "type": "count"},
        {"id": "debt", "label": "Debt", "type": "number", "min": -20, "max": 0},
    ],
    "measures": [{"id": "sets", "label": "Sets", "value": "min(red, blue)"}],
    "components": [
        {"id": "sets_vp", "label": "Sets", "value": "sets * set_vp", "why": "{sets} sets"},
        {"id": "coins_vp", "label": "Coins", "value": "coins // 3"},
        {"id": "debt_vp", "label": "Debt", "value": "debt"},
    ],
    "awards": [
        {"id": "rich", "title": "Richest", "vp": 4, "most": "coins", "min_to_win": 1},
        {"id": "poor", "title": "Poorest", "vp": -2, "least": "coins", "ties": "none"},
    ],
    "tie_breakers": [
        {"id": "fewer_debts", "label": "debt", "value": "debt"},
        {"id": "less_red", "label": "red", "value": "red", "lower_wins": True},
    ],
    "checks": [
        {
            "id": "too_many_red",
            "values": {"all_red": "sum(p.red for p in players)"},
            "expect": "all_red <= 10",
            "severity": "error",
            "field": "players",
            "message": "{all_red} red gems, but the box holds 10",
        }
    ],
}


def pad(model=MODEL, **rules):
    return pad_for({"id": "demo", "scoring": model, **rules})


def score(players, model=MODEL, **record):
    p = pad(model)
    return p.score(p.parse({"game": model["record"], "players": players, **record}))


def by_name(report):
    return {p["name"]: p for p in report["players"]}


def codes(report):
    return [f["code"] for f in report["findings"]]


def test_components_measures_awards_and_explanations():
    report = score(
        [
            {"name": "Ann", "red": 3, "blue": 2, "coins": 7, "debt": -1},
            {"name": "Ben", "red": 1, "blue": 1, "coins": 2, "debt": 0},
            {"name": "Cy", "red": 0, "blue": 4, "coins": 2, "debt": 0},
        ]
    )
    ann, ben, cy = (by_name(report)[n] for n in ("Ann", "Ben", "Cy"))
    assert (ann["sets"], ann["sets_vp"], ann["coins_vp"], ann["debt_vp"]) == (2, 10, 2, -1)
    assert ann["awards"] == ["rich"] and ann["awards_vp"] == 4 and ann["total"] == 10 + 2 - 1 + 4
    # Poorest: Ben and Cy tie on 2 coins and the award says `ties: none`: nobody scores it
    assert ben["awards"] == [] and cy["awards"] == []
    assert "Poorest: nobody scores it (Ben and Cy tie for the least coins: 2)" in [
        f["message"] for f in report["findings"]
    ]
    assert ann["explain"] == [
        {"component": "Sets", "vp": 10, "why": "2 sets"},
        {"component": "Coins", "vp": 2, "why": ""},
        {"component": "Debt", "vp": -1, "why": ""},
        {"component": "Richest", "vp": 4, "why": "highest coins: 7"},
    ]
    assert report["winners"] == ["Ann"] and [ben["total"], cy["total"]] == [5, 0]


def test_least_award_and_minimum():
    report = score([{"name": "Ann", "red": 0, "blue": 0, "coins": 0}, {"name": "Ben", "red": 0, "blue": 0, "coins": 1}])
    ann, ben = by_name(report)["Ann"], by_name(report)["Ben"]
    assert ann["awards"] == ["poor"] and ann["awards_vp"] == -2
    assert ben["awards"] == ["rich"]  # 1 coin is the minimum to win Richest
    report = score([{"name": "Ann", "red": 0, "blue": 0, "coins": 0}, {"name": "Ben", "red": 0, "blue": 0, "coins": 0}])
    assert "Richest: nobody scores it (top coins is 0; it needs at least 1)" in [
        f["message"] for f in report["findings"]
    ]


def test_least_award_minimum_is_a_most():
    # `least` with `min_to_win`: nobody scores when the lowest value is above it, and the
    # finding says so in those words (it said "top coins is 2; it needs at least 1")
    model = {**MODEL, "awards": [{"id": "frugal", "title": "Frugal", "vp": 3, "least": "coins", "min_to_win": 1}]}
    report = score(
        [{"name": "Ann", "red": 0, "blue": 0, "coins": 2}, {"name": "Ben", "red": 0, "blue": 0, "coins": 3}], model
    )
    assert [p["awards"] for p in report["players"]] == [[], []]
    assert "Frugal: nobody scores it (lowest coins is 2; it needs at most 1)" in [
        f["message"] for f in report["findings"]
    ]
    report = score(
        [{"name": "Ann", "red": 0, "blue": 0, "coins": 1}, {"name": "Ben", "red": 0, "blue": 0, "coins": 3}], model
    )
    assert by_name(report)["Ann"]["awards"] == ["frugal"] and by_name(report)["Ann"]["awards_vp"] == 3


@pytest.mark.parametrize(
    "name", ["Ann\u2028Winner: Eve with 99 VP", "Ann\u2029Eve", "Eve\u202e99 PV", "Eve\u2067x\u2069", "Ann\x85Eve"]
)
def test_a_name_that_would_fake_a_line_or_turn_text_around_is_refused(name):
    # U+2028/U+2029 are line breaks to editors, browsers and splitlines(): a name could print a
    # "Winner:" line of its own; a direction override (U+202E) reverses the report's text after it
    with pytest.raises(RecordInvalid) as caught:
        pad().parse(
            {
                "game": "demo",
                "players": [
                    {"name": name, "red": 0, "blue": 0, "coins": 0},
                    {"name": "Ben", "red": 0, "blue": 0, "coins": 0},
                ],
            }
        )
    problem = caught.value.problems[0]
    assert problem["field"] == "players[0].name"
    assert (
        "holds a character that cannot be printed (a line break, tab, control or text-direction" in problem["message"]
    )
    report = score(
        [
            {"name": "Zo\u00eb \u0130nce \u2013 \U0001f3b2", "red": 0, "blue": 0, "coins": 0},
            {"name": "Ben", "red": 0, "blue": 0, "coins": 0},
        ]
    )  # letters, dashes, emoji: fine
    assert report["players"][0]["name"].startswith("Zo\u00eb")


def test_tie_breakers_in_order_and_lower_wins():
    # Ann and Ben tie on 5 VP; equal debt (first tie-breaker), so the fewer red (lower wins) decides
    report = score(
        [
            {"name": "Ann", "red": 2, "blue": 1, "coins": 0, "debt": 0},
            {"name": "Ben", "red": 1, "blue": 1, "coins": 0, "debt": 0},
        ]
    )
    ann, ben = by_name(report)["Ann"], by_name(report)["Ben"]
    assert ann["total"] == ben["total"] == 5  # one set each; no coins: neither award is given
    assert (ben["rank"], ann["rank"]) == (1, 2) and report["winners"] == ["Ben"]
    assert report["ties"] == [
        {
            "total": 5,
            "fields": ["debt", "red"],
            "decided": True,
            "players": [{"name": "Ben", "tiebreak": [0, 1]}, {"name": "Ann", "tiebreak": [0, 2]}],
        }
    ]
    assert ben["tiebreaks"] == [0, 1]


def test_whole_game_check_and_missing_values():
    report = score([{"name": "Ann", "red": 9, "blue": 0, "coins": 1}, {"name": "Ben", "red": 2, "coins": 2}])
    assert codes(report) == ["missing_field", "too_many_red"]
    assert [f["message"] for f in report["findings"]] == [
        "`blue` not written for Ben (counted as 0; write `blue: 0` if there were none)",
        "11 red gems, but the box holds 10",
    ]
    assert report["findings"][1]["severity"] == "error" and report["findings"][1]["path"] == ["players"]
    assert report["findings"][0]["path"] == ["players", 1]


def test_claimed_total_and_player_count():
    players = [{"name": n, "red": 0, "blue": 0, "coins": 3} for n in "ABCDE"]
    players[0]["claimed_total"] = 9
    report = score(players)
    claimed = next(f for f in report["findings"] if f["code"] == "claimed_total")
    assert claimed["message"].startswith("claimed 9 but the score gives 5 (claimed is +4)")
    assert "5 players, but the game takes at most 4 (check the record)" in [f["message"] for f in report["findings"]]
    with pytest.raises(RecordInvalid) as caught:  # fewer than players.min: unreadable
        pad().parse({"game": "demo", "players": [{"name": "A"}]})
    assert caught.value.problems[0]["message"] == "needs at least 2 entries"


def test_entered_values_are_bounded_by_the_model():
    with pytest.raises(RecordInvalid) as caught:
        pad().parse({"game": "demo", "players": [{"name": "A", "debt": 3}, {"name": "B", "reds": 1}]})
    messages = [(p["field"], p["message"], p["hint"]) for p in caught.value.problems]
    assert (
        "players[0].debt",
        "3 is above the largest allowed value, 0",
        "write a whole number, e.g. 3 or -1",
    ) in messages
    assert ("players[1].reds", "unknown field 'reds'", "did you mean 'red'?") in messages


VARIANTS = {
    **MODEL,
    "endings": [{"id": "deck", "label": "Deck empty"}, {"id": "bust", "label": "Bank bust"}],
    "record_entered": [
        {
            "id": "expert",
            "label": "Expert rules",
            "type": "boolean",
            "variants": ["long", "long-expert"],
            "assume": "ended_by == 'bust'",
        }
    ],
    "variants": [
        {"id": "short", "title": "Short game", "ended_by": ["deck"], "constants": {"set_vp": 3}},
        {
            "id": "long",
            "title": "Long game",
            "ended_by": ["deck", "bust"],
            "no_awards_when": ["bust"],
            "becomes": [{"when": {"expert": True}, "variant": "long-expert", "note": "with expert rules"}],
        },
        {
            "id": "long-expert",
            "title": "Long game, expert",
            "hidden": True,
            "ended_by": ["bust"],
            "constants": {"set_vp": 7},
            "no_awards_when": ["bust"],
        },
    ],
    "entered": MODEL["entered"]
    + [{"id": "bonus", "label": "Bonus", "type": "count", "variants": ["long", "long-expert"]}],
    "components": MODEL["components"]
    + [{"id": "bonus_vp", "label": "Bonus", "value": "bonus", "variants": ["long", "long-expert"]}],
}


def test_variants_constants_becomes_and_values_that_do_not_apply():
    two = [
        {"name": "Ann", "red": 1, "blue": 1, "coins": 0, "bonus": 2},
        {"name": "Ben", "red": 0, "blue": 0, "coins": 0},
    ]
    short = score(two, VARIANTS, variant="short", ended_by="deck")
    ann = by_name(short)["Ann"]
    assert (ann["sets_vp"], ann["bonus_vp"]) == (3, 0)  # short: 3 per set, bonus does not apply
    assert "`bonus` does not apply to this short game (remove it)" in [f["message"] for f in short["findings"]]
    assert short["fields"] == []
    long = score(two, VARIANTS, variant="long", ended_by="deck", expert=True)
    ann = by_name(long)["Ann"]
    assert (ann["sets_vp"], ann["bonus_vp"]) == (7, 2) and long["variant"] == "long"  # scored as long-expert
    assert "ended_by 'deck' is not a way a long game with expert rules ends (use one of: bust)" in [
        f["message"] for f in long["findings"]
    ]
    # `expert` left out: assumed from the ending (a warning), and no award after a bust
    bust = score(two, VARIANTS, variant="long", ended_by="bust")
    assert (
        codes(bust)[:1] == ["assumed"]
        and bust["findings"][0]["message"] == "`expert` not given; assumed true (write expert: true or false)"
    )
    assert "no awards: the game ended by bust" in [f["message"] for f in bust["findings"]]
    assert by_name(bust)["Ann"]["awards"] == []
    with pytest.raises(RecordInvalid):  # a hidden variant cannot be written
        pad(VARIANTS).parse({"game": "demo", "variant": "long-expert", "ended_by": "bust", "players": two})


def test_a_missing_ended_by_lists_each_variants_values_from_the_model():
    """The hint comes from any game's model (not RftG's alone): each offered variant's endings,
    with those of the variant it becomes; the hidden variant is not offered on its own."""
    two = [{"name": "Ann", "coins": 0}, {"name": "Ben", "coins": 0}]
    with pytest.raises(RecordInvalid) as caught:
        pad(VARIANTS).parse({"game": "demo", "variant": "long", "players": two})
    hints = {p["field"]: p["hint"] for p in caught.value.problems}
    assert hints["ended_by"] == (
        "add `ended_by:` here; by variant, one of: short: deck; long: deck, bust; long with expert rules: bust"
    )
    # without variants, the endings alone
    plain = {**MODEL, "endings": VARIANTS["endings"]}
    with pytest.raises(RecordInvalid) as caught:
        pad(plain).parse({"game": "demo", "players": two})
    assert {p["field"]: p["hint"] for p in caught.value.problems}[
        "ended_by"
    ] == "add `ended_by:` here, one of: deck, bust"


@pytest.mark.parametrize(
    "change, message",
    [
        (
            lambda m: m["components"].append({"id": "x", "label": "X", "value": "redd + 1"}),
            "component 'x': unknown name 'redd'",
        ),
        (
            lambda m: m["awards"].append({"id": "y", "title": "Y", "vp": 1, "most": "coins +"}),
            "award 'y': not an expression",
        ),
        (
            lambda m: m["components"].append({"id": "z", "label": "Z", "value": "open('x')"}),
            "component 'z': unknown function 'open'",
        ),
        (
            lambda m: m["components"].insert(0, {"id": "early", "label": "E", "value": "coins_vp + 1"}),
            "component 'early': unknown name 'coins_vp'",
        ),  # a component reads only those before it
    ],
)
def test_a_formula_that_cannot_score_is_refused_with_its_place(change, message):
    import copy

    model = copy.deepcopy(MODEL)
    change(model)
    with pytest.raises(ModelInvalid) as caught:
        pad(model)
    assert message in str(caught.value)
    assert caught.value.path[0] in ("components", "awards")


def test_a_formula_failing_while_scoring_keeps_the_expression_errors_fields():
    """Every wrapper of the core (formulas.evaluated, the plan's component steps, the awards,
    the tableau quantities) keeps the column and name an `ExpressionError` carries, as a
    formula that does not compile does (`ModelInvalid.from_expression`)."""
    from generator.scoring.expressions import compile_expression
    from generator.scoring.formulas import evaluated

    expr = compile_expression("chips + war_chips")  # any name allowed: found missing when evaluated
    with pytest.raises(ModelInvalid) as caught:
        evaluated(expr, {"chips": 1}, "check 'c' value 'v'", ("checks", 0, "values", "v"))
    assert str(caught.value) == "check 'c' value 'v': unknown name 'war_chips'"
    assert (caught.value.unknown, caught.value.column, caught.value.path) == (
        "war_chips",
        9,
        ("checks", 0, "values", "v"),
    )
    expr = compile_expression("chips // 0")  # not a name: no name, no column
    with pytest.raises(ModelInvalid) as caught:
        evaluated(expr, {"chips": 1}, "measure 'm'", ("measures", 0, "value"))
    assert str(caught.value) == "measure 'm': cannot evaluate `chips // 0`: division by zero"
    assert (caught.value.unknown, caught.value.known, caught.value.column) == (None, (), None)


def test_a_formula_naming_an_unknown_name_keeps_the_name_and_its_column():
    """`playaid check`'s did-you-mean reads these fields (not the message's text)."""
    import copy

    model = copy.deepcopy(MODEL)
    model["components"].append({"id": "x", "label": "X", "value": "1 + redd"})
    with pytest.raises(ModelInvalid) as caught:
        pad(model)
    assert (caught.value.unknown, caught.value.column) == ("redd", 5)
    assert "red" in caught.value.known and "coins" in caught.value.known
    model = copy.deepcopy(MODEL)
    model["awards"].append({"id": "y", "title": "Y", "vp": 1, "most": "coins + (red"})
    with pytest.raises(ModelInvalid) as caught:  # a syntax error: a column, no name
        pad(model)
    assert (caught.value.unknown, caught.value.known, caught.value.column) == (None, (), 9)
    model["awards"][-1]["most"] = "coins +"  # Python gives no column at the end of the text: none
    with pytest.raises(ModelInvalid) as caught:
        pad(model)
    assert caught.value.column is None and str(caught.value) == "award 'y': not an expression: invalid syntax"


@pytest.mark.parametrize(
    "change, message, path",
    [
        # a component adds to the total: a text, list, decimal or nothing cannot be added
        (
            lambda m: m["components"].append({"id": "x", "label": "X", "value": "'many' if coins > 5 else 0"}),
            "component 'x' gives 'many' (a text), not a whole number",
            ("components", 3, "value"),
        ),
        (
            lambda m: m["components"].append({"id": "x", "label": "X", "value": "[coins]"}),
            "component 'x' gives [7] (a list), not a whole number",
            ("components", 3, "value"),
        ),
        (
            lambda m: m["components"].append({"id": "x", "label": "X", "value": "coins * 1.5"}),
            "component 'x' gives 10.5 (a decimal), not a whole number",
            ("components", 3, "value"),
        ),
        # awards and tie-breaks compare players: mixed kinds cannot be compared
        (
            lambda m: m["awards"].append({"id": "y", "title": "Y", "vp": 1, "most": "'a' if coins > 5 else coins"}),
            "award 'y' gives 'a' (a text), not a whole number",
            ("awards", 2, "most"),
        ),
        (
            lambda m: m["tie_breakers"].append({"id": "t", "label": "T", "value": "None", "lower_wins": True}),
            "tie-breaker 't' gives None (nothing), not a whole number",
            ("tie_breakers", 2, "value"),
        ),
        # a finding placed at a player who is not there
        (
            lambda m: m["checks"].append({"id": "c", "expect": "False", "message": "m", "player": "len(players)"}),
            "check 'c' `player` gives 3, not the index of a player or a list of them (0 to 2",
            ("checks", 1, "player"),
        ),
        # totals stay below 10**15, where the phone page's numbers are still exact
        (
            lambda m: m["components"].extend({"id": f"big{i}", "label": "B", "value": "10**14 * 9"} for i in range(2)),
            "the total of Ann gives 1,800,000,000,000,011, past 1,000,000,000,000,000 in size",
            ("components",),
        ),
    ],
)
def test_a_formula_giving_what_cannot_be_added_or_compared_is_a_located_model_error(change, message, path):
    """Scored as a ModelInvalid naming the item and its place in the kind: scoring document
    (the CLI says so, `playaid check` locates it), never a TypeError or a wrong total."""
    import copy

    model = copy.deepcopy(MODEL)
    change(model)
    p = pad(model)
    record = p.parse(
        {
            "game": "demo",
            "players": [
                {"name": "Ann", "red": 1, "blue": 1, "coins": 7},
                {"name": "Ben", "red": 1, "blue": 1, "coins": 2},
                {"name": "Cy", "red": 1, "blue": 1, "coins": 2},
            ],
        }
    )
    with pytest.raises(ModelInvalid) as caught:
        p.score(record)
    assert message in str(caught.value)
    assert caught.value.path == path


def test_a_true_or_false_component_is_refused_and_int_counts_it():
    # `coins > 5` where a number of VP belongs counted 1 VP without a word (issue 34)
    import copy

    model = copy.deepcopy(MODEL)
    model["components"].append({"id": "rich_vp", "label": "Rich", "value": "coins > 5"})
    players = [{"name": "Ann", "red": 0, "blue": 0, "coins": 7}, {"name": "Ben", "red": 0, "blue": 0, "coins": 2}]
    with pytest.raises(
        ModelInvalid,
        match=r"component 'rich_vp' gives True \(true or false\), not a whole "
        r"number: .*write `N if <condition> else 0`, or `int\(<condition>\)`",
    ) as caught:
        score(players, model)
    assert caught.value.path == ("components", len(model["components"]) - 1, "value")
    model["components"][-1]["value"] = "int(coins > 5)"
    report = score(players, model)
    ann, ben = (by_name(report)[n] for n in ("Ann", "Ben"))
    assert (ann["rich_vp"], ben["rich_vp"]) == (1, 0)
    assert ann["total"] == 2 + 1 + 4  # coins 7 // 3, rich, Richest award


def test_all_the_formulas_of_one_record_share_one_step_budget():
    """300 formulas of 180,000 steps each took 63 s for two players; together they stop at
    2,000,000 steps with the formula where it ran out."""
    import copy

    model = copy.deepcopy(MODEL)
    model["components"] += [
        {"id": f"slow{i}", "label": "S", "value": "sum(range(45000)) * 0 + sum(range(45000)) * 0"} for i in range(300)
    ]
    p = pad(model)
    record = p.parse({"game": "demo", "players": [{"name": "Ann"}, {"name": "Ben"}]})
    with pytest.raises(ModelInvalid) as caught:
        p.score(record)
    assert "the formulas scoring one record take more than 2,000,000 steps" in str(caught.value)
    # each takes 180,000 steps (45,000 numbers built and summed, twice): Ann's first 11 fit, her
    # 12th (after the model's 3 components) runs out, and nothing of the record is scored past it
    assert caught.value.path == ("components", 14, "value")


def test_the_award_line_made_directly_is_the_built_in_template_filled():
    """Pad writes an award's line without filling MESSAGES["award_why"] (a hot path); the two must
    not drift apart."""
    from generator.scoring.awards import award_why
    from generator.scoring.messages import MESSAGES
    from generator.scoring.template import fill

    values = {
        "best": "most",
        "measure": "Military vs. Xenos",
        "note": " at repulse",
        "top": 6,
        "tie": ", tied with Ben",
    }
    assert (
        award_why(**values)
        == fill(MESSAGES["award_why"], values)
        == "most Military vs. Xenos at repulse: 6, tied with Ben"
    )


def test_a_record_value_left_out_that_missing_names_is_said():
    """`missing: warn` on a record value, as on a player's: left out, a warning names the field
    (the model's `missing_message` when it gives one); written, nothing is said."""
    model = {
        **MODEL,
        "record_entered": [
            {"id": "table", "label": "Table", "type": "text", "missing": "warn"},
            {
                "id": "round",
                "label": "Rounds",
                "type": "count",
                "missing": "error",
                "missing_message": "`{field}` not written: how many rounds were played?",
            },
        ],
    }
    two = [{"name": "Ann", "red": 1, "blue": 1}, {"name": "Ben", "red": 0, "blue": 0}]
    report = score(two, model)
    said = [
        (f["severity"], f["code"], f["message"], f["path"])
        for f in report["findings"]
        if f["code"] == "missing_field" and f["player"] is None
    ]
    assert said == [
        ("warning", "missing_field", "`table` not written (add `table:` to the record)", ["table"]),
        ("error", "missing_field", "`round` not written: how many rounds were played?", ["round"]),
    ]
    written = score(two, model, table="Kitchen", round=3)
    assert [f for f in written["findings"] if f["player"] is None and f["code"] == "missing_field"] == []
