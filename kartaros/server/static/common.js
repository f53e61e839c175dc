// Shared by every page: language, cards, small helpers. All data comes from the public API.
// The pages are written in English: t("Your move"), t("Invite link for seat {n}", { n: 2 }), and
// data-t="…" on an element whose text is a message. Another language's words come once from
// GET /api/words (the shared catalog) before a page draws anything.
const LANGUAGES = [...document.querySelectorAll("#lang option")].map((o) => o.value);  // listed by the server
let LANG = pickLanguage();
let WORDS = {};  // English message → its words in LANG (none for English)

function pickLanguage() {
  const offered = (code) => LANGUAGES.includes(code) ? code : null;
  const browser = navigator.language || "en";
  const guess = browser.startsWith("sr") ? (/cyrl/i.test(browser) && offered("sr-Cyrl")) || "sr" : "en";
  return offered(localStorage.getItem("kartaros.lang")) || offered(guess) || "en";
}

// A message in the page's language, with its {fields} filled from values.
function t(message, values = {}) {
  const text = WORDS[message] || message;
  return text.replace(/\{(\w+)\}/g, (field, name) => (name in values ? String(values[name]) : field));
}

async function loadWords() {
  WORDS = LANG === "en" ? {} : (await api(`/api/words?lang=${encodeURIComponent(LANG)}`)).words;
}

function applyText(root = document) {
  document.documentElement.lang = LANG;
  root.querySelectorAll("[data-t]").forEach((node) => { node.textContent = t(node.dataset.t); });
  const sel = document.getElementById("lang");
  if (sel) sel.setAttribute("aria-label", t("Language"));
}

// The language switch; start() draws the page once the words are there, onChange when they change.
async function langSwitch(onChange) {
  const sel = document.getElementById("lang");
  if (sel) {
    sel.value = LANG;
    sel.addEventListener("change", async () => {
      LANG = sel.value;
      localStorage.setItem("kartaros.lang", LANG);
      try { await loadWords(); } catch (err) { toast(err.message); }
      applyText();
      if (onChange) onChange();
    });
  }
  try { await loadWords(); } catch (err) { LANG = "en"; WORDS = {}; if (sel) sel.value = LANG; toast(err.message); }
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
    return el("span", { class: "card joker" + (code === "RJ" ? " red" : ""), title: code, "data-code": code }, t("JOKER"));
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
// An error's words for a person: the server's own, in the language asked, where it has them.
function errorText(body, status) {
  return body.words || body.error || t("The server did not answer (HTTP {status})", { status });
}
async function api(path, options = {}) {
  const response = await fetch(path, { headers: { "Content-Type": "application/json", ...(options.headers || {}) }, ...options });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(errorText(body, response.status));
  return body;
}
// A path with the page's language as ?lang=, for requests whose answer has words.
function withLang(path) { return `${path}${path.includes("?") ? "&" : "?"}lang=${encodeURIComponent(LANG)}`; }
