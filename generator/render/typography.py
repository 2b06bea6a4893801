"""Print typography: the smallest text size any aid may print (`MIN_TEXT_PT`), the smallest
body text of a card (`BODY_MIN_PT`), and content text made ready for print.

Content is typed with ASCII hyphens; print uses the real marks (`print_text`):
- a hyphen that starts a number is a minus sign ("repulse value −1", "scores −3");
- a hyphen between two numbers is an en dash: ranges and scores ("1–5", "a 12–7 win");
- a hyphen with a space either side is a spaced en dash, the dash of a break in a sentence
  ("5 VP – one takes the tile");
- a compound keeps its hyphen ("6-cost", "2-player", "Military+X").
Titles keep their last two words together (`keep_last_words`): no single word alone on a
title's last line.
"""

from __future__ import annotations

import re

#: No text run of any aid (card faces, pages, forms) may be smaller than this (pt): the README's
#: promise. Below 6 pt a printed line is hard to read at the table.
MIN_TEXT_PT = 6.0

#: Card body text: nothing but footnotes (table notes, rulings' reasons, the legend) and the
#: sheet margin may print smaller than this (pt).
BODY_MIN_PT = 7.0

_MINUS = re.compile(r"(?<![\w.])-(?=\d)")
_RANGE = re.compile(r"(?<=\d)-(?=\d)")
_SPACED = re.compile(r"(?<=\S) - (?=\S)")
EN_DASH = "\u2013"


def minus_signs(text: str) -> str:
    """``text`` with each hyphen that begins a number replaced by a minus sign (−)."""
    return _MINUS.sub("\u2212", text)


def print_text(text: str) -> str:
    """``text`` with real minus signs, en dashes in number ranges and spaced en dashes for a
    spaced hyphen; compounds keep their hyphen."""
    return minus_signs(_SPACED.sub(f" {EN_DASH} ", _RANGE.sub(EN_DASH, text)))


def keep_last_words(text: str) -> str:
    """``text`` with its last space made non-breaking, so that a title never ends on a line
    holding one word (a title of one word is returned as it is)."""
    head, space, tail = text.rstrip().rpartition(" ")
    return f"{head}\u00a0{tail}" if space and head else text
