// The `tableau` mechanism's phone widget: the pad of a game whose scoring model switches the
// mechanism on (a players' pad, players-pad.js; Race for the Galaxy's): the game (variant, how
// it ended), 2 to 5 players with their tableaux (the card picker) and counts, each player's
// live total, and the result screen with the bonus tiles and each player's Military card by
// card. The record edited here is exactly the YAML record. Its data: form.json's
// models[word].widgets.tableau (page.py beside this file).
import { cardPicker } from "./card-picker.js";
import { CardIndex, copiesUsed } from "./cards.js";
import { field, fill, h, numberField, pathAttr } from "../../js/dom.js";
import { PLAYER_MIN, PlayersPad } from "../../js/players-pad.js";
import { ruleCard } from "../../js/rules-tab.js";
import { modelCategories } from "../../js/result-screen.js";
import { plural, words } from "../../js/words.js";

// The words of the record's fields, hints and ended_by values are the scoring model's (content:
// each entered value's `label`, `hint` (else `help`), each ending's `label`); a field the model
// does not name shows its own name, with the field's description from the record's JSON
// Schema as its hint.
const CLAIMED = { label: "Claimed total", hint: "from the score pad: checked" };

/** {id: {label, hint}} of the model's entered values (a group's values under `${group}.${id}`). */
function modelWords(model) {
  const out = { claimed_total: CLAIMED };
  const add = (e, key) => { out[key] = { label: e.label ?? words(e.id), hint: e.hint ?? e.help ?? "" }; };
  for (const e of [...(model?.record_entered ?? []), ...(model?.entered ?? [])]) {
    add(e, e.id);
    for (const v of e.values ?? []) add(v, `${e.id}.${v.id}`);
  }
  return out;
}
// the report's VP categories by their words (until the scoring model declares them)
export const CATEGORY_LABELS = {
  cards_vp: "Cards (printed VP)", six_dev_vp: "6-cost developments", chips_vp: "VP chips",
  war_contribution_vp: "War contributions", defense_awards_vp: "Defense awards", bonus_vp: "Bonus tiles",
};

export class Pad extends PlayersPad {
  /** root: the panel; word: the record's `game:` word; entry: form.json's models[word] (its
   * widgets.tableau: this pad's data); onChange(): record edited; hooks: see PlayersPad
   * (familiar(word) also: Map card name as written -> times in recent games of this word). */
  constructor(root, word, entry, onChange, hooks = {}) {
    super(root, { game: word, playerPrefix: "p" }, onChange, hooks);
    const data = entry.widgets?.tableau ?? { variants: [], cards: [], player_fields: [] };
    this.word = word;
    this.title = data.title ?? entry.title ?? words(word);
    this.tab = entry.scoring?.tab ?? this.title;
    this.bgstatsId = entry.game ?? word;
    this.data = data;
    this.cards = new CardIndex(data.cards ?? []);
    // cards of recent games come first in the card picker (by their database names)
    this.familiar = () => new Map([...(hooks.familiar?.(word) ?? [])].map(([n, k]) => [this.cards.find(n)?.n ?? n, k]));
    this.fieldWords = modelWords(entry.scoring);
    this.labels = Object.fromEntries(Object.entries(this.fieldWords).map(([k, w]) => [k, w.label]));
    this.rulesGame = entry.game ?? word;
    this.values = Object.fromEntries((entry.scoring?.endings ?? []).map((e) => [e.id, e.label ?? words(e.id)]));
    this.errorPhrases = ERROR_PHRASES;
    this.categoryLabels = CATEGORY_LABELS;
    this.awardsTitle = "Bonus tiles";
    this.verbatim = new Set(["name", "tableau"]);
    this.maxPlayers = data.players_max ?? 5;
  }

  /** A field's words: the model's label, else its own name in words. */
  label(name) { return this.fieldWords[name]?.label ?? words(name); }

