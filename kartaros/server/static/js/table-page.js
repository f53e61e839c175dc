// The table page: a seat's view pushed over a WebSocket, moves sent back over it. The game's own
// module (``/games/<name>/table.js``) lays the table out; the moves in words stay beside it.
// The token travels in the URL's #fragment, which browsers never send to the server.
// The view's words come in the page's language (?lang= on the socket, {"lang"} when it changes).
import { actionCards } from "./cards.js";
import * as chat from "./chat.js";
import { api, el, errorText, toast } from "./dom.js";
import { renderHint } from "./hint.js";
import * as lessonPanel from "./lesson-panel.js";
import * as motion from "./motion.js";
import * as puzzleMode from "./puzzle-mode.js";
import * as rows from "./rows.js";
import { showClock, showLeaving } from "./seat-clock.js";
import { keepSeatToken, seatToken } from "./person.js";
import { fillWithBots, renderSeats, waiting } from "./seats-panel.js";
import { currentLang, formatNumber, langSwitch, reloadWords, t, useGameWords, withLang } from "./words.js";

/** @typedef {import("./types.js").View} View */
/** @typedef {import("./types.js").GameTable} GameTable */

const tableId = location.pathname.split("/").pop() || "";
// The seat's token is kept in the browser too: the table's page opened again without it (a
// bookmark, the lobby's "back to my seat") resumes the seat.
const token = new URLSearchParams(location.hash.slice(1)).get("token") || seatToken(tableId);
if (token) keepSeatToken(tableId, token);
// ``/puzzles/<game>/<id>``: a puzzle's position, with no socket; a move is checked, not played.
const puzzle = puzzleMode.puzzleOf(location.pathname);
const AUTOPLAY_MS = Number(localStorage.getItem("kartaros.autoplayMs") ?? 500);
const speed = /** @type {HTMLSelectElement} */ (document.getElementById("speed"));
speed.value = localStorage.getItem("kartaros.speed") ?? "900";
if (speed.selectedIndex < 0) speed.value = "900";
speed.addEventListener("change", () => {
  localStorage.setItem("kartaros.speed", speed.value);
  if (held && !Number(speed.value)) goOn();  // instant: nothing waits
});
const OWN_MOVE_MS = 200;  // the person's own move: its motion, and the moment before the next player's shows
const PAUSE_STEPS = 4;  // a pause on the table lasts this many of the speed's steps …
const PAUSE_MOST_MS = 6000;  // … at most

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
/** @type {View[]} views that came while the last one was still being shown (others' moves are paced) */
const queue = [];
/** @type {number | undefined} */
let paceTimer;
let pacing = false;  // a view is being shown, or stays its time: the queue waits
let held = false;  // the table holds a view to look at (the game's ``pauseAt``) until the person goes on
/** @type {number | undefined} */
let holdTimer;
/** @type {View | null} the view last drawn: the next one moves from it */
let drawn = null;
/** @type {Set<string>} the cards of the last move, marked on the table until the next */
let lastMove = new Set();
/** @type {Map<number, string>} the game's history in words, by event index, as far as it has been seen */
const history = new Map();
/** @type {Record<string, any>[]} the seat's history as the pushes brought it (each brings what is new) */
let events = [];
let askedWhole = false;  // a push did not follow on from the events held: the whole view is asked for
let seenEvents = 0;  // events shown so far: the newer ones are highlighted
let sentSeq = -1;  // the seq of the view a move was last sent from: one move per view
let lastError = "";  // the last error the server sent, in the page's language

