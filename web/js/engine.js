// The engine client: runs engine-worker.js (Pyodide + playaid's scoring core) in the background
// and sends it records. The form never waits for it; scores appear once it is ready.
//
// Status (engine.status, and a "status" event on the engine each time it changes):
//   {state: "loading",  stage, message}   stage: "waiting" (for the offline copy to take over, first
//                                          visit only), "downloading", "starting", "restoring"
//   {state: "ready",    from, message}    from: "snapshot" (restored) or "scratch"
//   {state: "retrying", message, retryInMs}  could not load (no connection, server down): it tries
//                                          again when the browser is back online or after retryInMs
//   {state: "failed",   message}          cannot work here; retrying cannot help
// `message` is plain words for people ("downloading the scorer").

import { Retry } from "./retry.js";

const TIMEOUT_MS = 20000; // a record that takes longer than this is abandoned and the worker restarted

export class Engine extends EventTarget {
  /** `beforeStart`: awaited once before the first worker starts (the offline copy taking over). */
  constructor({ beforeStart = null } = {}) {
    super();
    this.pending = new Map();
    this.nextId = 1;
    this.timings = null;
    this.retry = new Retry();
    this.ready = new Promise((resolve, reject) => { this.resolveReady = resolve; this.rejectReady = reject; });
    this.ready.catch(() => {}); // reported through the status; callers may also await it
    this.setStatus({ state: "loading", stage: "waiting", message: "starting" });
    (async () => {
      if (beforeStart) {
        try { await beforeStart(); } catch { /* start without it */ }
      }
      this.start();
    })();
  }

  /** "loading", "ready", "retrying" or "failed" (the status's state). */
  get state() { return this.status.state; }

  setStatus(status) {
    this.status = status;
    this.dispatchEvent(new CustomEvent("status", { detail: status }));
  }

  start() {
    this.retry.cancel();
    this.worker = new Worker(new URL("../engine-worker.js", import.meta.url), { type: "module" });
    this.setStatus({ state: "loading", stage: "downloading", message: "downloading the scorer" });
    this.worker.onmessage = (event) => this.receive(event.data);
    this.worker.onerror = (event) => { event.preventDefault?.(); this.fail(event.message || "the scorer could not start", false); };
  }

  /** Stop the worker; every request in flight is answered with `reason`. */
  stop(reason) {
    this.worker.terminate();
    for (const job of this.pending.values()) {
      clearTimeout(job.timer);
      job.reject(new Error(reason));
    }
    this.pending.clear();
  }

  receive(msg) {
    if (msg.type === "status") {
      if (this.state !== "ready") this.setStatus({ state: "loading", stage: msg.stage, message: msg.message });
    } else if (msg.type === "ready") {
      this.timings = msg.timings;
      this.retry.succeeded();
      if (!performance.getEntriesByName("playaid-engine-ready").length) performance.mark("playaid-engine-ready");
      this.setStatus({ state: "ready", from: msg.from, message: "ready" });
      this.resolveReady(true);
    } else if (msg.type === "restart") { // a kept snapshot was not usable: start from scratch
      this.stop("the scorer restarted");
      this.start();
    } else if (msg.type === "failed") {
      this.fail(msg.message, msg.permanent);
    } else {
      const job = this.pending.get(msg.id);
      if (!job) return;
      this.pending.delete(msg.id);
      clearTimeout(job.timer);
      if (msg.type === "result") job.resolve(JSON.parse(msg.json));
      else job.reject(new Error(msg.message));
    }
  }

  fail(message, permanent) {
    this.stop(message);
    if (permanent || typeof WebAssembly !== "object") {
      this.setStatus({ state: "failed", message });
      this.rejectReady(new Error(message));
      return;
    }
    // most likely the connection: try again when it is back, or after a while anyway
    const retryInMs = this.retry.schedule(() => { if (this.state === "retrying") this.start(); });
    this.setStatus({ state: "retrying", message: navigator.onLine === false
      ? "no connection: it loads when you are back online" : `could not load (${message}); trying again`, retryInMs });
  }

  async call(message) {
    await this.ready; // the time limit counts from here, not during a slow first load
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error("scoring took too long; the engine was restarted"));
        this.stop("the engine was restarted");
        this.start();
      }, TIMEOUT_MS);
      this.pending.set(id, { resolve, reject, timer });
      this.worker.postMessage({ id, ...message });
    });
  }

  /** The report object for a record given as JSON text (records.js `recordJSON`, or a parse's `json`). */
  score(recordJSON) { return this.call({ op: "score", record: recordJSON }); }

  /** The rules search (generator.rulesearch.api): kind "search" {q, game, limit} -> results,
   * "entry" {id} -> one result or null, "card" {name, game}, "games" -> {id: title}. */
  rules(kind, args = {}) { return this.call({ op: "rules", kind, args }); }

  /** A calculator content declares (generator/scoring/calculator.py; game, calculator null: the
   * first declared): {ok, d20, terms, modified, band, fame, explain} or {ok: false, errors}. */
  calculate(game, calculator, roll, terms) { return this.call({ op: "calculate", request: { game, calculator, roll, terms } }); }
}
