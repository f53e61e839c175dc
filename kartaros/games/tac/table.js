// Tač's table, as the players sit around it: the others from your left round to your right,
// the central pile in the middle (with what it takes next, and the cards set aside), you at the
// bottom. Every seat has its closed pile (face down, with its count), its open pile (the top card
// face up, with its count) and, while its owner places it, the card just turned. You play by
// hand: the card to play is always given (the one you turned, or the top of your open pile), so
// you only click where it goes: the central pile, another player's open pile or your own; you
// click your closed pile to turn a card.
import { actionCards, cardEl, stackEl } from "/static/js/cards.js";
import { el } from "/static/js/dom.js";
import { cardName, t } from "/static/js/words.js";

/** @typedef {import("/static/js/types.js").TableContext} TableContext */
/** @typedef {import("/static/js/types.js").View} View */
/** @typedef {"C" | "closed" | number} Target the central pile, one's closed pile, or a seat's open pile */

export const byHand = true;
export const styles = true;

/**
 * What the seat may try now (the server's offers): with open calls the card to play onto every
 * pile in play, whether it fits there or not, as at a real table nobody tells you where it
 * fits (T7, T11, T12); the server plays a try as the move it is, or says why the pile refuses it.
 * @param {View} v
 */
function offers(v) { return v.offers ?? v.legal; }

/**
 * The try that plays onto ``target``: the central pile (``7H>C``), a seat's open pile (``7H>2``)
 * or the mover's closed pile (``turn``). Where both a plain action and a miss go to the same pile
 * there is one target, and it sends the plain one (the server plays it as the miss where the card
 * fits elsewhere): a miss looks like any other move until it is made (T11, T12).
 * @param {View} v
 * @param {Target} target
 * @returns {string | undefined}
 */
function actionFor(v, target) {
  const goes = target === "closed"
    ? offers(v).filter((a) => a === "turn" || a === "turn?")
    : offers(v).filter((a) => a.includes(">") && a.replace(/\?$/, "").split(">")[1] === String(target));
  return goes.find((a) => !a.endsWith("?")) ?? goes[0];
}

/** The card to play now: the one the offered placements name (T6, T7), or none. @param {View} v */
function cardToPlay(v) {
  const placing = offers(v).find((a) => a.includes(">"));
  return placing ? actionCards(placing)[0] : null;
}

/**
 * The words of a target's move, for its label and its tooltip. The central pile and the others'
 * open piles take no miss, so the server's sentence says it; one's own piles are told in words
 * that are the same for a miss and a plain move.
 * @param {View} v
 * @param {Target} target
 * @param {string} action
 */
function moveWords(v, target, action) {
  const me = v.seat ?? 0;
  if (target === "closed") {
    return v.view.closed_sizes[me] === 0 ? t("turn your open pile over and turn its first card") : t("turn your next closed card");
  }
  if (target === me) return t("put the card on your open pile (your turn ends)");
  return v.words.moves.find((m) => m.action === action)?.text ?? "";
}

/**
 * A pile: a button when an offered try plays onto it, else a labelled group.
 * @param {TableContext} ctx
 * @param {Target | null} target where it takes a move, if it may (null: never)
 * @param {string} kind its class (``central``, ``open``, ``closed``, ``turned``, ``aside``)
 * @param {string} title what it is, shown
 * @param {string} label what it is and holds, for a screen reader
 * @param {(Node | string)[]} content
 */
function pileEl(ctx, target, kind, title, label, content) {
  const action = target === null ? undefined : actionFor(ctx.view, target);
  const head = el("div", { class: "pile-label", "aria-hidden": "true" }, title);
  if (target === null || !action) {
    // Not live for the seat to move: a hover, focus or long press says why, in the rules' words.
    const why = target === null ? undefined : whyTry(ctx.view, target);
    return el("div", { class: `pile pile-${kind}`, role: "group", "aria-label": label, "data-try": why, tabindex: why ? 0 : undefined },
      head, ...content);
  }
  const words = moveWords(ctx.view, target, action);
  const button = el("button", {
    class: `pile pile-${kind} live`, type: "button", "data-pile": String(target), title: words, onclick: () => ctx.send(action),
  }, head, ...content);
  // Its name starts with what it shows (a screen reader and a voice command find it by that).
  button.setAttribute("aria-label", `${(button.textContent ?? "").replace(/\s+/g, " ").trim()}. ${label}. ${words}`);
  return button;
}

