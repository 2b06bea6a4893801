"""playaid: printable player aids and end-game score checks from structured game data."""

__version__ = "0.1.0"
