"""Every problem `playaid score` finds in a record says how to fix it, in the words a user reads:
a wrong-typed value's hint made from what was written (`name: "42"`), a finding's message with
what to check. The texts are pinned as printed (``file:line:column: field: message (hint)``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import cli
from tests.scoring_fixtures import record_words

REPO = Path(__file__).resolve().parents[1]

RFTG = "game: rftg\nvariant: {variant}\nended_by: vp_pool\nplayers:\n"
ANN = "  - name: Ann\n    tableau: [Old Earth]\n    chips: 1\n    goods: 0\n    hand: 0\n"
XIA = "game: xia-campaign\nplayer: Pilot\ngoals: [{goals}]\ngames:\n"
WON = "won: true, fame: 12, npc_fame: 7, goal_completed: true"


@pytest.fixture
def score(monkeypatch, tmp_path):
    """``score(text, *options)``: `playaid score` on a record holding ``text``: (exit code, output)."""
    monkeypatch.chdir(REPO)
    monkeypatch.setenv("PLAYAID_CACHE_DIR", str(tmp_path / "cache"))
    runner = CliRunner()

    def go(text: str, *options: str):
        rec = tmp_path / "record.yaml"
        rec.write_text(text)
        res = runner.invoke(cli, ["score", str(rec), *options, "--content", str(REPO / "content")])
        return res.exit_code, res.output.replace(str(rec), "record.yaml")

    return go


@pytest.mark.parametrize(
    "text, line",
    [
        (
            RFTG.format(variant="standard") + ANN + "  - name: 42\n    tableau: [Old Earth]\n    chips: 1\n",
            'record.yaml:10:5: players[1].name: 42 is a whole number, not text (put it in quotes to make it text: '
            'name: "42")',
        ),
        (
            RFTG.format(variant="invasion") + ANN + "  - name: Ben\n    tableau:\n"
            "      - {card: Epsilon Eridani, damaged: 'yes'}\n    chips: 1\n",
            "record.yaml:12:33: players[1].tableau[0].damaged: 'yes' is text, not true or false "
            "(write true or false, e.g. damaged: true)",
        ),
        (
            RFTG.format(variant="standard")
            + ANN
            + "  - name: Ben\n    tableau: [{card: Promo, vp: 1, military: yes}]\n",
            "record.yaml:11:36: players[1].tableau[0].military: 'yes' is text, not true or false "
            "(write true or false, e.g. military: true)",
        ),
        (
            RFTG.format(variant="standard") + "  - Ann\n",
            "record.yaml:5:5: players[0]: 'Ann' is text, not a mapping "
            "(write each player as `- name: Ann`, with their fields below it)",
        ),
        (
            XIA.format(goals="Goal 1") + f"  - {{goal: Goal 1, {WON}, upgrade: 5}}\n",
            'record.yaml:5:76: games[0].upgrade: 5 is a whole number, not text or empty '
            '(put it in quotes to make it text: upgrade: "5")',
        ),
        (
            XIA.format(goals="Goal 1") + f"  - {{goal: true, {WON}}}\n",
            'record.yaml:5:6: games[0].goal: true is a yes/no answer, not text '
            '(put it in quotes to make it text: goal: "true")',
        ),
        (
            "game: xia-campaign\ngoals: Goal 1, Goal 2\ngames: []\n",
            "record.yaml:2:1: goals: 'Goal 1, Goal 2' is text, not a list "
            "(put it in square brackets to make it a list: goals: [Goal 1, Goal 2])",
        ),
        (
            "game: xia-campaign\ngoals: [[Goal 1]]\ngames:\n  - Goal 1\n",
            "record.yaml:2:9: goals[0]: [Goal 1] is a list, not text "
            "(write it as text on one line, in quotes if it holds a colon)",
        ),
    ],
)
def test_a_value_of_the_wrong_type_says_how_to_write_it(score, text, line):
    _refused_with(score, text, line)


def _refused_with(score, text: str, line: str) -> list[str]:
    """The lines `playaid score` prints for a record it refuses (exit 2), one of them ``line``."""
    code, output = score(text)
    assert code == 2, output
    assert line in output.splitlines()
    return output.splitlines()


def test_a_wrong_typed_campaign_game_is_shown_its_fields(score):
    code, output = score("game: xia-campaign\ngames:\n  - Goal 1\n")
    assert output.splitlines() == [
        "record.yaml:3:5: games[0]: 'Goal 1' is text, not a mapping (write each "
        "entry as its fields in braces: - {goal: ..., won: ..., fame: ...})"
    ]


def test_every_type_error_of_a_hostile_record_has_a_hint(score):
    """The JSON report's ``hint`` is never empty for a value of the wrong type, whatever the field."""
    bad = "[1]"
    text = (
        RFTG.format(variant="invasion") + f"  - name: {bad}\n    tableau: [{{card: {bad}, damaged: {bad}, "
        f"vp: {bad}, military: {bad}, type: {bad}, keywords: {bad}}}]\n    chips: {bad}\n    goods: {bad}\n"
        f"    hand: {bad}\n    claimed_total: {bad}\n    at_repulse: {bad}\n"
    )
    code, output = score(text, "--json")
    errors = json.loads(output)["errors"]
    assert code == 2 and len(errors) >= 8
    assert [e["field"] for e in errors if not e["hint"]] == []


