// The scorer's findings in words for people. The scoring core's messages are shared with the
// command line, where "write `chips: 0`" is YAML to type; on the phone the same finding says
// what to do with the boxes on screen ("Empty: counted as 0. Type 0 if there were none.").
// Known codes get their own sentence, from the finding's `params` (its values as data); any
// other message has its field names and YAML turned into the form's labels (`plainWords`), so
// nothing on the page reads like a record file.

/**
 * `message` with record syntax replaced by the form's words: "`chips: 0`" -> "0 in “VP chips”",
 * "set won: false" -> "untick “Won”", "`goals`" -> "“Goals”", ended_by values by their labels.
 * `labels`: field name -> label; `values`: value -> label (e.g. vp_pool -> "VP pool ran out").
 */
export function plainWords(message, labels = {}, values = {}) {
  const label = (name) => `“${labels[name] ?? values[name] ?? words(name)}”`;
  return String(message)
    .replace(/`?\b([a-z_]+): (true|false)`?/g, (_m, name, flag) => `${flag === "true" ? "tick" : "untick"} ${label(name)}`)
    .replace(/\bremove tick\b/g, "untick")
    .replace(/\b(?:set|write) (tick|untick)\b/g, "$1")
    .replace(/\bwrite `([a-z_]+): (-?\d+)`/g, (_m, name, n) => `type ${n} in ${label(name)}`)
    .replace(/`([a-z_]+): ([^`]*)`/g, (_m, name, v) => `${label(name)} ${v}`)
    .replace(/`([a-z_]+)`/g, (_m, name) => label(name))
    .replace(/\b(ended_by|variant) '([a-z_]+)'/g, (_m, name, v) => `${label(name)} ${label(v)}`)
    .replace(/\bcheck the record\b/g, "check what was typed")
    .replace(/\bleave the field out\b/g, "clear the box")
    .replace(/`/g, "");
}

/** snake_case -> "Snake case". */
export const words = (id) => String(id).replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());

/** "1 card" / "2 cards": a count with its noun in the right number (`many` for irregular plurals). */
export function plural(n, one, many = `${one}s`) {
  return `${n} ${Number(n) === 1 ? one : many}`;
}

/**
 * The finding as the page shows it: {text, path} where `path` may be more precise than the
 * core's (a field not written points at its own box, not at the player). `labels`/`values` as
 * for `plainWords`. A finding whose code is listed here is worded from its `params` (the values
 * its message says, as data: never read back from the message); any other reads as
 * `plainWords(message)`.
 *
 * `about` (optional) says who and what the finding concerns, from the form's record:
 * `player` the name of the player it is about (null: the game as a whole), `typed` the value at
 * its path as typed (a card's name), `holders(card)` the players whose tableau holds `card`
 * ("Ann", or "Ann 2" for two copies), `leftOut` what the player's total leaves out (the report's
 * `not_counted`). A finding about a player always names that player (the result screen lists
 * every player's findings together): when the sentence does not, it starts "Ann: ".
 */
export function forPeople(finding, labels = {}, values = {}, about = {}) {
  const m = finding.message ?? "";
  const path = finding.path ?? [];
  const player = about.player ?? finding.player ?? null;
  const params = finding.params ?? {};
  const said = SAY[finding.code]?.(params, path, { labels, values, typed: about.typed, holders: about.holders, leftOut: about.leftOut })
    ?? { text: plainWords(m, labels, values), path };
  // a sentence about one of the player's own boxes always starts with the name (`ownBox`);
  // any other starts with it unless the name is already in it
  const text = player && (said.ownBox || !namesPlayer(said.text, player)) ? `${player}: ${said.text}` : said.text;
  return { text, path: said.path };
}

