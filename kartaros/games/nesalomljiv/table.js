// Nesalomljiv's table, as two people sit at it: the opponent across with their match hand and
// weapons, the stock, the card in the middle (the Chooser or the Attacker) and the discard pile
// between you, the last duel's two pairs side by side, your weapons and your match hand at the
// bottom. You play by hand: in a duel select the two weapons you keep, then click the card in the
// middle; to place an Attacker select a card of your match hand, then click the middle (a blind
// match hand: click the stack); knocked out, click the stock to draw.
import { actionCards, backEl, cardEl, stackEl } from "/static/js/cards.js";
import { el } from "/static/js/dom.js";
import { explainingCard, whyNot } from "/static/js/why.js";
import { cardName, t } from "/static/js/words.js";

/** @typedef {import("/static/js/types.js").TableContext} TableContext */
/** @typedef {import("/static/js/types.js").View} View */
/** @typedef {"stock" | "middle" | "match"} Spot where a move lands: draw, keep or place, place the top card */
/** @typedef {"chooser" | "attacker"} Role */

/**
 * The reveal of a duel (``DuelView`` in ``views.py``); each list by seat.
 * @typedef {object} Duel
 * @property {Role} role
 * @property {string} target
 * @property {number} value
 * @property {string[][]} kept
 * @property {string[]} dropped
 * @property {number[]} sums
 * @property {number[]} distances
 * @property {number | null} winner
 * @property {boolean} knockout
 */

/**
 * What a seat sees (``NesalomljivObservation``). A spectator's public observation lacks what
 * the players' differ in: the weapons, the own choice and (unless blind) the match hands.
 * @typedef {object} Observation
 * @property {string} phase
 * @property {string | null} target
 * @property {Role | null} target_role
 * @property {number | null} target_value
 * @property {number | null} placer
 * @property {string[]} [weapons]
 * @property {number[]} weapon_counts
 * @property {boolean[]} chosen
 * @property {{ keep: string[], drop: string } | null} [my_choice]
 * @property {(string | null)[][]} [match_hands]
 * @property {string[][]} [match_public]
 * @property {number[]} match_sizes
 * @property {number} stock_size
 * @property {string[]} discard
 * @property {number} duels
 * @property {Duel | null} last_duel
 * @property {{ match_hand: string }} variant
 */

export const byHand = true;
export const styles = true;

let fanned = false;  // the discard pile spread open, to see every card in it

/** The card in the middle by the name the rules give it (N4, N10). @param {Role} role */
function roleName(role) { return role === "chooser" ? t("Chooser") : t("Attacker"); }

/** A target's value (N2): a face card is worth 100. @param {number} value */
function worth(value) { return value === 100 ? t("worth 100: a face card") : t("worth {value}", { value }); }

/** @param {string[]} cards */
function row(cards) { return el("span", { class: "cards" }, ...cards.map(cardEl)); }

/**
 * The legal action that lands on ``spot``: the draw on the stock, the top card of a blind match
 * hand on the match hand, and on the middle the action that names exactly the selected cards (the
 * two weapons kept, or the match-hand card placed).
 * @param {TableContext} ctx
 * @param {Spot} spot
 */
function actionFor(ctx, spot) {
  const { legal } = ctx.view;
  if (spot === "stock") return legal.find((a) => a === "draw");
  if (spot === "match") return legal.find((a) => a === "place");
  if (!ctx.selected.size) return undefined;
  const chosen = [...ctx.selected].sort().join(" ");
  return legal.find((a) => a !== "draw" && a !== "place" && actionCards(a).sort().join(" ") === chosen);
}

/**
 * The try a place that is not live would be, for it to say why it cannot be made now: drawing
 * from the stock (N11), placing a blind match hand's top card (N10), and on the middle the
 * selected cards (a duel's choice, N5, or the Attacker placed, N10), or with none selected a
 * placement, whose words say what the rules ask now.
 * @param {TableContext} ctx
 * @param {Spot} spot
 * @returns {string}
 */
function tryAt(ctx, spot) {
  if (spot === "stock") return "draw";
  if (spot === "match" || !ctx.selected.size) return "place";
  const o = /** @type {Observation} */ (ctx.view.view);
  const shown = [...(o.weapons ?? []), ...(o.match_hands?.[ctx.view.seat ?? 0] ?? [])];
  return shown.filter((c) => c !== null && ctx.selected.has(c)).join("-");
}

