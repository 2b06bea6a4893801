// The result screen of a players' score pad (players-pad.js): the verdict, the winner and ties
// with the tie-break, the scoreboard (a column per player, a row per category), who took each
// award and with how much, the game's own parts (a tableau's Military card by card), the findings
// (each with a way back to its box) and each player's breakdown one tap away. Built from the
// report the engine gave the pad; the categories come from the scoring model or the report.
import { fill, h } from "./dom.js";
import { awardCodes, breakdowns, openBreakdown, reportCategories, scoreboard, verdict } from "./result-screen.js";
import { findingRuleLink } from "./rules-tab.js";

/** Render `pad`'s result (a PlayersPad: report, record, problems(), edit(), ...) into `el`. */
export function resultView(el, pad) {
  const report = pad.report;
  const head = h("div", { class: "result-head" },
    h("h2", { id: pad.gid("result-title"), tabindex: "-1" }, "Result"),
    h("button", { type: "button", id: pad.gid("edit"), onclick: () => pad.edit() }, "Edit the game"));
  if (!report) {
    fill(el, head, h("p", { class: "waiting" }, "The scores appear as soon as the scorer has loaded."));
    return;
  }
  if (!pad.current()) { // the last entries are being scored: never the result of before
    fill(el, head, h("p", { class: "waiting", id: pad.gid("scoring") }, "Scoring the latest entries…"));
    return;
  }
  if (!report.ok) {
    fill(el, head, verdict(pad.problems(), pad.gid("verdict")),
      h("h3", {}, "To fill in or fix"),
      h("ul", { class: "todo" }, (report.errors ?? []).map((e) => todo(pad, e, pad.placePath(e.path)))),
      actions(pad));
    return;
  }
  const { winner, tiebreak } = pad.winnerText(report);
  const categories = reportCategories(report, pad.categoryLabels, pad.declaredCategories());
  const problems = pad.problems();
  // a result in doubt shows what to fix first, each with its Fix button, above the scores
  const checks = findings(pad, report);
  fill(el, head, verdict(problems, pad.gid("verdict")),
    h("p", { class: `winner${problems.length ? " provisional" : ""}`, id: pad.gid("winner") }, winner),
    tiebreak ? h("p", { class: "tiebreak", id: pad.gid("tiebreak") }, tiebreak) : null,
    problems.length ? checks : null,
    scoreboard(report, categories, { id: pad.gid("scoreboard"), onPlayer: (k) => openBreakdown(el, pad.gid(`breakdown-${k}`)),
      caption: "VP by category (tap a name for the breakdown)" }),
    awards(pad, report),
    pad.resultExtras(report),
    problems.length ? null : checks,
    h("h3", {}, "How each player scores"),
    breakdowns(report, { id: (k) => pad.gid(`breakdown-${k}`), component: (name) => pad.ruleComponent(name) }),
    actions(pad));
}

/** One thing to fill in or fix, with a button back to its box (and, for a scoring check,
 * one to its rule in the Rules tab). */
function todo(pad, item, path, rule = false) {
  // the words may place it more precisely (a value not written: its own box)
  const { text, path: box } = pad.wordsFor({ ...item, path });
  const target = box?.length ? box : path;
  return h("li", { class: `finding ${item.severity ?? "error"}` }, text,
    target?.length ? h("button", { type: "button", class: "fix", onclick: () => pad.edit(target) }, "Fix") : null,
    rule ? findingRuleLink(item, pad.rulesGame, pad.scoringModel()) : null);
}

function findings(pad, report) {
  const awarded = awardCodes(pad.scoringModel());  // shown in the awards list instead
  const shown = (report.findings ?? []).filter((f) => !awarded.has(f.code) && !pad.provisionalOnly(f));
  if (!shown.length) return null;
  const order = { error: 0, warning: 1, info: 2 };
  shown.sort((a, b) => order[a.severity] - order[b.severity]);
  return [h("h3", {}, "Checks"), h("ul", { class: "todo", id: pad.gid("checks") }, shown.map((f) => {
    const item = todo(pad, f, pad.findingPath(f, report), true);
    if (f.question) item.classList.add("question");
    return item;
  }))];
}

/** Each award of the game as played: who took it and with how much, or why nobody did. */
function awards(pad, report) {
  const list = pad.awards();
  if (!list.length) return null;
  const AWARD_CODES = awardCodes(pad.scoringModel());
  const none = (report.findings ?? []).find((f) => f.code === (pad.scoringModel()?.messages?.no_awards?.code ?? "no_awards"));
  const items = list.map((award) => {
    const holders = report.players.filter((p) => (p[pad.awardsList] ?? []).includes(award.id));
    const given = (report.awarded ?? []).find((a) => a.id === award.id); // the place as data: its words without the tie
    const missed = (report.findings ?? []).find((f) => AWARD_CODES.has(f.code) && f.params?.award === award.id);
    // an award by place or round by round: each holder's VP from it, from their explanation lines
    const byPlace = award.places || award.places_by_players || award.per_round || ["share", "pool"].includes(award.ties);
    const won = (p) => p.explain.filter((e) => e.component === award.title || e.component.startsWith(`${award.title}, `))
      .reduce((sum, e) => sum + e.vp, 0);
    const how = byPlace && holders.length ? holders.map((p) => `${p.name} ${won(p)} VP`).join(", ")
      : given ? given.why : missed ? notGiven(missed, pad.scoringModel())
      : none ? "not given: the game ended without them" : "not given";
    const places = award.places ?? (award.places_by_players ? Object.values(award.places_by_players).at(-1) : null);
    const worth = `${places ? places.join(" / ") : award.vp} VP${award.per_round ? " each round" : ""}`;
    return h("li", { "data-tile": award.id },
      h("span", { class: "tile" }, award.title, h("small", {}, ` ${worth}`)),
      h("span", { class: "holders" }, holders.length ? holders.map((p) => p.name).join(" and ") : "nobody"),
      h("span", { class: "why" }, how));
  });
  return [h("h3", {}, pad.awardsTitle ?? "Awards"), h("ul", { class: "tiles" }, items)];
}

/** Why nobody took an award, from its finding's `params` (the scoring core's built-in words
 * for it, without the award's title: the row shows it), the finding's code as the model's
 * `messages` name it; any other finding: its own words. */
function notGiven(f, scoring) {
  const p = f.params ?? {};
  const said = {
    award_not_given: () => `nobody scores it (${p.best} ${p.measure}${p.note} is ${p.top}; it needs ${p.bound} ${p.min})`,
    award_tied_nobody: () => `nobody scores it (${p.names} tie for the ${p.best} ${p.measure}${p.note}: ${p.top})`,
  };
  const key = Object.keys(said).find((k) => f.code === (scoring?.messages?.[k]?.code ?? k));
  return key && p.top !== undefined ? said[key]() : f.message;
}

function actions(pad) {
  const extra = pad.hooks.actions?.() ?? [];
  return h("div", { class: "result-actions" },
    h("button", { type: "button", onclick: () => pad.edit() }, "Edit the game"), extra);
}
