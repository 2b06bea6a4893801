// The engine client: starts engine-worker.js (Pyodide + playaid's scoring core) in the
// background and sends it records. The form never waits for it; scores appear once it is ready.

const TIMEOUT_MS = 20000; // a record that takes longer than this is abandoned and the worker restarted

export class Engine {
  /** onStatus(state, message): state is "loading", "ready" or "failed". */
  constructor(onStatus) {
    this.onStatus = onStatus;
    this.pending = new Map();
    this.nextId = 1;
    this.timings = null;
    this.start();
  }

  start() {
    this.worker = new Worker(new URL("../engine-worker.js", import.meta.url), { type: "module" });
    this.ready = new Promise((resolve, reject) => { this.resolveReady = resolve; this.rejectReady = reject; });
    this.ready.catch(() => {}); // reported through onStatus; callers may also await it
    this.state = "loading";
    this.onStatus("loading", "starting");
    this.worker.onmessage = (event) => this.receive(event.data);
    this.worker.onerror = (event) => this.fail(event.message || "the engine could not start");
  }

  receive(msg) {
    if (msg.type === "status") this.onStatus("loading", msg.message);
    else if (msg.type === "ready") {
      this.timings = msg.timings;
      this.state = "ready";
      performance.mark("playaid-engine-ready");
      this.onStatus("ready", "ready");
      this.resolveReady(true);
    } else if (msg.type === "failed") this.fail(msg.message);
    else {
      const job = this.pending.get(msg.id);
      if (!job) return;
      this.pending.delete(msg.id);
      clearTimeout(job.timer);
      if (msg.type === "result") job.resolve(JSON.parse(msg.json));
      else job.reject(new Error(msg.message));
    }
  }

  fail(message) {
    this.state = "failed";
    this.onStatus("failed", message);
    this.rejectReady(new Error(message));
    for (const job of this.pending.values()) job.reject(new Error(message));
    this.pending.clear();
  }

  async call(message) {
    await this.ready; // the time limit counts from here, not during a slow first load
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error("scoring took too long; the engine was restarted"));
        this.worker.terminate();
        this.start();
      }, TIMEOUT_MS);
      this.pending.set(id, { resolve, reject, timer });
      this.worker.postMessage({ id, ...message });
    });
  }

  /** The report object for a record given as JSON text (see records.js toPythonJSON). */
  score(recordJSON) { return this.call({ op: "score", record: recordJSON }); }

  /** The rules search (generator.rulesearch.api): kind "search" {q, game, limit} -> results,
   * "entry" {id} -> one result or null, "card" {name, game}, "games" -> {id: title}. */
  rules(kind, args = {}) { return this.call({ op: "rules", kind, args }); }

  /** The Xia solo round-end roll: {ok, d20, terms, modified, band, fame, explain} or {ok: false, errors}. */
  npcRoll(d20, terms) { return this.call({ op: "npcRoll", d20, terms }); }
}
