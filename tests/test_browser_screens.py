"""Every screen of every game, in Serbian and at a phone's width: a person switches the home page
to Serbian and goes through a game — the table at its start, a few moves in, a call window
where the game plays with calls, the result, the rules dialog, the replay — and no English is
left on any of them (the text shown, and the labels a screen reader reads). At 390 px nothing
scrolls sideways and every control is big enough for a thumb. Each screen is photographed at a
phone's size and a large screen's, in ``test-artifacts/screenshots/`` (see ``conftest.py``).

The English to look for is built from the catalogs: every word of an English message that no
Serbian text of the project uses, and every run of four words or more of an English message."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

import kartaros
from kartaros.info import GameInfo
from kartaros.server.words import LANGUAGE_NAMES, card_names
from kartaros.words.catalogs import current, parts
from tests.conftest import LIVE_DEALS
from tests.test_browser import CLICK_LIMIT, fast, serious_violations

PHONE = {"width": 390, "height": 844}
LARGE = {"width": 1600, "height": 1000}
SHORT = 80  # moves, duels or rounds: the bound on a game's length here, so the games end soon
# A deal of a game with calls on which the second person has a miss to make early (in the
# first 15 moves of Tač): about one random deal in 25 gives him none before the short game ends.
MISS_DEAL = 3
SMALLEST_TARGET = 32  # px: a control a thumb can hit on a phone
LONG = 4  # words: a run of an English message this long is English, whatever its words
WORD = re.compile(r"[^\W\d_]+")
PLACEHOLDER = re.compile(r"\{\w+\}")
# Words of English the catalogs may not hold; any of them that Serbian uses too is left out.
COMMON = {
    "the", "your", "you", "move", "moves", "player", "players", "wins", "win", "won", "lose", "pile", "piles",
    "cards", "card", "turn", "call", "calls", "draw", "draws", "pass", "passes", "play", "plays", "left", "seat",
    "score", "game", "over", "rules", "replay", "watch", "hand", "stock", "discard", "open", "closed", "with",
    "and", "of", "to", "is", "from", "back", "forward", "start", "end", "next", "round", "trick", "points",
    "waiting", "speed", "fast", "slow", "normal", "instant", "continue", "close", "print", "cheat", "sheet",
    "full", "language", "invite", "link", "table", "rematch", "drawn", "easy", "hard", "medium", "human", "miss",
}
# What reads the same in both languages: the languages' own names, and what players are called.
SAME_IN_BOTH = {word.lower() for name in LANGUAGE_NAMES.values() for word in WORD.findall(name)}


def _texts(strings: object) -> list[str]:
    if isinstance(strings, str):
        return [strings]
    return [s for s in strings if isinstance(s, str)] if isinstance(strings, Iterable) else []


def _words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(PLACEHOLDER.sub(" ", text))}


@cache
def english() -> tuple[frozenset[str], tuple[str, ...]]:
    """The words that are English only, and the long runs of words of the English messages."""
    english_words: set[str] = set(COMMON)
    serbian_words: set[str] = set(SAME_IN_BOTH)
    runs: set[str] = set()
    for part in parts():
        for message in current(part):
            if not message.id:
                continue
            for text in _texts(message.id):
                english_words |= _words(text)
                for run in PLACEHOLDER.split(text):
                    run = run.strip(" .,:;!?“”\"'()…")
                    if len(WORD.findall(run)) >= LONG:
                        runs.add(run)
            for text in _texts(message.string):
                serbian_words |= _words(text)
        for name in ("guide.sr.md", "rules.sr.txt"):
            if (part.folder / name).is_file():
                serbian_words |= _words((part.folder / name).read_text(encoding="utf-8"))
    for info in kartaros.GAMES.values():
        serbian_words |= _words(info.title)
    serbian_words |= {w for name in card_names("sr").values() for w in _words(name)}
    only = frozenset(w for w in english_words - serbian_words if len(w) >= 3)
    return only, tuple(sorted(runs))


# Everything a person reads or hears on the page: the text shown, the page's title, the options
# of its lists, and the labels, titles and placeholders of what is shown.
SEEN = """() => {
  const seen = [document.title, document.body.innerText];
  for (const node of document.querySelectorAll("[aria-label], [title], [placeholder], [alt]")) {
    if (!node.checkVisibility()) continue;
    for (const name of ["aria-label", "title", "placeholder", "alt"]) {
      const value = node.getAttribute(name);
      if (value) seen.push(value);
    }
  }
  for (const select of document.querySelectorAll("select")) {
    if (select.checkVisibility()) seen.push(...[...select.options].map((o) => o.text));
  }
  return seen.join("\\n");
}"""


def english_left(page: Page) -> list[str]:
    """The English on the page: its English-only words, its runs of English messages, and decimal
    points (Serbian writes a decimal comma)."""
    text: str = page.evaluate(SEEN)
    only, runs = english()
    found = sorted({w for w in WORD.findall(text) if w.lower() in only})
    found += [f"“{run}”" for run in runs if run in text]
    found += [f"decimal point in “{m.group(0)}”" for m in re.finditer(r"\d\.\d", text)]
    return found


# The controls a thumb hits that are smaller than a thumb, on screen now.
SMALL_TARGETS = f"""() => [...document.querySelectorAll("button, select, input, a, summary, [role=tab]")]
  .filter((node) => node.checkVisibility() && !node.closest(".guide, .log, [inert]"))
  .filter((node) => !(node instanceof HTMLButtonElement && node.disabled))
  .map((node) => [node, node.getBoundingClientRect()])
  .filter(([, box]) => box.width < {SMALLEST_TARGET} || box.height < {SMALLEST_TARGET})
  .map(([node, box]) => `${{node.tagName.toLowerCase()}}#${{node.id}}.${{node.className}}`
    + ` “${{(node.textContent || "").trim().slice(0, 20)}}” ${{Math.round(box.width)}}×${{Math.round(box.height)}}`)"""


class Screens:
    """The screens of one game looked at in turn; what is wrong with each is kept, and told at the end."""

    def __init__(self, page: Page, screenshots: Path) -> None:
        self.page = page
        self.screenshots = screenshots
        self.problems: list[str] = []

    def look(self, name: str) -> None:
        """The screen as it is now: in Serbian through and through, at 390 px no wider than the
        screen and with controls a thumb hits; photographed at a phone's size and a large screen's."""
        page = self.page
        expect(page.locator("html")).to_have_attribute("lang", "sr")
        self.problems += [f"{name}: English {found}" for found in english_left(page)]
        page.set_viewport_size(PHONE)
        wide, screen = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        if wide > screen:
            self.problems.append(f"{name}: the page is {wide} px wide on a {screen} px screen")
        self.problems += [f"{name}: too small for a thumb: {found}" for found in page.evaluate(SMALL_TARGETS)]
        page.screenshot(path=str(self.screenshots / f"screen-{name}-phone.png"), full_page=True)
        page.set_viewport_size(LARGE)
        page.screenshot(path=str(self.screenshots / f"screen-{name}-large.png"), full_page=True)
        page.set_viewport_size(PHONE)


class Table:
    """A table made in Serbian where the person sits first; the other seats are bots, or, in a
    game with calls, a second person the test plays over HTTP (who misses, to be called)."""

    def __init__(self, live_server: str, info: GameInfo, players: int = 2) -> None:
        self.info = info
        self.calls = info.calls(info.people_variant) and players == 2
        seats = ["human", "human" if self.calls else "bot:easy"] + ["bot:easy"] * (players - 2)
        variant = dict(info.people_variant)
        for option in info.options:  # every game has a bound on its length (K13, N15, T13, P12): a short game
            if option.name.startswith("max_") and option.choices is None:
                variant[option.name] = SHORT
        if self.calls:
            LIVE_DEALS.append(MISS_DEAL)
        made = httpx.post(f"{live_server}/api/tables", params={"lang": "sr"},
                          json={"game": info.name, "players": players, "seats": seats, "variant": variant}).json()
        self.id: str = made["table"]
        self.url = f"{live_server}/api/tables/{self.id}"
        self.page_url = f"{live_server}/t/{self.id}#token={made['seats'][0]['token']}"
        self.headers = {s["seat"]: {"Authorization": f"Bearer {s['token']}"} for s in made["seats"]}
        self.missed = False

    def view(self, seat: int = 0) -> dict[str, Any]:
        return dict(httpx.get(self.url, headers=self.headers[seat], params={"lang": "sr"}).json())

    def step(self) -> dict[str, Any]:
        """One move of a person at the table (a miss of the second person's while none was made);
        the view of the first seat after it. A 409 (the page played a forced step first) is fine."""
        view = self.view()
        mover = view["current_player"]
        if view["over"] or mover not in self.headers or view.get("window"):
            return view
        legal = self.view(mover)["legal"] if mover else view["legal"]
        if not legal:
            return view
        is_miss = self.info.is_miss or (lambda _: False)
        misses = [a for a in legal if is_miss(a)]
        action = misses[0] if mover and misses and not self.missed else next(a for a in legal if not is_miss(a))
        self.missed = self.missed or is_miss(action)
        answer = httpx.post(f"{self.url}/actions", headers=self.headers[mover], params={"lang": "sr"},
                            json={"action": action, "seq": view["seq"]})
        return dict(answer.json()) if mover == 0 and answer.status_code == 200 else self.view()


def shown(page: Page, table: Table) -> dict[str, Any]:
    """Wait until the page shows the table as it is now (every event of it in the log), and give
    that view; where the page plays a forced step of the person's meanwhile, as it is after it."""
    log = page.locator("#log > div")
    for _ in range(20):
        view = table.view()
        with contextlib.suppress(AssertionError):  # the table moved on meanwhile: look again
            expect(log).to_have_count(int(view["words"]["log_from"]) + len(view["words"]["log"]), timeout=1000)
            if table.view()["seq"] == view["seq"]:
                return view
    raise AssertionError("the page does not follow the table")


def card_width(page: Page, screen: int) -> float:
    """How wide the table's first card is on a screen ``screen`` px wide."""
    page.set_viewport_size({"width": screen, "height": LARGE["height"]})
    width: float = page.locator("#table .card").first.evaluate("(card) => card.getBoundingClientRect().width")
    page.set_viewport_size(PHONE)
    return width


def moves_open(page: Page) -> None:
    """The moves in words open too, so their words are looked at."""
    if not page.locator("#moves-box[open]").count():
        page.locator("#moves-box summary").click()


@pytest.mark.parametrize("game", list(kartaros.GAMES))
def test_every_screen_of_a_game_is_in_serbian_and_fits_a_phone(
    page: Page, live_server: str, game: str, screenshots: Path
) -> None:
    info = kartaros.GAMES[game]
    screens = Screens(page, screenshots)
    fast(page)
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server}/?game={game}")
    expect(page.locator(".game.selected")).to_have_count(1)
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.select_option("#lang", "sr")  # as a person switches
    page.locator("#rules-box summary").click()
    expect(page.locator("#rules")).to_have_attribute("lang", "sr")  # the English rules asked first may come first
    expect(page.locator("#rules h2").first).to_be_visible()
    screens.look(f"{game}-home")

    table = Table(live_server, info)
    page.goto(table.page_url)
    expect(page.locator("#table.card-table, #table.rows")).to_be_visible()
    shown(page, table)
    moves_open(page)
    screens.look(f"{game}-start")
    assert card_width(page, 1024) < card_width(page, LARGE["width"]), "the cards are no larger on a large screen"

    for _ in range(4):  # a few moves in
        table.step()
    view = shown(page, table)
    moves_open(page)
    screens.problems += [f"{game}-moves: axe {found}" for found in serious_violations(page)]  # at 390 px, in Serbian
    screens.look(f"{game}-moves")

    if table.calls:  # the second person misses; the person races to call it
        for _ in range(CLICK_LIMIT):
            view = table.step()
            if view.get("window") or view["over"]:
                break
        assert view.get("window"), "no miss was made to call"
        expect(page.locator("#call")).to_be_enabled()
        expect(page.locator("#window-left")).to_have_text(re.compile(r"\d,\d"))  # a decimal comma
        screens.look(f"{game}-call")
        page.locator("#call").click()
        expect(page.locator("#call")).to_be_disabled()

    for _ in range(CLICK_LIMIT):
        if view["over"]:
            break
        view = table.step()
    assert view["over"], "the game did not end"
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("#moves-box")).to_be_hidden()  # no moves are left to list
    shown(page, table)
    screens.look(f"{game}-result")

    page.locator("#rules-open").click()
    expect(page.locator("#rules-cheat .card").first).to_be_visible()  # the guide has come
    screens.look(f"{game}-rules")
    page.locator("#rules-tab-full").click()
    expect(page.locator("#rules-full")).to_be_visible()
    screens.problems += [f"{game}-rules-full: English {found}" for found in english_left(page)]
    page.keyboard.press("Escape")

    page.locator("#watch-replay").click()
    expect(page.locator("#counter")).to_have_text(re.compile(r"^Potez 0 od \d+$"))
    expect(page.locator("#list tr button")).to_have_count(1)
    screens.look(f"{game}-replay")
    page.keyboard.press("End")
    expect(page.locator("#counter")).to_have_text(re.compile(r"^Potez (\d+) od \1$"))
    screens.look(f"{game}-replay-end")
    page.select_option("#lang", "en")  # and back
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("#counter")).to_contain_text("Move ")
    assert english_left(page), "the English is not seen where it is"
    assert screens.problems == [], "\n".join(screens.problems)


