"""Card values verified against public sources (``kind: verified-cards``), and the check that
content still holds them.

`tools/compare_cards.py --write-verified` compares every card with Board Game Arena's and
rftg-arc3's data and, when no difference is left unresolved, writes one record per card set
(``content/rftg/cards/verified/<set>.yaml``): the sources with their commits, the date, the
fields compared and each card's values. A card value edited afterwards (Space Marines' ``vp: 1``
made ``2``) would change every score silently; `check_verified_cards` makes ``playaid check``
(and every build) fail on it, naming the card, the field, both values and how to re-verify.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from generator.content.cards import Card, SetId
from generator.content.models import ID_PATTERN, Strict
from generator.errors import Problem

#: Card fields a source can confirm (and a record can hold).
Compared = Literal[
    "type",
    "cost",
    "vp",
    "copies",
    "military",
    "good",
    "windfall",
    "keywords",
    "start",
    "powers",
    "frontier",
    "military_powers",
]
#: Keys of Military powers and scoring lines that only document them (our words, sources).
DOC_KEYS = frozenset({"text", "note", "source", "unverified"})


class VerifiedCards(Strict):
    """``kind: verified-cards`` — one card set's values as the sources confirmed them.

    ``sources``: what was compared (reference id, repository and commit, what it covered);
    ``date``: when; ``fields``: the fields compared for every card (a card's record leaves out
    a field whose value is the card model's default); ``cards``: card name -> {field: value},
    plus ``scoring`` for the cards whose lines a source's scoring confirmed; ``reverify``: the
    command that made it. Written by ``tools/compare_cards.py --write-verified``, not by hand.
    """

    kind: Literal["verified-cards"]
    id: str = Field(pattern=ID_PATTERN)
    set: SetId
    date: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$", description="YYYY-MM-DD, when it was verified")
    sources: list[str] = Field(min_length=1)
    fields: list[Compared] = Field(min_length=1)
    reverify: str = Field(min_length=1)
    cards: dict[str, dict[str, Any]] = Field(min_length=1)


def comparable(card: Card | dict, field: str) -> Any:
    """A card field as records hold it: plain JSON; Military powers and scoring lines without
    the keys that only document them (`DOC_KEYS`) and without unset (None) keys. ``card`` may
    be the card's ``model_dump(mode="json")`` already made."""
    value = (card if isinstance(card, dict) else card.model_dump(mode="json"))[field]
    if field in ("military_powers", "scoring"):
        return [_plain(item) for item in value]
    return value


def _plain(item: dict) -> dict:
    out = {}
    for key, value in item.items():
        if key in DOC_KEYS or value is None:
            continue
        out[key] = _plain(value) if isinstance(value, dict) else value
    if out.get("divide_by") == 1:
        del out["divide_by"]
    return out


def default_of(field: str) -> Any:
    """The `Card` model's default for ``field`` as `comparable` shows it (None when required)."""
    info = Card.model_fields[field]
    if info.default_factory is not None:
        return info.get_default(call_default_factory=True)
    return None if info.is_required() else info.default


def card_record(card: Card, fields: list[str], with_scoring: bool) -> dict[str, Any]:
    """What a record holds for ``card``: ``fields`` whose value is not the default, and its
    scoring lines when a source confirmed them."""
    dumped = card.model_dump(mode="json")
    out = {f: v for f in fields if (v := comparable(dumped, f)) != default_of(f)}
    if with_scoring:
        out["scoring"] = comparable(dumped, "scoring")
    return out


def check_verified_cards(content) -> list[Problem]:
    """Every card value that differs from its set's verified record (an error at the card's
    field: card, field, both values, the record and how to re-verify); a verified card missing
    from content (error); a card of a verified set that the record lacks (warning: not yet
    verified)."""
    problems: list[Problem] = []
    cards: dict[str, tuple[Card, Any, int]] = {}
    for doc_id, doc in content.of_kind("cards").items():
        loc = content.located[("cards", doc_id)]
        for i, card in enumerate(doc.cards):
            cards[card.name] = (card, loc, i)
    for record_id, record in content.of_kind("verified-cards").items():
        rloc = content.located[("verified-cards", record_id)]
        where = f"{rloc.file}"
        against = f"verified against {' and '.join(_short(src) for src in record.sources)} on {record.date}"
        for name, values in record.cards.items():
            found = cards.get(name)
            if found is None or found[0].set != record.set:
                problems.append(
                    rloc.problem(
                        ("cards", name),
                        f"card '{name}' was {against}, but content has no such {record.set} card",
                        f"put the card back, or re-verify and rewrite the record: {record.reverify}",
                        prefer_key=True,
                    )
                )
                continue
            card, loc, i = found
            dumped = card.model_dump(mode="json")
            for field in list(record.fields) + (["scoring"] if "scoring" in values else []):
                want = values.get(field, default_of(field))
                have = comparable(dumped, field)
                if have != want:
                    line = rloc.position(("cards", name), prefer_key=True)[0]
                    problems.append(
                        loc.problem(
                            ("cards", i, field),
                            f"{card.name}: {field} is {_shown(have)}, but {_shown(want)} was {against} "
                            f"({where}:{line})",
                            f"if the printed card says {_shown(have)}, re-verify and rewrite the record: "
                            f"{record.reverify}; otherwise put back {_shown(want)}",
                        )
                    )
        for name, (card, loc, i) in cards.items():
            if card.set == record.set and name not in record.cards:
                problems.append(
                    loc.problem(
                        ("cards", i, "name"),
                        f"{card.name} is not in the verified record of the "
                        f"{record.set} set ({where}); its values are not checked",
                        f"compare it with the sources and rewrite the record: {record.reverify}",
                        severity="warning",
                    )
                )
    return problems


def _short(source: str) -> str:
    """``bga @ ac9a379`` from a record's ``bga: houseofsuns/raceforthegalaxy @ ac9a379 (...)``."""
    ref, _, rest = source.partition(":")
    commit = rest.split(" @ ", 1)[1].split()[0] if " @ " in rest else ""
    return f"{ref} @ {commit}" if commit else ref


def _shown(value: Any) -> str:
    import json

    return json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
