// Small DOM helpers: build elements, and place findings next to the field they are about.
import { EXACT_BELOW, LIMITS } from "./records.js";

/** h("div", {class: "x", onclick: fn, "data-path": "a.0"}, child, "text", [more]) */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else if (key in el && typeof value !== "string" && key !== "list") el[key] = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** A record path as the form's data-path: ["players", 0, "chips"] -> "players.0.chips". */
export const pathAttr = (path) => path.join(".");

/** The element for `path` in `root`, or that of its nearest ancestor path; null if none. */
export function elementFor(root, path) {
  for (let p = [...path]; p.length; p = p.slice(0, -1)) {
    const el = root.querySelector(`[data-path="${CSS.escape(pathAttr(p))}"]`);
    if (el) return el;
  }
  return null;
}

/** Remove every finding shown in `root` and the invalid marks they set. */
export function clearFindings(root) {
  root.querySelectorAll(".finding").forEach((el) => el.remove());
  root.querySelectorAll("[aria-invalid]").forEach((el) => {
    el.removeAttribute("aria-invalid");
    if (el.dataset.describedBy) el.setAttribute("aria-describedby", el.dataset.describedBy);
    else el.removeAttribute("aria-describedby");
  });
}

let findingId = 0;
/**
 * Show `message` next to the element of `path` (or of its nearest ancestor; else in
 * `fallback`). An error marks the field's input invalid and describes it.
 */
export function showFinding(root, fallback, path, severity, message) {
  const host = (path?.length && elementFor(root, path)) || fallback;
  const id = `finding-${++findingId}`;
  const note = h("p", { class: `finding ${severity}`, id }, richText(message));
  (host.querySelector(":scope > .findings") ?? host).append(note);
  const input = host.matches("input, select, textarea") ? host
    : host.querySelector(":scope > input, :scope > select, :scope > .signed > input, :scope > .check > input");
  if (input && severity === "error") {
    input.setAttribute("aria-invalid", "true");
    input.dataset.describedBy ??= input.getAttribute("aria-describedby") ?? "";
    input.setAttribute("aria-describedby", `${input.dataset.describedBy} ${id}`.trim());
  }
  return note;
}

/**
 * The core's words for people: its messages are shared with the command line, where
 * `fame:` in backticks is YAML to type. In the page each backtick span becomes a <code>
 * element (an unpaired backtick stays as typed). Returns nodes and strings for `h`/`fill`.
 */
export function richText(text) {
  const parts = String(text).split("`");
  if (parts.length % 2 === 0) parts.splice(-2, 2, `${parts.at(-2)}\`${parts.at(-1)}`);
  return parts.map((part, k) => (k % 2 ? h("code", {}, part) : part)).filter((part) => part !== "");
}

/**
 * What the page says for an error of an unscorable record at `path`: a required field still
 * empty (the core's code `missing`) whose own box is in the form reads "Needed to score: fill
 * this in." (the core's "missing field 'fame' (add `fame:` here)" speaks to someone editing
 * YAML); anything else is the core's message and hint, for `richText`.
 */
export function errorText(root, path, error, kind) {
  const own = path?.length && root.querySelector(`[data-path="${CSS.escape(pathAttr(path))}"]`);
  if (kind === "needed" && own && error.code === "missing") return "Needed to score: fill this in.";
  return error.hint ? `${error.message} (${error.hint})` : error.message;
}

/** A labelled field: <div class="field" data-path=...><label for=id>…</label>{control}</div>. */
export function field(path, id, label, control, extra = null) {
  return h("div", { class: "field", "data-path": pathAttr(path) }, h("label", { for: id }, label), control, extra);
}

/** An ordinal for ranks: 1 -> "1st". */
export function ordinal(n) {
  const s = ["th", "st", "nd", "rd"];
  const v = n % 100;
  return n + (s[(v - 20) % 10] || s[v] || s[0]);
}

/** A whole number written out: "-12", "12345678901234567890". */
export const WHOLE = /^-?\d+$/;

/** What a number box holds: undefined when empty, an integer, the digits typed when the number
 * is too large for a JavaScript number to hold exactly (`bigWhole` sends them to the scorer as
 * they are, so its finding quotes them digit for digit), or the text as typed (not a whole
 * number: the box is marked and not counted). */
export function parseCount(text) {
  const t = text.trim().replace(/^[−–]/, "-");
  if (!t) return undefined;
  if (!WHOLE.test(t)) return text;
  const n = Number.parseInt(t, 10);
  return Math.abs(n) < EXACT_BELOW ? n : t.replace(/^(-?)0+(?=\d)/, "$1");
}

/** `value` as an exact whole number when it is the digits of one (a BigInt), else undefined:
 * a large number typed in a box, kept as its digits (at most the record reader's LIMITS.digits). */
export function bigWhole(value) {
  return typeof value === "string" && WHOLE.test(value) && value.replace("-", "").length <= LIMITS.digits ? BigInt(value) : undefined;
}

/**
 * A labelled number box with the phone's numeric keyboard; `signed` adds a ± button (phone
 * number pads often lack a minus key). onValue(value) gets what `parseCount` returns.
 */
export function numberField(path, id, label, value, { signed = false, hint = "", onValue }) {
  const input = h("input", {
    id, type: "text", inputmode: "numeric", autocomplete: "off", enterkeyhint: "next",
    pattern: signed ? "-?[0-9]*" : "[0-9]*", value: value ?? "",
    oninput: () => onValue(parseCount(input.value)),
  });
  let control = input;
  if (signed) {
    const flip = h("button", {
      type: "button", class: "sign", "aria-label": `Change the sign of ${label}`, text: "±",
      onclick: () => {
        const v = parseCount(input.value);
        input.value = typeof v === "number" ? String(-v) : input.value.startsWith("-") ? input.value.slice(1) : `-${input.value}`;
        onValue(parseCount(input.value));
      },
    });
    control = h("div", { class: "signed" }, input, flip);
  }
  const hintEl = hint ? h("span", { class: "hint", id: `${id}-hint` }, hint) : null;
  if (hintEl) input.setAttribute("aria-describedby", hintEl.id);
  return h("div", { class: "field", "data-path": pathAttr(path) }, h("label", { for: id }, label), control, hintEl);
}

/** The value at `path` in `record` (undefined when absent). */
export function valueAt(record, path) {
  let v = record;
  for (const part of path ?? []) {
    if (v === null || typeof v !== "object") return undefined;
    v = v[part];
  }
  return v;
}

/** How to show an error of an unscorable record: "needed" (a field still empty: shown as a
 * to-do, not an alarm) or "error" (a value that is wrong). */
export function errorKind(record, path) {
  const v = valueAt(record, path);
  return v === undefined || v === "" || (Array.isArray(v) && !v.length) ? "needed" : "error";
}

/** Replace the children of `el` (null, false and undefined children are skipped, as in `h`). */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/**
 * Run `update` (which may add or remove content above the focused box) and scroll back by
 * however far the focused box moved, so the box being typed in stays where it was on screen.
 */
export function keepPlace(update) {
  const focused = document.activeElement;
  const before = focused && focused !== document.body ? focused.getBoundingClientRect().top : null;
  update();
  if (before === null || !focused.isConnected) return;
  const moved = focused.getBoundingClientRect().top - before;
  if (Math.abs(moved) >= 1) window.scrollBy(0, moved);
}
