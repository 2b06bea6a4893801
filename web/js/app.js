// The web scorer's page: starts the engine (Pyodide in a Worker) at once, shows the form from
// data/form.json without waiting for it, keeps the game in progress and the saved games in
// localStorage, and publishes window.playaid = {ready, score(record, {file}), calculate(game,
// calculator, roll, terms), npcRoll(roll, terms), history(), bgstatsUrl(record), rules(question,
// game, limit, variant)} for tests and embedding.
//
// Tabs, all built from data/form.json (this page names no game): a pad per scoring model (the
// pad of a mechanism it switches on, js/mechanisms.js, else the generated pad.js), a tab per
// calculator a model declares (calculator-pad.js), then the saved games and the Rules
// (rules-tab.js). A tab is a button in the tablist and a panel; TABS lists them in order,
// RECORD_TABS those that edit a record (the record tools show for them), CALCULATORS the others.
import { bgstatsBackup, bgstatsLink, bgstatsPlay } from "./bgstats.js";
import { CalculatorPad } from "./calculator-pad.js";
import { fill, h, richText } from "./dom.js";
import { engine, status } from "./boot.js";
import { History, LIMITS as HISTORY_LIMITS, newId } from "./history.js";
import { HistoryView } from "./history-view.js";
import { MECHANISMS } from "./mechanisms.js";
import { ModelPad } from "./pad.js";
import * as records from "./records.js";
import { RULES, RulesTab } from "./rules-tab.js";
import { plural } from "./words.js";
import { ScreenAwake } from "./wake-lock.js";

const STORE = "playaid.v1.";
const GAMES = "games";
const TABS = [GAMES, RULES]; // the games' tabs go first (gameTabs)
const RECORD_TABS = [];
const CALCULATORS = [];

// --- the engine and the JS API (first, so loading starts before anything else) ---------------

// boot.js started the engine and the offline copy before this module loaded; their status
// (js/boot.js status(); the "playaid:status" event):
const statusEl = document.getElementById("engine-status");
const STATUS = {
  loading: (s) => `Scorer: ${s.message}…`,
  ready: (s, o) => (o.updated ? "Scorer ready · updated" : o.state === "ready" ? "Scorer ready · works offline"
    : o.state === "saving" ? "Scorer ready · saving for offline use…" : "Scorer ready"),
  retrying: (s) => `Scorer: ${s.message}`,
  failed: (s) => `Scorer failed to load: ${s.message}`,
};
let updateSaid = false;
function showStatus() {
  const { engine: s, offline: o } = status();
  if (o.updated && !updateSaid && api.formReady) {
    // a newer version of the site has taken over: this page still runs the one it loaded
    updateSaid = true;
    api.formReady.then(() => notice("This site was updated: reload to score with the new version (your games are kept).",
      { label: "Reload", run: () => location.reload() }));
  }
  statusEl.dataset.state = s.state === "retrying" ? "loading" : s.state;
  const text = STATUS[s.state](s, o);
  if (statusEl.textContent === text) return;
  statusEl.textContent = text;
  statusEl.title = text; // the line may be cut short on a narrow screen
  // a failure says what to do in full (the header may grow then: nothing to tap is loading)
  statusEl.classList.toggle("long", s.state === "retrying" || s.state === "failed");
  if (s.state !== "loading" && !(s.state === "ready" && o.state === "saving")) announce(text);
  document.getElementById("offline-note").hidden = o.state !== "unavailable";
}
addEventListener("playaid:status", showStatus);
engine.addEventListener("status", (e) => { if (e.detail.state === "ready") rescore(...TABS); });

// --- one polite live region --------------------------------------------------------------------
// Screen readers hear a changed result once typing pauses, not every keystroke: every
// announcement goes through #announce (the page's only live region), the latest one wins, and
// a text equal to the last one spoken is not repeated.
const announcer = { timer: 0, last: "", pending: false };
function announce(text, delay = 0) {
  clearTimeout(announcer.timer);
  announcer.pending = true;
  announcer.timer = setTimeout(() => {
    announcer.pending = false;
    if (!text || text === announcer.last) return;
    announcer.last = text;
    const el = document.getElementById("announce");
    el.textContent = "";
    requestAnimationFrame(() => { el.textContent = text; });
  }, delay);
}
const RESULT_PAUSE_MS = 1200; // a result is announced when the typing has paused this long

