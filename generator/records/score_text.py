"""Score reports as text for the command line: a table per player (component, VP, why), the
Military counted from the tableau, the winners with the tie-break when it decides, and every
finding as ``file:line:column: severity [player] code: message``.

Works on the report object (`generator.scoring.api.score`, located by `record_io.locate`), so
the text and ``--json`` never disagree. ``rich`` tables on a terminal, plain text otherwise; both
fit a narrow (phone) terminal: three columns, the "why" column wraps.
"""

from __future__ import annotations

import io

from generator.scoring.military import VS_XENOS_ONLY


def render(report: dict, file: str, rich: bool = False, width: int | None = None,
           title: str | None = None, styled: bool = True, breakers: list | None = None,
           messages: dict | None = None) -> str:
    """One record's report as text (an unreadable record: its problems, one per line): ``rich``
    tables or plain lines; ``styled`` False leaves out every escape sequence (colour, bold, dim:
    ``--color never``, ``NO_COLOR``), the tables' layout unchanged. ``title``: the scoring model's
    title, heading a campaign's report; ``breakers``: its ``tie_breakers`` (``label``,
    ``lower_wins``), so a tie line says which way each one wins (`tie_lines`); ``messages``: its
    ``messages`` (the codes of the findings that make a winner provisional, `winners_line`)."""
    if not report.get("ok"):
        return "".join(_problem_line(e) + "\n" for e in report.get("errors", []))
    if "goal_count" in report:  # the campaign mechanism's report: one line per game
        return _campaign(report, file, title or "Campaign")
    return (_rich_players(report, file, width, styled, breakers, messages) if rich
            else _plain_players(report, file, breakers, messages))


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


#: The built-in findings that ask about a value rather than state a fault: a value the model
#: reads left empty (scored as its default: none, or forgotten?) or a record value assumed.
#: A model's ``messages`` may report them under codes of its own.
QUESTIONS = ("missing_field", "missing_record_field", "assumed")


def question_codes(messages: dict | None = None) -> set[str]:
    """The codes of the question findings (`QUESTIONS`), as the model's ``messages`` name them."""
    codes = {"missing_field", "assumed"}
    for key in QUESTIONS:
        custom = (messages or {}).get(key)
        if isinstance(custom, dict) and custom.get("code"):
            codes.add(custom["code"])
    return codes


def doubts(report: dict, messages: dict | None = None) -> list[str]:
    """What keeps a players' report from being final, in words (empty: final): the unknown cards
    a total leaves out, the other error findings, the values not written (counted as their
    default, or assumed: named)."""
    out = []
    left_out = [f"{p['name']}'s '{card}'" for p in report["players"] for card in p.get("not_counted", ())]
    if left_out:
        out.append(f"{len(left_out)} unknown card{'s' if len(left_out) != 1 else ''} not counted: "
                   + ", ".join(left_out))
    asked = question_codes(messages)
    errors = sum(1 for f in report["findings"]
                 if f["severity"] == "error" and f["code"] != "unknown_card" and f["code"] not in asked)
    if errors:
        out.append(f"{errors} {'other ' if left_out else ''}error{'s' if errors != 1 else ''} below")
    empty = []
    for f in report["findings"]:
        if f["code"] in asked:
            field = f["message"][1:].split("`", 1)[0] if f["message"].startswith("`") else "a value"
            empty.append(f"{f['player']}'s {field}" if f.get("player") else field)
    if empty:
        out.append(f"{len(empty)} value{'s' if len(empty) != 1 else ''} not written: " + ", ".join(empty))
    return out


def winners_line(report: dict, messages: dict | None = None) -> str:
    """``Winner: Ben`` or ``Shared win: Ann, Ben`` (the tie-break follows on `tie_lines`); when
    anything is in doubt (`doubts`: a card left out of a total, an error, a value left empty),
    it says the winner is provisional and why: ``Winner: Ann, provisional (not final: ...)``.
    ``messages``: the scoring model's (its names for the question findings' codes)."""
    winners = report["winners"]
    if not winners:
        line = "No winner"
    elif len(winners) == 1:
        line = f"Winner: {winners[0]}"
    else:
        line = "Shared win: " + ", ".join(winners)
    why = doubts(report, messages)
    if why:
        return f"{line}, provisional (not final: {'; '.join(why)})"
    return line if winners else line + "."


def total_title(p: dict) -> str:
    """``Ann: 31 VP (rank 1)``, and what that total leaves out."""
    title = f"{p['name']}: {p['total']} VP (rank {p['rank']})"
    if p.get("not_counted"):
        title += " without " + ", ".join(f"'{c}'" for c in p["not_counted"]) + " (unknown, not counted)"
    return title


def tie_lines(report: dict, breakers: list | None = None) -> list[str]:
    """One line per VP tie: who, the tie-break and which way it wins, each player's values and
    whether it decided: ``Tie on 31 VP: Ann and Ben; tie broken by most goods + hand: Ann 3,
    Ben 1 (decides the order)``. ``breakers``: the model's tie-breakers (``label``,
    ``lower_wins``: "fewest" wins); without them, the names the tie-break reads."""
    out = []
    if breakers:
        rule = ", then ".join(f"{'fewest' if b.get('lower_wins') else 'most'} {b.get('label') or b.get('id')}"
                              for b in breakers)
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


