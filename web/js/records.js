// Records in and out: YAML/JSON text -> record with the position of every value (so findings
// get line and column as `playaid score` gives them), record -> YAML in the format
// `playaid score` reads, and share links that carry a record in the URL fragment.
// The `yaml` package (vendor/yaml) is loaded on first use: the form does not wait for it.

let yamlModule = null;
/** The `yaml` package's browser build, imported once. */
export function loadYaml() {
  yamlModule ??= import("../vendor/yaml/yaml.js"); // the package as one module (site.py)
  return yamlModule;
}

// A pasted or opened file is hostile until parsed: the same limits, refusals and values as the
// command line's reader (generator/reader/yaml_io.py and yaml_events.py), rule for rule: size,
// depth, number of values (keys count), no anchors or aliases (nothing is ever expanded), no
// merge keys, no duplicate keys, scalars by the YAML 1.2 core schema whatever the %YAML
// directive says, explicit tags only from the core schema (!!str !!int !!float !!bool !!null,
// !!map !!seq), integers of at most 1,000 digits, no control character in text (escaped ones
// included), no NEL, line or paragraph separator written as such (libyaml reads them as line
// breaks, YAML 1.2 as text).
export const LIMITS = { bytes: 1 << 20, depth: 64, values: 20_000, digits: 1000 };
/** Whole numbers at least this large in size stay digits in a record read and in the form (a
 * JavaScript number would round them); the scoring core works in Python ints
 * (generator/scoring/pad.py MAX_SCORE). */
export const EXACT_BELOW = 10 ** 15;
const DISALLOWED = /[^\t\n\r\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u;
const BREAK_NAMES = { 0x85: "a next-line break", 0x2028: "a line separator", 0x2029: "a paragraph separator" };
const CONTROL_IN_TEXT = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]/;
const CONTROL_IN_KEY = /[\x00-\x1f\x7f-\x9f\u2028\u2029]/;
const CORE = "tag:yaml.org,2002:";
const KINDS = { int: "a whole number", float: "a number", bool: "true/false", null: "null", str: "text" };
// YAML 1.2.2 spec, 10.3.2 "Tag Resolution" (the core schema), in the spec's order
const CORE_PATTERNS = [
  ["null", /^(?:null|Null|NULL|~|)$/],
  ["bool", /^(?:true|True|TRUE|false|False|FALSE)$/],
  ["int", /^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$/],
  ["float", /^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/],
];
const coreKind = (text) => (CORE_PATTERNS.find(([, re]) => re.test(text)) ?? ["str"])[0];
const cut = (text, width) => (text.length <= width ? text : `${text.slice(0, width - 3)}...`);

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

/** [value, JSON text] of a scalar of core `kind` written `text` (already checked to match). */
function coreScalar(kind, text) {
  if (kind === "null") return [null, "null"];
  if (kind === "bool") return [text.toLowerCase() === "true", text.toLowerCase()];
  if (kind === "int") {
    const big = BigInt(text); // decimal, 0o or 0x (the core's int forms)
    // a number a JavaScript number would round stays its digits in the value (the form shows
    // and sends them exactly: dom.js parseCount, bigWhole); the JSON text is exact anyway
    const n = Number(big);
    return [Math.abs(n) < EXACT_BELOW ? n : big.toString(), big.toString()];
  }
  const bare = text.replace(/^[-+]/, "").toLowerCase();
  const v = bare === ".inf" ? (text.startsWith("-") ? -Infinity : Infinity) : bare === ".nan" ? NaN : Number(text);
  return [v, floatJSON(v)];
}

/** Where a node's properties (tag, anchor) start in `text`: the command line's position for a
 * node (libyaml marks a node from its first property); the node's own start when it has none. */
function propsStart(text, start) {
  for (let at = start; ;) {
    let end = at - 1;
    while (end >= 0 && " \t\r\n".includes(text[end])) end--;
    let begin = end;
    while (begin >= 0 && !" \t\r\n[{,".includes(text[begin])) begin--;
    const token = text.slice(begin + 1, end + 1);
    if (!(token.startsWith("!") || token.startsWith("&"))) return at;
    at = begin + 1;
  }
}

