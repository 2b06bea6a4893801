"""The web scorer in a real browser (Debian Chromium, headless, driven by Playwright): it scores
exactly as `playaid score --json`, a game typed into the form shows the command line's totals, it
works with every request beyond its origin refused and offline from its service worker, it passes
axe-core, and it fits a 360 x 640 phone (screenshots in web_support.SCREENSHOTS, a temporary folder)."""

from __future__ import annotations

import json
import re
from urllib.parse import urlparse

import pytest

from tests.web_support import (
    CHROMIUM,
    CHROMIUM_ARGS,
    PHONE,
    REPO,
    SCREENSHOTS,
    axe_problems,
    cli_json,
    fill_example,
    measure,
    open_page,
    paste_example,
    refuse_outside,
    screenshot,
    totals,
    wait_ready,
    wait_until,
)

EXAMPLES = sorted((REPO / "examples").glob("*.yaml"))


def browser_score(page, record, file=None):
    return page.evaluate("([r, f]) => window.playaid.score(r, f ? {file: f} : {})", [record, file])


# --- one scorer, two hosts -------------------------------------------------------------------


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example_scores_in_the_browser_as_on_the_command_line(api_page, path):
    rel = path.relative_to(REPO).as_posix()
    expected = cli_json("score", rel)
    got = browser_score(api_page, path.read_text(encoding="utf-8"), rel)
    assert got == expected
    assert got["ok"] is True and (got.get("players") or got.get("explain"))


def test_a_record_object_scores_as_the_core_does(api_page):
    from generator.compile.compile_rules import compiled_rules
    from generator.paths import CONTENT_DIR
    from generator.scoring.api import score

    record = {
        "game": "rftg",
        "variant": "standard",
        "ended_by": "vp_pool",
        "players": [
            {"name": "Ann", "tableau": ["Old Earth", "Galactic Federation", "Investment Credits"], "chips": 7},
            {"name": "Ben", "tableau": ["Epsilon Eridani", "Spice Wrld"], "chips": 7, "goods": 1},
        ],
    }
    got = browser_score(api_page, record)
    assert got == score(record, compiled_rules(CONTENT_DIR))
    assert [f["code"] for f in got["findings"] if f["severity"] == "error"] == ["unknown_card"]


def test_findings_in_text_carry_the_command_lines_line_and_column(api_page, tmp_path):
    text = (
        "game: rftg\nvariant: invasion\nended_by: repulse\nplayers:\n"
        "  - name: Ann\n    tableau: [Old Earth, Spice Wrld, {card: Galactic Federation, damaged: true}]\n"
        "    chips: 3\n    claimed_total: 40\n"
        "  - name: Ben\n    tableau:\n      - Old Earth\n      - New Sparta\n    chips: 2\n"
    )
    record = tmp_path / "game.yaml"
    record.write_text(text, encoding="utf-8")
    expected = cli_json("score", str(record))
    got = browser_score(api_page, text, str(record))
    assert got == expected
    located = {(f["code"], f["line"], f["column"]) for f in got["findings"]}
    assert ("unknown_card", 6, 26) in located  # "Spice Wrld" in the flow list on line 6


@pytest.mark.parametrize(
    "written, message",
    [
        ("true", "true is a yes/no answer, not a whole number"),
        (".inf", "infinity is not a whole number"),
        ("2.5", "2.5 is a decimal number, not a whole number"),
    ],
)
def test_the_page_says_a_value_of_the_wrong_kind_as_the_command_line_does(api_page, written, message):
    text = (
        "game: rftg\nvariant: standard\nended_by: tableau\nplayers:\n  - name: Ann\n"
        f"    tableau: [Old Earth]\n    chips: {written}\n"
    )
    got = browser_score(api_page, text)
    assert [(e["field"], e["line"], e["message"], e["hint"]) for e in got["errors"]] == [
        ("players[0].chips", 7, message, "write a whole number, 0 if none")
    ]


def test_an_unreadable_record_reports_errors_with_positions(api_page, tmp_path):
    text = (
        "game: rftg\nvariant: invasion\nended_by: repulse\nplayers:\n  - name: Ann\n    chips: lots\n"
        "  - {name: Ben, tableau: [], goods: -1, hand: x, colour: red}\n"
    )
    record = tmp_path / "bad.yaml"
    record.write_text(text, encoding="utf-8")
    expected = cli_json("score", str(record))
    got = browser_score(api_page, text, str(record))
    assert got == expected and got["ok"] is False
    assert {(e["field"], e["line"]) for e in got["errors"]} >= {("players[0].chips", 6)}
    assert len(got["errors"]) >= 4  # several problems, in the command line's order


