// The home page: pick a game, seats and options, create a table, share invite links.
import { api, el, toast } from "./dom.js";
import { badName, keepName, keepSeatToken, myName, seatLink } from "./person.js";
import { currentLang, langSwitch, t, withLang } from "./words.js";

/** @typedef {string | number | boolean} OptionValue a rule option's value */
/** @typedef {Record<string, OptionValue>} Variant the rule options' values by name */

/**
 * A rule option of a game, with its words for people (``_game`` in ``kartaros/server/app.py``).
 * @typedef {object} GameOption
 * @property {string} name the option's name in a variant
 * @property {OptionValue} default
 * @property {OptionValue} for_people the value the page offers first
 * @property {OptionValue[] | null} choices the values allowed (null: a number)
 * @property {number | null} minimum
 * @property {string} doc
 * @property {string} label
 * @property {string} explanation
 * @property {string[] | null} choice_words each choice in words (null: a number)
 */

/**
 * A game as ``GET /api/games`` lists it.
 * @typedef {object} Game
 * @property {string} name
 * @property {string} title
 * @property {string} summary
 * @property {number} min_players
 * @property {number} max_players
 * @property {GameOption[]} options
 * @property {boolean} [lesson] whether it has a guided first game (``/learn/<name>``)
 */

/** @typedef {{ seat: number, token: string, link?: string }} SeatToken a human seat, its secret token, its link for others */
/**
 * A new table as ``POST /api/tables`` answers: a secret token for each human seat.
 * @typedef {object} NewTable
 * @property {string} table
 * @property {SeatToken[]} seats
 */

/** @type {Game[]} the games as ``GET /api/games`` lists them */
let GAMES = [];
/** @type {Game | null} the game chosen */
let chosen = null;

/** @param {string} id */
function byId(id) { return /** @type {HTMLElement} */ (document.getElementById(id)); }
/** @param {string} id */
function inputById(id) { return /** @type {HTMLInputElement} */ (document.getElementById(id)); }
/** @param {string} id */
function selectById(id) { return /** @type {HTMLSelectElement} */ (document.getElementById(id)); }
/** The game chosen, where the page has one for sure (its setup is shown). */
function game() { return /** @type {Game} */ (chosen); }

async function loadGames() {
  GAMES = await api(withLang("/api/games"));  // the options' words in the page's language
  const box = byId("games");
  // A tile opens like a button: click, Enter or Space.
  box.replaceChildren(...GAMES.map((g) => el("div", { class: "game-box" }, el("div", {
    class: "game", "data-game": g.name, tabindex: "0", role: "button", onclick: () => choose(g.name),
    onkeydown: (/** @type {Event} */ e) => { const k = /** @type {KeyboardEvent} */ (e).key; if (k === "Enter" || k === " ") { e.preventDefault(); choose(g.name); } },
  },
    el("h3", {}, g.title), el("p", {}, g.summary),
    el("p", { class: "status" }, t("Players: {count}", { count: g.min_players === g.max_players ? g.min_players : `${g.min_players}–${g.max_players}` }))),
  // The guided first game and the puzzles: links of their own under the tile (a tile is a
  // button: no link inside it).
  g.lesson ? el("a", { class: "learn", href: `/learn/${encodeURIComponent(g.name)}`, "data-learn": g.name }, t("Learn {game}", { game: g.title })) : "",
  puzzlesLink(g))));
  const wanted = chosen ? chosen.name : new URLSearchParams(location.search).get("game");
  if (wanted && GAMES.some((g) => g.name === wanted)) choose(wanted);
}

/**
 * The link to a game's puzzles, under its tile: it opens the puzzles, not the game's setup.
 * @param {Game} g
 */
function puzzlesLink(g) {
  return el("p", { class: "tile-links" }, el("a", {
    href: `/puzzles/${encodeURIComponent(g.name)}`, "data-puzzles": g.name,
  }, t("{game}: puzzles", { game: g.title })));
}

