"""The content cache is data, never code (issue 11): a planted, corrupt, foreign, stale or forged
cache file is ignored and rebuilt; what is reused is validated again; no pickle anywhere."""

from __future__ import annotations

import ast
import json
import pickle
from pathlib import Path

import pytest

from generator.checks import cache as cache_module
from generator.checks.cache import CACHE_NAME, FORMAT, load_content_cached
from generator.checks.load import load_content
from generator.content.files import content_digests
from generator.fingerprint import code_fingerprint

REPO = Path(__file__).resolve().parents[1]
CONTENT = REPO / "content"


class _RunsCode:
    """Unpickling this runs ``open(marker, 'w')``: proof that a cache was unpickled."""

    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self):
        return (open, (str(self.marker), "w"))


@pytest.fixture(scope="module")
def reference():
    """The content as `load_content` reads it, and the fingerprint inputs."""
    return load_content(CONTENT), content_digests(CONTENT), code_fingerprint()


def load(out: Path, reference):
    _, digests, code = reference
    return load_content_cached(CONTENT, out, digests, code)


def same_content(a, b) -> bool:
    return all(
        a.games[g].documents == b.games[g].documents
        and a.games[g].paths == b.games[g].paths
        and {k: (v.file, v.data, v.marks, v.key_marks) for k, v in a.games[g].located.items()}
        == {k: (v.file, v.data, v.marks, v.key_marks) for k, v in b.games[g].located.items()}
        for g in a.games
    ) and set(a.games) == set(b.games)


def test_no_module_imports_pickle_or_marshal():
    importers = []
    for path in (REPO / "generator").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            if any(n.split(".")[0] in ("pickle", "cPickle", "dill", "marshal", "shelve") for n in names):
                importers.append(path.relative_to(REPO).as_posix())
    assert importers == []


def test_cache_round_trip_is_the_same_content(tmp_path, reference):
    content = reference[0]
    first = load(tmp_path, reference)
    stored = json.loads((tmp_path / CACHE_NAME).read_text())
    assert (stored["format"], len(stored["fingerprint"])) == (FORMAT, 64)
    assert sorted(g["folder"] for g in stored["games"]) == sorted(content.games)  # every game folder
    assert {"rftg", "xia"} <= set(content.games)
    again = load(tmp_path, reference)
    assert same_content(first, content) and same_content(again, content)
    assert again.game("rftg").fact("invasion_wave_sizes") == {1: 11, 2: 11, 3: 17}  # int keys kept
    assert str(again.game("rftg").game.date) == "2026-11-29"  # dates kept


@pytest.mark.parametrize("name", [CACHE_NAME, ".playaid-content.pickle"])
def test_planted_pickle_never_runs(tmp_path, reference, name):
    marker = tmp_path / "code-ran"
    (tmp_path / name).write_bytes(pickle.dumps(_RunsCode(marker)))
    pickle.loads(pickle.dumps(_RunsCode(tmp_path / "proof")))  # the payload does run when unpickled
    assert (tmp_path / "proof").exists()
    content = load(tmp_path, reference)
    assert not marker.exists()
    assert same_content(content, reference[0])
    assert json.loads((tmp_path / CACHE_NAME).read_text())["format"] == FORMAT  # rebuilt as JSON


@pytest.fixture(scope="module")
def good_cache(tmp_path_factory, reference) -> dict:
    """A cache document as `load_content_cached` writes it for the shipped content."""
    out = tmp_path_factory.mktemp("cache")
    load(out, reference)
    return json.loads((out / CACHE_NAME).read_text())


def _files(doc, folder="rftg"):
    return next(g for g in doc["games"] if g["folder"] == folder)["files"]


def _facts_file(doc):
    return next(f for f in _files(doc) if f["path"] == "rftg/facts-invasion.yaml")


def _set_wave_sizes(doc, value):
    facts = dict(_facts_file(doc)["data"]["m"])["facts"]["m"]
    wave = dict(facts)["invasion_wave_sizes"]["m"]
    for pair in wave:
        if pair[0] == "value":
            pair[1] = value


def _rename_table(doc):
    # a table renamed in the cache only: the aids that show it now point at nothing
    for f in _files(doc):
        if f["path"] == "rftg/tables/vp-pool.yaml":
            for pair in f["data"]["m"]:
                if pair[0] == "id":
                    pair[1] = "vp-pool-forged"


def _text(text: str):
    return lambda doc: text


