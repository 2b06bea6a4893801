// The `campaign` mechanism's phone widget: the pad of a game whose scoring model switches it on
// (Xia's solo campaign): the campaign log, one entry per game, scored by the engine with every
// finding next to its game. Its data: form.json's models[word].widgets.campaign (page.py).
import { bigWhole, clearFindings, errorKind, errorText, field, fill, h, keepPlace, numberField, pathAttr, showFinding } from "../../js/dom.js";
import { findingRuleLink } from "../../js/rules-tab.js";
import { forPeople, gamePoints, plural } from "../../js/words.js";

// the form's words for the record's fields, for findings (words.js)
const LABELS = { goal: "Goal attempted", won: "Won", goal_completed: "Goal completed", fame: "Your Fame Points",
  npc_fame: "NPC Fame Points", goals: "The campaign's goals", upgrade: "Upgrade taken after", player: "Pilot" };

export class Pad {
  /** root: the panel; word: the record's `game:` word; entry: form.json's models[word];
   * onChange(): record edited; hooks.notice(message, action) shows a notice with an Undo;
   * hooks.actions() the buttons under the scored log (Send to BG Stats). */
  constructor(root, word, entry, onChange, hooks = {}) {
    this.root = root;
    this.word = word;
    this.data = entry.widgets?.campaign ?? {};
    this.gameTitle = entry.title ?? word;
    this.title = entry.scoring?.title ?? word; // "Xia campaign"
    this.tab = entry.scoring?.tab ?? this.title;
    this.bgstatsId = entry.game ?? word;
    this.rulesGame = entry.game ?? null;
    this.savesWhenScored = true; // no result screen: a campaign with a game is saved once it scores
    this.onChange = onChange;
    this.hooks = hooks;
    this.report = null;
  }

  newRecord(previous) {
    const record = { game: this.word, games: [] };
    if (typeof previous?.player === "string") record.player = previous.player;
    return record;
  }

  setRecord(record, _options = {}) {
    if (!Array.isArray(record.games)) record.games = [];
    this.record = record;
    this.report = null;
    this.render();
  }

  changed() { this.onChange(); }

  emptyGame() {
    return { goal: "", won: false, fame: undefined, npc_fame: undefined, goal_completed: false };
  }

  render() {
    const r = this.record;
    const player = h("input", { id: "xc-player", type: "text", value: r.player ?? "", autocomplete: "off",
      oninput: () => { if (player.value) r.player = player.value; else delete r.player; this.changed(); } });
    const count = this.data.goal_count ?? 10;
    const goals = Array.isArray(r.goals) ? r.goals : [];
    const goalInputs = Array.from({ length: Math.max(count, goals.length) }, (_x, k) => {
      const input = h("input", { id: `xc-goal-${k}`, type: "text", value: goals[k] ?? "", autocomplete: "off",
        oninput: () => this.setGoals() });
      return field(["goals", k], input.id, `Goal ${k + 1}`, input);
    });
    const datalist = h("datalist", { id: "xc-goal-names" }, goals.filter(Boolean).map((g) => h("option", { value: g })));
    fill(this.root,
      h("section", { class: "card", "aria-labelledby": "xc-title", "data-path": "" },
        h("header", {}, h("h2", { id: "xc-title" }, this.title),
          h("p", { class: "total", id: "xc-total" }, h("small", {}, "…"))),
        h("p", { class: "hint", id: "xc-progress" }),
        field(["player"], "xc-player", "Pilot", player),
        h("details", { class: "receipt", "data-path": "goals", open: goals.some(Boolean) || undefined },
          h("summary", {}, `The campaign's ${plural(count, "goal")} (optional: catches misspelt goals)`),
          h("div", { class: "grid" }, goalInputs), h("div", { class: "findings" })),
        h("div", { class: "findings" })),
      datalist,
      ...r.games.map((g, i) => this.gameSection(g, i)),
      h("button", { type: "button", class: "primary", id: "xc-add-game", onclick: () => this.addGame() }, "Add a game"),
      h("section", { class: "card standings", id: "xc-results", "aria-labelledby": "xc-results-title" },
        h("h2", { id: "xc-results-title" }, "Results"), h("div", { class: "body" }, h("p", { class: "waiting" }, "Scores appear when the scorer has loaded.")),
        h("div", { class: "findings" })));
    this.applyReport();
  }

  setGoals() {
    const count = this.root.querySelectorAll('input[id^="xc-goal-"]').length; // not the datalist xc-goal-names
    const values = Array.from({ length: count }, (_x, k) => document.getElementById(`xc-goal-${k}`).value.trim()).filter(Boolean);
    if (values.length) this.record.goals = values; else delete this.record.goals;
    const datalist = document.getElementById("xc-goal-names");
    fill(datalist, ...values.map((g) => h("option", { value: g })));
    this.changed();
  }

