"""Each content shape the scoring core reads is declared once, in the core (a stdlib dataclass
or key table), and the content schema's pydantic model is checked against it: these tests fail
when the two drift (a field added, renamed or given another default on one side only)."""

from __future__ import annotations

import dataclasses

from generator.content import cards, scoring_model
from generator.content.declared import check_declared, core_json
from generator.content.models import Strict
from generator.scoring.mechanisms.tableau import cards as core_cards
from generator.scoring.model import AWARD_KEYS, Model


def _with_core() -> list[type]:
    """Every content model that names a core declaration (imported: cards, scoring model)."""
    out, todo = [], [Strict]
    while todo:
        cls = todo.pop()
        todo += cls.__subclasses__()
        if "core" in vars(cls):
            out.append(cls)
    return out


def test_every_declared_shape_is_in_step_with_its_core():
    models = _with_core()
    # the shapes the issue names: a card (with its parts) and an award
    assert {
        cards.Card,
        cards.ScoringLine,
        cards.MilitaryPower,
        cards.CardMatch,
        scoring_model.Award,
        scoring_model.AwardMeasure,
    } <= set(models)
    assert {m.__name__: check_declared(m) for m in models} == {m.__name__: [] for m in models}


def test_the_check_finds_a_field_added_on_one_side_and_a_default_changed():
    class Extra(cards.ScoringLine):
        bonus: int = 0  # content-side only, not declared in the core

    class Other(cards.MilitaryPower):
        divide_by: int = 2  # the core reads a missing divide_by as 1

    class Short(cards.Card):
        content_only = frozenset({"differences", "note", "source", "unverified"})  # hides a core field

    assert check_declared(Extra) == [
        "Extra.bonus: in the content schema, not in the core's declaration (add it there, or to content_only)"
    ]
    assert check_declared(Other) == ["Other.divide_by: content's default 2 is not the core's 1"]
    assert check_declared(Short) == ["Short.unverified: in the core's declaration, not in the content schema"]


def test_a_card_compiles_to_exactly_the_fields_the_core_declares():
    card = cards.Card(
        name="Gambling World",
        set="base",
        type="world",
        cost=1,
        vp=1,
        military=False,
        good="rare",
        windfall=True,
        note="a note",
        source="keldon",
        military_powers=[{"military": 1, "text": "+1 Military", "note": "n"}],
        scoring=[],
    )
    data = core_json(card)
    assert list(data) == [f.name for f in dataclasses.fields(core_cards.Card) if getattr(card, f.name) is not None]
    assert "note" not in data and "source" not in data and "note" not in data["military_powers"][0]
    # and the core reads it back field by field: None in content is the core's default (0)
    read = core_cards.Card.from_json(data)
    assert read.military_powers == (core_cards.MilitaryPower(military=1, military_vs_xenos=0, text="+1 Military"),)
    assert (read.good, read.windfall, read.copies, read.keywords) == ("rare", True, 1, ())


def test_the_core_reads_an_award_by_its_declaration_only():
    """A key the declaration lacks is never read: an award given `vp_each` scores as if it were
    absent; every declared key has its default when left out."""
    award = {"id": "most", "title": "Most", "vp": 3, "most": "x", "vp_each": 99}
    data = {
        "id": "g",
        "title": "G",
        "entered": [{"id": "x", "label": "X", "type": "count"}],
        "components": [{"id": "c", "label": "C", "value": "x"}],
        "awards": [award],
    }
    model = Model.from_json(data)
    got = model.awards["most"]
    assert (got.vp, got.ties, got.after_tie, got.help, got.per_round) == (
        3,
        AWARD_KEYS["ties"],
        AWARD_KEYS["after_tie"],
        "",
        False,
    )
