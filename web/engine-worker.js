// The scoring engine: playaid's own Python scoring core (py/generator/...) running in Pyodide,
// loaded from this site (pyodide/), never from a CDN. Messages in: {id, op: "score", record}
// (record as JSON text), {id, op: "npcRoll", d20, terms} or {id, op: "rules", kind, args} (the
// rules search, generator.rulesearch: kind "search" {q, game, limit}, "entry" {id}, "card"
// {name, game} or "games"; the index, data/rules-index.json, is fetched on the first one). Messages out: {type: "status"},
// {type: "ready", timings}, {type: "result", id, json} (the report as JSON text),
// {type: "error", id, message} and {type: "failed", message} when the engine cannot start.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const base = new URL("./", self.location.href);
const status = (message) => self.postMessage({ type: "status", message });
const timings = {};
const t0 = performance.now();
const mark = (name) => { timings[name] = Math.round(performance.now() - t0); };

async function fetchText(path) {
  const response = await fetch(new URL(path, base));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response.text();
}

// Python glue: plain JSON text in and out, so no proxy objects cross the boundary.
const GLUE = `
import json, sys
sys.path.insert(0, "/playaid")
from generator.scoring import api

_RULES = json.loads(_rules_text)
del _rules_text

def score_json(text):
    return json.dumps(api.score(json.loads(text), _RULES), ensure_ascii=False)

def npc_roll_json(d20, terms_text):
    return json.dumps(api.xia_npc_roll(_RULES, d20, json.loads(terms_text)), ensure_ascii=False)

from generator.rulesearch.api import Rules as _RulesSearch
_rules_search = None

def rules_json(kind, args_text):
    global _rules_search, _index_text
    if _rules_search is None:
        _rules_search = _RulesSearch(json.loads(_index_text))
        del _index_text
    args = json.loads(args_text)
    if kind == "search":
        out = _rules_search.search(args.get("q") or "", args.get("game"), args.get("limit", 10))
    elif kind == "entry":
        out = _rules_search.entry(args.get("id") or "")
    elif kind == "card":
        out = _rules_search.card(args.get("name") or "", args.get("game"))
    elif kind == "games":
        out = _rules_search.games
    else:
        raise ValueError(f"unknown rules operation {kind}")
    return json.dumps(out, ensure_ascii=False)

# build each game's prepared rules now (card index, each card's best scoring line), not on the first score
for _game in api.engine(_RULES).games:
    api.engine(_RULES).built(_game)
`;

async function boot() {
  status("loading Python");
  const files = fetchText("py/files.json").then(JSON.parse);
  const rules = fetchText("data/rules.json");
  const pyodide = await loadPyodide({
    indexURL: new URL("pyodide/", base).href,
    stdout: () => {},
    stderr: (line) => console.warn("python:", line),
  });
  mark("python");
  status("loading the scorer");
  const names = await files;
  const sources = await Promise.all(names.map((name) => fetchText(`py/${name}`)));
  names.forEach((name, i) => {
    const path = `/playaid/${name}`;
    pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    pyodide.FS.writeFile(path, sources[i]);
  });
  pyodide.globals.set("_rules_text", await rules);
  pyodide.runPython(GLUE);
  mark("scorer");
  return { score: pyodide.globals.get("score_json"), npcRoll: pyodide.globals.get("npc_roll_json"),
    rules: pyodide.globals.get("rules_json"), setIndex: (text) => pyodide.globals.set("_index_text", text) };
}

const engine = boot();
let rulesIndex = null; // data/rules-index.json, fetched and read on the first rules question
async function rulesJson(py, kind, args) {
  rulesIndex ??= fetchText("data/rules-index.json").then((text) => py.setIndex(text));
  await rulesIndex;
  return py.rules(kind, JSON.stringify(args ?? {}));
}
engine.then(
  () => self.postMessage({ type: "ready", timings }),
  (error) => self.postMessage({ type: "failed", message: String(error && error.message || error) }),
);

self.onmessage = async (event) => {
  const { id, op } = event.data;
  try {
    const py = await engine;
    let json;
    if (op === "score") json = py.score(event.data.record);
    else if (op === "npcRoll") json = py.npcRoll(event.data.d20, JSON.stringify(event.data.terms || {}));
    else if (op === "rules") json = await rulesJson(py, event.data.kind, event.data.args);
    else throw new Error(`unknown operation ${op}`);
    self.postMessage({ type: "result", id, json });
  } catch (error) {
    self.postMessage({ type: "error", id, message: String(error && error.message || error) });
  }
};