const api = {
  /** Resolves (true) when the engine has loaded; rejects when it cannot. */
  ready: engine.ready.then(() => true),
  /**
   * The report `playaid score --json` prints for `record`: a mapping shaped like the YAML
   * record, or YAML/JSON text (then errors and findings carry line and column, and
   * `options.file` names the file as the command line does, adding its `record` key).
   */
  async score(record, options = {}) {
    await engine.ready;
    const file = options.file;
    let report;
    if (typeof record === "string") {
      const parsed = await records.parse(record); // read off the page
      report = parsed.ok
        ? records.locate(await engine.score(parsed.json), parsed.located, file ?? "<record>")
        : records.unreadableReport(parsed.errors, file ?? "<record>");
    } else {
      report = await scoreRecord(record);
    }
    return file ? { record: file, ...report } : report;
  },
  /** A calculator content declares, as `playaid roll GAME CALCULATOR --json` gives it (plus
   * `ok`); game, calculator null: the first declared. */
  async calculate(game, calculator, roll, terms = {}) {
    return engine.calculate(game, calculator, roll, terms);
  },
  /** The first calculator content declares (`calculate(null, null, roll, terms)`). */
  async npcRoll(roll, terms = {}) {
    return engine.calculate(null, null, roll, terms);
  },
  /** The games saved on this device, newest first: [{id, game, record, summary, played, updated}]. */
  history() {
    return structuredClone(gamesStore?.games ?? []);
  },
  /**
   * The BG Stats play-import link for `record` (an object, or YAML/JSON text): its scores,
   * winner and breakdown; null when the record cannot be scored. A saved game's link carries
   * its id, so BG Stats recognises it when it is sent again.
   */
  async bgstatsUrl(record, options = {}) {
    const report = await api.score(record);
    if (!report.ok) return null;
    const value = typeof record === "string" ? (await records.parse(record)).value : record;
    return bgstatsLink(playFor(value, report, options.id ?? null));
  },
  /** The Rules tab's answers for `question`, as `playaid rules --json` prints them. */
  async rules(question, game = null, limit = 8, variant = null) {
    return engine.rules("search", { q: question, game, limit, variant });
  },
  /** {engine, offline}: what the scorer and the offline copy are doing (shapes in js/engine.js
   * and js/offline.js); a "playaid:status" event on window carries the same at each change. */
  status,
  /** Every saved game as a BG Stats backup file's object ({players, locations, games, plays}). */
  bgstatsBackup: () => bgstatsFile(),
  /** Whether the screen is kept awake now ({supported, wanted, held}: Screen Wake Lock). */
  screenAwake: () => ({ supported: awake.supported, wanted: awake.wanted, held: awake.held }),
  /** Whether the page has caught up with what was typed: no record waiting to be scored or
   * being scored, no announcement waiting for the typing to pause (tests wait on this). */
  settled: () => !scoring && queue.size === 0 && !announcer.pending,
  /** Load-time figures in ms (form usable, engine stages) and the last rescore. */
  timings: {},
  formReady: null,
};
api.ready.catch(() => {}); // a failed load is shown in the status line; callers may still catch it
window.playaid = api;

// --- the form ----------------------------------------------------------------------------------

const panels = Object.fromEntries(TABS.map((t) => [t, document.getElementById(`panel-${t}`)]));
let forms = {};
let activeTab = GAMES;
let rulesTab = null;
let undo = null;
let limits = {}; // each game's record size caps (form.json record_limits)
const unsaved = new Set(); // tabs holding a loaded record not yet scored: kept once it has

function load(key) {
  try { return JSON.parse(localStorage.getItem(STORE + key)); } catch { return null; }
}
function save(key, value) {
  try { localStorage.setItem(STORE + key, JSON.stringify(value)); } catch (error) { storageRefused(error); }
}

let fullSaid = 0; // when the page last said that storage is full (said again after a minute)
/** A write to this device's storage failed (full, or refused in private mode): said at once,
 * with the export of every game offered (the games are still in this tab's memory). */
function storageRefused(error) {
  const shown = document.getElementById("notice");
  if (Date.now() - fullSaid < 60000 && !shown.hidden && shown.textContent.startsWith("Not saved")) return; // said already
  fullSaid = Date.now();
  const full = error?.name === "QuotaExceededError" || /quota/i.test(String(error?.message));
  notice(`${full ? "Not saved: this device's storage for this page is full." : "Not saved: this browser refuses to keep data for this page."}`
    + " The game stays on screen until this tab is closed: export all games to a file now, then delete old ones to make room.",
  { label: "Export all games", run: () => GAME_ACTIONS.exportAll() });
}

// the screen stays awake while a game is being typed in (not on an untouched form, a result,
// the saved games or the rules)
const awake = new ScreenAwake();
function keepAwake() {
  const form = forms[activeTab];
  awake.want(Boolean(form) && RECORD_TABS.includes(activeTab) && form.view !== "result" && !(form.untouched?.() ?? false));
}

