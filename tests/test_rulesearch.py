"""The rules search core on its own: words and stems, typo tolerance and word starts, the games'
vocabulary, ranking and player-count answers, on small hand-made indexes (whose right answers
are plain to see), and its standard-library-only promise."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from generator.rulesearch.api import Rules
from generator.rulesearch.index import IndexError_
from generator.rulesearch.spelling import Lexicon, distance
from generator.rulesearch.text import stem, terms, words

REPO = Path(__file__).resolve().parents[1]


# --- words and stems -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "forms",
    [
        ["settle", "settles", "settled", "settling"],
        ["contribution", "contributions", "contribute", "contributed"],
        ["repair", "repairs", "repaired", "repairing"],
        ["tie", "ties", "tied"],
        ["score", "scores", "scored", "scoring"],
        ["damage", "damaged", "damages"],
        ["place", "placement"],
        ["retaliation", "retaliate"],
        ["temporary", "temporarily"],
        ["bonus", "bonuses"],
        ["sell", "sold", "selling"],
        ["lose", "lost", "losing"],
        ["defense", "defence"],
    ],
)
def test_word_forms_share_a_stem(forms):
    assert len({stem(w) for w in forms}) == 1, {w: stem(w) for w in forms}


@pytest.mark.parametrize("a, b", [("world", "word"), ("card", "car"), ("conquest", "conquer"), ("military", "militia")])
def test_stems_keep_apart_what_differs(a, b):
    assert stem(a) != stem(b)


def test_words_fold_symbols_numbers_and_letters_from_digits():
    assert words("M+3 vs. 4p: 4,000% ≥ Défense; player's") == [
        "m",
        "3",
        "vs",
        "4",
        "p",
        "4000",
        "credits",
        "defense",
        "players",
    ]


def test_terms_drop_question_words_and_read_number_words():
    assert terms("How many VP chips with four players?") == ["vp", "chip", "4", "player"]


# --- spelling --------------------------------------------------------------------------------


def test_distance_counts_a_swap_as_one_edit():
    assert distance("renaissance", "renaisance", 2) == 1
    assert distance("retaliation", "retaliaton", 2) == 1
    assert distance("kiln", "klin", 1) == 1
    assert distance("world", "table", 2) == 3  # past the limit: limit + 1


def test_lexicon_corrects_and_completes():
    lexicon = Lexicon(
        {w: stem(w) for w in ["renaissance", "retaliation", "galactic", "galaxy", "league", "leave", "kiln"]}
    )
    assert lexicon.corrections("renaisance") == [(stem("renaissance"), 1)]
    assert lexicon.corrections("retaliaton") == [(stem("retaliation"), 1)]
    assert lexicon.corrections("klin") == [("kiln", 1)]  # a swap is one edit
    assert lexicon.corrections("kin") == []  # three letters: too short to correct
    assert lexicon.corrections("world") == []
    assert lexicon.completions("gal") == [stem("galaxy"), stem("galactic")]
    assert lexicon.completions("lea") == [stem("leave"), stem("league")]
    assert lexicon.completions("g") == []  # one letter completes nothing


# --- ranking on a small index ----------------------------------------------------------------


def _entry(eid, kind="rule", name=None, text="", source="rb: Heading", game="g", context=(), **more):
    entry = {
        "id": f"{game}:{eid}",
        "game": game,
        "kind": kind,
        "context": list(context),
        "text": text,
        "source": source,
        "printed": [],
        "related": [],
        **more,
    }
    if name:
        entry["name"] = name
    return entry


def _index(entries, synonyms=(), player_count=None, games=("g",)):
    return {
        "format": 1,
        "content_version": "test",
        "games": {
            g: {
                "title": g.upper(),
                "sources": {"rb": "The Rulebook"},
                "rulebooks": ["rb"],
                "synonyms": [list(s) for s in synonyms],
                "player_count": player_count,
            }
            for g in games
        },
        "entries": entries,
    }


def test_the_entry_answering_the_whole_question_comes_first():
    rules = Rules(
        _index(
            [
                _entry("a", text="Discard a card to draw a card."),
                _entry("b", text="The bunker gives +2 defense when you discard a card."),
                _entry("c", text="Cards in hand count at game end."),
            ]
        )
    )
    found = rules.search("what does the bunker do with a discarded card")
    assert [r["id"] for r in found][:1] == ["g:b"]


def test_synonyms_from_content_match_and_only_in_their_game():
    entries = [
        _entry("gr", name="Galactic Renaissance", text="Counts VP chips.", game="g"),
        _entry("other", text="GR is a word here", game="h"),
    ]
    rules = Rules(_index(entries, synonyms=[("GR", "Galactic Renaissance")], games=("g", "h")))
    ids = [r["id"] for r in rules.search("GR chips")]
    assert ids[0] == "g:gr"
    # in game h, GR means nothing more than the letters
    assert [r["id"] for r in rules.search("galactic renaissance", game="h")] == []


def test_typos_and_word_starts_find_the_entry():
    rules = Rules(
        _index(
            [
                _entry("card", kind="card", name="Anti-Xeno League", text="6-cost development"),
                _entry("other", text="Leave the game."),
            ]
        )
    )
    assert rules.search("anti-x lea")[0]["id"] == "g:card"
    assert rules.search("anti xeno leauge")[0]["id"] == "g:card"


def test_other_forms_of_a_word_find_it():
    """A superlative finds the plain adjective the rules use ("weakest" -> weak), a word finds
    its longer forms ("fails" -> Failure), and a plural of a question word is none ("ways")."""
    rules = Rules(
        _index(
            [
                _entry("weak", text="The weak admiral gets two awards."),
                _entry("fail", name="Failure", text="Discard the system."),
                _entry("way", text="There are two ways to win."),
            ]
        )
    )
    assert rules.search("strongest or weakest admiral")[0]["id"] == "g:weak"
    assert rules.search("my attack fails")[0]["id"] == "g:fail"
    assert rules.index.parse("ways the game can end").concepts[0].typed == "game"
    assert rules.search("how tall is mount everest") == []  # no comparative of 'ever'


def test_plain_english_paraphrase():
    rules = Rules(
        _index(
            [
                _entry("deck", text="Invasion deck empty: shuffle the discards."),
                _entry("run", text="Run the invasion step."),
            ]
        )
    )
    assert rules.search("we ran out of invasion cards")[0]["id"] == "g:deck"


def test_player_count_answers_from_a_table_row_and_a_fact():
    table = _entry(
        "table/values",
        kind="table",
        name="Repulse Values",
        columns=["Players", "Repulse"],
        keys=["players", "repulse"],
        rows=[["2", "22"], ["4", "33"]],
        children=["g:table/values/row/0", "g:table/values/row/1"],
    )
    rows = [
        _entry(
            f"table/values/row/{i}",
            kind="row",
            context=["Repulse Values"],
            table="g:table/values",
            text=f"Players: {p}; Repulse: {r}",
            cells=[["Players", p], ["Repulse", r]],
            values={"players": int(p), "repulse": int(r)},
        )
        for i, (p, r) in enumerate([("2", "22"), ("4", "33")])
    ]
    fact = _entry(
        "fact/repulse_values",
        kind="fact",
        name="Repulse value by player count",
        text="2: 22; 4: 33",
        value={"2": 22, "4": 33},
    )
    rules = Rules(
        _index(
            [table, *rows, fact, _entry("x", text="The repulse value drops by 1 per good.")],
            player_count={"column": "players", "column_label": None, "facts": ["repulse_values"]},
        )
    )
    found = rules.search("repulse value four players")
    answers = {r["id"]: r.get("answer") for r in found}
    assert answers["g:table/values"] == {"players": 4, "text": "Repulse: 33", "cells": [["Repulse", "33"]], "row": 1}
    assert answers["g:fact/repulse_values"]["text"] == "33"
    # the table shows its rows: they are not answers of their own below it
    assert not any("/row/" in r["id"] for r in found)
    # ranked on their own, the row for 2 players sinks below the row for 4
    ranked = {e["id"]: (s, x) for e, s, x in rules.index.search("repulse value four players", None, 10)}
    assert ranked["g:table/values/row/1"][1]["answer"]["text"] == "Repulse: 33"
    assert ranked["g:table/values/row/1"][0] > ranked["g:table/values/row/0"][0]


def test_limit_game_filter_and_empty_questions():
    rules = Rules(_index([_entry(str(i), text=f"Bunker rule {i}") for i in range(8)]))
    assert len(rules.search("bunker", limit=3)) == 3
    assert rules.search("bunker", game="nope") == []
    assert rules.search("what is the") == []
    assert rules.search("") == []


def test_result_shape_names_the_source_and_the_rulebook():
    rules = Rules(
        _index(
            [
                _entry(
                    "r",
                    kind="ruling",
                    name="Who wins ties?",
                    text="The Xenos.",
                    detail="Attackers win ties.",
                    source="rb: Game End",
                )
            ]
        )
    )
    result = rules.search("who wins ties")[0]
    assert {k: result[k] for k in ("game", "kind", "title", "text", "source", "ruling", "reason", "source_title")} == {
        "game": "g",
        "kind": "ruling",
        "title": "Who wins ties?",
        "text": "The Xenos.",
        "source": "rb: Game End",
        "ruling": "The Xenos.",
        "reason": "Attackers win ties.",
        "source_title": "The Rulebook",
    }
    assert result["score"] > 0
    assert rules.entry("g:r")["title"] == "Who wins ties?"
    assert rules.entry("g:missing") is None


@pytest.mark.parametrize("data", [None, [], {"format": 2, "games": {}, "entries": []}, {"format": 1}])
def test_not_an_index_is_refused(data):
    with pytest.raises(IndexError_):
        Rules(data)


def test_core_imports_the_standard_library_only():
    import sys

    allowed = set(sys.stdlib_module_names) | {"generator"}
    for path in (REPO / "generator" / "rulesearch").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module]
                if isinstance(node, ast.ImportFrom) and node.module
                else []
            )
            for name in names:
                top = name.split(".")[0]
                assert top in allowed, f"{path.name} imports {name}"
                if top == "generator":
                    assert name.startswith("generator.rulesearch"), f"{path.name} imports {name}"


@pytest.mark.parametrize(
    "entry, field",
    [
        ({"id": "g:x", "game": "g", "kind": "rule", "text": 42}, "text must be text"),
        ({"id": "g:x", "game": "g", "kind": "spell"}, "unknown game 'g' or kind 'spell'"),
        ({"id": "g:x", "game": "nope", "kind": "rule"}, "unknown game 'nope'"),
        ({"id": "g:x", "game": "g", "kind": "table", "rows": [[1, 2]]}, "rows must be lists of text"),
        ({"id": "g:x", "game": "g", "kind": "rule", "printed": [{"aid": 1}]}, "printed must be"),
        ("a rule", "not a mapping"),
    ],
)
def test_a_malformed_entry_is_refused_naming_it(entry, field):
    data = _index([])
    data["entries"] = [_entry("ok"), entry]
    with pytest.raises(IndexError_, match=r"rules index, entry 1: .*" + field.split("'")[0]):
        Rules(data)


def test_a_table_answering_first_has_the_questions_best_rule_beside_it():
    """The numbers answer first; the rule of the question that says what happens is one tap
    away in the first answer ("see also"), whatever its place below."""
    table = _entry(
        "table/s",
        kind="table",
        name="Attack Strengths",
        text="",
        columns=["Card", "Strength"],
        keys=["card", "strength"],
        rows=[["M+#", "M+3"]],
        detail="+6 after a failed conquest",
    )
    rules = Rules(
        _index(
            [table, _entry("fail", name="Failure", text="Discard the system after a conquest.", context=["Conquest"])]
        )
    )
    found = rules.search("conquest attack fails")
    assert found[0]["id"] == "g:table/s"
    assert [r["id"] for r in found[0]["related"]] == ["g:fail"]
