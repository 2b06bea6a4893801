"""The YAML reader shipped as one module (generator/web/bundle.py): the bundle of the `yaml`
package's browser build exports the same names and reads every example record, and a broken
one, exactly as the package's own modules do (run side by side in Node); a module of another
shape, an import cycle or a missing module stops the build, naming the file and line."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from generator.web.bundle import BundleError, bundle
from generator.web.packages import yaml_browser
from tests.web_support import REPO

COMPARE = """
import * as own from %(own)s;
import * as one from %(one)s;
import { readFileSync } from "node:fs";
const texts = JSON.parse(readFileSync(%(texts)s, "utf8"));
const read = (m, text) => {
  const doc = m.parseDocument(text, { prettyErrors: true });
  return { value: doc.errors.length ? null : doc.toJS(), errors: doc.errors.map((e) => [e.code, e.linePos?.[0]]),
           again: doc.errors.length ? null : m.stringify(doc.toJS()) };
};
const out = { names: [Object.keys(own).sort(), Object.keys(one).sort()], texts: texts.map((t) => [read(own, t), read(one, t)]) };
console.log(JSON.stringify(out));
"""


def test_the_bundle_reads_yaml_as_the_package_does(tmp_path):
    node = shutil.which("node")
    assert node, "node is needed (make node_modules installs the front-end packages with it)"
    package = yaml_browser()
    modules = {rel: src.read_text(encoding="utf-8") for src, rel in package.files if rel.endswith(".js")}
    assert len(modules) > 10  # the package's browser build is many modules
    (tmp_path / "yaml.mjs").write_text(bundle(modules), encoding="utf-8")
    texts = [p.read_text(encoding="utf-8") for p in sorted((REPO / "examples").rglob("*.yaml"))]
    assert texts
    texts += ["a: [1,\n", "game: rftg\nplayers:\n  - name: Ann\n   tableau: []\n", "k: &a {x: 1}\nj: *a\n"]
    (tmp_path / "texts.json").write_text(json.dumps(texts), encoding="utf-8")
    entry = next(src for src, rel in package.files if rel == "index.js")
    script = COMPARE % {
        "own": json.dumps(entry.as_uri()),
        "one": json.dumps((tmp_path / "yaml.mjs").as_uri()),
        "texts": json.dumps(str(tmp_path / "texts.json")),
    }
    (tmp_path / "compare.mjs").write_text(script, encoding="utf-8")
    done = subprocess.run([node, str(tmp_path / "compare.mjs")], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["names"][0] == out["names"][1] and "parseDocument" in out["names"][0]
    for k, (own, one) in enumerate(out["texts"]):
        assert own == one, k
    assert any(own["errors"] for own, _one in out["texts"])  # the broken texts are refused alike


@pytest.mark.parametrize(
    "modules, said",
    [
        (
            {"index.js": "import a from './a.js';\nexport { a };\n", "a.js": "export { x };\n"},
            "index.js:1: a module statement",
        ),
        ({"index.js": "const m = import('./a.js');\nexport { m };\n"}, "index.js:1: imports at run time"),
        (
            {
                "index.js": "import { a } from './a.js';\nexport { a };\n",
                "a.js": "import { b } from './index.js';\nconst a = 1;\nexport { a };\n",
            },
            "an import cycle: index.js -> a.js -> index.js",
        ),
        ({"index.js": "export { a } from './gone.js';\n"}, "index.js: imports gone.js, which is not in the package"),
        ({"index.js": "export { a-b };\n"}, "index.js:1: `a-b` is not a name"),
    ],
)
def test_another_shape_stops_the_build(modules, said):
    with pytest.raises(BundleError) as caught:
        bundle(modules)
    assert str(caught.value).startswith(said), str(caught.value)


def test_each_module_keeps_its_own_names():
    """Two modules with a top-level name alike (as bundled code often has) do not collide."""
    node = shutil.which("node")
    assert node
    text = bundle(
        {
            "index.js": "import { f } from './a.js';\nimport { g } from './b.js';\nconst x = 'index';\nexport { f, g, x };\n",
            "a.js": "const x = 'a';\nfunction f() { return x; }\nexport { f };\n",
            "b.js": "const x = 'b';\nconst g = () => x;\nexport { g };\n",
        }
    )
    done = subprocess.run(
        [node, "--input-type=module", "-e", text + "\nconsole.log(f() + g() + x);"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.stdout.strip() == "abindex", done.stderr
