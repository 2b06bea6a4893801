"""Build the rules index: every rule, ruling, fact, table and card of validated content as plain
JSON entries for the rules search core (`generator.rulesearch`), with its source and the aids it
is printed on. `playaid web` ships it as ``data/rules-index.json``; `playaid rules` reads it from
the compiled cache (`generator.compile.compile_rules.compiled_index`).

Shape (``FORMAT`` 1)::

    {"format": 1, "content_version": "rftg 2026.11.1+xia ...",
     "games": {game id: {"title", "sources": {rulebook or reference id: title},
                         "rulebooks": [rulebook id], "rulebook_files": {rulebook id: file name},
                         "synonyms": [[also, term], ...], "player_count": {column, column_label,
                         facts} or null, "variants": [{id, title, names, rules, builds_on}]}},
     "entries": [entry, ...]}

An entry is ``{"id", "game", "kind", "name"?, "context": [str], "text", "detail"?, "source", "part"?,
"printed": [{"aid", "title", "face", "side"}], "related": [entry id], "children": [entry id]}``
plus what its kind adds:

- ``section`` (a titled group of rules; its items are its ``children``) and ``rule`` (one item,
  its sub-items as ``children``; ``name`` is the item's label, when it has one).
- ``ruling``: ``name`` is the question, ``text`` the ruling, ``detail`` the reason.
- ``fact``: ``name`` its label, ``text`` its value in words, ``value`` the value itself.
- ``table``: ``columns`` (labels), ``keys`` (column keys), ``rows`` (lists of cells as text),
  ``notes``; ``row``: one row, ``cells`` ``[[label, value], ...]``, ``table`` the table's id.
- ``card``: ``name`` the card's name, ``text`` its type, cost, VP and keywords, ``detail`` its
  Military powers, scoring lines and notes, ``card`` those facts as data, ``set`` the card set's
  title (shown, not searched: every card of a set would match its words).

``variants`` (the entries of a rules, table or facts document that a vocabulary's variant lists) are the ids of the
variants it belongs to; an entry without belongs to every variant. ``part`` is the heading of the rulebook part its document covers (``part:`` of a rules, table or
facts document, "Counterstrike Game"), set when the entry cites that rulebook: a heading that repeats in a
rulebook ("Setup", "Game End") is the one in that part. ``name`` is what the entry is called (searched with the most weight), ``context`` where it stands
(document, section, parent item; ``aka``, another name, is searched with it: a fact's snake_case
name in words), ``text`` what it says, ``detail`` what else it says (searched
with less weight). Ids are ``<game>:<kind path>``, stable across builds while content ids are.
"""

from __future__ import annotations

from generator.compile.icon_text import icon_words, plain_text
from generator.content.aids import FactsBlock, RulesBlock, RulingsBlock, TableBlock
from generator.content.models import RuleItem

#: Version of the index's shape; the search core checks it.
FORMAT = 1


def build_rules_index(content) -> dict:
    """The rules index of validated `Content` (see the module docstring)."""
    games = {}
    entries: list[dict] = []
    for game_id, game in sorted(content.games.items()):
        games[game_id] = _game_info(game)
        entries += _plain_entries(_game_entries(game_id, game), icon_words(game.game.icons or {}))
    version = "+".join(f"{gid} {g.game.version}" for gid, g in sorted(content.games.items()))
    return {"format": FORMAT, "content_version": version, "games": games, "entries": entries}


def _game_info(game) -> dict:
    sources = {b.id: b.title for b in game.game.rulebooks}
    sources |= {r.id: r.title for r in game.game.references}
    synonyms = []
    player_count = None
    for doc in game.of_kind("vocabulary").values():
        synonyms += [[also, s.term] for s in doc.synonyms for also in s.also]
        if doc.player_count is not None:
            player_count = doc.player_count.model_dump(mode="json")
    variants = [v.model_dump(mode="json") for doc in game.of_kind("vocabulary").values() for v in doc.variants]
    return {
        "title": game.game.title,
        "sources": sources,
        "variants": variants,
        "rulebooks": [b.id for b in game.game.rulebooks],
        "rulebook_files": {b.id: b.file for b in game.game.rulebooks},
        "synonyms": synonyms,
        "player_count": player_count,
    }


