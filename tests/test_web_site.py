"""`playaid web` and `playaid serve` without a browser: what the site holds (Pyodide, the scoring
core's own files, the compiled rules), that it names nothing beyond its origin, atomic writes,
the server's MIME types and addresses, the icons."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import sys
import urllib.request

import pytest
from click.testing import CliRunner

from generator.compile.compile_rules import compiled_rules
from generator.errors import UsageError
from generator.fsutil import WriteError
from generator.paths import CONTENT_DIR, PROJECT_ROOT
from generator.web import packages
from generator.web.engine_bundle import core_python_files
from generator.web.site import MARKER, assemble, build_site, write_site

RULES = compiled_rules(CONTENT_DIR)


def test_site_carries_pyodide_and_the_scoring_core(site):
    for name in packages.PYODIDE_FILES:
        if name != packages.PYODIDE_STDLIB:  # the standard library is cut down (test_web_stdlib.py)
            assert (site / "pyodide" / name).read_bytes() == (packages.NODE_MODULES / "pyodide" / name).read_bytes()
    assert not (site / "pyodide" / "pyodide-lock.json").exists()  # never fetched: the scorer loads no package
    engine = json.loads((site / "data" / "engine.json").read_text())
    lock = json.loads((packages.NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())
    assert engine["pyodide"]["lock"] == {"info": lock["info"], "packages": {}}
    names = list(engine["python"])
    modules = sorted(
        p.relative_to(PROJECT_ROOT).as_posix() for p in (PROJECT_ROOT / "generator" / "scoring").rglob("*.py")
    )
    assert names[0] == "generator/__init__.py"
    assert sorted(n for n in names if n.startswith("generator/scoring/")) == modules
    from generator.scoring.mechanisms import widget_folders

    for name in widget_folders():  # each mechanism's folder too
        assert f"generator/scoring/mechanisms/{name}/__init__.py" in modules
    assert "generator/rulesearch/api.py" in names  # the Rules tab's search runs in the same worker
    for name, source in engine["python"].items():  # the package's own files, byte for byte (never a stand-in)
        assert source.encode() == (PROJECT_ROOT / name).read_bytes()
    assert engine["rules"] == RULES
    assert re.fullmatch(r"[0-9a-f]{16}", engine["version"])


def test_the_engine_checks_itself_against_the_builds_reports(site):
    from generator.reader.yaml_io import load_file
    from generator.scoring.api import score

    cases = json.loads((site / "data" / "engine.json").read_text())["selftest"]
    games = [c["record"]["game"] for c in cases]
    assert len(games) == len(set(games)) and {"rftg", "xia-campaign"} <= set(games)  # one per game
    assert cases[0]["record"] == load_file(PROJECT_ROOT / "examples" / "rftg-counterstrike.yaml")[0].data
    for case in cases:
        assert case["report"] == json.loads(json.dumps(score(case["record"], RULES)))
        assert case["report"]["ok"] is True


def test_form_data_comes_from_the_compiled_rules(site):
    """Each model's entry carries the compiled model and, per mechanism it switches on that has a
    widget, what the widget needs (the mechanism's page.py); read for every game content holds."""
    from generator.scoring.api import record_games
    from generator.scoring.mechanisms import page_data

    form = json.loads((site / "data" / "form.json").read_text())
    assert list(form["models"]) == list(record_games(RULES))
    for word, game_id in record_games(RULES).items():
        entry = form["models"][word]
        scoring = RULES["games"][game_id]["scoring"]
        assert entry["game"] == game_id and entry["scoring"] == scoring  # the pad's model, as compiled
        assert entry["widgets"] == {
            m: page_data(m, RULES["games"][game_id])
            for m in scoring.get("mechanisms", {})
            if page_data(m, RULES["games"][game_id]) is not None
        }
    tableaux = [(w, e) for w, e in form["models"].items() if "tableau" in e["widgets"]]
    assert tableaux  # a shipped game plays a tableau
    for _word, entry in tableaux:
        data, scoring = entry["widgets"]["tableau"], entry["scoring"]
        offered = [v for v in scoring["variants"] if not v.get("hidden")]  # hidden: reached by `becomes`
        assert [v["id"] for v in data["variants"]] == [v["id"] for v in offered]
        assert {v["id"]: v["damage"] for v in data["variants"]} == {
            v["id"]: bool(v.get("settings", {}).get("tableau", {}).get("damage")) for v in offered
        }
        assert len(data["cards"]) == len(RULES["games"][entry["game"]]["cards"])
        assert data["players_max"] == scoring["players"]["max"]
        per_military = {
            c["name"]
            for c in RULES["games"][entry["game"]]["cards"]
            if any(line.get("per_player") == "military" for line in c.get("scoring", []))
        }
        assert {c["n"] for c in data["cards"] if c.get("m") == 1} == per_military  # the military box shows
    campaigns = [e for e in form["models"].values() if "campaign" in e["widgets"]]
    for entry in campaigns:
        config = entry["scoring"]["mechanisms"]["campaign"]
        assert entry["widgets"]["campaign"]["goal_count"] == entry["scoring"]["constants"][config["goal_count"]]
    for entry in form["models"].values():  # a calculator's tables and bounds, resolved at compile
        for calc in entry["scoring"].get("calculators", []):
            game = RULES["games"][entry["game"]]
            assert calc["terms"] == game["tables"][calc["terms_table"]]["rows"]
            assert calc["bands"] == game["tables"][calc["bands_table"]]["rows"]
            assert all(isinstance(calc["die"][k], int) for k in ("min", "max"))


def test_service_worker_names_every_file_with_its_digest_and_is_versioned_by_them(site):
    import hashlib

    text = (site / "sw.js").read_text()
    listed = json.loads(re.search(r"const FILES = (\{.*?\});", text, re.S).group(1))
    files = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    assert sorted(listed) == [f for f in files if f not in ("sw.js", MARKER) and not f.endswith(".gz")]
    for path, digest in listed.items():
        assert hashlib.sha256((site / path).read_bytes()).hexdigest()[:16] == digest
    version = re.search(r'const VERSION = "([0-9a-f]{16})";', text).group(1)
    index = json.loads((site / "data" / "rules-index.json").read_text())  # the Rules tab's, unchanged
    other = assemble(RULES | {"content_version": "changed"}, index=index)
    assert f'"{version}"' not in other.files["sw.js"].decode()
    changed = json.loads(re.search(r"const FILES = (\{.*?\});", other.files["sw.js"].decode(), re.S).group(1))
    # a content edit changes the engine's bundle and the form's data, nothing else: an update
    # downloads those two files, never Pyodide again
    assert sorted(p for p in listed if listed[p] != changed[p]) == ["data/engine.json", "data/form.json"]


def test_compressed_copies_are_exact_deterministic_and_only_where_they_pay(site, tmp_path):
    import gzip

    copies = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.gz"))
    assert {
        "pyodide/pyodide.asm.wasm.gz",
        "pyodide/pyodide.asm.mjs.gz",
        "data/engine.json.gz",
        "sw.js.gz",
        "index.html.gz",
        "js/app.js.gz",
    } <= set(copies)
    assert "pyodide/python_stdlib.zip.gz" not in copies  # already compressed: a copy would save < 10 %
    assert not any(p.endswith(".png.gz") for p in copies)
    for rel in copies:
        original = (site / rel[:-3]).read_bytes()
        packed = (site / rel).read_bytes()
        assert gzip.decompress(packed) == original
        assert len(packed) <= 0.9 * len(original)
    wasm = (site / "pyodide/pyodide.asm.wasm.gz").stat().st_size
    assert wasm < 4_000_000  # 9.6 MB of WebAssembly sent as ~3.5 MB
    # a planted cache entry is never used: it must decompress to exactly the input
    from generator.web.compress import gzip_copy

    data = (site / "pyodide/pyodide.asm.mjs").read_bytes()
    first = gzip_copy("pyodide/pyodide.asm.mjs", data, tmp_path)
    (planted,) = tmp_path.glob("web-gzip-*.gz")
    planted.write_bytes(gzip.compress(b"alert('planted')"))
    assert (
        gzip_copy("pyodide/pyodide.asm.mjs", data, tmp_path)
        == first
        == (site / "pyodide/pyodide.asm.mjs.gz").read_bytes()
    )


#: The one other origin a file may name: BG Stats' play-import link, which the result screen's
#: "Send to BG Stats" opens when tapped (a navigation the player chooses, never a request the page
#: makes; connect-src 'self' forbids those).
LINKS_OUT = {"bgstats.js": {"https://app.bgstatsapp.com"}}


def test_the_sites_own_files_name_no_other_origin(site):
    own = [
        site / "index.html",
        site / "app.css",
        site / "sw.js",
        site / "engine-worker.js",
        site / "manifest.webmanifest",
        *sorted((site / "js").glob("*.js")),
    ]
    for path in own:
        found = re.findall(r"(?:https?:)?//[a-z0-9.-]+\.[a-z]{2,}", path.read_text(encoding="utf-8"))
        assert set(found) <= LINKS_OUT.get(path.name, set()), f"{path.name} names another origin: {found}"
    html = (site / "index.html").read_text()
    assert "default-src 'self'" in html and "connect-src 'self'" in html  # the browser enforces it


def test_writes_are_atomic_and_the_old_site_survives_a_failure(tmp_path, monkeypatch):
    out = tmp_path / "web"
    site = assemble(RULES)
    write_site(site, out)
    before = (out / "index.html").read_bytes()
    (out / "index.html").write_bytes(b"old site")
    copied = []
    real_copy = shutil.copyfile

    def failing_copy(src, dst, *args, **kwargs):
        copied.append(dst)
        if len(copied) == 3:
            raise OSError(28, "No space left on device")
        return real_copy(src, dst, *args, **kwargs)

    monkeypatch.setattr(shutil, "copyfile", failing_copy)
    with pytest.raises(WriteError, match="No space left on device"):
        write_site(site, out)
    assert (out / "index.html").read_bytes() == b"old site"  # untouched, not half-replaced
    assert sorted(p.name for p in tmp_path.iterdir()) == ["web"]  # no temporary folder left
    monkeypatch.setattr(shutil, "copyfile", real_copy)
    write_site(site, out)
    assert (out / "index.html").read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["web"]


def test_a_folder_we_did_not_write_is_never_replaced(tmp_path):
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("keep me")
    with pytest.raises(WriteError, match=f"no {MARKER}.*refusing to replace"):
        write_site(assemble(RULES), out)
    assert (out / "notes.txt").read_text() == "keep me"


def test_build_site_refuses_a_folder_we_did_not_write_before_any_work(tmp_path):
    """A usage error (exit 2) before the rules are compiled: the content folder is not even
    looked at (it does not exist here)."""
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("keep me")
    with pytest.raises(UsageError, match=f"no {MARKER}.*refusing to replace") as raised:
        build_site(tmp_path / "no-content", out)
    assert raised.value.exit_code == 2
    assert (out / "notes.txt").read_text() == "keep me"


def test_missing_front_end_packages_say_how_to_install_them(tmp_path, monkeypatch):
    with pytest.raises(packages.MissingPackage, match="npm ci"):
        assemble(RULES, node_modules=tmp_path)
    (tmp_path / "pyodide").mkdir()
    (tmp_path / "pyodide" / "package.json").write_text('{"version": "0"}')
    with pytest.raises(packages.MissingPackage, match="lacks pyodide.mjs.*pyodide.asm.wasm"):
        packages.pyodide(tmp_path)
    # inside an installed playaid the files ship in the package: no npm there, reinstall it
    installed = tmp_path / "site-packages" / "generator" / "shipped" / "node_modules"
    installed.mkdir(parents=True)
    monkeypatch.setattr(packages, "SHIPPED_DIR", installed.parent)
    with pytest.raises(packages.MissingPackage, match=r"damaged: reinstall it \(`pipx reinstall playaid`\)"):
        packages.pyodide(installed)


def test_core_files_are_standard_library_only():
    """The browser gets exactly these files: nothing they import may be missing there."""
    allowed = set(sys.stdlib_module_names) | {"generator"}
    for src, _rel in core_python_files():
        for module in re.findall(r"^\s*(?:from|import)\s+([a-zA-Z_][\w]*)", src.read_text(), re.M):
            assert module in allowed or module == "__future__", f"{src.name} imports {module}"


def test_server_sends_the_types_browsers_need(site, server):
    def head(path):
        with urllib.request.urlopen(server + path) as response:
            return response.headers

    assert head("pyodide/pyodide.asm.wasm")["Content-Type"] == "application/wasm"
    assert head("pyodide/pyodide.mjs")["Content-Type"] == "text/javascript"
    assert head("manifest.webmanifest")["Content-Type"] == "application/manifest+json"
    assert head("engine-worker.js")["Content-Type"] == "text/javascript"
    assert head("index.html")["Cache-Control"] == "no-cache"


def test_serve_prints_the_address_to_open(site):
    proc = subprocess.Popen(
        [sys.executable, "-m", "generator", "serve", str(site), "--host", "127.0.0.1", "--port", "0"],
        cwd=PROJECT_ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        first = proc.stdout.readline()
        url = proc.stdout.readline().split()[0]
        assert first.startswith(f"serving {site}/")
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+/", url)
        with urllib.request.urlopen(url) as response:
            assert b"playaid scorer" in response.read()
    finally:
        proc.terminate()
        try:  # a guard against a server that never ends, not a measure: a loaded machine is slow
            proc.wait(timeout=300)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            raise


def test_serve_without_a_site_says_what_to_do(tmp_path):
    result = CliRunner().invoke(__import__("generator.cli", fromlist=["cli"]).cli, ["serve", str(tmp_path / "nowhere")])
    assert result.exit_code == 2
    assert "no index.html, nothing to serve (run `playaid web` first)" in result.output


def test_web_command_writes_the_site(tmp_path):
    from generator.cli import cli

    result = CliRunner().invoke(cli, ["web", "--out", str(tmp_path / "site")])
    assert result.exit_code == 0, result.output
    assert f"wrote {tmp_path / 'site'}/" in result.output
    assert (tmp_path / "site" / "index.html").is_file() and (tmp_path / "site" / MARKER).is_file()


def test_icons_are_our_own_drawing_at_the_declared_sizes(site):
    from PIL import Image

    manifest = json.loads((site / "manifest.webmanifest").read_text())
    for icon in manifest["icons"]:
        path = site / icon["src"]
        if icon["type"] == "image/png":
            image = Image.open(io.BytesIO(path.read_bytes()))
            assert f"{image.width}x{image.height}" == icon["sizes"]
            corner = image.convert("RGBA").getpixel((0, 0))[3]
            assert corner == (255 if icon.get("purpose") == "maskable" else 0)  # maskable: full bleed
        else:
            assert path.read_text().startswith("<svg")


def test_each_mechanisms_widget_is_in_the_site_its_registry_and_the_offline_copy(site):
    """A mechanism's phone widget sits in its folder beside its Python; the site carries every
    .js file of it under mechanisms/<name>/, js/mechanisms.js imports each widget by the name
    content switches it on with, and the service worker's offline list names them all."""
    from generator.scoring.mechanisms import widget_folders

    registry = (site / "js" / "mechanisms.js").read_text()
    listed = json.loads(re.search(r"const FILES = (\{.*?\});", (site / "sw.js").read_text(), re.S).group(1))
    assert widget_folders()
    for name, folder in widget_folders().items():
        assert f'"../mechanisms/{name}/widget.js"' in registry
        assert re.search(rf'"{re.escape(name)}": m\d+', registry)
        for path in folder.glob("*.js"):
            assert (site / "mechanisms" / name / path.name).read_bytes() == path.read_bytes()
            assert f"mechanisms/{name}/{path.name}" in listed


def test_the_page_outside_mechanism_folders_names_no_game(site):
    """Every game's pad, tabs and words come from content: web/ (the page's own code, not a
    mechanism's widget) names no game content declares, by its id, record word or title, nor do the
    site's index.html and app.js as built (their tabs are made from data/form.json)."""
    from generator.scoring.api import record_games

    names = set()
    for game_id, game in RULES["games"].items():
        names |= {game_id, game.get("title") or game_id}
        scoring = game.get("scoring") or {}
        names |= {c.get("tab") for c in scoring.get("calculators", []) if c.get("tab")} | (
            {scoring["tab"]} if scoring.get("tab") else set()
        )
    names |= set(record_games(RULES))
    names |= {n.split(":")[0] for n in names}  # "Xia: Embers of a Forsaken Star" is named "Xia" too
    pattern = re.compile("|".join(rf"\b{re.escape(n)}\b" for n in sorted(names, key=len, reverse=True)), re.I)
    found = []
    for path in sorted((PROJECT_ROOT / "web").rglob("*")):
        if path.is_file() and path.suffix in (".js", ".html", ".css", ".webmanifest"):
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if pattern.search(line):
                    found.append(f"{path.relative_to(PROJECT_ROOT)}:{n}: {line.strip()[:100]}")
    for built in ("js/app.js",):
        text = (site / built).read_text(encoding="utf-8")
        assert not pattern.search(text), built
    assert found == []
