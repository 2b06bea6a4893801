"""`load_content()`: read every game folder, validate, cross-check, and return frozen `Content`.

Stages, in one straight line: find files -> parse (line-aware) -> validate each document ->
check sources and references -> run the content's own cross-checks. Problems from every stage
and every file are collected and raised together as one `ContentError`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Iterator

from pydantic import BaseModel

from generator.content import sources
from generator.content.models import Fact, Game, RuleItem, Rules, Table
from generator.content.validate import validate_document
from generator.content.yaml_io import Located, load_file
from generator.errors import ContentError, Problem, display_path


#: Order of kinds in `GameContent.summary` (others follow, by name).
_SUMMARY_ORDER = {kind: i for i, kind in enumerate(("rules", "table", "facts", "checks", "cards", "aids",
                                                           "scoring"))}


@dataclass(frozen=True)
class GameContent:
    """One game's validated content.

    ``documents[kind][id]`` is the model of each document; ``located[(kind, id)]`` its parsed
    file (for error positions); ``files`` every content file read (for incremental builds).
    """

    game: Game
    folder: Path
    documents: dict[str, dict[str, BaseModel]]
    located: dict[tuple[str, str], Located]
    files: tuple[Path, ...]

    @property
    def id(self) -> str:
        return self.game.id

    def of_kind(self, kind: str) -> dict[str, BaseModel]:
        """Documents of one kind by id (empty mapping when there are none)."""
        return self.documents.get(kind, {})

    @property
    def facts(self) -> dict[str, Fact]:
        """Every fact of the game by name, merged across `kind: facts` files."""
        merged: dict[str, Fact] = {}
        for doc in self.of_kind("facts").values():
            merged.update(doc.facts)
        return merged

    def summary(self) -> str:
        """What the game holds, counted in items, e.g. ``8 rules documents (52 sections,
        14 rulings), 9 tables, 3 fact files (45 facts), 58 checks passed, 219 cards, 7 aids``.

        Kinds without documents are left out; a kind without its own wording is counted in
        documents (``1 scoring``).
        """
        def n(count: int, one: str, many: str) -> str:
            return f"{count} {one if count == 1 else many}"

        parts = []
        for kind, docs in self.documents.items():
            if kind == "game" or not docs:
                continue
            models = list(docs.values())
            if kind == "rules":
                part = n(len(models), "rules document", "rules documents")
                part += (f" ({n(sum(len(m.sections) for m in models), 'section', 'sections')}, "
                         f"{n(sum(len(m.rulings) for m in models), 'ruling', 'rulings')})")
            elif kind == "table":
                part = n(len(models), "table", "tables")
            elif kind == "facts":
                part = (f"{n(len(models), 'fact file', 'fact files')} "
                        f"({n(sum(len(m.facts) for m in models), 'fact', 'facts')})")
            elif kind == "checks":
                part = n(sum(len(m.checks) for m in models), "check passed", "checks passed")
            elif kind == "cards":
                part = n(sum(len(m.cards) for m in models), "card", "cards")
            elif kind == "scoring":
                part = n(sum(len(m.variants) for m in models), "scoring variant", "scoring variants")
            elif kind == "aids":
                part = n(sum(len(m.aids) for m in models), "aid", "aids")
            else:
                part = f"{len(models)} {kind}"
            parts.append((_SUMMARY_ORDER.get(kind, len(_SUMMARY_ORDER)), kind, part))
        return ", ".join(part for _order, _kind, part in sorted(parts))

    def fact(self, name: str) -> Any:
        """The value of a fact; raises KeyError naming the fact when absent."""
        try:
            return self.facts[name].value
        except KeyError:
            raise KeyError(f"fact '{name}' is not defined in content/{self.id}") from None


@dataclass(frozen=True)
class Content:
    """All games' content, by game id."""

    root: Path
    games: MappingProxyType = field(default_factory=lambda: MappingProxyType({}))

    def game(self, game_id: str) -> GameContent:
        """One game's content; raises KeyError when no such game."""
        return self.games[game_id]


def content_files(folder: Path) -> list[Path]:
    """Every YAML file under a game folder, sorted for stable output."""
    return sorted(p for p in folder.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file())