/**
 * A place on the table: a button when a move lands there now, else a labelled group (that says
 * why not on hover, focus or a long press, where the seat to move might click it).
 * @param {TableContext} ctx
 * @param {Spot | null} spot
 * @param {string} cls
 * @param {string} label what it is, for people
 * @param {(Node | string)[]} content
 */
function pileEl(ctx, spot, cls, label, content) {
  const action = spot ? actionFor(ctx, spot) : undefined;
  const move = action && ctx.view.words.moves.find((m) => m.action === action);
  const attrs = { class: `pile ${cls}${action ? " live" : ""}`, title: move ? move.text : label };
  if (!action) {
    return el("div", { ...attrs, role: "group", "aria-label": label, ...(spot ? whyNot(ctx.view, tryAt(ctx, spot)) : {}) },
      el("div", { class: "pile-label" }, label), ...content);
  }
  return el("button", { ...attrs, type: "button", "aria-label": `${label}: ${move ? move.text : ""}`, onclick: () => ctx.send(action) },
    el("div", { class: "pile-label" }, label), ...content);
}

/**
 * A card the person may select, at most ``most`` of its kind at once (two weapons, one match-hand
 * card): selecting one more lets go of the first selected.
 * @param {TableContext} ctx
 * @param {string} code
 * @param {string[]} kind the cards it is selected among
 * @param {number} most
 */
function selectable(ctx, code, kind, most) {
  const { selected } = ctx;
  const pressed = selected.has(code);
  return el("button", {
    class: `card-button${pressed ? " selected" : ""}`, type: "button", "data-card": code, "aria-pressed": String(pressed),
    onclick: () => {
      if (!selected.delete(code)) {
        selected.add(code);
        const mine = [...selected].filter((c) => kind.includes(c));
        for (const c of mine.slice(0, Math.max(0, mine.length - most))) selected.delete(c);
      }
      ctx.redraw();
    },
  }, cardEl(code));
}

/**
 * A blind match hand as it lies, fanned a little so the top card, on the right, shows whole: face
 * down, except the cards that went in face up (N10, "blind"), which every player can name.
 * @param {(string | null)[]} stack top first
 */
function deckEl(stack) {
  if (!stack.length) return el("span", { class: "empty-pile" }, "—");
  return el("span", { class: "cards nes-deck" }, ...[...stack].reverse().map((code) => (code ? cardEl(code) : backEl())));
}

/**
 * A match hand, as ``me`` sees it (N3): your own open hand face up (selectable when you place the
 * Attacker), an opponent's face down but for the cards they took from the middle, a blind one a
 * face-down stack; a spectator sees every hand face down.
 * @param {TableContext} ctx
 * @param {number} p whose
 */
function matchEl(ctx, p) {
  const v = ctx.view;
  const o = /** @type {Observation} */ (v.view);
  const count = o.match_sizes[p];
  const label = t("Match hand of {name}: {count}", { name: v.names[p], count });
  const title = t("Match hand: {count}", { count });
  const open = o.match_public?.[p];
  // A spectator's public view has no match_hands (the owner's differs from the opponent's):
  // what everyone knows, then one face-down card per other.
  const hand = o.match_hands?.[p] ?? (open && [...open, ...Array(Math.max(0, count - open.length)).fill(null)]);
  const blind = o.variant.match_hand === "blind";
  // A spectator sees what every player may know (the public view): a card taken from the middle
  // went in face up (N8, N11), so it shows, as it does to the opponent.
  if (!hand) return zone("nes-match", title, label, [count ? stackEl(count, label, 5) : el("span", { class: "empty-pile" }, "—")]);
  if (blind) {
    const content = [deckEl(hand), hand.length > 1 ? el("div", { class: "nes-note" }, t("the top card on the right")) : ""];
    if (p !== v.seat) return zone("nes-match", title, label, content);
    return pileEl(ctx, "match", "nes-zone nes-match", title, content);
  }
  const known = /** @type {string[]} */ (hand.filter((c) => c !== null));
  const unseen = hand.length - known.length;
  if (p !== v.seat) {
    const content = el("div", { class: "nes-known" }, known.length ? row(known) : "",
      unseen ? stackEl(unseen, t("{n} face down", { n: unseen }), 5) : "");
    return zone("nes-match", title, label, [hand.length ? content : el("span", { class: "empty-pile" }, "—")]);
  }
  const named = new Set(v.legal.flatMap(actionCards));
  // A card that cannot be placed now says why: in a duel, what the duel asks (N5); else the rules' words on it.
  const why = (/** @type {string} */ code) => (o.phase === "choose" ? "place" : code);
  const cards = known.map((code) => (named.has(code) ? selectable(ctx, code, known, 1) : explainingCard(cardEl(code), v, why(code))));
  return zone("nes-match", title, label, [cards.length ? el("div", { class: "hand" }, ...cards) : el("span", { class: "empty-pile" }, "—")]);
}

