"""The score pad of one game: its compiled scoring model read (`model.Model`), the mechanisms it
switches on built (`mechanisms`), and the `Pad` that scores its records (a campaign's own
`CampaignPad` when the model switches the campaign on). Above the pad and the mechanisms, so
that imports point one way. Standard library only.
"""

from __future__ import annotations

from generator.scoring.mechanisms import mechanism_classes, mechanism_names
from generator.scoring.model import Model, ModelInvalid
from generator.scoring.model_schema import record_schema_of
from generator.scoring.pad import Pad


def pad_for(game_rules: dict) -> Pad:
    """The `Pad` of one game's compiled rules (``rules["games"][id]``): its scoring model,
    the mechanisms it switches on, the record schema. Raises `ModelInvalid` (no model, an
    unknown mechanism, a model that does not compile)."""
    data = game_rules.get("scoring")
    if not isinstance(data, dict):
        raise ModelInvalid(f"content/{game_rules.get('id')} has no scoring model (add a kind: scoring file)")
    model = Model.from_json(data, mechanism_names(data.get("mechanisms")))
    classes = mechanism_classes()
    mechanisms = {}
    pad_class = Pad
    for name, config in model.mechanisms.items():
        if name == "campaign":  # the rows are the games of a campaign: its own pad
            from generator.scoring.mechanisms.campaign import CampaignPad  # only a campaign's

            pad_class = CampaignPad
            continue
        if name not in classes:
            raise ModelInvalid(f"unknown mechanism '{name}' (known: {', '.join(sorted(classes))})",
                               ("mechanisms", name))
        mechanisms[name] = classes[name](config or {}, game_rules)
        mechanisms[name].check_model(model)
    return pad_class(model, mechanisms, record_schema_of(model, mechanisms))
