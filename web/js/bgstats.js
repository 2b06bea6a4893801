// A scored game sent to BG Stats through its documented play-import link: the app (or its web
// page, when the app is missing) opens https://app.bgstatsapp.com/createPlay.html?data=<the
// play as url-encoded JSON> and shows its own import dialog, so nothing is logged without the
// player seeing it. The play is built on this device; nothing is sent to any server by us.
//
// The payload follows BG Stats' "push plays from other apps" format: sourceName (required),
// sourcePlayId (lets the app recognise a play sent again), playDate ("yyyy-MM-dd HH:mm:ss",
// UTC), game {name, bggId, sourceGameId, highestWins, noPoints}, players [{name, sourcePlayerId,
// score, winner, rank, startPlayer}] and comments (the variant, the expansions, the breakdown).
// Documented on BG Stats' support page "Push plays to BG Stats from other apps or websites" (its
// `board` is the board or map played on: not the variant); cited in docs/web-engine.md.
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
 * comments then start "PROVISIONAL, not final: ..."), startPlayer (the name of the player who
 * started, when known)}. Returns the payload object.
 */
export function bgstatsPlay(game, report, options = {}) {
  const players = report.players ?? (report.explain ? [{ name: report.player || "Pilot", total: report.total, rank: 1, explain: [] }] : []);
  const winners = new Set(report.winners ?? players.filter((p) => p.rank === 1).map((p) => p.name));
  const won = winnerFlags(players, [...winners]); // by place: two players may share a name
  // the start player, when the pad was told (a saved game's `start_player`): its first player so named
  const start = options.startPlayer == null ? -1 : players.findIndex((p) => p.name === options.startPlayer);
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
      winner: won[k], rank: p.rank, startPlayer: k === start,
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

/** A UUID made from `key` (the same key, the same UUID: BG Stats recognises a game, player or
 * play exported again instead of adding it twice). SHA-256 of the key, shaped as a version 4
 * style UUID. */
async function stableUuid(key) {
  const sum = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`playaid:${key}`)));
  sum[6] = (sum[6] & 0x0f) | 0x40;
  sum[8] = (sum[8] & 0x3f) | 0x80;
  const hex = Array.from(sum.slice(0, 16), (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * A BG Stats backup file of saved games, in the shape BG Stats itself writes and imports (its
 * "Play file": `players`, `locations`, `games`, `plays` with `playerScores`, each entry found by
 * its `id` and `uuid`; dates "yyyy-MM-dd HH:mm:ss"; a score as text): the sources are cited in
 * docs/web-engine.md (a file BG Stats wrote, and the fields of a play as its link takes them).
 *
 * `plays`: [{play (bgstatsPlay's payload), entry (the saved game: id, played, updated)}]; a
 * provisional result says so in its comments, as on the link. Returns the file's object;
 * players are matched by name (case and spaces aside), games by their source id.
 */
export async function bgstatsBackup(plays, now = Date.now()) {
  const stamp = playDate(now);
  const players = new Map();
  const games = new Map();
  const out = [];
  for (const { play, entry } of plays) {
    const gameKey = play.game.sourceGameId;
    if (!games.has(gameKey)) {
      games.set(gameKey, { id: games.size + 1, uuid: await stableUuid(`game:${gameKey}`), name: play.game.name,
        modificationDate: stamp, cooperative: false, highestWins: play.game.highestWins, noPoints: play.game.noPoints,
        ...(play.game.bggId ? { bggId: play.game.bggId } : {}) });
    }
    const scores = [];
    for (const [seat, p] of play.players.entries()) {
      const key = p.sourcePlayerId;
      if (!players.has(key)) {
        players.set(key, { id: players.size + 1, uuid: await stableUuid(`player:${key}`), name: p.name.trim(),
          isAnonymous: false, modificationDate: stamp, bggUsername: "" });
      }
      scores.push({ playerRefId: players.get(key).id, score: String(p.score), winner: p.winner, newPlayer: false,
        startPlayer: p.startPlayer, rank: p.rank, seatOrder: seat, role: "" });
    }
    const id = entry?.id ?? play.sourcePlayId ?? `${gameKey}:${play.playDate}`;
    out.push({ uuid: await stableUuid(`play:${id}`), modificationDate: playDate(entry?.updated ?? now),
      entryDate: playDate(entry?.played ?? now), playDate: play.playDate, gameRefId: games.get(gameKey).id,
      durationMin: 0, ignored: false, manualWinner: false, rounds: 0, usesTeams: false, board: "",
      comments: play.comments, playerScores: scores });
  }
  return { about: "Saved games from the playaid scorer, as a BG Stats backup file: open it with BG Stats to add them.",
    players: [...players.values()], locations: [], games: [...games.values()], plays: out };
}
