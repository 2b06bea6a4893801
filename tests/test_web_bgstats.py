"""BG Stats export that its users would keep (issue 31, item 5), in real Chromium at 360 px: the
play carries content's BoardGameGeek id, every game's tab sends its result (a solo campaign's
too), and the Saved games tab writes one BG Stats backup file of every saved game in the shape
BG Stats writes and imports (players, locations, games, plays with playerScores)."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import parse_qs, urlparse

from generator.paths import CONTENT_DIR
from generator.reader.yaml_io import load_file
from tests.web_support import REPO, cli_json, paste_example, phone, screenshot, totals, wait_until


def content_bgg() -> dict:
    """game id -> its game.yaml `bgg` ({id, expansions}), for the games that give one."""
    out = {}
    for path in sorted(CONTENT_DIR.glob("*/game.yaml")):
        data = load_file(path)[0].data
        if data.get("bgg"):
            out[data["id"]] = data["bgg"]
    return out


def players_examples() -> list[str]:
    """The example records of players' games (each with `players`), by file stem."""
    out = []
    for path in sorted((REPO / "examples").glob("*.yaml")):
        data = load_file(path)[0].data
        if isinstance(data, dict) and isinstance(data.get("players"), list) and data.get("game") == "rftg":
            out.append(path.stem)
    return out


def test_a_bg_stats_backup_file_holds_every_saved_game(browser, server):
    names = players_examples()[:2]
    if not names:
        return
    page = phone(browser, server)
    expected = {}
    for name in names:
        paste_example(page, name)
        report = cli_json("score", f"examples/{name}.yaml")
        totals(page, len(report["players"]))
        page.click("#rftg-score")
        wait_until(page, "document.getElementById('rftg-scoreboard')")
        expected[name] = report
    wait_until(page, f"window.playaid.history().length === {len(names)}")
    page.click("#tab-games")
    with page.expect_download() as download:
        page.click("#games-bgstats")
    backup = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    screenshot(page, "bgstats-saved-games")
    assert set(backup) >= {"players", "locations", "games", "plays"}
    assert len(backup["plays"]) == len(names)
    players = {p["id"]: p for p in backup["players"]}
    games = {g["id"]: g for g in backup["games"]}
    assert len({p["name"].lower() for p in players.values()}) == len(players)  # each player once
    bgg = content_bgg()
    for play, name in zip(backup["plays"], names):  # oldest first
        report = expected[name]
        game = games[play["gameRefId"]]
        if "rftg" in bgg:
            assert game["bggId"] == bgg["rftg"]["id"]
        assert [
            (players[s["playerRefId"]]["name"], s["score"], s["rank"], s["winner"]) for s in play["playerScores"]
        ] == [(p["name"], str(p["total"]), p["rank"], p["name"] in report["winners"]) for p in report["players"]]
        assert [s["seatOrder"] for s in play["playerScores"]] == list(range(len(report["players"])))
        assert len(play["uuid"]) == 36 and play["playDate"][4] == "-"
    # exported again, the same games, players and plays keep their ids: BG Stats adds nothing twice
    again = page.evaluate("window.playaid.bgstatsBackup()")
    assert [p["uuid"] for p in again["plays"]] == [p["uuid"] for p in backup["plays"]]
    assert [p["uuid"] for p in again["players"]] == [p["uuid"] for p in backup["players"]]
    assert page.problems == []
    page.context.close()


def test_the_campaign_tab_sends_its_result_to_bg_stats(browser, server):
    campaign = REPO / "examples" / "xia-campaign.yaml"
    if not campaign.is_file():
        return
    expected = cli_json("score", "examples/xia-campaign.yaml")
    page = phone(browser, server)
    paste_example(page, "xia-campaign")
    link = page.locator("#xia-campaign-bgstats")
    link.wait_for()
    play = json.loads(parse_qs(urlparse(link.get_attribute("href")).query)["data"][0])
    assert [(p["name"], p["score"]) for p in play["players"]] == [
        (expected.get("player") or "Pilot", expected["total"])
    ]
    assert "Game 1 (" in play["comments"]
    bgg = content_bgg().get(load_file(campaign)[0].data["game"])
    if bgg:  # content's BoardGameGeek id, and the expansions it scores said in the comments
        assert play["game"]["bggId"] == bgg["id"]
        assert all(name in play["comments"] for name in bgg["expansions"]), play["comments"]
    link.scroll_into_view_if_needed()
    screenshot(page, "bgstats-campaign-link", full_page=False)
    assert page.problems == []
    page.context.close()


def test_the_start_player_noted_on_the_result_goes_to_bg_stats(browser, server):
    names = players_examples()[:1]
    if not names:
        return
    expected = cli_json("score", f"examples/{names[0]}.yaml")
    page = phone(browser, server)
    paste_example(page, names[0])
    totals(page, len(expected["players"]))
    page.click("#rftg-score")
    wait_until(page, "document.getElementById('rftg-start-player')")
    second = expected["players"][1]["name"]
    page.select_option("#rftg-start-player", second)
    wait_until(page, f"window.playaid.history()[0].start_player === {json.dumps(second)}")
    play = json.loads(parse_qs(urlparse(page.get_attribute("#rftg-bgstats", "href")).query)["data"][0])
    assert [p["startPlayer"] for p in play["players"]] == [p["name"] == second for p in expected["players"]]
    # kept with the saved game when it is scored again, and in the backup file
    assert page.input_value("#rftg-start-player") == second
    backup = page.evaluate("window.playaid.bgstatsBackup()")
    names_by_id = {p["id"]: p["name"] for p in backup["players"]}
    assert [names_by_id[s["playerRefId"]] for s in backup["plays"][0]["playerScores"] if s["startPlayer"]] == [second]
    page.locator("#rftg-result").scroll_into_view_if_needed()
    page.locator("#rftg-start-player").scroll_into_view_if_needed()
    screenshot(page, "bgstats-start-player", full_page=False)
    assert page.problems == []
    page.context.close()
