// What every players' score pad shares, whatever the game: the entry form (a game section,
// one section per player, "Score the game") and the result screen (result-view.js), the live
// totals, findings and the scoring request. A game's pad extends it with its own boxes: a
// mechanism's pad (its widget.js, e.g. the tableau's card picker) or the pad generated from a
// scoring model (pad.js).
//
// Entry keeps its place: findings about a player appear beside the box they concern once that
// player is done (the focus left their section, or "Score" was tapped), in words for people
// (words.js); back in a done player's section, the findings shown stay and new ones wait; the
// box being typed in never moves (keepPlace). A box holding something that is not a whole
// number is marked at once and left out of the scoring request, so every other total stays.
// Removing a player can be undone.
import { bigWhole, clearFindings, errorText, field, fill, h, keepPlace, ordinal, pathAttr, showFinding, valueAt, WHOLE } from "./dom.js";
import { resultView } from "./result-view.js";
import { findingRuleLink } from "./rules-tab.js";
import { forPeople, plural, words } from "./words.js";

export const PLAYER_MIN = 2; // a pad starts with two players and keeps at least two (unless its game says otherwise: minPlayers)

/**
 * Subclasses give: `newRecord(previous)`, `gameBody()` (the game section's own boxes, an
 * array), `playerBody(player, i)` (the player's boxes after the name), `entered(player)`
 * (whether the player has enough to be scored: else left out while others are typed in),
 * `needed(player)` ([{field, text}] still to fill in), and may change `labels` (record field
 * -> words), `values` (ended_by/variant values -> words), `errorPhrases`, `categoryLabels`,
 * `declaredCategories()`, `awards()`, `awardsList`, `resultExtras(report)`,
 * `showPlayerExtras(reportPlayer, i)`, `verbatim` (player keys sent as typed), `maxPlayers`,
 * `rulesGame` (the rules index's game id for findings' Rule buttons), `ruleComponent(name)`.
 */
export class PlayersPad {
  /**
   * root: the panel; game: the id prefix of its elements (the record word); playerPrefix: that of each
   * player's ("p": p0-name); onChange(): record edited; hooks (all optional): notice(message,
   * action) a notice with an Undo, onScore(report) "Score" tapped on a scored game, actions()
   * the result screen's buttons, familiar() recent cards.
   */
  constructor(root, { game, playerPrefix = `${game}-p` }, onChange, hooks = {}) {
    this.root = root;
    this.game = game;
    this.playerPrefix = playerPrefix;
    this.onChange = onChange;
    this.hooks = hooks;
    this.report = null;
    this.request = null;
    this.view = "entry";
    this.done = new Set(); // players whose findings are shown (their section was left, or "Score")
    this.active = null; // the player whose section has the focus
    this.frozen = new Set(); // the findings shown for them when it came (no new ones until it leaves)
    this.shownKeys = new Map(); // player -> keys of the findings shown for them
    this.labels = {};
    this.values = {};
    this.errorPhrases = {};
    this.categoryLabels = {};
    this.awardsList = "bonuses";
    this.verbatim = new Set(["name"]);
    this.maxPlayers = 5;
    this.minPlayers = PLAYER_MIN; // the players a new game opens with, and the fewest the pad keeps
    this.rulesGame = null; // the game the Rules tab searches for a finding's rule (null: all games)
  }

  /** What a record written from this pad is, for the comment at the top of its YAML. */
  yamlHeader() { return this.title ? `${this.title} game` : ""; }

  /** An element id of this pad ("<game>-score") or of player i ("p0-name"). */
  gid(s) { return `${this.game}-${s}`; }
  pid(i, s) { return `${this.playerPrefix}${i}-${s}`; }

  /**
   * Show `record` (a mapping shaped like the YAML record) in the form. `done`: true shows
   * every finding at once (a game loaded whole), false none until a player is left (a game
   * about to be typed in), "typed" those of the players with a name or something entered.
   */
  setRecord(record, { done = true, view = "entry" } = {}) {
    this.record = record;
    this.report = null;
    this.request = null;
    const typed = (p) => done === true || (done === "typed" && (p.name || this.entered(p)));
    this.done = new Set(record.players.map((p, i) => (typed(p) ? i : -1)).filter((i) => i >= 0));
    this.view = view;
    this.render();
  }

