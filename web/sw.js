// Service worker: the offline copy of the scorer, kept in Cache Storage and checked byte for byte.
//
// FILES (written by `playaid web`) names every file of this version of the site with the sha256
// of its bytes (first 16 hex digits); VERSION is a digest of that list. Only those files, and
// navigations to the site's own page, are answered here; any other request goes to the network
// untouched. Everything is relative to this script's folder, so the site works under a sub-path.
//
// First visit: installing fetches nothing, so this worker takes over the page at once and the
// engine's own downloads come through it (cached as they stream: each file crosses the network
// once). When the page asks ({type: "offline-copy"}, once the scorer is ready) the rest is fetched,
// every file is checked against its digest, and the copy is marked complete. Progress goes to the
// pages as {type: "offline-copy", state: "saving" | "ready" | "failed", done, total, message}.
// A failure (connection lost) leaves what was saved; the page asks again when the connection returns.
//
// An update (a new VERSION): installing copies every unchanged file from the complete copy in use
// and fetches only the changed ones, all checked; the new version takes over only once its copy
// is complete, so an update cut short by a lost connection leaves the old copy working.
//
// Pyodide's WebAssembly is kept gzipped (9.6 MB kept as 3.5 MB: the phone keeps at most 20 MB
// in all, issue 31): packed once its bytes are checked, unpacked as it is served (streamed, so the
// engine compiles while it unpacks). A packed entry names the digest of its packed bytes and of
// the file (PACKED_HEADER), both checked each time it is served.
const VERSION = "__VERSION__";
const FILES = "__FILES__";
const SCOPE = new URL("./", self.location.href).href;
// One cache per site folder: playaid sites at other sub-paths of this origin (project pages of
// one owner share owner.github.io) keep theirs; only this folder's older versions are replaced.
const PREFIX = `playaid-site-${new URL(SCOPE).pathname}-`;
const CACHE = PREFIX + VERSION;
const COMPLETE = new URL("offline-copy-complete", SCOPE).href; // never a site file: a marker entry
const href = (path) => new URL(path, SCOPE).href;
const PARALLEL = 4;
const PACKED_HEADER = "X-Playaid-Packed"; // "<sha256 of the packed bytes> <FILES digest of the file>"
/** Whether the offline copy keeps `path` gzipped (where the browser can). */
const packs = (path) => path.endsWith(".wasm") && typeof CompressionStream === "function";

/** The site path a URL names ("index.html" for the page itself), or null if not one of ours. */
function siteFile(request) {
  const url = new URL(request.url);
  if (!url.href.startsWith(SCOPE)) return null;
  let path;
  try { path = decodeURIComponent(url.pathname.slice(new URL(SCOPE).pathname.length)); } catch { return null; }
  if (request.mode === "navigate") return path === "" || path === "index.html" ? "index.html" : null;
  return !url.search && Object.hasOwn(FILES, path) ? path : null;
}

