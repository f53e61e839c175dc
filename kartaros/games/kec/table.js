// Keč's table, as two people sit at it: the opponent across, the stock, the discard pile, the cards
// out of play and the hold on the table in the middle, your hand at the bottom. You play by hand:
// select cards in your hand, then click where they go (the discard pile for a discard, the table
// for a pair or a hold, the hold for the card that breaks it); click the stock to draw and the
// discard pile to take its top card.
import { actionCards, cardEl, stackEl } from "/static/js/cards.js";
import { el } from "/static/js/dom.js";
import { explainingCard, whyNot } from "/static/js/why.js";
import { t } from "/static/js/words.js";

/** @typedef {import("/static/js/types.js").TableContext} TableContext */
/** @typedef {import("/static/js/types.js").View} View */
/** @typedef {"stock" | "discard" | "table"} Pile */

export const byHand = true;

let fanned = false;  // the discard pile spread open, to see every card in it

/**
 * Where a legal action's cards go (K4, K5, K8): drawing from the stock, taking from or
 * discarding onto the discard pile, a pair or a hold onto the table, a breaking card onto the hold.
 * @param {string} action
 * @param {string} phase
 * @returns {Pile}
 */
function pileOf(action, phase) {
  if (action === "draw") return "stock";
  if (action === "take") return "discard";
  const cards = actionCards(action);
  return cards.length === 1 && phase !== "defend" ? "discard" : "table";
}

/**
 * The legal action that puts exactly the selected cards on ``pile``, if there is one.
 * @param {TableContext} ctx
 * @param {Pile} pile
 */
function actionFor(ctx, pile) {
  const phase = ctx.view.view.phase;
  const chosen = [...ctx.selected].sort().join(" ");
  return ctx.view.legal.find((a) => pileOf(a, phase) === pile && actionCards(a).sort().join(" ") === chosen);
}

/**
 * The try the selection means on ``pile``, for a pile that is not live to say why it cannot be
 * made now (K4-K10): the stock's is a draw; the discard pile's with nothing selected is taking
 * its top card; else the selected cards, as the hand lists them, put there. A
 * try that is legal goes onto another pile (the selection words say where), so it asks nothing.
 * @param {TableContext} ctx
 * @param {Pile} pile
 * @returns {string | undefined}
 */
function tryOn(ctx, pile) {
  const v = ctx.view;
  const cards = (v.view.hand ?? []).filter((/** @type {string} */ c) => ctx.selected.has(c));
  let try_;
  if (pile === "stock") try_ = "draw";  // nothing is put onto the stock: it is drawn from
  else if (!cards.length) try_ = pile === "discard" ? "take" : undefined;
  else try_ = cards.join("-");
  return try_ && !v.legal.includes(try_) ? try_ : undefined;
}

/** @param {string[]} cards */
function row(cards) { return el("span", { class: "cards" }, ...cards.map(cardEl)); }

/**
 * A pile in the middle of the table: a button when the selection (or none) makes a move there.
 * @param {TableContext} ctx
 * @param {Pile} pile
 * @param {string} label what it is, for people
 * @param {Node[]} content
 */
function pileEl(ctx, pile, label, content) {
  const action = actionFor(ctx, pile);
  const move = action && ctx.view.words.moves.find((m) => m.action === action);
  const attrs = { class: `pile pile-${pile}${action ? " live" : ""}`, "data-pile": pile, title: move ? move.text : label };
  if (!action) {  // not live: a hover, focus or long press says why, in the rules' words
    return el("div", { ...attrs, role: "group", "aria-label": label, ...whyNot(ctx.view, tryOn(ctx, pile)) },
      el("div", { class: "pile-label" }, label), ...content);
  }
  const button = el("button", { ...attrs, type: "button", onclick: () => ctx.send(action) },
    el("div", { class: "pile-label" }, label), ...content);
  // Its name starts with what it shows (speech input finds a button by its visible words).
  const shown = (button.textContent ?? "").replace(/\s+/g, " ").trim();
  button.setAttribute("aria-label", `${shown}: ${move ? move.text : ""}`);
  return button;
}

