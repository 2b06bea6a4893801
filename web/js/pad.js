// The score pad generated from a game's compiled scoring model (docs/scoring-model.md): its
// variants and endings, the values entered once per game and per player (typed, bounded,
// labelled, with help), the claimed total, and the result screen with the model's categories
// and awards. A game whose model switches on no mechanism gets its whole pad from here, with no
// game-specific JavaScript; a mechanism's entered type needs its widget, given in `mechanisms`
// (type -> (pad, target, path, spec) -> element: a mechanism widget.js's `widgets`). The pad computes nothing:
// the engine scores the record it gathers, exactly as `playaid score` does.
import { field, h, numberField, pathAttr } from "./dom.js";
import { PLAYER_MIN, PlayersPad } from "./players-pad.js";
import { modelCategories } from "./result-screen.js";
import { words } from "./words.js";

const NUMBER_TYPES = new Set(["count", "number"]);

/** Whether a record value counts as given (an empty box, list or group does not). */
const present = (v) => v !== undefined && v !== null && v !== "" && !(Array.isArray(v) && !v.length)
  && !(typeof v === "object" && !Array.isArray(v) && !Object.keys(v).length);

export class ModelPad extends PlayersPad {
  /**
   * root: the panel; word: the record's `game:` word; entry: form.json's models[word]
   * ({game, title, scoring}); onChange(): record edited; hooks: see PlayersPad; mechanisms:
   * widgets for a mechanism's entered types.
   */
  constructor(root, word, entry, onChange, hooks = {}, mechanisms = {}) {
    super(root, { game: word }, onChange, hooks);
    this.word = word;
    this.rulesGame = entry.game ?? null;
    this.title = entry.title ?? words(word);
    this.bgstatsId = word;
    this.model = entry.scoring;
    this.mechanisms = mechanisms;
    const m = this.model;
    this.labels = Object.fromEntries([...(m.record_entered ?? []), ...(m.entered ?? []), ...(m.entered ?? []).flatMap((e) => e.values ?? []),
      ...(m.tie_breakers ?? [])].map((e) => [e.id, e.label ?? words(e.id)]));
    this.labels.claimed_total = "Claimed total";
    this.values = Object.fromEntries([...(m.endings ?? []).map((e) => [e.id, e.label ?? words(e.id)]),
      ...(m.variants ?? []).map((v) => [v.id, v.title ?? words(v.id)])]);
    this.categoryLabels = Object.fromEntries((m.components ?? []).map((c) => [c.id, c.label ?? words(c.id)]));
    this.awardsList = m.awards_total?.list ?? "awards";
    this.awardsTitle = m.awards_total?.label ?? "Awards";
    this.maxPlayers = m.players?.max ?? 5;
    // a new game opens with the model's fewest players (a 3-7 player game with 3 slots); a
    // game with no minimum, or a solo one, with two, or as many as it takes
    const fewest = Number.isInteger(m.players?.min) && m.players.min > 0 ? m.players.min : PLAYER_MIN;
    this.minPlayers = Math.min(Math.max(fewest, 1), this.maxPlayers);
  }

  // --- the model ---------------------------------------------------------------------------------

  variantsOffered() { return (this.model.variants ?? []).filter((v) => !v.hidden); }

  variantById(id) { return (this.model.variants ?? []).find((v) => v.id === id) ?? null; }

  /** The variant scored: the one written, or the one it `becomes` when the record's values
   * equal a `when` (a variant's stage before an event). */
  scoredVariant(record = this.record) {
    const written = this.variantById(record?.variant);
    for (const turn of written?.becomes ?? []) {
      if (Object.entries(turn.when ?? {}).every(([k, v]) => record[k] === v)) return this.variantById(turn.variant) ?? written;
    }
    return written;
  }

  /** Whether an entered value, award or component applies to the variant scored. */
  applies(spec) {
    const variant = this.scoredVariant();
    return !spec.variants || !variant || spec.variants.includes(variant.id);
  }

  /** The ended_by values offered: the scored variant's, else every ending. */
  endings() {
    const variant = this.scoredVariant();
    const ids = variant?.ended_by ?? (this.model.endings ?? []).map((e) => e.id);
    return ids.map((id) => ({ id, label: this.values[id] ?? words(id) }));
  }

  newRecord(previous) {
    const record = { game: this.model.record ?? this.word };
    const variant = this.variantById(previous?.variant) ?? this.variantsOffered()[0];
    if (variant) record.variant = variant.id;
    const endings = variant?.ended_by ?? (this.model.endings ?? []).map((e) => e.id);
    if (endings.length) record.ended_by = endings[0];
    const names = (Array.isArray(previous?.players) ? previous.players : []).map((p) => p?.name ?? "");
    while (names.length < Math.max(this.minPlayers, Math.min(PLAYER_MIN, this.maxPlayers))) names.push("");
    record.players = names.map((name) => ({ name }));
    return record;
  }

  /** The player's entered values that apply, in pad order. */
  playerSpecs() { return (this.model.entered ?? []).filter((e) => this.applies(e)); }

