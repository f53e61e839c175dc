// Puck's table, as two to four people sit at it: the others across and around, each with his
// pile face down in front of him and the cards in his hand; the pot in the middle (with the
// surplus card face down beside it in the first round of three players); your pile and your hand
// at the bottom. At the showdown every hand lies shown by its player, with its name and the
// tie-break cards turned, until the next showdown. You play by hand: click your pile to take your
// cards or to turn one for a tie-break; click Hold to keep your hand; or select the cards you put
// into the pot, click the others' piles you take from (once per card), then click the pot.
import { backEl, cardEl, stackEl } from "/static/js/cards.js";
import { el } from "/static/js/dom.js";
import { whyNot, explainingCard } from "/static/js/why.js";
import { t } from "/static/js/words.js";

/** @typedef {import("/static/js/types.js").TableContext} TableContext */
/** @typedef {import("/static/js/types.js").View} View */
/** @typedef {"top" | "left" | "right" | "bottom"} Place */

/**
 * The part of Puck's observation the table draws (``PuckObservation`` in ``views.py``; a
 * spectator's public one has no ``hand``).
 * @typedef {object} PuckObservation
 * @property {"draw" | "exchange" | "tiebreak" | "over"} phase
 * @property {number} num_players
 * @property {string[]} [hand]
 * @property {number[]} hand_sizes
 * @property {number[]} pile_sizes
 * @property {number} pot_size
 * @property {number} surplus_size
 * @property {({ count: number, from: number[] } | null)[]} exchanges
 * @property {number[]} out
 * @property {Record<string, any>[]} events
 */

/**
 * A showdown and what followed it (P7-P10), from the events: the hands shown, their
 * categories, the tied players, the tie-break cards turned and, once collected, the winner.
 * @typedef {object} Trick
 * @property {string[][]} hands
 * @property {(string | null)[]} categories
 * @property {number[]} tied
 * @property {string[][]} turned
 * @property {number | null} winner
 * @property {number} count
 */

export const byHand = true;
export const styles = true;

/** @type {number[]} the seats clicked for the exchange being put together, one per card taken */
let takes = [];
let takesFor = "";  // the view those takes were clicked in: a new view starts afresh

/** P9: a hand's category, as the showdown event names it, in words. @param {string} category */
function categoryWords(category) {
  /** @type {Record<string, string>} */
  const words = {
    "high card": t("High card"), pair: t("Pair"), straight: t("Straight"), flush: t("Flush"),
    "three of a kind": t("Three of a kind"), "straight flush": t("Straight flush"),
  };
  return words[category] ?? "";
}

/**
 * An exchange action's parts: the cards put into the pot and the seats taken from, one per
 * card (``7H-9C-P1-P2``); null for ``hold``, ``draw`` and ``turn``.
 * @param {string} action
 */
function exchangeOf(action) {
  const parts = action.split("-");
  const from = parts.filter((p) => /^P\d+$/.test(p)).map((p) => Number(p.slice(1)));
  return from.length ? { cards: parts.filter((p) => !/^P\d+$/.test(p)), from } : null;
}

/** How many times each seat is named. @param {number[]} seats @param {number} n */
function counts(seats, n) {
  const out = Array.from({ length: n }, () => 0);
  for (const s of seats) out[s] += 1;
  return out;
}

/**
 * The legal exchanges that put exactly the selected cards into the pot (``exact``) or at least
 * them (else), and take at least the piles clicked so far plus ``more``.
 * @param {TableContext} ctx
 * @param {string[]} cards
 * @param {boolean} exact
 * @param {number[]} seats
 */
function exchangesWith(ctx, cards, exact, seats) {
  const n = ctx.view.view.num_players;
  const wanted = counts(seats, n);
  return ctx.view.legal.map(exchangeOf).filter((e) => e !== null
    && (exact ? e.cards.length === cards.length : e.cards.length >= cards.length)
    && cards.every((c) => e.cards.includes(c))
    && counts(e.from, n).every((k, s) => k >= wanted[s]));
}

/**
 * The action of the exchange the person has put together (cards by card id, as the hand lists
 * them; then one ``P<seat>`` per card taken, seats ascending), if it is legal.
 * @param {TableContext} ctx
 * @param {string[]} hand
 */