/** `text` with every line of nothing but spaces and tabs, with a tab, emptied (its line break
 * kept): blank in YAML 1.2, but libyaml and this reader each stop on such a line somewhere, so
 * both readers empty it first (generator/reader/yaml_io.py `blank_tab_lines`). */
export function blankTabLines(text) {
  if (!text.includes("\t")) return text;
  return text.split("\n").map((line) => {
    const body = line.endsWith("\r") ? line.slice(0, -1) : line;
    return body.includes("\t") && /^[ \t]*$/.test(body) ? line.slice(body.length) : line;
  }).join("\n");
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
    const at = { field: "", line: before.length, column: before.at(-1).length + 1 };
    if (BREAK_NAMES[code]) {
      return { ok: false, errors: [{ ...at,
        message: `character U+${code.toString(16).toUpperCase().padStart(4, "0")} (${BREAK_NAMES[code]}) is not allowed in a YAML file`,
        hint: `use an ordinary line break${code === 0x85 ? "" : `, or write \\u${code.toString(16).padStart(4, "0")} inside double quotes if the text needs it`}` }] };
    }
    const name = code === 0 ? "NUL" : code < 0x20 || (code >= 0x7f && code < 0xa0) ? "a control character" : "not allowed in YAML";
    return { ok: false, errors: [{ ...at,
      message: `character U+${code.toString(16).toUpperCase().padStart(4, "0")} (${name}) is not allowed in a YAML file`,
      hint: "delete it; it was probably pasted in by mistake" }] };
  }
  text = blankTabLines(text);
  const YAML = await loadYaml();
  const lineCounter = new YAML.LineCounter();
  // duplicate keys are found below, to name the line of the first one as the command line does
  const doc = YAML.parseDocument(text, { lineCounter, uniqueKeys: false, intAsBigInt: true, prettyErrors: false, schema: "core", resolveKnownTags: false });
  if (doc.errors.length) {
    return { ok: false, errors: doc.errors.map((e) => syntaxProblem(e, lineCounter)) };
  }
  const located = new Located(lineCounter);
  const problems = [];
  const problem = (node, path, message, hint = "") => {
    const [line, column] = located.at(node);
    problems.push({ field: dotted(path), line, column, message, hint });
  };
  const propsAt = (node) => ({ range: [propsStart(text, node.range[0])] });
  let values = 0;
  const count = (node) => {
    if (++values > LIMITS.values) {
      problem(node, [], `more than ${LIMITS.values.toLocaleString("en")} values in one file`,
        "a record or content file holds a few thousand at most: check that this is the right file, or split it");
      throw new Fatal();
    }
  };
  const REFUSED = [null, "null"]; // a value that cannot be read: reported, and null in the record
  const nodeAt = (node) => (node.tag || node.anchor ? propsAt(node) : node);
  /** A scalar as [value, JSON text], or null (after reporting why); `asKey`: a mapping key. */
  const scalar = (node, path, asKey) => {
    const source = node.source ?? String(node.value ?? "");
    const plain = node.type === "PLAIN";
    let kind = plain ? coreKind(source) : "str";
    if (node.tag) {
      kind = node.tag.startsWith(CORE) ? node.tag.slice(CORE.length) : "";
      if (!Object.hasOwn(KINDS, kind)) {
        problem(propsAt(node), path, `YAML tag '${node.tag}' is not supported`, "remove the tag");
        return null;
      }
    }
    if (kind === "str") {
      const value = plain ? source : String(node.value);
      const control = (asKey ? CONTROL_IN_KEY : CONTROL_IN_TEXT).exec(value);
      if (control) {
        const code = control[0].codePointAt(0).toString(16).toUpperCase().padStart(4, "0");
        problem(nodeAt(node), path, `the ${asKey ? "key" : "text"} holds control character U+${code}`,
          asKey ? "write the key on one line, without escapes" : "remove the escape that writes it");
        return null;
      }
      return [value, JSON.stringify(value)];
    }
    if (kind === "int") {
      const digits = (source.match(/[0-9]/g) ?? []).length;
      if (digits > LIMITS.digits) {
        problem(nodeAt(node), path, `a number with ${digits} digits is too long to read`, "write the count or score this field means");
        return null;
      }
    }
    const found = coreKind(source);
    if (found !== kind && !(kind === "float" && found === "int")) {
      problem(nodeAt(node), path, `cannot read '${cut(source, 40)}' as ${KINDS[kind]}`, "quote it to make it text, or write a valid value");
      return null;
    }
    return coreScalar(kind, source);
  };
  const anchorProblem = (node, path) => {
    const at = text.lastIndexOf(`&${node.anchor}`, node.range[0]);
    problem(at >= 0 ? { range: [at] } : node, path, `YAML anchors (&${node.anchor}) are not allowed`,
      "remove the anchor and write the value out wherever it is used");
  };
  /** A mapping key's name (as the record will hold it), or null when it is refused (reported). */
  const keyName = (key, path) => {
    if (key != null) count(key);
    if (YAML.isAlias(key)) {
      problem(key, path, `YAML aliases (*${key.source}) are not allowed`, "write the value out in full where it is used");
      return null;
    }
    if (!YAML.isScalar(key)) {
      problem(key ?? { range: [0] }, path, "a mapping key must be a plain value", "write the key as text");
      return null;
    }
    if (key.anchor) anchorProblem(key, path);
    if (key.type === "PLAIN" && !key.tag && key.source === "<<") {
      problem(key, path, "YAML merge keys (<<) are not supported", "write the fields out");
      return null;
    }
    const read = scalar(key, path, true);
    return read === null ? null : String(read[0]);
  };
  // `quiet`: a value that is left out (the value of a refused or duplicate key): its problems
  // are reported, its positions not recorded (they would hide the kept value's)
  const walk = (node, path, depth, quiet = false) => {
    if (node == null) return [null, "null"];
    count(node);
    if (!quiet) located.mark(path, nodeAt(node));
    if (YAML.isAlias(node)) {
      problem(node, path, `YAML aliases (*${node.source}) are not allowed`, "write the value out in full where it is used");
      return REFUSED;
    }
    if (node.anchor) anchorProblem(node, path);
    if (!(YAML.isMap(node) || YAML.isSeq(node))) return scalar(node, path, false) ?? REFUSED;
    if (depth >= LIMITS.depth) {
      problem(nodeAt(node), path.slice(0, 4), `nested more than ${LIMITS.depth} levels deep`,
        "playaid files need only a few levels; look for unclosed brackets");
      throw new Fatal();
    }
    if (node.tag && node.tag !== `${CORE}map` && node.tag !== `${CORE}seq`) {
      problem(propsAt(node), path, `YAML tag '${node.tag}' is not supported`, "remove the tag");
    }
    if (YAML.isMap(node)) {
      const value = {};
      const parts = [];
      const seen = new Map();
      for (const pair of node.items) {
        const name = keyName(pair.key, path);
        if (name === null) {
          walk(pair.value, [...path, "?"], depth + 1, true);
          continue;
        }
        if (seen.has(name)) {
          problem(pair.key, [...path, name], `duplicate key '${name}' (first defined on line ${seen.get(name)})`,
            "remove one of the two or rename it");
          walk(pair.value, [...path, name], depth + 1, true);
          continue;
        }
        seen.set(name, located.at(pair.key)[0]);
        if (!quiet) located.markKey([...path, name], pair.key);
        const [v, j] = walk(pair.value, [...path, name], depth + 1, quiet);
        value[name] = v;
        parts.push(`${JSON.stringify(name)}:${j}`);
      }
      return [value, `{${parts.join(",")}}`];
    }
    const value = [];
    const parts = [];
    node.items.forEach((item, i) => {
      const [v, j] = walk(item, [...path, i], depth + 1, quiet);
      value.push(v);
      parts.push(j);
    });
    return [value, `[${parts.join(",")}]`];
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

/**
 * A record given as a JavaScript value (the form's, or window.playaid.score(object)) as JSON text
 * for the engine, under the same limits as a file: {ok: true, json} or {ok: false, errors}
 * (never throws: a cycle, a function or a 5,000-digit number is a located problem, as in a
 * file). Written as JSON.stringify writes it (undefined values left out), except that a BigInt
 * (a large number typed in a box, kept as digits) is the exact whole number it is and a number
 * that is not a safe integer is written as the record reader writes a float (`floatJSON`).
 */
export function recordJSON(record) {
  const errors = [];
  const problem = (path, message, hint) => errors.push({ path, field: dotted(path), message, hint });
  let values = 0;
  const seen = new Set();
  const walk = (value, path, depth) => {
    if (++values > LIMITS.values) {
      problem([], `more than ${LIMITS.values.toLocaleString("en")} values in one file`, "a record holds a few thousand at most");
      throw new Fatal();
    }
    if (value === undefined) return "null"; // an undefined list item, as JSON.stringify writes it
    if (value === null || typeof value === "boolean" || typeof value === "string") return JSON.stringify(value);
    if (typeof value === "number") return Number.isInteger(value) && Math.abs(value) < 2 ** 53 ? String(value) : floatJSON(value);
    if (typeof value === "bigint") {
      const digits = value.toString().replace("-", "").length;
      if (digits > LIMITS.digits) {
        problem(path, `a number with ${digits} digits is too long to read`, "write the count or score this field means");
        return "null";
      }
      return value.toString();
    }
    if (typeof value !== "object" || (!Array.isArray(value) && Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null)) {
      problem(path, `${typeof value === "object" ? value.constructor?.name ?? "an object" : typeof value} is not a record value`,
        "use text, numbers, true/false, null, lists and plain objects");
      return "null";
    }
    if (seen.has(value)) {
      problem(path, "the record contains itself", "a record is a tree: copy the value instead");
      return "null";
    }
    if (depth >= LIMITS.depth) {
      problem(path.slice(0, 4), `nested more than ${LIMITS.depth} levels deep`, "playaid files need only a few levels");
      throw new Fatal();
    }
    seen.add(value);
    const text = Array.isArray(value)
      ? `[${value.map((item, i) => walk(item, [...path, i], depth + 1)).join(",")}]`
      : `{${Object.entries(value).filter(([, v]) => v !== undefined) // left out, as JSON.stringify does
        .map(([k, v]) => `${JSON.stringify(k)}:${walk(v, [...path, k], depth + 1)}`).join(",")}}`;
    seen.delete(value);
    return text;
  };
  let json = "null";
  try {
    json = walk(record ?? null, [], 0);
  } catch (error) {
    if (!(error instanceof Fatal)) throw error;
  }
  return errors.length ? { ok: false, errors: errors.slice(0, MAX_PROBLEMS) } : { ok: true, json };
}

export const MAX_PROBLEMS = 50;

// --- reading off the page -------------------------------------------------------------------

const PARSE_TIMEOUT_MS = 30000;
let parser = null;
const parsing = new Map();
let nextParse = 1;

function startParser() {
  const worker = new Worker(new URL("../records-worker.js", import.meta.url), { type: "module" });
  worker.onmessage = ({ data }) => {
    const job = parsing.get(data.id);
    if (!job) return;
    parsing.delete(data.id);
    clearTimeout(job.timer);
    if (data.error) job.reject(new Error(data.error));
    else if (!data.parsed.ok) job.resolve(data.parsed);
    else job.resolve({ ...data.parsed, located: Located.fromMarks(data.parsed.marks, data.parsed.keyMarks) });
  };
  worker.onerror = (event) => {
    event.preventDefault?.();
    for (const job of parsing.values()) job.reject(new Error(event.message || "the record reader stopped"));
    parsing.clear();
    parser = null;
  };
  return worker;
}

/**
 * `parseRecordText` run in a Worker (records-worker.js), so a big or hostile text never
 * freezes the page: a 1 MB record takes seconds to read. Same result, plus: with `limits`
 * (see `overLimits`), a record past its game's caps comes back as {ok: false, over: [...]}
 * without its value (thousands of values are not even copied back to the page); with
 * `fragment` (location.hash) instead of a text, the share link's record is decoded there too
 * ({ok: false, damaged: true} when it holds none that can be decoded). A text that takes more than 30 s to read gives a
 * problem and the worker is replaced.
 */
export function parse(text, { limits = null, fragment = null } = {}) {
  const local = () => readRecord(text, limits, fragment);
  if (typeof Worker === "undefined") return local();
  try {
    parser ??= startParser();
  } catch {
    return local(); // no module workers here: read on the page
  }
  const id = nextParse++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      parsing.delete(id);
      parser?.terminate();
      parser = null;
      resolve({ ok: false, errors: [{ field: "", line: 0, column: 0, message: "reading the record took more than 30 s",
        hint: "a record is a few kB: check that this is the right file" }] });
    }, PARSE_TIMEOUT_MS);
    parsing.set(id, { resolve, reject, timer });
    parser.postMessage({ id, text, limits, fragment });
  });
}