@pytest.mark.parametrize(
    "text",
    [
        "game: rftg\nvariant: &v invasion\nended_by: *v\nplayers: []\n",
        "game: rftg\nvariant: invasion\nvariant: standard\nplayers: []\n",
        "game: rftg\nplayers:\n  - {name: Ann, tableau: !card [Old Earth]}\n",
        "game: rftg\nplayers:\n" + "".join(f"  - {{a: &a{i} 1, b: *a{i}}}\n" for i in range(30)),
    ],
    ids=["anchor-alias", "duplicate-key", "foreign-tag", "over-50-problems"],
)
def test_yaml_the_command_line_refuses_is_refused_in_the_browser_at_the_same_place(api_page, tmp_path, text):
    record = tmp_path / "refused.yaml"
    record.write_text(text, encoding="utf-8")
    expected = cli_json("score", str(record))
    got = browser_score(api_page, text, str(record))
    assert got["ok"] is False
    assert got == expected


def test_npc_roll_in_the_browser_matches_the_command_line(api_page):
    expected = cli_json("xia", "npc-roll", "--d20", "12", "--fame-behind", "1", "--merchant", "4")
    got = api_page.evaluate("window.playaid.npcRoll(12, {fame_behind: 1, merchant: 4})")
    assert got["ok"] is True
    assert {k: v for k, v in got.items() if k != "ok"} == expected
    assert (got["modified"], got["fame"]) == (18, 2)  # the rulebook's example: 12 + 2 + 4 = 18


# --- the form ----------------------------------------------------------------------------------


def pick_card(page, i: int, name: str, typed: str | None = None):
    """Type part of a card name into player i's tableau box and tap the suggestion."""
    box = page.locator(f"#p{i}-card")
    box.click()
    box.press_sequentially(typed if typed is not None else name[:-2])
    option = page.locator(f"#p{i}-options [role=option]").filter(
        has=page.locator("span", has_text=re.compile(rf"^{re.escape(name)}(did you mean this\?)?$"))
    )
    option.first.click()
    chip = page.locator(f"#p{i}-tableau li .name").filter(has_text=re.compile(rf"^{re.escape(name)}"))
    assert chip.count() >= 1


def fill_rftg(page, record: dict):
    page.select_option("#rftg-variant", record["variant"])
    page.select_option("#rftg-ended-by", record["ended_by"])
    if "repulsed" in record:
        page.select_option("#rftg-repulsed", "yes" if record["repulsed"] else "no")
    while page.locator("#panel-rftg section.player").count() < len(record["players"]):
        page.click("#rftg-add-player")
    for i, player in enumerate(record["players"]):
        page.fill(f"#p{i}-name", player["name"])
        for entry in player["tableau"]:
            name = entry if isinstance(entry, str) else entry["card"]
            pick_card(page, i, name)
            if isinstance(entry, dict) and entry.get("damaged"):
                page.locator(f"#p{i}-tableau").get_by_role("button", name=f"{name} damaged").last.click()
        for key, value in player.items():
            if key in ("name", "tableau"):
                continue
            if key == "at_repulse":
                for sub, v in value.items():
                    page.fill(f"#p{i}-at_repulse-{sub}", str(v))
            else:
                page.fill(f"#p{i}-{key}", str(value))


@pytest.mark.parametrize("example", ["rftg-invasion", "rftg-counterstrike"])
def test_a_game_typed_into_the_form_shows_the_command_lines_totals(browser, server, example, tmp_path):
    from generator.reader.yaml_io import load_file

    path = REPO / "examples" / f"{example}.yaml"
    record = load_file(path)[0].data
    expected = cli_json("score", path.relative_to(REPO).as_posix())
    page = open_page(browser, server)
    fill_rftg(page, record)
    shown = totals(page, len(record["players"]))
    page.wait_for_timeout(200)  # let the last keystroke's rescore land
    shown = totals(page, len(record["players"]))
    assert shown == [p["total"] for p in expected["players"]]
    winners = expected["winners"]
    assert (
        page.locator("#rftg-winner-line")
        .inner_text()
        .startswith(f"Winner: {winners[0]}" if len(winners) == 1 else "Shared win")
    )
    page.click("#rftg-score")  # the result screen: each player's breakdown one tap away
    page.locator("#rftg-scoreboard .player-head").filter(has_text=expected["players"][0]["name"]).click()
    receipt = page.locator("#rftg-breakdown-0")
    for line in expected["players"][0]["explain"]:
        assert line["why"] in receipt.inner_text()
    page.click("#rftg-edit")
    # the form's record is the record: downloaded YAML scores the same on the command line
    with page.expect_download() as download:
        page.click("[data-action=download]")
    saved = tmp_path / f"web-test-{example}.yaml"
    download.value.save_as(saved)
    again = cli_json("score", str(saved))
    assert [p["total"] for p in again["players"]] == shown
    assert page.problems == []
    page.context.close()


