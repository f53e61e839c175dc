// Cards as people see them: face, back, and a label a screen reader reads.
import { el } from "./dom.js";
import { cardName, t } from "./words.js";

/** @type {Record<string, string>} */
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };

/**
 * A face-up card, labelled by its name in the page's language.
 * @param {string} code a card code: `KH`, `TS`, `RJ`
 * @returns {HTMLElement}
 */
export function cardEl(code) {
  const label = cardName(code);
  if (code === "RJ" || code === "BJ") {
    return el("span", { class: `card joker${code === "RJ" ? " red" : ""}`, "data-code": code, role: "img", "aria-label": label, title: label },
      t("JOKER"));
  }
  const rank = code[0] === "T" ? "10" : code[0];
  const suit = code[1];
  const red = suit === "H" || suit === "D";
  return el("span", { class: `card${red ? " red" : ""}`, "data-code": code, role: "img", "aria-label": label, title: label },
    el("span", { "aria-hidden": "true" }, rank), el("span", { class: "suit", "aria-hidden": "true" }, SUITS[suit] || suit));
}

/** A face-down card. */
export function backEl() { return el("span", { class: "card back", "aria-hidden": "true" }); }

/**
 * Face-down cards as a small stack: at most `shown` drawn, the count beside them.
 * @param {number} count
 * @param {string} label what the stack is, for a screen reader ("Stock: 23 cards")
 * @param {number} [shown]
 */
export function stackEl(count, label, shown = 4) {
  const stack = el("span", { class: "cards backs", role: "img", "aria-label": label, title: label },
    ...Array.from({ length: Math.min(count, shown) }, backEl));
  return el("span", { class: "stack" }, stack, el("span", { class: "count", "aria-hidden": "true" }, count));
}

/**
 * The card codes an action names (`9H-9C` → `9H`, `9C`).
 * @param {string} action
 * @returns {string[]}
 */
export function actionCards(action) {
  return action.match(/(?<![A-Z0-9])([2-9TJQKA][SHDC]|RJ|BJ)(?![A-Z0-9])/g) || [];
}
