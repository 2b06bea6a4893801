"""End-game scoring rules (variants, bonus tiles, winner) as the scoring core reads them from the
compiled rules: the ``kind: scoring`` document of ``content/rftg/scoring.yaml``, validated on the
build side by `generator.content.scoring_rules` and written out as JSON. Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class BonusTile:
    """A bonus tile: ``vp`` to every player tied for the highest ``measure``; ``stage``
    ``invasion`` (measured at game end, or at the repulse in a counterstrike game) or
    ``counterstrike``; nobody scores it when the top value is below ``min_to_win``."""

    id: str
    title: str
    vp: int
    measure: str
    stage: str
    min_to_win: int | None = None


@dataclass(frozen=True, slots=True)
class Variant:
    """One way to play: VP chip pool per player, the tableau size that ends it, allowed
    ``ended_by`` values (after the repulse for counterstrike; ``ended_by_before_repulse``
    before it), bonus tiles, the ``ended_by`` values after which no tile is awarded, the optional
    record fields that apply, whether worlds can be damaged (``damage``) and whether the Frontier
    decks are in play (``frontier_cards``); ``xeno_systems_in_play``: (players, Xeno systems in
    play) pairs, from the table the variant names in content (000_ac4a4b34259be941.txt "Repulse")."""

    id: str
    title: str
    vp_pool_per_player: int
    tableau_end: int | None
    ended_by: tuple[str, ...]
    ended_by_before_repulse: tuple[str, ...] = ()
    tiles: tuple[str, ...] = ()
    no_tiles_when: tuple[str, ...] = ()
    fields: tuple[str, ...] = ()
    damage: bool = False
    frontier_cards: bool = False
    xeno_systems_in_play: tuple[tuple[int, int], ...] = ()

    def systems_in_play(self, players: int) -> int | None:
        """Xeno systems in play with this many players (None when content gives none)."""
        return next((total for n, total in self.xeno_systems_in_play if n == players), None)


@dataclass(frozen=True, slots=True)
class Scoring:
    """The scoring rules: ``variants``, ``tiles`` by id, the winner's ``tiebreak`` fields and the
    most players the game takes (``max_players``, None when content does not say)."""

    variants: tuple[Variant, ...]
    tiles: dict
    tiebreak: tuple[str, ...]
    max_players: int | None = None

    @classmethod
    def from_json(cls, data: dict, tables: dict | None = None) -> "Scoring":
        """From the compiled scoring document and the game's compiled ``tables`` (id -> {rows}),
        which a variant's ``xeno_systems_in_play`` names; KeyError/TypeError when malformed."""
        tables = tables or {}

        def systems(table_id):
            if table_id is None:
                return ()
            return tuple((r["players"], r["total"]) for r in tables[table_id]["rows"])

        variants = tuple(Variant(
            id=v["id"], title=v["title"], vp_pool_per_player=v["vp_pool_per_player"],
            tableau_end=v.get("tableau_end"), ended_by=tuple(v["ended_by"]),
            ended_by_before_repulse=tuple(v.get("ended_by_before_repulse", ())),
            tiles=tuple(v.get("tiles", ())), no_tiles_when=tuple(v.get("no_tiles_when", ())),
            fields=tuple(v.get("fields", ())), damage=bool(v.get("damage", False)),
            frontier_cards=bool(v.get("frontier_cards", False)),
            xeno_systems_in_play=systems(v.get("xeno_systems_in_play")))
            for v in data["variants"])
        tiles = {t["id"]: BonusTile(t["id"], t["title"], t["vp"], t["measure"], t["stage"], t.get("min_to_win"))
                 for t in data.get("tiles", ())}
        players = data.get("players") or {}
        return cls(variants, tiles, tuple(data["winner"].get("tiebreak", ())), players.get("max"))

    def variant(self, variant_id: str) -> Variant | None:
        """The variant with this id, or None."""
        return next((v for v in self.variants if v.id == variant_id), None)

    def tile(self, tile_id: str) -> BonusTile:
        """The tile with this id; KeyError when absent."""
        return self.tiles[tile_id]
