"""A player entering a tableau on the phone pad, keystroke by keystroke and tap by tap, for the
browser test of the issue's figure (tests/test_web_entry.py) and `make bench` (bench/web_entry.py).

The player taps the card box once (the phone keyboard comes up: the screen above it is
``PHONE_HEIGHT - KEYBOARD_PX``), then for each card types the start of the name's least common
word, one letter at a time, until the card shows among the suggestions on screen, and takes it:
Enter when it is the highlighted suggestion, else a tap on it. A card already on screen (the
start worlds of an empty tableau, the other matches kept after a pick) costs one tap.
"""

from __future__ import annotations

import re

KEYBOARD_PX = 300  # a phone keyboard's height
PHONE = {"width": 360, "height": 740}

#: An invasion game's tableau, in the order a player lays it out (start world first).
TABLEAU = [
    "Epsilon Eridani",
    "Research Labs",
    "Artist Colony",
    "Spice World",
    "Space Marines",
    "Galactic Renaissance",
    "Contact Specialist",
    "New Military Tactics",
    "Rebel Outpost",
    "Anti-Xeno Militia",
    "Alien Weapon Plans",
    "Imperium Arms Factory",
]


def words(name: str) -> list[str]:
    """A name's words as the card box splits them (generator/scoring/mechanisms/tableau/cards.js wordsOf)."""
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
    index = page.evaluate(
        """([id, name, bottom]) => {
        const list = document.getElementById(id);
        const popup = list?.closest('.combo-popup');
        if (!list || !popup || popup.hidden) return -1;
        const clip = popup.getBoundingClientRect();
        return [...list.children].findIndex((li) => {
            const r = li.getBoundingClientRect();
            const shown = li.querySelector('.opt-name').firstChild.textContent === name;
            return shown && r.top >= Math.max(clip.top, 0) - 1 && r.bottom <= Math.min(clip.bottom, bottom) + 1;
        });
    }""",
        [listbox, name, bottom],
    )
    return None if index < 0 else page.locator(f"#{listbox} [role=option]").nth(index)


def enter_tableau(page, player: int, tableau: list[str], names: list[str], on_key=None, after_pick=None) -> list[str]:
    """Enter `tableau` into player `player`'s card box as the player above; returns the actions
    ("tap box", "key r", "tap: Research Labs", "Enter: ..."), one per keystroke or tap.
    `names`: the card names of the game played (for the least common word). `on_key(name,
    typed)` and `after_pick(name)` (also once before the first card, with None) are called for
    screenshots and checks. Leaves the viewport
    at the keyboard-up height."""
    box = page.locator(f"#p{player}-card")
    actions = ["tap box"]
    box.tap()
    bottom = PHONE["height"] - KEYBOARD_PX  # the keyboard is up: the box scrolls into view above it
    page.set_viewport_size({"width": PHONE["width"], "height": bottom})
    box.evaluate("el => el.scrollIntoView({block: 'end'})")
    if after_pick:
        after_pick(None)  # where the box is before the first card
    for name in tableau:
        word = least_common_word(name, names)
        typed = 0
        while (option := visible_option(page, f"p{player}-options", name, bottom)) is None:
            if typed >= len(word):
                raise AssertionError(f"{name} never offered for {word!r}")
            box.press(word[typed])
            typed += 1
            actions.append(f"key {word[typed - 1]}")
            if on_key:
                on_key(name, typed)
        if option.get_attribute("aria-selected") == "true":
            box.press("Enter")
            actions.append(f"Enter: {name}")
        else:
            option.tap()
            actions.append(f"tap: {name}")
        if after_pick:
            after_pick(name)
    return actions
