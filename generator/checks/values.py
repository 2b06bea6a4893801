"""Content values checked against the rulebook text they cite, and facts against their types.

`playaid check` runs both on every game after the schema and consistency checks:

- `check_fact_types`: every fact's value conforms to its declared ``type`` and ``range``
  (`fact_types`);

- `check_values`: every number in a fact, or in a table row, whose source is a seed rulebook
  section (``"xi: Xeno Invasion Strengths"``) is printed in that section
  (`rulebook_text.sections`): a list as a run of consecutive numbers in its printed order; the
  numbers of one fact, or of one table cell, in the order the section prints them;
- an item with a ``quote`` is checked against the quote instead: each quote must be in the
  section (whitespace, quote marks and dashes normalised), and the numbers in the quotes, which
  may be words ("two", "fifth");
- a value the rulebook does not print is marked ``derived: <check id>`` (a fact, or a table
  column) and the named ``kind: checks`` check must exist and use it; derived values are not
  looked up in the text.

A failure names the content file, line and field, and the rulebook file and line it disagrees
with. Values whose source is a public reference or a URL are only type-checked, and nothing is
looked up when the seed rulebooks are absent (`sources.seeds_note` says so once); `RulebookTally`
counts the values looked up and those whose rulebook text was not found, for `check`'s summary.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from generator.checks.rulebook_file import Refused, open_rulebook
from generator.checks.rulebook_text import Section, normalise, numbers_in, sections
from generator.content.fact_types import conformance, parse_type
from generator.content.models import QuoteRef
from generator.errors import Problem

HINT = (
    "correct the value; or add `quote:` with the rulebook's words that state it; or, if the "
    "rulebook does not print it, mark it `derived: <check id>` and compute it in a kind: checks check"
)


@dataclass(frozen=True)
class Group:
    """Numbers of one value that must be found together: a list's numbers as a consecutive run
    (``run``), or one number (a scalar or a number inside a text). ``paths`` locate each number
    in the content file."""

    numbers: tuple[float, ...]
    paths: tuple[tuple, ...]
    run: bool


@dataclass(frozen=True)
class Cited:
    """The rulebook section a value cites: file name as shown, heading, occurrences."""

    file: str
    heading: str
    spans: tuple[Section, ...]


@dataclass
class RulebookTally:
    """How many values (a fact's value, or one cell of a table row, holding numbers and citing a
    seed rulebook section) were looked up in the rulebook text (``verified``), and how many could
    not be because that rulebook's text was not found (``unverified``: no seeds folder, or the
    file is not in it). Derived values and values sourced to public references are neither."""

    verified: int = 0
    unverified: int = 0

    def add(self, other: RulebookTally) -> None:
        self.verified += other.verified
        self.unverified += other.unverified


def check_fact_types(content) -> list[Problem]:
    """Every fact of one `GameContent` whose value breaks its declared ``type`` or ``range``,
    located at the offending part of the value."""
    problems: list[Problem] = []
    for facts_id, doc in content.of_kind("facts").items():
        loc = content.located[("facts", facts_id)]
        for name, fact in doc.facts.items():
            declared = fact.type + (f", range {_fmt(fact.range[0])}..{_fmt(fact.range[1])}" if fact.range else "")
            for sub, message in conformance(fact.value, parse_type(fact.type), fact.range):
                problems.append(
                    loc.problem(
                        ("facts", name, "value") + sub,
                        f"fact '{name}': {message} (declared type {declared})",
                        "correct the value or its declared type",
                    )
                )
    return problems


def check_values(content, seeds_dir: Path | None, tally: RulebookTally | None = None) -> list[Problem]:
    """Every content value of one `GameContent` that disagrees with the rulebook section it cites,
    and every ``derived`` mark that names no check using it (see the module docstring). Counts
    the values looked up, and those whose rulebook text is missing, in ``tally`` when given."""
    checks = {c.id: c for doc in content.of_kind("checks").values() for c in doc.checks}
    problems: list[Problem] = []
    tally = tally if tally is not None else RulebookTally()
    for facts_id, doc in content.of_kind("facts").items():
        loc = content.located[("facts", facts_id)]
        for name, fact in doc.facts.items():
            base = ("facts", name)
            if fact.derived:
                problems.extend(_derived_ref(loc, base + ("derived",), fact.derived, f"facts.{name}", checks))
                continue
            cited = _cited(fact.source, content.game, seeds_dir)
            cells = [groups_of(fact.value, base + ("value",))]
            _count(tally, fact.source, cells, cited, content.game, seeds_dir)
            if cited is not None:
                problems.extend(
                    _compare(loc, base, cells, fact.quote, cited, f"fact '{name}'", content.game, seeds_dir)
                )
    for table_id, table in content.of_kind("table").items():
        loc = content.located[("table", table_id)]
        for ci, column in enumerate(table.columns):
            if column.derived:
                problems.extend(
                    _derived_ref(
                        loc, ("columns", ci, "derived"), column.derived, (f".{column.key}", f"'{column.key}'"), checks
                    )
                )
        for ri, row in enumerate(table.rows):
            source = row.get("source") or table.source
            cited = _cited(source, content.game, seeds_dir)
            # each cell on its own: a row's columns need not follow the rulebook's word order
            cells = [
                groups_of(row[c.key], ("rows", ri, c.key)) for c in table.columns if not c.derived and c.key in row
            ]
            _count(tally, source, cells, cited, content.game, seeds_dir)
            if cited is None:
                continue
            problems.extend(
                _compare(
                    loc,
                    ("rows", ri),
                    cells,
                    row.get("quote"),
                    cited,
                    f"row {ri + 1} of table '{table_id}'",
                    content.game,
                    seeds_dir,
                )
            )
    return problems


def groups_of(value: Any, path: tuple) -> list[Group]:
    """The number groups of a value, in order: a list of plain values is one run; a mapping is
    its values in order (keys are names, not printed numbers); text holds its printed numbers."""
    if isinstance(value, bool) or value is None:
        return []
    if isinstance(value, (int, float)):
        return [Group((float(value),), (path,), False)]
    if isinstance(value, str):
        return [Group((n,), (path,), False) for n in numbers_in(value)]
    if isinstance(value, dict):
        return [g for k, v in value.items() for g in groups_of(v, path + (k,))]
    if isinstance(value, list):
        if all(not isinstance(v, (list, dict)) for v in value):
            numbers: list[float] = []
            paths: list[tuple] = []
            for i, v in enumerate(value):
                for g in groups_of(v, path + (i,)):
                    numbers.extend(g.numbers)
                    paths.extend(g.paths)
            return [Group(tuple(numbers), tuple(paths), True)] if numbers else []
        return [g for i, v in enumerate(value) for g in groups_of(v, path + (i,))]
    return []


def _count(
    tally: RulebookTally, source, cells: list[list[Group]], cited: Cited | None, game, seeds_dir: Path | None
) -> None:
    """Add the cells holding numbers to ``tally``: verified when the cited section was read,
    unverified when the source names a declared rulebook whose text was not found or refused."""
    n = sum(1 for groups in cells if groups)
    if not n:
        return
    if cited is not None:
        tally.verified += n
        return
    if not isinstance(source, str) or ":" not in source or "://" in source:
        return
    book = next((b for b in game.rulebooks if b.id == source.partition(":")[0].strip()), None)
    if book is not None and (seeds_dir is None or isinstance(open_rulebook(seeds_dir, book.file), Refused)):
        tally.unverified += n  # not found, or refused (`rulebook_file`: never stat an unchecked name)


def _cited(source, game, seeds_dir: Path | None) -> Cited | None:
    """The seed rulebook section a source names, or None (reference, URL, no seeds, unknown
    heading: those are reported by the source check)."""
    if seeds_dir is None or not isinstance(source, str) or ":" not in source or "://" in source:
        return None
    book_id, _, heading = source.partition(":")
    books = {b.id: b for b in game.rulebooks}
    book = books.get(book_id.strip())
    if book is None:
        return None
    text = open_rulebook(seeds_dir, book.file)
    if isinstance(text, Refused):
        return None  # reported once, at the rulebook's entry in game.yaml
    spans = sections(text, heading.strip())
    if not spans:
        return None
    return Cited(book.file, heading.strip(), spans)


def _compare(
    loc, base: tuple, cells: list[list[Group]], quote, cited: Cited, what: str, game, seeds_dir
) -> list[Problem]:
    """Problems of one fact or row against its cited section. ``cells`` are lists of groups
    each placed in order on its own (a fact is one cell; a row has one per column)."""
    if quote is not None:
        return _compare_quoted(loc, base, cells, quote, cited, what, game, seeds_dir)
    problems = []
    for groups in cells:
        if not groups:
            continue
        best = None  # (groups placed, span, stream) of the occurrence that matches best
        for span in cited.spans:
            stream = span.tokens
            failed = _place(groups, [v for v, _ in stream])
            if failed is None:
                best = None
                break
            if best is None or failed > best[0]:
                best = (failed, span, stream)
        if best is not None:
            failed, span, stream = best
            problems.append(_mismatch(loc, groups[failed], stream, cited, span, what))
    return problems


def _compare_quoted(loc, base, cells, quote, cited: Cited, what: str, game, seeds_dir) -> list[Problem]:
    quotes = quote if isinstance(quote, list) else [quote]
    problems: list[Problem] = []
    stream: list[tuple[float, int]] = []  # (number, rulebook line)
    shown: list[str] = []
    for qi, q in enumerate(quotes):
        qpath = base + ("quote",) + ((qi,) if isinstance(quote, list) else ())
        if isinstance(q, dict):  # a table row's quote is plain data: read it as the model would
            try:
                q = QuoteRef.model_validate(q)
            except ValidationError:
                problems.append(
                    loc.problem(
                        qpath,
                        f"{what}: a quote is text or {{text, source}}",
                        "write the rulebook's words, or {text: ..., source: 'xia: <section>'}",
                    )
                )
                continue
        if not isinstance(q, (str, QuoteRef)):
            problems.append(
                loc.problem(
                    qpath,
                    f"{what}: a quote is text or {{text, source}}, not {q!r}",
                    "write the rulebook's words in quotes",
                )
            )
            continue
        if isinstance(q, str):
            text, where = q, cited
        else:
            text, found = q.text, _cited(q.source, game, seeds_dir)
            if found is None:
                problems.append(
                    loc.problem(
                        qpath + ("source",),
                        f"{what}: quote source '{q.source}' is not a section of a seed rulebook",
                        "write '<rulebook id>: <section heading>'",
                    )
                )
                continue
            where = found
        line = next((ln for span in where.spans if (ln := span.find(text)) is not None), None)
        if line is None:
            lines = ", ".join(f"{s.first}-{s.last}" for s in where.spans)
            problems.append(
                loc.problem(
                    qpath,
                    f"{what}: quote \"{text}\" is not in section "
                    f"'{where.heading}' of rulebook {where.file} (lines {lines})",
                    "copy the words exactly as the section prints them",
                )
            )
            continue
        shown.append(f"\"{text}\" ({where.file}:{line})")
        stream.extend((v, line) for v in numbers_in(text, words=True))
    if problems:
        return problems
    values = [v for v, _ in stream]
    for groups in cells:
        failed = _place(groups, values) if groups else None
        if failed is not None:
            g = groups[failed]
            problems.append(
                loc.problem(
                    g.paths[0],
                    f"{what}: {_fmt_group(g)} is not stated by its quote "
                    f"{' / '.join(shown)}, which gives "
                    f"{_fmt_numbers(values) or 'no number'}",
                    HINT,
                )
            )
    return problems


def _place(groups: list[Group], values: list[float]) -> int | None:
    """Index of the first group that cannot be placed in ``values`` after the ones before it
    (greedy, earliest match: optimal for placing runs in order), or None when all fit."""
    pos = 0
    for gi, g in enumerate(groups):
        at = _find(values, g.numbers, pos)
        if at is None:
            return gi
        pos = at + (len(g.numbers) if g.run else 1)
    return None


def _find(values: list[float], numbers: tuple[float, ...], start: int) -> int | None:
    n = len(numbers)
    for i in range(start, len(values) - n + 1):
        if tuple(values[i : i + n]) == numbers:
            return i
    return None


def _mismatch(loc, g: Group, stream, cited: Cited, span: Section, what: str) -> Problem:
    values = [v for v, _ in stream]
    where = f"rulebook {cited.file}, section '{cited.heading}' (lines {span.first}-{span.last})"
    if (found := _find(values, g.numbers, 0)) is not None:
        at = stream[found][1]
        return loc.problem(
            g.paths[0],
            f"{what}: {_fmt_group(g)} is printed at rulebook {cited.file}:{at}, "
            f"but not in the order of the content's numbers ({where})",
            "order the values as the rulebook prints them, or add `quote:`",
        )
    if g.run and len(g.numbers) > 1 and len(values) >= len(g.numbers):
        # the printed run this list matches best: name the first number that differs
        n = len(g.numbers)

        # most numbers in place, then in common; then a run printed on one line; then the earliest
        def closeness(i):
            window = values[i : i + n]
            same = sum(a == b for a, b in zip(window, g.numbers))
            common = sum((Counter(window) & Counter(g.numbers)).values())
            return (same + common, stream[i][1] == stream[i + n - 1][1], -i)

        score, _, i = max(closeness(i) for i in range(len(values) - n + 1))
        i = -i
        if score:
            k = next(k for k in range(n) if values[i + k] != g.numbers[k])
            line = stream[i + k][1]
            printed = normalise(span.lines[line - span.first])[:90]
            return loc.problem(
                g.paths[k],
                f"{what}: {_fmt(g.numbers[k])} differs from the rulebook: "
                f"{cited.file}:{line} prints {_fmt(values[i + k])} there "
                f"(\"{printed}\"; {where})",
                HINT,
            )
    return loc.problem(g.paths[0], f"{what}: {_fmt_group(g)} is not printed in {where}", HINT)


def _derived_ref(loc, path, check_id: str, uses, checks) -> list[Problem]:
    uses = (uses,) if isinstance(uses, str) else uses
    check = checks.get(check_id)
    if check is None:
        return [
            loc.problem(
                path,
                f"derived: no check '{check_id}' in this game's kind: checks files",
                f"name the check that computes this value (known: {', '.join(sorted(checks)) or 'none'})",
            )
        ]
    text = " ".join(filter(None, (check.for_each, check.where, check.expect, check.equals)))
    if not any(re.search(re.escape(u) + r"(?![A-Za-z0-9_])", text) for u in uses):
        return [
            loc.problem(
                path,
                f"derived: check '{check_id}' does not use {uses[0]}",
                "name the check whose expressions compute or verify this value",
            )
        ]
    return []


def _fmt(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:g}"


def _fmt_numbers(values) -> str:
    return ", ".join(_fmt(v) for v in values)


def _fmt_group(g: Group) -> str:
    return f"[{_fmt_numbers(g.numbers)}]" if g.run and len(g.numbers) > 1 else _fmt(g.numbers[0])