async function digestOf(bytes) {
  const sum = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(sum.slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function digest(response) {
  return digestOf(await response.arrayBuffer());
}

/** The entry to keep for `path` from `response`, whose bytes are checked: gzipped when `packs`. */
async function toKeep(path, response) {
  if (!packs(path)) return response;
  const packed = await new Response(response.body.pipeThrough(new CompressionStream("gzip"))).arrayBuffer();
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  headers.set(PACKED_HEADER, `${await digestOf(packed)} ${FILES[path]}`);
  return new Response(packed, { headers });
}

/** The kept entry `hit` as the page gets it, if its bytes are this version's `path`; else null.
 * `raw`: set to true when the entry is kept unpacked although `packs(path)`. */
async function checked(path, hit, raw = {}) {
  const packed = hit.headers.get(PACKED_HEADER);
  if (!packed) {
    if (await digest(hit.clone()) !== FILES[path]) return null;
    raw.value = packs(path);
    return hit;
  }
  const bytes = await hit.arrayBuffer();
  if (packed !== `${await digestOf(bytes)} ${FILES[path]}`) return null;
  const headers = new Headers(hit.headers);
  headers.delete(PACKED_HEADER);
  return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip")), { headers });
}

/** The longest one file of the offline copy may take (the WebAssembly on a slow connection). */
const FETCH_TIMEOUT_MS = 120000;

/** A response for `path` whose bytes match FILES[path]: from the network, revalidating any HTTP
 * cache entry; then, if that copy is of another version, once more bypassing every cache. */
async function fetchChecked(path) {
  const plain = path === "index.html" ? SCOPE : href(path); // the page is usually fetched as its folder
  for (const [url, mode] of [[plain, "no-cache"], [`${href(path)}?v=${FILES[path]}`, "reload"]]) {
    // bounded: a fetch that never ends would keep the copy "saving" with nothing tried again
    const response = await fetch(url, { cache: mode, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    if (await digest(response.clone()) === FILES[path]) return response;
  }
  throw new Error(`${path} on the server is not this version's (the site was updated: reload the page)`);
}

/** Run `work` on every item, at most PARALLEL at a time; rejects with the first failure. */
async function eachLimited(items, work) {
  const queue = [...items];
  await Promise.all(Array.from({ length: PARALLEL }, async () => {
    while (queue.length) await work(queue.shift());
  }));
}

async function broadcast(message) {
  for (const client of await self.clients.matchAll({ type: "window", includeUncontrolled: true })) {
    client.postMessage({ type: "offline-copy", version: VERSION, ...message });
  }
}

/** The newest other complete copy of the site, or null. */
async function previousCopy() {
  for (const name of (await caches.keys()).reverse()) {
    if (name.startsWith(PREFIX) && name !== CACHE) {
      const cache = await caches.open(name);
      if (await cache.match(COMPLETE)) return cache;
    }
  }
  return null;
}

/** Fill `cache` with every file, checked; `reuse`: a cache whose entries are verified and whose
 * FILES digests are given in its marker. Calls progress(done, total). */
async function fill(cache, reuse, progress) {
  const known = reuse ? await (await reuse.match(COMPLETE)).json() : {};
  const paths = Object.keys(FILES);
  let done = 0;
  await eachLimited(paths, async (path) => {
    let response = await cache.match(href(path));
    const raw = {};
    if (response) response = await checked(path, response, raw); // null: stale or damaged
    if (response && raw.value) await cache.put(href(path), await toKeep(path, response)); // kept as it streamed: pack it
    if (!response && reuse && known[path] === FILES[path]) {
      response = await reuse.match(href(path));
      if (response) await cache.put(href(path), response);
    }
    if (!response) await cache.put(href(path), await toKeep(path, await fetchChecked(path)));
    progress(++done, paths.length);
  });
  await cache.put(COMPLETE, new Response(JSON.stringify(FILES), { headers: { "Content-Type": "application/json" } }));
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const previous = await previousCopy();
    // an update is made complete before it takes over; a first install takes over at once
    if (previous) await fill(await caches.open(CACHE), previous, () => {});
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const folder = new URL(SCOPE).pathname;
    for (const name of await caches.keys()) {
      // this folder's older copies, in this format and the two before it (playaid-<version>,
      // playaid-<folder>-<version>); never other folders' copies, never the engine's snapshots
      const old = name.startsWith(PREFIX) || /^playaid-[0-9a-f]{16}$/.test(name) || (name.startsWith(`playaid-${folder}-`));
      if (old && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

const HEARTBEAT_MS = 5000;
let saving = null;
/** Make this version's copy complete (once at a time), telling the pages how it goes. */
function saveCopy() {
  saving ??= (async () => {
    const cache = await caches.open(CACHE);
    if (await cache.match(COMPLETE)) return broadcast({ state: "ready" });
    let last = 0;
    let progress = { done: 0, total: Object.keys(FILES).length };
    // a heartbeat while one long file downloads: the page counts 20 s of silence as a stopped worker
    const beat = setInterval(() => broadcast({ state: "saving", ...progress }), HEARTBEAT_MS);
    try {
      await fill(cache, await previousCopy(), (done, total) => {
        progress = { done, total };
        if (done === total || performance.now() - last > 250) {
          last = performance.now();
          broadcast({ state: "saving", done, total });
        }
      });
    } finally {
      clearInterval(beat);
    }
    return broadcast({ state: "ready" });
  })().catch((error) => broadcast({ state: "failed", message: String(error && error.message || error) }))
    .finally(() => { saving = null; });
  return saving;
}

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "offline-copy") event.waitUntil(saveCopy());
});

/** The kept copy of `path` if its bytes are this version's (checked each time it is served: a
 * disk error, a browser bug or a tool may damage a kept file, and a damaged engine file left the
 * page "restoring the scorer" for ever); a damaged one is dropped, and the copy marked incomplete
 * so that the page's next offline-copy step fills it again. */
async function keptCopy(cache, path) {
  const hit = await cache.match(href(path));
  if (!hit) return null;
  const served = await checked(path, hit);
  if (served) return served;
  await cache.delete(href(path));
  await cache.delete(COMPLETE);
  return null;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const path = siteFile(request);
  if (path === null) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const complete = Boolean(await cache.match(COMPLETE));
    const hit = await keptCopy(cache, path);
    if (hit) return hit;
    if (complete) {
      // the kept file was damaged: fetched again, checked; without a connection the page is told
      // what to do (the engine shows the message and tries again)
      try {
        const fresh = await fetchChecked(path);
        const kept = fresh.clone();
        event.waitUntil(toKeep(path, kept).then((entry) => cache.put(href(path), entry)).catch(() => {}));
        return fresh;
      } catch (error) {
        return new Response(`${path}: the offline copy of this file is damaged, and it cannot be fetched again now (${error && error.message || error}). Connect to the internet: the page fetches it again by itself.`,
          { status: 503, statusText: "Offline copy damaged", headers: { "Content-Type": "text/plain; charset=utf-8", "X-Playaid-Damaged": "1" } });
      }
    }
    // not saved yet (a first visit): from the network, kept as it streams to the page; the
    // offline-copy step checks its digest before the copy counts as complete
    const response = await fetch(href(path), { cache: "no-cache" });
    if (response.ok) event.waitUntil(cache.put(href(path), response.clone()).catch(() => {}));
    return response;
  })());
});
