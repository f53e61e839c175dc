// Shared by every page: language, cards, small helpers. All data comes from the public API.
const TEXT = {
  en: { play: "Play", replays: "Replays", newTable: "New table", players: "Players", seat: "Seat", me: "Me", friend: "A friend",
        easy: "Bot (easy)", medium: "Bot (medium)", hard: "Bot (hard)", name: "Your name", options: "Rule options",
        create: "Create the table", invite: "Invite link for seat", copy: "Copy", goTable: "Go to my table", rules: "Rules",
        rulesSr: "Serbian original", yourMove: "Your move", waiting: "Waiting for", spectating: "You are watching this table.",
        over: "The game is over.", rematch: "Rematch", win: "You win!", lose: "You lose.", draw: "The game is drawn.",
        log: "What happened", moves: "Your moves", connecting: "Connecting…", reconnect: "Connection lost, reconnecting…",
        finished: "Finished games", game: "Game", result: "Result", when: "When", view: "Watch", back: "◀ Back",
        forward: "Forward ▶", start: "⏮ Start", end: "End ⏭", move: "Move", chooseGame: "Choose a game", pick: "Select cards to filter the moves.",
        none: "No finished games yet.", player: "Player", easyLevel: "easy", mediumLevel: "medium", hardLevel: "hard" },
  sr: { play: "Igraj", replays: "Snimci", newTable: "Novi sto", players: "Igrači", seat: "Mesto", me: "Ja", friend: "Prijatelj",
        easy: "Bot (lak)", medium: "Bot (srednji)", hard: "Bot (težak)", name: "Tvoje ime", options: "Pravila (opcije)",
        create: "Napravi sto", invite: "Pozivni link za mesto", copy: "Kopiraj", goTable: "Idi za moj sto", rules: "Pravila",
        rulesSr: "Srpski original", yourMove: "Tvoj potez", waiting: "Čeka se", spectating: "Gledaš ovaj sto.",
        over: "Igra je završena.", rematch: "Revanš", win: "Pobedio si!", lose: "Izgubio si.", draw: "Nerešeno.",
        log: "Šta se desilo", moves: "Tvoji potezi", connecting: "Povezivanje…", reconnect: "Veza prekinuta, ponovo se povezujem…",
        finished: "Završene igre", game: "Igra", result: "Rezultat", when: "Kada", view: "Pogledaj", back: "◀ Nazad",
        forward: "Napred ▶", start: "⏮ Početak", end: "Kraj ⏭", move: "Potez", chooseGame: "Izaberi igru", pick: "Izaberi karte da suziš poteze.",
        none: "Još nema završenih igara.", player: "Igrač", easyLevel: "lak", mediumLevel: "srednji", hardLevel: "težak" },
};
let LANG = localStorage.getItem("kartaros.lang") || ((navigator.language || "en").startsWith("sr") ? "sr" : "en");
function t(key) { return (TEXT[LANG] && TEXT[LANG][key]) || TEXT.en[key] || key; }
function applyText(root = document) {
  root.querySelectorAll("[data-t]").forEach((el) => { el.textContent = t(el.dataset.t); });
}
function langSwitch(onChange) {
  const sel = document.getElementById("lang");
  if (!sel) return;
  sel.value = LANG;
  sel.addEventListener("change", () => { LANG = sel.value; localStorage.setItem("kartaros.lang", LANG); applyText(); if (onChange) onChange(); });
  applyText();
}
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v; else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined) node.setAttribute(k, v);
  }
  for (const c of children) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
function cardEl(code) {
  if (code === "RJ" || code === "BJ") {
    return el("span", { class: "card joker" + (code === "RJ" ? " red" : ""), title: code, "data-code": code }, "JOKER");
  }
  const rank = code[0] === "T" ? "10" : code[0];
  const suit = code[1];
  return el("span", { class: "card" + (suit === "H" || suit === "D" ? " red" : ""), title: code, "data-code": code },
    el("span", {}, rank), el("span", { class: "suit" }, SUITS[suit] || suit));
}
function backEl() { return el("span", { class: "card back" }); }
function toast(message) {
  const box = document.getElementById("toast");
  if (!box) return;
  box.textContent = message; box.style.display = "block";
  clearTimeout(toast.timer); toast.timer = setTimeout(() => { box.style.display = "none"; }, 4000);
}
async function api(path, options = {}) {
  const response = await fetch(path, { headers: { "Content-Type": "application/json", ...(options.headers || {}) }, ...options });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(body.error || `HTTP ${response.status}`);
  return body;
}
