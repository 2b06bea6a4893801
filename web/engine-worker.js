// The scoring engine: playaid's own Python scoring core running in Pyodide, loaded from this site
// (pyodide/, data/engine.json), never from a CDN.
//
// Messages in:  {id, op: "score", record} (the record as JSON text), {id, op: "npcRoll", d20, terms}
//               or {id, op: "rules", kind, args} (the rules search, generator.rulesearch: kind
//               "search" {q, game, limit}, "entry" {id}, "card" {name, game} or "games"; the
//               index, data/rules-index.json, is fetched on the first one).
// Messages out: {type: "status", stage, message}   stage: "downloading" | "starting" | "restoring"
//               {type: "ready", timings, from}       from: "snapshot" | "scratch"
//               {type: "result", id, json}           the report as JSON text (never a traceback)
//               {type: "error", id, message}
//               {type: "failed", message, permanent} the engine cannot start (permanent: retrying
//                                                    cannot help, e.g. it failed its self-test)
//
// Start-up, fastest first:
//  - a memory snapshot made on this device by an earlier visit (Cache Storage "playaid-engine",
//    named by data/engine.json's version): Python's whole memory with the scorer imported and its
//    rules prepared, restored in a fraction of a second instead of starting Python again;
//  - else Python from scratch: the WebAssembly streams and compiles while it downloads, the
//    standard library and data/engine.json come at the same time, then the scorer is imported,
//    checked, and a snapshot made for the next visit.
// Either way the engine scores data/engine.json's self-test records and must give the reports
// the build gave before it says ready; a snapshot that does not is deleted and never used.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const base = new URL("./", self.location.href);
const SNAPSHOTS = "playaid-engine";
const SNAPSHOT_KEY = new URL("engine-snapshot", base).href;
const timings = {};
const t0 = performance.now();
const mark = (name) => { timings[name] = Math.round(performance.now() - t0); };
const status = (stage, message) => self.postMessage({ type: "status", stage, message });

/** A failure that retrying cannot mend (the page stops retrying and says so). */
class Permanent extends Error {}

// Pyodide swallows a failed WebAssembly download ("wasm instantiation failed!" on the console)
// and then waits for ever; a failed standard-library download is only logged. So every download
// is watched, and so is that message: the first failure ends the start-up at once (the page
// tries again when the connection returns).
let downloadFailed;
const failure = new Promise((_resolve, reject) => { downloadFailed = reject; });
failure.catch(() => {});
const realFetch = self.fetch.bind(self);
self.fetch = (resource, init) => realFetch(resource, init).then((response) => {
  const file = String(resource.url ?? resource).replace(base.href, "");
  // the service worker found its kept copy damaged and could not fetch it again (sw.js keptCopy)
  if (response.headers.get("X-Playaid-Damaged")) downloadFailed(new Error(`the offline copy of ${file} is damaged: connect to the internet and it is fetched again`));
  else if (!response.ok) downloadFailed(new Error(`${file}: HTTP ${response.status}`));
  return response;
}, (error) => {
  downloadFailed(new Error(`a download failed (${error && error.message || error})`));
  throw error;
});
const realWarn = console.warn.bind(console);
console.warn = (...args) => {
  if (typeof args[0] === "string" && args[0].startsWith("wasm instantiation failed")) downloadFailed(new Error("the WebAssembly did not load"));
  realWarn(...args);
};
const realError = console.error.bind(console);
console.error = (...args) => {
  if (typeof args[0] === "string" && args[0].includes("installing the standard library")) downloadFailed(new Error("the Python standard library did not load"));
  realError(...args);
};

async function fetchText(path) {
  const response = await fetch(new URL(path, base));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response.text();
}

