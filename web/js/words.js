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

/**
 * The finding as the page shows it: {text, path} where `path` may be more precise than the
 * core's (a field not written points at its own box, not at the player). `labels`/`values` as
 * for `plainWords`. Codes not listed here read as `plainWords(message)`.
 */
export function forPeople(finding, labels = {}, values = {}) {
  const m = finding.message ?? "";
  const path = finding.path ?? [];
  const say = SAY[finding.code]?.(m, path, labels, values);
  return say ?? { text: plainWords(m, labels, values), path };
}

const SAY = {
  // "`chips` not written for Ann (counted as 0; write `chips: 0` if there were none)"
  missing_field: (m, path) => {
    const name = num(/^`([a-z_]+)`/, m)?.[0];
    return name ? { text: "Empty: counted as 0. Type 0 if there were none.", path: [...path.slice(0, 2), name] } : null;
  },
  // "unknown card 'Spice Wrld' (did you mean 'Spice World'?)": the chip offers the fixes
  unknown_card: (_m, path) => ({ text: "Not a card of the game: not counted. Pick the right name below or remove it.", path }),
  // "claimed 40 but the cards and chips give 34 (claimed is +6); see the table ..."
  claimed_total: (m, path) => {
    const got = num(/^claimed (-?\d+) but the cards and chips give (-?\d+)/, m);
    if (!got) return null;
    const [claimed, total] = got.map(Number);
    const diff = claimed - total;
    return { text: `The score pad says ${claimed}; the cards and chips give ${total} (${Math.abs(diff)} ${diff > 0 ? "more" : "less"} on the pad). The breakdown shows each part.`, path };
  },
  // "ended_by vp_pool, but only 20 VP in chips were handed out; the pool holds 24 (12 per player)"
  vp_pool_not_empty: (m, path) => {
    const got = num(/only (\d+) VP in chips were handed out; the pool holds (\d+) \((\d+) per player\)/, m);
    return got ? { text: `The VP pool ran out, but the chips typed add up to ${got[0]} of its ${got[1]} VP (${got[2]} per player): check each player's VP chips.`, path } : null;
  },
  // "ended_by tableau, but the largest tableau has 8 cards (an invasion game ends at 12)"
  tableau_too_small: (m, path) => {
    const got = num(/largest tableau has (\d+) cards? \(.* ends at (\d+)\)/, m);
    return got ? { text: `A tableau reached its end size, but the largest has ${got[0]} cards (the game ends at ${got[1]}).`, path } : null;
  },
  // "'Old Earth' appears 2 times across tableaux but only 1 exists"
  too_many_copies: (m, path) => ({ text: m.replace(/^'([^']+)'/, "$1").replace("across tableaux", "in the tableaux").replace(/ exists?$/, (e) => (e.endsWith("s") ? " copy exists" : " copies exist")), path }),
};