/**
 * What `parse` answers, read where it is called (records-worker.js, or the page when it has no
 * module workers): `parseRecordText(text)` with its game's size caps checked (`checked`); with
 * a `fragment` (location.hash), the share link's record instead of `text`, or {ok: false,
 * damaged: true} when the fragment holds none that can be decoded.
 */
export async function readRecord(text, limits = null, fragment = null) {
  if (fragment !== null && fragment !== undefined) {
    text = recordFromHash(fragment);
    if (!text) return { ok: false, damaged: true };
  }
  return checked(await parseRecordText(text), limits);
}

/** A parse result with its size caps checked (`limits`: each game's, or null for none). */
export function checked(parsed, limits) {
  const game = parsed.ok && parsed.value && typeof parsed.value === "object" ? parsed.value.game : undefined;
  const over = limits && typeof game === "string" && Object.hasOwn(limits, game) ? overLimits(parsed.value, limits[game]) : [];
  return over.length ? { ok: false, over } : parsed;
}

/**
 * Where `record` goes past the size caps of its game (`limits`: form.json's `record_limits`,
 * the record schema cut down to maxItems and maxLength): [{field, message}], at most 5, with the
 * scoring core's words. A record past them is not drawn in the form (thousands of cards would
 * freeze the page); the command line refuses it for the same reasons.
 */
