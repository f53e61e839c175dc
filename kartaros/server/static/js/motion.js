// Motion on the table: each change between two views is seen to happen. Before a redraw the page
// notes where every face-up card and every named place of the table is (``prepare``); after it,
// each card that moved slides from where it was to where it is now (the new card is drawn in its
// place at once, then animated from the old place to none: "FLIP"), a card new to the table comes
// from the place the game's table module names for it (``origins``) or fades in, and a card that
// left flies, as a short-lived copy, to the place ``destinations`` names or fades out; a card
// still on show that the move gathered somewhere sends a copy there after it has arrived.
// Cards that moved between face-down piles (``backs``) slide from one place to the other, as a
// card back, or face up where everybody knows the card. A count the move changes (``holds``)
// shows its old number until those cards have landed; a word said at a place (``callouts``, a
// call) shows over it while they move.
// Nothing here waits or blocks: the animations run on their own, ignore the pointer, and the next
// redraw ends them and their copies (``settle``).
import { backEl, cardEl } from "./cards.js";

/** @typedef {import("./types.js").View} View */
/** @typedef {import("./types.js").GameTable} GameTable */

/**
 * A card as it lay before the redraw.
 * @typedef {object} Seen
 * @property {HTMLElement} node
 * @property {DOMRect} rect
 */

/**
 * What a redraw moves, noted before it.
 * @typedef {object} Plan
 * @property {Map<string, Seen[]>} cards the face-up cards before, by code
 * @property {Map<string, DOMRect>} places the named places before, by name
 * @property {Map<string, string>} origins where the cards new to the table come from
 * @property {Map<string, string>} destinations where the cards the move took away go
 * @property {[string, string, string?][]} backs cards moved between face-down places: from, to, and the card where known
 * @property {Map<string, string>} held the texts (counts) to show as before until the backs have landed, by place
 * @property {[string, string][]} callouts words said at a place: the place, the words
 * @property {Set<string>} named the cards the new events name: the last move's, to mark
 */

const CARD = /^(?:[2-9TJQKA][SHDC]|RJ|BJ)$/;
const MOST_BACKS = 8;  // face-down moves shown at once, at most
/** @type {Set<Animation>} */
const running = new Set();

/**
 * The events that came with ``view`` since ``previous`` (both of the same table): what happened
 * between them, in order. A game's table module reads them to tell where its cards went.
 * @param {View} previous
 * @param {View} view
 * @returns {Record<string, any>[]}
 */
export function newEvents(previous, view) {
  /** @type {Record<string, any>[]} */
  const events = view.view.events ?? [];
  if (previous.table !== view.table) return [];
  const total = view.view.event_count ?? events.length;
  const seen = previous.view.event_count ?? (previous.view.events ?? []).length;
  if (seen > total) return [];
  return events.slice(Math.max(0, events.length - (total - seen)));
}

/** The card codes named anywhere in ``value`` (an event, a list of them). @param {unknown} value @param {Set<string>} into */
function codesIn(value, into) {
  if (typeof value === "string") { if (CARD.test(value)) into.add(value); } else if (Array.isArray(value)) {
    for (const item of value) codesIn(item, into);
  } else if (value && typeof value === "object") {
    for (const item of Object.values(value)) codesIn(item, into);
  }
  return into;
}

/**
 * A place of the table by its name: the element whose ``data-pile`` or ``data-key`` it is, else
 * the first one the name selects as a CSS selector (``.seat-top .stack``).
 * @param {HTMLElement} root
 * @param {string} name
 * @returns {Element | null}
 */
function place(root, name) {
  const quoted = CSS.escape(name);
  const named = root.querySelector(`[data-pile="${quoted}"], [data-key="${quoted}"]`);
  if (named) return named;
  try { return root.querySelector(name); } catch { return null; }  // not a selector either
}

/** @param {Element} node */
function shown(node) { const r = node.getBoundingClientRect(); return r.width > 0 && r.height > 0 ? r : null; }

