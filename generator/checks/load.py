"""`load_content()`: read every game folder, validate, cross-check, and return frozen `Content`.

Stages, in one straight line: find files -> parse (line-aware) -> validate each document ->
check sources and references -> check values against the cited rulebook text and facts against
their types -> run the content's own cross-checks. Problems from every stage
and every file are collected and raised together as one `ContentError`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from generator.checks import sources
from generator.checks.across_games import claimed_twice
from generator.checks.consistency import check_consistency
from generator.checks.fact_sources import check_fact_sources
from generator.checks.values import RulebookTally, check_fact_types, check_values
from generator.content.confine import keep_inside, linked_folders_outside
from generator.content.files import (
    CONTENT_SUFFIXES,
    content_files,
    content_folder_problem,
    folders_without_game,
    game_folders,
)
from generator.content.models import Fact, Game
from generator.content.validate import validate_document
from generator.errors import ContentError, Problem, display_path
from generator.reader.yaml_io import MAX_CONTENT_BYTES, MAX_CONTENT_VALUES, Located, load_bytes, read_bounded

#: Order of kinds in `GameContent.summary` (others follow, by name).
_SUMMARY_ORDER = {
    kind: i
    for i, kind in enumerate(("rules", "table", "facts", "checks", "cards", "verified-cards", "aids", "scoring"))
}


@dataclass(frozen=True)
class GameContent:
    """One game's validated content.

    ``documents[kind][id]`` is the model of each document; ``located[(kind, id)]`` its parsed
    file (for error positions); ``paths[(kind, id)]`` its file relative to the content folder
    (posix), which incremental builds use to find what an aid reads, whatever the working folder.
    ``rulebook_values`` counts the values looked up in the rulebook texts, and those that could
    not be (text not found), when the content was checked (`load_content`; not from the cache).
    """

    game: Game
    folder: Path
    documents: dict[str, dict[str, Any]]
    located: dict[tuple[str, str], Located]
    paths: dict[tuple[str, str], str]
    rulebook_values: RulebookTally = field(default_factory=RulebookTally)

    @property
    def id(self) -> str:
        return self.game.id

    def of_kind(self, kind: str) -> dict[str, Any]:
        """Documents of one kind by id (empty mapping when there are none): the models of
        `kinds.KINDS` (``of_kind("scoring")`` gives `Scoring` documents), typed Any because the
        kind is a name in the data."""
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
                part += (
                    f" ({n(sum(len(m.sections) for m in models), 'section', 'sections')}, "
                    f"{n(sum(len(m.rulings) for m in models), 'ruling', 'rulings')})"
                )
            elif kind == "table":
                part = n(len(models), "table", "tables")
            elif kind == "facts":
                part = (
                    f"{n(len(models), 'fact file', 'fact files')} "
                    f"({n(sum(len(m.facts) for m in models), 'fact', 'facts')})"
                )
            elif kind == "checks":
                part = n(sum(len(m.checks) for m in models), "check passed", "checks passed")
            elif kind == "cards":
                part = n(sum(len(m.cards) for m in models), "card", "cards")
            elif kind == "scoring":
                offered = sum(1 for m in models for v in m.variants if not v.hidden)
                part = "scoring model" + (f" ({n(offered, 'variant', 'variants')})" if offered else "")
            elif kind == "verified-cards":
                part = n(len(models), "card set verified", "card sets verified")
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
    #: Problems of severity warning (`playaid check` prints them): content that loads and
    #: scores but looks wrong, e.g. an award whose rule splits its VP (`scoring_lint`).
    warnings: tuple = ()

    def game(self, game_id: str) -> GameContent:
        """One game's content; raises KeyError when no such game."""
        return self.games[game_id]


def load_content(root: Path | str = "content") -> Content:
    """Load and check every game under ``root`` (folders containing ``game.yaml``).

    Raises `ContentError` with every problem found (file:line:column: field: message (hint)).
    """
    root = Path(root)
    unreadable = content_folder_problem(root)
    if unreadable:
        raise ContentError([Problem(display_path(root), 0, 0, "", *unreadable)])
    folders, problems = keep_inside(game_folders(root), root, "folder")
    if not folders and problems:
        raise ContentError(problems)
    if not folders and (root / "game.yaml").is_file():
        raise ContentError(
            [
                Problem(
                    display_path(root),
                    0,
                    0,
                    "",
                    "this is a game folder, not the content folder",
                    f"pass the folder that holds it: {display_path(root.resolve().parent)}",
                )
            ]
        )
    problems += _folders_without_game(root)  # named with the other games' problems
    if not folders:
        raise ContentError(
            problems
            + [
                Problem(
                    display_path(root),
                    0,
                    0,
                    "",
                    "no game folders (sub-folders with a game.yaml) found",
                    "create content/<game>/game.yaml with `kind: game`",
                )
            ]
        )
    seeds_dir = sources.find_seeds_dir(root)
    loaded: list[GameContent] = []
    for folder in folders:
        game, found = _load_game(folder, seeds_dir)
        problems.extend(found)
        if game is not None:
            loaded.append(game)
    problems += claimed_twice(loaded)  # a game id, record word or aid name two games claim
    games: dict[str, GameContent] = {}
    for game in loaded:
        games.setdefault(game.id, game)
    problems = list(dict.fromkeys(problems))  # the same problem found twice is shown once
    errors = [p for p in problems if p.severity == "error"]
    if errors:
        raise ContentError(problems)
    return Content(
        root=root, games=MappingProxyType(games), warnings=tuple(p for p in problems if p.severity == "warning")
    )