/** @param {string} name */
function choose(name) {
  const again = chosen && chosen.name === name;  // the same game in another language: keep the choices
  const kept = again ? { players: selectById("players").value, ...settings() } : null;
  chosen = /** @type {Game} */ (GAMES.find((g) => g.name === name));
  document.querySelectorAll(".game").forEach((n) => n.classList.toggle("selected", /** @type {HTMLElement} */ (n).dataset.game === name));
  byId("setup").hidden = false;
  if (!again) byId("created").hidden = true;
  byId("setup-title").textContent = chosen.title;
  byId("setup-summary").textContent = chosen.summary;
  const players = selectById("players");
  players.replaceChildren();
  for (let n = chosen.min_players; n <= chosen.max_players; n++) players.append(el("option", { value: n }, n));
  if (kept) players.value = kept.players;
  players.onchange = () => drawSeats();
  drawSeats(kept && kept.seats);
  drawOptions(kept && kept.variant);
  showRules().catch((err) => toast(err.message));  // the rules for players, in the page's language
}

// What the person has chosen so far: the other seats' kinds and the options' values.
function settings() {
  const seats = [...document.querySelectorAll("[data-seat]")].map((s) => /** @type {HTMLSelectElement} */ (s).value);
  /** @type {Variant} */
  const variant = {};
  for (const node of document.querySelectorAll("[data-option]")) {
    const input = /** @type {HTMLInputElement | HTMLSelectElement} */ (node);
    variant[/** @type {string} */ (input.dataset.option)] = input.tagName === "SELECT" ? JSON.parse(input.value) : Number(input.value);
  }
  return { seats, variant };
}

/** @param {string[] | null} [kept] the other seats' kinds chosen before */
function drawSeats(kept) {
  const n = Number(selectById("players").value);
  const box = byId("seats");
  const rows = [el("div", { class: "form-row" }, el("label", {}, t("Seat {n}", { n: 1 })), el("strong", {}, t("Me")))];
  for (let seat = 1; seat < n; seat++) {
    const select = /** @type {HTMLSelectElement} */ (el("select", { "data-seat": seat, "aria-label": t("Seat {n}", { n: seat + 1 }) },
      el("option", { value: "bot:easy" }, t("Bot (easy)")), el("option", { value: "bot:medium" }, t("Bot (medium)")),
      el("option", { value: "bot:hard" }, t("Bot (hard)")), el("option", { value: "human" }, t("A friend"))));
    if (kept && kept[seat - 1]) select.value = kept[seat - 1];
    rows.push(el("div", { class: "form-row" }, el("label", {}, t("Seat {n}", { n: seat + 1 })), select));
  }
  box.replaceChildren(...rows);
}

// Each rule option by its words for people (its name and values are what the API takes).
/** @param {Variant | null} [kept] the options' values chosen before */
function drawOptions(kept) {
  const box = byId("options");
  box.replaceChildren(...game().options.map((o) => {
    const value = kept && o.name in kept ? kept[o.name] : o.for_people;
    /** @type {HTMLElement} */
    let input;
    if (o.choices) {
      input = el("select", { "data-option": o.name, "aria-label": o.label });
      o.choices.forEach((c, i) => {
        const option = /** @type {HTMLOptionElement} */ (el("option", { value: JSON.stringify(c) }, o.choice_words ? o.choice_words[i] : String(c)));
        if (JSON.stringify(c) === JSON.stringify(value)) option.selected = true;
        input.append(option);
      });
    } else {
      input = el("input", { "data-option": o.name, "aria-label": o.label, type: "number", min: o.minimum ?? "", step: 1, value });
    }
    return el("div", { class: "form-row" }, el("label", { title: o.explanation }, o.label), input,
      el("span", { class: "status" }, o.explanation));
  }));
}

