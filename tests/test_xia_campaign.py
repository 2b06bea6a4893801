"""Xia campaign score: the rulebook example, the failed-goal ruling, every finding, bad records."""

from __future__ import annotations

import pytest

from generator.errors import RecordError
from generator.records.record_io import locate, read_record
from generator.scoring.game_pad import pad_for

try:  # tests/ may or may not become a package
    from tests.scoring_fixtures import Scored
    from tests.xia_fixtures import REPO, copy_xia, xia_rules
except ImportError:
    from scoring_fixtures import Scored
    from xia_fixtures import REPO, copy_xia, xia_rules


@pytest.fixture(scope="module")
def xia(tmp_path_factory):
    """The campaign's scoring pad, from a private copy of content/xia."""
    return pad_for(xia_rules(copy_xia(tmp_path_factory.mktemp("content"))))


def load_campaign(path, xia):
    """Read a campaign record file and validate it (RecordError / RecordInvalid)."""
    return xia.parse(read_record(path).data)


def game(goal="Goal 1", won=True, fame=12, npc_fame=7, done=None, **extra):
    """One game line of a record as YAML flow mapping text."""
    done = won if done is None else done
    fields = {
        "goal": goal,
        "won": str(won).lower(),
        "fame": fame,
        "npc_fame": npc_fame,
        "goal_completed": str(done).lower(),
        **extra,
    }
    return "  - {" + ", ".join(f"{k}: {v}" for k, v in fields.items()) + "}\n"


def record(tmp_path, *games, name="campaign.yaml", player="Tester"):
    """A campaign record file of ``games`` (`game` lines), its ``player`` last (None: left out,
    which draws a warning) so the games' line numbers do not depend on it."""
    path = tmp_path / name
    path.write_text("game: xia-campaign\ngames:\n" + "".join(games) + (f"player: {player}\n" if player else ""))
    return path


def score(xia, path):
    report = locate(xia.score(load_campaign(path, xia)), read_record(path))  # adds line/column by path
    scored = Scored(report)
    scored.findings, scored.explain = report["findings"], report["explain"]  # read as dicts
    return scored


def codes(report, severity="error"):
    return [f["code"] for f in report.findings if f["severity"] == severity]


def test_win_12_7_adds_5(xia, tmp_path):
    report = score(xia, record(tmp_path, game(fame=12, npc_fame=7)))
    assert report.total == 5
    assert report.explain[0]["points"] == 5
    assert codes(report) == []


def test_loss_subtracts_3(xia, tmp_path):
    report = score(xia, record(tmp_path, game(won=False, fame=14, npc_fame=15)))
    assert report.total == -3
    assert report.explain[0]["why"] == "lost 14-15: a failed goal"


def test_win_without_goal_counts_as_failed_goal(xia, tmp_path):
    report = score(xia, record(tmp_path, game(fame=12, npc_fame=7, done=False), game(fame=12, npc_fame=7)))
    assert report.total == -3 + 5
    assert report.explain[0]["why"] == "won 12-7 but the goal was not completed: a failed goal"
    assert report.explain[1]["why"] == "won 12-7 with the goal completed: 12 - 7"
    assert codes(report) == []


def test_example_campaign(xia):
    report = score(xia, REPO / "examples" / "xia-campaign.yaml")
    # wins with goals: 5+5+2+7+4+1+9+1+7+7 = 48; one loss and one failed-goal win: -6
    assert report.total == 42
    assert report.goals_completed == 10
    assert sum(1 for e in report.explain if e["points"] > 0) == 10
    assert codes(report) == []
    assert codes(report, "info") == ["progress"]
    assert "campaign complete" in report.findings[-1]["message"]


def test_goal_completed_twice(xia, tmp_path):
    path = record(tmp_path, game(goal="Goal 1"), game(goal="Goal 2"), game(goal="Goal 1"))
    report = score(xia, path)
    assert codes(report) == ["goal-completed-twice"]
    finding = report.findings[0]
    assert finding["message"] == (
        "game 3: goal 'Goal 1' was already completed in game 1; each goal "
        "is completed exactly once, so this game completes no goal and "
        "scores -3 (check the goal name)"
    )
    assert (finding["path"], finding["line"]) == (["games", 2, "goal"], 5)
    assert report.goals_completed == 2
    assert report.total == 5 + 5 - 3  # the repeat completes no goal (Xia "Campaign End": -3)


