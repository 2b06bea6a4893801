"""A result is final only when nothing is in doubt (issue 31, item 1), in real Chromium at 360 px:
Enter never adds another card than the one typed (names from other expansion arcs are kept as
typed and marked unknown; real typos are still corrected), an empty value the model reads is a
question that keeps the result "Not final", every error finding does too, the winner line then
says "provisional", and a BG Stats export of such a play says so in its comments."""

from __future__ import annotations

import json
import random
import re
from urllib.parse import parse_qs, urlparse

import pytest
import yaml

from tests.web_support import REPO, paste, phone, screenshot, serving, totals, wait_until

#: Race for the Galaxy card names from the other expansion arcs (The Gathering Storm, Rebellion
#: vs Imperium, The Brink of War; Alien Artifacts; New Worlds; Rebellion) and a few made up in
#: their style: names a player may type at a table whose pad holds another arc. Those the
#: page's card list holds are left out (the arcs reprint some cards).
OTHER_ARCS = [
    "Galactic Bankers",
    "Imperium Lords",
    "Rebel Alliance",
    "Galactic Genome Project",
    "Terraforming Guild",
    "Galactic Exchange",
    "Universal Peace Institute",
    "Imperium Seat",
    "Interstellar Casus Belli",
    "Alien Research Ship",
    "Uplift Code",
    "Galactic Salon",
    "Pan-Galactic Security Council",
    "Imperium Blaster Gem Consortium",
    "Rebel Sympathizers",
    "Hive World",
    "Ancient Race",
    "Damaged Alien Factory",
    "Doomed World",
    "Galactic Developers",
    "Space Mercenaries",
    "Alien Oort Cloud Refinery",
    "Golden Age of Terraforming",
    "Psi-Crystal World",
    "Terraforming Engineers",
    "Rebel Troops",
    "Alien Booby Trap",
    "Wormhole Prospectors",
    "Prospecting Guild",
    "Information Hub",
]


def card_names(page) -> list[str]:
    """The card names of the page's own card list (data/form.json)."""
    return page.evaluate(
        "async () => (await (await fetch('data/form.json')).json()).models.rftg?.widgets.tableau.cards.map(c => c.n) ?? []"
    )


def type_and_enter(page, i: int, typed: str):
    box = page.locator(f"#p{i}-card")
    box.click()
    box.fill("")
    box.press_sequentially(typed)
    box.press("Enter")


def tableau(page, i: int) -> list:
    return page.evaluate(f"JSON.parse(localStorage.getItem('playaid.v1.rftg')).players[{i}].tableau")


def typo(name: str, rng: random.Random) -> str:
    """One slip of the thumb: two letters swapped, one dropped or one doubled (inside a word)."""
    spots = [k for k in range(1, len(name) - 2) if name[k].isalpha() and name[k + 1].isalpha()]
    k = rng.choice(spots)
    kind = rng.randrange(3)
    if kind == 0:
        return name[:k] + name[k + 1] + name[k] + name[k + 2 :]
    if kind == 1:
        return name[:k] + name[k + 1 :]
    return name[:k] + name[k] + name[k:]


