"""Race for the Galaxy end-game scoring: pure functions over a `GameRecord` and `RftgRules`.

`RftgRules.from_json(game_rules)` builds the rules once from the compiled rules (card database +
``kind: scoring`` document, as `generator.records.compile_rules` writes them); `score_record(record, rules)`
returns a `Report` and does no I/O, so a batch of records is scored in a loop. Every number (tile
VP, pool sizes, thresholds, scoring lines, Military powers) comes from content:
``content/rftg/cards/*.yaml`` and ``content/rftg/scoring.yaml``. Rule sources: Xeno Invasion
rulebook (001_2033224846664d9b.txt) "Game End" and "Scoring"; Xeno Counterstrike rulebook
(000_ac4a4b34259be941.txt) "Repulse", "Game End", "Costly Developments". Standard library only.
"""

from __future__ import annotations

import difflib

from generator.scoring.cards import Card, best_line, other_lines
from generator.scoring.military import VS_XENOS_ONLY, compute_military
from generator.scoring.report import Explain, Finding, PlayerScore, Report, Tie
from generator.scoring.rftg_checks import (missing_field_findings, record_findings, systems_findings,
                                          variant_findings, with_article)
from generator.scoring.rftg_record import GameRecord, PlayerRecord, RulesInvalid, TableauEntry
from generator.scoring.rftg_rules import GAME_ID, HAND_ENTERED, Resolved, RftgRules  # noqa: F401 - re-exported
from generator.scoring.rules import BonusTile, Scoring, Variant

# --- resolving the tableau ----------------------------------------------------------------

def _key(name: str) -> str:
    """How a written card name is looked up: spacing, case and curly apostrophes do not matter."""
    return " ".join(name.replace("\u2019", "'").replace("\u2018", "'").split()).casefold()


def _hand_entered(entry: TableauEntry) -> Card | None:
    """A card the database lacks, as the record describes it (a promo, a conquered Xeno system):
    it counts for scoring lines only when the record gives its ``type``."""
    if entry.type is None:
        return None
    return Card(name=entry.card, set=HAND_ENTERED, type=entry.type, cost=-1, vp=entry.vp,
                military=entry.military if entry.type == "world" else None, keywords=entry.keywords)


def resolve(rules: RftgRules, player: PlayerRecord, index: int, variant: Variant,
            findings: list[Finding]) -> Resolved:
    """Match each tableau entry to a card (exact, then ignoring spacing, case and curly
    apostrophes) and report unknown cards (with the closest names), damaged developments,
    damage in a variant without damage, Frontier cards in a variant without the Frontier decks,
    and hand-given VP that the database contradicts."""
    entries = []
    active = []
    exact = rules.exact
    for j, entry in enumerate(player.tableau):
        path = ("players", index, "tableau", j)
        if entry.__class__ is str:
            card = exact.get(entry)
            if card is not None and (card.frontier is None or variant.frontier_cards):
                entries.append((entry, card, False, None, j))  # fast path: written as printed
                active.append(card)
                continue
            entry = TableauEntry(entry)
        written, damaged, hand_vp = entry.card, entry.damaged, entry.vp
        card = rules.cards.get(_key(written))
        if card is None:
            if hand_vp is None:
                close = difflib.get_close_matches(written, rules.names, n=3, cutoff=0.6)
                hint = f"did you mean {', '.join(repr(c) for c in close)}?" if close else \
                    "check the spelling, or write {card: Name, vp: N} for a card the database lacks"
                findings.append(Finding("error", player.name, "unknown_card",
                                        f"unknown card '{written}' ({hint}); not counted in "
                                        f"{player.name}'s total", path))
            if damaged and not variant.damage:
                findings.append(_damage_not_in_variant(player.name, written, variant.id, path))
                damaged = False
            entries.append((written, None, damaged, hand_vp, j))
            described = _hand_entered(entry)
            if described is not None and hand_vp is not None and not damaged:
                active.append(described)
            continue
        if card.frontier is not None and not variant.frontier_cards:
            deck = "Near" if card.frontier == "near" else "Far"
            findings.append(Finding("error", player.name, "frontier_card_not_in_variant",
                                    f"'{card.name}' is a {deck} Frontier card; the Frontier decks are used only "
                                    f"in frontier and counterstrike games, not in {with_article(variant.id)} game (check "
                                    f"`variant:`)", path))
        if damaged and card.type != "world":
            findings.append(Finding("error", player.name, "damaged_development",
                                    f"'{card.name}' is a development; only worlds can be damaged "
                                    f"(remove `damaged: true`)", path + ("damaged",)))
            damaged = False
        elif damaged and not variant.damage:
            findings.append(_damage_not_in_variant(player.name, card.name, variant.id, path))
            damaged = False
        if hand_vp is not None and hand_vp != card.vp:
            findings.append(Finding("warning", player.name, "vp_ignored",
                                    f"'{card.name}' is in the database with {card.vp} VP; "
                                    f"the hand-given vp {hand_vp} is ignored", path + ("vp",)))
        entries.append((written, card, damaged, None, j))
        if not damaged:
            active.append(card)
    return Resolved(entries, active)