# The games for many, at five and at their most players: the seats round a phone's narrow table.
CROWDS = [(name, n) for name, info in kartaros.GAMES.items() if info.max_players >= 5
          for n in sorted({5, info.max_players})]


@pytest.mark.parametrize(("game", "players"), CROWDS)
def test_a_crowded_table_fits_a_phone_in_serbian(
    page: Page, live_server: str, game: str, players: int, screenshots: Path
) -> None:
    screens = Screens(page, screenshots)
    fast(page, "sr")
    page.set_viewport_size(PHONE)
    table = Table(live_server, kartaros.GAMES[game], players)
    page.goto(table.page_url)
    expect(page.locator("#table.card-table, #table.rows")).to_be_visible()
    for _ in range(3):
        table.step()
    shown(page, table)
    seats = page.locator("#table .seat")
    expect(seats).to_have_count(players)
    boxes = page.eval_on_selector_all("#table .seat", "seats => seats.map((s) => s.getBoundingClientRect().toJSON())")
    for i, a in enumerate(boxes):  # side by side or one under another, never on top of each other
        for b in boxes[i + 1:]:
            apart = (a["right"] <= b["left"] + 1 or b["right"] <= a["left"] + 1
                     or a["bottom"] <= b["top"] + 1 or b["bottom"] <= a["top"] + 1)
            if not apart:
                screens.problems.append(f"two seats overlap: {a} {b}")
    screens.problems += [f"axe {found}" for found in serious_violations(page)]
    screens.look(f"{game}-{players}-players")
    assert screens.problems == [], "\n".join(screens.problems)