def load_content(root: Path | str = "content") -> Content:
    """Load and check every game under ``root`` (folders containing ``game.yaml``).

    Raises `ContentError` with every problem found (file:line:column: field: message (hint)).
    """
    root = Path(root)
    if root.is_file():
        raise ContentError([Problem(display_path(root), 0, 0, "", "this is a file, not a content folder",
                                    "pass the content folder that holds one sub-folder per game, "
                                    "e.g. `playaid check content`")])
    if not root.is_dir():
        raise ContentError([Problem(display_path(root), 0, 0, "", "content folder not found",
                                    "pass the folder that holds one sub-folder per game")])
    folders = sorted(p.parent for p in root.glob("*/game.yaml"))
    if not folders and (root / "game.yaml").is_file():
        raise ContentError([Problem(display_path(root), 0, 0, "",
                                    "this is a game folder, not the content folder",
                                    f"pass the folder that holds it: {display_path(root.resolve().parent)}")])
    if not folders:
        raise ContentError([Problem(display_path(root), 0, 0, "",
                                    "no game folders (sub-folders with a game.yaml) found",
                                    "create content/<game>/game.yaml with `kind: game`")])
    seeds_dir = sources.find_seeds_dir(root)
    problems: list[Problem] = []
    games: dict[str, GameContent] = {}
    for folder in folders:
        game, found = _load_game(folder, seeds_dir)
        problems.extend(found)
        if game is not None:
            games[game.id] = game
    problems = list(dict.fromkeys(problems))  # the same problem found twice is shown once
    errors = [p for p in problems if p.severity == "error"]
    if errors:
        raise ContentError(problems)
    return Content(root=root, games=MappingProxyType(games))


def _load_game(folder: Path, seeds_dir: Path | None) -> tuple[GameContent | None, list[Problem]]:
    problems: list[Problem] = []
    documents: dict[str, dict[str, BaseModel]] = {}
    located: dict[tuple[str, str], Located] = {}
    files = content_files(folder)
    game: Game | None = None
    failed = False  # a file failed to parse or validate: its documents are missing
    for path in files:
        loc, found = load_file(path)
        problems.extend(found)
        failed = failed or loc is None or any(p.severity == "error" for p in found)
        if loc is None:
            continue
        model, found = validate_document(loc)
        problems.extend(found)
        if model is None:
            failed = True
            continue
        kind = model.kind
        doc_id = model.id
        if (kind, doc_id) in located:
            first = located[(kind, doc_id)]
            problems.append(loc.problem(("id",), f"duplicate {kind} id '{doc_id}' "
                                        f"(also in {first.file}:{first.position(('id',))[0]})",
                                        "give each document its own id"))
            failed = True
            continue
        documents.setdefault(kind, {})[doc_id] = model
        located[(kind, doc_id)] = loc
        if kind == "game":
            game = model
    if game is None:
        if not problems:
            problems.append(Problem(display_path(folder / "game.yaml"), 0, 0, "kind",
                                    "game.yaml is not a `kind: game` document", "set `kind: game`"))
        return None, problems
    content = GameContent(game, folder, documents, located, tuple(files))
    problems.extend(_check_sources(content, seeds_dir))
    if failed:
        # references into a file that failed would only repeat its problem: report the cause
        return content, problems
    problems.extend(_check_tables(content))
    problems.extend(_check_references(content))
    problems.extend(_check_icons(content))
    problems.extend(_check_fact_names(content))
    if not [p for p in problems if p.severity == "error"]:
        from generator.content.checks import run_checks  # needs a consistent model
        problems.extend(run_checks(content))
    return content, problems