  changed() {
    this.edits = (this.edits ?? 0) + 1; // what was typed since: the report shown may be of before
    this.onChange();
  }

  /** Whether the report shown is of the record as it is now (false while a rescore of the
   * latest entries is still to come: the result screen waits for it, never shows the one before). */
  current() { return !this.request || (this.request.edits ?? 0) === (this.edits ?? 0); }

  // --- rendering -------------------------------------------------------------------------------

  render() {
    const focused = document.activeElement?.id;
    const entry = h("div", { id: this.gid("entry"), hidden: this.view !== "entry" },
      this.gameSection(), ...this.record.players.map((p, i) => this.playerSection(p, i)),
      h("div", { class: "score-bar" },
        h("button", { type: "button", class: "primary", id: this.gid("score"), onclick: () => this.score() }, "Score the game")));
    const result = h("section", { id: this.gid("result"), class: "result", hidden: this.view !== "result",
      "aria-labelledby": this.gid("result-title") });
    fill(this.root, entry, result);
    if (focused) document.getElementById(focused)?.focus();
    this.applyReport();
  }

  gameSection() {
    const r = this.record;
    const count = h("div", { class: "count", "data-path": "players" },
      h("span", { class: "label", id: this.gid("count-label") }, "Players"),
      h("button", { type: "button", id: this.gid("remove-player"), "aria-label": "Remove the last player",
        disabled: r.players.length <= this.minPlayers, onclick: () => this.removePlayer(r.players.length - 1) }, "−"),
      h("span", { class: "output", id: this.gid("count") }, String(r.players.length)),
      h("button", { type: "button", id: this.gid("add-player"), "aria-label": "Add a player",
        disabled: r.players.length >= this.maxPlayers, onclick: () => this.addPlayer() }, "+"));
    return h("section", { class: "card game", "aria-labelledby": this.gid("game-title"), id: this.gid("game") },
      h("h2", { id: this.gid("game-title") }, "Game"),
      this.gameBody(), count,
      h("p", { class: "winner-line", id: this.gid("winner-line") }, this.untouched() ? this.startWords : "Totals appear as you type."),
      h("div", { class: "findings" }));
  }

  gameBody() { return []; }

  playerSection(player, i) {
    const base = ["players", i];
    const title = h("h2", { id: this.pid(i, "title") }, player.name || `Player ${i + 1}`);
    const name = h("input", { id: this.pid(i, "name"), type: "text", value: player.name ?? "", autocomplete: "off",
      autocapitalize: "words", enterkeyhint: "next", list: "player-names",
      oninput: () => { player.name = name.value; title.textContent = name.value || `Player ${i + 1}`; this.changed(); } });
    const total = h("p", { class: "total", id: this.pid(i, "total") }, h("small", {}, "…"));
    const section = h("section", { class: "card player", "data-path": pathAttr(base), "aria-labelledby": this.pid(i, "title"), id: this.pid(i, "section") },
      h("header", {}, h("div", {}, title, h("p", { class: "claim", id: this.pid(i, "claim") })), total),
      h("div", { class: "findings" }),
      field([...base, "name"], this.pid(i, "name"), "Name", name),
      this.playerBody(player, i),
      h("button", { type: "button", class: "remove-player", disabled: this.record.players.length <= this.minPlayers,
        onclick: () => this.removePlayer(i) }, `Remove ${player.name || `player ${i + 1}`}`));
    // a player is done when the focus leaves their section: their findings show from then on.
    // Back in a done player's section, the findings shown stay (until resolved) and new ones
    // wait until the focus leaves again.
    section.addEventListener("focusin", () => {
      if (this.active === i) return;
      this.active = i;
      this.frozen = new Set(this.shownKeys.get(i) ?? []);
    });
    section.addEventListener("focusout", (event) => {
      if (event.relatedTarget && section.contains(event.relatedTarget)) return;
      setTimeout(() => {
        if (!section.isConnected || section.contains(document.activeElement)) return;
        if (this.active === i) this.active = null;
        this.done.add(i);
        this.applyReport();
      }, 0);
    });
    return section;
  }

  // --- editing ---------------------------------------------------------------------------------

  /** A new, empty player. */
  newPlayer() { return { name: "" }; }

