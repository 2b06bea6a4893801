"""The phone's standard library (generator/web/stdlib.py): Pyodide's python_stdlib.zip cut down to
the modules the engine worker imports. What is kept still imports (zipimport, as Pyodide reads
it), a module left out fails naming why instead of letting a score go on without it, the build
refuses a core that imports a module not kept (file and line said), and the list covers every
module the real worker imports in Chromium (tools/stdlib_trace.py, from scratch and from the
memory snapshot)."""

from __future__ import annotations

import io
import subprocess
import sys
import textwrap
import zipfile

import pytest

from generator.web import packages, stdlib_keep
from generator.web.stdlib import SITECUSTOMIZE, StdlibError, check_core, site_stdlib, trimmed, zip_modules
from tests.web_support import REPO


def small_zip() -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("keptpkg/", "")
        z.writestr("keptpkg/__init__.py", "VALUE = 1\n")
        z.writestr("keptpkg/inner.py", "from . import VALUE\nINNER = VALUE + 1\n")
        z.writestr("keptpkg/py.typed", "")
        z.writestr("keptpkg/dropped.py", "X = 1\n")
        z.writestr("playaid_probe_dropped.py", "X = 2\n")
        z.writestr("droppedpkg/__init__.py", "")
    return out.getvalue()


def test_the_cut_down_zip_keeps_what_is_listed_and_a_left_out_import_says_why(tmp_path):
    data = trimmed(small_zip(), ["keptpkg.inner"])
    names = zipfile.ZipFile(io.BytesIO(data)).namelist()
    assert sorted(names) == sorted(
        ["keptpkg/", "keptpkg/__init__.py", "keptpkg/inner.py", "keptpkg/py.typed", SITECUSTOMIZE]
    )
    assert trimmed(small_zip(), ["keptpkg.inner"]) == data  # the same input gives the same bytes
    (tmp_path / "lib.zip").write_bytes(data)
    probe = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(tmp_path / 'lib.zip')!r})
        import sitecustomize
        import keptpkg.inner
        print(keptpkg.inner.INNER)
        for name in ("playaid_probe_dropped", "keptpkg.dropped", "droppedpkg"):
            try:
                __import__(name)
            except ModuleNotFoundError as exc:
                print(exc.name, "|", exc)
        try:
            import playaid_never_was_a_module
        except ModuleNotFoundError as exc:
            print(exc)
    """)
    out = subprocess.run(
        [sys.executable, "-I", "-S", "-c", probe], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert out[0] == "2"
    for line, name in zip(out[1:4], ("playaid_probe_dropped", "keptpkg.dropped", "droppedpkg")):
        assert line == (
            f"{name} | No module named {name!r}: playaid's offline scorer leaves this standard-library "
            f"module out (generator/web/stdlib.py); please report this"
        )
    assert out[4] == "No module named 'playaid_never_was_a_module'"  # anything else: Python's own words


def test_a_module_kept_that_the_zip_lacks_stops_the_build():
    with pytest.raises(StdlibError, match="not in Pyodide's standard library: nothere .*stdlib_trace.py"):
        trimmed(small_zip(), ["keptpkg", "nothere"])


def test_a_core_import_not_kept_stops_the_build_naming_file_and_line(tmp_path):
    core = tmp_path / "api.py"
    core.write_text("import json\n\ndef late():\n    from keptpkg import dropped\n    import math\n")
    available = zip_modules(zipfile.ZipFile(io.BytesIO(small_zip())).namelist()) | {"json": "json/__init__.py"}
    check_core([(core, "generator/scoring/api.py")], available, ["json", "keptpkg"] + ["keptpkg.dropped"])
    with pytest.raises(StdlibError) as caught:
        check_core([(core, "generator/scoring/api.py")], available, ["json", "keptpkg"])
    assert "generator/scoring/api.py:4: imports keptpkg.dropped" in str(caught.value)
    assert "math" not in str(caught.value)  # built in: not in the zip, nothing to keep


def test_the_list_is_for_the_pyodide_shipped_and_the_site_zip_holds_it():
    pyodide = packages.pyodide()
    with pytest.raises(StdlibError, match="lists the modules of pyodide .* the site ships pyodide 0.0.0"):
        site_stdlib(pyodide.folder / packages.PYODIDE_STDLIB, "0.0.0", [])
    from generator.web.engine_bundle import core_python_files

    full = (pyodide.folder / packages.PYODIDE_STDLIB).read_bytes()
    data = site_stdlib(pyodide.folder / packages.PYODIDE_STDLIB, pyodide.version, core_python_files())
    kept = zip_modules(zipfile.ZipFile(io.BytesIO(data)).namelist())
    assert set(stdlib_keep.MODULES) <= set(kept) and "sitecustomize" in kept
    assert len(data) * 2 < len(full)  # the point of it: well under half


def test_the_list_keeps_every_module_the_worker_imports(browser):
    """The real engine in Chromium, traced (tools/stdlib_trace.py): from scratch and restored
    from its memory snapshot, scoring every example and broken records, the rules search and
    the NPC roll."""
    sys.path.insert(0, str(REPO / "tools"))
    from stdlib_trace import trace_stdlib

    version, imported = trace_stdlib(browser)
    assert version == stdlib_keep.PYODIDE
    assert sorted(imported - set(stdlib_keep.MODULES)) == []
    assert {"json", "difflib", "re", "encodings.utf_8"} <= imported  # the trace saw the core at work
