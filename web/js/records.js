// Records in and out: YAML/JSON text -> record with the position of every value (so findings
// get line and column as `playaid score` gives them), record -> YAML in the format
// `playaid score` reads, and share links that carry a record in the URL fragment.
// The `yaml` package (vendor/yaml) is loaded on first use: the form does not wait for it.

let yamlModule = null;
/** The `yaml` package's browser build, imported once. */
export function loadYaml() {
  yamlModule ??= import("../vendor/yaml/index.js");
  return yamlModule;
}

// A pasted or opened file is hostile until parsed: the same limits and refusals as the
// command line's reader (generator/reader/yaml_io.py): size, depth, number of values, no
// anchors or aliases (nothing is ever expanded), no merge keys, no duplicate keys.
export const LIMITS = { bytes: 1 << 20, depth: 64, values: 100_000 };
const DISALLOWED = /[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u;

const pathKey = (path) => JSON.stringify(path);

/** `playaid score`'s dotted field name: ["players", 0, "chips"] -> "players[0].chips". */
export function dotted(path) {
  let out = "";
  for (const part of path) out += typeof part === "number" ? `[${part}]` : (out ? "." : "") + part;
  return out;
}

function floatJSON(v) {
  if (Number.isNaN(v)) return "NaN";
  if (!Number.isFinite(v)) return v > 0 ? "Infinity" : "-Infinity";
  const s = String(v);
  return /[.eE]/.test(s) ? s : `${s}.0`;
}

class Fatal extends Error {}

/**
 * Parse record text (YAML 1.2 core schema, or JSON) as `playaid score` does.
 * Returns {ok: true, value, json, located} where `json` is the record as JSON text for the
 * Python engine (integers stay integers, 5.0 stays a float) and `located` maps paths to
 * positions; or {ok: false, errors: [{field, message, hint, line, column}]} with every problem.
 */
export async function parseRecordText(text) {
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > LIMITS.bytes) {
    return { ok: false, errors: [{ field: "", line: 0, column: 0,
      message: `file is larger than 1 MiB (${bytes} bytes); playaid reads files up to 1 MiB`,
      hint: "a record or content file is a few kB: check that this is the right file" }] };
  }
  const bad = DISALLOWED.exec(text);
  if (bad) {
    const before = text.slice(0, bad.index).split("\n");
    const code = bad[0].codePointAt(0);
    const name = code === 0 ? "NUL" : code < 0x20 || (code >= 0x7f && code < 0xa0) ? "a control character" : "not allowed in YAML";
    return { ok: false, errors: [{ field: "", line: before.length, column: before.at(-1).length + 1,
      message: `character U+${code.toString(16).toUpperCase().padStart(4, "0")} (${name}) is not allowed in a YAML file`,
      hint: "delete it; it was probably pasted in by mistake" }] };
  }
  const YAML = await loadYaml();
  const lineCounter = new YAML.LineCounter();
  // duplicate keys are found below, to name the line of the first one as the command line does
  const doc = YAML.parseDocument(text, { lineCounter, uniqueKeys: false, intAsBigInt: true, prettyErrors: false });
  if (doc.errors.length) {
    return { ok: false, errors: doc.errors.map((e) => syntaxProblem(e, lineCounter)) };
  }
  const located = new Located(lineCounter);
  const problems = [];
  const problem = (node, path, message, hint = "") => {
    const [line, column] = located.at(node);
    problems.push({ field: dotted(path), line, column, message, hint });
  };
  let values = 0;
  const walk = (node, path, depth) => {
    if (node == null) return [null, "null"];
    if (++values > LIMITS.values) {
      problem(node, [], `more than ${LIMITS.values.toLocaleString("en")} values in one file`,
        "a record or content file holds a few thousand at most: check that this is the right file, or split it");
      throw new Fatal();
    }
    located.mark(path, node);
    if (YAML.isAlias(node)) {
      problem(node, path, `YAML aliases (*${node.source}) are not allowed`, "write the value out in full where it is used");
      return [null, "null"];
    }
    if (node.anchor) {
      const at = text.lastIndexOf(`&${node.anchor}`, node.range[0]);
      problem(at >= 0 ? { range: [at] } : node, path, `YAML anchors (&${node.anchor}) are not allowed`, "remove the anchor and write the value out wherever it is used");
    }
    if (node.tag && !node.tag.startsWith("tag:yaml.org,2002:")) {
      const at = text.lastIndexOf(node.tag, node.range[0]);
      problem(at >= 0 ? { range: [at] } : node, path, `YAML tag '${node.tag}' is not supported`, "remove the tag");
    }
    if (YAML.isMap(node) || YAML.isSeq(node)) {
      if (depth >= LIMITS.depth) {
        problem(node, path.slice(0, 4), `nested more than ${LIMITS.depth} levels deep`,
          "playaid files need only a few levels; look for unclosed brackets");
        throw new Fatal();
      }
    }
    if (YAML.isMap(node)) {
      const value = {};
      const parts = [];
      const seen = new Map();
      for (const pair of node.items) {
        const key = pair.key;
        if (!YAML.isScalar(key) || (key.value !== null && typeof key.value === "object")) {
          problem(key ?? node, path, "a mapping key must be a plain value");
          continue;
        }
        const name = String(key.value);
        if (name === "<<" && key.type === "PLAIN") {
          problem(key, path, "YAML merge keys (<<) are not supported", "write the fields out");
          continue;
        }
        if (seen.has(name)) {
          problem(key, [...path, name], `duplicate key '${name}' (first defined on line ${seen.get(name)})`,
            "remove one of the two or rename it");
          continue;
        }
        seen.set(name, located.at(key)[0]);
        located.markKey([...path, name], key);
        const [v, j] = walk(pair.value, [...path, name], depth + 1);
        value[name] = v;
        parts.push(`${JSON.stringify(name)}:${j}`);
      }
      return [value, `{${parts.join(",")}}`];
    }
    if (YAML.isSeq(node)) {
      const value = [];
      const parts = [];
      node.items.forEach((item, i) => {
        const [v, j] = walk(item, [...path, i], depth + 1);
        value.push(v);
        parts.push(j);
      });
      return [value, `[${parts.join(",")}]`];
    }
    const v = node.value;
    if (typeof v === "bigint") return [Number(v), v.toString()];
    if (typeof v === "number") return [v, floatJSON(v)];
    if (typeof v === "string") return [v, JSON.stringify(v)];
    if (typeof v === "boolean" || v === null) return [v, JSON.stringify(v)];
    return [String(v), JSON.stringify(String(v))];
  };
  let result;
  try {
    result = walk(doc.contents, [], 0);
  } catch (error) {
    if (!(error instanceof Fatal)) throw error;
  }
  if (problems.length) return { ok: false, errors: capped(problems) };
  return { ok: true, value: result[0], json: result[1], located };
}

