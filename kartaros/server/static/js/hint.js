// Hints and the review after the game, at a table against bots only (every other seat a bot).
// "Hint" asks the server for the strong bot's move for the seat to move (worked out from the
// seat's own observation): its words and why show under the button, and the move is marked on
// the table (its cards, the pile it lands on) and in the list of moves. Once the game is over,
// "Review my moves" has the server look at the person's decisions; the page shows how far it
// got, then the moves the strong bot judged clearly worse, each with the better move.
import { actionCards } from "./cards.js";
import { api, el, toast } from "./dom.js";
import { currentLang, formatNumber, t, withLang } from "./words.js";

/** @typedef {import("./types.js").View} View */
/** @typedef {import("./types.js").GameTable} GameTable */

/**
 * The server's hint (``POST /api/tables/{id}/hint``).
 * @typedef {object} Hint
 * @property {number} seq
 * @property {string} action
 * @property {string} text
 * @property {string} reason
 * @property {string} numbers
 */

/**
 * One move the review marked.
 * @typedef {object} Marked
 * @property {number} index
 * @property {string} words
 */

/**
 * How far the review got (``GET /api/tables/{id}/review``).
 * @typedef {object} ReviewStatus
 * @property {boolean} started
 * @property {number} done
 * @property {number} total
 * @property {boolean} finished
 * @property {boolean} [failed]
 * @property {number} margin
 * @property {Marked[]} marks
 */

const REVIEW_POLL_MS = 500;
const token = new URLSearchParams(location.hash.slice(1)).get("token");

/** @type {{ table: string, seq: number, lang: string, hint: Hint } | null} the hint shown, for one view */
let shown = null;
let asking = "";  // the table, view and language a hint is being asked for
/** @type {ReviewStatus | null} */
let review = null;
let reviewTable = "";
let reviewLang = "";  // the language the review's words came in
/** @type {number | undefined} */
let pollTimer;

/** @param {string} id */
function byId(id) { return /** @type {HTMLElement} */ (document.getElementById(id)); }

/** @returns {Record<string, string>} */
function headers() { return token ? { Authorization: `Bearer ${token}` } : {}; }

/** Whether every other seat is a bot: hints and reviews are for such tables only. @param {View} v */
export function againstBots(v) {
  return v.seat !== null && v.seats.every((kind, seat) => seat === v.seat || kind.startsWith("bot:"));
}

/**
 * Whether the seat may ask a hint now: its own move with a choice (a single move the page plays
 * by itself), outside a call window.
 * @param {View} v
 */
function mayAsk(v) {
  return againstBots(v) && !v.over && !v.window && v.current_player === v.seat && (v.offers ?? v.legal).length > 1;
}

/**
 * The hint panel and the review for the view drawn; the hinted move marked on the table.
 * Called by the table page after each drawing of the table.
 * @param {View} v
 * @param {HTMLElement} root the table
 * @param {GameTable} layout the game's table module
 */
export function renderHint(v, root, layout) {
  const panel = byId("hint-panel");
  const button = /** @type {HTMLButtonElement} */ (byId("hint-ask"));
  const words = byId("hint-words");
  panel.hidden = !mayAsk(v);
  const key = `${v.table}:${v.seq}:${currentLang()}`;
  button.disabled = asking === key;
  button.onclick = () => ask(v, root, layout);
  const fresh = shown !== null && shown.table === v.table && shown.seq === v.seq;
  if (fresh && shown && shown.lang !== currentLang() && asking !== key) ask(v, root, layout);  // the words again, in the new language
  if (!fresh || panel.hidden) { words.replaceChildren(); words.hidden = true; }
  else if (shown) {
    const hint = shown.hint;
    words.replaceChildren(
      el("p", { class: "hint-move" }, el("strong", {}, t("Hint:")), " ", hint.text),
      ...(hint.reason ? [el("p", { class: "hint-reason" }, hint.reason)] : []),
      el("p", { class: "hint-numbers status" }, hint.numbers));
    words.hidden = false;
    mark(root, layout, v, hint.action);
  }
  renderReview(v);
}

/**
 * Ask the server for the hint of the view shown.
 * @param {View} v
 * @param {HTMLElement} root
 * @param {GameTable} layout
 */
