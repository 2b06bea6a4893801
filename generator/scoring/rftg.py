"""Race for the Galaxy end-game scoring: pure functions over a `GameRecord` and `RftgRules`.

`rules_from_content(game_content)` builds `RftgRules` once (card index + ``kind: scoring``
document); `score_record(record, rules)` returns a `Report` and does no I/O, so a batch of
records can be scored in a loop. All numbers (tile VP, pool sizes, thresholds, scoring lines)
come from content: ``content/rftg/cards/*.yaml`` and ``content/rftg/scoring.yaml``. Rule
sources: Xeno Invasion rulebook "Game End" and "Scoring"; Xeno Counterstrike rulebook
"Repulse", "Game End", "Costly Developments".
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path

from generator.content.cards import Card, Cards
from generator.content.scoring_rules import BonusTile, Scoring
from generator.scoring import Scorer, register
from generator.scoring.records import GameRecord, PlayerRecord, parse_rftg_record
from generator.scoring.card_match import first_line
from generator.scoring.report import Explain, Finding, PlayerScore, Report
from generator.scoring.rftg_checks import record_findings, variant_findings

GAME_ID = "rftg"


@dataclass
class RftgRules:
    """Everything scoring needs from content.

    ``cards``: casefolded name -> `Card`; ``names``: display names (for suggestions);
    ``scoring``: the ``kind: scoring`` document. The rest is derived once from the cards, since
    card designs never change during a run: ``exact`` (printed name -> card), ``line_index``
    (scoring card -> {card name: the first of its lines that card meets}), ``printed`` (the
    explain line of each card's printed VP), ``scoring_cards`` and ``military_scorers``.
    """

    cards: dict[str, Card]
    names: list[str]
    scoring: Scoring
    line_index: dict[str, dict[str, int]] = field(default_factory=dict)
    exact: dict[str, Card] = field(default_factory=dict)
    military_scorers: frozenset[str] = frozenset()
    scoring_cards: frozenset[str] = frozenset()
    printed: dict[str, Explain] = field(default_factory=dict)

    def __post_init__(self):
        if not self.exact:
            self.exact = {card.name: card for card in self.cards.values()}
        if not self.printed:  # explain lines for printed VP, built once per card design
            self.printed = {c.name: Explain(c.name, c.vp, "printed VP")
                            for c in self.cards.values() if c.vp != "?"}
        if not self.scoring_cards:
            self.scoring_cards = frozenset(c.name for c in self.cards.values() if c.scoring)
        if not self.line_index:  # scorer name -> {card name: first matching line}
            for scorer in self.cards.values():
                if scorer.scoring:
                    hits = ((card.name, first_line(scorer, card)) for card in self.cards.values())
                    self.line_index[scorer.name] = {name: i for name, i in hits if i >= 0}
        if not self.military_scorers:
            self.military_scorers = frozenset(
                c.name for c in self.cards.values()
                if any(line.per_player == "military" for line in c.scoring))


def rules_from_content(game) -> RftgRules:
    """`RftgRules` from a loaded `GameContent` of ``rftg``; KeyError naming what is missing."""
    cards: dict[str, Card] = {}
    for doc in game.of_kind("cards").values():
        assert isinstance(doc, Cards)
        for card in doc.cards:
            cards[card.name.casefold()] = card
    docs = list(game.of_kind("scoring").values())
    if not docs:
        raise KeyError("content/rftg has no `kind: scoring` document (scoring.yaml)")
    return RftgRules(cards=cards, names=sorted(c.name for c in cards.values()), scoring=docs[0])


def load_rules(content_dir: Path | str = "content") -> RftgRules:
    """`RftgRules` from ``content_dir`` (loaded and checked as `playaid check` does).
    Raises `ContentError` on bad content."""
    from generator.content.load import load_content

    return rules_from_content(load_content(content_dir).game(GAME_ID))


# --- scoring a record ------------------------------------------------------------------------

@dataclass
class _Resolved:
    entries: list[tuple[str, Card | None, bool, int | None]]  # (written name, card, damaged, hand vp)
    active: list[Card]


def _resolve(rules: RftgRules, player: PlayerRecord, findings: list[Finding]) -> _Resolved:
    entries = []
    active = []
    exact = rules.exact
    for entry in player.tableau:
        if entry.__class__ is str:
            card = exact.get(entry)
            if card is not None:  # fast path: a card name written exactly as printed
                entries.append((entry, card, False, None))
                active.append(card)
                continue
            written, damaged, hand_vp = entry, False, None
        else:
            written, damaged, hand_vp = entry.card, entry.damaged, entry.vp
        card = rules.cards.get(" ".join(written.split()).casefold())  # spacing, case
        if card is None:
            if hand_vp is None:
                close = difflib.get_close_matches(written, rules.names, n=3, cutoff=0.6)
                hint = f"did you mean {', '.join(repr(c) for c in close)}?" if close else \
                    "check the spelling, or write {card: Name, vp: N} for a card the database lacks"
                findings.append(Finding("error", player.name, "unknown_card",
                                        f"unknown card '{written}' ({hint})"))
            entries.append((written, None, damaged, hand_vp))
            continue
        if damaged and card.type != "world":
            findings.append(Finding("error", player.name, "damaged_development",
                                    f"'{card.name}' is a development; only worlds can be damaged "
                                    f"(remove `damaged: true`)"))
            damaged = False
        if hand_vp is not None and hand_vp != card.vp:
            findings.append(Finding("warning", player.name, "vp_ignored",
                                    f"'{card.name}' is in the database with {card.vp} VP; "
                                    f"the hand-given vp {hand_vp} is ignored"))
        entries.append((written, card, damaged, None))
        if not damaged:
            active.append(card)
    return _Resolved(entries, active)


def _vp_chips(player: PlayerRecord, war_applies: bool) -> int:
    """VP chips for Galactic Renaissance and Greatest Contributor (counterstrike): chips plus war
    contribution chips (never defense awards or bonus VP; "xi: Game End")."""
    return player.chips + ((player.war_contribution_chips or 0) if war_applies else 0)


def _per_player(line, player: PlayerRecord, war_applies: bool) -> tuple[int, str]:
    if line.per_player == "vp_chips":
        return _vp_chips(player, war_applies), "VP in chips"
    return player.military or 0, "Military"


def _score_cards(rules: RftgRules, player: PlayerRecord, res: _Resolved, ps: PlayerScore,
                 war_applies: bool) -> None:
    explain = ps.explain.append
    printed = rules.printed
    cards_vp = 0
    for written, card, damaged, hand_vp in res.entries:
        if card is None:
            if hand_vp is not None:
                vp = 0 if damaged else hand_vp
                cards_vp += vp
                why = "damaged: scores 0" if damaged else "printed VP given by hand (not in the database)"
                explain(Explain(written, vp, why))
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
        # first matching line of this scoring card for every card design, built at rules load
        index = rules.line_index[scorer.name]
        counts = [0] * len(lines)
        for card in res.active:
            i = index.get(card.name)
            if i is not None:
                counts[i] += 1
        parts = []
        total = 0
        for i, line in enumerate(lines):
            if line.per_player is not None:
                qty, what = _per_player(line, player, war_applies)
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
        ps.explain.append(Explain(scorer.name, total, "; ".join(parts) or "no matching cards"))


def _measure(tile: BonusTile, player: PlayerRecord, from_repulse: bool) -> int | None:
    """The player's value for a tile; None when the record does not give it."""
    if from_repulse:
        at = player.at_repulse
        if at is None:
            return None
        return getattr(at, tile.measure, None)
    if tile.measure == "vp_chips":
        return _vp_chips(player, True)
    return getattr(player, tile.measure)


def _award_tiles(record: GameRecord, tiles: list[BonusTile], repulsed_cs: bool,
                 scores: list[PlayerScore], findings: list[Finding]) -> None:
    for tile in tiles:
        from_repulse = repulsed_cs and tile.stage == "invasion"
        where = " at repulse" if from_repulse else ""
        values = []
        for p in record.players:
            value = _measure(tile, p, from_repulse)
            if value is None:
                if not from_repulse:  # (a missing at_repulse is reported once, as an error)
                    findings.append(Finding("warning", p.name, "missing_field",
                                            f"`{tile.measure}` not given for {tile.title} (counted as 0)"))
                value = 0
            values.append(value)
        top = max(values)
        if tile.min_to_win is not None and top < tile.min_to_win:
            findings.append(Finding("info", None, "tile_not_awarded",
                                    f"{tile.title}: nobody scores it (top {tile.measure}{where} is {top})"))
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


def _rank(scores: list[PlayerScore], players: list[PlayerRecord], tiebreak: list[str]) -> list[str]:
    for ps, p in zip(scores, players):
        ps.tiebreak = sum(getattr(p, f) for f in tiebreak)
    keys = [(ps.total, ps.tiebreak) for ps in scores]
    for ps, key in zip(scores, keys):
        ps.rank = 1 + sum(1 for k in keys if k > key)
    return [ps.name for ps in scores if ps.rank == 1]


def score_record(record: GameRecord, rules: RftgRules) -> Report:
    """Score a finished game. Pure: no I/O; ``rules`` from `rules_from_content`/`load_rules`.

    Returns a `Report` with every player's components, bonus tiles, ranks, the winners
    (highest total; ties broken by goods + hand; still tied = shared win) and findings
    (errors: claimed total differs, unknown card, too many copies, damaged development, bad
    ended_by; warnings: pool not empty, tableau too small, fields that do not apply).
    """
    scoring = rules.scoring
    findings: list[Finding] = []
    variant = scoring.variant(record.variant)
    if variant is None:  # the record model only allows known variants; content may lack one
        raise KeyError(f"scoring.yaml has no variant '{record.variant}'")
    fields = list(variant.fields)
    allowed = list(variant.ended_by)
    tile_ids = list(variant.tiles)
    repulsed_cs = False
    if record.variant == "counterstrike":
        if record.repulsed is None:
            repulsed = record.ended_by in variant.ended_by
            findings.append(Finding("warning", None, "repulsed_missing",
                                    f"`repulsed` not given; assumed {str(repulsed).lower()} "
                                    f"(write repulsed: true or false)"))
        else:
            repulsed = record.repulsed
        if repulsed:
            repulsed_cs = True
        else:  # scored as the invasion game ("xc: Play")
            invasion = scoring.variant("invasion")
            allowed = list(variant.ended_by_before_repulse)
            tile_ids = list(invasion.tiles) if invasion else []
            fields = (list(invasion.fields) if invasion else []) + ["repulsed"]
    variant_findings(record, variant, fields, allowed, findings)

    scores: list[PlayerScore] = []
    resolved: list[_Resolved] = []
    for p in record.players:
        ps = PlayerScore(name=p.name, claimed_total=p.claimed_total)
        res = _resolve(rules, p, findings)
        resolved.append(res)
        war_applies = "war_contribution_chips" in fields
        _score_cards(rules, p, res, ps, war_applies)
        if p.military is None and any(c.name in rules.military_scorers for c in res.active):
            findings.append(Finding("warning", p.name, "military_missing",
                                    "a card scores per Military but `military` is not given (counted as 0)"))
        ps.chips_vp = p.chips
        ps.explain.append(Explain("VP chips", p.chips, "chips other than war contributions"))
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
                                    "war_contribution_chips}` for the invasion tiles (counted as 0)"))
        scores.append(ps)

    if tile_ids and record.ended_by not in variant.no_tiles_when:
        tiles = [scoring.tile(t) for t in tile_ids if repulsed_cs or scoring.tile(t).stage == "invasion"]
        _award_tiles(record, tiles, repulsed_cs, scores, findings)
    elif tile_ids:
        findings.append(Finding("info", None, "no_tiles",
                                f"no bonus tiles: the game ended by {record.ended_by}"))

    record_findings(rules, record, variant, resolved, findings)
    winners = _rank(scores, record.players, list(scoring.winner.tiebreak))
    for ps in scores:
        if ps.claimed_total is not None and ps.claimed_total != ps.total:
            diff = ps.claimed_total - ps.total
            findings.append(Finding("error", ps.name, "claimed_total",
                                    f"claimed {ps.claimed_total} but the cards and chips give {ps.total} "
                                    f"(claimed is {diff:+d}); see the table for each component"))
    return Report(variant=record.variant, players=scores, winners=winners, findings=findings)


register(Scorer(game=GAME_ID, content_game=GAME_ID, parse=parse_rftg_record,
                rules=rules_from_content, score=score_record))
