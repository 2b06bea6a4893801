"""Nothing saved is ever lost (issue 31, item 2), in real Chromium at 360 px: a cut-short list of
saved games, an entry of another site's game and an entry that cannot be read are all kept (the
unreadable one aside as its raw text, offered as a file); a save that does not fit in storage
says so at once and offers the export; a damaged file of the offline copy is found and fetched
again (offline, the page says what to do); a new version of the site says "updated", and a saved
game scored again with rules that change its totals says so and keeps the earlier ones."""

from __future__ import annotations

import json
import re
from pathlib import Path

import yaml

from tests.web_support import (
    PHONE_TOUCH,
    REPO,
    open_page,
    paste_example,
    phone,
    screenshot,
    totals,
    wait_ready,
    wait_until,
)

HISTORY = "playaid.v1.history"
ASIDE = "playaid.v1.history-unreadable"


def example_records() -> list[dict]:
    """Every example record of a players' game (one with `players`), read as the CLI reads it."""
    out = []
    for path in sorted((REPO / "examples").glob("*.yaml")):
        record = yaml.safe_load(path.read_text(encoding="utf-8"))
        if isinstance(record, dict) and isinstance(record.get("players"), list):
            out.append(record)
    return out


def entries(count: int) -> list[dict]:
    """`count` saved-game entries as the page stores them (examples, cycled)."""
    records = example_records()
    return [
        {
            "id": f"g{k}test",
            "game": records[k % len(records)]["game"],
            "record": records[k % len(records)],
            "played": f"2026-11-{10 + k:02d}T18:00:00.000Z",
            "updated": f"2026-11-{10 + k:02d}T19:00:00.000Z",
        }
        for k in range(count)
    ]


def with_storage(browser, server, items: dict[str, str]):
    """A phone page whose localStorage holds `items` before the page's scripts run."""
    context = browser.new_context(**PHONE_TOUCH, service_workers="block")
    context.add_init_script(f"""(() => {{
        if (sessionStorage.getItem('seeded')) return;
        sessionStorage.setItem('seeded', '1');
        for (const [k, v] of Object.entries({json.dumps(items)})) localStorage.setItem(k, v);
    }})()""")
    return open_page(browser, server, context=context)


def stored(page, key: str):
    return page.evaluate(f"localStorage.getItem({key!r})")


def shown_ids(page) -> list[str]:
    page.click("#tab-games")
    return page.locator("#games-list > li").evaluate_all("els => els.map(e => e.dataset.id)")


def test_a_cut_short_list_keeps_every_whole_game_and_the_text_aside(browser, server, tmp_path):
    games = entries(3)
    whole = json.dumps({"format": "playaid-games", "version": 1, "games": games})
    cut = whole[: whole.index(games[2]["id"]) + 40]  # a crash mid-write: the third game cut off
    page = with_storage(browser, server, {HISTORY: cut})
    assert page.locator("#notice").inner_text().startswith("1 saved game could not be read")
    assert sorted(shown_ids(page)) == [games[0]["id"], games[1]["id"]]
    assert page.locator("#games-unreadable").inner_text().startswith("1 saved game could not be read.")
    screenshot(page, "saved-cut-short")
    with page.expect_download() as download:
        page.click("#games-unreadable-download")
    kept = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert [e["text"] for e in kept["entries"]] == [cut]  # as it was stored, byte for byte
    # a game scored now is saved beside the two read back; the cut text stays aside
    page.click("#tab-rftg")
    paste_example(page, "rftg-invasion")
    totals(page, 3)
    page.click("#rftg-score")
    wait_until(page, f"JSON.parse(localStorage.getItem({HISTORY!r})).games.length === 3")
    ids = [g["id"] for g in json.loads(stored(page, HISTORY))["games"]]
    assert games[0]["id"] in ids and games[1]["id"] in ids
    assert json.loads(stored(page, ASIDE))[0]["text"] == cut
    assert page.problems == []
    page.context.close()


