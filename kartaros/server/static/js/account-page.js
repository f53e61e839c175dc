// The account pages: signing in, up and out (/account), a player's games and ratings
// (/players/<name>) and each game's leaderboard (/leaderboard/<game>). Usernames and names are
// shown as text, never as markup.
import { api, el, toast } from "./dom.js";
import { formatNumber, langSwitch, locale, t, withLang } from "./words.js";

/** @param {string} id */
function byId(id) { return /** @type {HTMLElement} */ (document.getElementById(id)); }
/** @param {string} id */
function input(id) { return /** @type {HTMLInputElement} */ (document.getElementById(id)); }

const [, kind = "account", asked = ""] = location.pathname.split("/").map(decodeURIComponent);
let what = asked;  // the player or the game asked for (a leaderboard without one: the first game's)

/** @type {Record<string, () => string>} how a game went for the player */
const OUTCOMES = { won: () => t("won"), drawn: () => t("drawn"), lost: () => t("lost") };

/** A rating as people read it, with how sure it is. @param {number | null} rating @param {number | null} spread */
function ratingText(rating, spread) {
  return rating === null ? "—" : `${formatNumber(rating)} ± ${formatNumber(spread ?? 0)}`;
}

async function showAccount() {
  byId("sign-panel").hidden = false;
  /** @type {{ username: string | null }} */
  const me = await api("/api/me");
  byId("signed-out").hidden = me.username !== null;
  byId("signed-in").hidden = me.username === null;
  if (me.username !== null) {
    byId("signed-in-as").textContent = t("Signed in as {name}", { name: me.username });
    /** @type {HTMLAnchorElement} */ (byId("my-profile")).href = `/players/${encodeURIComponent(me.username)}`;
  }
}

/** Sign in, or make an account (``path``), with what the form holds. @param {string} path */
async function sign(path) {
  byId("account-error").textContent = "";
  try {
    await api(withLang(path), { method: "POST", body: JSON.stringify({ username: input("username").value, password: input("password").value }) });
    input("password").value = "";
    await showAccount();
  } catch (err) { byId("account-error").textContent = /** @type {Error} */ (err).message; }
}

async function showProfile() {
  byId("profile-panel").hidden = false;
  /** @type {{ username: string, games: any[], history: any[] }} */
  const p = await api(withLang(`/api/players/${encodeURIComponent(what)}`));
  byId("profile-title").textContent = p.username;
  document.title = `kartaros · ${p.username}`;
  byId("profile-games").replaceChildren(...(p.games.length ? p.games.map((g) => el("tr", {},
    el("td", {}, el("a", { href: `/leaderboard/${encodeURIComponent(g.game)}` }, g.title)),
    el("td", {}, ratingText(g.rating, g.spread)), el("td", {}, formatNumber(g.played)), el("td", {}, formatNumber(g.won)),
    el("td", {}, formatNumber(g.drawn)), el("td", {}, formatNumber(g.lost))))
    : [el("tr", {}, el("td", { colspan: 6 }, t("No finished games yet.")))]));
  byId("profile-history").replaceChildren(...p.history.map((h) => el("tr", {},
    el("td", {}, el("a", { href: `/replays?table=${encodeURIComponent(h.table)}` }, h.title)), el("td", {}, h.names.join(", ")),
    el("td", {}, OUTCOMES[h.outcome] ? OUTCOMES[h.outcome]() : ""),
    el("td", {}, new Date(h.finished_at).toLocaleString(locale())))));
}

async function showLeaders() {
  byId("leaders-panel").hidden = false;
  /** @type {{ name: string, title: string }[]} */
  const games = await api(withLang("/api/games"));
  if (!what) what = games[0].name;
  byId("leaders-games").replaceChildren(...games.map((g) => el("a", {
    href: `/leaderboard/${encodeURIComponent(g.name)}`, "aria-current": g.name === what ? "page" : null, class: "button-link",
  }, g.title)));
  /** @type {{ title: string, leaders: { username: string, rating: number, spread: number, games: number }[] }} */
  const board = await api(`/api/leaderboard/${encodeURIComponent(what)}`);
  byId("leaders-title").textContent = t("Best players of {game}", { game: board.title });
  document.title = `kartaros · ${byId("leaders-title").textContent}`;
  byId("leaders").replaceChildren(...(board.leaders.length ? board.leaders.map((row, i) => el("tr", {},
    el("td", {}, formatNumber(i + 1)), el("td", {}, el("a", { href: `/players/${encodeURIComponent(row.username)}` }, row.username)),
    el("td", {}, ratingText(row.rating, row.spread)), el("td", {}, formatNumber(row.games))))
    : [el("tr", {}, el("td", { colspan: 4 }, t("No rated games yet.")))]));
}

function show() {
  const shown = kind === "players" ? showProfile() : kind === "leaderboard" ? showLeaders() : showAccount();
  shown.catch((err) => toast(err.message));
}

byId("sign-form").addEventListener("submit", (event) => { event.preventDefault(); sign("/api/session"); });
byId("sign-up").addEventListener("click", () => {
  if (/** @type {HTMLFormElement} */ (byId("sign-form")).reportValidity()) sign("/api/accounts");
});
byId("sign-out").addEventListener("click", () => {
  api("/api/session", { method: "DELETE" }).then(showAccount).catch((err) => toast(err.message));
});
langSwitch(show, toast).then(show);
