// The scoring engine: playaid's own Python scoring core running in Pyodide, loaded from this site
// (pyodide/, data/engine.json), never from a CDN.
//
// Messages in:  {id, op: "score", record} (the record as JSON text), {id, op: "calculate", request: {game, calculator, roll, terms}} (a calculator content declares)
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
const WORKER_MODULE = "generator.web.worker"; // the page's Python: generator/web/worker.py
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

/** The Python the engine runs (generator/web/worker.py, in the bundle): the bundle's files written
 * under /playaid, that folder put on sys.path, the module imported; it imports every module of
 * the core and keeps the rules (`install`). Returns the module. */
function install(pyodide, bundle, bundleText) {
  for (const [name, source] of Object.entries(bundle.python)) {
    const path = `/playaid/${name}`;
    pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    pyodide.FS.writeFile(path, source, { encoding: "utf8" });
  }
  const sys = pyodide.pyimport("sys");
  sys.path.insert(0, "/playaid");
  sys.destroy();
  const worker = pyodide.pyimport(WORKER_MODULE);
  worker.install(bundleText);
  return worker;
}

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
  const problem = pyodide.pyimport(WORKER_MODULE).selftest();
  if (problem) throw new Permanent(`the scorer failed its self-test (${problem})`);
  mark("checked");
}

function entryPoints(pyodide) {
  const worker = pyodide.pyimport(WORKER_MODULE);
  return { score: worker.score_json, calculate: worker.calculate_json, rules: worker.rules_json, setIndex: worker.set_index };
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
  install(pyodide, await bundle, bundleText).prepare();
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
    else if (op === "calculate") json = engine.calculate(JSON.stringify(event.data.request || {}));
    else if (op === "rules") json = await rulesJson(engine, event.data.kind, event.data.args);
    else throw new Error(`unknown operation ${op}`);
    self.postMessage({ type: "result", id, json });
  } catch (error) {
    self.postMessage({ type: "error", id, message: String(error && error.message || error) });
  }
};