function builtExchange(ctx, hand) {
  const put = hand.filter((c) => ctx.selected.has(c));
  if (!put.length || takes.length !== put.length) return undefined;
  const action = [...put, ...[...takes].sort((a, b) => a - b).map((s) => `P${s}`)].join("-");
  return ctx.view.legal.includes(action) ? action : undefined;
}

/**
 * The exchange an element that is not live would try (P6), for it to say why it cannot be made
 * now: the cards selected (with ``more``), as the hand lists them, and the piles clicked so far
 * (with ``seat``), the takes still missing filled from the piles with cards to give, round the
 * table from ``seat``, so the rules' words name what is wrong (a pile too short, a take too many).
 * @param {TableContext} ctx
 * @param {{ more?: string, seat?: number }} added
 * @returns {string | undefined}
 */
function exchangeTry(ctx, added) {
  const v = ctx.view;
  const o = /** @type {PuckObservation} */ (v.view);
  const me = v.seat ?? 0;
  const put = (o.hand ?? []).filter((c) => ctx.selected.has(c) || c === added.more);
  if (!put.length) return undefined;
  const seats = added.seat === undefined ? [...takes] : [...takes, added.seat];
  const left = counts(seats, o.num_players).map((k, s) => (s === me || o.out.includes(s) ? 0 : o.pile_sizes[s] - k));
  const from = added.seat ?? (me + 1) % o.num_players;
  for (let i = 0; seats.length < put.length && i < o.num_players; i++) {
    const s = (from + i) % o.num_players;
    while (left[s] > 0 && seats.length < put.length) { seats.push(s); left[s] -= 1; }
  }
  while (seats.length < put.length) seats.push(from);  // more than the piles hold: the rules say so
  return [...put, ...seats.sort((a, b) => a - b).map((s) => `P${s}`)].join("-");
}

/**
 * The last showdown in the events, and what followed it, or null before the first one.
 * @param {Record<string, any>[]} events
 * @param {number} n
 * @returns {Trick | null}
 */
function lastTrick(events, n) {
  let at = events.length - 1;
  while (at >= 0 && events[at].type !== "showdown") at -= 1;
  if (at < 0) return null;
  const showdown = events[at];
  /** @type {Trick} */
  const trick = {
    hands: showdown.hands, categories: showdown.categories, tied: [], winner: null, count: 0,
    turned: Array.from({ length: n }, () => /** @type {string[]} */ ([])),
  };
  for (const event of events.slice(at + 1)) {
    if (event.type === "tie") trick.tied = event.players;
    else if (event.type === "turn") trick.turned[event.player].push(event.card);
    else if (event.type === "collect") { trick.winner = event.player; trick.count = event.count; break; }
  }
  return trick;
}

const STRENGTH = "AKQJT98765432";  // P1: the Ace high

/** Cards as people hold them, the strongest first (as the game's words list them). @param {string[]} cards */
function byStrength(cards) { return [...cards].sort((a, b) => STRENGTH.indexOf(a[0]) - STRENGTH.indexOf(b[0]) || a.localeCompare(b)); }

/** @param {string[]} cards */
function row(cards) { return el("span", { class: "cards" }, ...byStrength(cards).map(cardEl)); }

/**
 * Where each seat sits, seen from ``me`` at the bottom: the next player on the left, then round
 * the table, the one before on the right.
 * @param {number} n
 * @param {number} me
 * @returns {Map<number, Place>}
 */
function places(n, me) {
  /** @type {Place[][]} */
  const around = [[], [], ["top"], ["left", "right"], ["left", "top", "right"]];
  return new Map([[me, /** @type {Place} */ ("bottom")], ...around[n].map((place, i) => /** @type {[number, Place]} */ ([(me + 1 + i) % n, place]))]);
}

/**
 * What a seat did in this round's exchange, in few words ("held", "took 2 from Ana").
 * @param {View} v
 * @param {number} p
 */
