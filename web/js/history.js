// Games remembered on this device (localStorage): every scored game with its date, variant,
// record and a summary (players, totals, ranks, winners), the newest first. Player names and
// the cards of recent games are offered again; all games export as one JSON file and import
// back, the import read as hostile input (size, depth and count bounded, every entry's shape
// checked, summaries never trusted: the page scores imported records again).

import { LIMITS as RECORD_LIMITS } from "./records.js";

const KEY = "playaid.v1.history";
export const FORMAT = "playaid-games";
export const LIMITS = { bytes: 8 << 20, games: 2000, recordBytes: RECORD_LIMITS.bytes, depth: RECORD_LIMITS.depth, values: 100_000 };
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A new id for a saved game (time-ordered, unique enough on one device). */
export function newId() {
  const random = crypto.getRandomValues(new Uint32Array(2));
  return `g${Date.now().toString(36)}-${random[0].toString(36)}${random[1].toString(36)}`;
}

export class History {
  /** `known`: the games the page can open ({rftg: true, "xia-campaign": true}). */
  constructor(known, storage = globalThis.localStorage) {
    this.known = known;
    this.storage = storage;
    this.games = this.read();
  }

  read() {
    try {
      const data = JSON.parse(this.storage?.getItem(KEY) ?? "null");
      return Array.isArray(data?.games) ? data.games.filter((g) => this.check(g) === "") : [];
    } catch {
      return [];
    }
  }

  write() {
    try {
      this.storage?.setItem(KEY, JSON.stringify({ format: FORMAT, version: 1, games: this.games }));
      return true;
    } catch {
      return false; // storage full or private mode: the list still works in this tab
    }
  }

  get(id) { return this.games.find((g) => g.id === id) ?? null; }

  /** Save or update a game: {id, game, record, summary, variant, title}; the date it was first
   * saved is kept, `updated` set. Newest first. */
  save(entry) {
    const now = new Date().toISOString();
    const old = this.get(entry.id);
    const saved = { ...entry, played: old?.played ?? entry.played ?? now, updated: now };
    this.games = [saved, ...this.games.filter((g) => g.id !== entry.id)];
    this.write();
    return saved;
  }

  /** Remove a game; returns what Undo needs ({entry, index}) or null. */
  remove(id) {
    const index = this.games.findIndex((g) => g.id === id);
    if (index < 0) return null;
    const [entry] = this.games.splice(index, 1);
    this.write();
    return { entry, index };
  }

  /** Put a removed game back where it was. */
  restore({ entry, index }) {
    if (this.get(entry.id)) return;
    this.games.splice(Math.min(index, this.games.length), 0, entry);
    this.write();
  }

  /** Player names of saved games, the most recent first, each once. */
  names() {
    const seen = new Map();
    for (const g of this.games) {
      const names = g.record?.players?.map((p) => p?.name) ?? [g.record?.player];
      for (const n of names) if (typeof n === "string" && n.trim() && !seen.has(n.trim().toLowerCase())) seen.set(n.trim().toLowerCase(), n.trim());
    }
    return [...seen.values()];
  }

  /** Cards of the last `recent` RftG games: Map(card name as written -> times played). */
  familiarCards(recent = 20) {
    const out = new Map();
    for (const g of this.games.filter((x) => x.game === "rftg").slice(0, recent)) {
      for (const p of g.record?.players ?? []) {
        for (const e of Array.isArray(p?.tableau) ? p.tableau : []) {
          const name = typeof e === "string" ? e : e?.card;
          if (typeof name === "string") out.set(name, (out.get(name) ?? 0) + 1);
        }
      }
    }
    return out;
  }

  /** Every saved game as one file's text. */
  exportText() {
    return JSON.stringify({ format: FORMAT, version: 1, exported: new Date().toISOString(), games: this.games }, null, 1);
  }

  /** Why a stored or imported entry cannot be kept, or "" (shape only: records are scored again). */
  check(g) {
    if (!g || typeof g !== "object" || Array.isArray(g)) return "not a game";
    if (typeof g.id !== "string" || !ID.test(g.id)) return "its id is missing or not a short name";
    if (!this.known[g.game]) return `unknown game ${JSON.stringify(String(g.game)).slice(0, 40)}`;
    if (!g.record || typeof g.record !== "object" || Array.isArray(g.record) || g.record.game !== g.game) return "its record is missing or of another game";
    for (const key of ["played", "updated"]) if (g[key] !== undefined && (typeof g[key] !== "string" || Number.isNaN(Date.parse(g[key])))) return `its ${key} date is not a date`;
    const shape = boundedShape(g.record);
    if (shape) return shape;
    return "";
  }

  /**
   * Read an exported file's text (hostile until checked). Returns {ok, games, problems} with
   * the entries that passed (summary dropped, to be scored again) or {ok: false, problems}.
   */
  parseImport(text) {
    if (typeof text !== "string") return { ok: false, problems: ["not a text file"] };
    const bytes = new TextEncoder().encode(text).length;
    if (bytes > LIMITS.bytes) return { ok: false, problems: [`the file is ${(bytes / 1048576).toFixed(1)} MiB; an export of games is read up to ${LIMITS.bytes / 1048576} MiB`] };
    let data;
    try { data = JSON.parse(text); } catch (error) { return { ok: false, problems: [`not a games file (JSON): ${error.message}`] }; }
    if (!data || typeof data !== "object" || data.format !== FORMAT || !Array.isArray(data.games)) {
      return { ok: false, problems: [`not a playaid games file (it needs "format": "${FORMAT}" and a list of games)`] };
    }
    if (data.games.length > LIMITS.games) return { ok: false, problems: [`${data.games.length} games; a file is read up to ${LIMITS.games}`] };
    const games = [];
    const problems = [];
    data.games.forEach((g, k) => {
      const why = this.check(g);
      if (why) { if (problems.length < 20) problems.push(`game ${k + 1}: ${why}`); return; }
      games.push({ id: g.id, game: g.game, record: g.record, played: g.played, updated: g.updated });
    });
    return { ok: true, games, problems };
  }

  /** Add imported entries (a game already here is kept if it is newer); returns how many were
   * added and the list before, for Undo. */
  merge(games) {
    const before = this.games.slice();
    let added = 0;
    for (const g of games) {
      const here = this.get(g.id);
      if (here && Date.parse(here.updated ?? 0) >= Date.parse(g.updated ?? 0)) continue;
      this.games = this.games.filter((x) => x.id !== g.id);
      this.games.push(g);
      added++;
    }
    this.games.sort((a, b) => Date.parse(b.played ?? 0) - Date.parse(a.played ?? 0));
    this.write();
    return { added, before };
  }

  /** Replace the whole list (Undo of an import). */
  replaceAll(games) {
    this.games = games;
    this.write();
  }
}

/** Why a record breaks the bounds the command line's reader keeps (size, depth, values), or "". */
function boundedShape(record) {
  let values = 0;
  const walk = (v, depth) => {
    if (depth > LIMITS.depth) return "its record is nested too deep";
    if (++values > LIMITS.values) return "its record holds too many values";
    if (Array.isArray(v)) { for (const x of v) { const w = walk(x, depth + 1); if (w) return w; } }
    else if (v && typeof v === "object") { for (const x of Object.values(v)) { const w = walk(x, depth + 1); if (w) return w; } }
    else if (!(v === null || ["string", "number", "boolean"].includes(typeof v))) return "its record holds a value that is not data";
    return "";
  };
  const why = walk(record, 0);
  if (why) return why;
  return new TextEncoder().encode(JSON.stringify(record)).length > LIMITS.recordBytes ? "its record is larger than 1 MiB" : "";
}
