"""Compare playaid's Race for the Galaxy card data with Board Game Arena's, field by field.

Usage (from the project root, with the project's venv):

    .venv/bin/python tools/compare_cards.py BGA_REPO [--arc3 ARC3_REPO] [--keldon KELDON_REPO]

``BGA_REPO`` is a fetched houseofsuns/raceforthegalaxy (a checkout or a bare git directory; files
are read at HEAD). For every base and Xeno Invasion card it compares name, type, cost, VP, copies,
military, good, windfall, keywords, start world, the phases of its powers, its Military powers
(``military_powers`` vs BGA's Settle-phase Military) and, for 6-cost developments and ``?``
worlds, what each tableau card scores (playaid's best line per card vs BGA's scoring
code as read in ``tools/bga_scoring.py``). ``--arc3`` adds the same field comparison with
rftg-arc3 (base, XI and Xeno Counterstrike); ``--keldon`` lists where Keldon's data -- base cards
in 1st-edition values -- differs from content in fields, Military powers and scoring (his V lines,
first match): the 1st -> 2nd edition changes (informational, not resolved in content).

Every difference is either resolved -- the card's ``differences`` in content records the other
value with a resolution and its source -- or UNRESOLVED. A recorded difference that no longer
occurs is STALE. Exit status: 0 when nothing is unresolved or stale, 1 otherwise, 2 on bad input.
Not part of the tests (it needs the fetched repositories); docs/card-data.md records its result.
``--write-verified`` (after a clean run with ``--arc3``) keeps what was verified as data:
``content/rftg/cards/verified/<set>.yaml``, which ``playaid check`` holds every card value to.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bga_scoring  # noqa: E402
import card_sources as cs  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
FIELDS = ("type", "cost", "vp", "copies", "military", "good", "windfall", "keywords", "start", "powers")
ARC3_FIELDS = ("type", "cost", "vp", "military", "good", "windfall", "keywords", "start", "powers", "frontier")


@dataclass
class Diff:
    """One difference: ``card`` (playaid name), ``field``, our value, the other's value."""

    other: str
    card: str
    field: str
    ours: object
    theirs: object
    status: str = "UNRESOLVED"
    why: str = ""


def load_cards(content_dir: Path) -> list:
    """playaid's validated card models (every set)."""
    from generator.checks.load import load_content
    from generator.errors import ContentError

    try:
        game = load_content(content_dir).game("rftg")
    except ContentError as exc:
        sys.exit(f"content does not load: {exc}")
    return [card for doc in game.of_kind("cards").values() for card in doc.cards]


def ours_field(card, field: str):
    if field == "keywords":
        return sorted(card.keywords)
    if field == "start":
        return card.start is not None
    return getattr(card, field)


def our_military(card) -> list[dict]:
    """``military_powers`` in the comparison's shape (sorted, per-fields given only)."""
    out = []
    for p in card.military_powers:
        entry: dict = {"military": p.military} if p.military is not None else {"military_vs_xenos": p.military_vs_xenos}
        if p.per is not None:
            entry["per"] = p.per.model_dump(exclude_none=True)
        if p.divide_by != 1:
            entry["divide_by"] = p.divide_by
        out.append(entry)
    return _sorted(out)


def _sorted(items: list[dict]) -> list[dict]:
    return sorted(items, key=lambda d: json.dumps(d, sort_keys=True))


def _same(a, b) -> bool:
    if isinstance(a, list) and isinstance(b, list):
        return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
    return a == b


def best_vp(scorer, card) -> int:
    """VP ``card`` earns from ``scorer``'s ``match`` lines: the one line it meets that gives the
    most, as playaid scores (xi: Scoring, one category per card; ruling best-category)."""
    return max((line.vp for line in scorer.scoring if line.match is not None and _matches(line.match, card)), default=0)


