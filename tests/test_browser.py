"""A person at the browser: create a table, play by clicking only; two browsers play each other;
Tač's call button; the pages in Serbian.

Screenshots land in ``test-artifacts/screenshots/`` in the checkout (see ``conftest.py``)."""

from __future__ import annotations

import contextlib
import random
import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import Error as PlaywrightError

import kartaros

CLICK_LIMIT = 3000
AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"  # from npm ci


def serious_violations(page: Page) -> list[str]:
    """What axe-core finds on the page that is serious or critical, one line per rule and element."""
    # evaluated by the browser's devtools, which the pages' content security policy (no inline
    # script) does not govern: a script tag would be refused, as it should be
    page.evaluate(AXE.read_text(encoding="utf-8"))
    found: list[dict[str, Any]] = page.evaluate("async () => (await axe.run(document)).violations")
    return [
        f"{v['id']} ({v['impact']}): {node['target']}"
        for v in found if v["impact"] in ("serious", "critical") for node in v["nodes"]
    ]


def fast(page: Page, lang: str = "en") -> None:
    """Forced steps are auto-played by the page; in tests without the pause a person gets. The
    first page opens in ``lang``; the next ones in the language the person chose."""
    page.add_init_script(
        "localStorage.setItem('kartaros.autoplayMs', '0'); localStorage.setItem('kartaros.speed', '0');"
        f"if (!localStorage.getItem('kartaros.lang')) localStorage.setItem('kartaros.lang', '{lang}')"
    )


def play_by_clicking(page: Page) -> int:
    """Play until the result shows, as a person clicks: where the game's table is played by hand
    (its list of moves in words starts collapsed), by cards and piles only (``click_by_hand``);
    elsewhere the first offered move. In Tač, call every miss with the "Tač!" button. Returns how
    many calls were made."""
    result = page.locator("#result")
    tac = page.locator("#call:enabled")
    listed = page.locator("#moves-box[open] #moves button:enabled")
    calls = 0
    for _ in range(CLICK_LIMIT):
        if result.is_visible():
            return calls
        with contextlib.suppress(PlaywrightError):  # the view changed under the click: look again
            if tac.is_visible():
                tac.click(timeout=3000)
                calls += 1
            elif page.locator("#moves-box[open]").count():
                listed.first.click(timeout=3000)
            else:
                click_by_hand(page)
    raise AssertionError("the game did not end by clicking")


CLICKER = random.Random(7)  # which of the live piles the clicker tries: seeded, so a run repeats


def click_by_hand(page: Page) -> None:
    """One click on the table itself: one of the piles that take a try now, at random (the stock
    to draw, the discard pile for the selected card; in Tač any pile, fit or not: a refused try
    leaves the page as playable as before), else the next card of the hand to select."""
    live = page.locator("#table .pile.live:enabled")
    count = live.count()
    if count:
        live.nth(CLICKER.randrange(count)).click(timeout=3000)
        return
    unselected = page.locator("#table .card-button:not(.selected):enabled")
    if unselected.count():
        unselected.first.click(timeout=3000)
    elif page.locator("#table .card-button.selected").count():  # nothing the selection makes: start again
        page.locator("#table .card-button.selected").first.click(timeout=3000)
    else:  # a try is on its way (the table waits for the server's answer): until something is live again
        page.locator("#table .pile.live:enabled, #table .card-button:enabled, #result, #call:enabled").first.wait_for(
            timeout=3000)


@pytest.mark.parametrize("game", list(kartaros.GAMES))
def test_a_person_creates_a_table_and_plays_a_whole_game(
    page: Page, live_server: str, game: str, screenshots: Path
) -> None:
    fast(page)
    page.goto(f"{live_server}/?game={game}")
    expect(page.locator(".game.selected")).to_have_count(1)
    page.screenshot(path=str(screenshots / f"{game}-home.png"), full_page=True)
    page.click("#create")
    page.wait_for_url("**/t/**")
    expect(page.locator("#table > *").first).to_be_visible()
    # Tač is played with calls: its button is there from the start, live only for a call.
    if game == "tac":
        expect(page.locator("#call")).to_be_visible()
    else:
        expect(page.locator("#call")).to_be_hidden()
    page.screenshot(path=str(screenshots / f"{game}-table.png"), full_page=True)
    play_by_clicking(page)
    expect(page.locator("#result")).to_contain_text("Rematch")
    page.screenshot(path=str(screenshots / f"{game}-result.png"), full_page=True)
    assert "#token=" in page.url  # the seat's token stays in the fragment