export function overLimits(record, limits) {
  const out = [];
  const kind = (value) => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value === "number"
    ? (Number.isInteger(value) ? "integer" : "number") : typeof value === "object" ? "object" : typeof value);
  const fits = (value, type) => type === undefined || [].concat(type).some((t) => t === kind(value) || (t === "number" && kind(value) === "integer"));
  const walk = (value, schema, path) => {
    if (!schema || out.length >= 5) return;
    if (schema.anyOf) return walk(value, schema.anyOf.find((s) => fits(value, s.type)), path);
    if (typeof value === "string" && schema.maxLength !== undefined) {
      const length = [...value].length;
      if (length > schema.maxLength) out.push({ field: dotted(path), message: `is ${length} characters long; at most ${schema.maxLength}` });
    } else if (Array.isArray(value)) {
      if (schema.maxItems !== undefined && value.length > schema.maxItems) {
        out.push({ field: dotted(path), message: `has ${value.length} entries; at most ${schema.maxItems} are allowed` });
      } else if (schema.items) value.forEach((item, i) => walk(item, schema.items, [...path, i]));
    } else if (value && typeof value === "object" && schema.properties) {
      for (const [name, sub] of Object.entries(schema.properties)) if (Object.hasOwn(value, name)) walk(value[name], sub, [...path, name]);
    }
  };
  walk(record, limits, []);
  return out;
}

