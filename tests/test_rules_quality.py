"""How well the rules search answers players' questions: tests/rules_questions.yaml holds rules
questions as players ask them (not in the rulebooks' words), each with the rulebook section that
answers it. Prints the share answered by the first result and by the first three, for the game
being played (the phone's Rules tab, `playaid rules --game`) and across every game; fails below
the issue's aim (80 % first, 95 % in the first three).
"""

from __future__ import annotations

from ruamel.yaml import YAML

from tests.rules_fixtures import REPO, rules, rules_index

QUESTIONS = REPO / "tests" / "rules_questions.yaml"
TOP1_AIM = 0.80
TOP3_AIM = 0.95


def questions() -> list[dict]:
    return YAML(typ="safe").load(QUESTIONS.read_text(encoding="utf-8"))


def answers(question: dict, result: dict) -> bool:
    """Whether ``result`` answers ``question``: it cites one of the question's sections (or is
    the card it names)."""
    if "card" in question:
        return result["kind"] == "card" and result["title"] == question["card"]
    return result["source"] in question["answer"]


def shares(by_game: bool) -> tuple[float, float, list[str]]:
    """(share right first, share right in the first three, the questions missed first)."""
    first = three = 0
    missed = []
    asked = questions()
    for q in asked:
        found = rules().search(q["ask"], q["game"] if by_game else None, 3)
        right = [answers(q, r) for r in found]
        first += bool(right and right[0])
        three += any(right)
        if not (right and right[0]):
            missed.append(f"{q['ask']!r} -> {found[0]['source'] if found else 'nothing'}")
    return first / len(asked), three / len(asked), missed


def test_question_set_is_sound():
    asked = questions()
    assert len(asked) >= 40
    index = rules_index()
    sources = {e["source"] for e in index["entries"]}
    cards = {e["name"] for e in index["entries"] if e["kind"] == "card"}
    for q in asked:
        assert set(q) <= {"ask", "game", "answer", "card"} and q["game"] in index["games"], q
        if "card" in q:
            assert q["card"] in cards, q
        else:
            assert q["answer"] and all(s in sources for s in q["answer"]), q  # a real section


def test_share_answered_first_and_in_the_first_three(capsys):
    report = []
    for by_game, label in ((True, "game chosen"), (False, "all games")):
        top1, top3, missed = shares(by_game)
        report.append((label, top1, top3, missed))
    with capsys.disabled():
        print(f"\nrules search, {len(questions())} questions ({QUESTIONS.name}):")
        for label, top1, top3, missed in report:
            print(f"  {label:<12} right first {top1:6.1%}   in the first three {top3:6.1%}")
        for miss in report[0][3]:
            print(f"    not first: {miss}")
    for label, top1, top3, _missed in report:
        assert top1 >= TOP1_AIM, f"{label}: {top1:.1%} right first, below {TOP1_AIM:.0%}"
        assert top3 >= TOP3_AIM, f"{label}: {top3:.1%} in the first three, below {TOP3_AIM:.0%}"
