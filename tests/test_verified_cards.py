"""Card values drift: each card set's verified record (content/rftg/cards/verified/<set>.yaml,
written by tools/compare_cards.py --write-verified) holds the values the sources confirmed, and
`playaid check` fails on a card value that differs, naming card, field, both values and how to
re-verify."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from generator.cli import cli
from generator.content.cards import Cards
from generator.content.verified_cards import card_record
from generator.reader.yaml_io import load_file

REPO = Path(__file__).resolve().parents[1]
CARDS = REPO / "content" / "rftg" / "cards"


def _read(path: Path) -> dict:
    located, problems = load_file(path)
    assert problems == []
    return located.data


def _cards(set_id: str) -> list:
    return Cards.model_validate(_read(CARDS / f"{set_id}.yaml")).cards


def test_every_card_of_every_set_has_its_verified_values():
    for set_id in ("base", "xi", "xc"):
        record = _read(CARDS / "verified" / f"{set_id}.yaml")
        assert record["kind"] == "verified-cards" and record["set"] == set_id
        assert record["date"] and record["sources"] and record["reverify"]
        cards = _cards(set_id)
        assert sorted(record["cards"]) == sorted(c.name for c in cards)
        for card in cards:  # the record is what the card says today, field by field
            values = record["cards"][card.name]
            assert values == card_record(card, record["fields"], "scoring" in values)
    base = _read(CARDS / "verified" / "base.yaml")
    assert base["cards"]["Space Marines"]["vp"] == 1
    assert base["cards"]["Space Marines"]["military_powers"] == [{"military": 2}]
    # scoring lines are held where BGA's scoring code was compared (every tableau card's VP)
    assert "scoring" in base["cards"]["Galactic Federation"]


def _edit(path: Path, old: str, new: str, after: str = "") -> int:
    """Replace the first ``old`` after the line holding ``after``; return its line number."""
    lines = path.read_text().split("\n")
    start = next(i for i, line in enumerate(lines) if after in line) if after else 0
    i = next(i for i in range(start, len(lines)) if old in lines[i])
    lines[i] = lines[i].replace(old, new)
    path.write_text("\n".join(lines))
    return i + 1


def test_check_fails_on_a_value_that_differs_from_the_verified_one(tmp_path, monkeypatch):
    shutil.copytree(REPO / "content" / "rftg", tmp_path / "content" / "rftg")
    monkeypatch.chdir(tmp_path)
    cards = tmp_path / "content" / "rftg" / "cards"
    vp_line = _edit(cards / "base.yaml", "vp: 1", "vp: 2", after="- name: Space Marines")
    verified = cards / "verified" / "xc.yaml"
    text = verified.read_text()
    gone = next(line for line in text.splitlines() if line.startswith('  "Frontier Isolationists"'))
    verified.write_text(text.replace(gone + "\n", "") + '  "Phantom World": {"type": "world"}\n')
    result = CliRunner().invoke(cli, ["check", "content"])
    assert result.exit_code == 1
    out = result.output
    marines = [line for line in out.splitlines() if "Space Marines" in line]
    assert len(marines) == 1
    assert marines[0].startswith(f"content/rftg/cards/base.yaml:{vp_line}:9: cards[")
    assert "].vp: Space Marines: vp is 2, but 1 was verified against bga @ ac9a379 and arc3 @ 8ab900f " in marines[0]
    assert "(content/rftg/cards/verified/base.yaml:" in marines[0]
    assert "if the printed card says 2, re-verify and rewrite the record: " in marines[0]
    assert "tools/compare_cards.py BGA_REPO --arc3 ARC3_REPO --write-verified" in marines[0]
    assert marines[0].endswith("; otherwise put back 1)")
    assert "content/rftg/cards/verified/xc.yaml:" in out and "card 'Phantom World' was verified" in out
    assert "Frontier Isolationists is not in the verified record of the xc set" in out
