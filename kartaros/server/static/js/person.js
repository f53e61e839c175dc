// Who the person is in this browser: his name (asked once, editable, kept in localStorage) and
// the seat token of each table he sits at (kept too, so a reload or a lost connection resumes
// the seat). Nothing of it leaves the browser except the name, when he sits.
import { t } from "./words.js";

export const NAME_LENGTH = 24;  // as the server takes it (``kartaros/server/lobby.py``)
const NAME_KEY = "kartaros.name";
const SEAT_KEY = "kartaros.seat.";  // + a table's id → that table's seat token
const SEATS_KEPT = 50;  // tables whose tokens a browser keeps (the oldest go)

/** The person's name as he last gave it ("" before he has chosen one). */
export function myName() { return (localStorage.getItem(NAME_KEY) || "").trim(); }

/** @param {string} name */
export function keepName(name) { localStorage.setItem(NAME_KEY, name.trim()); }

/**
 * Why a name cannot be taken, in the page's language; null for a good one (the server checks too).
 * @param {string} name
 */
export function badName(name) {
  const trimmed = name.trim();
  if (!trimmed) return t("choose a name first");
  if ([...trimmed].length > NAME_LENGTH) return t("a name is at most {count} characters long", { count: NAME_LENGTH });
  // control characters and lone surrogates are not what a person writes
  if (/[\u0000-\u001f\u007f-\u009f]/.test(trimmed) || !wellFormed(trimmed)) {
    return t("a name is letters, digits, spaces and punctuation, without control characters");
  }
  return null;
}

/** Whether ``text`` is valid Unicode (no lone surrogate: encoding it would fail). @param {string} text */
function wellFormed(text) {
  try { encodeURIComponent(text); return true; } catch { return false; }
}

/** This browser's token for a seat at ``table``, if it sits there. @param {string} table */
export function seatToken(table) { return localStorage.getItem(SEAT_KEY + table); }

/** @param {string} table @param {string} token */
export function keepSeatToken(table, token) {
  localStorage.setItem(SEAT_KEY + table, token);
  const kept = Object.keys(localStorage).filter((k) => k.startsWith(SEAT_KEY));
  if (kept.length > SEATS_KEPT) {
    /** @type {string[]} */
    let order = [];
    try { order = JSON.parse(localStorage.getItem("kartaros.played") || "[]"); } catch { order = []; }
    // the tables played longest ago (or never listed) go first
    kept.sort((a, b) => rank(order, b) - rank(order, a));
    for (const key of kept.slice(0, kept.length - SEATS_KEPT)) if (key !== SEAT_KEY + table) localStorage.removeItem(key);
  }
}

/** @param {string[]} order @param {string} key */
function rank(order, key) {
  const at = order.indexOf(key.slice(SEAT_KEY.length));
  return at < 0 ? Number.MAX_SAFE_INTEGER : at;
}

/** A seat's link: the table page with the token in the #fragment (never sent to a server). @param {string} table @param {string} token */
export function seatLink(table, token) { return `/t/${encodeURIComponent(table)}#token=${encodeURIComponent(token)}`; }
