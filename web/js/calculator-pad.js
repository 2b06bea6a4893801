// A calculator content declares (`calculators:` in a game's scoring.yaml; generator/scoring/
// calculator.py): a die and one count per term, the engine's result (the modified roll, the band
// and the value read off it) with each step (a solo round-end roll of the NPCs, say); nothing here
// names a game: the words, bounds and terms come from the declaration.
import { clearFindings, errorText, fill, h, numberField, showFinding } from "./dom.js";

export class CalculatorPad {
  /** root: the panel; game: the content game's id; calc: the compiled calculator
   * ({id, title, tab, help, die: {id, label, min, max}, terms: [{term, label, bonus, unit}],
   * result: {column, label}}); onChange(): a value entered. Element ids start with its id. */
  constructor(root, game, calc, onChange) {
    this.root = root;
    this.game = game;
    this.calc = calc;
    this.onChange = onChange;
    this.die = calc.die?.id ?? "die";
    this.state = { [this.die]: undefined, terms: {} };
  }

  get title() { return this.calc.title; }

  id(s) { return `${this.calc.id}-${s}`; }

  setState(state) {
    this.state = { [this.die]: state?.[this.die], terms: { ...(state?.terms ?? {}) } };
    this.render();
  }

  render() {
    const s = this.state;
    const c = this.calc;
    const die = c.die ?? {};
    const roll = numberField([this.die], this.id(this.die), die.label ?? this.die, s[this.die], { hint: `${die.min} to ${die.max}`,
      onValue: (v) => { if (v === undefined) delete s[this.die]; else s[this.die] = v; this.onChange(); } });
    const terms = (c.terms ?? []).map((t) => numberField(["terms", t.term], this.id(t.term), termLabel(t), s.terms[t.term], {
      onValue: (v) => { if (v === undefined) delete s.terms[t.term]; else s.terms[t.term] = v; this.onChange(); } }));
    fill(this.root,
      h("section", { class: "card", "aria-labelledby": this.id("title"), "data-path": "" },
        h("h2", { id: this.id("title") }, c.title),
        c.help ? h("p", { class: "hint" }, c.help) : null,
        h("div", { class: "grid" }, h("div", { class: "wide" }, roll), terms.map((t) => h("div", { class: "wide" }, t))),
        h("div", { class: "findings" })),
      h("section", { class: "card standings", id: this.id("result"), "aria-labelledby": this.id("result-title") },
        h("h2", { id: this.id("result-title") }, "Result"),
        h("div", { class: "body" }, h("p", { class: "waiting" }, "Enter the roll."))));
  }

  /** The request for the engine: [game, calculator, roll, terms], or null when no roll is given yet. */
  request() {
    const s = this.state;
    if (s[this.die] === undefined) return null;
    return [this.game, this.calc.id, s[this.die], { ...s.terms }];
  }

  /** The result in one sentence, for the page's live region. */
  summary(result) {
    return result?.ok ? `${result.fame} ${this.calc.result?.label ?? "points"} (modified roll ${result.modified}).` : "";
  }

  showResult(result) {
    clearFindings(this.root);
    const body = this.root.querySelector(`#${this.id("result")} .body`);
    if (!result) { fill(body, h("p", { class: "waiting" }, "Enter the roll.")); return; }
    if (!result.ok) {
      fill(body, h("p", {}, "Check the roll:"));
      const fallback = this.root.querySelector("section .findings");
      for (const e of result.errors ?? []) {
        const path = e.path?.length ? e.path : [this.die];
        showFinding(this.root, fallback, path, "error", errorText(this.root, path, e, "error"));
      }
      return;
    }
    fill(body,
      h("div", { class: "calc-result" }, h("p", { class: "total", id: this.id(this.calc.result?.column ?? "value") }, String(result.fame),
        h("small", {}, ` ${this.calc.result?.label ?? ""}`)),
      h("p", {}, `modified roll ${result.modified} (band ${result.band})`)),
      h("ol", { class: "explain" }, result.explain.map((line) => h("li", {}, line))));
  }
}

/** "Cubes: +2 per cube removed from the map in step 1" (words from content's terms table). */
function termLabel(term) {
  const unit = String(term.unit || term.term).replace(/^./, (c) => c.toUpperCase());
  return `${unit}: +${term.bonus} per ${term.label}`;
}
