// The Rules tab: ask a rules question in your own words and get the sourced rule, offline. The
// search runs in the engine's Worker (generator.rulesearch: the same Python as `playaid rules`, on
// the same index, so the answers and their order are the command line's); this module only
// gathers the question and shows the answers. Deep links: #rule=<entry id> opens one entry,
// #ask=<question> asks. Anywhere in the page, a click on [data-rule-card="Name"] opens that
// card's entry and on [data-rule-ask="words"] asks those words (the score pad's cards and
// findings use them).
import { fill, h } from "./dom.js";
import { plural } from "./words.js";

export const RULES = "rules";
const LIMIT = 8;
const KINDS = { section: "Rules", rule: "Rule", ruling: "Ruling", table: "Table", row: "Table row",
  fact: "Fact", card: "Card" };

/** An entry's text as shown: the index holds plain text (icon tokens already in words,
 * generator/compile/icon_text.py), so nothing is parsed here. */
function ruleText(text) {
  return String(text ?? "");
}

function tableOf(columns, rows, mark = null) {
  return h("div", { class: "table-scroll" }, h("table", { class: "table rules-table" },
    h("thead", {}, h("tr", {}, columns.map((c) => h("th", { scope: "col" }, ruleText(c))))),
    h("tbody", {}, rows.map((cells, k) => h("tr", { class: mark && mark(cells, k) ? "answer-row" : null },
      cells.map((cell) => h("td", {}, ruleText(cell))))))));
}

function items(list) {
  if (!list?.length) return null;
  return h("ul", { class: "rule-items" }, list.map((item) => h("li", { class: item.best ? "best" : null },
    item.title ? h("strong", {}, ruleText(item.title), " ") : null, ruleText(item.text), items(item.items))));
}

function printedOn(printed) {
  if (!printed?.length) return null;
  const where = printed.map((p) => `${p.title} (${p.format === "card" ? `card, ${p.side ?? p.face}` : p.face})`);
  return h("p", { class: "printed" }, "Printed on: ", where.join("; "));
}

export class RulesTab {
  /** panel: the tab's <section>; engine: the Engine (engine.js); open(): shows this tab;
   * timings: where the last search's round trip is noted (rulesMs); announce(text): says the
   * answers' count through the page's one live region once typing pauses. */
  constructor(panel, engine, { open, timings, announce = () => {} }) {
    this.panel = panel;
    this.announce = announce;
    this.engine = engine;
    this.open = open;
    this.timings = timings;
    this.sequence = 0;
    this.games = null;
    this.build();
    document.addEventListener("click", (event) => this.linkClicked(event));
    window.addEventListener("hashchange", () => this.followHash());
  }

  build() {
    this.input = h("input", { id: "rules-q", type: "search", enterkeyhint: "search", autocomplete: "off",
      autocapitalize: "off", spellcheck: "false", placeholder: "e.g. can an NPC enter the Kiln?",
      "aria-describedby": "rules-status", oninput: () => this.search() });
    this.game = h("select", { id: "rules-game", onchange: () => { this.fillVariants(); this.search(); } },
      h("option", { value: "" }, "All games"));
    // the variant at the table (invasion game, solo...): its rules, what it builds on, and the
    // rules of no variant; listed once a game with variants is chosen
    this.variant = h("select", { id: "rules-variant", onchange: () => this.search() },
      h("option", { value: "" }, "Any variant"));
    this.variantBox = h("div", { class: "rules-game", hidden: true },
      h("label", { for: "rules-variant" }, "Variant"), this.variant);
    this.status = h("p", { id: "rules-status", class: "hint" },
      "Type a question: the answers appear as you type.");
    this.list = h("ol", { class: "rules-results", "aria-label": "Answers" });
    const form = h("form", { class: "card rules-ask", role: "search", onsubmit: (e) => { e.preventDefault(); this.input.blur(); } },
      h("label", { for: "rules-q" }, "Ask a rules question"), this.input,
      h("div", { class: "rules-game" }, h("label", { for: "rules-game" }, "Game"), this.game), this.variantBox,
      this.status);
    fill(this.panel, form, this.list);
  }

  /** Fill the game list from the index (once the engine is ready); all games are searched until
   * the player picks one (the scoring tab last used need not be the game on the table). */
  async loadGames() {
    if (this.games) return;
    this.games = await this.engine.rules("games", {});
    this.variants = await this.engine.rules("variants", {});
    for (const [id, title] of Object.entries(this.games)) this.game.append(h("option", { value: id }, title));
  }