/**
 * The try a pile that is not live would be, for the page to ask why it cannot be made: turning
 * while the turned card waits (T7), the open pile's top onto one's own open pile (T6).
 * @param {View} v
 * @param {Target} target
 * @returns {string | undefined}
 */
function whyTry(v, target) {
  if (v.seat === null || v.current_player !== v.seat || v.window || v.legal.includes("pass")) return undefined;
  if (target === "closed") return "turn";
  const card = cardToPlay(v);
  return card ? `${card}>${target}` : undefined;
}

/** A face-up pile's top card, or a dash where it is empty. @param {string[]} pile */
function topEl(pile) {
  if (!pile.length) return el("span", { class: "empty-pile", "aria-hidden": "true" }, "—");
  const top = cardEl(pile[pile.length - 1]);
  return el("span", { class: `top${pile.length > 1 ? " stacked" : ""}` }, top);
}

/** How many cards a face-up pile holds, shown under it (nothing under an empty one's dash). @param {number} count */
function countEl(count) { return count ? el("span", { class: "count", "aria-hidden": "true" }, count) : ""; }

/**
 * A pile's words for a screen reader: what it is and holds, its top card named.
 * @param {string} what
 * @param {string[]} pile
 */
function pileLabel(what, pile) {
  return pile.length ? `${what}, ${t("{card} on top", { card: cardName(pile[pile.length - 1]) })}` : what;
}

/**
 * What the central pile takes next, in the server's words where the seat has them (the table in
 * words: the row after the other seats), else the rank shown as on a card.
 * @param {View} v
 */
function centralNote(v) {
  const rows = v.words.table;
  if (rows) {
    const gap = rows.findIndex((r) => !r.label.trim() && r.cards === null);
    const row = gap >= 0 ? rows[gap + 1] : undefined;
    if (row && row.note) return row.note;
  }
  const wants = v.view.central_wants === "T" ? "10" : String(v.view.central_wants);
  const note = t("takes {rank}", { rank: wants });
  return v.view.opened ? note : `${note}; ${t("no card goes onto another player's open pile before an Ace lies on the central pile")}`;
}

/**
 * One player's place at the table: name, closed pile, the card just turned, open pile.
 * @param {TableContext} ctx
 * @param {number} p
 * @param {string} side ``left``, ``top``, ``right`` or ``bottom`` (you)
 * @param {string | null} toPlay the card you play now, marked where it lies
 */