  addPlayer() {
    this.record.players.push(this.newPlayer());
    this.render();
    document.getElementById(this.pid(this.record.players.length - 1, "name"))?.focus();
    this.changed();
  }

  /** Remove player i (Undo puts them back where they were, with all they held). */
  removePlayer(i) {
    if (this.record.players.length <= this.minPlayers) return;
    const [player] = this.record.players.splice(i, 1);
    this.done = new Set([...this.done].filter((k) => k !== i).map((k) => (k > i ? k - 1 : k)));
    this.render();
    this.changed();
    this.hooks.notice?.(`Removed ${player.name || `player ${i + 1}`}${this.removedWhat(player)}.`, {
      label: "Undo", run: () => {
        this.record.players.splice(Math.min(i, this.record.players.length), 0, player);
        this.done = new Set([...this.done].map((k) => (k >= i ? k + 1 : k)).concat([i]));
        this.render();
        this.changed();
      },
    });
  }

  /** What a removed player held, for the notice (" (12 cards)"). */
  removedWhat() { return ""; }

  // --- results ---------------------------------------------------------------------------------

  /**
   * What to send the engine: the record as typed, less what cannot be scored yet, so the
   * totals show while a game is typed in: players without enough entered are left out (the
   * report's player k is the form's player `players[k]`), an empty name is sent as "Player N",
   * and a box holding something that is not a whole number is left out (listed in `invalid`).
   */
  scoringRequest(outOfRange = []) {
    const all = this.record.players;
    const invalid = [];
    const skip = new Set(outOfRange.map(({ path }) => path.join(".")));
    const clean = (value, path) => {
      if (skip.has(path.join("."))) return undefined; // the scorer refused this box's value
      if (typeof value === "string" && this.isNumberPath(path)) {
        const big = bigWhole(value); // digits past a JavaScript number: sent exactly, the scorer judges them
        if (big !== undefined) return big;
        invalid.push(path);
        return undefined;
      }
      if (Array.isArray(value) || value === null || typeof value !== "object") return value;
      const out = {};
      for (const [k, v] of Object.entries(value)) {
        if (path.length === 2 && this.verbatim.has(k)) { out[k] = v; continue; }
        const c = clean(v, [...path, k]);
        if (c !== undefined) out[k] = c;
      }
      return out;
    };
    const entered = all.map((p, i) => (this.entered(p) ? i : -1)).filter((i) => i >= 0);
    const players = entered.length ? entered : all.map((_p, i) => i);
    const taken = new Set(all.map((p) => p.name).filter(Boolean));
    const record = { ...this.record, players: players.map((i) => {
      const p = clean(all[i], ["players", i]);
      if (typeof p.name !== "string" || !p.name.trim()) {
        let n = i + 1;
        while (taken.has(`Player ${n}`)) n++;
        p.name = `Player ${n}`;
      }
      return p;
    }) };
    return { record, players, invalid, outOfRange, edits: this.edits ?? 0 };
  }

  /**
   * When every error of a refused `report` is about one typed number box (a value outside the
   * model's range, e.g. 12345 VP chips), those errors with the form's paths, so the boxes can be
   * left out and the rest scored (the scorer's own words are shown on them), after those of
   * `request` (this pad's `scoringRequest`, whose `outOfRange` is always a list); else null.
   */
  boxErrors(report, request) {
    if (report?.ok !== false || !report.errors?.length) return null;
    const map = request.players;
    const out = [];
    for (const e of report.errors) {
      const path = e.path?.[0] === "players" && typeof e.path[1] === "number" && map[e.path[1]] !== undefined
        ? ["players", map[e.path[1]], ...e.path.slice(2)] : null;
      if (!path || !this.isNumberPath(path)) return null;
      out.push({ path, error: e });
    }
    return [...request.outOfRange, ...out];
  }

  /** Whether the value at a player's `path` is a number box (text typed there is invalid). */
  isNumberPath(path) { return path.length > 2; }

  /** Show a report from the engine for `request` (null: not scored yet). */
  showReport(report, request = null) {
    this.report = report;
    this.request = request;
    this.applyReport();
  }

