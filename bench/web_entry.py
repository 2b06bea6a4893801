"""Benchmark figure of the phone pad's card entry (issue 18): keystrokes and taps to enter a
12-card tableau, in headless Debian Chromium at 360 x 740 with touch and a 300 px keyboard, by
the player of tests/web_player.py (types the start of a name's least common word until the
card is on screen, then takes it). Part of `make bench` (bench/build.py prints it); asserts
nothing. Also the same count over 40 random 12-card invasion tableaux (a start world and 11
other cards, seeded), with the card box's ranking alone (generator/scoring/mechanisms/tableau/cards.js, every suggestion on
screen counted as seen, 12 shown), to show the fixed tableau is not a lucky one.
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

RANDOM_TABLEAUX = 40


def _random_costs(page, names: list[str], starts: list[str]) -> list[int]:
    """Keystrokes and taps per random tableau, from CardIndex.suggest in the page."""
    from tests.web_player import least_common_word

    rng = random.Random(18)
    tableaux = []
    for _ in range(RANDOM_TABLEAUX):
        others = [n for n in names if n not in starts]
        tableaux.append([rng.choice(starts), *rng.sample(others, 11)])
    words = {n: least_common_word(n, names) for t in tableaux for n in t}
    return page.evaluate(
        """async ([tableaux, words]) => {
        const { CardIndex } = await import('./mechanisms/tableau/cards.js');
        const data = await (await fetch('data/form.json')).json();
        const index = new CardIndex(data.models.rftg.widgets.tableau.cards);
        const shown = (query, ctx, name) => index.suggest(query, 12, ctx).some((o) => o.card.n === name);
        return tableaux.map((tableau) => {
            const used = new Map(), mine = new Set();
            let cost = 1, kept = '';  // the tap on the box; the matches kept after a pick
            for (const name of tableau) {
                const ctx = { used, mine, own: mine.size, frontier: false };
                if ((kept && shown(kept, ctx, name)) || (!mine.size && shown('', ctx, name))) cost += 1;
                else {
                    const word = words[name];
                    let k = 1;
                    while (k < word.length && !shown(word.slice(0, k), ctx, name)) k++;
                    cost += k + 1;
                    kept = word.slice(0, k);
                }
                used.set(name, (used.get(name) ?? 0) + 1);
                mine.add(name);
            }
            return cost;
        });
    }""",
        [tableaux, words],
    )


def figures() -> list[tuple[str, str, str]]:
    """Rows (name, value, note) for bench/build.py's table."""
    from playwright.sync_api import sync_playwright

    from generator.paths import CONTENT_DIR
    from generator.web.site import build_site
    from tests.web_player import PHONE, TABLEAU, enter_tableau
    from tests.web_support import CHROMIUM, CHROMIUM_ARGS, serving, wait_ready

    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "web"
        build_site(CONTENT_DIR, site)
        with serving(site) as url:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
                context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, service_workers="block")
                page = context.new_page()
                page.goto(url)
                wait_ready(page, wait_engine=False)
                page.select_option("#rftg-variant", "invasion")
                cards = page.evaluate("fetch('data/form.json').then(r => r.json())")["rftg"]["cards"]
                names = [c["n"] for c in cards if not c.get("f")]
                actions = enter_tableau(page, 0, TABLEAU, names)
                costs = _random_costs(page, names, [c["n"] for c in cards if c.get("s") and not c.get("f")])
                browser.close()
    return [
        (
            "web: 12-card tableau entered",
            f"{len(actions)} actions",
            "keystrokes and taps, 360 x 740 touch, 300 px keyboard (target <= 25)",
        ),
        (
            f"web: {RANDOM_TABLEAUX} random 12-card tableaux",
            f"{statistics.mean(costs):.1f} actions",
            f"mean (min {min(costs)}, max {max(costs)}), the card box's ranking alone",
        ),
    ]


if __name__ == "__main__":
    for name, value, note in figures():
        print(f"{name:<42}  {value:>16}  {note}")
