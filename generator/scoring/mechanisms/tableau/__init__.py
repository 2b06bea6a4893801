"""The ``tableau`` mechanism: Race for the Galaxy's tableau of cards.

What a formula cannot say about a tableau: each card is looked up in the card database (exact
name, then ignoring spacing, case and curly apostrophes; unknown cards with the closest names);
printed VP; the 6-cost developments' and ``?`` worlds' scoring lines, each card counting in one
line only, its best (ruling ``best-category``); damaged worlds (0 VP, count for no card); the Frontier decks
only where the variant plays them; Military and Military vs. Xenos computed card by card, a
value the record writes winning with a warning; copies of a card beyond those that exist.

Content switches it on and configures it (``content/rftg/scoring.yaml``)::

    mechanisms:
      tableau:
        tableau: tableau                   # the entered value (type: tableau) holding the cards
        military: military                 # entered values it computes when left out
        military_vs_xenos: military_vs_xenos
        quantities:                        # what the scoring lines' per-player counts are
          vp_chips: {value: "chips + war_contribution_chips", label: VP in chips}
          goods: {value: goods, label: goods}
          military: {value: military, label: Military}

and per variant ``settings: {tableau: {damage: true, frontier_cards: true}}``. It gives formulas
``cards_vp``, ``six_dev_vp`` (also as ``mechanism: tableau`` components, with an explain line
per card), ``military``/``military_vs_xenos`` (as used), ``military_from_cards``,
``military_vs_xenos_from_cards`` and ``tableau_size``. Rule sources: Xeno Invasion rulebook
(001_2033224846664d9b.txt) "Game End", "Scoring", "Invasion Step"; Xeno Counterstrike rulebook
(000_ac4a4b34259be941.txt) "Costly Developments". Standard library only.
"""

from __future__ import annotations

import difflib
from collections import Counter
from itertools import chain
from operator import gt
from typing import cast

from generator.scoring.expressions import ExpressionError, compile_expression
from generator.scoring.formulas import whole
from generator.scoring.mechanisms import Mechanism
from generator.scoring.mechanisms.tableau.cards import HAND_ENTERED, Card
from generator.scoring.mechanisms.tableau.military import compute_military
from generator.scoring.mechanisms.tableau.rules import PerScorer, Resolved, RftgRules, scoring_line
from generator.scoring.mechanisms.tableau.schema import tableau_schema
from generator.scoring.mechanisms.tableau.state import _Entry, _key, _Player, _Table
from generator.scoring.model import ModelInvalid
from generator.scoring.report import Finding, explain_line


