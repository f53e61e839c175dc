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
 * A page of a finished game's frames, as ``GET /api/tables/{table}/frames`` answers.
 * @typedef {object} Frames
 * @property {string} table
 * @property {string} game
 * @property {string} title
 * @property {string[]} names
 * @property {number} from the index of its first frame
 * @property {number} total how many frames the game has
 * @property {Frame[]} frames
 */

const PAGE = 200;  // frames asked at once: a long game's replay comes page by page, as it is watched
/** @type {Map<number, Frame>} the frames loaded so far, by index */
let frames = new Map();
let total = 0;  // frames of the game shown
/** @type {Map<number, Promise<void>>} pages being asked for, by their first frame */
const asked = new Map();
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

/**
 * The page of frames that holds ``index``, asked once (the moves in the page's language).
 * @param {string} table @param {number} index
 */
function load(table, index) {
  const first = Math.floor(index / PAGE) * PAGE;
  if (frames.has(first) || asked.has(first)) return asked.get(first) ?? Promise.resolve();
  const loading = api(withLang(`/api/tables/${table}/frames?from=${first}&count=${PAGE}`)).then((/** @type {Frames} */ answer) => {
    if (table !== opened) return;
    answer.frames.forEach((frame, i) => frames.set(answer.from + i, frame));
    total = answer.total;
    names = answer.names;
  }).finally(() => asked.delete(first));
  asked.set(first, loading);
  return loading;
}

/** @param {string} table @param {number} [index] the frame shown first */
async function open(table, index = 0) {
  opened = table;
  frames = new Map();
  asked.clear();
  await load(table, Math.max(0, index));
  if (!frames.size) await load(table, 0);  // a move past the end: the game from its start
  byId("viewer").hidden = false;
  await show(index);
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
  if (playing !== undefined || at >= total - 1) { stop(); return; }
  button.textContent = t("‖ Pause");
  button.setAttribute("aria-pressed", "true");
  const step = () => {
    if (at >= total - 1) { stop(); return; }
    show(at + 1).then(() => {
      if (playing !== undefined) playing = window.setTimeout(step, Number(/** @type {HTMLSelectElement} */ (byId("replay-speed")).value));
    }).catch((err) => { stop(); toast(err.message); });
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
async function show(index) {
  const table = opened;
  if (table === null) return;
  const wanted = Math.max(0, Math.min(total - 1, index));
  await load(table, wanted);
  const frame = frames.get(wanted);
  if (!frame || table !== opened) return;
  at = wanted;
  if (at + PAGE / 4 < total) load(table, at + PAGE / 4).catch(() => {});  // the next page, before it is needed
  // The address names the game and the move: a link to it, and a reload, show the same moment.
  history.replaceState(null, "", `/replays?table=${opened}#move=${at}`);
  byId("counter").textContent = t("Move {n} of {count}", { n: at, count: total - 1 });
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

/** Show a frame, saying so if it cannot be had. @param {number} index */
function go(index) { show(index).catch((err) => toast(err.message)); }

byId("first").onclick = () => { stop(); go(0); };
byId("prev").onclick = () => { stop(); go(at - 1); };
byId("next").onclick = () => { stop(); go(at + 1); };
byId("last").onclick = () => { stop(); go(total - 1); };
byId("play").onclick = play;
// The keyboard steps too: ← →, Home and End, Space to play or pause (not while a control has the focus).
document.addEventListener("keydown", (e) => {
  if (!total || (e.target instanceof HTMLElement && e.target.closest("select, input, button"))) return;
  const keys = /** @type {Record<string, () => void>} */ ({
    ArrowLeft: () => go(at - 1), ArrowRight: () => go(at + 1), Home: () => go(0), End: () => go(total - 1), " ": play,
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