def _game_entries(game_id: str, game) -> list[dict]:
    builder = _Builder(game_id, game)
    for doc_id, doc in game.of_kind("rules").items():
        builder.rules(doc_id, doc)
    for doc_id, doc in game.of_kind("scoring").items():
        for ruling in getattr(doc, "rulings", []):
            builder.ruling(f"scoring/{doc_id}", doc.title, ruling)
    for table_id, table in game.of_kind("table").items():
        first = len(builder.entries)
        builder.table(table_id, table)
        builder.mark_variants(table_id, first)
        builder.mark_part(table.part, first)
    for doc_id, doc in game.of_kind("facts").items():
        for name, fact in doc.facts.items():
            if game.facts.get(name) is fact:  # a later file's fact of the same name wins, as in game.facts
                first = len(builder.entries)
                builder.fact(name, fact)
                builder.mark_variants(doc_id, first)
                builder.mark_part(doc.part, first)
    for doc in game.of_kind("cards").values():
        for card in doc.cards:
            builder.card(card, doc)
    builder.place_on_aids()
    builder.relate()
    return builder.entries


class _Builder:
    """Entries of one game, in content order; ``by_id`` finds them for the aid pass."""

    def __init__(self, game_id: str, game):
        self.game_id = game_id
        self.game = game
        self.entries: list[dict] = []
        self.by_id: dict[str, dict] = {}
        self.game_rulebooks = {b.id for b in game.game.rulebooks}

    def add(self, path: str, kind: str, **fields) -> dict:
        entry = {
            "id": f"{self.game_id}:{path}",
            "game": self.game_id,
            "kind": kind,
            **fields,
            "printed": [],
            "related": [],
        }
        self.entries.append(entry)
        self.by_id[entry["id"]] = entry
        return entry

    # --- rules, sections, items, rulings ---------------------------------------------------

    def rules(self, doc_id: str, doc) -> None:
        first = len(self.entries)
        for section in doc.sections:
            path = f"rules/{doc_id}/{section.id}"
            entry = self.add(
                path,
                "section",
                name=section.title,
                context=[doc.title],
                text="",
                source=section.source or "",
                children=[],
            )
            for i, item in enumerate(section.items):
                child = self.item(f"{path}/{i + 1}", item, [doc.title, section.title], section.source)
                entry["children"].append(child["id"])
        for ruling in doc.rulings:
            self.ruling(f"rules/{doc_id}", doc.title, ruling)
        self.mark_variants(doc_id, first)
        self.mark_part(doc.part, first)

    def mark_part(self, part: str | None, first: int) -> None:
        """``part`` of the entries from ``first`` on that cite the part's rulebook: the part
        tells a repeated heading apart ("xc: Setup" of the counterstrike game)."""
        book, _, heading = (part or "").partition(": ")
        for entry in self.entries[first:]:
            if heading and "part" not in entry and entry["source"].partition(": ")[0] == book.strip():
                entry["part"] = heading.strip()

    def mark_variants(self, doc_id: str, first: int) -> None:
        """``variants`` of the entries from ``first`` on: the vocabulary's variants that list
        their document ``doc_id``."""
        variants = [
            v.id
            for vocabulary in self.game.of_kind("vocabulary").values()
            for v in vocabulary.variants
            if doc_id in v.documents
        ]
        if variants:
            for entry in self.entries[first:]:
                entry["variants"] = variants

    def item(self, path: str, item, context: list[str], inherited: str | None) -> dict:
        if isinstance(item, str):
            return self.add(path, "rule", context=context, text=item, source=inherited or "", children=[])
        assert isinstance(item, RuleItem)
        source = item.source or inherited or ""
        named = {"name": item.label} if item.label else {}
        entry = self.add(path, "rule", **named, context=context, text=item.text, source=source, children=[])
        inner = context + ([item.label] if item.label else [])
        for i, sub in enumerate(item.items):
            entry["children"].append(self.item(f"{path}.{i + 1}", sub, inner, source)["id"])
        return entry

    def ruling(self, path: str, title: str, ruling) -> None:
        first = len(self.entries)
        self.add(
            f"{path}/ruling/{ruling.id}",
            "ruling",
            name=ruling.question,
            context=[title, "Rulings"],
            text=ruling.ruling,
            detail=ruling.reason,
            source=ruling.source,
        )
        self.mark_part(ruling.part, first)

    # --- tables and facts ------------------------------------------------------------------

    def table(self, table_id: str, table) -> None:
        labels = [c.label or c.key for c in table.columns]
        rows = [[_cell(row.get(c.key), c.prefix) for c in table.columns] for row in table.rows]
        notes = [n if isinstance(n, str) else n.text for n in table.notes]
        path = f"table/{table_id}"
        entry = self.add(
            path,
            "table",
            name=table.title,
            context=[],
            text="",
            detail=" ".join(notes),
            source=table.source or "",
            columns=labels,
            keys=[c.key for c in table.columns],
            rows=rows,
            notes=notes,
            children=[],
        )
        for i, (row, cells) in enumerate(zip(table.rows, rows)):
            pairs = [[label, cell] for label, cell in zip(labels, cells) if label and cell != ""]
            text = "; ".join(f"{label}: {cell}" for label, cell in pairs)
            extra = {"detail": row["note"]} if row.get("note") else {}
            child = self.add(
                f"{path}/row/{i + 1}",
                "row",
                context=[table.title],
                text=text,
                source=row.get("source") or table.source or "",
                table=entry["id"],
                cells=pairs,
                values={c.key: row.get(c.key) for c in table.columns},
                **extra,
            )
            entry["children"].append(child["id"])

    def fact(self, name: str, fact) -> None:
        value = fact.model_dump(mode="json")["value"]
        text = _value_text(value) + (f" {fact.unit}" if fact.unit else "")
        self.add(
            f"fact/{name}",
            "fact",
            name=fact.label or name.replace("_", " "),
            context=[],
            aka=name.replace("_", " "),
            text=text,
            value=value,
            source=fact.source,
        )

    # --- cards -----------------------------------------------------------------------------

    def card(self, card, doc) -> None:
        facts = card.model_dump(mode="json", exclude_none=True, exclude={"differences", "unverified", "source", "note"})
        kind = "development" if card.type == "development" else ("military world" if card.military else "world")
        cost = "defense" if card.type == "world" and card.military else "cost"
        parts = [
            f"{card.cost}-cost development" if card.type == "development" else kind,
            f"{cost} {card.cost}" if card.type == "world" else None,
            f"{card.vp} VP",
            ", ".join(card.keywords) or None,
            f"{card.good} good{' (windfall)' if card.windfall else ''}" if card.good else None,
            f"{card.frontier.title()} Frontier" if card.frontier else None,
            f"{card.start} start world" if card.start else None,
            "powers: " + ", ".join(p.title() for p in card.powers) if card.powers else None,
        ]
        lines = (
            [p.text for p in card.military_powers]
            + [f"{line.text}" for line in card.scoring]
            + ([card.note] if card.note else [])
        )
        self.add(
            f"card/{card.name}",
            "card",
            name=card.name,
            context=[],
            set=doc.title,
            text=", ".join(p for p in parts if p),
            detail="; ".join(lines),
            source=card.source or doc.source,
            card=facts,
        )

    # --- where printed, what relates -------------------------------------------------------

    def place_on_aids(self) -> None:
        """Add to ``printed`` every aid face that prints the entry (rules sections with their
        items, rulings, tables with their rows, facts)."""
        for aids in self.game.of_kind("aids").values():
            for aid in aids.aids:
                key = f"{self.game_id}-{aid.id}"
                for fi, face in enumerate(aid.faces):
                    side = (("front", "back")[fi] if fi < 2 else face.name) if aid.format == "card" else None
                    where = {"aid": key, "title": aid.title, "format": aid.format, "face": face.name, "side": side}
                    for block in face.blocks:
                        for entry_id in self._printed_by(block):
                            printed = self.by_id[entry_id]["printed"]
                            if where not in printed:
                                printed.append(where)

    def _printed_by(self, block) -> list[str]:
        g = self.game_id
        if isinstance(block, RulesBlock):
            doc = self.game.of_kind("rules")[block.rules]
            ids = []
            for section in doc.sections:
                if block.sections is None or section.id in block.sections:
                    ids += self._tree(f"{g}:rules/{block.rules}/{section.id}")
            return ids
        if isinstance(block, RulingsBlock):
            doc = self.game.of_kind("rules")[block.rulings]
            return [f"{g}:rules/{block.rulings}/ruling/{r.id}" for r in doc.rulings]
        if isinstance(block, TableBlock):
            return self._tree(f"{g}:table/{block.table}")
        if isinstance(block, FactsBlock):
            return [f"{g}:fact/{name}" for name in block.facts]
        return []

    def _tree(self, entry_id: str) -> list[str]:
        out = [entry_id]
        for child in self.by_id[entry_id].get("children", []):
            out += self._tree(child)
        return out

    def relate(self) -> None:
        """``related``: the tables citing the same rulebook section as a rule, section or ruling,
        and those printed on the same aid face (at most 3, same-source first); for a table, the
        rules sections citing its section or holding a rule that does (at most 2: the rule
        beside the numbers, "a failed conquest's system is discarded" beside the strengths); for a
        card, the rules and rulings that name it (at most 2)."""
        tables = [e for e in self.entries if e["kind"] == "table"]
        sections = [e for e in self.entries if e["kind"] == "section"]
        for table in tables:
            if not table["source"] or table["source"].partition(": ")[0] not in self.game_rulebooks:
                continue
            citing = [
                s["id"]
                for s in sections
                if s["source"] == table["source"]
                or any(self.by_id[c]["source"] == table["source"] for c in s["children"])
            ]
            table["related"] = citing[:2]
        rules = [e for e in self.entries if e["kind"] in ("rule", "ruling") and e["source"]]
        for card in (e for e in self.entries if e["kind"] == "card"):
            # the rules that name the card: what the rulebook says of it, beside its own lines
            name = card["name"].casefold()
            card["related"] = [r["id"] for r in rules if name in (r["text"] + " " + (r.get("name") or "")).casefold()][
                :2
            ]
        for entry in self.entries:
            if entry["kind"] not in ("section", "rule", "ruling"):
                continue
            same_source = [t["id"] for t in tables if t["source"] and t["source"] == entry["source"]]
            faces = {(p["aid"], p["face"]) for p in entry["printed"]}
            same_face = [t["id"] for t in tables if faces & {(p["aid"], p["face"]) for p in t["printed"]}]
            entry["related"] = list(dict.fromkeys(same_source + same_face))[:3]