function changed(tab) {
  unsaved.delete(tab); // typed: kept at once
  keepAwake();
  save(tab, CALCULATORS.includes(tab) ? forms[tab].state : forms[tab].record);
  rescore(tab);
}

/** The report for a record given as a JavaScript value (the form's, or an API caller's): sent
 * as `records.recordJSON` writes it (exact large numbers, the same limits as a file; never
 * throws), or the problems that stop it. */
async function scoreRecord(record) {
  const checked = records.recordJSON(record);
  return checked.ok ? engine.score(checked.json) : { ok: false, game: null, errors: checked.errors };
}

const queue = new Set();
let scoring = false;
/** Score the given tabs' records now (latest state wins; one request at a time). */
async function rescore(...tabs) {
  tabs.forEach((t) => forms[t] && queue.add(t));
  if (scoring || engine.state !== "ready") return;
  scoring = true;
  try {
    while (queue.size) {
      const tab = queue.values().next().value;
      queue.delete(tab);
      const start = performance.now();
      try {
        if (CALCULATORS.includes(tab)) {
          const request = forms[tab].request();
          const result = request ? await engine.calculate(...request) : null;
          forms[tab].showResult(result);
          if (result?.ok && tab === activeTab) announce(forms[tab].summary(result), RESULT_PAUSE_MS);
        } else {
          let request = forms[tab].scoringRequest();
          // exact: a large number typed in a box goes as its digits (a BigInt in the request)
          let report = await scoreRecord(request.record);
          // values out of range: those boxes are marked, the others still score (the scorer
          // names every such box at once, so one more try is all it takes)
          const boxes = forms[tab].boxErrors?.(report, request);
          if (boxes) {
            request = forms[tab].scoringRequest(boxes);
            report = await scoreRecord(request.record);
          }
          forms[tab].showReport(report, request);
          keepAwake(); // "Score the game" shows the result: the screen may sleep again
          if (unsaved.delete(tab)) save(tab, forms[tab].record); // a loaded record, now scored
          remember(tab, report);
          if (tab === activeTab) announce(forms[tab].summary?.() ?? "", RESULT_PAUSE_MS);
        }
      } catch (error) {
        notice(`The scorer failed on this record: ${error.message}`, null, tab);
      }
      api.timings.lastScoreMs = performance.now() - start;
    }
  } finally {
    scoring = false;
  }
}

function switchTab(tab, focus = false) {
  activeTab = tab;
  for (const t of TABS) {
    const button = document.getElementById(`tab-${t}`);
    button.setAttribute("aria-selected", String(t === tab));
    button.tabIndex = t === tab ? 0 : -1;
    panels[t].hidden = t !== tab;
  }
  document.getElementById("record-tools").hidden = !RECORD_TABS.includes(tab);
  if (tab === GAMES) gamesView?.render();
  if (tab === RULES) rulesTab?.shown();
  // a notice belongs to the tab it was given on: hidden on the others, back on its own
  document.getElementById("notice").hidden = noticeTab !== tab;
  roomForNotice();
  save("tab", tab);
  keepAwake();
  if (focus) document.getElementById(`tab-${tab}`).focus();
}

let noticeTab = null; // the tab the notice is about (null: none shown)
/** Room at the page's end for the floating notice, so it never covers the last buttons. */
function roomForNotice() {
  const el = document.getElementById("notice");
  document.body.style.paddingBottom = el.hidden ? "" : `${el.offsetHeight + 16}px`;
}
/** Show `message` about `tab` above its form (one notice at a time), with an optional
 * action button {label, run} and a dismiss button. */