def iter_sources(model: BaseModel, path: tuple = ()) -> Iterator[tuple[tuple, Any, tuple | None]]:
    """Every place in a document that holds a fact, with its source (inherited where allowed).

    Yields (field path of the fact, source or None, field path where that source string is
    written or None). Rule items and notes inherit their section's, table's or aid's source;
    table rows inherit the table's. A bad source is reported once, where it is written.
    """
    if isinstance(model, Rules):
        for si, section in enumerate(model.sections):
            spath = path + ("sections", si)
            yield from _items(section.items, section.source,
                              spath + ("source",) if section.source else None, spath + ("items",))
        for ri, ruling in enumerate(model.rulings):
            yield path + ("rulings", ri), ruling.source, path + ("rulings", ri, "source")
    elif isinstance(model, Table):
        table_src = path + ("source",) if model.source else None
        for ri, row in enumerate(model.rows):
            if "source" in row:
                yield path + ("rows", ri), row["source"], path + ("rows", ri, "source")
            else:
                yield path + ("rows", ri), model.source, table_src
        yield from _items(model.notes, model.source, table_src, path + ("notes",))
    else:
        own = getattr(model, "source", None)
        own_path = path + ("source",) if isinstance(own, str) and own else None
        for name, value in model:
            if name == "source" and isinstance(value, str):
                yield path + ("source",), value, path + ("source",)
            elif isinstance(value, BaseModel):
                yield from iter_sources(value, path + (name,))
            elif isinstance(value, (list, tuple)) and name == "notes":
                yield from _items(value, own, own_path, path + (name,))
            elif isinstance(value, (list, tuple)):
                for i, item in enumerate(value):
                    if isinstance(item, BaseModel):
                        yield from iter_sources(item, path + (name, i))
            elif isinstance(value, dict):
                for key, item in value.items():
                    if isinstance(item, BaseModel):
                        yield from iter_sources(item, path + (name, key))


def _items(items, default, default_path, path) -> Iterator[tuple[tuple, Any, tuple | None]]:
    for i, item in enumerate(items):
        if isinstance(item, RuleItem):
            if item.source:
                src, src_path = item.source, path + (i, "source")
            else:
                src, src_path = default, default_path
            yield path + (i,), src, src_path
            yield from _items(item.items, src, src_path, path + (i, "items"))
        else:
            yield path + (i,), default, default_path


def _check_sources(content: GameContent, seeds_dir: Path | None) -> list[Problem]:
    """A missing source is reported at each fact; a bad one once, where it is written; a
    rulebook file absent from the seeds folder once, at its entry in game.yaml."""
    problems = []
    game_loc = content.located[("game", content.game.id)]
    for i in sources.missing_rulebooks(content.game, seeds_dir):
        file = content.game.rulebooks[i].file
        problems.append(game_loc.problem(("rulebooks", i, "file"),
                                         f"rulebook file '{file}' not found in the seeds folder {seeds_dir}",
                                         "fix the file name here, or set PLAYAID_SEEDS to the folder "
                                         "that holds it"))
    for (kind, doc_id), loc in content.located.items():
        if kind == "game":
            continue
        model = content.documents[kind][doc_id]
        checked: set[tuple] = set()
        for path, src, src_path in iter_sources(model):
            if src is None or src == "":
                problems.append(loc.problem(path, "this fact has no source",
                                            "add `source: '<rulebook id>: <section heading>'` "
                                            "here or on its section/table"))
                continue
            if src_path in checked:
                continue
            checked.add(src_path)
            if not isinstance(src, str):
                problems.append(loc.problem(src_path, f"source must be text, not {src!r}",
                                            "write '<rulebook id>: <section heading>' in quotes"))
                continue
            bad = sources.check_source(src, content.game, seeds_dir)
            if bad:
                problems.append(loc.problem(src_path, bad[0], bad[1]))
    return problems


def _check_tables(content: GameContent) -> list[Problem]:
    problems = []
    for table_id, table in content.of_kind("table").items():
        loc = content.located[("table", table_id)]
        first: dict[str, int] = {}
        for ci, column in enumerate(table.columns):
            if column.key in first:
                line = loc.position(("columns", first[column.key], "key"))[0]
                problems.append(loc.problem(("columns", ci, "key"), f"duplicate column key "
                                            f"'{column.key}' (first on line {line})",
                                            "give each column its own key"))
            else:
                first[column.key] = ci
        if len(first) < len(table.columns):
            continue  # rows cannot be checked against ambiguous columns
        keys = set(first)
        for ri, row in enumerate(table.rows):
            for key in row:
                if key not in keys and key not in ("source", "note"):
                    problems.append(loc.problem(("rows", ri, key), f"'{key}' is not a column of this table",
                                                f"use one of: {', '.join(sorted(keys))}", prefer_key=True))
            for key in keys:
                if key not in row:
                    problems.append(loc.problem(("rows", ri), f"row has no value for column '{key}'",
                                                f"add `{key}: ...` (use '' for an empty cell)"))
    return problems


