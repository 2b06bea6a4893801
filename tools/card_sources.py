"""Read other implementations' Race for the Galaxy card lists into one plain shape, for comparison.

Three public sources (facts only; nothing of theirs is copied into playaid):

* Board Game Arena (houseofsuns/raceforthegalaxy): ``cards.inc.php`` -- 2nd edition; base game
  (card ids below 100, plus the 2nd-edition start worlds 314-319) and Xeno Invasion (270-313).
* Keldon Jones's AI (bnordli/rftg): ``src/cards.txt`` -- base game in 1st-edition values,
  Xeno Invasion (expansion level 5).
* rftg-arc3 (khanghy2130/rftg-arc3): ``src/lib/cardPool.ts`` -- base 2nd edition, XI, XC;
  its ``static/cards/*.jpg`` are scans of the printed cards.

Every reader returns ``{name: SourceCard}``. Field values use playaid's words (see
`generator.content.cards`): type world/development, good novelty/rare/genes/alien, phases
explore/develop/settle/trade/consume/produce, keywords in capitals (CHROMO, ANTI-XENO ...).
"""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from php_literals import read_assignment

GOODS = {1: "novelty", 2: "rare", 3: "genes", 4: "alien"}

#: BGA power-table keys -> phases ('s' is the Trade row, a Consume-phase trade power).
BGA_PHASES = {1: "explore", 2: "develop", 3: "settle", "s": "trade", 4: "consume", 5: "produce"}
#: BGA categories that are keywords (the others: windfall, military, prestige).
BGA_KEYWORDS = {
    "alien": "ALIEN",
    "rebel": "REBEL",
    "imperium": "IMPERIUM",
    "uplift": "UPLIFT",
    "chromosome": "CHROMO",
    "terraforming": "TERRAFORMING",
    "xeno": "XENO",
    "antixeno": "ANTI-XENO",
}
#: BGA card-id ranges of the sets playaid covers (raceforthegalaxy.game.php, deck set-up).
BGA_SETS = (("base", range(0, 100)), ("base", range(314, 320)), ("xi", range(270, 314)))

PHASE_ORDER = ("explore", "develop", "settle", "trade", "consume", "produce")


@dataclass
class SourceCard:
    """One card as a source prints it. ``vp`` is an int or "?"; ``military`` only for worlds;
    ``powers`` the sorted phases that have a power; ``military_powers`` (BGA only) normalised
    entries ``{"military"|"military_vs_xenos": n, "per": {...}}``; ``raw`` the source's own
    record (for messages)."""

    name: str
    set: str
    type: str
    cost: int
    vp: Any
    copies: int | None = None
    military: bool | None = None
    good: str | None = None
    windfall: bool = False
    keywords: list[str] = field(default_factory=list)
    powers: list[str] = field(default_factory=list)
    start: bool = False
    frontier: str | None = None
    military_powers: list[dict] | None = None
    not_counted: list[str] = field(default_factory=list)
    id: Any = None


def read_repo_file(repo: Path, path: str) -> str:
    """A file of a fetched repository: from its work tree when it has one, else from a bare git
    directory at HEAD (``git -C repo show HEAD:path``). Raises FileNotFoundError when absent."""
    direct = Path(repo) / path
    if direct.is_file():
        return direct.read_text(encoding="utf-8")
    done = subprocess.run(["git", "-C", str(repo), "show", f"HEAD:{path}"], capture_output=True, text=True)
    if done.returncode != 0:
        raise FileNotFoundError(f"{repo}: no {path} ({done.stderr.strip()})")
    return done.stdout


