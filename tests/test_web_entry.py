"""Entering a game on a phone (real Chromium, 360 x 740, touch): a 12-card tableau in at most 25
keystrokes and taps, typed the way a player would, with the box typed in never moving."""

from __future__ import annotations

import re

import pytest

from tests.web_support import (  # noqa: F401
    PHONE_TOUCH,
    browser,
    open_page,
    screenshot,
    server,
    site,
    wait_until,
)

KEYBOARD_PX = 300  # a phone keyboard's height: the visual viewport above it is 740 - 300 px

#: An invasion game's tableau, in the order a player lays it out (start world first).
TABLEAU = ["Epsilon Eridani", "Research Labs", "Artist Colony", "Spice World", "Space Marines",
           "Galactic Renaissance", "Contact Specialist", "New Military Tactics", "Rebel Outpost",
           "Anti-Xeno Militia", "Alien Weapon Plans", "Imperium Arms Factory"]


def words(name: str) -> list[str]:
    """A name's words as the card box splits them (web/js/cards.js wordsOf)."""
    parts = re.split(r"[\s\-/:]+", " ".join(name.replace("\u2019", "'").lower().split()))
    return [w for w in (re.sub(r"[^\w']", "", p) for p in parts) if w]


def least_common_word(name: str, names: list[str]) -> str:
    """The word a player types to find a card: the one the fewest card names share ("ren" for
    Galactic Renaissance, never "gal"); the first such word on a tie."""
    counts: dict[str, int] = {}
    for n in names:
        for w in set(words(n)):
            counts[w] = counts.get(w, 0) + 1
    return min(words(name), key=lambda w: counts[w])


def visible_option(page, listbox: str, name: str, bottom: float):
    """The option for card `name` if a player sees it: in the open list, inside the list's
    scrolled area and above the keyboard; else None."""
    index = page.evaluate("""([id, name, bottom]) => {
        const list = document.getElementById(id);
        const popup = list?.closest('.combo-popup');
        if (!list || !popup || popup.hidden) return -1;
        const clip = popup.getBoundingClientRect();
        return [...list.children].findIndex((li) => {
            const r = li.getBoundingClientRect();
            const shown = li.querySelector('.opt-name').firstChild.textContent === name;
            return shown && r.top >= Math.max(clip.top, 0) - 1 && r.bottom <= Math.min(clip.bottom, bottom) + 1;
        });
    }""", [listbox, name, bottom])
    return None if index < 0 else page.locator(f"#{listbox} [role=option]").nth(index)


def test_a_12_card_tableau_takes_at_most_25_keystrokes_and_taps(browser, server):  # noqa: F811
    context = browser.new_context(**PHONE_TOUCH, service_workers="block")
    page = open_page(browser, server, context=context)
    page.select_option("#rftg-variant", "invasion")
    names = [c["n"] for c in page.evaluate("fetch('data/form.json').then(r => r.json())")["rftg"]["cards"]
             if not c.get("f")]  # an invasion game deals no Frontier cards
    box = page.locator("#p0-card")
    actions: list[str] = []
    box.tap()
    actions.append("tap box")
    # the keyboard comes up: the screen above it is 440 px, and the box scrolls into view
    bottom = PHONE_TOUCH["viewport"]["height"] - KEYBOARD_PX
    page.set_viewport_size({"width": PHONE_TOUCH["viewport"]["width"], "height": bottom})
    box.evaluate("el => el.scrollIntoView({block: 'end'})")
    place = box.bounding_box()["y"]
    moved = []
    for name in TABLEAU:
        word = least_common_word(name, names)
        typed = 0
        while (option := visible_option(page, "p0-options", name, bottom)) is None:
            assert typed < len(word), f"{name} never offered for {word!r}"
            box.press(word[typed])
            typed += 1
            actions.append(f"key {word[typed - 1]}")
            if name == "Galactic Renaissance":
                screenshot(page, f"entry-keyboard-{typed}", full_page=False)
        if option.get_attribute("aria-selected") == "true":
            box.press("Enter")
            actions.append(f"Enter: {name}")
        else:
            option.tap()
            actions.append(f"tap: {name}")
        page.wait_for_timeout(60)  # a rescore may land: the box must not move for it
        y = box.bounding_box()["y"]
        if abs(y - place) > 1:
            moved.append(f"after {name}: {place} -> {y}")
    screenshot(page, "entry-keyboard-end", full_page=False)
    chips = page.locator("#p0-tableau li .name").all_inner_texts()
    assert [re.sub(r" · .*", "", c) for c in chips] == TABLEAU
    print(f"12-card tableau: {len(actions)} keystrokes and taps: {actions}")
    assert len(actions) <= 25, actions
    assert moved == []
    assert page.problems == []
    context.close()
