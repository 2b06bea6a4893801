"""The natural mistakes of a scoring model that compiles and scores but gives wrong totals, said
as warnings at their key (`playaid check`): each is a model that a first attempt writes and a
hand-worked record would show wrong.

- An award whose rule says its VP are split or shared (the rules documents' items citing the
  award's ``source`` and naming its title or measure: "tied players split the 6 points") but
  that gives them to every tied player (``ties: all``): Sushi Go!'s maki written
  ``{most: maki, vp: 6, ties: all}`` gives two tied players 6 each instead of 3.
- An award of one place whose rule names a second place ("second most: 3 points"): write
  ``places: [6, 3]``.
- A component that reads no value a player enters (directly or through the measures and
  components it reads): it scores the same for every player (``value: "6"``).

The rule's words are read from the game's own ``kind: rules`` items with the same ``source``
as the award (the rules in our own words), so a game without them gets no warning of the first
two kinds: where the check cannot know, the docs' worked examples show the right way first
(docs/content-format.md, "Scoring constructs").
"""

from __future__ import annotations

import re

from generator.content.scoring_model import Scoring
from generator.errors import Problem

#: The VP split or shared: the word with "points" or "VP" in the same clause ("split the 6
#: points", "the points are divided"), not "they share the victory".
#: ("pool" is not among the words: RftG's VP pool is a pile of chips.)
_SPLIT = re.compile(
    r"\b(split|share[sd]?|divid\w*)\b[^.;:]{0,40}\b(points?|VP)\b"
    r"|\b(points?|VP)\b[^.;:]{0,40}\b(split|shared|divided)\b",
    re.I,
)
#: A second place: "second most", "2nd place", "second highest" (not "the 2nd scoring card").
_SECOND = re.compile(r"\b(second|2nd)([ -](most|place|highest|largest|fewest|least|best|majority)\b)", re.I)
_WORD = re.compile(r"[a-z]{4,}")
#: Words too common in scoring rules to tell one award's rule from another's.
_COMMON = frozenset(
    {
        "most",
        "fewest",
        "least",
        "points",
        "point",
        "player",
        "players",
        "each",
        "with",
        "tied",
        "ties",
        "round",
        "game",
        "score",
        "scores",
        "bonus",
        "total",
        "value",
    }
)


def _words(*texts: str) -> set[str]:
    found = set()
    for text in texts:
        found |= {w for w in _WORD.findall(text.replace("_", " ").lower()) if w not in _COMMON}
    return found


def _rule_items(content, source: str) -> list[str]:
    """The items of the game's rules sections whose ``source`` is ``source``."""
    items = []
    for doc in content.of_kind("rules").values():
        for section in getattr(doc, "sections", ()) or ():
            if str(getattr(section, "source", "") or "") != source:
                continue
            for item in getattr(section, "items", ()) or ():
                text = item if isinstance(item, str) else getattr(item, "text", "") or ""
                items.append(str(text))
    return items


def lint_scoring(content, doc: Scoring, loc) -> list[Problem]:
    """The warnings of one scoring model (see the module docstring)."""
    problems: list[Problem] = []
    for i, award in enumerate(doc.awards):
        measure = award.most if award.most is not None else award.least
        named = _words(award.title, award.measure_label or "", measure or "")
        items = [t for t in _rule_items(content, str(award.source)) if named & _words(t)]
        split = next((t for t in items if _SPLIT.search(t)), None)
        if split is not None and award.ties == "all":
            problems.append(
                loc.problem(
                    ("awards", i, "ties"),
                    f"award '{award.id}' gives every tied player the VP, but the rule it cites "
                    f"splits them: \"{_quote(split, _SPLIT)}\"",
                    "write `ties: share` (they split the place's VP) or `ties: pool` (they pool the places they cover)",
                    severity="warning",
                )
            )
        places = award.vp_by_place
        second = next((t for t in items if _SECOND.search(t)), None)
        if second is not None and len(places) == 1 and award.places_by_players is None:
            problems.append(
                loc.problem(
                    ("awards", i, "vp" if award.vp is not None else "places"),
                    f"award '{award.id}' gives one place, but the rule it cites names a second: "
                    f"\"{_quote(second, _SECOND)}\"",
                    "give each place its VP, e.g. `places: [6, 3]`",
                    severity="warning",
                )
            )
    problems += _constant_components(doc, loc)
    return problems


def _constant_components(doc: Scoring, loc) -> list[Problem]:
    """Components whose formulas read nothing a player enters (through the formulas they read)."""
    from generator.checks.scoring_formulas import model_names
    from generator.scoring.expressions import ExpressionError, compile_expression
    from generator.scoring.mechanisms import mechanism_names
    from generator.scoring.tally import SCORING_FUNCTIONS

    entered = {e.id for e in doc.entered} | {e.id for e in doc.record_entered}
    for name in doc.mechanisms:  # a mechanism's names come from what the players enter (the tableau)
        entered |= mechanism_names().get(name, set())
    if doc.rounds is not None:
        entered |= {e.id for e in doc.rounds.entered} | set(doc.rounds.round_ids())
    entered |= {"name", "given", "players", "left", "right", "index"}
    known = model_names(doc) | entered
    reads: dict[str, set[str]] = {}
    problems = []
    for key in ("measures", "components"):
        for i, f in enumerate(getattr(doc, key)):
            if f.mechanism is not None:
                reads[f.id] = {"<mechanism>"}
                continue
            try:
                names = set(compile_expression(str(f.value), None, SCORING_FUNCTIONS).names)
            except ExpressionError:  # said by the formula checks; no warning on top
                names = {"<unknown>"}
            if names - known:  # a name the model does not have: the formula checks say so
                reads[f.id] = {"<mechanism>"}
                continue
            closure = set(names)
            for name in names:
                closure |= reads.get(name, set())
            reads[f.id] = closure
            if key == "components" and not closure & (entered | {"<mechanism>"}):
                problems.append(
                    loc.problem(
                        (key, i, "value"),
                        f"component '{f.id}' reads no value a player enters, so it scores the same for everyone",
                        "read an entered value or a measure made of them; a fixed bonus "
                        "is a `constants` value added to a component that reads one",
                        severity="warning",
                    )
                )
    return problems


def _quote(text: str, pattern: re.Pattern, most: int = 70) -> str:
    """``text`` cut to about ``most`` characters around the match of ``pattern``, at words."""
    match = pattern.search(text)
    if len(text) <= most or match is None:
        return text[:most]
    start = max(0, match.start() - most // 2)
    end = min(len(text), start + most)
    if start:
        start = text.rfind(" ", 0, start) + 1
    if end < len(text):
        end = max(text.rfind(" ", 0, end), match.end())
    return ("..." if start else "") + text[start:end].strip() + ("..." if end < len(text) else "")