/** @param {string} id */
function byId(id) { return /** @type {HTMLElement} */ (document.getElementById(id)); }

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const lang = encodeURIComponent(currentLang());
  // A lesson (``/learn/<game>``) runs on a socket of its own, a new one for each visit.
  const path = lessonPanel.lessonGame
    ? `/api/learn/${encodeURIComponent(lessonPanel.lessonGame)}/ws?lang=${lang}&name=${encodeURIComponent(localStorage.getItem("kartaros.name") || "")}`
    : `/api/tables/${tableId}/ws?lang=${lang}`;
  const ws = new WebSocket(`${scheme}://${location.host}${path}`);
  socket = ws;
  ws.onopen = () => { ws.send(JSON.stringify(token ? { token } : {})); ws.send(JSON.stringify({ read_chat: true })); setStatus(""); };
  if (token) remember(tableId);
  ws.onmessage = (message) => {
    const data = JSON.parse(message.data);
    if (data.about === "chat") { chat.refused(data); return; }
    if (chat.isChat(data)) { chat.received(data); return; }
    if (data.error) {
      // No move waits for an answer: it refuses a "why not" asked as the table moved on, which
      // tells the person nothing; it may be asked again.
      if (sentSeq === -1 && asking.size) { forgetAsked(); return; }
      refused(data);
      return;
    }
    if (typeof data.explain === "string") { explained(data.explain, data.words); return; }
    const view = whole(data);
    if (view === null) return;
    if (current === null || view.words.lang !== current.words.lang) { queue.length = 0; show(view); return; }
    queue.push(view);
    if (!pacing) next();
  };
  ws.onclose = (event) => {
    if (event.code >= 4400) { setStatus(lastError || t("This table cannot be opened.")); return; }  // no retry
    setStatus(t("Connection lost, reconnecting…"));
    setTimeout(connect, 1500);
  };
}

/**
 * A pushed view made whole again: a table's socket sends each view with only the events the page
 * does not hold yet, from ``events_from`` on, after the ones it holds (a view without
 * ``events_from``, a lesson's or one fetched, is whole). Everything that reads the view (the
 * game's table module, the motions, the log) sees the whole history, in a list of its own (an
 * older view keeps its own). A push that starts past what the page holds, or does not add up to
 * the history's length, is not shown: the page asks for the whole view once, and shows that.
 * @param {View} data
 * @returns {View | null}
 */
function whole(data) {
  const from = data.events_from;
  /** @type {Record<string, any>[]} */
  const pushed = data.view.events ?? [];
  if (from === undefined) { events = pushed; return data; }
  const all = from === 0 ? pushed : from <= events.length ? events.slice(0, from).concat(pushed) : null;
  if (all === null || (data.view.event_count !== undefined && data.view.event_count !== all.length)) {
    if (!askedWhole && socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ full_view: true }));
    askedWhole = true;
    return null;
  }
  if (from === 0) askedWhole = false;
  events = all;
  return { ...data, view: { ...data.view, events: all } };
}

/**
 * The server refused what was sent (a try onto a pile the card does not fit, a move too late):
 * its words show, and the table is drawn again as it was, playable (the state is unchanged).
 * @param {{ words?: string, error?: string, lesson?: boolean }} data
 */
function refused(data) {
  lastError = errorText(data);
  if (data.lesson) lessonPanel.refused(lastError);  // a lesson says it in its panel
  else toast(lastError);
  if (current !== null && current.seq === sentSeq && !queue.length) { sentSeq = -1; render(); } else sentSeq = -1;
}

/** @type {Map<string, string>} why each try asked about cannot be made (by ``reasonKey``) */
const reasons = new Map();
/** @type {Map<string, string>} the tries asked about and not answered yet, with their ``reasonKey`` */
const asking = new Map();
let pressedTry = "";  // the try of an element held down: its reason shows as a toast when it comes

/** A reason holds for one view, in one language. @param {View} v @param {string} try_ */
function reasonKey(v, try_) { return `${v.seq}:${currentLang()}:${try_}`; }

/**
 * Why a try cannot be made now, in the rules' words, on hover, focus or a long press of an
 * element the layout marks with ``data-try`` (what is not live): asked of the server once per
 * view and language, which works it out on worlds the seat cannot tell apart (nothing hidden is
 * told). Not asked once a move was sent from the view: the server has moved on.
 * @param {HTMLElement} root
 */
