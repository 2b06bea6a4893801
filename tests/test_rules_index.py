"""The rules index built from content (`generator.compile.rules_index`): every rule, ruling,
fact, table row and card is an entry with its game, source and the aids it is printed on; the
vocabulary is checked against the game's text; `playaid rules` prints and --json's the answers."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import cli
from tests.demo_content import AIDS, CHECKS, GAME, RULEBOOK, TABLE
from tests.rules_fixtures import REPO, rules, rules_index


def _entries(kind=None, game=None):
    return [
        e
        for e in rules_index()["entries"]
        if (kind is None or e["kind"] == kind) and (game is None or e["game"] == game)
    ]


def _by_id(entry_id):
    return next(e for e in rules_index()["entries"] if e["id"] == entry_id)


# --- what the index holds --------------------------------------------------------------------


def test_every_content_item_is_an_entry_with_a_source():
    from generator.checks.load import load_content

    content = load_content(REPO / "content")
    index = rules_index()
    kinds: dict[tuple[str, str], int] = {}
    for e in index["entries"]:
        kinds[(e["game"], e["kind"])] = kinds.get((e["game"], e["kind"]), 0) + 1
        assert e["source"], f"{e['id']} has no source"
    for game_id, game in content.games.items():
        sections = sum(len(d.sections) for d in game.of_kind("rules").values())
        rulings = sum(len(d.rulings) for d in game.of_kind("rules").values()) + sum(
            len(d.rulings) for d in game.of_kind("scoring").values()
        )
        tables = game.of_kind("table")
        assert kinds.get((game_id, "section"), 0) == sections
        assert kinds.get((game_id, "ruling"), 0) == rulings
        assert kinds.get((game_id, "table"), 0) == len(tables)
        assert kinds.get((game_id, "row"), 0) == sum(len(t.rows) for t in tables.values())
        assert kinds.get((game_id, "fact"), 0) == len(game.facts)
        assert kinds.get((game_id, "card"), 0) == sum(len(d.cards) for d in game.of_kind("cards").values())


def test_a_rule_item_keeps_its_own_source_and_its_place():
    # invasion-game.yaml, Invasion Step, 3a: the sub-item about an empty invasion deck
    item = _by_id("rftg:rules/invasion-game/invasion-step/5.2")
    assert item["text"].startswith("Invasion deck empty - shuffle the discarded wave 3 cards")
    assert item["source"] == "xi: Assign Invasion cards"
    assert item["context"] == ["Xeno Invasion - Invasion Game", "Invasion Step", "3a. Assign invasion cards"]
    parent = _by_id("rftg:rules/invasion-game/invasion-step/5")
    assert parent["name"] == "3a. Assign invasion cards" and item["id"] in parent["children"]


def test_ruling_has_question_ruling_reason():
    ruling = _by_id("rftg:rules/invasion-game/ruling/attackers-win-ties")
    assert ruling["name"] == "What happens when the invasion strength equals my total?"
    assert ruling["text"].startswith("The Xenos win")
    assert ruling["detail"] == "The Xenos attack, and attackers win ties in Race for the Galaxy."
    assert ruling["source"] == "xi: Xeno Invasion Strengths"


def test_card_entry_has_its_facts_and_scoring_lines():
    card = _by_id("rftg:card/Anti-Xeno League")
    assert card["text"] == "6-cost development, ? VP, ANTI-XENO, powers: Settle, Produce"
    assert card["detail"].split("; ") == [
        "+1 Military vs. Xenos per non-military world",
        "2 per ANTI-XENO world",
        "1 per other world",
        "1 per ANTI-XENO development (including this one)",
    ]
    assert card["card"]["cost"] == 6 and card["card"]["keywords"] == ["ANTI-XENO"]
    world = _by_id("rftg:card/Spice World")
    assert world["text"].startswith("world, cost 2, 1 VP") or "world" in world["text"]


def test_printed_on_names_the_aid_and_the_side():
    step = _by_id("rftg:rules/invasion-summary/invasion-step")
    assert {
        "aid": "rftg-invasion-summary",
        "title": "Invasion Game Summary",
        "format": "card",
        "face": "back",
        "side": "back",
    } in step["printed"]
    # the items of a printed section are printed with it
    assert _by_id("rftg:rules/invasion-summary/invasion-step/1")["printed"] == step["printed"]
    row = _by_id("rftg:table/repulse-conquest/row/3")
    assert [p["aid"] for p in row["printed"]] == ["rftg-strength-tables"]
    kiln = _by_id("xia:rules/xia-rules/kiln")
    assert ("xia-economy-kiln-relics", "back") in [(p["aid"], p["side"]) for p in kiln["printed"]]
    assert ("xia-rules-reference", None) in [(p["aid"], p["side"]) for p in kiln["printed"]]  # a page aid: no side


def test_related_tables_cite_the_same_section_or_share_the_face():
    ruling = _by_id("rftg:rules/invasion-game/ruling/attackers-win-ties")
    assert "rftg:table/invasion-strengths" in ruling["related"]


def test_vocabulary_and_player_count_keys_are_in_the_index():
    games = rules_index()["games"]
    assert ["GR", "Galactic Renaissance"] in games["rftg"]["synonyms"]
    assert ["FP", "Fame Point"] in games["xia"]["synonyms"]
    assert games["rftg"]["player_count"]["column"] == "players"
    assert games["rftg"]["rulebooks"] == ["xi", "xc"]


# --- answers on the real content ---------------------------------------------------------------


def test_repulse_value_for_four_players_is_33_from_the_repulse_tiles():
    found = rules().search("repulse value 4 players", "rftg", 5)
    answers = {r["id"]: r["answer"] for r in found if r.get("answer")}
    assert answers["rftg:table/repulse-conquest"]["cells"] == [["Repulse", "33"], ["Add", "52"], ["Conquest", "85"]]
    assert answers["rftg:fact/repulse_values"]["text"] == "33"
    assert found[0]["id"] in answers


@pytest.mark.parametrize(
    "question, sources",
    [
        ("we ran out of xeno cards, now what?", {"xi: Assign Invasion cards"}),
        # both rulebooks' Game End sections say defense awards do not count
        ("do defense awards count for Galactic Renaissance?", {"xi: Game End", "xc: Game End"}),
        ("can an NPC enter the Kiln?", {"xia: Inside"}),
    ],
)
def test_the_issues_questions(question, sources):
    assert rules().search(question, None, 1)[0]["source"] in sources


# --- the vocabulary is checked against the game's text ---------------------------------------


def _demo(tmp_path, vocabulary: str) -> Path:
    game = tmp_path / "content" / "demo"
    game.mkdir(parents=True)
    rules_text = (
        "kind: rules\nid: basics\ntitle: Basics\nsections:\n  - id: setup\n    title: Setup\n"
        "    source: \"rb: Setup\"\n    items:\n      - Each player takes 3 cards.\n"
    )
    facts = (
        "kind: facts\nid: numbers\nfacts:\n  hand_size:\n    value: 3\n    type: integer\n    source: \"rb: Setup\"\n"
    )
    for name, text in {
        "game.yaml": GAME,
        "rules.yaml": rules_text,
        "table.yaml": TABLE,
        "facts.yaml": facts,
        "checks.yaml": CHECKS,
        "aids.yaml": AIDS,
        "vocabulary.yaml": vocabulary,
    }.items():
        (game / name).write_text(text, encoding="utf-8")
    seeds = tmp_path / "seeds"
    seeds.mkdir()
    (seeds / "demo-rules.txt").write_text(RULEBOOK)
    (seeds / "demo-expansion.txt").write_text("Setup\nAdd the new cards.\n")
    return tmp_path


def test_no_answer_is_a_bare_number_or_list_marker_and_each_names_its_section():
    """A numbered step's label ("3.") is its place in its list, not a title; a fact whose value
    is only a number ("1") is said with its label. Checked on every entry of the shipped games."""
    marker = re.compile(r"\(?(\d+[a-z]?|[a-z])[.):]?|[-•*]")
    for entry in rules_index()["entries"]:
        result = rules().entry(entry["id"])
        assert not marker.fullmatch(result["title"].strip()), result
        assert any(c.isalpha() for c in result["text"]) or not result["text"], result
        assert re.fullmatch(r"[a-z0-9_-]+: \S.*", result["source"]), result
    found = rules().search("how do I remove cubes from the map in solo", "xia", 1)[0]
    assert (found["title"], found.get("context"), found["source"]) == (
        "Solo rules: Solo round end, step 1",
        None,
        "xia: Solo Round End",
    )
    found = rules().search("how many cards to discard for the bunker", "rftg", 1)[0]
    assert (found["title"], found["text"]) == (
        "Cards discarded from hand to use the bunker",
        "Cards discarded from hand to use the bunker: 1",
    )
    # a sub-item of step 4 (no label of its own) is titled by its step
    sub = rules().entry("rftg:rules/counterstrike-summary/retaliation-step/4.2")
    assert (
        sub["title"] == "Counterstrike Game Summary: Retaliation Step (end of round, after hand limit discards), step 4"
    )
    assert "context" not in sub
    # in its section's list the step keeps its number
    section = rules().entry("xia:rules/xia-solo/round-end")
    assert [i.get("title") for i in section["items"]] == [None, "1.", "2.", "3.", "4.", "5."]


def test_vocabulary_term_must_be_content_words(tmp_path, monkeypatch):
    root = _demo(
        tmp_path,
        "kind: vocabulary\nid: words\nsynonyms:\n"
        "  - term: cards\n    also: [hand]\n"
        "  - term: dragon eggs\n    also: [eggs]\n"
        "player_count:\n  column: players\n  facts: [hand_size, deck_size]\n",
    )
    monkeypatch.chdir(root)
    result = CliRunner().invoke(cli, ["check", "content"], env={"PLAYAID_SEEDS": "seeds"})
    assert result.exit_code == 1
    lines = [line for line in result.stderr.splitlines() if line.startswith("content/")]
    assert lines == [
        "content/demo/vocabulary.yaml:6:11: synonyms[1].term: 'dragon eggs' is not a term of demo's content "
        "(no rule, table, fact or card uses it) (write the term as content writes it, or add it to content first)",
        "content/demo/vocabulary.yaml:10:11: player_count.facts[0]: fact 'hand_size' is not keyed by player "
        "count (type integer) (name a map[integer, ...] fact)",
        "content/demo/vocabulary.yaml:10:22: player_count.facts[1]: no fact 'deck_size' (name a fact defined "
        "in a kind: facts file)",
    ]


def test_demo_index_from_cli(tmp_path, monkeypatch):
    root = _demo(
        tmp_path,
        "kind: vocabulary\nid: words\nsynonyms:\n  - term: cards\n    also: [hand]\nplayer_count:\n  column: players\n",
    )
    monkeypatch.chdir(root)
    runner = CliRunner(env={"PLAYAID_CACHE_DIR": str(tmp_path / "cache"), "PLAYAID_SEEDS": "seeds"})
    result = runner.invoke(cli, ["rules", "--content", "content", "hand", "3", "players", "--json"])
    assert result.exit_code == 0, result.output
    found = json.loads(result.stdout)
    assert found[0]["id"] == "demo:table/hands"
    assert found[0]["answer"] == {"players": 3, "text": "Cards: 3", "cells": [["Cards", "3"]], "row": 1}
    assert set(found[0]) >= {"game", "kind", "title", "text", "source", "score"}


def test_a_planted_index_cache_is_ignored(tmp_path, monkeypatch):
    """A rules index cache of the right name and digest but the wrong shape (entries whose text
    is a number) is not searched: `playaid rules` builds the index again and answers."""
    import hashlib

    from generator.compile.compile_rules import rules_fingerprint

    cache = tmp_path / "cache"
    monkeypatch.setenv("PLAYAID_CACHE_DIR", str(cache))
    content = REPO / "content"
    fingerprint = rules_fingerprint(content)
    bad = {
        "format": 1,
        "content_version": "x",
        "games": {"rftg": {"title": "R"}},
        "entries": [{"id": "rftg:x", "game": "rftg", "kind": "rule", "text": 42}],
    }
    body = json.dumps(bad).encode()
    cache.mkdir()
    header = {"format": 1, "fingerprint": fingerprint, "digest": hashlib.sha256(body).hexdigest()}
    (cache / f"rulesindex-{fingerprint[:32]}.json").write_bytes(json.dumps(header).encode() + b"\n" + body)
    result = CliRunner().invoke(cli, ["rules", "--content", str(content), "GR", "--json", "--limit", "1"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)[0]["source"] in {"xi: Game End", "xc: Game End"}


# --- icon tokens (issue 20) ------------------------------------------------------------------

ICON_TOKEN = re.compile(r"\[[a-z][a-z0-9_]*\]")


def test_icon_tokens_read_as_words_in_the_index():
    # content writes an icon as [token]; the index is plain text, shown and searched as such
    for e in rules_index()["entries"]:
        texts = [
            e.get("name"),
            e.get("text"),
            e.get("detail"),
            e.get("aka"),
            *e.get("context", []),
            *e.get("columns", []),
            *e.get("notes", []),
            *(c for row in e.get("rows", []) for c in row),
            *(c for pair in e.get("cells", []) for c in pair),
        ]
        for text in filter(None, texts):
            assert not ICON_TOKEN.search(text), (e["id"], text)
    rules_text = {e["text"] for e in _entries("rule", "rftg")}
    # frontier-summary.yaml: "Shuffle the Near [near_frontier] and Far [far_frontier] decks, ...,
    # counterstrike side ([burst]) down": an icon after the word that names it goes; one in
    # brackets of its own is said by its name
    assert (
        "Shuffle the Near and Far decks, each with its tile beside it, counterstrike side (burst) down; "
        "leave out all counterstrike-only parts."
    ) in rules_text
    # counterstrike-game.yaml: "flip the retaliation tile to [no_burst]": the icon is the word
    assert (
        "At least 1 Xeno system conquered this round - flip the retaliation tile to crossed-out burst; "
        "no retaliation this round."
    ) in rules_text
    # "[settle] Frontier Settle": a heading's opening icon goes
    assert "Frontier Settle" in {e["name"] for e in _entries("section", "rftg")}


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        ("Far Frontier world [far_frontier] or 16 cards", "Far Frontier world or 16 cards"),
        ("M+X+# [retaliation_mxn], then # [retaliation_n]", "M+X+#, then #"),
        ("Xeno worlds [xeno] are conquered", "Xeno worlds are conquered"),
        ("Done when the tile shows [burst] and", "Done when the tile shows burst and"),
        (
            "flip both tiles to their counterstrike sides ([burst]).",
            "flip both tiles to their counterstrike sides (burst).",
        ),
        ("[burst] up - retaliation happens.", "Burst up - retaliation happens."),
        ("a [sic] word", "a [sic] word"),  # not an icon: left as written
    ],
)
def test_plain_text_drops_an_icon_its_words_name_and_says_one_that_stands_alone(text, plain):
    from generator.compile.icon_text import plain_text

    words = {
        "far_frontier": "Far Frontier",
        "retaliation_mxn": "M+X+# card",
        "retaliation_n": "# card",
        "xeno": "Xeno",
        "burst": "burst",
    }
    assert plain_text(text, words) == plain


def test_icon_words_come_from_our_svg_titles():
    from generator.compile.icon_text import icon_words

    assert icon_words({"burst": "burst.svg", "no_burst": "no_burst.svg", "retaliation_n": "retaliation_n.svg"}) == {
        "burst": "burst",
        "no_burst": "crossed-out burst",
        "retaliation_n": "# card",
    }


def test_results_cite_their_section_without_ids_or_file_paths():
    """Players read the rulebook's title and the section (with its part where the document
    names one), never a source id ("xc:") or a reference's file path ("src/cards.txt"); a rule's
    or section's title opens with its document (the game and part)."""
    index = rules_index()
    for entry in index["entries"]:
        result = rules().entry(entry["id"])
        book, _, locator = result["source"].partition(": ")
        game = index["games"][entry["game"]]
        assert result["cite"] and not result["cite"].startswith(f"{book}:"), result
        if book in game["rulebooks"]:
            assert locator in result["cite"] or (entry.get("part") and locator.startswith(entry["part"])), result
            if entry.get("part") and not locator.startswith(entry["part"]):
                assert f"{entry['part']} > {locator}" in result["cite"], result
        else:
            assert locator not in result["cite"], result  # a reference: its title only
        if entry["kind"] in ("section", "rule") and entry.get("context"):
            assert result["title"].startswith(entry["context"][0].replace(" - ", ", ") + ": "), result