/** The face-up cards drawn in ``root``, by code. @param {HTMLElement} root */
function cardsIn(root) {
  /** @type {Map<string, Seen[]>} */
  const cards = new Map();
  root.querySelectorAll(".card[data-code]").forEach((node) => {
    const rect = shown(node);
    const code = /** @type {HTMLElement} */ (node).dataset.code;
    if (!rect || !code) return;
    if (!cards.has(code)) cards.set(code, []);
    /** @type {Seen[]} */ (cards.get(code)).push({ node: /** @type {HTMLElement} */ (node), rect });
  });
  return cards;
}

/**
 * Call one of a table module's optional motion exports; a module's mistake costs only its motion.
 * @template T
 * @param {(() => T) | null} ask
 * @param {T} otherwise
 * @returns {T}
 */
function asked(ask, otherwise) {
  if (!ask) return otherwise;
  try { return ask() ?? otherwise; } catch (err) { console.error(err); return otherwise; }
}

/**
 * Before a redraw from ``previous`` to ``view``: where everything lies now, and what the game's
 * table module says moved where.
 * @param {HTMLElement} root
 * @param {GameTable} table
 * @param {View} previous
 * @param {View} view
 * @returns {Plan}
 */
export function prepare(root, table, previous, view) {
  const { origins, destinations, backs, holds, callouts } = table;
  /** @type {Plan} */
  const plan = {
    cards: cardsIn(root),
    places: new Map(),
    origins: asked(origins ? () => origins(previous, view) : null, new Map()),
    destinations: asked(destinations ? () => destinations(previous, view) : null, new Map()),
    backs: asked(backs ? () => backs(previous, view) : null, []).slice(0, MOST_BACKS),
    held: new Map(),
    callouts: asked(callouts ? () => callouts(previous, view) : null, []),
    named: codesIn(newEvents(previous, view), new Set()),
  };
  for (const name of asked(holds ? () => holds(previous, view) : null, [])) {
    const text = place(root, name)?.textContent;
    if (text !== undefined && text !== null) plan.held.set(name, text);
  }
  const names = [...plan.origins.values(), ...plan.destinations.values(), ...plan.backs.flatMap(([from, to]) => [from, to])];
  for (const name of new Set(names)) {
    const node = place(root, name);
    const rect = node && shown(node);
    if (rect) plan.places.set(name, rect);
  }
  return plan;
}

/** Whether the person asked their system for less motion. */
function stillPlease() { return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false; }

/** @param {DOMRect} rect */
function centre(rect) { return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 }; }

/**
 * A place's rect, before or after the redraw (``first`` says which to prefer), as a card of
 * ``size`` lying at its centre.
 * @param {Plan} plan
 * @param {HTMLElement} root
 * @param {string | undefined} name
 * @param {"before" | "after"} first
 * @param {DOMRect} size
 */
function spot(plan, root, name, first, size) {
  if (name === undefined) return null;
  const now = () => { const node = place(root, name); return node && shown(node); };
  const rect = first === "before" ? plan.places.get(name) ?? now() : now() ?? plan.places.get(name);
  if (!rect) return null;
  const c = centre(rect);
  return new DOMRect(c.x - size.width / 2, c.y - size.height / 2, size.width, size.height);
}

/** A rect a little smaller about its centre: where a card fades in from. @param {DOMRect} rect */
function shrunk(rect) {
  const c = centre(rect);
  return new DOMRect(c.x - rect.width * 0.42, c.y - rect.height * 0.42, rect.width * 0.84, rect.height * 0.84);
}

/** @param {Animation} animation @param {Element} [ghost] removed when the animation ends, however */
function track(animation, ghost) {
  running.add(animation);
  const done = () => {
    running.delete(animation);
    if (!ghost) return;
    const layer = ghost.parentElement;
    ghost.remove();
    if (layer && !layer.childElementCount) layer.remove();  // the last copy landed: nothing stays behind
  };
  animation.addEventListener("finish", done);
  animation.addEventListener("cancel", done);
}

/**
 * Move ``node`` (drawn at ``to``) from ``from`` to where it is.
 * @param {HTMLElement} node
 * @param {DOMRect} from
 * @param {DOMRect} to
 * @param {number} ms
 * @param {boolean} fade
 */
