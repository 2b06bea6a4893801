"""Score reports as text for the command line: a table per player (component, VP, why), the
lines the game's mechanisms add under it, the winners with the tie-break when it decides, and
every finding as ``file:line:column: severity [player] code: message``.

Works on the report object alone (`generator.scoring.api.score`, located by `record_io.locate`):
what it says comes from the report's data (its ``title``, ``tie_breakers``, the findings'
``question`` marks and ``params``), and a mechanism the report names words its own parts
(`Mechanism.report_lines`, `Mechanism.player_lines`), so the text and ``--json`` never
disagree and no game is named here. ``rich`` tables on a terminal, plain text otherwise; both
fit a narrow (phone) terminal: three columns, the "why" column wraps.
"""

from __future__ import annotations

import io

from generator.scoring.mechanisms import mechanism_class
from generator.scoring.report import right_aligned


def render(report: dict, file: str, rich: bool = False, width: int | None = None, styled: bool = True) -> str:
    """One record's report as text (an unreadable record: its problems, one per line): ``rich``
    tables or plain lines; ``styled`` False leaves out every escape sequence (colour, bold, dim:
    ``--color never``, ``NO_COLOR``), the tables' layout unchanged. A report of a mechanism's own
    shape (a campaign's games) is that mechanism's lines, then the findings."""
    if not report.get("ok"):
        return "".join(_problem_line(e) + "\n" for e in report.get("errors", []))
    for mechanism in _mechanisms(report):
        lines = mechanism.report_lines(report)
        if lines is not None:
            return "\n".join([*lines, *(finding_line(f, file) for f in report["findings"])]) + "\n"
    return _rich_players(report, file, width, styled) if rich else _plain_players(report, file)


def _mechanisms(report: dict) -> list:
    """The classes of the mechanisms the report names (``report["mechanisms"]``) and knows."""
    return [cls for name in report.get("mechanisms") or () if (cls := mechanism_class(name)) is not None]


def _player_lines(report: dict, p: dict) -> list[str]:
    """What the report's mechanisms say under a player's table (a tableau: Military card by card)."""
    return [line for mechanism in _mechanisms(report) for line in mechanism.player_lines(report, p)]


def _problem_line(e: dict) -> str:
    where = e.get("file", "<record>")
    if e.get("line"):
        where += f":{e['line']}:{e.get('column') or 1}"
    field = f"{e['field']}: " if e.get("field") else ""
    hint = f" ({e['hint']})" if e.get("hint") else ""
    return f"{where}: {field}{e['message']}{hint}"


def finding_line(f: dict, file: str) -> str:
    """``file:line:column: severity [player] code: message`` (the place only when known)."""
    where = f"{file}:{f['line']}:{f.get('column') or 1}: " if f.get("line") else f"{file}: "
    who = f" [{f['player']}]" if f.get("player") else ""
    return f"{where}{f['severity']}{who} {f['code']}: {f['message']}"


def doubts(report: dict) -> list[str]:
    """What keeps a players' report from being final, in words (empty: final): what the
    report's mechanisms say (`Mechanism.doubts`: unknown cards a total leaves out), the
    other error findings, the values not written (the findings marked ``question``: counted as
    their default, or assumed; named by their ``params``' ``field``)."""
    out = [said for mechanism in _mechanisms(report) for said in mechanism.doubts(report)]
    # an error about what a total leaves out (``params.not_counted``) is said above, with it
    errors = sum(
        1
        for f in report["findings"]
        if f["severity"] == "error" and not f.get("question") and not f.get("params", {}).get("not_counted")
    )
    if errors:
        out.append(f"{errors} {'other ' if out else ''}error{'s' if errors != 1 else ''} below")
    empty = []
    for f in report["findings"]:
        if f.get("question"):
            field = f.get("params", {}).get("field") or "a value"
            empty.append(f"{f['player']}'s {field}" if f.get("player") else field)
    if empty:
        out.append(f"{len(empty)} value{'s' if len(empty) != 1 else ''} not written: " + ", ".join(empty))
    return out


def winners_line(report: dict) -> str:
    """``Winner: Ben`` or ``Shared win: Ann, Ben`` (the tie-break follows on `tie_lines`); when
    anything is in doubt (`doubts`: a card left out of a total, an error, a value left empty),
    it says the winner is provisional and why: ``Winner: Ann, provisional (not final: ...)``."""
    winners = report["winners"]
    if not winners:
        line = "No winner"
    elif len(winners) == 1:
        line = f"Winner: {winners[0]}"
    else:
        line = "Shared win: " + ", ".join(winners)
    why = doubts(report)
    if why:
        return f"{line}, provisional (not final: {'; '.join(why)})"
    return line if winners else line + "."


