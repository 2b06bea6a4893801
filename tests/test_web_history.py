"""Games remembered on the phone (real Chromium, 360 x 740, touch): every scored game saved with
its date and variant, reopened, edited, started again with the same players, deleted with Undo;
player names and recent cards offered again; all games exported as one file and imported back,
the file read as hostile input; the result sent to BG Stats through its play-import link."""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qs, urlparse

from tests.web_support import (
    PHONE_TOUCH,
    REPO,
    axe_problems,
    cli_json,
    measure,
    paste_example,
    phone,
    scored,
    screenshot,
    wait_until,
)

EXAMPLE = REPO / "examples" / "rftg-invasion.yaml"


def history(page) -> list[dict]:
    return page.evaluate("window.playaid.history()")


def score_example(page):
    paste_example(page, EXAMPLE.stem)
    scored(page, 2)
    page.click("#rftg-score")
    wait_until(page, "window.playaid.history().length === 1")


def test_a_scored_game_is_saved_reopened_edited_started_again_and_deleted_with_undo(browser, server):
    expected = cli_json("score", "examples/rftg-invasion.yaml")
    page = phone(browser, server)
    assert history(page) == []
    score_example(page)
    [game] = history(page)
    assert game["game"] == "rftg" and game["record"]["variant"] == "invasion"
    assert re.match(r"\d{4}-\d\d-\d\dT", game["played"])
    assert [(p["name"], p["total"], p["rank"]) for p in game["summary"]["players"]] == [
        (p["name"], p["total"], p["rank"]) for p in expected["players"]
    ]
    assert game["summary"]["winners"] == expected["winners"]
    # the Games tab lists it
    page.click("#tab-games")
    entry = page.locator("#games-list li")
    assert entry.count() == 1
    assert "Invasion game" in entry.inner_text() and "Ann 34 (won) · Cat 28 · Ben 26" in entry.inner_text()
    screenshot(page, "games", full_page=False)
    # same players, new game: names kept, nothing else; the saved game stays as it was
    entry.get_by_role("button", name=re.compile("^Same players, new game")).click()
    assert page.get_attribute("#tab-rftg", "aria-selected") == "true"
    assert [page.input_value(f"#p{i}-name") for i in range(3)] == ["Ann", "Ben", "Cat"]
    assert page.locator("#p0-tableau li").count() == 0
    assert len(history(page)) == 1
    # player names are offered again
    names = page.evaluate("[...document.querySelectorAll('#player-names option')].map(o => o.value)")
    assert set(names) >= {"Ann", "Ben", "Cat"} and page.get_attribute("#p0-name", "list") == "player-names"
    # cards of recent games come first in the card picker
    page.locator("#p0-card").click()
    page.locator("#p0-card").press_sequentially("old ea")
    page.locator("#p0-card").press("Enter")
    page.locator("#p0-card").press("s")
    first = page.locator("#p0-options [role=option] .opt-name").first.inner_text()
    assert first in {"Spice World", "Space Marines", "Research Labs"}, first
    # reopen the saved game's result, then edit it: the saved game follows the edit
    page.click("#tab-games")
    page.locator("#games-list li").get_by_role("button", name=re.compile("^Result")).click()
    assert page.locator("#rftg-result").is_visible()
    assert page.locator("#rftg-winner").inner_text() == "Winner: Ann with 34 VP"
    page.click("#tab-games")
    page.locator("#games-list li").get_by_role("button", name=re.compile("^Edit:")).click()
    page.fill("#p1-goods", "3")
    page.fill("#p1-chips", "30")
    wait_until(page, "window.playaid.history()[0].summary.players[1].total > 26")
    assert len(history(page)) == 1
    # delete, with Undo
    page.click("#tab-games")
    page.locator("#games-list li").get_by_role("button", name=re.compile("^Delete:")).click()
    assert page.locator("#games-list li").count() == 0 and history(page) == []
    page.locator("#notice").get_by_role("button", name="Undo").click()
    assert page.locator("#games-list li").count() == 1 and len(history(page)) == 1
    # kept across a reload
    page.reload()
    page.evaluate("window.playaid.formReady")
    assert len(history(page)) == 1
    assert page.problems == []
    page.context.close()