function slide(node, from, to, ms, fade) {
  const a = centre(from);
  const b = centre(to);
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  const sx = from.width / to.width;
  const sy = from.height / to.height;
  if (!fade && Math.abs(dx) < 1 && Math.abs(dy) < 1 && Math.abs(sx - 1) < 0.02 && Math.abs(sy - 1) < 0.02) return;
  const base = getComputedStyle(node).transform;
  const own = base === "none" ? "" : ` ${base}`;  // a card drawn turned (a dropped weapon) ends turned
  track(node.animate([
    { transform: `translate(${dx}px, ${dy}px) scale(${sx}, ${sy})${own}`, opacity: fade ? 0.3 : 1 },
    { transform: own || "none", opacity: 1 },
  ], { duration: ms, easing: "cubic-bezier(.2, .7, .3, 1)" }));
}

/** The layer the copies fly in, above the table and deaf to the pointer. @param {HTMLElement} root */
function layerOf(root) {
  let layer = /** @type {HTMLElement | null} */ (root.querySelector(":scope > .motion-layer"));
  if (!layer) {
    layer = document.createElement("div");
    layer.className = "motion-layer";
    layer.setAttribute("aria-hidden", "true");
    root.append(layer);
  }
  return layer;
}

/**
 * A copy of ``node`` (or a card back) flying from ``from`` to ``to`` (or fading where it is),
 * after ``delay``; it is removed when it lands or when the next redraw cancels it.
 * @param {HTMLElement} root
 * @param {HTMLElement} node
 * @param {DOMRect} from
 * @param {DOMRect | null} to
 * @param {number} ms
 * @param {number} delay
 */
function ghost(root, node, from, to, ms, delay) {
  const copy = /** @type {HTMLElement} */ (node.cloneNode(true));
  for (const name of ["data-code", "data-key", "id", "role", "aria-label", "title", "tabindex"]) copy.removeAttribute(name);
  copy.classList.remove("motion-last");
  copy.classList.add("motion-ghost");
  const box = root.getBoundingClientRect();
  Object.assign(copy.style, {  // unseen but while it flies: the card itself is where it starts
    left: `${from.left - box.left}px`, top: `${from.top - box.top}px`, width: `${from.width}px`, height: `${from.height}px`, opacity: "0",
  });
  layerOf(root).append(copy);
  const last = to
    ? { transform: `translate(${centre(to).x - centre(from).x}px, ${centre(to).y - centre(from).y}px) scale(.7)`, opacity: 0.2 }
    : { transform: "scale(.8)", opacity: 0 };
  track(copy.animate([{ transform: "none", opacity: 1 }, last], { duration: to ? ms : ms / 2, delay, easing: "ease-in-out" }), copy);
}

/**
 * Pair the cards of one code before and after: each new one with the nearest old one.
 * @param {Seen[]} before
 * @param {Seen[]} after
 * @returns {{ pairs: [Seen, Seen][], left: Seen[], arrived: Seen[] }}
 */
function pair(before, after) {
  /** @type {[number, number, number][]} */
  const options = [];
  before.forEach((o, i) => after.forEach((n, j) => {
    const a = centre(o.rect);
    const b = centre(n.rect);
    options.push([Math.hypot(a.x - b.x, a.y - b.y), i, j]);
  }));
  options.sort((p, q) => p[0] - q[0]);
  const usedBefore = new Set();
  const usedAfter = new Set();
  /** @type {[Seen, Seen][]} */
  const pairs = [];
  for (const [, i, j] of options) {
    if (usedBefore.has(i) || usedAfter.has(j)) continue;
    usedBefore.add(i);
    usedAfter.add(j);
    pairs.push([before[i], after[j]]);
  }
  return { pairs, left: before.filter((_, i) => !usedBefore.has(i)), arrived: after.filter((_, j) => !usedAfter.has(j)) };
}

/**
 * After the redraw: animate what ``plan`` noted, in ``ms`` (0: nothing moves; nor when the
 * person's system asks for less motion).
 * @param {Plan} plan
 * @param {HTMLElement} root
 * @param {number} ms
 */
