// The table page: a seat's view pushed over a WebSocket, moves sent back over it. The game's own
// module (``/games/<name>/table.js``) lays the table out; the moves in words stay beside it.
// The token travels in the URL's #fragment, which browsers never send to the server.
// The view's words come in the page's language (?lang= on the socket, {"lang"} when it changes).
import { actionCards } from "./cards.js";
import { api, el, errorText, toast } from "./dom.js";
import * as rows from "./rows.js";
import { currentLang, langSwitch, reloadWords, t, useGameWords, withLang } from "./words.js";

/** @typedef {import("./types.js").View} View */
/** @typedef {import("./types.js").GameTable} GameTable */

const tableId = location.pathname.split("/").pop() || "";
const token = new URLSearchParams(location.hash.slice(1)).get("token");
const AUTOPLAY_MS = Number(localStorage.getItem("kartaros.autoplayMs") ?? 500);

/** @type {WebSocket | null} */
let socket = null;
/** @type {View | null} */
let current = null;
/** @type {GameTable} the game's layout, or the rows in words until it has loaded (or if it has none) */
let layout = rows;
let layoutGame = "";
/** @type {Set<string>} the cards the person has selected */
const selected = new Set();
/** @type {number | undefined} */
let autoTimer;
let sentSeq = -1;  // the seq of the view a move was last sent from: one move per view
let lastError = "";  // the last error the server sent, in the page's language