// Python glue: plain JSON text in and out, so no proxy objects cross the boundary, and nothing
// raised inside reaches the page: a record that breaks the core gives an error report.
const GLUE = `
import importlib, json, os, sys

def _install(bundle_text):
    """Write the scoring core's files under /playaid, import every module of it (so a memory
    snapshot holds them all and never needs the files again), keep the rules."""
    global _RULES, _SELFTEST
    bundle = json.loads(bundle_text)
    for name, source in bundle["python"].items():
        path = "/playaid/" + name
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(source)
    sys.path.insert(0, "/playaid")
    for name in bundle["python"]:
        importlib.import_module(name[:-3].replace("/", ".").removesuffix(".__init__"))
    _RULES = bundle["rules"]
    _SELFTEST = bundle["selftest"]

def _failure(message, hint=""):
    return json.dumps({"ok": False, "game": None, "errors": [
        {"path": [], "field": "", "message": message, "hint": hint}]}, ensure_ascii=False)

def score_json(text):
    from generator.scoring import api
    try:
        record = json.loads(text)
    except ValueError as exc:  # the page checks records first; this is the last line of defence
        return _failure(f"the record is not valid JSON: {exc}", "send the record as playaid score reads it")
    except RecursionError:
        return _failure("the record is nested too deeply", "playaid records need only a few levels")
    try:
        return json.dumps(api.score(record, _RULES), ensure_ascii=False)
    except Exception as exc:  # a bug in the core: say so plainly, never a traceback
        return _failure(f"internal error: {type(exc).__name__}: {exc}",
                        "please report this record; the command line gives the same")

def npc_roll_json(d20, terms_text):
    from generator.scoring import api
    try:
        return json.dumps(api.xia_npc_roll(_RULES, d20, json.loads(terms_text)), ensure_ascii=False)
    except Exception as exc:
        return json.dumps({"ok": False, "errors": [{"field": "", "message": f"internal error: {type(exc).__name__}: {exc}", "hint": ""}]})

def _prepare():
    """Build each game's prepared rules now (card index, each card's best scoring line), not on the first score."""
    from generator.scoring import api
    for game in api.engine(_RULES).games:
        api.engine(_RULES).built(game)

def _selftest():
    """'' when every self-test record scores as the build scored it, else what differs."""
    for case in _SELFTEST:
        got = json.loads(score_json(json.dumps(case["record"])))
        if got != case["report"]:
            return f"{case['record'].get('game')}: the report differs from the build's"
    return ""

_rules_search = None

def rules_json(kind, args_text):
    global _rules_search, _index_text
    if _rules_search is None:
        from generator.rulesearch.api import Rules
        _rules_search = Rules(json.loads(_index_text))
        del _index_text
    args = json.loads(args_text)
    if kind == "search":
        out = _rules_search.search(args.get("q") or "", args.get("game"), args.get("limit", 10), args.get("variant"))
    elif kind == "entry":
        out = _rules_search.entry(args.get("id") or "")
    elif kind == "card":
        out = _rules_search.card(args.get("name") or "", args.get("game"))
    elif kind == "games":
        out = _rules_search.games
    elif kind == "variants":
        out = _rules_search.variants
    elif kind == "closest":
        out = _rules_search.closest(args.get("q") or "", args.get("game"), 3, args.get("variant"))
    elif kind == "no_answer":
        out = _rules_search.no_answer(args.get("q") or "", args.get("game"))
    else:
        raise ValueError(f"unknown rules operation {kind}")
    return json.dumps(out, ensure_ascii=False)
`;

/** The snapshot response kept for this device, or null (none, or no Cache Storage here). */
async function storedSnapshot() {
  try {
    if (!self.caches) return null;
    return (await (await caches.open(SNAPSHOTS)).match(SNAPSHOT_KEY)) ?? null;
  } catch {
    return null; // storage refused (private mode, quota): start from scratch
  }
}

async function dropSnapshot() {
  try { await (await caches.open(SNAPSHOTS)).delete(SNAPSHOT_KEY); } catch { /* nothing to drop */ }
}

/** The snapshot's bytes gzipped (Python's memory is mostly empty pages: 31.5 MB kept as about
 * 6 MB), or null where the browser has no CompressionStream (then kept as they are). */
async function packed(bytes) {
  if (typeof CompressionStream !== "function") return null;
  return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer());
}

async function keepSnapshot(version, bytes) {
  try {
    const gz = await packed(bytes);
    const cache = await caches.open(SNAPSHOTS);
    await cache.put(SNAPSHOT_KEY, new Response(gz ?? bytes, { headers: {
      "Content-Type": "application/octet-stream", "X-Engine-Version": version, "X-Snapshot-Bytes": String(bytes.byteLength),
      ...(gz ? { "X-Snapshot-Encoding": "gzip", "X-Snapshot-Packed-Bytes": String(gz.byteLength) } : {}) } }));
  } catch (error) {
    console.warn("engine: the memory snapshot was not kept:", error && error.message);
  }
}

function pythonOptions(bundle) {
  return {
    indexURL: new URL("pyodide/", base).href,
    lockFileContents: bundle.then((b) => b.pyodide.lock), // no pyodide-lock.json fetch: we load no package
    stdout: () => {},
    stderr: (line) => console.warn("python:", line),
  };
}

