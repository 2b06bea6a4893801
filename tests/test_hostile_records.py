"""`playaid score` on hostile records (issue 11): each kind ends with exit 2 and located problems
(file:line:column: field: message), never a crash, a traceback or "internal error".

In-process with click's CliRunner; in a subprocess where a crash (segfault) must be observable.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import cli
from generator.errors import MAX_PROBLEMS, ContentError, Problem, RecordError
from generator.reader.yaml_io import MAX_DEPTH, MAX_RECORD_VALUES
from generator.records.record_io import problem_json
from generator.scoring.record.validate import problem_count
from tests.demo_content import laughs
from tests.scoring_fixtures import record_words

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = (REPO / "examples" / "rftg-invasion.yaml").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory) -> Path:
    """One compiled-rules cache for the module: the rules are compiled once, not per test."""
    return tmp_path_factory.mktemp("cache")


@pytest.fixture
def score(tmp_path, monkeypatch, cache_dir):
    """Write ``text`` (str or bytes) to tmp_path/rec.yaml and run `playaid score rec.yaml`;
    messages name the file ``rec.yaml`` (cwd is tmp_path)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PLAYAID_CACHE_DIR", str(cache_dir))

    def go(text: str | bytes, *args: str):
        path = tmp_path / "rec.yaml"
        (path.write_bytes if isinstance(text, bytes) else path.write_text)(text)
        result = CliRunner().invoke(cli, ["score", "rec.yaml", "--content", str(REPO / "content"), *args])
        assert "Traceback" not in result.output and "internal error" not in result.output, result.output
        return result

    return go


def lines(result) -> list[str]:
    return result.output.splitlines()


def test_alias_bomb_record_is_refused_at_once(score):
    result = score(laughs(10) + "game: rftg\n")  # 489 bytes: 9**10 strings once expanded (~13 GB)
    assert result.exit_code == 2
    out = lines(result)
    assert out[0] == (
        "rec.yaml:1:5: a0: YAML anchors (&a0) are not allowed "
        "(remove the anchor and write the value out wherever it is used)"
    )
    assert out[2] == (
        "rec.yaml:2:10: a1[0]: YAML aliases (*a0) are not allowed (write the value out in full where it is used)"
    )
    # 91 problems: the first 50, then one line for the rest, placed at the first left out
    assert len(out) == MAX_PROBLEMS + 1
    assert out[-1] == "rec.yaml:6:42: ... and 41 more problems (fix the ones above and check again)"


def test_self_referencing_alias(score):
    result = score("game: rftg\nx: &a [*a]\n")
    assert result.exit_code == 2
    assert lines(result) == [
        "rec.yaml:2:4: x: YAML anchors (&a) are not allowed (remove the anchor and write the value out "
        "wherever it is used)",
        "rec.yaml:2:8: x[0]: YAML aliases (*a) are not allowed (write the value out in full where it is used)",
    ]


@pytest.mark.parametrize("depth", [1_000, 5_000, 20_000])
def test_deep_nesting_record(score, depth):
    result = score("game: rftg\nplayers: " + "[" * depth + "]" * depth + "\n")
    assert result.exit_code == 2
    assert lines(result) == [
        f"rec.yaml:2:{10 + MAX_DEPTH - 1}: players[0][0][0]: nested more than "
        f"{MAX_DEPTH} levels deep (playaid files need only a few levels; look for "
        "unclosed brackets)"
    ]