def test_a_variant_keeps_its_own_rules_what_it_builds_on_and_the_rules_of_no_variant():
    """`playaid rules --variant`, the Rules tab's Variant list: for every variant content
    declares, no result belongs only to another variant; its own documents' entries are found."""
    index = rules_index()
    for game_id, game in index["games"].items():
        for variant in game.get("variants") or []:
            played = rules().index.variants_played(game_id, variant["id"])
            assert variant["id"] in played and set(variant["builds_on"]) <= played
            own = [e for e in index["entries"] if variant["id"] in (e.get("variants") or ()) and e["kind"] == "section"]
            assert own, variant  # its documents are in the index, marked with it
            for ask in ["setup", "game end", own[0]["name"]]:
                found = rules().search(ask, game_id, 10, variant["id"])
                for r in found:
                    of = index["entries"][[e["id"] for e in index["entries"]].index(r["id"])].get("variants")
                    assert not of or played & set(of), (variant["id"], ask, r["title"])
            found = rules().search(own[0]["name"], game_id, 10, variant["id"])
            assert own[0]["id"] in [r["id"] for r in found] or any(
                r["id"] in own[0].get("children", []) for r in found
            ), (variant["id"], own[0]["name"])


def test_no_answer_offers_the_closest_sections_from_the_words_the_rules_hold():
    """Two words the rules never use leave no answer; the sections nearest to the one word they
    do use are offered (`Rules.closest`); nothing is offered when no word is theirs."""
    word = next(iter(rules_index()["games"].values()))["synonyms"][0][1]  # a term content uses
    question = f"{word} zzquux flimflam"
    assert rules().search(question) == []
    closest = rules().closest(question)
    assert closest and all(r["cite"] for r in closest)
    assert rules().closest("zzquux flimflam") == []


