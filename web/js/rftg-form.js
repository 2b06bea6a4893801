// The Race for the Galaxy pad: the game (variant, how it ended), 2 to 5 players with their
// tableaux (the card picker) and counts, each player's live total, and the result screen
// (rftg-result.js). The record edited here is exactly the YAML record.
//
// Entry keeps its place: findings about a player appear beside the box they concern once that
// player is done (the focus left their section, or "Score" was tapped), in words for people
// (words.js); the box being typed in never moves (keepPlace). A box holding something that is
// not a whole number is marked at once and left out of the scoring request, so every other
// total stays. Removing a player can be undone.
import { cardPicker } from "./card-picker.js";
import { copiesUsed } from "./cards.js";
import { clearFindings, errorText, field, fill, h, keepPlace, numberField, ordinal, pathAttr, showFinding } from "./dom.js";
import { resultView } from "./rftg-result.js";
import { forPeople, words } from "./words.js";

export const GAME = "rftg";
const PLAYER_MIN = 2; // the issue's 2 to 5 players; the maximum comes from content

// UI words for record fields and ended_by values; an unknown one (new content) shows its own
// name, with the field's description from the record's JSON Schema as its hint.
const LABELS = {
  chips: "VP chips", war_contribution_chips: "War contribution VP chips", defense_awards: "Defense award VP",
  military_vs_xenos: "Military vs. Xenos", xeno_systems_conquered: "Xeno systems conquered",
  military: "Military", goods: "Goods", hand: "Cards in hand", claimed_total: "Claimed total",
  at_repulse: "At the end of the repulse round",
};
const HINTS = {
  chips: "not war contributions", military_vs_xenos: "empty: counted from the cards",
  military: "empty: counted from the cards", goods: "for the tie-break", hand: "for the tie-break",
  claimed_total: "from the score pad: checked", war_contribution_chips: "", defense_awards: "",
  xeno_systems_conquered: "",
};
const ENDED_BY = {
  vp_pool: "VP pool ran out", tableau: "A tableau reached its end size", repulse: "Xenos repulsed",
  empire_defeat: "Empire defeat", conquest_value: "Conquest value reached", all_systems: "All Xeno systems conquered",
};
const label = (name) => LABELS[name] ?? words(name);
// the report's VP categories by their words (until the scoring model declares them)
export const CATEGORY_LABELS = {
  cards_vp: "Cards (printed VP)", six_dev_vp: "6-cost developments", chips_vp: "VP chips",
  war_contribution_vp: "War contributions", defense_awards_vp: "Defense awards", bonus_vp: "Bonus tiles",
};

export class RftgForm {
  /**
   * root: the panel; data: form.json's rftg; cards: a CardIndex; onChange(): record edited.
   * hooks (all optional): familiar() Map card -> weight (recent games), names() player names
   * to offer, notice(message, action) a notice with an Undo, onScore(report) "Score" tapped
   * on a scored game, actions() the result screen's buttons.
   */
  constructor(root, data, cards, onChange, hooks = {}) {
    this.root = root;
    this.data = data;
    this.cards = cards;
    this.onChange = onChange;
    this.hooks = hooks;
    this.familiar = hooks.familiar;
    this.categoryLabels = CATEGORY_LABELS;
    this.report = null;
    this.view = "entry";
    this.done = new Set(); // players whose findings are shown (their section was left, or "Score")
    this.active = null; // the player whose section has the focus
    this.frozen = new Set(); // the findings shown for them when it came (no new ones until it leaves)
    this.shownKeys = new Map(); // player -> keys of the findings shown for them
  }

  /** A new game: the previous variant and players' names kept, everything else empty. */
  newRecord(previous) {
    const variant = this.variantOf(previous) ?? this.data.variants[0];
    const names = (Array.isArray(previous?.players) ? previous.players : []).map((p) => p?.name ?? "");
    while (names.length < PLAYER_MIN) names.push("");
    return { game: GAME, variant: variant.id, ended_by: variant.ended_by[0],
      players: names.map((name) => ({ name, tableau: [] })) };
  }

  variantOf(record) {
    return this.data.variants.find((v) => v.id === record?.variant);
  }

