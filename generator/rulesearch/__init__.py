"""The rules search core: find the rule, ruling, table, fact or card that answers a player's
question, standard library only.

It runs unchanged in the command line (`playaid rules`) and in the web page (Pyodide, in the
scoring Worker), so both give the same answers in the same order. It reads the rules index (plain
JSON made by `generator.compile.rules_index` from content at `playaid web` / `playaid rules` time),
never YAML or files. Entry point: `generator.rulesearch.api`. Modules: `text` (words, stems),
`spelling` (typo tolerance and word starts), `query` (a question -> concepts, with the games'
vocabulary), `index` (the ranked search), `answers` (the row or value for the player count asked),
`shape` (the index checked before it is searched).
"""