def test_playaid_rules_variant_narrows_and_an_unknown_one_is_a_usage_error():
    from click.testing import CliRunner

    from generator.cli import cli
    from tests.rules_fixtures import REPO

    runner = CliRunner()
    res = runner.invoke(cli, ["rules", "setup", "--variant", "zz-none", "--content", str(REPO / "content")])
    assert res.exit_code == 2 and "no variant 'zz-none'" in res.output, res.output
    for game_id, game in rules_index()["games"].items():
        for variant in game.get("variants") or []:
            res = runner.invoke(
                cli, ["rules", "setup", "--variant", variant["id"], "--json", "--content", str(REPO / "content")]
            )
            assert res.exit_code == 0, res.output
            assert {r["game"] for r in json.loads(res.stdout)} <= {game_id}


def test_a_card_points_at_the_rules_that_name_it():
    """A card's entry relates the rules and rulings whose words name the card (what the
    rulebook says of it, beside the card's own lines), at most two; shown as 'see also'."""
    index = rules_index()
    named = 0
    for entry in index["entries"]:
        if entry["kind"] != "card":
            continue
        for rid in entry["related"]:
            rule = _by_id(rid)
            assert entry["name"].casefold() in (rule["text"] + " " + rule.get("name", "")).casefold()
        assert len(entry["related"]) <= 2
        named += bool(entry["related"])
    assert named  # some card is named by a rule
