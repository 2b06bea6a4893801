"""The rules search's entry points, the same for the command line and the web page (Pyodide).

``Rules(index_data)`` prepares the rules index (`generator.compile.rules_index` JSON) once;
``search(question, game=None, limit=10)`` returns the answers best first as plain data, exactly
what `playaid rules --json` prints; ``entry(id)`` gives one entry in the same shape (deep links);
``card(name)`` the entry of a card by its name (the score pad's cards); ``closest(question)``
the nearest sections when ``search`` finds none, offered beside ``no_answer``. Nothing here reads files
or prints. Standard library only.

A result: ``{"id", "game", "kind", "title", "text", "source", "score"}`` and, where they apply,
``context`` (document, section: where the entry stands), ``source_title`` (the rulebook's
title), ``ruling`` and ``reason`` (rulings; ``title`` is the question), ``items`` (a section's
rules, a rule's sub-rules: ``[{"title"?, "text", "items", "best"?}]``, ``best`` on the item that
matched the question best: the sentence that answers), ``columns`` and ``rows`` (a
table), ``answer`` (the row or value for the player count asked: ``{"players", "text",
"cells"?}``), ``card`` (a card's facts), ``detail`` (a card's powers and scoring lines),
``printed`` (``[{"aid", "title", "format", "face", "side"}]``: the aids it is printed on) and
``related`` (tables, as results without ``score``), ``part`` (the rulebook part a repeated
heading stands in: "Counterstrike Game") and ``cite`` (the source as players read it, without
ids or file paths: "Race for the Galaxy: Xeno Counterstrike rulebook, Counterstrike Game > Game
End"; a reference by its title). A rule's or section's title opens with its
document, which names the game and part ("Xeno Counterstrike, Counterstrike Game: Game End"). No title is a bare list marker: a numbered
step is titled by the heading above it and its number ("Solo round end, step 1"); a fact whose
value has no words is said with its label ("Cards discarded from hand to use the bunker: 1").
"""

from __future__ import annotations

import re

from generator.rulesearch.index import RulesIndex

#: Kinds that answer with numbers or a card's lines, not a rule's words: the first of them gets
#: the question's best rules beside it (`Rules._rules_beside`), at most this many.
NUMBERS = ("table", "row", "fact", "card")
RULES_BESIDE = 2
#: Most results one search returns, whatever ``limit`` asks.
MAX_LIMIT = 100
#: Longest question read (characters); the rest is ignored.
MAX_QUESTION = 400


