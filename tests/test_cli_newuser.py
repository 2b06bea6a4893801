"""What a new-user trial of the command line found (issues 17/19/22: bad input gets a clear
error; build what a user would expect): one exit code for a content folder that is not there,
`--content` before the command too, and Ctrl-C while playaid is still starting."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import cli

REPO = Path(__file__).resolve().parents[1]
PLAYAID = str(Path(sys.executable).parent / "playaid")
MISSING = "/nonexistent-playaid-content"


def run(*args, env=None):
    return CliRunner().invoke(cli, list(args), env=env)


@pytest.mark.parametrize(
    "args",
    [
        ("list", "--content", MISSING),
        ("score", "--content", MISSING, "examples/gem.yaml"),
        ("check", MISSING),
        ("check", "--content", MISSING),
        ("--content", MISSING, "check"),
        ("--content", MISSING, "list"),
        ("build", "--content", MISSING),
        ("watch", "--content", MISSING),
        ("web", "--content", MISSING),
        ("rules", "--content", MISSING, "repulse"),
        ("schema", "--content", MISSING),
        ("xia", "npc-roll", "--d20", "3", "--content", MISSING),
    ],
)
def test_a_content_folder_that_is_not_there_is_a_usage_error_in_every_command(args):
    res = run(*args)
    assert res.exit_code == 2, res.output
    assert f"{MISSING}: content folder not found (pass the folder that holds one sub-folder per game)" in res.output
    assert "Traceback" not in res.output and "internal error" not in res.output


def test_a_content_folder_from_the_environment_says_so():
    res = run("list", env={"PLAYAID_CONTENT": MISSING})
    assert res.exit_code == 2
    assert (
        f"Error: Invalid value for '--content': {MISSING} (from $PLAYAID_CONTENT): content folder not found"
        in res.output
    )


def test_score_json_says_a_missing_content_folder_in_json():
    import json

    res = run("score", "--json", "--content", MISSING, "x.yaml")
    assert res.exit_code == 2
    report = json.loads(res.output)
    assert report["ok"] is False
    assert f"{MISSING}: content folder not found" in report["errors"][0]["message"]


def test_content_before_the_command_is_read_by_it(tmp_path):
    from generator.paths import CONTENT_DIR

    mine = tmp_path / "mine"
    import shutil

    shutil.copytree(CONTENT_DIR / "xia", mine / "xia")
    res = run("--content", str(mine), "list", "--json")
    assert res.exit_code == 0, res.output
    import json

    assert {aid["game"] for aid in json.loads(res.output)} == {"xia"}
    # the command's own --content wins over the group's
    res = run("--content", MISSING, "list", "--json", "--content", str(mine))
    assert res.exit_code == 0, res.output
    res = run("--content", str(mine), "check")
    assert res.exit_code == 0, res.output
    assert res.output.startswith("xia: ok") or "\nxia: ok" in res.output
    res = run("--content", str(mine), "-V")
    assert f"(your content folder: {mine})" in res.output


def test_exit_codes_are_in_the_help():
    text = run("--help").output
    assert "Exit codes: 0 ok; 1 invalid content, a failed aid or error findings; 2 a usage" in text
    assert "130 interrupted (Ctrl-C)" in text


#: Sends Ctrl-C to this process when a module is first imported, then runs the console script:
#: an interrupt that lands deterministically while playaid is still loading.
_INTERRUPT_ON_IMPORT = """
import os, signal, sys
MODULE = sys.argv[1]
class Hook:
    def find_spec(self, name, path=None, target=None):
        if name == MODULE:
            sys.meta_path.remove(self)
            os.kill(os.getpid(), signal.SIGINT)
        return None
