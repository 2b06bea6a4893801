// The tableau's card box: an ARIA combobox (input + listbox) that suggests card names while
// typing (word starts and initials; see CardIndex.suggest), with the copies left of each and a
// "did you mean" for a misspelt name. The best suggestion is highlighted, so Enter takes it,
// only when what was typed is a way of writing its name (CardIndex.spells: its start, its
// words' starts, a misspelling); else Enter adds the name as typed (an unknown card, marked
// in the tableau with its "did you mean" buttons) and a tap takes any suggestion. After a pick the box is empty for the next card and the other matches stay
// offered until the next letter (two cards found by one letter cost one tap more, not two
// keystrokes). An empty tableau offers its start worlds at once. The list opens above the box
// when the space below it (above the phone's keyboard) is short.
import { fill, h } from "../../js/dom.js";

const SHOWN = 12; // suggestions: two columns of six fit above a phone's keyboard
const ROOM = 180; // px below the box under which the list opens above it instead

/**
 * cardPicker({id, cards, context, onPick}): `cards` a CardIndex, `context()` what
 * CardIndex.suggest weighs (copies used, cards already in this tableau, the variant's decks,
 * familiar cards), `onPick(name)` adds the card. Returns the labelled field; the input keeps
 * the focus after a pick, so the phone's keyboard stays up for the next card.
 */
export function cardPicker({ id, cards, context, onPick }) {
  const listId = id.replace(/-card$/, "") + "-options";
  const input = h("input", { id, type: "text", role: "combobox", autocomplete: "off",
    autocapitalize: "words", spellcheck: "false", enterkeyhint: "enter",
    "aria-autocomplete": "list", "aria-expanded": "false", "aria-controls": listId });
  const caption = h("p", { class: "combo-caption", id: `${listId}-caption` });
  const listbox = h("ul", { id: listId, role: "listbox", "aria-labelledby": `${listId}-caption` });
  const popup = h("div", { class: "combo-popup", hidden: true }, caption, listbox);
  let options = [];
  let active = -1;
  let chosen = false; // the highlight was moved with the arrow keys: Enter takes that one
  let query = ""; // what the shown suggestions match (kept after a pick)
  let blurTimer = 0;
  const close = () => {
    popup.hidden = true;
    input.setAttribute("aria-expanded", "false");
    input.removeAttribute("aria-activedescendant");
    active = -1;
  };
  const highlight = (k) => {
    active = k;
    chosen = false;
    [...listbox.children].forEach((el, n) => el.setAttribute("aria-selected", n === k ? "true" : "false"));
    if (k >= 0) {
      input.setAttribute("aria-activedescendant", `${listId}-${k}`);
      listbox.children[k].scrollIntoView({ block: "nearest" });
    } else input.removeAttribute("aria-activedescendant");
  };
  /** Open the list where it has room: below the box, or above it when the visible space
   * below (the visual viewport ends at the phone's keyboard) is short and above is larger. */
  const place = () => {
    const view = window.visualViewport;
    const top = view ? view.offsetTop : 0;
    const bottom = top + (view ? view.height : window.innerHeight);
    const box = input.getBoundingClientRect();
    const below = bottom - box.bottom - 8;
    const above = input.parentElement.getBoundingClientRect().top - top - 8;
    const up = below < ROOM && above > below;
    popup.classList.toggle("above", up);
    popup.style.maxHeight = `${Math.max(up ? above : below, 120)}px`;
  };
  const show = (kept = false) => {
    const ctx = context();
    options = cards.suggest(query, SHOWN, ctx);
    fill(listbox, ...options.map(({ card, fuzzy }, k) => {
      const left = card.c - (ctx.used.get(card.n) ?? 0);
      return h("li", { id: `${listId}-${k}`, role: "option", "aria-selected": "false",
        onpointerdown: (e) => { e.preventDefault(); pick(card.n); } }, // before the input's blur
      h("span", { class: "opt-name" }, card.n, fuzzy ? h("span", { class: "fuzzy" }, "did you mean this?") : null),
      h("span", { class: `left${left <= 0 ? " none" : ""}` }, left <= 0 ? "none left" : `${left} of ${card.c} left`));
    }));
    caption.textContent = !query ? "Start worlds" : kept ? `More matching “${query}”` : "Matching cards";
    const open = options.length > 0;
    popup.hidden = !open;
    input.setAttribute("aria-expanded", String(open));
    if (open) place();
    // the best suggestion is highlighted (Enter takes it) when the name typed spells it, but
    // not in a list kept after a pick: Enter never swaps a name typed for another card's
    highlight(open && !kept && query && cards.spells(query, options[0].card) ? 0 : -1);
  };
  const pick = (name) => {
    onPick(name);
    input.value = "";
    input.focus();
    if (query) show(true); else close();
  };
  input.addEventListener("input", () => { clearTimeout(blurTimer); query = input.value; show(); });
  input.addEventListener("focus", () => {
    clearTimeout(blurTimer);
    query = input.value;
    if (!query && context().own === 0) show(true);
  });
  input.addEventListener("keydown", (e) => {
    const open = !popup.hidden && options.length;
    if (e.key === "ArrowDown" && open) { e.preventDefault(); highlight((active + 1) % options.length); chosen = true; }
    else if (e.key === "ArrowUp" && open) { e.preventDefault(); highlight((active - 1 + options.length) % options.length); chosen = true; }
    else if (e.key === "Escape") close();
    else if (e.key === "Enter") {
      e.preventDefault();
      const typed = input.value.trim();
      const exact = typed ? cards.find(typed) : undefined; // a name typed whole is that card
      if (active >= 0 && open && (chosen || !exact)) pick(options[active].card.n);
      else if (typed) { query = ""; pick(exact?.n ?? typed); close(); }
    }
  });
  // closing waits a moment so that a tap on an option lands first; typing or focus cancels it
  input.addEventListener("blur", () => { blurTimer = setTimeout(close, 150); });
  return h("div", { class: "combo field" },
    h("label", { for: id }, "Add a card ", h("span", { class: "hint" }, "(first letters of any word)")), input, popup);
}
