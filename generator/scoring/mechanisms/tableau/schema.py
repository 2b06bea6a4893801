"""The JSON Schema of a tableau as a record writes it (`tableau_schema`): card names as printed,
or a card written as a mapping. Standard library only.
"""

from __future__ import annotations

from generator.scoring.record.limits import MAX_NAME, MAX_TABLEAU, PRINTABLE


def _text(description: str) -> dict:
    return {"type": "string", "minLength": 1, "maxLength": MAX_NAME, "pattern": PRINTABLE, "description": description}


def tableau_schema(description: str, keywords: list[str]) -> dict:
    """The JSON Schema of a tableau: card names as printed, or ``{card, damaged, vp, type,
    military, keywords}`` for a damaged world or a card the database lacks (``keywords``: those
    the card database prints)."""
    card_entry = {
        "type": "object",
        "additionalProperties": False,
        "required": ["card"],
        "x-colon-name": True,
        "description": "a card written as a mapping: damaged world, or a card the database lacks with its printed VP",
        "properties": {
            "card": _text("the card's name as printed"),
            "damaged": {"type": "boolean", "description": "a damaged world (invasion and counterstrike games)"},
            "vp": {
                "type": "integer",
                "minimum": -9999,
                "maximum": 9999,
                "x-hint": "write a whole number, e.g. 3 or -1",
                "description": "printed VP, for a card the database lacks (a promo, a conquered Xeno system)",
            },
            "type": {
                "enum": ["world", "development"],
                "description": "with vp: the card's type, so 6-cost developments can count it",
            },
            "military": {"type": "boolean", "description": "with vp: a military world?"},
            "keywords": {
                "type": "array",
                "maxItems": 8,
                "items": {"enum": list(keywords)},
                "description": "with vp: the card's keywords (e.g. [XENO])",
            },
        },
    }
    return {
        "type": "array",
        "minItems": 1,
        "maxItems": MAX_TABLEAU,
        "description": description,
        "x-hint": "list the cards, e.g. tableau: [Old Earth, Research Labs]",
        "items": {
            "anyOf": [_text("a card name as printed"), card_entry],
            "x-hint": "write a card name, or {card: Name, damaged: true}",
        },
    }