def test_autocomplete_did_you_mean_copies_left_and_findings_next_to_fields(browser, server):
    page = open_page(browser, server)
    page.fill("#p0-name", "Ann")
    page.fill("#p1-name", "Ben")
    pick_card(page, 0, "Old Earth", typed="Old Eath")  # a typo: offered as "did you mean"
    box = page.locator("#p1-card")
    box.press_sequentially("Old Ea")
    option = page.locator("#p1-options [role=option]").first
    assert "Old Earth" in option.inner_text() and "none left" in option.inner_text()  # 1 copy, used
    box.press("Enter")  # keyboard pick of the highlighted suggestion
    # a name typed in full that is not a card: checked in JS, with quick fixes
    page.locator("#p1-card").press_sequentially("Spice Wrld")
    page.keyboard.press("Escape")
    page.locator("#p1-card").press("Enter")
    chip = page.locator("#p1-tableau li").filter(has_text="Spice Wrld")
    assert "Did you mean" in chip.inner_text()
    # the engine's findings land next to their fields, in words for people, once Ben is done
    page.wait_for_timeout(300)
    assert page.locator("#p1-tableau .finding").count() == 0  # not while his cards are typed in
    page.locator("#p0-name").click()  # Ben is done
    page.wait_for_selector("#p1-tableau li .finding.error")
    assert chip.locator(".finding").inner_text() == (
        "Ben: “Spice Wrld” is not a card of the game; not counted. Pick the right name or remove it."
    )
    assert (
        page.locator(
            ".finding.error", has_text="Old Earth appears 2 times in the tableaux (Ann, Ben), but only 1 copy exists."
        ).count()
        == 1
    )
    chip.get_by_role("button", name="Spice World").click()  # the quick fix
    wait_until(page, "!document.querySelector('#p1-tableau .finding.error')?.textContent.includes('unknown')")
    page.context.close()


def test_the_game_survives_a_reload_and_a_share_link_carries_it(browser, server):
    page = open_page(browser, server)
    page.fill("#p0-name", "Ann")
    pick_card(page, 0, "Old Earth")
    page.fill("#p0-chips", "4")
    cards = page.evaluate("fetch('data/form.json').then(r => r.json())")["models"]["rftg"]["widgets"]["tableau"][
        "cards"
    ]
    worth = next(c["v"] for c in cards if c["n"] == "Old Earth") + 4  # the card's printed VP and 4 VP in chips
    wait_until(page, f"/^{worth}\\b/.test(document.getElementById('p0-total')?.textContent || '')")  # the latest report
    first = totals(page, 1)
    assert first == [worth]
    page.reload()
    wait_ready(page)
    assert page.input_value("#p0-name") == "Ann" and page.input_value("#p0-chips") == "4"
    assert totals(page, 1) == first
    link = page.evaluate(
        "import('./js/records.js').then(m => m.shareLink(JSON.parse(localStorage.getItem('playaid.v1.rftg'))))"
    )
    assert urlparse(link).fragment.startswith("record=")
    other = open_page(browser, link)  # a new context: empty storage, the link alone carries the game
    assert other.input_value("#p0-name") == "Ann"
    assert "Loaded the game from the link" in other.locator("#notice").inner_text()
    # new game keeps names, clears the rest; Undo brings the game back
    other.click("[data-action=new]")
    assert other.locator("#p0-tableau li").count() == 0 and other.input_value("#p0-name") == "Ann"
    other.get_by_role("button", name="Undo").click()
    assert other.locator("#p0-tableau li").count() == 1
    other.context.close()
    page.context.close()


