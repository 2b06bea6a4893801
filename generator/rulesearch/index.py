"""The ranked search over the rules index: which entries answer a question, best first.

Each entry is read once into weighted term counts: its ``name`` (what it is called: a rule's
label, a section or table title, a card's name, a ruling's question) weighs most, then the heading
of the rulebook section it cites, the document and section it sits in (``context``), its
``text``, and its ``detail`` (a ruling's reason, a card's scoring lines) least. A concept of the
question scores an entry by BM25 over those counts (rarer words count more; long entries are not
favoured for being long); an entry's score is the sum over the question's concepts, scaled by the
share of the question it matches, each concept weighing as much as its rarest word (an entry that
answers the whole question beats one that repeats a common word of it), with a bonus for concepts that stand side by side in the entry as in the question
("war effort"). A question that names a game ("xia campaign end") is searched in that game, its
name taken out of the question (`query`). A question that names a player count lifts the rows, tables and facts keyed by
player count (`answers`).
"""

from __future__ import annotations

import math

from generator.rulesearch.answers import FITS, PlayerCounts
from generator.rulesearch.query import EXACT, Query, Vocabulary, parse
from generator.rulesearch.shape import FORMAT, IndexError_, check_index  # noqa: F401 (re-exported)
from generator.rulesearch.spelling import Lexicon
from generator.rulesearch.text import NUMBER_WORDS, STOPWORDS, stem, terms, words

#: Weight of each searched field of an entry.
FIELDS = {"name": 3.0, "heading": 1.5, "context": 0.8, "text": 1.0, "detail": 0.4}
#: BM25 constants: term-frequency saturation, length normalisation.
K1 = 1.2
B = 0.6
#: The share of a question's concepts an entry matches is raised to this power.
COVERAGE = 2.0
#: Bonus per pair of the question's neighbouring concepts found side by side in the entry.
ADJACENT = 0.15
#: A question whose words the rules hold less than this share of (`on_topic`) has no good
#: answer ("what is the capital of France"): nothing is returned rather than a confident
#: unrelated match. Measured on the shipped content: the 77 questions of
#: tests/rules_questions.yaml hold 0.52 at the least; the off-topic questions of
#: tests/test_rules_off_topic.py that fall below it, 0.43 at the most.
ON_TOPIC = 0.45
#: Score factor of the entries of a variant the question names ("setup for the invasion game"):
#: the other variants' sections of the same name say the same words.
VARIANT_NAMED = 1.5
#: What a spelling guess ("retaliaton" -> retaliation) counts for in that share, times its
#: weight: half (an unknown word is as often foreign as misspelt: "bread" -> read).
GUESS_CREDIT = 0.5


def _fields(entry: dict, game: dict) -> dict[str, str]:
    source = entry.get("source") or ""
    rulebook, _, heading = source.partition(": ")
    return {
        "name": entry.get("name") or "",
        "heading": heading if rulebook in game.get("rulebooks", ()) else "",
        "context": " ".join([*(entry.get("context") or ()), entry.get("aka") or ""]),
        "text": entry.get("text") or "",
        "detail": entry.get("detail") or "",
    }