function exchangeWords(v, p) {
  const done = /** @type {PuckObservation} */ (v.view).exchanges[p];
  if (!done) return "";
  if (!done.count) return t("held");
  const from = done.from.flatMap((k, s) => (k ? [s] : []));
  /** @param {number} s */
  const source = (s) => (s === v.seat ? t("{n} from you", { n: done.from[s] }) : t("{n} from {who}", { n: done.from[s], who: v.names[s] }));
  if (from.length > 1) return t("took {n}: {sources}", { n: done.count, sources: from.map(source).join(", ") });
  return from[0] === v.seat ? t("took {n} from you", { n: done.count }) : t("took {n} from {who}", { n: done.count, who: v.names[from[0]] });
}

/**
 * A seat's hand as it lies on the table at a showdown: shown, named, with the tie-break cards.
 * @param {View} v
 * @param {Trick} trick
 * @param {number} p
 * @param {boolean} past the last round's trick, already collected
 */
function shownEl(v, trick, p, past) {
  const hand = trick.hands[p];
  if (!hand || !hand.length) return "";
  const name = trick.categories[p] ? categoryWords(/** @type {string} */ (trick.categories[p])) : "";
  const turned = trick.turned[p];
  const label = past ? t("Last trick of {name}: {hand}", { name: v.names[p], hand: name }) : t("Shown by {name}: {hand}", { name: v.names[p], hand: name });
  const tied = trick.tied.includes(p);
  const small = past && v.view.phase !== "over";  // the game's last showdown stays in full
  return el("div", { class: `shown${small ? " small" : ""}${tied ? " tied" : ""}${trick.winner === p ? " won" : ""}`, role: "group", "aria-label": label },
    past ? el("div", { class: "pile-label" }, t("Last trick")) : "",
    row(hand),
    el("div", { class: "hand-name" }, name, tied ? ` · ${t("tied")}` : ""),
    turned.length ? el("div", { class: "turned", role: "group", "aria-label": t("Turned for the tie-break by {name}", { name: v.names[p] }) },
      el("span", { class: "pile-label" }, t("turned")), row(turned)) : "",
    trick.winner === p ? el("div", { class: "winner" }, t("won the trick (cards: {count})", { count: trick.count })) : "");
}

/**
 * A pile that takes a move now is a button; otherwise a labelled group. ``key`` names it across
 * redraws, to keep the keyboard's place.
 * @param {{ cls: string, key: string, label: string, named?: boolean, onclick?: () => void, why?: Record<string, string | number | undefined> }} how
 *   ``why``: where it is not live, the attributes that let it say why (``whyNot``)
 * @param {...(Node | string)} content
 */
function pileEl(how, ...content) {
  const attrs = { class: `pile ${how.cls}`, "data-key": how.key, "aria-label": how.label };
  if (!how.onclick) return el("div", { ...attrs, role: "group", ...how.why }, ...content);
  // A button whose own text says it all is named by that text (a screen reader reads what is shown).
  const named = how.named ? { "aria-label": undefined } : {};
  return el("button", { ...attrs, ...named, class: `${attrs.class} live`, type: "button", title: how.label, onclick: how.onclick }, ...content);
}

/** @param {TableContext} ctx @param {string} action */
function moveText(ctx, action) { return ctx.view.words.moves.find((m) => m.action === action)?.text ?? ""; }

/**
 * Another player's seat (or, for a spectator, every seat): his pile face down (a button while
 * you are putting an exchange together and may take its top card), his hand face down, or shown
 * at a showdown, and what he did in this round's exchange.
 * @param {TableContext} ctx
 * @param {number} p
 * @param {Place} place
 * @param {Trick | null} trick
 * @param {string[]} mine the cards you selected, in the hand's order
 */
