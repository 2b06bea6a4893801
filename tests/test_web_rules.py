"""The Rules tab in a real browser (Debian Chromium, headless, at phone size): the page answers a
question exactly as `playaid rules --json` does (same entries, same order, same scores), answers
appear as a question is typed, an entry has a deep link, a card of the score pad and a finding
open their rule in one tap, it works offline, and axe-core finds nothing serious. Screenshots in
output/web-screenshots/rules-*.png."""

from __future__ import annotations

import json
import re

import pytest

from tests.web_support import (
    PHONE,
    axe_problems,
    cli_json,
    fill_example,
    measure,
    open_page,
    screenshot,
    wait_ready,
    wait_until,
)

QUESTIONS = [
    "we ran out of xeno cards, now what?",
    "do defense awards count for GR?",
    "can an NPC enter the Kiln?",
    "repulse value 4 players",
    "anti-x lea",
]


def first_result(page) -> dict:
    wait_until(page, "document.querySelector('#panel-rules .rule-result')")
    return page.evaluate("""() => { const r = document.querySelector('#panel-rules .rule-result');
        return {id: r.dataset.ruleId, text: r.innerText}; }""")


@pytest.mark.parametrize("question", QUESTIONS)
def test_the_page_answers_as_the_command_line(api_page, question):
    cli = cli_json("rules", *question.split(), "--limit", "5")
    shown = api_page.evaluate("([q]) => window.playaid.rules(q, null, 5)", [question])
    assert [(r["id"], r["score"]) for r in shown] == [(r["id"], r["score"]) for r in cli]
    assert shown == cli


def test_answers_appear_as_you_type_with_source_and_deep_link(api_page):
    api_page.click("#tab-rules")
    assert api_page.get_attribute("#tab-rules", "aria-selected") == "true"
    assert api_page.locator("#record-tools").is_hidden()
    box = api_page.locator("#rules-q")
    box.fill("")
    box.press_sequentially("can an npc enter the ki", delay=20)
    wait_until(
        api_page, "document.querySelector('#panel-rules .rule-result')?.dataset.ruleId === 'xia:rules/xia-rules/kiln/6'"
    )
    result = first_result(api_page)
    assert "NPCs may enter as on a Neutral planet" in result["text"]
    assert (
        "Source: Xia: Embers of a Forsaken Star rulebook (expansion, solo and campaign rules), Inside" in result["text"]
    )
    assert "xia:" not in result["text"]  # no source id shown
    assert "Printed on: Economy, The Kiln and relics (card, back)" in result["text"]
    link = api_page.locator("#panel-rules .rule-result .permalink").first.get_attribute("href")
    assert link == "#rule=xia%3Arules%2Fxia-rules%2Fkiln%2F6"
    layout = measure(api_page)
    assert layout["scroll"] <= layout["width"] and layout["small"] == [] and layout["cut"] == []
    screenshot(api_page, "rules-kiln")
    assert api_page.problems == []


def test_player_count_answer_is_highlighted(api_page):
    api_page.click("#tab-rules")
    api_page.fill("#rules-q", "repulse value 4 players")
    wait_until(
        api_page,
        "document.querySelector('#panel-rules .rule-result')?.dataset.ruleId === 'rftg:table/repulse-conquest'",
    )
    first = api_page.locator("#panel-rules .rule-result").first
    assert first.locator(".answer").inner_text() == "4 players: Repulse: 33; Add: 52; Conquest: 85"
    assert first.locator("tr.answer-row").inner_text().split() == ["4", "33", "52", "85"]
    screenshot(api_page, "rules-repulse")


def test_an_off_topic_question_says_no_rule_matches_and_which_words_to_try(api_page):
    api_page.click("#tab-rules")
    api_page.fill("#rules-q", "pizza recipe")
    wait_until(api_page, "document.getElementById('rules-status').textContent.startsWith('No rule matches')")
    assert api_page.locator("#rules-status").inner_text() == (
        "No rule matches 'pizza recipe'; try words such as invasion card, Fame Point, NPC, Galactic Renaissance."
    )
    assert api_page.locator("#panel-rules .rule-result").count() == 0
    assert api_page.evaluate("() => window.playaid.rules('pizza recipe', null, 5)") == []


