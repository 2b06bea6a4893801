"""Entering a game on a phone (real Chromium, 360 x 740, touch): a 12-card tableau in at most 25
keystrokes and taps, typed the way a player would, with the box typed in never moving; findings
when a player is done, in words for people; the result screen; undo; one polite live region."""

from __future__ import annotations

import re

import pytest

from generator.compile.compile_rules import compiled_rules
from generator.paths import CONTENT_DIR
from generator.reader.yaml_io import load_file
from generator.scoring.api import score
from tests.web_player import TABLEAU, enter_tableau
from tests.web_support import (
    PHONE_TOUCH,
    REPO,
    cli_json,
    open_page,
    paste_example,
    phone,
    screenshot,
    totals,
    wait_until,
)


def test_a_12_card_tableau_takes_at_most_25_keystrokes_and_taps(browser, server):
    context = browser.new_context(**PHONE_TOUCH, service_workers="block")
    page = open_page(browser, server, context=context)
    page.select_option("#rftg-variant", "invasion")
    names = [
        c["n"]
        for c in page.evaluate("fetch('data/form.json').then(r => r.json())")["models"]["rftg"]["widgets"]["tableau"][
            "cards"
        ]
        if not c.get("f")
    ]  # an invasion game deals no Frontier cards
    box = page.locator("#p0-card")
    moved = []
    place = {}

    def shot(name, typed):
        if name == "Galactic Renaissance":
            screenshot(page, f"entry-keyboard-{typed}", full_page=False)

    def stays(name):
        if name:
            page.wait_for_timeout(60)  # a rescore may land: the box must not move for it
        y = box.bounding_box()["y"]
        place.setdefault("y", y)
        if abs(y - place["y"]) > 1:
            moved.append(f"after {name}: {place['y']} -> {y}")

    actions = enter_tableau(page, 0, TABLEAU, names, on_key=shot, after_pick=stays)
    screenshot(page, "entry-keyboard-end", full_page=False)
    chips = page.locator("#p0-tableau li .name").all_inner_texts()
    assert [re.sub(r" · .*", "", c) for c in chips] == TABLEAU
    print(f"12-card tableau: {len(actions)} keystrokes and taps: {actions}")
    assert len(actions) <= 25, actions
    assert moved == []
    assert page.problems == []
    context.close()


# --- findings when a player is done, in words for people ---------------------------------------


def test_findings_wait_for_the_player_to_be_done_and_read_as_words(browser, server):
    page = phone(browser, server)
    page.fill("#p0-name", "Ann")
    box = page.locator("#p0-card")
    box.click()
    box.press_sequentially("old ea")
    box.press("Enter")
    totals(page, 1)
    page.wait_for_timeout(300)
    assert page.locator("#p0-section .finding").count() == 0  # Ann is being typed in
    page.locator("#p1-name").click()  # Ann is done: her findings show beside their boxes
    chips = page.locator('[data-path="players.0.chips"] .finding')
    chips.wait_for()
    assert (
        chips.inner_text()
        == "Ann: “VP chips” is empty: how many? Type 0 if there were none (it counts as 0 until then)."
    )
    shown = " ".join(page.locator("#panel-rftg .finding").all_inner_texts())
    assert "`" not in shown and not re.search(r"\b[a-z]+_[a-z_]+\b|\w+: 0\b", shown), shown
    # a box holding something that is not a whole number: marked at once, the total stays
    page.fill("#p0-chips", "7a")
    bad = page.locator('[data-path="players.0.chips"] .finding.error')
    bad.wait_for()
    assert bad.inner_text() == "Not a whole number: this box is not counted."
    assert "is empty" not in page.locator('[data-path="players.0.chips"]').inner_text()
    assert page.get_attribute("#p0-chips", "aria-invalid") == "true"
    # Ann's total as the scoring core gives it for what the page shows, the mistyped box left out
    record = {
        "game": "rftg",
        "variant": page.input_value("#rftg-variant"),
        "ended_by": page.input_value("#rftg-ended-by"),
        "players": [{"name": "Ann", "tableau": ["Old Earth"]}],
    }
    ann = score(record, compiled_rules(CONTENT_DIR))["players"][0]["total"]
    assert ann == 2  # Old Earth's 2 VP; the 7a in VP chips is not counted
    wait_until(page, "document.getElementById('p0-total')?.textContent.startsWith('2')")
    assert totals(page, 1) == [ann]
    # scored with Ben still without cards: provisional, and no VP pool check counting Ann alone
    page.click("#rftg-score")
    wait_until(page, "document.getElementById('rftg-verdict')")
    assert "1 player has no cards yet" in page.locator("#rftg-verdict").inner_text()
    assert "pool" not in page.locator("#panel-rftg").inner_text().lower()
    page.context.close()