sys.meta_path.insert(0, Hook())
sys.argv = ["playaid"] + sys.argv[2:]
from generator.console import main
sys.exit(main())
"""


@pytest.mark.parametrize(
    "module, command",
    [
        ("click", ["web", "--out", "site"]),  # loading the command line
        ("generator.commands", ["serve", "site"]),
        ("generator.commands.build", ["watch", "--out", "out"]),  # loading the command's module
        ("generator.web.site", ["web", "--out", "site"]),  # the command's own imports
    ],
)
def test_ctrl_c_while_starting_exits_130_without_a_traceback(tmp_path, module, command):
    proc = subprocess.run(
        [sys.executable, "-c", _INTERRUPT_ON_IMPORT, module, *command],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode == 130, (proc.returncode, proc.stderr)
    assert proc.stderr in ("", "interrupted\n"), proc.stderr


# --- playaid check: every error at once, located in the file ------------------------------------


def _new_game(tmp_path, monkeypatch, game="my-game"):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PLAYAID_CONTENT", raising=False)
    monkeypatch.setenv("PLAYAID_SEEDS", str(tmp_path / "no-seeds"))
    assert run("new", game).exit_code == 0
    return tmp_path / "content" / game


def _edit(path, old, new):
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def _line_of(path, text):
    lines = path.read_text().splitlines()
    n = next(i for i, line in enumerate(lines, 1) if text in line)
    return n, lines[n - 1].index(text) + 1


def _check_errors():
    """`playaid check` on the content folder, expected to fail: (its output, its located lines)."""
    res = run("check")
    assert res.exit_code == 1, res.output
    return res.output, [line for line in res.output.splitlines() if line.startswith("content/")]


def _assert_located(scoring, expected, errors):
    """Each `(written, *texts)` of `expected` is one error line, in order, at the column of
    `written` in `scoring` (not within its formula or template) and saying every text."""
    assert len(errors) == len(expected), errors
    for (written, *texts), line in zip(expected, errors):
        row, column = _line_of(scoring, written)
        assert line.startswith(f"content/my-game/scoring.yaml:{row}:{column}: "), (line, row, column)
        assert all(t in line for t in texts), line


def test_check_reports_every_formula_error_at_its_column_in_the_file_with_did_you_mean(tmp_path, monkeypatch):
    game = _new_game(tmp_path, monkeypatch)
    scoring = game / "scoring.yaml"
    _edit(scoring, "value: sets * set_vp", "value: setz * set_vp")
    _edit(scoring, "value: coins // coins_per_vp", 'value: "coins // coins_pr_vp"')
    _edit(scoring, "most: sets\n", "most: setts\n")
    output, errors = _check_errors()
    _assert_located(
        scoring,
        [
            ("setz", "unknown name 'setz'", "did you mean 'sets' or 'set_vp'?"),
            ("coins_pr_vp", "unknown name 'coins_pr_vp'", "did you mean 'coins_per_vp' or 'coins'?"),
            ("setts", "unknown name 'setts'", "did you mean 'sets' or 'sets_vp'?"),
        ],
        errors,
    )
    assert not any("(at column" in line for line in errors)
    assert "3 problems found" in output


def test_a_syntax_error_in_one_file_hides_no_formula_error_in_another(tmp_path, monkeypatch):
    game = _new_game(tmp_path, monkeypatch)
    _edit(game / "scoring.yaml", "value: sets * set_vp", "value: setz * set_vp")
    with open(game / "facts.yaml", "a") as f:  # the facts the model's constants read are lost too
        f.write("broken: [unclosed\n")
    output, errors = _check_errors()
    assert errors[0].startswith("content/my-game/facts.yaml:") and "YAML syntax error" in errors[0]
    row, column = _line_of(game / "scoring.yaml", "setz")
    assert errors[1].startswith(f"content/my-game/scoring.yaml:{row}:{column}: components[0].value: ")
    assert len(errors) == 2, output  # no "no fact" for the constants the broken file held


def test_a_trial_score_failure_is_located_at_the_item_that_failed(tmp_path, monkeypatch):
    game = _new_game(tmp_path, monkeypatch)
    _edit(
        game / "scoring.yaml",
        "entered:   ",
        'record_entered:\n  - {id: rounds, label: Rounds, type: count, assume: "1 // 0"}\nentered:   ',
    )
    res = run("check")
    assert res.exit_code == 1
    row, column = _line_of(game / "scoring.yaml", '"1 // 0"')
    assert (
        f"content/my-game/scoring.yaml:{row}:{column}: record_entered[0].assume: a trial score of an "
        f"empty record fails: record value 'rounds': cannot evaluate `1 // 0`: division by zero"
    ) in res.output


def test_a_game_folder_without_game_yaml_is_named(tmp_path, monkeypatch):
    game = _new_game(tmp_path, monkeypatch)
    other = game.parent / "other-game"
    other.mkdir()
    (other / "scoring.yaml").write_text((game / "scoring.yaml").read_text())
    (game / "game.yaml").rename(game / "game.yml")  # misspelt: the game itself is lost
    res = run("check")
    assert res.exit_code == 1
    assert (
        "content/my-game: this game folder has no game.yaml, so its files (aids.yaml, facts.yaml, "
        "game.yml, rules.yaml, scoring.yaml, ...) are not read (add game.yaml"
    ) in res.output
    assert (
        "content/other-game: this game folder has no game.yaml, so its files (scoring.yaml) are not read" in res.output
    )
    assert "content: no game folders (sub-folders with a game.yaml) found" in res.output


def test_the_rulebook_texts_note_only_for_games_that_declare_rulebooks(tmp_path, monkeypatch):
    _new_game(tmp_path, monkeypatch)
    res = CliRunner().invoke(cli, ["check"])
    assert res.exit_code == 0
    assert "rulebook texts not found" not in res.output  # the skeleton declares no rulebooks
    import shutil

    from generator.paths import CONTENT_DIR

    shutil.copytree(CONTENT_DIR / "xia", tmp_path / "content" / "xia")
    res = CliRunner().invoke(cli, ["check"])
    assert "note: seed rulebook texts not found" in res.output


def test_greatest_admiral_says_military_vs_xenos_in_the_games_words():
    res = run("score", str(REPO / "examples" / "rftg-invasion.yaml"), "--plain")
    assert "Greatest Admiral: highest Military vs. Xenos: 6" in res.output
    assert "military vs xenos" not in res.output


# --- records and the text report ----------------------------------------------------------------


def test_a_broken_json_record_is_a_json_syntax_error_at_its_place(tmp_path):
    rec = tmp_path / "game.json"
    rec.write_text('{"game": "rftg",\n "players": [}\n')
    res = run("score", str(rec))
    assert res.exit_code == 2
    assert (
        f"{rec}:2:14: JSON syntax error: Expecting value (check the commas, quotes and brackets near this place)"
    ) in res.output
    assert "YAML" not in res.output
    rec.write_text('{"game": "rftg", ')
    assert f"{rec}:1:18: JSON syntax error: Expecting property name" in run("score", str(rec)).output


def test_an_empty_record_says_it_is_empty(tmp_path):
    rec = tmp_path / "game.json"
    rec.write_text("\n")
    res = run("score", str(rec))
    assert res.exit_code == 2
    assert f"{rec}:1:1: the file is empty: it holds no record" in res.output
    res = CliRunner().invoke(cli, ["score", "-"], input="")
    assert "<stdin>:1:1: standard input is empty: it holds no record" in res.output


def test_the_tie_line_says_which_way_the_tie_break_wins(tmp_path, monkeypatch):
    game = _new_game(tmp_path, monkeypatch)
    _edit(
        game / "scoring.yaml",
        "{id: most_gems, label: gems, value: gems,",
        "{id: fewest_gems, label: gems, value: gems, lower_wins: true,",
    )
    _edit(game / "scoring.yaml", "add: [most_gems], label: \"Then: gems\"", "add: [fewest_gems], label: \"Then: gems\"")
    rec = tmp_path / "tie.yaml"
    rec.write_text(
        "game: my-game\nplayers:\n  - {name: Ann, red: 1, green: 1, blue: 1, coins: 3}\n"
        "  - {name: Ben, red: 2, green: 1, blue: 1, coins: 3}\n"
    )
    res = run("score", str(rec), "--plain")
    assert res.exit_code == 0, res.output
    # Ann 5 + 1 + 4 (shared Most coins) = 10, Ben the same + 1 loose gem = 11: no tie; make one
    rec.write_text(
        "game: my-game\nplayers:\n  - {name: Ann, red: 1, green: 1, blue: 1, coins: 3}\n"
        "  - {name: Ben, red: 1, green: 1, blue: 1, coins: 3}\n"
    )
    res = run("score", str(rec), "--plain")
    assert (
        "Tie on 10 VP: Ann and Ben; tie broken by most coins, then fewest gems: Ann 3 then 3, "
        "Ben 3 then 3 (equal too: they share the rank)"
    ) in res.output, res.output


def test_an_awards_vp_from_a_fact_is_said_in_plain_words(tmp_path, monkeypatch):
    game = _new_game(tmp_path, monkeypatch)
    _edit(game / "scoring.yaml", "    vp: 4\n", "    vp: {fact: set_vp}\n")
    res = run("check")
    assert res.exit_code == 1
    row, column = _line_of(game / "scoring.yaml", "    vp: {fact: set_vp}")
    assert (
        f"content/my-game/scoring.yaml:{row}:{column + 8}: awards[0].vp: an award's `vp` is a whole number "
        f"written here (e.g. `vp: 5`, from -999 to 999); it cannot read a fact, a constant or a formula: "
        f"write the number, and cite where it comes from in the award's `source`\n"
    ) in res.output
    assert "Input should be" not in res.output
    _edit(game / "scoring.yaml", "    vp: {fact: set_vp}\n", "    vp: set_vp\n")
    res = run("check")
    assert "awards[0].vp: an award's `vp` is a whole number written here" in res.output
    assert "(got 'set_vp')" in res.output


# --- playaid new, build ---------------------------------------------------------------------------


def test_new_prints_every_path_alike_says_the_shipped_games_are_not_listed_and_where_the_guide_is(
    tmp_path, monkeypatch
):
    from generator.paths import DOCS_DIR

    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PLAYAID_CONTENT", raising=False)
    res = run("new", "gem-market")
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert lines[1:8] == [
        "  content/gem-market/game.yaml",
        "  content/gem-market/rules.yaml",
        "  content/gem-market/facts.yaml",
        "  content/gem-market/scoring.yaml",
        "  content/gem-market/aids.yaml",
        "  content/gem-market/vocabulary.yaml",
        "  examples/gem-market.yaml",
    ]
    assert "  playaid score examples/gem-market.yaml" in lines
    assert str(tmp_path) not in res.output  # no absolute path beside relative ones
    assert (
        "note: the folder 'content' holds your own games: commands that read it (run here, or with "
        "PLAYAID_CONTENT=content) list, check, build and score its games only, not the games shipped with "
        "playaid; copy a shipped game's folder into it to keep that game beside yours"
    ) in res.output
    guide = DOCS_DIR / "new-game.md"
    assert guide.is_file() and (DOCS_DIR / "content-format.md").is_file()
    assert f"then edit scoring.yaml and the rest into your own game: {guide}" in res.output
    # another folder: the commands shown name it
    res = run("new", "tile-game", "--content", "elsewhere")
    assert "  playaid --content elsewhere check" in res.output
    assert "  elsewhere/tile-game/game.yaml" in res.output and "  examples/tile-game.yaml" in res.output


def test_an_out_folder_that_cannot_be_written_is_said_before_anything_is_rendered(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    import time

    started = time.perf_counter()
    res = run("build", "--out", str(blocker / "out"), "xia-campaign-log")
    assert res.exit_code == 2, res.output
    assert (
        f"--out {blocker / 'out'}: cannot write there: Not a directory; nothing was built "
        f"(choose a folder you can write, e.g. --out output)"
    ) in res.output
    assert time.perf_counter() - started < 10  # said at once: rendering takes longer
    res = run("watch", "--out", str(blocker / "out"))
    assert res.exit_code == 2 and "cannot write there: Not a directory" in res.output


def test_build_says_1_file(tmp_path):
    res = run("--color", "never", "build", "--out", str(tmp_path / "out"), "xia-fame-points", "--jobs", "1")
    assert res.exit_code == 0, res.output
    assert "built   xia-fame-points (1 file, " in res.output


def test_check_reports_every_wrong_template_placeholder_at_its_column_with_did_you_mean(tmp_path, monkeypatch):
    game = _new_game(tmp_path, monkeypatch)
    scoring = game / "scoring.yaml"
    _edit(scoring, 'why: "coins: {coins}, 1 VP per {coins_per_vp}"', 'why: "coins: {coin}, 1 VP per 3"')
    _edit(scoring, 'message: "{most} gems', 'message: "{mots} gems')
    _edit(scoring, 'why: "sets: {sets} x {set_vp} VP"', 'why: "sets: {sets.__class__} x {set_vp:>999999999} {{7*7}}"')
    output, errors = _check_errors()
    _assert_located(
        scoring,
        [
            ("{sets.__class__}", "uses attribute access", "write '{sets}'"),
            ("{set_vp:>999999999}", "uses a format spec", "write '{set_vp}'"),
            ("{{7*7}}", "double braces", "leave the braces out"),
            ("{coin}", "unknown placeholder '{coin}'", "did you mean 'coins'"),
            ("{mots}", "unknown placeholder '{mots}'", "did you mean 'most'"),
        ],
        errors,
    )
    assert "5 problems found" in output
    # the shipped games and a fresh game's own templates are all fine
    _edit(scoring, 'why: "coins: {coin}, 1 VP per 3"', 'why: "coins: {coins}, 1 VP per {coins_per_vp}"')
    _edit(scoring, 'message: "{mots} gems', 'message: "{most} gems')
    _edit(scoring, 'why: "sets: {sets.__class__} x {set_vp:>999999999} {{7*7}}"', 'why: "sets: {sets} x {set_vp} VP"')
    assert run("check").exit_code == 0


def test_check_takes_content_after_the_command_as_every_command_does(tmp_path):
    import shutil

    from generator.paths import CONTENT_DIR

    mine = tmp_path / "mine"
    shutil.copytree(CONTENT_DIR / "xia", mine / "xia")
    res = run("check", "--content", str(mine))
    assert res.exit_code == 0, res.output
    assert [line.split(":")[0] for line in res.output.splitlines() if ": ok" in line] == ["xia"]
    # the same folder twice is fine; two different folders are a usage error
    assert run("check", str(mine), "--content", str(mine)).exit_code == 0
    res = run("check", str(CONTENT_DIR), "--content", str(mine))
    assert res.exit_code == 2
    assert f"two content folders: CONTENT_DIR {CONTENT_DIR} and --content {mine} (give one)" in res.output


def test_new_in_a_checkout_says_the_game_joins_the_shipped_games(tmp_path, monkeypatch):
    """In a playaid checkout ./content is the shipped games' folder: the note says so."""
    import generator.commands.new as new

    shipped = tmp_path / "content"
    for game in ("rftg", "xia"):
        (shipped / game).mkdir(parents=True)
        (shipped / game / "game.yaml").write_text("kind: game\n")
    monkeypatch.setattr(new, "CONTENT_DIR", shipped)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PLAYAID_CONTENT", raising=False)
    res = run("new", "gem-market")
    assert res.exit_code == 0, res.output
    assert (
        "note: content is the folder of the games shipped with playaid in this checkout: gem-market was "
        "added to them, beside rftg, xia (commit its files to ship it; make dist refuses untracked "
        "content)"
    ) in res.output
    assert "holds your own games" not in res.output and (shipped / "gem-market" / "game.yaml").is_file()


