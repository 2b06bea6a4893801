"""The page reads records by the command line's rules, in a real browser: the same report for
every text on which the two readers used to disagree (numbers with underscores, ``!!binary``,
line and paragraph separators, a line of only a tab, explicit tags, a 5,000-digit number), and
`window.playaid.score` never throws, whatever it is given."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.web_support import REPO, cli_json, open_page, paste, phone, scored, totals, wait_until

HEAD = "game: rftg\nvariant: standard\nended_by: vp_pool\n"
PLAYER = "players:\n  - name: Ann\n    tableau: [Old Earth]\n    chips: {chips}\n"
TEXTS = {
    "underscore": HEAD + PLAYER.format(chips="1_0"),
    "binary": HEAD + "players:\n  - name: !!binary QW5u\n    tableau: [Old Earth]\n    chips: 1\n",
    "line-separator": HEAD + "players:\n  - name: Ann\u2028Bob\n    tableau: [Old Earth]\n    chips: 1\n",
    "paragraph-separator": HEAD + "players:\n  - name: Ann\u2029    tableau: [Old Earth]\n    chips: 1\n",
    "next-line": HEAD + "players:\n  - name: Ann\x85    tableau: [Old Earth]\n    chips: 1\n",
    "escaped-separator": HEAD + 'players:\n  - name: "Ann\\u2028Bob"\n    tableau: [Old Earth]\n    chips: 1\n',
    "tab-line-in-list": HEAD + "players:\n\t\n  - name: Ann\n    tableau: [Old Earth]\n    chips: 1\n",
    "tab-line-in-player": HEAD + "players:\n  - name: Ann\n  \t \n    tableau: [Old Earth]\n    chips: 1\n",
    "tab-line-at-end": HEAD + PLAYER.format(chips=2) + "\t\n",
    "tab-line-crlf": (HEAD + "players:\n\t\n  - name: Ann\n    chips: 1\n    tableau: [Old Earth]\n").replace(
        "\n", "\r\n"
    ),
    "tab-line-in-notes": HEAD + "notes: |\n  first\n\t\n  second\n" + PLAYER.format(chips=1),
    "5000-digits": HEAD + PLAYER.format(chips="9" * 5000),
    "1001-digits-hex": HEAD + PLAYER.format(chips="0x" + "f" * 1001),
    "binary-int": HEAD + PLAYER.format(chips="0b11"),
    "signed-hex": HEAD + PLAYER.format(chips="+0x1F"),
    "octal": HEAD + PLAYER.format(chips="0o17"),
    "tagged-int": HEAD + PLAYER.format(chips="!!int '3'"),
    "tagged-int-bad": HEAD + PLAYER.format(chips="!!int 3.0"),
    "timestamp": HEAD + PLAYER.format(chips="!!timestamp 2026-01-01"),
    "non-specific-tag": HEAD + PLAYER.format(chips="! 3"),
    "yaml-1.1-yes": "%YAML 1.1\n---\n" + HEAD + PLAYER.format(chips=1) + "    done: yes\n",
    "escaped-control": HEAD + 'players:\n  - name: "Ann\\x01"\n    tableau: [Old Earth]\n    chips: 1\n',
    "control-in-key": HEAD + 'players:\n  - {"na\\nme": Ann, tableau: [Old Earth], chips: 1}\n',
    "duplicate-with-bad-value": HEAD + PLAYER.format(chips=1) + "    chips: !!binary x\n",
    # past 50 problems the last one stands for the rest and holds their number (`more`), from the
    # scoring core's check and from the reader
    "many-unknown-fields": HEAD + PLAYER.format(chips=1) + "".join(f"    x{i}: 1\n" for i in range(60)),
    "many-duplicate-keys": HEAD + PLAYER.format(chips=1) + "    chips: 2\n" * 60,
    "json": json.dumps(
        {
            "game": "rftg",
            "variant": "standard",
            "ended_by": "vp_pool",
            "players": [{"name": "Ann", "tableau": ["Old Earth"], "chips": 10}],
        },
        indent="\t",
    ),
}


@pytest.fixture(scope="module")
def cli_reports(tmp_path_factory):
    """`playaid score --json` of every text, in one run (one JSON report per line)."""
    folder = tmp_path_factory.mktemp("records")
    paths = []
    for name, text in TEXTS.items():
        path = folder / f"{name}.yaml"
        path.write_bytes(text.encode("utf-8"))
        paths.append(str(path))
    done = subprocess.run(
        [sys.executable, "-m", "generator", "score", *paths, "--json"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )
    reports = [json.loads(line) for line in done.stdout.split("\n") if line.strip()]  # not splitlines: U+2028
    assert len(reports) == len(TEXTS), done.stderr
    return {name: report for name, report in zip(TEXTS, reports)}


@pytest.mark.parametrize("name", TEXTS)
def test_the_page_reads_a_record_as_the_command_line_does(api_page, cli_reports, name):
    expected = cli_reports[name]
    got = api_page.evaluate("([t, f]) => window.playaid.score(t, {file: f})", [TEXTS[name], expected["record"]])
    assert got == expected


def test_what_the_two_readers_now_agree_on(cli_reports):
    """The values behind the parity: YAML 1.2 core schema, refusals named, blank lines blank."""

    def errors(name):
        return [(e["line"], e["column"], e["message"]) for e in cli_reports[name]["errors"]]

    assert [(line, message) for line, _column, message in errors("underscore")] == [
        (7, "'1_0' is text, not a whole number")
    ]
    assert errors("binary") == [(5, 11, "YAML tag 'tag:yaml.org,2002:binary' is not supported")]
    assert errors("line-separator") == [(5, 14, "character U+2028 (a line separator) is not allowed in a YAML file")]
    assert errors("5000-digits") == [(7, 12, "a number with 5000 digits is too long to read")]
    for name in ("tab-line-in-list", "tab-line-in-player", "tab-line-at-end", "tab-line-crlf", "json"):
        assert cli_reports[name]["ok"] is True, name
    # written as an escape, U+2028 reaches the name, and a name may not break a line of the report
    assert [(line, message.split(" (")[0]) for line, _column, message in errors("escaped-separator")] == [
        (5, "'Ann\\u2028Bob' holds a character that cannot be printed")
    ]
    # Old Earth's 2 VP plus the chips: !!int '3' is 3, 0o17 is 15
    assert cli_reports["tagged-int"]["players"][0]["total"] == 5
    assert cli_reports["octal"]["players"][0]["total"] == 17
    assert cli_reports["yaml-1.1-yes"]["ok"] is False  # 'done: yes' is read as the text 'yes', not true


@pytest.mark.parametrize(
    "expression, message",
    [
        ("window.playaid.score('chips: ' + '9'.repeat(5000))", "a number with 5000 digits is too long to read"),
        (
            "window.playaid.score({game: 'rftg', players: [{name: 'Ann', chips: 10n ** 5000n}]})",
            "a number with 5001 digits is too long to read",
        ),
        (
            "(() => { const r = {game: 'rftg'}; r.players = [r]; return window.playaid.score(r); })()",
            "the record contains itself",
        ),
        ("window.playaid.score({game: 'rftg', players: [{name: () => 1}]})", "function is not a record value"),
        ("window.playaid.score(JSON.parse('['.repeat(500) + ']'.repeat(500)))", "nested more than 64 levels deep"),
        (
            "window.playaid.score({game: 'rftg', players: Array.from({length: 30000}, () => 1)})",
            "more than 20,000 values in one file",
        ),
    ],
)
def test_score_never_throws(api_page, expression, message):
    report = api_page.evaluate(
        f"Promise.resolve().then(() => {expression}).then((r) => r, (e) => ({{thrown: String(e)}}))"
    )
    assert "thrown" not in report
    assert report["ok"] is False
    assert message in [e["message"] for e in report["errors"]]
    assert all("Traceback" not in e["message"] for e in report["errors"])


def test_an_object_with_undefined_values_scores_as_json_would_write_it(api_page):
    """window.playaid.score(object) reads undefined as JSON.stringify writes it (a member left out,
    a list item null), as it did before records were checked under a file's limits."""
    report = api_page.evaluate("""window.playaid.score({game: 'rftg', variant: 'standard', ended_by: 'vp_pool',
        note: undefined, players: [{name: 'Ann', tableau: ['Old Earth'], chips: 3, goods: undefined},
                                   {name: 'Ben', tableau: ['Epsilon Eridani'], chips: 0}]})""")
    assert report["ok"] is True, report
    assert [p["total"] for p in report["players"]] == [5, 1]  # Old Earth 2 + 3 chips; Epsilon Eridani 1


