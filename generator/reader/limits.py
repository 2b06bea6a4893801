"""Size limits of the files playaid reads: a light module (no YAML parser), so that code that
only needs a limit (the content digests a `playaid score` computes) does not load one."""

#: Largest score record read, in bytes (1 MiB): a typed record is a few kB.
MAX_RECORD_BYTES = 1 << 20
#: Largest content file read, in bytes (4 MiB): the biggest shipped file (rftg/cards/base.yaml)
#: is ~27 kB; a card database of every RftG card ever printed would be well under 1 MiB.
MAX_CONTENT_BYTES = 4 << 20
#: Most values (scalars, mappings, sequences) read from a score record: a 5-player record holds
#: ~250; reading 20,000 takes ~0.1 s, so any record ends well within a second.
MAX_RECORD_VALUES = 20_000
#: Most values read from one content file, keys included: the biggest shipped file holds ~2,700
#: (1,504 values and their keys); reading 100,000 took 0.5-0.9 s (measured on a busy machine).
MAX_CONTENT_VALUES = 100_000
#: Deepest nesting of mappings and sequences read. Shipped content needs 8; deeper input is
#: refused before any recursive step anywhere (Python's limit is 1000 frames).
MAX_DEPTH = 64