/** Run the self-test; throws `Permanent` naming what differs. */
function selftest(pyodide) {
  const problem = pyodide.globals.get("_selftest")();
  if (problem) throw new Permanent(`the scorer failed its self-test (${problem})`);
  mark("checked");
}

function entryPoints(pyodide) {
  return { score: pyodide.globals.get("score_json"), npcRoll: pyodide.globals.get("npc_roll_json"),
    rules: pyodide.globals.get("rules_json"), setIndex: (text) => pyodide.globals.set("_index_text", text) };
}

let rulesIndex = null; // data/rules-index.json, fetched and read on the first rules question
async function rulesJson(engine, kind, args) {
  rulesIndex ??= fetchText("data/rules-index.json").then((text) => engine.setIndex(text));
  await rulesIndex;
  return engine.rules(kind, JSON.stringify(args ?? {}));
}

async function fromSnapshot(response, bundle) {
  status("restoring", "restoring the scorer kept on this device");
  let bytes = new Uint8Array(await response.arrayBuffer());
  if (response.headers.get("X-Snapshot-Encoding") === "gzip") { // kept packed (keepSnapshot)
    if (bytes.byteLength !== Number(response.headers.get("X-Snapshot-Packed-Bytes"))) throw new Error("the snapshot is incomplete");
    bytes = new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
  }
  if (bytes.byteLength !== Number(response.headers.get("X-Snapshot-Bytes"))) throw new Error("the snapshot is incomplete");
  const pyodide = await loadPyodide({ ...pythonOptions(bundle), _loadSnapshot: bytes });
  mark("python");
  selftest(pyodide);
  return entryPoints(pyodide);
}

async function fromScratch(bundle, bundleTextP) {
  status("downloading", "downloading the scorer");
  const snapshots = Boolean(self.caches);
  const pyodide = await loadPyodide({ ...pythonOptions(bundle), _makeSnapshot: snapshots });
  mark("python");
  status("starting", "starting the scorer");
  const bundleText = await bundleTextP;
  pyodide.runPython(GLUE);
  pyodide.globals.get("_install")(bundleText);
  pyodide.globals.get("_prepare")();
  mark("imported");
  selftest(pyodide);
  // The snapshot is taken here, before any score: every later start begins from this state.
  let snapshot = null;
  if (snapshots) {
    try { snapshot = pyodide.makeMemorySnapshot(); } catch (error) { console.warn("engine: no memory snapshot:", error && error.message); }
    mark("snapshot");
  }
  return { engine: entryPoints(pyodide), snapshot };
}

async function boot() {
  const bundleTextP = fetchText("data/engine.json");
  const bundle = bundleTextP.then(JSON.parse);
  const stored = await storedSnapshot();
  if (stored) {
    const { version } = await bundle;
    if (stored.headers.get("X-Engine-Version") === version) {
      try {
        const engine = await fromSnapshot(stored, bundle);
        return { engine, from: "snapshot" };
      } catch (error) {
        // a snapshot this runtime refuses, or that fails the self-test: never use it again, and
        // start from scratch in a fresh worker (this one's Python may be half restored)
        console.warn("engine: the kept snapshot was not usable:", error && error.message);
        await dropSnapshot();
        throw Object.assign(new Error("restarting"), { restart: true });
      }
    }
  }
  const { engine, snapshot } = await fromScratch(bundle, bundleTextP);
  if (snapshot) {
    const { version } = await bundle;
    setTimeout(() => keepSnapshot(version, snapshot), 0); // after "ready" has been posted
  }
  return { engine, from: "scratch" };
}

const booted = Promise.race([boot(), failure]);
booted.then(
  ({ from }) => { mark("ready"); self.postMessage({ type: "ready", timings, from }); },
  (error) => {
    if (error && error.restart) self.postMessage({ type: "restart" });
    else self.postMessage({ type: "failed", message: String(error && error.message || error), permanent: error instanceof Permanent });
  },
);

self.onmessage = async (event) => {
  const { id, op } = event.data;
  try {
    const { engine } = await booted;
    let json;
    if (op === "score") json = engine.score(event.data.record);
    else if (op === "npcRoll") json = engine.npcRoll(event.data.d20, JSON.stringify(event.data.terms || {}));
    else if (op === "rules") json = await rulesJson(engine, event.data.kind, event.data.args);
    else throw new Error(`unknown operation ${op}`);
    self.postMessage({ type: "result", id, json });
  } catch (error) {
    self.postMessage({ type: "error", id, message: String(error && error.message || error) });
  }
};