def _check_fact_names(content: GameContent) -> list[Problem]:
    """Facts merge across files, so a name may be defined only once per game."""
    problems = []
    first: dict[str, tuple[str, int]] = {}
    for facts_id, doc in sorted(content.of_kind("facts").items()):
        loc = content.located[("facts", facts_id)]
        for name in doc.facts:
            line = loc.position(("facts", name), prefer_key=True)[0]
            if name in first:
                problems.append(loc.problem(("facts", name), f"fact '{name}' is already defined in "
                                            f"{first[name][0]}:{first[name][1]}",
                                            "keep one definition (rename or delete the other)",
                                            prefer_key=True))
            else:
                first[name] = (loc.file, line)
    return problems


ICON_TOKEN = re.compile(r"\[([a-z][a-z0-9_]*)\]")
#: Document kinds whose text is printed (and so may hold [icon] tokens).
PRINTED_KINDS = ("rules", "table", "aids", "facts")


def _check_icons(content: GameContent) -> list[Problem]:
    """Every ``[token]`` in printed text must be an icon declared in game.yaml ``icons:``, and
    every declared icon file must exist in templates/assets/icons."""
    from generator.paths import ICONS_DIR

    problems = []
    icons = content.game.icons
    for token, file in icons.items():
        if not (ICONS_DIR / file).is_file():
            loc = content.located[("game", content.game.id)]
            problems.append(loc.problem(("icons", token), f"icon file '{file}' not found in "
                                        f"templates/assets/icons", "draw it or fix the file name"))

    def walk(node, path, loc):
        if isinstance(node, str):
            for token in ICON_TOKEN.findall(node):
                if token not in icons:
                    problems.append(loc.problem(path, f"unknown icon token [{token}]",
                                                f"declare it in game.yaml icons: (known: "
                                                f"{', '.join(sorted(icons)) or 'none'})"))
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


def _check_references(content: GameContent) -> list[Problem]:
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
                problems.append(loc.problem(("aids", ai, "id"), f"duplicate aid id '{aid.id}'",
                                            "give each aid its own id"))
            seen[aid.id] = ai
            for fi, face in enumerate(aid.faces):
                for bi, block in enumerate(face.blocks):
                    path = ("aids", ai, "faces", fi, "blocks", bi)
                    problems.extend(_check_block(block, path, loc, rules, tables, facts))
    del icons
    return problems


def _check_block(block, path, loc, rules, tables, facts) -> list[Problem]:
    from generator.content.aids import FactsBlock, RulesBlock, RulingsBlock, TableBlock

    out = []
    if isinstance(block, (RulesBlock, RulingsBlock)):
        doc_id = block.rules if isinstance(block, RulesBlock) else block.rulings
        field = "rules" if isinstance(block, RulesBlock) else "rulings"
        if doc_id not in rules:
            out.append(loc.problem(path + (field,), f"no rules document '{doc_id}'",
                                   f"use one of: {', '.join(sorted(rules))}"))
        elif isinstance(block, RulesBlock) and block.sections:
            have = [s.id for s in rules[doc_id].sections]
            for si, sid in enumerate(block.sections):
                if sid not in have:
                    out.append(loc.problem(path + ("sections", si), f"rules '{doc_id}' has no section '{sid}'",
                                           f"use one of: {', '.join(have)}"))
    elif isinstance(block, TableBlock):
        if block.table not in tables:
            out.append(loc.problem(path + ("table",), f"no table '{block.table}'",
                                   f"use one of: {', '.join(sorted(tables))}"))
        elif block.columns:
            keys = [c.key for c in tables[block.table].columns]
            for ci, key in enumerate(block.columns):
                if key not in keys:
                    out.append(loc.problem(path + ("columns", ci), f"table '{block.table}' has no column '{key}'",
                                           f"use one of: {', '.join(keys)}"))
    elif isinstance(block, FactsBlock):
        for fi, name in enumerate(block.facts):
            if name not in facts:
                out.append(loc.problem(path + ("facts", fi), f"no fact '{name}'",
                                       "define it in a kind: facts file"))
    return out
