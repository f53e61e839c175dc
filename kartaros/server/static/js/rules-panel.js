// The rules for players. On a table page: the "Rules" button opens a dialog with the cheat
// sheet first and the full rules beside it. On the rules page (/rules/<game>): the whole guide,
// to read or to print. Both in the page's language, following its switch.
// The guide is GET /api/guide/<game>: HTML the server made from the game's own guide, whose
// Markdown passes no raw HTML through, with the cards drawn as the table draws them.
import { api, toast } from "./dom.js";
import { currentLang, langSwitch } from "./words.js";

/**
 * A game's guide as ``GET /api/guide/{game}`` answers.
 * @typedef {object} Guide
 * @property {string} game
 * @property {string} title
 * @property {string} html the whole guide, the cheat sheet last
 * @property {string} cheat_sheet_html the cheat sheet alone
 */

/** @type {Map<string, Promise<Guide>>} the guides asked for, by game and language */
const asked = new Map();

/** @param {string} game @param {string} lang @returns {Promise<Guide>} */
function guide(game, lang) {
  const key = `${game} ${lang}`;
  let found = asked.get(key);
  if (!found) {
    found = api(`/api/guide/${encodeURIComponent(game)}?lang=${encodeURIComponent(lang)}`);
    asked.set(key, found);
    found.catch(() => asked.delete(key));  // asked again next time
  }
  return found;
}

/** The page for printing a game's rules, in a language. @param {string} game @param {string} lang */
function printable(game, lang) { return `/rules/${encodeURIComponent(game)}?lang=${encodeURIComponent(lang)}`; }

/**
 * Calls back once the page's words are in another language: words.js sets ``<html lang>`` when
 * they have come, whichever script switched them.
 * @param {() => void} callback
 */
function onLanguage(callback) {
  let last = document.documentElement.lang;
  new MutationObserver(() => {
    const now = document.documentElement.lang;
    if (now !== last) { last = now; callback(); }
  }).observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
}

/** @param {string} id */
function byId(id) { return /** @type {HTMLElement} */ (document.getElementById(id)); }

/** @param {unknown} err */
function said(err) { return err instanceof Error ? err.message : String(err); }

// ---- the table page's dialog ---------------------------------------------------------------

function startDialog() {
  const dialog = /** @type {HTMLDialogElement} */ (byId("rules-dialog"));
  const button = byId("rules-open");
  const title = byId("rules-title");
  const link = /** @type {HTMLAnchorElement} */ (byId("rules-print"));
  const tabs = /** @type {HTMLButtonElement[]} */ ([...dialog.querySelectorAll("[role=tab]")]);
  const tableId = location.pathname.split("/").pop() || "";
  /** @type {string | null} the table's game, asked once from its public view */
  let game = null;
  let shown = "";  // the language of the guide in the dialog ("": none yet); till then its title is "Rules" (data-t)

  async function fill() {
    const lang = currentLang();
    if (shown === lang) return;
    if (game === null) game = /** @type {string} */ ((await api(`/api/tables/${encodeURIComponent(tableId)}`)).game);
    const found = await guide(game, lang);
    if (lang !== currentLang()) return;  // the language changed meanwhile: the next fill shows it
    title.textContent = found.title;
    byId("rules-cheat").innerHTML = found.cheat_sheet_html;
    byId("rules-full").innerHTML = found.html;
    link.href = printable(game, lang);
    shown = lang;
  }

  function refill() {
    fill().catch((err) => {
      byId("rules-cheat").textContent = said(err);
      shown = "";
    });
  }

  /** @param {HTMLButtonElement} tab */
  function select(tab) {
    for (const other of tabs) {
      const chosen = other === tab;
      other.setAttribute("aria-selected", String(chosen));
      other.tabIndex = chosen ? 0 : -1;
      byId(/** @type {string} */ (other.getAttribute("aria-controls"))).hidden = !chosen;
    }
  }

  tabs.forEach((tab, i) => {
    tab.addEventListener("click", () => select(tab));
    // The tabs as a screen reader expects them: arrows, Home and End move between them.
    tab.addEventListener("keydown", (event) => {
      const moves = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 };
      const to = moves[/** @type {keyof typeof moves} */ (event.key)];
      if (to === undefined) return;
      event.preventDefault();
      const next = tabs[(to + tabs.length) % tabs.length];
      select(next);
      next.focus();
    });
  });
  button.addEventListener("click", () => {
    dialog.showModal();
    const current = tabs.find((tab) => tab.getAttribute("aria-selected") === "true") || tabs[0];
    current.focus();
    refill();
  });
  byId("rules-close").addEventListener("click", () => dialog.close());
  dialog.addEventListener("click", (event) => {  // a click on the backdrop, outside the dialog's box
    const box = dialog.getBoundingClientRect();
    const outside = event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
    if (event.target === dialog && outside) dialog.close();
  });
  dialog.addEventListener("close", () => button.focus());  // Escape too
  onLanguage(() => { if (dialog.open) refill(); });
}

// ---- the rules page, to read or print --------------------------------------------------------

async function startPage() {
  const game = decodeURIComponent(location.pathname.split("/").pop() || "");
  const select = /** @type {HTMLSelectElement} */ (byId("lang"));

  async function draw() {
    const lang = currentLang();
    try {
      const found = await guide(game, lang);
      if (lang !== currentLang()) return;
      byId("guide-title").textContent = found.title;
      byId("guide").innerHTML = found.html;
      document.title = `${found.title} · kartaros`;
      history.replaceState(null, "", printable(game, lang));  // a link or a print keeps the language
    } catch (err) { toast(said(err)); }
  }

  byId("print").addEventListener("click", () => window.print());
  await langSwitch(draw, toast);
  const wanted = new URLSearchParams(location.search).get("lang");
  const offered = [...select.options].some((option) => option.value === wanted);
  if (wanted && offered && wanted !== currentLang()) {  // the link's language, as if chosen in the switch
    select.value = wanted;
    select.dispatchEvent(new Event("change"));
  } else {
    await draw();
  }
}

if (document.getElementById("guide-page")) startPage().catch((err) => toast(said(err)));
else if (document.getElementById("rules-dialog")) startDialog();
