"""A game added by content alone is scored on the phone as on the command line (issue 17's
"done when"): `playaid new` writes the skeleton game into a copy of the shipped content,
`playaid web` builds the site from that copy, and a player types the sample record's values into
the game's generated pad in real Chromium at phone size and taps "Score the game". The result
screen's scoreboard (a row per category the model declares, the total last) and its winner equal
`playaid score --json` on the same record, value by value.
"""

from __future__ import annotations

import json
import shutil

import pytest

from generator.checks.load import load_content
from generator.compile.compile_rules import compile_rules
from generator.content.skeleton import new_game
from generator.paths import PROJECT_ROOT
from generator.reader.yaml_io import load_file
from generator.scoring.api import score
from tests.web_support import PHONE_TOUCH, open_page, screenshot, serving, wait_until

GAME = "zz-gem-market"


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    """(served site URL, compiled rules, the sample record) for content with the skeleton game."""
    from generator.web.site import build_site

    root = tmp_path_factory.mktemp("new-game-phone")
    shutil.copytree(PROJECT_ROOT / "content", root / "content")
    written = new_game(GAME, root / "content", root / "examples", title="Gem Market")
    record = load_file(next(p for p in written if p.parent.name == "examples"))[0].data
    build_site(root / "content", root / "web")
    with serving(root / "web") as url:
        yield (url, compile_rules(load_content(root / "content")), record)


def test_a_game_added_by_content_scores_on_the_phone_as_on_the_command_line(browser, game):
    url, rules, record = game
    expected = score(record, rules)
    model = rules["games"][GAME]["scoring"]
    prefix = model["record"]

    context = browser.new_context(**PHONE_TOUCH, service_workers="block")
    page = open_page(browser, url, context=context)
    page.click(f"#tab-{prefix}")
    while page.locator(f"#panel-{prefix} section.player").count() < len(record["players"]):
        page.click(f"#{prefix}-add-player")
    for i, player in enumerate(record["players"]):
        for key, value in player.items():
            page.fill(f"#{prefix}-p{i}-{key}", str(value))
    page.click(f"#{prefix}-score")
    board = page.locator(f"#{prefix}-scoreboard")
    board.wait_for()
    # the result screen may open on the report of a moment before (a rescore in flight on a busy
    # machine): it is redrawn when the last one comes
    order = sorted(expected["players"], key=lambda p: p["rank"])
    wait_until(
        page,
        f"JSON.stringify([...document.querySelectorAll('#{prefix}-scoreboard thead th .who')]"
        f".map(e => e.textContent)) === {json.dumps(json.dumps([p['name'] for p in order], separators=(',', ':')))}",
    )
    screenshot(page, "pad-new-game-result")

    # the scoreboard's columns are in rank order; its rows are the model's categories
    heads = board.locator("thead th .who").all_inner_texts()
    assert heads == [p["name"] for p in order]
    totals = board.locator("tr.total-row td").all_inner_texts()
    assert [int(t) for t in totals] == [p["total"] for p in order]
    # by hand from the sample: Ann 2 sets (10) + 1 loose + 7 coins (2) + Most coins tied with Ben (4);
    # Ben 1 set (5) + 3 loose + 2 + 4; Cy 2 sets (10) + 1 loose + 0 (Most sets: Ann and Cy tie, none)
    assert [p["total"] for p in order] == [17, 14, 11]
    for component in model["components"]:
        row = board.locator(f'tr[data-category="{component["id"]}"] td')
        if row.count():  # a category 0 for everyone is left out
            assert [int(t) for t in row.all_inner_texts()] == [p[component["id"]] for p in order], component["id"]
    # the awards' VP are a row that adds up with the others to the total
    awards_row = board.locator(f'tr[data-category="{model["awards_total"]["id"]}"] td')
    assert [int(t) for t in awards_row.all_inner_texts()] == [4, 4, 0]
    # who took each award, or why nobody did
    tiles = page.locator(f"#panel-{prefix} ul.tiles li")
    assert tiles.nth(0).locator(".holders").inner_text() == "Ann and Ben"
    assert tiles.nth(1).locator(".holders").inner_text() == "nobody"
    assert "Ann and Cy tie for the most" in tiles.nth(1).locator(".why").inner_text()
    assert page.locator(f"#{prefix}-verdict").inner_text() == "Final result"
    assert expected["winners"][0] in page.locator(f"#panel-{prefix}").inner_text()
    assert page.problems == []
    context.close()


@pytest.fixture(scope="module")
def own_only(tmp_path_factory):
    """The site of a content folder of the user's own that holds only the new game (as
    `playaid new` makes in an empty folder): no RftG, no Xia."""
    from generator.web.site import build_site

    root = tmp_path_factory.mktemp("own-only")
    (root / "content").mkdir()
    new_game(GAME, root / "content", root / "examples", title="Gem Market")
    build_site(root / "content", root / "web")
    with serving(root / "web") as url:
        yield url


def test_a_site_without_the_shipped_games_shows_only_its_own(browser, own_only):
    """No tabs for games the content does not hold; the new game's pad opens first and scores."""
    context = browser.new_context(**PHONE_TOUCH, service_workers="block")
    page = open_page(browser, own_only, context=context)
    assert page.locator('[role="tab"]').all_inner_texts()[:2] == ["Gem Market", "Saved games"]
    assert page.locator("#tab-rftg, #tab-xia-campaign, #tab-xia-npc, #panel-rftg").count() == 0
    prefix = GAME
    assert page.get_attribute(f"#tab-{prefix}", "aria-selected") == "true"
    for i, (name, gems) in enumerate((("Ann", 3), ("Ben", 1))):
        page.fill(f"#{prefix}-p{i}-name", name)
        for key in ("red", "green", "blue", "coins"):
            page.fill(f"#{prefix}-p{i}-{key}", str(gems))
    page.click(f"#{prefix}-score")
    screenshot(page, "pad-own-content-only")
    page.locator(f"#{prefix}-scoreboard").wait_for()
    assert page.locator(f"#{prefix}-winner").inner_text().startswith("Winner: Ann")
    assert not page.locator(".finding.error").filter(has_text="could not load").count()
    assert page.problems == []
    context.close()
