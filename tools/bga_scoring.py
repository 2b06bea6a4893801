"""Board Game Arena's end-game scoring of the 6-cost developments and ``?`` worlds, as read.

BGA scores them in code (``cardsToSixDevelopmentsScore`` in ``raceforthegalaxy.game.php``), not
data. Each entry below is our reading of that code, written against playaid's card fields: a
function giving the VP BGA's scoring awards one undamaged tableau card, and the player quantities
it adds (VP chips / 3, goods, Military). ``code`` is the list of increments BGA's function makes
for that card id (``$dev_to_points_this_card[ID] += ...``), sorted: `read_increments` pulls the
same list out of the fetched repository, so a change to BGA's code since this reading
(houseofsuns/raceforthegalaxy @ ac9a379) is reported instead of silently compared.

The functions read BGA's if / else-if chains literally: separate ``if``s add up (BGA does not
apply the rulebook's one-category-per-card rule everywhere); playaid scores each card in the one
printed line worth most to it ("xi: Scoring": one category per card).

Used by tools/compare_cards.py; not part of playaid itself.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass


def _world(c) -> bool:
    return c.type == "world"


def _dev(c) -> bool:
    return c.type == "development"


def _prod(c, good: str | None = None) -> bool:
    """A world with a Produce power for its good (BGA: a 'produce' power on a world)."""
    return _world(c) and c.good is not None and not c.windfall and good in (None, c.good)


def _windfall(c, good: str | None = None) -> bool:
    return _world(c) and c.windfall and good in (None, c.good)


def _kw(c, keyword: str) -> bool:
    return keyword in c.keywords


def _mil(c) -> bool:
    return _world(c) and bool(c.military)


def _named(c, *names: str) -> bool:
    return c.name.casefold() in {n.casefold() for n in names}


def _has(c, phase: str) -> bool:
    return phase in c.powers


@dataclass(frozen=True)
class Reading:
    """BGA's scoring of one card (its BGA id), as read; ``per_player`` lists
    ``(quantity, vp, divide_by)`` in playaid's ``per_player`` words."""

    bga_id: int
    per_card: Callable
    code: tuple[str, ...]
    per_player: tuple[tuple[str, int, int], ...] = ()


def _gi(c) -> int:
    if _mil(c) and _kw(c, "REBEL"):
        return 2
    return 1 if _mil(c) else 0


def _pgl(c) -> int:
    vp = 2 * _prod(c, "genes") + 2 * _windfall(c, "genes")
    if _mil(c) and vp == 0:  # "other military world"
        vp += 1
    return vp + 3 * _named(c, "Contact Specialist")


def _axl(c) -> int:
    if _world(c):
        return 2 if _kw(c, "ANTI-XENO") else 1
    return 1 if _kw(c, "ANTI-XENO") else 0


def _axrf(c) -> int:
    vp = 0
    if _mil(c) and _kw(c, "REBEL"):
        vp += 2
    elif _mil(c) and _kw(c, "XENO"):
        vp += 1
    return vp + _kw(c, "ANTI-XENO")  # a separate `if`: it stacks


def _iwp(c) -> int:
    # BGA names the world "Blaster Gem Mine"; the printed card is "Blaster Gem Mines"
    if _named(c, "Blaster Gem Mines", "Blaster Gem Mine", "Imperium Armaments World"):
        return 3
    if _kw(c, "IMPERIUM"):
        return 2
    return 1 if _world(c) and c.good == "rare" else 0


def _ah(c) -> int:
    if _mil(c) and _kw(c, "XENO"):
        return 2
    if _named(c, "Alien Archives"):
        return 3
    return 1 if _kw(c, "ALIEN") else 0


def _ube(c) -> int:
    if _kw(c, "UPLIFT"):
        return 2
    return 1 if _world(c) and c.good == "genes" else 0


def _td(c) -> int:
    vp = 1 if _prod(c) else 0  # a separate `if` on the Produce power: it stacks
    if _named(c, "Terraformed World"):
        return vp + 3
    return vp + (2 if _kw(c, "TERRAFORMING") else 0)


def _uplift_world(c) -> int:
    return 1 if _world(c) and _kw(c, "UPLIFT") and _kw(c, "CHROMO") else 0