/** @param {TableContext} ctx */
export function render(ctx) {
  const { view: v, root, selected } = ctx;
  const o = v.view;
  const me = v.seat ?? 0;
  const other = 1 - me;
  const phase = o.phase;
  root.className = "card-table";

  const known = v.seat === null ? [] : o.opponent_known;
  const opponent = el("div", { class: `seat seat-top${v.current_player === other ? " to-move" : ""}` },
    el("div", { class: "seat-name" }, v.names[other]),
    stackEl(o.hand_sizes[other], t("Hand of {name}: {count}", { name: v.names[other], count: o.hand_sizes[other] }), 5),
    known.length ? el("div", { class: "known" }, el("span", { class: "status" }, t("known to you:")), row(known)) : "");

  /** @type {{ card: string, by: number }[]} */
  const discard = o.discard;
  const top = discard.length ? discard[discard.length - 1] : null;
  const discardContent = top ? [cardEl(top.card)] : [el("span", { class: "empty-pile" }, "—")];
  const fan = discard.length > 1
    ? el("button", { class: "secondary small", type: "button", "aria-expanded": String(fanned), onclick: () => { fanned = !fanned; ctx.redraw(); } },
      fanned ? t("Close the discard pile") : t("Spread the discard pile ({count})", { count: discard.length }))
    : "";
  const holdName = o.hold ? v.words.table?.find((r) => r.alert)?.note ?? "" : "";
  const middle = el("div", { class: "middle" },
    pileEl(ctx, "stock", t("Stock"), [stackEl(o.stock_size, t("Stock: {count}", { count: o.stock_size }), 4)]),
    pileEl(ctx, "discard", t("Discard pile"), discardContent),
    pileEl(ctx, "table", t("On the table"), o.table.length ? [row(o.table), el("div", { class: "hold-name" }, holdName)] : [el("span", { class: "empty-pile" }, "—")]),
    el("div", { class: "pile pile-out", role: "group", "aria-label": t("Out of play") },
      el("div", { class: "pile-label" }, t("Out of play")),
      // Empty, it shows a dash as the table beside it does, not a count of 0.
      o.out_of_play.length ? stackEl(o.out_of_play.length, t("Out of play: {count}", { count: o.out_of_play.length }), 3)
        : el("span", { class: "empty-pile" }, "—")));
  const spread = fanned && discard.length > 1 ? el("div", { class: "fan", "aria-label": t("Discard pile") }, row(discard.map((d) => d.card))) : "";

  const hand = el("div", { class: "hand", role: "group", "aria-label": t("Your hand") });
  if (v.seat === null) {
    hand.append(stackEl(o.hand_sizes[me], t("Hand of {name}: {count}", { name: v.names[me], count: o.hand_sizes[me] }), 5));
  } else {
    const named = new Set(v.legal.flatMap(actionCards));
    for (const code of o.hand) {
      const face = cardEl(code);
      // A card no move names now (while drawing, or one that does not break the hold) says why.
      if (!named.has(code)) { hand.append(explainingCard(face, v, code)); continue; }
      const pressed = selected.has(code);
      hand.append(el("button", {
        class: `card-button${pressed ? " selected" : ""}`, type: "button", "data-card": code, "aria-pressed": String(pressed),
        onclick: () => { if (!selected.delete(code)) selected.add(code); ctx.redraw(); },
      }, face));
    }
  }
  const mine = el("div", { class: `seat seat-bottom${v.current_player === me ? " to-move" : ""}` },
    el("div", { class: "seat-name" }, v.seat === null ? v.names[me] : t("{name} (you)", { name: v.names[me] })), hand);

  root.replaceChildren(opponent, middle, spread, mine, el("div", { class: "plays", "aria-live": "polite" }, selectionWords(ctx)));
}

/**
 * What the selected cards make, in the game's words ("attack with a lever …"), and where they go.
 * @param {TableContext} ctx
 */