def test_the_variant_at_the_table_narrows_the_answers_and_no_answer_offers_the_closest(api_page):
    """The Variant list appears for a game that declares variants; the page answers as
    `playaid rules --game G --variant V`; a question with two words the rules never use gets
    "No rule matches" with the closest sections below it."""
    from tests.rules_fixtures import rules_index

    api_page.click("#tab-rules")
    game_id, game = next((g, info) for g, info in rules_index()["games"].items() if info.get("variants"))
    variant = game["variants"][-1]
    api_page.select_option("#rules-game", game_id)
    assert api_page.locator("#rules-variant").is_visible()
    api_page.select_option("#rules-variant", variant["id"])
    api_page.fill("#rules-q", "game end")
    wait_until(api_page, "document.getElementById('rules-status').textContent.includes('best first')")
    cli = cli_json("rules", "game", "end", "--game", game_id, "--variant", variant["id"], "--limit", "8")
    shown = api_page.evaluate("document.querySelectorAll('#panel-rules .rule-result').length")
    assert shown == len(cli)
    assert first_result(api_page)["id"] == cli[0]["id"]
    api_page.fill("#rules-q", "game end zzquux flimflam")
    wait_until(api_page, "document.getElementById('rules-status').textContent.startsWith('No rule matches')")
    assert api_page.locator("#rules-status").inner_text().endswith("The closest sections:")
    assert api_page.locator("#panel-rules .rule-result").count() >= 1
    screenshot(api_page, "rules-variant-closest")
    api_page.select_option("#rules-game", "")  # the page is shared: back to all games
    assert api_page.locator("#rules-variant").is_hidden()
    assert api_page.problems == []


def test_the_answering_item_is_marked_and_a_table_links_its_rules(api_page):
    """The item of a section that matched best is marked (class best, as `playaid rules`
    marks it »); a table shows the rules that cite its section as See also links."""
    from tests.rules_fixtures import rules

    api_page.click("#tab-rules")
    api_page.select_option("#rules-game", "")  # all games, as rules().search(q, None)
    table = next(
        r
        for r in (rules().search(q, None, 8) for q in ("strengths", "table", "values"))
        for r in r
        if r["kind"] == "table" and any(x["kind"] != "table" for x in r.get("related", []))
    )
    api_page.fill("#rules-q", table["title"])
    wait_until(api_page, f"document.querySelector(\"#panel-rules [data-rule-id='{table['id']}']\")")
    shown = api_page.locator(f"#panel-rules [data-rule-id='{table['id']}'] .see-also a")
    assert shown.count() >= 1
    assert shown.first.get_attribute("href").startswith("#rule=")
    section = next(r for r in rules().search("game end", None, 8) if any(i.get("best") for i in r.get("items", [])))
    api_page.fill("#rules-q", "game end")
    wait_until(api_page, f"document.querySelector(\"#panel-rules [data-rule-id='{section['id']}'] li.best\")")
    best = api_page.locator(f"#panel-rules [data-rule-id='{section['id']}'] li.best")
    assert best.count() == 1
    assert best.inner_text().strip().endswith(next(i for i in section["items"] if i.get("best"))["text"].strip()[-20:])
    assert api_page.problems == []


def test_deep_link_opens_the_entry(browser, server):
    page = open_page(browser, server.rstrip("/") + "/#rule=rftg%3Arules%2Finvasion-game%2Fruling%2Fattackers-win-ties")
    wait_until(page, "document.getElementById('tab-rules').getAttribute('aria-selected') === 'true'")
    result = first_result(page)
    assert result["id"] == "rftg:rules/invasion-game/ruling/attackers-win-ties"
    assert "What happens when the invasion strength equals my total?" in result["text"]
    assert "Why: The Xenos attack, and attackers win ties in Race for the Galaxy." in result["text"]
    assert "Table: Xeno Invasion Strengths" in result["text"]  # the related table
    screenshot(page, "rules-ruling")
    assert page.problems == []
    page.context.close()


