"""A question as the search understands it: a list of concepts, each a set of alternative ways an
entry may say it, and the player count asked for, if any.

"do defense awards count for GR?" becomes the concepts ``defens``, ``award``, ``count`` and
``gr`` / ``galactic renaissanc`` (the game's vocabulary says GR means Galactic Renaissance). A word
the index does not know gets its likely corrections and completions as alternatives ("renaisance",
"gal ren"), weighted below an exact match. "repulse value 4 players" asks for the value for 4
players: the count is taken out of the concepts and answered by `generator.rulesearch.answers`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from generator.rulesearch.spelling import Lexicon
from generator.rulesearch.text import ENGLISH, NUMBER_WORDS, STOPWORDS, fold, stem, terms, words

#: Weight of an alternative by how it was found.
EXACT = 1.0
SYNONYM = 1.0
ONE_EDIT = 0.75
TWO_EDITS = 0.55
COMPLETION = 0.7
PART_OF_PHRASE = 0.5

_COUNT = re.compile(r"\b(\d+|" + "|".join(NUMBER_WORDS) + r")\s*-?\s*(?:players?|p)\b")


@dataclass(frozen=True)
class Alternative:
    """One way an entry may state a concept: all of ``terms`` (stems), worth ``weight``; only in
    entries of ``game`` when set (a game's own vocabulary); ``guess``: a spelling correction of a
    word the index does not hold (not the word as typed, a synonym or a completion)."""

    terms: tuple[str, ...]
    weight: float
    game: str | None = None
    guess: bool = False


@dataclass
class Concept:
    """One thing the question is about, with the words typed for it (for messages)."""

    typed: str
    alternatives: list[Alternative] = field(default_factory=list)

    def add(self, alternative: Alternative) -> None:
        for i, known in enumerate(self.alternatives):
            if known.terms == alternative.terms and known.game == alternative.game:
                if alternative.weight > known.weight:
                    self.alternatives[i] = alternative
                return
        self.alternatives.append(alternative)


@dataclass
class Query:
    """The parsed question: ``concepts`` in the order typed, ``player_count`` or None."""

    text: str
    concepts: list[Concept]
    player_count: int | None = None


class Vocabulary:
    """Synonyms as stems: alias stems (stopwords kept: "ran out") -> [(meaning stems, game)]:
    each game's ``synonyms`` (content) for that game's entries, and plain English (`ENGLISH`)
    for every game's (game None)."""

    def __init__(self, games: dict):
        self.aliases: dict[tuple[str, ...], list[tuple[tuple[str, ...], str | None]]] = {}
        for game_id, game in games.items():
            for also, term in game.get("synonyms") or []:
                self._add(also, term, game_id)
        for group in ENGLISH:
            for also in group:
                for term in group:
                    self._add(also, term, None)
        self.longest = max((len(a) for a in self.aliases), default=0)

    def _add(self, also: str, term: str, game: str | None) -> None:
        alias, meaning = tuple(terms(also, keep_stopwords=True)), tuple(terms(term))
        if alias and meaning and tuple(terms(also)) != meaning:
            found = self.aliases.setdefault(alias, [])
            if (meaning, game) not in found:
                found.append((meaning, game))

    def match(self, stems: list[str], start: int) -> tuple[int, list[tuple[tuple[str, ...], str | None]]]:
        """(length, meanings) of the longest alias at ``stems[start:]``; (0, []) when none."""
        for length in range(min(self.longest, len(stems) - start), 0, -1):
            meanings = self.aliases.get(tuple(stems[start:start + length]))
            if meanings:
                return length, meanings
        return 0, []


def player_count(text: str) -> tuple[int | None, str]:
    """The player count a question asks about ("4 players", "four-player", "3p") and the
    question without it."""
    folded = fold(text)
    found = _COUNT.search(folded)
    if not found:
        return None, text
    number = NUMBER_WORDS.get(found.group(1), found.group(1))
    return int(number), folded[:found.start()] + " " + folded[found.end():]


def parse(text: str, vocabulary: Vocabulary, lexicon: Lexicon, known_stems) -> Query:
    """The `Query` for ``text``. ``known_stems``: a container of the stems the index holds."""
    count, rest = player_count(text)
    typed = [NUMBER_WORDS.get(w, w) for w in words(rest)]
    stems = [stem(w) for w in typed]
    concepts: list[Concept] = []
    i = 0
    while i < len(stems):
        length, meanings = vocabulary.match(stems, i)
        if length:
            concept = Concept(" ".join(typed[i:i + length]))
            kept = tuple(s for w, s in zip(typed[i:i + length], stems[i:i + length]) if w not in STOPWORDS)
            if kept:  # "ran out" without its "out" says less than the phrase: weighed less
                concept.add(Alternative(kept, EXACT if len(kept) == length else PART_OF_PHRASE))
            for meaning, game in meanings:
                concept.add(Alternative(meaning, SYNONYM, game))
            concepts.append(concept)
            i += length
            continue
        word, word_stem = typed[i], stems[i]
        if word in STOPWORDS:
            i += 1
            continue
        concept = Concept(word, [Alternative((word_stem,), EXACT)])
        if word not in lexicon and word_stem not in known_stems:
            for corrected, edits in lexicon.corrections(word):
                concept.add(Alternative((corrected,), ONE_EDIT if edits == 1 else TWO_EDITS, guess=True))
            for completed in lexicon.completions(word):
                concept.add(Alternative((completed,), COMPLETION))
        concepts.append(concept)
        i += 1
    return Query(text, concepts, count)
