"""The scoring core: end-game scoring for every game, standard library only.

It runs unchanged in the command line and in the web page (Pyodide, in a Web Worker): it reads
the compiled rules (plain JSON made by `generator.compile.compile_rules` from content) and a record (a
plain mapping), never YAML, pydantic models or files. Entry points: `generator.scoring.api`.
Modules: `api` (the entry points), `model` (the scoring model read from the compiled JSON),
`pad` (the interpreter that scores any game from its model; `game`, the record being scored;
`messages`, the built-in findings' words), `record/` (records checked against
the JSON Schema the model gives: `model_schema`, `record_schema`, `validate`, `limits`; `written`,
a record's value as the record writes it), `expressions` (the bounded formula language of
content), `template` (message templates), `report` (findings and explanation lines),
`mechanisms/` (what formulas cannot say: `tableau`, RftG's cards, with its `cards`, `military`,
`rules`; `campaign`, Xia's games in sequence), `calculator` (the Xia solo round-end roll).
"""
