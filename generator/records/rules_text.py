"""Rules search results as text for the terminal (`playaid rules`): each answer with its kind,
where it stands, what it says (a ruling's reason, a table's row for the player count asked, a
card's powers and scoring lines; the item of a section that answers marked »), its source, the
related rules and the aids it is printed on."""

from __future__ import annotations

import shutil
import textwrap

INDENT = "    "


def render(results: list[dict], games: dict[str, str], width: int | None = None) -> str:
    """The text of ``results`` (`generator.rulesearch.api` results), numbered best first,
    wrapped to ``width`` columns (the terminal's, at most 100, when None)."""
    if width is None:
        width = min(shutil.get_terminal_size((100, 24)).columns, 100)
    several_games = len({r["game"] for r in results}) > 1
    blocks = []
    for n, result in enumerate(results, 1):
        lines = [_heading(n, result, games if several_games else None)]
        lines += _body(result, width)
        lines += _wrap(_source(result), width, INDENT, INDENT + "  ")
        for other in result.get("related") or []:
            if other["kind"] != "table":  # a table's rules (a related table is shown in full on the page)
                lines += _wrap(f"see also: {other['title']}", width, INDENT, INDENT + "  ")
        printed = _printed(result)
        if printed:
            lines += _wrap(f"printed on: {printed}", width, INDENT, INDENT + "  ")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"


def _heading(n: int, result: dict, games: dict[str, str] | None) -> str:
    where = " › ".join(result.get("context") or [])
    title = result["title"]
    if result["kind"] == "ruling":
        title = f"Ruling: {title}"
    parts = [f"{n}. {title}", f"[{result['kind']}]"]
    if where:
        parts.insert(1, f"({where})")
    if games:
        parts.append(games.get(result["game"], result["game"]))
    return " ".join(parts)


def _body(result: dict, width: int) -> list[str]:
    kind = result["kind"]
    lines: list[str] = []
    if result.get("answer"):
        answer = result["answer"]
        lines += _wrap(f"{answer['players']} players: {answer['text']}", width, INDENT)
    if kind == "ruling":
        lines += _wrap(result["ruling"], width, INDENT)
        if result.get("reason"):
            lines += _wrap(f"Why: {result['reason']}", width, INDENT, INDENT + "  ")
    elif kind == "table":
        if not result.get("answer"):
            lines += _table(result, width)
    elif result["text"] and not (kind == "row" and result.get("answer")):
        lines += _wrap(result["text"], width, INDENT)
    if result.get("detail"):
        lines += _wrap(result["detail"], width, INDENT)
    for item in result.get("items") or []:
        lines += _item(item, width, INDENT)
    return lines


def _item(item: dict, width: int, indent: str) -> list[str]:
    label = f"{item['title']}: " if item.get("title") else ""
    mark = "»" if item.get("best") else "-"  # the item that answers the question
    lines = _wrap(f"{mark} {label}{item['text']}", width, indent, indent + "  ")
    for sub in item.get("items") or []:
        lines += _item(sub, width, indent + "  ")
    return lines


def _table(result: dict, width: int) -> list[str]:
    columns = result.get("columns") or []
    rows = result.get("rows") or []
    sizes = [max([len(c)] + [len(r[i]) for r in rows if i < len(r)]) for i, c in enumerate(columns)]
    out = []
    for cells in [columns] + rows:
        line = INDENT + "  ".join(cell.ljust(size) for cell, size in zip(cells, sizes)).rstrip()
        out.append(line if len(line) <= width else line[: width - 1] + "…")
    return out


def _source(result: dict) -> str:
    return f"source: {result.get('cite') or result.get('source') or '(no source)'}"


def _printed(result: dict) -> str:
    places = []
    for p in result.get("printed") or []:
        where = p.get("side") or p.get("face")
        places.append(f"{p['title']} ({p['aid']}.pdf, {where})")
    return "; ".join(places)


def _wrap(text: str, width: int, indent: str, subsequent: str | None = None) -> list[str]:
    return textwrap.wrap(
        text,
        max(width, 40),
        initial_indent=indent,
        subsequent_indent=subsequent if subsequent is not None else indent,
        break_on_hyphens=False,
    ) or [indent.rstrip()]
