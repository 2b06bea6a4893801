"""Content of a small test game, ``demo``, shared by the loader and hostile-input tests.

The texts are exact: tests assert lines and columns in them (``rows[1]`` of `TABLE` is on
line 10), so change one only together with the assertions that count on it.
"""

#: A game with one rulebook, ``rb`` (demo-rules.txt).
BASE_GAME = """\
kind: game
id: demo
title: Demo
version: "1"
date: 2026-01-01
rulebooks:
  - id: rb
    file: demo-rules.txt
    title: Demo Rules
"""

#: `BASE_GAME` with a second rulebook, ``ex`` (demo-expansion.txt), and a public reference ``web``.
GAME = (
    BASE_GAME
    + """\
  - id: ex
    file: demo-expansion.txt
    title: Demo Expansion
references:
  - id: web
    title: Web FAQ
    url: https://example.org/faq
"""
)

#: The seed text of demo-rules.txt: a title, the heading "Setup" and its one line.
RULEBOOK = "Demo Rules\nSetup\nWith 2 or 3 players, each player takes 3 cards.\n"

TABLE = """\
kind: table
id: hands
title: Hands
source: "rb: Setup"
columns:
  - {key: players, label: Players}
  - {key: cards, label: Cards}
rows:
  - {players: 2, cards: 3}
  - {players: 3, cards: 3}
"""

CHECKS = """\
kind: checks
id: checks
checks:
  - id: hand
    description: the table agrees with the fact
    for_each: tables.hands
    expect: row.cards
    equals: facts.hand_size
"""

AIDS = """\
kind: aids
id: aids
aids:
  - id: ref
    title: Reference
    format: card
    size: poker
    faces:
      - name: front
        blocks:
          - rules: basics
          - table: hands
"""


def laughs(levels: int, width: int = 9) -> str:
    """The "billion laughs" shape: each of ``levels`` lines an anchored list of ``width`` aliases
    to the line before (``a0`` holds nine strings); every line ends with a line break."""
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, levels):
        lines.append(f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * width) + "]")
    return "".join(line + "\n" for line in lines)
