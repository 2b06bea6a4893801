// The Race for the Galaxy form: the game (variant, how it ended), 2 to 5 players with their
// tableaux (autocomplete from the card database) and counts, and the live results from the
// engine: totals, ranks, winners (with the tie-break when it decides), each player's receipt
// and each finding next to its field. The record edited here is exactly the YAML record.
import { cardPicker } from "./card-picker.js";
import { copiesUsed } from "./cards.js";
import { clearFindings, errorKind, errorText, field, fill, h, numberField, ordinal, pathAttr, showFinding } from "./dom.js";

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
const words = (id) => String(id).replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
const label = (name) => LABELS[name] ?? words(name);

export class RftgForm {
  /** root: the panel; data: form.json's rftg; cards: a CardIndex; onChange(): record edited. */
  constructor(root, data, cards, onChange) {
    this.root = root;
    this.data = data;
    this.cards = cards;
    this.onChange = onChange;
    this.report = null;
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

  /** Show `record` (a mapping shaped like the YAML record) in the form. */
  setRecord(record) {
    this.record = record;
    this.report = null;
    this.render();
  }

  changed() { this.onChange(); }

  // --- rendering -------------------------------------------------------------------------------

  render() {
    const focused = document.activeElement?.id;
    const r = this.record;
    fill(this.root, this.gameSection(), ...r.players.map((p, i) => this.playerSection(p, i)),
      this.standingsSection());
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
      h("output", { "aria-labelledby": "rftg-count-label", "aria-live": "polite" }, String(r.players.length)),
      h("button", { type: "button", id: "rftg-add-player", "aria-label": "Add a player",
        disabled: r.players.length >= max, onclick: () => this.addPlayer() }, "+")));
    parts.push(h("p", { class: "winner-line", id: "rftg-winner-line", "aria-live": "polite" }));
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
      autocapitalize: "words", enterkeyhint: "next",
      oninput: () => { player.name = name.value; title.textContent = name.value || `Player ${i + 1}`; this.changed(); } });
    const total = h("p", { class: "total", id: id("total"), "aria-live": "polite" }, h("small", {}, "…"));
    const section = h("section", { class: "card player", "data-path": pathAttr(base), "aria-labelledby": id("title"), id: id("section") },
      h("header", {}, h("div", {}, title, h("p", { class: "claim", id: id("claim") })), total),
      h("div", { class: "findings" }),
      field([...base, "name"], id("name"), "Name", name),
      this.tableauBlock(player, i),
      this.fieldsGrid(player, i),
      h("details", { class: "receipt", id: id("receipt") }, h("summary", {}, "How this total is made"), h("div", { class: "lines" })),
      h("button", { type: "button", class: "remove-player", disabled: this.record.players.length <= PLAYER_MIN,
        onclick: () => this.removePlayer(i) }, `Remove ${player.name || `player ${i + 1}`}`));
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

  standingsSection() {
    return h("section", { class: "card standings", id: "rftg-standings", "aria-labelledby": "rftg-standings-title", "aria-live": "polite" },
      h("h2", { id: "rftg-standings-title" }, "Results"), h("div", { class: "body" }, h("p", { class: "waiting" }, "Scores appear when the scorer has loaded.")),
      h("div", { class: "findings" }));
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

  removePlayer(i) {
    if (this.record.players.length <= PLAYER_MIN) return;
    this.record.players.splice(i, 1);
    this.render();
    this.changed();
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

  removeCard(player, i, j) {
    player.tableau.splice(j, 1);
    this.refreshTableaux();
    document.getElementById(`p${i}-card`)?.focus();
    this.changed();
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
   * What to send the engine: the record, less the players with an empty tableau while at least
   * one player has cards (so totals show while a game is being typed in; the results then say
   * they are provisional). `players[k]` is the form's index of the report's player k.
   */
  scoringRequest() {
    const all = this.record.players;
    const entered = all.map((p, i) => (Array.isArray(p.tableau) && p.tableau.length ? i : -1)).filter((i) => i >= 0);
    if (!entered.length || entered.length === all.length) return { record: this.record, players: all.map((_p, i) => i) };
    return { record: { ...this.record, players: entered.map((i) => all[i]) }, players: entered };
  }

  /** Show a report from the engine for `request` (null: not scored yet). */
  showReport(report, request = null) {
    this.report = report;
    this.request = request;
    this.applyReport();
  }

  applyReport() {
    const report = this.report;
    const root = this.root;
    clearFindings(root);
    root.querySelectorAll(".js-check").forEach((el) => { el.hidden = !!report; });
    const standings = root.querySelector("#rftg-standings .body");
    const winnerLine = root.querySelector("#rftg-winner-line");
    if (!standings) return;
    const fallback = root.querySelector("#rftg-standings > .findings");
    this.record.players.forEach((_p, i) => { setText(`p${i}-total`, ""); setText(`p${i}-claim`, ""); });
    if (!report) return;
    // the report's player k is the form's player map[k] (see scoringRequest)
    const map = this.request?.players ?? this.record.players.map((_p, i) => i);
    const place = (path) => (path?.[0] === "players" && typeof path[1] === "number" && map[path[1]] !== undefined
      ? ["players", map[path[1]], ...path.slice(2)] : path);
    if (!report.ok) {
      const errors = report.errors ?? [];
      fill(standings, h("p", {}, `Not scored yet: ${errors.length} ${errors.length === 1 ? "thing" : "things"} to fill in or fix (marked below).`));
      winnerLine.textContent = "";
      for (const e of errors) {
        const path = place(e.path);
        const kind = errorKind(this.record, path);
        showFinding(root, fallback, path, kind, errorText(root, path, e, kind));
      }
      return;
    }
    report.players.forEach((p, k) => this.showPlayer(p, map[k]));
    const missing = this.record.players.length - report.players.length;
    const { winner, tiebreak } = this.winnerText(report);
    const provisional = missing > 0 ? `Provisional: ${missing} ${missing === 1 ? "player has" : "players have"} no cards yet.` : "";
    winnerLine.textContent = provisional || winner;
    fill(standings,
      provisional ? h("p", { class: "tiebreak" }, provisional) : h("p", { class: "winner" }, winner),
      !provisional && tiebreak ? h("p", { class: "tiebreak" }, tiebreak) : null,
      h("table", { class: "table" },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Rank"), h("th", { scope: "col" }, "Player"), h("th", { scope: "col", class: "num" }, "VP"))),
        h("tbody", {}, [...report.players].sort((a, b) => a.rank - b.rank).map((p) =>
          h("tr", {}, h("td", {}, ordinal(p.rank)), h("td", {}, p.name), h("td", { class: "num" }, String(p.total)))))));
    for (const f of report.findings ?? []) {
      const path = f.path?.length ? place(f.path) : null;
      const k = f.player != null ? report.players.findIndex((p) => p.name === f.player) : -1;
      showFinding(root, fallback, path ?? (k >= 0 ? ["players", map[k]] : null), f.severity, f.message);
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
    const receipt = document.getElementById(`p${i}-receipt`);
    receipt.querySelector("summary").textContent = `How ${p.name || `player ${i + 1}`} scores ${p.total} VP`;
    fill(receipt.querySelector(".lines"), h("table", { class: "table" },
      h("tbody", {}, p.explain.map((e) => h("tr", {},
        h("td", { class: "num" }, String(e.vp)),
        h("td", {}, e.component, h("span", { class: "why" }, e.why)))),
      h("tr", {}, h("td", { class: "num" }, h("strong", {}, String(p.total))), h("td", {}, h("strong", {}, "total"))))));
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