class Tableau(Mechanism):
    """Race for the Galaxy's tableau (see the module docstring)."""

    name = "tableau"
    names = frozenset(
        {
            "cards_vp",
            "six_dev_vp",
            "military",
            "military_vs_xenos",
            "military_from_cards",
            "military_vs_xenos_from_cards",
            "tableau_size",
        }
    )
    types = frozenset({"tableau"})
    #: The keys content may give under ``mechanisms: {tableau: ...}`` and their types
    #: (``quantities``: name -> ``{value: formula, label: text}``), and under a variant's
    #: ``settings: {tableau: ...}``; `generator.checks.scoring_checks` checks them, located.
    config_types = {"tableau": str, "military": str, "military_vs_xenos": str, "quantities": dict}
    settings_types = {"damage": bool, "frontier_cards": bool}

    def __init__(self, config: dict, game_rules: dict):
        super().__init__(config, game_rules)
        self.cards = RftgRules.from_json(game_rules)
        self._vs_xenos_applies: dict = {}  # variant id -> is Military vs. Xenos entered in it?
        designs = self.cards.cards.values()
        self._copies_of = {card.name: card.copies for card in designs}
        self._each_exists = all(type(n) is int and n >= 1 for n in self._copies_of.values())
        self._frontier_names = frozenset(card.name for card in designs if card.frontier is not None)
        # each 6-cost development or ? world of the database -> (card name -> the line it scores in,
        # card name -> the words saying it scores below a line it also meets, its lines as
        # (text, vp, per-player quantity, divide by)): `_six_dev`
        self._scorers = PerScorer(self.cards.six_dev._keys, self._scorer)
        self._frontier_texts: dict = {}  # (card, variant) -> the message of `_frontier_not_in_variant`
        self._vp_of = {card.name: card.vp if card.vp != "?" else 0 for card in designs}  # printed VP, ? = 0
        self.entered = config.get("tableau", "tableau")
        self.military_id = config.get("military", "military")
        self.vs_xenos_id = config.get("military_vs_xenos", "military_vs_xenos")
        self.quantities = {}
        for name, spec in (config.get("quantities") or {}).items():
            try:
                expr = compile_expression(str(spec["value"]))
            except ExpressionError as exc:
                raise ModelInvalid.from_expression(
                    f"mechanism tableau quantity '{name}'", exc, ("mechanisms", "tableau", "quantities", name, "value")
                ) from None
            self.quantities[name] = (expr, spec.get("label", name))

    def check_model(self, model) -> None:
        """Each quantity may read only the names a player has where the model scores the 6-cost
        development lines (its ``six_dev_vp`` formula): a misspelt name is a located error in
        `playaid check`, not an error at the table when a card first counts that quantity."""
        scopes = [
            f.scope for f in (*model.measures, *model.components) if f.mechanism == self.name and f.id == "six_dev_vp"
        ]
        if not scopes:
            return  # no formula scores the lines: the quantities are never read
        scope = frozenset.intersection(*scopes)
        for name, spec in (self.config.get("quantities") or {}).items():
            try:
                compile_expression(str(spec["value"]), names=scope)
            except ExpressionError as exc:
                raise ModelInvalid.from_expression(
                    f"mechanism tableau quantity '{name}'", exc, ("mechanisms", "tableau", "quantities", name, "value")
                ) from None

    def entered_schema(self, entered) -> dict | None:
        if entered.type == "tableau":
            keywords = sorted({k for card in self.cards.cards.values() for k in card.keywords})
            return tableau_schema(f"{entered.label}: {entered.help}" if entered.help else entered.label, keywords)
        return None

    # --- per record ------------------------------------------------------------------------

    def start(self, game) -> None:
        settings = game.settings(self.name)
        variant = game.variant.id if game.variant is not None else None
        applies = self._vs_xenos_applies.get(variant)
        if applies is None:
            applies = self._vs_xenos_applies[variant] = any(
                e.id == self.vs_xenos_id and e.applies(variant) for e in game.model.entered
            )
        game.state[self.name] = _Table(bool(settings.get("damage")), bool(settings.get("frontier_cards")), applies)

    def player(self, game, index: int, data: dict, env: dict, findings: list) -> None:
        table = game.state[self.name]
        me = _Player(env["name"])
        tableau = data.get(self.entered) or []
        me.resolved = self._resolve(tableau, me.name, index, table, game.variant_id, findings)
        self._military(me, index, data, table.vs_xenos_applies, findings)
        table.players.append(me)
        env[self.military_id] = me.military
        env[self.vs_xenos_id] = me.military_vs_xenos
        env["military_from_cards"] = me.military_from_cards
        env["military_vs_xenos_from_cards"] = me.military_vs_xenos_from_cards
        env["tableau_size"] = len(tableau)
        env["cards_vp"] = env["six_dev_vp"] = 0

    def component(self, game, index: int, formula) -> tuple[int, list]:
        me = game.state[self.name].players[index]
        if formula.id == "cards_vp":
            return self._printed(me.resolved, me.not_counted)
        if formula.id == "six_dev_vp":
            return self._six_dev(me.resolved, game.envs[index])
        raise ModelInvalid(f"component '{formula.id}': the tableau mechanism gives cards_vp and six_dev_vp only", ())

    def finish(self, game, findings: list) -> None:
        self._copies([me.resolved for me in game.state[self.name].players], findings)

    def player_json(self, game, index: int) -> dict:
        me = game.state[self.name].players[index]
        return {
            "military": me.military,
            "military_vs_xenos": me.military_vs_xenos,
            "military_from_cards": me.military_from_cards,
            "military_vs_xenos_from_cards": me.military_vs_xenos_from_cards,
            "military_explain": me.military_explain,
            "not_counted": list(me.not_counted),
        }

    def claimed_hint(self, game, index: int, total: int) -> str | None:
        """What a claimed total that differs should say first: the unknown cards the total
        leaves out (the difference may be their VP)."""
        left_out = game.state[self.name].players[index].not_counted
        if not left_out:
            return None
        names = ", ".join(f"'{n}'" for n in left_out)
        unknown = "an unknown card" if len(left_out) == 1 else "unknown cards"
        return (
            f"; {total} leaves out {unknown} ({names}): correct the name first, the difference may be "
            f"{'its' if len(left_out) == 1 else 'their'} VP"
        )

    @staticmethod
    def doubts(report: dict) -> list[str]:
        """``2 unknown cards not counted: Ann's 'X', Ben's 'Y'`` (``not_counted``), or nothing."""
        left_out = [f"{p['name']}'s '{card}'" for p in report["players"] for card in p.get("not_counted", ())]
        if not left_out:
            return []
        return [f"{len(left_out)} unknown card{'s' if len(left_out) != 1 else ''} not counted: " + ", ".join(left_out)]

    @staticmethod
    def player_lines(report: dict, player: dict) -> list[str]:
        """``Military 4 (cards: New Galactic Order +2, Space Marines +2)``: a player's Military
        card by card (``military_explain``); a value written in the record that differs says so;
        Military vs. Xenos only where the game uses it (``report["fields"]``)."""
        if "military_explain" not in player:
            return []
        vs_used = "military_vs_xenos" in report.get("fields", [])
        parts = [
            f"{e['component']} {e['vp']:+d}{' vs. Xenos' if e.get('vs_xenos') else ''}"
            for e in player["military_explain"]
            if e["vp"] and (vs_used or not e.get("vs_xenos"))
        ]
        text = _as_written("Military", player["military"], player.get("military_from_cards", player["military"]))
        if vs_used:
            used = player["military_vs_xenos"]
            cards = player.get("military_vs_xenos_from_cards", used)
            # it differs when written, or when a written Military carries into it
            text += f", vs. Xenos {used}" + ("" if used == cards else f" (cards give {cards})")
        return [text + (f" (cards: {', '.join(parts)})" if parts else " (no card with a lasting Military power)")]

    # --- resolving the tableau ---------------------------------------------------------------

    def _hand_entered(self, entry: _Entry) -> Card | None:
        """A card the database lacks, as the record describes it (a promo, a conquered Xeno
        system): it counts for scoring lines only when the record gives its ``type``."""
        if entry.type is None:
            return None
        return Card(
            name=entry.card,
            set=HAND_ENTERED,
            type=entry.type,
            cost=-1,
            vp=entry.vp,
            military=entry.military if entry.type == "world" else None,
            keywords=entry.keywords,
        )

    def _resolve(self, tableau: list, player: str, index: int, table: _Table, variant: str, findings: list) -> Resolved:
        """Match each entry to a card and report unknown cards (with the closest names), damaged
        developments, damage in a variant without damage, Frontier cards in a variant without the
        Frontier decks, and hand-given VP that the database contradicts."""
        rules = self.cards
        damage, frontier = table.damage, table.frontier_cards
        plain = self._plain(tableau, player, index, frontier, variant, findings)
        if plain is not None:
            return plain
        entries: list[tuple] = []
        active = []
        known = []
        exact = rules.exact
        for j, written in enumerate(tableau):
            if written.__class__ is str:
                card = exact.get(written)
                if card is not None:  # written as printed: the common case, no second look-up
                    if card.frontier is not None and not frontier:
                        findings.append(
                            self._frontier_not_in_variant(player, card, variant, ("players", index, "tableau", j))
                        )
                    entries.append((written, card, False, None, j))
                    active.append(card)
                    known.append(written)
                    continue
                entry = _Entry({"card": written})
            else:
                entry = _Entry(written)
            path = ("players", index, "tableau", j)
            written, damaged, hand_vp = entry.card, entry.damaged, entry.vp
            card = rules.cards.get(_key(written))
            if card is None:
                if hand_vp is None:
                    close = difflib.get_close_matches(written, rules.names, n=3, cutoff=0.6)
                    hint = (
                        f"did you mean {', '.join(repr(c) for c in close)}?"
                        if close
                        else "check the spelling, or write {card: Name, vp: N} for a card the database lacks"
                    )
                    findings.append(
                        Finding(
                            "error",
                            player,
                            "unknown_card",
                            f"unknown card '{written}' ({hint}); not counted in {player}'s total",
                            path,
                            {"card": written, "closest": close, "not_counted": True},
                        )
                    )
                if damaged and not damage:
                    findings.append(_damage_not_in_variant(player, written, variant, path))
                    damaged = False
                entries.append((written, None, damaged, hand_vp, j))
                described = self._hand_entered(entry)
                if described is not None and hand_vp is not None and not damaged:
                    active.append(described)
                continue
            if card.frontier is not None and not frontier:
                findings.append(self._frontier_not_in_variant(player, card, variant, path))
            if damaged and card.type != "world":
                findings.append(
                    Finding(
                        "error",
                        player,
                        "damaged_development",
                        f"'{card.name}' is a development; only worlds can be damaged (remove `damaged: true`)",
                        path + ("damaged",),
                        {"card": card.name},
                    )
                )
                damaged = False
            elif damaged and not damage:
                findings.append(_damage_not_in_variant(player, card.name, variant, path))
                damaged = False
            if hand_vp is not None and hand_vp != card.vp:
                findings.append(
                    Finding(
                        "warning",
                        player,
                        "vp_ignored",
                        f"'{card.name}' is in the database with {card.vp} VP; the hand-given vp {hand_vp} is ignored",
                        path + ("vp",),
                        {"card": card.name, "vp": card.vp, "given": hand_vp},
                    )
                )
            entries.append((written, card, damaged, None, j))
            known.append(card.name)
            if not damaged:
                active.append(card)
        return Resolved(entries, active, known, False)

    def _plain(
        self, tableau: list, player: str, index: int, frontier: bool, variant: str, findings: list
    ) -> Resolved | None:
        """The tableau of the common case, looked up at C speed (`map`): every card written as
        printed (no mapping, no loose spelling); a Frontier card in a variant without the
        Frontier decks is reported as `_resolve` does. None for any other tableau."""
        exact = self.cards.exact
        try:
            cards = list(map(exact.get, tableau))
        except TypeError:  # a card written as a mapping (unhashable): not plain
            return None
        if not all(cards):  # a name not written exactly as printed
            return None
        if not frontier and not self._frontier_names.isdisjoint(tableau):
            for j, name in enumerate(tableau):
                if name in self._frontier_names:
                    findings.append(
                        self._frontier_not_in_variant(player, exact[name], variant, ("players", index, "tableau", j))
                    )
        return Resolved(None, cast(list, cards), list(tableau), True)  # entries made only if read

    def _frontier_not_in_variant(self, player: str, card: Card, variant: str, path: tuple) -> Finding:
        """A Frontier card in a variant that does not play the Frontier decks (its message
        made once per card and variant: a table dealing from all decks makes many)."""
        text = self._frontier_texts.get((card.name, variant))
        if text is None:
            deck = "Near" if card.frontier == "near" else "Far"
            text = (
                f"'{card.name}' is a {deck} Frontier card; the Frontier decks are used only in frontier and "
                f"counterstrike games, not in {_article(variant)} game (check `variant:`)"
            )
            if len(self._frontier_texts) < 10_000:  # bounded: the cards times the model's variants
                self._frontier_texts[(card.name, variant)] = text
        return Finding(
            "error",
            player,
            "frontier_card_not_in_variant",
            text,
            path,
            {"card": card.name, "frontier": card.frontier, "variant": variant},
        )

    # --- Military ------------------------------------------------------------------------------

    def _military(self, me: _Player, index: int, data: dict, vs_xenos_applies: bool, findings: list) -> None:
        """Military and Military vs. Xenos from the tableau; a record value that differs wins,
        with a warning naming both values and the cards counted. Military vs. Xenos is Military
        plus the powers that count only against Xenos, so a written ``military`` carries into it
        when ``military_vs_xenos`` is not written, and a written ``military_vs_xenos`` below the
        Military used draws a warning (001_2033224846664d9b.txt "Invasion Step" 1)."""
        written_military = data.get(self.military_id)
        written_vs = data.get(self.vs_xenos_id)
        military, vs_xenos, explain = compute_military(
            me.resolved.active, self.cards.military, me.resolved.known if me.resolved.plain else None
        )
        me.military_explain = explain
        me.military_from_cards, me.military_vs_xenos_from_cards = military, vs_xenos
        me.military = military if written_military is None else written_military
        vs_from_military = me.military + (vs_xenos - military)  # vs.-Xenos-only powers on top
        me.military_vs_xenos = vs_from_military if written_vs is None else written_vs
        if written_military is None and (written_vs is None or not vs_xenos_applies):
            checks: list | tuple = ()  # nothing written to compare: the common case
        else:
            checks = [(self.military_id, military, written_military)]
            if vs_xenos_applies:
                checks.append((self.vs_xenos_id, vs_from_military, written_vs))
        for name, expected, given in checks:
            if given is not None and given != expected:
                counted = [e for e in explain if e["vp"] and (name == self.vs_xenos_id or not e.get("vs_xenos"))]
                cards = (
                    ", ".join(f"{e['component']} {e['vp']:+d}" for e in counted)
                    or "no card with a lasting Military power"
                )
                if name == self.vs_xenos_id and written_military is not None:
                    cards += f"; Military {me.military} as written"
                findings.append(
                    Finding(
                        "warning",
                        me.name,
                        "military_differs",
                        f"`{name}: {given}` differs from the {expected} the tableau gives ({cards}); "
                        f"{given} is used (check the record, or leave the field out to use {expected})",
                        ("players", index, name),
                        {"field": name, "given": given, "expected": expected},
                    )
                )
        if vs_xenos_applies and me.military_vs_xenos < me.military:
            findings.append(
                Finding(
                    "warning",
                    me.name,
                    "military_vs_xenos_below_military",
                    f"Military vs. Xenos {me.military_vs_xenos} is below Military {me.military}; Military vs. Xenos is "
                    f"Military plus any Military vs. Xenos, so it is never lower (check both values)",
                    ("players", index, self.vs_xenos_id),
                    {"military": me.military, "military_vs_xenos": me.military_vs_xenos},
                )
            )

    # --- the cards' VP -------------------------------------------------------------------------

    def _printed(self, res: Resolved, not_counted: list[str]) -> tuple[int, list]:
        """Printed VP: one explain line per card (damaged worlds 0; a card the database lacks
        scores its hand-given VP; an unknown card scores nothing and is added to ``not_counted``,
        so the total, the claimed total and the winners can say so)."""
        printed = self.cards.printed
        if res.plain:  # every card known and undamaged: its printed line, in C
            return (
                sum(map(self._vp_of.__getitem__, res.known)),
                list(map(dict.copy, filter(None, map(printed.get, res.known)))),
            )
        lines = []
        cards_vp = 0
        for written, card, damaged, hand_vp, _j in res.entries:
            if card is None:
                if hand_vp is not None:
                    vp = 0 if damaged else hand_vp
                    cards_vp += vp
                    why = "damaged: scores 0" if damaged else "printed VP given by hand (not in the database)"
                    lines.append(explain_line(written, vp, why))
                else:
                    not_counted.append(written)
                    lines.append(
                        explain_line(
                            written,
                            0,
                            "unknown card: NOT COUNTED, here or for any other card "
                            "(correct its name, or write {card, vp} for a card the "
                            "database lacks)",
                        )
                    )
                continue
            if damaged:
                lines.append(explain_line(card.name, 0, "damaged world: scores 0 and counts for no other card"))
                continue
            line = printed.get(card.name)
            if line is not None:  # each card's line a copy of its template
                cards_vp += line["vp"]
                lines.append(line.copy())
        return cards_vp, lines

    def _scorer(self, name: str) -> tuple[dict, dict, tuple]:
        """One entry of `_scorers`, made when a tableau first holds the card ``name``."""
        hits = self.cards.six_dev[name]
        return (
            {card: hit[0] for card, hit in hits.items()},
            {card: hit[1] for card, hit in hits.items() if hit[1] is not None},
            tuple((line.text, line.vp, line.per_player, line.divide_by) for line in self.cards.exact[name].scoring),
        )

    def _six_dev(self, res: Resolved, env: dict) -> tuple[int, list]:
        """The scoring lines of the undamaged 6-cost developments and ``?`` worlds: each card in
        one line only, its best (ruling best-category; the explanation names a card that scores
        below a line it also meets), or per ``divide_by`` of a per-player quantity
        (`quantities`). A plain tableau's cards are looked up and counted at C speed."""
        scorers = self._scorers
        lines_out = []
        if res.plain:  # database cards only, by name
            known = res.known
            for name in filter(scorers.__contains__, known):
                line_of, once_of, lines = scorers[name]
                scored_in = list(map(line_of.get, known))  # the line each card scores in, or None
                once = list(filter(None, map(once_of.get, known))) if once_of else ()
                lines_out.append(
                    self._scorer_line(name, lines, list(map(scored_in.count, range(len(lines)))), once, env)
                )
        else:
            six_dev_of = self.cards.six_dev
            active = res.active
            for scorer in active:
                if scorer.name not in scorers or scorer.set == HAND_ENTERED:
                    continue
                hits = six_dev_of[scorer.name]
                lines = scorers[scorer.name][2]
                counts = [0] * len(lines)
                said_once: list[str] = []  # cards scoring in a line below one they also meet: said
                for card in active:
                    hit = hits.get(card.name) if card.set != HAND_ENTERED else scoring_line(scorer, card)
                    if hit is not None:
                        counts[hit[0]] += 1
                        if hit[1] is not None:
                            said_once.append(hit[1])
                lines_out.append(self._scorer_line(scorer.name, lines, counts, said_once, env))
        return sum(line["vp"] for line in lines_out), lines_out

    def _scorer_line(self, name: str, lines: tuple, counts: list[int], once, env: dict) -> dict:
        """The explain line of one 6-cost development or ? world: its ``lines`` (as in
        `_scorers`), how many cards score in each (``counts``), the words of cards that score
        below a line they also meet (``once``), per-player quantities read from ``env``."""
        parts = []
        total = 0
        for (text, line_vp, per_player, divide_by), n in zip(lines, counts):
            if per_player is not None:
                qty, what = self._quantity(per_player, env)
                vp = line_vp * (qty // divide_by)
                if vp or qty:
                    parts.append(f"{text}: {qty} {what} -> {vp}")
                total += vp
            elif n:
                vp = line_vp * n
                parts.append(f"{text} x{n} = {vp}")
                total += vp
        why = "; ".join(parts) or "no matching cards"
        if once:  # "a given card can score in only one of its categories" (xi: Scoring): its best
            why += f" (one category per card, the best: {'; '.join(once)})"
        return {"component": name, "vp": total, "why": why}

    def _quantity(self, name: str, env: dict) -> tuple[int, str]:
        spec = self.quantities.get(name)
        if spec is None:
            raise ModelInvalid(
                f"a scoring line counts '{name}', which the tableau mechanism's `quantities` do not define (add it)",
                ("mechanisms", "tableau", "quantities"),
            )
        expr, label = spec
        at = ("mechanisms", "tableau", "quantities", name, "value")
        try:
            value = expr.evaluate(env)
        except ExpressionError as exc:
            raise ModelInvalid.from_expression(f"mechanism tableau quantity '{name}'", exc, at) from None
        return whole(value, f"mechanism tableau quantity '{name}'", at), label

    # --- the whole game ------------------------------------------------------------------------

    def _copies(self, resolved: list[Resolved], findings: list) -> None:
        """More copies of a card across tableaux than exist: an error (a warning when the copy
        count is unverified), at the first entry over the count."""
        known = list(chain.from_iterable(res.known for res in resolved))
        if self._each_exists and len(set(known)) == len(known):
            return  # the common case: no card twice, and every card exists at least once
        seen = Counter(known)
        if not any(map(gt, seen.values(), map(self._copies_of.__getitem__, seen))):
            return  # no card over its count (compared at C speed: a table often holds two of a card)
        used: dict[str, int] = {}
        for i, res in enumerate(resolved):
            for _w, card, _d, _v, j in res.entries:
                if card is None:
                    continue
                n = used[card.name] = used.get(card.name, 0) + 1
                if n == card.copies + 1:
                    sure = "copies" not in card.unverified
                    total = sum(1 for r in resolved for e in r.entries if e[1] is card)
                    findings.append(
                        Finding(
                            "error" if sure else "warning",
                            None,
                            "too_many_copies",
                            f"'{card.name}' appears {total} times across tableaux but only {card.copies} "
                            f"{'exists' if card.copies == 1 else 'exist'}{'' if sure else ', by an unverified copy count'} "
                            f"(check each tableau for a card written twice or a misspelt name)",
                            ("players", i, "tableau", j),
                            {"card": card.name, "times": total, "copies": card.copies, "verified": sure},
                        )
                    )


def _as_written(label: str, used: int, cards: int) -> str:
    return f"{label} {used}" if used == cards else f"{label} {used} as written (cards give {cards})"


def _article(word: str) -> str:
    return f"{'an' if str(word)[:1] in 'aeiou' else 'a'} {word}"


def _damage_not_in_variant(player: str, card: str, variant: str, path: tuple) -> Finding:
    return Finding(
        "error",
        player,
        "damage_not_in_variant",
        f"'{card}' is marked damaged, but worlds are damaged only in invasion and "
        f"counterstrike games, not in a {variant} game (remove `damaged: true`; "
        f"scored as undamaged)",
        path + ("damaged",),
        {"card": card, "variant": variant},
    )