def test_findings_say_what_to_check(score):
    code, output = score(RFTG.format(variant="standard") + ANN + ANN.replace("[Old Earth]", "[Old Earth, Old Earth]"))
    assert code == 1
    lines = output.splitlines()
    assert (
        "record.yaml:11:15: error too_many_copies: 'Old Earth' appears 3 times across tableaux but only 1 "
        "exists (check each tableau for a card written twice or a misspelt name)"
    ) in lines
    assert (
        "record.yaml:10:11: error duplicate_player: two players are named 'Ann', entries 1 and 2 "
        "(give each player a different name, or remove the entry written twice)"
    ) in lines


def test_a_short_goal_list_says_what_to_list(score):
    code, output = score(XIA.format(goals="Goal 1, Goal 2") + f"  - {{goal: Goal 1, {WON}}}\n")
    assert code == 1
    assert (
        "record.yaml:3:8: error goal-list-size: `goals` names 2 different goals, but the campaign has 10 "
        "(list each of its 10 goal cards once, as named on them)"
    ) in output.splitlines()


def _nested(line: str) -> bool:
    """Whether ``line`` has a bracket inside a bracket: '(pass a file (.yaml or .json))'."""
    depth = 0
    for c in line:
        depth += (c == "(") - (c == ")")
        if depth > 1:
            return True
    return False


@pytest.mark.parametrize(
    "text, line",
    [
        (
            RFTG.format(variant="brink-of-war") + ANN,
            "record.yaml:2:1: variant: 'brink-of-war' is not an allowed value "
            "(use one of: standard, frontier, invasion, counterstrike)",
        ),
        (
            RFTG.format(variant="invasoin") + ANN,
            "record.yaml:2:1: variant: 'invasoin' is not one of: standard, frontier, invasion, counterstrike "
            "(did you mean 'invasion'?)",
        ),
        (
            "- game: rftg\n",
            "record.yaml:1:1: a score record must be a mapping (start with `game:`, one of "
            f"{record_words()}, then its fields)",
        ),
        (
            RFTG.format(variant="standard") + ANN.replace("hand: 0", "hand: 1e3"),
            "record.yaml:9:5: players[0].hand: is written with a decimal point or an exponent, not as a whole number "
            "(write a whole number, 0 if none)",
        ),
        (
            RFTG.format(variant="standard") + ANN.replace("hand: 0", "hand: 3.0"),
            "record.yaml:9:5: players[0].hand: is written with a decimal point or an exponent, not as a whole number "
            "(write a whole number, 0 if none)",
        ),
    ],
)
def test_a_message_says_its_list_once_in_unnested_brackets_and_only_what_was_written(score, text, line):
    assert not any(map(_nested, _refused_with(score, text, line)))


@pytest.mark.parametrize(
    "cards, said",
    [
        (["Old Earth"], "holds 1 of the 12 cards"),
        (["Old Earth", "Spice World"], "holds 2 of the 12 cards"),
    ],
)
def test_a_small_tableau_is_counted_right_for_one_card_and_for_many(score, cards, said):
    text = RFTG.format(variant="standard").replace("vp_pool", "tableau") + ANN.replace(
        "[Old Earth]", f"[{', '.join(cards)}]"
    )
    code, output = score(text)
    assert (
        f"record.yaml:3:11: warning tableau_too_small: ended_by tableau, but the largest tableau {said} "
        f"that end a standard game (check the tableaux, or ended_by)"
    ) in output.splitlines()
    assert not any(map(_nested, output.splitlines()))


def test_a_batch_summary_names_an_unreadable_records_field_and_counts_its_problems(monkeypatch, tmp_path):
    """`--problems-only FOLDER`: the summary's line for an unreadable record says which field its first
    problem is about and how many problems it has, counting those past the listed 50."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PLAYAID_CACHE_DIR", str(tmp_path / "cache"))
    folder = tmp_path / "records"
    folder.mkdir()
    (folder / "24-xia-bad.yaml").write_text(
        XIA.format(goals="Goal 1") + "  - {goal: Goal 1, won: maybe, fame: -3, npc_fame: -1, goal_completed: true, "
        "upgrade: 5, extra: 1}\n"
    )
    (folder / "many.yaml").write_text(
        RFTG.format(variant="standard")
        + "".join(f"  - {{name: {i}, tableau: 5, chips: x, goods: x, hand: x, claimed_total: x}}\n" for i in range(10))
    )
    (folder / "one.yaml").write_text(RFTG.format(variant="standard") + ANN.replace("chips: 1", "chips: -3"))
    res = CliRunner().invoke(cli, ["score", "--problems-only", "records", "--content", str(REPO / "content")])
    assert res.exit_code == 2
    assert res.stdout.splitlines()[-4:] == [
        "unreadable (3):",
        "  records/24-xia-bad.yaml: games[0].won: 'maybe' is text, not true or false (5 problems)",
        "  records/many.yaml: players[0].name: 0 is a whole number, not text (60 problems)",
        "  records/one.yaml: players[0].chips: -3 is below the smallest allowed value, 0",
    ]