def test_enter_keeps_a_name_from_another_arc_as_typed_and_corrects_a_real_typo(browser, server):
    page = phone(browser, server)
    names = card_names(page)
    if not names:
        page.context.close()
        return  # a site without a card game: nothing to pick
    known = {n.lower() for n in names}
    foreign = [n for n in OTHER_ARCS if n.lower() not in known]
    assert len(foreign) >= 10
    page.fill("#p0-name", "Dan")
    for k, name in enumerate(foreign):
        type_and_enter(page, 0, name)
        assert tableau(page, 0)[k] == name, f"Enter put {tableau(page, 0)[k]!r} for {name!r}"
    # each is marked in the tableau as not a card of the list (with its "did you mean" buttons)
    chips = page.locator("#p0-tableau > li")
    assert chips.count() == len(foreign)
    for k, name in enumerate(foreign):
        chip = chips.nth(k)
        assert chip.locator(".name").inner_text().startswith(name)
        assert chip.locator(".fixes").count() == 1
    screenshot(page, "final-foreign-cards-kept")
    # real slips of the thumb on the page's own names still become the card meant
    rng = random.Random(31)
    chosen = rng.sample([n for n in names if len(n) >= 8], 8)
    page.fill("#p1-name", "Eve")
    for k, name in enumerate(chosen):
        slip = typo(name, rng)
        type_and_enter(page, 1, slip)
        assert tableau(page, 1)[k] == name, f"{slip!r} became {tableau(page, 1)[k]!r}, not {name!r}"
    # the unknown names keep the result from being final, and say why at the top
    page.click("#rftg-score")
    verdict = page.locator("#rftg-verdict")
    wait_until(page, "document.getElementById('rftg-verdict')?.textContent.includes('unknown')")
    assert verdict.inner_text().startswith("Not final:")
    assert f"{len(foreign)} unknown cards not counted" in verdict.inner_text()
    assert page.locator("#rftg-winner").inner_text().startswith("Provisional winner: ")
    assert page.problems == []
    page.context.close()


def record_without(key: str, player: int) -> dict:
    """The invasion example as a dict, less `key` of player `player`."""
    record = yaml.safe_load((REPO / "examples" / "rftg-invasion.yaml").read_text(encoding="utf-8"))
    del record["players"][player][key]
    return record


def bgstats_comments(page) -> str:
    href = page.get_attribute("#rftg-bgstats", "href")
    return json.loads(parse_qs(urlparse(href).query)["data"][0])["comments"]


def test_an_empty_value_is_a_question_and_the_result_not_final(browser, server):
    record = record_without("chips", 1)
    record["players"][1].pop("claimed_total")  # only the empty box is in doubt
    page = phone(browser, server)
    paste(page, json.dumps(record))
    totals(page, 3)
    page.click("#rftg-score")
    wait_until(page, "document.getElementById('rftg-verdict')")
    verdict = page.locator("#rftg-verdict").inner_text()
    ben = record["players"][1]["name"]
    assert verdict.startswith("Not final:") and f"{ben}'s VP chips" in verdict, verdict
    assert page.locator("#rftg-winner").inner_text().startswith("Provisional winner: ")
    # the question comes before the scoreboard, with a way back to its box
    order = page.evaluate("""() => [...document.querySelectorAll('#rftg-result > *')].map(e => e.id || e.className)""")
    assert order.index("rftg-checks") < order.index("board-wrap"), order
    question = page.locator("#rftg-checks li.question")
    assert question.count() == 1
    assert question.inner_text().startswith(f"{ben}: “VP chips” is empty: how many?")
    assert bgstats_comments(page).startswith("PROVISIONAL, not final: ")
    assert page.locator("#rftg-bgstats").inner_text() == "Send to BG Stats (provisional)"
    screenshot(page, "final-empty-value-question")
    question.get_by_role("button", name="Fix").click()
    wait_until(page, "document.activeElement?.id === 'p1-chips'")
    page.fill("#p1-chips", "0")
    page.click("#rftg-score")
    wait_until(page, "document.getElementById('rftg-verdict')?.textContent === 'Final result'")
    assert page.locator("#rftg-winner").inner_text().startswith("Winner: ")
    assert not bgstats_comments(page).startswith("PROVISIONAL")
    assert page.problems == []
    page.context.close()