function otherSeat(ctx, p, place, trick, mine) {
  const v = ctx.view;
  const o = /** @type {PuckObservation} */ (v.view);
  const name = v.names[p];
  const out = o.out.includes(p);
  const showing = o.phase === "tiebreak" && trick !== null && trick.winner === null;
  const taking = counts(takes, o.num_players)[p];
  const takeable = mine.length > 0 && takes.length < mine.length && exchangesWith(ctx, mine, true, [...takes, p]).length > 0;
  const pileLabel = t("Pile of {name}: {count}", { name, count: o.pile_sizes[p] });
  const pile = pileEl({
    cls: "pile-own", key: `pile-${p}`, label: takeable ? `${pileLabel}. ${t("Take its top card")}` : pileLabel,
    onclick: takeable ? () => { takes.push(p); ctx.redraw(); } : undefined,
    why: whyNot(v, exchangeTry(ctx, { seat: p })),
  },
  el("div", { class: "pile-label" }, t("Pile")),
  stackEl(o.pile_sizes[p], pileLabel, 4),
  taking ? el("div", { class: "taking" }, t("taking {count}", { count: taking })) : "");
  const hand = showing || !o.hand_sizes[p] ? "" : el("div", { class: "seat-hand" },
    el("div", { class: "pile-label" }, t("Hand")),
    stackEl(o.hand_sizes[p], t("Hand of {name}: {count}", { name, count: o.hand_sizes[p] }), 3));
  return el("div", { class: `seat seat-${place}${v.current_player === p ? " to-move" : ""}${out ? " out" : ""}`, role: "group", "aria-label": name, "data-seat": p },
    el("div", { class: "seat-name" }, name),
    out ? el("div", { class: "seat-note" }, t("out of the game"))
      : el("div", { class: "seat-cards" }, pile, hand, trick ? shownEl(v, trick, p, !showing) : ""),
    el("div", { class: "seat-note" }, out ? "" : exchangeWords(v, p)));
}

/**
 * Your seat: your pile (a button to take your cards and to turn one for a tie-break), your
 * hand (cards to select for an exchange) and the Hold button.
 * @param {TableContext} ctx
 * @param {number} me
 * @param {Trick | null} trick
 * @param {string[]} mine
 */
function mySeat(ctx, me, trick, mine) {
  const v = ctx.view;
  const o = /** @type {PuckObservation} */ (v.view);
  const hand = o.hand ?? [];
  const showing = o.phase === "tiebreak" && trick !== null && trick.winner === null;
  const pileAction = ["draw", "turn"].find((a) => v.legal.includes(a));
  const pileLabel = t("Your pile: {count}", { count: o.pile_sizes[me] });
  const pile = pileEl({
    cls: "pile-own", key: `pile-${me}`, label: pileAction ? `${pileLabel}. ${moveText(ctx, pileAction)}` : pileLabel,
    onclick: pileAction ? () => ctx.send(pileAction) : undefined,
    why: whyNot(v, "draw"),  // in the exchange: every player has taken his cards (P5)
  },
  el("div", { class: "pile-label" }, t("Your pile")),
  stackEl(o.pile_sizes[me], pileLabel, 4),
  pileAction ? el("div", { class: "move-words" }, moveText(ctx, pileAction)) : "");

  const exchanging = o.phase === "exchange" && v.legal.length > 0;
  const cards = el("div", { class: "hand", role: "group", "aria-label": t("Your hand") });
  for (const code of showing ? [] : byStrength(hand)) {
    const pressed = ctx.selected.has(code);
    const can = exchanging && (pressed || exchangesWith(ctx, [...mine, code], false, takes).length > 0);
    if (!can) { cards.append(explainingCard(cardEl(code), v, exchanging ? exchangeTry(ctx, { more: code }) : code)); continue; }
    cards.append(el("button", {
      class: `card-button${pressed ? " selected" : ""}`, type: "button", "data-key": `card-${code}`, "aria-pressed": String(pressed),
      onclick: () => {
        if (!ctx.selected.delete(code)) ctx.selected.add(code);
        if (takes.length > ctx.selected.size) takes.length = ctx.selected.size;  // fewer cards in: as many fewer taken
        ctx.redraw();
      },
    }, cardEl(code)));
  }
  const handName = hand.length && !showing ? (v.words.table ?? []).filter((r) => r.cards !== null).pop()?.note ?? "" : "";
  const hold = exchanging && v.legal.includes("hold")
    ? pileEl({
      cls: "pile-hold", key: "hold", label: ctx.selected.size ? t("Hold") : moveText(ctx, "hold"), named: true,
      onclick: ctx.selected.size ? undefined : () => ctx.send("hold"),
    }, el("div", { class: "pile-label" }, t("Hold")), el("div", { class: "move-words" }, ctx.selected.size ? t("Unselect your cards to hold them") : moveText(ctx, "hold")))
    : "";
  const clear = takes.length
    ? el("button", { class: "secondary small", type: "button", "data-key": "undo", onclick: () => { takes = []; ctx.redraw(); } }, t("Undo the takes"))
    : "";
  return el("div", { class: `seat seat-bottom${v.current_player === me ? " to-move" : ""}`, "data-seat": me },
    el("div", { class: "seat-name" }, t("{name} (you)", { name: v.names[me] })),
    el("div", { class: "seat-cards" }, pile,
      showing && trick ? shownEl(v, trick, me, false) : "",
      showing || !hand.length ? "" : el("div", { class: "my-hand" }, cards, handName ? el("div", { class: "hand-name" }, handName) : ""),
      hold,
      !showing && trick ? shownEl(v, trick, me, true) : ""),
    clear,
    el("div", { class: "seat-note" }, exchangeWords(v, me)));
}

