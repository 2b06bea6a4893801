"""A rulebook's ``file:`` (in ``game.yaml``) opened as a hostile name: the one place that turns
it into text.

Content arrives in pull requests, and `playaid check` quotes rulebook lines in its messages, so
the name is confined before anything is read: it must be a relative name inside the seeds folder
(no ``..``, no absolute path, no link leading out of the folder), name a regular file (never a
folder, a pipe or a device) of at most `MAX_RULEBOOK_BYTES`, and hold UTF-8 text without NUL
bytes. Anything else is one located problem at the rulebook's entry in ``game.yaml``
(`fact_sources.check_fact_sources`); the other checks then skip that rulebook, so no message
ever quotes a file that failed these checks.
"""

from __future__ import annotations

import difflib
import os
import stat
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path, PurePosixPath, PureWindowsPath

from generator.errors import CONTROL_CHARACTERS, cut

#: Largest rulebook text read (bytes): the biggest seed text is 44,339 bytes; a cap 24 times
#: that keeps a stray binary or log file from costing gigabytes of lines and sections.
MAX_RULEBOOK_BYTES = 1 << 20

_NAME_HINT = "write the name of a text file in the seeds folder as it is there, e.g. rules.txt"

#: Most folder entries looked at to suggest a name for a missing rulebook (a huge folder is
#: not listed whole to say a typo).
_MAX_LISTED = 1000


class RulebookText:
    """The lines of a rulebook file that passed every check (see the module docstring).

    ``name``: the ``file:`` as written in game.yaml; ``lines``: the text split into lines
    (without line ends). Compared by identity: `open_rulebook` hands out one instance per
    unchanged file, and the heading and section caches key on it."""

    __slots__ = ("name", "lines", "__weakref__")

    def __init__(self, name: str, lines: tuple[str, ...]):
        self.name = name
        self.lines = lines

    def __repr__(self) -> str:
        return f"RulebookText({self.name!r}, {len(self.lines)} lines)"


@dataclass(frozen=True)
class Refused:
    """Why a rulebook's ``file:`` cannot be read: ``message`` and ``hint`` for the problem at its
    game.yaml entry; ``missing`` when the name is sound but no such file is in the seeds folder."""

    message: str
    hint: str
    missing: bool = False


def name_problem(name: str) -> Refused | None:
    """What is wrong with ``name`` as a file name inside the seeds folder, before any file
    system access: empty, control characters, absolute (POSIX or Windows), a backslash, or a
    ``..`` part; None when it is a plain relative name."""
    shown = cut(name, 60)
    if not name.strip():
        return Refused("rulebook file name is empty", _NAME_HINT)
    if CONTROL_CHARACTERS.search(name):
        return Refused(f"rulebook file name {shown!r} holds control characters", _NAME_HINT)
    if PurePosixPath(name).is_absolute() or PureWindowsPath(name).anchor:
        return Refused(
            f"refused: rulebook file '{shown}' is an absolute path; rulebooks are read from the seeds folder only",
            _NAME_HINT,
        )
    if "\\" in name:
        return Refused(f"rulebook file '{shown}' holds a backslash", "separate folders with '/'")
    if ".." in PurePosixPath(name).parts:
        return Refused(f"refused: rulebook file '{shown}' leads out of the seeds folder ('..')", _NAME_HINT)
    return None


