// The Games tab: the games saved on this device, newest first, each with its date, game,
// variant, players and totals, and what can be done with it: open its result, edit it, start
// a new game with the same players, delete it (with Undo); all games export as one file and
// import back.
import { fill, h } from "./dom.js";
import { winnerFlags } from "./result-screen.js";

/**
 * HistoryView(root, history, actions): `history` a History; `actions` {open(entry),
 * edit(entry), again(entry), remove(entry), exportAll(), importFile(file), describe(entry) ->
 * {title, variant}}. Call render() whenever the list changed.
 */
export class HistoryView {
  constructor(root, history, actions) {
    this.root = root;
    this.history = history;
    this.actions = actions;
  }

  render() {
    const games = this.history.games;
    const file = h("input", { type: "file", id: "import-file", accept: ".json,application/json", hidden: true,
      onchange: (event) => { const f = event.target.files[0]; event.target.value = ""; if (f) this.actions.importFile(f); } });
    fill(this.root,
      h("section", { class: "card", "aria-labelledby": "games-title" },
        h("h2", { id: "games-title" }, "Saved games"),
        h("p", { class: "hint", id: "games-count" }, games.length
          ? `${games.length} ${games.length === 1 ? "game" : "games"} on this device, the newest first. A game is saved when it is scored.`
          : "No game saved yet: a game is saved on this device when it is scored (Score the game)."),
        h("div", { class: "row" },
          h("button", { type: "button", id: "games-export", disabled: !games.length, onclick: () => this.actions.exportAll() }, "Export all games"),
          h("button", { type: "button", id: "games-import", onclick: () => file.click() }, "Import games"), file)),
      h("ol", { class: "games", id: "games-list", "aria-labelledby": "games-title" }, games.map((g) => this.item(g))));
  }

  item(g) {
    const { title, variant } = this.actions.describe(g);
    const when = new Date(g.played ?? g.updated ?? Date.now());
    const date = when.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
    const s = g.summary;
    const won = winnerFlags(s?.players ?? [], s?.winners ?? []);
    const who = s?.players
      ? s.players.map((p, k) => ({ p, won: won[k] })).sort((a, b) => a.p.rank - b.p.rank)
        .map(({ p, won: w }) => `${p.name} ${p.total}${w ? " (won)" : ""}`).join(" · ")
      : s?.total !== undefined ? `${s.player || "Pilot"}: ${s.total} campaign points` : "not scored yet";
    const label = `${title}, ${date}`;
    return h("li", { class: "card game-entry", "data-id": g.id },
      h("p", { class: "when" }, h("strong", {}, title), variant ? ` · ${variant}` : "", h("br"), h("time", { datetime: when.toISOString() }, date)),
      h("p", { class: "who" }, who),
      h("div", { class: "entry-actions" },
        h("button", { type: "button", "aria-label": `Result: ${label}`, onclick: () => this.actions.open(g) }, "Result"),
        h("button", { type: "button", "aria-label": `Edit: ${label}`, onclick: () => this.actions.edit(g) }, "Edit"),
        h("button", { type: "button", "aria-label": `Same players, new game: ${label}`, onclick: () => this.actions.again(g) }, "Same players, new game"),
        h("button", { type: "button", class: "danger", "aria-label": `Delete: ${label}`, onclick: () => this.actions.remove(g) }, "Delete")));
  }
}
