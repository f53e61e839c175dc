// What is not live on a table may say why: a layout marks such an element with the try it would
// be (``data-try``, in the game's notation) and makes it focusable; on hover, focus or a long
// press the table page asks the server why that try cannot be made now and shows the rules'
// words as its tooltip and description. Only the seat to move may ask, outside a call window.

/** @typedef {import("./types.js").View} View */

/**
 * The attributes that let an element explain why ``try_`` cannot be made now; none where the
 * seat may not ask (a spectator, another's turn, a call window) or there is nothing to try.
 * @param {View} v
 * @param {string | undefined} try_
 * @returns {Record<string, string | number | undefined>}
 */
export function whyNot(v, try_) {
  if (!try_ || v.seat === null || v.current_player !== v.seat || v.window || v.over) return {};
  return { "data-try": try_, tabindex: 0 };
}

/**
 * A card shown that cannot be selected now, explaining why ``try_`` cannot be made.
 * @param {HTMLElement} card the card's face (``cardEl``)
 * @param {View} v
 * @param {string | undefined} try_
 */
export function explainingCard(card, v, try_) {
  for (const [name, value] of Object.entries(whyNot(v, try_))) card.setAttribute(name, String(value));
  return card;
}
