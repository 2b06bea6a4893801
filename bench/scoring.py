"""Benchmark of the scoring core, in process: records scored per second for Race for the Galaxy
(the `tableau` mechanism), the Xia campaign (the `campaign` mechanism) and a game scored from
its model alone (the `playaid new` skeleton: set collection, majority bonuses, tie-breakers).
Prints figures, asserts nothing.

Run: .venv/bin/python bench/scoring.py [--records N]   (make bench prints the same rows)

"scored" is the scoring core's whole work for a record already read (its report object, the
JSON `playaid score --json` prints, findings and explanations included); "incl. checking" adds
the check of the record against the JSON Schema its model gives. Each rate is given in CPU time
(`time.process_time`: what this process used, so it holds on a machine other work loads) and
wall-clock time (`time.perf_counter`: what a user waits, on a quiet machine). RftG target:
>= 10,000 records/s scored, in CPU time.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _rftg_records(pad, count: int, rng: random.Random) -> list[dict]:
    # A deck with every copy of every card; each game deals tableaux from it, so no card appears
    # more often than it exists (as at a real table).
    cards = pad.mechanisms["tableau"].cards.cards
    deck = [c.name for c in cards.values() for _ in range(c.copies or 0)]
    variants = ["standard", "frontier", "invasion", "counterstrike"]
    out = []
    for i in range(count):
        variant = variants[i % 4]
        players = []
        dealt = rng.sample(deck, 12 * 5)
        for p in range(rng.randint(2, 5)):
            player = {"name": f"P{p}", "tableau": dealt[12 * p:12 * (p + 1)], "chips": rng.randint(0, 15),
                      "goods": rng.randint(0, 3), "hand": rng.randint(0, 8)}
            if variant in ("invasion", "counterstrike"):
                player.update(war_contribution_chips=rng.randint(0, 5), defense_awards=rng.randint(0, 4),
                              military_vs_xenos=rng.randint(-2, 12))
            if variant == "counterstrike":
                player.update(xeno_systems_conquered=rng.randint(0, 3),
                              at_repulse={"military_vs_xenos": rng.randint(0, 9),
                                          "war_contribution_chips": rng.randint(0, 4)})
            players.append(player)
        record = {"game": "rftg", "variant": variant, "players": players,
                  "ended_by": {"standard": "vp_pool", "frontier": "tableau", "invasion": "repulse",
                               "counterstrike": "conquest_value"}[variant]}
        if variant == "counterstrike":
            record["repulsed"] = True
        out.append(record)
    return out


def _xia_records(count: int, rng: random.Random) -> list[dict]:
    out = []
    for _ in range(count):
        games = []
        for g in range(rng.randint(8, 14)):
            won = rng.random() < 0.7
            fame = rng.randint(5, 25)
            games.append({"goal": f"Goal {rng.randint(1, 10)}", "won": won, "goal_completed": won,
                          "fame": fame, "npc_fame": fame - rng.randint(1, 5) if won else fame + rng.randint(0, 5)})
        out.append({"game": "xia-campaign", "player": "Ann", "games": games})
    return out


def _skeleton_records(word: str, count: int, rng: random.Random) -> list[dict]:
    return [{"game": word, "players": [{"name": f"P{p}", "red": rng.randint(0, 5), "green": rng.randint(0, 5),
                                        "blue": rng.randint(0, 5), "coins": rng.randint(0, 12)}
                                       for p in range(rng.randint(2, 5))]} for _ in range(count)]


class Rates(NamedTuple):
    """Records per second over one batch: scored (CPU time, wall clock), and checked + scored
    (CPU time, wall clock)."""

    cpu: float
    wall: float
    checked_cpu: float
    checked_wall: float


def _rate(pad, records: list[dict]) -> Rates:
    """The `Rates` of scoring ``records`` with ``pad``."""
    wall, cpu = time.perf_counter(), time.process_time()
    parsed = [pad.parse(r) for r in records]
    check_wall, check_cpu = time.perf_counter() - wall, time.process_time() - cpu
    # The rules and the parsed batch live for the whole run: out of the cyclic GC's view, so the
    # figure measures scoring rather than rescans of set-up data.
    gc.collect()
    gc.freeze()
    wall, cpu = time.perf_counter(), time.process_time()
    for record in parsed:
        pad.score(record)
    score_wall, score_cpu = time.perf_counter() - wall, time.process_time() - cpu
    gc.unfreeze()
    n = len(records)
    return Rates(n / score_cpu, n / score_wall, n / (check_cpu + score_cpu), n / (check_wall + score_wall))


def _row(name: str, rates: Rates, target: str = "") -> tuple[str, str, str]:
    return (name, f"{rates.cpu:,.0f} records/s",
            f"CPU time{target}; wall clock {rates.wall:,.0f}/s; incl. checking {rates.checked_cpu:,.0f}/s CPU, "
            f"{rates.checked_wall:,.0f}/s wall")


def figures(count: int = 5000) -> list[tuple[str, str, str]]:
    """Benchmark rows ``(name, value, note)`` for the three games: the value is the scoring
    rate in CPU time, the note gives wall clock and the rates including the record check."""
    from generator.content.load import load_content
    from generator.content.skeleton import new_game
    from generator.records.compile_rules import compile_rules
    from generator.scoring.game_pad import pad_for

    rng = random.Random(7)
    rules = compile_rules(load_content(ROOT / "content"))
    rows = []
    rftg = pad_for(rules["games"]["rftg"])
    rows.append(_row(f"RftG scoring (tableau), {count:,} records", _rate(rftg, _rftg_records(rftg, count, rng)),
                     " (target >= 10,000/s scored, in CPU time)"))
    xia = pad_for(rules["games"]["xia"])
    rows.append(_row(f"Xia campaign scoring, {count:,} campaigns", _rate(xia, _xia_records(count, rng))))
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "content").mkdir()
        new_game("bench-game", Path(tmp) / "content", Path(tmp) / "examples")
        model_only = pad_for(compile_rules(load_content(Path(tmp) / "content"))["games"]["bench-game"])
    rows.append(_row(f"model-only game scoring (playaid new skeleton), {count:,} records",
                     _rate(model_only, _skeleton_records("bench-game", count, rng))))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=5000, help="records per game")
    args = parser.parse_args()
    rows = figures(args.records)
    width = max(len(r[0]) for r in rows)
    for name, value, note in rows:
        print(f"{name:<{width}}  {value:>16}  {note}")


if __name__ == "__main__":
    main()
