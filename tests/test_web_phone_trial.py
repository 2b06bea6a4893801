"""What a new user's trial of the phone score pad found (real Chromium, 360 x 740, touch), each
asserted on the page's real text and state: findings name the player and the card as typed; two
players of the same name are refused at entry and never both the winner; a 20-digit number is
shown digit for digit as the scoring core reads it; an untouched form says what to do first, on
lines that fit; counts are in the right number; the tabs fit at 360 and 320 px; and one polite
live region speaks once per changed result while a tableau is typed, not per key."""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qs, urlparse

import yaml

from tests.web_support import cli_json, paste, phone, scored, screenshot, wait_until


def add_as_typed(page, i: int, typed: str):
    """Add `typed` to player i's tableau as typed (not the suggestion): Escape closes the list."""
    box = page.locator(f"#p{i}-card")
    box.click()
    box.press_sequentially(typed)
    page.keyboard.press("Escape")
    box.press("Enter")


def pick(page, i: int, typed: str):
    """Add the best suggestion for `typed` to player i's tableau (Enter takes it)."""
    box = page.locator(f"#p{i}-card")
    box.click()
    box.press_sequentially(typed)
    box.press("Enter")


def write_record(tmp_path, record: dict):
    path = tmp_path / "record.yaml"
    path.write_text(yaml.safe_dump(record, allow_unicode=True), encoding="utf-8")
    return path


# --- 1. findings name the player (and the card as typed) --------------------------------------


def test_findings_name_the_player_the_card_as_typed_and_both_totals(browser, server, tmp_path):
    page = phone(browser, server)
    page.fill("#p0-name", "Ann")
    add_as_typed(page, 0, "Old Erth")
    pick(page, 0, "spice w")
    page.fill("#p0-claimed_total", "40")
    scored(page, 0)
    page.locator("#p1-name").click()  # Ann is done: her findings show
    record = {
        "game": "rftg",
        "variant": "standard",
        "ended_by": "vp_pool",
        "players": [{"name": "Ann", "tableau": ["Old Erth", "Spice World"], "claimed_total": 40}],
    }
    cli = cli_json("score", str(write_record(tmp_path, record)))
    total = cli["players"][0]["total"]
    unknown = page.locator('[data-path="players.0.tableau.0"] .finding')
    unknown.wait_for()
    assert (
        unknown.inner_text()
        == "Ann: “Old Erth” is not a card of the game; not counted. Pick the right name or remove it."
    )
    claim = page.locator('[data-path="players.0.claimed_total"] .finding').inner_text()
    assert claim.startswith(
        f"Ann: the score pad says 40; the cards and chips give {total} ({40 - total} more on the pad)."
    ), claim
    chips = page.locator('[data-path="players.0.chips"] .finding').inner_text()
    assert chips == "Ann: “VP chips” is empty: how many? Type 0 if there were none (it counts as 0 until then)."
    # on the result screen, where every player's findings are listed together, each names its player
    page.fill("#p1-name", "Ben")
    pick(page, 1, "old ea")
    scored(page, 1)
    page.click("#rftg-score")
    wait_until(page, "document.getElementById('rftg-scoreboard')")
    checks = page.locator("#rftg-result .todo li").all_inner_texts()
    about = {"Ann": [f for f in cli["findings"] if f.get("player") == "Ann"]}
    assert about["Ann"], cli["findings"]
    named = [c for c in checks if c.startswith("Ann: ")]
    assert any("“Old Erth” is not a card of the game" in c for c in named), checks
    assert any(f"the score pad says 40; the cards and chips give {total}" in c for c in named), checks
    assert any(c.startswith("Ben: “VP chips” is empty") for c in checks), checks
    screenshot(page, "trial-findings-named")
    assert page.problems == []
    page.context.close()


# --- 2. two players of one name ------------------------------------------------------------------