  gameSection(game, i) {
    const base = ["games", i];
    const id = (s) => `xc-${i}-${s}`;
    const text = (name, label, optional = false) => {
      const input = h("input", { id: id(name), type: "text", value: game[name] ?? "", autocomplete: "off",
        list: name === "goal" ? "xc-goal-names" : undefined,
        oninput: () => { if (input.value || !optional) game[name] = input.value; else delete game[name]; this.changed(); } });
      return field([...base, name], input.id, label, input);
    };
    const check = (name, label) => {
      const input = h("input", { id: id(name), type: "checkbox", checked: game[name] === true,
        onchange: () => { game[name] = input.checked; this.changed(); } });
      // the whole row is the label: a 44 px tap target, not just the box
      return h("div", { class: "field", "data-path": pathAttr([...base, name]) },
        h("label", { class: "check", for: input.id }, input, label));
    };
    const count = (name, label) => numberField([...base, name], id(name), label, game[name], {
      onValue: (v) => { if (v === undefined) delete game[name]; else game[name] = v; this.changed(); } });
    return h("section", { class: "card", "data-path": pathAttr(base), "aria-labelledby": id("title") },
      h("header", {}, h("h2", { id: id("title") }, `Game ${i + 1}`), h("p", { class: "total", id: id("points") })),
      h("div", { class: "findings" }),
      h("div", { class: "grid" },
        h("div", { class: "wide" }, text("goal", "Goal attempted")),
        check("won", "Won"), check("goal_completed", "Goal completed"),
        count("fame", "Your Fame Points"), count("npc_fame", "NPC Fame Points"),
        h("div", { class: "wide" }, text("upgrade", "Upgrade taken after", true)),
        text("ship", "Ship", true), text("note", "Note", true)),
      h("button", { type: "button", onclick: () => this.removeGame(i) }, `Remove game ${i + 1}`));
  }

  addGame() {
    this.record.games.push(this.emptyGame());
    for (const g of this.record.games) for (const k of Object.keys(g)) if (g[k] === undefined) delete g[k];
    this.render();
    document.getElementById(`xc-${this.record.games.length - 1}-goal`)?.focus();
    this.changed();
  }

  /** Remove game i (Undo puts it back in its place). */
  removeGame(i) {
    const [game] = this.record.games.splice(i, 1);
    this.render();
    this.changed();
    this.hooks.notice?.(`Removed game ${i + 1}${game.goal ? ` (${game.goal})` : ""}.`, {
      label: "Undo", run: () => {
        this.record.games.splice(Math.min(i, this.record.games.length), 0, game);
        this.render();
        this.changed();
      },
    });
  }

  // --- what the page asks every pad (app.js) ---------------------------------------------------

  /** The campaign's name in words, for a saved game or a record. */
  describe() { return { title: `${this.gameTitle}: solo campaign`, variant: "" }; }

  /** The name BG Stats is sent (the game's title). */
  get bgstatsTitle() { return this.gameTitle; }

  /** Why `record` cannot be shown here (its shape, not its values), or "". */
  unfit(record) {
    if (record.games !== undefined && (!Array.isArray(record.games) || !record.games.every((g) => g && typeof g === "object" && !Array.isArray(g)))) {
      return "`games` must be a list of games";
    }
    return "";
  }

  bgstatsScoring() { return null; }

  yamlHeader() { return `${this.title} log`; }

  /** The result in one sentence, for the page's live region. */
  summary() {
    const r = this.report;
    return r?.ok ? `Campaign: ${plural(r.total, "point")}, ${r.goals_completed} of ${plural(r.goal_count, "goal")} completed.` : "";
  }

  /** The record as typed; Fame Points too large for a JavaScript number go as their digits. */
  scoringRequest() {
    const record = { ...this.record };
    if (Array.isArray(record.games)) {
      record.games = record.games.map((g) => {
        const out = g && typeof g === "object" ? { ...g } : g;
        for (const k of ["fame", "npc_fame"]) if (bigWhole(out?.[k]) !== undefined) out[k] = bigWhole(out[k]);
        return out;
      });
    }
    return { record };
  }

  showReport(report) {
    this.report = report;
    keepPlace(() => this.applyReport());
  }

  applyReport() {
    const report = this.report;
    clearFindings(this.root);
    const body = this.root.querySelector("#xc-results .body");
    const fallback = this.root.querySelector("#xc-results > .findings");
    if (!report || !body) return;
    const total = document.getElementById("xc-total");
    if (!report.ok) {
      total.textContent = "";
      const errors = report.errors ?? [];
      fill(body, h("p", {}, `Not scored yet: ${plural(errors.length, "thing")} to fill in or fix (marked below).`));
      for (const e of errors) {
        const kind = errorKind(this.record, e.path);
        showFinding(this.root, fallback, e.path, kind, forPeople({ message: errorText(this.root, e.path, e, kind), path: e.path }, LABELS).text);
      }
      return;
    }
    fill(total, String(report.total), h("small", {}, Number(report.total) === 1 ? " point" : " points"));
    document.getElementById("xc-progress").textContent = `${report.goals_completed} of ${plural(report.goal_count, "goal")} completed`;
    for (const e of report.explain) {
      const points = document.getElementById(`xc-${e.game - 1}-points`);
      if (points) fill(points, gamePoints(e));
    }
    fill(body,
      h("p", { class: "winner" }, `${plural(report.total, "campaign point")}`),
      h("table", { class: "table" }, h("tbody", {}, report.explain.map((e) => h("tr", {},
        h("td", { class: "num" }, gamePoints(e)),
        h("td", {}, `Game ${e.game}: ${e.goal}`, h("span", { class: "why" }, e.why)))))),
      h("div", { class: "result-actions" }, this.hooks.actions?.() ?? [])); // Send to BG Stats
    for (const f of report.findings ?? []) {
      const path = f.path?.length ? f.path : (f.game ? ["games", f.game - 1] : null);
      const note = showFinding(this.root, fallback, path, f.severity, forPeople(f, LABELS).text);
      const link = findingRuleLink(f, this.rulesGame);
      if (link) note.append(link);
    }
  }
}
