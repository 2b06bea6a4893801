// The result screen's parts, for any game whose report lists players with a total, a rank and
// VP by category (game-neutral: a game's form composes them and adds its own, such as a tableau's
// Military card by card). A scoreboard with a column per player and a row per category, the
// verdict at the top ("Final result" or "Not final: 1 unknown card not counted"), the winner
// and ties, the awards, and a breakdown per player one tap away.
import { h, ordinal } from "./dom.js";
import { words } from "./words.js";

/**
 * The categories a compiled scoring model declares (docs/scoring-model.md): its components in
 * pad order, then its awards' total: [{key, label}]; null for a game without a model.
 */
export function modelCategories(scoring) {
  if (!scoring || !Array.isArray(scoring.components)) return null;
  const out = scoring.components.map((c) => ({ key: c.id, label: c.label }));
  if (scoring.awards_total?.id) out.push({ key: scoring.awards_total.id, label: scoring.awards_total.label });
  return out;
}

/**
 * The codes of the findings that say why an award went to nobody, in the game's own words: the
 * scoring core's built-in codes and the names the model's `messages` give them (e.g.
 * `no_tiles`, `tile_not_awarded`). A Set of strings.
 */
export function awardCodes(scoring) {
  const builtIn = ["award_not_given", "award_tied_nobody", "no_awards"];
  return new Set([...builtIn, ...builtIn.map((key) => scoring?.messages?.[key]?.code ?? key)]);
}

/**
 * The categories to show, in order: [{key, label}]. Those the scoring model declares
 * (`declared`, from `modelCategories`, or the report's own `categories`: [{id, label}] or ids),
 * else every `*_vp` number of the report's players (a report without a model's categories),
 * labelled by `labels[key]`. A category that is 0 for every player is left out (a standard
 * game has no war contributions).
 */
export function reportCategories(report, labels = {}, declared = null) {
  const players = report.players ?? [];
  let keys;
  const given = declared ?? report.categories;
  if (Array.isArray(given)) {
    keys = given.map((c) => (typeof c === "string" ? { key: c } : { key: c.id ?? c.key, label: c.label }));
  } else {
    keys = Object.keys(players[0] ?? {}).filter((k) => k.endsWith("_vp") && typeof players[0][k] === "number").map((key) => ({ key }));
  }
  return keys
    .map(({ key, label }) => ({ key, label: label ?? labels[key] ?? words(key.replace(/_vp$/, "")) }))
    .filter(({ key }) => players.some((p) => categoryValue(p, key)));
}

/** A player's VP in category `key` (at the top level, or in `categories` when the report nests them). */
export function categoryValue(player, key) {
  const v = player.categories && typeof player.categories === "object" ? player.categories[key] : player[key];
  return typeof v === "number" ? v : 0;
}

/**
 * Which of the report's players won, by place in the list (not by name: two players may share a
 * name, and only the one who won is a winner): a player named among `report.winners` with the
 * best rank of those so named. [true, false, ...], one per `players` entry (a summary's
 * {name, rank} entries do as well as a report's).
 */
export function winnerFlags(players = [], winnerNames = []) {
  const names = new Set(winnerNames ?? []);
  const named = players.filter((p) => names.has(p.name));
  const best = Math.min(...named.map((p) => p.rank));
  return players.map((p) => names.has(p.name) && p.rank === best);
}

/** "Final result" or "Not final: 1 unknown card not counted; 1 box not a whole number". */
export function verdict(problems, id) {
  if (!problems.length) return h("p", { class: "verdict final", id }, "Final result");
  return h("p", { class: "verdict provisional", id }, h("strong", {}, "Not final: "), problems.join("; "), ".");
}

/**
 * The scoreboard: a column per player (rank order), a row per category, the total last.
 * `onPlayer(k)` opens report player k's breakdown (the column head is a button: one tap).
 */
export function scoreboard(report, categories, { id, onPlayer, caption = "Scores by category" } = {}) {
  const order = report.players.map((p, k) => ({ p, k })).sort((a, b) => a.p.rank - b.p.rank || a.k - b.k);
  const won = winnerFlags(report.players, report.winners);
  return h("div", { class: "board-wrap" }, h("table", { class: "scoreboard", id },
    h("caption", {}, caption),
    h("thead", {}, h("tr", {}, h("td", {}),
      order.map(({ p, k }) => h("th", { scope: "col", class: won[k] ? "won" : "" },
        h("button", { type: "button", class: "player-head", onclick: () => onPlayer?.(k) },
          h("span", { class: "who" }, p.name), h("span", { class: "place" }, ordinal(p.rank)),
          h("span", { class: "visually-hidden" }, `, ${p.total} VP: show the breakdown`)))))),
    h("tbody", {},
      categories.map(({ key, label }) => h("tr", { "data-category": key }, h("th", { scope: "row" }, label),
        order.map(({ p }) => h("td", { class: "num" }, String(categoryValue(p, key)))))),
      h("tr", { class: "total-row" }, h("th", { scope: "row" }, "Total"),
        order.map(({ p }) => h("td", { class: "num" }, String(p.total)))))));
}

/** Each player's explain lines, collapsed: [details#id(k)]. `component(name)` may give a
 * line's component as a node (a card's name that opens its rule), else its name shows. */
export function breakdowns(report, { id, extra, component } = {}) {
  return report.players.map((p, k) => h("details", { class: "receipt breakdown", id: id(k) },
    h("summary", {}, `How ${p.name} scores ${p.total} VP`),
    h("table", { class: "table" }, h("tbody", {},
      p.explain.map((e) => h("tr", {}, h("td", { class: "num" }, String(e.vp)), h("td", {}, component?.(e.component) ?? e.component, h("span", { class: "why" }, e.why)))),
      h("tr", {}, h("td", { class: "num" }, h("strong", {}, String(p.total))), h("td", {}, h("strong", {}, "total"))))),
    extra?.(p, k)));
}

/** Open a player's breakdown (details#id) and bring it into view. */
export function openBreakdown(root, id) {
  const el = root.querySelector(`#${CSS.escape(id)}`);
  if (!el) return;
  el.open = true;
  el.scrollIntoView({ block: "start" });
  el.querySelector("summary").focus({ preventScroll: true });
}
