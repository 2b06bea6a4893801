"""A planted build manifest (issue 11: output folders sit in synced drives): it can neither make a
build delete a file outside the output folder nor crash it; bad entries only cost a rebuild."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import cli
from generator.pipeline.build import MANIFEST_NAME, WHOLE_BUILD, _remove_stale
from generator.pipeline.manifest_io import inside, read_manifest

REPO = Path(__file__).resolve().parents[1]
GOOD = {"hash": "h", "files": ["a4/good.pdf"], "png": False, "fitted": {"front": 9.5}, "seconds": 1.2}


def manifest_at(tmp_path: Path, manifest) -> Path:
    """Write ``manifest`` where a build keeps it (``<out>/a4/``); returns its path."""
    (tmp_path / "a4").mkdir(exist_ok=True)
    path = tmp_path / "a4" / MANIFEST_NAME
    path.write_text(manifest if isinstance(manifest, str) else json.dumps(manifest))
    return path


@pytest.mark.parametrize(
    "name, ok",
    [
        ("a4/x.pdf", True),
        ("a4/png/x-p1.png", True),
        ("/etc/passwd", False),
        ("../victim.txt", False),
        ("a4/../../victim.txt", False),
        ("", False),
        ("a4\\..\\..\\victim.txt", False),
        ("a4/x\0.pdf", False),
        (7, False),
        (None, False),
    ],
)
def test_output_names_must_stay_inside(tmp_path, name, ok):
    assert inside(tmp_path, name) is ok


def test_a_link_in_the_output_folder_does_not_lead_out(tmp_path):
    (tmp_path / "out").mkdir()
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "out" / "a4").symlink_to(tmp_path / "elsewhere")
    assert inside(tmp_path / "out", "a4/x.pdf") is False


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000 + "]" * 100_000,
        "not json",
        "[1, 2]",
        '{"format": ' + "1" * 5000 + "}",
        "",
    ],
)
def test_unreadable_manifest_reads_as_empty(tmp_path, text):
    assert read_manifest(manifest_at(tmp_path, text), tmp_path, WHOLE_BUILD) == {}


def test_only_sound_entries_are_kept(tmp_path):
    whole = {"fingerprint": "f", "aids": [["rftg-x", ["a4/rftg-x.pdf"]]]}
    manifest = {
        "good": GOOD,
        "absolute": {**GOOD, "files": ["/home/someone/thesis.pdf"]},
        "parent": {**GOOD, "files": ["../thesis.pdf"]},
        "files not a list": {**GOOD, "files": 7},
        "seconds not a number": {**GOOD, "seconds": "slow"},
        "fitted not sizes": {**GOOD, "fitted": [1, 2]},
        "hash missing": {k: v for k, v in GOOD.items() if k != "hash"},
        "not a mapping": ["a4/x.pdf"],
        WHOLE_BUILD: whole,
    }
    path = manifest_at(tmp_path, manifest)
    assert read_manifest(path, tmp_path, WHOLE_BUILD) == {"good": GOOD, WHOLE_BUILD: whole}
    manifest[WHOLE_BUILD] = {"fingerprint": "f", "aids": [["rftg-x", ["../../.bashrc"]]]}
    assert WHOLE_BUILD not in read_manifest(manifest_at(tmp_path, manifest), tmp_path, WHOLE_BUILD)


def test_malformed_fit_keys_drop_only_that_field(tmp_path):
    keys = {"front": "0" * 64}
    manifest = {
        "keys": {**GOOD, "fit_keys": keys, "files": ["a4/keys.pdf"]},
        "list": {**GOOD, "fit_keys": ["front"], "files": ["a4/list.pdf"]},
        "numbers": {**GOOD, "fit_keys": {"front": 9.5}, "files": ["a4/numbers.pdf"]},
    }
    assert read_manifest(manifest_at(tmp_path, manifest), tmp_path, WHOLE_BUILD) == {
        "keys": {**GOOD, "fit_keys": keys, "files": ["a4/keys.pdf"]},
        "list": {**GOOD, "files": ["a4/list.pdf"]},
        "numbers": {**GOOD, "files": ["a4/numbers.pdf"]},
    }


def test_stale_outputs_are_removed_only_inside_the_output_folder(tmp_path):
    out = tmp_path / "out"
    (out / "a4" / "png").mkdir(parents=True)
    (out / "a4" / "png" / "x-p1.png").write_text("stale preview")
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    digests = {
        name: hashlib.sha256(data).hexdigest()
        for name, data in (
            ("a4/png/x-p1.png", b"stale preview"),
            (str(victim), b"keep me"),
            ("../victim.txt", b"keep me"),
        )
    }
    _remove_stale(out, {"files": ["a4/png/x-p1.png", str(victim), "../victim.txt"], "digests": digests}, ["a4/x.pdf"])
    assert not (out / "a4" / "png" / "x-p1.png").exists()  # a stale output is removed
    assert victim.read_text() == "keep me"  # the rest is left alone


def test_planted_manifest_cannot_delete_a_file_outside_the_output_folder(tmp_path, monkeypatch):
    # on main before this fix the build deleted victim.txt
    monkeypatch.chdir(REPO)
    out = tmp_path / "out"
    (out / "a4").mkdir(parents=True)
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    planted = {
        "rftg-invasion-summary": {
            "hash": "planted",
            "files": [str(victim), "../victim.txt"],
            "fitted": {"front": "huge"},
            "seconds": "slow",
        },
        WHOLE_BUILD: {"fingerprint": 1, "aids": 2},
    }
    (out / "a4" / MANIFEST_NAME).write_text(json.dumps(planted))
    result = CliRunner().invoke(cli, ["build", "rftg-invasion-summary", "--out", str(out), "--quiet"])
    assert result.exit_code == 0, result.output
    assert "internal error" not in result.output
    assert victim.read_text() == "keep me"
    assert (out / "a4" / "rftg-invasion-summary.pdf").is_file()
    manifest = json.loads((out / "a4" / MANIFEST_NAME).read_text())
    assert manifest["rftg-invasion-summary"]["files"] == ["a4/rftg-invasion-summary.pdf"]
