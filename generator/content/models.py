"""Schema of content files: one pydantic model per ``kind:`` of YAML document.

Every model forbids unknown fields so that a typo is an error, never silently ignored.
The JSON Schema for editors is exported from these models (`playaid schema`).
Card databases and scoring models have their own modules (`cards.py`, `scoring_model.py`).
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

ID_PATTERN = r"^[a-z0-9][a-z0-9_-]*$"

SourceRef = str
"""A fact's source: ``"<rulebook or reference id>: <section heading or locator>"``, or a URL.

Examples: ``"xi: Invasion Step"`` (section heading in the Xeno Invasion rulebook),
``"bga: cards.inc.php invasion_config"`` (a locator inside a declared public reference).
"""


class Strict(BaseModel):
    """Base model: unknown fields are errors; instances are immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Rulebook(Strict):
    """A seed rulebook text (in ``../shared/seeds/``) that content cites by ``id``."""

    id: str = Field(pattern=ID_PATTERN, description="short id used in `source` strings, e.g. xi")
    file: str = Field(description="file name in the seeds folder, e.g. 001_2033224846664d9b.txt")
    title: str


class Reference(Strict):
    """A public reference for facts the rulebooks leave out (URL or repo@commit:path)."""

    id: str = Field(pattern=ID_PATTERN)
    title: str
    url: str | None = None
    repo: str | None = Field(None, description="owner/name on GitHub")
    commit: str | None = None
    path: str | None = None
    licence_note: str | None = Field(None, description="what may be used (facts only, ...)")


class BoardGameGeek(Strict):
    """The game's BoardGameGeek entry, so a play sent to BG Stats is matched to it (BG Stats'
    play-import link, ``game.bggId``)."""

    id: int = Field(ge=1, description="the number in the game's boardgamegeek.com/boardgame/<id> address")
    expansions: list[str] = Field(
        default_factory=list,
        description="the expansions this content scores, by their BGG names (said in the play's comments)",
    )


class Game(Strict):
    """``kind: game`` — one per game folder (``game.yaml``): identity, version and citable sources."""

    kind: Literal["game"]
    id: str = Field(pattern=ID_PATTERN)
    title: str
    subtitle: str | None = None
    version: str = Field(description="content version printed on every aid")
    date: dt.date = Field(description="content date; also the fixed PDF creation date")
    rulebooks: list[Rulebook] = Field(default_factory=list)
    references: list[Reference] = Field(default_factory=list)
    icons: dict[str, str] = Field(
        default_factory=dict,
        description="icon token (as written [token] in text) -> SVG file in templates/assets/icons",
    )
    bgg: BoardGameGeek | None = None


class RuleItem(Strict):
    """One rule line (a fact), optionally with sub-items. ``source`` defaults to the section's."""

    text: str = Field(min_length=1)
    source: SourceRef | None = None
    label: str | None = Field(None, description="run-in heading printed in bold before the text")
    items: list[str | RuleItem] = Field(default_factory=list)


class Ruling(Strict):
    """A ruling where the rules are ambiguous: the question, the ruling, why, and the source."""

    id: str = Field(pattern=ID_PATTERN)
    question: str
    ruling: str
    reason: str
    source: SourceRef
    part: SourceRef | None = Field(
        None,
        description="the rulebook part its source stands in, as '<rulebook id>: <the part's "
        "heading>', where the heading repeats and its document names no part (or "
        "another)",
    )


class Section(Strict):
    """A titled group of rule items."""

    id: str = Field(pattern=ID_PATTERN)
    title: str
    source: SourceRef | None = Field(None, description="default source of the section's items")
    items: list[str | RuleItem] = Field(min_length=1)


class Rules(Strict):
    """``kind: rules`` — a rules summary written in our own words, section by section."""

    kind: Literal["rules"]
    id: str = Field(pattern=ID_PATTERN)
    title: str
    part: SourceRef | None = Field(
        None,
        description="the rulebook part this document covers, as '<rulebook id>: <the part's "
        "heading>' (e.g. 'xc: Counterstrike Game'): where a heading repeats in that "
        "rulebook (a 'Setup' per part), its sources mean the one in this part, and the "
        "rules search shows the part with them",
    )
    sections: list[Section] = Field(default_factory=list)
    rulings: list[Ruling] = Field(default_factory=list)


class QuoteRef(Strict):
    """A quote from another section than the item's own ``source``."""

    text: str = Field(min_length=1)
    source: SourceRef = Field(description="'<rulebook id>: <section heading>' that holds the words")


Quote = str | QuoteRef | list[str | QuoteRef]
"""Words copied from a rulebook section that state a value (whitespace may differ): text from the
item's cited section, or ``{text, source}`` from another section, or a list of these.

`playaid check` finds each quote in its section and the value's numbers in the quotes (digits or
number words such as "two"); used where the section prints a number in words, or far from where
a plain search would find it."""


