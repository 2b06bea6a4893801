"""Benchmark of the scoring core, in process: records scored per second for Race for the Galaxy
(the `tableau` mechanism), the Xia campaign (the `campaign` mechanism) and a game scored from
its model alone (the `playaid new` skeleton: set collection, majority bonuses, tie-breakers).
Prints figures, asserts nothing.

Run: .venv/bin/python bench/scoring.py [--records N] [--against REF | --alone]
(side by side with REF, default main or HEAD~1 on main: the two alternate, three runs each, the
best of each row kept; make bench prints this tree's rows). The Sushi Go! row scores the
coverage set's model (examples/games/sushi-go): rounds, places and shared ties.

"scored" is the scoring core's whole work for a record already read (its report object, the
JSON `playaid score --json` prints, findings and explanations included); "incl. checking" adds
the check of the record against the JSON Schema its model gives. Each rate is given in CPU time
(`time.process_time`: what this process used, so it holds on a machine other work loads) and
wall-clock time (`time.perf_counter`: what a user waits, on a quiet machine).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
#: The tree whose `generator` is measured: this one, or (`--against`) a worktree of another ref,
#: whose code scores the same records (the record makers and the example games are this tree's).
TREE = Path(os.environ.get("PLAYAID_BENCH_TREE") or ROOT)
sys.path.insert(0, str(TREE))


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
            player = {
                "name": f"P{p}",
                "tableau": dealt[12 * p : 12 * (p + 1)],
                "chips": rng.randint(0, 15),
                "goods": rng.randint(0, 3),
                "hand": rng.randint(0, 8),
            }
            if variant in ("invasion", "counterstrike"):
                player.update(
                    war_contribution_chips=rng.randint(0, 5),
                    defense_awards=rng.randint(0, 4),
                    military_vs_xenos=rng.randint(-2, 12),
                )
            if variant == "counterstrike":
                player.update(
                    xeno_systems_conquered=rng.randint(0, 3),
                    at_repulse={"military_vs_xenos": rng.randint(0, 9), "war_contribution_chips": rng.randint(0, 4)},
                )
            players.append(player)
        record = {
            "game": "rftg",
            "variant": variant,
            "players": players,
            "ended_by": {
                "standard": "vp_pool",
                "frontier": "tableau",
                "invasion": "repulse",
                "counterstrike": "conquest_value",
            }[variant],
        }
        if variant == "counterstrike":
            record["repulsed"] = True
        out.append(record)
    return out


def _xia_records(count: int, rng: random.Random) -> list[dict]:
    out = []
    for _ in range(count):
        games = []
        for _ in range(rng.randint(8, 14)):
            won = rng.random() < 0.7
            fame = rng.randint(5, 25)
            games.append(
                {
                    "goal": f"Goal {rng.randint(1, 10)}",
                    "won": won,
                    "goal_completed": won,
                    "fame": fame,
                    "npc_fame": fame - rng.randint(1, 5) if won else fame + rng.randint(0, 5),
                }
            )
        out.append({"game": "xia-campaign", "player": "Ann", "games": games})
    return out


def _sushi_records(word: str, count: int, rng: random.Random) -> list[dict]:
    """Sushi Go! games (examples/games/sushi-go: three rounds, maki by place with shared ties,
    pudding most and fewest), 2 to 5 players, each round's cards dealt at random."""
    kinds = ("tempura", "sashimi", "dumplings", "egg", "salmon", "squid", "wasabi_egg", "wasabi_salmon")
    out = []
    for _ in range(count):
        players = []
        for p in range(rng.randint(2, 5)):
            player = {"name": f"P{p}", "pudding": rng.randint(0, 4)}
            for r in (1, 2, 3):
                player[f"r{r}"] = {"maki": rng.randint(0, 6), **{k: rng.randint(0, 3) for k in rng.sample(kinds, 4)}}
            players.append(player)
        out.append({"game": word, "players": players})
    return out


def _skeleton_records(word: str, count: int, rng: random.Random) -> list[dict]:
    return [
        {
            "game": word,
            "players": [
                {
                    "name": f"P{p}",
                    "red": rng.randint(0, 5),
                    "green": rng.randint(0, 5),
                    "blue": rng.randint(0, 5),
                    "coins": rng.randint(0, 12),
                }
                for p in range(rng.randint(2, 5))
            ],
        }
        for _ in range(count)
    ]


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
    for record in parsed[:100]:  # warm: what the first score loads or compiles once is not throughput
        pad.score(record)
    wall, cpu = time.perf_counter(), time.process_time()
    for record in parsed:
        pad.score(record)
    score_wall, score_cpu = time.perf_counter() - wall, time.process_time() - cpu
    gc.unfreeze()
    n = len(records)
    return Rates(n / score_cpu, n / score_wall, n / (check_cpu + score_cpu), n / (check_wall + score_wall))


def _row(name: str, rates: Rates, target: str = "") -> tuple[str, str, str]:
    return (
        name,
        f"{rates.cpu:,.0f} records/s",
        f"CPU time{target}; wall clock {rates.wall:,.0f}/s; incl. checking {rates.checked_cpu:,.0f}/s CPU, "
        f"{rates.checked_wall:,.0f}/s wall",
    )


