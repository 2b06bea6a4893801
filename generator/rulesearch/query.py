"""A question as the search understands it: a list of concepts, each a set of alternative ways an
entry may say it, and the player count asked for, if any.

"do defense awards count for GR?" becomes the concepts ``defens``, ``award``, ``count`` and
``gr`` / ``galactic renaissanc`` (the game's vocabulary says GR means Galactic Renaissance). A word
the index does not know gets its likely corrections and completions as alternatives ("renaisance",
"gal ren"), weighted below an exact match. "repulse value 4 players" asks for the value for 4
players: the count is taken out of the concepts and answered by `generator.rulesearch.answers`.
"xia campaign end" names a game: "xia" is no concept, it narrows the search to Xia (the rules
hardly say their game's name: as a word of the question it would weigh as the rarest, and an
entry that happens to say "Xia", or stands in a document titled with the game's name, would
outrank the one about the campaign's end).
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
#: A known word's longer forms (its stem + at most FAMILY_LETTERS letters, from stems of
#: MIN_FAMILY letters): "fail" finds "failure".
FAMILY = 0.6
#: A comparative's or superlative's plain form ("weakest" -> weak) when the rules hold only that.
BASE_FORM = 0.8
FAMILY_LETTERS = 3
MIN_FAMILY = 4

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
    """The parsed question: ``concepts`` in the order typed, ``player_count`` or None, and the
    ids of the games it names (``games_named``; their names are no concepts)."""

    text: str
    concepts: list[Concept]
    player_count: int | None = None
    games_named: frozenset[str] = frozenset()
    #: (game id, variant id) of the variants the question names ("in the counterstrike game");
    #: their words stay concepts too
    variants_named: frozenset[tuple[str, str]] = frozenset()

    @property
    def game(self) -> str | None:
        """The game the question names, when it names one game only ("xia campaign end")."""
        return next(iter(self.games_named)) if len(self.games_named) == 1 else None


class Vocabulary:
    """Synonyms as stems: alias stems (stopwords kept: "ran out") -> [(meaning stems, game)]:
    each game's ``synonyms`` (content) for that game's entries, and plain English (`ENGLISH`)
    for every game's (game None); and each game's names as stems -> its id: the id, the title
    and the title's part before a colon ("rftg", "race for the galaxi", "xia")."""

    def __init__(self, games: dict):
        self.aliases: dict[tuple[str, ...], list[tuple[tuple[str, ...], str | None]]] = {}
        self.game_names: dict[tuple[str, ...], str] = {}
        for game_id, game in games.items():
            for also, term in game.get("synonyms") or []:
                self._add(also, term, game_id)
            title = str(game.get("title") or "")
            for name in (game_id, title, title.partition(":")[0]):
                stems = tuple(terms(name, keep_stopwords=True))
                if stems:
                    self.game_names.setdefault(stems, game_id)
        for group in ENGLISH:
            for also in group:
                for term in group:
                    self._add(also, term, None)
        self.variant_names: dict[tuple[str, ...], set[tuple[str, str]]] = {}
        for game_id, game in games.items():
            for variant in game.get("variants") or []:
                for name in [variant.get("title") or "", *(variant.get("names") or [])]:
                    stems = tuple(terms(name, keep_stopwords=True))
                    if stems:
                        self.variant_names.setdefault(stems, set()).add((game_id, variant["id"]))
        self.longest = max((len(a) for a in self.aliases), default=0)
        self.longest_name = max((len(n) for n in self.game_names), default=0)

    def _add(self, also: str, term: str, game: str | None) -> None:
        alias, meaning = tuple(terms(also, keep_stopwords=True)), tuple(terms(term))
        if alias and meaning and tuple(terms(also)) != meaning:
            found = self.aliases.setdefault(alias, [])
            if (meaning, game) not in found:
                found.append((meaning, game))

    def match(self, stems: list[str], start: int) -> tuple[int, list[tuple[tuple[str, ...], str | None]]]:
        """(length, meanings) of the longest alias at ``stems[start:]``; (0, []) when none."""
        for length in range(min(self.longest, len(stems) - start), 0, -1):
            meanings = self.aliases.get(tuple(stems[start : start + length]))
            if meanings:
                return length, meanings
        return 0, []

    def variants_named(self, stems: list[str]) -> frozenset[tuple[str, str]]:
        """(game, variant) of every variant name in ``stems`` (the longest at each place)."""
        found: set[tuple[str, str]] = set()
        longest = max((len(n) for n in self.variant_names), default=0)
        i = 0
        while i < len(stems):
            for length in range(min(longest, len(stems) - i), 0, -1):
                named = self.variant_names.get(tuple(stems[i : i + length]))
                if named:
                    found |= named
                    i += length - 1
                    break
            i += 1
        return frozenset(found)

    def game_named(self, stems: list[str], start: int) -> tuple[int, str | None]:
        """(length, game id) of the longest game name at ``stems[start:]``; (0, None) when none."""
        for length in range(min(self.longest_name, len(stems) - start), 0, -1):
            game = self.game_names.get(tuple(stems[start : start + length]))
            if game:
                return length, game
        return 0, None