function explainOnHover(root) {
  const v = current;
  if (!v || v.seat === null || v.current_player !== v.seat) return;
  root.querySelectorAll("[data-try]").forEach((node) => {
    const element = /** @type {HTMLElement} */ (node);
    const try_ = element.dataset.try || "";
    const key = reasonKey(v, try_);
    const known = reasons.get(key);
    if (known) { describe(element, known); return; }
    const ask = () => {
      if (reasons.has(key) || v !== current || v.seq === sentSeq || !socket || socket.readyState !== WebSocket.OPEN) return;
      reasons.set(key, "");
      asking.set(try_, key);
      socket.send(JSON.stringify({ explain: try_ }));
    };
    element.addEventListener("mouseenter", ask);
    element.addEventListener("focus", ask);
    /** @type {number | undefined} */
    let press;
    const release = () => clearTimeout(press);
    element.addEventListener("pointerdown", () => {
      press = window.setTimeout(() => {
        const said = reasons.get(key);
        if (said) toast(said);  // a touch screen has no tooltip
        else { pressedTry = try_; ask(); }
      }, 500);
    });
    for (const type of ["pointerup", "pointerleave", "pointercancel"]) element.addEventListener(type, release);
  });
}

/** The "why not"s asked and not answered are forgotten, to be asked again on the next hover. */
function forgetAsked() {
  for (const key of asking.values()) reasons.delete(key);
  asking.clear();
  pressedTry = "";
}

/** The reason as an element's tooltip and its description for a screen reader. @param {HTMLElement} element @param {string} words */
function describe(element, words) {
  element.title = words;
  element.setAttribute("aria-description", words);
}

/**
 * The server's answer: the reason goes onto every element of that try on the table shown (if
 * it is still the view and language asked about), and shows as a toast after a long press.
 * @param {string} try_
 * @param {string} words
 */
function explained(try_, words) {
  const key = asking.get(try_);
  asking.delete(try_);
  if (!key || !current) return;
  reasons.set(key, words);
  if (pressedTry === try_) { pressedTry = ""; toast(words); }
  if (key !== reasonKey(current, try_)) return;
  document.querySelectorAll("#table [data-try]").forEach((node) => {
    const element = /** @type {HTMLElement} */ (node);
    if (element.dataset.try === try_) describe(element, words);
  });
}

/** What the seat may try now: the view's offers (older servers: the legal actions). @param {View} v */
function offersOf(v) { return v.offers ?? v.legal; }

/** Show a view now. @param {View} view */
function show(view) {
  current = view;
  return loadLayout(view.game).then(render);
}

/** Whether ``view`` follows the person's own move in ``before``. @param {View} before @param {View} view */
function ownMove(before, view) {
  return before.seat !== null && before.current_player === before.seat && before.seq + 1 === view.seq;
}

/**
 * Show the next queued view, then wait before the one after it: a person follows the other
 * players' moves one by one at the page's speed; their own move shows at once and stays a
 * moment, and a change of language shows at once. A view the game's table module wants looked
 * at (``pauseAt``: a showdown) holds the queue until the person goes on, or a timer does.
 */
function next() {
  paceTimer = undefined;
  if (held) return;
  const view = queue.shift();
  if (!view) { pacing = false; return; }
  pacing = true;
  const before = current;
  show(view).catch((err) => console.error(err)).then(() => {
    const step = Number(speed.value);
    if (step && before && pausesAt(before, view)) { hold(step); return; }
    const wait = before && ownMove(before, view) ? Math.min(OWN_MOVE_MS, step) : step;
    if (wait) paceTimer = window.setTimeout(next, wait);  // a view arriving meanwhile waits its turn
    else next();
  });
}

/** @param {View} before @param {View} view */
function pausesAt(before, view) {
  if (!layout.pauseAt || before.table !== view.table) return false;
  try { return layout.pauseAt(before, view); } catch (err) { console.error(err); return false; }
}

