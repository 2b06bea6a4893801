"""The score pad generated from a compiled scoring model (docs/scoring-model.md), in real
Chromium at phone size: a game that content describes and the page has no pad for gets a tab
and its whole form from the model (variants, endings, values per game and per player, typed
and bounded), with no game-specific JavaScript, and gathers the record `playaid score` reads.

Until the scoring core scores model games (issue 17), the model is given to the site's
data/form.json here, as `playaid web` will write it: what is checked is the form and the record
it gathers, not the score."""

from __future__ import annotations

import json
import shutil

import pytest

from tests.web_support import PHONE_TOUCH, axe_problems, measure, open_page, screenshot, serving, wait_until

#: A small game as docs/scoring-model.md compiles it: two variants (one becomes another when a
#: value is typed), endings, a value once per game, and per player a count (required), a signed
#: number, a check box, a group and a text; one award; two categories.
MODEL = {
    "id": "demo-scoring",
    "title": "Demo scoring",
    "record": "demo",
    "players": {"min": 1, "max": 4},
    "mechanisms": {},
    "endings": [{"id": "deck", "label": "Deck ran out"}, {"id": "crown", "label": "Crown taken"}],
    "variants": [
        {"id": "short", "title": "Short game", "ended_by": ["deck"]},
        {
            "id": "long",
            "title": "Long game",
            "ended_by": ["deck", "crown"],
            "becomes": [{"when": {"final_round": False}, "variant": "long-early", "note": "before the final round"}],
        },
        {"id": "long-early", "title": "Long game, ended early", "ended_by": ["deck"], "hidden": True},
    ],
    "record_entered": [
        {"id": "final_round", "label": "Final round played", "type": "boolean", "variants": ["long", "long-early"]}
    ],
    "entered": [
        {"id": "coins", "label": "Coins", "type": "count", "required": True, "help": "in your purse"},
        {"id": "debt", "label": "Debt", "type": "number", "min": -20, "max": 0},
        {"id": "crown", "label": "Has the crown", "type": "boolean", "variants": ["long"]},
        {
            "id": "trophies",
            "label": "Trophies",
            "type": "group",
            "values": [
                {"id": "gold", "label": "Gold", "type": "count"},
                {"id": "silver", "label": "Silver", "type": "count"},
            ],
        },
        {"id": "faction", "label": "Faction", "type": "text", "max_length": 30},
    ],
    "measures": [],
    "components": [
        {"id": "coins_vp", "label": "Coins", "value": "coins"},
        {"id": "trophy_vp", "label": "Trophies", "value": "trophies.gold * 3"},
    ],
    "awards": [{"id": "richest", "title": "Richest", "vp": 5, "most": "coins"}],
    "awards_total": {"id": "award_vp", "label": "Awards", "list": "awards"},
    "tie_breakers": [{"id": "debt", "label": "Debt", "value": "debt"}],
}


@pytest.fixture(scope="module")
def model_server(site, tmp_path_factory):
    """The site with a model-only game added to data/form.json, served on its own port."""
    root = tmp_path_factory.mktemp("pad") / "web"
    shutil.copytree(site, root)
    form = json.loads((root / "data" / "form.json").read_text(encoding="utf-8"))
    form.setdefault("models", {})["demo"] = {"game": "demo", "title": "Demo game", "scoring": MODEL}
    (root / "data" / "form.json").write_text(json.dumps(form), encoding="utf-8")
    for gz in (root / "data").glob("form.json.*"):
        gz.unlink()  # a precompressed copy would be served instead
    with serving(root) as url:
        yield url