class Rules:
    """The rules index prepared for searching (see the module docstring).

    Raises `generator.rulesearch.index.IndexError_` when ``index_data`` is not a rules index."""

    def __init__(self, index_data: dict):
        self.index = RulesIndex(index_data)
        #: entry id -> the entry that shows it among its items or rows (section, rule, table)
        self.parent: dict[str, str] = {}
        for entry in self.index.entries:
            for child in entry.get("children") or ():
                self.parent.setdefault(child, entry["id"])

    @property
    def games(self) -> dict:
        """``{game id: title}`` of the games the index holds."""
        return {gid: g.get("title", gid) for gid, g in self.index.games.items()}

    @property
    def variants(self) -> dict:
        """``{game id: {variant id: title}}``: what the search can be narrowed to."""
        return {gid: {v["id"]: v["title"] for v in g.get("variants") or ()} for gid, g in self.index.games.items()}

    def search(self, question: str, game: str | None = None, limit: int = 10, variant: str | None = None) -> list[dict]:
        """The entries answering ``question`` (players' words), best first, at most ``limit``;
        only ``game``'s when given, only those of ``variant`` (with what it builds on) and of no
        variant when given (`index.RulesIndex.search`). An entry shown inside a better one (a rule in a section, a
        sub-rule in its rule, a row in its table) is left out, and so is a table row after a
        better row of the same table, or a result of the same title and source as a better one. An empty or stopword-only question
        gives [], and so does one the rules do not speak of ("pizza recipe": fewer than
        `index.ON_TOPIC` of its words are the rules'): say `no_answer` then."""
        question = str(question)[:MAX_QUESTION]
        limit = max(0, min(int(limit), MAX_LIMIT))
        found = self.index.search(question, game or None, limit * 3, variant or None)
        shown: set[str] = set()
        results = []
        tables: set[str | None] = set()
        titles: set[tuple[str, str]] = set()
        for entry, score, extra in found:
            if self._inside(entry["id"], shown):
                continue  # its parent, shown above, already holds it
            if entry["kind"] == "row" and entry.get("table") in tables:
                continue  # another row of its table is shown: the same title again says nothing new
            result = self._result(entry, score, extra)
            if result["title"] and (result["title"], result["cite"]) in titles:
                continue  # a section after its own untitled rule: the same title and source again
            titles.add((result["title"], result["cite"]))
            shown.add(entry["id"])
            if entry["kind"] == "row":
                tables.add(entry.get("table"))
            results.append(result)
            if len(results) == limit:
                break
        if results and results[0]["kind"] in NUMBERS:
            self._rules_beside(results[0], found)
        return results

    def _rules_beside(self, first: dict, found: list) -> None:
        """A table, fact or card answering first gets the best-matching rules of the question
        as its first related entries (`RULES_BESIDE` at most): "what happens if my xeno conquest
        attack fails" is answered by the strengths table, with the rule that says where the
        failed system goes one tap away, not three answers down the page."""
        beside = [
            entry
            for entry, _score, _extra in found
            if entry["kind"] in ("rule", "ruling", "section") and entry["id"] != first["id"]
        ][:RULES_BESIDE]
        known = {r["id"] for r in first.get("related") or []}
        added = [self._result(e, None, {}, related=False) for e in beside if e["id"] not in known]
        if added:
            first["related"] = added + list(first.get("related") or [])

    def closest(self, question: str, game: str | None = None, limit: int = 3, variant: str | None = None) -> list[dict]:
        """When `search` gives nothing: the sections nearest to the words of ``question`` that
        the rules hold as typed (no spelling guesses), searched alone ("how to fix a flat tyre"
        -> the repair rules, from "fix"); [] when the rules hold none of its words ("pizza
        recipe")."""
        index = self.index
        query = index.parse(str(question)[:MAX_QUESTION])
        held = [
            c.typed
            for c in query.concepts
            if any(not alt.guess and all(t in index.postings for t in alt.terms) for alt in c.alternatives)
        ]
        if not held:
            return []
        return self.search(" ".join(held), game, limit, variant)

    def no_answer(self, question: str, game: str | None = None) -> str:
        """What to say when `search` gives nothing (the command line and the page say the same):
        ``no rule matches 'pizza recipe'; try words such as invasion card, Fame Point, ...``,
        the words being a few of the games' own (their synonyms' meanings), ``game``'s only
        when given."""
        question = " ".join(str(question).split())
        shown = question if len(question) <= 80 else question[:77] + "..."
        words = self.words_to_try(game)
        return f"no rule matches '{shown}'" + (
            f"; try words such as {', '.join(words)}" if words else " (try other words, or fewer)"
        )

    def words_to_try(self, game: str | None = None, most: int = 4) -> list[str]:
        """Up to ``most`` of the games' own words (what their synonyms mean: 'Galactic
        Renaissance', 'Fame Point'), taken from each game in turn, none sharing a word with
        another; ``game``'s only when given."""
        # each term once, in content order (however many words players have for it)
        lists = [
            list(dict.fromkeys(str(term) for _also, term in g.get("synonyms") or []))
            for gid, g in self.index.games.items()
            if game in (None, gid)
        ]
        out: list[str] = []
        used: set[str] = set()
        for i in range(max(map(len, lists), default=0)):
            for terms in lists:
                if i < len(terms) and len(out) < most and not used & set(terms[i].casefold().split()):
                    out.append(terms[i])
                    used |= set(terms[i].casefold().split())
        return out

    def _inside(self, entry_id: str, shown: set[str]) -> bool:
        parent = self.parent.get(entry_id)
        while parent is not None:
            if parent in shown:
                return True
            parent = self.parent.get(parent)
        return False

    def entry(self, entry_id: str) -> dict | None:
        """One entry by id, as a result without ``score``; None when the index has no such id."""
        entry = self.index.by_id.get(entry_id)
        return None if entry is None else self._result(entry, None, {})

    def card(self, name: str, game: str | None = None) -> dict | None:
        """The card entry named ``name`` (case and spacing as typed at the table do not
        matter), or None."""
        wanted = " ".join(str(name).split()).casefold()
        for entry in self.index.entries:
            if (
                entry["kind"] == "card"
                and (game is None or entry["game"] == game)
                and entry.get("name", "").casefold() == wanted
            ):
                return self._result(entry, None, {})
        return None

    # --- the result shape ------------------------------------------------------------------

    def _result(self, entry: dict, score: float | None, extra: dict, related: bool = True) -> dict:
        kind = entry["kind"]
        title, context = _title(entry)
        text = entry.get("text") or ""
        if kind == "fact" and text and not any(c.isalpha() for c in text):
            text = f"{title}: {text}"  # "1" or "2: 33; 3: 42" alone answers nothing
        if kind in ("section", "rule") and context:
            # the document says which game and part: "Xeno Counterstrike, Counterstrike Game: Game End"
            title = f"{context.pop(0).replace(' - ', ', ')}: {title}"
        out = {
            "id": entry["id"],
            "game": entry["game"],
            "kind": kind,
            "title": title,
            "text": text,
            "source": entry.get("source") or "",
        }
        if entry.get("part"):
            out["part"] = entry["part"]
        if score is not None:
            out["score"] = round(score, 3)
        if not context and kind in ("fact", "table") and entry.get("part"):
            context = [entry["part"]]  # where it stands: "Frontier Game"
        if context:
            out["context"] = context
        source_id, _, heading = out["source"].partition(": ")
        game = self.index.games.get(entry["game"], {})
        source_title = game.get("sources", {}).get(source_id)
        if source_title:
            out["source_title"] = source_title
        out["cite"] = _cite(source_title, heading, entry.get("part"), source_id in (game.get("rulebooks") or ()))
        if kind == "ruling":
            out["ruling"] = out["text"]
            out["reason"] = entry.get("detail") or ""
        elif kind == "card":
            out["card"] = entry.get("card") or {}
            if entry.get("set"):
                out["context"] = [entry["set"]]
            if entry.get("detail"):
                out["detail"] = entry["detail"]
        elif kind == "table":
            out["columns"] = entry.get("columns") or []
            out["rows"] = entry.get("rows") or []
            if entry.get("notes"):
                out["notes"] = entry["notes"]
        elif kind == "row" and entry.get("detail"):
            out["detail"] = entry["detail"]
        elif kind == "fact" and entry.get("detail"):
            out["detail"] = entry["detail"]
        if kind in ("section", "rule") and entry.get("children"):
            out["items"] = self._items(entry["children"])
            if extra.get("best") is not None and extra["best"] < len(out["items"]):
                out["items"][extra["best"]]["best"] = True  # the item that answers: shown first
        if extra.get("answer"):
            out["answer"] = extra["answer"]
        out["printed"] = entry.get("printed") or []
        if kind == "row" and related and entry.get("table") in self.index.by_id:
            out["related"] = [self._result(self.index.by_id[entry["table"]], None, {}, related=False)]
        elif related and entry.get("related"):
            out["related"] = [
                self._result(self.index.by_id[r], None, {}, related=False)
                for r in entry["related"]
                if r in self.index.by_id
            ]
        return out

    def _items(self, ids: list[str], depth: int = 0) -> list[dict]:
        items = []
        for child_id in ids:
            child = self.index.by_id.get(child_id)
            if child is None:
                continue
            item = {"id": child_id, "text": child.get("text") or ""}
            if child.get("name"):
                item["title"] = child["name"]
            if child.get("children") and depth < 8:
                item["items"] = self._items(child["children"], depth + 1)
            items.append(item)
        return items