/** @param {TableContext} ctx */
export function render(ctx) {
  const { view: v, root } = ctx;
  const o = /** @type {PuckObservation} */ (v.view);
  const n = o.num_players;
  const me = v.seat ?? 0;
  const key = `${v.table}:${v.seq}`;
  if (takesFor !== key || o.phase !== "exchange" || !v.legal.length) { takes = []; takesFor = key; }
  const hand = o.hand ?? [];
  const mine = hand.filter((c) => ctx.selected.has(c));
  const trick = lastTrick(o.events, n);
  root.className = `card-table puck-table players-${n}`;

  const seats = [...places(n, me)].filter(([p]) => p !== me || v.seat === null)
    .map(([p, place]) => otherSeat(ctx, p, place, trick, mine));

  const exchange = builtExchange(ctx, hand);
  const potLabel = t("Pot: {count}", { count: o.pot_size });
  const pot = pileEl({
    cls: "pile-pot", key: "pot", label: exchange ? `${potLabel}. ${moveText(ctx, exchange)}` : potLabel,
    onclick: exchange ? () => ctx.send(exchange) : undefined,
    why: whyNot(v, exchange ? undefined : (() => {  // the takes so far: as many as the cards put in (P6)
      const put = hand.filter((c) => ctx.selected.has(c));
      return put.length ? [...put, ...[...takes].sort((a, b) => a - b).map((s) => `P${s}`)].join("-") : undefined;
    })()),
  },
  el("div", { class: "pile-label" }, t("Pot")),
  o.pot_size ? stackEl(o.pot_size, potLabel, 4) : el("span", { class: "empty-pile" }, "—"),
  exchange ? el("div", { class: "move-words" }, moveText(ctx, exchange)) : "");
  const surplusLabel = t("1 card face down: it goes to the first trick's winner");
  const surplus = o.surplus_size
    ? el("div", { class: "pile pile-surplus", role: "group", "aria-label": `${t("Surplus")}: ${surplusLabel}`, title: surplusLabel },
      el("div", { class: "pile-label" }, t("Surplus")), el("span", { class: "cards backs", role: "img", "aria-label": surplusLabel }, backEl()))
    : "";
  const middle = el("div", { class: "middle" }, pot, surplus);

  const bottom = v.seat === null ? "" : mySeat(ctx, me, trick, mine);
  const focused = root.contains(document.activeElement) ? document.activeElement?.getAttribute("data-key") : null;
  root.replaceChildren(...seats, middle, bottom, el("div", { class: "plays", "aria-live": "polite" }, guide(ctx, hand, exchange)));
  if (focused) {  // the keyboard stays where it was, or goes on to where the move goes next
    const again = root.querySelector(`button[data-key="${focused}"]:enabled`) ?? root.querySelector("button.pile.live");
    if (again instanceof HTMLElement) again.focus();
  }
}

/**
 * What to do now, in a sentence: how to hold, put an exchange together, play it.
 * @param {TableContext} ctx
 * @param {string[]} hand
 * @param {string | undefined} exchange
 */
function guide(ctx, hand, exchange) {
  const v = ctx.view;
  const o = /** @type {PuckObservation} */ (v.view);
  if (v.seat === null || !v.legal.length) return "";
  if (o.phase === "draw") return t("Click your pile to take its top cards.");
  if (o.phase === "tiebreak") return t("Click your pile to turn its next card.");
  const put = hand.filter((c) => ctx.selected.has(c)).length;
  if (!put) return t("Click Hold to keep your cards, or select the cards you put into the pot.");
  if (exchange) return el("span", {}, el("strong", {}, moveText(ctx, exchange)), " ", t("Click the pot to play it."));
  return t("Cards to take: {count}. Click another player's pile to take its top card.", { count: put - takes.length });
}

