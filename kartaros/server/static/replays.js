// Finished games, and a viewer that steps through one with every card shown.
let frames = [];
let at = 0;
let opened = null;  // the table whose frames are shown

async function loadList() {
  const games = await api("/api/finished");
  const body = document.getElementById("list");
  if (!games.length) { body.replaceChildren(el("tr", {}, el("td", { colspan: 5 }, t("none")))); return; }
  body.replaceChildren(...games.map((g) => el("tr", {},
    el("td", {}, g.game), el("td", {}, g.names.join(", ")),
    el("td", {}, g.result ? `${g.result.returns.join(" : ")} (${g.result.reason})` : ""),
    el("td", {}, new Date(g.finished_at).toLocaleString()),
    el("td", {}, el("button", { class: "secondary", "data-table": g.table, onclick: () => open(g.table) }, t("view"))))));
}

async function open(table, index = 0) {
  frames = (await api(`/api/tables/${table}/frames?lang=${LANG}`)).frames;  // the moves in the page's language
  opened = table;
  history.replaceState(null, "", `/replays?table=${table}`);
  document.getElementById("viewer").hidden = false;
  show(index);
}

function show(index) {
  at = Math.max(0, Math.min(frames.length - 1, index));
  const frame = frames[at];
  document.getElementById("counter").textContent = `${t("move")} ${at} / ${frames.length - 1}`;
  const step = document.getElementById("step");
  step.replaceChildren(el("strong", {}, frame.text || ""), ...frame.events.map((e) => el("div", { class: "status" }, e)));
  const zones = document.getElementById("zones");
  const nodes = [];
  for (const [zone, cards] of Object.entries(frame.zones)) {
    const row = el("span", { class: "cards" }, ...cards.slice(-16).map(cardEl));
    nodes.push(el("div", { class: "label" }, `${zone} (${cards.length})`), el("div", {}, cards.length > 16 ? "… " : "", row));
  }
  zones.replaceChildren(...nodes);
}

document.getElementById("first").onclick = () => show(0);
document.getElementById("prev").onclick = () => show(at - 1);
document.getElementById("next").onclick = () => show(at + 1);
document.getElementById("last").onclick = () => show(frames.length - 1);
document.addEventListener("keydown", (e) => { if (e.key === "ArrowLeft") show(at - 1); if (e.key === "ArrowRight") show(at + 1); });
langSwitch(() => { loadList(); if (opened) open(opened, at).catch((err) => toast(err.message)); });
loadList().catch((err) => toast(err.message));
const wanted = new URLSearchParams(location.search).get("table");
if (wanted) open(wanted).catch((err) => toast(err.message));
