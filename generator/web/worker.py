"""The Python the phone page's engine runs (``web/engine-worker.js``, in Pyodide): plain JSON text
in and out, so no proxy objects cross the boundary, and nothing raised inside reaches the page (a
record that breaks the core gives an error report, never a traceback).

The worker writes the bundle's files (``data/engine.json`` ``python``, `engine_bundle`) under
``/playaid``, puts that folder on ``sys.path``, imports this module and calls `install` with the
bundle's text; then `score_json`, `calculate_json` and `rules_json` answer the page's requests,
`prepare` and `selftest` run before it says ready. Standard library only.
"""

from __future__ import annotations

import importlib
import json

_RULES: dict = {}
_SELFTEST: list = []
_index_text: str | None = None
_rules_search = None


def install(bundle_text: str) -> None:
    """Import every module of the bundle (so a memory snapshot holds them all and never needs the
    files again), keep its rules and self-test."""
    global _RULES, _SELFTEST
    bundle = json.loads(bundle_text)
    for name in bundle["python"]:
        importlib.import_module(name[:-3].replace("/", ".").removesuffix(".__init__"))
    _RULES = bundle["rules"]
    _SELFTEST = bundle["selftest"]


def _failure(message: str, hint: str = "") -> str:
    return json.dumps(
        {"ok": False, "game": None, "errors": [{"path": [], "field": "", "message": message, "hint": hint}]},
        ensure_ascii=False,
    )


def score_json(text: str) -> str:
    """The report for a record given as JSON text, as JSON text."""
    from generator.scoring import api

    try:
        record = json.loads(text)
    except ValueError as exc:  # the page checks records first; this is the last line of defence
        return _failure(f"the record is not valid JSON: {exc}", "send the record as playaid score reads it")
    except RecursionError:
        return _failure("the record is nested too deeply", "playaid records need only a few levels")
    try:
        return json.dumps(api.score(record, _RULES), ensure_ascii=False)
    except Exception as exc:  # a bug in the core: say so plainly, never a traceback
        return _failure(
            f"internal error: {type(exc).__name__}: {exc}", "please report this record; the command line gives the same"
        )


def calculate_json(request_text: str) -> str:
    """A calculator's result (`api.calculate`) as JSON text, for ``{game, calculator, roll,
    terms}`` as JSON text (``game``/``calculator`` null: the first declared)."""
    from generator.scoring import api

    try:
        request = json.loads(request_text)
        return json.dumps(
            api.calculate(
                _RULES, request.get("game"), request.get("calculator"), request.get("roll"), request.get("terms") or {}
            ),
            ensure_ascii=False,
        )
    except Exception as exc:
        return json.dumps(
            {
                "ok": False,
                "errors": [{"field": "", "message": f"internal error: {type(exc).__name__}: {exc}", "hint": ""}],
            }
        )


def prepare() -> None:
    """Build each game's prepared rules now (card index, each card's best scoring line), not on
    the first score."""
    from generator.scoring import api

    for game in api.engine(_RULES).games:
        api.engine(_RULES).built(game)


def selftest() -> str:
    """'' when every self-test record scores as the build scored it, else what differs."""
    for case in _SELFTEST:
        got = json.loads(score_json(json.dumps(case["record"])))
        if got != case["report"]:
            return f"{case['record'].get('game')}: the report differs from the build's"
    return ""


def set_index(text: str) -> None:
    """Keep the rules index's text (``data/rules-index.json``) until the first question reads it."""
    global _index_text
    _index_text = text


def rules_json(kind: str, args_text: str) -> str:
    """A rules search answer (`generator.rulesearch.api.Rules`) as JSON text."""
    global _rules_search, _index_text
    if _rules_search is None:
        from generator.rulesearch.api import Rules

        _rules_search = Rules(json.loads(_index_text or "{}"))
        _index_text = None
    args = json.loads(args_text)
    out: object
    if kind == "search":
        out = _rules_search.search(args.get("q") or "", args.get("game"), args.get("limit", 10), args.get("variant"))
    elif kind == "entry":
        out = _rules_search.entry(args.get("id") or "")
    elif kind == "card":
        out = _rules_search.card(args.get("name") or "", args.get("game"))
    elif kind == "games":
        out = _rules_search.games
    elif kind == "variants":
        out = _rules_search.variants
    elif kind == "closest":
        out = _rules_search.closest(args.get("q") or "", args.get("game"), 3, args.get("variant"))
    elif kind == "no_answer":
        out = _rules_search.no_answer(args.get("q") or "", args.get("game"))
    else:
        raise ValueError(f"unknown rules operation {kind}")
    return json.dumps(out, ensure_ascii=False)