def _comparative_bases(word: str) -> list[str]:
    """The plain forms a comparative or superlative may come from: "strongest" -> strong,
    "biggest" -> big, "larger" -> large, "earliest" -> early (looked up in the index's words,
    so "conquest" or "player", words the rules hold, never get here)."""
    out = []
    for suffix in ("est", "er"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            base = word[: -len(suffix)]
            if base.endswith("er"):
                continue  # "everest", "interest": no comparative of "ever" or "inter"
            out += [base, base + "e"]
            if len(base) > 3 and base[-1] == base[-2]:
                out.append(base[:-1])
            if base.endswith("i"):
                out.append(base[:-1] + "y")
    return out


def player_count(text: str) -> tuple[int | None, str]:
    """The player count a question asks about ("4 players", "four-player", "3p") and the
    question without it."""
    folded = fold(text)
    found = _COUNT.search(folded)
    if not found:
        return None, text
    number = NUMBER_WORDS.get(found.group(1), found.group(1))
    return int(number), folded[: found.start()] + " " + folded[found.end() :]


def parse(text: str, vocabulary: Vocabulary, lexicon: Lexicon, known_stems) -> Query:
    """The `Query` for ``text``. ``known_stems``: a container of the stems the index holds."""
    count, rest = player_count(text)
    typed = [NUMBER_WORDS.get(w, w) for w in words(rest)]
    stems = [stem(w) for w in typed]
    concepts: list[Concept] = []
    named: set[str] = set()
    i = 0
    while i < len(stems):
        length, meanings = vocabulary.match(stems, i)
        named_length, game = vocabulary.game_named(stems, i)
        if game is not None and named_length >= length:  # a longer synonym ("xia sector") is a rules term
            named.add(game)
            i += named_length
            continue
        if length:
            concept = Concept(" ".join(typed[i : i + length]))
            kept = tuple(s for w, s in zip(typed[i : i + length], stems[i : i + length]) if w not in STOPWORDS)
            if kept:  # "ran out" without its "out" says less than the phrase: weighed less
                concept.add(Alternative(kept, EXACT if len(kept) == length else PART_OF_PHRASE))
            for meaning, game in meanings:
                concept.add(Alternative(meaning, SYNONYM, game))
            concepts.append(concept)
            i += length
            continue
        word, word_stem = typed[i], stems[i]
        if word in STOPWORDS or word_stem in STOPWORDS:  # "ways" says no more than "way"
            i += 1
            continue
        concept = Concept(word, [Alternative((word_stem,), EXACT)])
        if word not in lexicon and word_stem not in known_stems:
            for base in _comparative_bases(word):  # "strongest" -> strong, "bigger" -> big
                if base in lexicon:
                    concept.add(Alternative((lexicon.stems[base],), BASE_FORM))
            for corrected, edits in lexicon.corrections(word):
                concept.add(Alternative((corrected,), ONE_EDIT if edits == 1 else TWO_EDITS, guess=True))
            for completed in lexicon.completions(word):
                concept.add(Alternative((completed,), COMPLETION))
        if len(word_stem) >= MIN_FAMILY:
            # the same word in another form the stemmer keeps apart ("fails" / "failure")
            for completed in lexicon.completions(word_stem):
                if len(completed) - len(word_stem) <= FAMILY_LETTERS and completed != word_stem:
                    concept.add(Alternative((completed,), FAMILY))
        concepts.append(concept)
        i += 1
    return Query(text, concepts, count, frozenset(named), vocabulary.variants_named(stems))