def _matches(m, c) -> bool:
    checks = [
        m.type is None or c.type == m.type,
        m.name is None or c.name.casefold() == m.name.casefold(),
        m.keyword is None or m.keyword in c.keywords,
        m.military is None or (c.type == "world" and bool(c.military) == m.military),
        m.good is None or c.good == m.good,
        m.windfall is None or (c.good is not None and c.windfall == m.windfall),
        m.power is None or m.power in c.powers,
        m.cost is None or c.cost == m.cost,
        m.frontier is None or (c.frontier is not None and m.frontier in ("any", c.frontier)),
        m.ability is None or m.ability in c.abilities,
    ]
    return all(checks)


def match_sources(cards: list, other: dict, other_id: str) -> tuple[dict, list[str]]:
    """Pair each playaid card with the other source's card: by name (case and punctuation
    ignored) or by the card's recorded ``name`` difference. Returns ``{playaid name: their card}``
    and the other's cards nobody matched."""
    index = {cs.norm_name(n): c for n, c in other.items()}
    pairs = {}
    for card in cards:
        theirs = index.get(cs.norm_name(card.name))
        if theirs is None:
            alias = next((d.value for d in card.differences if d.field == "name" and d.other == other_id), None)
            theirs = other.get(alias) if isinstance(alias, str) else None
        if theirs is not None:
            pairs[card.name] = theirs
    used = {c.name for c in pairs.values()}
    return pairs, sorted(n for n in other if n not in used)


def compare_fields(cards: list, pairs: dict, other_id: str, fields) -> list[Diff]:
    diffs = []
    for card in cards:
        theirs = pairs.get(card.name)
        if theirs is None:
            continue
        if theirs.name != card.name and (other_id != "arc3" or theirs.name.casefold() != card.name.casefold()):
            diffs.append(Diff(other_id, card.name, "name", card.name, theirs.name))
        for field in fields:
            mine, their = ours_field(card, field), getattr(theirs, field)
            if field == "copies" and their is None:
                continue
            if not _same(mine, their):
                diffs.append(Diff(other_id, card.name, field, mine, their))
    return diffs


def compare_military(cards: list, pairs: dict, other_id: str = "bga") -> list[Diff]:
    diffs = []
    for card in cards:
        theirs = pairs.get(card.name)
        if theirs is None or theirs.military_powers is None:
            continue
        mine, their = our_military(card), _sorted(theirs.military_powers)
        if not _same(mine, their):
            diffs.append(Diff(other_id, card.name, "military_powers", mine, their))
    return diffs


def compare_scoring(cards: list, game_php: str) -> tuple[list[Diff], list[str]]:
    """Per 6-cost development / ``?`` world BGA has: every card of every set, our best-line VP
    vs BGA's (as read), and the per-player terms. Also returns warnings where BGA's code no longer
    matches the reading."""
    increments, per_player_code = bga_scoring.read_increments(game_php)
    by_name = {c.name: c for c in cards}
    diffs: list[Diff] = []
    warnings: list[str] = []
    for name, reading in bga_scoring.READINGS.items():
        scorer = by_name.get(name)
        if scorer is None:
            warnings.append(f"{name}: not in content")
            continue
        if increments.get(reading.bga_id, ()) != reading.code:
            warnings.append(
                f"{name}: BGA's scoring code for card {reading.bga_id} changed since it was "
                f"read ({increments.get(reading.bga_id)} vs {reading.code}): re-read "
                f"cardsToSixDevelopmentsScore and update tools/bga_scoring.py"
            )
        for qty, _vp, _div in reading.per_player:
            if reading.bga_id not in per_player_code:
                warnings.append(f"{name}: BGA no longer adds a per-player {qty} term")
        mine_pp = sorted((s.per_player, s.vp, s.divide_by) for s in scorer.scoring if s.per_player)
        if mine_pp != sorted(reading.per_player):
            diffs.append(
                Diff("bga", name, "scoring", f"per player {mine_pp}", f"per player {sorted(reading.per_player)}")
            )
        for card in cards:
            mine, theirs = best_vp(scorer, card), reading.per_card(card)
            if mine != theirs:
                diffs.append(Diff("bga", name, "scoring", f"{card.name}: {mine}", f"{card.name}: {theirs}"))
    return diffs, warnings


