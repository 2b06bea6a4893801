"""Steady, compact, at any width (issue 31, item 3), in real Chromium: no layout shift after
the first paint (cumulative layout shift measured by a PerformanceObserver from before the page's
first script until the scorer is ready and the form is scored: at most 0.1, Lighthouse's "good"),
player names never broken inside a word on the scoreboard from 320 to 412 px, and the screen kept
awake while a game is scored where the browser has Screen Wake Lock."""

from __future__ import annotations

import json

import pytest

from tests.web_support import PHONE_TOUCH, open_page, paste, screenshot, totals, wait_until

#: The layout shifts the page makes, summed as Lighthouse's CLS counts them (not those within
#: 500 ms of an input), from before the first paint.
CLS_OBSERVER = """(() => {
    window.__shifts = [];
    new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts.push({value: e.value,
            sources: (e.sources || []).map(s => s.node ? (s.node.id || s.node.className || s.node.nodeName) : '?')});
    }).observe({type: 'layout-shift', buffered: true});
})()"""


def test_no_layout_shift_while_the_page_starts(browser, server):
    context = browser.new_context(**PHONE_TOUCH, service_workers="block")
    context.add_init_script(CLS_OBSERVER)
    page = open_page(browser, server, context=context)
    wait_until(page, "document.getElementById('engine-status').dataset.state === 'ready'")
    page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    shifts = page.evaluate("window.__shifts")
    total = sum(s["value"] for s in shifts)
    print(f"cumulative layout shift until the scorer is ready: {total:.3f}")
    assert total <= 0.1, shifts
    page.context.close()


NAMES = ["Ann", "Bo", "Cat", "Dmitri", "Eve"]


@pytest.mark.parametrize("width", [320, 360, 412])
def test_names_are_never_broken_inside_a_word(browser, server, width):
    context = browser.new_context(
        **{**PHONE_TOUCH, "viewport": {"width": width, "height": 740}}, service_workers="block"
    )
    page = open_page(browser, server, context=context)
    cards = page.evaluate(
        "async () => (await (await fetch('data/form.json')).json()).models.rftg?.widgets.tableau.cards ?? []"
    )
    if not cards:
        page.context.close()
        return
    starts = [c["n"] for c in cards if c.get("s")]
    players = [
        {"name": n, "tableau": [starts[k % len(starts)]], "chips": k, "goods": 0, "hand": 0}
        for k, n in enumerate(NAMES)
    ]
    paste(page, json.dumps({"game": "rftg", "variant": "standard", "ended_by": "vp_pool", "players": players}))
    totals(page, len(NAMES))
    page.click("#rftg-score")
    wait_until(page, "document.getElementById('rftg-scoreboard')")
    broken = page.evaluate("""() => {
        const out = [];
        for (const el of document.querySelectorAll('#rftg-scoreboard .who, #rftg-entry section.player h2')) {
            const text = el.firstChild;
            if (!text || text.nodeType !== 3) continue;
            for (const m of text.textContent.matchAll(/\\S+/g)) {
                const r = document.createRange();
                r.setStart(text, m.index);
                r.setEnd(text, m.index + m[0].length);
                const lines = new Set([...r.getClientRects()].filter(b => b.width).map(b => Math.round(b.top)));
                if (lines.size > 1) out.push(m[0]);
            }
        }
        return out;
    }""")
    screenshot(page, f"steady-names-{width}", full_page=False)
    assert broken == []
    # a board wider than the screen scrolls by itself; the page keeps the screen's width
    assert page.evaluate("[innerWidth, document.documentElement.scrollWidth]") == [width, width]
    page.context.close()


#: A stand-in for the browser's Screen Wake Lock (headless Chromium may refuse the real one): it
#: counts what the page asks for and releases.
FAKE_WAKE_LOCK = """(() => {
    window.__wake = {requests: 0, releases: 0, held: 0};
    const api = {request: async (type) => {
        if (type !== 'screen') throw new TypeError(type);
        window.__wake.requests++; window.__wake.held++;
        const sentinel = {released: false, type, async release() {
            if (!this.released) { this.released = true; window.__wake.held--; window.__wake.releases++; } }};
        return sentinel;
    }};
    Object.defineProperty(Navigator.prototype, 'wakeLock', {get: () => api, configurable: true});
})()"""


def test_the_screen_is_kept_awake_while_a_game_is_scored(browser, server):
    context = browser.new_context(**PHONE_TOUCH, service_workers="block")
    context.add_init_script(FAKE_WAKE_LOCK)
    page = open_page(browser, server, context=context)
    first = page.evaluate("document.querySelector('[role=tab][aria-selected=true]').dataset.tab")
    pad = page.locator(f"#panel-{first}")
    if not pad.locator("input[id$='-name']").count():
        page.context.close()
        return
    assert page.evaluate("window.__wake.held") == 0  # an untouched form: the screen sleeps as usual
    pad.locator("input[id$='-name']").first.fill("Ann")
    wait_until(page, "window.__wake.held === 1")
    assert page.evaluate("window.playaid.screenAwake()") == {"supported": True, "wanted": True, "held": True}
    page.click("#tab-games")  # not scoring any more
    wait_until(page, "window.__wake.held === 0")
    page.click(f"#tab-{first}")
    wait_until(page, "window.__wake.held === 1")
    assert page.evaluate("window.__wake.requests") == 2
    page.context.close()
