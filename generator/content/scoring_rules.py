"""Schema of end-game scoring rules (``kind: scoring``): variants, bonus tiles and rulings.

The numbers the scorer needs live here, each with its source: per variant the VP chip pool per
player, the tableau size that ends the game, the allowed ``ended_by`` values and the record fields
that apply; per bonus tile its VP, what it measures, the stage it is awarded at, and its tie and
zero rules. `generator.scoring.rftg` reads them; it holds no numbers of its own.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from generator.content.models import ID_PATTERN, Ruling, SourceRef, Strict

Measure = Literal["military_vs_xenos", "war_contribution_chips", "vp_chips", "xeno_systems_conquered"]


class BonusTile(Strict):
    """A bonus tile awarded at game end (or at repulse) to the player(s) with the highest ``measure``.

    ``measure``: ``military_vs_xenos``, ``war_contribution_chips``, ``vp_chips`` (VP chips + war
    contribution chips) or ``xeno_systems_conquered``. ``stage``: ``invasion`` tiles are measured at
    game end, or, in a counterstrike game after repulse, from the player's ``at_repulse`` values;
    ``counterstrike`` tiles only after repulse. Every tied player scores ``vp``. With
    ``min_to_win`` set, nobody scores when the top value is below it.
    """

    id: str = Field(pattern=ID_PATTERN)
    title: str
    vp: int = Field(ge=0)
    measure: Measure
    stage: Literal["invasion", "counterstrike"]
    min_to_win: int | None = None
    source: SourceRef


class Variant(Strict):
    """One way to play: pool size, end condition values and which record fields apply.

    ``vp_pool_per_player``: VP in chips per player in the common pool. ``tableau_end``: tableau
    size that ends the game (None when tableau size does not end it). ``ended_by``: allowed
    ``ended_by`` values (after repulse, for counterstrike); ``ended_by_before_repulse`` for a
    counterstrike game that ended before repulse (scored as the invasion game). ``tiles``: bonus
    tile ids. ``fields``: optional player fields that apply (others draw a warning). ``damage``:
    worlds can be damaged (invasion and counterstrike games only). ``frontier_cards``: the Frontier
    decks are in play (frontier and counterstrike games only). ``xeno_systems_in_play``: the table
    of Xeno systems in play per player count (counterstrike).
    """

    id: Literal["standard", "frontier", "invasion", "counterstrike"]
    title: str
    vp_pool_per_player: int = Field(ge=1)
    tableau_end: int | None = None
    ended_by: list[str] = Field(min_length=1)
    ended_by_before_repulse: list[str] = Field(default_factory=list)
    tiles: list[str] = Field(default_factory=list)
    no_tiles_when: list[str] = Field(default_factory=list,
                                     description="ended_by values after which no tile is awarded")
    fields: list[str] = Field(default_factory=list)
    damage: bool = Field(False, description="worlds can be damaged in this variant (a damaged world in "
                                            "another variant is a record error)")
    frontier_cards: bool = Field(False, description="the Near and Far Frontier decks are in play (a Frontier "
                                                    "card in another variant's record is an error)")
    xeno_systems_in_play: str | None = Field(
        None, pattern=ID_PATTERN,
        description="id of the table giving the Xeno systems in play by player count (columns `players` "
                    "and `total`); the players' `xeno_systems_conquered` may not add up to more, and "
                    "`ended_by: all_systems` needs them all conquered")
    source: SourceRef


class Winner(Strict):
    """How the winner is found: highest total, then the sum of ``tiebreak`` record fields."""

    tiebreak: list[Literal["goods", "hand"]] = Field(default_factory=list)
    source: SourceRef


class PlayerCount(Strict):
    """How many players the game takes at most, with its source."""

    max: int = Field(ge=1)
    source: SourceRef


class Scoring(Strict):
    """``kind: scoring`` — end-game scoring rules of one game, with rulings where rules are unclear.

    ``winner.tiebreak``: record fields summed to break a tie for the highest total (a tie that
    remains is a shared win).
    """

    kind: Literal["scoring"]
    id: str = Field(pattern=ID_PATTERN)
    title: str
    variants: list[Variant] = Field(min_length=1)
    tiles: list[BonusTile] = Field(default_factory=list)
    winner: Winner
    players: PlayerCount | None = Field(None, description="most players; more is a warning")
    rulings: list[Ruling] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    source: SourceRef | None = None

    @model_validator(mode="after")
    def _tiles_exist(self):
        ids = {t.id for t in self.tiles}
        for v in self.variants:
            for tile in v.tiles:
                if tile not in ids:
                    raise ValueError(f"variant '{v.id}' names tile '{tile}', which is not in `tiles` "
                                     f"(have: {', '.join(sorted(ids))})")
        return self

    def variant(self, variant_id: str) -> Variant | None:
        """The variant with this id, or None."""
        return next((v for v in self.variants if v.id == variant_id), None)

    def tile(self, tile_id: str) -> BonusTile:
        """The tile with this id; KeyError when absent."""
        for t in self.tiles:
            if t.id == tile_id:
                return t
        raise KeyError(tile_id)