  /** Whether a finding is a game-wide check made while some players are left out (nothing
   * entered yet): a pool would count only the players scored, so it waits for every player. */
  provisionalOnly(f, path = f.path ?? []) {
    const missing = this.record.players.length - (this.report?.players?.length ?? 0);
    const aboutPlayer = f.player != null || (path[0] === "players" && typeof path[1] === "number");
    return missing > 0 && !aboutPlayer;
  }

  /** A report's path in the form's record: the report's player k is the form's `players[k]`
   * of the last scoring request (players with nothing entered yet were left out). */
  placePath(path) {
    const map = this.request?.players ?? this.record.players.map((_p, i) => i);
    return path?.[0] === "players" && typeof path[1] === "number" && map[path[1]] !== undefined
      ? ["players", map[path[1]], ...path.slice(2)] : path;
  }

  /** Whether a finding about this record path may show: its player is done (and, while the
   * focus is back in their section, it was shown when the focus came: `key` names it);
   * game-wide ones once every player is. Records what is shown, per player. */
  shown(path, key = "") {
    if (path?.[0] === "players" && typeof path[1] === "number") {
      const i = path[1];
      if (!this.done.has(i)) return false;
      const k = `${key}@${path.join(".")}`;
      if (this.active === i && !this.frozen.has(k)) return false;
      if (!this.shownKeys.has(i)) this.shownKeys.set(i, new Set());
      this.shownKeys.get(i).add(k);
      return true;
    }
    return this.record.players.every((_p, i) => this.done.has(i));
  }

  /** The words for findings (`finding.path` in the form's record): the form's labels for fields
   * and values, the player it is about by name, the card as typed. */
  wordsFor(finding) {
    const path = finding.path ?? [];
    const i = path[0] === "players" && typeof path[1] === "number" ? path[1] : null;
    const scored = finding.player != null ? this.report?.players?.find((p) => p.name === finding.player) : null;
    return forPeople(finding, this.labels, this.values, {
      player: i === null ? null : this.playerName(i),
      typed: valueAt(this.record, path),
      holders: (card) => this.holdersOf(card),
      leftOut: scored?.not_counted ?? [],
    });
  }

  /** Player i's name as scored (what was typed, or "Player 2" while the box is empty). */
  playerName(i) {
    const k = this.request?.players?.indexOf(i) ?? -1;
    const sent = k >= 0 ? this.request.record.players[k]?.name : null;
    const typed = String(this.record.players[i]?.name ?? "").trim();
    return typed || (typeof sent === "string" && sent) || `Player ${i + 1}`;
  }

  /** The players holding `card` (a game with cards says: ["Ann", "Ben 2"]). */
  holdersOf() { return []; }

  /** What keeps the result from being final (error findings, boxes left out, players not
   * entered yet), as phrases for the verdict: ["1 unknown card not counted", ...]. */
  problems() {
    const report = this.report;
    const out = [];
    const missing = this.record.players.length - (report?.players?.length ?? 0);
    if (report?.ok && missing > 0) out.push(`${plural(missing, "player has", "players have")} ${this.notEnteredWords}`);
    const invalid = this.request?.invalid?.length ?? 0;
    if (invalid) out.push(`${plural(invalid, "box is", "boxes are")} not a whole number (not counted)`);
    const outside = this.request?.outOfRange?.length ?? 0;
    if (outside) out.push(`${plural(outside, "box is", "boxes are")} out of range (not counted)`);
    const unnamed = this.record.players.filter((p) => !String(p.name ?? "").trim()).length;
    if (unnamed) out.push(`${plural(unnamed, "player has", "players have")} no name`);
    if (report && !report.ok) {
      const n = (report.errors ?? []).length;
      out.push(`${plural(n, "thing")} to fill in or fix`);
      return out;
    }
    const same = this.sameNames().size;
    if (same) out.push(`${plural(same, "name is", "names are")} used twice`);
    const counts = new Map();
    for (const f of report?.findings ?? []) {
      if (f.severity !== "error" || (same && f.code === "duplicate_player") || f.question) continue; // said above, or below
      if (this.provisionalOnly(f)) continue; // a game-wide check waits for every player
      counts.set(f.code, (counts.get(f.code) ?? 0) + 1);
    }
    for (const [code, n] of counts) out.push(this.errorPhrases[code]?.(n) ?? `${plural(n, "problem")} (${code.replace(/[_-]/g, " ")})`);
    const empty = this.questions();
    if (empty.length) {
      const list = empty.length > 3 ? `${empty.slice(0, 3).join(", ")} and ${empty.length - 3} more` : empty.join(", ");
      out.push(`${plural(empty.length, "box", "boxes")} left empty (${list}): type 0 where there were none`);
    }
    return out;
  }