def test_one_tap_from_a_card_and_from_a_finding(browser, server):
    page = open_page(browser, server)
    fill_example(page)
    page.locator("#p0-tableau button.rule-name", has_text="Epsilon Eridani").click()
    wait_until(page, "document.getElementById('tab-rules').getAttribute('aria-selected') === 'true'")
    assert page.input_value("#rules-q") == "Epsilon Eridani"
    wait_until(
        page, "document.querySelector('#panel-rules .rule-result')?.dataset.ruleId === 'rftg:card/Epsilon Eridani'"
    )
    # a finding: a development marked damaged asks the ruling on damaged developments
    page.click("#tab-rftg")
    record = {
        "game": "rftg",
        "variant": "invasion",
        "ended_by": "repulse",
        "players": [
            {
                "name": "Ann",
                "tableau": ["Epsilon Eridani", {"card": "Research Labs", "damaged": True}],
                "chips": 3,
                "war_contribution_chips": 1,
                "defense_awards": 0,
                "goods": 0,
                "hand": 0,
            },
            {
                "name": "Ben",
                "tableau": ["Old Earth"],
                "chips": 3,
                "war_contribution_chips": 0,
                "defense_awards": 0,
                "goods": 0,
                "hand": 0,
            },
        ],
    }
    page.click("[data-action=paste]")
    page.fill("#paste-text", json.dumps(record))
    page.click("#paste-load")
    wait_until(
        page,
        "[...document.querySelectorAll('#panel-rftg .finding.error')].some(f => f.textContent.includes('only worlds can be damaged'))",
    )
    finding = page.locator("#panel-rftg .finding.error", has_text="only worlds can be damaged")
    assert (
        finding.locator("button.rule-link").get_attribute("data-rule-ask")
        == "is a development; only worlds can be damaged"
    )
    finding.locator("button.rule-link").click()
    wait_until(
        page,
        "document.querySelector('#panel-rules .rule-result')?.dataset.ruleId === 'rftg:scoring/rftg-scoring/ruling/only-worlds-damaged'",
    )
    # the result screen: the check keeps its Rule button, and a card of a breakdown opens its entry
    page.click("#tab-rftg")
    page.click("#rftg-score")
    check = page.locator("#rftg-result .finding", has_text="only worlds can be damaged")
    assert check.locator("button.rule-link").count() == 1
    page.locator("#rftg-breakdown-0 summary").click()
    page.locator("#rftg-breakdown-0 button.rule-name", has_text="Epsilon Eridani").click()
    wait_until(
        page, "document.querySelector('#panel-rules .rule-result')?.dataset.ruleId === 'rftg:card/Epsilon Eridani'"
    )
    assert page.problems == []
    page.context.close()


def test_rules_work_offline(browser, server):
    context = browser.new_context(viewport=PHONE, service_workers="allow")
    page = open_page(browser, server, context=context)
    # the offline copy is complete ('works offline'), rules index included
    wait_until(page, "window.playaid.status().offline.state === 'ready'", 300_000)
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    found = page.evaluate("window.playaid.rules('can an NPC enter the Kiln?', 'xia', 1)")
    assert found[0]["source"] == "xia: Inside"
    assert page.problems == []
    context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_rules_tab_at_phone_size_in_light_and_dark(browser, server, scheme):
    context = browser.new_context(viewport=PHONE, color_scheme=scheme, bypass_csp=True, service_workers="block")
    page = open_page(browser, server, context=context)
    page.click("#tab-rules")
    page.fill("#rules-q", "retaliation tile burst")
    wait_until(page, "document.querySelectorAll('#panel-rules .rule-result').length > 2")
    shown = page.inner_text("#panel-rules")
    assert not re.search(r"\[[a-z][a-z0-9_]*\]", shown), "an icon token shows raw"
    assert "flip the retaliation tile to crossed-out burst" in shown or "tile stands on burst" in shown
    page.locator("#panel-rules details.related summary").first.click()
    layout = measure(page)
    assert layout["scroll"] <= layout["width"] and layout["small"] == [] and layout["cut"] == []
    screenshot(page, f"rules-{scheme}")
    assert axe_problems(page) == []
    assert page.problems == []
    context.close()
