// The table's clock and leaving: the running move clock of the seat to move (counted down on the
// page from the server's ``left``; the server's clock decides, this only shows it), and the
// table's events a person may ask for: resign, offer / accept / decline a draw, take his seat
// back from the bot that played for him (``POST /api/tables/{id}/events``, or the socket's
// ``{"table_event": …}``).
import { el } from "./dom.js";
import { t } from "./words.js";

/** @typedef {import("./types.js").View} View */

/** @type {number | undefined} */
let clockTimer;
let resignAsked = false;  // the person clicked "Resign" once: the second click says it

/** Seconds as m:ss. @param {number} seconds */
function minutes(seconds) {
  const whole = Math.ceil(Math.max(0, seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/**
 * The clock of the seat to move, ticking: the move's seconds, then the reserve.
 * @param {View} v
 */
export function showClock(v) {
  const box = /** @type {HTMLElement} */ (document.getElementById("seat-clock"));
  clearInterval(clockTimer);
  const clock = v.clock;
  const turn = clock && !v.over ? clock.turn : null;
  if (!clock || !turn) { box.hidden = true; box.replaceChildren(); return; }
  const started = performance.now();
  const name = v.names[turn.seat];
  const tick = () => {
    const gone = (performance.now() - started) / 1000;
    const move = turn.move_left - gone;
    const left = Math.max(0, turn.left - gone);
    const reserve = Math.min(left, Math.max(0, clock.reserves[turn.seat] + Math.min(0, move)));
    const text = move > 0
      ? t("{name}: {move} for the move, {reserve} in reserve", { name, move: minutes(move), reserve: minutes(reserve) })
      : t("{name}: {reserve} in reserve", { name, reserve: minutes(reserve) });
    box.textContent = text;
    box.toggleAttribute("data-low", left <= 10);
    box.toggleAttribute("data-mine", turn.seat === v.seat);
    if (!left) clearInterval(clockTimer);
  };
  tick();
  box.hidden = false;
  clockTimer = window.setInterval(tick, 250);
}

/**
 * What a person may ask of the table now, as buttons; who a bot plays for, and a draw offer, in words.
 * @param {View} v
 * @param {(kind: string) => void} ask
 */
export function showLeaving(v, ask) {
  const box = /** @type {HTMLElement} */ (document.getElementById("leaving"));
  const may = v.may;
  const parts = [];
  if (!v.over && v.away && v.away.length) {
    const names = v.away.map((seat) => v.names[seat]);
    parts.push(el("p", { class: "status", id: "away-note" },
      v.seat !== null && v.away.includes(v.seat) ? t("A bot (medium) plays for you.")
        : t("A bot (medium) plays for {names}.", { names: names.join(", ") })));
  }
  if (may && may.take_seat_back) parts.push(el("button", { id: "take-seat-back", onclick: () => ask("take_seat_back") }, t("Take my seat back")));
  if (may && may.answer_draw && v.draw_offer !== null && v.draw_offer !== undefined) {
    parts.push(el("p", { id: "draw-offer" }, t("{name} offers a draw.", { name: v.names[v.draw_offer] })),
      el("button", { id: "accept-draw", onclick: () => ask("accept_draw") }, t("Accept the draw")), " ",
      el("button", { id: "decline-draw", class: "secondary", onclick: () => ask("decline_draw") }, t("Decline")));
  } else if (!v.over && v.draw_offer !== null && v.draw_offer !== undefined && v.draw_offer === v.seat) {
    parts.push(el("p", { class: "status", id: "draw-offer" }, t("Your draw offer waits for an answer.")));
  }
  const row = [];
  if (may && may.offer_draw) row.push(el("button", { id: "offer-draw", class: "secondary", onclick: () => ask("offer_draw") }, t("Offer a draw")));
  if (may && may.resign) {
    if (resignAsked) {
      row.push(el("button", { id: "resign", class: "danger", onclick: () => { resignAsked = false; ask("resign"); } }, t("Yes, resign")),
        el("button", { class: "secondary", onclick: () => { resignAsked = false; showLeaving(v, ask); } }, t("Play on")));
    } else {
      row.push(el("button", { id: "resign", class: "secondary", onclick: () => { resignAsked = true; showLeaving(v, ask); } }, t("Resign")));
    }
  } else resignAsked = false;
  if (row.length) parts.push(el("div", { class: "leaving-row" }, ...row.flatMap((b) => [b, " "])));
  box.replaceChildren(...parts);
  box.hidden = !parts.length;
}
