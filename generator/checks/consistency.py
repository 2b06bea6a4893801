"""Consistency of a game's documents with each other: table rows against their columns, aid
blocks against the documents they name, icon tokens against game.yaml, fact names unique, card
values against their verified records, the vocabulary against the game's text
(`generator.content.vocabulary`)."""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

from generator.content.aids import FactsBlock, RulesBlock, RulingsBlock, TableBlock
from generator.content.verified_cards import check_verified_cards
from generator.content.vocabulary import check_vocabulary
from generator.errors import CONTROL_CHARACTERS, Problem, cut


def check_consistency(content, partial: bool = False) -> list[Problem]:
    """All cross-document checks of one `GameContent`; every problem found. ``partial``: a file
    of the game failed to load, so only the checks that need no other document run (tables
    against their columns, icons against game.yaml, fact names, the scoring model by itself):
    a reference into the missing file would only repeat its problem."""
    from generator.checks.scoring_checks import check_scoring

    if partial:
        return (
            _check_tables(content)
            + _check_icons(content)
            + _check_fact_names(content)
            + check_scoring(content, partial=True)
        )
    return (
        _check_tables(content)
        + _check_references(content)
        + _check_icons(content)
        + _check_fact_names(content)
        + check_scoring(content)
        + check_verified_cards(content)
        + check_vocabulary(content)
    )


def _check_tables(content) -> list[Problem]:
    problems = []
    for table_id, table in content.of_kind("table").items():
        loc = content.located[("table", table_id)]
        first: dict[str, int] = {}
        for ci, column in enumerate(table.columns):
            if column.key in first:
                line = loc.position(("columns", first[column.key], "key"))[0]
                problems.append(
                    loc.problem(
                        ("columns", ci, "key"),
                        f"duplicate column key '{column.key}' (first on line {line})",
                        "give each column its own key",
                    )
                )
            else:
                first[column.key] = ci
        if len(first) < len(table.columns):
            continue  # rows cannot be checked against ambiguous columns
        keys = set(first)
        for ri, row in enumerate(table.rows):
            for key in row:
                if key not in keys and key not in ("source", "note", "quote"):
                    problems.append(
                        loc.problem(
                            ("rows", ri, key),
                            f"'{key}' is not a column of this table",
                            f"use one of: {', '.join(sorted(keys))}",
                            prefer_key=True,
                        )
                    )
            for key in keys:
                if key not in row:
                    problems.append(
                        loc.problem(
                            ("rows", ri),
                            f"row has no value for column '{key}'",
                            f"add `{key}: ...` (use '' for an empty cell)",
                        )
                    )
    return problems


def _check_fact_names(content) -> list[Problem]:
    """Facts merge across files, so a name may be defined only once per game."""
    problems = []
    first: dict[str, tuple[str, int]] = {}
    for facts_id, doc in sorted(content.of_kind("facts").items()):
        loc = content.located[("facts", facts_id)]
        for name in doc.facts:
            line = loc.position(("facts", name), prefer_key=True)[0]
            if name in first:
                problems.append(
                    loc.problem(
                        ("facts", name),
                        f"fact '{name}' is already defined in {first[name][0]}:{first[name][1]}",
                        "keep one definition (rename or delete the other)",
                        prefer_key=True,
                    )
                )
            else:
                first[name] = (loc.file, line)
    return problems


ICON_TOKEN = re.compile(r"\[([a-z][a-z0-9_]*)\]")
#: Document kinds whose text is printed (and so may hold [icon] tokens).
PRINTED_KINDS = ("rules", "table", "aids", "facts")
#: (top-level key, field) of the fields of a fact or table row that are not printed: a fact's
#: type, and the rulebook quotes of facts and rows (they may hold the rulebook's [icon] words).
_NOT_PRINTED = {("facts", "type"), ("facts", "quote"), ("rows", "quote")}


def _check_icons(content) -> list[Problem]:
    """Every ``[token]`` in printed text must be an icon declared in game.yaml ``icons:``, and
    every declared icon file must exist in templates/assets/icons."""
    from generator.paths import ICONS_DIR

    problems = []
    icons = content.game.icons
    for token, file in icons.items():
        why = _icon_file_problem(file, ICONS_DIR)
        if why:
            loc = content.located[("game", content.game.id)]
            problems.append(loc.problem(("icons", token), why[0], why[1]))

    def walk(node, path, loc):
        if len(path) == 3 and (path[0], path[2]) in _NOT_PRINTED:
            return
        if isinstance(node, str):
            for token in ICON_TOKEN.findall(node):
                if token not in icons:
                    problems.append(
                        loc.problem(
                            path,
                            f"unknown icon token [{token}]",
                            f"declare it in game.yaml icons: (known: {', '.join(sorted(icons)) or 'none'})",
                        )
                    )
        elif isinstance(node, dict):
            for key, value in node.items():
                walk(value, path + (key,), loc)
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, path + (i,), loc)

    for (kind, _doc_id), loc in content.located.items():
        if kind in PRINTED_KINDS:
            walk(loc.data, (), loc)
    return problems


