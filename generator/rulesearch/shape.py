"""The rules index's shape, checked before it is searched: the index is read from a cache file
(`playaid rules`) or fetched by the page, and either may have been written by someone else.
`check_index` refuses anything the search or the answers would trip over, naming the entry and
field; it never evaluates anything in the data.
"""

from __future__ import annotations

#: Index shape this core reads (`generator.compile.rules_index.FORMAT`).
FORMAT = 1
KINDS = frozenset({"section", "rule", "ruling", "fact", "table", "row", "card"})
#: Entry fields that are text when present, and lists of text when present.
_TEXT = ("name", "text", "detail", "aka", "source", "part", "set", "table")
_TEXTS = ("context", "children", "related", "columns", "keys", "notes", "variants")


class IndexError_(ValueError):
    """The rules index is not one this core reads (another format, or malformed)."""


def _texts(value) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def check_index(data) -> None:
    """Raise `IndexError_` unless ``data`` is a rules index of `FORMAT` whose games and entries
    have the fields the search reads, of the right types."""
    if not (
        isinstance(data, dict)
        and data.get("format") == FORMAT
        and isinstance(data.get("entries"), list)
        and isinstance(data.get("games"), dict)
    ):
        raise IndexError_(f"not a rules index of format {FORMAT} (rebuild it with `playaid web`)")
    for game_id, game in data["games"].items():
        where = f"rules index, game {game_id!r}"
        if not isinstance(game, dict):
            raise IndexError_(f"{where}: not a mapping")
        synonyms = game.get("synonyms") or []
        if not (isinstance(synonyms, list) and all(_texts(s) and len(s) == 2 for s in synonyms)):
            raise IndexError_(f"{where}: synonyms must be [also, term] pairs of text")
        for key in ("sources",):
            value = game.get(key) or {}
            if not (isinstance(value, dict) and all(isinstance(v, str) for v in value.values())):
                raise IndexError_(f"{where}: {key} must map ids to text")
        if not _texts(game.get("rulebooks") or []):
            raise IndexError_(f"{where}: rulebooks must be a list of ids")
        variants = game.get("variants") or []
        if not (
            isinstance(variants, list)
            and all(
                isinstance(v, dict)
                and isinstance(v.get("id"), str)
                and isinstance(v.get("title"), str)
                and _texts(v.get("names") or [])
                and _texts(v.get("builds_on") or [])
                for v in variants
            )
        ):
            raise IndexError_(f"{where}: variants must be [{{id, title, names, rules, builds_on}}]")
        counts = game.get("player_count")
        if counts is not None and not (
            isinstance(counts, dict)
            and _texts(counts.get("facts") or [])
            and all(isinstance(counts.get(k), (str, type(None))) for k in ("column", "column_label"))
        ):
            raise IndexError_(f"{where}: player_count must be {{column, column_label, facts}}")
    seen = set()
    for n, entry in enumerate(data["entries"]):
        where = f"rules index, entry {n}"
        if not isinstance(entry, dict):
            raise IndexError_(f"{where}: not a mapping")
        if not all(isinstance(entry.get(k), str) for k in ("id", "game", "kind")):
            raise IndexError_(f"{where}: id, game and kind must be text")
        if entry["id"] in seen:
            raise IndexError_(f"{where}: id {entry['id']!r} twice")
        seen.add(entry["id"])
        if entry["game"] not in data["games"] or entry["kind"] not in KINDS:
            raise IndexError_(f"{where}: unknown game {entry['game']!r} or kind {entry['kind']!r}")
        for key in _TEXT:
            if key in entry and not isinstance(entry[key], str):
                raise IndexError_(f"{where}: {key} must be text")
        for key in _TEXTS:
            if key in entry and not _texts(entry[key]):
                raise IndexError_(f"{where}: {key} must be a list of text")
        if "rows" in entry and not (isinstance(entry["rows"], list) and all(_texts(r) for r in entry["rows"])):
            raise IndexError_(f"{where}: rows must be lists of text")
        if "cells" in entry and not (
            isinstance(entry["cells"], list) and all(_texts(c) and len(c) == 2 for c in entry["cells"])
        ):
            raise IndexError_(f"{where}: cells must be [label, value] pairs of text")
        for key in ("values", "card"):
            if key in entry and not isinstance(entry[key], dict):
                raise IndexError_(f"{where}: {key} must be a mapping")
        printed = entry.get("printed", [])
        if not (
            isinstance(printed, list)
            and all(
                isinstance(p, dict) and isinstance(p.get("aid"), str) and isinstance(p.get("title"), str)
                for p in printed
            )
        ):
            raise IndexError_(f"{where}: printed must be a list of {{aid, title, ...}}")
