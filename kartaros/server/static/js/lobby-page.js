// The lobby: the open tables waiting for people, live over a WebSocket (the server sends the
// whole list again at each change), a free seat taken with one click, and quick play. Every name
// is shown as text (a name with HTML in it is only its characters).
import { api, el, toast } from "./dom.js";
import { badName, keepName, keepSeatToken, myName, seatLink, seatToken } from "./person.js";
import { currentLang, langSwitch, t, withLang } from "./words.js";

/**
 * A seat as the lobby lists it (``kartaros/server/lobby.py``: ``entry``).
 * @typedef {object} LobbySeat
 * @property {string | null} name null: free
 * @property {boolean} free
 * @property {boolean} bot
 * @property {boolean} connected its player's page is open now
 */

/**
 * An open table waiting for people.
 * @typedef {object} LobbyTable
 * @property {string} table
 * @property {string} game
 * @property {string} title
 * @property {number} players
 * @property {{ label: string, value: string }[]} options the rule options in words
 * @property {number} free
 * @property {LobbySeat[]} seats
 */

/** @typedef {{ name: string, title: string, min_players: number, max_players: number }} Game */

/** @type {LobbyTable[]} */
let tables = [];
/** @type {WebSocket | null} */
let socket = null;
let connected = false;
let sitting = false;  // a seat is being asked for: one at a time

/** @param {string} id */
function byId(id) { return /** @type {HTMLElement} */ (document.getElementById(id)); }
const nameBox = /** @type {HTMLInputElement} */ (byId("my-name"));

/** The person's name, checked; null (and he is asked for it) where he has none or a bad one. */
function chosenName() {
  const bad = badName(nameBox.value);
  if (bad) {
    toast(bad);
    nameBox.focus();
    return null;
  }
  keepName(nameBox.value);
  return nameBox.value.trim();
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/api/lobby/ws?lang=${encodeURIComponent(currentLang())}`);
  socket = ws;
  ws.onopen = () => { connected = true; };
  ws.onmessage = (message) => {
    const data = JSON.parse(message.data);
    if (Array.isArray(data.lobby)) { tables = data.lobby; draw(); }
  };
  ws.onclose = () => {
    connected = false;
    setStatus(t("Connection lost, reconnecting…"));
    setTimeout(connect, 1500);
  };
}

/** @param {string} text */
function setStatus(text) {
  const status = byId("lobby-status");
  status.removeAttribute("data-t");
  status.textContent = text;
}

function draw() {
  if (connected) setStatus(tables.length ? "" : t("No open table waits for people now: play now, or open one of your own."));
  byId("open-tables").replaceChildren(...tables.map(drawTable));
}

/** @param {LobbyTable} table */
function drawTable(table) {
  const mine = seatToken(table.table);
  const seats = table.seats.map((seat, i) => {
    const who = seat.free ? el("span", { class: "status" }, t("a free seat")) : el("strong", {}, seat.name || "");
    const presence = seat.bot || seat.free ? "" : el("span", {
      class: seat.connected ? "presence on" : "presence",
      title: seat.connected ? t("connected") : t("not connected"),
    }, seat.connected ? t("connected") : t("not connected"));
    const sit = seat.free && !mine
      ? el("button", { type: "button", "data-sit": `${table.table}:${i}`, onclick: () => sitAt(table.table, i) }, t("Sit here"))
      : "";
    return el("li", {}, who, " ", presence, " ", sit);
  });
  const options = table.options.map((o) => `${o.label}: ${o.value}`).join(" · ");
  return el("article", { class: "lobby-table", "data-table": table.table },
    el("h4", {}, table.title, " ", el("span", { class: "status" }, t("{count} players, {free} free", { count: table.players, free: table.free }))),
    el("ul", { class: "seat-list" }, ...seats),
    el("p", { class: "status" }, options),
    mine ? el("p", {}, el("a", { href: seatLink(table.table, mine) }, t("Back to my seat"))) : "");
}

/** @param {string} table @param {number} seat */
async function sitAt(table, seat) {
  const name = chosenName();
  if (name === null || sitting) return;
  sitting = true;
  try {
    const made = await api(withLang(`/api/tables/${encodeURIComponent(table)}/seats`), { method: "POST", body: JSON.stringify({ name, seat }) });
    go(made);
  } catch (err) {
    toast(err instanceof Error ? err.message : String(err));
  } finally { sitting = false; }
}

/** @param {{ table: string, token: string }} made */
function go(made) {
  keepSeatToken(made.table, made.token);
  location.href = seatLink(made.table, made.token);
}

/** @type {Game[]} */
let GAMES = [];

async function loadGames() {
  GAMES = await api(withLang("/api/games"));
  const select = /** @type {HTMLSelectElement} */ (byId("quick-game"));
  const kept = select.value;
  select.replaceChildren(...GAMES.map((g) => el("option", { value: g.name }, g.title)));
  if (kept) select.value = kept;
  select.onchange = drawPlayers;
  drawPlayers();
}

function drawPlayers() {
  const game = GAMES.find((g) => g.name === /** @type {HTMLSelectElement} */ (byId("quick-game")).value);
  const select = /** @type {HTMLSelectElement} */ (byId("quick-players"));
  if (!game) return;
  const kept = select.value;
  select.replaceChildren();
  for (let n = game.min_players; n <= game.max_players; n++) select.append(el("option", { value: n }, n));
  if (kept && Number(kept) >= game.min_players && Number(kept) <= game.max_players) select.value = kept;
}

async function quick() {
  const name = chosenName();
  if (name === null || sitting) return;
  sitting = true;
  const game = /** @type {HTMLSelectElement} */ (byId("quick-game")).value;
  const players = Number(/** @type {HTMLSelectElement} */ (byId("quick-players")).value);
  try {
    go(await api(withLang("/api/quick"), { method: "POST", body: JSON.stringify({ game, players, name }) }));
  } catch (err) {
    toast(err instanceof Error ? err.message : String(err));
  } finally { sitting = false; }
}

nameBox.value = myName();
nameBox.addEventListener("change", () => { if (!badName(nameBox.value)) keepName(nameBox.value); });
if (!myName()) nameBox.focus();  // asked once: before the first seat
byId("quick").addEventListener("click", quick);
langSwitch(() => {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ lang: currentLang() }));
  loadGames().catch((err) => toast(err.message));
  draw();
}, toast).then(() => { connect(); return loadGames(); }).catch((err) => toast(err.message));