def total_title(p: dict) -> str:
    """``Ann: 31 VP (rank 1)``, and what that total leaves out."""
    title = f"{p['name']}: {p['total']} VP (rank {p['rank']})"
    if p.get("not_counted"):
        title += " without " + ", ".join(f"'{c}'" for c in p["not_counted"]) + " (unknown, not counted)"
    return title


def tie_lines(report: dict) -> list[str]:
    """One line per VP tie: who, the tie-break and which way it wins, each player's values and
    whether it decided: ``Tie on 31 VP: Ann and Ben; tie broken by most goods + hand: Ann 3,
    Ben 1 (decides the order)``, from the report's ``tie_breakers`` (``label``, ``lower_wins``:
    "fewest" wins); a report without them: the names the tie-break reads."""
    out = []
    breakers = report.get("tie_breakers")
    if breakers:
        rule = ", then ".join(
            f"{'fewest' if b.get('lower_wins') else 'most'} {b.get('label') or b.get('id')}" for b in breakers
        )
    for tie in report.get("ties", []):
        names = " and ".join(p["name"] for p in tie["players"])
        values = ", ".join(f"{p['name']} {_tiebreak(p['tiebreak'])}" for p in tie["players"])
        outcome = "decides the order" if tie["decided"] else "equal too: they share the rank"
        how = f"tie broken by {rule}" if breakers else f"tie-break {' + '.join(tie['fields'])}"
        out.append(f"Tie on {tie['total']} VP: {names}; {how}: {values} ({outcome})")
    return out


def _tiebreak(value) -> str:
    """A player's tie-break as the tie line shows it: ``3``, or ``7 then 2`` for several."""
    return " then ".join(str(v) for v in value) if isinstance(value, list) else str(value)


def _by_rank(report: dict) -> list[dict]:
    return sorted(report["players"], key=lambda p: p["rank"])


def _plain_players(report: dict, file: str) -> str:
    out: list[str] = []
    players = _by_rank(report)
    # one VP column for every player's lines, so the players' blocks line up too
    vps = iter(right_aligned([str(e["vp"]) for p in players for e in p["explain"]]))
    for p in players:
        out.append(total_title(p))
        for e in p["explain"]:
            out.append(
                f"  {next(vps)}  {e['component']}: {e['why']}" if e["why"] else f"  {next(vps)}  {e['component']}"
            )
        if p.get("claimed_total") is not None:
            out.append(f"  claimed {p['claimed_total']}")
        out += [f"  {line}" for line in _player_lines(report, p)]
        out.append("")
    out.append(winners_line(report))
    out += tie_lines(report)
    out += [finding_line(f, file) for f in report["findings"]]
    return "\n".join(out) + "\n"


def _rich_players(report: dict, file: str, width: int | None, styled: bool = True) -> str:
    from rich.console import Console
    from rich.table import Table

    buf = io.StringIO()
    # unstyled: recorded and exported without styles (rich's own NO_COLOR keeps bold and dim)
    # styled: the 8 standard colours (all it uses), also where TERM is dumb (--color always)
    console = Console(
        file=buf, width=width, force_terminal=True, soft_wrap=False, record=not styled, color_system="standard"
    )
    styles = {"error": "bold red", "warning": "yellow", "info": "dim"}
    for p in _by_rank(report):
        table = Table(
            title=total_title(p),
            title_justify="left",
            expand=False,
            show_lines=False,
            pad_edge=False,
            caption="\n".join(_player_lines(report, p)) or None,
            caption_justify="left",
        )
        table.add_column("component", overflow="fold", ratio=1)
        table.add_column("VP", justify="right", no_wrap=True)
        table.add_column("why", overflow="fold", ratio=2)
        for e in p["explain"]:
            table.add_row(e["component"], str(e["vp"]), e["why"])
        claimed = "" if p.get("claimed_total") is None else f"claimed {p['claimed_total']}"
        table.add_row("total", str(p["total"]), claimed, style="bold")
        console.print(table)
    style = "bold yellow" if doubts(report) else "bold green"  # a provisional winner stands out
    console.print(winners_line(report), style=style, markup=False, highlight=False)
    for line in tie_lines(report):
        console.print(line, markup=False, highlight=False)
    for f in report["findings"]:
        console.print(finding_line(f, file), style=styles.get(f["severity"], ""), markup=False, highlight=False)
    return buf.getvalue() if styled else console.export_text(styles=False)


def problem_lines(report: dict, file: str) -> list[str]:
    """A record's problems, one ``file:line:column: ...`` line each: an unreadable record's
    problems, else its error and warning findings (``--problems-only``)."""
    if not report.get("ok"):
        return [_problem_line(e) for e in report.get("errors", [])]
    return [finding_line(f, file) for f in report["findings"] if f["severity"] in ("error", "warning")]
