// The table page in puzzle mode (``/puzzles/<game>/<id>``): the puzzle's position drawn by the
// game's own table module as its solver's seat sees it, with no socket and no other players.
// The move the person makes is sent to be checked (``POST /api/puzzles/<game>/<id>/answer``);
// the answer comes only then, with why in words. Solved puzzles are marked in this browser.
import { api, el } from "./dom.js";
import { markSolved } from "./puzzle-progress.js";
import { t, withLang } from "./words.js";

/** @typedef {import("./types.js").View} View */

/**
 * Which puzzle the page shows.
 * @typedef {object} PuzzleRef
 * @property {string} game
 * @property {string} id
 */

/**
 * What the server says of a puzzle beside its view (``puzzle_pages.view``).
 * @typedef {object} PuzzleInfo
 * @property {string} id
 * @property {string} game
 * @property {number} number
 * @property {string} difficulty
 * @property {string} heading
 * @property {string} task
 * @property {string | null} next
 */

/**
 * The check of a move (``puzzle_pages.answer``).
 * @typedef {object} Verdict
 * @property {boolean} solved
 * @property {string} action
 * @property {string} answer
 * @property {string[]} words
 * @property {string | null} next
 */

/**
 * What the table page lends the puzzle: how to show a refusal, and to let the person try again.
 * @typedef {object} TablePage
 * @property {(data: { words?: string, error?: string }) => void} refused
 * @property {() => void} retry
 */

/** @type {string | null} the move last checked, asked again when the language changes */
let checked = null;

/** The puzzle of a path ``/puzzles/<game>/<id>``, else null (a live table). @param {string} path @returns {PuzzleRef | null} */
export function puzzleOf(path) {
  const match = /^\/puzzles\/([^/]+)\/([^/]+)$/.exec(path);
  return match ? { game: decodeURIComponent(match[1]), id: decodeURIComponent(match[2]) } : null;
}

let tries = 0;

/**
 * The view for another try: the same position at a table of another name, so that a layout
 * starts its half-built move again (a layout may keep one per table and move) and nothing moves.
 * @param {View} view
 * @returns {View}
 */
export function freshTry(view) {
  tries += 1;
  return { ...view, table: `${view.table.split("~")[0]}~${tries}` };
}

/** @param {PuzzleRef} p */
function apiPath(p) { return `/api/puzzles/${encodeURIComponent(p.game)}/${encodeURIComponent(p.id)}`; }
/** @param {PuzzleRef} p */
function listPath(p) { return `/puzzles/${encodeURIComponent(p.game)}`; }

/** The panel above the moves: the puzzle's heading and task, then the verdict. */
function panel() {
  let box = document.getElementById("puzzle");
  if (!box) {
    box = el("div", { id: "puzzle", class: "puzzle-panel" },
      el("h2", { id: "puzzle-heading" }), el("p", { id: "puzzle-task" }),
      el("div", { id: "puzzle-verdict", class: "puzzle-verdict", "aria-live": "polite", hidden: true }));
    document.getElementById("play")?.prepend(box);
  }
  return box;
}

/** @param {string} id */
function part(id) { panel(); return /** @type {HTMLElement} */ (document.getElementById(id)); }

/**
 * The puzzle's view in the page's language; its heading and task shown. On a change of
 * language the move last checked is told again in it.
 * @param {PuzzleRef} p
 * @param {TablePage} page
 * @returns {Promise<View>}
 */
export async function load(p, page) {
  /** @type {View & { puzzle: PuzzleInfo }} */
  const view = await api(withLang(apiPath(p)));
  part("puzzle-heading").textContent = view.puzzle.heading;
  part("puzzle-task").textContent = view.puzzle.task;
  const back = el("a", { href: listPath(p), id: "puzzle-list" }, t("All puzzles"));
  part("puzzle-task").append(" ", back);
  if (checked !== null) check(p, checked, page, false).catch(() => {});
  return view;
}

/**
 * Check the move the person made: right, the puzzle is marked solved and the next offered;
 * wrong, the best move and why, and "Try again". A try that is no move here is refused as at
 * a table (the rules' words), and the person plays on.
 * @param {PuzzleRef} p
 * @param {string} action
 * @param {TablePage} page
 */
export function answer(p, action, page) {
  check(p, action, page, true).catch((err) => {
    page.refused({ words: err instanceof Error ? err.message : String(err) });
  });
}

/** @param {PuzzleRef} p @param {string} action @param {TablePage} page @param {boolean} fresh */
async function check(p, action, page, fresh) {
  /** @type {Verdict} */
  const verdict = await api(withLang(`${apiPath(p)}/answer`), { method: "POST", body: JSON.stringify({ action }) });
  checked = action;
  if (verdict.solved) markSolved(p.game, p.id);
  const box = part("puzzle-verdict");
  box.className = `puzzle-verdict ${verdict.solved ? "right" : "wrong"}`;
  box.replaceChildren(
    el("p", {}, el("strong", {}, verdict.solved ? t("Solved") : t("Not solved"))),
    ...verdict.words.map((words) => el("p", {}, words)),
  );
  const actions = el("p", { class: "puzzle-actions" });
  if (!verdict.solved) {
    actions.append(el("button", { id: "puzzle-retry", onclick: () => {
      checked = null;
      box.hidden = true;
      page.retry();
    } }, t("Try again")), " ");
  }
  if (verdict.next) {
    actions.append(el("a", { id: "puzzle-next", href: `${listPath(p)}/${encodeURIComponent(verdict.next)}` }, t("Next puzzle")), " ");
  }
  actions.append(el("a", { href: listPath(p) }, t("All puzzles")));
  box.append(actions);
  box.hidden = false;
  if (fresh) (/** @type {HTMLElement | null} */ (box.querySelector("button, a")))?.focus();
}