export function play(plan, root, ms) {
  if (ms <= 0 || stillPlease()) return;
  const after = cardsIn(root);
  for (const code of new Set([...plan.cards.keys(), ...after.keys()])) {
    const { pairs, left, arrived } = pair(plan.cards.get(code) ?? [], after.get(code) ?? []);
    for (const [o, n] of pairs) slide(n.node, o.rect, n.rect, ms, false);
    for (const n of arrived) {
      const from = spot(plan, root, plan.origins.get(code), "before", n.rect);
      slide(n.node, from ?? shrunk(n.rect), n.rect, ms, true);
    }
    const goes = plan.destinations.get(code);
    for (const o of left) ghost(root, o.node, o.rect, spot(plan, root, goes, "after", o.rect), ms, 0);
    // Gathered but still on show (a trick the table keeps in view): a copy goes, once it has arrived.
    const kept = after.get(code)?.[0];
    const to = kept && !left.length ? spot(plan, root, goes, "after", kept.rect) : null;
    if (kept && to && Math.hypot(centre(to).x - centre(kept.rect).x, centre(to).y - centre(kept.rect).y) > 8) {
      ghost(root, kept.node, kept.rect, to, ms, ms);
    }
  }
  const size = (root.querySelector(".card.back") ?? root.querySelector(".card"))?.getBoundingClientRect() ?? new DOMRect(0, 0, 40, 56);
  const stagger = Math.min(60, ms / 4);
  plan.backs.forEach(([from, to, code], i) => {
    const start = spot(plan, root, from, "before", size);
    const end = spot(plan, root, to, "after", size);
    if (start && end) ghost(root, code ? cardEl(code) : backEl(), start, end, ms, i * stagger);
  });
  const landed = plan.backs.length ? ms + (plan.backs.length - 1) * stagger : 0;
  for (const [name, text] of plan.held) hold(root, name, text, landed);
  for (const [name, words] of plan.callouts) callout(root, name, words, landed + ms);
}

/**
 * Show ``text`` (what the place said before the move) in the place ``name`` for ``ms``, then
 * what it says now: a count changes when the cards that change it have arrived.
 * @param {HTMLElement} root
 * @param {string} name
 * @param {string} text
 * @param {number} ms
 */
function hold(root, name, text, ms) {
  const node = /** @type {HTMLElement | null} */ (place(root, name));
  const now = node?.textContent;
  if (!node || !ms || now === text) return;
  node.textContent = text;
  const animation = node.animate([{ opacity: 1 }, { opacity: 1 }], { duration: ms });
  const done = () => { node.textContent = now ?? ""; };
  track(animation);
  animation.addEventListener("finish", () => { done(); node.animate([{ transform: "scale(1.35)" }, { transform: "none" }], { duration: 180 }); });
  animation.addEventListener("cancel", done);
}

/**
 * ``words`` said at the place ``name`` (a call): a badge on its corner, above the table, for ``ms``.
 * @param {HTMLElement} root
 * @param {string} name
 * @param {string} words
 * @param {number} ms
 */
function callout(root, name, words, ms) {
  const node = place(root, name);
  const rect = node && shown(node);
  if (!rect) return;
  const box = root.getBoundingClientRect();
  const badge = document.createElement("div");
  badge.className = "motion-callout";
  badge.textContent = words;
  // On the place's top right corner, not over its middle: a seat's name stays readable.
  Object.assign(badge.style, { left: `${rect.right - box.left}px`, top: `${rect.top - box.top}px` });
  layerOf(root).append(badge);
  const at = "translate(-50%, -50%)";
  track(badge.animate([
    { transform: `${at} scale(.5)`, opacity: 0 },
    { transform: `${at} scale(1.1)`, opacity: 1, offset: 0.12 },
    { transform: `${at} scale(1)`, opacity: 1, offset: 0.8 },
    { transform: `${at} scale(1)`, opacity: 0 },
  ], { duration: Math.max(ms, 600), easing: "ease-out" }), badge);
}

/** Mark the cards of the last move, until the next one. @param {HTMLElement} root @param {Set<string>} codes */
export function mark(root, codes) {
  root.querySelectorAll(".card[data-code]").forEach((node) => {
    node.classList.toggle("motion-last", codes.has(/** @type {HTMLElement} */ (node).dataset.code ?? ""));
  });
}

/** End every running animation, and take their copies away: a redraw starts from a still table. @param {HTMLElement} root */
export function settle(root) {
  for (const animation of [...running]) animation.cancel();
  root.querySelectorAll(":scope > .motion-layer").forEach((layer) => layer.remove());
}