/**
 * A seat's weapons (N3, N5): yours face up (selectable in a duel, your kept pair raised once you
 * have chosen), the opponent's face down, and whether they have chosen.
 * @param {TableContext} ctx
 * @param {number} p whose
 */
function weaponsEl(ctx, p) {
  const v = ctx.view;
  const o = /** @type {Observation} */ (v.view);
  const count = o.weapon_counts[p];
  const label = t("Weapons of {name}: {count}", { name: v.names[p], count });
  const title = t("Weapons");
  const mine = p === v.seat ? o.weapons ?? [] : [];
  if (!count) return zone("nes-weapons", title, label, [el("span", { class: "empty-pile" }, "—")]);
  if (p !== v.seat) {
    // Chosen: the kept pair face down, the dropped weapon set aside face down, until the reveal.
    const backs = Array.from({ length: count }, backEl);
    if (o.chosen[p]) backs[count - 1].classList.add("nes-dropped");
    /** @type {(Node | string)[]} */
    const content = [el("span", { class: "cards backs nes-backs", role: "img", "aria-label": label }, ...backs)];
    if (o.chosen[p]) content.push(el("div", { class: "nes-note" }, t("chosen, hidden until the reveal")));
    return zone("nes-weapons", title, label, content);
  }
  const choice = o.my_choice;
  if (choice) {
    const [first, second] = choice.keep;
    const dropped = cardEl(choice.drop);
    dropped.classList.add("nes-dropped");
    return zone("nes-weapons", title, label, [
      el("span", { class: "cards" }, el("span", { class: "cards nes-kept" }, cardEl(first), cardEl(second)), dropped),
      el("div", { class: "nes-note" }, t("keeping {first} {second} = {total}, waiting for the reveal",
        { first: cardName(first), second: cardName(second), total: weaponValue(first) + weaponValue(second) })),
    ]);
  }
  const named = new Set(v.legal.flatMap(actionCards));
  const cards = mine.map((code) => (named.has(code) ? selectable(ctx, code, mine, 2) : explainingCard(cardEl(code), v, code)));
  return zone("nes-weapons", title, label, [el("div", { class: "hand" }, ...cards)]);
}

/** A weapon's value (N2): A = 1, 2–10 at face value, J/Q/K = 0. @param {string} code */
function weaponValue(code) {
  const rank = code[0];
  if (rank === "A") return 1;
  if (rank === "T") return 10;
  return "JQK".includes(rank) ? 0 : Number(rank);
}

/**
 * A labelled zone of a seat, for the eye and for a screen reader.
 * @param {string} cls
 * @param {string} title
 * @param {string} label
 * @param {(Node | string)[]} content
 */
function zone(cls, title, label, content) {
  return el("div", { class: `nes-zone ${cls}`, role: "group", "aria-label": label }, el("div", { class: "pile-label" }, title), ...content);
}

/**
 * The last duel (N5): its target, and both pairs revealed side by side with their sums and
 * distances to it, the dropped weapon beside each, the winner marked.
 * @param {TableContext} ctx
 * @param {Duel} duel
 * @param {number[]} order the seats, the opponent first
 */
