"""A question the rules do not speak of gets no answer, not a confident unrelated one: the
"no good answer" threshold (`generator.rulesearch.index.ON_TOPIC`) measured on the shipped
content, with the on-topic questions of tests/rules_questions.yaml and the off-topic ones below,
on the command line (the phone's Rules tab runs the same core: tests/test_web_rules.py)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from generator.cli import cli
from generator.rulesearch.index import ON_TOPIC
from tests.rules_fixtures import REPO, rules
from tests.test_rules_quality import questions

#: Questions from outside the games, asked of a rules search (none is about a rule).
OFF_TOPIC = [
    "what is the capital of France",
    "pizza recipe",
    "chess opening for beginners",
    "translate hello to spanish",
    "weather tomorrow",
    "how tall is mount everest",
    "how many legs does a spider have",
    "monopoly rules jail",
    "best python web framework",
    "who won the world cup in 2018",
    "how do I bake bread",
    "what is love",
    "how to fix a flat tyre",
]
WORDS = "invasion card, Fame Point, NPC, Galactic Renaissance"


def share(question: str) -> float:
    index = rules().index
    return index.on_topic(index.parse(question))


def test_the_threshold_parts_on_topic_from_off_topic_questions(capsys):
    on = {q["ask"]: share(q["ask"]) for q in questions()}
    off = {q: share(q) for q in OFF_TOPIC}
    with capsys.disabled():
        print(
            f"\non-topic share of the rules' words: lowest {min(on.values()):.2f} "
            f"({min(on, key=on.get)!r}); off-topic: highest {max(off.values()):.2f} "
            f"({max(off, key=off.get)!r}); threshold {ON_TOPIC}"
        )
    assert min(on.values()) >= ON_TOPIC, sorted(on.items(), key=lambda kv: kv[1])[:3]
    assert max(off.values()) < ON_TOPIC, sorted(off.items(), key=lambda kv: -kv[1])[:3]
    assert share("retaliaton +4 frontier") >= ON_TOPIC  # a misspelt rules word still counts


@pytest.mark.parametrize("question", OFF_TOPIC)
def test_an_off_topic_question_has_no_answer_in_any_game(question):
    for game in (None, "rftg", "xia"):
        assert rules().search(question, game) == [], (question, game)


def test_every_question_of_the_set_still_has_answers():
    for q in questions():
        assert rules().search(q["ask"], q.get("game")), q["ask"]
        assert rules().search(q["ask"]), q["ask"]


def test_no_answer_says_which_words_to_try():
    assert rules().no_answer("pizza  recipe") == f"no rule matches 'pizza recipe'; try words such as {WORDS}"
    assert rules().no_answer("pizza recipe", "xia") == (
        "no rule matches 'pizza recipe'; try words such as Fame Point, NPC, credits, The Kiln"
    )


def test_playaid_rules_says_no_rule_matches_and_which_words_to_try():
    runner = CliRunner()
    res = runner.invoke(
        cli, ["rules", "what", "is", "the", "capital", "of", "France", "--content", str(REPO / "content")]
    )
    assert res.exit_code == 0
    assert res.stdout == ""
    assert res.stderr == (f"no rule matches 'what is the capital of France'; try words such as {WORDS}\n")
    res = runner.invoke(cli, ["rules", "pizza", "recipe", "--json", "--content", str(REPO / "content")])
    assert res.exit_code == 0 and json.loads(res.stdout) == []


def test_playaid_rules_offers_the_closest_sections_when_nothing_answers():
    """Two words the rules never use beside one they do: no answer, and the sections nearest
    to that word on stderr, each with its source as players read it (no ids)."""
    word = next(iter(rules().index.games.values()))["synonyms"][0][1]
    res = CliRunner().invoke(cli, ["rules", word, "zzquux", "flimflam", "--content", str(REPO / "content")])
    assert res.exit_code == 0 and res.stdout == ""
    lines = res.stderr.splitlines()
    assert lines[0].startswith(f"no rule matches '{word} zzquux flimflam'")
    assert lines[1] == "the closest sections:" and len(lines) >= 3
    closest = rules().closest(f"{word} zzquux flimflam")
    assert lines[2] == f"  {closest[0]['title']} ({closest[0]['cite']})"
