"""The record side of the scoring core: what a score record may hold, and its words.

`model_schema` (the JSON Schema a scoring model gives its records) and `record_schema` (every
game's joined, for editors), `limits` (what every record shares: players, names, counts),
`validate` (a record checked against its schema, every problem with its path) and `written`
(a record's value in a message as the record writes it). Standard library only (Pyodide).
"""