  /** A new game: the previous variant and players' names kept, everything else empty. */
  newRecord(previous) {
    const variant = this.variantOf(previous) ?? this.data.variants[0];
    const names = (Array.isArray(previous?.players) ? previous.players : []).map((p) => p?.name ?? "");
    while (names.length < PLAYER_MIN) names.push("");
    return { game: this.word, variant: variant.id, ended_by: variant.ended_by[0],
      players: names.map((name) => ({ name, tableau: [] })) };
  }

  newPlayer() { return { name: "", tableau: [] }; }

  variantOf(record) {
    return this.data.variants.find((v) => v.id === record?.variant);
  }

  /** A player is scored once their tableau holds a card. */
  entered(player) { return Array.isArray(player.tableau) && player.tableau.length > 0; }

  get notEnteredWords() { return "no cards yet"; }

  get startWords() { return "Add each player's name and cards: totals appear as you type."; }

  needed(player) {
    return this.entered(player) ? [] : [{ field: "tableau", text: "Needed: the cards in this tableau." }];
  }

  /** Text typed in a count box is invalid; a tableau's card names are not counts. */
  isNumberPath(path) { return path.length > 2 && path[2] !== "tableau"; }

  removedWhat(player) {
    return ` (${plural(Array.isArray(player.tableau) ? player.tableau.length : 0, "card")})`;
  }

  // --- rendering -------------------------------------------------------------------------------

