"""Words and stems: how the rules search reads a question and an entry's text, the same way for
both, so that "settling", "settled" and "settle" meet.

``words(text)`` lower-cases, folds accents and symbols (≥, ×, curly quotes), keeps letters, digits
and the ``+`` of "M+3", and splits digits from letters ("4p" -> "4", "p"). ``stem(word)`` is a light
English stemmer of our own (plural and verb endings, a few derivations), made for game text: it
keeps game terms apart that a heavy stemmer would merge (keywords, card names), and it only has to
agree with itself, since entries and questions go through the same function. Irregular English
forms ("sold", "lost") and spelling variants ("defence") map to one word first; the games' own
vocabulary (abbreviations, players' names for things) is content, applied in `query`.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

#: Question and filler words that say nothing about which rule is meant.
STOPWORDS = frozenset(
    """
a about after again all also am an and any anything are as at be been before being but by can
could did do does doing done each either else etc for from get gets getting go goes going got had
has have having he her here him his how i if in into is it its just let me mean means might mine
more must my need needs no nor not now of off on once only or other our out own please rule rules
ruling same say says shall she should so some still such than that the their them then there
these they this those though through thus to too us use used uses using very was way we were what
whats when where whether which while who whom whose why will with would yes yet you your yours
happen happens happened many much
""".split()
)

#: Number words players type instead of digits ("four players"). "one" is left out: it is more
#: often a pronoun ("discard one of them") than a count.
NUMBER_WORDS = {
    "zero": "0",
    "two": "2",
    "three": "3",
    "four": "4",
    "five": "5",
    "six": "6",
    "seven": "7",
    "eight": "8",
    "nine": "9",
    "ten": "10",
    "eleven": "11",
    "twelve": "12",
    "fifteen": "15",
    "twenty": "20",
    "thirty": "30",
}

#: English forms no suffix rule reaches, and spelling variants, to one word (before stemming).
IRREGULAR = {
    "sold": "sell",
    "won": "win",
    "lost": "lose",
    "loses": "lose",
    "losing": "lose",
    "dug": "dig",
    "drew": "draw",
    "drawn": "draw",
    "paid": "pay",
    "gave": "give",
    "given": "give",
    "took": "take",
    "taken": "take",
    "chose": "choose",
    "chosen": "choose",
    "bought": "buy",
    "held": "hold",
    "left": "leave",
    "went": "go",
    "gone": "go",
    "came": "come",
    "ran": "run",
    "dealt": "deal",
    "hit": "hit",
    "kept": "keep",
    "met": "meet",
    "beaten": "beat",
    "defence": "defense",
    "defences": "defenses",
    "armour": "armor",
    "colour": "color",
    "neighbour": "neighbor",
    "neighbours": "neighbors",
    "favour": "favor",
    "children": "child",
    "men": "man",
}

#: Plain English said several ways, for any game: each group's expressions mean the same when a
#: question is matched ("we ran out of cards" finds "the deck is empty"). The games' own words are
#: content (``kind: vocabulary``), not here.
ENGLISH = (
    ("run out", "empty", "exhausted"),
    ("get rid of", "remove"),
    ("in a row", "back to back", "consecutive"),
    ("room", "space"),
    ("allowed", "eligible", "permitted"),
    ("the same as", "equal", "equals"),
    ("beat", "exceed"),
)

_FOLD = str.maketrans(
    {
        "≥": " >= ",
        "≤": " <= ",
        "×": " x ",
        "−": "-",
        "–": "-",
        "—": "-",
        "’": "'",
        "‘": "'",
        "“": '"',
        "”": '"',
        "…": " ",
        "%": " credits ",
    }
)
_WORD = re.compile(r"[a-z]+|\d+(?:[.,]\d{3})*")
_VOWEL = re.compile(r"[aeiouy]")


def fold(text: str) -> str:
    """``text`` lower-cased with accents removed and the symbols rules use spelled out."""
    if text.isascii():  # most text: only % needs spelling out
        text = text.lower()
        return text.replace("%", " credits ") if "%" in text else text
    text = text.translate(_FOLD).lower()
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def words(text: str) -> list[str]:
    """The words of ``text``: runs of lower-case letters and numbers (``4,000`` -> ``4000``);
    apostrophes dropped (``player's`` -> ``players``), letters and digits split (``4p`` -> ``4``, ``p``; the ``+`` of "M+3" is dropped)."""
    text = fold(text).replace("'", "")
    return [w.replace(",", "").replace(".", "") if w[0].isdigit() else w for w in _WORD.findall(text)]


def _undouble(word: str) -> str:
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "lsz" and not _VOWEL.match(word[-1]):
        return word[:-1]
    return word


@cache  # a few thousand distinct words: the index reads each once
def stem(word: str) -> str:
    """The stem of one lower-case word (see the module docstring): ``settling`` -> ``settl``,
    ``contributions`` -> ``contribut``, ``worlds`` -> ``world``, ``tied`` -> ``tie``. Numbers and
    words of three letters or fewer are kept as they are."""
    word = IRREGULAR.get(word, word)
    if len(word) <= 3 or not word.isalpha():
        return word
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("sses"):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    if word.endswith("ied"):  # tied -> tie (as ties), emptied -> empty
        word = word[:-3] + ("y" if len(word) > 5 else "ie")
    else:
        for suffix in ("ingly", "edly", "ing", "ed"):
            if word.endswith(suffix):
                base = word[: -len(suffix)]
                if len(base) >= 2 and _VOWEL.search(base):
                    word = _undouble(base)
                break
    for suffix, keep in (
        ("ations", 4),
        ("ation", 4),
        ("ition", 4),
        ("ution", 4),
        ("ment", 4),
        ("ness", 3),
        ("ful", 4),
        ("ily", 4),
        ("ically", 3),
        ("ally", 4),
        ("ly", 4),
        ("ion", 4),
    ):
        if word.endswith(suffix) and len(word) - len(suffix) >= keep:
            if suffix in ("ation", "ations"):
                word = word[: -len(suffix)] + "at"
            elif suffix in ("ition", "ution"):
                word = word[: -len(suffix)] + suffix[:2]
            elif suffix == "ion":
                if word[-4] in "ts":
                    word = word[:-3]
            elif suffix == "ically":
                word = word[:-4]
            elif suffix == "ally":
                word = word[:-2]
            elif suffix == "ily":
                word = word[:-3] + "y"
            else:
                word = word[: -len(suffix)]
            break
    if word.endswith("e") and len(word) > 3:
        word = word[:-1]
    return word


def terms(text: str, keep_stopwords: bool = False) -> list[str]:
    """The stems of ``text``'s words, number words as digits, stopwords left out (unless
    ``keep_stopwords``): what the index stores and a question is matched on."""
    out = []
    for w in words(text):
        w = NUMBER_WORDS.get(w, w)
        if not keep_stopwords and w in STOPWORDS:
            continue
        out.append(stem(w))
    return out