  /** The chosen game's variants in the Variant list (hidden for all games or a game without). */
  fillVariants() {
    const listed = Object.entries(this.variants?.[this.game.value] ?? {});
    fill(this.variant, h("option", { value: "" }, "Any variant"),
      listed.map(([id, title]) => h("option", { value: id }, title)));
    this.variantBox.hidden = listed.length === 0;
  }

  /** Called when the tab is shown: prepare the index in the Worker before the first letter. */
  async shown() {
    try {
      await this.engine.ready;
      await this.loadGames();
      if (this.input.value.trim()) this.search();
    } catch { /* the status line says why the engine failed */ }
  }

  /** Search what the box holds now. While a search runs in the Worker, keystrokes only note
   * that the box changed; the latest question is searched when it returns (never a queue). */
  async search() {
    const mine = ++this.sequence;
    if (this.busy) { this.again = true; return; }
    const question = this.input.value;
    if (!question.trim()) {
      fill(this.list);
      this.status.textContent = "Type a question: the answers appear as you type.";
      return;
    }
    if (this.engine.state !== "ready") this.status.textContent = "The rules load with the scorer…";
    this.busy = true;
    try {
      await this.engine.ready;
      await this.loadGames();
      const start = performance.now();
      const asked = { q: question, game: this.game.value || null, variant: this.variant.value || null };
      const results = await this.engine.rules("search", { ...asked, limit: LIMIT });
      this.timings.rulesMs = performance.now() - start;
      if (mine !== this.sequence) return; // a newer question was typed meanwhile: no second call
      // nothing found: the scorer's own words, as `playaid rules` says them
      const none = results.length ? "" : await this.engine.rules("no_answer", asked);
      // nothing answers: the sections nearest to the words the rules do hold, offered as such
      const closest = results.length ? [] : await this.engine.rules("closest", asked);
      if (mine === this.sequence) this.show(results, none, closest);
    } catch (error) {
      if (mine === this.sequence) this.status.textContent = `The rules search failed: ${error.message}`;
    } finally {
      this.busy = false;
      if (this.again) { this.again = false; this.search(); }
    }
  }

  /** `none`: what to say when there is no result (`Rules.no_answer`: "no rule matches ..."). */
  show(results, none, closest = []) {
    this.status.textContent = results.length
      ? `${results.length} ${results.length === 1 ? "answer" : "answers"}, best first.`
      : `${none.charAt(0).toUpperCase()}${none.slice(1)}.${closest.length ? " The closest sections:" : ""}`;
    this.announce(this.status.textContent);
    fill(this.list, (results.length ? results : closest).map((r) => h("li", {}, this.result(r))));
  }

  result(r) {
    const game = this.games?.[r.game];
    const head = h("header", {},
      h("span", { class: `kind kind-${r.kind}` }, KINDS[r.kind] ?? r.kind),
      h("h3", {}, ruleText(r.title)),
      r.context?.length || game ? h("p", { class: "where" }, [game, ...(r.context ?? [])].filter(Boolean).join(" › ")) : null);
    const body = [];
    if (r.answer) body.push(h("p", { class: "answer" }, h("strong", {}, `${plural(r.answer.players, "player")}: `), ruleText(r.answer.text)));
    if (r.kind === "ruling") {
      body.push(h("p", { class: "ruling" }, ruleText(r.ruling)));
      if (r.reason) body.push(h("p", { class: "reason" }, h("strong", {}, "Why: "), ruleText(r.reason)));
    } else if (r.kind === "table") {
      const row = r.answer?.row;
      body.push(tableOf(r.columns, r.rows, row === undefined ? null : (_cells, k) => k === row));
      for (const note of r.notes ?? []) body.push(h("p", { class: "hint" }, ruleText(note)));
    } else if (r.kind === "card") {
      body.push(h("p", {}, ruleText(r.text)));
      if (r.detail) body.push(h("ul", { class: "rule-items" }, r.detail.split("; ").map((line) => h("li", {}, ruleText(line)))));
    } else if (r.text && !(r.kind === "row" && r.answer)) {
      body.push(h("p", {}, ruleText(r.text)));
      if (r.detail) body.push(h("p", { class: "hint" }, ruleText(r.detail)));
    }
    body.push(items(r.items));
    for (const t of r.related ?? []) {
      if (t.kind === "table") {
        body.push(h("details", { class: "related" }, h("summary", {}, `Table: ${t.title}`), tableOf(t.columns, t.rows)));
      } else {  // the rules beside a table's numbers: one tap opens them
        body.push(h("p", { class: "see-also" }, "See also: ",
          h("a", { href: `#rule=${encodeURIComponent(t.id)}` }, ruleText(t.title))));
      }
    }
    const foot = h("footer", {},
      h("p", { class: "source" }, "Source: ", h("cite", {}, r.cite ?? r.source)),
      printedOn(r.printed),
      h("a", { class: "permalink", href: `#rule=${encodeURIComponent(r.id)}` }, "Link to this"));
    return h("article", { class: "card rule-result", id: `rule-${r.id}`, "data-rule-id": r.id }, head, body, foot);
  }

