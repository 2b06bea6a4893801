// Xia: the solo campaign log (one entry per game, scored by the engine with every finding next
// to its game) and the solo NPC round-end roll (the modified d20 and the NPC Fame Points).
import { bigWhole, clearFindings, errorKind, errorText, field, fill, h, keepPlace, numberField, pathAttr, showFinding } from "./dom.js";
import { findingRuleLink } from "./rules-tab.js";
import { forPeople, gamePoints, plural } from "./words.js";

// the form's words for the record's fields, for findings (words.js)
const LABELS = { goal: "Goal attempted", won: "Won", goal_completed: "Goal completed", fame: "Your Fame Points",
  npc_fame: "NPC Fame Points", goals: "The campaign's goals", upgrade: "Upgrade taken after", player: "Pilot" };

export const CAMPAIGN = "xia-campaign";

export class CampaignForm {
  /** root: the panel; data: form.json's xia; onChange(): record edited; hooks.notice(message,
   * action) shows a notice with an Undo; hooks.actions() the buttons under the scored log
   * (Send to BG Stats). */
  constructor(root, data, onChange, hooks = {}) {
    this.root = root;
    this.data = data;
    this.onChange = onChange;
    this.hooks = hooks;
    this.report = null;
  }

  newRecord(previous) {
    const record = { game: CAMPAIGN, games: [] };
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
        h("header", {}, h("h2", { id: "xc-title" }, "Xia solo campaign"),
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
      const link = findingRuleLink(f, "xia");
      if (link) note.append(link);
    }
  }
}

export class NpcRollForm {
  /** root: the panel; data: form.json's xia; roll(d20, terms) -> Promise of the engine's result. */
  constructor(root, data, onChange) {
    this.root = root;
    this.data = data;
    this.onChange = onChange;
    this.state = { d20: undefined, terms: {} };
  }

  setState(state) {
    this.state = { d20: state?.d20, terms: { ...(state?.terms ?? {}) } };
    this.render();
  }

  render() {
    const s = this.state;
    const [low, high] = this.data.d20 ?? [1, 20];
    const d20 = numberField(["d20"], "npc-d20", "The d20 as rolled", s.d20, { hint: `${low} to ${high}`,
      onValue: (v) => { if (v === undefined) delete s.d20; else s.d20 = v; this.onChange(); } });
    const terms = this.data.roll_terms.map((t) => numberField(["terms", t.term], `npc-${t.term}`, termLabel(t), s.terms[t.term], {
      onValue: (v) => { if (v === undefined) delete s.terms[t.term]; else s.terms[t.term] = v; this.onChange(); } }));
    fill(this.root,
      h("section", { class: "card", "aria-labelledby": "npc-title", "data-path": "" },
        h("h2", { id: "npc-title" }, "Solo round end: NPC Fame roll"),
        h("p", { class: "hint" }, "Roll the d20 and add the modifiers; the result gives the NPCs' Fame Points."),
        h("div", { class: "grid" }, h("div", { class: "wide" }, d20), terms.map((t) => h("div", { class: "wide" }, t))),
        h("div", { class: "findings" })),
      h("section", { class: "card standings", id: "npc-result", "aria-labelledby": "npc-result-title" },
        h("h2", { id: "npc-result-title" }, "Result"),
        h("div", { class: "body" }, h("p", { class: "waiting" }, "Enter the roll."))));
  }

  /** The request for the engine: [d20, terms], or null when no roll is given yet. */
  request() {
    const s = this.state;
    if (s.d20 === undefined) return null;
    return [s.d20, { ...s.terms }];
  }

  showResult(result) {
    clearFindings(this.root);
    const body = this.root.querySelector("#npc-result .body");
    if (!result) { fill(body, h("p", { class: "waiting" }, "Enter the roll.")); return; }
    if (!result.ok) {
      fill(body, h("p", {}, "Check the roll:"));
      const fallback = this.root.querySelector("section .findings");
      for (const e of result.errors ?? []) {
        const path = e.path?.length ? e.path : ["d20"];
        showFinding(this.root, fallback, path, "error", errorText(this.root, path, e, "error"));
      }
      return;
    }
    fill(body,
      h("div", { class: "npc-result" }, h("p", { class: "total", id: "npc-fame" }, String(result.fame), h("small", {}, " NPC Fame Points")),
        h("p", {}, `modified roll ${result.modified} (band ${result.band})`)),
      h("ol", { class: "explain" }, result.explain.map((line) => h("li", {}, line))));
  }
}

/** "Cubes: +2 per cube removed from the map in step 1" (words from content's roll table). */
function termLabel(term) {
  const unit = String(term.unit || term.term).replace(/^./, (c) => c.toUpperCase());
  return `${unit}: +${term.bonus} per ${term.label}`;
}
