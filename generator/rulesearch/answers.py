"""Answers for the player count asked: "repulse value 4 players" is answered by the row for 4 of
the repulse table (Repulse 33), the 4p column of a table with a column per count, or the value for
4 of a fact keyed by player count.

Which tables and facts are keyed by player count is content (the game's ``kind: vocabulary``
``player_count``: the key of a per-count column, the label of per-count columns such as ``{n}p``,
and the facts); this module only reads it from the index's ``games``.
"""

from __future__ import annotations

#: Score factors when a question names a player count: an entry with the value for that count
#: rises, a row for another count sinks, entries not keyed by player count stay as they are.
FITS = 1.5
OTHER_COUNT = 0.5


class PlayerCounts:
    """The entries keyed by player count, and the answer each gives for a count."""

    def __init__(self, games: dict, entries: list[dict]):
        self.config = {g: info.get("player_count") or {} for g, info in games.items()}
        self.entries = entries
        self.by_id = {e["id"]: e for e in entries}
        self.keyed: list[int] = [i for i, e in enumerate(entries) if self._keyed(e)]

    def _keyed(self, entry: dict) -> bool:
        config = self.config.get(entry["game"], {})
        if entry["kind"] == "fact":
            return entry["id"].split(":fact/", 1)[-1] in (config.get("facts") or ())
        if entry["kind"] == "table":
            return self._count_column(entry, config) is not None or bool(self._count_labels(entry, config))
        return False

    @staticmethod
    def _count_column(table: dict, config: dict) -> int | None:
        column = config.get("column")
        keys = table.get("keys") or []
        return keys.index(column) if column and column in keys else None

    @staticmethod
    def _count_labels(table: dict, config: dict) -> dict[int, int]:
        """{player count: column index} of the columns labelled per count ('{n}p')."""
        pattern = config.get("column_label")
        if not pattern:
            return {}
        before, _, after = pattern.partition("{n}")
        found = {}
        for j, label in enumerate(table.get("columns") or []):
            middle = label[len(before) : len(label) - len(after)] if after else label[len(before) :]
            if label.startswith(before) and label.endswith(after) and middle.isdigit():
                found[int(middle)] = j
        return found

    def keyed_entries(self, game: str | None) -> list[int]:
        """Indexes of the tables and facts keyed by player count (of ``game`` when given)."""
        out = []
        for i in self.keyed:
            entry = self.entries[i]
            if game is None or entry["game"] == game:
                out.append(i)
        return out

    def fit(self, entry: dict, count: int) -> tuple[float, dict | None]:
        """(score factor, answer) of ``entry`` for a question about ``count`` players. The
        answer is ``{"players", "text", "cells"?: [[label, value]]}`` (cells without the player
        count's own column), and for a table with a row per count ``row``, that row's index."""
        config = self.config.get(entry["game"], {})
        kind = entry["kind"]
        if kind == "fact" and entry["id"].split(":fact/", 1)[-1] in (config.get("facts") or ()):
            value = entry.get("value")
            if isinstance(value, dict) and str(count) in {str(k) for k in value}:
                found = next(v for k, v in value.items() if str(k) == str(count))
                return FITS, {"players": count, "text": _text(found)}
            return OTHER_COUNT, None
        if kind == "table":
            return self._table(entry, config, count)
        if kind == "row":
            table = self._table_of(entry)
            if table is None:
                return 1.0, None
            column = self._count_column(table, config)
            if column is not None:
                value = (entry.get("values") or {}).get(table["keys"][column])
                if str(value) == str(count):
                    label = (table.get("columns") or [])[column]
                    cells = [c for c in entry.get("cells") or [] if c[0] != label]
                    return FITS, {"players": count, "text": "; ".join(f"{c}: {v}" for c, v in cells), "cells": cells}
                return OTHER_COUNT, None
            labels = self._count_labels(table, config)
            if count in labels:
                value = (entry.get("values") or {}).get(table["keys"][labels[count]])
                return FITS, {"players": count, "text": _text(value)}
        return 1.0, None

    def _table_of(self, row: dict) -> dict | None:
        table = self.by_id.get(row.get("table"))
        return table if table is not None and table["kind"] == "table" else None

    def _table(self, table: dict, config: dict, count: int) -> tuple[float, dict | None]:
        column = self._count_column(table, config)
        labels = self._count_labels(table, config)
        columns = table.get("columns") or []
        if column is not None:
            for row, cells in enumerate(table.get("rows") or []):
                if cells[column] == str(count):
                    pairs = [[c, v] for j, (c, v) in enumerate(zip(columns, cells)) if v != "" and j != column]
                    text = "; ".join(f"{c}: {v}" for c, v in pairs)
                    return FITS, {"players": count, "text": text, "cells": pairs, "row": row}
            return OTHER_COUNT, None
        if count in labels:
            j = labels[count]
            pairs = [[cells[0], cells[j]] for cells in table.get("rows") or []]
            text = "; ".join(f"{c}: {v}" for c, v in pairs)
            return FITS, {"players": count, "text": text, "cells": pairs}
        if labels:
            return OTHER_COUNT, None
        return 1.0, None


def _text(value) -> str:
    if isinstance(value, list):
        return ", ".join(_text(v) for v in value)
    if isinstance(value, dict):
        return "; ".join(f"{k}: {_text(v)}" for k, v in value.items())
    return str(value)