function notice(message, action = null, tab = activeTab) {
  const el = document.getElementById("notice");
  const dismiss = () => { el.hidden = true; noticeTab = null; roomForNotice(); };
  fill(el, h("span", {}, richText(message)), action ? h("button", { type: "button", onclick: () => { dismiss(); action.run(); } }, action.label) : null,
    h("button", { type: "button", "aria-label": "Dismiss", onclick: dismiss }, "×"));
  noticeTab = tab;
  el.hidden = tab !== activeTab;
  roomForNotice();
  announce(`${message.replace(/`/g, "")}${action ? ` ${action.label} is offered.` : ""}`);
}

/**
 * Replace a tab's record, keeping the old one for Undo. `options.id`: the saved game the new
 * record is (null: a game not saved yet); `options.done`/`options.view` as the pad's setRecord.
 * `options.loaded` (a file, a paste, a share link): the game it replaces goes to the saved games
 * if it is not there yet (keepReplaced), and the loaded one is kept only once it has scored, so
 * a record that breaks the page is not there again after a reload.
 */
function replaceRecord(tab, record, message, options = {}) {
  const previous = { record: structuredClone(forms[tab].record), id: current[tab] ?? null };
  if (options.loaded) previous.id = keepReplaced(tab, previous);
  forms[tab].setRecord(record, options);
  setCurrent(tab, options.id ?? null);
  if (options.loaded) {
    unsaved.add(tab);
    rescore(tab);
  } else {
    changed(tab);
  }
  switchTab(tab);
  undo = { tab, ...previous };
  notice(message, { label: "Undo", run: () => {
    forms[undo.tab].setRecord(undo.record);
    setCurrent(undo.tab, undo.id);
    changed(undo.tab);
    switchTab(undo.tab);
  } });
}

// --- games remembered on this device ------------------------------------------------------------

let gamesStore = null; // History
let gamesView = null; // HistoryView
let formData = null; // data/form.json
let current = {}; // tab -> id of the saved game being edited there (none: not saved yet)

function setCurrent(tab, id) {
  if (id) current[tab] = id; else delete current[tab];
  save("current", current);
}

/** The game's name and variant, in words, for a saved game or a record. */
function describe(entry) {
  const record = entry.record ?? entry;
  const pad = forms[entry.game ?? record.game];
  return pad?.describe?.(record) ?? { title: String(entry.game ?? record.game ?? ""), variant: "" };
}

/** What the Games list shows of a report: players, totals, ranks, winners (or the campaign's). */
function summaryOf(report) {
  if (report.players) return { players: report.players.map((p) => ({ name: p.name, total: p.total, rank: p.rank })), winners: report.winners ?? [] };
  return { player: report.player ?? null, total: report.total, goals_completed: report.goals_completed };
}

/** After a rescore: a saved game follows its edits; a campaign with a game is saved as soon as
 * it scores (its pad `savesWhenScored`: no Score button); a players' game by "Score the game". */
function remember(tab, report, { create = false } = {}) {
  if (!gamesStore || !RECORD_TABS.includes(tab) || !report?.ok) return;
  const form = forms[tab];
  const players = Array.isArray(form.record.players);
  if (players && (form.request?.players?.length ?? 0) < form.record.players.length) return; // not every player scored yet
  const scored = create || (players && form.view === "result") || (form.savesWhenScored && form.record.games?.length);
  if (!current[tab] && !scored) return;
  const created = !current[tab];
  if (created) setCurrent(tab, newId());
  gamesStore.save(withRules(gamesStore.get(current[tab]), { id: current[tab], game: tab, record: structuredClone(form.record), summary: summaryOf(report) }));
  if (created && form.view === "result") form.renderResult?.(); // its buttons now name the saved game
  refreshNames();
  if (activeTab === GAMES) gamesView.render();
}

/** The rules a game is scored with here: this site's playaid and content versions. */
function rulesVersion() {
  return `playaid ${formData?.versions?.playaid ?? "?"}, content ${formData?.content_version ?? "?"}`;
}

/** Players and totals of a summary, in words ("Ann 34, Ben 26"), for comparing and saying. */
const totalsOf = (s) => (s?.players ? s.players.map((p) => `${p.name} ${p.total}`).join(", ") : s?.total !== undefined ? `${s.total} points` : "");

const rescoredSaid = new Set(); // saved games whose new totals were said this visit
/**
 * A saved game about to be written with a new summary (`entry`), given what was stored (`old`):
 * marked with the rules that scored it; when those are not the rules it was saved with and the
 * totals differ, the earlier totals are kept with it (`earlier`) and the page says so: a game is
 * never scored again with rules the player did not see, unsaid.
 */
function withRules(old, entry) {
  const rules = rulesVersion();
  const out = { ...entry, rules };
  if (old?.earlier) out.earlier = old.earlier;
  if (typeof old?.start_player === "string") out.start_player = old.start_player; // not part of the record
  const before = totalsOf(old?.summary);
  const after = totalsOf(entry.summary);
  if (old?.summary && old.rules !== rules && before && before !== after) {
    out.earlier = { summary: old.summary, rules: old.rules ?? "an earlier version of this site" };
    if (!rescoredSaid.has(entry.id)) {
      rescoredSaid.add(entry.id);
      notice(`Scored with this site's updated rules (${rules}): ${after}. Saved with ${out.earlier.rules}, the totals were ${before}; those are kept with the game in Saved games.`, null, entry.game);
    }
  }
  return out;
}

function refreshNames() {
  fill(document.getElementById("player-names"), ...gamesStore.names().map((n) => h("option", { value: n })));
}

/** What keeps a report's result from being final, as the API sees it without a form: its
 * error findings and the values it asked about (the pad words them itself: problems()). */
