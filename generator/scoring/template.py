"""Message and explanation templates of the scoring model: ``{name}`` placeholders filled from
named values, nothing else (no attribute access, no format language beyond ``{name:+d}``), so
a template in content can show values but never run anything. Standard library only."""

from __future__ import annotations

import re

from generator.scoring.written import as_written

_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)(?::(\+?d))?\}")


def shown(value) -> str:
    """A value as a message shows it: ``true``/``false`` as written in a record, lists joined
    with commas, None as ``none``, a mapping (or a list in the list) as the record writes it
    (``{card: X, vp: 2}``, `written.as_written`)."""
    if value.__class__ is str:
        return value
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "none"
    if isinstance(value, (list, tuple)):
        return ", ".join(as_written(v) if isinstance(v, (list, tuple, dict)) else shown(v) for v in value)
    if isinstance(value, dict):
        return as_written(value)
    return str(value)


def fill(template: str, values) -> str:
    """``template`` with each ``{name}`` replaced by ``values[name]`` (`shown`) and
    ``{name:+d}`` by the signed whole number; an unknown name stays as written, so a typo shows
    in the message instead of failing the score (content validation reports it)."""
    if "{" not in template:
        return template
    first, placeholders = _parsed(template)
    out = [first]
    for name, spec, written, after in placeholders:
        if name not in values:
            out.append(written)
        else:
            value = values[name]
            if spec and isinstance(value, int) and not isinstance(value, bool):
                out.append(format(value, spec))
            else:
                out.append(shown(value))
        out.append(after)
    return "".join(out)


#: Templates split once into text and placeholders (`_parsed`); they come from content and the
#: built-in messages, a bounded set, but the cache is emptied past `_MOST` all the same.
_PARSED: dict = {}
_MOST = 1000


def _parsed(template: str) -> tuple[str, list]:
    """``(text before the first placeholder, [(name, spec, placeholder as written, text after
    it)])``, worked out once per template."""
    found = _PARSED.get(template)
    if found is None:
        pieces = _PLACEHOLDER.split(template)  # text, name, spec, text, name, spec, ..., text
        placeholders = []
        at = len(pieces[0])
        for i in range(1, len(pieces), 3):
            match = _PLACEHOLDER.match(template, at)
            placeholders.append((pieces[i], pieces[i + 1], match.group(0), pieces[i + 2]))
            at = match.end() + len(pieces[i + 2])
        if len(_PARSED) >= _MOST:
            _PARSED.clear()
        found = _PARSED[template] = (pieces[0], placeholders)
    return found


def placeholders(template: str) -> list[str]:
    """The names a template fills, in order (content validation checks they are known)."""
    return [m.group(1) for m in _PLACEHOLDER.finditer(template)]
