// Race for the Galaxy's result screen: the verdict, the winner and ties with the tie-break,
// the scoreboard (a column per player, a row per category), who took each bonus tile and with
// how much, each player's Military card by card, the findings (each with a way back to its
// box) and each player's breakdown one tap away. Built from the report the engine gave the
// form; the categories come from the report (result-screen.js).
import { fill, h } from "./dom.js";
import { breakdowns, modelCategories, openBreakdown, reportCategories, scoreboard, verdict } from "./result-screen.js";

/** Render `form`'s result (an RftgForm: report, record, data, problems(), edit()) into `el`. */
export function resultView(el, form) {
  const report = form.report;
  const head = h("div", { class: "result-head" },
    h("h2", { id: "rftg-result-title", tabindex: "-1" }, "Result"),
    h("button", { type: "button", id: "rftg-edit", onclick: () => form.edit() }, "Edit the game"));
  if (!report) {
    fill(el, head, h("p", { class: "waiting" }, "The scores appear as soon as the scorer has loaded."));
    return;
  }
  if (!report.ok) {
    fill(el, head, verdict(form.problems()),
      h("h3", {}, "To fill in or fix"),
      h("ul", { class: "todo" }, (report.errors ?? []).map((e) => todo(form, e, form.placePath(e.path)))),
      actions(form));
    return;
  }
  const { winner, tiebreak } = form.winnerText(report);
  const categories = reportCategories(report, form.categoryLabels, modelCategories(form.data.scoring));
  fill(el, head, verdict(form.problems()),
    h("p", { class: "winner", id: "rftg-winner" }, winner),
    tiebreak ? h("p", { class: "tiebreak", id: "rftg-tiebreak" }, tiebreak) : null,
    scoreboard(report, categories, { onPlayer: (k) => openBreakdown(el, k), caption: "VP by category (tap a name for the breakdown)" }),
    bonusTiles(form, report),
    military(report),
    findings(form, report),
    h("h3", {}, "How each player scores"),
    breakdowns(report),
    actions(form));
}

/** One thing to fill in or fix, with a button back to its box. */
function todo(form, item, path) {
  const text = form.wordsFor({ ...item, path }).text;
  return h("li", { class: `finding ${item.severity ?? "error"}` }, text,
    path?.length ? h("button", { type: "button", class: "fix", onclick: () => form.edit(path) }, "Fix") : null);
}

function findings(form, report) {
  const shown = (report.findings ?? []).filter((f) => f.code !== "tile_not_awarded" && f.code !== "no_tiles" && !form.provisionalOnly(f));
  if (!shown.length) return null;
  const order = { error: 0, warning: 1, info: 2 };
  shown.sort((a, b) => order[a.severity] - order[b.severity]);
  return [h("h3", {}, "Checks"), h("ul", { class: "todo" }, shown.map((f) => {
    const named = f.player != null ? report.players.findIndex((p) => p.name === f.player) : -1;
    const path = f.path?.length ? form.placePath(f.path) : named >= 0 ? form.placePath(["players", named]) : [];
    return todo(form, f, path);
  }))];
}

/** Each bonus tile of the variant: who took it and with how much, or why nobody did. */
function bonusTiles(form, report) {
  const variant = form.variantOf(form.record);
  const tiles = (variant?.tiles ?? []).map((id) => ({ id, ...(form.data.tiles?.[id] ?? { title: id }) }));
  if (!tiles.length) return null;
  const none = (report.findings ?? []).find((f) => f.code === "no_tiles");
  const items = tiles.map((tile) => {
    const holders = report.players.filter((p) => (p.bonuses ?? []).includes(tile.id));
    const line = holders.length ? holders[0].explain.find((e) => e.component === tile.title) : null;
    const missed = (report.findings ?? []).find((f) => f.code === "tile_not_awarded" && f.message.startsWith(`${tile.title}:`));
    const how = line ? line.why.replace(/, tied with .*$/, "") : missed ? missed.message.slice(tile.title.length + 1).trim() : none ? "not given: the game ended without bonus tiles" : "not given";
    return h("li", { "data-tile": tile.id },
      h("span", { class: "tile" }, tile.title, h("small", {}, ` ${tile.vp} VP`)),
      h("span", { class: "holders" }, holders.length ? holders.map((p) => p.name).join(" and ") : "nobody"),
      h("span", { class: "why" }, how));
  });
  return [h("h3", {}, "Bonus tiles"), h("ul", { class: "tiles" }, items)];
}

/** Each player's Military (and vs. Xenos) with the cards that give it. */
function military(report) {
  const any = report.players.some((p) => (p.military_explain ?? []).length || p.military);
  if (!any) return null;
  return [h("h3", {}, "Military, card by card"), h("ul", { class: "military" }, report.players.map((p) => {
    const vs = typeof p.military_vs_xenos === "number" && p.military_vs_xenos !== p.military ? ` · vs. Xenos ${p.military_vs_xenos}` : "";
    const cards = (p.military_explain ?? []).map((e) => `${e.component} ${e.why.replace(/ \(vs\. Xenos only\)$/, "")}`);
    return h("li", {}, h("strong", {}, p.name), ` Military ${p.military ?? 0}${vs}`,
      h("span", { class: "why" }, cards.length ? cards.join("; ") : "no card with a lasting Military power"));
  }))];
}

function actions(form) {
  const extra = form.hooks.actions?.() ?? [];
  return h("div", { class: "result-actions" },
    h("button", { type: "button", onclick: () => form.edit() }, "Edit the game"), extra);
}
