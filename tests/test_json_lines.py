"""`playaid score` of a JSON Lines file (one record a line): each record is scored as its own
file would be, named FILE:LINE, and every problem is placed at its line of the file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import cli
from generator.reader.limits import MAX_RECORD_BYTES
from generator.reader.yaml_io import load_file

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((REPO / "examples").glob("*.yaml"))


@pytest.fixture
def run(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PLAYAID_CACHE_DIR", str(tmp_path / "cache"))
    runner = CliRunner()

    def go(*args):
        return runner.invoke(cli, ["score", *map(str, args), "--content", str(REPO / "content")])

    return go


def _reports(output: str) -> list[dict]:
    """The reports `playaid score --json` printed: one object (one record), or one a line."""
    try:
        return [json.loads(output)]
    except json.JSONDecodeError:
        return [json.loads(line) for line in output.splitlines() if line.startswith("{")]


def test_each_line_scores_as_its_own_file_would(run, tmp_path):
    records = [load_file(path)[0].data for path in EXAMPLES]
    lines = tmp_path / "games.jsonl"
    # blank lines between records are skipped; a record keeps the number of its own line
    lines.write_text("\n".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    got = run(lines.name, "--json")
    alone = [_reports(run(path, "--json").output)[0] for path in EXAMPLES]
    reports = _reports(got.output)
    assert [r["record"] for r in reports] == [f"games.jsonl:{2 * i + 1}" for i in range(len(records))]
    for report, own in zip(reports, alone):
        assert report["ok"] is own["ok"] is True
        assert [p.get("total") for p in report.get("players", [])] == [p.get("total") for p in own.get("players", [])]
        assert report.get("total") == own.get("total")  # a campaign's
        assert [f["code"] for f in report["findings"]] == [f["code"] for f in own["findings"]]
    assert got.exit_code == max(_exit(r) for r in alone)


def _exit(report: dict) -> int:
    return 2 if not report["ok"] else 1 if any(f["severity"] == "error" for f in report["findings"]) else 0


def test_problems_are_placed_at_their_line_and_column(run, tmp_path):
    record = load_file(EXAMPLES[0])[0].data
    first = dict(record)
    first["colour"] = "red"  # an unknown field: an error at its key
    lines = tmp_path / "games.jsonl"
    lines.write_text(
        json.dumps(record) + "\n" + json.dumps(first) + "\n" + '{"game": "x",\n' + "null\n", encoding="utf-8"
    )
    got = run(lines.name, "--json")
    reports = _reports(got.output)
    assert [r["record"] for r in reports] == ["games.jsonl:1", "games.jsonl:2", "games.jsonl:3", "games.jsonl:4"]
    assert reports[0]["ok"] is True
    column = json.dumps(first).index('"colour"') + 1
    unknown = [e for e in reports[1]["errors"] if e["field"] == "colour"]
    assert [(e["file"], e["line"], e["column"]) for e in unknown] == [("games.jsonl", 2, column)]
    assert [(e["line"], e["column"], e["message"]) for e in reports[2]["errors"]] == [
        (3, 14, "JSON syntax error: Expecting property name enclosed in double quotes")
    ]
    assert [(e["line"], e["message"]) for e in reports[3]["errors"]] == [(4, "line 4 holds no record (null)")]
    assert got.exit_code == 2
    summary = run(lines.name, "--problems-only").output
    assert f"games.jsonl:2:{column}: colour: " in summary
    assert "4 records: 1 clean, 0 with error findings, 3 unreadable" in summary


def test_a_finding_is_placed_as_in_the_record_file(run, tmp_path):
    # a record with findings: read without its places first, then placed exactly as its .json file is
    record = load_file(EXAMPLES[0])[0].data
    record["players"][0]["claimed_total"] = 999
    (tmp_path / "one.json").write_text(json.dumps(record), encoding="utf-8")
    (tmp_path / "games.jsonl").write_text("\n" + json.dumps(record) + "\n", encoding="utf-8")
    alone = _reports(run("one.json", "--json").output)[0]
    (from_lines,) = _reports(run("games.jsonl", "--json").output)
    assert alone["findings"] and any(f["line"] for f in alone["findings"])
    assert [(f["code"], f["line"] + 1, f["column"]) for f in alone["findings"]] == [
        (f["code"], f["line"], f["column"]) if f["line"] else (f["code"], 1, f["column"])
        for f in from_lines["findings"]
    ]


def test_a_line_too_long_is_refused_and_the_next_is_read(run, tmp_path):
    record = json.dumps(load_file(EXAMPLES[0])[0].data)
    lines = tmp_path / "games.jsonl"
    with open(lines, "w", encoding="utf-8") as out:
        out.write('{"game": "' + "x" * (MAX_RECORD_BYTES + 10) + '"}\n')
        out.write(record + "\n")
    reports = _reports(run(lines.name, "--json").output)
    assert [r["record"] for r in reports] == ["games.jsonl:1", "games.jsonl:2"]
    assert reports[0]["errors"][0]["message"].startswith("the line is larger than 1 MiB")
    assert reports[1]["ok"] is True


@pytest.mark.parametrize(
    "content, message",
    [
        (b"", "the file is empty: it holds no record"),
        (b"\n \n", "the file is empty: it holds no record"),
        ('{"game": "rftg"}\n'.encode("utf-16"), "the file is UTF-16 text, not UTF-8"),
    ],
)
def test_a_file_without_records(run, tmp_path, content, message):
    (tmp_path / "games.jsonl").write_bytes(content)
    got = run("games.jsonl", "--json")
    (report,) = _reports(got.output)
    assert report["record"] == "games.jsonl" and report["errors"][0]["message"] == message
    assert got.exit_code == 2


def test_a_folder_reads_the_json_lines_files_it_holds(run, tmp_path):
    folder = tmp_path / "records"
    folder.mkdir()
    record = json.dumps(load_file(EXAMPLES[0])[0].data)
    (folder / "a.jsonl").write_text(record + "\n" + record + "\n", encoding="utf-8")
    (folder / "b.yaml").write_text(EXAMPLES[0].read_text(encoding="utf-8"), encoding="utf-8")
    reports = _reports(run("records", "--json").output)
    assert [r["record"] for r in reports] == [
        str(Path("records") / "a.jsonl") + ":1",
        str(Path("records") / "a.jsonl") + ":2",
        str(Path("records") / "b.yaml"),
    ]