_KELDON_GOODS = {"NOVELTY": "novelty", "RARE": "rare", "GENE": "genes", "ALIEN": "alien"}


def keldon_vp(v_line: str, card) -> int | None:
    """VP that one of Keldon's ``V:vp:TYPE:name`` lines gives ``card`` (0 when it does not
    match; None for a per-player line)."""
    vp, kind, name = v_line.split(":", 2)
    world, dev = card.type == "world", card.type == "development"
    mil = world and bool(card.military)
    head, _, tail = kind.partition("_")
    if kind in ("THREE_VP", "TOTAL_MILITARY"):
        return None
    if tail in ("PRODUCTION", "WINDFALL") and head in _KELDON_GOODS:
        ok = world and card.good == _KELDON_GOODS[head] and card.windfall == (tail == "WINDFALL")
    elif kind.endswith("_FLAG"):
        ok = kind[:-5].replace("_", "-") in card.keywords
    elif kind in ("ANTI_XENO_DEVEL", "ANTI_XENO_WORLD"):
        ok = "ANTI-XENO" in card.keywords and (dev if kind.endswith("DEVEL") else world)
    elif head in ("DEVEL", "WORLD") and tail:
        ok = (dev if head == "DEVEL" else world) and tail.lower() in card.powers
    else:
        ok = {
            "DEVEL": dev,
            "WORLD": world,
            "SIX_DEVEL": dev and card.cost == 6,
            "MILITARY": mil,
            "REBEL_MILITARY": mil and "REBEL" in card.keywords,
            "XENO_MILITARY": mil and "XENO" in card.keywords,
            "NAME": card.name.casefold() == name.casefold(),
        }[kind]
    return int(vp) if ok else 0


def compare_keldon_scoring(cards: list, keldon: dict) -> list[Diff]:
    """Keldon's V lines (first match, as his engine scores) vs content, over every card."""
    by_name = {c.name: c for c in cards}
    diffs = []
    for name, theirs in keldon.items():
        scorer = by_name.get(name)
        if scorer is None or not getattr(theirs, "raw_v", None):
            continue
        mine_pp = [(s.per_player, s.vp) for s in scorer.scoring if s.per_player]
        their_pp = [(v.split(":")[1], int(v.split(":")[0])) for v in theirs.raw_v if keldon_vp(v, scorer) is None]
        if len(mine_pp) != len(their_pp):
            diffs.append(Diff("keldon", name, "scoring", f"per player {mine_pp}", f"per player {their_pp}"))
        for card in cards:
            mine = best_vp(scorer, card)
            their = next((vp for v in theirs.raw_v if (vp := keldon_vp(v, card))), 0)
            if mine != their:
                diffs.append(Diff("keldon", name, "scoring", f"{card.name}: {mine}", f"{card.name}: {their}"))
    return diffs


def resolve(diffs: list[Diff], cards: list) -> list[tuple[str, object]]:
    """Mark each diff resolved when its card records it; return recorded differences that no
    longer occur (stale) as (card name, difference)."""
    by_name = {c.name: c for c in cards}
    used: set[tuple[str, int]] = set()
    for d in diffs:
        card = by_name[d.card]
        for i, rec in enumerate(card.differences):
            if rec.field == d.field and rec.other == d.other and _same(_plain(rec.value), d.theirs):
                d.status, d.why = "resolved", f"{rec.resolution} [{rec.source}]"
                used.add((card.name, i))
                break
    return [(c.name, rec) for c in cards for i, rec in enumerate(c.differences) if (c.name, i) not in used]


def _plain(value):
    if isinstance(value, list) and value and isinstance(value[0], dict):
        return _sorted([dict(v) for v in value])
    return value


def _cell(value) -> str:
    if isinstance(value, list):
        return ", ".join(json.dumps(v, sort_keys=True) if isinstance(v, dict) else str(v) for v in value) or "(none)"
    return str(value)