def test_a_foreign_and_a_damaged_entry_are_kept(browser, server):
    games = entries(3)
    foreign = {
        **games[1],
        "id": "gforeign1",
        "game": "zz-another-site",
        "record": {**games[1]["record"], "game": "zz-another-site"},
    }
    damaged = {**games[2], "id": "gbaddate1", "played": "the day before yesterday"}
    text = json.dumps({"format": "playaid-games", "version": 1, "games": [games[0], foreign, damaged]})
    page = with_storage(browser, server, {HISTORY: text})
    assert shown_ids(page) == [games[0]["id"], "gforeign1"]
    item = page.locator('#games-list > li[data-id="gforeign1"]')
    assert "a game this site does not hold" in item.inner_text()
    assert item.get_by_role("button").count() == 0  # not opened here
    assert page.locator("#games-unreadable").inner_text().startswith("1 saved game could not be read.")
    screenshot(page, "saved-foreign-damaged")
    # a save writes the foreign entry back as it was; the damaged one is kept aside as its text
    page.click("#tab-rftg")
    paste_example(page, "rftg-invasion")
    totals(page, 3)
    page.click("#rftg-score")
    wait_until(page, f"JSON.parse(localStorage.getItem({HISTORY!r})).games.length === 3")
    kept = json.loads(stored(page, HISTORY))["games"]
    assert foreign in kept
    assert [json.loads(e["text"]) for e in json.loads(stored(page, ASIDE))] == [damaged]
    # and an export holds the foreign game too
    page.click("#tab-games")
    with page.expect_download() as download:
        page.click("#games-export")
    assert foreign in json.loads(Path(download.value.path()).read_text(encoding="utf-8"))["games"]
    assert page.problems == []
    page.context.close()


def test_storage_full_is_said_at_once_and_the_export_offered(browser, server):
    page = phone(browser, server)
    # fill this origin's storage to its quota (junk under a key of its own)
    filled = page.evaluate("""() => {
        let chunk = 'x'.repeat(1 << 20), n = 0;
        for (;;) {
            try { localStorage.setItem('junk' + n, chunk); n++; }
            catch (e) { if (chunk.length <= 16) return e.name; chunk = chunk.slice(chunk.length / 2); }
        }
    }""")
    assert filled == "QuotaExceededError"
    paste_example(page, "rftg-invasion")
    totals(page, 3)
    page.click("#rftg-score")
    note = page.locator("#notice")
    wait_until(page, "document.getElementById('notice').textContent.includes('storage for this page is full')")
    assert note.is_visible()
    screenshot(page, "saved-storage-full", full_page=False)
    with page.expect_download() as download:
        note.get_by_role("button", name="Export all games").click()
    exported = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    invasion = yaml.safe_load((REPO / "examples" / "rftg-invasion.yaml").read_text(encoding="utf-8"))
    assert [g["record"]["players"] for g in exported["games"]] == [
        invasion["players"]
    ]  # the game not saved, in the file
    assert page.evaluate(f"localStorage.getItem({HISTORY!r})") is None  # it did not fit: nothing half-written
    page.context.close()


def test_a_new_version_says_updated_and_a_rescored_game_keeps_its_earlier_totals(browser, server):
    game = entries(1)[0]
    # saved by an earlier version, with totals its rules gave (not these rules')
    game["summary"] = {
        "players": [{"name": p["name"], "total": 1, "rank": k + 1} for k, p in enumerate(game["record"]["players"])],
        "winners": [game["record"]["players"][0]["name"]],
    }
    game["rules"] = "playaid 0.0.1, content 2000.1.1"
    page = with_storage(
        browser,
        server,
        {
            HISTORY: json.dumps({"format": "playaid-games", "version": 1, "games": [game]}),
            "playaid.v1.site": json.dumps("playaid 0.0.1, content 2000.1.1"),
        },
    )
    assert page.locator("#notice").inner_text().startswith("Updated: this site now scores with playaid ")
    # the list shows the game as it was saved, not scored again unsaid
    page.click("#tab-games")
    assert " 1" in page.locator("#games-list .who").first.inner_text()
    page.locator("#games-list > li").first.get_by_role("button", name="Result", exact=False).first.click()
    wait_until(page, "document.getElementById('notice').textContent.includes(\"updated rules\")")
    said = page.locator("#notice").inner_text()
    assert "the totals were" in said and "those are kept with the game" in said
    saved = json.loads(stored(page, HISTORY))["games"][0]
    assert saved["earlier"]["summary"] == game["summary"] and saved["earlier"]["rules"] == game["rules"]
    page.click("#tab-games")
    assert "Scored again with updated rules; saved with playaid 0.0.1" in page.locator("#games-list").inner_text()
    screenshot(page, "saved-rescored-earlier-kept")
    assert page.problems == []
    page.context.close()


# --- the offline copy --------------------------------------------------------------------------


