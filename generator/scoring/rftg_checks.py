"""Findings about an RftG record as a whole: how the game ended, fields that do not apply to the
variant, copies of a card beyond those that exist, duplicate player names, a VP pool or tableau
end that the record does not bear out. Sources: "xi: Game End", "xc: Game End"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.content.scoring_rules import Variant
from generator.scoring.records import GameRecord
from generator.scoring.report import Finding

if TYPE_CHECKING:  # the scorer imports this module; types only
    from generator.scoring.rftg import RftgRules, _Resolved


def _a(word: str) -> str:
    """The word with its indefinite article: 'an invasion', 'a frontier'."""
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"


def variant_findings(record: GameRecord, variant: Variant, fields: list[str], allowed: list[str],
                    findings: list[Finding]) -> None:
    """Append findings for an ``ended_by`` the variant does not allow (error) and for fields
    that do not apply to the variant (warnings). ``fields``/``allowed`` come from scoring.yaml."""
    if record.ended_by not in allowed:
        stage = " before repulse" if record.variant == "counterstrike" and record.repulsed is False else ""
        findings.append(Finding("error", None, "ended_by",
                                f"ended_by '{record.ended_by}' is not a way {_a(variant.id)} game{stage} "
                                f"ends (use one of: {', '.join(allowed)})"))
    if record.repulsed is not None and "repulsed" not in fields:
        findings.append(Finding("warning", None, "field_not_applicable",
                                f"`repulsed` does not apply to {_a(variant.id)} game (remove it)"))
    optional = ("war_contribution_chips", "defense_awards", "military_vs_xenos",
                "xeno_systems_conquered", "at_repulse")
    for p in record.players:
        for name in optional:
            if name in p.model_fields_set and name not in fields:
                findings.append(Finding("warning", p.name, "field_not_applicable",
                                        f"`{name}` does not apply to this {variant.id} game (remove it)"))


def record_findings(rules: "RftgRules", record: GameRecord, variant: Variant,
                    resolved: list["_Resolved"], findings: list[Finding]) -> None:
    """Append findings about the whole record: more copies of a card than exist (error, or a
    warning when the copy count is unverified), more players than the game takes (warning),
    duplicate player names, ended_by vp_pool with
    chips left in the pool, ended_by tableau with no tableau at the end size (warnings)."""
    # copies across tableaux
    used: dict[str, int] = {}
    for res in resolved:
        for _w, card, _d, _v in res.entries:
            if card is not None:
                used[card.name] = used.get(card.name, 0) + 1
    for name, n in used.items():
        card = rules.exact[name]
        if n > card.copies:
            sure = "copies" not in card.unverified
            findings.append(Finding("error" if sure else "warning", None, "too_many_copies",
                                    f"'{name}' appears {n} times across tableaux but only {card.copies} "
                                    f"{'exists' if card.copies == 1 else 'exist'}"
                                    f"{'' if sure else ' (copy count unverified)'}"))
    most = rules.scoring.players.max if rules.scoring.players else None
    if most is not None and len(record.players) > most:
        findings.append(Finding("warning", None, "player_count",
                                f"{len(record.players)} players, but the game takes at most {most} "
                                f"(check the record)"))
    names = [p.name for p in record.players]
    for name in sorted({n for n in names if names.count(n) > 1}):
        findings.append(Finding("error", None, "duplicate_player", f"two players are named '{name}'"))
    if record.ended_by == "vp_pool":
        pool = variant.vp_pool_per_player * len(record.players)
        handed = sum(p.chips + (p.war_contribution_chips or 0) for p in record.players)
        if handed < pool:
            findings.append(Finding("warning", None, "vp_pool_not_empty",
                                    f"ended_by vp_pool, but only {handed} VP in chips were handed out; "
                                    f"the pool holds {pool} ({variant.vp_pool_per_player} per player)"))
    if record.ended_by == "tableau" and variant.tableau_end:
        biggest = max(len(p.tableau) for p in record.players)
        if biggest < variant.tableau_end:
            findings.append(Finding("warning", None, "tableau_too_small",
                                    f"ended_by tableau, but the largest tableau has {biggest} cards "
                                    f"({_a(variant.id)} game ends at {variant.tableau_end})"))
