"""Every fact has a source: walk each document's facts (rule items, table rows, rulings, aid
notes), apply the inheritance rules (items take their section's source, rows their table's) and
check each source string once, where it is written (see `generator.checks.sources`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from generator.checks import sources
from generator.content.models import RuleItem, Rules, Table
from generator.errors import Problem


def iter_sources(model: BaseModel, path: tuple = ()) -> Iterator[tuple[tuple, Any, tuple | None]]:
    """Every place in a document that holds a fact, with its source (inherited where allowed).

    Yields (field path of the fact, source or None, field path where that source string is
    written or None). Rule items and notes inherit their section's, table's or aid's source;
    table rows inherit the table's. A bad source is reported once, where it is written.
    """
    if isinstance(model, Rules):
        if model.part:
            yield path + ("part",), model.part, path + ("part",)
        for si, section in enumerate(model.sections):
            spath = path + ("sections", si)
            yield from _items(
                section.items, section.source, spath + ("source",) if section.source else None, spath + ("items",)
            )
        for ri, ruling in enumerate(model.rulings):
            yield path + ("rulings", ri), ruling.source, path + ("rulings", ri, "source")
            if ruling.part:
                yield path + ("rulings", ri, "part"), ruling.part, path + ("rulings", ri, "part")
    elif isinstance(model, Table):
        if model.part:
            yield path + ("part",), model.part, path + ("part",)
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
            if name in ("source", "part") and isinstance(value, str):  # a part is cited as a source is
                yield path + (name,), value, path + (name,)
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


def check_fact_sources(content, seeds_dir: Path | None) -> list[Problem]:
    """A missing source is reported at each fact; a bad one once, where it is written; a
    rulebook file that is absent from the seeds folder or refused (`rulebook_file`) once, at its
    entry in game.yaml."""
    problems = []
    game_loc = content.located[("game", content.game.id)]
    for i, why in sources.rulebook_problems(content.game, seeds_dir):
        problems.append(game_loc.problem(("rulebooks", i, "file"), why.message, why.hint))
    for (kind, doc_id), loc in content.located.items():
        if kind == "game":
            continue
        model = content.documents[kind][doc_id]
        checked: set[tuple | None] = set()
        for path, src, src_path in iter_sources(model):
            if src is None or src == "":
                problems.append(
                    loc.problem(
                        path,
                        "this fact has no source",
                        "add `source: '<rulebook id>: <section heading>'` here or on its section/table",
                    )
                )
                continue
            if src_path in checked:
                continue
            checked.add(src_path)
            if not isinstance(src, str):
                problems.append(
                    loc.problem(
                        src_path,
                        f"source must be text, not {src!r}",
                        "write '<rulebook id>: <section heading>' in quotes",
                    )
                )
                continue
            bad = sources.check_source(src, content.game, seeds_dir)
            if bad:
                problems.append(loc.problem(src_path, bad[0], bad[1]))
    return problems