export const MAX_PROBLEMS = 50;

/** Problems in file order (line, column, field, message), the first MAX_PROBLEMS of them and
 * then one "... and N more problems" where the first one left out is, as the command line. */
function capped(problems) {
  const key = (p) => [p.line, p.column, p.field, p.message];
  const ordered = [...problems].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
    return 0;
  });
  if (ordered.length <= MAX_PROBLEMS) return ordered;
  const rest = ordered.length - MAX_PROBLEMS;
  const first = ordered[MAX_PROBLEMS];
  return [...ordered.slice(0, MAX_PROBLEMS), { field: "", line: first.line, column: first.column,
    message: `... and ${rest} more problem${rest !== 1 ? "s" : ""}`, hint: "fix the ones above and check again" }];
}

function syntaxProblem(error, lineCounter) {
  const pos = error.linePos?.[0] ?? lineCounter.linePos(error.pos?.[0] ?? 0);
  const first = error.message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "");
  if (error.code === "MULTIPLE_DOCS") {
    return { field: "", line: pos.line, column: pos.col, message: "a second YAML document ('---') in one file",
      hint: "keep one document per file" };
  }
  return { field: "", line: pos.line, column: pos.col, message: `YAML syntax error: ${first}`,
    hint: "check indentation, colons and quotes near this line" };
}

