"""Cross-checks of a scoring model's text templates (a component's ``why``, a check's
``message``, a reworded built-in finding, an entered value's ``missing_message``): every
``{name}`` names a value that template is filled from, and no placeholder uses what the
template engine (`generator.scoring.template`) does not do (``{x.attr}``, ``{x[0]}``,
``{x:>9}``, ``{{...}}``): at the table such a placeholder is shown as written, braces and all.
Each problem is located at the placeholder's own column in the file, with did-you-mean."""

from __future__ import annotations

import dataclasses
import re

from generator.checks.scoring_formulas import RESERVED, file_column, model_names
from generator.content.scoring_model import Scoring
from generator.errors import Problem, did_you_mean
from generator.scoring.template import fill

#: One brace pair with no brace inside; what it holds is judged by `_judge`.
_BRACES = re.compile(r"\{([^{}]*)\}")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
#: What a name followed by one of these means in Python's str.format, which the engine does not do.
_DOUBLED = " (a message shows them as written)"
_UNSUPPORTED = {".": "attribute access", "[": "indexing", ":": "a format spec", "!": "a conversion"}

#: Names a reworded built-in finding is filled from besides those its default text shows
#: (the values `generator.scoring.pad` passes with each code).
_MESSAGE_EXTRAS = {
    "claimed_total": {"player"},
    "field_not_applicable": {"player"},
    "record_field_not_applicable": {"variant"},
    "ended_by": {"variant"},
}


def check_templates(content, doc: Scoring, loc) -> list[Problem]:
    """Every template problem of ``doc`` (a ``kind: scoring`` document located by ``loc``)."""
    from generator.scoring.mechanisms import mechanism_names
    from generator.scoring.messages import MESSAGES
    from generator.scoring.template import placeholders

    mechanisms = set()
    for name in doc.mechanisms:
        mechanisms |= mechanism_names().get(name, set())
    player_scope = model_names(doc) | mechanisms
    constants = set(doc.constants) | {k for v in doc.variants for k in v.constants}
    game_scope = set(RESERVED) | constants | {e.id for e in doc.record_entered} | mechanisms
    problems: list[Problem] = []

    def scan(path: tuple, text, scope: set, what: str) -> None:
        if isinstance(text, str) and "{" in text:
            problems.extend(_template_problems(content, loc, path, text, scope, what))

    for key in ("measures", "components"):
        for i, f in enumerate(getattr(doc, key)):
            if isinstance(f.why, str):
                scan((key, i, "why"), f.why, player_scope, f"{key[:-1]} '{f.id}' why")
            else:
                for j, w in enumerate(f.why):
                    scan((key, i, "why", j, "text"), w.text, player_scope, f"{key[:-1]} '{f.id}' why")
    for key, scope, what in (("checks", game_scope, "check"), ("player_checks", player_scope, "player check")):
        for i, c in enumerate(getattr(doc, key)):
            local = scope | set(c.values or {}) | ({"index"} if key == "player_checks" else set())
            scan((key, i, "message"), c.message, local, f"{what} '{c.id}' message")
    for code, message in doc.messages.items():
        if code in MESSAGES and message.text is not None:
            scope = set(placeholders(MESSAGES[code])) | _MESSAGE_EXTRAS.get(code, set()) | set(message.values or {})
            scan(("messages", code, "text"), message.text, scope, f"message '{code}'")
    for key, scope in (("entered", {"field", "player", "default"}), ("record_entered", {"field", "value"})):
        for i, e in enumerate(getattr(doc, key)):
            scan(
                (key, i, "missing_message"),
                e.missing_message,
                scope,
                f"{key.replace('_', ' ')} '{e.id}' missing_message",
            )
    return problems


def _template_problems(content, loc, path: tuple, text: str, scope: set, what: str) -> list[Problem]:

    out = []
    for match in _BRACES.finditer(text):
        found = _judge(text, match, scope, what)
        if found is None:
            continue
        message, hint = found
        start = match.start() - 1 if message.endswith(_DOUBLED) else match.start()  # at the first brace
        problem = loc.problem(path, message, hint)
        if problem.line:
            column = file_column(content, loc, path, problem.line, problem.column, start + 1)
            problem = dataclasses.replace(problem, column=column)
        out.append(problem)
    return out


def _judge(text: str, match, scope: set, what: str):
    """(message, hint) for a brace pair that is a problem, None for one that is fine (a known
    ``{name}``, or braces around what is not a name, such as ``{a, b}``, shown as written)."""
    written, inner = match.group(0), match.group(1)
    doubled = match.start() > 0 and text[match.start() - 1] == "{" and text[match.end() : match.end() + 1] == "}"
    if doubled:
        return (
            f"{what}: '{{{written}}}': double braces are neither an escape nor an expression in a template{_DOUBLED}",
            "write {name} to show a value, or leave the braces out",
        )
    name = _NAME.match(inner)
    if name is None:
        return None
    rest = inner[name.end() :]
    key = rest[1:].split(":")[0]
    if rest[:1] == "." and _NAME.fullmatch(key) and not key.startswith("_") and name.group(0) in scope:
        return None  # {left.shields}: a key of a mapping the formula's scope holds
    if rest and rest[0] in _UNSUPPORTED and fill(written, {name.group(0): 1}) == written:
        return (
            f"{what}: placeholder '{written}' uses {_UNSUPPORTED[rest[0]]}, which templates do not "
            f"do (it would be shown as written)",
            f"write '{{{name.group(0)}}}' (or '{{{name.group(0)}:+d}}' for a signed whole number)",
        )
    if rest and rest[0] not in _UNSUPPORTED:
        return None  # e.g. "{a, b}": text in braces, not a placeholder
    if name.group(0) in scope:
        return None
    hint = did_you_mean(name.group(0), sorted(scope)) + f"names it may show: {', '.join(sorted(scope))}"
    return (f"{what}: unknown placeholder '{written}' (it would be shown as written)", hint)