def test_an_invalid_box_or_unknown_card_keeps_the_other_totals_and_says_not_final(browser, server, tmp_path):
    expected = cli_json("score", "examples/rftg-invasion.yaml")
    page = phone(browser, server)
    paste_example(page, "rftg-invasion")
    page.fill("#p1-chips", "7a")  # Ben's 12 VP chips mistyped
    ben = expected["players"][1]
    # the rescore comes when the scorer answers (not after a set time: a busy machine is slower)
    wait_until(page, f"/^{ben['total'] - ben['chips_vp']}\\b/.test(document.querySelector('#p1-total').textContent)")
    got = totals(page, 3)
    assert got == [expected["players"][0]["total"], ben["total"] - ben["chips_vp"], expected["players"][2]["total"]]
    # a value past its box's range (Ann's VP chips as 12345): the scorer's words on that box, her
    # total as the command line gives it without her chips (Galactic Renaissance counts them too),
    # the other totals stay
    page.fill("#p0-chips", "12345")
    text = (REPO / "examples" / "rftg-invasion.yaml").read_text(encoding="utf-8")
    (tmp_path / "no-chips.yaml").write_text(text.replace("    chips: 9\n", "", 1), encoding="utf-8")
    ann = cli_json("score", str(tmp_path / "no-chips.yaml"))["players"]
    ann = next(p for p in ann if p["name"] == "Ann")["total"]
    assert ann == 22  # 34 less 9 chips less 3 of Galactic Renaissance's VP (chips counted there)
    wait_until(page, f"document.getElementById('p0-total')?.textContent.startsWith('{ann}')")
    assert totals(page, 3) == [ann, *got[1:]]
    page.locator("#p0-card").click()
    page.locator("#p0-card").press_sequentially("Spice Wrld")
    page.keyboard.press("Escape")
    page.locator("#p0-card").press("Enter")
    page.click("#rftg-score")
    verdict = page.locator("#rftg-verdict")
    wait_until(page, "document.getElementById('rftg-verdict')?.textContent.includes('unknown card')")
    assert verdict.inner_text().startswith("Not final:")
    assert "1 unknown card not counted" in verdict.inner_text()
    assert "1 box is not a whole number (not counted)" in verdict.inner_text()
    assert "1 box is out of range (not counted)" in verdict.inner_text()
    # a check's "Fix" goes back to its box
    page.locator(".todo li", has_text="“Spice Wrld” is not a card of the game").get_by_role(
        "button", name="Fix"
    ).click()
    assert page.locator("#rftg-entry").is_visible()
    assert (
        "12345 is above the largest allowed value, 9999"
        in page.locator('[data-path="players.0.chips"] .finding.error').inner_text()
    )
    page.context.close()


# --- the result screen -------------------------------------------------------------------------


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_result_screen_scoreboard_tiles_military_and_breakdown(browser, server, scheme):
    expected = cli_json("score", "examples/rftg-invasion.yaml")
    page = phone(browser, server, scheme=scheme)
    paste_example(page, "rftg-invasion")
    totals(page, 3)
    page.click("#rftg-score")
    wait_until(page, "document.getElementById('rftg-scoreboard')")
    assert page.locator("#rftg-verdict").inner_text() == "Final result"
    assert page.locator("#rftg-winner").inner_text() == "Winner: Ann with 34 VP"
    board = page.evaluate("""() => {
        const t = document.getElementById('rftg-scoreboard');
        const names = [...t.querySelectorAll('thead .who')].map(e => e.textContent);
        const rows = [...t.querySelectorAll('tbody tr')].map(r => [r.querySelector('th').textContent,
            ...[...r.querySelectorAll('td')].map(td => Number(td.textContent))]);
        return {names, rows};
    }""")
    ranked = sorted(expected["players"], key=lambda p: p["rank"])
    assert board["names"] == [p["name"] for p in ranked]
    total = board["rows"][-1]
    assert total == ["Total", *[p["total"] for p in ranked]]
    for k in range(len(ranked)):  # the categories add up to each total
        assert sum(row[k + 1] for row in board["rows"][:-1]) == total[k + 1]
    assert [r[0] for r in board["rows"][:-1]] == [
        "Cards (printed VP)",
        "6-cost developments",
        "VP chips",
        "War contributions",
        "Defense awards",
        "Bonus tiles",
    ]
    tile = page.locator('[data-tile="greatest_contributor"]')
    assert "Ann and Cat" in tile.inner_text() and "war contribution chips: 3" in tile.inner_text()
    assert "tied with" not in tile.locator(".why").inner_text()  # the report's words for the place, not a player's line
    assert "Epsilon Eridani +1 Military; Space Marines +2 Military" in page.locator(".military").inner_text()
    # one tap on a player's column opens their breakdown
    page.locator("#rftg-scoreboard .player-head", has_text="Ben").tap()
    ben = page.locator("#rftg-breakdown-1")
    assert ben.get_attribute("open") is not None
    for line in expected["players"][1]["explain"]:
        assert line["why"] in ben.inner_text()
    page.evaluate("window.scrollTo(0, 0)")
    screenshot(page, f"result-{scheme}")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert page.problems == []
    page.context.close()


# --- undo, one live region ------------------------------------------------------------------------