def _military_line(report: dict, p: dict) -> str | None:
    """``Military 4 (cards: New Galactic Order +2, Space Marines +2)``; a value written in the
    record that differs says so; Military vs. Xenos only where the game uses it. None for a
    player without the tableau mechanism's Military."""
    if "military_explain" not in p:
        return None
    vs_used = "military_vs_xenos" in report.get("fields", [])
    parts = []
    for e in p.get("military_explain", []):
        only = e["why"].endswith(VS_XENOS_ONLY)
        if e["vp"] and (vs_used or not only):
            parts.append(f"{e['component']} {e['vp']:+d}{' vs. Xenos' if only else ''}")
    text = _value("Military", p["military"], p.get("military_from_cards", p["military"]))
    if vs_used:
        used, cards = p["military_vs_xenos"], p.get("military_vs_xenos_from_cards", p["military_vs_xenos"])
        # it differs when written, or when a written Military carries into it
        text += f", vs. Xenos {used}" + ("" if used == cards else f" (cards give {cards})")
    return text + (f" (cards: {', '.join(parts)})" if parts else " (no card with a lasting Military power)")


def _value(label: str, used: int, cards: int) -> str:
    return f"{label} {used}" if used == cards else f"{label} {used} as written (cards give {cards})"


def _by_rank(report: dict) -> list[dict]:
    return sorted(report["players"], key=lambda p: p["rank"])


def _column(values: list[str], least: int = 4) -> list[str]:
    """``values`` right-aligned in a column as wide as the widest (at least ``least``
    characters), so the text after the column stays in line: ``-100`` or ``+9999`` is wider than
    the usual ``12``."""
    width = max([least, *map(len, values)])
    return [v.rjust(width) for v in values]


def _plain_players(report: dict, file: str, breakers: list | None = None, messages: dict | None = None) -> str:
    out: list[str] = []
    players = _by_rank(report)
    # one VP column for every player's lines, so the players' blocks line up too
    vps = iter(_column([str(e["vp"]) for p in players for e in p["explain"]]))
    for p in players:
        out.append(total_title(p))
        for e in p["explain"]:
            out.append(f"  {next(vps)}  {e['component']}: {e['why']}" if e["why"] else f"  {next(vps)}  {e['component']}")
        if p.get("claimed_total") is not None:
            out.append(f"  claimed {p['claimed_total']}")
        military = _military_line(report, p)
        if military:
            out.append(f"  {military}")
        out.append("")
    out.append(winners_line(report, messages))
    out += tie_lines(report, breakers)
    out += [finding_line(f, file) for f in report["findings"]]
    return "\n".join(out) + "\n"


def _rich_players(report: dict, file: str, width: int | None, styled: bool = True,
                  breakers: list | None = None, messages: dict | None = None) -> str:
    from rich.console import Console
    from rich.table import Table

    buf = io.StringIO()
    # unstyled: recorded and exported without styles (rich's own NO_COLOR keeps bold and dim)
    # styled: the 8 standard colours (all it uses), also where TERM is dumb (--color always)
    console = Console(file=buf, width=width, force_terminal=True, soft_wrap=False, record=not styled,
                      color_system="standard")
    styles = {"error": "bold red", "warning": "yellow", "info": "dim"}
    for p in _by_rank(report):
        table = Table(title=total_title(p), title_justify="left",
                      expand=False, show_lines=False, pad_edge=False, caption=_military_line(report, p),
                      caption_justify="left")
        table.add_column("component", overflow="fold", ratio=1)
        table.add_column("VP", justify="right", no_wrap=True)
        table.add_column("why", overflow="fold", ratio=2)
        for e in p["explain"]:
            table.add_row(e["component"], str(e["vp"]), e["why"])
        claimed = "" if p.get("claimed_total") is None else f"claimed {p['claimed_total']}"
        table.add_row("total", str(p["total"]), claimed, style="bold")
        console.print(table)
    style = "bold yellow" if doubts(report, messages) else "bold green"  # a provisional winner stands out
    console.print(winners_line(report, messages), style=style, markup=False, highlight=False)
    for line in tie_lines(report, breakers):
        console.print(line, markup=False, highlight=False)
    for f in report["findings"]:
        console.print(finding_line(f, file), style=styles.get(f["severity"], ""), markup=False, highlight=False)
    return buf.getvalue() if styled else console.export_text(styles=False)


def _campaign(report: dict, file: str, title: str) -> str:
    who = f" ({report['player']})" if report.get("player") else ""
    left_out = sum(1 for e in report["explain"] if e.get("counted") is False)
    out = [f"{title}{who}: {report['total']} points, "
           f"{report['goals_completed']} of {report['goal_count']} goals completed"
           + (f", {left_out} game{'s' if left_out != 1 else ''} not counted" if left_out else "")]
    # a game not counted has no points in the column: it adds none
    points = _column([f"{e['points']:+}" if e.get("counted", True) else "" for e in report["explain"]])
    for e, shown in zip(report["explain"], points):
        out.append(f"  {shown}  game {e['game']}, {e['goal']}: {e['why']}")
    out += [finding_line(f, file) for f in report["findings"]]
    return "\n".join(out) + "\n"


def problem_lines(report: dict, file: str) -> list[str]:
    """A record's problems, one ``file:line:column: ...`` line each: an unreadable record's
    problems, else its error and warning findings (``--problems-only``)."""
    if not report.get("ok"):
        return [_problem_line(e) for e in report.get("errors", [])]
    return [finding_line(f, file) for f in report["findings"] if f["severity"] in ("error", "warning")]