  /** A player is scored once every required value is given (or, with none required, anything). */
  entered(player) {
    const required = this.playerSpecs().filter((e) => e.required);
    if (required.length) return required.every((e) => present(player[e.id]));
    return Object.entries(player).some(([k, v]) => k !== "name" && present(v));
  }

  needed(player) {
    return this.playerSpecs().filter((e) => e.required && !present(player[e.id]))
      .map((e) => ({ field: e.id, text: `Needed: ${(e.label ?? words(e.id)).toLowerCase()}.` }));
  }

  /** Text typed where the model wants a whole number is invalid. */
  isNumberPath(path) {
    if (path.length < 3) return false;
    if (path[2] === "claimed_total") return true;
    const spec = (this.model.entered ?? []).find((e) => e.id === path[2]);
    const inner = spec?.type === "group" ? (spec.values ?? []).find((v) => v.id === path[3]) : spec;
    return NUMBER_TYPES.has(inner?.type);
  }

  removedWhat(player) {
    const n = Object.entries(player).filter(([k, v]) => k !== "name" && present(v)).length;
    return n ? ` (${n} ${n === 1 ? "value" : "values"})` : "";
  }

  // --- rendering -------------------------------------------------------------------------------

  gameBody() {
    const r = this.record;
    const parts = [];
    const selects = [];
    const offered = this.variantsOffered();
    if (offered.length) {
      const select = h("select", { id: this.gid("variant"), onchange: () => {
        r.variant = select.value;
        const ids = this.endings().map((e) => e.id);
        if (ids.length && !ids.includes(r.ended_by)) r.ended_by = ids[0];
        this.render();
        this.changed();
      } }, offered.map((v) => h("option", { value: v.id, selected: v.id === r.variant }, v.title ?? words(v.id))),
      this.variantById(r.variant) ? null : h("option", { value: r.variant ?? "", selected: true }, `${r.variant ?? "none"} (unknown)`));
      selects.push(field(["variant"], this.gid("variant"), "Variant", select));
    }
    const endings = this.endings();
    if (endings.length) {
      const select = h("select", { id: this.gid("ended-by"), onchange: () => { r.ended_by = select.value; this.changed(); } },
        endings.map((e) => h("option", { value: e.id, selected: e.id === r.ended_by }, e.label)),
        endings.some((e) => e.id === r.ended_by) || r.ended_by === undefined ? null
          : h("option", { value: r.ended_by, selected: true }, `${r.ended_by} (not for this variant)`));
      selects.push(field(["ended_by"], this.gid("ended-by"), "How it ended", select));
    }
    if (selects.length) parts.push(h("div", { class: "grid" }, selects));
    const own = (this.model.record_entered ?? []).filter((e) => this.applies(e) || r[e.id] !== undefined);
    if (own.length) {
      parts.push(h("div", { class: "grid" }, own.map((spec) => this.widget(spec, r, [spec.id], this.gid(`v-${spec.id}`), true))));
    }
    return parts;
  }

  playerBody(player, i) {
    const specs = (this.model.entered ?? []).filter((e) => this.applies(e) || player[e.id] !== undefined);
    const claimed = numberField(["players", i, "claimed_total"], this.pid(i, "claimed_total"), "Claimed total", player.claimed_total, {
      signed: true, hint: "from the score pad: checked",
      onValue: (v) => { setOrDelete(player, "claimed_total", v); this.changed(); } });
    return h("div", { class: "grid", id: this.pid(i, "fields") },
      specs.map((spec) => this.widget(spec, player, ["players", i, spec.id], this.pid(i, spec.id))), claimed);
  }