# case -> (change to the JSON document, or a function returning the file's text; the reason)
CASES = {
    "corrupt": (_text('{"format": 1, "fingerprint": "'), "unreadable"),
    "deep JSON": (_text("[" * 200_000 + "]" * 200_000), "unreadable"),
    "a 5000-digit number": (_text('{"format": ' + "1" * 5000 + "}"), "unreadable"),
    "a pickle": (lambda doc: pickle.dumps(doc).decode("latin-1"), "unreadable"),
    "other format": (lambda d: d.update(format=FORMAT + 1), "another format or fingerprint"),
    "other fingerprint": (lambda d: d.update(fingerprint="0" * 64), "another format or fingerprint"),
    "a game left out": (lambda d: d["games"].pop(), "not this content's games"),
    "a file left out": (lambda d: _files(d).pop(), "rftg: not this game's files"),
    "a path outside the game": (
        lambda d: _files(d)[0].update(path="../../etc/passwd.yaml"),
        "rftg: not this game's files",
    ),
    "an unknown tag": (lambda d: _facts_file(d).update(data={"x": "1"}), "unknown tag 'x'"),
    "a tag that does not hold text": (lambda d: _facts_file(d).update(data={"d": 1}), "tag 'd' does not hold text"),
    "bad positions": (lambda d: _facts_file(d).update(marks=[["x", 1, 2]]), "not \\[path, line, column\\]"),
    "a document that does not validate": (
        lambda d: _facts_file(d)["data"]["m"].append(["extra", 1]),
        "rftg: documents do not validate",
    ),
    "a fact of the wrong type": (lambda d: _set_wave_sizes(d, "eleven"), "rftg: documents do not agree"),
    "a broken reference": (_rename_table, "rftg: documents do not agree"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_bad_cache_is_refused_with_its_reason(tmp_path, reference, good_cache, case):
    change, reason = CASES[case]
    doc = json.loads(json.dumps(good_cache))
    text = change(doc)
    (tmp_path / CACHE_NAME).write_text(text if isinstance(text, str) else json.dumps(doc), encoding="latin-1")
    _, digests, code = reference
    fingerprint = good_cache["fingerprint"]
    with pytest.raises(cache_module._Unusable, match=reason):
        cache_module.read_cache(tmp_path / CACHE_NAME, CONTENT, fingerprint, set(digests))


def test_bad_cache_is_ignored_and_rebuilt(tmp_path, reference, good_cache):
    (tmp_path / CACHE_NAME).write_text(json.dumps({**good_cache, "games": good_cache["games"][:1]}))
    content = load(tmp_path, reference)
    assert same_content(content, reference[0])
    assert json.loads((tmp_path / CACHE_NAME).read_text()) == good_cache  # and the cache is good again


def test_forged_value_that_still_validates_is_what_a_fingerprint_cannot_catch(tmp_path, reference, good_cache):
    # documented limit (docs/security.md): someone who can write the output folder can change a
    # number that still passes validation, as they could change the PDFs in that folder
    doc = json.loads(json.dumps(good_cache))
    _set_wave_sizes(doc, {"m": [[1, 12], [2, 11], [3, 17]]})
    (tmp_path / CACHE_NAME).write_text(json.dumps(doc))
    assert load(tmp_path, reference).game("rftg").fact("invasion_wave_sizes") == {1: 12, 2: 11, 3: 17}


def test_stale_cache_after_a_content_edit(tmp_path, reference):
    load(tmp_path, reference)
    _, digests, code = reference
    fingerprint = cache_module.content_fingerprint(CONTENT, digests, code)
    assert cache_module.read_cache(tmp_path / CACHE_NAME, CONTENT, fingerprint, set(digests)) is not None
    edited = {**digests, "rftg/game.yaml": "0" * 64}  # as if the file had changed
    stale = cache_module.content_fingerprint(CONTENT, edited, code)
    with pytest.raises(cache_module._Unusable, match="another format or fingerprint"):
        cache_module.read_cache(tmp_path / CACHE_NAME, CONTENT, stale, set(edited))


def test_planted_compiled_rules_cache_is_compiled_again(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from generator.cli import cli

    monkeypatch.setenv("PLAYAID_CACHE_DIR", str(tmp_path))
    args = ["score", str(REPO / "examples" / "rftg-invasion.yaml"), "--content", str(CONTENT)]
    first = CliRunner().invoke(cli, args)
    assert first.exit_code == 0, first.output
    (cached,) = tmp_path.glob("rules-*.json")
    for planted in ("[" * 100_000 + "]" * 100_000, "\x80 not json", '{"format": 1, "rules": 7}'):
        cached.write_text(planted, encoding="latin-1")
        again = CliRunner().invoke(cli, args)
        assert (again.exit_code, again.output) == (0, first.output)


def test_the_cache_key_covers_the_code_that_reads_and_compiles_content():
    """An edit to the scoring model's reader, the compiler or the core compiles again: their
    folders are under the fingerprint (after the move into generator/records/ it covered only
    that folder, so an edit to generator/content/scoring_model.py kept serving old rules)."""
    import generator.content.compiled
    import generator.content.scoring_model
    import generator.scoring.pad
    from generator.compile import compile_rules

    for module in (generator.content.scoring_model, generator.content.compiled, generator.scoring.pad, compile_rules):
        assert Path(module.__file__).resolve().parent in compile_rules._CODE, module.__name__


def _replant(cached: Path, edit, header=None) -> None:
    """Rewrite the compiled-rules cache file ``cached`` with ``edit(rules)`` applied, as someone
    who can write the cache folder would: the fingerprint kept, the sha256 of the new body
    (the header before the cache was signed), or ``header(fingerprint, body)``."""
    import hashlib

    head, _, body = cached.read_bytes().partition(b"\n")
    fingerprint = json.loads(head)["fingerprint"]
    rules = json.loads(body)
    edit(rules)
    body = json.dumps(rules, separators=(",", ":"), ensure_ascii=False).encode()
    made = (
        header(fingerprint, body)
        if header
        else {
            "format": json.loads(head)["format"],
            "fingerprint": fingerprint,
            "digest": hashlib.sha256(body).hexdigest(),
        }
    )
    cached.write_bytes(json.dumps(made).encode() + b"\n" + body)


def _old_earth(value):
    def edit(rules):
        for card in rules["games"]["rftg"]["cards"]:
            if card.get("name") == "Old Earth":
                card["vp"] = value

    return edit


@pytest.mark.parametrize("value", [9, "nine", None, [1], {"vp": 9}])
def test_a_planted_compiled_rules_cache_with_a_matching_digest_is_compiled_again(tmp_path, monkeypatch, value):
    # a file the user owns in the cache folder, with the fingerprint and a sha256 that match:
    # Old Earth `vp: 9` gave Ann 38 VP instead of 31 without a word, a text `internal error: TypeError`
    import hashlib

    from click.testing import CliRunner

    from generator.cli import cli
    from generator.compile.cache_key import sign

    monkeypatch.setenv("PLAYAID_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("PLAYAID_CONFIG_DIR", str(tmp_path / "config"))
    args = ["score", "--json", str(REPO / "examples" / "rftg-standard.yaml"), "--content", str(CONTENT)]
    first = CliRunner().invoke(cli, args)
    assert first.exit_code == 0, first.output
    ann = next(p for p in json.loads(first.output)["players"] if p["name"] == "Ann")
    (cached,) = (tmp_path / "cache").glob("rules-*.json")
    assert set(json.loads(cached.read_bytes().partition(b"\n")[0])) == {"format", "fingerprint", "hmac"}
    for header in (
        None,  # the sha256 header a planted file could match before
        lambda f, body: {"format": 2, "fingerprint": f, "hmac": sign(b"\0" * 32, f, body)},  # a guessed key
        lambda f, body: {"format": 2, "fingerprint": f, "hmac": hashlib.sha256(body).hexdigest()},
    ):
        _replant(cached, _old_earth(value), header)
        again = CliRunner().invoke(cli, args)
        assert (again.exit_code, again.output) == (0, first.output)  # compiled again: Ann's own total
        assert next(p for p in json.loads(again.output)["players"] if p["name"] == "Ann")["total"] == ann["total"]


def test_the_cache_key_is_private_and_outside_the_cache_folder(tmp_path, monkeypatch):
    import os
    import stat

    from click.testing import CliRunner

    from generator.cli import cli
    from generator.compile import cache_key

    monkeypatch.setenv("PLAYAID_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("PLAYAID_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setattr(cache_key, "_KEY", {})
    args = ["score", str(REPO / "examples" / "rftg-standard.yaml"), "--content", str(CONTENT)]
    assert CliRunner().invoke(cli, args).exit_code == 0
    key = tmp_path / "config" / cache_key.KEY_NAME
    assert stat.S_IMODE(key.stat().st_mode) == 0o600 and len(bytes.fromhex(key.read_text())) == 32
    assert not any(p.name == cache_key.KEY_NAME for p in (tmp_path / "cache").iterdir())
    if hasattr(os, "getuid"):  # a key others may read signs nothing: no cache is read or written
        key.chmod(0o644)
        monkeypatch.setattr(cache_key, "_KEY", {})
        for old in (tmp_path / "cache").glob("rules-*.json"):
            old.unlink()
        assert CliRunner().invoke(cli, args).exit_code == 0
        assert not list((tmp_path / "cache").glob("rules-*.json"))