function reportDoubts(report) {
  const asked = new Set(["missing_field", "assumed"]);
  return (report.findings ?? []).filter((f) => f.severity === "error" || asked.has(f.code))
    .map((f) => `${f.player ? `${f.player}: ` : ""}${f.message}`);
}

/** The BG Stats play for a record and its report (a saved game's id makes it recognisable);
 * `doubts`: what keeps it from being final (the comments say so first). */
function playFor(record, report, id, doubts = reportDoubts(report)) {
  const pad = forms[record?.game];
  const base = { id: pad?.bgstatsId ?? record?.game, title: pad?.bgstatsTitle ?? pad?.title ?? record?.game };
  const bgg = formData?.models?.[record?.game]?.bgg; // content's game.yaml `bgg`
  const game = { ...base, bggId: bgg?.id, expansions: bgg?.expansions ?? [] };
  const { variant } = describe(record ?? {});
  const entry = id ? gamesStore?.get(id) : null;
  const ended = record?.ended_by ? pad?.endedWords?.(record.ended_by) : "";
  return bgstatsPlay(game, report, { id, date: entry?.played ?? Date.now(), variant, ended, provisional: doubts,
    startPlayer: typeof entry?.start_player === "string" ? entry.start_player : null,
    categoryLabels: pad?.categoryLabels, scoring: pad?.bgstatsScoring?.() ?? null });
}

const GAME_ACTIONS = {
  open: (g) => replaceRecord(g.game, structuredClone(g.record), `Opened the game of ${new Date(g.played).toLocaleDateString()}.`, { id: g.id, view: "result" }),
  edit: (g) => replaceRecord(g.game, structuredClone(g.record), `Opened the game of ${new Date(g.played).toLocaleDateString()} to edit.`, { id: g.id }),
  again: (g) => replaceRecord(g.game, forms[g.game].newRecord(g.record), "New game with the same players.", { done: false }),
  remove: (g) => {
    const removed = gamesStore.remove(g.id);
    if (current[g.game] === g.id) setCurrent(g.game, null);
    gamesView.render();
    notice(`Deleted the game of ${new Date(g.played).toLocaleString()}.`, { label: "Undo", run: () => { gamesStore.restore(removed); gamesView.render(); } }, GAMES);
  },
  exportAll: () => saveFile(gamesStore.exportText(), "application/json", `playaid-games-${today()}.json`),
  exportBgStats: async () => {
    const file = await bgstatsFile();
    if (!file.plays.length) { notice("No saved game can be scored here yet: nothing to send to BG Stats.", null, GAMES); return; }
    saveFile(JSON.stringify(file, null, 1), "application/json", `playaid-bgstats-${today()}.json`);
  },
  downloadUnreadable: () => saveFile(gamesStore.asideText(), "application/json", `playaid-unreadable-${today()}.json`),
  dropUnreadable: () => {
    const before = gamesStore.dropAside();
    gamesView.render();
    notice(`Deleted what could not be read (${plural(before.length, "entry", "entries")}).`, { label: "Undo", run: () => { gamesStore.restoreAside(before); gamesView.render(); } }, GAMES);
  },
  importFile: async (file) => {
    if (file.size > HISTORY_LIMITS.bytes) { notice(`${file.name} is too large to be an export of games (${(file.size / 1048576).toFixed(1)} MiB).`, null, GAMES); return; }
    const parsed = gamesStore.parseImport(await file.text());
    if (!parsed.ok) { notice(`${file.name} cannot be imported: ${parsed.problems.join("; ")}`, null, GAMES); return; }
    const { added, before } = gamesStore.merge(parsed.games);
    gamesView.render();
    const skipped = parsed.problems.length ? ` Left out: ${parsed.problems.join("; ")}.` : "";
    notice(`Imported ${added} of ${plural(parsed.games.length + parsed.problems.length, "game")} from ${file.name}.${skipped}`,
      { label: "Undo", run: () => { gamesStore.replaceAll(before); gamesView.render(); } }, GAMES);
    scoreUnsummarised();
  },
  describe,
};

/** Every saved game of this site as a BG Stats backup file (bgstats.js bgstatsBackup): each
 * record scored by the engine, as its link would send it. */
async function bgstatsFile() {
  await engine.ready;
  const plays = [];
  for (const entry of [...gamesStore.games].reverse()) { // oldest first, as BG Stats lists plays
    const report = await engine.score(JSON.stringify(entry.record)).catch(() => null);
    if (report?.ok) plays.push({ play: playFor(entry.record, report, entry.id), entry });
  }
  return bgstatsBackup(plays);
}

/** Keep a game that a loaded record replaces among the saved games (unless it is one already, or
 * an empty form): a share link never takes a game away. Its summary comes when it is scored
 * (scoreUnsummarised). Returns its id (or null). */