/** Problems in file order (line, column, field, message), the first MAX_PROBLEMS of them and
 * then one "... and N more problems" where the first one left out is, holding N as `more`, as the
 * command line. */
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
    message: `... and ${rest} more problem${rest !== 1 ? "s" : ""}`, hint: "fix the ones above and check again",
    more: rest }];
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
  /** Positions read elsewhere (records-worker.js), for `position` only. */
  static fromMarks(marks, keyMarks) {
    return Object.assign(new Located(null), { marks, keyMarks });
  }
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
    const summary = report.errors.filter((e) => e.more !== undefined);
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
    errors: errors.map((e) => ({ file, line: e.line, column: e.column, field: e.field, message: e.message, hint: e.hint,
      ...(e.more === undefined ? {} : { more: e.more }) })) };
}

// --- writing ---------------------------------------------------------------------------------

const CHECK_IT = "written by the playaid web scorer.\nCheck it with: playaid score THIS-FILE.yaml";

/** The record as YAML in the format `playaid score` reads: block style, with one flow
 * mapping per marked tableau card and per campaign game (as in examples/); `what` names it in
 * the comment at its top ("<title> game"; "": no comment). */
export async function recordToYaml(record, what = "") {
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
  const header = what ? `${what}, ${CHECK_IT}` : "";
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