def test_paste_a_record_and_see_yaml_errors_with_their_line(browser, server):
    page = open_page(browser, server)
    page.click("[data-action=paste]")
    page.fill("#paste-text", "game: rftg\nplayers: [\n")
    page.click("#paste-load")  # read off the page (records-worker.js): the answer comes a moment later
    wait_until(page, "document.getElementById('paste-errors').textContent.includes('line 3')")
    page.fill("#paste-text", (REPO / "examples" / "xia-campaign.yaml").read_text(encoding="utf-8"))
    page.click("#paste-load")
    wait_until(page, "document.getElementById('tab-xia-campaign').getAttribute('aria-selected') === 'true'")
    expected = cli_json("score", "examples/xia-campaign.yaml")
    wait_until(page, "/\\d/.test(document.getElementById('xc-total').textContent)")
    assert page.locator("#xc-total").inner_text().startswith(str(expected["total"]))
    # words typed loosely at the table are read as the scorer reads them
    page.click("[data-action=paste]")
    page.fill(
        "#paste-text",
        "game: RftG\nvariant: Invasion\nended_by: VP pool\nplayers:\n"
        "  - {name: Ann, tableau: [Old Earth]}\n  - {name: Ben, tableau: [Earth\u2019s Lost Colony]}\n",
    )
    page.click("#paste-load")
    wait_until(page, "document.getElementById('tab-rftg').getAttribute('aria-selected') === 'true'")
    assert page.input_value("#rftg-variant") == "invasion" and page.input_value("#rftg-ended-by") == "vp_pool"
    assert "Not in the card list" not in page.locator("#p1-tableau").inner_text()  # curly apostrophe
    page.context.close()


def test_xia_campaign_and_npc_roll_through_the_form(browser, server):
    page = open_page(browser, server)
    page.click("#tab-xia-campaign")
    page.click("#xc-add-game")
    page.fill("#xc-0-goal", "Goal 1")
    page.check("#xc-0-won")
    page.check("#xc-0-goal_completed")
    page.fill("#xc-0-fame", "12")
    page.fill("#xc-0-npc_fame", "7")
    page.click("#xc-add-game")
    page.fill("#xc-1-goal", "Goal 2")
    page.fill("#xc-1-fame", "9")
    page.fill("#xc-1-npc_fame", "12")
    wait_until(page, "document.getElementById('xc-total').textContent.startsWith('2')")
    assert page.locator("#xc-1-points").inner_text() == "-3"  # a failed goal
    page.click("#xc-add-game")  # won 3-9: no such win, so not counted (the total stays 2, not -4)
    page.fill("#xc-2-goal", "Goal 3")
    page.check("#xc-2-won")
    page.check("#xc-2-goal_completed")
    page.fill("#xc-2-fame", "3")
    page.fill("#xc-2-npc_fame", "9")
    wait_until(page, "document.getElementById('xc-2-points').textContent === 'not counted'")
    assert page.locator("#xc-total").inner_text().startswith("2 ")
    assert "NOT COUNTED" in page.locator("#panel-xia-campaign").inner_text()
    screenshot(page, "xia-campaign-not-counted")
    page.click("#tab-xia-npc")
    page.fill("#npc-d20", "12")
    page.fill("#npc-fame_behind", "1")
    page.fill("#npc-merchant", "4")
    wait_until(page, "document.getElementById('npc-fame')?.textContent.startsWith('2')")
    assert "modified roll 18" in page.locator("#npc-result").inner_text()
    page.fill("#npc-d20", "25")
    page.wait_for_selector("#panel-xia-npc .finding.error")
    page.context.close()


# --- offline, origin only ----------------------------------------------------------------------


def test_no_request_leaves_the_origin_and_it_works_offline(browser, server, site):
    origin = urlparse(server).netloc
    context = browser.new_context(viewport=PHONE, service_workers="allow")
    outside = refuse_outside(context, lambda url: urlparse(url).netloc == origin)
    page = open_page(browser, server, context=context)
    old_earth = json.loads((site / "data" / "form.json").read_text())["models"]["rftg"]["widgets"]["tableau"]["cards"]
    old_earth = next(c["v"] for c in old_earth if c["n"] == "Old Earth")
    report = page.evaluate(
        "window.playaid.score({game: 'rftg', variant: 'standard', ended_by: 'vp_pool',"
        " players: [{name: 'A', tableau: ['Old Earth'], chips: 3}]})"
    )
    assert report["players"][0]["total"] == 3 + old_earth
    # once the page says the offline copy is complete, a reload still scores with no network
    wait_until(page, "window.playaid.status().offline.state === 'ready'")
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    again = page.evaluate(
        "window.playaid.score({game: 'rftg', variant: 'standard', ended_by: 'vp_pool',"
        " players: [{name: 'A', tableau: ['Old Earth'], chips: 5}]})"
    )
    assert again["players"][0]["total"] == 5 + old_earth
    assert outside == []
    assert page.problems == []
    context.close()


