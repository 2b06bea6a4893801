"""Plan aids: the list of aids that content declares, with their game and resolved trim size."""

from __future__ import annotations

from dataclasses import dataclass

from generator.content.aids import NAMED_SIZES_MM, Aid, Size


@dataclass(frozen=True)
class PlannedAid:
    """One aid to build: game id, the aid declaration, trim size in mm (None for full pages)."""

    game: str
    aid: Aid
    trim_mm: tuple[float, float] | None

    @property
    def key(self) -> str:
        """Unique name across games, used for output file names: ``<game>-<aid id>``."""
        return f"{self.game}-{self.aid.id}"

    def summary(self) -> dict:
        size = "page" if self.trim_mm is None else f"{self.trim_mm[0]:g}x{self.trim_mm[1]:g} mm"
        return {
            "game": self.game,
            "id": self.aid.id,
            "key": self.key,
            "format": self.aid.format,
            "size": size,
            "title": self.aid.title,
        }


def trim_size_mm(aid: Aid) -> tuple[float, float] | None:
    """Trim (width, height) in mm for card aids; None for page and form aids."""
    if aid.size == "page":
        return None
    if isinstance(aid.size, Size):
        return (aid.size.width_mm, aid.size.height_mm)
    return NAMED_SIZES_MM[aid.size]


def with_sheet(game, aid: Aid) -> Aid:
    """The aid, with the grid of its scoring model's score sheet when it declares ``sheet``
    (`generator.compile.score_sheet`)."""
    if aid.sheet is None:
        return aid
    from generator.compile.score_sheet import sheet_grid
    from generator.content.scoring_model import FactRef

    doc = game.of_kind("scoring")[aid.sheet]
    constants = {
        name: game.fact(ref.fact)
        for name, ref in doc.constants.items()
        if isinstance(ref, FactRef) and isinstance(game.fact(ref.fact), int)
    }
    return aid.model_copy(update={"grid": sheet_grid(doc, constants)})


def plan_aids(content, only: list[str] | None = None) -> list[PlannedAid]:
    """Every aid declared by content, sorted by game then declaration order.

    ``only`` filters by ``<game>-<id>`` key or by bare aid id; an unknown name, or a bare id that
    several games declare (``score-sheet``), raises `UsageError` naming the keys to choose from.
    """
    from generator.errors import UsageError

    planned = []
    for game_id in sorted(content.games):
        game = content.games[game_id]
        for aids in game.of_kind("aids").values():
            for aid in aids.aids:
                planned.append(PlannedAid(game_id, with_sheet(game, aid), trim_size_mm(aid)))
    if only:
        wanted = set(only)
        keys = [p.key for p in planned]
        known = set(keys) | {p.aid.id for p in planned}
        unknown = sorted(wanted - known)
        if unknown:
            import difflib

            guesses = sorted({g for name in unknown for g in difflib.get_close_matches(name, keys, n=2)})
            hint = f"did you mean {', '.join(guesses)}? " if guesses else ""
            raise UsageError(
                f"unknown aid(s): {', '.join(unknown)} ({hint}see `playaid list`; known: {', '.join(sorted(keys))})"
            )
        for name in sorted(wanted):  # a bare id that several games declare: which one?
            games = [p.key for p in planned if p.aid.id == name and p.key != name]
            if len(games) > 1:
                raise UsageError(
                    f"'{name}' is an aid of {len(games)} games: {', '.join(games)}; "
                    f"say which (e.g. playaid build {games[0]}), or name each to build "
                    f"them all"
                )
        planned = [p for p in planned if p.key in wanted or p.aid.id in wanted]
    return planned
