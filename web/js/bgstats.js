// A scored game sent to BG Stats through its documented play-import link: the app (or its web
// page, when the app is missing) opens https://app.bgstatsapp.com/createPlay.html?data=<the
// play as url-encoded JSON> and shows its own import dialog, so nothing is logged without the
// player seeing it. The play is built on this device; nothing is sent to any server by us.
//
// The payload follows BG Stats' "push plays from other apps" format: sourceName (required),
// sourcePlayId (lets the app recognise a play sent again), playDate ("yyyy-MM-dd HH:mm:ss",
// UTC), game {name, bggId, sourceGameId, highestWins, noPoints}, players [{name, sourcePlayerId,
// score, winner, rank, startPlayer}] and comments (the variant, the expansions, the breakdown).
// Documented at https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/
// (its `board` is the board or map played on: not the variant).
import { categoryValue, modelCategories, reportCategories, winnerFlags } from "./result-screen.js";
import { gamePoints } from "./words.js";

export const CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html";
export const SOURCE_NAME = "playaid"; // with sourceGameId/sourcePlayerId, BG Stats remembers its matches: keep it stable

/** "2026-12-01 18:04:05": BG Stats' playDate, in UTC. */
export function playDate(date) {
  const d = new Date(date);
  return (Number.isNaN(d.getTime()) ? new Date() : d).toISOString().slice(0, 19).replace("T", " ");
}

/**
 * The BG Stats play for a scored game. `game`: {id, title, bggId, expansions} (the game's id and
 * name; its BoardGameGeek id and the expansions scored, from content's game.yaml `bgg`);
 * `report`: the engine's report (ok); `options`: {id (the saved game's id), date, variant
 * (its title), categoryLabels, scoring (the compiled model, for its categories), ended (how it
 * ended, in words), provisional (what keeps the result from being final, in words: the
 * comments then start "PROVISIONAL, not final: ...")}. Returns the payload object.
 */
export function bgstatsPlay(game, report, options = {}) {
  const players = report.players ?? (report.explain ? [{ name: report.player || "Pilot", total: report.total, rank: 1, explain: [] }] : []);
  const winners = new Set(report.winners ?? players.filter((p) => p.rank === 1).map((p) => p.name));
  const won = winnerFlags(players, [...winners]); // by place: two players may share a name
  const categories = report.players ? reportCategories(report, options.categoryLabels, modelCategories(options.scoring)) : [];
  const doubts = options.provisional ?? [];
  const lines = [
    // a result in doubt says so first: BG Stats shows the comments with the play
    doubts.length ? `PROVISIONAL, not final: ${doubts.join("; ")}.` : "",
    // BG Stats' link has no variant field (its `board` is the map played on): the variant, the
    // expansions and how the game ended open the comments
    [options.variant ? `Variant: ${options.variant}` : "", game.expansions?.length ? `Expansions: ${game.expansions.join(", ")}` : "",
      options.ended ? `ended by: ${options.ended}` : ""].filter(Boolean).join("; "),
    winners.size ? `${doubts.length ? "Provisional " : ""}${winners.size === 1 ? "Winner" : "Shared win"}: ${[...winners].join(", ")}` : "",
    ...players.map((p) => `${p.name} ${p.total} VP${categories.length ? `: ${categories.map((c) => `${c.label} ${categoryValue(p, c.key)}`).join(", ")}` : ""}`),
    ...(report.explain && !report.players ? report.explain.map((e) => `Game ${e.game} (${e.goal}): ${gamePoints(e)}`) : []),
    "Scored with playaid.",
  ].filter(Boolean);
  const play = {
    sourceName: SOURCE_NAME,
    playDate: playDate(options.date ?? Date.now()),
    game: { name: game.title, sourceGameId: `playaid:${game.id}`, highestWins: true, noPoints: false,
      ...(Number.isInteger(game.bggId) ? { bggId: game.bggId } : {}) },
    players: players.map((p, k) => ({
      name: p.name, sourcePlayerId: `name:${p.name.trim().toLowerCase()}`, score: p.total,
      winner: won[k], rank: p.rank, startPlayer: false,
    })),
    comments: lines.join("\n"),
  };
  if (options.id) play.sourcePlayId = options.id;
  return play;
}

/** The play-import link for `bgstatsPlay(...)`'s payload. */
export function bgstatsLink(play) {
  return `${CREATE_PLAY}?data=${encodeURIComponent(JSON.stringify(play))}`;
}
