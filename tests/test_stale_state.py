"""State files cannot be fooled cheaply (issue 22, item 4): an edit that keeps a file's size and
modification time is seen; a stat taken within a timestamp tick of a change is not trusted
later; a compiled-rules cache is rebuilt when it does not match content or is not the user's
own; a manifest can only name, and a build only delete, files that build wrote for that aid;
`build --force` reads no content cache; pruning removes only files playaid wrote."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import time
from pathlib import Path

import pytest

from generator.checks.cache import CACHE_NAME, load_content_cached, to_json
from generator.checks.load import load_content
from generator.compile import compile_rules
from generator.compile.compile_rules import FORMAT, compiled_rules, rules_fingerprint
from generator.content.files import content_digests
from generator.fingerprint import code_fingerprint, content_fingerprint, stat_snapshot
from generator.paths import PROJECT_ROOT
from generator.pipeline.build import MANIFEST_NAME, WHOLE_BUILD, BuildOptions, build

CONTENT = PROJECT_ROOT / "content"
TITLE = "title: Race for the Galaxy\n"
SAME_SIZE = "title: Race for the Galaxx\n"  # one letter changed: same size


@pytest.fixture
def content(tmp_path, monkeypatch) -> Path:
    copy = tmp_path / "content"
    shutil.copytree(CONTENT, copy)
    monkeypatch.setenv("PLAYAID_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("PLAYAID_SEEDS", str(tmp_path / "no-seeds"))
    return copy


def edit_keeping_size_and_time(path: Path, old: str, new: str) -> None:
    """Replace ``old`` by ``new`` (same length) and put the file's times back, as tools that
    restore modification times do."""
    assert len(old) == len(new)
    st = path.stat()
    path.write_text(path.read_text().replace(old, new, 1))
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert (path.stat().st_size, path.stat().st_mtime_ns) == (st.st_size, st.st_mtime_ns)


def statuses(report) -> dict[str, str]:
    return {r.key: r.status for r in report.results}


# ---------------------------------------------------------------------------------------------
# freshness


def test_an_edit_keeping_size_and_time_is_seen_by_build(content, tmp_path):
    options = BuildOptions(content_dir=content, out_dir=tmp_path / "out", jobs=1, only=("score-sheet",))
    assert statuses(build(options)) == {"rftg-score-sheet": "built"}
    time.sleep(0.1)  # past the racy window: the stat shortcut is recorded
    assert statuses(build(options)) == {"rftg-score-sheet": "skipped"}
    edit_keeping_size_and_time(content / "rftg" / "game.yaml", TITLE, SAME_SIZE)
    assert statuses(build(options)) == {"rftg-score-sheet": "built"}  # was "skipped": an old PDF


def test_an_edit_keeping_size_and_time_is_seen_by_score(content):
    assert compiled_rules(content)["games"]["rftg"]["title"] == "Race for the Galaxy"
    before = rules_fingerprint(content)
    edit_keeping_size_and_time(content / "rftg" / "game.yaml", TITLE, SAME_SIZE)
    assert rules_fingerprint(content) != before
    assert compiled_rules(content)["games"]["rftg"]["title"] == "Race for the Galaxx"  # was the old rules


def test_a_stat_taken_just_after_a_change_is_racy(tmp_path, monkeypatch):
    # The snapshot's clock is set from the file's own stat, so the test does not depend on how
    # fast this machine runs the next line (under load it missed a 20 ms tick).
    folder = tmp_path / "files"
    folder.mkdir()
    path = folder / "a.yaml"
    path.write_text("a: 1\n")
    clock = {"now": 0}
    monkeypatch.setattr(time, "time_ns", lambda: clock["now"])

    def changed() -> int:  # the later of the file's modification and change times
        st = path.stat()
        return max(st.st_mtime_ns, st.st_ctime_ns)

    clock["now"] = changed() + 5_000_000
    assert stat_snapshot([folder])[1] is True  # changed 5 ms ago: in this very tick
    clock["now"] = changed() + 100_000_000
    assert stat_snapshot([folder])[1] is False  # 100 ms ago: settled
    ctime = path.stat().st_ctime_ns
    os.utime(path, ns=(ctime - 60_000_000_000, ctime - 60_000_000_000 + 123))
    clock["now"] = path.stat().st_ctime_ns + 100_000_000
    assert stat_snapshot([folder])[1] is False  # set a minute back: the change time settles it
    os.utime(path, ns=(clock["now"] + 60_000_000_000,) * 2)
    clock["now"] = path.stat().st_ctime_ns + 100_000_000
    assert stat_snapshot([folder])[1] is True  # a time in the future is never settled
    for _ in range(5):  # the whole second just before the last change; again if this machine paused
        whole_second = path.stat().st_ctime_ns // 1_000_000_000 * 1_000_000_000
        os.utime(path, ns=(whole_second, whole_second))
        if path.stat().st_ctime_ns - whole_second < 1_500_000_000:
            break
    clock["now"] = path.stat().st_ctime_ns + 30_000_000  # the change time itself has settled
    assert clock["now"] - whole_second < 2_000_000_000
    assert stat_snapshot([folder])[1] is True  # whole seconds (FAT, tar): 2 s of doubt
    os.utime(path, ns=(whole_second + 1, whole_second + 1))
    clock["now"] = path.stat().st_ctime_ns + 30_000_000
    assert stat_snapshot([folder])[1] is False  # the same time, not on a whole second: settled


def test_a_racy_build_records_no_stat_shortcut(content, tmp_path):
    # a file changed in the tick of the build's stat walk may change again unseen; a time in the
    # future stands for it here (a real tick is a few ms, too short to aim at in a test)
    options = BuildOptions(content_dir=content, out_dir=tmp_path / "out", jobs=1, only=("score-sheet",))
    soon = time.time_ns() + 3_600_000_000_000
    os.utime(content / "rftg" / "game.yaml", ns=(soon, soon))
    build(options)
    manifest = json.loads((tmp_path / "out" / "a4" / MANIFEST_NAME).read_text())
    assert manifest[WHOLE_BUILD]["stat"] == ""  # the next build hashes instead of trusting it


def test_non_yaml_files_and_links_out_are_not_read_for_digests(content, tmp_path):
    # build hashed every file under content/ whole, links leading out included
    big = tmp_path / "big.bin"
    with open(big, "wb") as stream:
        stream.truncate(3_000_000_000)  # sparse: reading it would take seconds and 3 GB
    (content / "rftg" / "video.bin").symlink_to(big)
    (content / "rftg" / "notes.bin").write_bytes(b"\0" * 1000)
    (content / "rftg" / "outside.yaml").symlink_to(big)
    start = time.perf_counter()
    digests = content_digests(content)
    assert time.perf_counter() - start < 5
    assert "rftg/video.bin" not in digests and "rftg/notes.bin" not in digests
    assert digests["rftg/outside.yaml"] == hashlib.sha256(f"outside\0{big}".encode()).hexdigest()


# ---------------------------------------------------------------------------------------------
# planted state


def _plant_rules(path: Path, fingerprint: str, rules: dict) -> None:
    """A cache file signed with the user's own key (`cache_key`), as playaid writes one: what
    else is checked (owner, mode, shape) must hold even then."""
    from generator.compile.cache_key import cache_key, sign

    body = json.dumps(rules).encode()
    header = {"format": FORMAT, "fingerprint": fingerprint, "hmac": sign(cache_key(), fingerprint, body)}
    path.write_bytes(json.dumps(header).encode() + b"\n" + body)


def _cache_file(content: Path) -> tuple[Path, str]:
    fingerprint = rules_fingerprint(content)
    return compile_rules.cache_dir() / f"rules-{fingerprint[:32]}.json", fingerprint


def test_a_compiled_rules_cache_others_may_write_is_not_used(content):
    real = compiled_rules(content)
    path, fingerprint = _cache_file(content)
    forged = json.loads(json.dumps(real))
    forged["games"]["rftg"]["title"] = "Planted"
    _plant_rules(path, fingerprint, forged)
    os.chmod(path, 0o664)  # group-writable: another user of a shared folder could have written it
    assert compiled_rules(content)["games"]["rftg"]["title"] == "Race for the Galaxy"
    if hasattr(os, "getuid") and os.getuid() == 0:  # root can show another owner
        _plant_rules(path, fingerprint, forged)
        os.chmod(path, 0o644)
        os.chown(path, 12345, 12345)
        assert compiled_rules(content)["games"]["rftg"]["title"] == "Race for the Galaxy"


@pytest.mark.parametrize(
    "break_it",
    [
        lambda r: r["games"]["rftg"].__setitem__("facts", ["not", "a", "mapping"]),
        lambda r: r["games"]["rftg"].__setitem__("cards", {"not": "a list"}),
        lambda r: r["games"].__setitem__("rftg", 7),
        lambda r: r.__setitem__("format", 99),
    ],
)
def test_a_wrongly_typed_compiled_rules_cache_is_compiled_again(content, break_it):
    # with a right header and digest, such a file gave "internal error" in the scoring core; signed
    # with the user's own key too (as only playaid itself could), it is still compiled again
    real = compiled_rules(content)
    path, fingerprint = _cache_file(content)
    forged = json.loads(json.dumps(real))
    break_it(forged)
    _plant_rules(path, fingerprint, forged)
    assert compiled_rules(content) == real


def test_pruning_removes_only_files_playaid_wrote(tmp_path):
    folder = tmp_path / "cache"
    folder.mkdir()
    mine = [folder / name for name in ("rules-notes.json", "rules-2026.json", "rules-" + "a" * 32 + ".json")]
    for path in mine:  # a user's own files, one even named like ours
        path.write_text('{"my": "notes"}\n')
    ours = []
    for i in range(12):
        path = folder / f"rules-{i:032x}.json"
        _plant_rules(path, f"{i:064x}", {"games": {}})
        os.utime(path, ns=(i * 10**9, i * 10**9))
        ours.append(path)
    compile_rules._prune(folder, keep=ours[0])
    assert all(p.read_text() == '{"my": "notes"}\n' for p in mine)  # was: deleted when old
    assert sorted(p for p in ours if p.exists()) == sorted([ours[0]] + ours[-7:])


def test_a_manifest_cannot_make_build_delete_a_file_it_did_not_write(content, tmp_path):
    out = tmp_path / "out"
    (out / "web").mkdir(parents=True)
    (out / "web" / "index.html").write_text("the phone scorer")
    (out / "a4" / "png").mkdir(parents=True)
    mine = out / "a4" / "png" / "rftg-score-sheet-p1.png"
    mine.write_bytes(b"a picture the user put here")
    planted = {
        "rftg-score-sheet": {"hash": "x", "files": ["web/index.html", "a4/rftg-score-sheet.pdf"]},
        "rftg-strength-tables": {"hash": "x", "files": ["a4/png/rftg-score-sheet-p1.png"]},
        "rftg-frontier-summary": {"hash": "x", "files": ["a4/png/rftg-frontier-summary-p1.png"]},
    }
    planted["rftg-frontier-summary"]["files"] = ["a4/png/rftg-score-sheet-p1.png"]  # another aid's name
    (out / "a4" / MANIFEST_NAME).write_text(json.dumps(planted))
    options = BuildOptions(content_dir=content, out_dir=out, jobs=1, only=("score-sheet",))
    assert statuses(build(options)) == {"rftg-score-sheet": "built"}
    assert (out / "web" / "index.html").read_text() == "the phone scorer"  # was deleted
    # named like the aid's own preview, but not the bytes the build wrote: kept
    planted = {
        "rftg-score-sheet": {
            "hash": "x",
            "files": ["a4/png/rftg-score-sheet-p1.png"],
            "digests": {"a4/png/rftg-score-sheet-p1.png": "0" * 64},
        }
    }
    (out / "a4" / MANIFEST_NAME).write_text(json.dumps(planted))
    assert statuses(build(options)) == {"rftg-score-sheet": "built"}
    assert mine.read_bytes() == b"a picture the user put here"
    manifest = json.loads((out / "a4" / MANIFEST_NAME).read_text())
    pdf = (out / "a4" / "rftg-score-sheet.pdf").read_bytes()
    assert manifest["rftg-score-sheet"]["digests"]["a4/rftg-score-sheet.pdf"] == hashlib.sha256(pdf).hexdigest()


def test_build_force_reads_content_not_the_content_cache(content, tmp_path):
    out = tmp_path / "out"
    real = load_content(content)
    digests = content_digests(content)
    fingerprint = content_fingerprint(content, digests, code_fingerprint())
    doc = to_json(real, fingerprint)
    game = next(f for g in doc["games"] for f in g["files"] if f["path"] == "rftg/game.yaml")
    title = next(pair for pair in game["data"]["m"] if pair[0] == "title")  # json_data's mapping form
    title[1] = "Planted title"  # still validates: only a cache read afresh is safe
    out.mkdir()
    (out / CACHE_NAME).write_text(json.dumps(doc))
    assert (
        load_content_cached(content, out, digests, fingerprint=fingerprint).game("rftg").game.title == "Planted title"
    )  # the documented limit of a fingerprint
    forced = load_content_cached(content, out, digests, fingerprint=fingerprint, fresh=True)
    assert forced.game("rftg").game.title == "Race for the Galaxy"
    assert "Planted title" not in (out / CACHE_NAME).read_text()  # rewritten from content
    (out / CACHE_NAME).write_text(json.dumps(doc))
    build(BuildOptions(content_dir=content, out_dir=out, jobs=1, only=("score-sheet",), force=True))
    assert "Planted title" not in (out / CACHE_NAME).read_text()
