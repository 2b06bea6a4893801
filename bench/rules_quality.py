"""How often the rules search answers players' questions with the right rulebook section: the
quality half of bench/rules_search.py. Asserts nothing; prints figures.

Question sets:
  - bench/questions/tune.yaml and heldout.yaml: written from the rulebooks alone by a reader who
    never saw the index (issue 32), copied here unchanged. Each question names its game and the
    expected rulebook sections as ``{file, section, part?}`` (``part``: the heading of the part of
    the rulebook where a heading repeats, "Counterstrike Game"). The search was tuned on tune.yaml
    only; heldout.yaml is reported as measured.
  - tests/rules_questions.yaml: the project's own 77 (the regression set), whose answers are
    content sources ("xi: Game End"), matched as tests/test_rules_quality.py matches them.

A result is right when the rulebook passage it cites lies inside an expected section: the
entry's cited heading (in its document's ``part`` where the heading repeats) is found in the
rulebook text (`generator.checks.rulebook_text.sections`), and its first line falls between the
expected section's first and last line (a rule inside the section counts, as the issue counts
it). Figures: right first, right in the first three, per game and all, searched in the game the
question names (the Rules tab's game choice, `playaid rules --game`).

Usage: ``python bench/rules_quality.py [tune|heldout|old ...] [--misses] [--against REF]``: the
sets named (default all three); ``--misses`` lists the questions not answered first (never for
heldout); ``--against REF`` measures git REF's search and content too (a temporary worktree) and
prints its figures beside these (e.g. ``--against main``, or the commit before issue 32's work).
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

QUESTIONS = ROOT / "bench" / "questions"
OLD = ROOT / "tests" / "rules_questions.yaml"
SETS = ("tune", "heldout", "old")


def _yaml(path: Path):
    from generator.reader.yaml_io import MAX_CONTENT_BYTES, load_file

    located, problems = load_file(path, max_bytes=MAX_CONTENT_BYTES)
    if located is None or problems:
        raise SystemExit("\n".join(str(p) for p in problems))
    return located.data


class Locator:
    """Rulebook file + heading (+ part) -> (file, first line, last line) of that section."""

    def __init__(self, seeds: Path):
        from generator.checks.rulebook_file import open_rulebook

        # each Locator its own caches (a functools.cache on a method would keep every Locator)
        self.text = cache(lambda name: open_rulebook(seeds, name))
        self.find = cache(self._find)

    def _find(self, name: str, heading: str, part: str | None = None) -> tuple[str, int, int] | None:
        """The section: after the part's heading line when a part is given (its first
        occurrence there), else the longest occurrence (a table of contents line or a summary
        card's repeat is shorter than the section itself)."""
        from generator.checks.rulebook_text import sections
        from generator.checks.sources import normal_heading

        text = self.text(name)
        if not hasattr(text, "lines"):
            return None
        found = sections(text, heading)
        if not found:
            return None
        if part:
            start = next(
                (
                    s.first
                    for s in sections(text, part)
                    if normal_heading(text.lines[s.first - 1]) == normal_heading(part)
                ),
                None,
            )
            if start is not None:
                after = [s for s in found if s.first > start]
                if after:
                    return name, after[0].first, after[0].last
        best = max(found, key=lambda s: (s.last - s.first, -s.first))
        return name, best.first, best.last


def entry_place(locator: Locator, index: dict, entry: dict) -> tuple[str, int, int] | None:
    """Where an index entry's source stands in its rulebook, or None (a reference, a card)."""
    source = entry.get("source") or ""
    book, _, heading = source.partition(": ")
    game = index["games"].get(entry["game"], {})
    files = game.get("rulebook_files") or {}
    if book not in files or not heading:
        return None
    return locator.find(files[book], heading, entry.get("part"))


def right(locator: Locator, index: dict, entry: dict, expected: list[dict]) -> bool:
    place = entry_place(locator, index, entry)
    if place is None:
        return False
    for want in expected:
        section = locator.find(want["file"], want["section"], want.get("part"))
        if section and section[0] == place[0] and section[1] <= place[1] <= section[2]:
            return True
    return False


def questions(name: str) -> list[dict]:
    """One set's questions as ``{q, game, expect}`` (the old set's as ``{q, game, old}``)."""
    if name == "old":
        return [{"q": q["ask"], "game": q["game"], "old": q} for q in _yaml(OLD)]
    return _yaml(QUESTIONS / f"{name}.yaml")["questions"]


def measure(rules, index: dict, locator: Locator, asked: list[dict], misses: bool = False) -> dict:
    """{game or 'all': (asked, right first, right in the first three)} for one set."""
    out: dict[str, list[int]] = {}
    missed = []
    for q in asked:
        found = rules.search(q["q"], q["game"], 3)
        if "old" in q:
            old = q["old"]
            marks = [
                (r["kind"] == "card" and r["title"] == old["card"]) if "card" in old else r["source"] in old["answer"]
                for r in found
            ]
        else:
            marks = [right(locator, index, rules.index.by_id[r["id"]], q["expect"]) for r in found]
        for key in (q["game"], "all"):
            row = out.setdefault(key, [0, 0, 0])
            row[0] += 1
            row[1] += bool(marks and marks[0])
            row[2] += any(marks)
        if misses and not (marks and marks[0]):
            missed.append(
                (
                    q["q"],
                    q.get("expect") or q["old"].get("answer"),
                    [(r["title"], r["source"], r.get("part")) for r in found],
                )
            )
    if misses:
        for ask, want, got in missed:
            print(f"  MISS {ask!r}\n     want {want}\n     got  {got}")
    return {k: tuple(v) for k, v in out.items()}


def figures(asked_sets: dict[str, list[dict]], misses: bool = False) -> dict:
    """{set: {game or 'all': (asked, first, three)}} with the generator found on sys.path (this
    tree's, or the tree named by $RULES_BENCH_TREE in a side-by-side run)."""
    from generator.checks.load import load_content
    from generator.checks.sources import find_seeds_dir
    from generator.compile.rules_index import build_rules_index
    from generator.paths import CONTENT_DIR
    from generator.rulesearch.api import Rules

    content = load_content(CONTENT_DIR)
    index = build_rules_index(content)
    for game_id, game in index["games"].items():  # an index from before they were in it
        game.setdefault("rulebook_files", {b.id: b.file for b in content.games[game_id].game.rulebooks})
    rules = Rules(index)
    locator = Locator(find_seeds_dir(CONTENT_DIR))
    return {
        name: measure(rules, index, locator, asked, misses=misses and name != "heldout")
        for name, asked in asked_sets.items()
    }


def _against(ref: str, asked_sets: dict) -> dict | None:
    """The same figures for the generator and content at git ``ref`` (a temporary worktree), or
    None when it cannot be had."""
    import json
    import os
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "tree"
        made = subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), ref], capture_output=True, text=True
        )
        if made.returncode:
            print(f"(no figures for {ref}: {made.stderr.strip()})")
            return None
        try:
            sets = Path(tmp) / "sets.json"
            sets.write_text(json.dumps(asked_sets), encoding="utf-8")
            from generator.checks.sources import find_seeds_dir
            from generator.paths import CONTENT_DIR

            seeds = str(find_seeds_dir(CONTENT_DIR))  # the worktree has no shared/ beside it
            env = {**os.environ, "RULES_BENCH_TREE": str(tree), "PYTHONPATH": str(tree), "PLAYAID_SEEDS": seeds}
            run = subprocess.run(
                [sys.executable, __file__, "--child", str(sets)], env=env, capture_output=True, text=True
            )
            if run.returncode:
                print(f"(no figures for {ref}: {run.stderr.strip().splitlines()[-1:]})")
                return None
            return json.loads(run.stdout)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], capture_output=True)


