// The tableau's card box: an ARIA combobox (input + listbox) that suggests card names while
// typing, with the copies left of each and a "did you mean" for a misspelt name. A tap or Enter
// picks; Enter on a name that is not a card adds it as typed (the form then offers fixes).
import { fill, h } from "./dom.js";

/**
 * cardPicker({id, cards, used, onPick}): `cards` a CardIndex, `used()` a Map of card name ->
 * copies in the record's tableaux, `onPick(name)` adds the card. Returns the labelled field;
 * the input keeps the focus after a pick, so the phone's keyboard stays up for the next card.
 */
export function cardPicker({ id, cards, used, onPick }) {
  const listId = id.replace(/-card$/, "") + "-options";
  const input = h("input", { id, type: "text", role: "combobox", autocomplete: "off",
    autocapitalize: "words", spellcheck: "false", enterkeyhint: "enter",
    "aria-autocomplete": "list", "aria-expanded": "false", "aria-controls": listId });
  const listbox = h("ul", { id: listId, role: "listbox", "aria-label": "Matching cards", hidden: true });
  let options = [];
  let active = -1;
  let blurTimer = 0;
  const close = () => {
    listbox.hidden = true;
    input.setAttribute("aria-expanded", "false");
    input.removeAttribute("aria-activedescendant");
    active = -1;
  };
  const highlight = (k) => {
    active = k;
    [...listbox.children].forEach((el, n) => el.setAttribute("aria-selected", n === k ? "true" : "false"));
    if (k >= 0) {
      input.setAttribute("aria-activedescendant", `${listId}-${k}`);
      listbox.children[k].scrollIntoView({ block: "nearest" });
    }
  };
  const pick = (name) => {
    onPick(name);
    input.value = "";
    close();
    input.focus();
  };
  const update = () => {
    options = cards.suggest(input.value);
    const counts = used();
    fill(listbox, ...options.map(({ card, fuzzy }, k) => {
      const left = card.c - (counts.get(card.n) ?? 0);
      return h("li", { id: `${listId}-${k}`, role: "option", "aria-selected": "false",
        onpointerdown: (e) => { e.preventDefault(); pick(card.n); } }, // before the input's blur
      h("span", {}, card.n, fuzzy ? h("span", { class: "fuzzy" }, "did you mean this?") : null),
      h("span", { class: `left${left <= 0 ? " none" : ""}` }, left <= 0 ? "none left" : `${left} of ${card.c} left`));
    }));
    const open = options.length > 0;
    listbox.hidden = !open;
    input.setAttribute("aria-expanded", String(open));
    highlight(open && !options[0].fuzzy ? 0 : -1);
  };
  input.addEventListener("input", () => { clearTimeout(blurTimer); update(); });
  input.addEventListener("focus", () => clearTimeout(blurTimer));
  input.addEventListener("keydown", (e) => {
    if (e.key === "ArrowDown" && options.length) { e.preventDefault(); highlight((active + 1) % options.length); }
    else if (e.key === "ArrowUp" && options.length) { e.preventDefault(); highlight((active - 1 + options.length) % options.length); }
    else if (e.key === "Escape") close();
    else if (e.key === "Enter") {
      e.preventDefault();
      const typed = input.value.trim();
      if (active >= 0 && !listbox.hidden) pick(options[active].card.n);
      else if (typed) pick(cards.find(typed)?.n ?? typed);
    }
  });
  // closing waits a moment so that a tap on an option lands first; typing or focus cancels it
  input.addEventListener("blur", () => { blurTimer = setTimeout(close, 150); });
  return h("div", { class: "combo field" },
    h("label", { for: id }, "Add a card ", h("span", { class: "hint" }, "(type part of its name)")), input, listbox);
}
