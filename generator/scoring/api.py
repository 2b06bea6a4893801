"""The scoring core's entry points, the same for the command line and the web page (Pyodide).

``score(record, rules)`` takes a record (a plain mapping shaped like the YAML record) and the
compiled rules (`generator.compile.compile_rules`, plain JSON) and returns the report object, exactly what
`playaid score --json` prints (which adds file, line and column from the YAML it read). A record
that cannot be scored gives ``{"ok": false, "game": ..., "errors": [{path, field, message, hint}]}``;
a scored one ``{"ok": true, ...}`` with its findings. Every game content declares a scoring
model for (``kind: scoring``) is scored the same way (`generator.scoring.pad`): a record's
``game:`` is the model's ``record`` word. Nothing here reads files or prints. Standard library only.
"""

from __future__ import annotations

from generator.scoring.model import ModelInvalid
from generator.scoring.record import written
from generator.scoring.record.validate import RecordInvalid, problem


def record_games(rules: dict) -> dict[str, str]:
    """``game:`` words records may use -> the content game whose scoring model scores them
    (``{"rftg": "rftg", "xia-campaign": "xia"}``), in content order."""
    out = {}
    for game_id, game in (rules.get("games") or {}).items():
        scoring = game.get("scoring") if isinstance(game, dict) else None
        if isinstance(scoring, dict):
            out[scoring.get("record") or game_id] = game_id
    return out


class Engine:
    """The rules prepared once for many records: one `Pad` per game, built on first use.

    ``rules``: the compiled rules ``{"format", "content_version", "games": {...}}``."""

    def __init__(self, rules: dict):
        self.rules = rules
        self.games = record_games(rules)
        self._built: dict[str, object] = {}

    def game_rules(self, game_id: str) -> dict:
        """The compiled rules of one content game; KeyError naming it when absent."""
        try:
            return self.rules["games"][game_id]
        except KeyError:
            raise KeyError(f"the compiled rules hold no '{game_id}' game (is content/{game_id} present?)") from None

    def built(self, record_game: str):
        """The `Pad` for a record's ``game:`` word (raises `ModelInvalid`, KeyError)."""
        if record_game not in self._built:
            from generator.scoring.game_pad import pad_for

            self._built[record_game] = pad_for(self.game_rules(self.games[record_game]))
        return self._built[record_game]

    def score(self, record) -> dict:
        """The report object for one record (see the module docstring)."""
        game = record.get("game") if isinstance(record, dict) else None
        if isinstance(game, str):  # typed at the table: "RFTG", "Xia campaign"
            game = "-".join(game.replace("_", " ").split()).casefold()
            record = {**record, "game": game}
        words = ", ".join(self.games) or "none: content declares no scoring model"
        if not isinstance(record, dict):
            return _unreadable(
                None,
                [
                    problem(
                        (), "a score record must be a mapping", f"start with `game:`, one of {words}, then its fields"
                    )
                ],
            )
        if not isinstance(game, str) or game not in self.games:
            shown = written.shown(game)
            message = "missing field 'game'" if "game" not in record else f"no scorer for game {shown}"
            return _unreadable(None, [problem(("game",), message, f"use one of: {words}")])
        try:
            pad = self.built(game)
            return pad.score(pad.parse(record))
        except RecordInvalid as exc:
            return _unreadable(game, exc.problems)
        except KeyError as exc:  # the content has no such game
            return _unreadable(
                game,
                [
                    problem(
                        ("game",),
                        str(exc.args[0] if exc.args else exc),
                        f"pass --content with a folder that holds {self.games[game]}/game.yaml",
                    )
                ],
            )
        except ModelInvalid as exc:  # compiled rules unusable: a content problem, said plainly
            found = problem(
                (),
                f"the scoring model cannot score this record: {exc}",
                f"a content error, not the record's: fix the formula in "
                f"{self.games[game]}/scoring.yaml of the content folder "
                f"(`playaid check` tries each formula on an empty record and on one with "
                f"every value at its highest only)",
            )
            # where in the game's `kind: scoring` document (a command line locates it in its file)
            found["model"] = {"game": self.games[game], "path": list(exc.path), "column": exc.column}
            return _unreadable(game, [found])


def _unreadable(game, problems: list[dict]) -> dict:
    return {"ok": False, "game": game, "errors": problems}


_LAST: list[Engine] = []


def engine(rules: dict) -> Engine:
    """The `Engine` for a rules object: the last one made, when it was made for this very object
    (a batch or a page scores many records with one rules object), else a new one."""
    if not _LAST or _LAST[0].rules is not rules:
        _LAST[:] = [Engine(rules)]
    return _LAST[0]


def score(record, rules: dict) -> dict:
    """Score one record with the compiled rules; returns the report object (never raises for a
    bad record: its problems are in ``errors``)."""
    return engine(rules).score(record)


def calculate(rules: dict, game_id: str | None, calculator: str | None, rolled: int, terms: dict | None = None) -> dict:
    """A calculator content declares (`generator.scoring.calculator`; ``game_id`` None: the first
    game declaring one, ``calculator`` None: its first) as a dict (`Roll.to_dict`, plus ``ok:
    true``); a bad roll or count gives ``{"ok": false, "errors": [{path: [the die's id] or
    [term], field, message, hint}]}`` and rules content cannot serve the same with an empty path."""
    from generator.scoring.calculator import RollInvalid, RollRulesInvalid, calculators, npc_roll

    try:
        if game_id is None:
            game_id = next((g for g, rules_of in (rules.get("games") or {}).items() if calculators(rules_of)), None)
            if game_id is None:
                raise RollRulesInvalid("content declares no calculator (`calculators:` in a game's scoring.yaml)")
        result = npc_roll(engine(rules).game_rules(game_id), rolled, terms or {}, calculator)
    except RollInvalid as exc:
        return {"ok": False, "errors": [problem((exc.field,) if exc.field else (), str(exc))]}
    except (RollRulesInvalid, KeyError) as exc:
        return {"ok": False, "errors": [problem((), str(exc.args[0] if exc.args else exc))]}
    return {"ok": True, **result.to_dict()}
