"""Schema and checks of a game's vocabulary (``kind: vocabulary``): the words players use for the
game's terms, and how tables and facts are keyed by the number of players. The rules search
(`playaid rules`, the phone's Rules tab) reads it through the rules index; nothing is printed.

```yaml
kind: vocabulary
id: rftg-vocabulary
synonyms:
  - term: invasion card              # the words content uses
    also: [xeno card, invader card]  # what players say instead (abbreviations, nicknames)
player_count:
  column: players                    # tables with a row per player count: the column's key
  column_label: "{n}p"               # tables with a column per player count: its label
  facts: [repulse_values]            # map facts keyed by the player count
variants:                            # what the search can be narrowed to (--variant, the Rules tab)
  - id: counterstrike
    title: Counterstrike game
    names: [counterstrike, counterstrike game]   # a question naming it prefers its rules
    documents: [counterstrike-game]  # its rules, table and facts documents (those in no variant: all)
    builds_on: [invasion]            # it plays with the invasion game's rules too
```

`check_vocabulary` (run with the other cross-checks by `playaid check`) makes sure every
``term`` appears in the game's own text, so a synonym cannot point at a word nothing uses, that
every fact named under ``player_count`` exists and is keyed by integers, and that a variant's
documents and ``builds_on`` variants exist.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from generator.content.models import ID_PATTERN, Strict
from generator.errors import Problem


class Synonym(Strict):
    """Players' words for one game term: ``also`` (each one or more words) means ``term``."""

    term: str = Field(min_length=1, description="the game's term, as content writes it")
    also: list[str] = Field(
        min_length=1,
        description="what players say instead: abbreviations (GR), nicknames (xeno cards), other spellings",
    )

    @field_validator("also")
    @classmethod
    def _not_empty(cls, v):
        for word in v:
            if not word.strip():
                raise ValueError("an empty synonym matches nothing: remove it")
        return v


class PlayerCount(Strict):
    """How the game's tables and facts are keyed by the number of players, so that a question
    such as "repulse value 4 players" is answered with the row, column or value for 4."""

    column: str | None = Field(
        None, pattern=ID_PATTERN, description="key of the column that holds the player count (a row per count)"
    )
    column_label: str | None = Field(
        None, description="label of a column per player count, {n} standing for the count, e.g. '{n}p'"
    )
    facts: list[str] = Field(
        default_factory=list, description="facts whose value maps a player count to the value for it"
    )

    @field_validator("column_label")
    @classmethod
    def _has_n(cls, v):
        if v is not None and "{n}" not in v:
            raise ValueError("column_label must contain {n} (the player count), e.g. '{n}p'")
        return v


class Variant(Strict):
    """One way the game is played that the rules search can be narrowed to (`playaid rules
    --variant`, the Rules tab): the rules, table and facts documents that belong to it, the words that name it in
    a question, and the variants whose rules it plays with too."""

    id: str = Field(pattern=ID_PATTERN, description="the variant's id (the scoring model's, where it has one)")
    title: str = Field(min_length=1, description="as the Rules tab lists it, e.g. 'Counterstrike game'")
    names: list[str] = Field(
        default_factory=list, description="words that name it in a question: 'counterstrike game', 'solo'"
    )
    documents: list[str] = Field(
        min_length=1, description="ids of the rules, table and facts documents of this variant"
    )
    builds_on: list[str] = Field(
        default_factory=list,
        description="variants whose rules this one also plays with (counterstrike: invasion, frontier)",
    )


class Vocabulary(Strict):
    """``kind: vocabulary`` — players' words for the game's terms (rules search only)."""

    kind: Literal["vocabulary"]
    id: str = Field(pattern=ID_PATTERN)
    synonyms: list[Synonym] = Field(default_factory=list)
    player_count: PlayerCount | None = None
    variants: list[Variant] = Field(default_factory=list)


def content_text(content) -> set[str]:
    """Every term (`generator.rulesearch.text.terms`) of every string in the game's documents
    other than vocabularies."""
    from generator.rulesearch.text import terms

    found: set[str] = set()

    def walk(node):
        if isinstance(node, str):
            found.update(terms(node, keep_stopwords=True))
        elif isinstance(node, dict):
            for key, value in node.items():
                walk(key)
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for (kind, _doc_id), located in content.located.items():
        if kind != "vocabulary":
            walk(located.data)
    return found


def check_vocabulary(content) -> list[Problem]:
    """Problems of one `GameContent`'s vocabularies: a ``term`` none of whose words content uses
    all of, a ``player_count`` fact that does not exist or is not a map keyed by integers."""
    from generator.rulesearch.text import terms

    documents = content.of_kind("vocabulary")
    if not documents:
        return []
    problems = []
    known = content_text(content)
    facts = content.facts
    for doc_id, doc in documents.items():
        loc = content.located[("vocabulary", doc_id)]
        for si, synonym in enumerate(doc.synonyms):
            missing = [t for t in terms(synonym.term, keep_stopwords=True) if t not in known]
            if missing or not terms(synonym.term, keep_stopwords=True):
                problems.append(
                    loc.problem(
                        ("synonyms", si, "term"),
                        f"'{synonym.term}' is not a term of "
                        f"{content.id}'s content (no rule, table, fact or card uses it)",
                        "write the term as content writes it, or add it to content first",
                    )
                )
        ids = [v.id for v in doc.variants]
        documents = {d for kind in ("rules", "table", "facts") for d in content.of_kind(kind)}
        for vi, variant in enumerate(doc.variants):
            if ids.count(variant.id) > 1:
                problems.append(
                    loc.problem(("variants", vi, "id"), f"variant '{variant.id}' twice", "give each variant its own id")
                )
            for ri, doc_id in enumerate(variant.documents):
                if doc_id not in documents:
                    problems.append(
                        loc.problem(
                            ("variants", vi, "documents", ri),
                            f"no rules, table or facts document '{doc_id}'",
                            "name the id of one: "
                            + ", ".join(sorted(documents)[:8])
                            + (", ..." if len(documents) > 8 else ""),
                        )
                    )
            for bi, other in enumerate(variant.builds_on):
                if other not in ids or other == variant.id:
                    problems.append(
                        loc.problem(
                            ("variants", vi, "builds_on", bi),
                            f"no other variant '{other}'",
                            "name another variant of this vocabulary",
                        )
                    )
        if doc.player_count:
            for fi, name in enumerate(doc.player_count.facts):
                fact = facts.get(name)
                if fact is None:
                    problems.append(
                        loc.problem(
                            ("player_count", "facts", fi),
                            f"no fact '{name}'",
                            "name a fact defined in a kind: facts file",
                        )
                    )
                elif not (isinstance(fact.value, dict) and fact.value and all(isinstance(k, int) for k in fact.value)):
                    problems.append(
                        loc.problem(
                            ("player_count", "facts", fi),
                            f"fact '{name}' is not keyed by player count (type {fact.type})",
                            "name a map[integer, ...] fact",
                        )
                    )
    return problems