function duelEl(ctx, duel, order) {
  const v = ctx.view;
  const o = /** @type {Observation} */ (v.view);
  const winner = duel.winner;
  let result = t("a tie");
  if (winner !== null) result = duel.knockout ? t("{who} won by knockout", { who: v.names[winner] }) : t("{who} won", { who: v.names[winner] });
  const head = t("Last duel (#{n})", { n: o.duels });
  const sides = order.map((p) => {
    const off = duel.distances[p];
    const dropped = cardEl(duel.dropped[p]);
    dropped.classList.add("nes-dropped");
    const who = p === v.seat ? t("{name} (you)", { name: v.names[p] }) : v.names[p];
    return el("div", { class: `nes-side${winner === p ? " nes-winner" : ""}`, role: "group", "aria-label": who },
      el("div", { class: "nes-side-name" }, who, winner === p ? el("span", { class: "nes-badge" }, duel.knockout ? t("knockout!") : t("wins")) : ""),
      el("span", { class: "cards" }, row(duel.kept[p]), dropped),
      el("div", { class: "nes-sum" }, off === 0 ? t("= {total}, exactly the target", { total: duel.sums[p] }) : t("= {total}, {off} off", { total: duel.sums[p], off })),
      el("div", { class: "nes-note" }, t("dropped: {card}", { card: cardName(duel.dropped[p]) })));
  });
  return el("section", { class: "nes-duel", "aria-label": head },
    el("div", { class: "nes-duel-head" }, el("span", { class: "pile-label" }, head), cardEl(duel.target),
      el("span", {}, t("on the {role}: {result}", { role: `${roleName(duel.role)} (${duel.value})`, result }))),
    el("div", { class: "nes-sides" }, ...sides));
}

/** @param {TableContext} ctx */
export function render(ctx) {
  const { view: v, root } = ctx;
  const o = /** @type {Observation} */ (v.view);
  const me = v.seat ?? 0;
  const other = 1 - me;
  root.className = "card-table nes-table";

  const opponent = el("div", { class: `seat seat-top${v.current_player === other ? " to-move" : ""}` },
    el("div", { class: "seat-name" }, v.names[other]),
    el("div", { class: "nes-zones" }, matchEl(ctx, other), weaponsEl(ctx, other)));

  // The middle: the stock, the card the duel is on, the discard pile (N3).
  let target;
  if (o.target !== null && o.target_role !== null && o.target_value !== null) {
    const placed = o.target_role === "attacker" && o.placer !== null
      ? t("{worth}, placed by {who}", { worth: worth(o.target_value), who: v.names[o.placer] }) : worth(o.target_value);
    target = pileEl(ctx, "middle", "nes-target", roleName(o.target_role), [cardEl(o.target), el("div", { class: "nes-worth" }, placed)]);
  } else {
    const waiting = o.phase === "place" && o.placer !== null ? t("{who} places the next one", { who: v.names[o.placer] }) : "";
    target = pileEl(ctx, "middle", "nes-target", t("Attacker"), [el("span", { class: "empty-pile" }, "—"), el("div", { class: "nes-worth" }, waiting)]);
  }
  const discard = o.discard;
  const top = discard.length ? [cardEl(discard[discard.length - 1])] : [el("span", { class: "empty-pile" }, "—")];
  const middle = el("div", { class: "middle" },
    pileEl(ctx, "stock", "nes-stock", t("Stock"), [stackEl(o.stock_size, t("Stock: {count}", { count: o.stock_size }), 4)]),
    target,
    pileEl(ctx, null, "nes-discard", t("Discard pile: {count}", { count: discard.length }), top));
  const fan = discard.length > 1
    ? el("button", { class: "secondary small", type: "button", "aria-expanded": String(fanned), onclick: () => { fanned = !fanned; ctx.redraw(); } },
      fanned ? t("Close the discard pile") : t("Spread the discard pile ({count})", { count: discard.length }))
    : "";
  const spread = fanned && discard.length > 1
    ? el("div", { class: "fan", role: "group", "aria-label": t("Discard pile, bottom first") }, row(discard)) : "";
  const duel = o.last_duel ? duelEl(ctx, o.last_duel, [other, me]) : "";

  const mine = el("div", { class: `seat seat-bottom${v.current_player === me ? " to-move" : ""}` },
    el("div", { class: "nes-zones" }, weaponsEl(ctx, me), matchEl(ctx, me)),
    el("div", { class: "seat-name" }, v.seat === null ? v.names[me] : t("{name} (you)", { name: v.names[me] })));

  root.replaceChildren(opponent, middle, fan, spread, duel, mine, el("div", { class: "plays", "aria-live": "polite" }, selectionWords(ctx)));
}

/**
 * What to do now, and what the selection makes, in the game's words ("keep 3♠ 7♥ (sum 10 …)").
 * @param {TableContext} ctx
 */
