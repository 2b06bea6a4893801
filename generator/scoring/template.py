"""Message and explanation templates of the scoring model: ``{name}`` placeholders filled from
named values, nothing else (no attribute access, no format language beyond ``{name:+d}``), so
a template in content can show values but never run anything. Standard library only."""

from __future__ import annotations

import re

_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)(?::(\+?d))?\}")


def shown(value) -> str:
    """A value as a message shows it: ``true``/``false`` as written in a record, lists joined
    with commas, None as ``none``."""
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "none"
    if isinstance(value, (list, tuple)):
        return ", ".join(shown(v) for v in value)
    return str(value)


def fill(template: str, values) -> str:
    """``template`` with each ``{name}`` replaced by ``values[name]`` (`shown`) and
    ``{name:+d}`` by the signed whole number; an unknown name stays as written, so a typo shows
    in the message instead of failing the score (content validation reports it)."""
    if "{" not in template:
        return template

    def put(match: re.Match) -> str:
        name, spec = match.group(1), match.group(2)
        if name not in values:
            return match.group(0)
        value = values[name]
        if spec and isinstance(value, int) and not isinstance(value, bool):
            return format(value, spec)
        return shown(value)
    return _PLACEHOLDER.sub(put, template)


def placeholders(template: str) -> list[str]:
    """The names a template fills, in order (content validation checks they are known)."""
    return [m.group(1) for m in _PLACEHOLDER.finditer(template)]
