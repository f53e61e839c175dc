// The pages' words. The pages are written in English: t("Your move"), t("Seat {n}", { n: 2 }),
// and data-t="…" on an element whose text is a message. Another language's words come once from
// GET /api/words (the shared catalog, and the game's own for a table page) before a page draws.

/** @type {string[]} the languages the server lists in the page's switch */
const LANGUAGES = [...document.querySelectorAll("#lang option")].map((o) => /** @type {HTMLOptionElement} */ (o).value);
let lang = pickLanguage();
/** @type {Record<string, string>} English message → its words in the page's language (none for English) */
let words = {};
/** @type {Record<string, string>} card code → its name in the page's language, for labels */
let cardNames = {};
/** @type {string | null} the game whose own words the page also needs (a table page) */
let game = null;

function pickLanguage() {
  /** @param {string | null} code */
  const offered = (code) => (code !== null && LANGUAGES.includes(code) ? code : null);
  const browser = navigator.language || "en";
  const guess = browser.startsWith("sr") ? (/cyrl/i.test(browser) && offered("sr-Cyrl")) || "sr" : "en";
  return offered(localStorage.getItem("kartaros.lang")) || offered(guess) || "en";
}

/** The page's language: `en`, `sr`, `sr-Cyrl`. */
export function currentLang() { return lang; }

/**
 * A message in the page's language, with its {fields} filled from values.
 * @param {string} message
 * @param {Record<string, string | number>} [values]
 */
export function t(message, values = {}) {
  const text = words[message] || message;
  return text.replace(/\{(\w+)\}/g, (field, name) => (name in values ? String(values[name]) : field));
}

/** The page's language as Intl writes it: Serbian in Latin script is `sr-Latn` there (`sr` is Cyrillic). */
export function locale() { return lang === "sr" ? "sr-Latn" : lang; }

/**
 * A number as the page's language writes it: `0.5` in English, `0,5` in Serbian.
 * @param {number} value
 * @param {Intl.NumberFormatOptions} [options]
 */
export function formatNumber(value, options = {}) { return new Intl.NumberFormat(locale(), options).format(value); }

/** A card's name for people in the page's language (`K♥`, `kralj herc`), for labels. @param {string} code */
export function cardName(code) { return cardNames[code] || code; }

/** A path with the page's language as ?lang=, for requests whose answer has words. @param {string} path */
export function withLang(path) { return `${path}${path.includes("?") ? "&" : "?"}lang=${encodeURIComponent(lang)}`; }

async function loadWords() {
  const query = game ? `&game=${encodeURIComponent(game)}` : "";
  const response = await fetch(`/api/words?lang=${encodeURIComponent(lang)}${query}`);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const body = await response.json();
  words = lang === "en" ? {} : body.words;
  cardNames = body.cards || {};
}

/** Every `data-t` element's text in the page's language, and the page's `lang`. */
export function applyText(root = document) {
  document.documentElement.lang = lang;
  root.querySelectorAll("[data-t]").forEach((node) => {
    const message = /** @type {HTMLElement} */ (node).dataset.t;
    if (message) node.textContent = t(message);
  });
  const select = document.getElementById("lang");
  if (select) select.setAttribute("aria-label", t("Language"));
}

/** The words of a game too (a table page), loaded with the next `langSwitch` or `reloadWords`. @param {string} name */
export function useGameWords(name) { game = name; }

/** Load the words again (after `useGameWords`). */
export async function reloadWords() { await loadWords(); applyText(); }

/**
 * The language switch: resolves once the words are there; `onChange` runs when they change.
 * @param {() => void} [onChange]
 * @param {(message: string) => void} [onError]
 */
export async function langSwitch(onChange, onError) {
  const select = /** @type {HTMLSelectElement | null} */ (document.getElementById("lang"));
  if (select) {
    select.value = lang;
    select.addEventListener("change", async () => {
      lang = select.value;
      localStorage.setItem("kartaros.lang", lang);
      try { await loadWords(); } catch (err) { if (onError) onError(String(err)); }
      applyText();
      if (onChange) onChange();
    });
  }
  try { await loadWords(); } catch (err) {
    lang = "en"; words = {}; if (select) select.value = lang; if (onError) onError(String(err));
  }
  applyText();
}