def rows(names=SETS, misses: bool = False, against: str | None = None) -> list[tuple[str, str, str]]:
    """Rows (name, value, note) for bench/build.py's table; with ``against`` (a git ref), that
    ref's figures beside this tree's."""
    asked_sets = {name: questions(name) for name in names}
    mine = figures(asked_sets, misses)
    theirs = _against(against, asked_sets) if against else None
    out = []
    for name in names:
        for key, (n, first, three) in sorted(mine[name].items(), key=lambda kv: (kv[0] == "all", kv[0])):
            value = f"{first / n:.1%} / {three / n:.1%}"
            note = f"right first / in the first three, {n} questions"
            if theirs:
                _, f0, t0 = theirs[name][key]
                note += f"; {against}: {f0 / n:.1%} / {t0 / n:.1%}"
            out.append((f"rules quality: {name} {key}", value, note))
    return out


if __name__ == "__main__":
    import json
    import os

    if "--child" in sys.argv:  # a side-by-side run's other tree
        tree = os.environ["RULES_BENCH_TREE"]
        sys.path.insert(0, tree)
        asked = json.loads(Path(sys.argv[sys.argv.index("--child") + 1]).read_text(encoding="utf-8"))
        print(json.dumps(figures(asked)))
        raise SystemExit(0)
    against = sys.argv[sys.argv.index("--against") + 1] if "--against" in sys.argv else None
    args = [a for a in sys.argv[1:] if not a.startswith("--") and a != against]
    for name, value, note in rows(tuple(args) or SETS, misses="--misses" in sys.argv, against=against):
        print(f"{name:<34}  {value:>16}  {note}")
