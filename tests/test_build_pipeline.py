"""Build pipeline: incremental rebuilds, byte-identical output (runs, directories, --jobs),
atomic writes, progress output, watch mode, and the rendering sandbox (asset-only fetches,
autoescaping, undefined values)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import cli
from generator.paths import ASSETS_DIR, PROJECT_ROOT
from generator.pipeline.aidbuild import RenderOptions
from generator.pipeline.build import BuildOptions, build
from generator.render.html_pdf import HtmlRenderer, RenderFailed
from generator.render.templates import make_environment

CONTENT = PROJECT_ROOT / "content"
FAST_AIDS = ("frontier-summary", "strength-tables", "rftg-score-sheet")


@pytest.fixture
def content(tmp_path) -> Path:
    copy = tmp_path / "content"
    shutil.copytree(CONTENT, copy)
    return copy


def _statuses(report) -> dict[str, str]:
    return {r.key: r.status for r in report.results}


def _tree_bytes(root: Path) -> dict[str, bytes]:
    """Every output file (PDFs, previews) by relative path; build state (dot files: manifest,
    content cache) is left out, as it records timings and absolute paths."""
    return {
        str(p.relative_to(root)): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and not p.name.startswith(".")
    }


def test_rebuild_skips_unchanged_and_rebuilds_what_a_change_touches(content, tmp_path):
    out = tmp_path / "out"
    options = BuildOptions(content_dir=content, out_dir=out, jobs=1, only=FAST_AIDS)
    first = build(options)
    assert set(_statuses(first).values()) == {"built"}
    second = build(options)
    assert set(_statuses(second).values()) == {"skipped"}
    # the VP pool table feeds the strength tables only
    table = content / "rftg" / "tables" / "vp-pool.yaml"
    table.write_text(table.read_text().replace("title:", "title: Changed", 1))
    third = build(options)
    assert _statuses(third) == {
        "rftg-frontier-summary": "skipped",
        "rftg-strength-tables": "built",
        "rftg-score-sheet": "skipped",
    }
    # a deleted output is rebuilt; --force rebuilds everything
    (out / "a4" / "rftg-score-sheet-fillable.pdf").unlink()
    assert _statuses(build(options))["rftg-score-sheet"] == "built"
    forced = build(BuildOptions(content_dir=content, out_dir=out, jobs=1, only=FAST_AIDS, force=True))
    assert set(_statuses(forced).values()) == {"built"}


def test_a_touched_file_is_hashed_once_then_the_stat_check_holds_again(content, tmp_path, monkeypatch):
    """A content file touched (same bytes, new time) makes the next no-op build hash the content;
    it records the new file stats, so the build after it stops at the stat check and hashes
    nothing (code_fingerprint is never called)."""
    import generator.pipeline.build as build_module

    out = tmp_path / "out"
    options = BuildOptions(content_dir=content, out_dir=out, jobs=1, only=("rftg-score-sheet",))
    assert _statuses(build(options)) == {"rftg-score-sheet": "built"}
    game = content / "rftg" / "game.yaml"
    stat = game.stat()
    os.utime(game, ns=(stat.st_atime_ns, stat.st_mtime_ns - 5_000_000_000))
    time.sleep(0.1)  # a stat taken within a timestamp tick of a change is racy and not recorded
    assert _statuses(build(options)) == {"rftg-score-sheet": "skipped"}  # hashed: same bytes

    def no_hashing():
        raise AssertionError("a no-op build after an unchanged stat hashed the code")

    monkeypatch.setattr(build_module, "code_fingerprint", no_hashing)
    assert _statuses(build(options)) == {"rftg-score-sheet": "skipped"}


def test_png_previews_are_added_without_rebuilding_for_nothing(content, tmp_path):
    out = tmp_path / "out"
    only = ("rftg-score-sheet",)
    build(BuildOptions(content_dir=content, out_dir=out, jobs=1, only=only))
    with_png = build(BuildOptions(content_dir=content, out_dir=out, jobs=1, only=only, render=RenderOptions(png=True)))
    assert _statuses(with_png) == {"rftg-score-sheet": "built"}
    assert (out / "a4" / "png" / "rftg-score-sheet-p1.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    again = build(BuildOptions(content_dir=content, out_dir=out, jobs=1, only=only, render=RenderOptions(png=True)))
    assert _statuses(again) == {"rftg-score-sheet": "skipped"}
    # previews follow --png exactly: a build without it removes them, rendering nothing
    without = build(BuildOptions(content_dir=content, out_dir=out, jobs=1, only=only))
    assert _statuses(without) == {"rftg-score-sheet": "skipped"}
    assert not list((out / "a4" / "png").glob("*.png"))
    assert all(not f.startswith("a4/png/") for f in without.results[0].files)
    assert (out / "a4" / "rftg-score-sheet.pdf").is_file()
    # and the next build without --png is a no-op that finds every file it lists
    assert _statuses(build(BuildOptions(content_dir=content, out_dir=out, jobs=1, only=only))) == {
        "rftg-score-sheet": "skipped"
    }


def test_parallel_build_is_byte_identical_to_serial(tmp_path):
    serial = build(BuildOptions(content_dir=CONTENT, out_dir=tmp_path / "serial", jobs=1, only=FAST_AIDS))
    parallel = build(BuildOptions(content_dir=CONTENT, out_dir=tmp_path / "parallel", jobs=2, only=FAST_AIDS))
    assert serial.ok and parallel.ok
    a, b = _tree_bytes(tmp_path / "serial"), _tree_bytes(tmp_path / "parallel")
    assert a.keys() == b.keys() and len(a) == 4  # 3 aids, the score sheet twice
    assert a == b


def test_same_inputs_give_identical_bytes_in_two_checkouts(tmp_path):
    """Two copies of the project in different folders build byte-identical PDFs."""
    outputs = []
    for name in ("checkout-a", "somewhere/else/checkout-b"):
        root = tmp_path / name
        for part in ("generator", "templates", "content"):
            shutil.copytree(PROJECT_ROOT / part, root / part, ignore=shutil.ignore_patterns("__pycache__"))
        env = {**os.environ, "PYTHONPATH": str(root), "PLAYAID_SEEDS": str(PROJECT_ROOT.parent / "shared" / "seeds")}
        env.pop("SOURCE_DATE_EPOCH", None)
        done = subprocess.run(
            [sys.executable, "-m", "generator", "build", *FAST_AIDS, "--jobs", "1", "--quiet", "--out", "out"],
            cwd=root,
            env=env,
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0, done.stderr
        outputs.append(_tree_bytes(root / "out"))
    assert outputs[0].keys() == outputs[1].keys()
    pdfs = [k for k in outputs[0] if k.endswith(".pdf")]
    assert len(pdfs) == 4
    for key in outputs[0]:
        assert outputs[0][key] == outputs[1][key], key
    assert b"checkout-a" not in b"".join(outputs[0].values())


def test_cli_build_reports_plainly_when_not_a_terminal(content, tmp_path):
    runner = CliRunner()
    args = ["build", "rftg-score-sheet", "--content", str(content), "--out", str(tmp_path / "o"), "-j", "1"]
    first = runner.invoke(cli, args)
    assert first.exit_code == 0, first.output
    assert "built   rftg-score-sheet (2 files" in first.output
    assert "1 built, 0 skipped (unchanged), 0 failed" in first.output
    second = runner.invoke(cli, args)
    assert "skipped rftg-score-sheet (unchanged)" in second.output
    quiet = runner.invoke(cli, args + ["--quiet"])
    assert quiet.output == ""


def test_cli_build_fails_with_the_aid_name_and_keeps_old_files(content, tmp_path):
    rules = content / "rftg" / "rules" / "frontier-summary.yaml"
    rules.write_text(
        rules.read_text().replace(
            "Each deck has its own discard pile.", "Each deck has its own discard pile. " + "Padding text. " * 400
        )
    )
    out = tmp_path / "o"
    (out / "a4").mkdir(parents=True)
    (out / "a4" / "rftg-frontier-summary.pdf").write_bytes(b"old")
    result = CliRunner().invoke(
        cli, ["build", "frontier-summary", "rftg-score-sheet", "--content", str(content), "--out", str(out), "-j", "1"]
    )
    assert result.exit_code == 1
    assert "FAILED  aid 'rftg-frontier-summary': face 'front' does not fit" in result.output
    assert "1 built, 0 skipped (unchanged), 1 failed" in result.output
    assert (out / "a4" / "rftg-frontier-summary.pdf").read_bytes() == b"old"
    assert not [p for p in (out / "a4").iterdir() if p.name.endswith(".tmp")]


def test_unknown_aid_is_a_usage_error(tmp_path):
    result = CliRunner().invoke(cli, ["build", "no-such-aid", "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert "unknown aid(s): no-such-aid" in result.output


def test_watch_rebuilds_after_a_save(content, tmp_path):
    from generator.pipeline.watch import watch

    out = tmp_path / "o"
    lines: list[str] = []
    stop = threading.Event()

    class Quiet:
        def __call__(self, *args):
            pass

        def finish(self, report, out_dir):
            lines.append(f"{report.count('built')} built {report.count('skipped')} skipped")

    options = BuildOptions(content_dir=content, out_dir=out, jobs=1, only=("rftg-score-sheet", "strength-tables"))
    thread = threading.Thread(
        target=watch,
        args=(options, Quiet(), lambda *a, **k: lines.append(a[0])),
        kwargs={"stop_event": stop},
        daemon=True,
    )
    thread.start()
    deadline = time.time() + 60
    while not any("watching" in line for line in lines) and time.time() < deadline:
        time.sleep(0.1)
    table = content / "rftg" / "tables" / "vp-pool.yaml"
    time.sleep(0.5)
    table.write_text(table.read_text().replace("title:", "title: Edited", 1))
    while not any(line == "1 built 1 skipped" for line in lines) and time.time() < deadline:
        time.sleep(0.1)
    stop.set()
    thread.join(timeout=10)
    assert lines[0] == "2 built 0 skipped"
    assert "1 built 1 skipped" in lines
    assert any(line.startswith("changed:") and "vp-pool.yaml" in line for line in lines)


# --- sandbox ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "url",
    [
        "file:///etc/passwd",
        "http://example.com/logo.png",
        "https://example.com/x.css",
        "asset:../../generator/cli.py",
        "asset:/../../pyproject.toml",
        "asset:icons/../../../README.md",
        "asset:icons/no-such-icon.svg",
    ],
)
def test_rendering_refuses_urls_outside_the_assets(url, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    renderer = HtmlRenderer(ASSETS_DIR)
    with pytest.raises(RenderFailed) as err:
        renderer.layout(f'<p>x</p><img src="{url}">')
    message = str(err.value)
    if url.endswith("no-such-icon.svg"):
        assert "asset 'icons/no-such-icon.svg' not found" in message
    else:
        assert message.startswith(f"refused to fetch '{url}'")
    with pytest.raises(RenderFailed):
        renderer.layout("<p>x</p>", css=f'p {{ background: url("{url}") }}')


def test_rendering_reads_assets(monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    renderer = HtmlRenderer(ASSETS_DIR)
    doc = renderer.layout('<p>x <img src="asset:icons/xeno.svg"></p>')
    assert "icons/xeno.svg" in renderer.fetcher.fetched
    assert len(doc.pages) == 1


def test_content_text_is_escaped_never_evaluated(tmp_path, monkeypatch):
    env = make_environment(PROJECT_ROOT / "templates", {"xeno": "xeno.svg"})
    rich = env.filters["rich"]
    hostile = '<img src="file:///etc/passwd"> {{ 7*7 }} [xeno]'
    html = str(rich(hostile))
    assert "<img src=\"file" not in html
    assert "&lt;img src=&#34;file:///etc/passwd&#34;&gt;" in html
    assert "{{ 7*7 }}" in html  # printed as text, not evaluated
    assert '<img class="icon" src="asset:icons/xeno.svg" alt="xeno">' in html


def test_templates_autoescape_html_j2_and_refuse_undefined(tmp_path):
    from jinja2 import UndefinedError

    (tmp_path / "t.html.j2").write_text("<p>{{ value }}</p>")
    (tmp_path / "u.html.j2").write_text("<p>{{ missing }}</p>")
    env = make_environment(tmp_path, {})
    assert env.get_template("t.html.j2").render(value="<b>x</b>") == "<p>&lt;b&gt;x&lt;/b&gt;</p>"
    with pytest.raises(UndefinedError):
        env.get_template("u.html.j2").render()


def test_hostile_rule_text_prints_literally_in_the_pdf(content, tmp_path):
    from tests.render_helpers import text

    rules = content / "rftg" / "rules" / "frontier-summary.yaml"
    rules.write_text(
        rules.read_text().replace("Each deck has its own discard pile.", "'<img src=\"file:///etc/passwd\"> {{ 7*7 }}'")
    )
    report = build(BuildOptions(content_dir=content, out_dir=tmp_path / "o", jobs=1, only=("frontier-summary",)))
    assert report.ok, report.results[0].error
    printed = text(tmp_path / "o" / "a4" / "rftg-frontier-summary.pdf")
    assert '<img src="file:///etc/passwd"> {{ 7*7 }}' in printed


def test_output_that_cannot_be_written_is_a_clear_failure(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    result = CliRunner().invoke(cli, ["build", "rftg-score-sheet", "--out", str(blocker / "sub"), "-j", "1"])
    # said before anything is rendered (the new-user trial: it came after every aid was rendered)
    assert result.exit_code == 2
    assert f"--out {blocker / 'sub'}: cannot write there: Not a directory; nothing was built" in result.output
    assert "built" not in result.output.replace("nothing was built", "")
    schema = CliRunner().invoke(cli, ["schema", "--out", str(blocker)])
    assert schema.exit_code == 1
    assert f"cannot create folder {blocker}" in schema.output


def test_previews_no_longer_made_are_removed(content, tmp_path):
    out = tmp_path / "out"
    only = ("strength-tables",)
    build(BuildOptions(content_dir=content, out_dir=out, jobs=1, only=only, render=RenderOptions(png=True)))
    pngs = sorted(p.name for p in (out / "a4" / "png").iterdir())
    assert pngs == ["rftg-strength-tables-p1.png", "rftg-strength-tables-p2.png"]
    # drop most tables: the aid now fits on one page, and page 2's preview must go
    aids = content / "rftg" / "aids.yaml"
    head, _, tail = aids.read_text().partition("  - id: strength-tables\n")
    section, sep, rest = tail.partition("\n  - id: ")
    for table in (
        "retaliation-strengths",
        "repulse-conquest",
        "defense-awards",
        "vp-pool",
        "invasion-deck",
        "xeno-systems-in-play",
        "frontier-tiles",
    ):
        section = section.replace(f"          - table: {table}\n", "")
    aids.write_text(head + "  - id: strength-tables\n" + section + sep + rest)
    build(BuildOptions(content_dir=content, out_dir=out, jobs=1, only=only, render=RenderOptions(png=True)))
    assert sorted(p.name for p in (out / "a4" / "png").iterdir()) == ["rftg-strength-tables-p1.png"]


def test_content_cache_is_reused_only_while_content_is_unchanged(content, tmp_path):
    from generator.checks.cache import CACHE_NAME, load_content_cached
    from generator.errors import ContentError

    out = tmp_path / "out"
    first = load_content_cached(content, out)
    assert (out / CACHE_NAME).is_file()
    again = load_content_cached(content, out)
    assert again.game("rftg").fact("invasion_wave_sizes") == first.game("rftg").fact("invasion_wave_sizes")
    # a content edit invalidates the cache: the broken value is seen and reported
    facts = content / "rftg" / "facts-invasion.yaml"
    facts.write_text(facts.read_text().replace("value: {1: 11, 2: 11, 3: 17}", "value: {1: 10, 2: 11, 3: 17}"))
    with pytest.raises(ContentError, match="wave"):
        load_content_cached(content, out)
    # an unreadable cache is rebuilt, never trusted
    facts.write_text(facts.read_text().replace("value: {1: 10, 2: 11, 3: 17}", "value: {1: 11, 2: 11, 3: 17}"))
    (out / CACHE_NAME).write_bytes(b"not a pickle")
    assert load_content_cached(content, out).game("rftg").fact("invasion_wave_sizes")[1] == 11


def test_rebuild_from_another_working_folder_uses_the_same_state(content, tmp_path, monkeypatch):
    """The manifest and content cache hold content-relative paths: a build started from another
    folder (content given by absolute path) skips unchanged aids instead of failing."""
    out = tmp_path / "out"
    build(BuildOptions(content_dir=content, out_dir=out, jobs=1, only=("rftg-score-sheet",)))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    report = build(
        BuildOptions(
            content_dir=content.resolve(), out_dir=out.resolve(), jobs=1, only=("rftg-score-sheet", "strength-tables")
        )
    )
    assert _statuses(report) == {"rftg-strength-tables": "built", "rftg-score-sheet": "skipped"}


def test_code_fingerprint_sees_a_template_edit_in_the_same_process(tmp_path, monkeypatch):
    """`playaid watch` rebuilds in one process: a template edit must change the fingerprint."""
    from generator import fingerprint

    templates = tmp_path / "templates"
    shutil.copytree(PROJECT_ROOT / "templates", templates)
    monkeypatch.setattr(fingerprint, "TEMPLATES_DIR", templates)
    before = fingerprint.code_fingerprint()
    css = templates / "style" / "card.css"
    css.write_text(css.read_text() + "\n/* edited */\n")
    assert fingerprint.code_fingerprint() != before