def test_a_model_only_game_gets_its_pad_from_the_model(browser, model_server):
    context = browser.new_context(**PHONE_TOUCH, service_workers="block")
    page = open_page(browser, model_server, context=context, wait_engine=False)
    tab = page.locator("#tab-demo")
    assert tab.inner_text() == "Demo game"
    tab.click()
    assert page.get_attribute("#tab-demo", "aria-selected") == "true"
    assert page.locator("#record-tools").is_visible()
    # the variants offered (not the hidden one) and the endings of the variant chosen
    assert page.locator("#demo-variant option").all_inner_texts() == ["Short game", "Long game"]
    assert page.locator("#demo-ended-by option").all_inner_texts() == ["Deck ran out"]
    assert page.locator("#demo-v-final_round").count() == 0  # only in a long game
    assert page.locator("#demo-p0-crown").count() == 0
    page.select_option("#demo-variant", "long")
    assert page.locator("#demo-ended-by option").all_inner_texts() == ["Deck ran out", "Crown taken"]
    page.check("#demo-v-final_round")
    page.select_option("#demo-ended-by", "crown")
    # per player: a count with its help, a signed number, a check box, a group, a text
    assert page.locator('[data-path="players.0.coins"] .hint').inner_text() == "in your purse"
    assert page.locator('[data-path="players.0.debt"] button.sign').count() == 1
    page.fill("#demo-p0-name", "Ann")
    page.fill("#demo-p0-coins", "12")
    page.fill("#demo-p0-debt", "-2")
    page.check("#demo-p0-crown")
    page.fill("#demo-p0-trophies-gold", "1")
    page.fill("#demo-p0-faction", "Red")
    page.fill("#demo-p1-name", "Ben")
    page.fill("#demo-p0-trophies-silver", "2")
    page.fill("#demo-p0-trophies-silver", "")  # emptied: the group keeps only gold
    screenshot(page, "pad-demo")
    record = page.evaluate("JSON.parse(localStorage.getItem('playaid.v1.demo'))")
    assert record == {
        "game": "demo",
        "variant": "long",
        "ended_by": "crown",
        "final_round": True,
        "players": [
            {"name": "Ann", "coins": 12, "debt": -2, "crown": True, "trophies": {"gold": 1}, "faction": "Red"},
            {"name": "Ben"},
        ],
    }
    # Ben left without his coins: the value the model requires is asked for beside its box
    page.locator("#demo-p0-name").click()
    needed = page.locator('[data-path="players.1.coins"] .finding')
    needed.wait_for()
    assert needed.inner_text() == "Needed: coins."
    # text in a number box: marked at once, and left out of what is scored
    page.fill("#demo-p0-coins", "12a")
    assert (
        page.locator('[data-path="players.0.coins"] .finding.error').inner_text()
        == "Not a whole number: this box is not counted."
    )
    assert (
        page.evaluate("JSON.parse(localStorage.getItem('playaid.v1.demo')).players[0].coins") == "12a"
    )  # kept as typed
    # a variant that becomes another when a value is typed: unticking the final round offers
    # the early ending's choices and hides what only the full game has
    page.uncheck("#demo-v-final_round")
    wait_until(page, "document.querySelectorAll('#demo-ended-by option').length === 1")
    assert page.locator("#demo-p1-crown").count() == 0  # Ann's stays: she has a value there
    # a second player more, up to the model's maximum of 4
    page.click("#demo-add-player")
    page.click("#demo-add-player")
    assert page.locator("#panel-demo section.player").count() == 4
    assert page.is_disabled("#demo-add-player")
    assert page.problems == []
    context.close()


def test_the_generated_pad_passes_axe_core_and_fits_the_phone(browser, model_server):
    context = browser.new_context(**PHONE_TOUCH, bypass_csp=True, service_workers="block")
    page = open_page(browser, model_server, context=context, wait_engine=False)
    page.click("#tab-demo")
    page.select_option("#demo-variant", "long")
    page.fill("#demo-p0-name", "Ann")
    page.fill("#demo-p0-coins", "3")
    assert axe_problems(page, within="document.getElementById('panel-demo')") == []
    m = measure(page)
    assert m["scroll"] <= m["width"] and m["small"] == [] and m["cut"] == [] and m["numbers"] == []
    context.close()
