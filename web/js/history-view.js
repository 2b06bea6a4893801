// The Games tab: the games saved on this device, newest first, each with its date, game,
// variant, players and totals, and what can be done with it: open its result, edit it, start
// a new game with the same players, delete it (with Undo); all games export as one file and
// import back.
import { fill, h } from "./dom.js";
import { winnerFlags } from "./result-screen.js";

/**
 * HistoryView(root, history, actions): `history` a History; `actions` {open(entry),
 * edit(entry), again(entry), remove(entry), exportAll(), exportBgStats(), importFile(file), describe(entry) ->
 * {title, variant}, downloadUnreadable(), dropUnreadable()}. Call render() whenever the list
 * changed. Games of other sites or versions (`history.foreign`) are listed after this site's,
 * as such; what could not be read (`history.aside`) is said first, with its file offered.
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
        h("p", { class: "hint", id: "games-count" }, games.length || this.history.foreign.length
          ? `${games.length} ${games.length === 1 ? "game" : "games"} on this device, the newest first${this.history.foreign.length
            ? ` (and ${this.history.foreign.length} of another site or version, kept below)` : ""}. A game is saved when it is scored.`
          : "No game saved yet: a game is saved on this device when it is scored (Score the game)."),
        h("div", { class: "row" },
          h("button", { type: "button", id: "games-export", disabled: !games.length && !this.history.foreign.length, onclick: () => this.actions.exportAll() }, "Export all games"),
          h("button", { type: "button", id: "games-import", onclick: () => file.click() }, "Import games"), file,
          h("button", { type: "button", id: "games-bgstats", disabled: !games.length, onclick: () => this.actions.exportBgStats() }, "BG Stats backup file"))),
      this.unreadable(),
      h("ol", { class: "games", id: "games-list", "aria-labelledby": "games-title" }, games.map((g) => this.item(g)),
        this.history.foreign.map((g) => this.foreignItem(g))));
  }

  /** What could not be read, kept aside as it was: said, and offered as a file. */
  unreadable() {
    const n = this.history.aside.length;
    if (!n) return null;
    return h("section", { class: "card unreadable", id: "games-unreadable", role: "status" },
      h("p", {}, h("strong", {}, `${n} saved ${n === 1 ? "game" : "games"} could not be read.`),
        " Kept on this device as stored (nothing was deleted): download the file to keep it or to send it for repair."),
      h("div", { class: "row" },
        h("button", { type: "button", id: "games-unreadable-download", onclick: () => this.actions.downloadUnreadable() }, "Download it"),
        h("button", { type: "button", class: "danger", id: "games-unreadable-drop", onclick: () => this.actions.dropUnreadable() }, "Delete it")));
  }

  /** A game saved by another playaid site or version on this origin: kept, shown, not opened. */
  foreignItem(g) {
    const when = Date.parse(g.played ?? g.updated ?? "");
    const date = Number.isNaN(when) ? "" : new Date(when).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
    const names = Array.isArray(g.record?.players) ? g.record.players.map((p) => p?.name).filter((n) => typeof n === "string").join(" · ") : "";
    return h("li", { class: "card game-entry foreign", "data-id": g.id },
      h("p", { class: "when" }, h("strong", {}, `“${String(g.game).slice(0, 40)}”`), " · a game this site does not hold", date ? h("br") : null, date),
      names ? h("p", { class: "who" }, names) : null,
      h("p", { class: "hint" }, "Saved by another playaid site or version on this address: kept as it is (and in Export all games), opened there."));
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
      // scored again with rules that changed the totals: the earlier ones are shown with it
      g.earlier?.summary ? h("p", { class: "hint earlier" }, `Scored again with updated rules; saved with ${g.earlier.rules}: ${earlierTotals(g.earlier.summary)}.`) : null,
      h("div", { class: "entry-actions" },
        h("button", { type: "button", "aria-label": `Result: ${label}`, onclick: () => this.actions.open(g) }, "Result"),
        h("button", { type: "button", "aria-label": `Edit: ${label}`, onclick: () => this.actions.edit(g) }, "Edit"),
        h("button", { type: "button", "aria-label": `Same players, new game: ${label}`, onclick: () => this.actions.again(g) }, "Same players, new game"),
        h("button", { type: "button", class: "danger", "aria-label": `Delete: ${label}`, onclick: () => this.actions.remove(g) }, "Delete")));
  }
}

/** The players and totals of an earlier summary, in words. */
function earlierTotals(s) {
  return s.players ? s.players.map((p) => `${p.name} ${p.total}`).join(" · ") : `${s.player || "Pilot"}: ${s.total} campaign points`;
}
