"""Error types shared by every stage. Each names the file, line and field, and says how to fix it.

The CLI catches `PlayaidError` (and only it, plus a last-resort guard) and prints its message;
nothing below the CLI prints or exits.
"""

from __future__ import annotations

import os
import re
import reprlib
from dataclasses import dataclass
from pathlib import Path

# Most problems one error lists (the rest are counted in one line): one figure with the scoring
# core's record validation. The core is stdlib-only and never imports this module.
from generator.scoring.record.validate import MAX_PROBLEMS


@dataclass(frozen=True, order=True)
class Problem:
    """One located problem in an input file.

    Rendered as ``file:line:column: field.path: message (hint)``; line and column are 1-based,
    0 when unknown. ``severity`` is ``error`` or ``warning``.
    """

    file: str
    line: int = 0
    column: int = 0
    field: str = ""
    message: str = ""
    hint: str = ""
    severity: str = "error"
    #: On the one problem that stands for those left out (`capped`): how many it stands for.
    more: int = 0

    def __str__(self) -> str:
        where = self.file
        if self.line:
            where += f":{self.line}:{self.column or 1}"
        text = f"{where}: "
        if self.field:
            text += f"{self.field}: "
        text += self.message
        if self.hint:
            text += f" ({self.hint})"
        return one_line(text)


#: Line breaks and other control characters (C0, DEL, C1, U+2028/U+2029): escaped in problem
#: text (`one_line`), refused in YAML keys (`generator.reader.yaml_events`).
CONTROL_CHARACTERS = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def did_you_mean(name: str, names, n: int = 3) -> str:
    """``"did you mean 'a' or 'b'? "`` for the names of ``names`` closest to ``name`` (difflib,
    at most ``n``), or ``""`` when none is close: the start of a hint."""
    import difflib

    close = difflib.get_close_matches(name, list(dict.fromkeys(names)), n=n, cutoff=0.6)
    return f"did you mean {' or '.join(repr(c) for c in close)}? " if close else ""


def one_line(text: str) -> str:
    """``text`` with line breaks and other control characters escaped (``\\n``, ``\\x1f``): one
    problem is one line of output, whatever a file put in a key or value it quotes."""
    return CONTROL_CHARACTERS.sub(lambda m: repr(m.group())[1:-1], text)


def cut(text: str, width: int) -> str:
    """``text`` when at most ``width`` characters, else its first ``width - 3`` and ``...``: a
    value quoted in a message may be megabytes long."""
    return text if len(text) <= width else text[: width - 3] + "..."


def short_repr(value, width: int) -> str:
    """``repr(value)`` cut to ``width`` characters (see `cut`), made without writing out the
    whole value: a list holding one list a million times (which a check expression can build) is
    quoted in microseconds, not written out to gigabytes first. An integer past Python's
    4,300-digit string limit (``10**100000``) is described, not printed."""
    try:
        text = _SHORT.repr(value)
    except ValueError:
        return "a number too long to print"
    return cut(text, width)


class _ShortRepr(reprlib.Repr):
    """`reprlib.Repr` that writes a value quoted in up to 80 characters exactly as `repr` does
    (such a list has at most 27 items), and at most 27,000 items of a big one (3 levels of 30)."""

    def __init__(self):
        super().__init__()
        self.maxlevel = 3
        self.maxtuple = self.maxlist = self.maxarray = self.maxset = self.maxfrozenset = 30
        self.maxdeque = self.maxdict = 30
        self.maxstring = self.maxother = 200

    def repr_str(self, x, level):
        return repr(x[: self.maxstring + 1])  # `cut` marks what is left out

    def repr_int(self, x, level):
        return repr(x)  # ValueError past the digit limit: described by short_repr


_SHORT = _ShortRepr()


def capped(problems: list[Problem]) -> list[Problem]:
    """The first `MAX_PROBLEMS` of the sorted ``problems``, then, when there are more, one problem
    ``... and N more problems`` placed where the first one left out is (file:line:column)."""
    if len(problems) <= MAX_PROBLEMS:
        return list(problems)
    rest = len(problems) - MAX_PROBLEMS
    first = problems[MAX_PROBLEMS]
    return problems[:MAX_PROBLEMS] + [
        Problem(
            first.file,
            first.line,
            first.column,
            "",
            f"... and {rest} more problem{'s' if rest != 1 else ''}",
            "fix the ones above and check again",
            more=rest,
        )
    ]


class PlayaidError(Exception):
    """Base of every error playaid reports to a user; ``str()`` is the complete message."""

    exit_code = 1


class UsageError(PlayaidError):
    """A command was called with options that cannot work (exit code 2)."""

    exit_code = 2


class ContentError(PlayaidError):
    """Content failed to load, validate or cross-check; carries every problem found.

    Exit code 1. ``problems`` is every `Problem`, sorted by file and line; the message shows the
    first `MAX_PROBLEMS` of them, a line ``... and N more problems`` and the total.
    """

    exit_code = 1

    def __init__(self, problems: list[Problem]):
        self.problems = sorted(problems)
        count = len(self.problems)
        lines = [str(p) for p in capped(self.problems)]
        lines.append(f"{count} problem{'s' if count != 1 else ''} found")
        super().__init__("\n".join(lines))


class RecordError(PlayaidError):
    """A score record cannot be read or has the wrong shape (exit code 2).

    ``problems``: the first `MAX_PROBLEMS` problems, sorted by line, then (when there were more)
    one ``... and N more problems``."""

    exit_code = 2

    def __init__(self, problems: list[Problem]):
        self.problems = capped(sorted(problems))
        super().__init__("\n".join(str(p) for p in self.problems))


class BuildError(PlayaidError):
    """An aid could not be built; the message names the aid and the cause (exit code 1)."""

    exit_code = 1

    def __init__(self, aid: str, cause: str, hint: str = ""):
        self.aid = aid
        self.cause = cause
        message = f"aid '{aid}': {cause}"
        if hint:
            message += f" ({hint})"
        super().__init__(message)


def display_path(path: Path | str) -> str:
    """A path as a user should see it: relative to the working directory when inside it.

    A link is shown by its own name, not by where it leads (two names for one file stay two);
    a path that reaches the working directory only through links is shown resolved."""
    p = Path(path)
    cwd = Path.cwd()
    for candidate in (Path(os.path.abspath(p)), p.resolve()):
        try:
            return str(candidate.relative_to(cwd))
        except ValueError:
            continue
    return str(p)