def _icon_file_problem(file: str, icons_dir: Path) -> tuple[str, str] | None:
    """(message, hint) when ``file`` is not what rendering will fetch (`render.fetcher`): an
    ``.svg`` named relative to templates/assets/icons, without ``..``, a backslash or ``%``
    (URLs are unquoted), resolving inside that folder to a regular file; None when it is."""
    shown = cut(file, 60)
    pure = PurePosixPath(file)
    if (
        not file
        or pure.is_absolute()
        or ".." in pure.parts
        or "\\" in file
        or "%" in file
        or CONTROL_CHARACTERS.search(file)
    ):
        return (
            f"icon file '{shown}' is not a file name inside templates/assets/icons",
            "name one of the SVG files in templates/assets/icons, e.g. xeno.svg",
        )
    if pure.suffix.lower() != ".svg":
        return f"icon file '{shown}' is not an SVG file", "draw the icon as SVG in templates/assets/icons"
    root = icons_dir.resolve()
    path = (root / file).resolve()
    if not path.is_relative_to(root) or not path.is_file():
        return (f"icon file '{shown}' not found in templates/assets/icons", "draw it or fix the file name")
    return None


def _check_references(content) -> list[Problem]:
    """Aid blocks must point at documents, sections and facts that exist."""
    problems = []
    rules = content.of_kind("rules")
    tables = content.of_kind("table")
    facts = content.facts
    icons = content.game.icons
    for aids_id, aids in content.of_kind("aids").items():
        loc = content.located[("aids", aids_id)]
        seen: dict[str, int] = {}
        for ai, aid in enumerate(aids.aids):
            if aid.id in seen:
                problems.append(
                    loc.problem(("aids", ai, "id"), f"duplicate aid id '{aid.id}'", "give each aid its own id")
                )
            seen[aid.id] = ai
            if aid.sheet is not None:
                scoring = content.of_kind("scoring")
                if aid.sheet not in scoring:
                    problems.append(
                        loc.problem(
                            ("aids", ai, "sheet"),
                            f"no kind: scoring document '{aid.sheet}'",
                            f"use one of: {', '.join(sorted(scoring)) or 'none (add a scoring file)'}",
                        )
                    )
                elif scoring[aid.sheet].sheet is None:
                    problems.append(
                        loc.problem(
                            ("aids", ai, "sheet"),
                            f"scoring model '{aid.sheet}' has no `sheet`",
                            "add `sheet: {lines: [...]}` to it",
                        )
                    )
            for fi, face in enumerate(aid.faces):
                for bi, block in enumerate(face.blocks):
                    path = ("aids", ai, "faces", fi, "blocks", bi)
                    problems.extend(_check_block(block, path, loc, rules, tables, facts))
    del icons
    return problems


def _unknown_picks(loc, path, picked, have, missing: str, none: str = "") -> list[Problem]:
    """A problem at ``path + (i,)`` for each id in ``picked`` that is not in ``have``: "MISSING
    'id'", to fix with one of ``have`` (``none`` when there are none)."""
    hint = f"use one of: {', '.join(have) or none}"
    return [loc.problem(path + (i,), f"{missing} '{pick}'", hint) for i, pick in enumerate(picked) if pick not in have]


def _check_block(block, path, loc, rules, tables, facts) -> list[Problem]:
    out = []
    if isinstance(block, (RulesBlock, RulingsBlock)):
        doc_id = block.rules if isinstance(block, RulesBlock) else block.rulings
        field = "rules" if isinstance(block, RulesBlock) else "rulings"
        if doc_id not in rules:
            out.append(
                loc.problem(path + (field,), f"no rules document '{doc_id}'", f"use one of: {', '.join(sorted(rules))}")
            )
        elif isinstance(block, RulesBlock) and block.sections:
            have = [s.id for s in rules[doc_id].sections]
            out += _unknown_picks(loc, path + ("sections",), block.sections, have, f"rules '{doc_id}' has no section")
        elif isinstance(block, RulingsBlock) and block.only:
            have = [r.id for r in rules[doc_id].rulings]
            out += _unknown_picks(
                loc,
                path + ("only",),
                block.only,
                have,
                f"rules '{doc_id}' has no ruling",
                "(none: add `rulings:` to it)",
            )
    elif isinstance(block, TableBlock):
        if block.table not in tables:
            out.append(
                loc.problem(path + ("table",), f"no table '{block.table}'", f"use one of: {', '.join(sorted(tables))}")
            )
        elif block.columns:
            keys = [c.key for c in tables[block.table].columns]
            out += _unknown_picks(loc, path + ("columns",), block.columns, keys, f"table '{block.table}' has no column")
    elif isinstance(block, FactsBlock):
        for fi, name in enumerate(block.facts):
            if name not in facts:
                out.append(loc.problem(path + ("facts", fi), f"no fact '{name}'", "define it in a kind: facts file"))
    return out