class Column(Strict):
    """A table column: ``key`` used in rows, ``label`` printed in the header.

    ``derived`` names the ``kind: checks`` check that computes or verifies the column's values
    when they are not printed in the rulebook (a count, a sum, a bound parsed from a range);
    such values are not looked up in the rulebook text.
    """

    key: str = Field(pattern=ID_PATTERN)
    label: str
    align: Literal["left", "right", "center"] = "left"
    prefix: str = Field("", description="printed before every value of the column, e.g. '+'")
    derived: str | None = Field(
        None,
        pattern=ID_PATTERN,
        description="id of the check that computes this column (values not printed in the rulebook)",
    )


class Table(Strict):
    """``kind: table`` — a strength table or any other grid of facts.

    Each row maps column keys to values (scalars or lists); a row may carry its own ``source``
    (else the table's applies), a ``note`` and a ``quote`` (`Quote`). Numbers in rows whose
    source is a seed rulebook section are looked up in that section (`generator.checks.values`).
    """

    kind: Literal["table"]
    id: str = Field(pattern=ID_PATTERN)
    title: str
    source: SourceRef | None = None
    part: SourceRef | None = Field(
        None,
        description="the rulebook part this document's sources stand in, as '<rulebook id>: "
        "<the part's heading>' (as a rules document's part)",
    )
    columns: list[Column] = Field(min_length=1)
    rows: list[dict[str, Any]] = Field(min_length=1)
    notes: list[str | RuleItem] = Field(default_factory=list)


class Fact(Strict):
    """A named value (number, list or mapping) with its source and declared type.

    ``type`` is a small type expression (`generator.content.fact_types`): ``integer``,
    ``number``, ``text``, ``boolean``, ``list[T]``, ``map[K, T]`` (K integer or text) or a
    record ``{name: T, ...}``; ``range: [low, high]`` bounds every number in the value (a d20
    face: ``type: integer``, ``range: [1, 20]``). ``quote`` (`Quote`) ties the value to words of
    the cited section; ``derived`` names the check that computes a value the rulebook does not
    print (e.g. conquest value = repulse value + offset).
    """

    value: Any
    source: SourceRef
    type: str = Field(
        description="type expression: integer | number | text | boolean | list[T] | map[K, T] | {name: T, ...}"
    )
    range: tuple[float, float] | None = Field(None, description="[low, high]: bounds of every number in the value")
    quote: Quote | None = None
    derived: str | None = Field(
        None, pattern=ID_PATTERN, description="id of the check that computes this value (not printed in the rulebook)"
    )
    label: str | None = None
    unit: str | None = None

    @field_validator("type")
    @classmethod
    def _type_syntax(cls, v):
        from generator.content.fact_types import parse_type

        parse_type(v)  # raises ValueError with the position of the problem
        return v

    @field_validator("range")
    @classmethod
    def _range_order(cls, v):
        if v is not None and v[0] > v[1]:
            raise ValueError(f"range [{v[0]:g}, {v[1]:g}] is backwards: write [low, high]")
        return v


class Facts(Strict):
    """``kind: facts`` — named numbers used by tables, checks, scoring and aids."""

    kind: Literal["facts"]
    id: str = Field(pattern=ID_PATTERN)
    part: SourceRef | None = Field(
        None,
        description="the rulebook part this document's sources stand in, as '<rulebook id>: "
        "<the part's heading>' (as a rules document's part)",
    )
    facts: dict[str, Fact] = Field(min_length=1)

    @field_validator("facts")
    @classmethod
    def _names(cls, v):
        import re

        for name in v:
            if not re.match(r"^[a-z][a-z0-9_]*$", name):
                raise ValueError(f"fact name '{name}' must be snake_case (letters, digits, _)")
        return v


class Check(Strict):
    """A cross-check: ``expect`` must equal ``equals`` (both expressions), optionally per row.

    Expressions, in the scoring core's language (`generator.scoring.expressions`), see
    ``facts`` (name -> value), ``tables`` (id with - as _ -> list of rows), ``cards`` (list of
    card dicts) and, with ``for_each``, ``row``. Functions: the language's, plus
    count(list, field=value, ...) and values(list, field) (`generator.checks.invariants`).
    """

    id: str = Field(pattern=ID_PATTERN)
    description: str
    for_each: str | None = Field(None, description="expression giving a list; each item is `row`")
    where: str | None = Field(None, description="with for_each: only rows for which this is true")
    expect: str
    equals: str
    source: SourceRef | None = None


class Checks(Strict):
    """``kind: checks`` — content invariants that `playaid check` verifies."""

    kind: Literal["checks"]
    id: str = Field(pattern=ID_PATTERN)
    checks: list[Check] = Field(min_length=1)


RuleItem.model_rebuild()