def damage(page, paths: list[str]) -> str:
    """Replace the kept copy of each site path with other bytes; returns the site cache's name."""
    return page.evaluate(
        """async (paths) => {
        const name = (await caches.keys()).find((n) => n.startsWith('playaid-site-'));
        const cache = await caches.open(name);
        for (const path of paths) {
            const url = new URL(path, location.href).href;
            const kept = await cache.match(url);
            const bytes = new Uint8Array(await kept.arrayBuffer());
            bytes[Math.floor(bytes.length / 2)] ^= 0x55;  // one byte flipped, as a disk error would
            await cache.put(url, new Response(bytes.slice(0, bytes.length - 7), { headers: kept.headers }));
        }
        return name;
    }""",
        paths,
    )


def kept_matches(page, name: str, path: str) -> bool:
    """Whether the kept copy of `path` is byte for byte what the server sends."""
    return page.evaluate(
        """async ([name, path]) => {
        const url = new URL(path, location.href).href;
        const kept = new Uint8Array(await (await (await caches.open(name)).match(url)).arrayBuffer());
        const sent = new Uint8Array(await (await fetch(url + '?fresh=1', { cache: 'no-store' })).arrayBuffer());
        return kept.length === sent.length && kept.every((b, i) => b === sent[i]);
    }""",
        [name, path],
    )


DAMAGED = ["data/engine.json", "pyodide/python_stdlib.zip"]


def test_a_damaged_offline_copy_is_found_and_fetched_again(browser, server):
    context = browser.new_context(**PHONE_TOUCH, service_workers="allow")
    context.set_default_timeout(90_000)
    page = open_page(browser, server, context=context)
    wait_until(page, "window.playaid.status().offline.state === 'ready'", 300_000)
    name = damage(page, DAMAGED)
    assert not kept_matches(page, name, DAMAGED[0])
    page.reload()
    wait_ready(page)  # the engine is ready: the damaged files were not used
    wait_until(page, "window.playaid.status().offline.state === 'ready'", 300_000)
    assert all(kept_matches(page, name, p) for p in DAMAGED)
    # offline, a damaged file cannot be fetched: the page says what to do, then mends itself
    damage(page, DAMAGED)
    context.set_offline(True)
    page.reload()
    wait_until(page, "window.playaid && window.playaid.status().engine.state === 'retrying'", 120_000)
    status = page.locator("#engine-status").inner_text()
    assert "damaged" in status and "connect to the internet" in status, status
    screenshot(page, "saved-offline-copy-damaged", full_page=False)
    context.set_offline(False)
    page.evaluate("window.playaid.ready")
    assert page.evaluate("window.playaid.status().engine.state") == "ready"
    context.close()


def test_a_new_version_of_the_site_says_updated_and_then_what_it_scores_with(browser, tmp_path):
    """The site is replaced by a new version (another content version) while a phone has it
    open: the page says it was updated and offers to reload; reloaded, it says which rules it now
    scores with."""
    import shutil

    from generator.paths import CONTENT_DIR
    from generator.web.site import build_site
    from tests.web_support import serving

    served = tmp_path / "served"
    build_site(CONTENT_DIR, served)
    content = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, content)
    game = next(iter(sorted(content.glob("*/game.yaml"))))
    text = game.read_text(encoding="utf-8")
    version = re.search(r'^version: "?([^"\n]+)"?$', text, re.M)
    assert version, game
    game.write_text(text.replace(version.group(0), f'version: "{version.group(1)}.1"'), encoding="utf-8")
    newer = tmp_path / "newer"
    build_site(content, newer)
    with serving(served) as url:
        context = browser.new_context(**PHONE_TOUCH, service_workers="allow")
        context.set_default_timeout(90_000)
        page = open_page(browser, url, context=context)
        wait_until(page, "window.playaid.status().offline.state === 'ready'", 300_000)
        before = page.locator("#versions").inner_text()
        shutil.copytree(newer, served, dirs_exist_ok=True)  # the site is deployed again
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        wait_until(page, "document.getElementById('notice').textContent.startsWith('This site was updated')", 300_000)
        assert page.locator("#engine-status").inner_text() == "Scorer ready · updated"  # the notice says to reload
        screenshot(page, "saved-site-updated", full_page=False)
        with page.expect_navigation():
            page.locator("#notice").get_by_role("button", name="Reload").click()
        wait_ready(page)
        assert page.locator("#versions").inner_text() != before
        said = page.locator("#notice").inner_text()
        assert said.startswith("Updated: this site now scores with ") and f"{version.group(1)}.1" in said, said
        assert page.problems == []
        context.close()