#: By playaid card name.
READINGS: dict[str, Reading] = {
    "Mining League": Reading(
        11,
        lambda c: (
            2 * _prod(c, "rare")
            + _windfall(c, "rare")
            + 2 * _named(c, "Mining Robots")
            + 2 * _named(c, "Mining Conglomerate")
        ),
        ("1", "2", "2", "2"),
    ),
    "Alien Tech Institute": Reading(
        21,
        lambda c: (
            ((1 if _kw(c, "ALIEN") else 3) if _prod(c, "alien") else 0)
            + ((0 if _kw(c, "ALIEN") else 2) if _windfall(c, "alien") else 0)
            + 2 * _kw(c, "ALIEN")
        ),
        ("($bAlien ? 0 : 2)", "($bAlien ? 1 : 3)", "2"),
    ),
    "Free Trade Association": Reading(
        22,
        lambda c: (
            2 * _prod(c, "novelty")
            + _windfall(c, "novelty")
            + 2 * _named(c, "Consumer Markets")
            + 2 * _named(c, "Expanding Colony")
        ),
        ("1", "2", "2", "2"),
    ),
    "Galactic Federation": Reading(23, lambda c: (2 if c.cost == 6 else 1) if _dev(c) else 0, ("1", "2")),
    "Galactic Imperium": Reading(24, _gi, ("1", "2")),
    "Galactic Renaissance": Reading(
        25,
        lambda c: 3 * _named(c, "Research Labs", "Galactic Trendsetters", "Artist Colony"),
        ("3", "3", "3"),
        (("vp_chips", 1, 3),),
    ),
    "Galactic Survey: SETI": Reading(26, lambda c: _has(c, "explore") + _world(c), ("1", "1")),
    "Merchant Guild": Reading(27, lambda c: 2 * _prod(c), ("2",), (("goods", 1, 1),)),
    "New Economy": Reading(28, lambda c: _has(c, "consume") * (2 if _dev(c) else 1), ("1", "2")),
    "New Galactic Order": Reading(29, lambda c: 0, (), (("military", 1, 1),)),
    "Pan-Galactic League": Reading(30, _pgl, ("1", "2", "2", "3")),
    "Trade League": Reading(31, lambda c: _has(c, "trade") * (2 if _dev(c) else 1), ("1", "2")),
    "Anti-Xeno League": Reading(308, _axl, ("1", "1", "2")),
    "Anti-Xeno Rebel Force": Reading(309, _axrf, ("1", "1", "2")),
    "Imperium War Profiteers": Reading(310, _iwp, ("1", "2", "3")),
    "Alien Historians": Reading(311, _ah, ("1", "2", "3")),
    "Uplift Bio-Engineers": Reading(312, _ube, ("1", "2")),
    "Terraforming Defenders": Reading(313, _td, ("1", "2", "3")),
    "Corrosive Uplift World": Reading(283, _uplift_world, ("1",)),
    "Uplift Coalition": Reading(294, _uplift_world, ("1",)),
}

#: BGA's per-player terms, by card id, as read: the quantity each one adds.
PER_PLAYER_CODE = {
    25: "floor($player_infos[ $dev_to_players[ 25 ] ][ 'player_vp' ] / 3)",
    27: "$num_goods",
    29: "$player_infos[ $dev_to_players[ 29 ] ][ 'player_milforce' ]",
}

_INCREMENT = re.compile(r"\$dev_to_points_this_card\[\s*(\d+)\s*\]\s*\+=\s*([^;]+);")
_PER_PLAYER = re.compile(r"\$dev_to_points\[\s*(\d+)\s*\]\s*\+=\s*([^;]+);")


def scoring_function(game_php: str) -> str:
    """The text of BGA's ``cardsToSixDevelopmentsScore`` (ValueError when it is not found)."""
    start = game_php.find("function cardsToSixDevelopmentsScore")
    if start < 0:
        raise ValueError("raceforthegalaxy.game.php has no cardsToSixDevelopmentsScore")
    end = game_php.find("\n    function ", start + 10)
    return game_php[start : end if end > 0 else len(game_php)]


def read_increments(game_php: str) -> tuple[dict[int, tuple[str, ...]], dict[int, str]]:
    """Per card id: the sorted per-card increments, and the per-player increment (if any)."""
    body = scoring_function(game_php)
    per_card: dict[int, list[str]] = {}
    for cid, rhs in _INCREMENT.findall(body):
        per_card.setdefault(int(cid), []).append(" ".join(rhs.split()))
    per_player = {int(cid): " ".join(rhs.split()) for cid, rhs in _PER_PLAYER.findall(body)}
    return {k: tuple(sorted(v)) for k, v in per_card.items()}, per_player