/** Positions (1-based line and column) of a parsed record's values and keys. */
export class Located {
  constructor(lineCounter) {
    this.lineCounter = lineCounter;
    this.marks = new Map();
    this.keyMarks = new Map();
  }
  at(node) {
    if (!node?.range) return [0, 0];
    const { line, col } = this.lineCounter.linePos(node.range[0]);
    return [line, col];
  }
  mark(path, node) { this.marks.set(pathKey(path), this.at(node)); }
  markKey(path, node) { this.keyMarks.set(pathKey(path), this.at(node)); }

  /** Position of `path` or of its nearest located ancestor, as `playaid score` finds it. */
  position(path, preferKey = false) {
    for (let p = [...path]; ; p = p.slice(0, -1)) {
      const key = pathKey(p);
      if (preferKey && this.keyMarks.has(key)) return this.keyMarks.get(key);
      if (this.marks.has(key)) return this.marks.get(key);
      if (!p.length) return [0, 0];
    }
  }
}

/**
 * Add `playaid score --json`'s locations to a report: file, line and column on every error
 * (the key's position for a missing field), line and column on every finding; both in file order.
 */
export function locate(report, located, file) {
  for (const item of report.errors ?? []) {
    const [line, column] = located.position(item.path ?? [], true);
    Object.assign(item, { file, line, column });
  }
  if (report.errors?.length) { // in file order; a "... and N more" summary stays last
    const summary = report.errors.filter((e) => e.message.startsWith("... and "));
    report.errors = report.errors.filter((e) => !summary.includes(e))
      .sort((a, b) => a.line - b.line || a.column - b.column).concat(summary);
  }
  for (const item of report.findings ?? []) {
    const path = item.path ?? [];
    const [line, column] = path.length ? located.position(path, false) : [0, 0];
    Object.assign(item, { line, column });
  }
  // in file order, findings about the whole game (line 0) last: as `playaid score` prints them
  report.findings?.sort((a, b) => (a.line === 0) - (b.line === 0) || a.line - b.line || a.column - b.column);
  return report;
}

/** The report of a record that could not be read (as `playaid score --json` prints it). */
export function unreadableReport(errors, file) {
  return { ok: false, game: null,
    errors: errors.map((e) => ({ file, line: e.line, column: e.column, field: e.field, message: e.message, hint: e.hint })) };
}

// --- writing ---------------------------------------------------------------------------------

const HEADER = {
  rftg: "Race for the Galaxy game, written by the playaid web scorer.\nCheck it with: playaid score THIS-FILE.yaml",
  "xia-campaign": "Xia solo campaign log, written by the playaid web scorer.\nCheck it with: playaid score THIS-FILE.yaml",
};

/** The record as YAML in the format `playaid score` reads: block style, with one flow
 * mapping per marked tableau card and per campaign game (as in examples/). */
export async function recordToYaml(record) {
  const YAML = await loadYaml();
  const doc = new YAML.Document(record);
  const flowItems = (seq) => {
    for (const item of seq?.items ?? []) if (YAML.isMap(item)) item.flow = true;
  };
  const root = doc.contents;
  if (YAML.isMap(root)) {
    for (const player of root.get("players")?.items ?? []) {
      if (YAML.isMap(player)) flowItems(player.get("tableau"));
      const at = YAML.isMap(player) && player.get("at_repulse");
      if (YAML.isMap(at)) at.flow = true;
    }
    flowItems(root.get("games"));
    if (YAML.isSeq(root.get("goals"))) root.get("goals").flow = true;
  }
  const header = HEADER[record?.game];
  if (header) doc.commentBefore = header.split("\n").map((l) => ` ${l}`).join("\n");
  return doc.toString({ lineWidth: 0, flowCollectionPadding: false });
}

// --- share links -----------------------------------------------------------------------------

const FRAGMENT = "record=";

function toBase64Url(bytes) {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** A link to this page carrying `record` in the fragment (never sent to any server). */
export function shareLink(record, location = window.location) {
  const bytes = new TextEncoder().encode(JSON.stringify(record));
  return `${location.origin}${location.pathname}#${FRAGMENT}${toBase64Url(bytes)}`;
}

/** The record text in a location hash made by `shareLink`, or null. */
export function recordFromHash(hash) {
  const text = hash.replace(/^#/, "");
  if (!text.startsWith(FRAGMENT)) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(fromBase64Url(text.slice(FRAGMENT.length)));
  } catch {
    return "";
  }
}