def test_a_loaded_record_goes_from_the_form_to_the_scorer_as_the_file_had_it(browser, server, tmp_path):
    """The form's record is written for the scorer by the serialiser of window.playaid.score
    (records.js recordJSON): a value JSON.stringify cannot write (`.inf`) reaches the scorer as
    the file had it, so the box shows the command line's error. (The form's own serialiser, now
    gone, sent null there, and the page said the box was empty.)"""
    text = (
        HEAD + "players:\n  - name: Ann\n    tableau: [Old Earth]\n    chips: .inf\n"
        "  - name: Ben\n    tableau: [Old Earth]\n    chips: 3\n"
    )
    path = tmp_path / "inf.yaml"
    path.write_text(text, encoding="utf-8")
    [error] = cli_json("score", str(path))["errors"]
    assert (error["field"], error["message"]) == ("players[0].chips", "infinity is not a whole number")
    page = phone(browser, server)
    paste(page, text)
    scored(page, 1)
    box = page.locator('[data-path="players.0.chips"] .finding.error')
    box.wait_for()
    assert "infinity is not a whole number" in box.inner_text() and "empty" not in box.inner_text()
    assert totals(page, 2) == [2, 5]  # Old Earth's 2 VP each; Ann's chips not counted, Ben's 3 are
    assert page.problems == []
    page.context.close()


# --- big inputs, what is saved, a share link never loses a game --------------------------------


