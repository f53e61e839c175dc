// The home page: pick a game, seats and options, create a table, share invite links.
let GAMES = [];
let chosen = null;

async function loadGames() {
  GAMES = await api("/api/games");
  const box = document.getElementById("games");
  box.replaceChildren(...GAMES.map((g) => el("div", { class: "game", "data-game": g.name, tabindex: "0", onclick: () => choose(g.name) },
    el("h3", {}, g.title), el("p", {}, g.summary),
    el("p", { class: "status" }, `${g.min_players === g.max_players ? g.min_players : g.min_players + "–" + g.max_players} ${t("players").toLowerCase()}`))));
  const wanted = new URLSearchParams(location.search).get("game");
  if (wanted && GAMES.some((g) => g.name === wanted)) choose(wanted);
}

function choose(name) {
  chosen = GAMES.find((g) => g.name === name);
  document.querySelectorAll(".game").forEach((n) => n.classList.toggle("selected", n.dataset.game === name));
  document.getElementById("setup").hidden = false;
  document.getElementById("created").hidden = true;
  document.getElementById("setup-title").textContent = chosen.title;
  document.getElementById("setup-summary").textContent = chosen.summary;
  const players = document.getElementById("players");
  players.replaceChildren();
  for (let n = chosen.min_players; n <= chosen.max_players; n++) players.append(el("option", { value: n }, n));
  players.onchange = drawSeats;
  drawSeats();
  drawOptions();
  showRules("en");
}

function drawSeats() {
  const n = Number(document.getElementById("players").value);
  const box = document.getElementById("seats");
  const rows = [el("div", { class: "form-row" }, el("label", {}, `${t("seat")} 1`), el("strong", {}, t("me")))];
  for (let seat = 1; seat < n; seat++) {
    const select = el("select", { "data-seat": seat, "aria-label": `${t("seat")} ${seat + 1}` },
      el("option", { value: "bot:easy" }, t("easy")), el("option", { value: "bot:medium" }, t("medium")),
      el("option", { value: "bot:hard" }, t("hard")), el("option", { value: "human" }, t("friend")));
    rows.push(el("div", { class: "form-row" }, el("label", {}, `${t("seat")} ${seat + 1}`), select));
  }
  box.replaceChildren(...rows);
}

function drawOptions() {
  const box = document.getElementById("options");
  box.replaceChildren(...chosen.options.map((o) => {
    let input;
    if (o.choices) {
      input = el("select", { "data-option": o.name });
      for (const c of o.choices) {
        const option = el("option", { value: JSON.stringify(c) }, String(c));
        if (JSON.stringify(c) === JSON.stringify(o.for_people)) option.selected = true;
        input.append(option);
      }
    } else {
      input = el("input", { "data-option": o.name, type: "number", min: o.minimum ?? "", value: o.for_people });
    }
    return el("div", { class: "form-row" }, el("label", { title: o.doc }, o.name), input, el("span", { class: "status" }, o.doc));
  }));
}

async function showRules(lang) {
  if (!chosen) return;
  const text = await fetch(`/api/rules/${chosen.name}?lang=${lang}`).then((r) => r.text());
  document.getElementById("rules").textContent = text;
}

async function create() {
  const seats = ["human", ...[...document.querySelectorAll("[data-seat]")].map((s) => s.value)];
  const variant = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    variant[input.dataset.option] = input.tagName === "SELECT" ? JSON.parse(input.value) : Number(input.value);
  }
  const mine = document.getElementById("name").value.trim();
  localStorage.setItem("kartaros.name", mine);
  // Names in the page's language: they appear in every sentence of the game.
  const names = seats.map((kind, i) => (i === 0 && mine) ? mine
    : kind.startsWith("bot:") ? `Bot ${i + 1} (${t(kind.slice(4) + "Level")})` : `${t("player")} ${i + 1}`);
  try {
    const made = await api("/api/tables", { method: "POST", body: JSON.stringify({ game: chosen.name, players: seats.length, seats, variant, names }) });
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
    return el("div", { class: "invite" }, el("span", {}, `${t("invite")} ${s.seat + 1}:`), input,
      el("button", { class: "secondary", onclick: () => { input.select(); navigator.clipboard?.writeText(input.value); } }, t("copy")));
  }));
  document.getElementById("go").href = tableLink(made.table, mine.token);
  document.getElementById("created").hidden = false;
  if (!friends.length) location.href = tableLink(made.table, mine.token);
}

document.getElementById("create").addEventListener("click", create);
document.getElementById("rules-en").addEventListener("click", () => showRules("en"));
document.getElementById("rules-sr").addEventListener("click", () => showRules("sr"));
document.getElementById("name").value = localStorage.getItem("kartaros.name") || "";
langSwitch(() => { if (chosen) { drawSeats(); } loadGames(); });
loadGames().catch((err) => toast(err.message));