def test_removing_a_player_or_a_xia_game_can_be_undone(browser, server):
    page = phone(browser, server)
    paste_example(page, "rftg-invasion")
    page.click("#notice button[aria-label=Dismiss]")
    page.get_by_role("button", name="Remove Ben").click()
    assert page.locator("#panel-rftg section.player").count() == 2
    assert "Removed Ben (5 cards)." in page.locator("#notice").inner_text()
    page.locator("#notice").get_by_role("button", name="Undo").click()
    assert page.locator("#panel-rftg section.player").count() == 3
    assert page.input_value("#p1-name") == "Ben" and page.locator("#p1-tableau li").count() == 5
    # one card: removed with its ×, back with Undo; the notice floats, the card box stays put
    page.locator("#p1-card").evaluate("e => e.scrollIntoView({block: 'center'})")
    before = page.locator("#p1-card").bounding_box()["y"]
    page.locator("#p1-tableau").get_by_role("button", name="Remove Public Works").click()
    assert "Removed Public Works from Ben's tableau." in page.locator("#notice").inner_text()
    # the browser's scroll anchoring keeps the box where it was at its next frame: wait for that
    # (a frame can come late on a loaded machine), then the box is within a pixel of where it was
    wait_until(
        page,
        f"Math.abs(document.querySelector('#p1-card').getBoundingClientRect().y - {before}) < 1",
        timeout_ms=10_000,
    )
    assert abs(page.locator("#p1-card").bounding_box()["y"] - before) < 1
    page.locator("#notice").get_by_role("button", name="Undo").click()
    assert page.locator("#p1-tableau li .name").nth(3).inner_text().startswith("Public Works")
    page.click("#tab-xia-campaign")
    paste_example(page, "xia-campaign")
    goal = page.input_value("#xc-1-goal")
    games = page.locator("#panel-xia-campaign section.card[data-path^='games.']").count()
    page.get_by_role("button", name="Remove game 2").click()
    assert page.locator("#panel-xia-campaign section.card[data-path^='games.']").count() == games - 1
    page.locator("#notice").get_by_role("button", name="Undo").click()
    assert page.input_value("#xc-1-goal") == goal
    page.context.close()


def test_one_polite_live_region_speaks_a_changed_result_not_every_keystroke(browser, server):
    page = phone(browser, server)
    regions = page.evaluate("""() => [...document.querySelectorAll(
        '[aria-live], [role=status], [role=alert], [role=log], [role=marquee], [role=timer], output')].map(e => e.id)""")
    assert regions == ["announce"]
    assert page.get_attribute("#announce", "aria-live") == "polite"
    paste_example(page, "rftg-invasion")
    totals(page, 3)
    page.wait_for_timeout(1500)
    page.evaluate("""() => { window.spoken = [];
        new MutationObserver(() => { const t = document.getElementById('announce').textContent;
            if (t) window.spoken.push(t); }).observe(document.getElementById('announce'), {childList: true, characterData: true, subtree: true}); }""")
    page.locator("#p0-chips").fill("")
    page.locator("#p0-chips").press_sequentially("19", delay=80)  # two keystrokes, two rescores
    wait_until(page, "window.spoken.length > 0", timeout_ms=10_000)
    page.wait_for_timeout(1500)
    spoken = page.evaluate("window.spoken")
    assert len(spoken) == 1, spoken
    record = load_file(REPO / "examples" / "rftg-invasion.yaml")[0].data
    record["players"][0]["chips"] = 19
    report = score(record, compiled_rules(CONTENT_DIR))
    ann = report["players"][0]["total"]  # 9 chips became 19 (Galactic Renaissance counts them too)
    # her claimed total (34) no longer matches: the winner is provisional, and said so
    assert spoken[0].startswith(f"Provisional winner: Ann with {ann} VP. Ann {ann},"), spoken
    page.context.close()


def test_the_card_box_matches_word_starts_and_initials_and_enter_takes_the_best(browser, server):
    page = phone(browser, server)
    box = page.locator("#p0-card")
    box.click()
    # an empty tableau offers its start worlds at once
    options = page.locator("#p0-options [role=option] .opt-name")
    assert page.locator("#p0-options-caption").inner_text() == "Start worlds"
    assert "Old Earth" in options.all_inner_texts()
    for typed, card in (
        ("ren", "Galactic Renaissance"),
        ("gr", "Galactic Renaissance"),
        ("ga re", "Galactic Renaissance"),
        ("post", "Rebel Outpost"),
    ):
        box.fill("")
        box.press_sequentially(typed)
        names = [n.replace("did you mean this?", "") for n in options.all_inner_texts()]
        assert card in names, (typed, names)
    # a misspelt name: the closest card is highlighted, and Enter takes it, not the text typed
    box.fill("")
    box.press_sequentially("Spice Wrld")
    assert page.locator("#p0-options [aria-selected=true] .opt-name").inner_text().startswith("Spice World")
    box.press("Enter")
    assert page.locator("#p0-tableau li .name").first.inner_text().startswith("Spice World")
    page.context.close()
