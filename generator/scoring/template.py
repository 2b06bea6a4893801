"""Message and explanation templates of the scoring model: ``{name}`` placeholders filled from
named values, ``{name.key}`` from a key of a named mapping (a neighbour's value: ``{left.shields}``),
nothing else (no attribute access, no format language beyond ``{name:+d}``), so a template in
content can show values but never run anything. Standard library only."""

from __future__ import annotations

import re

from generator.scoring.record.written import as_written, as_written_cut

#: The most characters one placeholder fills in (the value's text is cut to it, ``...`` at the
#: end) and the most a filled message holds (cut the same way): a template of 4,000 ``{big}``
#: over a 99,999-character text filled 400 MB. The shipped messages fill at most a few hundred.
PLACEHOLDER_MOST = 4_000
MESSAGE_MOST = 10_000

_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)?)(?::(\+?d))?\}")
_ABSENT = object()


def _value(values, name: str):
    """``values[name]``, or for ``a.b`` the key ``b`` of mapping ``values[a]``; `_ABSENT` when
    there is none."""
    if "." not in name:
        return values[name] if name in values else _ABSENT
    head, key = name.split(".", 1)
    holder = values[head] if head in values else None
    return holder.get(key, _ABSENT) if isinstance(holder, dict) else _ABSENT


def shown(value, most: int | None = None) -> str:
    """A value as a message shows it: ``true``/``false`` as written in a record, lists joined
    with commas, None as ``none``, a mapping (or a list in the list) as the record writes it
    (``{card: X, vp: 2}``, `written.as_written`). ``most``: cut to that many characters
    (``...`` ends a longer one), built only that far (a list of 100,000 texts costs what its
    first ``most`` characters cost)."""
    if value.__class__ is str:
        return value if most is None or len(value) <= most else value[: most - 3] + "..."
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "none"
    if isinstance(value, (list, tuple)):
        if most is None:
            return ", ".join(as_written(v) if isinstance(v, (list, tuple, dict)) else shown(v) for v in value)
        out, size = [], 0
        for i, v in enumerate(value):
            piece = as_written_cut(v, most) if isinstance(v, (list, tuple, dict)) else shown(v, most)
            out.append(piece if not i else ", " + piece)
            size += len(out[-1])
            if size > most:
                return "".join(out)[: most - 3] + "..."
        return "".join(out)
    if isinstance(value, dict):
        return as_written(value) if most is None else as_written_cut(value, most)
    return str(value)


def fill(template: str, values, budget=None) -> str:
    """``template`` with each ``{name}`` replaced by ``values[name]`` (`shown`) and
    ``{name:+d}`` by the signed whole number; an unknown name stays as written, so a typo shows
    in the message instead of failing the score (content validation reports it). Bounded: a
    placeholder fills at most `PLACEHOLDER_MOST` characters and the message is cut at
    `MESSAGE_MOST` (``...`` ends what was cut), each piece built only that far. ``budget``
    (`expressions.Budget`): spends a step per 64 characters, as printing a value does (raises
    `ExpressionError` past it)."""
    if "{" not in template:
        return template if len(template) <= MESSAGE_MOST else template[: MESSAGE_MOST - 3] + "..."
    first, placeholders = _parsed(template)
    out = [first]
    size = len(first)
    for name, spec, written, after in placeholders:
        if size > MESSAGE_MOST:
            break
        value = _value(values, name)
        if value is _ABSENT:
            piece = written
        else:
            if spec and isinstance(value, int) and not isinstance(value, bool):
                piece = format(value, spec)
            else:
                piece = shown(value, PLACEHOLDER_MOST)
        if budget is not None:
            budget.spend(1 + (len(piece) + len(after)) // 64)
        out.append(piece)
        out.append(after)
        size += len(piece) + len(after)
    text = "".join(out)
    return text if size <= MESSAGE_MOST else text[: MESSAGE_MOST - 3] + "..."


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
            assert match is not None  # split() found a placeholder here
            placeholders.append((pieces[i], pieces[i + 1], match.group(0), pieces[i + 2]))
            at = match.end() + len(pieces[i + 2])
        if len(_PARSED) >= _MOST:
            _PARSED.clear()
        found = _PARSED[template] = (pieces[0], placeholders)
    return found


def placeholders(template: str) -> list[str]:
    """The names a template fills, in order (content validation checks they are known)."""
    return [m.group(1) for m in _PLACEHOLDER.finditer(template)]