def test_a_name_used_twice_is_marked_at_entry_and_only_the_winner_is_highlighted(browser, server, tmp_path):
    record = {
        "game": "rftg",
        "variant": "standard",
        "ended_by": "vp_pool",
        "players": [
            {"name": "Ann", "tableau": ["Old Earth", "Spice World"], "chips": 2, "goods": 0, "hand": 0},
            {
                "name": "Ann",
                "tableau": ["Epsilon Eridani", "Galactic Renaissance", "Research Labs"],
                "chips": 9,
                "goods": 0,
                "hand": 0,
            },
        ],
    }
    cli = cli_json("score", str(write_record(tmp_path, record)))
    assert [p["rank"] for p in cli["players"]] == [2, 1] and cli["winners"] == ["Ann"]  # the core names the winner only
    page = phone(browser, server)
    paste(page, json.dumps(record))
    scored(page, 1)
    name = page.locator('[data-path="players.1.name"] .finding.error')
    name.wait_for()
    assert (
        name.inner_text()
        == "Ann is already the name of player 1: give each player a different name (add an initial: “Ann B.”)."
    )
    assert page.get_attribute("#p1-name", "aria-invalid") == "true"
    page.click("#rftg-score")
    wait_until(page, "document.getElementById('rftg-scoreboard')")
    won = page.locator("#rftg-scoreboard th.won")
    assert won.count() == 1
    assert won.locator(".place").inner_text() == "1st"
    assert "1 name is used twice" in page.locator("#rftg-verdict").inner_text()
    screenshot(page, "trial-same-name-result")
    link = page.evaluate("(r) => window.playaid.bgstatsUrl(r)", record)
    play = json.loads(parse_qs(urlparse(link).query)["data"][0])
    assert [p["winner"] for p in play["players"]] == [False, True]
    page.click("#tab-games")
    assert page.locator("#games-list .who").first.inner_text().count("(won)") == 1
    # typed: the box is marked as soon as the name is the same (case aside), without waiting
    page.click("#tab-rftg")
    page.click("#rftg-edit")
    page.fill("#p1-name", "")
    page.locator("#p1-name").press_sequentially("ann")
    wait_until(page, "document.getElementById('p1-name').getAttribute('aria-invalid') === 'true'", timeout_ms=5000)
    page.fill("#p1-name", "Ann B.")
    wait_until(page, "!document.getElementById('p1-name').hasAttribute('aria-invalid')", timeout_ms=5000)
    assert page.problems == []
    page.context.close()


# --- 3. a number past JavaScript's exact range ---------------------------------------------------


def test_a_20_digit_number_is_shown_as_the_core_reads_it_digit_for_digit(browser, server, tmp_path):
    digits = "12345678901234567890"
    record = {
        "game": "rftg",
        "variant": "standard",
        "ended_by": "vp_pool",
        "players": [
            {"name": "Ann", "tableau": ["Old Earth"], "chips": int(digits)},
            {"name": "Ben", "tableau": ["Epsilon Eridani"], "chips": 3},
        ],
    }
    cli = cli_json("score", str(write_record(tmp_path, record)))
    message = cli["errors"][0]["message"]
    assert message.startswith(digits), message  # "12345678901234567890 is above the largest allowed value, 9999"
    page = phone(browser, server)
    # typed in the box
    page.fill("#p0-name", "Ann")
    pick(page, 0, "old ea")
    page.fill("#p0-chips", digits)
    page.locator("#p1-name").click()
    note = page.locator('[data-path="players.0.chips"] .finding.error')
    note.wait_for()
    assert note.inner_text().startswith(f"Ann: {message}"), note.inner_text()
    assert note.inner_text().endswith(". This box is not counted.")
    assert page.input_value("#p0-chips") == digits
    # issue 18: invalid input in one box marks that box; the other totals stay (Ann's without the
    # chips: Old Earth's 2 VP)
    scored(page, 0)
    assert page.locator("#p0-total").inner_text().startswith("2")
    # the box holds a number: no "is empty, counted as 0" beside it (the scorer saw it left out)
    assert "is empty" not in page.locator('[data-path="players.0.chips"]').inner_text()
    screenshot(page, "trial-20-digits")
    # kept as typed over a reload, and a record pasted with it reads the same
    page.reload()
    wait_until(page, "window.playaid && window.playaid.formReady")
    assert page.input_value("#p0-chips") == digits
    paste(page, json.dumps(record))
    assert page.input_value("#p0-chips") == digits
    note = page.locator('[data-path="players.0.chips"] .finding.error')
    note.wait_for()
    assert note.inner_text().startswith(f"Ann: {message}"), note.inner_text()
    # past what any reader takes (1,000 digits): marked, not counted, the other totals stay
    page.fill("#p0-chips", "9" * 1001)
    bad = page.locator('[data-path="players.0.chips"] .finding.error')
    wait_until(
        page,
        "document.querySelector('[data-path=\"players.0.chips\"] .finding.error')?.textContent.startsWith('Too long')",
    )
    assert bad.inner_text() == "Too long: 1001 digits. This box is not counted."
    scored(page, 0)
    assert page.problems == []
    page.context.close()


