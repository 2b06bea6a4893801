"""Checks that every fact has a source and that each source names a declared rulebook section or
public reference.

Source strings look like ``"xi: Invasion Step"`` (rulebook id, then a section heading that must
appear in that rulebook's text) or ``"bga: cards.inc.php invasion_config"`` (reference id, then a
free locator), or a URL.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path
from urllib.parse import urlsplit

from generator.checks.rulebook_file import Refused, RulebookText, name_problem, open_rulebook
from generator.content.models import Game

#: Where the seed rulebooks are looked for, relative to the content folder, after $PLAYAID_SEEDS.
SEEDS_CANDIDATES = ("../../shared/seeds", "../shared/seeds", "seeds")


def seeds_candidates(content_dir: Path) -> list[Path]:
    """The folders tried, in order, for the seed rulebook texts: ``$PLAYAID_SEEDS`` when set
    (and then only it), else `SEEDS_CANDIDATES` relative to the content folder."""
    env = os.environ.get("PLAYAID_SEEDS")
    if env:
        return [Path(env)]
    return [(Path(content_dir) / rel).resolve() for rel in SEEDS_CANDIDATES]


def find_seeds_dir(content_dir: Path) -> Path | None:
    """The folder holding the seed rulebook texts, or None when it is not present."""
    for candidate in seeds_candidates(content_dir):
        if candidate.is_dir():
            return candidate
    return None


def seeds_note(content_dir: Path) -> str | None:
    """One line telling the user that section headings and values cannot be verified because
    the seeds folder was not found (which folders were tried, how to set PLAYAID_SEEDS); None when found."""
    if find_seeds_dir(content_dir) is not None:
        return None
    tried = ", ".join(str(p) for p in seeds_candidates(content_dir))
    where = "PLAYAID_SEEDS is not a folder" if os.environ.get("PLAYAID_SEEDS") else "looked in"
    return (
        f"note: seed rulebook texts not found ({where}: {tried}); section headings in "
        f"sources and values (numbers, quotes) were not verified against the rulebooks (set "
        f"PLAYAID_SEEDS=/path/to/seeds, the folder holding the rulebook .txt files named in game.yaml)"
    )


def rulebook_problems(game: Game, seeds_dir: Path | None) -> list[tuple[int, Refused]]:
    """(index into ``game.rulebooks``, why) for every rulebook whose ``file:`` is refused
    (`rulebook_file.open_rulebook`): a name that is absolute or leads out of the seeds folder is
    refused even without a seeds folder; a missing, linked-out, oversized or non-text file only
    when ``seeds_dir`` is there to look in (without it, headings are not verified at all)."""
    found = []
    for i, book in enumerate(game.rulebooks):
        why = name_problem(book.file) if seeds_dir is None else open_rulebook(seeds_dir, book.file)
        if isinstance(why, Refused):
            found.append((i, why))
    return found


@lru_cache(maxsize=16)
def _headings(text: RulebookText) -> tuple[frozenset[str], tuple[str, ...]]:
    lines = [ln.strip() for ln in text.lines if ln.strip()]
    return frozenset(ln.casefold() for ln in lines), tuple(ln.casefold() for ln in lines)


_LEAD = re.compile(r"^(?:[•\-]\s*)?(?:\d+[ab]?\.\s*)?")


def normal_heading(text: str) -> str:
    """``text`` as headings are compared: whitespace collapsed, typographic apostrophe plain,
    case folded."""
    return " ".join(text.replace("’", "'").split()).casefold()


def opens_heading(line: str, want: str) -> bool:
    """True when the rulebook line ``line`` is the heading ``want`` or opens with it as a
    run-in heading (``Heading.`` / ``Heading:`` / ``1. Heading.`` / ``• Heading (...)``); both
    already passed through `normal_heading`."""
    # strip a bullet and/or step number ("• ", "3a. ") only: a character-set lstrip would
    # also eat the first letters of headings such as "3a. assign ..." or "• all goods."
    for candidate in (line, _LEAD.sub("", line)):
        if candidate.startswith(want) and candidate[len(want) : len(want) + 1] in (".", ":", " ", "(", ""):
            return True
    return False


@lru_cache(maxsize=4096)
def heading_in_rulebook(text: RulebookText, section: str) -> bool:
    """True if ``section`` is a heading line of the rulebook ``text``, or the run-in heading that
    starts a paragraph (``Heading.`` / ``Heading:`` / ``1. Heading.``), or a numbered step."""
    whole, lines = _headings(text)
    want = normal_heading(section)
    if want in whole:
        return True
    return any(opens_heading(normal_heading(line), want) for line in lines)


_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://")


def check_source(source: str, game: Game, seeds_dir: Path | None) -> tuple[str, str] | None:
    """None if ``source`` is valid, else (message, hint).

    Valid sources: an http(s) URL with a host; ``<reference id>: <locator>``; or
    ``<rulebook id>: <section heading>`` where the heading is in the rulebook text (verified
    only when ``seeds_dir`` holds that rulebook's file and it passed `rulebook_file`'s checks; a
    missing or refused file is reported once, at its game.yaml entry, by the loader).
    """
    ids = [r.id for r in game.rulebooks] + [r.id for r in game.references]
    form = f"write '<id>: <section heading>' with id one of {', '.join(ids) or 'none declared'}"
    if _SCHEME.match(source):
        scheme = source.split("://", 1)[0].lower()
        if scheme not in ("http", "https"):
            return (f"source '{source}': only http(s) URLs or '<id>: <section>' sources are allowed", form)
        if not urlsplit(source).netloc:
            return (f"source '{source}' is a URL without a host", "write the full https:// address")
        return None
    if ":" not in source:
        return (f"source '{source}' has no section", form)
    ref_id, _, locator = source.partition(":")
    ref_id, locator = ref_id.strip(), locator.strip()
    rulebooks = {r.id: r for r in game.rulebooks}
    references = {r.id: r for r in game.references}
    if not ref_id:
        return (f"source '{source}' has no id before ':'", form)
    if ref_id in references:
        if not locator:
            return (
                f"source '{source}' names no place in reference '{ref_id}'",
                f"add where in the reference the fact is after ':', e.g. '{ref_id}: <file or page>'",
            )
        return None
    if ref_id not in rulebooks:
        known = ", ".join(ids) or "none declared"
        return (
            f"source id '{ref_id}' is not a declared rulebook or reference",
            f"declare it in game.yaml or use one of: {known}",
        )
    if not locator:
        return (f"source '{source}' names no section", "add the rulebook's section heading after ':'")
    if seeds_dir is None:
        return None
    text = open_rulebook(seeds_dir, rulebooks[ref_id].file)
    if isinstance(text, Refused):
        return None  # reported once, at the rulebook's entry in game.yaml
    if not heading_in_rulebook(text, locator):
        from generator.errors import did_you_mean

        return (
            f"section '{locator}' not found in rulebook {rulebooks[ref_id].file}",
            did_you_mean(locator, _heading_candidates(text))
            + "copy the section heading exactly as the rulebook prints it",
        )
    return None


def _heading_candidates(text: RulebookText) -> list[str]:
    """What a misspelt section could have meant, for a did-you-mean: the rulebook's short lines
    and the run-in headings that open its paragraphs (``Frontier Settle.``), as printed."""
    out = []
    for line in text.lines:
        line = _LEAD.sub("", line.strip())
        run_in = re.split(r"[.:]", line, maxsplit=1)[0].strip()
        out += [c for c in (line, run_in) if 0 < len(c) <= 60]
    return out
