// Service worker: keeps every file of the site (listed at build time) so the scorer works
// offline once loaded. Cache-first; a rebuilt site has a new VERSION, which replaces the cache.
// Only this site's own files are ever cached or answered; other requests pass through untouched.
const VERSION = "__VERSION__";
const PRECACHE = "__PRECACHE__";
// One cache name per site folder: playaid sites at other sub-paths of this origin (project pages
// of one owner share owner.github.io) keep theirs; only this folder's older versions are removed.
const PREFIX = `playaid-${new URL("./", self.location.href).pathname}-`;
const CACHE = PREFIX + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const key = request.mode === "navigate" ? new URL("./", self.location.href).href : request;
    const hit = await cache.match(key, { ignoreSearch: request.mode === "navigate" });
    return hit || fetch(request);
  })());
});
