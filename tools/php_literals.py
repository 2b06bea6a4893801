"""Read PHP array literals (``$this->name = array(...);``) from a PHP source file, as Python data.

Board Game Arena's Race for the Galaxy keeps its card data in ``cards.inc.php`` as nested PHP
``array(...)`` literals. This is a small reader of that literal subset only -- strings, integers,
``true``/``false``/``null``, ``array(...)`` with or without keys, and the translation wrappers
``self::_("...")`` / ``clienttranslate("...")`` (read as their string). It runs nothing.

Used by tools/compare_cards.py; not part of playaid itself.
"""

from __future__ import annotations

import re
from typing import Any

_TOKEN = re.compile(
    r"""
    (?P<ws>\s+|//[^\n]*|\#[^\n]*|/\*.*?\*/)
  | (?P<str>'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")
  | (?P<num>-?\d+(?:\.\d+)?)
  | (?P<arrow>=>)
  | (?P<name>[A-Za-z_][A-Za-z_0-9]*(?:::[A-Za-z_][A-Za-z_0-9]*)?)
  | (?P<punct>[(),.\[\]])
""",
    re.VERBOSE | re.DOTALL,
)

#: Function wrappers that only mark a string for translation.
_TRANSLATE = {"self::_", "clienttranslate", "_", "totranslate"}


class PhpLiteralError(ValueError):
    """The text is not a PHP literal of the supported subset (message says where)."""


def _unquote(tok: str) -> str:
    body = tok[1:-1]
    if tok[0] == "'":
        return body.replace("\\'", "'").replace("\\\\", "\\")
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), body)


def _tokens(text: str) -> list[tuple[str, str, int]]:
    out = []
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m:
            raise PhpLiteralError(f"unexpected character {text[pos]!r} at offset {pos}")
        kind = m.lastgroup
        if kind != "ws":
            out.append((kind, m.group(), pos))
        pos = m.end()
    return out


class _Parser:
    def __init__(self, tokens: list[tuple[str, str, int]]):
        self.toks = tokens
        self.i = 0

    def peek(self) -> tuple[str, str, int]:
        return self.toks[self.i] if self.i < len(self.toks) else ("eof", "", -1)

    def take(self, value: str | None = None) -> tuple[str, str, int]:
        tok = self.peek()
        if value is not None and tok[1] != value:
            raise PhpLiteralError(f"expected {value!r} at offset {tok[2]}, found {tok[1]!r}")
        self.i += 1
        return tok

    def value(self) -> Any:
        first = self._atom()
        while self.peek()[1] == ".":  # string concatenation
            self.take(".")
            first = f"{first}{self._atom()}"
        return first

    def _atom(self) -> Any:
        kind, tok, pos = self.take()
        if kind == "str":
            return _unquote(tok)
        if kind == "num":
            return float(tok) if "." in tok else int(tok)
        if kind == "name":
            low = tok.lower()
            if low in ("true", "false"):
                return low == "true"
            if low == "null":
                return None
            if low == "array":
                return self._array("(", ")")
            if tok in _TRANSLATE:
                self.take("(")
                inner = self.value()
                self.take(")")
                return inner
        if tok == "[":
            self.i -= 1
            return self._array("[", "]")
        raise PhpLiteralError(f"unsupported token {tok!r} at offset {pos}")

    def _array(self, open_: str, close: str) -> dict | list:
        self.take(open_)
        items: list[tuple[Any, Any]] = []
        next_index = 0
        keyed = False
        while self.peek()[1] != close:
            val = self.value()
            if self.peek()[0] == "arrow":
                self.take()
                key, val = val, self.value()
                keyed = True
                if isinstance(key, int):
                    next_index = key + 1
            else:
                key, next_index = next_index, next_index + 1
            items.append((key, val))
            if self.peek()[1] == ",":
                self.take(",")
            elif self.peek()[1] != close:
                kind, tok, pos = self.peek()
                raise PhpLiteralError(f"expected ',' or {close!r} at offset {pos}, found {tok!r}")
        self.take(close)
        if not keyed:
            return [v for _k, v in items]
        out: dict = {}
        for k, v in items:
            if k in out:
                # PHP keeps the last value of a repeated key; say so rather than hide it
                out.setdefault("__repeated_keys__", []).append(k)
            out[k] = v
        return out


def read_assignment(text: str, name: str, path: str = "<php>") -> Any:
    """The value of ``$this-><name> = <literal>;`` in the PHP source ``text`` (``path`` names
    it in messages).

    Raises `PhpLiteralError` when the assignment is missing or its literal uses PHP beyond the
    subset described in the module docstring.
    """
    m = re.search(r"\$this->" + re.escape(name) + r"\s*=", text)
    if not m:
        raise PhpLiteralError(f"{path}: no assignment to $this->{name}")
    # tokenise from the value to the end; parse one value and stop at its ';'
    rest = text[m.end() :]
    end = _statement_end(rest)
    parser = _Parser(_tokens(rest[:end]))
    value = parser.value()
    if parser.peek()[0] != "eof":
        raise PhpLiteralError(f"{path}: $this->{name}: trailing text at offset {parser.peek()[2]}")
    return value


def _statement_end(text: str) -> int:
    """Offset of the ';' that ends the statement starting at ``text`` (outside strings/comments)."""
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m:
            pos = m.end()
            continue
        if text[pos] == ";":
            return pos
        raise PhpLiteralError(f"unexpected character {text[pos]!r} at offset {pos}")
    raise PhpLiteralError("statement has no ';'")
