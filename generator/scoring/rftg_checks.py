"""Findings about an RftG record as a whole: how the game ended, fields that do not apply to the
variant or are missing, copies of a card beyond those that exist, duplicate player names, a VP
pool or tableau end that the record does not bear out. Sources: 001_2033224846664d9b.txt
"Game End", 000_ac4a4b34259be941.txt "Game End". Standard library only.
"""

from __future__ import annotations

from generator.scoring.report import Finding
from generator.scoring.rftg_record import GameRecord, PlayerRecord
from generator.scoring.rftg_rules import Resolved, RftgRules
from generator.scoring.rules import Variant

#: Optional player fields that some variants use; writing one elsewhere draws a warning.
OPTIONAL_FIELDS = ("war_contribution_chips", "defense_awards", "military_vs_xenos",
                   "xeno_systems_conquered", "at_repulse")
#: Counts every variant uses (VP chips; goods and hand break ties, goods feed Merchant Guild).
BASE_COUNTS = ("chips", "goods", "hand")
#: Counts a variant uses when its `fields` list them (scored or measured for a tile).
VARIANT_COUNTS = ("war_contribution_chips", "defense_awards", "xeno_systems_conquered")


def with_article(word: str) -> str:
    """The word with its indefinite article: 'an invasion', 'a frontier'."""
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"


def missing_field_findings(player: PlayerRecord, index: int, fields: list[str],
                           findings: list[Finding]) -> None:
    """A warning per count the variant uses that the player's entry leaves out: a line forgotten
    on the score pad counts 0 silently otherwise (write ``0`` to mean 0)."""
    for name in BASE_COUNTS + tuple(f for f in VARIANT_COUNTS if f in fields):
        if not player.given(name):
            findings.append(Finding("warning", player.name, "missing_field",
                                    f"`{name}` not written for {player.name} (counted as 0; "
                                    f"write `{name}: 0` if there were none)", ("players", index)))


def variant_findings(record: GameRecord, variant: Variant, fields: list[str], allowed: list[str],
                     findings: list[Finding]) -> None:
    """Append findings for an ``ended_by`` the variant does not allow (error) and for fields
    that do not apply to the variant (warnings). ``fields``/``allowed`` come from scoring.yaml."""
    if record.ended_by not in allowed:
        stage = " before repulse" if record.variant == "counterstrike" and record.repulsed is False else ""
        findings.append(Finding("error", None, "ended_by",
                                f"ended_by '{record.ended_by}' is not a way {with_article(variant.id)} game{stage} "
                                f"ends (use one of: {', '.join(allowed)})", ("ended_by",)))
    if record.repulsed is not None and "repulsed" not in fields:
        findings.append(Finding("warning", None, "field_not_applicable",
                                f"`repulsed` does not apply to {with_article(variant.id)} game (remove it)",
                                ("repulsed",)))
    for i, p in enumerate(record.players):
        for name in OPTIONAL_FIELDS:
            if p.given(name) and name not in fields:
                why = " (after the repulse, the invasion tiles use `at_repulse`)" \
                    if name in variant.fields and "at_repulse" in fields else ""
                findings.append(Finding("warning", p.name, "field_not_applicable",
                                        f"`{name}` does not apply to this {variant.id} game{why} (remove it)",
                                        ("players", i, name)))


def record_findings(rules: "RftgRules", record: GameRecord, variant: Variant,
                    resolved: list["Resolved"], findings: list[Finding]) -> None:
    """Append findings about the whole record: more copies of a card than exist (error, or a
    warning when the copy count is unverified; at the first entry over the count), more players
    than the game takes (warning), duplicate player names (error), ended_by vp_pool with chips
    left in the pool, ended_by tableau with no tableau at the end size (warnings)."""
    used: dict[str, int] = {}
    for i, res in enumerate(resolved):
        for _w, card, _d, _v, j in res.entries:
            if card is None:
                continue
            n = used[card.name] = used.get(card.name, 0) + 1
            if n == card.copies + 1:
                sure = "copies" not in card.unverified
                total = sum(1 for r in resolved for e in r.entries if e[1] is card)
                findings.append(Finding(
                    "error" if sure else "warning", None, "too_many_copies",
                    f"'{card.name}' appears {total} times across tableaux but only {card.copies} "
                    f"{'exists' if card.copies == 1 else 'exist'}{'' if sure else ' (copy count unverified)'}",
                    ("players", i, "tableau", j)))
    most = rules.scoring.max_players
    if most is not None and len(record.players) > most:
        findings.append(Finding("warning", None, "player_count",
                                f"{len(record.players)} players, but the game takes at most {most} "
                                f"(check the record)", ("players",)))
    seen: dict[str, int] = {}
    for i, p in enumerate(record.players):
        if p.name in seen:
            findings.append(Finding("error", None, "duplicate_player",
                                    f"two players are named '{p.name}' (entries {seen[p.name] + 1} and {i + 1})",
                                    ("players", i, "name")))
        seen.setdefault(p.name, i)
    if record.ended_by == "vp_pool":
        pool = variant.vp_pool_per_player * len(record.players)
        handed = sum((p.chips or 0) + (p.war_contribution_chips or 0) for p in record.players)
        if handed < pool:
            findings.append(Finding("warning", None, "vp_pool_not_empty",
                                    f"ended_by vp_pool, but only {handed} VP in chips were handed out; "
                                    f"the pool holds {pool} ({variant.vp_pool_per_player} per player)",
                                    ("ended_by",)))
    if record.ended_by == "tableau" and variant.tableau_end:
        biggest = max(len(p.tableau) for p in record.players)
        if biggest < variant.tableau_end:
            findings.append(Finding("warning", None, "tableau_too_small",
                                    f"ended_by tableau, but the largest tableau has {biggest} cards "
                                    f"({with_article(variant.id)} game ends at {variant.tableau_end})", ("ended_by",)))


def systems_findings(record: GameRecord, variant: Variant, fields: list[str],
                     findings: list[Finding]) -> None:
    """After the repulse of a counterstrike game: the players' ``xeno_systems_conquered`` may add
    up to at most the Xeno systems in play for the player count (an error: Greatest Conqueror
    counts them), and ``ended_by: all_systems`` needs every one conquered (a warning, as for the
    VP pool). Source: 000_ac4a4b34259be941.txt "Repulse" (step 4: 1 Satellite and 1 Hive world
    per player) and "Game End"."""
    if "xeno_systems_conquered" not in fields or not variant.xeno_systems_in_play:
        return
    n = len(record.players)
    in_play = variant.systems_in_play(n)
    if in_play is None:
        return  # a player count the game does not take: the player_count warning says so
    conquered = sum(p.xeno_systems_conquered or 0 for p in record.players)
    counts = ", ".join(f"{p.name} {p.xeno_systems_conquered or 0}" for p in record.players)
    if conquered > in_play:
        i = max(range(n), key=lambda k: record.players[k].xeno_systems_conquered or 0)
        findings.append(Finding("error", None, "xeno_systems_conquered",
                                f"the players conquered {conquered} Xeno systems ({counts}), but a {n}-player "
                                f"game has only {in_play} in play (check xeno_systems_conquered)",
                                ("players", i, "xeno_systems_conquered")))
    elif record.ended_by == "all_systems" and conquered < in_play:
        findings.append(Finding("warning", None, "all_systems_not_conquered",
                                f"ended_by all_systems, but the players conquered {conquered} Xeno systems "
                                f"({counts}) of the {in_play} in play in a {n}-player game (check "
                                f"xeno_systems_conquered, or ended_by)", ("ended_by",)))