/**
 * Hold the table as it is: the views after it wait until the person clicks Continue, or until a
 * few of the speed's steps have passed. The person may still play meanwhile (that goes on too);
 * a forced step of theirs waits for the end of the pause. Continue takes the keyboard's focus
 * only where nothing has it, so a card or a pile the person is on stays theirs.
 * @param {number} step
 */
function hold(step) {
  held = true;
  clearTimeout(autoTimer);
  const ms = Math.min(PAUSE_STEPS * step, PAUSE_MOST_MS);
  holdTimer = window.setTimeout(goOn, ms);
  const button = byId("continue");
  button.hidden = false;
  const bar = button.querySelector(".continue-timer");
  if (bar && !window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) {
    bar.animate([{ transform: "scaleX(1)" }, { transform: "scaleX(0)" }], { duration: ms, easing: "linear", fill: "forwards" });
  }
  if (!document.activeElement || document.activeElement === document.body) button.focus();
}

/** The pause ends: the views that waited follow at the page's speed. */
function goOn() {
  if (!held) return;
  held = false;
  clearTimeout(holdTimer);
  const button = byId("continue");
  const focused = document.activeElement === button;
  button.querySelector(".continue-timer")?.getAnimations().forEach((a) => a.cancel());
  button.hidden = true;
  if (focused) {  // the keyboard goes on to where a move can be made (else Tab goes on from here)
    const live = document.querySelector("#table button.live:enabled, #table button:enabled");
    if (live instanceof HTMLElement) live.focus(); else button.blur();
  }
  if (current) autoplay(current);
  next();
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

/** This browser sat at ``table``: its replay is listed on the replays page. @param {string} table */
function remember(table) {
  /** @type {string[]} */
  let played = [];
  try { played = JSON.parse(localStorage.getItem("kartaros.played") || "[]"); } catch { played = []; }
  localStorage.setItem("kartaros.played", JSON.stringify([table, ...played.filter((t) => t !== table)].slice(0, 100)));
}

/** @param {string} text */
function setStatus(text) {
  const status = byId("status");
  status.removeAttribute("data-t");  // set by the socket from now on, not by the language switch
  status.textContent = text;
}

/**
 * Play a try of the view shown (once per view, until the server refuses it): one of its offers,
 * which the server plays as the legal action it is, or refuses with the rules' words of why.
 * @param {string} action
 */
function send(action) {
  if (!current || current.seq === sentSeq) return;
  if (!puzzle && (!socket || socket.readyState !== WebSocket.OPEN)) return;
  if (!offersOf(current).includes(action)) return;
  sentSeq = current.seq;
  clearTimeout(autoTimer);
  if (held) goOn();  // playing on is going on
  selected.clear();
  document.querySelectorAll("#moves button, #call, #table button").forEach((b) => { /** @type {HTMLButtonElement} */ (b).disabled = true; });
  if (puzzle) puzzleMode.answer(puzzle, action, puzzlePage);
  else socket?.send(JSON.stringify({ action, seq: current.seq }));
}

/** What the puzzle mode may do on the page: show a refusal, let the person try again. */
const puzzlePage = { refused, retry: () => { sentSeq = -1; if (current) current = puzzleMode.freshTry(current); render(); } };

/** The puzzle's position, in the page's language. @param {puzzleMode.PuzzleRef} p */
function openPuzzle(p) {
  puzzleMode.load(p, puzzlePage).then((view) => { setStatus(""); return show(view); })
    .catch((err) => setStatus(err instanceof Error ? err.message : String(err)));
}

/** The notation beside a move's words: one that is an English word (draw, pass …) only in English. @param {string} action */
function notation(action) { return currentLang() === "en" || !/[a-z]{2,}/.test(action) ? action : ""; }

function render() {
  const v = current;
  if (!v) return;
  for (const code of [...selected]) if (!offersOf(v).some((a) => actionCards(a).includes(code))) selected.delete(code);
  document.title = `kartaros · ${v.title}${v.seat === null ? "" : " · " + v.names[v.seat]}`;
  byId("title").textContent = `${v.title} · ${v.names.join(" · ")}`;
  const root = byId("table");
  // Motion from the view drawn last to this one; a redraw of the same view (a card selected, the
  // language changed) moves nothing and keeps the last move marked.
  const from = drawn !== null && drawn.table === v.table && drawn.seq !== v.seq ? drawn : null;
  const plan = from ? motion.prepare(root, layout, from, v) : null;
  motion.settle(root);
  layout.render({ view: v, root, selected, send, redraw: render });
  // A call window is a race with no turns: the seat the engine would ask first is not "to move".
  root.toggleAttribute("data-call-window", Boolean(v.window));
  explainOnHover(root);
  if (plan && from) {
    motion.play(plan, root, motionMs(from, v));
    lastMove = plan.named;
  } else if (drawn === null || drawn.seq !== v.seq) lastMove = new Set();
  motion.mark(root, lastMove);
  drawn = v;
  chat.setView(v);
  renderSeats(v, token);
  renderMoves(v);
  renderLog(v);
  renderResult(v);
  lessonPanel.render(v, () => { if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ next: true })); });
  renderHint(v, root, layout);  // the hint's move marked, once the moves and the table are drawn
  showClock(v);
  showLeaving(v, askTable);
}