// The rules written for players, rendered by the server from the game's guide (no raw HTML
// passes through it); the engine's specification and the Serbian original are linked beside.
async function showRules() {
  const name = game().name;
  const lang = currentLang();
  const path = encodeURIComponent(name);
  /** @type {HTMLAnchorElement} */ (byId("rules-print")).href = `/rules/${path}?lang=${encodeURIComponent(lang)}`;
  /** @type {HTMLAnchorElement} */ (byId("rules-spec")).href = `/api/rules/${path}?lang=en`;
  /** @type {HTMLAnchorElement} */ (byId("rules-original")).href = `/api/rules/${path}?lang=sr`;
  const found = await api(`/api/guide/${path}?lang=${encodeURIComponent(lang)}`);
  if (!chosen || chosen.name !== name || lang !== currentLang()) return;  // another game or language came meanwhile
  const rules = byId("rules");
  rules.innerHTML = found.html;
  rules.lang = lang;  // the language it is written in, for a screen reader (and a test waiting for it)
}

// A number option the page can check itself, so the person reads why in his language.
function badNumber() {
  for (const node of document.querySelectorAll("input[data-option]")) {
    const input = /** @type {HTMLInputElement} */ (node);
    const option = /** @type {GameOption} */ (game().options.find((o) => o.name === input.dataset.option));
    const value = Number(input.value);
    if (input.value === "" || !Number.isInteger(value) || (option.minimum !== null && value < option.minimum)) {
      return t("{option} must be a whole number, at least {minimum}", { option: option.label, minimum: option.minimum ?? 0 });
    }
  }
  return null;
}

async function create() {
  const bad = badNumber();
  if (bad) { toast(bad); return; }
  const { seats: others, variant } = settings();
  const seats = ["human", ...others];
  const mine = inputById("name").value.trim();
  // An open table (in the lobby): its friends' seats are free for anyone, and everyone there is named.
  const open = selectById("visibility").value === "open";
  const badMine = open || mine ? badName(mine) : null;
  if (badMine) { toast(badMine); inputById("name").focus(); return; }
  keepName(mine);
  // The seats not named are named by the server in the page's language: they appear in every sentence.
  const names = mine ? [mine] : [];
  // the move clock: seconds a move and of reserve (none by default), and what running out does
  const [perMove, reserve] = selectById("clock").value.split(",").map(Number);
  const clock = perMove ? { per_move: perMove, reserve } : null;
  const onTimeout = selectById("on-timeout").value;
  try {
    const made = await api(withLang("/api/tables"), { method: "POST", body: JSON.stringify({ game: game().name, players: seats.length, seats, variant, names, clock, on_timeout: onTimeout, open }) });
    if (open) {  // nobody to invite: people come from the lobby, and the table page shows who is awaited
      const seat = /** @type {SeatToken} */ (made.seats[0]);
      keepSeatToken(made.table, seat.token);
      location.href = seatLink(made.table, seat.token);
      return;
    }
    showCreated(made);
  } catch (err) { toast(err instanceof Error ? err.message : String(err)); }
}

/** @param {string} table @param {string} token */
function tableLink(table, token) { return `${location.origin}/t/${table}#token=${encodeURIComponent(token)}`; }

/** @param {NewTable} made */
function showCreated(made) {
  const mine = /** @type {SeatToken} */ (made.seats.find((s) => s.seat === 0));  // seat 0 is the person's
  const friends = made.seats.filter((s) => s.seat !== 0);
  const box = byId("invites");
  box.replaceChildren(...friends.map((s) => {
    const input = /** @type {HTMLInputElement} */ (el("input", { readonly: "", value: s.link ?? tableLink(made.table, s.token), "data-invite": s.seat }));
    return el("div", { class: "invite" }, el("span", {}, t("Invite link for seat {n}:", { n: s.seat + 1 })), input,
      el("button", { class: "secondary", onclick: () => { input.select(); navigator.clipboard?.writeText(input.value); } }, t("Copy")));
  }));
  /** @type {HTMLAnchorElement} */ (byId("go")).href = tableLink(made.table, mine.token);
  byId("created").hidden = false;
  if (!friends.length) location.href = tableLink(made.table, mine.token);
}

byId("create").addEventListener("click", create);
inputById("name").value = myName();
langSwitch(() => { loadGames().catch((err) => toast(err.message)); }, toast)
  .then(loadGames).catch((err) => toast(err.message));