  /** The variant, how the game ended and (counterstrike) whether the Xenos were repulsed. */
  gameBody() {
    const r = this.record;
    const variant = this.variantOf(r);
    const variantSelect = h("select", { id: this.gid("variant"), onchange: () => {
      r.variant = variantSelect.value;
      const v = this.variantOf(r);
      if (v && !this.endedByChoices(v).includes(r.ended_by)) r.ended_by = this.endedByChoices(v)[0];
      this.render();
      this.changed();
    } }, this.data.variants.map((v) => h("option", { value: v.id, selected: v.id === r.variant }, v.title)),
    variant ? null : h("option", { value: r.variant, selected: true }, `${r.variant} (unknown)`));
    const choices = variant ? this.endedByChoices(variant) : [];
    const endedSelect = h("select", { id: this.gid("ended-by"), onchange: () => { r.ended_by = endedSelect.value; this.changed(); } },
      choices.map((e) => h("option", { value: e, selected: e === r.ended_by }, this.values[e] ?? words(e))),
      choices.includes(r.ended_by) || r.ended_by === undefined ? null
        : h("option", { value: r.ended_by, selected: true }, `${r.ended_by} (not for this variant)`));
    const parts = [
      h("div", { class: "grid" },
        field(["variant"], this.gid("variant"), "Variant", variantSelect),
        field(["ended_by"], this.gid("ended-by"), "How it ended", endedSelect)),
    ];
    if (variant?.fields.includes("repulsed") || r.repulsed !== undefined) {
      const repulsed = h("select", { id: this.gid("repulsed"), onchange: () => {
        if (repulsed.value === "") delete r.repulsed; else r.repulsed = repulsed.value === "yes";
        const v = this.variantOf(r);
        if (v && !this.endedByChoices(v).includes(r.ended_by)) r.ended_by = this.endedByChoices(v)[0];
        this.render();
        this.changed();
      } },
      h("option", { value: "", selected: r.repulsed === undefined }, "not given"),
      h("option", { value: "yes", selected: r.repulsed === true }, "yes"),
      h("option", { value: "no", selected: r.repulsed === false }, "no: the game ended before"));
      parts.push(h("div", { class: "grid" }, h("div", { class: "wide" }, field(["repulsed"], this.gid("repulsed"), this.label("repulsed"), repulsed))));
    }
    return parts;
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

  playerBody(player, i) {
    return [this.tableauBlock(player, i), this.fieldsGrid(player, i)];
  }

  /** The player's count boxes (those `playerFields` shows), as one grid. */
  fieldsGrid(player, i) {
    const base = ["players", i];
    const id = (s) => this.pid(i, s);
    const number = (f, target, path, fieldId, key = f.name) => numberField(path, fieldId, this.label(key), target()[f.name], {
      signed: (f.min ?? 0) < 0, hint: this.fieldWords[key]?.hint ?? f.description,
      onValue: (v) => { setOrDelete(target(true), f.name, v); this.tidy(player); this.changed(); } });
    const numbers = this.playerFields(player).map((f) => {
      if (f.type !== "object") return number(f, () => player, [...base, f.name], id(f.name));
      // a group such as at_repulse: {military_vs_xenos, war_contribution_chips}
      const group = (create = false) => {
        if (player[f.name] && typeof player[f.name] === "object") return player[f.name];
        return create ? (player[f.name] = {}) : {};
      };
      return h("fieldset", { class: "wide field", "data-path": pathAttr([...base, f.name]) },
        h("legend", { class: "label" }, this.label(f.name)),
        h("div", { class: "grid" }, (f.fields ?? []).map((sub) => number(sub, group, [...base, f.name, sub.name], id(`${f.name}-${sub.name}`), `${f.name}.${sub.name}`))),
        h("div", { class: "findings" }));
    });
    return h("div", { class: "grid", id: id("fields") }, numbers);
  }

  tableauBlock(player, i) {
    const base = ["players", i, "tableau"];
    const list = h("ul", { class: "chips", id: this.pid(i, "tableau"), "aria-label": "Tableau" });
    // the card box above the cards: a card added below it never moves the box typed in
    const block = h("div", { class: "tableau", "data-path": pathAttr(base) },
      this.combobox(player, i),
      h("p", { class: "label", id: this.pid(i, "tableau-label") }, "Tableau ", h("span", { class: "hint", id: this.pid(i, "tableau-count") })),
      list, h("div", { class: "findings" }));
    this.renderChips(player, i, list);
    return block;
  }

  renderChips(player, i, list = document.getElementById(this.pid(i, "tableau"))) {
    if (!Array.isArray(player.tableau)) player.tableau = [];
    const variant = this.variantOf(this.record);
    const damage = variant?.damage === true; // from content: worlds are damaged in this variant
    fill(list, ...player.tableau.map((entry, j) => {
      const written = cardName(entry);
      const card = this.cards.find(written);
      const damaged = typeof entry === "object" && entry?.damaged === true;
      const handVp = typeof entry === "object" ? entry?.vp : undefined;
      const chip = h("li", { "data-path": pathAttr(["players", i, "tableau", j]), class: damaged ? "damaged" : "" },
        h("span", { class: "name" }, card ? ruleCard(card.n, this.rulesGame) : written,
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
    // the count beside the list (the block may not be in the page yet: a new form's first render)
    const count = list.parentElement?.querySelector(`#${this.pid(i, "tableau-count")}`) ?? document.getElementById(this.pid(i, "tableau-count"));
    if (count) count.textContent = `(${plural(player.tableau.length, "card")})`;
  }

  combobox(player, i) {
    return cardPicker({
      id: this.pid(i, "card"), cards: this.cards,
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

  refreshTableaux() {
    this.record.players.forEach((p, i) => this.renderChips(p, i));
  }

  addCard(player, i, name) {
    player.tableau.push(name);
    // a card that scores per Military adds the `military` box (below the card box: it stays put)
    if (this.cards.find(name)?.m && player.military === undefined) {
      document.getElementById(this.pid(i, "fields"))?.replaceWith(this.fieldsGrid(player, i));
    }
    this.refreshTableaux();
    this.changed();
  }

  /** Remove card j of player i's tableau (Undo puts it back in its place). */
  removeCard(player, i, j) {
    const [entry] = player.tableau.splice(j, 1);
    this.refreshTableaux();
    document.getElementById(this.pid(i, "card"))?.focus();
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

  /** A value the scorer counted from the cards shows below its empty box, as its hint (a
   * placeholder would be cut off in a half-width box beside the ± button on a phone). */
  showPlayerExtras(p, i) {
    for (const name of ["military_vs_xenos", "military"]) {
      const input = document.getElementById(this.pid(i, name));
      const hint = document.getElementById(this.pid(i, `${name}-hint`));
      if (!input || !hint) continue;
      const computed = typeof p[name] === "number" && !input.value.trim();
      hint.textContent = computed ? `${p[name]}, counted from the cards` : this.fieldWords[name]?.hint ?? "";
      hint.classList.toggle("computed", computed);
    }
  }

  /** The players whose tableau holds `card` (its name in the card list): ["Ann", "Ben 2"]. */
  holdersOf(card) {
    return this.record.players.map((p, i) => {
      const n = (Array.isArray(p.tableau) ? p.tableau : []).filter((e) => (this.cards.find(cardName(e))?.n ?? cardName(e)) === card).length;
      return n ? `${this.playerName(i)}${n > 1 ? ` ${n}` : ""}` : null;
    }).filter(Boolean);
  }

  /** A card in a breakdown opens its entry in the Rules tab. */
  ruleComponent(name) { return this.cards.find(name) ? ruleCard(name, this.rulesGame) : null; }

  // --- what the page asks every pad (app.js) ---------------------------------------------------

  /** The game's name and variant, in words, for a saved game or a record. */
  describe(record) {
    return { title: this.title, variant: this.variantOf(record)?.title ?? record.variant };
  }

  /** Why `record` cannot be shown here (its shape, not its values), or "". */
  unfit(record) {
    if (!Array.isArray(record.players) || !record.players.every((p) => p && typeof p === "object" && !Array.isArray(p))) {
      return "`players` must be a list of players (each with name, tableau, ...)";
    }
    if (record.players.some((p) => p.tableau !== undefined && !Array.isArray(p.tableau))) return "each `tableau` must be a list of cards";
    return "";
  }

  /** Words typed loosely at the table, read as the scorer reads them: "VP pool" -> "vp_pool". */
  tidy(record) {
    const words = (v) => (typeof v === "string" ? v.replace(/_/g, "_").split(/\s+/).filter(Boolean).join("_").toLowerCase() : v);
    for (const key of ["variant", "ended_by"]) if (typeof record[key] === "string") record[key] = words(record[key]);
  }

  /** A record loaded whole: a player without a tableau gets an empty one to add cards to. */
  loaded(record) { for (const p of record.players) if (p.tableau === undefined) p.tableau = []; }

  /** What the model gives BG Stats (none: this pad's categories come from the report). */
  bgstatsScoring() { return null; }

  /** The scoreboard's categories as the scoring model declares them (when form data has it). */
  declaredCategories() { return modelCategories(this.data.scoring); }

  scoringModel() { return this.data.scoring ?? null; }

  /** The variant's bonus tiles. */
  awards() {
    const variant = this.variantOf(this.record);
    return (variant?.tiles ?? []).map((id) => ({ id, ...(this.data.tiles?.[id] ?? { title: id, vp: "" }) }));
  }

  /** Each player's Military (and vs. Xenos) with the cards that give it. */
  resultExtras(report) {
    const any = report.players.some((p) => (p.military_explain ?? []).length || p.military);
    if (!any) return null;
    return [h("h3", {}, "Military, card by card"), h("ul", { class: "military" }, report.players.map((p) => {
      const vs = typeof p.military_vs_xenos === "number" && p.military_vs_xenos !== p.military ? ` · vs. Xenos ${p.military_vs_xenos}` : "";
      const cards = (p.military_explain ?? []).map((e) => `${e.component} ${e.why.replace(/ \(vs\. Xenos only\)$/, "")}`);
      return h("li", {}, h("strong", {}, p.name), ` Military ${p.military ?? 0}${vs}`,
        h("span", { class: "why" }, cards.length ? cards.join("; ") : "no card with a lasting Military power"));
    }))];
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