  /** The values left empty that the scorer asked about (the findings it marks `question`: a
   * value the model needs left empty, scored as its default: is it 0, or forgotten?; a record
   * value assumed), in words: ["Ben's VP chips", ...]. */
  questions() {
    return (this.report?.findings ?? []).filter((f) => f.question).map((f) => {
      const name = typeof f.params?.field === "string" ? f.params.field : null;
      const what = name ? (this.labels[name] ?? words(name)) : "a value";
      return f.player ? `${f.player}'s ${what}` : what;
    });
  }

  /** Whether the result shown is not final (anything in `problems()`). */
  provisional() { return this.problems().length > 0; }

  /** Where a finding belongs in the form's record: its own path (placed through the last
   * request), else the player it names (a whole-game check may name one: its field in that
   * player's box when the path names one of their values), else the game. */
  findingPath(f, report = this.report) {
    const path = Array.isArray(f.path) ? f.path : [];
    if (path[0] === "players" && typeof path[1] === "number") return this.placePath(path);
    const named = f.player != null ? (report?.players ?? []).findIndex((p) => p.name === f.player) : -1;
    if (named < 0) return path.length ? this.placePath(path) : [];
    const [player] = this.placePath(["players", named]).slice(1);
    const own = path.length && this.record.players[player] && typeof path[0] === "string"
      && !["variant", "ended_by", "players"].includes(path[0]) && this.playerValue(path[0]);
    return own ? ["players", player, ...path] : ["players", player];
  }

  /** Whether `key` is a value entered per player (a whole-game check's field may be one). */
  playerValue(key) { return key !== "name"; }

  /** How a player left out of the scoring is described ("no cards yet"). */
  get notEnteredWords() { return "nothing entered yet"; }

  applyReport() {
    keepPlace(() => this.applyToEntry());
    if (this.view === "result") this.renderResult();
  }

  applyToEntry() {
    const report = this.report;
    const root = this.root.querySelector(`#${this.gid("entry")}`);
    if (!root) return;
    clearFindings(root);
    root.querySelectorAll(".js-check").forEach((el) => { el.hidden = !!report; });
    const fallback = root.querySelector(`#${this.gid("game")} > .findings`);
    const winnerLine = root.querySelector(`#${this.gid("winner-line")}`);
    this.shownKeys = new Map();
    this.record.players.forEach((p, i) => {
      setText(this.pid(i, "total"), "");
      setText(this.pid(i, "claim"), "");
      for (const { field: name, text } of [...this.nameNeeded(p), ...this.needed(p)]) {
        const path = ["players", i, name];
        if (this.shown(path, "needed")) showFinding(root, fallback, path, "needed", text);
      }
    });
    for (const path of this.request?.invalid ?? []) {
      const typed = String(valueAt(this.record, path) ?? "").trim();
      showFinding(root, fallback, path, "error", WHOLE.test(typed)
        ? `Too long: ${typed.replace("-", "").length} digits. This box is not counted.` : "Not a whole number: this box is not counted.");
    }
    for (const { path, error } of this.request?.outOfRange ?? []) {
      const said = this.wordsFor({ message: errorText(root, path, error, "error"), path }).text;
      showFinding(root, fallback, path, "error", `${said}${/[.!?]$/.test(said) ? "" : "."} This box is not counted.`);
    }
    // a name used twice is marked at once (a result naming two players alike cannot be read)
    for (const [i, j] of this.sameNames()) {
      const name = String(this.record.players[i].name).trim();
      showFinding(root, fallback, ["players", i, "name"], "error",
        `${name} is already the name of player ${j + 1}: give each player a different name (add an initial: “${name} B.”).`);
    }
    if (this.untouched()) {
      winnerLine.textContent = this.startWords; // an untouched form says what to do first, not what is wrong
      return;
    }
    if (!report) return;
    const map = this.request?.players ?? this.record.players.map((_p, i) => i);
    if (!report.ok) {
      let marked = 0;
      for (const e of report.errors ?? []) {
        const path = this.placePath(e.path);
        if (!this.shown(path, e.message)) continue;
        showFinding(root, fallback, path, "error", this.wordsFor({ message: errorText(root, path, e, "error"), path }).text);
        marked++;
      }
      winnerLine.textContent = marked ? "Not scored yet: see the marked boxes."
        : `Not scored yet: ${this.record.players.length > 1 ? "finish each player's entries" : "finish the entries"}.`;
      return;
    }
    report.players.forEach((p, k) => this.showPlayer(p, map[k]));
    const missing = this.record.players.length - report.players.length;
    const { winner } = this.winnerText(report);
    const doubts = this.problems();
    winnerLine.textContent = missing > 0 ? `Provisional: ${plural(missing, "player has", "players have")} ${this.notEnteredWords}.`
      : doubts.length ? `${winner} (not final: ${doubts.join("; ")}).` : winner;
    winnerLine.classList.toggle("provisional", missing > 0 || doubts.length > 0);
    // boxes left out (not a whole number, out of range) are marked above: the scorer saw them
    // empty, and "is empty, counted as 0" there would contradict what the box shows
    const leftOut = new Set([...(this.request?.invalid ?? []), ...(this.request?.outOfRange ?? []).map((b) => b.path)]
      .map((p) => p.join(".")));
    for (const f of report.findings ?? []) {
      if (f.code === "duplicate_player" && this.sameNames().size) continue; // marked at its name box above
      const path0 = this.findingPath(f, report);
      if (!this.shown(path0, f.code)) continue;
      if (this.provisionalOnly(f, path0)) continue;
      const { text, path } = this.wordsFor({ ...f, path: path0 });
      if (leftOut.has(path.join("."))) continue;
      const link = findingRuleLink(f, this.rulesGame, this.scoringModel());
      const note = showFinding(root, fallback, path.length ? path : null, f.severity, text);
      if (link) note.append(link);
    }
  }