def _cite(source_title: str | None, heading: str, part: str | None, rulebook: bool) -> str:
    """The source as players read it, without ids or file paths: "Race for the Galaxy: Xeno
    Counterstrike rulebook, Counterstrike Game > Game End" (the part where the document names
    one), a reference by its title only ("Board Game Arena adaptation of ...")."""
    if not source_title:
        return heading
    if not rulebook:
        return source_title
    if part and heading and not heading.casefold().startswith(part.casefold()):
        return f"{source_title}, {part} > {heading}"
    return f"{source_title}, {heading}" if heading else source_title


#: A rule's label that only numbers or marks it in its list ("3.", "4b)", "(a)", "•"): shown
#: before the item in its section, but no title for a result standing alone.
_LIST_MARKER = re.compile(r"\(?(?:\d+[a-z]?|[a-z])[.):]?|[-•*·–]")


def _title(entry: dict) -> tuple[str, list[str]]:
    """(title, context) of an entry as a result: its name, else the last heading of its context
    (a rule without a label is titled by the item or section it stands in). A list marker
    ("3.") is no title: the heading above it is, with the step's number ("Solo round end, step
    3"), and that heading leaves the context."""
    context = list(entry.get("context") or [])
    path = context + ([entry["name"]] if entry.get("name") else [])
    if not path:
        return "", []
    title = path.pop()
    if entry["kind"] in ("rule", "section") and _LIST_MARKER.fullmatch(title.strip()):
        steps = [title]
        while path and _LIST_MARKER.fullmatch(path[-1].strip()):
            steps.insert(0, path.pop())  # "a." under "4.": step 4a
        step = "".join(s.strip().strip("().:") for s in steps)
        heading = path.pop() if path else ""
        if step.isalnum() and heading:
            title = f"{heading}, step {step}"
        elif heading:
            title = heading
    return title, path