async function ask(v, root, layout) {
  const lang = currentLang();
  const key = `${v.table}:${v.seq}:${lang}`;
  if (asking === key) return;
  asking = key;
  (/** @type {HTMLButtonElement} */ (byId("hint-ask"))).disabled = true;
  byId("hint-words").replaceChildren(el("p", { class: "status" }, t("The strong bot is thinking…")));
  byId("hint-words").hidden = false;
  try {
    /** @type {Hint} */
    const hint = await api(withLang(`/api/tables/${encodeURIComponent(v.table)}/hint`), { method: "POST", headers: headers() });
    shown = { table: v.table, seq: hint.seq, lang, hint };
  } catch (err) {
    toast(String(/** @type {Error} */ (err).message));
  } finally {
    if (asking === key) asking = "";
  }
  renderHint(v, root, layout);
}

/**
 * Mark the hinted move: its button among the moves in words, its cards, and where it lands.
 * @param {HTMLElement} root
 * @param {GameTable} layout
 * @param {View} v
 * @param {string} action
 */
function mark(root, layout, v, action) {
  document.querySelectorAll(".hinted").forEach((node) => node.classList.remove("hinted"));
  const found = [];
  for (const node of document.querySelectorAll("#moves button")) {
    if (/** @type {HTMLElement} */ (node).dataset.action === action) found.push(node);
  }
  for (const code of actionCards(action)) {
    const own = root.querySelectorAll(`[data-card="${code}"], [data-key="card-${code}"]`);
    found.push(...(own.length ? own : root.querySelectorAll(`.card[data-code="${code}"]`)));
  }
  for (const selector of layout.hintPlaces ? layout.hintPlaces(v, action) : []) found.push(...root.querySelectorAll(selector));
  for (const node of found) node.classList.add("hinted");
}

// ---- the review after the game ------------------------------------------------------------

/** @param {View} v */
function renderReview(v) {
  const box = byId("review");
  if (!v.over || !againstBots(v)) { box.hidden = true; return; }
  if (reviewTable !== v.table) { reviewTable = v.table; review = null; }
  box.hidden = false;
  if (review === null || !review.started || review.failed) {
    box.replaceChildren(el("button", { type: "button", id: "review-start", class: "secondary", onclick: () => startReview(v) }, t("Review my moves")));
    return;
  }
  if (!review.finished) {
    box.replaceChildren(
      el("p", { class: "status" }, t("The strong bot reviews your moves: {done} of {total}", { done: review.done, total: review.total })),
      el("progress", { max: Math.max(1, review.total), value: review.done, "aria-label": t("Review") }));
    return;
  }
  if (reviewLang !== currentLang()) { reviewLang = currentLang(); poll(v, true); }  // its words in the new language
  const margin = formatNumber(Math.round(review.margin * 100));
  const head = review.marks.length
    ? t("Moves the strong bot judged clearly worse (by {margin} points of win chance or more):", { margin })
    : t("The strong bot found no move of yours clearly worse than its own (by {margin} points of win chance or more).", { margin });
  box.replaceChildren(el("h3", {}, t("Review")), el("p", {}, head),
    ...(review.marks.length ? [el("ol", { class: "review-marks" }, ...review.marks.map((m) => el("li", { "data-index": m.index }, m.words, " ",
      // the replay's frame of the move (frame 0 is the deal): the position, every card shown
      el("a", { href: `/replays?table=${encodeURIComponent(v.table)}#move=${m.index + 1}` }, t("See it in the replay")))))] : []));
}

/** @param {View} v */
async function startReview(v) {
  try {
    review = await api(withLang(`/api/tables/${encodeURIComponent(v.table)}/review`), { method: "POST", headers: headers() });
    reviewLang = currentLang();
  } catch (err) {
    toast(String(/** @type {Error} */ (err).message));
    return;
  }
  renderReview(v);
  poll(v);
}

/**
 * Ask how far the review got until it is done (``again``: once more, done or not).
 * @param {View} v
 * @param {boolean} [again]
 */
function poll(v, again = false) {
  clearTimeout(pollTimer);
  if (!review || ((review.finished || review.failed) && !again)) return;
  pollTimer = window.setTimeout(async () => {
    try {
      const lang = currentLang();
      review = await api(withLang(`/api/tables/${encodeURIComponent(v.table)}/review`), { headers: headers() });
      reviewLang = lang;
    } catch (err) {
      toast(String(/** @type {Error} */ (err).message));
      return;
    }
    renderReview(v);
    poll(v);
  }, REVIEW_POLL_MS);
}