def open_rulebook(seeds_dir: Path, name: str) -> RulebookText | Refused:
    """The text of rulebook ``name`` in ``seeds_dir``, or why it is refused (see the module
    docstring). Never raises; reads at most `MAX_RULEBOOK_BYTES` + 1 bytes, once per unchanged
    file (name, size, modification time)."""
    bad = name_problem(name)
    if bad is not None:
        return bad
    root = Path(seeds_dir).resolve()
    try:
        target = (root / name).resolve(strict=True)
    except FileNotFoundError:
        return Refused(
            f"rulebook file '{cut(name, 60)}' not found in the seeds folder {seeds_dir}",
            _missing_hint(root, name),
            missing=True,
        )
    except (OSError, RuntimeError) as exc:  # a link loop, a folder we may not enter
        return Refused(
            f"rulebook file '{cut(name, 60)}' cannot be opened: {getattr(exc, 'strerror', None) or exc}", _NAME_HINT
        )
    if not target.is_relative_to(root):
        return Refused(
            f"refused: rulebook file '{cut(name, 60)}' links outside the seeds folder",
            "copy the rulebook text into the seeds folder instead of linking to it",
        )
    try:
        st = os.stat(target)
    except OSError as exc:
        return Refused(f"rulebook file '{cut(name, 60)}' cannot be read: {exc.strerror or exc}", _NAME_HINT)
    if not stat.S_ISREG(st.st_mode):
        return Refused(f"rulebook file '{cut(name, 60)}' is not a regular file", _NAME_HINT)
    if st.st_size > MAX_RULEBOOK_BYTES:
        return Refused(
            f"rulebook file '{cut(name, 60)}' is {st.st_size:,} bytes, more than the "
            f"{MAX_RULEBOOK_BYTES:,} a rulebook text may have",
            "name the rulebook's plain-text file",
        )
    return _read(str(target), name, st.st_size, st.st_mtime_ns, st.st_ino)


def _missing_hint(root: Path, name: str) -> str:
    """How to fix a rulebook name that is in no file of ``root``: the closest names of the
    folder's files (a typo), else what the folder holds, and PLAYAID_SEEDS for another folder."""
    elsewhere = "or set PLAYAID_SEEDS to the folder that holds it"
    try:
        with os.scandir(root) as entries:
            names = sorted(e.name for _, e in zip(range(_MAX_LISTED), entries) if e.is_file())
    except OSError:  # no such folder, or one we may not list: say only how to fix the name
        names = None
    close = difflib.get_close_matches(name, names or (), n=2, cutoff=0.8)  # 0.6 matched "demo-" and ".txt"
    if close:
        return f"did you mean {' or '.join(repr(cut(n, 60)) for n in close)}? If it is elsewhere, {elsewhere[3:]}"
    if names:
        shown = ", ".join(cut(n, 60) for n in names[:5])
        more = f" and {len(names) - 5} more" if len(names) > 5 else ""
        return f"the seeds folder holds {shown}{more}: fix the file name here, {elsewhere}"
    if names is not None:
        return f"the seeds folder is empty: {elsewhere[3:]}"
    return f"fix the file name here, {elsewhere}"


@lru_cache(maxsize=16)
def _read(target: str, name: str, _size: int, _mtime_ns: int, _inode: int) -> RulebookText | Refused:
    """Read and decode one rulebook file; the stat fields only key the cache."""
    shown = cut(name, 60)
    try:
        with open(target, "rb") as stream:
            data = stream.read(MAX_RULEBOOK_BYTES + 1)
    except OSError as exc:
        return Refused(f"rulebook file '{shown}' cannot be read: {exc.strerror or exc}", _NAME_HINT)
    if len(data) > MAX_RULEBOOK_BYTES:  # it grew since the stat
        return Refused(
            f"rulebook file '{shown}' is more than the {MAX_RULEBOOK_BYTES:,} bytes a rulebook text may have",
            "name the rulebook's plain-text file",
        )
    if b"\0" in data:
        line = data.count(b"\n", 0, data.index(b"\0")) + 1
        return Refused(
            f"rulebook file '{shown}' holds a NUL byte at line {line}: a binary file, not a rulebook text",
            "name the rulebook's plain-text file",
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        return Refused(
            f"rulebook file '{shown}' is not UTF-8 text: byte 0x{data[exc.start]:02X} at line {line}",
            "save the rulebook text as UTF-8",
        )
    return RulebookText(name, tuple(text.splitlines()))


__all__ = ["MAX_RULEBOOK_BYTES", "Refused", "RulebookText", "name_problem", "open_rulebook"]