def declares_rulebooks(root: Path | str) -> bool:
    """Whether a game's game.yaml under ``root`` declares a rulebook (a non-empty ``rulebooks``),
    before the content is loaded (nothing validated; an unreadable file declares none).
    game.yaml is parsed as `load_content` parses it, and that parse is kept (`_parse`), so loading
    the content next does not parse it again."""
    for folder in game_folders(Path(root)):
        located, _problems = _parse(folder / "game.yaml")
        if located is not None and isinstance(located.data, dict) and located.data.get("rulebooks"):
            return True
    return False


def _folders_without_game(root: Path) -> list[Problem]:
    """A problem naming each sub-folder of ``root`` that holds YAML files but no game.yaml (a
    game the loader would pass over without a word: `files.folders_without_game`)."""
    problems = []
    try:
        for folder in folders_without_game(root):
            names = sorted(p.name for p in folder.iterdir() if p.suffix in CONTENT_SUFFIXES)
            shown = ", ".join(names[:5]) + (", ..." if len(names) > 5 else "")
            problems.append(
                Problem(
                    display_path(folder),
                    0,
                    0,
                    "",
                    f"this game folder has no game.yaml, so its files ({shown}) are not read",
                    "add game.yaml (`kind: game`, id, title; `playaid new` writes one), "
                    "or move the folder out of the content folder",
                )
            )
    except OSError:  # a folder that cannot be listed: the games that can be read are checked
        pass
    return problems


def game_document(documents: dict[str, dict[str, Any]]) -> Game | None:
    """The game's `kind: game` document (the last one in file order, should there be several)."""
    games = list(documents.get("game", {}).values())
    return games[-1] if games else None


def index_documents(
    parsed: list[tuple[str, Located]],
) -> tuple[dict[str, dict[str, Any]], dict, dict, list[Problem], bool]:
    """Validate parsed documents and index them by kind and id.

    ``parsed``: (path relative to the content folder, posix; located document) in file order.
    Returns ``(documents, located, paths, problems, failed)`` as `GameContent` holds them;
    ``failed`` when a document did not validate or repeats a (kind, id). Shared by `load_content`
    and the content cache, which re-validates what it reads."""
    problems: list[Problem] = []
    documents: dict[str, dict[str, Any]] = {}
    located: dict[tuple[str, str], Located] = {}
    paths: dict[tuple[str, str], str] = {}
    failed = False
    for relative, loc in parsed:
        model, found = validate_document(loc)
        problems.extend(found)
        if model is None:
            failed = True
            continue
        kind = model.kind
        doc_id = model.id
        if (kind, doc_id) in located:
            first = located[(kind, doc_id)]
            problems.append(
                loc.problem(
                    ("id",),
                    f"duplicate {kind} id '{doc_id}' (also in {first.file}:{first.position(('id',))[0]})",
                    "give each document its own id",
                )
            )
            failed = True
            continue
        documents.setdefault(kind, {})[doc_id] = model
        located[(kind, doc_id)] = loc
        paths[(kind, doc_id)] = relative
    return documents, located, paths, problems, failed


#: Parsed content files by file name and content (sha256), so a process that loads content
#: again (`playaid watch`) parses only the files that changed. Bounded.
_PARSED: dict[tuple[str, str], tuple[Located | None, list[Problem]]] = {}
_PARSED_MAX = 2048


def _parse(path: Path) -> tuple[Located | None, list[Problem]]:
    """`yaml_io.load_file` of one content file, memoised on its name and bytes."""
    import hashlib

    data, problems = read_bounded(path, MAX_CONTENT_BYTES)
    if data is None:
        return None, problems
    key = (display_path(path), hashlib.sha256(data).hexdigest())
    if key not in _PARSED:
        _PARSED[key] = load_bytes(data, key[0], max_bytes=MAX_CONTENT_BYTES, max_values=MAX_CONTENT_VALUES)
        while len(_PARSED) > _PARSED_MAX:
            del _PARSED[next(iter(_PARSED))]
    return _PARSED[key]


def _load_game(folder: Path, seeds_dir: Path | None) -> tuple[GameContent | None, list[Problem]]:
    parsed: list[tuple[str, Located]] = []
    # failed: a file was refused or failed to parse or validate: its documents are missing
    files, problems = keep_inside(content_files(folder), folder.parent)
    problems += linked_folders_outside(folder, folder.parent)
    failed = bool(problems)
    for path in files:
        loc, found = _parse(path)
        problems.extend(found)
        failed = failed or loc is None or any(p.severity == "error" for p in found)
        if loc is not None:
            parsed.append((path.relative_to(folder.parent).as_posix(), loc))
    documents, located, paths, found, invalid = index_documents(parsed)
    problems.extend(found)
    failed = failed or invalid
    game = game_document(documents)
    if game is None:
        if not problems:
            problems.append(
                Problem(
                    display_path(folder / "game.yaml"),
                    0,
                    0,
                    "kind",
                    "game.yaml is not a `kind: game` document",
                    "set `kind: game`",
                )
            )
        return None, problems
    content = GameContent(game, folder, documents, located, paths)
    problems.extend(check_fact_sources(content, seeds_dir))
    if failed:
        # references into a file that failed would only repeat its problem: report the cause,
        # and what the other files say by themselves (a syntax error hides no formula's error)
        problems.extend(check_consistency(content, partial=True))
        return content, problems
    problems.extend(check_consistency(content))
    problems.extend(check_fact_types(content))
    if not [p for p in problems if p.severity == "error"]:
        from generator.checks.invariants import run_checks  # needs a consistent, well-typed model

        problems.extend(run_checks(content))
    # values against the rulebook text: reported with the checks, which often catch the same slip
    problems.extend(check_values(content, seeds_dir, content.rulebook_values))
    return content, problems