function seatEl(ctx, p, side, toPlay) {
  const v = ctx.view;
  const o = v.view;
  const mine = v.seat !== null && p === v.seat;
  const name = v.names[p];
  const place = o.places[p];
  const miss = o.miss && o.miss.player === p && v.current_player !== null;
  const classes = ["seat", `seat-${side}`];
  if (v.current_player === p) classes.push("to-move");
  else if (o.turn === p && v.current_player !== null && !v.over) classes.push("their-turn");
  if (place) classes.push("out");
  const who = mine ? t("{name} (you)", { name }) : name;
  const head = el("div", { class: "seat-name", "aria-hidden": "true" }, who);
  if (miss) head.append(" ", el("span", { class: "badge alert" }, t("Miss!")));
  if (place) head.append(" ", el("span", { class: "badge" }, t("out: place {place}", { place })));

  /** @type {string[]} */
  const open = o.open_piles[p];
  const closed = o.closed_sizes[p];
  const known = (/** @type {(string | null)[]} */ (o.closed[p])).filter((c) => c !== null).length;
  const closedWhat = mine ? t("Your closed pile: {count}", { count: closed }) : t("Closed pile of {name}: {count}", { name, count: closed });
  const closedNote = known ? [el("span", { class: "known" }, t("known: {count}", { count: known }))] : [];
  const piles = el("div", { class: "piles" },
    pileEl(ctx, mine ? "closed" : null, "closed", t("Closed pile"), closedWhat, [stackEl(closed, closedWhat, 3), ...closedNote]));
  if (o.turned && o.turn === p) {
    const card = cardEl(o.turned);
    if (mine && o.turned === toPlay) card.classList.add("to-play");
    piles.append(el("div", { class: "pile pile-turned", role: "group", "aria-label": `${t("Turned")}: ${cardName(o.turned)}` },
      el("div", { class: "pile-label", "aria-hidden": "true" }, t("Turned")), card));
  }
  const openWhat = mine ? t("Your open pile: {count}", { count: open.length }) : t("Open pile of {name}: {count}", { name, count: open.length });
  const top = topEl(open);
  // The top of one's open pile is marked whenever it is the card to play, fit or not (T11, T12).
  if (mine && toPlay && !o.turned && open[open.length - 1] === toPlay) top.querySelector(".card")?.classList.add("to-play");
  piles.append(pileEl(ctx, p, "open", t("Open pile"), pileLabel(openWhat, open), [top, countEl(open.length)]));
  const status = [miss ? t("Miss!") : "", place ? t("out: place {place}", { place }) : ""].filter(Boolean);
  return el("div", { class: classes.join(" "), "data-seat-side": side, role: "group", "aria-label": [who, ...status].join(", ") }, head, piles);
}

/**
 * How many of the others sit on your left, across and on your right: one or two across for two
 * or three players, then the sides fill up as the table grows (eight: two, three, two).
 * @param {number} others
 */
function sides(others) {
  const side = others >= 5 ? 2 : others >= 3 ? 1 : 0;
  return { left: side, top: others - 2 * side, right: side };
}

/** @param {TableContext} ctx */
export function render(ctx) {
  const { view: v, root } = ctx;
  const o = v.view;
  const n = o.num_players;
  const me = v.seat ?? 0;
  const toPlay = v.seat === null ? null : cardToPlay(v);
  root.className = `card-table tac-table tac-players-${n}`;

  /** @type {string[]} */
  const central = o.central;
  const centralWhat = t("Central pile: {count}", { count: central.length });
  const middle = el("div", { class: "middle" },
    pileEl(ctx, "C", "central", t("Central pile"), `${pileLabel(centralWhat, central)}; ${centralNote(v)}`,
      [topEl(central), countEl(central.length), el("div", { class: "wants" }, centralNote(v))]));
  if (o.aside) {
    const asideWhat = t("Set aside: {count}", { count: o.aside });
    middle.append(pileEl(ctx, null, "aside", t("Set aside"), asideWhat, [stackEl(o.aside, asideWhat, 3)]));
  }

  // The others from your left (the next in seat order) round to your right: up your left side,
  // across, down your right side.
  const count = sides(n - 1);
  const others = Array.from({ length: n - 1 }, (_, k) => (me + 1 + k) % n);
  const left = el("div", { class: "side side-left" });
  const top = el("div", { class: "side side-top" });
  const right = el("div", { class: "side side-right" });
  others.forEach((p, k) => {
    const where = k < count.left ? "left" : k < count.left + count.top ? "top" : "right";
    ({ left, top, right })[where].append(seatEl(ctx, p, where, toPlay));
  });

  root.replaceChildren(middle, left, top, right, seatEl(ctx, me, "bottom", toPlay),
    el("div", { class: "plays", "aria-live": "polite" }, ...hint(ctx)));
}

/**
 * A line under the table: how to play now. A call window is the page's: its big "Tač!" button
 * (a race: nobody passes by hand, T11).
 * @param {TableContext} ctx
 * @returns {string[]}
 */
function hint(ctx) {
  const v = ctx.view;
  if (v.seat === null) return v.over ? [] : [t("You are watching this table.")];
  if (v.over || !offers(v).length || v.window) return [];  // a call window: the big button says it
  return [t("Click a highlighted pile to play.")];
}

// ---- motion: where the cards of a move come from and go (``GameTable`` in types.js) ----------
import { newEvents } from "/static/js/motion.js";