class RulesIndex:
    """The rules index (``generator.compile.rules_index`` JSON) prepared for searching.

    Raises `IndexError_` when ``data`` is not an index of `FORMAT` (`shape.check_index`)."""

    def __init__(self, data: dict):
        check_index(data)
        self.games: dict = data["games"]
        self.entries: list[dict] = data["entries"]
        self.by_id = {e["id"]: e for e in self.entries}
        self.position = {e["id"]: i for i, e in enumerate(self.entries)}
        self.vocabulary = Vocabulary(self.games)
        self.counts = PlayerCounts(self.games, self.entries)
        self.postings: dict[str, dict[int, float]] = {}
        self._pairs: dict[int, frozenset[tuple[str, str]]] = {}
        self._scores: dict[str, dict[int, float]] = {}
        self.game_of = [e["game"] for e in self.entries]
        lengths = []
        seen_words: dict[str, str] = {}
        for i, entry in enumerate(self.entries):
            length = 0.0
            for name, text in _fields(entry, self.games.get(entry["game"], {})).items():
                if not text:
                    continue
                typed = [NUMBER_WORDS.get(w, w) for w in words(text)]
                found = [stem(w) for w in typed if w not in STOPWORDS]
                weight = FIELDS[name]
                length += weight * len(found)
                for t in found:
                    row = self.postings.setdefault(t, {})
                    row[i] = row.get(i, 0.0) + weight
                for w in typed:
                    if w not in seen_words and w not in STOPWORDS:
                        seen_words[w] = stem(w)
            lengths.append(length)
        average = sum(lengths) / max(len(lengths), 1) or 1.0
        self.norms = [K1 * (1 - B + B * length / average) for length in lengths]
        total = len(self.entries)
        self.idf = {t: math.log(1 + (total - len(row) + 0.5) / (len(row) + 0.5)) for t, row in self.postings.items()}
        self.lexicon = Lexicon(seen_words)

    def parse(self, question: str) -> Query:
        """The `Query` for ``question`` with this index's vocabulary and words."""
        return parse(question, self.vocabulary, self.lexicon, self.postings)

    def on_topic(self, query: Query) -> float:
        """The share of ``query``'s words that the rules hold, 0 to 1: each concept weighs its
        rarity (the idf of its word as typed; a word the index lacks weighs as the rarest, as it
        is the most particular thing asked) and counts as held when the index holds the word as
        typed, a synonym, a phrase or a completion of it, `GUESS_CREDIT` of a spelling guess's
        weight when only a guess; 1 for a question of no concepts (a player count)."""
        rarest = math.log(1 + (len(self.entries) + 0.5) / 0.5)
        total = held = 0.0
        for concept in query.concepts:
            weight = max(
                (
                    sum(self.idf.get(t, rarest) for t in alt.terms) / len(alt.terms)
                    for alt in concept.alternatives
                    if alt.weight >= EXACT
                ),
                default=rarest,
            )
            credit = max(
                (
                    (alt.weight * GUESS_CREDIT if alt.guess else 1.0)
                    for alt in concept.alternatives
                    if all(t in self.postings for t in alt.terms)
                ),
                default=0.0,
            )
            total += weight
            held += weight * credit
        return held / total if total else 1.0

    def one_word_unknown(self, query: Query) -> bool:
        """Whether all of ``query``'s concepts but one are words the rules hold as typed (or a
        synonym, phrase or completion of them), one at least: "how many points for
        tempura" in a game whose rules never say tempura is answered from "points" (its
        unknown word weighs as the rarest in `on_topic`, which alone would refuse it), while
        "how to fix a flat tyre" (two unknown words) still is not."""
        held = unknown = 0
        for concept in query.concepts:
            known = [alt for alt in concept.alternatives if all(t in self.postings for t in alt.terms)]
            if any(not alt.guess for alt in known):
                held += 1
            elif known:
                return False  # only a spelling guess: "bread" -> read is no word of the rules
            else:
                unknown += 1
        return unknown <= 1 and held >= 1

    def _term_scores(self, term: str) -> dict[int, float]:
        """BM25 of ``term`` in every entry holding it (kept: questions typed letter by letter ask
        for the same terms again)."""
        scores = self._scores.get(term)
        if scores is None:
            row = self.postings.get(term) or {}
            idf = self.idf.get(term, 0.0)
            norms = self.norms
            scores = self._scores[term] = {i: idf * tf * (K1 + 1) / (tf + norms[i]) for i, tf in row.items()}
        return scores

    def _concept_scores(self, concept) -> dict[int, float]:
        """entry -> the concept's score there: its best alternative's."""
        best: dict[int, float] = {}
        games = self.game_of
        for alt in concept.alternatives:
            weight, game = alt.weight, alt.game
            if len(alt.terms) == 1:
                for i, value in self._term_scores(alt.terms[0]).items():
                    if game is not None and games[i] != game:
                        continue
                    value *= weight
                    if value > best.get(i, 0.0):
                        best[i] = value
                continue
            # a phrase: the sum of its terms' scores, times the square of the share present
            hits: dict[int, list[float]] = {}
            for term in alt.terms:
                for i, value in self._term_scores(term).items():
                    hits.setdefault(i, []).append(value)
            size = len(alt.terms)
            for i, found in hits.items():
                if game is not None and games[i] != game:
                    continue
                share = len(found) / size
                value = weight * sum(found) * share * share
                if value > best.get(i, 0.0):
                    best[i] = value
        return best

    def variants_played(self, game: str | None, variant: str | None) -> frozenset[str] | None:
        """The variant ids whose rules apply when ``variant`` of ``game`` is played: it and those
        it builds on, transitively; None when no variant is given (every entry applies)."""
        if not variant:
            return None
        known = {v["id"]: v for gid, g in self.games.items() if game in (None, gid) for v in g.get("variants") or ()}
        found: set[str] = set()
        todo = [variant]
        while todo:
            vid = todo.pop()
            if vid not in found:
                found.add(vid)
                todo += (known.get(vid) or {}).get("builds_on") or []
        return frozenset(found)

    def search(
        self, question: str, game: str | None = None, limit: int = 10, variant: str | None = None
    ) -> list[tuple[dict, float, dict]]:
        """The entries answering ``question``, best first: ``[(entry, score, extra)]`` with
        ``extra`` holding ``answer`` (the value for the player count asked) when there is one,
        and ``best`` (the place of the item that matched best) for a section or rule of items.
        ``game`` keeps one game's entries (else the game the question names, if any);
        ``variant`` (one of the game's vocabulary ``variants``) keeps the entries of that
        variant, of those it builds on, and of no variant (`variants_played`), its own lifted by
        `VARIANT_NAMED`; without it, the entries of a variant the question names are lifted. ``limit`` caps
        the list."""
        query = self.parse(question)
        concepts = query.concepts
        game = game or query.game
        played = self.variants_played(game, variant)
        # the variant played, or else those the question names, come before the rules they build on
        named = {v for g, v in query.variants_named if game in (None, g)} if played is None else {variant}
        if not concepts and query.player_count is None:
            return []
        if self.on_topic(query) < ON_TOPIC and not self.one_word_unknown(query):
            return []  # the rules do not speak of it: no answer beats an unrelated one
        per_concept = [self._concept_scores(concept) for concept in concepts]
        # a concept weighs what its rarest way of being said weighs: missing "relic" costs more
        # than missing "take"
        weights = [
            max(
                (
                    alt.weight * sum(self.idf.get(t, 0.0) for t in alt.terms) / len(alt.terms)
                    for alt in concept.alternatives
                ),
                default=0.0,
            )
            for concept in concepts
        ]
        if not sum(weights):
            weights = [1.0] * len(concepts)
        total = sum(weights)
        sums: dict[int, float] = {}
        covered: dict[int, float] = {}
        matched: dict[int, list[int]] = {}
        for c, best in enumerate(per_concept):
            for i, value in best.items():
                sums[i] = sums.get(i, 0.0) + value
                covered[i] = covered.get(i, 0.0) + weights[c]
                matched.setdefault(i, []).append(c)
        if query.player_count is not None:
            for i in self.counts.keyed_entries(game):
                sums.setdefault(i, 0.0)
        base = []
        entries = self.entries
        for i, value in sums.items():
            if game is not None and self.game_of[i] != game:
                continue
            of = entries[i].get("variants")
            if of and played is not None and played.isdisjoint(of):
                continue  # another variant's rule: not the game at the table
            if concepts:
                value *= (covered.get(i, 0.0) / total) ** COVERAGE
            if of and named and not named.isdisjoint(of):
                value *= VARIANT_NAMED
            base.append((value, i))
        base.sort(key=lambda r: (-r[0], r[1]))
        # the adjacency bonus and the player-count factor can lift an entry at most this much:
        # entries that cannot reach the last place shown are not looked at further
        lift = (1 + ADJACENT * max(len(concepts) - 1, 0)) * (1 if query.player_count is None else FITS)
        floor = base[limit - 1][0] / lift if limit > 0 and len(base) >= limit else 0.0
        ranked = []
        for value, i in base:
            if value < floor:
                break
            entry = self.entries[i]
            score = value * (1 + ADJACENT * self._adjacent(i, concepts, matched.get(i, [])))
            extra: dict = {}
            if query.player_count is not None:
                factor, answer = self.counts.fit(entry, query.player_count)
                score = score * factor if concepts else factor
                if answer is not None:
                    extra["answer"] = answer
            if score > 0:
                ranked.append((score, i, extra))
        ranked.sort(key=lambda r: (-r[0], r[1]))
        ranked = ranked[: max(limit, 0)]
        matched_value = dict((i, v) for v, i in base)
        for _score, i, extra in ranked:
            place = self._best_child(self.entries[i], matched_value)
            if place is not None:
                extra["best"] = place
        return [(self.entries[i], score, extra) for score, i, extra in ranked]

    def _best_child(self, entry: dict, values: dict[int, float]) -> int | None:
        """Of a section's or rule's items, the place (0-based) of the one that matched the
        question best (its sub-items counted with it): the sentence that answers; None when no
        item matched."""
        best, place = 0.0, None
        for k, child in enumerate(entry.get("children") or ()):
            todo, value = [child], 0.0
            while todo:
                cid = todo.pop()
                value = max(value, values.get(self.position.get(cid, -1), 0.0))
                todo += (self.by_id.get(cid) or {}).get("children") or []
            if value > best:
                best, place = value, k
        return place

    def pairs(self, i: int) -> frozenset[tuple[str, str]]:
        """The pairs of neighbouring terms in entry ``i``'s fields (read when first needed:
        only entries that match two neighbouring concepts are asked)."""
        pairs = self._pairs.get(i)
        if pairs is None:
            found: set[tuple[str, str]] = set()
            entry = self.entries[i]
            for text in _fields(entry, self.games.get(entry["game"], {})).values():
                stems = terms(text)
                found.update(zip(stems, stems[1:]))
            pairs = self._pairs[i] = frozenset(found)
        return pairs

    def _adjacent(self, i: int, concepts, matched: list[int]) -> int:
        if not any(b == a + 1 for a, b in zip(matched, matched[1:])):
            return 0
        pairs = self.pairs(i)
        found = 0
        for a, b in zip(matched, matched[1:]):
            if b != a + 1:
                continue
            firsts = {alt.terms[-1] for alt in concepts[a].alternatives}
            seconds = {alt.terms[0] for alt in concepts[b].alternatives}
            if any((x, y) in pairs for x in firsts for y in seconds):
                found += 1
        return found
