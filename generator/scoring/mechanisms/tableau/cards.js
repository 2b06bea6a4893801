// Card names for the form, from data/form.json (the compiled card database): lookup as
// `playaid score` does (case and spacing ignored), suggestions while typing (word starts and
// initials, the likeliest card first), "did you mean" for a name not in the database, and
// copies left across every tableau.

// as the scorer looks a name up (generator/scoring/rftg.py _key): spacing, case and curly
// apostrophes do not matter
export const normalise = (name) => String(name).replace(/[\u2018\u2019]/g, "'").split(/\s+/).filter(Boolean).join(" ").toLowerCase();

/** The words of a normalised name, as a player thinks of them: "anti-xeno rebel force" ->
 * ["anti", "xeno", "rebel", "force"]; "defense systems, inc." -> ["defense", "systems", "inc"]. */
export const wordsOf = (key) => key.split(/[\s\-/:]+/).map((w) => w.replace(/[^\p{L}\p{N}']/gu, "")).filter(Boolean);

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

/**
 * How well `query` (normalised) matches a name: 0 the name starts with it, 1 a word starts
 * with it, 2 its words start with the query's words in order ("ga re" -> Galactic
 * Renaissance), 3 the initials start with it ("gr"), 4 the name contains it; -1 no match.
 */
export function matchClass(query, key, words, initials) {
  if (key.startsWith(query)) return 0;
  if (words.some((w) => w.startsWith(query))) return 1;
  const parts = wordsOf(query);
  if (parts.length > 1) {
    let at = 0;
    const inOrder = parts.every((p) => {
      while (at < words.length && !words[at].startsWith(p)) at++;
      return at++ < words.length;
    });
    if (inOrder) return 2;
  }
  if (query.length >= 2 && !query.includes(" ") && initials.startsWith(query)) return 3;
  if (query.length >= 2 && key.includes(query)) return 4;
  return -1;
}

/** The edits (a letter added, dropped, changed, or two swapped) that turn `a` into `b`: the
 * optimal string alignment distance; stops counting past `most` (returns most + 1). */
export function editDistance(a, b, most = Infinity) {
  if (Math.abs(a.length - b.length) > most) return most + 1;
  let before = null;
  let row = Array.from({ length: b.length + 1 }, (_v, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    let low = i;
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (before && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1);
      next.push(d);
      low = Math.min(low, d);
    }
    if (low > most) return most + 1;
    before = row;
    row = next;
  }
  return row[b.length];
}

/** The misspellings a name of `length` letters may hold and still be that name: one edit per
 * six letters, at least one ("Old Erth" is Old Earth; "Galactic Bankers", five edits from
 * Galactic Engineers, is another card). */
export const typoEdits = (length) => Math.max(1, Math.floor(length / 6));

/** An upper bound of `similarity(a, b)` in linear time: matching characters counted as a
 * multiset, whatever their order (difflib's quick_ratio, after its length-only bound). */
export function quickRatio(a, b) {
  const total = a.length + b.length;
  if (!total) return 1;
  if (2 * Math.min(a.length, b.length) / total < 0.6) return 0;
  const counts = new Map();
  for (const c of b) counts.set(c, (counts.get(c) ?? 0) + 1);
  let matches = 0;
  for (const c of a) {
    const left = counts.get(c);
    if (left) {
      matches++;
      counts.set(c, left - 1);
    }
  }
  return (2 * matches) / total;
}

export class CardIndex {
  /** cards: [{n: name, t: type, c: copies, k: keywords, v: vp, m?: 1, u?: 1, s?: 1 start
   * world, f?: "near"/"far" Frontier deck}] */
  constructor(cards) {
    this.cards = cards;
    this.byKey = new Map(cards.map((c) => [normalise(c.n), c]));
    this.keys = cards.map((c) => normalise(c.n));
    this.words = this.keys.map(wordsOf);
    this.initials = this.words.map((ws) => ws.map((w) => w[0]).join(""));
    // how many names hold each word: a player types the unusual word of a name ("ren" for
    // Galactic Renaissance), so a card matched through a rare word is the likelier one
    this.wordCount = new Map();
    for (const ws of this.words) for (const w of new Set(ws)) this.wordCount.set(w, (this.wordCount.get(w) ?? 0) + 1);
    this.rarest = this.words.map((ws) => Math.min(...ws.map((w) => this.wordCount.get(w))));
  }

  /** How common the rarest word of card `i` that starts with `query` is (1: only this card). */
  commonness(i, query) {
    let best = Infinity;
    for (const w of this.words[i]) if (w.startsWith(query)) best = Math.min(best, this.wordCount.get(w));
    return best === Infinity ? 0 : best;
  }

  /** The card a written name means (case and spacing ignored), or undefined. */
  find(name) { return this.byKey.get(normalise(name)); }

  /**
   * Whether `typed` is a way of writing `card`'s name, so that Enter may take the card: the
   * name itself, its start, the starts of its words in order ("ga re", "new tac"), its
   * initials ("gr"), or a misspelling of it (`typoEdits`). Never another card whose name was
   * typed whole: "Terraforming Engineers" is not Terraforming Bio-Engineers (every word typed
   * in full, and a word of the card left out between them), "Galactic Bankers" is not
   * Galactic Engineers. A card that is none of these is taken only by a tap.
   */
  spells(typed, card) {
    const key = normalise(typed);
    const name = normalise(card.n);
    if (!key) return false;
    if (name.startsWith(key)) return true;
    const parts = wordsOf(key);
    const words = wordsOf(name);
    const at = [];
    let k = 0;
    for (const part of parts) {
      while (k < words.length && !words[k].startsWith(part)) k++;
      if (k === words.length) { at.length = 0; break; }
      at.push(k++);
    }
    if (at.length === parts.length && parts.length) {
      if (parts.length === 1) return true; // the start of one of its words ("ren")
      const whole = parts.every((part, n) => part === words[at[n]]);
      const skipped = at[0] > 0 || at.some((w, n) => n > 0 && w !== at[n - 1] + 1);
      if (!(whole && skipped)) return true;
    }
    if (!key.includes(" ") && key.length >= 2 && words.map((w) => w[0]).join("").startsWith(key)) return true;
    const most = typoEdits(Math.min(key.length, name.length));
    return editDistance(key, name, most) <= most;
  }

  /** Up to `n` names close to `name` (similarity 0.6 or more), closest first. */
  closest(name, n = 3) {
    const key = normalise(name);
    // similarity is cubic in the lengths: names that cannot reach 0.6 are skipped first, as
    // difflib's real_quick_ratio and quick_ratio do (a share link of 300 unknown 100-letter
    // names took 15 s on the page without this)
    return this.cards
      .map((card, i) => ({ card, score: quickRatio(key, this.keys[i]) >= 0.6 ? similarity(key, this.keys[i]) : 0 }))
      .filter((x) => x.score >= 0.6)
      .sort((x, y) => y.score - x.score)
      .slice(0, n)
      .map((x) => x.card);
  }

  /**
   * Suggestions for what has been typed, the likeliest first: [{card, fuzzy}].
   *
   * `context` (all optional): `used` Map name -> copies in play, `mine` the names already in
   * this player's tableau (a tableau does not hold two developments of one name), `own` how
   * many cards it holds, `frontier` whether the variant deals the Frontier decks,
   * `familiar` Map name -> weight (cards in play elsewhere, cards of recent games).
   *
   * Order: cards that can still be played before those that cannot (no copy left, already in
   * this tableau, or a Frontier card in a game without those decks); in an empty tableau, start worlds first (a
   * tableau begins with one); the name typed in full; familiar cards (in play elsewhere, played
   * in recent games); then cards matched through their rarest word (a player types "ren" for
   * Galactic Renaissance, not "gal"), cards with more copies (likelier to be out), rarer words, how the name matches
   * (`matchClass`) and the alphabet. An empty box offers the start worlds while the tableau
   * is empty, else nothing. When few names match, the closest follow ("did you mean").
   */
  suggest(typed, limit = 12, context = {}) {
    const { used = new Map(), mine = new Set(), own = 0, frontier = true, familiar = new Map() } = context;
    const query = normalise(typed);
    const ranked = [];
    this.cards.forEach((card, i) => {
      const klass = query ? matchClass(query, this.keys[i], this.words[i], this.initials[i]) : (own === 0 && card.s ? 0 : -1);
      if (klass < 0) return;
      const playable = card.c - (used.get(card.n) ?? 0) > 0 && (frontier || !card.f) && !mine.has(card.n);
      const rare = klass <= 1 ? this.commonness(i, query) : Infinity;
      const distinct = rare === this.rarest[i] ? 0 : 1;
      ranked.push({ i, key: [playable ? 0 : 1, own === 0 && card.s ? 0 : 1, this.keys[i] === query ? 0 : 1,
        -(familiar.get(card.n) ?? 0), distinct, -card.c, Math.min(rare, 4), klass] });
    });
    ranked.sort((x, y) => {
      for (let k = 0; k < x.key.length; k++) if (x.key[k] !== y.key[k]) return x.key[k] - y.key[k];
      return this.keys[x.i] < this.keys[y.i] ? -1 : this.keys[x.i] > this.keys[y.i] ? 1 : 0;
    });
    const out = ranked.slice(0, limit).map((x) => ({ card: this.cards[x.i], fuzzy: false }));
    if (out.length < 3 && query.length >= 3) {
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
