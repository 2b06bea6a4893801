"""Icon tokens in content text as plain words, for everything that shows or searches text without
drawing the icons (the rules index: `playaid rules` and the phone's Rules tab).

Content writes an icon as ``[token]`` (declared in game.yaml ``icons:``, drawn by our own SVG in
templates/assets/icons, whose ``<title>`` says what it stands for). Printed aids draw it; plain text
must not show ``[near_frontier]`` raw, and the search must not match its letters. Most tokens follow
the words that name them ("the Near [near_frontier] deck", "M+X+# [retaliation_mxn]") or open a
heading ("[settle] III: Settle"): those are dropped. A token that stands for a word of its own
("flip the tile to [burst]") becomes the icon's words before any colon or bracket of its title
("burst").
"""

from __future__ import annotations

import html
import re
from functools import cache
from pathlib import Path

from generator.paths import ICONS_DIR

ICON_TOKEN = re.compile(r"\[([a-z][a-z0-9_]*)\]")
_WORD = re.compile(r"[a-z0-9]+")
#: How many words either side of a token may already say its icon's words.
_NEAR = 3


@cache
def icon_title(file: str) -> str:
    """The words an icon stands for: the ``<title>`` of its SVG in templates/assets/icons
    (tools/draw_icons.py writes it), else the file's stem with spaces for underscores."""
    try:
        text = (ICONS_DIR / file).read_text(encoding="utf-8")
    except OSError:
        text = ""
    found = re.search(r"<title>(.*?)</title>", text, re.S)
    return html.unescape(found.group(1)).strip() if found else Path(file).stem.replace("_", " ")


def icon_words(icons: dict[str, str]) -> dict[str, str]:
    """``{token: words}`` for a game's declared ``icons`` (token -> SVG file): the icon's title
    before any colon or bracket ("burst: retaliation" -> "burst", "# card (2 borders)" -> "# card")."""
    return {token: re.split(r"[:(]", icon_title(file))[0].strip() for token, file in icons.items()}


def _said(piece: str, raw: set[str], alnum: set[str]) -> bool:
    """Whether a word of an icon's title ("M+X+#", "Pay-for-Military", "burst") is among the
    neighbouring words: as written, or every letter-and-digit part of it."""
    parts = {_one(p) for p in _WORD.findall(piece)}
    return _one(piece) in raw or bool(parts) and parts <= alnum


def plain_text(text: str, words: dict[str, str], heading: bool = False) -> str:
    """``text`` with each declared icon token of ``words`` (`icon_words`) in words: dropped where
    the word just before or after it names it ("Near [near_frontier]"), in a ``heading`` where it opens the
    text, else the icon's words less those within three words either side ("Xeno worlds [xeno]":
    nothing left; "flip it to [burst]": "burst"); spacing tidied. Undeclared ``[...]`` stays."""
    if "[" not in text:
        return text

    def swap(match: re.Match) -> str:
        token = match.group(1)
        if token not in words:
            return match.group(0)
        if heading and not text[: match.start()].strip():
            return ""
        before = ICON_TOKEN.sub(" ", text[: match.start()]).lower().split()[-_NEAR:]
        after = ICON_TOKEN.sub(" ", text[match.end() :]).lower().split()[:_NEAR]
        title = words[token].split()
        strip = "\"',.;:()"
        if (before and _said_by(before[-1].strip(strip), title)) or (after and _said_by(after[0].strip(strip), title)):
            return ""
        raw = {_one(w.strip(strip)) for w in before + after}
        alnum = {_one(part) for w in before + after for part in _WORD.findall(w)}
        said = " ".join(piece for piece in title if not _said(piece.lower(), raw, alnum))
        opens = not text[: match.start()].strip() or text[: match.start()].rstrip().endswith((".", "?", "!"))
        return said[:1].upper() + said[1:] if opens else said

    out = ICON_TOKEN.sub(swap, text)
    out = re.sub(r"\(\s*\)", "", out)  # "([burst])" after "counterstrike sides": nothing left to say
    out = re.sub(r"[ \t]{2,}", " ", out)
    out = re.sub(r" +([,.;:)])", r"\1", out)
    out = re.sub(r"\( +", "(", out)
    return out.strip()


def _said_by(word: str, title: list[str]) -> bool:
    """Whether ``word`` (lower case) is one of the icon title's words, as written or in part."""
    word = _one(word)
    for piece in title:
        piece = piece.lower()
        if word == _one(piece) or (_WORD.fullmatch(word) and word in {_one(p) for p in _WORD.findall(piece)}):
            return True
    return False


def _one(word: str) -> str:
    """A word without its plural s ("worlds" meets "world"), for comparing only."""
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word
