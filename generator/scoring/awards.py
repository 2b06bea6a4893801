"""Awards: VP by place for the most (or least) of a measure, given once a game or once a round.

An award (`model.Award`) ranks the players by its measure and gives its places' VP:

- the players with the best value take 1st place, the next value 2nd, and so on (the players
  of a tie take one place together); ``after_tie: skip`` (default) makes the player after a
  tie of two take 3rd place, as most rulebooks do ("no second place when first is tied"),
  ``next`` makes them 2nd;
- ties: ``all`` (each tied player scores the place's VP), ``none`` (nobody scores it),
  ``share`` (they split the place's VP: Sushi Go! maki, 6 VP for two players tied for most is
  3 each), ``pool`` (they add up the VP of the places they cover and split that: Wingspan's
  round goals, 1st and 2nd of 5 + 2 for two tied players is 3 each); a split is rounded toward
  0 (the remainder is lost: -6 VP for four tied players is -1 each);
- ``min_to_win``: a player below it (above it, for ``least``) takes no place;
  ``min_players``/``max_players`` and ``places_by_players`` say with how many players it is
  given and which places.

Every explanation line says what was compared: ``2nd most maki: 4, shared with Ben: 3 // 2 =
1 VP``. A one-place award with ``ties: all | none`` keeps the one-award words (``highest
military: 7, tied with Ben``). Pure; standard library only.
"""

from __future__ import annotations

from generator.scoring.expressions import ExpressionError
from generator.scoring.formulas import MAX_SCORE, whole
from generator.scoring.model import ModelInvalid
from generator.scoring.report import Finding, params_of


def award_why(best: str, measure: str, note: str, top, tie: str) -> str:
    """``messages.MESSAGES["award_why"]`` filled, made directly: a one-place award's line is written
    for every holder of every award of every record (tests/test_scoring_model.py checks the two
    agree)."""
    return f"{best} {measure}{note}: {top}{tie}"


def ordinal(n: int) -> str:
    """1 -> '1st', 2 -> '2nd', 11 -> '11th', 23 -> '23rd'."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def split(vp: int, ways: int) -> int:
    """``vp`` shared by ``ways`` players, rounded toward 0 (the remainder is lost)."""
    share = abs(vp) // ways
    return share if vp >= 0 else -share


def _split_text(parts: tuple[int, ...], ways: int, each: int) -> str:
    """``3 // 2 = 1 VP``, ``(5 + 2) // 2 = 3 VP``, ``-(6 // 4) = -1 VP``."""
    total = sum(parts)
    said = " + ".join(str(p) for p in parts) if total >= 0 else " + ".join(str(-p) for p in parts)
    if len(parts) > 1:
        said = f"({said})"
    return f"{said} // {ways} = {each} VP" if total >= 0 else f"-({said} // {ways}) = {each} VP"


def placings(values: list[int], award, places: tuple[int, ...]) -> list[tuple]:
    """The places of one award over ``values`` (one whole number per player): a list of
    ``(value, players, place, vp_each, covered)`` from the best value down: ``players`` the
    indexes level on ``value``, ``place`` the index of the place they take (0 = 1st), ``vp_each``
    what each scores (None: nobody, a tie under ``ties: none``), ``covered`` the places' VP
    they cover. Values past the last place take none."""
    lower, bound = award.lower, award.min_to_win
    eligible = [i for i, v in enumerate(values) if bound is None or (v <= bound if lower else v >= bound)]
    out = []
    place = 0
    for value in sorted({values[i] for i in eligible}, reverse=not lower):
        if place >= len(places):
            break
        level = [i for i in eligible if values[i] == value]
        ways = len(level)
        covered = places[place : place + ways]
        if ways == 1 or award.ties == "share":
            each = split(places[place], ways)
        elif award.ties == "pool":
            each = split(sum(covered), ways)
        elif award.ties == "all":
            each = places[place]
        else:  # none
            each = None
        out.append((value, level, place, each, covered))
        place += ways if award.after_tie == "skip" else 1
    return out


def _player_bound(award) -> str:
    low, high = award.min_players, award.max_players
    if low is not None and high is not None:
        return f"{low} to {high} players"
    return f"{low} or more players" if low is not None else f"at most {high} players"