def test_all_games_export_to_one_file_and_import_back_read_as_hostile(browser, server, tmp_path):
    expected = cli_json("score", "examples/rftg-invasion.yaml")
    page = phone(browser, server)
    score_example(page)
    page.click("#tab-games")
    with page.expect_download() as download:
        page.click("#games-export")
    exported = tmp_path / "games.json"
    download.value.save_as(exported)
    data = json.loads(exported.read_text(encoding="utf-8"))
    assert data["format"] == "playaid-games" and len(data["games"]) == 1
    page.context.close()
    # a new device: the file imports; a summary in the file is never trusted (scored again)
    data["games"][0]["summary"] = {"players": [{"name": "Ann", "total": 999, "rank": 1}], "winners": ["Ann"]}
    good = data["games"][0]
    hostile = [
        good,
        {**good, "id": "../../etc/passwd"},
        {**good, "id": "g2", "game": "chess"},
        {**good, "id": "g3", "record": "game: rftg"},
        {**good, "id": "g4", "record": {"game": "rftg", "players": [[[[[[]]]]]] + [{"deep": _deep(80)}]}},
        {**good, "id": "g5", "played": "yesterday"},
        "not a game",
    ]
    other = phone(browser, server)
    other.click("#tab-games")
    other.set_input_files(
        "#import-file",
        files=[
            {
                "name": "games.json",
                "mimeType": "application/json",
                "buffer": json.dumps({**data, "games": hostile}).encode(),
            }
        ],
    )
    notice = other.locator("#notice")
    wait_until(other, "document.getElementById('notice').textContent.includes('Imported')")
    text = notice.inner_text()
    assert "Imported 1 of 7 games" in text
    for why in (
        "game 2: its id is missing or not a short name",
        'game 3: unknown game "chess"',
        "game 4: its record is missing or of another game",
        "game 5: its record is nested too deep",
        "game 6: its played date is not a date",
        "game 7: not a game",
    ):
        assert why in text, why
    wait_until(other, "window.playaid.history()[0]?.summary?.players?.[0]?.total === 34")
    [game] = history(other)
    assert [p["total"] for p in game["summary"]["players"]] == [p["total"] for p in expected["players"]]
    # not a games file at all, and a file too large: refused whole, nothing changes
    for name, payload in (
        ("notes.json", b"{not json"),
        ("other.json", b'{"games": []}'),
        ("huge.json", b" " * (8 * 1024 * 1024 + 1)),
    ):
        other.set_input_files("#import-file", files=[{"name": name, "mimeType": "application/json", "buffer": payload}])
        wait_until(other, f"document.getElementById('notice').textContent.includes('{name}')")
        assert "cannot be imported" in notice.inner_text() or "too large" in notice.inner_text()
        assert len(history(other)) == 1
    assert other.problems == []
    other.context.close()


def _deep(n: int):
    value: object = 1
    for _ in range(n):
        value = [value]
    return value


def bgstats_play(url: str) -> dict:
    parsed = urlparse(url)
    assert (parsed.scheme, parsed.netloc, parsed.path) == ("https", "app.bgstatsapp.com", "/createPlay.html")
    return json.loads(parse_qs(parsed.query)["data"][0])


def test_the_result_goes_to_bg_stats_through_its_play_import_link(browser, server):
    expected = cli_json("score", "examples/rftg-invasion.yaml")
    page = phone(browser, server)
    play = bgstats_play(page.evaluate("([t]) => window.playaid.bgstatsUrl(t)", [EXAMPLE.read_text(encoding="utf-8")]))
    assert play["sourceName"] == "playaid"
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", play["playDate"])
    # the BGG id and expansions are content's (game.yaml `bgg`)
    from generator.paths import CONTENT_DIR
    from generator.reader.yaml_io import load_file

    bgg = load_file(CONTENT_DIR / "rftg" / "game.yaml")[0].data["bgg"]
    assert play["game"] == {
        "name": "Race for the Galaxy",
        "sourceGameId": "playaid:rftg",
        "highestWins": True,
        "noPoints": False,
        "bggId": bgg["id"],
    }
    assert [(p["name"], p["score"], p["winner"], p["rank"]) for p in play["players"]] == [
        (p["name"], p["total"], p["name"] in expected["winners"], p["rank"]) for p in expected["players"]
    ]
    assert "board" not in play  # BG Stats' board is the map played on, not the variant
    comments = play["comments"].splitlines()
    assert comments[:2] == [
        f"Variant: Invasion game; Expansions: {', '.join(bgg['expansions'])}; ended by: Xenos repulsed",
        "Winner: Ann",
    ]
    assert (
        "Ann 34 VP: Cards (printed VP) 5, 6-cost developments 10, VP chips 9, War contributions 3, "
        "Defense awards 2, Bonus tiles 5" in comments
    )
    # the result screen's button is the same link, with the saved game's id
    score_example(page)
    link = page.locator("#rftg-bgstats")
    assert link.get_attribute("target") == "_blank"
    from_screen = bgstats_play(link.get_attribute("href"))
    assert from_screen["sourcePlayId"] == history(page)[0]["id"]
    assert from_screen["players"] == play["players"]
    # a record that cannot be scored has no link
    assert page.evaluate("window.playaid.bgstatsUrl({game: 'rftg', players: 3})") is None
    page.context.close()


def test_saved_games_and_result_screens_pass_axe_core_and_fit_the_phone(browser, server):
    page = phone(browser, server, context=browser.new_context(**PHONE_TOUCH, bypass_csp=True, service_workers="block"))
    score_example(page)
    # a Xia campaign is saved as soon as it scores (it has no Score button)
    page.click("#tab-xia-campaign")
    paste_example(page, "xia-campaign")
    campaign = cli_json("score", "examples/xia-campaign.yaml")
    wait_until(page, "window.playaid.history().length === 2")
    assert history(page)[0]["summary"]["total"] == campaign["total"]
    problems, layouts = [], {}
    for screen in ("rftg-result", "games"):
        if screen == "rftg-result":
            page.click("#tab-rftg")
        else:
            page.click("#tab-games")
        problems += axe_problems(page, label=screen)
        layouts[screen] = measure(page)
    assert problems == []
    for name, m in layouts.items():
        assert m["scroll"] <= m["width"], f"{name}: horizontal scrolling at 360 px"
        assert m["small"] == [], name
        assert m["cut"] == [], f"{name}: text cut off"
    assert "Xia" in page.locator("#games-list li").first.inner_text()
    page.context.close()