  /**
   * Show `record` (a mapping shaped like the YAML record) in the form. `done`: true shows
   * every finding at once (a game loaded whole), false none until a player is left (a game
   * about to be typed in), "typed" those of the players with a name or a card.
   */
  setRecord(record, { done = true, view = "entry" } = {}) {
    this.record = record;
    this.report = null;
    const typed = (p) => done === true || (done === "typed" && (p.name || (Array.isArray(p.tableau) && p.tableau.length)));
    this.done = new Set(record.players.map((p, i) => (typed(p) ? i : -1)).filter((i) => i >= 0));
    this.view = view;
    this.render();
  }

  changed() { this.onChange(); }

  // --- rendering -------------------------------------------------------------------------------

  render() {
    const focused = document.activeElement?.id;
    const r = this.record;
    const entry = h("div", { id: "rftg-entry", hidden: this.view !== "entry" },
      this.gameSection(), ...r.players.map((p, i) => this.playerSection(p, i)),
      h("div", { class: "score-bar" },
        h("button", { type: "button", class: "primary", id: "rftg-score", onclick: () => this.score() }, "Score the game")));
    const result = h("section", { id: "rftg-result", class: "result", hidden: this.view !== "result", "aria-labelledby": "rftg-result-title" });
    fill(this.root, entry, result);
    if (focused) document.getElementById(focused)?.focus();
    this.applyReport();
  }

  gameSection() {
    const r = this.record;
    const variant = this.variantOf(r);
    const variantSelect = h("select", { id: "rftg-variant", onchange: () => {
      r.variant = variantSelect.value;
      const v = this.variantOf(r);
      if (v && !this.endedByChoices(v).includes(r.ended_by)) r.ended_by = this.endedByChoices(v)[0];
      this.render();
      this.changed();
    } }, this.data.variants.map((v) => h("option", { value: v.id, selected: v.id === r.variant }, v.title)),
    variant ? null : h("option", { value: r.variant, selected: true }, `${r.variant} (unknown)`));
    const choices = variant ? this.endedByChoices(variant) : [];
    const endedSelect = h("select", { id: "rftg-ended-by", onchange: () => { r.ended_by = endedSelect.value; this.changed(); } },
      choices.map((e) => h("option", { value: e, selected: e === r.ended_by }, ENDED_BY[e] ?? words(e))),
      choices.includes(r.ended_by) || r.ended_by === undefined ? null
        : h("option", { value: r.ended_by, selected: true }, `${r.ended_by} (not for this variant)`));
    const parts = [
      h("h2", {}, "Game"),
      h("div", { class: "grid" },
        field(["variant"], "rftg-variant", "Variant", variantSelect),
        field(["ended_by"], "rftg-ended-by", "How it ended", endedSelect)),
    ];
    if (variant?.fields.includes("repulsed") || r.repulsed !== undefined) {
      const repulsed = h("select", { id: "rftg-repulsed", onchange: () => {
        if (repulsed.value === "") delete r.repulsed; else r.repulsed = repulsed.value === "yes";
        const v = this.variantOf(r);
        if (v && !this.endedByChoices(v).includes(r.ended_by)) r.ended_by = this.endedByChoices(v)[0];
        this.render();
        this.changed();
      } },
      h("option", { value: "", selected: r.repulsed === undefined }, "not given"),
      h("option", { value: "yes", selected: r.repulsed === true }, "yes"),
      h("option", { value: "no", selected: r.repulsed === false }, "no: the game ended before"));
      parts.push(h("div", { class: "grid" }, h("div", { class: "wide" }, field(["repulsed"], "rftg-repulsed", "Were the Xenos repulsed?", repulsed))));
    }
    const max = this.data.players_max ?? 5;
    parts.push(h("div", { class: "count", "data-path": "players" },
      h("span", { class: "label", id: "rftg-count-label" }, "Players"),
      h("button", { type: "button", id: "rftg-remove-player", "aria-label": "Remove the last player",
        disabled: r.players.length <= PLAYER_MIN, onclick: () => this.removePlayer(r.players.length - 1) }, "−"),
      h("span", { class: "output", id: "rftg-count" }, String(r.players.length)),
      h("button", { type: "button", id: "rftg-add-player", "aria-label": "Add a player",
        disabled: r.players.length >= max, onclick: () => this.addPlayer() }, "+")));
    parts.push(h("p", { class: "winner-line", id: "rftg-winner-line" }, "Totals appear as you type."));
    parts.push(h("div", { class: "findings" }));
    parts[0].id = "rftg-game-title";
    return h("section", { class: "card game", "aria-labelledby": "rftg-game-title", id: "rftg-game" }, ...parts);
  }

