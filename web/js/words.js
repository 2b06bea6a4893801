// The scorer's findings in words for people. The scoring core's messages are shared with the
// command line, where "write `chips: 0`" is YAML to type; on the phone the same finding says
// what to do with the boxes on screen ("Empty: counted as 0. Type 0 if there were none.").
// Known codes get their own sentence; any other message has its field names and YAML turned
// into the form's labels (`plainWords`), so nothing on the page reads like a record file.

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

const num = (re, text) => text.match(re)?.slice(1) ?? null;

/** "1 card" / "2 cards": a count with its noun in the right number (`many` for irregular plurals). */
export function plural(n, one, many = `${one}s`) {
  return `${n} ${Number(n) === 1 ? one : many}`;
}

/**
 * The finding as the page shows it: {text, path} where `path` may be more precise than the
 * core's (a field not written points at its own box, not at the player). `labels`/`values` as
 * for `plainWords`. Codes not listed here read as `plainWords(message)`.
 *
 * `about` (optional) says who and what the finding concerns, from the form's record:
 * `player` the name of the player it is about (null: the game as a whole), `typed` the value at
 * its path as typed (a card's name), `holders(card)` the players whose tableau holds `card`
 * ("Ann", or "Ann 2" for two copies). A finding about a player always names that player (the result screen lists
 * every player's findings together): when the sentence does not, it starts "Ann: ".
 */
export function forPeople(finding, labels = {}, values = {}, about = {}) {
  const m = finding.message ?? "";
  const path = finding.path ?? [];
  const player = about.player ?? finding.player ?? null;
  const said = SAY[finding.code]?.(m, path, { labels, values, typed: about.typed, holders: about.holders })
    ?? playersNeeded(m, path) ?? { text: plainWords(m, labels, values), path };
  // a sentence about one of the player's own boxes always starts with the name (`ownBox`);
  // any other starts with it unless the name is already in it
  const text = player && (said.ownBox || !namesPlayer(said.text, player)) ? `${player}: ${said.text}` : said.text;
  return { text, path: said.path };
}

/** The record check "players: needs at least 3 entries" in the pad's words ("At least 3
 * players: ..."), or null for any other message. */
function playersNeeded(m, path) {
  const n = path.length === 1 && path[0] === "players" ? num(/^needs at least (\d+) entr/, m)?.[0] : null;
  return n ? { text: `This game takes at least ${plural(n, "player")}: add a player with “+”.`, path } : null;
}

/** Whether `text` names `player` as a word of its own ("Ann" in "Ann's", not in "Annex"). */
function namesPlayer(text, player) {
  const name = player.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\p{L}\\p{N}])${name}(?![\\p{L}\\p{N}])`, "u").test(text);
}

/** The name a finding quotes ('Old Erth' in the core's words), or what the box holds. */
const quoted = (m, typed) => (typeof typed === "string" && typed ? typed : typed?.card ?? m.match(/'(.+)'/)?.[1] ?? "");

const SAY = {
  // "`chips` not written for Ann (counted as 0; write `chips: 0` if there were none)"
  missing_field: (m, path, { labels }) => {
    const name = num(/^`([a-z_]+)`/, m)?.[0];
    if (!name) return null;
    const box = `“${labels[name] ?? words(name)}”`;
    const given = num(/counted as ([^;)]+)/, m)?.[0] ?? "0"; // the model's default for the box
    // a question, not a fault: none, or forgotten? The result is not final until it is answered
    const type = given === "0" ? `Type 0 if there were none (it counts as 0 until then).` : `It counts as ${given} until it is typed.`;
    return { text: `${box} is empty: how many? ${type}`, path: [...path.slice(0, 2), name], ownBox: true };
  },
  // "unknown card 'Spice Wrld' (did you mean 'Spice World'?)": the chip offers the fixes
  unknown_card: (m, path, { typed }) => ({
    text: `“${quoted(m, typed)}” is not a card of the game; not counted. Pick the right name or remove it.`, path, ownBox: true }),
  // "claimed 40 but the cards and chips give 34 (claimed is +6); see the table ..."
  claimed_total: (m, path) => {
    const got = num(/^claimed (-?\d+) but the (.+? gives?) (-?\d+)/, m);
    if (!got) return null;
    const [claimed, what, total] = [Number(got[0]), got[1], Number(got[2])];
    const diff = claimed - total;
    const unknown = /leaves out an unknown card/.test(m) ? " An unknown card is not counted: correct its name first (the difference may be its VP)." : "";
    return { text: `the score pad says ${claimed}; the ${what} ${total} (${Math.abs(diff)} ${diff > 0 ? "more" : "less"} on the pad). The breakdown shows each part.${unknown}`, path, ownBox: true };
  },
  // "ended_by vp_pool, but only 20 VP in chips were handed out; the pool holds 24 (12 per player)"
  vp_pool_not_empty: (m, path) => {
    const got = num(/only (\d+) VP in chips were handed out; the pool holds (\d+) \((\d+) per player\)/, m);
    return got ? { text: `The VP pool ran out, but the chips typed add up to ${got[0]} of its ${got[1]} VP (${got[2]} per player): check each player's VP chips.`, path } : null;
  },
  // "ended_by tableau, but the largest tableau holds 8 of the 12 cards that end an invasion game (...)"
  tableau_too_small: (m, path) => {
    const got = num(/largest tableau holds (\d+) of the (\d+) cards that end /, m);
    return got ? { text: `A tableau reached its end size, but the largest has ${plural(got[0], "card")} (the game ends at ${got[1]}).`, path } : null;
  },
  // "'Old Earth' appears 2 times across tableaux but only 1 exists (check each tableau ...)": who
  // holds it (an unverified copy count is left in the core's words)
  too_many_copies: (m, path, { holders }) => {
    const got = m.match(/^'(.+)' appears (\d+) times across tableaux but only (\d+) exists? \(/);
    if (!got) return null;
    const [, card, times, copies] = got;
    const who = holders?.(card) ?? [];
    const where = who.length ? ` (${who.join(", ")})` : "";
    return { text: `${card} appears ${plural(times, "time")} in the tableaux${where}, but only ${plural(copies, "copy", "copies")} ${Number(copies) === 1 ? "exists" : "exist"}. Check those tableaux for a card added twice or the wrong card picked.`, path };
  },
  // "two players are named 'Ann', entries 1 and 2 (give each player a different name, ...)"
  duplicate_player: (m, path) => {
    const got = m.match(/^two players are named '(.+)', entries (\d+) and (\d+) \(/);
    return got ? { text: `Players ${got[2]} and ${got[3]} are both named ${got[1]}: give each player a different name.`, path } : null;
  },
};

/** A campaign game's points as the log shows them ("+5", "-3"), or "not counted" for a game
 * the scorer left out of the total (played after the end, or marked won without the lead). */
export function gamePoints(e) {
  return e.counted === false ? "not counted" : `${e.points > 0 ? "+" : ""}${e.points}`;
}
