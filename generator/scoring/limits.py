"""The limits every record shares, whatever its game: they keep a hostile record cheap to refuse
(at most 10 players, 60 tableau cards, names of 100 characters, counts below 10,000). The
record schemas (`model_schema`, the mechanisms' own parts) read them. Standard library only.
"""

MAX_PLAYERS = 10
MAX_TABLEAU = 60
MAX_NAME = 100
MAX_COUNT = 9999

#: No control characters (a name with a newline could fake a line of the printed report).
PRINTABLE = r"^[^\x00-\x1f\x7f]*$"