def test_tac_button_calls_a_miss_and_the_page_speaks_serbian(
    page: Page, live_server: str, screenshots: Path
) -> None:
    """Two people at Tač: Ana (driven through the API) misses on purpose; Milan, at the page,
    calls it with the big button; then the page switches to Serbian."""
    setup = {"game": "tac", "seats": ["human", "human"], "variant": {"calls": "open"}, "names": ["Milan", "Ana"]}
    made = httpx.post(f"{live_server}/api/tables", json=setup).json()
    table = made["table"]
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    fast(page)
    page.set_viewport_size({"width": 390, "height": 844})  # a phone
    page.goto(f"{live_server}/t/{table}#token={tokens[0]}")
    button = page.locator("#call")
    expect(button).to_be_visible()
    expect(button).to_be_disabled()

    def view(seat: int) -> dict[str, Any]:
        answer = httpx.get(f"{live_server}/api/tables/{table}", headers={"Authorization": f"Bearer {tokens[seat]}"})
        return dict(answer.json())

    for _ in range(CLICK_LIMIT):  # Ana misses whenever she can, Milan plays correctly, until Milan may call
        mine = view(0)
        if "call" in mine["legal"]:
            break
        mover = mine["current_player"]
        legal = view(mover)["legal"] if mover is not None else []
        if not legal:
            continue  # the page played a forced step meanwhile
        misses = [a for a in legal if a.endswith("?")]
        action = misses[0] if mover == 1 and misses else next(a for a in legal if not a.endswith("?"))
        httpx.post(  # a 409 means the page moved first: look again
            f"{live_server}/api/tables/{table}/actions", headers={"Authorization": f"Bearer {tokens[mover]}"},
            json={"action": action, "seq": mine["seq"]},
        )
    else:
        raise AssertionError("Ana never had a miss to make")
    expect(button).to_be_enabled()
    expect(page.locator("#window-left")).to_be_visible()  # T11: a race, open for a few seconds
    expect(page.locator("#moves button[data-action='pass']")).to_have_count(0)  # nobody passes in a race
    expect(page.locator("#moves button[data-action='call']")).to_have_count(0)  # the call is the big button
    page.screenshot(path=str(screenshots / "tac-call.png"), full_page=True)
    button.click()
    expect(page.locator("#log")).to_contain_text("Milan calls “Tač!” on Ana")
    expect(button).to_be_disabled()
    page.select_option("#lang", "sr")
    expect(page.locator("html")).to_have_attribute("lang", "sr")
    expect(page.locator("#log")).to_contain_text("Milan kaže „Tač!“ igraču Ana")
    expect(page.locator("#log")).not_to_contain_text("calls")
    expect(page.locator("#table")).to_contain_text("Milan (ti)")
    expect(page.locator("#table")).to_contain_text("Centralna")
    page.screenshot(path=str(screenshots / "tac-called-sr.png"), full_page=True)


def test_two_browsers_play_each_other(browser: Browser, live_server: str, screenshots: Path) -> None:
    host = browser.new_context()
    host_page = host.new_page()
    fast(host_page)
    host_page.goto(f"{live_server}/?game=kec")
    host_page.select_option("[data-seat='1']", "human")
    host_page.fill("[data-option='max_actions']", "120")
    host_page.click("#create")
    invite = host_page.locator("[data-invite='1']").input_value()
    assert "#token=" in invite
    host_page.click("#go")
    guest = browser.new_context()
    guest_page = guest.new_page()
    fast(guest_page)
    guest_page.goto(invite)
    pages = [host_page, guest_page]
    for _ in range(CLICK_LIMIT):
        if all(p.locator("#result").is_visible() for p in pages):
            break
        for p in pages:
            if p.locator("#moves-box[open]").count():
                button = p.locator("#moves button:enabled").first
                if button.count():
                    with contextlib.suppress(PlaywrightError):
                        button.click(timeout=1000)
            elif p.locator("#table .pile.live, #table .card-button").count():
                with contextlib.suppress(PlaywrightError):
                    click_by_hand(p)
    for name, p in zip(("host", "guest"), pages, strict=True):
        expect(p.locator("#result")).to_be_visible()
        p.screenshot(path=str(screenshots / f"two-{name}.png"), full_page=True)
    host.close()
    guest.close()