function selectionWords(ctx) {
  const { view: v, selected } = ctx;
  if (v.seat === null || !v.legal.length) return "";
  const o = /** @type {Observation} */ (v.view);
  if (v.legal.includes("draw")) return t("Knocked out: click the stock to draw a card into your match hand.");
  if (v.legal.includes("place")) return t("Click your match hand to place its top card as the Attacker.");
  const action = actionFor(ctx, "middle");
  const move = action && v.words.moves.find((m) => m.action === action);
  if (move) return el("span", {}, el("strong", {}, move.text), " ", t("Click the card in the middle to play it."));
  if (o.phase === "place") return t("Select a card of your match hand, then click the middle to place it as the Attacker.");
  if (selected.size === 1) return t("Select one more weapon to keep.");
  return t("Select the two weapons you keep, then click the card in the middle.");
}

// ---- motion: where the cards of a move come from and go (``GameTable`` in types.js) ----------
import { newEvents } from "/static/js/motion.js";

/**
 * A seat's zone as a place: across for the opponent, at the bottom for you.
 * @param {import("/static/js/types.js").View} v
 * @param {number} p
 * @param {"weapons" | "match"} zone
 */
function zonePlace(v, p, zone) { return `${p === (v.seat ?? 0) ? ".seat-bottom" : ".seat-top"} .nes-${zone}`; }

/**
 * Turned, dealt and drawn cards come from the stock (N4, N7, N11); the weapons revealed at a
 * duel from their players' weapons (N5); a placed Attacker from its placer's match hand (N10).
 * @param {import("/static/js/types.js").View} previous
 * @param {import("/static/js/types.js").View} view
 */
export function origins(previous, view) {
  /** @type {Map<string, string>} */
  const from = new Map();
  for (const e of newEvents(previous, view)) {
    if (e.type === "chooser" || (e.type === "draw" && e.card)) from.set(e.card, ".nes-stock");
    else if (e.type === "deal") for (const c of e.cards ?? []) from.set(c, ".nes-stock");
    else if (e.type === "duel") {
      e.kept.forEach((/** @type {string[]} */ kept, /** @type {number} */ p) => {
        for (const c of [...kept, e.dropped[p]]) from.set(c, zonePlace(view, p, "weapons"));
      });
    } else if (e.type === "place") from.set(e.card, zonePlace(view, e.player, "match"));
  }
  return from;
}

/**
 * After the reveal all six weapons go to the discard pile (N7): the last duel stays on show,
 * so copies of them fly there. A taken target goes into the loser's match hand (N8, N11), a
 * discarded one onto the discard pile, a reshuffled discard pile into the stock (N14).
 * @param {import("/static/js/types.js").View} previous
 * @param {import("/static/js/types.js").View} view
 */
export function destinations(previous, view) {
  /** @type {Map<string, string>} */
  const to = new Map();
  for (const e of newEvents(previous, view)) {
    if (e.type === "duel") for (const c of [...e.kept.flat(), ...e.dropped]) to.set(c, ".nes-discard");
    else if (e.type === "take") to.set(e.card, zonePlace(view, e.player, "match"));
    else if (e.type === "discard") to.set(e.card, ".nes-discard");
    else if (e.type === "reshuffle") for (const c of e.cards) to.set(c, ".nes-stock");
  }
  return to;
}

/**
 * Cards dealt or drawn unseen slide face down from the stock; a reshuffle carries the discard
 * pile into it.
 * @param {import("/static/js/types.js").View} previous
 * @param {import("/static/js/types.js").View} view
 * @returns {[string, string][]}
 */
export function backs(previous, view) {
  /** @type {[string, string][]} */
  const moves = [];
  for (const e of newEvents(previous, view)) {
    if (e.type === "deal" && !e.cards) moves.push([".nes-stock", zonePlace(view, e.player, e.zone)]);
    else if (e.type === "draw" && !e.card) moves.push([".nes-stock", zonePlace(view, e.player, "match")]);
    else if (e.type === "reshuffle") moves.push([".nes-discard", ".nes-stock"]);
  }
  return moves;
}

/**
 * The reveal of a duel (N5) holds the table: both pairs side by side, until the person goes on.
 * @param {import("/static/js/types.js").View} previous
 * @param {import("/static/js/types.js").View} view
 */
export function pauseAt(previous, view) { return newEvents(previous, view).some((e) => e.type === "duel"); }

/**
 * Where a hinted move is made, for the page to mark (``hint.js``): the stock to draw, the match
 * hand whose top card is placed, else the middle the selected cards go to.
 * @param {View} _view
 * @param {string} action
 * @returns {string[]}
 */
export function hintPlaces(_view, action) {
  if (action === "draw") return [".nes-stock"];
  if (action === "place") return [".nes-match"];
  return [".nes-target"];
}
