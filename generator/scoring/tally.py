"""Functions scoring formulas call beside the expression language's own (`expressions.FUNCTIONS`):
the tallies real games score with, each bounded and each saying what is wrong in plain words.

- ``lookup(count, table)``: the row of a table by count, the last row a cap. Sushi Go!'s
  dumplings ``lookup(dumplings, [1, 3, 6, 10, 15])``: 0 dumplings 0 VP, 1 -> 1, 4 -> 10,
  5 or more -> 15.
- ``runs(numbers)``: the runs of consecutive numbers, each sorted, lowest run first
  (No Thanks!: ``sum(run[0] for run in runs(cards))``, only the lowest card of a run counts).
- ``complete_sets(counts, size)``: how many sets of ``size`` different kinds the counts make
  (each set takes one of ``size`` different kinds; the most sets that can be made). Sets of
  ``size`` alike are ``count // size`` and need no function.

Standard library only (runs in Pyodide). A function gets values the expression language has
already charged for walking (`expressions.compiler._Compiler._Call`); each here is linear or n log n in
what it is given, and builds at most as many items as it was given.
"""

from __future__ import annotations

from collections.abc import Callable

from generator.scoring.expressions import FUNCTIONS, Costed, ExpressionError, argument_size


def _whole(value, what: str) -> int:
    if value.__class__ is not int:
        raise ExpressionError(f"{what} must be a whole number, not {type(value).__name__}")
    return value


def _numbers(values, what: str) -> list[int]:
    if not isinstance(values, (list, tuple)):
        raise ExpressionError(f"{what} must be a list of whole numbers, not {type(values).__name__}")
    return [_whole(v, f"every item of {what}") for v in values]


def lookup(count: int, table: list) -> int:
    """``table[count - 1]``, or the last row when ``count`` is past it (the cap row); 0 for a
    count of 0 or less. ``table``: the VP for 1, 2, 3... of something (a list of whole numbers).
    Raises `ExpressionError` for an empty table or values that are not whole numbers."""
    count = _whole(count, "lookup()'s count")
    rows = _numbers(table, "lookup()'s table")
    if not rows:
        raise ExpressionError("lookup()'s table is empty (write the VP for 1, 2, 3... items)")
    if count <= 0:
        return 0
    return rows[min(count, len(rows)) - 1]


def runs(numbers: list) -> list[list[int]]:
    """The runs of consecutive numbers in ``numbers`` (duplicates counted once), each sorted,
    lowest first: ``runs([5, 3, 4, 9])`` is ``[[3, 4, 5], [9]]``."""
    values = sorted(set(_numbers(numbers, "runs()'s numbers")))
    out: list[list[int]] = []
    for value in values:
        if out and out[-1][-1] == value - 1:
            out[-1].append(value)
        else:
            out.append([value])
    return out


def complete_sets(counts: list, size: int) -> int:
    """The most sets of ``size`` different kinds that ``counts`` (how many of each kind) make:
    the largest ``m`` with ``sum(min(c, m) for c in counts) >= size * m`` (each set takes one
    item each of ``size`` kinds). ``complete_sets([2, 2, 1], 3)`` is 1; ``([3, 3, 3, 3], 3)`` is 4.
    Raises `ExpressionError` for a size below 1 or negative counts."""
    values = _numbers(counts, "complete_sets()'s counts")
    size = _whole(size, "complete_sets()'s size")
    if size < 1:
        raise ExpressionError("complete_sets()'s size must be 1 or more")
    if any(v < 0 for v in values):
        raise ExpressionError("complete_sets()'s counts must be 0 or more")
    if size > len(values):
        return 0
    low, high = 0, sum(values) // size
    while low < high:  # the condition holds for m and every smaller m: search for the largest
        middle = (low + high + 1) // 2
        if sum(min(v, middle) for v in values) >= size * middle:
            low = middle
        else:
            high = middle - 1
    return low


#: The functions a scoring formula may call: the expression language's, and the tallies here.
#: `runs` builds at most the items it is given, charged before it runs (`expressions.Costed`).
SCORING_FUNCTIONS: dict[str, Callable] = {
    **FUNCTIONS,
    "lookup": lookup,
    "runs": Costed(runs, argument_size),
    "complete_sets": complete_sets,
}
