// A game's puzzles (``/puzzles/<game>``): listed easy to hard, each marked where this browser
// solved it; each opens on the table page in puzzle mode (``puzzle-mode.js``).
import { api, el, toast } from "./dom.js";
import { solvedPuzzles } from "./puzzle-progress.js";
import { langSwitch, t, withLang } from "./words.js";

/**
 * One puzzle as ``GET /api/puzzles/<game>`` lists it (no answer).
 * @typedef {object} PuzzleItem
 * @property {string} id
 * @property {number} number
 * @property {string} difficulty
 * @property {string} heading
 */

const game = decodeURIComponent(location.pathname.split("/")[2] || "");

/** @param {string} id */
function byId(id) { return /** @type {HTMLElement} */ (document.getElementById(id)); }

async function draw() {
  const found = await api(withLang(`/api/puzzles/${encodeURIComponent(game)}`));
  /** @type {PuzzleItem[]} */
  const items = found.puzzles;
  const solved = solvedPuzzles(game);
  const title = t("{game}: puzzles", { game: found.title });
  byId("puzzles-title").textContent = title;
  document.title = `kartaros · ${title}`;
  byId("progress").textContent = t("Solved {solved} of {count}", { solved: items.filter((p) => solved.has(p.id)).length, count: items.length });
  byId("puzzles").replaceChildren(...items.map((p) => {
    const done = solved.has(p.id);
    return el("li", { class: `puzzle ${p.difficulty}${done ? " solved" : ""}`, "data-puzzle": p.id },
      el("a", { href: `/puzzles/${encodeURIComponent(game)}/${encodeURIComponent(p.id)}` }, p.heading),
      " ", el("span", { class: "status" }, done ? t("✓ Solved") : t("Not solved yet")));
  }));
}

const show = () => { draw().catch((err) => toast(err.message)); };
langSwitch(show, toast).then(show);
