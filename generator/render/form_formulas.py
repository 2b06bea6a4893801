"""Scoring-model formulas as form scripts: a fillable campaign log computes each game's points
from the boxes of its row, with the formula the calculator uses (the campaign mechanism's
``points`` component, e.g. ``fame - npc_fame if completes_goal else failed_goal_penalty``), so
the log cannot disagree with `playaid score`.

`to_js` translates the small formula language (`generator.scoring.expressions`) to a JavaScript
expression; only what a row's points formula needs is accepted (names, whole numbers, true and
false, ``+ - *``, one comparison, ``and or not``, ``x if c else y``); anything else raises
`Untranslatable` and the box stays a plain number box. `campaign_points_script` is the
calculate action of one game's points box under the campaign mechanism: the game completes its
goal when the ``completes`` formula holds, no ``not_counted_on`` check fails and no earlier game
completed the same goal (names compared as `goal_key` does: case and spacing ignored); a game
after the campaign's last goal, or one left out by a check, is blank (not counted); so is a game
whose number boxes the formula reads are blank.
"""

from __future__ import annotations

import ast
import json


class Untranslatable(ValueError):
    """A formula (or a name in it) that the form scripts cannot compute."""


_BIN = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*"}
_CMP = {ast.Gt: ">", ast.Lt: "<", ast.GtE: ">=", ast.LtE: "<=", ast.Eq: "===", ast.NotEq: "!=="}


def to_js(text: str, resolve) -> str:
    """The JavaScript expression of formula ``text``; ``resolve(name)`` gives a name's JS (or
    raises `Untranslatable`). Raises `Untranslatable` for any construct outside the subset."""
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError as exc:
        raise Untranslatable(f"not a formula: {text!r}") from exc

    def js(node) -> str:
        if isinstance(node, ast.BoolOp):
            op = " && " if isinstance(node.op, ast.And) else " || "
            return "(" + op.join(js(v) for v in node.values) + ")"
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            return f"(!{js(node.operand)})"
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return f"(-{js(node.operand)})"
        if isinstance(node, ast.BinOp) and type(node.op) in _BIN:
            return f"({js(node.left)} {_BIN[type(node.op)]} {js(node.right)})"
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in _CMP:
            return f"({js(node.left)} {_CMP[type(node.ops[0])]} {js(node.comparators[0])})"
        if isinstance(node, ast.IfExp):
            return f"({js(node.test)} ? {js(node.body)} : {js(node.orelse)})"
        if isinstance(node, ast.Name):
            return resolve(node.id)
        if isinstance(node, ast.Constant) and isinstance(node.value, bool):
            return "true" if node.value else "false"
        if isinstance(node, ast.Constant) and isinstance(node.value, int):
            return str(node.value)
        raise Untranslatable(f"{type(node).__name__} in {text!r}")

    return js(tree.body)


def campaign_points_script(
    rows: list[str],
    index: int,
    column: str,
    *,
    value: str,
    completes: str,
    goal: str,
    goal_count: int,
    checks: list[tuple[str, str]],
    fields: dict[str, str],
    constants: dict[str, int],
) -> tuple[str, tuple[str, ...]]:
    """(calculate action, the boxes it reads) of the points box of game ``rows[index]``,
    ``column`` its column id. ``value``: the points formula; ``completes``: the mechanism's
    formula for a game that completes its goal; ``goal``: the goal's column; ``goal_count``: the
    campaign's goals; ``checks``: (when, expect) formulas of the ``not_counted_on`` checks;
    ``fields``: column id -> number | checkbox | text for the row's boxes; ``constants``: name ->
    whole number. Raises `Untranslatable` for a formula or name it cannot compute."""
    read: set[str] = set()
    numbers: set[str] = set()

    def resolve(name: str) -> str:
        if name == "completes_goal":
            return "completesGoal.call(this, i)"
        if name in constants:
            return str(int(constants[name]))
        kind = fields.get(name)
        if kind == "number":
            read.add(name)
            numbers.add(name)
            return f"num.call(this, r, {json.dumps(name)})"
        if kind == "checkbox":
            read.add(name)
            return f"on.call(this, r, {json.dumps(name)})"
        raise Untranslatable(f"'{name}' is not a box of the row nor a constant")

    points = to_js(value, resolve)
    counted = " && ".join(f"(!{to_js(when, resolve)} || {to_js(expect, resolve)})" for when, expect in checks) or "true"
    done = to_js(completes, resolve)
    read.add(goal)
    needed = sorted(numbers)
    script = (
        "\n".join(
            [
                f"// playaid: {rows[index]}.{column} = {value} (the scoring model's formula)",
                f"var rows = {json.dumps(rows)};",
                "function text(r, c) { var f = this.getField(r + \".\" + c); return f ? String(f.valueAsString) : \"\"; }",
                "function num(r, c) { var t = text.call(this, r, c).replace(/\\s/g, \"\"); return /^-?\\d+$/.test(t) ? Number(t) : null; }",
                "function on(r, c) { var v = text.call(this, r, c); return v !== \"\" && v !== \"Off\"; }",
                "function goalKey(s) { return String(s).replace(/\\s+/g, \" \").replace(/^ | $/g, \"\").toLowerCase(); }",
                "function counted(r) { return " + counted + "; }",
                "function completesGoal(i) {",
                "  var r = rows[i];",
                f"  if (!({done}) || !counted.call(this, r)) return false;",
                "  for (var k = 0; k < i; k++) {",
                f"    if (goalKey(text.call(this, rows[k], {json.dumps(goal)})) === goalKey(text.call(this, r, {json.dumps(goal)}))"
                " && completesGoal.call(this, k)) return false;",
                "  }",
                "  return true;",
                "}",
                f"var i = {index}, r = rows[i];",
                "var blank = "
                + (" || ".join(f"num.call(this, r, {json.dumps(n)}) === null" for n in needed) or "false")
                + ";",
                "var earlier = 0;",
                "for (var k = 0; k < i; k++) { if (completesGoal.call(this, k)) earlier++; }",
                f"event.value = (blank || !counted.call(this, r) || earlier >= {int(goal_count)}) ? \"\" : {points};",
            ]
        )
        + "\n"
    )
    sources = tuple(f"{row}.{c}" for row in rows[: index + 1] for c in sorted(read))
    return script, sources
