"""The seed rulebook texts as sections and numbers, for checking content values against them.

A *section* is the text under a heading that content cites (``"xi: Xeno Invasion Strengths"``):
from the line where the heading starts to the next heading of the same or a higher level.
Headings come in three forms in the seed texts:

- level 0, a heading line: a short line of its own between blank lines, without final
  punctuation ("Xeno Invasion Strengths", "Game End");
- level 1, a run-in heading that opens a paragraph ("Xeno Conquest. Players with ...",
  "Demand: If any ..."), and level 1.5, a numbered step ("3b. Resolve Invasions. ...");
- level 2, a bulleted run-in heading ("• Setup: Shuffle ...").

A heading may occur more than once (XC has two "Setup" sections); each occurrence is a section.
Numbers are read as printed: ``-1`` and ``−2`` are negative, ``4,000%`` is 4000, ``1-10`` is 1 and
10, ``M+3`` is 3, and die names such as ``d20`` hold no number.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property, lru_cache

from generator.checks.rulebook_file import RulebookText
from generator.checks.sources import normal_heading, opens_heading

#: Paragraph labels that open a sub-paragraph of a section, never a section of their own.
SUB_LABELS = ("example", "example 2", "tip", "note", "important", "exceptions", "thematically")

_SMALL_WORDS = {
    "a",
    "an",
    "and",
    "as",
    "at",
    "by",
    "for",
    "if",
    "in",
    "of",
    "on",
    "or",
    "the",
    "to",
    "vs",
    "with",
    "per",
    "from",
    "not",
    "into",
}
_RUN_IN = re.compile(r"^(?P<bullet>[•\-]\s*)?(?P<step>\d+[ab]?\.\s+)?(?P<phrase>[^.:]{1,70}?)[.:](?:\s|$)")
_STEP = re.compile(r"^\d+[ab]?\.\s")
# A number: optional sign (only where it cannot be a range dash), digits with optional thousands
# separators and decimals; not part of a word such as d20.
_NUMBER = re.compile(r"(?<![A-Za-z0-9_.,])(?P<sign>[-−])?(?P<digits>\d{1,3}(?:,\d{3})+(?!\d)|\d+(?:\.\d+)?)")
_WORDS = {
    w: i
    for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
        "sixteen seventeen eighteen nineteen twenty".split()
    )
}
_WORDS.update(
    {w: i + 1 for i, w in enumerate("first second third fourth fifth sixth seventh eighth ninth tenth".split())}
)
_WORDS.update({"twice": 2, "once": 1, "single": 1})
_WORD = re.compile(r"\b(" + "|".join(sorted(_WORDS, key=len, reverse=True)) + r")\b", re.IGNORECASE)


@dataclass(frozen=True)
class Section:
    """One occurrence of a heading: 1-based first and last line, and its text lines."""

    first: int
    last: int
    lines: tuple[str, ...]

    @cached_property
    def tokens(self) -> tuple[tuple[float, int], ...]:
        """Every number printed in the section, in order, with its 1-based rulebook line:
        ``(value, line)``."""
        return tuple((v, self.first + i) for i, line in enumerate(self.lines) for v in numbers_in(line))

    def find(self, quote: str) -> int | None:
        """The rulebook line where ``quote`` starts (whitespace, quote marks and dashes
        normalised; case kept), or None when the section does not hold it."""
        text, starts = "", []
        for i, line in enumerate(self.lines):
            piece = normalise(line)
            if piece:
                starts.append((len(text) + (1 if text else 0), self.first + i))
                text = f"{text} {piece}" if text else piece
        at = text.find(normalise(quote))
        if at < 0:
            return None
        return max(line for start, line in starts if start <= at)


def normalise(text: str) -> str:
    """Collapse whitespace; typographic quotes, dashes and the minus sign as plain ASCII."""
    for a, b in (("’", "'"), ("‘", "'"), ("“", '"'), ("”", '"'), ("–", "-"), ("—", "-"), ("−", "-")):
        text = text.replace(a, b)
    return " ".join(text.split())


def numbers_in(text: str, words: bool = False) -> list[float]:
    """The numbers printed in ``text``, in order (see the module docstring); with ``words``
    (for quotes) also number words ("two", "fifth", "twice") and "minus 3" as -3."""
    found: list[tuple[int, float]] = []
    for m in _NUMBER.finditer(text):
        # the look-behind keeps "1-3" a range (1 and 3): a dash after a digit is no minus sign
        value = float(m.group("digits").replace(",", ""))
        found.append((m.start("digits"), -value if m.group("sign") else value))
    if words:
        found += [(m.start(), float(_WORDS[m.group(1).lower()])) for m in _WORD.finditer(text)]
        # "minus 3" states -3
        minus = {m.end() for m in re.finditer(r"\bminus\s+", text, re.IGNORECASE)}
        found = [(at, -v if at in minus else v) for at, v in found]
    return [v for _, v in sorted(found)]


def _is_heading_line(lines: list[str], i: int) -> bool:
    line = lines[i].strip()
    if not line or "\t" in lines[i] or len(line) > 70 or line[0] in "•-" or line[0].isdigit():
        return False
    if line[-1] in ".:;,!?":
        return False
    blank_before = i == 0 or not lines[i - 1].strip()
    blank_after = i == len(lines) - 1 or not lines[i + 1].strip()
    return blank_before and blank_after


def _title_phrase(phrase: str) -> bool:
    words = phrase.replace("/", " ").split()
    if not words or len(words) > 8 or "," in phrase:
        return False
    if normalise(phrase).casefold() in SUB_LABELS:
        return False
    for word in words:
        core = word.strip("()\"'").lower()
        if word.startswith("(") or core in _SMALL_WORDS or len(core) < 3 or not core[:1].isalpha():
            continue
        if not word.strip("()\"'")[:1].isupper():
            return False
    return True


def _level(lines: list[str], i: int) -> float | None:
    """The heading level of line ``i`` (0, 1, 1.5, 2) or None when it opens no section."""
    if _is_heading_line(lines, i):
        return 0
    line = lines[i].strip()
    paragraph_start = i == 0 or not lines[i - 1].strip() or line.startswith("•") or _STEP.match(line)
    if not paragraph_start:
        return None
    m = _RUN_IN.match(line)
    if _STEP.match(line):
        return 1.5
    if m and _title_phrase(m.group("phrase")):
        return 2 if m.group("bullet") else 1
    return None


@lru_cache(maxsize=8)
def _levels(text: RulebookText) -> tuple:
    lines = list(text.lines)
    return tuple(_level(lines, i) for i in range(len(lines)))


@lru_cache(maxsize=1024)
def sections(text: RulebookText, heading: str) -> tuple[Section, ...]:
    """Every section of the rulebook ``text`` (checked by `rulebook_file.open_rulebook`) that
    opens with ``heading`` (matched by `generator.checks.sources.opens_heading`); empty when none."""
    lines, levels = text.lines, _levels(text)
    want = normal_heading(heading)
    out = []
    for i, line in enumerate(lines):
        if not line.strip() or not opens_heading(normal_heading(line), want):
            continue
        stripped = line.strip()
        if stripped.startswith("•") and not any(ch in stripped for ch in ".:"):
            continue  # a bare bullet: an entry of the table of contents, not the section
        level = levels[i]
        if level is None:
            level = 2 if stripped.startswith("•") else (1.5 if _STEP.match(stripped) else 1)
        end = len(lines)
        for j in range(i + 1, len(lines)):
            if levels[j] is not None and levels[j] <= level:
                end = j
                break
        while end > i + 1 and not lines[end - 1].strip():
            end -= 1
        out.append(Section(i + 1, end, tuple(lines[i:end])))
    return tuple(out)


__all__ = ["Section", "normalise", "numbers_in", "sections"]
