"""The score pad of one game: its compiled scoring model read (`model.Model`), the mechanisms it
switches on built (`mechanisms`), and the `Pad` that scores its records (a mechanism's own
``pad_class`` when one shapes the whole record: a campaign's rows are games). Above the pad and
the mechanisms, so that imports point one way. Standard library only.
"""

from __future__ import annotations

from generator.scoring.mechanisms import REGISTRY, mechanism_class, mechanism_names
from generator.scoring.model import Model, ModelInvalid
from generator.scoring.pad import Pad
from generator.scoring.record.model_schema import record_schema_of


def pad_for(game_rules: dict) -> Pad:
    """The `Pad` of one game's compiled rules (``rules["games"][id]``): its scoring model,
    the mechanisms it switches on, the record schema. Raises `ModelInvalid` (no model, an
    unknown mechanism, a model that does not compile)."""
    data = game_rules.get("scoring")
    if not isinstance(data, dict):
        raise ModelInvalid(f"content/{game_rules.get('id')} has no scoring model (add a kind: scoring file)")
    model = Model.from_json(data, mechanism_names(data.get("mechanisms")))
    mechanisms = {}
    pad_class: type[Pad] = Pad
    for name, config in model.mechanisms.items():
        cls = mechanism_class(name)
        if cls is None:
            raise ModelInvalid(
                f"unknown mechanism '{name}' (known: {', '.join(sorted(REGISTRY))})", ("mechanisms", name)
            )
        if cls.pad_class is not None:  # the mechanism shapes the whole record: its own pad scores it
            pad_class = cls.pad_class
            continue
        mechanisms[name] = cls(config or {}, game_rules)
        mechanisms[name].check_model(model)
    return pad_class(model, mechanisms, record_schema_of(model, mechanisms))