# --- 4. an untouched form; 5. counts in the right number ------------------------------------------


def test_an_untouched_form_says_what_to_do_first_on_lines_that_fit(browser, server):
    page = phone(browser, server)
    line = page.locator("#rftg-winner-line")
    page.wait_for_timeout(500)  # the engine's report of the empty form has come: it must not scold
    assert line.inner_text() == "Add each player's name and cards: totals appear as you type."
    assert page.locator("#panel-rftg .finding").count() == 0
    fits = page.evaluate("""() => { const e = document.getElementById('rftg-winner-line'); const r = e.getBoundingClientRect();
        return e.scrollWidth <= e.clientWidth && r.right <= innerWidth && r.left >= 0; }""")
    assert fits
    screenshot(page, "trial-untouched", full_page=False)
    # once something is typed, the line says where things stand, wrapped, never cut off
    page.fill("#p0-name", "Ann")
    pick(page, 0, "old ea")
    wait_until(page, "document.getElementById('rftg-winner-line').textContent.startsWith('Provisional')")
    assert line.inner_text() == "Provisional: 1 player has no cards yet."
    assert page.evaluate(
        "(() => { const e = document.getElementById('rftg-winner-line'); return e.scrollWidth <= e.clientWidth; })()"
    )
    page.context.close()


def test_counts_read_in_the_right_number(browser, server):
    page = phone(browser, server)
    assert page.locator("#p0-tableau-count").inner_text() == "(0 cards)"
    pick(page, 0, "old ea")
    assert page.locator("#p0-tableau-count").inner_text() == "(1 card)"
    pick(page, 0, "spice w")
    assert page.locator("#p0-tableau-count").inner_text() == "(2 cards)"
    page.fill("#p1-name", "Ben")
    pick(page, 1, "epsi")
    page.click("#rftg-add-player")
    page.get_by_role("button", name="Remove Ben").click()
    assert page.locator("#notice span").inner_text() == "Removed Ben (1 card)."
    shown = page.locator("body").inner_text()
    assert not re.search(r"\b1 (cards|players|games|goals|points|boxes|names|things|problems)\b", shown), shown
    page.context.close()


# --- 6. the tabs at 360 and 320 px -----------------------------------------------------------------


def test_the_tabs_fit_at_360_and_320_px_with_tall_enough_targets(browser, server):
    for width in (360, 320):
        page = phone(browser, server, width=width)
        tabs = page.evaluate("""() => [...document.querySelectorAll('.tabs [role=tab]')].map(b => {
            const r = b.getBoundingClientRect();
            return {text: b.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom,
                    clipped: b.scrollWidth > b.clientWidth || b.scrollHeight > b.clientHeight}; })""")
        assert [t["text"] for t in tabs] == [
            "Race for the Galaxy",
            "Xia campaign",
            "Xia NPC roll",
            "Saved games",
            "Rules",
        ]
        for t in tabs:
            assert t["left"] >= 0 and t["right"] <= width, (width, t)
            assert not t["clipped"], (width, t)
            assert t["bottom"] - t["top"] >= 44, (width, t)
        for a, b in zip(tabs, tabs[1:]):
            overlap = (
                min(a["right"], b["right"]) - max(a["left"], b["left"]) > 0
                and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 0
            )
            assert not overlap, (width, a, b)
        assert page.evaluate(
            "document.querySelector('.tabs').scrollWidth <= document.querySelector('.tabs').clientWidth"
        )
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        screenshot(page, f"trial-tabs-{width}", full_page=False)
        page.locator("#tab-rules").tap()  # the fifth tab is there to tap
        assert page.locator("#panel-rules").is_visible()
        page.context.close()


# --- 7. one polite live region, once per changed result ------------------------------------------


