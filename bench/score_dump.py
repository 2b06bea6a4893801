"""Dump the scoring core's reports for a fixed corpus of generated records, to prove that a change
to the core (an optimisation) leaves every result as it was, byte for byte.

The corpus (fixed seed): Race for the Galaxy records of every variant as `bench/scoring.py`
deals them, and the same records damaged the ways a table writes them (misspelt, re-spaced and
re-cased card names, unknown cards, damaged worlds and developments, cards described by hand,
fields left out or written where they do not apply, Military written, claimed totals, duplicate
names, too many players, wrong endings, a counterstrike game before the repulse); Xia campaigns
(goals repeated, games after the end, unknown goals, wins without a lead); the `playaid new`
skeleton game. Each record goes through `generator.scoring.api.Engine.score` (reading included),
and the report is written as one JSON line (key order kept), or the exception a record raised.

Run, before and after a change, and compare::

    .venv/bin/python bench/score_dump.py > /tmp/before.jsonl
    ... change the core ...
    .venv/bin/python bench/score_dump.py --compare /tmp/before.jsonl

``--compare`` exits 1 and names the first records that differ. Standard library plus the
project; prints, asserts nothing else.
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from scoring import _rftg_records, _skeleton_records, _xia_records  # noqa: E402


def _typo(name: str, rng: random.Random) -> str:
    """A card name as written loosely at the table: re-cased, re-spaced, curly apostrophe,
    or a letter swapped, dropped or doubled (these last ones: unknown cards with suggestions)."""
    kind = rng.randrange(7)
    if kind == 0:
        return name.lower()
    if kind == 1:
        return "  " + name.replace(" ", "   ") + " "
    if kind == 2:
        return name.replace("'", "\u2019") if "'" in name else name.upper()
    i = rng.randrange(max(1, len(name) - 1))
    if kind == 3:
        return name[:i] + name[i + 1 : i + 2] + name[i : i + 1] + name[i + 2 :]
    if kind == 4:
        return name[:i] + name[i + 1 :]
    if kind == 5:
        return name[:i] + name[i] + name[i:]
    return rng.choice(["Xeno Mothership", "Promo World", "Gambling World 2", "Zzz", "Alien Toy Shop"])


def _mutate_rftg(record: dict, pad, rng: random.Random) -> dict:
    """One to four of the ways a written RftG record goes wrong (or says more)."""
    record = copy.deepcopy(record)
    cards = pad.mechanisms["tableau"].cards.cards
    developments = [c.name for c in cards.values() if c.type == "development"]
    worlds = [c.name for c in cards.values() if c.type == "world"]
    keywords = sorted({k for c in cards.values() for k in c.keywords})
    for _ in range(rng.randint(1, 4)):
        players = record["players"]
        p = rng.choice(players)
        tableau = p["tableau"]
        j = rng.randrange(len(tableau))
        kind = rng.randrange(20)
        if kind == 19 and rng.random() < 0.8:  # a record without a name is not scored: rarely
            kind = 0
        if kind <= 2:
            if isinstance(tableau[j], str):
                tableau[j] = _typo(tableau[j], rng)
        elif kind == 3:
            tableau[j] = {"card": rng.choice(worlds), "damaged": True}
        elif kind == 4:
            tableau[j] = {"card": rng.choice(developments), "damaged": rng.random() < 0.7}
        elif kind == 5:
            entry = {"card": rng.choice(["Promo World", "Xeno System 1", "Conquered Hive"]), "vp": rng.randint(-1, 6)}
            if rng.random() < 0.7:
                entry["type"] = rng.choice(["world", "development"])
                if entry["type"] == "world":
                    entry["military"] = rng.random() < 0.5
                entry["keywords"] = rng.sample(keywords, rng.randint(0, 2))
            if rng.random() < 0.3:
                entry["damaged"] = True
            tableau[j] = entry
        elif kind == 6:
            tableau[j] = {"card": tableau[j] if isinstance(tableau[j], str) else "Old Earth", "vp": rng.randint(0, 9)}
        elif kind == 7:
            p.pop(
                rng.choice(
                    [
                        "chips",
                        "goods",
                        "hand",
                        "war_contribution_chips",
                        "defense_awards",
                        "xeno_systems_conquered",
                        "at_repulse",
                    ]
                ),
                None,
            )
        elif kind == 8:
            p["military"] = rng.randint(-2, 15)
        elif kind == 9:
            p["military_vs_xenos"] = rng.randint(-2, 15)
        elif kind == 10:
            p["claimed_total"] = rng.randint(0, 80)
        elif kind == 11:
            p["name"] = players[0].get("name", "P0")
        elif kind == 12:
            record["ended_by"] = rng.choice(
                ["vp_pool", "tableau", "repulse", "empire_defeat", "conquest_value", "all_systems"]
            )
        elif kind == 13:
            record["variant"] = rng.choice(["standard", "frontier", "invasion", "counterstrike"])
        elif kind == 14:
            if record["variant"] == "counterstrike":
                record["repulsed"] = rng.random() < 0.5
            else:
                record.pop("repulsed", None)
        elif kind == 15:
            p.update(
                war_contribution_chips=rng.randint(0, 5),
                at_repulse={"military_vs_xenos": rng.randint(0, 9)},
                xeno_systems_conquered=rng.randint(0, 5),
            )
        elif kind == 16:
            while len(players) < 6:
                players.append(copy.deepcopy(players[-1]) | {"name": f"Q{len(players)}"})
        elif kind == 17:
            del tableau[j:]
            if not tableau:
                tableau.append("Old Earth")
        elif kind == 18:
            tableau.extend(copy.deepcopy(tableau[: rng.randint(1, 4)]))
        else:
            p.pop("name", None)
    return record


def _mutate_xia(record: dict, rng: random.Random) -> dict:
    record = copy.deepcopy(record)
    games = record["games"]
    for _ in range(rng.randint(1, 3)):
        g = rng.choice(games)
        kind = rng.randrange(8)
        if kind == 0:
            g["goal"] = rng.choice(["goal  3", "GOAL 7", "Goal 11", "Gaol 2"])
        elif kind == 1:
            g["won"] = not g["won"]
        elif kind == 2:
            g["goal_completed"] = not g["goal_completed"]
        elif kind == 3:
            g["fame"], g["npc_fame"] = g["npc_fame"], g["fame"]
        elif kind == 4:
            record["goals"] = [f"Goal {i}" for i in range(1, 11)]
        elif kind == 5:
            g.update(upgrade="Shields", ship="Blue", note="a note")
        elif kind == 6:
            games.extend(copy.deepcopy(games[:3]))
        else:
            record["player"] = rng.choice(["Ann", "Ben"])
    return record


def _mutate_skeleton(record: dict, rng: random.Random) -> dict:
    record = copy.deepcopy(record)
    p = rng.choice(record["players"])
    kind = rng.randrange(4)
    if kind == 0:
        p.pop(rng.choice(["red", "green", "blue", "coins"]))
    elif kind == 1:
        p["claimed_total"] = rng.randint(0, 40)
    elif kind == 2:
        p["name"] = record["players"][0]["name"]
    else:
        record["players"] = record["players"] * 3
    return record


def corpus(count: int = 1000, seed: int = 17):
    """(label, record) pairs: ``count`` records of each kind (RftG as dealt, RftG damaged, Xia,
    Xia damaged, skeleton game, skeleton damaged), from ``seed``; and the compiled rules."""
    from generator.checks.load import load_content
    from generator.compile.compile_rules import compile_rules
    from generator.content.skeleton import new_game
    from generator.scoring.game_pad import pad_for

    rng = random.Random(seed)
    rules = compile_rules(load_content(ROOT / "content"))
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "content").mkdir()
        new_game("dump-game", Path(tmp) / "content", Path(tmp) / "examples")
        skeleton = compile_rules(load_content(Path(tmp) / "content"))["games"]["dump-game"]
    rules = {**rules, "games": {**rules["games"], "dump-game": skeleton}}
    rftg = pad_for(rules["games"]["rftg"])
    out = []
    dealt = _rftg_records(rftg, count, rng)
    out += [("rftg", r) for r in dealt]
    out += [("rftg-damaged", _mutate_rftg(r, rftg, rng)) for r in dealt]
    xia = _xia_records(count, rng)
    out += [("xia", r) for r in xia]
    out += [("xia-damaged", _mutate_xia(r, rng)) for r in xia]
    game = _skeleton_records("dump-game", count, rng)
    out += [("skeleton", r) for r in game]
    out += [("skeleton-damaged", _mutate_skeleton(r, rng)) for r in game]
    return out, rules


def reports(count: int = 1000, seed: int = 17):
    """One JSON line per record of the corpus: ``label index report`` (or the exception)."""
    from generator.scoring.api import Engine

    records, rules = corpus(count, seed)
    engine = Engine(rules)
    for i, (label, record) in enumerate(records):
        try:
            report = engine.score(record)
        except Exception as exc:  # noqa: BLE001 - a crash is a result to compare too
            report = {"raised": type(exc).__name__, "message": str(exc)}
        yield f"{label} {i} {json.dumps(report, ensure_ascii=False)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=1000, help="records of each kind (six kinds)")
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--compare", type=Path, help="a dump made before: exit 1 if any line differs")
    args = parser.parse_args()
    lines = list(reports(args.records, args.seed))
    if args.compare is None:
        sys.stdout.write("".join(line + "\n" for line in lines))
        return
    before = args.compare.read_text(encoding="utf-8").splitlines()
    differ = [i for i, (a, b) in enumerate(zip(before, lines)) if a != b]
    if len(before) != len(lines):
        print(f"{len(before)} reports before, {len(lines)} now")
    for i in differ[:5]:
        print(f"differs: {lines[i][:60]}...\n  before: {before[i][:3000]}\n  now:    {lines[i][:3000]}")
    digest = hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]
    print(f"{len(lines)} reports, {len(differ)} differ (digest {digest})")
    sys.exit(1 if differ or len(before) != len(lines) else 0)


if __name__ == "__main__":
    main()