/**
 * Where player ``p`` sits on this table, as a place: at the bottom for you, else his seat on
 * your left, across or on your right, as ``render`` lays them out.
 * @param {View} v
 * @param {number} p
 */
function seatPlace(v, p) {
  const n = v.view.num_players;
  const me = v.seat ?? 0;
  if (p === me) return ".seat-bottom";
  const k = (p - me - 1 + n) % n;
  const count = sides(n - 1);
  if (k < count.left) return `.side-left > .seat:nth-child(${k + 1})`;
  if (k < count.left + count.top) return `.side-top > .seat:nth-child(${k - count.left + 1})`;
  return `.side-right > .seat:nth-child(${k - count.left - count.top + 1})`;
}

/**
 * A turned card comes off its player's closed pile (T7); a card placed from an open pile off
 * that pile (T6).
 * @param {View} previous
 * @param {View} view
 */
export function origins(previous, view) {
  /** @type {Map<string, string>} */
  const from = new Map();
  for (const e of newEvents(previous, view)) {
    if (e.type === "turn") from.set(e.card, `${seatPlace(view, e.player)} .pile-closed`);
    else if (e.type === "place" && e.from === "open") from.set(e.card, `${seatPlace(view, e.player)} .pile-open`);
  }
  return from;
}

/**
 * An open pile turned over becomes its player's closed pile (T8).
 * @param {View} previous
 * @param {View} view
 */
export function destinations(previous, view) {
  /** @type {Map<string, string>} */
  const to = new Map();
  for (const e of newEvents(previous, view)) {
    if (e.type === "turnover") for (const c of previous.view.open_piles[e.player]) to.set(c, `${seatPlace(view, e.player)} .pile-closed`);
  }
  return to;
}

/**
 * The bottom card of a seat's closed pile, as drawn: the back under the others (T11 takes the
 * giver's from there and slips it under the offender's pile).
 * @param {View} v
 * @param {number} p
 */
function pileBottom(v, p) { return `${seatPlace(v, p)} .pile-closed .backs .card:first-child`; }

/** The calls and the cards given among the new events (T11). @param {View} previous @param {View} view */
function penalty(previous, view) {
  const events = newEvents(previous, view);
  return { calls: events.filter((e) => e.type === "call"), gives: events.filter((e) => e.type === "give" && e.count) };
}

/**
 * A caught offender gets the bottom card of every other player's closed pile, under his own
 * (T11): each flies from the giver's pile bottom to the offender's, face down, or face up where
 * everybody knows it (a pile turned over, T8).
 * @param {View} previous
 * @param {View} view
 * @returns {[string, string, string?][]}
 */
export function backs(previous, view) {
  return penalty(previous, view).gives.map((e) => e.card
    ? [pileBottom(view, e.player), pileBottom(view, e.to), e.card]
    : [pileBottom(view, e.player), pileBottom(view, e.to)]);
}

/**
 * The closed piles' counts show what they were until the given cards have landed (T11).
 * @param {View} previous
 * @param {View} view
 */
export function holds(previous, view) {
  const seats = new Set(penalty(previous, view).gives.flatMap((e) => [e.player, e.to]));
  return [...seats].map((p) => `${seatPlace(view, p)} .pile-closed .stack > .count`);
}

/**
 * "Tač!" on the caller's seat while the penalty is given (T11).
 * @param {View} previous
 * @param {View} view
 * @returns {[string, string][]}
 */
export function callouts(previous, view) {
  return penalty(previous, view).calls.map((e) => [seatPlace(view, e.player), t("Tač!")]);
}

/**
 * Where a hinted move is made, for the page to mark (``hint.js``): the pile the card goes onto,
 * or one's closed pile to turn the next card.
 * @param {View} _view
 * @param {string} action
 * @returns {string[]}
 */
export function hintPlaces(_view, action) {
  if (action === "turn" || action === "turn?") return ['[data-pile="closed"]'];
  const to = action.replace(/\?$/, "").split(">")[1];
  return to === undefined ? [] : [`[data-pile="${to}"]`];
}
