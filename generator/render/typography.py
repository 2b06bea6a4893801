"""Print typography: the smallest text size any aid may print (`MIN_TEXT_PT`), and content
text made ready for print: a hyphen that starts a number is a minus sign.

Content is typed with ASCII hyphens ("repulse value -1", "scores -3"); printed cards read better
with a true minus (U+2212), as the tables already print. Ranges ("1-5") and scores ("12-7")
keep their hyphen, since a digit or letter stands right before it.
"""

from __future__ import annotations

import re

#: No text run of any aid (card faces, pages, forms) may be smaller than this (pt): the README's
#: promise. Below 6 pt a printed line is hard to read at the table.
MIN_TEXT_PT = 6.0

_MINUS = re.compile(r"(?<![\w.])-(?=\d)")


def minus_signs(text: str) -> str:
    """``text`` with each hyphen that begins a number replaced by a minus sign (−)."""
    return _MINUS.sub("\u2212", text)