def print_table(title: str, diffs: list[Diff]) -> None:
    print(f"\n## {title}\n")
    if not diffs:
        print("No differences.")
        return
    print("| card | field | content | other | status |")
    print("|---|---|---|---|---|")
    for d in diffs:
        status = d.status if not d.why else f"{d.status}: {d.why}"
        print(f"| {d.card} | {d.field} | {_cell(d.ours)} | {_cell(d.theirs)} | {status} |")


#: Per card set: the sources that confirmed it and the fields compared (docs/card-data.md).
VERIFIED_BY = {"base": ("bga", "arc3"), "xi": ("bga", "arc3"), "xc": ("arc3",)}


def write_verified(content_dir: Path, cards: list, commits: dict[str, str], date: str) -> list[Path]:
    """Write ``<content>/rftg/cards/verified/<set>.yaml`` for every set (`VERIFIED_BY`): each card's
    values of the fields the sources were compared on, and the scoring lines of the cards whose
    scoring BGA's code was compared with (every tableau card's VP). Call only after a run with no
    unresolved or stale difference. Returns the files written."""
    from generator.content.verified_cards import card_record
    from generator.fsutil import write_atomic

    what = {
        "bga": f"bga: houseofsuns/raceforthegalaxy @ {commits.get('bga')} (cards.inc.php: "
        f"{', '.join(FIELDS)}, Military powers; raceforthegalaxy.game.php: 6-cost scoring)",
        "arc3": f"arc3: khanghy2130/rftg-arc3 @ {commits.get('arc3')} (src/lib/cardPool.ts: {', '.join(ARC3_FIELDS)})",
    }
    reverify = (
        "fetch houseofsuns/raceforthegalaxy and khanghy2130/rftg-arc3, then run .venv/bin/python "
        "tools/compare_cards.py BGA_REPO --arc3 ARC3_REPO --write-verified (docs/card-data.md)"
    )
    written = []
    for set_id, sources in VERIFIED_BY.items():
        fields = list(
            dict.fromkeys(
                (FIELDS if "bga" in sources else ()) + ARC3_FIELDS + (("military_powers",) if "bga" in sources else ())
            )
        )
        if "bga" not in sources:
            fields.remove("copies") if "copies" in fields else None
        lines = [
            "# Card values verified against the sources below. Written by tools/compare_cards.py",
            "# --write-verified; do not edit by hand: `playaid check` fails on a card value that differs.",
            "kind: verified-cards",
            f"id: rftg-verified-{set_id}",
            f"set: {set_id}",
            f'date: "{date}"',
            "sources:",
        ]
        lines += [f"  - {json.dumps(what[s])}" for s in sources]
        lines += [f"fields: [{', '.join(fields)}]", f"reverify: {json.dumps(reverify)}", "cards:"]
        for card in sorted((c for c in cards if c.set == set_id), key=lambda c: c.name):
            scored = "bga" in sources and card.name in bga_scoring.READINGS
            lines.append(
                f"  {json.dumps(card.name)}: {json.dumps(card_record(card, fields, scored), ensure_ascii=False)}"
            )
        path = content_dir / "rftg" / "cards" / "verified" / f"{set_id}.yaml"
        write_atomic(path, ("\n".join(lines) + "\n").encode())
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("bga", type=Path, help="fetched houseofsuns/raceforthegalaxy (checkout or bare git dir)")
    ap.add_argument("--arc3", type=Path, help="fetched khanghy2130/rftg-arc3")
    ap.add_argument("--keldon", type=Path, help="fetched bnordli/rftg")
    ap.add_argument("--content", type=Path, default=ROOT / "content", help="content folder")
    ap.add_argument(
        "--write-verified",
        action="store_true",
        help="with --arc3 and nothing unresolved or stale: write content/rftg/cards/verified/"
        "<set>.yaml, the values playaid check holds the cards to",
    )
    ap.add_argument("--date", default=None, help="date for --write-verified (default: today, YYYY-MM-DD)")
    args = ap.parse_args(argv)

    cards = load_cards(args.content)
    try:
        bga = cs.read_bga(args.bga)
        game_php = cs.read_repo_file(args.bga, "raceforthegalaxy.game.php")
    except (FileNotFoundError, ValueError) as exc:
        print(f"cannot read BGA data: {exc}", file=sys.stderr)
        return 2
    print(
        f"# Card data comparison\n\ncontent: {len(cards)} card designs; BGA "
        f"houseofsuns/raceforthegalaxy @ {cs.repo_commit(args.bga)}: {len(bga)} base + XI designs"
    )

    covered = [c for c in cards if c.set in ("base", "xi")]
    pairs, unmatched = match_sources(covered, bga, "bga")
    missing = [c.name for c in covered if c.name not in pairs]
    diffs = compare_fields(covered, pairs, "bga", FIELDS)
    diffs += compare_military(covered, pairs)
    scoring_diffs, warnings = compare_scoring(cards, game_php)
    diffs += scoring_diffs
    all_diffs = list(diffs)

    arc3_diffs: list[Diff] = []
    if args.arc3:
        arc3 = cs.read_arc3(args.arc3)
        apairs, aunmatched = match_sources(cards, arc3, "arc3")
        arc3_diffs = compare_fields(cards, apairs, "arc3", ARC3_FIELDS)
        all_diffs += arc3_diffs
        missing += [f"{c.name} (arc3)" for c in cards if c.name not in apairs]
        unmatched += [f"{n} (arc3)" for n in aunmatched]

    stale = resolve(all_diffs, cards)
    stale = [(n, r) for n, r in stale if r.other in ("bga",) + (("arc3",) if args.arc3 else ())]
    print_table("Board Game Arena vs content", diffs)
    if args.arc3:
        print_table("rftg-arc3 vs content", arc3_diffs)

    if args.keldon:
        keldon = cs.read_keldon(args.keldon)
        kpairs, _ = match_sources(covered, keldon, "keldon")
        kdiffs = compare_fields(covered, kpairs, "keldon", FIELDS)
        kdiffs += compare_military(covered, kpairs, "keldon")
        kdiffs += compare_keldon_scoring(cards, keldon)
        for d in kdiffs:
            d.status = "informational"
        print_table(
            "Keldon vs content -- informational: base cards in 1st-edition values, promo "
            "start worlds as 0/0 placeholders",
            kdiffs,
        )

    problems = 0
    for title, items in (
        ("content cards BGA does not have", missing),
        ("BGA cards content does not have", unmatched),
        ("BGA scoring code no longer as read", warnings),
    ):
        if items:
            problems += len(items)
            print(f"\n## {title}\n")
            for item in items:
                print(f"- {item}")
    if stale:
        print("\n## STALE recorded differences (no longer occur: update or remove them)\n")
        for name, rec in stale:
            print(f"- {name}: {rec.field} ({rec.other}) {rec.value!r}")
    unresolved = [d for d in all_diffs if d.status != "resolved"]
    resolved = len(all_diffs) - len(unresolved)
    print(
        f"\n{len(all_diffs)} differences: {resolved} resolved, {len(unresolved)} unresolved; "
        f"{len(stale)} stale; {problems} other problems"
    )
    clean = not unresolved and not stale and not problems
    if args.write_verified:
        if not clean or not args.arc3:
            print(
                "\nverified records NOT written: "
                + ("resolve every difference first" if not clean else "--write-verified needs --arc3"),
                file=sys.stderr,
            )
            return 1
        import datetime

        commits = {"bga": cs.repo_commit(args.bga), "arc3": cs.repo_commit(args.arc3)}
        date = args.date or datetime.date.today().isoformat()
        for path in write_verified(args.content, cards, commits, date):
            print(f"written: {path}")
    return 0 if clean else 1


if __name__ == "__main__":
    sys.exit(main())
