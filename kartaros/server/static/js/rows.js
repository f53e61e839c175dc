// The table in words, row by row (``words.table``): every game's table until it has a layout
// of its own, and what a screen reader may prefer.
import { actionCards, backEl, cardEl } from "./cards.js";
import { el } from "./dom.js";
import { t } from "./words.js";

/** @param {import("./types.js").TableContext} ctx */
export function render(ctx) {
  const { view: v, root, selected } = ctx;
  root.className = "rows";
  if (!v.words.table) {
    root.replaceChildren(el("div", { class: "label" }, t("You are watching this table.")), el("div", {}, ""));
    return;
  }
  /** @type {HTMLElement[]} */
  const nodes = [];
  const named = new Set(v.legal.flatMap(actionCards));  // a card some legal move names narrows the moves
  for (const row of v.words.table) {
    if (!row.label) { nodes.push(el("div", {}), el("div", {})); continue; }
    const value = el("div", {});
    if (row.backs) value.append(el("span", { class: "cards backs" }, ...Array.from({ length: Math.min(row.backs, 6) }, backEl)), " ");
    if (row.more) value.append("… ");
    if (row.cards && !row.cards.length && !row.backs) value.append(el("span", { class: "status" }, "—"));
    if (row.cards && row.cards.length) {
      const cards = el("span", { class: "cards" });
      for (const code of row.cards) {
        if (!named.has(code)) { cards.append(cardEl(code)); continue; }
        // A card some legal move names is a toggle that narrows the list of moves to it.
        const pressed = selected.has(code);
        cards.append(el("button", {
          class: `card-button${pressed ? " selected" : ""}`, type: "button", "data-card": code, "aria-pressed": String(pressed),
          onclick: () => { if (!selected.delete(code)) selected.add(code); ctx.redraw(); },
        }, cardEl(code)));
      }
      value.append(cards);
    }
    if (row.note) value.append(el("span", { class: `note${row.alert ? " alert" : row.mover ? " to-move" : ""}` }, row.note));
    nodes.push(el("div", { class: "label" }, row.label), value);
  }
  root.replaceChildren(...nodes);
}
