"""The scoring core: end-game scoring for every game, standard library only.

It runs unchanged in the command line and in the web page (Pyodide, in a Web Worker): it reads
the compiled rules (plain JSON made by `generator.records.compile_rules` from content) and a record (a
plain mapping), never YAML, pydantic models or files. Entry points: `generator.scoring.api`.
Modules: `validate` + `record_schema` (records checked against JSON Schema), `cards`, `rules`,
`military`, `rftg` + `rftg_checks` + `rftg_record` (Race for the Galaxy), `xia_campaign` and
`xia_roll` (Xia), `report` (the report object), `expressions` (the bounded expression language
of content: scoring formulas and content checks).
"""