function keepReplaced(tab, previous) {
  if (previous.id || !gamesStore) return previous.id;
  if (JSON.stringify(previous.record) === JSON.stringify(forms[tab].newRecord(null))) return null;
  const id = newId();
  gamesStore.save({ id, game: tab, record: previous.record });
  scoreUnsummarised();
  return id;
}

/** Score saved games that have no summary yet (imported: summaries are never trusted). */
async function scoreUnsummarised() {
  if (!(await engine.ready.catch(() => false))) return;
  for (const g of gamesStore.games.filter((x) => !x.summary)) {
    const report = await engine.score(JSON.stringify(g.record)).catch(() => null);
    if (report?.ok) gamesStore.save({ ...g, summary: summaryOf(report), rules: rulesVersion() });
  }
  refreshNames();
  if (activeTab === GAMES) gamesView.render();
}

/** Why a record cannot be shown in the form (its shape, not its values), or "". */
function unfit(record) {
  if (!RECORD_TABS.includes(record?.game)) return `game: must be one of ${RECORD_TABS.join(", ")} (the games this site holds)`;
  return forms[record.game].unfit?.(record) ?? "";
}

/** Words typed loosely at the table, read as the scorer reads them: a game's name "My Game"
 * -> "my-game" (generator/scoring/api.py), and what its pad reads loosely (`tidy`: "VP pool" ->
 * "vp_pool"). */
function tidyWords(record) {
  if (!record || typeof record !== "object" || Array.isArray(record)) return record;
  if (typeof record.game === "string") record.game = record.game.replace(/_/g, " ").split(/\s+/).filter(Boolean).join("-").toLowerCase();
  if (RECORD_TABS.includes(record.game)) forms[record.game].tidy?.(record);
  return record;
}

/** Load record text (a file, pasted text or a share link) into its tab; returns problems. Read
 * off the page (records.parse); a record past its game's size caps is refused in the scoring
 * core's words, never drawn. */
async function loadText(text, source, parsed = null) {
  parsed ??= await records.parse(text, { limits });
  if (parsed.over) return parsed.over.map((o) => `${o.field} ${o.message}`);
  if (!parsed.ok) return parsed.errors.map((e) => `${e.line ? `line ${e.line}, column ${e.column}: ` : ""}${e.message}${e.hint ? ` (${e.hint})` : ""}`);
  const problem = unfit(tidyWords(parsed.value));
  if (problem) return [problem];
  const record = parsed.value;
  forms[record.game].loaded?.(record);
  replaceRecord(record.game, record, `Loaded ${source}.`, { loaded: true });
  return [];
}

/** The game in a share link (#record=...), if the address holds one: read off the page, loaded,
 * the link removed from the address. */
async function openShared() {
  if (!location.hash.startsWith("#record=")) return;
  const fragment = location.hash;
  history.replaceState(null, "", location.pathname + location.search);
  const parsed = await records.parse(null, { limits, fragment });
  const problems = parsed.damaged ? ["the link is damaged"] : await loadText(null, "the game from the link", parsed);
  if (problems.length) notice(`The shared game cannot be opened: ${problems.join("; ")}`);
}

/** Today as YYYY-MM-DD (UTC), for the names of saved files. */
const today = () => new Date().toISOString().slice(0, 10);

