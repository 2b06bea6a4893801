"""The limits every record shares, whatever its game: they keep a hostile record cheap to refuse
(at most 10 players, 60 tableau cards, names of 100 characters, counts below 10,000). The
record schemas (`model_schema`, the mechanisms' own parts) read them. Standard library only.
"""

MAX_PLAYERS = 10
MAX_TABLEAU = 60
MAX_NAME = 100
MAX_COUNT = 9999

#: No control characters (a name with a newline could fake a line of the printed report), no
#: Unicode line or paragraph separator (U+2028/U+2029: a line break to editors, browsers and
#: `str.splitlines`) and no text-direction override or isolate (U+202A-U+202E, U+2066-U+2069:
#: they reorder what the report shows after them, "Trojan Source").
PRINTABLE = r"^[^\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]*$"
