// The table page's players: each seat's name (as text), whether its player is connected now (the
// server pushes it as seats come and go), the free seats an open table waits for, and, for the
// table's creator while seats are free, the button that seats bots there and starts the game.
import { api, el, toast } from "./dom.js";
import { t, withLang } from "./words.js";

/** @typedef {import("./types.js").View} View */

/** @param {string} id */
function byId(id) { return /** @type {HTMLElement} */ (document.getElementById(id)); }

/**
 * Whether the game waits for people: an open table's free seats (nobody moves until all sit).
 * @param {View} v
 */
export function waiting(v) { return Boolean(v.free && v.free.length); }

/**
 * Draw the players of ``v``; ``token``: this page's seat token (the creator's fills with bots).
 * @param {View} v
 * @param {string | null} token
 */
export function renderSeats(v, token) {
  const free = new Set(v.free || []);
  const present = v.connected || [];
  const items = v.names.map((name, seat) => {
    const bot = v.seats[seat].startsWith("bot:");
    const you = seat === v.seat ? el("span", { class: "status" }, t("(you)")) : "";
    if (free.has(seat)) return el("li", { "data-seat": seat, class: "free" }, el("span", { class: "status" }, t("a free seat")));
    const presence = bot ? el("span", { class: "status" }, t("a bot")) : el("span", {
      class: present[seat] ? "presence on" : "presence", "data-presence": present[seat] ? "on" : "off",
    }, present[seat] ? t("connected") : t("not connected"));
    return el("li", { "data-seat": seat }, el("strong", {}, name), " ", you, " ", presence);
  });
  byId("seat-list").replaceChildren(...items);
  const note = byId("seats-waiting");
  note.hidden = !waiting(v);
  if (waiting(v)) {
    note.replaceChildren(t("The game starts when every seat is taken: waiting for {count} more.", { count: free.size }), " ",
      v.open ? el("a", { href: "/lobby" }, t("The table is listed in the lobby.")) : "");
  }
  const fill = byId("fill-bots");
  fill.hidden = !(waiting(v) && token !== null && v.seat !== null && v.seat === v.creator);
}

/**
 * The creator's choice: bots at the free seats, of the level chosen; the game starts.
 * @param {string} table
 * @param {string} token
 */
export async function fillWithBots(table, token) {
  const level = /** @type {HTMLSelectElement} */ (byId("fill-level")).value;
  try {
    await api(withLang(`/api/tables/${encodeURIComponent(table)}/bots`), {
      method: "POST", body: JSON.stringify({ level }), headers: { Authorization: `Bearer ${token}` },
    });
  } catch (err) { toast(err instanceof Error ? err.message : String(err)); }
}
