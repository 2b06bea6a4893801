// Games remembered on this device (localStorage): every scored game with its date, variant,
// record and a summary (players, totals, ranks, winners), the newest first. Player names and
// the cards of recent games are offered again; all games export as one JSON file and import
// back, the import read as hostile input (size, depth and count bounded, every entry's shape
// checked, summaries never trusted: the page scores imported records again).
//
// Nothing stored is ever dropped: an entry of a game this site does not hold (another playaid
// site on this origin, another content version) is kept as it is and written back with the
// list (`foreign`); an entry or a list that cannot be read (cut short by a crash or a sync
// tool, a bad date) is kept aside as its raw text under its own key (`aside`: the page offers
// it as a file), with every whole game of a cut-short list read back. A write that does not fit
// (storage full) calls `onWriteFailed(error)` at once: the list in memory still holds the game.

import { LIMITS as RECORD_LIMITS } from "./records.js";

const KEY = "playaid.v1.history";
const ASIDE = "playaid.v1.history-unreadable"; // what could not be read: [{found, why, text}]
export const FORMAT = "playaid-games";
export const LIMITS = { bytes: 8 << 20, games: 2000, recordBytes: RECORD_LIMITS.bytes, depth: RECORD_LIMITS.depth, values: 100_000 };
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A new id for a saved game (time-ordered, unique enough on one device). */
export function newId() {
  const random = crypto.getRandomValues(new Uint32Array(2));
  return `g${Date.now().toString(36)}-${random[0].toString(36)}${random[1].toString(36)}`;
}

export class History {
  /** `known`: the games the page can open, by record word ({"my-game": true}). */
  constructor(known, storage = globalThis.localStorage) {
    this.known = known;
    this.storage = storage;
    this.foreign = []; // entries of games this site does not hold: kept, written back as they are
    this.extra = {}; // keys of the stored list this version does not know: written back too
    this.onWriteFailed = null;
    this.aside = this.readAside();
    this.games = this.read();
  }

  /** The stored games this page can open; the others kept (`foreign`), what cannot be read set
   * aside (`keepAside`). */
  read() {
    let text = null;
    try { text = this.storage?.getItem(KEY) ?? null; } catch { return []; }
    if (text === null) return [];
    let data;
    try {
      data = JSON.parse(text);
    } catch {
      // cut short (a crash mid-write, a sync tool): every whole game in it is read back, and the
      // text as it was is kept aside before anything is written over it
      this.keepAside(text, "the list of saved games is cut short or damaged");
      data = { games: salvage(text) };
    }
    if (!data || typeof data !== "object" || !Array.isArray(data.games)) {
      this.keepAside(text, "the list of saved games is not in a form this page reads");
      return [];
    }
    const { format: _f, version, games, ...extra } = data;
    this.extra = extra;
    this.version = Number.isInteger(version) && version > 1 ? version : 1; // never written back older
    const out = [];
    for (const g of games) {
      const why = this.check(g);
      if (!why) out.push(g);
      else if (this.foreignGame(g)) this.foreign.push(g);
      else this.keepAside(JSON.stringify(g), `a saved game could not be read: ${why}`);
    }
    return out;
  }

  /** Whether an entry is a whole game of another site or version (its game not held here): kept
   * as it is, shown as such, never opened. */
  foreignGame(g) {
    return Boolean(g && typeof g === "object" && !Array.isArray(g) && typeof g.id === "string" && ID.test(g.id)
      && typeof g.game === "string" && !this.known[g.game]);
  }

  readAside() {
    try {
      const list = JSON.parse(this.storage?.getItem(ASIDE) ?? "[]");
      return Array.isArray(list) ? list.filter((x) => x && typeof x.text === "string") : [];
    } catch {
      return [];
    }
  }

  /** Keep `text` (as it was stored) aside under its own key, once; `why` says what was wrong. */
  keepAside(text, why) {
    if (this.aside.some((x) => x.text === text)) return;
    this.aside.push({ found: new Date().toISOString(), why, text });
    this.writeAside();
  }

  writeAside() {
    try {
      if (this.aside.length) this.storage?.setItem(ASIDE, JSON.stringify(this.aside));
      else this.storage?.removeItem(ASIDE);
      return true;
    } catch (error) {
      this.onWriteFailed?.(error);
      return false;
    }
  }

  /** What was set aside, as one file's text (each entry's raw text as it was stored). */
  asideText() {
    return JSON.stringify({ format: `${FORMAT}-unreadable`, version: 1, exported: new Date().toISOString(), entries: this.aside }, null, 1);
  }

  /** Forget what was set aside (once the user has its file); returns it for Undo. */
  dropAside() {
    const before = this.aside;
    this.aside = [];
    this.writeAside();
    return before;
  }

  /** Put back what `dropAside` returned. */
  restoreAside(list) {
    this.aside = list;
    this.writeAside();
  }

  write() {
    try {
      const games = [...this.games, ...this.foreign];
      this.storage?.setItem(KEY, JSON.stringify({ ...this.extra, format: FORMAT, version: this.version ?? 1, games }));
      return true;
    } catch (error) {
      // storage full or refused: the list still works in this tab; the page says so at once
      this.onWriteFailed?.(error);
      return false;
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

  /** Cards in the tableaux of the last `recent` games of `game` (a record word): Map(card name
   * as written -> times played). */
  familiarCards(game, recent = 20) {
    const out = new Map();
    for (const g of this.games.filter((x) => x.game === game).slice(0, recent)) {
      for (const p of g.record?.players ?? []) {
        for (const e of Array.isArray(p?.tableau) ? p.tableau : []) {
          const name = typeof e === "string" ? e : e?.card;
          if (typeof name === "string") out.set(name, (out.get(name) ?? 0) + 1);
        }
      }
    }
    return out;
  }

  /** Every saved game as one file's text (those of other sites and versions too, as kept). */
  exportText() {
    return JSON.stringify({ format: FORMAT, version: 1, exported: new Date().toISOString(), games: [...this.games, ...this.foreign] }, null, 1);
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
      games.push({ id: g.id, game: g.game, record: g.record, played: g.played, updated: g.updated,
        ...(typeof g.start_player === "string" && g.start_player.length <= 200 ? { start_player: g.start_player } : {}) });
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

/**
 * The whole games of a cut-short list's text: each complete `{...}` in its `games` array, read
 * one by one (strings and escapes followed, so a brace inside a name is not one); the game cut
 * off at the end is left out (the whole text is kept aside).
 */
export function salvage(text) {
  const start = text.search(/"games"\s*:\s*\[/);
  if (start < 0) return [];
  const out = [];
  let i = text.indexOf("[", start) + 1;
  while (i < text.length) {
    while (i < text.length && /[\s,]/.test(text[i])) i++;
    if (text[i] !== "{") break;
    let depth = 0;
    let inString = false;
    let end = -1;
    for (let k = i; k < text.length; k++) {
      const c = text[k];
      if (inString) {
        if (c === "\\") k++;
        else if (c === '"') inString = false;
      } else if (c === '"') inString = true;
      else if (c === "{" || c === "[") depth++;
      else if (c === "}" || c === "]") {
        depth--;
        if (depth === 0) { end = k; break; }
      }
    }
    if (end < 0) break; // the entry cut off
    try { out.push(JSON.parse(text.slice(i, end + 1))); } catch { /* a damaged entry: the whole text is kept aside */ }
    i = end + 1;
  }
  return out;
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
