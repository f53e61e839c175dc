// Finished games, and a viewer that steps through one with every card shown.
import { cardEl } from "./cards.js";
import { api, el, toast } from "./dom.js";
import { formatNumber, langSwitch, locale, t, withLang } from "./words.js";

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

async function loadList() {
  // The games this browser played (the table page remembers them), how each ended in the page's language.
  const mine = playedTables();
  /** @type {FinishedGame[]} */
  const games = mine.length ? await api(withLang(`/api/finished?tables=${mine.map((id) => encodeURIComponent(id)).join(",")}`)) : [];
  const body = byId("list");
  if (!games.length) { body.replaceChildren(el("tr", {}, el("td", { colspan: 5 }, t("No finished games yet.")))); return; }
  body.replaceChildren(...games.map((g) => el("tr", {},
    el("td", {}, g.title), el("td", {}, g.names.join(", ")),
    el("td", {}, g.result ? `${g.result.returns.map((r) => formatNumber(r)).join(" : ")} · ${g.end}` : ""),
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
  byId("viewer").hidden = false;
  show(index);
}

/** The tables this browser sat at, newest first (see the table page). @returns {string[]} */
function playedTables() {
  try { return JSON.parse(localStorage.getItem("kartaros.played") || "[]"); } catch { return []; }
}

/** The move asked for by the address (`#move=57`), or 0. */
function movedTo() { return Number(new URLSearchParams(location.hash.slice(1)).get("move")) || 0; }

/** @type {number | undefined} */
let playing;

/** Autoplay: one move after another at the chosen speed, until the end or a click on pause. */
function play() {
  const button = byId("play");
  if (playing !== undefined || at >= frames.length - 1) { stop(); return; }
  button.textContent = t("‖ Pause");
  button.setAttribute("aria-pressed", "true");
  const step = () => {
    if (at >= frames.length - 1) { stop(); return; }
    show(at + 1);
    playing = window.setTimeout(step, Number(/** @type {HTMLSelectElement} */ (byId("replay-speed")).value));
  };
  playing = window.setTimeout(step, 0);
}

function stop() {
  clearTimeout(playing);
  playing = undefined;
  const button = byId("play");
  button.textContent = t("▶ Play");
  button.setAttribute("aria-pressed", "false");
}

/** @param {number} index */
function show(index) {
  at = Math.max(0, Math.min(frames.length - 1, index));
  const frame = frames[at];
  // The address names the game and the move: a link to it, and a reload, show the same moment.
  history.replaceState(null, "", `/replays?table=${opened}#move=${at}`);
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

byId("first").onclick = () => { stop(); show(0); };
byId("prev").onclick = () => { stop(); show(at - 1); };
byId("next").onclick = () => { stop(); show(at + 1); };
byId("last").onclick = () => { stop(); show(frames.length - 1); };
byId("play").onclick = play;
// The keyboard steps too: ← →, Home and End, Space to play or pause (not while a control has the focus).
document.addEventListener("keydown", (e) => {
  if (!frames.length || (e.target instanceof HTMLElement && e.target.closest("select, input, button"))) return;
  const keys = /** @type {Record<string, () => void>} */ ({
    ArrowLeft: () => show(at - 1), ArrowRight: () => show(at + 1), Home: () => show(0), End: () => show(frames.length - 1), " ": play,
  });
  const act = keys[e.key];
  if (!act) return;
  e.preventDefault();
  if (e.key !== " ") stop();
  act();
});
langSwitch(() => {
  document.title = `kartaros · ${t("Replays")}`;
  loadList().catch((err) => toast(err.message));
  if (opened) open(opened, at).catch((err) => toast(err.message));
}, toast).then(() => {
  document.title = `kartaros · ${t("Replays")}`;
  loadList().catch((err) => toast(err.message));
  const wanted = new URLSearchParams(location.search).get("table");
  if (wanted) open(wanted, movedTo()).catch((err) => toast(err.message));
});