def test_an_unknown_command_suggests_once():
    res = run("lsit")
    assert res.exit_code == 2
    assert res.output.rstrip().endswith("Error: No such command 'lsit'. Did you mean list?")
    assert res.output.count("Did you mean") == 1


def test_score_refuses_a_device_and_a_fifo_before_reading(tmp_path):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    for path in ("/dev/zero", str(fifo)):  # the FIFO would block open() forever: no writer
        proc = subprocess.run(
            [sys.executable, "-m", "generator", "score", path], capture_output=True, text=True, timeout=60, cwd=REPO
        )
        assert proc.returncode == 2, proc.stderr
        assert (
            f"{path}: not a regular file (a device, pipe or socket); playaid reads record and content "
            f"files (pass a .yaml or .json record or content file)"
        ) in proc.stderr
        assert "larger than" not in proc.stderr and "Traceback" not in proc.stderr


def test_web_out_a_folder_not_ours_and_an_empty_rules_question_are_usage_errors(tmp_path):
    (tmp_path / "mine.txt").write_text("keep me")
    res = run("web", "--out", str(tmp_path))
    assert res.exit_code == 2, res.output
    assert (
        f"{tmp_path}: not a web scorer site written by playaid (no .playaid-web); refusing to replace it "
        f"(choose an empty or new folder with --out)"
    ) in res.output
    assert (tmp_path / "mine.txt").read_text() == "keep me"
    for question in ([""], ["  "]):
        res = run("rules", *question)
        assert res.exit_code == 2, res.output
        assert "the question is empty: ask in words, e.g. playaid rules repulse value 4 players" in res.output


def test_schema_hint_points_at_what_an_installed_copy_has(monkeypatch):
    import generator.paths as paths
    from generator.content.validate import schema_reference

    assert schema_reference() == "schema/"  # a checkout: the committed JSON Schemas
    installed = paths.PROJECT_ROOT / "generator" / "shipped"
    monkeypatch.setattr(paths, "DATA_ROOT", installed)  # as installed (DOCS_DIR is derived from it)
    monkeypatch.setattr(paths, "DOCS_DIR", installed / "docs")
    assert schema_reference() == (
        f"the JSON Schemas `playaid schema` writes, or {installed / 'docs' / 'content-format.md'},"
    )