/** Whether `text` names `player` as a word of its own ("Ann" in "Ann's", not in "Annex"). */
function namesPlayer(text, player) {
  const name = player.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\p{L}\\p{N}])${name}(?![\\p{L}\\p{N}])`, "u").test(text);
}

/** A whole number of the params, or null (a finding of another shape: the core's words). */
const whole = (v) => (Number.isInteger(v) ? v : null);

// Each takes the finding's `params` (see the scoring core's message for each code).
const SAY = {
  // the record check "players: needs at least 3 entries" ({min}), in the pad's words
  too_few: (p, path) => (path.length === 1 && path[0] === "players" && whole(p.min) !== null
    ? { text: `This game takes at least ${plural(p.min, "player")}: add a player with “+”.`, path } : null),
  // a value the model reads left empty ({field, default}): a question, not a fault
  missing_field: (p, path, { labels }) => {
    if (typeof p.field !== "string") return null;
    const box = `“${labels[p.field] ?? words(p.field)}”`;
    const given = p.default ?? 0; // the model's default for the box
    // none, or forgotten? The result is not final until it is answered
    const type = String(given) === "0" ? `Type 0 if there were none (it counts as 0 until then).` : `It counts as ${given} until it is typed.`;
    return { text: `${box} is empty: how many? ${type}`, path: [...path.slice(0, 2), p.field], ownBox: true };
  },
  // a card not in the database ({card, closest}): the chip offers the fixes
  unknown_card: (p, path, { typed }) => ({
    text: `“${typeof typed === "string" && typed ? typed : typed?.card ?? p.card ?? ""}” is not a card of the game; not counted. Pick the right name or remove it.`, path, ownBox: true }),
  // a claimed total that differs ({claimed, total, counted}: the model's words for what gives the total)
  claimed_total: (p, path, { leftOut }) => {
    if (whole(p.claimed) === null || whole(p.total) === null) return null;
    const diff = p.claimed - p.total;
    const unknown = !leftOut?.length ? "" : leftOut.length === 1 ? " An unknown card is not counted: correct its name first (the difference may be its VP)."
      : " Unknown cards are not counted: correct their names first (the difference may be their VP).";
    return { text: `the score pad says ${p.claimed}; ${p.counted ?? "the score gives"} ${p.total} (${Math.abs(diff)} ${diff > 0 ? "more" : "less"} on the pad). The breakdown shows each part.${unknown}`, path, ownBox: true };
  },
  // the VP pool check ({handed, pool, vp_pool_per_player})
  vp_pool_not_empty: (p, path) => (whole(p.handed) !== null && whole(p.pool) !== null
    ? { text: `The VP pool ran out, but the chips typed add up to ${p.handed} of its ${p.pool} VP (${p.vp_pool_per_player} per player): check each player's VP chips.`, path } : null),
  // the tableau size check ({biggest, tableau_end})
  tableau_too_small: (p, path) => (whole(p.biggest) !== null && whole(p.tableau_end) !== null
    ? { text: `A tableau reached its end size, but the largest has ${plural(p.biggest, "card")} (the game ends at ${p.tableau_end}).`, path } : null),
  // more copies than exist ({card, times, copies, verified}): who holds it (an unverified copy
  // count is left in the core's words)
  too_many_copies: (p, path, { holders }) => {
    if (!p.verified || typeof p.card !== "string") return null;
    const who = holders?.(p.card) ?? [];
    const where = who.length ? ` (${who.join(", ")})` : "";
    return { text: `${p.card} appears ${plural(p.times, "time")} in the tableaux${where}, but only ${plural(p.copies, "copy", "copies")} ${Number(p.copies) === 1 ? "exists" : "exist"}. Check those tableaux for a card added twice or the wrong card picked.`, path };
  },
  // two players of one name ({name, first, second})
  duplicate_player: (p, path) => (typeof p.name === "string"
    ? { text: `Players ${p.first} and ${p.second} are both named ${p.name}: give each player a different name.`, path } : null),
};

/** A campaign game's points as the log shows them ("+5", "-3"), or "not counted" for a game
 * the scorer left out of the total (played after the end, or marked won without the lead). */
export function gamePoints(e) {
  return e.counted === false ? "not counted" : `${e.points > 0 ? "+" : ""}${e.points}`;
}