  /** Players whose name an earlier player already has (spaces and case aside): Map index ->
   * that earlier player's index. */
  sameNames() {
    const first = new Map();
    const out = new Map();
    this.record.players.forEach((p, i) => {
      const key = String(p.name ?? "").trim().toLocaleLowerCase();
      if (!key) return;
      if (first.has(key)) out.set(i, first.get(key)); else first.set(key, i);
    });
    return out;
  }

  /** Whether nothing has been typed in yet: no name, nothing entered for any player. */
  untouched() {
    const blank = (v) => v === undefined || v === null || v === "" || (Array.isArray(v) && !v.length)
      || (typeof v === "object" && !Array.isArray(v) && Object.values(v).every(blank));
    return this.record.players.every((p) => Object.values(p).every(blank));
  }

  /** What an untouched form's status line says to do first. */
  get startWords() { return "Add each player's name and scores: totals appear as you type."; }

  /** The name a player still needs: [{field: "name", text}] or []. */
  nameNeeded(player) {
    return String(player.name ?? "").trim() ? [] : [{ field: "name", text: "Needed: this player's name." }];
  }

  needed() { return []; }

  showPlayer(p, i) {
    const total = document.getElementById(this.pid(i, "total"));
    if (!total) return;
    fill(total, String(p.total), h("small", {}, ` VP · ${ordinal(p.rank)}`));
    const claim = document.getElementById(this.pid(i, "claim"));
    if (p.claimed_total === null || p.claimed_total === undefined) { claim.textContent = ""; claim.className = "claim"; }
    else if (p.claimed_total === p.total) { claim.textContent = `claimed ${p.claimed_total} ✓`; claim.className = "claim good"; }
    else { claim.textContent = `claimed ${p.claimed_total} ✗ (${p.total} scored)`; claim.className = "claim bad"; }
    this.showPlayerExtras(p, i);
  }

  showPlayerExtras() {}

  /** How the game ended, in words. */
  endedWords(id) {
    return this.values[id] ?? words(id ?? "");
  }

  /** The result in one sentence, for the page's live region: "Winner: Ann with 34 VP. Ann 34,
   * Cat 33, Ben 26." (totals while players are still missing: "Provisional totals: ..."). */
  summary() {
    const r = this.report;
    if (!r?.ok) return "";
    const list = [...r.players].sort((a, b) => a.rank - b.rank).map((p) => `${p.name} ${p.total}`).join(", ");
    const missing = this.record.players.length - r.players.length;
    return missing > 0 ? `Provisional totals: ${list}.` : `${this.winnerText(r).winner}. ${list}.`;
  }