  /** ended_by values a variant allows; before repulse, those of the invasion stage. */
  endedByChoices(variant) {
    const early = this.record.repulsed === false && variant.ended_by_before_repulse.length;
    return early ? variant.ended_by_before_repulse : variant.ended_by;
  }

  /** The record fields this player's form shows, from the schema's player fields: those of
   * every variant, those of this variant, `military` when a card in the tableau scores per
   * Military, and any field the record already gives (its warning then shows next to it). */
  playerFields(player) {
    const variant = this.variantOf(this.record);
    const optional = new Set(this.data.variants.flatMap((v) => v.fields));
    const military = (Array.isArray(player.tableau) ? player.tableau : []).some((e) => this.cards.find(cardName(e))?.m);
    return this.data.player_fields.filter((f) => {
      if (f.name === "name" || f.name === "tableau") return false;
      if (player[f.name] !== undefined) return true;
      if (f.name === "military") return military;
      return optional.has(f.name) ? variant?.fields.includes(f.name) : true;
    });
  }

  playerSection(player, i) {
    const base = ["players", i];
    const id = (s) => `p${i}-${s}`;
    const title = h("h2", { id: id("title") }, player.name || `Player ${i + 1}`);
    const name = h("input", { id: id("name"), type: "text", value: player.name ?? "", autocomplete: "off",
      autocapitalize: "words", enterkeyhint: "next", list: "player-names",
      oninput: () => { player.name = name.value; title.textContent = name.value || `Player ${i + 1}`; this.changed(); } });
    const total = h("p", { class: "total", id: id("total") }, h("small", {}, "…"));
    const section = h("section", { class: "card player", "data-path": pathAttr(base), "aria-labelledby": id("title"), id: id("section") },
      h("header", {}, h("div", {}, title, h("p", { class: "claim", id: id("claim") })), total),
      h("div", { class: "findings" }),
      field([...base, "name"], id("name"), "Name", name),
      this.tableauBlock(player, i),
      this.fieldsGrid(player, i),
      h("button", { type: "button", class: "remove-player", disabled: this.record.players.length <= PLAYER_MIN,
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

  /** The player's count boxes (those `playerFields` shows), as one grid. */
  fieldsGrid(player, i) {
    const base = ["players", i];
    const id = (s) => `p${i}-${s}`;
    const number = (f, target, path, fieldId, hint = HINTS[f.name] ?? f.description) => numberField(path, fieldId, label(f.name), target()[f.name], {
      signed: (f.min ?? 0) < 0, hint,
      onValue: (v) => { setOrDelete(target(true), f.name, v); this.tidy(player); this.changed(); } });
    const numbers = this.playerFields(player).map((f) => {
      if (f.type !== "object") return number(f, () => player, [...base, f.name], id(f.name));
      // a group such as at_repulse: {military_vs_xenos, war_contribution_chips}
      const group = (create = false) => {
        if (player[f.name] && typeof player[f.name] === "object") return player[f.name];
        return create ? (player[f.name] = {}) : {};
      };
      return h("fieldset", { class: "wide field", "data-path": pathAttr([...base, f.name]) },
        h("legend", { class: "label" }, label(f.name)),
        h("div", { class: "grid" }, (f.fields ?? []).map((sub) => number(sub, group, [...base, f.name, sub.name], id(`${f.name}-${sub.name}`), ""))),
        h("div", { class: "findings" }));
    });
    return h("div", { class: "grid", id: id("fields") }, numbers);
  }

  tableauBlock(player, i) {
    const base = ["players", i, "tableau"];
    const list = h("ul", { class: "chips", id: `p${i}-tableau`, "aria-label": "Tableau" });
    // the card box above the cards: a card added below it never moves the box typed in
    const block = h("div", { class: "tableau", "data-path": pathAttr(base) },
      this.combobox(player, i),
      h("p", { class: "label", id: `p${i}-tableau-label` }, "Tableau ", h("span", { class: "hint", id: `p${i}-tableau-count` })),
      list, h("div", { class: "findings" }));
    this.renderChips(player, i, list);
    return block;
  }

  renderChips(player, i, list = document.getElementById(`p${i}-tableau`)) {
    if (!Array.isArray(player.tableau)) player.tableau = [];
    const variant = this.variantOf(this.record);
    const damage = variant?.damage === true; // from content: worlds are damaged in this variant
    fill(list, ...player.tableau.map((entry, j) => {
      const written = cardName(entry);
      const card = this.cards.find(written);
      const damaged = typeof entry === "object" && entry?.damaged === true;
      const handVp = typeof entry === "object" ? entry?.vp : undefined;
      const chip = h("li", { "data-path": pathAttr(["players", i, "tableau", j]), class: damaged ? "damaged" : "" },
        h("span", { class: "name" }, card?.n ?? written,
          h("span", { class: "kind" }, card ? ` · ${card.t}${card.v !== undefined ? `, ${card.v} VP` : ""}`
            : handVp !== undefined ? ` · ${handVp} VP given by hand` : "")));
      if ((card?.t === "world" && damage) || damaged) {
        chip.append(h("button", { type: "button", "aria-pressed": damaged ? "true" : "false",
          "aria-label": `${card?.n ?? written} damaged`, onclick: () => this.toggleDamaged(player, i, j) }, "damaged"));
      }
      chip.append(h("button", { type: "button", "aria-label": `Remove ${card?.n ?? written}`,
        onclick: () => this.removeCard(player, i, j) }, "×"));
      if (!card && handVp === undefined) {
        const fixes = h("div", { class: "fixes" }, h("span", { class: "js-check" }, "Not in the card list."));
        const close = this.cards.closest(written);
        if (close.length) fixes.append(" Did you mean:");
        for (const c of close) {
          fixes.append(h("button", { type: "button", onclick: () => this.replaceCard(player, i, j, c.n) }, c.n));
        }
        chip.append(fixes);
      }
      chip.append(h("div", { class: "findings" }));
      return chip;
    }));
    const count = document.getElementById(`p${i}-tableau-count`);
    if (count) count.textContent = `(${player.tableau.length} cards)`;
  }

  combobox(player, i) {
    return cardPicker({
      id: `p${i}-card`, cards: this.cards,
      context: () => {
        const used = copiesUsed(this.cards, this.record);
        // cards in other tableaux with a copy left, and those of recent games, come first
        const familiar = new Map(this.familiar?.() ?? []);
        const tableau = Array.isArray(player.tableau) ? player.tableau : [];
        const others = copiesUsed(this.cards, { players: this.record.players.filter((p) => p !== player) });
        for (const [name, n] of others) familiar.set(name, (familiar.get(name) ?? 0) + n);
        const mine = new Set(tableau.map((e) => this.cards.find(cardName(e))?.n).filter(Boolean));
        return { used, mine, familiar, own: tableau.length, frontier: this.variantOf(this.record)?.frontier_cards ?? true };
      },
      onPick: (name) => this.addCard(player, i, name),
    });
  }

  // --- editing ---------------------------------------------------------------------------------

  /** Drop groups left empty (an at_repulse with both boxes cleared). */
  tidy(player) {
    for (const [key, value] of Object.entries(player)) if (isEmptyObject(value)) delete player[key];
  }

  addPlayer() {
    this.record.players.push({ name: "", tableau: [] });
    this.render();
    document.getElementById(`p${this.record.players.length - 1}-name`)?.focus();
    this.changed();
  }

  /** Remove player i (Undo puts them back where they were, cards and all). */
  removePlayer(i) {
    if (this.record.players.length <= PLAYER_MIN) return;
    const [player] = this.record.players.splice(i, 1);
    this.done = new Set([...this.done].filter((k) => k !== i).map((k) => (k > i ? k - 1 : k)));
    this.render();
    this.changed();
    const cards = Array.isArray(player.tableau) ? player.tableau.length : 0;
    this.hooks.notice?.(`Removed ${player.name || `player ${i + 1}`} (${cards} ${cards === 1 ? "card" : "cards"}).`, {
      label: "Undo", run: () => {
        this.record.players.splice(Math.min(i, this.record.players.length), 0, player);
        this.done = new Set([...this.done].map((k) => (k >= i ? k + 1 : k)).concat([i]));
        this.render();
        this.changed();
      },
    });
  }

  refreshTableaux() {
    this.record.players.forEach((p, i) => this.renderChips(p, i));
  }

  addCard(player, i, name) {
    player.tableau.push(name);
    // a card that scores per Military adds the `military` box (below the card box: it stays put)
    if (this.cards.find(name)?.m && player.military === undefined) {
      document.getElementById(`p${i}-fields`)?.replaceWith(this.fieldsGrid(player, i));
    }
    this.refreshTableaux();
    this.changed();
  }

  /** Remove card j of player i's tableau (Undo puts it back in its place). */
  removeCard(player, i, j) {
    const [entry] = player.tableau.splice(j, 1);
    this.refreshTableaux();
    document.getElementById(`p${i}-card`)?.focus();
    this.changed();
    const name = this.cards.find(cardName(entry))?.n ?? cardName(entry);
    this.hooks.notice?.(`Removed ${name} from ${player.name || `player ${i + 1}`}'s tableau.`, {
      label: "Undo", run: () => {
        player.tableau.splice(Math.min(j, player.tableau.length), 0, entry);
        this.refreshTableaux();
        this.changed();
      },
    });
  }

  replaceCard(player, i, j, name) {
    const entry = player.tableau[j];
    player.tableau[j] = typeof entry === "object" && entry ? { ...entry, card: name } : name;
    this.refreshTableaux();
    this.changed();
  }

  toggleDamaged(player, i, j) {
    const entry = player.tableau[j];
    const name = cardName(entry);
    const damaged = !(typeof entry === "object" && entry?.damaged === true);
    const rest = typeof entry === "object" && entry ? { ...entry } : { card: name };
    if (damaged) rest.damaged = true; else delete rest.damaged;
    player.tableau[j] = Object.keys(rest).length === 1 ? name : rest;
    this.refreshTableaux();
    this.changed();
  }

  // --- results ---------------------------------------------------------------------------------

  /**
   * What to send the engine: the record as typed, less what cannot be scored yet, so the
   * totals show while a game is typed in: players with no card yet are left out (the report's
   * player k is the form's player `players[k]`), an empty name is sent as "Player N", and a box
   * holding something that is not a whole number is left out (listed in `invalid`).
   */
  scoringRequest() {
    const all = this.record.players;
    const invalid = [];
    const clean = (value, path) => {
      if (typeof value === "string" && path.length > 2) { invalid.push(path); return undefined; }
      if (Array.isArray(value) || value === null || typeof value !== "object") return value;
      const out = {};
      for (const [k, v] of Object.entries(value)) {
        if (k === "tableau" || k === "name") { out[k] = v; continue; }
        const c = clean(v, [...path, k]);
        if (c !== undefined) out[k] = c;
      }
      return out;
    };
    const entered = all.map((p, i) => (Array.isArray(p.tableau) && p.tableau.length ? i : -1)).filter((i) => i >= 0);
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
    return { record, players, invalid };
  }

  /** Show a report from the engine for `request` (null: not scored yet). */
  showReport(report, request = null) {
    this.report = report;
    this.request = request;
    this.applyReport();
  }

  /** Whether a finding is a game-wide check made while some players are left out (no card
   * yet): the VP pool would count only the players scored, so it waits for every player. */
  provisionalOnly(f, path = f.path ?? []) {
    const missing = this.record.players.length - (this.report?.players?.length ?? 0);
    const aboutPlayer = f.player != null || (path[0] === "players" && typeof path[1] === "number");
    return missing > 0 && !aboutPlayer;
  }

  /** A report's path in the form's record: the report's player k is the form's `players[k]`
   * of the last scoring request (players with no card yet were left out). */
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

  /** The words for findings: the form's labels for fields and ended_by values. */
  wordsFor(finding) {
    return forPeople(finding, LABELS, ENDED_BY);
  }

  /** What keeps the result from being final (error findings, boxes left out, players with no
   * card yet), as phrases for the verdict: ["1 unknown card not counted", ...]. */
  problems() {
    const report = this.report;
    const out = [];
    const missing = this.record.players.length - (report?.players?.length ?? 0);
    if (report?.ok && missing > 0) out.push(`${missing} ${missing === 1 ? "player has" : "players have"} no cards yet`);
    const invalid = this.request?.invalid?.length ?? 0;
    if (invalid) out.push(`${invalid} ${invalid === 1 ? "box is" : "boxes are"} not a whole number (not counted)`);
    const unnamed = this.record.players.filter((p) => !String(p.name ?? "").trim()).length;
    if (unnamed) out.push(`${unnamed} ${unnamed === 1 ? "player has" : "players have"} no name`);
    if (report && !report.ok) {
      const n = (report.errors ?? []).length;
      out.push(`${n} ${n === 1 ? "thing" : "things"} to fill in or fix`);
      return out;
    }
    const counts = new Map();
    for (const f of report?.findings ?? []) if (f.severity === "error") counts.set(f.code, (counts.get(f.code) ?? 0) + 1);
    for (const [code, n] of counts) out.push(ERROR_PHRASES[code]?.(n) ?? `${n} ${n === 1 ? "problem" : "problems"} (${code.replace(/_/g, " ")})`);
    return out;
  }

  applyReport() {
    keepPlace(() => this.applyToEntry());
    if (this.view === "result") this.renderResult();
  }

  applyToEntry() {
    const report = this.report;
    const root = this.root.querySelector("#rftg-entry");
    if (!root) return;
    clearFindings(root);
    root.querySelectorAll(".js-check").forEach((el) => { el.hidden = !!report; });
    const fallback = root.querySelector("#rftg-game > .findings");
    const winnerLine = root.querySelector("#rftg-winner-line");
    this.shownKeys = new Map();
    this.record.players.forEach((p, i) => {
      setText(`p${i}-total`, "");
      setText(`p${i}-claim`, "");
      const needed = (field, text) => { if (this.shown(["players", i, field], "needed")) showFinding(root, fallback, ["players", i, field], "needed", text); };
      if (!String(p.name ?? "").trim()) needed("name", "Needed: this player's name.");
      if (!(Array.isArray(p.tableau) && p.tableau.length)) needed("tableau", "Needed: the cards in this tableau.");
    });
    for (const path of this.request?.invalid ?? []) showFinding(root, fallback, path, "error", "Not a whole number: this box is not counted.");
    if (!report) return;
    const map = this.request?.players ?? this.record.players.map((_p, i) => i);
    const place = (path) => this.placePath(path);
    if (!report.ok) {
      winnerLine.textContent = "Not scored yet: see the marked boxes.";
      for (const e of report.errors ?? []) {
        const path = place(e.path);
        if (!this.shown(path, e.message)) continue;
        showFinding(root, fallback, path, "error", forPeople({ message: errorText(root, path, e, "error"), path }, LABELS, ENDED_BY).text);
      }
      return;
    }
    report.players.forEach((p, k) => this.showPlayer(p, map[k]));
    const missing = this.record.players.length - report.players.length;
    const { winner } = this.winnerText(report);
    winnerLine.textContent = missing > 0 ? `Provisional: ${missing} ${missing === 1 ? "player has" : "players have"} no cards yet.` : winner;
    for (const f of report.findings ?? []) {
      const named = f.player != null ? report.players.findIndex((p) => p.name === f.player) : -1;
      const path0 = f.path?.length ? place(f.path) : (named >= 0 ? ["players", map[named]] : []);
      if (!this.shown(path0, f.code)) continue;
      if (this.provisionalOnly(f, path0)) continue;
      const { text, path } = this.wordsFor({ ...f, path: path0 });
      showFinding(root, fallback, path.length ? path : null, f.severity, text);
    }
  }

  showPlayer(p, i) {
    const total = document.getElementById(`p${i}-total`);
    if (!total) return;
    fill(total, String(p.total), h("small", {}, ` VP · ${ordinal(p.rank)}`));
    const claim = document.getElementById(`p${i}-claim`);
    if (p.claimed_total === null || p.claimed_total === undefined) { claim.textContent = ""; claim.className = "claim"; }
    else if (p.claimed_total === p.total) { claim.textContent = `claimed ${p.claimed_total} ✓`; claim.className = "claim good"; }
    else { claim.textContent = `claimed ${p.claimed_total} ✗ (${p.total} scored)`; claim.className = "claim bad"; }
    // a value the scorer counted from the cards shows below its empty box, as its hint (a
    // placeholder would be cut off in a half-width box beside the ± button on a phone)
    for (const name of ["military_vs_xenos", "military"]) {
      const input = document.getElementById(`p${i}-${name}`);
      const hint = document.getElementById(`p${i}-${name}-hint`);
      if (!input || !hint) continue;
      const computed = typeof p[name] === "number" && !input.value.trim();
      hint.textContent = computed ? `${p[name]}, counted from the cards` : HINTS[name];
      hint.classList.toggle("computed", computed);
    }
  }

  /** How the game ended, in words ("Xenos repulsed"). */
  endedWords(id) {
    return ENDED_BY[id] ?? words(id ?? "");
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
    if (this.report?.ok) this.hooks.onScore?.(this.report); // saved first: the result screen links to it
    this.showView("result");
  }

  /** Switch between the entry form and the result screen (the page's top either way). */
  showView(view, focus = true) {
    this.view = view;
    this.root.querySelector("#rftg-entry").hidden = view !== "entry";
    this.root.querySelector("#rftg-result").hidden = view !== "result";
    this.applyReport();
    if (view === "result") {
      window.scrollTo(0, this.root.getBoundingClientRect().top + window.scrollY - 8);
      if (focus) document.getElementById("rftg-result-title")?.focus({ preventScroll: true });
    } else if (focus) document.getElementById("rftg-score")?.focus({ preventScroll: true });
  }

  /** Back to the entry form at the box of `path` (a finding's "Fix"). */
  edit(path = null) {
    this.showView("entry", !path);
    const target = path && (this.root.querySelector(`#rftg-entry [data-path="${CSS.escape(pathAttr(path))}"]`)
      ?? this.root.querySelector(`#rftg-entry [data-path="${CSS.escape(pathAttr(path.slice(0, 2)))}"]`));
    if (target) {
      target.scrollIntoView({ block: "center" });
      (target.matches("input, select") ? target : target.querySelector("input, select, button"))?.focus({ preventScroll: true });
    }
  }

  renderResult() {
    const el = this.root.querySelector("#rftg-result");
    if (el) resultView(el, this);
  }

  /** The winners line, and one sentence per VP tie from the report's `ties` (how the
   * tie-break settled it, or that it did not). */
  winnerText(report) {
    const top = Math.max(...report.players.map((p) => p.total));
    const winners = report.winners;
    let winner = !winners.length ? "No winner"
      : winners.length === 1 ? `Winner: ${winners[0]} with ${top} VP` : `Shared win: ${winners.join(", ")} with ${top} VP`;
    // an unknown card is left out of its player's total: the result is not final (as the CLI says)
    const leftOut = report.players.flatMap((p) => (p.not_counted ?? []).map((c) => `${p.name}'s '${c}'`));
    if (leftOut.length) {
      winner += ` (not final: ${leftOut.length} unknown card${leftOut.length === 1 ? "" : "s"} not counted: ${leftOut.join(", ")})`;
    }
    const tiebreak = (report.ties ?? []).map((tie) => {
      const names = tie.players.map((p) => p.name).join(" and ");
      const what = tie.fields.map((f) => label(f).toLowerCase()).join(" + ");
      const values = tie.players.map((p) => `${p.name} ${p.tiebreak}`).join(", ");
      return tie.decided
        ? `${names} tie on ${tie.total} VP; the tie-break (${what}) decides: ${values}.`
        : `${names} tie on ${tie.total} VP and on the tie-break (${what}: ${values}): they share the rank.`;
    }).join(" ");
    return { winner, tiebreak };
  }
}

/** Phrases for the verdict, per error code ("1 unknown card not counted"). */
const ERROR_PHRASES = {
  unknown_card: (n) => `${n} unknown ${n === 1 ? "card" : "cards"} not counted`,
  too_many_copies: (n) => `${n} ${n === 1 ? "card" : "cards"} in more tableaux than there are copies`,
  claimed_total: (n) => `${n} ${n === 1 ? "total differs" : "totals differ"} from the score pad`,
  damaged_development: (n) => `${n} damaged ${n === 1 ? "development" : "developments"} (only worlds are damaged)`,
  damage_not_in_variant: (n) => `${n} damaged ${n === 1 ? "world" : "worlds"} in a variant without damage`,
  frontier_card_not_in_variant: (n) => `${n} Frontier ${n === 1 ? "card" : "cards"} in a game without the Frontier decks`,
  duplicate_player: (n) => `${n} ${n === 1 ? "name is" : "names are"} used twice`,
  at_repulse_missing: (n) => `${n} ${n === 1 ? "player lacks" : "players lack"} the values at the repulse`,
  ended_by: () => "the way the game ended does not fit the variant",
};

function cardName(entry) {
  return typeof entry === "string" ? entry : typeof entry?.card === "string" ? entry.card : "";
}

function isEmptyObject(v) {
  return v && typeof v === "object" && !Array.isArray(v) && !Object.keys(v).length;
}

function setOrDelete(target, key, value) {
  if (value === undefined) delete target[key]; else target[key] = value;
}

function setText(id, text) {
  const el = document.getElementById(id);
  if (el) el.textContent = text;
}
