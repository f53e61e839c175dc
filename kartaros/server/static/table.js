// The table page: a seat's view pushed over a WebSocket, moves sent back over it.
// The token travels in the URL's #fragment, which browsers never send to the server.
// The view's words come in the page's language (?lang= on the socket, {"lang"} when it changes).
const tableId = location.pathname.split("/").pop();
const token = new URLSearchParams(location.hash.slice(1)).get("token");
let socket = null;
let current = null;
let selected = new Set();
let autoTimer = null;
let sentSeq = -1;  // the seq of the view a move was last sent from: one move per view
let lastError = "";  // the last error the server sent, in the page's language
const AUTOPLAY_MS = Number(localStorage.getItem("kartaros.autoplayMs") ?? 500);

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/api/tables/${tableId}/ws?lang=${encodeURIComponent(LANG)}`);
  socket.onopen = () => { socket.send(JSON.stringify(token ? { token } : {})); setStatus(""); };
  socket.onmessage = (message) => {
    const data = JSON.parse(message.data);
    if (data.error) { lastError = errorText(data); toast(lastError); sentSeq = -1; return; }
    current = data; render();
  };
  socket.onclose = (event) => {
    if (event.code >= 4400) { setStatus(lastError || t("This table cannot be opened.")); return; }  // no retry
    setStatus(t("Connection lost, reconnecting…")); setTimeout(connect, 1500);
  };
}

function setStatus(text) {
  const status = document.getElementById("status");
  status.removeAttribute("data-t");  // set by the socket from now on, not by the language switch
  status.textContent = text;
}

function send(action) {
  if (!current || socket.readyState !== WebSocket.OPEN || current.seq === sentSeq) return;
  sentSeq = current.seq;
  clearTimeout(autoTimer);
  selected.clear();
  document.querySelectorAll("#moves button, #call").forEach((b) => { b.disabled = true; });
  socket.send(JSON.stringify({ action, seq: current.seq }));
}

// The notation beside a move's words: one that is an English word (draw, pass …) only in English.
function notation(action) { return LANG === "en" || !/[a-z]{2,}/.test(action) ? action : ""; }

function actionCards(action) { return action.match(/(?<![A-Z0-9])([2-9TJQKA][SHDC]|RJ|BJ)(?![A-Z0-9])/g) || []; }

function render() {
  const v = current;
  document.title = `kartaros · ${v.title}${v.seat === null ? "" : " · " + v.names[v.seat]}`;
  document.getElementById("title").textContent = `${v.title} · ${v.names.join(" · ")}`;
  renderRows(v);
  renderMoves(v);
  const log = document.getElementById("log");
  log.replaceChildren(...v.words.log.map((line) => el("div", {}, line)));
  log.scrollTop = log.scrollHeight;
  renderResult(v);
}

function renderRows(v) {
  const box = document.getElementById("rows");
  if (!v.words.table) {
    box.replaceChildren(el("div", { class: "label" }, t("You are watching this table.")), el("div", {}, ""));
    return;
  }
  const nodes = [];
  for (const row of v.words.table) {
    if (!row.label) { nodes.push(el("div", {}), el("div", {})); continue; }
    const value = el("div", {});
    if (row.backs) value.append(el("span", { class: "cards backs" }, ...Array.from({ length: Math.min(row.backs, 6) }, backEl)), " ");
    if (row.more) value.append("… ");
    if (row.cards && !row.cards.length && !row.backs) value.append(el("span", { class: "status" }, "—"));
    if (row.cards && row.cards.length) {
      const cards = el("span", { class: "cards" });
      // A card that some legal move names can be clicked to narrow the moves to it.
      const named = new Set(v.legal.flatMap(actionCards));
      for (const code of row.cards) {
        const card = cardEl(code);
        if (named.has(code)) {
          card.classList.add("selectable");
          if (selected.has(code)) card.classList.add("selected");
          card.addEventListener("click", () => { selected.has(code) ? selected.delete(code) : selected.add(code); render(); });
        }
        cards.append(card);
      }
      value.append(cards);
    }
    if (row.note) value.append(el("span", { class: "note" + (row.alert ? " alert" : row.mover ? " to-move" : "") }, row.note));
    nodes.push(el("div", { class: "label" }, row.label), value);
  }
  box.replaceChildren(...nodes);
}

// A game played with calls (``v.call``: the action that calls out a miss) has a big call
// button, live whenever this seat may call.
function hasCallButton(v) { return v.call !== null && v.seat !== null && !v.over; }

function renderCall(v) {
  const button = document.getElementById("call");
  button.hidden = !hasCallButton(v);
  button.textContent = v.words.call_button || "";
  button.disabled = !v.legal.includes(v.call);
  const call = v.words.moves.find((m) => m.action === v.call);
  button.title = call ? call.text : "";
}

function renderMoves(v) {
  const turn = document.getElementById("turn");
  const box = document.getElementById("moves");
  clearTimeout(autoTimer);
  renderCall(v);
  if (v.over || v.seat === null) { turn.textContent = ""; box.replaceChildren(); document.getElementById("hint").hidden = true; return; }
  if (!v.legal.length) {
    const mover = v.current_player;
    turn.textContent = mover === null ? "" : t("Waiting for {name}", { name: v.names[mover] });
    box.replaceChildren();
    document.getElementById("hint").hidden = true;
    return;
  }
  turn.textContent = v.words.turn ? t("Your move: {what}", { what: v.words.turn }) : t("Your move");
  const wanted = [...selected];
  const ownButton = hasCallButton(v);  // the call has its own button then
  const moves = v.words.moves.filter((m) => !(ownButton && m.action === v.call) && wanted.every((c) => actionCards(m.action).includes(c)));
  box.replaceChildren(...moves.map((m) => el("button", {
    class: m.action === v.call ? "call" : "", "data-action": m.action, onclick: () => send(m.action),
  }, m.text, el("small", {}, notation(m.action)))));
  document.getElementById("hint").hidden = !v.legal.some((a) => actionCards(a).length);
  // A step without a choice (a forced draw) is played for the person, after a moment to see it.
  if (v.legal.length === 1) autoTimer = setTimeout(() => send(v.legal[0]), AUTOPLAY_MS);
}

function renderResult(v) {
  const box = document.getElementById("result");
  if (!v.over) { box.hidden = true; return; }
  const best = Math.max(...v.returns);
  const everyone = v.returns.every((r) => r === best);
  let head = t("The game is over.");
  if (v.seat !== null) head = everyone ? t("The game is drawn.") : v.returns[v.seat] === best ? t("You win!") : t("You lose.");
  const scores = v.names.map((n, i) => `${n}: ${v.returns[i]}`).join(" · ");
  // How it ended, told by the game in the page's language (the engine's detail is English).
  const detail = v.words.end || (LANG === "en" && v.result ? v.result.detail : "");
  box.replaceChildren(el("p", {}, el("strong", {}, head), " ", detail), el("p", { class: "status" }, scores));
  if (v.seat !== null) box.append(el("button", { onclick: rematch }, t("Rematch")));
  box.hidden = false;
}

async function rematch() {
  const v = current;
  const seats = v.seats.map((kind, i) => (i === v.seat ? "human" : kind));
  try {
    const made = await api(withLang("/api/tables"), { method: "POST", body: JSON.stringify({ game: v.game, players: seats.length, seats, variant: v.variant, names: v.names }) });
    const mine = made.seats.find((s) => s.seat === v.seat) || made.seats[0];
    const link = (s) => `${location.origin}/t/${made.table}#token=${encodeURIComponent(s.token)}`;
    const friends = made.seats.filter((s) => s !== mine);
    if (!friends.length) { location.href = link(mine); location.reload(); return; }
    document.getElementById("result").append(...friends.map((s) => el("div", { class: "invite" },
      el("span", {}, t("Invite link for seat {n}:", { n: s.seat + 1 })), el("input", { readonly: "", value: link(s) }))),
      el("p", {}, el("a", { href: link(mine), onclick: () => setTimeout(() => location.reload(), 50) }, t("Go to my table"))));
  } catch (err) { toast(err.message); }
}

document.getElementById("call").addEventListener("click", () => { if (current && current.call && current.legal.includes(current.call)) send(current.call); });
langSwitch(() => {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ lang: LANG }));  // the words come again
  if (current) render();
}).then(connect);