  /** "Score the game": every player is done, and the result screen opens. */
  score() {
    this.done = new Set(this.record.players.map((_p, i) => i));
    this.view = "result";
    // saved first (the result screen links to it); a report of before the last entries is not
    // saved: the rescore to come saves the game (app.js remember)
    if (this.report?.ok && this.current()) this.hooks.onScore?.(this.report);
    this.showView("result");
  }

  /** Switch between the entry form and the result screen (the page's top either way). */
  showView(view, focus = true) {
    this.view = view;
    this.root.querySelector(`#${this.gid("entry")}`).hidden = view !== "entry";
    this.root.querySelector(`#${this.gid("result")}`).hidden = view !== "result";
    this.applyReport();
    if (view === "result") {
      window.scrollTo(0, this.root.getBoundingClientRect().top + window.scrollY - 8);
      if (focus) document.getElementById(this.gid("result-title"))?.focus({ preventScroll: true });
    } else if (focus) document.getElementById(this.gid("score"))?.focus({ preventScroll: true });
  }

  /** Back to the entry form at the box of `path` (a finding's "Fix"). */
  edit(path = null) {
    this.showView("entry", !path);
    const entry = `#${this.gid("entry")}`;
    const target = path && (this.root.querySelector(`${entry} [data-path="${CSS.escape(pathAttr(path))}"]`)
      ?? this.root.querySelector(`${entry} [data-path="${CSS.escape(pathAttr(path.slice(0, 2)))}"]`));
    if (target) {
      target.scrollIntoView({ block: "center" });
      (target.matches("input, select") ? target : target.querySelector("input, select, button"))?.focus({ preventScroll: true });
    }
  }

  renderResult() {
    const el = this.root.querySelector(`#${this.gid("result")}`);
    if (el) resultView(el, this);
  }

  /** The categories the game's scoring model declares ([{key, label}]), or null. */
  declaredCategories() { return null; }

  /** The game's compiled scoring model (docs/scoring-model.md), or null. */
  scoringModel() { return null; }

  /** The awards of the game as played ([{id, title, vp}]); their holders are the report's
   * players whose `awardsList` holds the id. */
  awards() { return []; }

  /** A breakdown line's component as a node that opens its rule (a card), or null. */
  ruleComponent() { return null; }

  /** Game-specific parts of the result screen (a tableau's Military card by card). */
  resultExtras() { return []; }

  /** The words for the tie-break fields ("goods + cards in hand"). */
  tieWords(fields) {
    return fields.map((f) => (this.labels[f] ?? words(f)).toLowerCase()).join(" + ");
  }

  /** The winners line, and one sentence per VP tie from the report's `ties` (how the
   * tie-break settled it, or that it did not). */
  winnerText(report) {
    const top = Math.max(...report.players.map((p) => p.total));
    const winners = report.winners ?? [];
    // anything in doubt (an unknown card, an error, a box left empty): the winner is provisional
    const provisional = report === this.report ? this.provisional() : false;
    const winner = !winners.length ? (provisional ? "No winner yet (provisional)" : "No winner")
      : winners.length === 1 ? `${provisional ? "Provisional winner" : "Winner"}: ${winners[0]} with ${top} VP`
        : `${provisional ? "Provisional shared win" : "Shared win"}: ${winners.join(", ")} with ${top} VP`;
    const tiebreak = (report.ties ?? []).map((tie) => {
      const names = tie.players.map((p) => p.name).join(" and ");
      const what = this.tieWords(tie.fields ?? []);
      const values = tie.players.map((p) => `${p.name} ${p.tiebreak}`).join(", ");
      return tie.decided
        ? `${names} tie on ${tie.total} VP; the tie-break (${what}) decides: ${values}.`
        : `${names} tie on ${tie.total} VP and on the tie-break (${what}: ${values}): they share the rank.`;
    }).join(" ");
    return { winner, tiebreak };
  }
}

function setText(id, text) {
  const el = document.getElementById(id);
  if (el) el.textContent = text;
}