def test_every_error_finding_makes_the_winner_provisional(browser, server):
    record = yaml.safe_load((REPO / "examples" / "rftg-invasion.yaml").read_text(encoding="utf-8"))
    record["players"][0]["claimed_total"] += 5  # a wrong claimed total: an error finding
    page = phone(browser, server)
    paste(page, json.dumps(record))
    totals(page, 3)
    line = page.locator("#rftg-winner-line")
    wait_until(page, "document.getElementById('rftg-winner-line').classList.contains('provisional')")
    assert re.match(
        r"Provisional winner: \w+ with \d+ VP \(not final: 1 total differs from the score pad\)\.", line.inner_text()
    ), line.inner_text()
    page.click("#rftg-score")
    wait_until(page, "document.getElementById('rftg-verdict')")
    assert page.locator("#rftg-verdict").inner_text() == "Not final: 1 total differs from the score pad."
    assert page.locator("#rftg-winner").inner_text().startswith("Provisional winner: ")
    assert "1 total differs from the score pad" in bgstats_comments(page).splitlines()[0]
    # the API's link says so too
    link = page.evaluate("(r) => window.playaid.bgstatsUrl(r)", record)
    assert json.loads(parse_qs(urlparse(link).query)["data"][0])["comments"].startswith("PROVISIONAL, not final: ")
    screenshot(page, "final-error-provisional")
    assert page.problems == []
    page.context.close()


# --- a game added by content: its fewest players, and a whole-game check that names a player ------


@pytest.fixture(scope="module")
def three_up(tmp_path_factory):
    """(site URL, record word) of content holding one game of the user's own (`playaid new`'s
    skeleton) made a game of at least 3 players whose whole-game check names the player it is
    about (`player:`) and the value (`field:`)."""
    from generator.content.skeleton import new_game
    from generator.web.site import build_site

    root = tmp_path_factory.mktemp("three-up")
    (root / "content").mkdir()
    word = "zz-three-up"
    new_game(word, root / "content", root / "examples", title="Three Up")
    path = root / "content" / word / "scoring.yaml"
    text = path.read_text(encoding="utf-8")
    min_line = re.search(r"^  min: \d+$", text, re.M)
    assert min_line, "the skeleton's players block changed"
    text = text.replace(min_line.group(), "  min: 3")
    # the check of a colour's gems points at the player holding the most red gems, at that box
    assert "    field: players\n" in text
    text = text.replace(
        "    field: players\n",
        "    player: \"[p.red for p in players].index(max(p.red for p in players))\"\n    field: red\n",
    )
    path.write_text(text, encoding="utf-8")
    build_site(root / "content", root / "web")
    with serving(root / "web") as url:
        yield url, word


def test_a_game_opens_with_its_fewest_players_and_a_check_fixes_the_players_box(browser, three_up):
    url, word = three_up
    page = phone(browser, url)
    assert page.get_attribute(f"#tab-{word}", "aria-selected") == "true"
    sections = page.locator(f"#panel-{word} section.player")
    assert sections.count() == 3
    assert page.locator(f"#{word}-remove-player").is_disabled()
    # a record of two players: the pad says how many players the game takes, in players
    paste(
        page,
        json.dumps(
            {
                "game": word,
                "players": [
                    {"name": "Ann", "red": 1, "green": 1, "blue": 1, "coins": 0},
                    {"name": "Ben", "red": 1, "green": 1, "blue": 1, "coins": 0},
                ],
            }
        ),
    )
    page.click(f"#{word}-score")
    wait_until(page, f"document.getElementById('{word}-verdict')")
    todo = page.locator(f"#{word}-result .todo").inner_text()
    assert "at least 3 players" in todo and "entries" not in todo, todo
    screenshot(page, "final-three-up-too-few")
    page.click(f"#{word}-edit")
    page.click(f"#{word}-add-player")
    for key, value in {"name": "Cy", "red": 1, "green": 1, "blue": 1, "coins": 0}.items():
        page.fill(f"#{word}-p2-{key}", str(value))
    page.fill(f"#{word}-p1-red", "99")  # more red gems than the box holds: Ben has the most
    page.click(f"#{word}-score")
    wait_until(page, f"document.getElementById('{word}-scoreboard')")
    check = page.locator(f"#{word}-checks li.error").first
    assert page.locator(f"#{word}-verdict").inner_text().startswith("Not final:")
    assert page.locator(f"#{word}-winner").inner_text().startswith("Provisional winner: ")
    check.get_by_role("button", name="Fix").click()
    wait_until(page, f"document.activeElement?.id === '{word}-p1-red'")
    assert page.problems == []
    page.context.close()
