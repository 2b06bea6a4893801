"""Score records: what a player types at the table after a game, and how it is read.

A record is YAML or JSON (JSON is YAML). `read_record` loads a file line-aware (duplicate keys
refused) and returns the `Located` document; `parse_rftg_record` validates a mapping into a
`GameRecord`, with every problem named by file, line and field. Nothing here scores.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal, Union

from pydantic import Field, ValidationError, field_validator

from generator.content.models import Strict
from generator.content.yaml_io import Located, load_file
from generator.errors import Problem, RecordError


class TableauCard(Strict):
    """A tableau entry written as a mapping: ``{card: Name, damaged: true}`` or, for a card the
    database lacks, ``{card: Name, vp: 2}`` (printed VP given by hand)."""

    card: str = Field(min_length=1)
    damaged: bool = False
    vp: int | None = None


class AtRepulse(Strict):
    """A counterstrike player's values at the end of the repulse round (invasion tiles)."""

    military_vs_xenos: int = 0
    war_contribution_chips: int = Field(0, ge=0)


class PlayerRecord(Strict):
    """One player's end-of-game record. Counts are VP (chips) or numbers of things, all >= 0
    except Military values. Fields that do not apply to the variant draw a warning."""

    name: str = Field(min_length=1)
    tableau: list[Union[str, TableauCard]] = Field(min_length=1)
    chips: int = Field(0, ge=0, description="VP chips other than war contributions")
    war_contribution_chips: int | None = Field(None, ge=0)
    defense_awards: int | None = Field(None, ge=0, description="VP in defense award chips")
    military_vs_xenos: int | None = None
    xeno_systems_conquered: int | None = Field(None, ge=0)
    at_repulse: AtRepulse | None = None
    military: int | None = Field(None, description="Military at game end (New Galactic Order)")
    goods: int = Field(0, ge=0, description="goods at game end (tie-break)")
    hand: int = Field(0, ge=0, description="cards in hand at game end (tie-break)")
    claimed_total: int | None = Field(None, description="what the score pad says")

    @field_validator("tableau")
    @classmethod
    def _names(cls, v):
        for item in v:
            if isinstance(item, str) and not item.strip():
                raise ValueError("a tableau entry is empty")
        return v

    def entries(self) -> list[TableauCard]:
        """The tableau as `TableauCard` entries (plain names become undamaged entries)."""
        return [TableauCard(card=e) if isinstance(e, str) else e for e in self.tableau]


class GameRecord(Strict):
    """``game: rftg`` record: variant, how the game ended, and the players."""

    game: Literal["rftg"]
    variant: Literal["standard", "frontier", "invasion", "counterstrike"]
    ended_by: str = Field(description="see scoring.yaml variants[].ended_by")
    repulsed: bool | None = None
    players: list[PlayerRecord] = Field(min_length=1)

    @field_validator("variant", "ended_by", mode="before")
    @classmethod
    def _words(cls, value):
        """Typed at the table: accept 'Invasion' or 'VP pool' for invasion / vp_pool."""
        return "_".join(value.split()).casefold() if isinstance(value, str) else value


def read_record(path: Path | str) -> Located:
    """Read a record file (YAML or JSON). Raises `RecordError` (exit 2) naming file and line when
    it cannot be read or is not a mapping with a ``game:`` field."""
    located, problems = load_file(Path(path))
    if problems or located is None:
        raise RecordError(problems or [Problem(str(path), 0, 0, "", "cannot read record")])
    if not isinstance(located.data, dict):
        raise RecordError([located.problem((), "a score record must be a mapping",
                                           "start with `game: rftg` and `variant: ...`")])
    return located


def validate_record(model: type[Strict], located: Located):
    """Validate ``located.data`` against ``model``; raises `RecordError` with every problem
    (file:line: field: message (hint))."""
    try:
        return model.model_validate(located.data)
    except ValidationError as exc:
        from generator.content.validate import problems_from  # shared pydantic -> file:line

        raise RecordError(problems_from(located, exc, models=[model], reference="examples/")) from None


def parse_rftg_record(data: dict | Located, file: str = "<record>") -> GameRecord:
    """A validated `GameRecord` from a mapping (or a `Located` document). No I/O.

    Raises `RecordError` naming the field (and line, when ``data`` is located)."""
    located = data if isinstance(data, Located) else Located(file, data)
    return validate_record(GameRecord, located)