def repo_commit(repo: Path) -> str:
    """The short commit id the repository's HEAD points at ('?' when it is not a git repo)."""
    done = subprocess.run(["git", "-C", str(repo), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    return done.stdout.strip() if done.returncode == 0 else "?"


def norm_name(name: str) -> str:
    """A name key that ignores case, punctuation and spacing ("Imperium Munitions, Inc.")."""
    return re.sub(r"[^a-z0-9]", "", name.casefold())


def _phases(keys) -> list[str]:
    return [p for p in PHASE_ORDER if p in keys]


# --- Board Game Arena ------------------------------------------------------------------------


def _bga_military(powers: dict) -> tuple[list[dict], list[str]]:
    """BGA Settle powers that last (what its getMilitaryForceFromCards adds up), normalised, and
    the Military-like powers it does not count (temporary, specialised, defense)."""
    counted: list[dict] = []
    other: list[str] = []
    for p in powers.get(3, []):
        kind, arg = p["power"], p.get("arg") or {}
        if isinstance(arg, list):
            arg = {}
        if kind == "militaryforce":
            if "worldtype" in arg or "worldfilter" in arg:
                other.append(f"{arg['force']:+d} vs {arg.get('worldtype') or arg.get('worldfilter')} worlds")
            elif arg.get("xenodefense"):
                other.append(f"{arg['force']:+d} Defense vs. Xenos")
            elif "condition" in p:
                counted.append({"military": arg["force"], "if": p["condition"]})
            elif arg.get("xeno"):
                counted.append({"military_vs_xenos": arg["force"]})
            else:
                counted.append({"military": arg["force"]})
        elif kind == "militaryforce_permilitary":
            per = {"type": "world", "military": True}
            if arg.get("rebel"):
                per["keyword"] = "REBEL"
            counted.append({"military": 1, "per": per})
        elif kind == "militaryforce_perchromosome":
            counted.append({"military": 1, "per": {"keyword": "CHROMO"}})
        elif kind == "militaryforce_perimperium":
            counted.append({"military": 1, "per": {"keyword": "IMPERIUM"}})
        elif kind == "militaryforce_percivil":
            counted.append({"military_vs_xenos": 1, "per": {"type": "world", "military": False}})
        elif "military" in kind:
            other.append(f"{kind} {arg}")
    return counted, other


def read_bga(repo: Path) -> dict[str, SourceCard]:
    """Base + Xeno Invasion cards of BGA's ``cards.inc.php`` (``$this->card_types``)."""
    php = read_repo_file(repo, "cards.inc.php")
    types = read_assignment(php, "card_types", "cards.inc.php")
    out: dict[str, SourceCard] = {}
    for cid, c in types.items():
        set_ = next((s for s, ids in BGA_SETS if isinstance(cid, int) and cid in ids), None)
        if set_ is None:
            continue
        powers = c["powers"] if isinstance(c["powers"], dict) else {}
        cats = c.get("category") or []
        good = None
        if "windfall" in cats:
            good = GOODS.get(c.get("windfalltype"))
        for p in powers.get(5, []):
            if p["power"] in ("produce", "produceifdiscard"):
                good = GOODS.get(p["arg"]["resource"])
        counted, other = _bga_military(powers)
        card = SourceCard(
            name=c["name"],
            set=set_,
            type=c["type"],
            cost=c["cost"],
            vp=c["vp"],
            copies=c["qt"],
            military=("military" in cats) if c["type"] == "world" else None,
            good=good if c["type"] == "world" else None,
            windfall="windfall" in cats,
            keywords=sorted(BGA_KEYWORDS[k] for k in cats if k in BGA_KEYWORDS),
            powers=_phases({BGA_PHASES[k] for k in powers}),
            start="startworld_number" in c,
            military_powers=counted,
            not_counted=other,
            id=cid,
        )
        out[card.name] = card
    six = set(read_assignment(php, "six_cost_developments", "cards.inc.php"))
    for card in out.values():
        if card.id in six:
            card.vp = "?"
    return out


# --- Keldon ----------------------------------------------------------------------------------

_KELDON_GOODS = {"NOVELTY": "novelty", "RARE": "rare", "GENE": "genes", "ALIEN": "alien", "ANY": "any"}
_KELDON_FLAGS = {
    "ALIEN": "ALIEN",
    "REBEL": "REBEL",
    "IMPERIUM": "IMPERIUM",
    "UPLIFT": "UPLIFT",
    "CHROMO": "CHROMO",
    "TERRAFORMING": "TERRAFORMING",
    "XENO": "XENO",
    "ANTI_XENO": "ANTI-XENO",
}
_KELDON_PHASES = {"1": "explore", "2": "develop", "3": "settle", "4": "consume", "5": "produce"}
#: Consume-phase codes Keldon's engine counts as Trade powers (rftg.h P4_TRADE_MASK);
#: TRADE_ACTION (Black Market Trading World, Trade League) is not one of them.
_KELDON_TRADE = {
    "TRADE_ANY",
    "TRADE_NOVELTY",
    "TRADE_RARE",
    "TRADE_GENE",
    "TRADE_ALIEN",
    "TRADE_THIS",
    "TRADE_BONUS_CHROMO",
    "NO_TRADE",
}


#: Keldon's Settle codes that make an EXTRA_MILITARY power temporary or specialised.
_KELDON_NOT_LASTING = {
    "DISCARD",
    "CONSUME_ALIEN",
    "CONSUME_NOVELTY",
    "CONSUME_RARE",
    "CONSUME_GENE",
    "CONSUME_PRESTIGE",
    "ALIEN",
    "GENE",
    "NOVELTY",
    "RARE",
    "AGAINST_REBEL",
}
_KELDON_PER = {
    "PER_MILITARY": {"type": "world", "military": True},
    "PER_REBEL_MILITARY": {"type": "world", "military": True, "keyword": "REBEL"},
    "PER_CHROMO": {"keyword": "CHROMO"},
    "PER_IMPERIUM": {"keyword": "IMPERIUM"},
    "PER_PEACEFUL": {"type": "world", "military": False},
}


def read_keldon(repo: Path) -> dict[str, SourceCard]:
    """Base (expansion level 0) and Xeno Invasion (level 5) cards of Keldon's ``cards.txt``.
    A Consume-phase ``TRADE_*`` power is the Trade row; V lines are kept as ``scoring`` text."""
    out: dict[str, SourceCard] = {}
    text = read_repo_file(repo, "src/cards.txt")
    for block in re.split(r"\n\s*\n", text):
        lines = [ln.strip() for ln in block.splitlines() if ln.strip() and not ln.startswith("#")]
        rec: dict[str, list[str]] = {}
        for ln in lines:
            tag, rest = ln[0], ln[1:].removeprefix(":")  # "N:name", "E@0:2"
            rec.setdefault(tag, []).append(rest)
        if "N" not in rec or "T" not in rec:
            continue
        counts = dict(re.findall(r"@(\d+):(\d+)", rec.get("E", [""])[0]))
        set_ = "base" if "0" in counts else "xi" if "5" in counts else None
        if set_ is None:
            continue
        kind, cost, vp = rec["T"][0].split(":")
        flags = {f.strip() for f in " | ".join(rec.get("F", [])).split("|") if f.strip()}
        phases: set[str] = set()
        for p in rec.get("P", []):
            ph, code = p.split(":")[:2]
            codes = {part.strip() for part in code.split("|")}
            phases.add("trade" if ph == "4" and codes & _KELDON_TRADE else _KELDON_PHASES[ph])
        is_world = kind == "1"
        military_powers = []
        for p in rec.get("P", []):
            ph, code, value = p.split(":")[:3]
            codes = {part.strip() for part in code.split("|")}
            if ph != "3" or "EXTRA_MILITARY" not in codes or codes & _KELDON_NOT_LASTING:
                continue
            entry = {"military_vs_xenos" if "XENO" in codes else "military": int(value)}
            per = next((_KELDON_PER[c] for c in codes if c in _KELDON_PER), None)
            if per:
                entry = {next(iter(entry)): 1, "per": per}
            if "IF_IMPERIUM" in codes:
                entry["if"] = "imperium"
            military_powers.append(entry)
        card = SourceCard(
            name=rec["N"][0],
            set=set_,
            type="world" if is_world else "development",
            cost=int(cost),
            vp=int(vp),
            copies=int(counts.get("0") or counts.get("5")),
            military=("MILITARY" in flags) if is_world else None,
            good=_KELDON_GOODS.get(rec.get("G", [""])[0]),
            windfall="WINDFALL" in flags,
            keywords=sorted(v for k, v in _KELDON_FLAGS.items() if k in flags),
            powers=_phases(phases),
            start="START" in flags,
            military_powers=military_powers,
        )
        if rec.get("V"):
            card.vp = "?"
        card.raw_v = rec.get("V", [])  # type: ignore[attr-defined]
        out[card.name] = card
    return out


# --- rftg-arc3 -------------------------------------------------------------------------------

_ARC3_PHASES = {"I": "explore", "II": "develop", "III": "settle", "$": "trade", "IV": "consume", "V": "produce"}
_ARC3_GOODS = {"NOVELTY": "novelty", "RARE": "rare", "GENE": "genes", "ALIEN": "alien"}


def read_arc3(repo: Path) -> dict[str, SourceCard]:
    """Every card of arc3's ``cardPool.ts`` (a TypeScript array of object literals); the
    ``image`` attribute names its printed-card scan under ``static/``."""
    text = read_repo_file(repo, "src/lib/cardPool.ts")
    out: dict[str, SourceCard] = {}
    for body in re.findall(r"\{\s*src:(.*?)\n  \}", text, re.DOTALL):

        def s(key: str, body: str = body) -> str | None:
            m = re.search(rf"\b{key}:\s*\"([^\"]*)\"", body)
            return m.group(1) if m else None

        def n(key: str, body: str = body) -> Any:
            m = re.search(rf"\b{key}:\s*(-?\d+|\"\?\")", body)
            return None if not m else "?" if m.group(1) == '"?"' else int(m.group(1))

        def arr(key: str, body: str = body) -> list[str]:
            m = re.search(rf"\b{key}:\s*\[([^\]]*)\]", body)
            return re.findall(r"\"([^\"]*)\"", m.group(1)) if m else []

        src = re.match(r"\s*\"([^\"]*)\"", body).group(1)
        is_world = "world:" in body
        wtype = s("type")
        card = SourceCard(
            name=s("name"),
            set=s("set") or "base",
            type="world" if is_world else "development",
            cost=n("cost"),
            vp=n("vp"),
            military=("isMilitary: true" in body) if is_world else None,
            good=_ARC3_GOODS.get(s("good") or ""),
            windfall="isWindfall: true" in body,
            keywords=sorted(arr("keywords")),
            powers=_phases({_ARC3_PHASES[p] for p in arr("powers")}),
            start=bool(wtype and wtype.startswith("START")),
            frontier={"NEAR": "near", "FAR": "far"}.get(wtype or ""),
        )
        card.image = "static/" + src  # type: ignore[attr-defined]
        out[card.name] = card
    return out