def figures(count: int = 5000) -> list[tuple[str, str, str]]:
    """Benchmark rows ``(name, value, note)`` for the three games: the value is the scoring
    rate in CPU time, the note gives wall clock and the rates including the record check."""
    from generator.checks.load import load_content
    from generator.compile.compile_rules import compile_rules
    from generator.content.skeleton import new_game
    from generator.scoring.game_pad import pad_for

    # each game deals from its own seeded generator: a shared one would give a baseline with another
    # card database (another deck to sample) other records for the games after RftG
    rng = random.Random(7)
    rules = compile_rules(load_content(TREE / "content"))  # the content that code was written for
    rows = []
    rftg = pad_for(rules["games"]["rftg"])
    rows.append(_row(f"RftG scoring (tableau), {count:,} records", _rate(rftg, _rftg_records(rftg, count, rng))))
    xia = pad_for(rules["games"]["xia"])
    rows.append(_row(f"Xia campaign scoring, {count:,} campaigns", _rate(xia, _xia_records(count, random.Random(8)))))
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "content").mkdir()
        new_game("bench-game", Path(tmp) / "content", Path(tmp) / "examples")
        model_only = pad_for(compile_rules(load_content(Path(tmp) / "content"))["games"]["bench-game"])
    rows.append(
        _row(
            f"model-only game scoring (playaid new skeleton), {count:,} records",
            _rate(model_only, _skeleton_records("bench-game", count, random.Random(9))),
        )
    )
    name = f"Sushi Go! scoring (rounds, places, shared ties), {count:,} records"
    try:
        sushi = pad_for(compile_rules(load_content(ROOT / "examples" / "games"))["games"]["sushi-go"])
    except Exception as exc:  # noqa: BLE001 - a ref before the constructs cannot load the model
        rows.append((name, "n/a", f"this code cannot load the model ({type(exc).__name__})"))
    else:
        rows.append(_row(name, _rate(sushi, _sushi_records(sushi.model.record, count, random.Random(10)))))
    return rows


def _side_rows(tree: Path, count: int) -> list[list]:
    """One run of `figures` with ``tree``'s code, in a process of its own: ``[name, value, note]``."""
    from baseline import env_for

    env = {**env_for(tree), "PLAYAID_BENCH_TREE": str(tree)}
    out = subprocess.run(
        [sys.executable, str(Path(__file__)), "--records", str(count), "--rows-json"],
        env=env,
        capture_output=True,
        text=True,
    )
    if out.returncode:
        return [["(failed)", "n/a", out.stderr.strip().splitlines()[-1] if out.stderr.strip() else "?"]]
    return json.loads(out.stdout)


def _rate_of(value: str) -> float:
    return float(value.split()[0].replace(",", "")) if value[:1].isdigit() else 0.0


def side_by_side(count: int, ref: str, runs: int = 3) -> None:
    """This tree's figures and ``ref``'s, alternating ``runs`` times (both share the machine's
    load); each row's best CPU-time rate, and this tree's as a share of the ref's."""
    sys.path.insert(0, str(ROOT / "bench"))
    from baseline import checkout, describe

    with checkout(ref) as tree:
        if tree is None:
            print(f"cannot check out {ref}: showing this tree only")
        best: dict[str, dict[str, str]] = {"this": {}, "ref": {}}
        for _ in range(runs):
            for side, where in (("this", ROOT), ("ref", tree)):
                if where is None:
                    continue
                for name, value, _note in _side_rows(where, count):
                    if _rate_of(value) >= _rate_of(best[side].get(name, "0")):
                        best[side][name] = value
    names = list(best["this"]) + [n for n in best["ref"] if n not in best["this"]]
    width = max(len(n) for n in names)
    print(
        f"{'records scored per second, CPU time (best of ' + str(runs) + ')':<{width}}  {'this tree':>16}  "
        f"{describe(ref):>22}  ratio"
    )
    for name in names:
        this, other = best["this"].get(name, "n/a"), best["ref"].get(name, "n/a")
        ratio = f"{_rate_of(this) / _rate_of(other):.2f}x" if _rate_of(this) and _rate_of(other) else ""
        print(f"{name:<{width}}  {this:>16}  {other:>22}  {ratio}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=5000, help="records per game")
    parser.add_argument(
        "--against",
        metavar="REF",
        default=None,
        help="also measure this git ref (default: main, or HEAD~1 on main), side by side",
    )
    parser.add_argument("--alone", action="store_true", help="this tree only")
    parser.add_argument("--rows-json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.rows_json:
        print(json.dumps(figures(args.records)))
        return
    if not args.alone:
        sys.path.insert(0, str(ROOT / "bench"))
        from baseline import default_ref

        ref = args.against or default_ref()
        if ref is not None:
            side_by_side(args.records, ref)
            return
    rows = figures(args.records)
    width = max(len(r[0]) for r in rows)
    for name, value, note in rows:
        print(f"{name:<{width}}  {value:>16}  {note}")


if __name__ == "__main__":
    main()
