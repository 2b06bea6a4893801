"""Typo tolerance and word starts: the words of the index that a word typed at the table may mean.

`Lexicon` holds every word the index contains, as written (``settling``), each with its stem
(``settl``). ``corrections(word)`` finds the words within a small edit distance (one edit for
words of 4 to 7 letters, two from 8: "renaisance" -> "renaissance"), using deletion
neighbourhoods so a lookup costs a few dictionary probes, not a scan; ``completions(prefix)``
finds the words that start with a prefix ("gal ren" -> "galactic", "renaissance"), from a
sorted list. Both return stems, which is what entries are matched on.
"""

from __future__ import annotations

from bisect import bisect_left

#: Shortest word corrected or completed: shorter ones match too much.
MIN_CORRECTED = 4
MIN_PREFIX = 2
#: Most completions of one prefix considered (the shortest words first).
MAX_COMPLETIONS = 24


def max_edits(word: str) -> int:
    """Edits allowed when correcting ``word``: 0 below 4 letters, 1 up to 7, 2 from 8."""
    return 0 if len(word) < MIN_CORRECTED else 1 if len(word) < 8 else 2


def distance(a: str, b: str, limit: int) -> int:
    """Edit distance between ``a`` and ``b`` counting a swap of two neighbours as one edit
    (optimal string alignment); any value above ``limit`` is returned as ``limit + 1``."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        best = i
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                value = min(value, previous2[j - 2] + 1)
            current[j] = value
            best = min(best, value)
        if best > limit:
            return limit + 1
        previous2, previous = previous, current
    return min(previous[len(b)], limit + 1)


def _deletes(word: str) -> set[str]:
    return {word[:i] + word[i + 1 :] for i in range(len(word))}


class Lexicon:
    """The index's words (as written) -> stems, with lookups by typo and by word start."""

    def __init__(self, stems_by_word: dict[str, str]):
        self.stems = stems_by_word
        self.sorted = sorted(stems_by_word)
        # one deletion of every word long enough to correct: with one deletion of the typed word
        # as well, this finds every word one edit away and most two edits away
        self._near: dict[str, list[str]] = {}
        for word in self.sorted:
            if len(word) >= MIN_CORRECTED and word.isalpha():
                for variant in _deletes(word):
                    self._near.setdefault(variant, []).append(word)

    def __contains__(self, word: str) -> bool:
        return word in self.stems

    def corrections(self, word: str) -> list[tuple[str, int]]:
        """``[(stem, edits)]`` of the known words within `max_edits` of ``word`` (not ``word``
        itself), fewest edits first, then alphabetically."""
        limit = max_edits(word)
        if limit == 0 or not word.isalpha():
            return []
        candidates = set(self._near.get(word, ()))
        for variant in _deletes(word):
            if variant in self.stems:
                candidates.add(variant)
            candidates.update(self._near.get(variant, ()))
        if limit >= 2:  # two letters too many
            for variant in _deletes(word):
                for shorter in _deletes(variant):
                    if shorter in self.stems:
                        candidates.add(shorter)
        found: dict[str, int] = {}
        for candidate in candidates:
            if candidate == word:
                continue
            edits = distance(word, candidate, limit)
            if edits <= limit:
                stem = self.stems[candidate]
                found[stem] = min(edits, found.get(stem, edits))
        return sorted(found.items(), key=lambda item: (item[1], item[0]))

    def completions(self, prefix: str) -> list[str]:
        """Stems of the known words that start with ``prefix`` and are longer than it, shortest
        words first (at most `MAX_COMPLETIONS`)."""
        if len(prefix) < MIN_PREFIX:
            return []
        start = bisect_left(self.sorted, prefix)
        words = []
        for word in self.sorted[start:]:
            if not word.startswith(prefix):
                break
            if word != prefix:
                words.append(word)
        words.sort(key=lambda w: (len(w), w))
        stems: list[str] = []
        for word in words:
            stem = self.stems[word]
            if stem not in stems:
                stems.append(stem)
                if len(stems) == MAX_COMPLETIONS:
                    break
        return stems