def test_typing_a_tableau_speaks_once_per_changed_result_not_per_key(browser, server):
    page = phone(browser, server)
    live = page.evaluate(
        """() => [...document.querySelectorAll('[aria-live]')].map(e => [e.id, e.getAttribute('aria-live')])"""
    )
    assert live == [["announce", "polite"]]
    page.fill("#p0-name", "Ann")
    wait_until(page, "window.playaid.settled()")  # the engine's "ready" and the first totals spoken
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")  # ... set
    page.evaluate("""() => { window.liveChanges = 0; window.spoken = [];
        new MutationObserver((records) => { window.liveChanges += records.length;
            const t = document.getElementById('announce').textContent; if (t) window.spoken.push(t); })
          .observe(document.getElementById('announce'), {childList: true, characterData: true, subtree: true}); }""")
    keys = 0
    box = page.locator("#p0-card")
    box.click()
    expected = []
    for count, typed in enumerate(("old ea", "spice w", "ren", "labs"), start=1):  # four cards
        box.press_sequentially(typed, delay=60)
        box.press("Enter")
        keys += len(typed) + 1
        # typing pauses: the card is in, its report shown, and a changed result spoken, once
        wait_until(page, f"document.querySelectorAll('#p0-tableau li').length === {count} && window.playaid.settled()")
        text = f"Provisional totals: Ann {page.locator('#p0-total').inner_text().split()[0]}."
        if not expected or expected[-1] != text:  # a result that did not change is not spoken again
            expected.append(text)
    wait_until(page, f"window.spoken.length >= {len(expected)}")  # the last one is set a frame after
    spoken = page.evaluate("window.spoken")
    changes = page.evaluate("window.liveChanges")
    assert spoken == expected, (spoken, expected)
    assert len(spoken) >= 3
    assert changes <= 2 * len(spoken) < keys, (changes, keys)  # cleared and set once per result, not per key
    page.context.close()


def test_a_generated_pads_claimed_total_and_empty_box_read_as_sentences(browser, server):
    """The core's findings for a game the scoring model describes ("the score gives", a default
    other than 0) read right too, from their params: the verb kept, "type 0" only where 0 is
    what counts."""
    page = phone(browser, server)
    said = page.evaluate("""() => import('./js/words.js').then((w) => [
        w.forPeople({code: 'claimed_total', message: 'claimed 40 but the score gives 38 (claimed is +2)',
                     params: {claimed: 40, total: 38, diff: 2, counted: 'the score gives'}}, {}, {}, {player: 'Cat'}).text,
        w.forPeople({code: 'missing_field', message: '`debt` not written for Cat (counted as -2; write `debt: -2` if there were none)',
                     params: {field: 'debt', player: 'Cat', default: -2}, path: ['players', 2]},
                    {debt: 'Debt'}, {}, {player: 'Cat'}).text])""")
    assert said == [
        "Cat: the score pad says 40; the score gives 38 (2 more on the pad). The breakdown shows each part.",
        "Cat: “Debt” is empty: how many? It counts as -2 until it is typed.",
    ]
    page.context.close()


def test_the_cores_findings_read_as_the_phones_own_sentences(browser, server):
    """words.js words a finding by its code from its params, never reading the message back:
    fed the findings the core gives for a real record, with their messages blanked, every one
    reads as the phone's sentence, never as the record-file words."""
    from generator.scoring.api import score
    from tests.scoring_fixtures import compiled

    ann = {"name": "Ann", "tableau": ["Old Earth"], "chips": 1, "goods": 0, "hand": 0}
    report = score(
        {
            "game": "rftg",
            "variant": "standard",
            "ended_by": "vp_pool",
            "players": [ann, {**ann, "tableau": ["Old Earth", "Old Earth"]}],
        },
        compiled(),
    )
    findings = {f["code"]: f for f in report["findings"] if f["code"] in ("too_many_copies", "duplicate_player")}
    report = score({"game": "rftg", "variant": "invasion", "ended_by": "tableau", "players": [ann]}, compiled())
    findings.update((f["code"], f) for f in report["findings"] if f["code"] == "tableau_too_small")
    page = phone(browser, server)
    said = page.evaluate(
        """(fs) => import('./js/words.js').then((w) => fs.map((f) =>
        w.forPeople({...f, message: ""}, {}, {}, {holders: () => ["Ann", "Ann 2"]}).text))""",
        [findings["too_many_copies"], findings["duplicate_player"], findings["tableau_too_small"]],
    )
    assert said == [
        "Old Earth appears 3 times in the tableaux (Ann, Ann 2), but only 1 copy exists. Check those "
        "tableaux for a card added twice or the wrong card picked.",
        "Players 1 and 2 are both named Ann: give each player a different name.",
        "A tableau reached its end size, but the largest has 1 card (the game ends at 12).",
    ]
    page.context.close()