/** Offer `text` to the user as a file named `name` (a download). */
function saveFile(text, type, name) {
  const a = h("a", { href: URL.createObjectURL(new Blob([text], { type })), download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000); // after the browser has started the download
}

async function currentYaml() {
  return records.recordToYaml(forms[activeTab].record, forms[activeTab].yamlHeader?.() ?? "");
}

function showText(title, label, text) {
  document.getElementById("text-title").textContent = title;
  document.getElementById("text-label").textContent = label;
  const out = document.getElementById("text-out");
  out.value = text;
  document.getElementById("dialog-text").showModal();
  out.select();
}

async function copyText(text, what, title) {
  try {
    await navigator.clipboard.writeText(text);
    notice(`${what} copied.`);
  } catch {
    showText(title, "Select it and copy:", text);
  }
}

const ACTIONS = {
  new: () => replaceRecord(activeTab, forms[activeTab].newRecord(forms[activeTab].record), "New game started.", { done: false }),
  open: () => document.getElementById("open-file").click(),
  paste: () => {
    fill(document.getElementById("paste-errors"));
    document.getElementById("dialog-paste").showModal();
  },
  copy: async () => copyText(await currentYaml(), "The record (YAML)", "Record (YAML)"),
  download: async () => saveFile(await currentYaml(), "text/yaml", `${activeTab}-${today()}.yaml`),
  share: async () => {
    const url = records.shareLink(forms[activeTab].record);
    if (navigator.share) {
      try { await navigator.share({ title: "playaid game", url }); return; } catch { /* cancelled: fall back */ }
    }
    copyText(url, "The share link", "Share link");
  },
};

function wireChrome() {
  for (const button of document.querySelectorAll("[data-action]")) {
    button.addEventListener("click", () => ACTIONS[button.dataset.action]());
  }
  document.getElementById("open-file").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    event.target.value = "";
    if (!file) return;
    const problems = await loadText(await file.text(), file.name);
    if (problems.length) notice(`${file.name} cannot be opened: ${problems.join("; ")}`);
  });
  document.getElementById("paste-load").addEventListener("click", async () => {
    const problems = await loadText(document.getElementById("paste-text").value, "the pasted record");
    const box = document.getElementById("paste-errors");
    fill(box, ...problems.map((p) => h("p", {}, richText(p))));
    if (problems.length) { box.focus(); announce(`The record cannot be loaded: ${problems.join("; ").replace(/`/g, "")}`); }
    else document.getElementById("dialog-paste").close();
  });
  const tabs = TABS.map((t) => document.getElementById(`tab-${t}`));
  tabs.forEach((button, k) => {
    button.addEventListener("click", () => switchTab(button.dataset.tab));
    button.addEventListener("keydown", (e) => {
      const step = { ArrowRight: 1, ArrowLeft: -1 }[e.key];
      if (step) switchTab(TABS[(k + step + TABS.length) % TABS.length], true);
    });
  });
}

/**
 * The games' tabs, before "Saved games", in content order: a pad for each scoring model (its
 * button named by the model's `tab`, else the game's title), then one for each calculator the
 * model declares (tab word `<game>-<calculator id>`). Returns [{word, kind: "pad" | "calculator",
 * entry, calc}].
 */
function gameTabs(data) {
  const before = document.getElementById(`tab-${GAMES}`);
  const out = [];
  const add = (word, label, item) => {
    if (!/^[a-z0-9][a-z0-9-]*$/.test(word) || TABS.includes(word)) return;
    const button = h("button", { type: "button", role: "tab", id: `tab-${word}`, "aria-controls": `panel-${word}`,
      "aria-selected": "false", tabindex: "-1", "data-tab": word }, label);
    before.before(button);
    const panel = h("section", { id: `panel-${word}`, role: "tabpanel", "aria-labelledby": `tab-${word}`, class: "panel", hidden: true });
    panels[GAMES].before(panel);
    panels[word] = panel;
    TABS.splice(TABS.indexOf(GAMES), 0, word);
    (item.kind === "pad" ? RECORD_TABS : CALCULATORS).push(word);
    out.push({ word, ...item });
  };
  for (const [word, entry] of Object.entries(data.models ?? {})) {
    add(word, entry.scoring?.tab ?? entry.title ?? word, { kind: "pad", entry });
    for (const calc of entry.scoring?.calculators ?? []) {
      add(`${entry.game}-${calc.id}`, calc.tab ?? calc.title ?? calc.id, { kind: "calculator", entry, calc });
    }
  }
  return out;
}

/** The pad for a model: that of a mechanism it switches on whose widget brings one (`Pad`),
 * else the pad generated from the model, with the widgets its mechanisms give its entered
 * types. */
function padFor(word, entry, hooks) {
  const used = Object.keys(entry.scoring?.mechanisms ?? {}).map((m) => MECHANISMS[m]).filter(Boolean);
  const own = used.find((m) => m.Pad);
  if (own) return new own.Pad(panels[word], word, entry, () => changed(word), hooks);
  const widgets = Object.assign({}, ...used.map((m) => m.widgets ?? {}));
  return new ModelPad(panels[word], word, entry, () => changed(word), hooks, widgets);
}

/** The result screen's buttons: a new game with the same players, and the result to BG Stats. */
function resultActions(tab) {
  const form = forms[tab];
  const report = form.report;
  if (form.savesWhenScored) { // a campaign has no result screen: its link sits under its log
    if (!report?.ok || !form.record.games?.length) return [];
    const doubts = reportDoubts(report);
    return [h("a", { class: "button", id: `${tab}-bgstats`, target: "_blank", rel: "noopener noreferrer",
      href: bgstatsLink(playFor(form.record, report, current[tab] ?? null, doubts)) },
    doubts.length ? "Send to BG Stats (provisional)" : "Send to BG Stats")];
  }
  const out = [h("button", { type: "button", id: `${tab}-again`, onclick: () => replaceRecord(tab, form.newRecord(form.record), "New game with the same players.", { done: false }) }, "Same players, new game")];
  if (report?.ok && (form.request?.players?.length ?? 0) === form.record.players.length) {
    // who started: not part of the score, kept with the saved game for BG Stats' start player
    const saved = current[tab] ? gamesStore.get(current[tab]) : null;
    if (saved) {
      const names = report.players.map((p) => p.name);
      const select = h("select", { id: `${tab}-start-player`, onchange: () => {
        const entry = { ...gamesStore.get(saved.id) };
        if (select.value) entry.start_player = select.value; else delete entry.start_player;
        gamesStore.save(entry);
        form.renderResult();
      } }, h("option", { value: "", selected: !names.includes(saved.start_player) }, "not noted"),
      names.map((n) => h("option", { value: n, selected: saved.start_player === n }, n)));
      out.push(h("div", { class: "field start-player" }, h("label", { for: select.id }, "Who started?"), select));
    }
    const doubts = form.problems();
    out.push(h("a", { class: "button", id: `${tab}-bgstats`, target: "_blank", rel: "noopener noreferrer",
      href: bgstatsLink(playFor(form.request.record, report, current[tab] ?? null, doubts)) },
    doubts.length ? "Send to BG Stats (provisional)" : "Send to BG Stats"));
  }
  return out;
}

async function boot() {
  const data = await (await fetch("data/form.json")).json();
  limits = data.record_limits ?? {};
  formData = data;
  const tabs = gameTabs(data);
  document.getElementById("form-loading")?.remove();
  gamesStore = new History(Object.fromEntries(RECORD_TABS.map((w) => [w, true])));
  gamesStore.onWriteFailed = storageRefused;
  current = load("current") ?? {};
  if (!current || typeof current !== "object") current = {};
  gamesView = new HistoryView(panels[GAMES], gamesStore, GAME_ACTIONS);
  refreshNames();
  const hooks = (tab) => ({
    notice: (message, action) => notice(message, action, tab),
    familiar: (word) => gamesStore.familiarCards(word), // cards of recent games (the card picker's)
    onScore: (report) => { remember(tab, report, { create: true }); keepAwake(); },
    actions: () => resultActions(tab),
    messages: () => data.models?.[tab]?.scoring?.messages, // the model's names for its findings' codes
  });
  forms = {};
  for (const { word, kind, entry, calc } of tabs) {
    forms[word] = kind === "pad" ? padFor(word, entry, hooks(word)) : new CalculatorPad(panels[word], entry.game, calc, () => changed(word));
  }
  rulesTab = new RulesTab(panels[RULES], engine, { open: () => switchTab(RULES), timings: api.timings,
    announce: (text) => announce(text, RESULT_PAUSE_MS) });
  for (const tab of RECORD_TABS) {
    const kept = load(tab);
    // a kept game shows the findings of what was typed in before the reload
    if (kept && !unfit(kept) && kept.game === tab) forms[tab].setRecord(kept, { done: "typed" });
    else forms[tab].setRecord(forms[tab].newRecord(null), { done: false });
  }
  for (const tab of CALCULATORS) forms[tab].setState(load(tab));
  wireChrome();
  const tab = load("tab");
  switchTab(TABS.includes(tab) ? tab : TABS[0]);
  if (gamesStore.aside.length) {
    const n = gamesStore.aside.length;
    notice(`${n} saved ${n === 1 ? "game" : "games"} could not be read: kept on this device as stored, nothing deleted.`,
      { label: "Show", run: () => switchTab(GAMES, true) });
  }
  scoreUnsummarised();
  const v = data.versions ?? {};
  document.getElementById("versions").textContent = `playaid ${v.playaid} · content ${data.content_version} · Pyodide ${v.pyodide}`;
  // the first visit of a new version of the site says so (its rules may score differently)
  const seen = load("site");
  if (seen && seen !== rulesVersion() && !gamesStore.aside.length) notice(`Updated: this site now scores with ${rulesVersion()} (it was ${seen}).`);
  if (seen !== rulesVersion()) save("site", rulesVersion());
  performance.mark("playaid-form-ready");
  api.timings.formReadyMs = performance.now();
  await openShared();
  addEventListener("hashchange", openShared); // a link opened in a tab already on the page
  rulesTab.followHash(); // #rule=<id> or #ask=<question>: a link to a rule
  rescore(...TABS);
  records.loadYaml(); // warm the YAML reader for open/paste/copy, off the critical path
}

api.formReady = boot();
api.formReady.catch((error) => {
  (panels[TABS[0]] ?? panels[GAMES]).replaceChildren(h("p", { class: "finding error" }, `The form could not load: ${error.message}`));
});

showStatus();
engine.ready.then(() => { api.timings.engine = engine.timings; }, () => {});
