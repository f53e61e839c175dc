// Finished games, and a viewer that steps through one with every card shown.
import { cardEl } from "./cards.js";
import { api, el, toast } from "./dom.js";
import { currentLang, langSwitch, t, withLang } from "./words.js";

/** @param {string} id */
function byId(id) { return /** @type {HTMLElement} */ (document.getElementById(id)); }

/**
 * One position of a finished game, every card shown (``replay_frames`` in ``kartaros/server/app.py``):
 * the move that led to it in words (none for the start), what it caused, and the cards in each zone.
 * @typedef {object} Frame
 * @property {string} text
 * @property {string | null} action
 * @property {string[]} events
 * @property {Record<string, string[]>} zones
 */

/**
 * A finished game as ``GET /api/finished`` lists it (``_finished`` in ``kartaros/server/app.py``).
 * @typedef {object} FinishedGame
 * @property {string} table
 * @property {string} game
 * @property {string} title
 * @property {number} players
 * @property {string[]} names
 * @property {string} finished_at an ISO date
 * @property {{ returns: number[], reason: string, detail?: string } | null} result
 * @property {string} end how it ended, in words
 */

/**
 * A finished game step by step, as ``GET /api/tables/{table}/frames`` answers.
 * @typedef {object} Frames
 * @property {string} table
 * @property {string} game
 * @property {string} title
 * @property {string[]} names
 * @property {Frame[]} frames
 */

/** @type {Frame[]} */
let frames = [];
let at = 0;
/** @type {string | null} */
let opened = null;  // the table whose frames are shown

/** @type {string[]} */
let names = [];  // the players of the game shown
// The kinds of zone a game's cards lie in (``state.zones()``: "hand:0", "stock" …), for people.
/** @type {Record<string, () => string>} */
const ZONES = {
  hand: () => t("Hand"), stock: () => t("Stock"), discard: () => t("Discard pile"), out: () => t("Out of play"),
  table: () => t("Table"), match: () => t("Match hand"), weapons: () => t("Weapons"), target: () => t("Target"),
  closed: () => t("Closed pile"), open: () => t("Open pile"), central: () => t("Central pile"),
  turned: () => t("Turned card"), aside: () => t("Set aside"), pile: () => t("Pile"), pot: () => t("Pot"),
  surplus: () => t("Surplus"),
};

/** @param {string} zone @param {number} count */
function zoneLabel(zone, count) {
  const [kind, seat] = zone.split(":");
  const what = ZONES[kind] ? ZONES[kind]() : kind;
  const whose = seat !== undefined && names[Number(seat)] !== undefined ? names[Number(seat)] : seat;
  return whose === undefined ? t("{zone} ({count})", { zone: what, count }) : t("{zone} of {name} ({count})", { zone: what, name: whose, count });
}

// Dates as the page's language writes them.
function locale() { return currentLang() === "sr" ? "sr-Latn" : currentLang(); }

async function loadList() {
  /** @type {FinishedGame[]} */
  const games = await api(withLang("/api/finished"));  // how each game ended, in the page's language
  const body = byId("list");
  if (!games.length) { body.replaceChildren(el("tr", {}, el("td", { colspan: 5 }, t("No finished games yet.")))); return; }
  body.replaceChildren(...games.map((g) => el("tr", {},
    el("td", {}, g.title), el("td", {}, g.names.join(", ")),
    el("td", {}, g.result ? `${g.result.returns.join(" : ")} · ${g.end}` : ""),
    el("td", {}, new Date(g.finished_at).toLocaleString(locale())),
    el("td", {}, el("button", { class: "secondary", "data-table": g.table, onclick: () => open(g.table) }, t("Watch"))))));
}

/** @param {string} table @param {number} [index] the frame shown first */
async function open(table, index = 0) {
  /** @type {Frames} */
  const answer = await api(withLang(`/api/tables/${table}/frames`));  // the moves in the page's language
  frames = answer.frames;
  names = answer.names;
  opened = table;
  history.replaceState(null, "", `/replays?table=${table}`);
  byId("viewer").hidden = false;
  show(index);
}

/** @param {number} index */
function show(index) {
  at = Math.max(0, Math.min(frames.length - 1, index));
  const frame = frames[at];
  byId("counter").textContent = t("Move {n} of {count}", { n: at, count: frames.length - 1 });
  const step = byId("step");
  step.replaceChildren(el("strong", {}, frame.text || ""), ...frame.events.map((e) => el("div", { class: "status" }, e)));
  const zones = byId("zones");
  const nodes = [];
  for (const [zone, cards] of Object.entries(frame.zones)) {
    const row = el("span", { class: "cards" }, ...cards.slice(-16).map(cardEl));
    nodes.push(el("div", { class: "label" }, zoneLabel(zone, cards.length)), el("div", {}, cards.length > 16 ? "… " : "", row));
  }
  zones.replaceChildren(...nodes);
}

byId("first").onclick = () => show(0);
byId("prev").onclick = () => show(at - 1);
byId("next").onclick = () => show(at + 1);
byId("last").onclick = () => show(frames.length - 1);
document.addEventListener("keydown", (e) => { if (e.key === "ArrowLeft") show(at - 1); if (e.key === "ArrowRight") show(at + 1); });
langSwitch(() => {
  document.title = `kartaros · ${t("Replays")}`;
  loadList().catch((err) => toast(err.message));
  if (opened) open(opened, at).catch((err) => toast(err.message));
}, toast).then(() => {
  document.title = `kartaros · ${t("Replays")}`;
  loadList().catch((err) => toast(err.message));
  const wanted = new URLSearchParams(location.search).get("table");
  if (wanted) open(wanted).catch((err) => toast(err.message));
});