def test_goal_completed_twice_in_another_case(xia, tmp_path):
    """Goal names match ignoring case and spacing: 'goal 3' after 'Goal 3' is the same goal, and
    ten games with one repeat have completed 9 goals, not 10 (Xia "Game End")."""
    games = [game(goal=f"Goal {n}", fame=13, npc_fame=10) for n in range(1, 10)]
    report = score(xia, record(tmp_path, *games, game(goal="goal  3", fame=13, npc_fame=10)))
    assert codes(report) == ["goal-completed-twice"]
    finding = report.findings[0]
    assert finding["game"] == 10
    assert "goal 'goal  3' was already completed in game 3 (as 'Goal 3')" in finding["message"]
    assert report.goals_completed == 9
    assert report.total == 9 * 3 - 3
    assert report.findings[-1]["message"] == "9 of 10 goals completed in 10 games: campaign not finished"


def test_completed_goal_chosen_again(xia, tmp_path):
    """Xia "Campaign Setup": each game attempts a goal not completed yet; losing it again is an
    error too (and a failed goal, -3)."""
    path = record(tmp_path, game(goal="Goal 1"), game(goal="GOAL 1", won=False, fame=8, npc_fame=12))
    report = score(xia, path)
    assert codes(report) == ["completed-goal-chosen"]
    finding = report.findings[0]
    assert finding["message"] == (
        "game 2: goal 'GOAL 1' was already completed in game 1 (as 'Goal 1'); "
        "each game attempts a goal not yet completed (check the goal name)"
    )
    assert finding["path"] == ["games", 1, "goal"]
    assert report.total == 5 - 3
    assert report.explain[1]["why"] == "lost 8-12, but goal already completed in game 1: no goal completed"


def test_completed_goal_in_lost_game(xia, tmp_path):
    report = score(xia, record(tmp_path, game(won=False, fame=9, npc_fame=12, done=True)))
    assert codes(report) == ["completed-goal-lost"]
    assert report.total == -3  # scored as a failed goal
    assert report.goals_completed == 0


@pytest.mark.parametrize("fame,npc_fame", [(10, 10), (9, 12)])
def test_won_without_more_fame(xia, tmp_path, fame, npc_fame):
    """Xia "Solo Round End": whoever reaches the Fame Points for victory first wins, so a win
    at or below the NPCs' Fame Points cannot be: the game is not counted (neither its
    differential, 0 or negative, nor its goal), and the error says so."""
    report = score(xia, record(tmp_path, game(fame=fame, npc_fame=npc_fame), game(goal="Goal 2", fame=14, npc_fame=8)))
    assert codes(report) == ["won-without-lead"]
    assert report.findings[0]["message"] == (
        f"game 1: marked won but your {fame} Fame Points are not above the NPCs' {npc_fame}, so this game "
        f"is not counted (check the scores or set won: false)"
    )
    assert report.explain[0] == {
        "game": 1,
        "goal": "Goal 1",
        "points": 0,
        "counted": False,
        "why": f"marked won {fame}-{npc_fame}, but a win needs more Fame Points than the NPCs: NOT COUNTED",
    }
    assert report.explain[1]["points"] == 6 and report.explain[1]["counted"] is True
    assert report.total == 6
    assert report.goals_completed == 1  # Goal 2 only
    assert report.findings[-1]["message"] == (
        "1 of 10 goals completed in 1 game (game 1 not counted): campaign not finished"
    )