def _damage_not_in_variant(player: str, card: str, variant: str, path: tuple) -> Finding:
    return Finding("error", player, "damage_not_in_variant",
                   f"'{card}' is marked damaged, but worlds are damaged only in invasion and "
                   f"counterstrike games, not in a {variant} game (remove `damaged: true`; "
                   f"scored as undamaged)", path + ("damaged",))


# --- scoring one player -------------------------------------------------------------------

def _vp_chips(player: PlayerRecord, war_applies: bool) -> int:
    """VP chips for Galactic Renaissance and the counterstrike Greatest Contributor: chips plus
    war contribution chips (never defense awards or bonus VP; 001_2033224846664d9b.txt "Game End")."""
    return (player.chips or 0) + ((player.war_contribution_chips or 0) if war_applies else 0)


def _per_player(line, player: PlayerRecord, ps: PlayerScore, war_applies: bool) -> tuple[int, str]:
    if line.per_player == "vp_chips":
        return _vp_chips(player, war_applies), "VP in chips"
    if line.per_player == "goods":
        return player.goods or 0, "goods"
    return ps.military, "Military"


def _score_cards(rules: RftgRules, player: PlayerRecord, res: Resolved, ps: PlayerScore,
                 war_applies: bool) -> None:
    explain = ps.explain.append
    printed = rules.printed
    cards_vp = 0
    for written, card, damaged, hand_vp, _j in res.entries:
        if card is None:
            if hand_vp is not None:
                vp = 0 if damaged else hand_vp
                cards_vp += vp
                why = "damaged: scores 0" if damaged else "printed VP given by hand (not in the database)"
                explain(Explain(written, vp, why))
            else:  # an unknown card: said in the table, the total, the claimed total and the winners
                ps.not_counted.append(written)
                explain(Explain(written, 0, "unknown card: NOT COUNTED, here or for any other card "
                                            "(correct its name, or write {card, vp} for a card the "
                                            "database lacks)"))
            continue
        if damaged:
            explain(Explain(card.name, 0, "damaged world: scores 0 and counts for no other card"))
            continue
        line = printed.get(card.name)
        if line is not None:  # the same immutable explain line for every copy of a card
            cards_vp += line.vp
            explain(line)
    ps.cards_vp += cards_vp
    scoring_cards = rules.scoring_cards
    for scorer in res.active:
        if scorer.name not in scoring_cards:
            continue
        lines = scorer.scoring
        index = rules.lines_of(scorer)  # each card's best line per card design, built once
        passed_over = rules.passed_over[scorer.name]
        counts = [0] * len(lines)
        once: list[str] = []  # cards scoring in a line below one they also meet: said
        for card in res.active:
            if card.set != HAND_ENTERED:
                i = index.get(card.name)
                others = passed_over.get(card.name) if i is not None else None
            else:
                i = best_line(scorer, card)
                others = other_lines(scorer, card, i) if i >= 0 else None
                others = others if others and others[0] < i else None  # said only when not the first
            if i is not None and i >= 0:
                counts[i] += 1
                if others:
                    not_in = " or ".join(f"'{lines[k].text}'" for k in others)
                    once.append(f"{card.name} counts once, in '{lines[i].text}', not also in {not_in}")
        parts = []
        total = 0
        for i, line in enumerate(lines):
            if line.per_player is not None:
                qty, what = _per_player(line, player, ps, war_applies)
                vp = line.vp * (qty // line.divide_by)
                if vp or qty:
                    parts.append(f"{line.text}: {qty} {what} -> {vp}")
            elif counts[i]:
                vp = line.vp * counts[i]
                parts.append(f"{line.text} x{counts[i]} = {vp}")
            else:
                vp = 0
            total += vp
        ps.six_dev_vp += total
        why = "; ".join(parts) or "no matching cards"
        if once:  # "a given card can score in only one of its categories" (xi: Scoring): its best
            why += f" (one category per card, the best: {'; '.join(once)})"
        explain(Explain(scorer.name, total, why))


def _military(player: PlayerRecord, index: int, res: Resolved, ps: PlayerScore, vs_xenos_applies: bool,
              findings: list[Finding]) -> None:
    """Military and Military vs. Xenos from the tableau; a record value that differs wins, with a
    warning naming both values and the cards counted. Military vs. Xenos is Military plus the
    powers that count only against Xenos, so a written ``military`` carries into it when
    ``military_vs_xenos`` is not written, and a written ``military_vs_xenos`` below the Military
    used draws a warning (001_2033224846664d9b.txt "Invasion Step" 1)."""
    military, vs_xenos, explain = compute_military(res.active)
    ps.military_explain = explain
    ps.military_from_cards, ps.military_vs_xenos_from_cards = military, vs_xenos
    ps.military = military if player.military is None else player.military
    vs_from_military = ps.military + (vs_xenos - military)  # vs.-Xenos-only powers on top
    ps.military_vs_xenos = vs_from_military if player.military_vs_xenos is None else player.military_vs_xenos
    checks = [("military", military, player.military)]
    if vs_xenos_applies:
        checks.append(("military_vs_xenos", vs_from_military, player.military_vs_xenos))
    for name, expected, given in checks:
        if given is not None and given != expected:
            counted = [e for e in explain if e.vp and (name == "military_vs_xenos" or not e.why.endswith(VS_XENOS_ONLY))]
            cards = ", ".join(f"{e.component} {e.vp:+d}" for e in counted) or "no card with a lasting Military power"
            if name == "military_vs_xenos" and player.military is not None:
                cards += f"; Military {ps.military} as written"
            findings.append(Finding(
                "warning", player.name, "military_differs",
                f"`{name}: {given}` differs from the {expected} the tableau gives ({cards}); "
                f"{given} is used (check the record, or leave the field out to use {expected})",
                ("players", index, name)))
    if vs_xenos_applies and ps.military_vs_xenos < ps.military:
        findings.append(Finding(
            "warning", player.name, "military_vs_xenos_below_military",
            f"Military vs. Xenos {ps.military_vs_xenos} is below Military {ps.military}; Military vs. Xenos is "
            f"Military plus any Military vs. Xenos, so it is never lower (check both values)",
            ("players", index, "military_vs_xenos")))


# --- bonus tiles and ranks ----------------------------------------------------------------

def _measure(tile: BonusTile, player: PlayerRecord, ps: PlayerScore, from_repulse: bool) -> int:
    """The player's value for a tile (0 when the record does not give it: reported elsewhere)."""
    if from_repulse:
        at = player.at_repulse
        return 0 if at is None else getattr(at, tile.measure, 0)
    if tile.measure == "vp_chips":
        return _vp_chips(player, True)
    if tile.measure == "military_vs_xenos":
        return ps.military_vs_xenos
    return getattr(player, tile.measure) or 0


def _award_tiles(record: GameRecord, tiles: list[BonusTile], repulsed_cs: bool,
                 scores: list[PlayerScore], findings: list[Finding]) -> None:
    for tile in tiles:
        from_repulse = repulsed_cs and tile.stage == "invasion"
        where = " at repulse" if from_repulse else ""
        values = [_measure(tile, p, ps, from_repulse) for p, ps in zip(record.players, scores)]
        top = max(values)
        if tile.min_to_win is not None and top < tile.min_to_win:
            findings.append(Finding("info", None, "tile_not_awarded",
                                    f"{tile.title}: nobody scores it (top {tile.measure.replace('_', ' ')}"
                                    f"{where} is {top}; it needs at least {tile.min_to_win})"))
            continue
        tied = [i for i, v in enumerate(values) if v == top]
        for i in tied:
            ps = scores[i]
            ps.bonus_vp += tile.vp
            ps.bonuses.append(tile.id)
            others = [record.players[j].name for j in tied if j != i]
            tie = f", tied with {', '.join(others)}" if others else ""
            ps.explain.append(Explain(tile.title, tile.vp,
                                      f"highest {tile.measure.replace('_', ' ')}{where}: {top}{tie}"))


def rank_players(scores: list[PlayerScore], players, tiebreak: tuple[str, ...]) -> tuple[list[str], list[Tie]]:
    """Ranks by total, then by the sum of the ``tiebreak`` fields (goods + hand); a tie that
    remains shares the rank. Returns the winners and every VP tie with how it was settled."""
    for ps, p in zip(scores, players):
        ps.tiebreak = sum(getattr(p, f) or 0 for f in tiebreak)
    keys = [(ps.total, ps.tiebreak) for ps in scores]
    for ps, key in zip(scores, keys):
        ps.rank = 1 + sum(1 for k in keys if k > key)
    ties = []
    for total in sorted({ps.total for ps in scores}, reverse=True):
        level = sorted((ps for ps in scores if ps.total == total), key=lambda ps: ps.rank)
        if len(level) > 1 and tiebreak:
            decided = len({ps.tiebreak for ps in level}) > 1
            ties.append(Tie(total, tuple((ps.name, ps.tiebreak) for ps in level), tuple(tiebreak), decided))
    return [ps.name for ps in scores if ps.rank == 1], ties


# --- the whole game -----------------------------------------------------------------------

def _stage(record: GameRecord, variant: Variant, scoring: Scoring, findings: list[Finding]):
    """(fields, allowed ended_by, tile ids, repulsed counterstrike?) for this record: a
    counterstrike game that ended before the repulse is scored as the invasion game
    (000_ac4a4b34259be941.txt "Play")."""
    fields = list(variant.fields)
    allowed = list(variant.ended_by)
    tile_ids = list(variant.tiles)
    if record.variant != "counterstrike":
        return fields, allowed, tile_ids, False
    repulsed = record.repulsed
    if repulsed is None:
        repulsed = record.ended_by in variant.ended_by
        findings.append(Finding("warning", None, "repulsed_missing",
                                f"`repulsed` not given; assumed {str(repulsed).lower()} "
                                f"(write repulsed: true or false)", ("variant",)))
    if repulsed:  # the invasion tiles were measured at the repulse (`at_repulse`)
        return [f for f in fields if f != "military_vs_xenos"], allowed, tile_ids, True
    invasion = scoring.variant("invasion")
    return ((list(invasion.fields) if invasion else []) + ["repulsed"], list(variant.ended_by_before_repulse),
            list(invasion.tiles) if invasion else [], False)


def score_record(record: GameRecord, rules: RftgRules) -> Report:
    """Score a finished game. Pure: no I/O.

    Returns a `Report` with every player's components, Military, bonus tiles, ranks, the winners
    (highest total; ties broken by goods + hand; still tied = shared win), the ties and findings
    (errors: claimed total differs, unknown card, too many copies, damaged development, damage in a
    variant without damage, bad ended_by; warnings: missing fields the variant uses, Military that
    differs from the tableau, pool not empty, tableau too small, fields that do not apply).
    Raises `RulesInvalid` when the rules lack the record's variant.
    """
    scoring = rules.scoring
    findings: list[Finding] = []
    variant = scoring.variant(record.variant)
    if variant is None:
        raise RulesInvalid(f"content/rftg/scoring.yaml has no variant '{record.variant}'")
    fields, allowed, tile_ids, repulsed_cs = _stage(record, variant, scoring, findings)
    variant_findings(record, variant, fields, allowed, findings)
    war_applies = "war_contribution_chips" in fields
    vs_xenos_applies = "military_vs_xenos" in fields

    scores: list[PlayerScore] = []
    resolved: list[Resolved] = []
    for i, p in enumerate(record.players):
        missing_field_findings(p, i, fields, findings)
        ps = PlayerScore(name=p.name, claimed_total=p.claimed_total)
        res = resolve(rules, p, i, variant, findings)
        resolved.append(res)
        _military(p, i, res, ps, vs_xenos_applies, findings)
        _score_cards(rules, p, res, ps, war_applies)
        ps.chips_vp = p.chips or 0
        ps.explain.append(Explain("VP chips", ps.chips_vp, "chips other than war contributions"))
        if war_applies:
            ps.war_contribution_vp = p.war_contribution_chips or 0
            ps.explain.append(Explain("war contributions", ps.war_contribution_vp, "war contribution VP chips"))
        if "defense_awards" in fields:
            ps.defense_awards_vp = p.defense_awards or 0
            ps.explain.append(Explain("defense awards", ps.defense_awards_vp, "defense award chips"))
        ps.galactic_renaissance_chips = _vp_chips(p, war_applies)
        if repulsed_cs and p.at_repulse is None and any(scoring.tile(t).stage == "invasion" for t in tile_ids):
            findings.append(Finding("error", p.name, "at_repulse_missing",
                                    "a repulsed counterstrike game needs `at_repulse: {military_vs_xenos, "
                                    "war_contribution_chips}` for the invasion tiles (counted as 0)",
                                    ("players", i)))
        scores.append(ps)

    if tile_ids and record.ended_by not in variant.no_tiles_when:
        tiles = [scoring.tile(t) for t in tile_ids if repulsed_cs or scoring.tile(t).stage == "invasion"]
        _award_tiles(record, tiles, repulsed_cs, scores, findings)
    elif tile_ids:
        findings.append(Finding("info", None, "no_tiles",
                                f"no bonus tiles: the game ended by {record.ended_by}", ("ended_by",)))

    record_findings(rules, record, variant, resolved, findings)
    systems_findings(record, variant, fields, findings)
    winners, ties = rank_players(scores, record.players, scoring.tiebreak)
    for i, ps in enumerate(scores):
        if ps.claimed_total is not None and ps.claimed_total != ps.total:
            diff = ps.claimed_total - ps.total
            if ps.not_counted:  # the difference may be just those cards: say so before a hunt starts
                names = ", ".join(f"'{n}'" for n in ps.not_counted)
                unknown = "an unknown card" if len(ps.not_counted) == 1 else "unknown cards"
                hint = (f"; {ps.total} leaves out {unknown} ({names}): correct the name first, the "
                        f"difference may be {'its' if len(ps.not_counted) == 1 else 'their'} VP")
            else:
                hint = "; see the table for each component"
            findings.append(Finding("error", ps.name, "claimed_total",
                                    f"claimed {ps.claimed_total} but the cards and chips give {ps.total} "
                                    f"(claimed is {diff:+d}){hint}",
                                    ("players", i, "claimed_total")))
    return Report(variant=record.variant, ended_by=record.ended_by, players=scores, winners=winners,
                  findings=findings, ties=ties, fields=tuple(f for f in fields if f != "repulsed"))
