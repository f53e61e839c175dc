// A guided first game (``/learn/<game>``): the lesson's words over the table, step by step. The
// table is the real one, played by hand; this panel says what to look at, points at it (the
// step's cards and the places of the game's own layout), shows why a try was refused (the rules'
// words, or the lesson's), and has Next for a step that is only read.
import { el } from "./dom.js";
import { t } from "./words.js";

/** @typedef {import("./types.js").View} View */

/** The game this page teaches, or "" on a table's page. */
export const lessonGame = location.pathname.startsWith("/learn/")
  ? decodeURIComponent(location.pathname.split("/").pop() || "") : "";

let refusal = "";  // why the last try was refused, shown until the lesson moves on
let shownStep = -1;

/** @param {string} id */
function byId(id) { return /** @type {HTMLElement} */ (document.getElementById(id)); }

/**
 * The lesson's panel for ``v``, and its marks on the table. ``next`` goes on from a step that
 * is read.
 * @param {View} v
 * @param {() => void} next
 */
export function render(v, next) {
  const lesson = v.lesson;
  const box = byId("lesson");
  if (!lesson) { box.hidden = true; return; }
  if (lesson.step !== shownStep) { refusal = ""; shownStep = lesson.step; }
  const head = lesson.done ? t("Lesson complete") : t("Step {n} of {count}", { n: lesson.step + 1, count: lesson.steps });
  const parts = [el("p", { class: "lesson-step status" }, head), el("p", { class: "lesson-text", id: "lesson-text" }, lesson.text)];
  if (refusal) parts.push(el("p", { class: "lesson-why", id: "lesson-why", role: "alert" }, refusal));
  if (lesson.read && !lesson.moving) {
    parts.push(el("button", { type: "button", id: "lesson-next", onclick: () => { box.querySelector("button")?.setAttribute("disabled", ""); next(); } }, t("Next")));
  }
  if (lesson.done) {
    parts.push(el("p", { class: "lesson-links" }, el("a", { href: `/?game=${encodeURIComponent(v.game)}`, id: "lesson-play" }, t("Play a real game")),
      " · ", el("a", { href: location.pathname + location.search, id: "lesson-again" }, t("Start the lesson again"))));
  }
  const hadFocus = document.activeElement?.id === "lesson-next";  // the keyboard stays on Next
  box.replaceChildren(...parts);
  if (hadFocus || (lesson.read && (!document.activeElement || document.activeElement === document.body))) {
    /** @type {HTMLElement | null} */ (box.querySelector("#lesson-next"))?.focus();
  }
  box.hidden = false;
  mark(lesson.cards, lesson.places);
  byId("watch-replay")?.remove();  // a lesson is not stored: it has no replay
}

/**
 * The cards and places the step points at, marked (the rest unmarked).
 * @param {string[]} cards
 * @param {string[]} places
 */
function mark(cards, places) {
  const main = document.querySelector("main") || document.body;
  main.querySelectorAll(".lesson-mark").forEach((n) => n.classList.remove("lesson-mark"));
  for (const code of cards) main.querySelectorAll(`.card[data-code="${code}"]`).forEach((n) => n.classList.add("lesson-mark"));
  for (const place of places) {
    try { main.querySelectorAll(place).forEach((n) => n.classList.add("lesson-mark")); } catch { /* not a selector of this page */ }
  }
}

/**
 * A try the lesson refused: its words stay in the panel until the step is done.
 * @param {string} words
 */
export function refused(words) {
  refusal = words;
  const box = byId("lesson");
  const why = box.querySelector("#lesson-why");
  if (why) why.textContent = words;
  else box.querySelector("#lesson-text")?.after(el("p", { class: "lesson-why", id: "lesson-why", role: "alert" }, words));
}
