// The offline copy seen from the page: registers the service worker (../sw.js), lets the engine
// wait briefly on a first visit until the service worker is in control (so the engine's downloads
// are kept as they arrive, not fetched a second time), asks it to complete the copy once the
// scorer is ready, and asks again by itself when the connection returns.
//
// Status (offline.status, and a "status" event on it each time it changes):
//   {state: "unavailable", message}        no offline copy here (plain http on a LAN, or refused)
//   {state: "pending"}                     not started yet (it waits for the scorer)
//   {state: "saving", done, total}         files saved so far
//   {state: "ready", message}              complete and checked: the page works offline
//   {state: "failed", message, retryInMs}  cut short (connection lost): tried again when back
//                                          online or after retryInMs; what was saved is kept
// and `updated: true` once a newer version of the site has taken over (reload to use it).

import { Retry } from "./retry.js";

const SW = new URL("../sw.js", import.meta.url);
const TAKE_OVER_MS = 3000; // a first visit waits at most this long for the service worker
/** Saving with no word from the service worker for this long counts as cut short and is tried
 * again (a worker the browser stopped loses its answer; asking again joins a copy in progress).
 * A worker still saving says so every 5 s (sw.js HEARTBEAT_MS), even during one long download. */
const STALL_MS = 20000;

export class OfflineCopy extends EventTarget {
  constructor() {
    super();
    this.retry = new Retry();
    this.wanted = false;
    const sw = globalThis.navigator?.serviceWorker;
    if (!sw || !globalThis.isSecureContext) {
      this.setStatus({ state: "unavailable", message: "opened over plain http: browsers keep an offline copy only for https or localhost" });
      return;
    }
    this.controlledAtStart = Boolean(sw.controller);
    sw.addEventListener("message", (event) => this.receive(event.data));
    sw.addEventListener("controllerchange", () => {
      if (this.controlledAtStart) this.setStatus({ ...this.status, updated: true });
      this.controlledAtStart = true;
    });
    sw.startMessages();
    this.setStatus({ state: "pending" });
  }

  get available() { return this.status.state !== "unavailable"; }

  setStatus(status) {
    this.status = status;
    this.dispatchEvent(new CustomEvent("status", { detail: status }));
  }

  /** The registration, registering sw.js when it is not yet (rejects when that fails). */
  register() {
    // updateViaCache "all": the browser's update check of sw.js may revalidate it (a 304 when
    // unchanged) instead of downloading it again on every visit
    this.registration ??= navigator.serviceWorker.register(SW, { updateViaCache: "all" }).catch((error) => {
      this.registration = null;
      throw error;
    });
    return this.registration;
  }

  /** Resolves (true) once the service worker controls this page: at once after a first visit;
   * on a first visit when it has taken over, or false after TAKE_OVER_MS or when it cannot. */
  async takeOver() {
    if (!this.available) return false;
    if (navigator.serviceWorker.controller) return true;
    try { await this.register(); } catch { return false; }
    if (navigator.serviceWorker.controller) return true;
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(Boolean(navigator.serviceWorker.controller)), TAKE_OVER_MS);
      navigator.serviceWorker.addEventListener("controllerchange", () => { clearTimeout(timer); resolve(true); }, { once: true });
    });
  }

  /** Ask the service worker to complete the offline copy (again after a failure). */
  async save() {
    if (!this.available) return;
    this.wanted = true;
    this.retry.cancel();
    try {
      const registration = await this.register();
      const worker = registration.active ?? (await navigator.serviceWorker.ready).active;
      if (this.status.state !== "ready") this.setStatus({ state: "saving", done: 0, total: 0 });
      worker.postMessage({ type: "offline-copy" });
      this.watch();
    } catch (error) {
      this.failed(String(error && error.message || error));
    }
  }

  /** (Re)start the stall watch of a copy being saved. */
  watch() {
    clearTimeout(this.stallTimer);
    this.stallTimer = setTimeout(() => {
      if (this.status.state === "saving") this.failed("no answer from the offline copy");
    }, STALL_MS);
  }

  receive(message) {
    if (!message || message.type !== "offline-copy") return;
    if (message.state === "saving") this.watch(); else clearTimeout(this.stallTimer);
    const updated = this.status.updated;
    if (message.state === "failed") this.failed(message.message);
    else if (message.state === "ready") {
      this.retry.succeeded();
      this.setStatus({ state: "ready", message: "works offline", updated });
    } else if (message.state === "saving" && this.status.state !== "ready") {
      this.setStatus({ state: "saving", done: message.done, total: message.total, updated });
    }
  }

  failed(message) {
    const retryInMs = this.retry.schedule(() => { if (this.status.state === "failed") this.save(); });
    this.setStatus({ state: "failed", message: navigator.onLine === false
      ? "no connection: the offline copy is finished when you are back online" : `offline copy not finished (${message})`, retryInMs });
  }
}