  /**
   * The box for one entered value `spec` of `target` (the record, or a player) at `path`:
   * a number box (count, number), a check box (boolean), a text box (text), one line per item
   * (texts), a group of boxes (group), or a mechanism's widget.
   */
  widget(spec, target, path, id, rerender = false) {
    const label = spec.label ?? words(spec.id);
    const set = (v) => {
      setOrDelete(target, spec.id, v);
      if (rerender) { // a game value may change the variant scored (`becomes`), and so its endings
        const ids = this.endings().map((e) => e.id);
        if (ids.length && !ids.includes(this.record.ended_by)) this.record.ended_by = ids[0];
        this.render();
      }
      this.changed();
    };
    const hint = [spec.hint ?? spec.help, spec.computed_by ? "empty: counted for you" : ""].filter(Boolean).join("; ");
    if (NUMBER_TYPES.has(spec.type)) {
      return numberField(path, id, label, target[spec.id], { signed: spec.type === "number" || (spec.min ?? 0) < 0, hint, onValue: set });
    }
    if (spec.type === "boolean") {
      const box = h("input", { id, type: "checkbox", checked: target[spec.id] === true, onchange: () => set(box.checked) });
      return h("div", { class: "field", "data-path": pathAttr(path) }, h("label", { class: "check", for: id }, box, label),
        hint ? h("span", { class: "hint" }, hint) : null);
    }
    if (spec.type === "text") {
      const input = h("input", { id, type: "text", value: target[spec.id] ?? "", autocomplete: "off",
        maxlength: spec.max_length, oninput: () => set(input.value || undefined) });
      return h("div", { class: "field wide", "data-path": pathAttr(path) }, h("label", { for: id }, label), input,
        hint ? h("span", { class: "hint" }, hint) : null);
    }
    if (spec.type === "texts") {
      const area = h("textarea", { id, rows: 3, spellcheck: "false", value: (Array.isArray(target[spec.id]) ? target[spec.id] : []).join("\n"),
        oninput: () => { const lines = area.value.split("\n").map((l) => l.trim()).filter(Boolean); set(lines.length ? lines : undefined); } });
      return h("div", { class: "field wide", "data-path": pathAttr(path) }, h("label", { for: id }, label, h("span", { class: "hint" }, " (one a line)")), area,
        hint ? h("span", { class: "hint" }, hint) : null);
    }
    if (spec.type === "numbers") {
      // whole numbers written in one box, apart by spaces or commas (No Thanks!'s cards: 3 4 17);
      // what is not a number is kept as written, so the score says what is wrong with it
      const shown = Array.isArray(target[spec.id]) ? target[spec.id].join(" ") : "";
      const input = h("input", { id, type: "text", inputmode: "numeric", value: shown, autocomplete: "off",
        oninput: () => {
          const items = input.value.split(/[\s,;]+/).filter(Boolean).map((t) => (/^-?\d+$/.test(t) ? Number(t) : t));
          set(items.length ? items : undefined);
        } });
      return h("div", { class: "field wide", "data-path": pathAttr(path) }, h("label", { for: id }, label,
        h("span", { class: "hint" }, " (apart by spaces)")), input, hint ? h("span", { class: "hint" }, hint) : null);
    }
    if (spec.type === "group") {
      // the group's boxes write into it through this proxy: the group is made when its first
      // box is filled and dropped from the record when its last is emptied
      const group = () => (target[spec.id] && typeof target[spec.id] === "object" && !Array.isArray(target[spec.id]) ? target[spec.id] : null);
      const proxy = new Proxy({}, {
        get: (_t, k) => group()?.[k],
        set: (_t, k, v) => { (group() ?? (target[spec.id] = {}))[k] = v; return true; },
        deleteProperty: (_t, k) => {
          const g = group();
          if (g) { delete g[k]; if (!Object.keys(g).length) delete target[spec.id]; }
          return true;
        },
      });
      return h("fieldset", { class: "wide field", "data-path": pathAttr(path) },
        h("legend", { class: "label" }, label),
        h("div", { class: "grid" }, (spec.values ?? []).map((sub) => this.widget(sub, proxy, [...path, sub.id], `${id}-${sub.id}`))),
        h("div", { class: "findings" }));
    }
    const mechanism = this.mechanisms[spec.type];
    if (mechanism) return mechanism(this, target, path, spec);
    return h("div", { class: "field wide", "data-path": pathAttr(path) }, h("p", { class: "label" }, label),
      h("p", { class: "finding warning" }, `This page has no box for “${spec.type}” values: write them in the record file.`));
  }

  /** A value the mechanism computes shows below its empty box. */
  showPlayerExtras(p, i) {
    for (const spec of this.playerSpecs().filter((e) => e.computed_by)) {
      const input = document.getElementById(this.pid(i, spec.id));
      const hint = document.getElementById(this.pid(i, `${spec.id}-hint`));
      if (!input || !hint) continue;
      const computed = typeof p[spec.id] === "number" && !input.value.trim();
      hint.textContent = computed ? `${p[spec.id]}, counted for you` : [spec.hint ?? spec.help, "empty: counted for you"].filter(Boolean).join("; ");
      hint.classList.toggle("computed", computed);
    }
  }

  declaredCategories() { return modelCategories(this.model); }

  // --- what the page asks every pad (app.js) ---------------------------------------------------

  /** The game's name and variant, in words, for a saved game or a record. */
  describe(record) { return { title: this.title, variant: this.variantById(record.variant)?.title ?? "" }; }

  /** Why `record` cannot be shown here (its shape, not its values), or "". */
  unfit(record) {
    if (!Array.isArray(record.players) || !record.players.every((p) => p && typeof p === "object" && !Array.isArray(p))) {
      return "`players` must be a list of players (each with a name and the values entered)";
    }
    return "";
  }

  /** The model BG Stats' play is worded from. */
  bgstatsScoring() { return this.model; }

  scoringModel() { return this.model; }

  awards() {
    return (this.model.awards ?? []).filter((a) => this.applies(a)).map((a) => ({ id: a.id, title: a.title ?? words(a.id), vp: a.vp, places: a.places,
      places_by_players: a.places_by_players, per_round: a.per_round, ties: a.ties }));
  }
}

function setOrDelete(target, key, value) {
  if (value === undefined) delete target[key]; else target[key] = value;
}
