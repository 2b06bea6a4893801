// Card names for the form, from data/form.json (the compiled card database): lookup as
// `playaid score` does (case and spacing ignored), suggestions while typing, "did you mean"
// for a name not in the database, and copies left across every tableau.

// as the scorer looks a name up (generator/scoring/rftg.py _key): spacing, case and curly
// apostrophes do not matter
export const normalise = (name) => String(name).replace(/[\u2018\u2019]/g, "'").split(/\s+/).filter(Boolean).join(" ").toLowerCase();

/** Similarity of two strings, 0..1 (2 x matching characters / total), like Python's
 * difflib ratio: the longest common block, then the same on each side of it. */
export function similarity(a, b) {
  const matches = (a0, a1, b0, b1) => {
    let best = 0, bi = 0, bj = 0;
    for (let i = a0; i < a1; i++) {
      for (let j = b0; j < b1; j++) {
        let k = 0;
        while (i + k < a1 && j + k < b1 && a[i + k] === b[j + k]) k++;
        if (k > best) { best = k; bi = i; bj = j; }
      }
    }
    if (!best) return 0;
    return best + matches(a0, bi, b0, bj) + matches(bi + best, a1, bj + best, b1);
  };
  if (!a.length && !b.length) return 1;
  return (2 * matches(0, a.length, 0, b.length)) / (a.length + b.length);
}

export class CardIndex {
  /** cards: [{n: name, t: type, c: copies, k: keywords, v: vp, m?: 1, u?: 1}] */
  constructor(cards) {
    this.cards = cards;
    this.byKey = new Map(cards.map((c) => [normalise(c.n), c]));
    this.keys = cards.map((c) => normalise(c.n));
  }

  /** The card a written name means (case and spacing ignored), or undefined. */
  find(name) { return this.byKey.get(normalise(name)); }

  /** Up to `n` names close to `name` (similarity 0.6 or more), closest first. */
  closest(name, n = 3) {
    const key = normalise(name);
    return this.cards
      .map((card, i) => ({ card, score: similarity(key, this.keys[i]) }))
      .filter((x) => x.score >= 0.6)
      .sort((x, y) => y.score - x.score)
      .slice(0, n)
      .map((x) => x.card);
  }

  /**
   * Suggestions for what has been typed: names starting with it, then names with a word
   * starting with it, then names containing it; when few match, the closest names
   * ("did you mean"). Returns [{card, fuzzy}].
   */
  suggest(typed, limit = 8) {
    const key = normalise(typed);
    if (!key) return [];
    const ranked = [];
    this.keys.forEach((name, i) => {
      let rank = -1;
      if (name.startsWith(key)) rank = 0;
      else if (name.includes(` ${key}`) || name.includes(`-${key}`)) rank = 1;
      else if (name.includes(key)) rank = 2;
      if (rank >= 0) ranked.push({ rank, i });
    });
    ranked.sort((x, y) => x.rank - y.rank || this.keys[x.i].localeCompare(this.keys[y.i]));
    const out = ranked.slice(0, limit).map((x) => ({ card: this.cards[x.i], fuzzy: false }));
    if (out.length < 3 && key.length >= 3) {
      for (const card of this.closest(typed, 3)) {
        if (!out.some((o) => o.card === card)) out.push({ card, fuzzy: true });
      }
    }
    return out.slice(0, limit);
  }
}

/** How many of each card design the record's tableaux use: Map(card name -> count). */
export function copiesUsed(index, record) {
  const used = new Map();
  for (const player of record.players ?? []) {
    for (const entry of Array.isArray(player?.tableau) ? player.tableau : []) {
      const card = index.find(typeof entry === "string" ? entry : entry?.card ?? "");
      if (card) used.set(card.n, (used.get(card.n) ?? 0) + 1);
    }
  }
  return used;
}