def test_plain_http_on_a_lan_scores_but_says_it_cannot_work_offline(browser, server):
    """As the README says: over plain http from another host (a phone on the LAN) the browser
    allows no service worker, so no offline use; the page still scores and says so. The LAN
    name is mapped to this machine's loopback address: no traffic leaves it."""
    port = urlparse(server).port
    lan = browser.browser_type.launch(
        executable_path=str(CHROMIUM), args=[*CHROMIUM_ARGS, "--host-resolver-rules=MAP scorer.lan.test 127.0.0.1"]
    )
    try:
        page = open_page(lan, f"http://scorer.lan.test:{port}/", context=lan.new_context(viewport=PHONE))
        assert page.evaluate("window.isSecureContext") is False
        report = page.evaluate(
            "window.playaid.score({game: 'rftg', variant: 'standard', ended_by: 'vp_pool',"
            " players: [{name: 'A', tableau: ['Old Earth'], chips: 3}]})"
        )
        assert report["ok"] is True
        assert page.evaluate("navigator.serviceWorker?.controller ?? null") is None
        assert "cannot be kept for offline use" in page.locator("#offline-note").inner_text()
    finally:
        lan.close()
    # on localhost (a secure context) the note stays hidden
    local = open_page(browser, server)
    assert local.locator("#offline-note").is_hidden()
    local.context.close()


def test_form_works_before_and_without_the_engine(browser, server):
    context = browser.new_context(viewport=PHONE, service_workers="block")
    context.route("**/pyodide/**", lambda route: route.abort())
    page = open_page(browser, server, context=context, wait_engine=False)
    pick_card(page, 0, "Galactic Federation")
    page.locator("#p0-card").press_sequentially("Spice Wrld")
    page.keyboard.press("Escape")
    page.locator("#p0-card").press("Enter")
    assert "Did you mean" in page.locator("#p0-tableau li").last.inner_text()
    # it could not download: it says so and keeps trying (tests/test_web_engine.py: it recovers)
    wait_until(page, "window.playaid.status().engine.state === 'retrying'")
    assert page.locator("#engine-status").inner_text().startswith("Scorer: could not load")
    context.close()