def share_fragment(record) -> str:
    import base64

    return "#record=" + base64.urlsafe_b64encode(json.dumps(record).encode()).decode().rstrip("=")


def stored(page, key):
    return page.evaluate(f"JSON.parse(localStorage.getItem('playaid.v1.{key}'))")


LONG_NAMES = [f"{i:04d} " + "unknown card names " * 5 for i in range(9000)]  # 100 characters each (the most allowed)


def test_a_huge_share_link_is_read_off_the_page_and_refused_with_the_command_lines_words(browser, server, tmp_path):
    record = {
        "game": "rftg",
        "variant": "standard",
        "ended_by": "vp_pool",
        "players": [{"name": f"P{i}", "tableau": LONG_NAMES[i * 1800 : (i + 1) * 1800], "chips": 1} for i in range(5)],
    }
    fragment = share_fragment(record)
    assert len(fragment) > 1_200_000  # the 1.3 MB link
    path = tmp_path / "huge.json"
    path.write_text(json.dumps(record))
    cli = subprocess.run(
        [sys.executable, "-m", "generator", "score", str(path), "--json"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    cli_fields = [e["field"] for e in json.loads(cli.stdout)["errors"]]
    assert cli_fields[:5] == [f"players[{i}].tableau" for i in range(5)]

    page = open_page(browser, server)
    page.evaluate("window.playaid.formReady")
    before = stored(page, "rftg")
    page.evaluate("""() => { window.fragmentsToWorker = [];  // what the page hands its parser worker
        const post = Worker.prototype.postMessage;
        Worker.prototype.postMessage = function (message, ...rest) {
            if (message && typeof message.fragment === "string") window.fragmentsToWorker.push(message.fragment.length);
            return post.call(this, message, ...rest); }; }""")
    page.evaluate("(f) => { location.hash = f; }", fragment)  # opened in a tab already on the page
    page.locator("#notice").get_by_text("The shared game cannot be opened").wait_for()
    # decoded and read in the parser worker, not on the page (the page froze for 26 s when it
    # read the link itself): the whole link went to the worker (a structural check; how long
    # the page stays responsive is bench/web_entry.py's to measure, not a timed test's)
    assert [n for n in page.evaluate("window.fragmentsToWorker") if n >= len(fragment)] != []
    text = page.locator("#notice").inner_text()
    assert "players[0].tableau has 1800 entries; at most 60 are allowed" in text
    assert page.evaluate("location.hash") == ""
    assert page.locator("#p0-tableau li").count() == 0  # nothing of it drawn
    assert stored(page, "rftg") == before  # nothing of it kept
    page.reload()
    page.evaluate("window.playaid.formReady")
    assert page.locator("#notice").is_hidden()  # a reload does not meet it again
    assert page.problems == []
    page.context.close()


def test_a_loaded_game_is_saved_once_it_has_scored_and_the_game_it_replaced_is_kept(browser, server):
    from tests.web_support import PHONE

    context = browser.new_context(viewport=PHONE, service_workers="block")
    context.set_default_timeout(120_000)
    held = []
    context.route("**/data/engine.json", lambda route: held.append(route))  # the scorer cannot start yet
    page = context.new_page()
    page.goto(server)
    page.evaluate("window.playaid.formReady")
    page.fill("#p0-name", "Typed Ann")
    mine = stored(page, "rftg")
    assert mine["players"][0]["name"] == "Typed Ann"  # typed: kept at once
    assert page.evaluate("window.playaid.history()") == []  # not a saved game (never scored)

    shared = {
        "game": "rftg",
        "variant": "standard",
        "ended_by": "vp_pool",
        "players": [
            {"name": "Linked Lou", "tableau": ["Old Earth"], "chips": 3},
            {"name": "Linked Max", "tableau": ["Alpha Centauri"], "chips": 2},
        ],
    }
    page.evaluate("(f) => { location.hash = f; }", share_fragment(shared))  # a tab already on the page
    page.locator("#notice").get_by_text("Loaded the game from the link").wait_for()
    assert page.input_value("#p0-name") == "Linked Lou"
    assert stored(page, "rftg") == mine  # not scored yet: not kept as the game in progress
    saved = page.evaluate("window.playaid.history()")  # the game it replaced is a saved game now
    assert [(g["game"], g["record"]) for g in saved] == [("rftg", mine)]

    for route in held:  # the scorer starts and scores the loaded game: now it is kept
        route.continue_()
    context.unroute("**/data/engine.json")
    page.evaluate("window.playaid.ready")
    wait_until(page, "JSON.parse(localStorage.getItem('playaid.v1.rftg')).players[0].name === 'Linked Lou'")

    page.reload()  # both games are there after a reload: the linked one in progress, mine saved
    page.evaluate("window.playaid.formReady")
    assert page.input_value("#p0-name") == "Linked Lou"
    assert [g["record"]["players"][0]["name"] for g in page.evaluate("window.playaid.history()")] == ["Typed Ann"]
    page.click("#tab-games")
    assert page.locator("#games-list > li").count() == 1  # listed under Saved games
    context.close()