def test_the_pages_in_serbian(page: Page, live_server: str, screenshots: Path) -> None:
    """A person switches the home page to Serbian, sets up Keč by the options' words, plays a whole
    game and looks at it in the replays: every page speaks Serbian and says so in <html lang>."""
    fast(page)
    page.goto(f"{live_server}/?game=kec")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("h2").first).to_have_text("Choose a game")
    expect(page.locator("#lang option")).to_have_text(["English", "Srpski", "Српски"])
    page.select_option("#lang", "sr")
    expect(page.locator("html")).to_have_attribute("lang", "sr")
    expect(page.locator("h2").first).to_have_text("Izaberi igru")
    expect(page.locator("#create")).to_have_text("Napravi sto")
    expect(page.locator("#setup")).to_contain_text("Kuda idu odigrani parovi")
    expect(page.locator("#options")).not_to_contain_text("pairs_to")
    pairs = page.locator("[data-option='pairs_to'] option")
    expect(pairs).to_have_text(["na hrpu za odbacivanje", "van igre"])
    expect(page.locator("[data-seat='1'] option").first).to_have_text("Bot (lak)")
    expect(page.locator(".game[data-game='kec'] .status")).to_have_text("Igrača: 2")
    page.select_option("[data-option='pairs_to']", label="van igre")
    page.fill("[data-option='max_actions']", "0")  # the page says why in Serbian, before asking the server
    page.click("#create")
    expect(page.locator("#toast")).to_contain_text("Granica broja poteza: upiši ceo broj, najmanje 1")
    page.fill("[data-option='max_actions']", "150")
    page.screenshot(path=str(screenshots / "sr-home.png"), full_page=True)
    page.click("#create")
    page.wait_for_url("**/t/**")
    expect(page.locator("html")).to_have_attribute("lang", "sr")
    expect(page.locator("#lang")).to_have_value("sr")
    expect(page.locator("#table")).to_contain_text("Ostatak")
    expect(page.locator("#table")).to_contain_text("Igrač 1 (ti)")  # the seats were named in Serbian
    expect(page.locator("main")).to_contain_text("Šta se desilo")
    page.screenshot(path=str(screenshots / "sr-table.png"), full_page=True)
    play_by_clicking(page)
    result = page.locator("#result")
    expect(result).to_contain_text("Revanš")
    expect(result).to_contain_text(re.compile("Pobedio si!|Izgubio si.|Igra je nerešena."))
    expect(result).not_to_contain_text(re.compile(r"\b(wins|drawn|could not)\b"))
    page.screenshot(path=str(screenshots / "sr-result.png"), full_page=True)
    page.goto(f"{live_server}/replays")
    expect(page.locator("html")).to_have_attribute("lang", "sr")
    expect(page.locator("#list-panel h2")).to_have_text("Završene igre")
    row = page.locator("#list tr").first
    expect(row).to_contain_text("Keč")
    row.locator("button").click()
    expect(page.locator("#counter")).to_contain_text("Potez 0 od ")
    page.click("#last")
    expect(page.locator("#zones")).to_contain_text("Ruka: Igrač 1")
    expect(page.locator("#zones")).to_contain_text("Van igre")
    page.screenshot(path=str(screenshots / "sr-replay.png"), full_page=True)