// ---- motion: where the cards of a move come from and go (``GameTable`` in types.js) ----------
import { newEvents } from "/static/js/motion.js";

/** A seat's hand as a place: the face-down one, or yours. @param {number} p */
function handPlace(p) { return `[data-seat="${p}"] .seat-hand, [data-seat="${p}"] .my-hand`; }

/**
 * Drawn cards come from the drawer's pile (P5), cards taken in an exchange from the piles they
 * were taken from (P6), shown hands out of their players' hands (P7), a tie-break card from its
 * turner's pile (P10).
 * @param {View} previous
 * @param {View} view
 */
export function origins(previous, view) {
  /** @type {Map<string, string>} */
  const from = new Map();
  for (const e of newEvents(previous, view)) {
    if (e.type === "draw") for (const c of e.cards ?? []) from.set(c, `pile-${e.player}`);
    else if (e.type === "exchange" && e.took) {
      /** @type {number[]} */
      const seats = e.from.flatMap((/** @type {number} */ k, /** @type {number} */ s) => Array.from({ length: k }, () => s));
      e.took.forEach((/** @type {string} */ c, /** @type {number} */ i) => from.set(c, `pile-${seats[i]}`));
    } else if (e.type === "showdown") {
      e.hands.forEach((/** @type {string[]} */ hand, /** @type {number} */ p) => { for (const c of hand) from.set(c, handPlace(p)); });
    } else if (e.type === "turn") from.set(e.card, `pile-${e.player}`);
  }
  return from;
}

/**
 * The cards you put into the pot go into it (P6); a collected trick, the shown hands and the
 * tie-break cards, goes to its winner's pile (P8): the table keeps it on show until the next
 * showdown, so copies of it fly there.
 * @param {View} previous
 * @param {View} view
 */
export function destinations(previous, view) {
  /** @type {Map<string, string>} */
  const to = new Map();
  const o = /** @type {PuckObservation} */ (view.view);
  for (const e of newEvents(previous, view)) {
    if (e.type === "exchange") for (const c of e.put ?? []) to.set(c, "pot");
    else if (e.type === "collect") {
      const trick = lastTrick(o.events, o.num_players);
      for (const c of trick ? [...trick.hands.flat(), ...trick.turned.flat()] : []) to.set(c, `pile-${e.player}`);
    }
  }
  return to;
}

/**
 * The others' cards move face down: drawn from their piles, put into the pot and taken from
 * the piles in an exchange; the pot goes to the trick's winner.
 * @param {View} previous
 * @param {View} view
 * @returns {[string, string][]}
 */
export function backs(previous, view) {
  /** @type {[string, string][]} */
  const moves = [];
  for (const e of newEvents(previous, view)) {
    if (e.type === "draw" && !e.cards) moves.push([`pile-${e.player}`, handPlace(e.player)]);
    else if (e.type === "exchange" && !e.put && e.count) {
      moves.push([handPlace(e.player), "pot"]);
      e.from.forEach((/** @type {number} */ k, /** @type {number} */ s) => { if (k) moves.push([`pile-${s}`, handPlace(e.player)]); });
    } else if (e.type === "collect" && previous.view.pot_size) moves.push(["pot", `pile-${e.player}`]);
  }
  return moves;
}

/** The showdown (P7) holds the table: every hand shown, until the person goes on. @param {View} previous @param {View} view */
export function pauseAt(previous, view) { return newEvents(previous, view).some((e) => e.type === "showdown"); }

/**
 * Where a hinted move is made, for the page to mark (``hint.js``): the hold, or the piles taken
 * from and the pot of an exchange (P6).
 * @param {View} _view
 * @param {string} action
 * @returns {string[]}
 */
export function hintPlaces(_view, action) {
  if (action === "hold") return ['[data-key="hold"]'];
  const seats = action.split("-").filter((part) => /^P\d+$/.test(part)).map((part) => `[data-key="pile-${part.slice(1)}"]`);
  return [...new Set(seats), '[data-key="pot"]'];
}