# --- phone first, accessible -------------------------------------------------------------------


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_phone_layout_and_screenshots(browser, server, scheme):
    page = open_page(browser, server, color_scheme=scheme)
    fill_example(page)
    expected = cli_json("score", "examples/rftg-invasion.yaml")
    # a notice is about its tab: the paste's "Loaded" is not shown on the Xia tabs
    notice = page.locator("#notice")
    assert "Loaded the pasted record" in notice.inner_text()
    for tab in ("xia-campaign", "xia-npc"):
        page.click(f"#tab-{tab}")
        assert notice.is_hidden(), f"the RftG notice shows on the {tab} tab"
    page.click("#tab-rftg")
    assert notice.is_visible()
    page.click("#notice button[aria-label=Dismiss]")
    # Military vs. Xenos left empty: the value counted from the cards is helper text below it
    for i, player in enumerate(expected["players"]):
        hint = page.locator(f"#p{i}-military_vs_xenos-hint").inner_text()
        assert hint == f"{player['military_vs_xenos']}, counted from the cards"
    screenshot(page, f"rftg-{scheme}")
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SCREENSHOTS / f"rftg-{scheme}-top.png"))
    assert page.evaluate("window.scrollY") == 0 and page.locator("#rftg-game").bounding_box()["y"] < 300
    layout = measure(page)
    # the Xia campaign: the example, pasted into its tab
    page.click("#tab-xia-campaign")
    paste_example(page, "xia-campaign")
    campaign_total = cli_json("score", "examples/xia-campaign.yaml")["total"]
    wait_until(page, f"document.getElementById('xc-total').textContent.startsWith('{campaign_total}')")
    assert page.input_value("#xc-player") == "Example pilot" and page.input_value("#xc-11-goal") == "Goal 10"
    assert notice.is_visible()
    page.click("#notice button[aria-label=Dismiss]")
    page.evaluate("window.scrollTo(0, 0)")
    screenshot(page, f"xia-campaign-{scheme}")
    campaign = measure(page)
    # the NPC roll: the rulebook's example roll
    page.click("#tab-xia-npc")
    assert notice.is_hidden()
    page.fill("#npc-d20", "12")
    page.fill("#npc-fame_behind", "1")
    page.fill("#npc-merchant", "4")
    wait_until(page, "document.getElementById('npc-fame')?.textContent.startsWith('2')")
    screenshot(page, f"xia-npc-{scheme}")
    npc = measure(page)
    for name, m in (("rftg", layout), ("xia-campaign", campaign), ("xia-npc", npc)):
        assert m["scroll"] <= m["width"], f"{name}: horizontal scrolling at 360 px"
        assert m["small"] == [], name
        assert m["numbers"] == [], name
        assert m["cut"] == [], f"{name}: text cut off"
    total = page.locator("#p0-total")
    assert float(total.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= 28
    assert page.problems == []
    page.context.close()


def test_the_status_icon_is_drawn_not_an_emoji(browser, server):
    """A phone or Chromium without an emoji font showed the hourglass as a missing-glyph box:
    no pictograph anywhere in the page's text or in CSS-generated content, in any status."""
    page = open_page(browser, server)
    found = {}
    for state in ("loading", "ready", "failed"):
        found[state] = page.evaluate(
            r"""(state) => {
            document.getElementById('engine-status').dataset.state = state;
            const pictograph = /\p{Extended_Pictographic}/u;
            const out = [];
            if (pictograph.test(document.body.innerText)) out.push('text: ' + document.body.innerText.match(/\p{Extended_Pictographic}/gu));
            for (const el of document.querySelectorAll('*')) {
                for (const pseudo of ['::before', '::after']) {
                    const content = getComputedStyle(el, pseudo).content;
                    if (pictograph.test(content)) out.push(`${el.tagName}#${el.id}${pseudo}: ${content}`);
                }
            }
            const icon = getComputedStyle(document.getElementById('engine-status'), '::before');
            if (!(parseFloat(icon.width) > 4 && parseFloat(icon.height) > 4)) out.push(`no ${state} icon: ${icon.width} x ${icon.height}`);
            return out;
        }""",
            state,
        )
    assert found == {"loading": [], "ready": [], "failed": []}
    page.context.close()


def test_core_messages_read_for_people_in_the_page_and_unchanged_in_the_api(browser, server, tmp_path):
    """The core's hints speak YAML ("add `fame:` here"), as the command line needs: the page
    shows backtick spans as code and an empty required box as "fill this in", while
    window.playaid.score still returns the command line's words."""
    page = open_page(browser, server)
    page.click("#tab-xia-campaign")
    page.locator("details[data-path=goals] summary").click()
    page.fill("#xc-goal-0", "Goal 1")
    page.click("#xc-add-game")
    page.fill("#xc-0-goal", "Goal 11")
    page.check("#xc-0-won")
    fame = page.locator('[data-path="games.0.fame"] .finding')
    fame.wait_for()
    assert fame.inner_text() == "Needed to score: fill this in."
    assert "`" not in page.locator("#panel-xia-campaign").inner_text()
    text = "game: xia-campaign\ngoals: [Goal 1]\ngames:\n  - {goal: Goal 11, won: true, goal_completed: false}\n"
    record = tmp_path / "campaign.yaml"
    record.write_text(text, encoding="utf-8")
    expected = cli_json("score", str(record))
    assert browser_score(page, text, str(record)) == expected
    assert "add `fame:` here" in [e["hint"] for e in expected["errors"]]
    # a finding with YAML in backticks: shown as code, the words kept
    page.fill("#xc-0-fame", "12")
    page.fill("#xc-0-npc_fame", "7")
    goal = page.locator('[data-path="games.0.goal"] .finding')
    wait_until(page, "document.querySelector('[data-path=\"games.0.goal\"] .finding')?.textContent.includes('Goal 11')")
    assert "“The campaign's goals”" in goal.inner_text() and goal.locator("code").count() == 0
    assert "`" not in page.locator("#panel-xia-campaign").inner_text()
    page.context.close()


def test_axe_core_finds_no_serious_or_critical_violations(browser, server):
    context = browser.new_context(viewport=PHONE, bypass_csp=True, service_workers="block")
    page = open_page(browser, server, context=context)
    fill_example(page)
    problems = []
    for tab in ("rftg", "rftg-result", "xia-campaign", "xia-npc"):
        if tab == "rftg-result":
            page.click("#rftg-score")  # the result screen
        else:
            page.click(f"#tab-{tab}")
        if tab == "xia-campaign":
            page.click("#xc-add-game")
        problems += axe_problems(page, label=tab)
    assert problems == []
    page.context.close()