def test_deep_nesting_30000_does_not_crash_the_process(tmp_path, cache_dir):
    # was a segmentation fault (exit 139) in the C composer: observed in a real process
    rec = tmp_path / "deep.yaml"
    rec.write_text("game: rftg\nplayers:\n" + "- " * 30_000 + "x\n")
    done = subprocess.run(
        [sys.executable, "-m", "generator", "score", "deep.yaml", "--content", str(REPO / "content")],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        env={"PLAYAID_CACHE_DIR": str(cache_dir), "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr == (
        f"deep.yaml:3:{1 + 2 * (MAX_DEPTH - 1)}: players[0][0][0]: nested more than "
        f"{MAX_DEPTH} levels deep (playaid files need only a few levels; look for "
        "unclosed brackets)\n"
    )


@pytest.mark.parametrize("game, shown", [("[rftg]", "[rftg]"), ("{rftg: 1}", "{rftg: 1}")])
def test_game_of_the_wrong_type(score, game, shown):
    result = score(EXAMPLE.replace("game: rftg", f"game: {game}"))
    assert result.exit_code == 2
    assert lines(result) == [f"rec.yaml:2:1: game: no scorer for game {shown} (use one of: {record_words()})"]


def test_5000_digit_chips(score):
    assert "    chips: 9\n" in EXAMPLE
    result = score(EXAMPLE.replace("    chips: 9\n", "    chips: " + "9" * 5000 + "\n", 1))
    assert result.exit_code == 2
    assert lines(result) == [
        "rec.yaml:14:12: players[0].chips: a number with 5000 digits is too long "
        "to read (write the count or score this field means)"
    ]


def test_non_utf8_record(score):
    result = score(EXAMPLE.replace("name: Ann", "name: Ren\xe9e").encode("latin-1"))
    assert result.exit_code == 2
    assert lines(result) == ["rec.yaml:6:14: byte 0xE9 is not UTF-8 text (save the file as UTF-8)"]


def test_nul_in_record(score):
    result = score(EXAMPLE.replace("name: Ann", "name: A\x00nn"))
    assert result.exit_code == 2
    assert lines(result) == [
        "rec.yaml:6:12: character U+0000 (NUL) is not allowed in a YAML file "
        "(delete it; it was probably pasted in by mistake)"
    ]


def test_200000_unknown_keys(score):
    # 3.9 MB: refused before parsing (it took 12 s, 546 MB and printed 200,000 lines)
    text = EXAMPLE + "".join(f"extra_key_{i}: 1\n" for i in range(200_000))
    result = score(text)
    assert result.exit_code == 2
    assert len(text.encode()) > 3_800_000  # the example record is a few kB of it
    assert lines(result) == [
        f"rec.yaml: file is larger than 1 MiB ({len(text.encode())} bytes); playaid reads files "
        "up to 1 MiB (a record or content file is a few kB: check that this is "
        "the right file)"
    ]


def test_unknown_keys_under_the_size_limit_stop_at_the_value_limit(score):
    result = score(EXAMPLE + "".join(f"k{i}: 1\n" for i in range(MAX_RECORD_VALUES)))
    assert result.exit_code == 2
    first_line = EXAMPLE.count("\n") + 1
    (line,) = [
        int(
            re.fullmatch(
                r"rec.yaml:(\d+):1: more than 20,000 values in one file \(a record or "
                r"content file holds a few thousand at most: check that this is the "
                r"right file, or split it\)",
                text,
            )[1]
        )
        for text in lines(result)
    ]
    # two values a line (key and value): the limit is met about half-way through the keys
    assert first_line + MAX_RECORD_VALUES // 2 - 100 < line < first_line + MAX_RECORD_VALUES // 2


def test_many_unknown_keys_are_capped(score):
    result = score(EXAMPLE + "".join(f"extra_{i}: 1\n" for i in range(5_000)))
    assert result.exit_code == 2
    out = lines(result)
    first_line = EXAMPLE.count("\n") + 1
    assert out[0] == (
        f"rec.yaml:{first_line}:1: extra_0: unknown field 'extra_0' "
        "(allowed fields: game, variant, ended_by, repulsed, players)"
    )
    assert len(out) == MAX_PROBLEMS + 1
    assert out[-1].endswith("... and 4950 more problems (fix the ones above and check again)")


def test_problem_lists_are_capped_in_both_errors():
    problems = [Problem("f.yaml", line, 3, "x", "bad") for line in range(120, 0, -1)]
    content = ContentError(problems)
    assert len(content.problems) == 120  # all kept, sorted
    text = str(content).splitlines()
    assert text[0] == "f.yaml:1:3: x: bad" and text[49] == "f.yaml:50:3: x: bad"
    assert text[50:] == [
        "f.yaml:51:3: ... and 70 more problems (fix the ones above and check again)",
        "120 problems found",
    ]
    record = RecordError(problems)
    assert record.problems[-1].more == 70 and problem_count([problem_json(p) for p in record.problems]) == 120
    assert [str(p) for p in record.problems[-2:]] == [
        "f.yaml:50:3: x: bad",
        "f.yaml:51:3: ... and 70 more problems (fix the ones above and check again)",
    ]
    assert len(RecordError(problems[:50]).problems) == 50  # no summary line when nothing is left out


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_a_utf16_record_is_said_to_be_utf16(score, encoding):
    # Windows Notepad's "Unicode": it read "byte 0xFF is not UTF-8 text" (with a byte-order
    # mark) or "control character NUL" (without), which does not say what to do
    result = score(EXAMPLE.encode(encoding))
    assert result.exit_code == 2
    assert lines(result) == [
        "rec.yaml:1:1: the file is UTF-16 text, not UTF-8 (save it as UTF-8: in Notepad, Save as with Encoding UTF-8)"
    ]


def test_standard_input_is_bounded_and_located(monkeypatch, cache_dir):
    monkeypatch.setenv("PLAYAID_CACHE_DIR", str(cache_dir))
    runner = CliRunner()
    args = ["score", "-", "--content", str(REPO / "content")]
    result = runner.invoke(cli, args, input=b"game: rftg\nplayers:\n  - name: Ren\xe9e\n")
    assert result.exit_code == 2
    assert result.output.splitlines() == ["<stdin>:3:14: byte 0xE9 is not UTF-8 text (save the file as UTF-8)"]
    result = runner.invoke(cli, args, input=b"#" * (2 << 20))
    assert result.exit_code == 2
    assert result.output.splitlines() == [
        "<stdin>: file is larger than 1 MiB (more than 1048576 bytes); playaid reads files up to 1 MiB "
        "(a record or content file is a few kB: check that this is the right file)"
    ]