  /** Open one entry (a deep link), the only answer shown. */
  async openEntry(id) {
    this.open();
    this.sequence++;
    try {
      await this.engine.ready;
      await this.loadGames();
      const entry = await this.engine.rules("entry", { id });
      if (!entry) { this.status.textContent = "That rule is not in this version of the rules."; fill(this.list); return; }
      this.status.textContent = "The linked rule.";
      fill(this.list, h("li", {}, this.result(entry)));
    } catch (error) {
      this.status.textContent = `The rules search failed: ${error.message}`;
    }
  }

  /** Ask ``question`` (filling the box) in ``game`` (or all games). */
  ask(question, game = null) {
    this.open();
    this.input.value = question;
    if (game !== null) this.wantedGame = game;
    Promise.resolve(this.engine.ready).then(() => this.loadGames()).then(() => {
      if (this.wantedGame !== undefined && (this.wantedGame === "" || this.wantedGame in (this.games ?? {}))) {
        this.game.value = this.wantedGame;
        this.fillVariants();
      }
      this.wantedGame = undefined;
      this.search();
    }).catch(() => {});
  }

  /** A card of the score pad: its entry first, then what else its name finds. */
  async openCard(name, game = null) {
    this.ask(name, game);
  }

  linkClicked(event) {
    const link = event.target.closest?.("[data-rule-card], [data-rule-ask]");
    if (!link) return;
    event.preventDefault();
    if (link.dataset.ruleCard) this.openCard(link.dataset.ruleCard, link.dataset.ruleGame || null);
    else this.ask(link.dataset.ruleAsk, link.dataset.ruleGame || null);
  }

  /** #rule=<id> or #ask=<question> in the address: open it (returns whether there was one). */
  followHash() {
    const hash = location.hash.replace(/^#/, "");
    const [key, ...rest] = hash.split("=");
    const value = rest.join("=");
    if (key === "rule" && value) { this.openEntry(decodeURIComponent(value)); return true; }
    if (key === "ask" && value) { this.ask(decodeURIComponent(value)); return true; }
    return false;
  }
}

/** What a finding asks the rules about: its words without the names it quotes ('Research
 * Labs'), the YAML in backticks and the hint in brackets, which are about this record, not the
 * rule ("'Research Labs' is a development; only worlds can be damaged (remove `damaged: true`)"
 * asks "is a development; only worlds can be damaged"). */
export function findingQuestion(message) {
  return String(message).replace(/\([^)]*\)/g, " ").replace(/`[^`]*`/g, " ").replace(/'[^']*'/g, " ")
    .replace(/\s+/g, " ").trim();
}

/** A card's name as a button that opens its entry in the Rules tab (one tap from the pad). */
export function ruleCard(name, game) {
  return h("button", { type: "button", class: "rule-name", "data-rule-card": name, "data-rule-game": game ?? "",
    title: `${name}: look it up in the Rules tab` }, name);
}

/** A "Rule" button after a score pad finding: one tap asks the Rules tab about the finding
 * (`findingQuestion`) in ``game`` (null: all games). */
export function ruleLink(message, game = null) {
  return h("button", { type: "button", class: "rule-link", "data-rule-ask": findingQuestion(message),
    "data-rule-game": game ?? "", "aria-label": "Look up the rule for this" }, "Rule");
}

/** The scoring core's findings about what was typed (an empty box, a claimed total, a name
 * twice, a card name not in the list), not about a rule: they get no Rule button. */
const ENTRY_CODES = ["missing_field", "claimed_total", "duplicate_player", "unknown_card", "vp_ignored"];

/** The Rule button for a report finding ({code, message}), or null for a finding about typing
 * (by the core's codes and the ones the game's scoring model renames them to, `scoring.messages`). */
export function findingRuleLink(finding, game = null, scoring = null) {
  const typing = ENTRY_CODES.includes(finding.code) || ENTRY_CODES.some((key) => scoring?.messages?.[key]?.code === finding.code);
  return typing ? null : ruleLink(finding.message, game);
}