def test_a_replay_is_stepped_by_keyboard_linked_and_played(page: Page, live_server: str, screenshots: Path) -> None:
    """From the result, "watch the replay"; the arrows and End step it, the address names the move
    and a reload keeps it; autoplay plays on at its speed; the list holds only this browser's games."""
    made = httpx.post(f"{live_server}/api/tables",
                      json={"game": "kec", "seats": ["human", "bot:easy"], "variant": {"max_actions": 30}}).json()
    stranger = finished_elsewhere(live_server)
    fast(page)
    page.goto(f"{live_server}/t/{made['table']}#token={made['seats'][0]['token']}")
    play_by_clicking(page)
    page.click("#watch-replay")
    expect(page.locator("#counter")).to_contain_text("Move 0 of ")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#counter")).to_contain_text("Move 2 of ")
    assert page.url.endswith("#move=2")
    page.reload()
    expect(page.locator("#counter")).to_contain_text("Move 2 of ")
    page.keyboard.press("End")
    expect(page.locator("#counter")).to_have_text(re.compile(r"Move (\d+) of \1$"))
    page.keyboard.press("Home")
    page.select_option("#replay-speed", "350")
    page.click("#play")
    expect(page.locator("#play")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#counter")).not_to_contain_text("Move 0 of ")  # it moves on by itself
    page.click("#play")
    expect(page.locator("#play")).to_have_attribute("aria-pressed", "false")
    page.screenshot(path=str(screenshots / "replay.png"), full_page=True)
    rows = page.locator("#list tr")
    expect(rows).to_have_count(1)  # this browser's game, not the stranger's
    assert stranger not in page.content()


def finished_elsewhere(live_server: str) -> str:
    """A game someone else played to its end (over the API): its table id."""
    made = httpx.post(f"{live_server}/api/tables",
                      json={"game": "kec", "seats": ["human", "bot:easy"], "variant": {"max_actions": 6}}).json()
    table, headers = made["table"], {"Authorization": f"Bearer {made['seats'][0]['token']}"}
    for _ in range(12):
        view = httpx.get(f"{live_server}/api/tables/{table}", headers=headers).json()
        if view["over"]:
            return str(table)
        if view["legal"]:
            httpx.post(f"{live_server}/api/tables/{table}/actions", headers=headers,
                       json={"action": view["legal"][0], "seq": view["seq"]})
    raise AssertionError("the other game did not end")


def test_a_wrong_invite_link_is_told_in_the_pages_language(page: Page, live_server: str) -> None:
    made = httpx.post(f"{live_server}/api/tables", json={"game": "kec", "seats": ["human", "human"]}).json()
    fast(page, "sr")
    page.goto(f"{live_server}/t/{made['table']}#token=not-a-token")
    expect(page.locator("#status")).to_have_text("ovaj link ne otvara nijedno mesto za ovim stolom")
    page.goto(f"{live_server}/t/nosuchtable#token=x")
    expect(page.locator("#status")).to_have_text("nema stola „nosuchtable“")


def test_a_language_added_to_languages_appears_in_the_pages(
    page: Page, live_server: str, monkeypatch: pytest.MonkeyPatch, screenshots: Path
) -> None:
    """Serbian Cyrillic joins ``LANGUAGES`` once every game speaks it: the switch lists it by its
    own name and the page speaks it, with no other change."""
    from kartaros.words import speech

    monkeypatch.setattr(speech, "LANGUAGES", ("en", "sr", "sr-Cyrl"))
    fast(page)
    page.goto(f"{live_server}/?game=kec")
    expect(page.locator("#lang option")).to_have_text(["English", "Srpski", "Српски"])
    page.select_option("#lang", "sr-Cyrl")
    expect(page.locator("html")).to_have_attribute("lang", "sr-Cyrl")
    expect(page.locator("h2").first).to_have_text("Изабери игру")
    expect(page.locator("#options")).to_contain_text("Куда иду одиграни парови")
    page.screenshot(path=str(screenshots / "sr-Cyrl-home.png"), full_page=True)


def test_home_table_and_replay_pages_pass_axe(page: Page, live_server: str) -> None:
    """axe-core finds no serious or critical violation on the home page, a table in play (each
    game's layout), and the replay viewer."""
    fast(page)
    page.goto(f"{live_server}/?game=kec")
    expect(page.locator(".game.selected")).to_have_count(1)
    assert serious_violations(page) == []
    for game in kartaros.GAMES:
        made = httpx.post(f"{live_server}/api/tables", json={"game": game, "seats": ["human", "bot:easy"]}).json()
        page.goto(f"{live_server}/t/{made['table']}#token={made['seats'][0]['token']}")
        expect(page.locator("#table > *").first).to_be_visible()
        expect(page.locator("#turn")).not_to_be_empty()
        assert serious_violations(page) == [], game
    table = finished_elsewhere(live_server)
    page.goto(f"{live_server}/replays?table={table}#move=1")  # that game may end after a couple of moves
    expect(page.locator("#counter")).to_contain_text("Move 1 of ")
    assert serious_violations(page) == []


CARD_CODE = re.compile(r"\b(?:[2-9TJQKA][SHDC]|RJ|BJ)\b")


@pytest.mark.parametrize("game", list(kartaros.GAMES))
def test_a_spectator_watches_the_table_live_and_sees_only_what_everyone_may(
    page: Page, live_server: str, game: str, screenshots: Path
) -> None:
    made = httpx.post(f"{live_server}/api/tables", json={"game": game, "seats": ["human", "bot:easy"]}).json()
    table, headers = made["table"], {"Authorization": f"Bearer {made['seats'][0]['token']}"}
    fast(page)
    page.goto(f"{live_server}/t/{table}")  # no token: a spectator
    expect(page.locator("#table > *").first).to_be_visible()
    before = page.locator("#log div").count()
    for _ in range(4):  # the person at the table plays on; the spectator's page follows
        view = httpx.get(f"{live_server}/api/tables/{table}", headers=headers).json()
        if view["over"] or not view["legal"]:
            break
        httpx.post(f"{live_server}/api/tables/{table}/actions", headers=headers,
                   json={"action": view["legal"][-1], "seq": view["seq"]})
    expect(page.locator("#log div")).not_to_have_count(before)
    expect(page.locator("#table .card-button")).to_have_count(0)  # nothing to select
    expect(page.locator("#moves button")).to_have_count(0)
    expect(page.locator("#moves-box")).to_be_hidden()  # a spectator has no moves to list
    public = httpx.get(f"{live_server}/api/tables/{table}").json()
    assert public["seat"] is None
    page.wait_for_timeout(200)
    shown = set(page.eval_on_selector_all("#table [data-code]", "cards => cards.map(c => c.dataset.code)"))
    allowed = set(CARD_CODE.findall(str(public["view"])))
    assert shown <= allowed, f"the spectator sees cards nobody showed: {sorted(shown - allowed)}"
    page.screenshot(path=str(screenshots / f"{game}-spectator.png"), full_page=True)


def test_tac_a_try_onto_a_pile_the_card_does_not_fit_is_refused_and_the_table_stays_playable(
    page: Page, live_server: str, screenshots: Path
) -> None:
    """T7, T12: with open calls every pile in play is live for the card just turned; one it does
    not fit says why (here T5: nothing goes onto another's open pile before the first Ace) and
    the table is as playable as before."""
    setup = {"game": "tac", "seats": ["human", "human"], "variant": {"calls": "open"}, "names": ["Milan", "Ana"]}
    made = httpx.post(f"{live_server}/api/tables", json=setup).json()
    fast(page)
    page.goto(f"{live_server}/t/{made['table']}#token={made['seats'][0]['token']}")
    other = page.locator("#table .pile.live[data-pile='1']")
    expect(other).to_be_enabled()  # the first card was turned for Milan: it is his only move
    expect(page.locator("#table .pile.live[data-pile='C']")).to_be_enabled()
    other.click()
    expect(page.locator("#toast")).to_contain_text("before an Ace lies on the central pile")
    page.screenshot(path=str(screenshots / "tac-refused.png"), full_page=True)
    expect(other).to_be_enabled()
    page.locator("#table .pile.live[data-pile='0']").click()
    expect(page.locator("#log")).to_contain_text("Milan puts")


def test_tac_a_pile_that_is_not_live_says_why_on_hover_and_focus(page: Page, live_server: str) -> None:
    """The table issue's "why not": the closed pile while the turned card waits (T7) says why
    it cannot be turned now, in the page's language, on hover and on focus."""
    setup = {"game": "tac", "seats": ["human", "human"], "variant": {"calls": "open"}, "names": ["Milan", "Ana"]}
    made = httpx.post(f"{live_server}/api/tables", json=setup).json()
    fast(page, "sr")
    page.goto(f"{live_server}/t/{made['table']}#token={made['seats'][0]['token']}")
    closed = page.locator(".seat-bottom .pile-closed[data-try='turn']")
    expect(closed).to_be_visible()  # the first card is turned for Milan: his closed pile waits
    closed.hover()
    expect(closed).to_have_attribute("title", re.compile("prvo spusti"))
    closed.blur()
    page.locator("#table .pile.live").first.focus()
    closed.focus()
    expect(closed).to_have_attribute("aria-description", re.compile("prvo spusti"))


def says_why(page: Page, target: Any, words: str) -> None:
    """``target`` is not live and, hovered, says ``words`` (a pattern) as its tooltip and its
    description for a screen reader."""
    expect(target).to_be_visible()
    page.locator("header h1").hover()  # from elsewhere: the hover is a fresh one
    target.hover()
    expect(target).to_have_attribute("title", re.compile(words))
    expect(target).to_have_attribute("aria-description", re.compile(words))


def to_serbian(page: Page) -> None:
    page.select_option("#lang", "sr")
    expect(page.locator("html")).to_have_attribute("lang", "sr")


def test_kec_K5_K10_a_pile_that_is_not_live_says_why_in_english_and_serbian(
    page: Page, live_server: str, screenshots: Path
) -> None:
    """The table issue's "why not" in Keč: with the hand full the stock cannot be drawn from
    (K4, K5), and two cards of different ranks put on the table make no pair (K10); each says
    why on hover in the rules' words, in English and, after the switch, in Serbian."""
    setup = {"game": "kec", "seats": ["human", "bot:easy"], "names": ["Milan", "Bot"]}
    made = httpx.post(f"{live_server}/api/tables", json=setup).json()
    fast(page)
    page.goto(f"{live_server}/t/{made['table']}#token={made['seats'][0]['token']}")
    stock = page.locator(".pile-stock[data-try='draw']")  # Milan has drawn up to five: he must play now
    says_why(page, stock, "Your move: attack with a hold, play a pair, or discard")
    codes = page.locator(".seat-bottom .card-button").evaluate_all("(nodes) => nodes.map((n) => n.dataset.card)")
    first = codes[0]
    second = next(c for c in codes[1:] if c[0] != first[0])
    for code in (first, second):
        page.locator(f".card-button[data-card='{code}']").click()
    table = page.locator(f".pile-table[data-try='{'-'.join(c for c in codes if c in (first, second))}']")
    says_why(page, table, "that pair is not a move: pairs run from 4-4 to J-J")
    page.screenshot(path=str(screenshots / "kec-why-not.png"), full_page=True)
    to_serbian(page)
    says_why(page, table, "taj par nije potez: parovi idu od 4-4 do J-J")
    says_why(page, stock, "Tvoj potez: napadni kombinacijom")


def test_nesalomljiv_N5_a_place_that_is_not_live_says_why_in_english_and_serbian(page: Page, live_server: str) -> None:
    """In a duel the stock is no move (N5, N11), and one weapon on the card in the middle is not
    a choice: two are kept, the third dropped (N5); each says why, in English and in Serbian."""
    setup = {"game": "nesalomljiv", "seats": ["human", "bot:easy"], "names": ["Milan", "Bot"]}
    made = httpx.post(f"{live_server}/api/tables", json=setup).json()
    fast(page)
    page.goto(f"{live_server}/t/{made['table']}#token={made['seats'][0]['token']}")
    stock = page.locator(".nes-stock[data-try='draw']")  # Milan's choice in the first duel
    says_why(page, stock, "Your move: keep two weapons")
    weapon = page.locator(".seat-bottom .nes-weapons .card-button").first
    code = weapon.get_attribute("data-card")
    weapon.click()
    middle = page.locator(f".nes-target[data-try='{code}']")
    says_why(page, middle, "keep exactly two weapons: the third one is dropped")
    to_serbian(page)
    says_why(page, middle, "zadrži tačno dva oružja: treće se odbacuje")
    says_why(page, stock, "Tvoj potez: zadrži dve karte")


def test_puck_P5_P6_a_pile_that_is_not_live_says_why_in_english_and_serbian(
    page: Page, live_server: str, screenshots: Path
) -> None:
    """In the exchange one's own pile gives no more cards (P5), and the pot takes a card put in
    only with as many taken (P6); each says why, in English and in Serbian."""
    setup = {"game": "puck", "seats": ["human", "bot:easy"], "names": ["Milan", "Bot"]}
    made = httpx.post(f"{live_server}/api/tables", json=setup).json()
    fast(page)
    page.goto(f"{live_server}/t/{made['table']}#token={made['seats'][0]['token']}")
    own = page.locator(".seat-bottom .pile-own[data-try='draw']")  # Milan's exchange
    says_why(page, own, "every player has taken their cards; now each holds or exchanges")
    card = page.locator(".seat-bottom .card-button").first
    code = card.get_attribute("data-key", timeout=3000)
    card.click()
    assert code is not None
    pot = page.locator(f".pile-pot[data-try='{code.removeprefix('card-')}']")
    says_why(page, pot, r"take as many cards as you put into the pot \(1\)")
    page.screenshot(path=str(screenshots / "puck-why-not.png"), full_page=True)
    to_serbian(page)
    says_why(page, pot, r"uzmi onoliko karata koliko stavljaš u sredinu \(1\)")
    says_why(page, own, "svi igrači su uzeli karte")