def test_a_game_not_counted_completes_no_goal(xia, tmp_path):
    """The goal of a game left out is still to complete: the replay that completes it is no
    'completed twice' error, and the campaign ends only with it."""
    games = [game(goal="Goal 1", fame=3, npc_fame=9997)]
    games += [game(goal=f"Goal {n}", fame=11, npc_fame=10) for n in range(2, 11)]
    report = score(xia, record(tmp_path, *games, game(goal="Goal 1", fame=12, npc_fame=7)))
    assert codes(report) == ["won-without-lead"]
    assert [e["points"] for e in report.explain] == [0] + [1] * 9 + [5]
    assert [e["counted"] for e in report.explain] == [False] + [True] * 10
    assert report.total == 14 and report.goals_completed == 10
    assert report.findings[-1]["message"] == (
        "10 of 10 goals completed in 10 games (game 1 not counted): campaign complete"
    )


def test_not_counted_on_must_name_a_player_check(tmp_path):
    from generator.errors import ContentError

    root = copy_xia(tmp_path)
    scoring = root / "xia" / "scoring.yaml"
    text = scoring.read_text()
    row = text[: text.index("not_counted_on:")].count("\n") + 1
    scoring.write_text(text.replace("not_counted_on: [won-without-lead]", "not_counted_on: [won-without-leed]"))
    with pytest.raises(ContentError) as caught:
        xia_rules(root)
    [line] = [p for p in str(caught.value).splitlines() if "not_counted_on" in p]
    assert f"xia/scoring.yaml:{row}:" in line
    assert (
        "mechanisms.campaign.not_counted_on: mechanism campaign `not_counted_on`: 'won-without-leed' "
        "is not a player check (did you mean 'won-without-lead'?)"
    ) in line
    scoring.write_text(text.replace("not_counted_on: [won-without-lead]", "not_counted_on: [{a: 1}]"))
    with pytest.raises(ContentError) as caught:  # hostile content: a located error, no traceback
        xia_rules(root)
    assert "'{'a': 1}' is not a player check (checks: won-without-lead, lost-with-lead, completed-goal-lost)" in str(
        caught.value
    )


def test_more_than_ten_goals(xia, tmp_path):
    games = [game(goal=f"Goal {n}", won=False, fame=5, npc_fame=15) for n in range(1, 12)]
    report = score(xia, record(tmp_path, *games))
    assert codes(report) == ["too-many-goals"]
    assert "11 different goals named, but the campaign has 10 (first extra: 'Goal 11'" in report.findings[0]["message"]
    assert report.total == 11 * -3


def test_ten_goals_is_fine(xia, tmp_path):
    games = [game(goal=f"Goal {n}", fame=10 + n, npc_fame=10) for n in range(1, 11)]
    report = score(xia, record(tmp_path, *games))
    assert codes(report) == []
    assert report.total == sum(range(1, 11))


def test_finding_names_file_and_line(xia_root, tmp_path):
    path = record(tmp_path, game(), game(goal="Goal 2", fame=7, npc_fame=7))
    res = _score(path, xia_root)
    assert res.exit_code == 1
    assert (
        f"{path}:4:25: error won-without-lead: game 2: marked won but your 7 Fame Points are not "
        f"above the NPCs' 7, so this game is not counted (check the scores or set won: false)"
    ) in res.output


def test_json_shape(xia, tmp_path):
    data = score(xia, record(tmp_path, game())).to_json()
    assert set(data) == {
        "ok",
        "game",
        "title",
        "mechanisms",
        "player",
        "total",
        "goals_completed",
        "goal_count",
        "explain",
        "findings",
    }
    assert data["mechanisms"] == ["campaign"] and data["title"]
    assert set(data["findings"][0]) == {"severity", "code", "game", "message", "path", "params", "line", "column"}
    assert data["total"] == 5 and data["explain"][0]["points"] == 5