class AwardGiver:
    """Gives a pad's awards to one scored game (`give`): ``pad`` is the `pad.Pad` (its model,
    messages and plan)."""

    def __init__(self, pad):
        self.pad = pad
        self.reworded = "award_why" in pad.model.messages  # else the built-in text, made directly

    def give(self, game, scores: list[dict]) -> None:
        """Add every award's VP and explanation lines to ``scores`` (one dict per player: the
        awards' VP under the model's ``awards_total`` id, ``awards`` the ids won), and its
        findings (a place nobody scores, an award not given) to ``game.findings``."""
        pad, model = self.pad, self.pad.model
        awards = game.view.awards
        key = model.awards_total[0]
        for ps in scores:
            ps[key], ps["awards"] = 0, []
        if not awards:
            return
        if game.variant is not None and game.ended_by in game.variant.no_awards_when:
            values = {"ended_by": game.ended_by}
            code, text = pad.message("no_awards", values)
            game.findings.append(Finding("info", None, code, text, ("ended_by",), params_of(values)))
            return
        for spec in awards:
            award = spec[0]
            if award.single:
                self._single(game, scores, spec)
            else:
                self._by_place(game, scores, spec)
        listed = model.awards_total[2]
        for ps, env in zip(scores, game.envs):
            env[key] = ps[key]
            env[listed] = ps["awards"]

    def _values(self, game, expr, at, where, envs) -> list[int]:
        values = []
        budget = game.budget
        try:
            for env in envs:
                value = expr.evaluate(env, budget)
                if value.__class__ is not int or not -MAX_SCORE < value < MAX_SCORE:
                    value = whole(value, where, at)
                values.append(value)
        except ExpressionError as exc:
            raise ModelInvalid.from_expression(where, exc, at) from None
        return values

    def _single(self, game, scores, spec) -> None:
        """The one-place award: ``vp`` to the best (all of a tie, or nobody)."""
        pad = self.pad
        key = pad.model.awards_total[0]
        award, expr, label, note, at, where = spec
        values = self._values(game, expr, at, where, game.envs)
        top = min(values) if award.lower else max(values)
        best = "lowest" if award.lower else "highest"
        short = award.min_to_win is not None and (top > award.min_to_win if award.lower else top < award.min_to_win)
        if short:
            self._not_given(game, award, award.title, label, note, top)
            return
        tied = [i for i, v in enumerate(values) if v == top]
        if len(tied) > 1 and award.ties == "none":
            names = " and ".join(scores[i]["name"] for i in tied)
            said = {
                "title": award.title,
                "measure": label,
                "note": note,
                "top": top,
                "names": names,
                "best": "least" if award.lower else "most",
                "award": award.id,
                "players": [scores[i]["name"] for i in tied],
            }
            code, text = pad.message("award_tied_nobody", said)
            game.findings.append(Finding("info", None, code, text, (), params_of(said)))
            return
        for i in tied:
            ps = scores[i]
            ps[key] += award.vp
            ps["awards"].append(award.id)
            others = [scores[j]["name"] for j in tied if j != i]
            tie = f", tied with {', '.join(others)}" if others else ""
            if self.reworded:
                _code, why = pad.message(
                    "award_why", {"best": best, "measure": label, "note": note, "top": top, "tie": tie}
                )
            else:
                why = award_why(best, label, note, top, tie)
            ps["explain"].append({"component": award.title, "vp": award.vp, "why": why})
        if self.reworded:
            _code, said_why = pad.message(
                "award_why", {"best": best, "measure": label, "note": note, "top": top, "tie": ""}
            )
        else:
            said_why = award_why(best, label, note, top, "")
        game.awarded.append(
            {
                "id": award.id,
                "title": award.title,
                "players": [scores[i]["name"] for i in tied],
                "vp": award.vp,
                "value": top,
                "place": 1,
                "round": None,
                "why": said_why,
            }
        )

    def _by_place(self, game, scores, spec) -> None:
        """An award by place, once a game or (``per_round``) once each round."""
        pad = self.pad
        award, expr, label, note, at, where = spec
        count = len(scores)
        if award.when is not None and not award.per_round and not self._holds(game, award, where, None):
            return  # not in play in this game (a Terraforming Mars award not funded)
        low, high = award.min_players, award.max_players
        places = award.places_for(count) if not award.places_by_round else award.places_by_round[0]
        if (low is not None and count < low) or (high is not None and count > high) or not places:
            bound = (
                _player_bound(award)
                if (low is not None or high is not None)
                else f"{award.places_by_players[0][0]} or more players"
            )
            values = {"title": award.title, "count": count, "bound": bound, "award": award.id}
            code, text = pad.message("award_player_count", values)
            game.findings.append(Finding("info", None, code, text, (), params_of(values)))
            return
        rounds = pad.model.rounds
        if award.per_round:
            for r, round_label in enumerate(rounds.labels):
                if award.when is not None and not self._holds(game, award, where, r):
                    continue
                envs = [game.round_scope(i, r) for i in range(count)]
                self._place(
                    game,
                    scores,
                    award,
                    self._values(game, expr, at, where, envs),
                    award.places_by_round[r] if award.places_by_round else places,
                    label,
                    note,
                    f"{award.title}, {round_label}",
                    r,
                )
        else:
            self._place(
                game,
                scores,
                award,
                self._values(game, expr, at, where, game.envs),
                places,
                label,
                note,
                award.title,
                None,
            )

    def _not_given(self, game, award, title: str, label: str, note: str, top: int) -> None:
        """The finding of an award nobody reaches: its best value ``top`` is short of
        ``min_to_win`` (for ``least``, a most: fewest debts 2, and it needs at most 1)."""
        values = {
            "title": title,
            "measure": label,
            "note": note,
            "top": top,
            "min": award.min_to_win,
            "best": "lowest" if award.lower else "top",
            "bound": "at most" if award.lower else "at least",
            "award": award.id,
        }
        code, text = self.pad.message("award_not_given", values)
        game.findings.append(Finding("info", None, code, text, (), params_of(values)))

    def _holds(self, game, award, where: str, round_index: int | None) -> bool:
        """Whether ``award.when`` holds (over the record's values and ``players``; with
        ``round``, the round's number, for a per-round award)."""
        scope = {**game.env, "players": game.envs}
        if round_index is not None:
            scope["round"] = round_index + 1
        try:
            return bool(award.when.evaluate(scope, game.budget))
        except ExpressionError as exc:
            raise ModelInvalid.from_expression(f"{where} `when`", exc, award.at + ("when",)) from None

    def _place(self, game, scores, award, values, places, label, note, title, round_index) -> None:
        """Give one ranking's places (``round_index``: the round it is, or None)."""
        pad = self.pad
        key = pad.model.awards_total[0]
        most = "fewest" if award.lower else "most"
        placed = placings(values, award, places)
        if not placed and award.min_to_win is not None and values:
            top = min(values) if award.lower else max(values)
            if top != 0:  # nobody has any (no maki this round): nothing to say
                self._not_given(game, award, title, label, note, top)
            return
        for value, level, place, each, covered in placed:
            rank = f"{ordinal(place + 1)} {most}" if place else most
            if each is None:
                names = " and ".join(scores[i]["name"] for i in level)
                values = {
                    "title": title,
                    "measure": label,
                    "note": note,
                    "top": value,
                    "names": names,
                    "best": rank,
                    "award": award.id,
                    "players": [scores[i]["name"] for i in level],
                }
                code, text = pad.message("award_tied_nobody", values)
                game.findings.append(Finding("info", None, code, text, (), params_of(values)))
                continue
            ways = len(level)
            for i in level:
                others = ", ".join(scores[j]["name"] for j in level if j != i)
                if ways == 1:
                    tie = ""
                elif award.ties == "share":
                    tie = f", shared with {others}: {_split_text((places[place],), ways, each)}"
                elif award.ties == "pool":
                    spans = (
                        f"{ordinal(place + 1)} and {ordinal(place + 2)}"
                        if ways == 2
                        else f"{ordinal(place + 1)} to {ordinal(place + ways)}"
                    )
                    tie = f", tied with {others} for {spans}: {_split_text(covered, ways, each)}"
                else:
                    tie = f", tied with {others}"
                if not each:  # a place worth nothing (Wingspan's 3rd in round 1) is no point to explain
                    continue
                if i == level[0]:  # the place as data, once for the players who took it
                    game.awarded.append(
                        {
                            "id": award.id,
                            "title": title,
                            "players": [scores[j]["name"] for j in level],
                            "vp": each,
                            "value": value,
                            "place": place + 1,
                            "round": round_index,
                            "why": f"{rank} {label}{note}: {value}",
                        }
                    )
                ps = scores[i]
                ps[key] += each
                ps["awards"].append(award.id)
                if round_index is not None:  # the report's round by round VP
                    by_round = ps["round_awards"][round_index]
                    by_round[award.id] = by_round.get(award.id, 0) + each
                ps["explain"].append({"component": title, "vp": each, "why": f"{rank} {label}{note}: {value}{tie}"})
