"""The move clock and leaving in the browser (``kartaros.server.clocks``): a draw is offered and
declined, then a person resigns (the button asks once more, then the game ends and both pages
say who resigned); at a table with a
clock the seat to move sees its time running, a spectator too, and when it runs out a bot plays
for him until he takes his seat back.

The server runs on a fake clock (``clocked_server``): a seat's time runs out only when the test
lets it. Screenshots land in ``test-artifacts/screenshots/`` (see ``conftest.py``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, expect

import kartaros
from tests.conftest import ClockedServer
from tests.test_browser_race import quiet

PAIR = next(info.name for info in kartaros.GAMES.values() if info.draw_offers and info.max_players == 2)


def table_of(server: ClockedServer, **options: Any) -> tuple[str, list[str]]:
    made = httpx.post(f"{server.url}/api/tables", json={
        "game": PAIR, "seats": ["human", "human"], "names": ["Ana", "Boris"], **options})
    assert made.status_code == 201, made.text
    return made.json()["table"], [seat["token"] for seat in made.json()["seats"]]


def open_seat(browser: Browser, server: ClockedServer, table: str, token: str | None) -> Page:
    page = browser.new_context().new_page()
    quiet(page)
    page.goto(f"{server.url}/t/{table}" + (f"#token={token}" if token else ""))
    expect(page.locator("#table")).not_to_be_empty()
    return page


def view(server: ClockedServer, table: str, token: str) -> dict[str, Any]:
    return dict(httpx.get(f"{server.url}/api/tables/{table}", headers={"Authorization": f"Bearer {token}"}).json())


def test_a_person_resigns_and_both_pages_say_so(browser: Browser, clocked_server: ClockedServer,
                                               screenshots: Path) -> None:
    table, tokens = table_of(clocked_server)
    ana, boris = (open_seat(browser, clocked_server, table, token) for token in tokens)
    ana.click("#offer-draw")  # two people: a draw may be offered, and is declined
    expect(boris.locator("#draw-offer")).to_have_text("Ana offers a draw.")
    expect(ana.locator("#draw-offer")).to_have_text("Your draw offer waits for an answer.")
    expect(ana.locator("#accept-draw")).to_have_count(0)  # not hers to answer
    boris.screenshot(path=str(screenshots / "draw-offered.png"), full_page=True)
    boris.click("#decline-draw")
    for page in (ana, boris):
        expect(page.locator("#log")).to_contain_text("Boris declines the draw.")
        expect(page.locator("#draw-offer")).to_have_count(0)
    resign = boris.locator("#resign")
    expect(resign).to_have_text("Resign")
    resign.click()  # once more, to be sure: a slip of the finger ends nothing
    expect(resign).to_have_text("Yes, resign")
    boris.screenshot(path=str(screenshots / "resign-asked.png"), full_page=True)
    assert not view(clocked_server, table, tokens[1])["over"]
    resign.click()
    expect(boris.locator("#result")).to_contain_text("You lose.")
    expect(boris.locator("#result")).to_contain_text("Boris resigned: Ana wins.")
    expect(ana.locator("#result")).to_contain_text("You win!")
    expect(ana.locator("#result")).to_contain_text("Boris resigned: Ana wins.")
    for page in (ana, boris):
        expect(page.locator("#resign")).to_have_count(0)
        expect(page.locator("#moves-box")).to_be_hidden()
    ana.screenshot(path=str(screenshots / "resign-winner.png"), full_page=True)
    ended = view(clocked_server, table, tokens[0])
    assert ended["result"]["reason"] == "resigned" and ended["returns"] == [1, 0]


def by_the_home_page(browser: Browser, server: ClockedServer, shots: Path) -> tuple[list[Page], str, list[str]]:
    """Ana sets up a table of two people with the clock of 30 s a move and 2 min in reserve on
    the home page, and opens it; Player 2 joins by the invite link. Their pages, the table, the tokens."""
    ana = browser.new_context().new_page()
    quiet(ana)
    ana.goto(f"{server.url}/?game={PAIR}")
    ana.select_option("[data-seat='1']", "human")
    ana.select_option("#clock", "30,120")
    ana.select_option("#on-timeout", "bot")
    ana.fill("#name", "Ana")
    ana.locator("#setup").screenshot(path=str(shots / "clock-option-home.png"))
    ana.click("#create")
    link = ana.locator("[data-invite='1']").input_value()
    ana.click("#go")
    ana.wait_for_url("**/t/**")
    guest = browser.new_context().new_page()
    quiet(guest)
    guest.goto(link)
    for page in (ana, guest):
        expect(page.locator("#table .seat-bottom")).to_be_visible()
    return [ana, guest], ana.url.split("/t/")[1].split("#")[0], [ana.url.split("#token=")[1], link.split("#token=")[1]]


def test_the_clock_runs_on_the_page_and_a_bot_takes_over_when_it_runs_out(
    browser: Browser, clocked_server: ClockedServer, screenshots: Path
) -> None:
    pages, table, tokens = by_the_home_page(browser, clocked_server, screenshots)
    first = view(clocked_server, table, tokens[0])
    assert first["clock"]["per_move"] == 30 and first["clock"]["reserve"] == 120 and first["on_timeout"] == "bot"
    late = first["current_player"]
    other = 1 - late
    names = ["Ana", "Player 2"]
    watcher = open_seat(browser, clocked_server, table, None)
    for page in (*pages, watcher):
        expect(page.locator("#seat-clock")).to_contain_text(f"{names[late]}: 0:")
        expect(page.locator("#seat-clock")).to_contain_text("for the move, 2:00 in reserve")
    expect(pages[late].locator("#seat-clock")).to_have_attribute("data-mine", "")
    pages[late].screenshot(path=str(screenshots / "clock-running.png"), full_page=True)

    clocked_server.advance(45)  # the move's 30 seconds, and 15 of the reserve
    pages[late].reload()  # the page counts from what the server says now
    expect(pages[late].locator("#seat-clock")).to_contain_text(f"{names[late]}: 1:4")
    expect(pages[late].locator("#seat-clock")).to_contain_text("in reserve")
    expect(pages[late].locator("#seat-clock")).not_to_contain_text("for the move")

    clocked_server.advance(106)  # his time is up: a bot plays for him
    expect(pages[late].locator("#away-note")).to_have_text("A bot (medium) plays for you.")
    expect(pages[late].locator("#take-seat-back")).to_be_visible()
    expect(pages[late].locator("#log")).to_contain_text(f"A bot (medium) plays for {names[late]} now.")
    expect(watcher.locator("#away-note")).to_have_text(f"A bot (medium) plays for {names[late]}.")
    expect(pages[other].locator("#seat-clock")).to_contain_text(f"{names[other]}: 0:")  # the bot moved: his turn
    pages[late].screenshot(path=str(screenshots / "clock-bot-took-over.png"), full_page=True)
    watcher.screenshot(path=str(screenshots / "clock-bot-took-over-spectator.png"), full_page=True)

    pages[late].click("#take-seat-back")
    expect(pages[late].locator("#away-note")).to_have_count(0)
    expect(pages[late].locator("#take-seat-back")).to_have_count(0)
    expect(pages[late].locator("#log")).to_contain_text(f"{names[late]} plays again.")
    assert view(clocked_server, table, tokens[late])["away"] == []
    pages[late].screenshot(path=str(screenshots / "clock-seat-taken-back.png"), full_page=True)