def test_missing_field_is_located(xia_root, tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text(
        "game: xia-campaign\ngames:\n  - goal: Goal 1\n    won: true\n    fame: 12\n    goal_completed: true\n"
    )
    res = _score(path, xia_root)
    assert res.exit_code == 2
    assert f"{path}:3:5: games[0].npc_fame: missing field 'npc_fame' (add `npc_fame:` here)" in res.output


@pytest.mark.parametrize(
    "text,expected",
    [
        (
            "game: rftg\ngames: []\n",
            "bad.yaml:1:1: game: no scorer for game 'rftg' (use one of: xia-campaign; the content folder '",
        ),
        (
            "game: xia-campaign\ngames:\n  - {goal: G, won: yes please, fame: 1, npc_fame: 0, goal_completed: false}\n",
            "games[0].won: 'yes please' is text, not true or false",
        ),
        (
            "game: xia-campaign\ngames:\n  - {goal: G, won: 1, fame: 1, npc_fame: 0, goal_completed: false}\n",
            "games[0].won: 1 is a whole number, not true or false",
        ),
        (
            "game: xia-campaign\ngames:\n  - {goal: G, won: true, fame: -1, npc_fame: 0, goal_completed: false}\n",
            "games[0].fame: -1 is below the smallest allowed value, 0",
        ),
        ("game: xia-campaign\ngames: [\n", "YAML syntax error"),
        ("- just a list\n", "a score record must be a mapping"),
        ("game: xia-campaign\ngame: xia-campaign\n", "duplicate key 'game'"),
    ],
)
def test_bad_records(xia_root, tmp_path, text, expected):
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    res = _score(path, xia_root)
    assert res.exit_code == 2, res.output
    assert expected in res.output
    assert "bad.yaml" in res.output


def test_yes_for_a_true_or_false_value_says_how_to_write_it(xia_root, tmp_path):
    """YAML reads `won: yes` as text: the error says what to write instead, as a count's does."""
    path = tmp_path / "yes.yaml"
    path.write_text(
        "game: xia-campaign\ngames:\n  - {goal: G, won: yes, fame: 1, npc_fame: 0, goal_completed: false}\n"
    )
    res = _score(path, xia_root)
    assert res.exit_code == 2, res.output
    assert res.output.splitlines()[0] == (
        f"{path}:3:15: games[0].won: 'yes' is text, not true or false (write true or false, e.g. won: true)"
    )


def test_missing_record_file(tmp_path):
    with pytest.raises(RecordError) as info:
        read_record(tmp_path / "nope.yaml")
    assert info.value.exit_code == 2
    assert "nope.yaml: cannot read file" in str(info.value)


@pytest.fixture(scope="module")
def xia_root(tmp_path_factory):
    return copy_xia(tmp_path_factory.mktemp("cli-content"))


def _score(path, root, *args):
    from click.testing import CliRunner

    from generator.cli import cli

    try:
        from tests.xia_fixtures import SEEDS
    except ImportError:
        from xia_fixtures import SEEDS
    return CliRunner().invoke(
        cli, ["score", str(path), "--content", str(root), *args], env={"PLAYAID_SEEDS": str(SEEDS)}
    )


def test_cli_score_example_json(xia_root):
    import json

    res = _score(REPO / "examples" / "xia-campaign.yaml", xia_root, "--json")
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["total"] == 42
    assert [e["points"] for e in data["explain"]] == [5, -3, 5, 2, -3, 7, 4, 1, 9, 1, 7, 7]
    assert [f["severity"] for f in data["findings"]] == ["info"]


def _won_then_lost(xia_root, tmp_path, fame: int, npc_fame: int) -> list[str]:
    """The text report's lines of a campaign of two games: won fame-npc_fame with the goal
    completed, then lost 3-15."""
    res = _score(
        record(tmp_path, game(fame=fame, npc_fame=npc_fame), game(goal="Goal 2", won=False, fame=3, npc_fame=15)),
        xia_root,
    )
    assert res.exit_code == 0, res.output
    return res.output.splitlines()


def test_cli_score_text(xia_root, tmp_path):
    lines = _won_then_lost(xia_root, tmp_path, 12, 7)
    assert lines[0] == "Xia campaign (Tester): 2 points, 1 of 10 goals completed"
    assert lines[1] == "    +5  game 1, Goal 1: won 12-7 with the goal completed: 12 - 7"
    assert lines[2] == "    -3  game 2, Goal 2: lost 3-15: a failed goal"


def _impossible_win(tmp_path):
    """The example campaign with game 4 (Goal 3, won 10-8) written as won 3-9997."""
    path = tmp_path / "impossible.yaml"
    text = (REPO / "examples" / "xia-campaign.yaml").read_text()
    old = "{goal: Goal 3, won: true, fame: 10, npc_fame: 8,"
    assert old in text
    path.write_text(text.replace(old, "{goal: Goal 3, won: true, fame: 3, npc_fame: 9997,"))
    return path


def test_cli_total_is_the_sum_of_the_counted_games(xia_root, tmp_path):
    """A wrong score is the worst bug: whatever the record, `playaid score --json`'s total is
    the sum of the points of the games it counts, and a game it does not count has none."""
    import json

    after_end = [game(goal=f"Goal {n}", fame=11, npc_fame=10) for n in range(1, 11)]
    records = {
        "example": REPO / "examples" / "xia-campaign.yaml",
        "impossible": _impossible_win(tmp_path),
        "after-end": record(
            tmp_path, *after_end, game(goal="Goal 11", won=False, fame=6, npc_fame=9), name="after-end.yaml"
        ),
        "both": record(
            tmp_path,
            game(fame=2, npc_fame=40),
            game(goal="Goal 2", won=False, fame=3, npc_fame=9),
            *after_end,
            game(goal="Goal 12", fame=30, npc_fame=1),
            name="both.yaml",
        ),
    }
    totals = {}
    for name, path in records.items():
        res = _score(path, xia_root, "--json")
        assert res.exit_code == (0 if name == "example" else 1), res.output
        data = json.loads(res.output)
        assert data["total"] == sum(e["points"] for e in data["explain"] if e["counted"]), name
        assert all(e["points"] == 0 for e in data["explain"] if not e["counted"]), name
        totals[name] = (data["total"], [e["game"] for e in data["explain"] if not e["counted"]])
    assert totals == {"example": (42, []), "impossible": (40, [4]), "after-end": (10, [11]), "both": (-3 + 10, [1, 13])}


def test_cli_text_shows_a_game_not_counted_without_points(xia_root, tmp_path):
    res = _score(_impossible_win(tmp_path), xia_root)
    assert res.exit_code == 1
    lines = res.output.splitlines()
    assert lines[0] == "Xia campaign (Example pilot): 40 points, 9 of 10 goals completed, 1 game not counted"
    assert lines[4] == (
        "        game 4, Goal 3: marked won 3-9997, but a win needs more Fame Points than the NPCs: NOT COUNTED"
    )
    assert "-9994" not in res.output


def test_cli_score_error_findings_exit_1(xia_root, tmp_path):
    res = _score(record(tmp_path, game(), game()), xia_root)
    assert res.exit_code == 1
    assert "error goal-completed-twice:" in res.output


def test_cli_score_unreadable_record_exit_2(xia_root, tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("game: xia-campaign\ngames:\n  - {goal: Goal 1, won: maybe}\n")
    res = _score(path, xia_root)
    assert res.exit_code == 2
    assert "bad.yaml:3:" in res.output and "won" in res.output
    assert "Traceback" not in res.output


def test_game_after_campaign_end_is_not_counted(xia, tmp_path):
    """Xia "Campaign End": the campaign is complete once the last goal is completed; an 11th game
    lost by 3 neither takes 3 off the total nor passes unremarked."""
    games = [game(goal=f"Goal {n}", fame=11, npc_fame=10) for n in range(1, 11)]
    report = score(xia, record(tmp_path, *games, game(goal="Goal 11", won=False, fame=6, npc_fame=9)))
    assert codes(report) == ["after-campaign-end"]
    finding = report.findings[0]
    assert finding["game"] == 11
    assert "played after game 10 completed the last of the 10 goals" in finding["message"]
    assert "not counted" in finding["message"]
    assert report.total == 10
    assert report.explain[10] == {
        "game": 11,
        "goal": "Goal 11",
        "points": 0,
        "counted": False,
        "why": "lost 6-9 after the campaign ended (game 10): not counted",
    }
    assert report.findings[-1]["message"] == (
        "10 of 10 goals completed in 10 games (1 more after the end, not counted): campaign complete"
    )


def _with_goals(tmp_path, goals, *games):
    path = tmp_path / "goals.yaml"
    path.write_text("game: xia-campaign\ngoals: [" + ", ".join(goals) + "]\ngames:\n" + "".join(games))
    return path


def test_goal_not_in_the_declared_list_is_named_with_the_closest(xia, tmp_path):
    goals = [f"Goal {n}" for n in range(1, 11)]
    report = score(xia, _with_goals(tmp_path, goals, game(goal="Goal 1"), game(goal="Gaol 2")))
    assert codes(report) == ["unknown-goal"]
    [finding] = [f for f in report.findings if f["code"] == "unknown-goal"]
    assert finding["game"] == 2
    assert "goal 'Gaol 2' is not one of the campaign's `goals` (did you mean 'Goal 2'?)" in finding["message"]
    assert report.total == 5 + 5  # still scored as written


def test_declared_goal_list_must_have_the_campaign_size(xia, tmp_path):
    report = score(xia, _with_goals(tmp_path, ["Goal 1", "Goal 2"], game(goal="Goal 1")))
    assert codes(report) == ["goal-list-size"]


def test_lost_game_with_the_higher_fame_is_a_warning(xia, tmp_path):
    report = score(xia, record(tmp_path, game(won=False, fame=12, npc_fame=9)))
    assert codes(report, "warning") == ["lost-with-lead"]
    assert report.total == -3  # still scored as a loss, as recorded


def test_a_games_checks_run_as_a_players_do(tmp_path):
    """The campaign runs each game's player checks as the pad runs a player's (`plan.CheckStep`):
    a value only the message reads is computed only when the check fails, and the finding is
    the same, at the game's field."""
    import copy

    rules = copy.deepcopy(xia_rules(copy_xia(tmp_path / "content")))
    [check] = [c for c in rules["scoring"]["player_checks"] if c["id"] == "lost-with-lead"]
    check["values"] = {"per_point": "100 // (fame - npc_fame)"}  # read by the message only
    check["message"] += " ({per_point} per point)"
    pad = pad_for(rules)
    path = record(tmp_path, game(won=False, fame=9, npc_fame=9), game(goal="Goal 2", won=False, fame=12, npc_fame=7))
    report = Scored(pad.score(load_campaign(path, pad)))  # game 1 passes: its 100 // 0 is never computed
    [finding] = [f for f in report.to_json()["findings"] if f["code"] == "lost-with-lead"]
    assert finding == {
        "severity": "warning",
        "code": "lost-with-lead",
        "game": 2,
        "path": ["games", 1, "won"],
        "message": "game 2: marked lost although your 12 Fame Points are above the NPCs' 7 "
        "(check the scores or set won: true) (20 per point)",
        "params": {"fame": 12, "npc_fame": 7, "per_point": 20},
    }  # what its message says, as data


def test_a_campaign_without_player_says_so(xia_root, tmp_path):
    """content/xia/scoring.yaml: `player` is `missing: warn`; the score is unchanged."""
    path = tmp_path / "noname.yaml"
    text = (REPO / "examples" / "xia-campaign.yaml").read_text()
    assert "player: Example pilot\n" in text
    path.write_text(text.replace("player: Example pilot\n", ""))
    res = _score(path, xia_root)
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert lines[0] == "Xia campaign: 42 points, 10 of 10 goals completed"
    assert (
        f"{path}:4:1: warning missing_field: `player` not written: the report names nobody "
        f"(add `player: your name` to the record)"
    ) in lines
    named = _score(REPO / "examples" / "xia-campaign.yaml", xia_root)
    assert "missing_field" not in named.output


def test_cli_text_points_column_fits_its_widest_value(xia_root, tmp_path):
    """A 5-character value (+9999: 9999 Fame Points to the NPCs' 0) widens the points column for
    every row, so the games' text stays in one column."""
    lines = _won_then_lost(xia_root, tmp_path, 9999, 0)
    assert lines[1] == "  +9999  game 1, Goal 1: won 9999-0 with the goal completed: 9999 - 0"
    assert lines[2] == "     -3  game 2, Goal 2: lost 3-15: a failed goal"
    assert lines[1].index("game 1") == lines[2].index("game 2")