function selectionWords(ctx) {
  const { view: v, selected } = ctx;
  if (v.seat === null || !v.legal.length) return "";
  if (!selected.size) {  // with nothing to select (a draw), the highlighted piles say it
    return v.legal.some((a) => actionCards(a).length) ? t("Select cards in your hand, then click where they go.") : "";
  }
  const chosen = [...selected].sort().join(" ");
  const move = v.words.moves.find((m) => actionCards(m.action).sort().join(" ") === chosen);
  if (move) return el("span", {}, el("strong", {}, move.text), " ", t("Click the highlighted pile to play it."));
  return t("These cards make no move now.");
}

// ---- motion: where the cards of a move come from and go (``GameTable`` in types.js) ----------
import { newEvents } from "/static/js/motion.js";

/**
 * A player's hand as a place: the opponent's face-down stack across, yours at the bottom.
 * @param {import("/static/js/types.js").View} v
 * @param {number} p
 */
function handPlace(v, p) { return p === (v.seat ?? 0) ? ".seat-bottom .hand" : ".seat-top .stack"; }

/**
 * A drawn card comes from the stock (K4); a card the opponent plays, from his hand; a card a
 * throw takes, from the hand it was taken from (K11).
 * @param {import("/static/js/types.js").View} previous
 * @param {import("/static/js/types.js").View} view
 */
export function origins(previous, view) {
  /** @type {Map<string, string>} */
  const from = new Map();
  for (const e of newEvents(previous, view)) {
    if (e.type === "draw" && e.card) from.set(e.card, "stock");
    else if (e.type === "take") from.set(e.card, "discard");
    else if (e.type === "steal" && e.card) from.set(e.card, handPlace(view, 1 - e.player));
    else if (["discard", "pair", "hold", "break"].includes(e.type)) for (const c of e.cards ?? [e.card]) from.set(c, handPlace(view, e.player));
  }
  return from;
}

/**
 * A card covered on the discard pile goes under it; a broken hold and its breaking card go out
 * of play (K8), pairs where the variant puts them (K10); a taken card into the taker's hand; a
 * reshuffled discard pile into the stock (K6).
 * @param {import("/static/js/types.js").View} previous
 * @param {import("/static/js/types.js").View} view
 */
export function destinations(previous, view) {
  /** @type {Map<string, string>} */
  const to = new Map();
  const pairs = view.variant.pairs_to === "out" ? ".pile-out" : "discard";
  for (const e of newEvents(previous, view)) {
    if (e.type === "take") to.set(e.card, handPlace(view, e.player));
    else if (e.type === "discard" || (e.type === "steal" && e.card)) to.set(e.card, "discard");
    else if (e.type === "pair") for (const c of e.cards) to.set(c, pairs);
    else if (e.type === "break") for (const c of [...previous.view.table, e.card]) to.set(c, ".pile-out");
    else if (e.type === "reshuffle" || e.type === "extend") for (const c of e.cards) to.set(c, "stock");
  }
  /** @type {{ card: string }[]} */
  const before = previous.view.discard;
  const top = before.length ? before[before.length - 1].card : null;
  if (top && !to.has(top) && view.view.discard.some((/** @type {{ card: string }} */ d) => d.card === top)) to.set(top, "discard");
  return to;
}

/**
 * Cards drawn unseen slide face down from the stock to the hand; a reshuffle or an extension
 * carries the piles into the stock (K6).
 * @param {import("/static/js/types.js").View} previous
 * @param {import("/static/js/types.js").View} view
 * @returns {[string, string][]}
 */
export function backs(previous, view) {
  /** @type {[string, string][]} */
  const moves = [];
  for (const e of newEvents(previous, view)) {
    if (e.type === "draw" && !e.card) moves.push(["stock", handPlace(view, e.player)]);
    else if (e.type === "reshuffle") moves.push(["discard", "stock"]);
    else if (e.type === "extend") moves.push(["discard", "stock"], [".pile-out", "stock"]);
  }
  return moves;
}

/**
 * Where a hinted move is made, for the page to mark (``hint.js``): the pile it lands on.
 * @param {View} view
 * @param {string} action
 * @returns {string[]}
 */
export function hintPlaces(view, action) { return [`[data-pile="${pileOf(action, view.view.phase)}"]`]; }