#: Entry fields that hold a heading (an icon token opening one is dropped), and those of text.
_HEADINGS = ("name", "context", "columns")
_TEXTS = ("text", "detail", "aka", "notes", "rows")


def _plain_entries(entries: list[dict], words: dict[str, str]) -> list[dict]:
    """The entries with the game's icon tokens in words (`icon_text.plain_text`): the index is
    read as plain text by `playaid rules` and the Rules tab, and searched; ``[near_frontier]``
    must neither show raw nor match "near" twice."""
    if not words:
        return entries

    def plain(value, heading: bool):
        if isinstance(value, str):
            return plain_text(value, words, heading)
        if isinstance(value, list):
            return [plain(v, heading) for v in value]
        return value

    for entry in entries:
        for key in _HEADINGS + _TEXTS:
            if key in entry:
                entry[key] = plain(entry[key], key in _HEADINGS)
        if "cells" in entry:  # [[label, value], ...]: the label is a column heading
            entry["cells"] = [
                [plain_text(label, words, True), plain_text(value, words)] for label, value in entry["cells"]
            ]
    return entries


def _cell(value, prefix: str = "") -> str:
    if value is None:
        return ""
    text = _value_text(value)
    return f"{prefix}{text}" if prefix and text else text


def _value_text(value) -> str:
    """A fact or cell value in words: lists joined with commas, maps as ``key: value``."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return "; ".join(f"{k}: {_value_text(v)}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(_value_text(v) for v in value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)
