// The table's chat: the people seated write, everyone at the table reads. Messages arrive on the
// table's socket ({"chat": [...]}); each shows as text, never as markup (textContent only). A seat
// may mute another: the server stops sending that seat's messages to it, and says whom it muted.
import { el, errorText } from "./dom.js";
import { t } from "./words.js";

/** @typedef {import("./types.js").View} View */
/** @typedef {{ seat: number, text: string, at: number }} ChatLine */
/** @typedef {{ chat: ChatLine[], muted?: number[], chat_history?: boolean }} ChatMessage */

const MAX_CHAT = 200;  // characters: the server refuses longer ones

/** @param {string} id */
function byId(id) { return /** @type {HTMLElement} */ (document.getElementById(id)); }

/** @type {ChatLine[]} */
let lines = [];
/** @type {Set<number>} seats this seat muted */
let muted = new Set();
/** @type {View | null} */
let view = null;
/** @type {(message: object) => boolean} sends on the table's socket; false: not open */
let sendMessage = () => false;

/**
 * Wire the chat panel of the page to the table's socket.
 * @param {(message: object) => boolean} send
 */
export function mount(send) {
  sendMessage = send;
  const input = /** @type {HTMLInputElement} */ (byId("chat-input"));
  input.maxLength = MAX_CHAT;
  byId("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    if (sendMessage({ chat: text })) { input.value = ""; byId("chat-error").textContent = ""; }
  });
}

/** Whether a socket message is the chat's. @param {any} data @returns {data is ChatMessage} */
export function isChat(data) { return Array.isArray(data.chat); }

/** A message of the chat came. @param {ChatMessage} data */
export function received(data) {
  if (data.chat_history) lines = [...data.chat];
  else lines.push(...data.chat);
  if (data.muted) muted = new Set(data.muted);
  lines = lines.slice(-100);
  render();
}

/** The server refused what this seat wrote (too long, too fast). @param {{ words?: string, error?: string }} data */
export function refused(data) { byId("chat-error").textContent = errorText(data); }

/** The table's setup changed or the language did: names and who may write. @param {View} next */
export function setView(next) { view = next; render(); }

function render() {
  const panel = byId("chat-panel");
  const v = view;
  const people = v ? v.seats.filter((kind) => kind === "human").length : 0;
  panel.hidden = !v || people < 2;  // a chat with bots alone is no chat
  if (!v || panel.hidden) return;
  const box = byId("chat-lines");
  const atEnd = box.scrollTop + box.clientHeight >= box.scrollHeight - 4;
  box.replaceChildren(...lines.map((line) => el("div", { class: "chat-line" },
    el("b", {}, `${v.names[line.seat] ?? ""}: `), line.text)));
  if (atEnd) box.scrollTop = box.scrollHeight;
  box.hidden = !lines.length;  // no empty box before the first message
  const writer = v.seat !== null && v.seats[v.seat] === "human";
  byId("chat-form").hidden = !writer;
  /** @type {HTMLInputElement} */ (byId("chat-input")).placeholder = t("Write to the table");
  const others = writer ? v.seats.map((kind, seat) => ({ kind, seat })).filter((s) => s.kind === "human" && s.seat !== v.seat) : [];
  byId("chat-mutes").replaceChildren(...others.map(({ seat }) => {
    const on = muted.has(seat);
    return el("button", {
      type: "button", class: "secondary", "aria-pressed": on ? "true" : "false",
      onclick: () => { sendMessage({ mute: seat, on: !on }); },
    }, on ? t("Hear {name} again", { name: v.names[seat] }) : t("Mute {name}", { name: v.names[seat] }));
  }));
}