/** @param {string} id */
function byId(id) { return /** @type {HTMLElement} */ (document.getElementById(id)); }

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/api/tables/${tableId}/ws?lang=${encodeURIComponent(currentLang())}`);
  socket = ws;
  ws.onopen = () => { ws.send(JSON.stringify(token ? { token } : {})); setStatus(""); };
  ws.onmessage = (message) => {
    const data = JSON.parse(message.data);
    if (data.error) { lastError = errorText(data); toast(lastError); sentSeq = -1; return; }
    current = data;
    loadLayout(data.game).then(render);
  };
  ws.onclose = (event) => {
    if (event.code >= 4400) { setStatus(lastError || t("This table cannot be opened.")); return; }  // no retry
    setStatus(t("Connection lost, reconnecting…"));
    setTimeout(connect, 1500);
  };
}

/** The game's own table module and words, once per page. @param {string} game */
async function loadLayout(game) {
  if (layoutGame === game) return;
  layoutGame = game;
  useGameWords(game);
  try {
    await reloadWords();
    layout = /** @type {GameTable} */ (await import(`/games/${encodeURIComponent(game)}/table.js`));
    if (layout.styles) {  // the layout's own look, beside the shared one
      document.head.append(el("link", { rel: "stylesheet", href: `/games/${encodeURIComponent(game)}/table.css` }));
    }
  } catch (err) {
    layout = rows;  // the game has no layout of its own: its table in words
  }
  /** @type {HTMLDetailsElement} */ (byId("moves-box")).open = !layout.byHand;
}

/** @param {string} text */
function setStatus(text) {
  const status = byId("status");
  status.removeAttribute("data-t");  // set by the socket from now on, not by the language switch
  status.textContent = text;
}

/** Play a move of the view shown (once per view). @param {string} action */
function send(action) {
  if (!current || !socket || socket.readyState !== WebSocket.OPEN || current.seq === sentSeq) return;
  if (!current.legal.includes(action)) return;
  sentSeq = current.seq;
  clearTimeout(autoTimer);
  selected.clear();
  document.querySelectorAll("#moves button, #call, #table button").forEach((b) => { /** @type {HTMLButtonElement} */ (b).disabled = true; });
  socket.send(JSON.stringify({ action, seq: current.seq }));
}

/** The notation beside a move's words: one that is an English word (draw, pass …) only in English. @param {string} action */
function notation(action) { return currentLang() === "en" || !/[a-z]{2,}/.test(action) ? action : ""; }

function render() {
  const v = current;
  if (!v) return;
  for (const code of [...selected]) if (!v.legal.some((a) => actionCards(a).includes(code))) selected.delete(code);
  document.title = `kartaros · ${v.title}${v.seat === null ? "" : " · " + v.names[v.seat]}`;
  byId("title").textContent = `${v.title} · ${v.names.join(" · ")}`;
  layout.render({ view: v, root: byId("table"), selected, send, redraw: render });
  renderMoves(v);
  const log = byId("log");
  log.replaceChildren(...v.words.log.map((line) => el("div", {}, line)));
  log.scrollTop = log.scrollHeight;
  renderResult(v);
}

// A game played with calls (``v.call``: the action that calls out a miss) has a big call
// button, live whenever this seat may call.
/** @param {View} v */
function hasCallButton(v) { return v.call !== null && v.seat !== null && !v.over; }

/** @param {View} v */
function renderCall(v) {
  const button = /** @type {HTMLButtonElement} */ (byId("call"));
  button.hidden = !hasCallButton(v);
  button.textContent = v.words.call_button || "";
  button.disabled = v.call === null || !v.legal.includes(v.call);
  const call = v.words.moves.find((m) => m.action === v.call);
  button.title = call ? call.text : "";
}

/** @param {View} v */
function renderMoves(v) {
  const turn = byId("turn");
  const box = byId("moves");
  const hint = byId("hint");
  clearTimeout(autoTimer);
  renderCall(v);
  if (v.over || v.seat === null) { turn.textContent = ""; box.replaceChildren(); hint.hidden = true; return; }
  if (!v.legal.length) {
    const mover = v.current_player;
    turn.textContent = mover === null ? "" : t("Waiting for {name}", { name: v.names[mover] });
    box.replaceChildren();
    hint.hidden = true;
    return;
  }
  turn.textContent = v.words.turn ? t("Your move: {what}", { what: v.words.turn }) : t("Your move");
  const wanted = [...selected];
  const ownButton = hasCallButton(v);  // the call has its own button then
  const moves = v.words.moves.filter((m) => !(ownButton && m.action === v.call) && wanted.every((c) => actionCards(m.action).includes(c)));
  box.replaceChildren(...moves.map((m) => el("button", {
    class: m.action === v.call ? "call" : "", "data-action": m.action, onclick: () => send(m.action),
  }, m.text, el("small", {}, notation(m.action)))));
  hint.hidden = layout.byHand || !v.legal.some((a) => actionCards(a).length);
  // A step without a choice (a forced draw) is played for the person, after a moment to see it.
  if (v.legal.length === 1) { const only = v.legal[0]; autoTimer = window.setTimeout(() => send(only), AUTOPLAY_MS); }
}

/** @param {View} v */
function renderResult(v) {
  const box = byId("result");
  if (!v.over) { box.hidden = true; return; }
  const best = Math.max(...v.returns);
  const everyone = v.returns.every((r) => r === best);
  let head = t("The game is over.");
  if (v.seat !== null) head = everyone ? t("The game is drawn.") : v.returns[v.seat] === best ? t("You win!") : t("You lose.");
  const scores = v.names.map((n, i) => `${n}: ${v.returns[i]}`).join(" · ");
  const detail = v.words.end || "";  // how it ended, told by the game in the page's language
  box.replaceChildren(el("p", {}, el("strong", {}, head), " ", detail), el("p", { class: "status" }, scores));
  if (v.seat !== null) box.append(el("button", { onclick: rematch }, t("Rematch")));
  box.hidden = false;
}

async function rematch() {
  const v = current;
  if (!v) return;
  const seats = v.seats.map((kind, i) => (i === v.seat ? "human" : kind));
  try {
    const made = await api(withLang("/api/tables"), { method: "POST", body: JSON.stringify({ game: v.game, players: seats.length, seats, variant: v.variant, names: v.names }) });
    /** @type {{ seat: number, token: string }[]} */
    const made_seats = made.seats;
    const mine = made_seats.find((s) => s.seat === v.seat) || made_seats[0];
    /** @param {{ token: string }} s */
    const link = (s) => `${location.origin}/t/${made.table}#token=${encodeURIComponent(s.token)}`;
    const friends = made_seats.filter((s) => s !== mine);
    if (!friends.length) { location.href = link(mine); location.reload(); return; }
    byId("result").append(...friends.map((s) => el("div", { class: "invite" },
      el("span", {}, t("Invite link for seat {n}:", { n: s.seat + 1 })), el("input", { readonly: true, value: link(s) }))),
      el("p", {}, el("a", { href: link(mine), onclick: () => setTimeout(() => location.reload(), 50) }, t("Go to my table"))));
  } catch (err) { toast(String(/** @type {Error} */ (err).message)); }
}

byId("call").addEventListener("click", () => { if (current && current.call) send(current.call); });
langSwitch(() => {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ lang: currentLang() }));  // the words come again
  if (current) render();
}, toast).then(connect);