/** Ask the table for one of its events (resign, a draw offer, the seat back). @param {string} kind */
function askTable(kind) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ table_event: kind }));
}

/**
 * How long the motion from ``from`` to ``v`` takes: nothing at the instant speed, the person's
 * own move quickly, the others' within the speed's step (so it has landed before the next).
 * @param {View} from
 * @param {View} v
 */
function motionMs(from, v) {
  const step = Number(speed.value);
  if (!step) return 0;
  return ownMove(from, v) ? Math.min(OWN_MOVE_MS, step) : Math.round(Math.min(step * 0.45, 800));
}

/**
 * The log keeps every event seen (the server sends the latest ones); the ones new since the last
 * view are highlighted; it follows the newest only while the person has not scrolled up.
 * @param {View} v
 */
function renderLog(v) {
  v.words.log.forEach((line, i) => history.set(v.words.log_from + i, line));
  const total = v.words.log_from + v.words.log.length;
  if (total < seenEvents) { history.clear(); v.words.log.forEach((line, i) => history.set(v.words.log_from + i, line)); }
  const log = byId("log");
  const following = log.scrollHeight - log.scrollTop - log.clientHeight < 24;
  const fresh = seenEvents;
  // the game's events in order, and the table's (a bot taking a seat over, a draw offer …) each
  // in its place among them: before the game's event numbered by its ``table_log_at``
  /** @type {[number, number, HTMLElement][]} */
  const lines = [...history.entries()].map(([index, line]) => [index, 1, el("div", { class: index >= fresh ? "latest" : "" }, line)]);
  const at = v.words.table_log_at || [];
  (v.words.table_log || []).forEach((line, i) => lines.push([at[i] ?? Infinity, 0, el("div", { class: "table-event" }, line)]));
  lines.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  log.replaceChildren(...lines.map(([, , line]) => line));
  seenEvents = total;
  if (following) log.scrollTop = log.scrollHeight;
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
  // Over, or watched: there will be no moves to list, so the fallback is not shown empty (and
  // a spectator's panel, with nothing else in it, not at all: app.css).
  byId("moves-box").hidden = v.over || v.seat === null || waiting(v);  // nobody moves before all sit
  renderCall(v);
  showWindow(v);
  if (v.window) {  // a race for the call: no turns until it closes
    turn.textContent = v.window.may_call ? t("A miss! Be the first to call it.") : t("The others may call the miss now.");
    box.replaceChildren();
    hint.hidden = true;
    return;
  }
  if (v.over || v.seat === null) { turn.textContent = ""; box.replaceChildren(); hint.hidden = true; return; }
  if (!offersOf(v).length) {
    const mover = v.current_player;
    // A lesson's learner waits for nobody (its panel says what to do); while seats are free nobody
    // moves (the players' panel says whom the game waits for).
    turn.textContent = mover === null || (v.lesson && mover === v.seat) || waiting(v) ? "" : t("Waiting for {name}", { name: v.names[mover] });
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
  hint.hidden = layout.byHand || !offersOf(v).some((a) => actionCards(a).length);
  autoplay(v);
}

/**
 * A step without a choice (a forced draw) is played for the person, after a moment to see it;
 * while the table holds a view to look at, it waits for the end of the pause.
 * @param {View} v
 */
function autoplay(v) {
  clearTimeout(autoTimer);
  const offers = offersOf(v);
  // In a lesson every move is the learner's to make by hand, a forced one too.
  if (held || v.over || v.seat === null || offers.length !== 1 || v.seq === sentSeq || v.lesson) return;
  const only = offers[0];
  autoTimer = window.setTimeout(() => send(only), AUTOPLAY_MS);
}

/** @type {number | undefined} */
let windowTimer;

/**
 * An open call window's time left, counted down on the page from the server's ``closes_in``
 * (the server's clock decides; this only shows it).
 * @param {View} v
 */
function showWindow(v) {
  const left = byId("window-left");
  clearInterval(windowTimer);
  if (!v.window) { left.hidden = true; return; }
  const closes = performance.now() + v.window.closes_in * 1000;
  const tick = () => {
    const seconds = Math.max(0, (closes - performance.now()) / 1000);
    left.textContent = t("{seconds} s left", { seconds: formatNumber(seconds, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) });
    if (!seconds) clearInterval(windowTimer);
  };
  tick();
  left.hidden = false;
  windowTimer = window.setInterval(tick, 100);
}

/** @param {View} v */
function renderResult(v) {
  const box = byId("result");
  if (!v.over) { box.hidden = true; return; }
  const best = Math.max(...v.returns);
  const everyone = v.returns.every((r) => r === best);
  let head = t("The game is over.");
  if (v.seat !== null) head = everyone ? t("The game is drawn.") : v.returns[v.seat] === best ? t("You win!") : t("You lose.");
  const scores = v.names.map((n, i) => `${n}: ${formatNumber(v.returns[i])}`).join(" · ");
  const detail = v.words.end || "";  // how it ended, told by the game in the page's language
  box.replaceChildren(el("p", {}, el("strong", {}, head), " ", detail), el("p", { class: "status" }, scores));
  if (v.seat !== null) box.append(el("button", { onclick: rematch }, t("Rematch")), " ");
  box.append(el("a", { href: `/replays?table=${encodeURIComponent(v.table)}#move=0`, id: "watch-replay" }, t("Watch the replay")));
  box.hidden = false;
}

async function rematch() {
  const v = current;
  if (!v) return;
  const seats = v.seats.map((kind, i) => (i === v.seat ? "human" : kind));
  try {
    const made = await api(withLang("/api/tables"), { method: "POST", body: JSON.stringify({ game: v.game, players: seats.length, seats, variant: v.variant, names: v.names,
      // the same move clock, and what running out does
      clock: v.clock ? { per_move: v.clock.per_move, reserve: v.clock.reserve } : null, on_timeout: v.on_timeout || "bot" }) });
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

chat.mount((message) => {
  if (!socket || socket.readyState !== WebSocket.OPEN) return false;
  socket.send(JSON.stringify(message));
  return true;
});
byId("call").addEventListener("click", () => { if (current && current.call) send(current.call); });
byId("continue").addEventListener("click", goOn);
byId("fill").addEventListener("click", () => { if (token) fillWithBots(tableId, token); });
langSwitch(() => {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ lang: currentLang() }));  // the words come again
  if (puzzle) openPuzzle(puzzle);
  else if (current) render();
}, toast).then(() => (puzzle ? openPuzzle(puzzle) : connect()));
