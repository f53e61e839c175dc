// The home page: pick a game, seats and options, create a table, share invite links.
let GAMES = [];
let chosen = null;

async function loadGames() {
  GAMES = await api(withLang("/api/games"));  // the options' words in the page's language
  const box = document.getElementById("games");
  box.replaceChildren(...GAMES.map((g) => el("div", { class: "game", "data-game": g.name, tabindex: "0", onclick: () => choose(g.name) },
    el("h3", {}, g.title), el("p", {}, g.summary),
    el("p", { class: "status" }, t("Players: {count}", { count: g.min_players === g.max_players ? g.min_players : `${g.min_players}–${g.max_players}` })))));
  const wanted = chosen ? chosen.name : new URLSearchParams(location.search).get("game");
  if (wanted && GAMES.some((g) => g.name === wanted)) choose(wanted);
}

function choose(name) {
  const again = chosen && chosen.name === name;  // the same game in another language: keep the choices
  const kept = again ? { players: document.getElementById("players").value, ...settings() } : null;
  chosen = GAMES.find((g) => g.name === name);
  document.querySelectorAll(".game").forEach((n) => n.classList.toggle("selected", n.dataset.game === name));
  document.getElementById("setup").hidden = false;
  if (!again) document.getElementById("created").hidden = true;
  document.getElementById("setup-title").textContent = chosen.title;
  document.getElementById("setup-summary").textContent = chosen.summary;
  const players = document.getElementById("players");
  players.replaceChildren();
  for (let n = chosen.min_players; n <= chosen.max_players; n++) players.append(el("option", { value: n }, n));
  if (kept) players.value = kept.players;
  players.onchange = () => drawSeats();
  drawSeats(kept && kept.seats);
  drawOptions(kept && kept.variant);
  showRules(LANG === "en" ? "en" : "sr");  // the rules in the page's language where there are
}

// What the person has chosen so far: the other seats' kinds and the options' values.
function settings() {
  const seats = [...document.querySelectorAll("[data-seat]")].map((s) => s.value);
  const variant = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    variant[input.dataset.option] = input.tagName === "SELECT" ? JSON.parse(input.value) : Number(input.value);
  }
  return { seats, variant };
}

function drawSeats(kept) {
  const n = Number(document.getElementById("players").value);
  const box = document.getElementById("seats");
  const rows = [el("div", { class: "form-row" }, el("label", {}, t("Seat {n}", { n: 1 })), el("strong", {}, t("Me")))];
  for (let seat = 1; seat < n; seat++) {
    const select = el("select", { "data-seat": seat, "aria-label": t("Seat {n}", { n: seat + 1 }) },
      el("option", { value: "bot:easy" }, t("Bot (easy)")), el("option", { value: "bot:medium" }, t("Bot (medium)")),
      el("option", { value: "bot:hard" }, t("Bot (hard)")), el("option", { value: "human" }, t("A friend")));
    if (kept && kept[seat - 1]) select.value = kept[seat - 1];
    rows.push(el("div", { class: "form-row" }, el("label", {}, t("Seat {n}", { n: seat + 1 })), select));
  }
  box.replaceChildren(...rows);
}

// Each rule option by its words for people (its name and values are what the API takes).
function drawOptions(kept) {
  const box = document.getElementById("options");
  box.replaceChildren(...chosen.options.map((o) => {
    const value = kept && o.name in kept ? kept[o.name] : o.for_people;
    let input;
    if (o.choices) {
      input = el("select", { "data-option": o.name, "aria-label": o.label });
      o.choices.forEach((c, i) => {
        const option = el("option", { value: JSON.stringify(c) }, o.choice_words ? o.choice_words[i] : String(c));
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

async function showRules(lang) {
  if (!chosen) return;
  const text = await fetch(`/api/rules/${chosen.name}?lang=${lang}`).then((r) => r.text());
  document.getElementById("rules").textContent = text;
}

// A number option the page can check itself, so the person reads why in his language.
function badNumber() {
  for (const input of document.querySelectorAll("input[data-option]")) {
    const option = chosen.options.find((o) => o.name === input.dataset.option);
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
  const mine = document.getElementById("name").value.trim();
  localStorage.setItem("kartaros.name", mine);
  // The seats not named are named by the server in the page's language: they appear in every sentence.
  const names = mine ? [mine] : [];
  try {
    const made = await api(withLang("/api/tables"), { method: "POST", body: JSON.stringify({ game: chosen.name, players: seats.length, seats, variant, names }) });
    showCreated(made);
  } catch (err) { toast(err.message); }
}

function tableLink(table, token) { return `${location.origin}/t/${table}#token=${encodeURIComponent(token)}`; }

function showCreated(made) {
  const mine = made.seats.find((s) => s.seat === 0);
  const friends = made.seats.filter((s) => s.seat !== 0);
  const box = document.getElementById("invites");
  box.replaceChildren(...friends.map((s) => {
    const input = el("input", { readonly: "", value: tableLink(made.table, s.token), "data-invite": s.seat });
    return el("div", { class: "invite" }, el("span", {}, t("Invite link for seat {n}:", { n: s.seat + 1 })), input,
      el("button", { class: "secondary", onclick: () => { input.select(); navigator.clipboard?.writeText(input.value); } }, t("Copy")));
  }));
  document.getElementById("go").href = tableLink(made.table, mine.token);
  document.getElementById("created").hidden = false;
  if (!friends.length) location.href = tableLink(made.table, mine.token);
}

document.getElementById("create").addEventListener("click", create);
document.getElementById("rules-en").addEventListener("click", () => showRules("en"));
document.getElementById("rules-sr").addEventListener("click", () => showRules("sr"));
document.getElementById("name").value = localStorage.getItem("kartaros.name") || "";
langSwitch(() => { loadGames().catch((err) => toast(err.message)); })
  .then(loadGames).catch((err) => toast(err.message));
