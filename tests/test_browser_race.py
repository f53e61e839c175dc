"""Tač's call as a race in the browser (T11, T12): two people and a bot at an open-call table, each
person at a page of their own, joined by the invite link. One of them misses; the other sees the
"Tač!" button live and the time left, and calls first; the penalty is given, the window closes
for everyone, the offender's page says who called, and hammering the button does nothing more.
A miss nobody calls in time lets play go on.

The server runs on a fake clock (``clocked_server``): a window stays open until the test lets its
time run out, so no bot's reaction can beat the person's click, however slow the machine.
Screenshots land in ``test-artifacts/screenshots/`` (see ``conftest.py``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, expect

from tests.conftest import ClockedServer
from tests.test_browser import CLICK_LIMIT

QUIET = 10**9  # ms: the pages play no forced step themselves; the test plays every move but the call


def quiet(page: Page, speed: int = 0) -> None:
    """The page in English, at ``speed`` (0: instant), playing nothing by itself."""
    page.add_init_script(
        f"localStorage.setItem('kartaros.autoplayMs', '{QUIET}'); localStorage.setItem('kartaros.speed', '{speed}');"
        "localStorage.setItem('kartaros.lang', 'en');"
    )


class Table:
    """A table as its seats see it over HTTP: whoever holds a token plays by it."""

    def __init__(self, url: str, table: str, tokens: dict[int, str]) -> None:
        self.url = f"{url}/api/tables/{table}"
        self.tokens = tokens

    def view(self, seat: int | None = None) -> dict[str, Any]:
        headers = {"Authorization": f"Bearer {self.tokens[seat]}"} if seat is not None else {}
        return dict(httpx.get(self.url, headers=headers).json())

    def play(self, seat: int, action: str, seq: int) -> httpx.Response:
        return httpx.post(f"{self.url}/actions", headers={"Authorization": f"Bearer {self.tokens[seat]}"},
                          json={"action": action, "seq": seq})

    def miss_by(self, offender: int, server: ClockedServer) -> dict[str, Any]:
        """Play on, every person correctly but ``offender``, who misses at his first chance (T11:
        he keeps a card that fits, or turns while his open pile's top fits); the bots play
        themselves. Another's miss is let go (the window's time runs out). The view of the
        offender's open window."""
        for _ in range(CLICK_LIMIT):
            seen = self.view(offender)
            miss = seen["view"]["miss"]
            if seen["window"] is not None:
                if miss["player"] == offender:
                    return seen
                server.advance(server.call_seconds)  # a bot's miss: nobody calls it
                continue
            assert not seen["over"], "the game ended before a miss"
            mover = seen["current_player"]
            if mover not in self.tokens:
                continue  # a bot is thinking
            legal = self.view(mover)["legal"]
            misses = [a for a in legal if a.endswith("?")]
            action = misses[0] if mover == offender and misses else next(a for a in legal if not a.endswith("?"))
            self.play(mover, action, seen["seq"])
        raise AssertionError("the offender never had a miss to make")


def closed_count(page: Page) -> str:
    """The count under the page's own closed pile, as shown."""
    return page.locator("#table .seat-bottom .pile-closed .stack > .count").inner_text()


def create_by_invite(browser: Browser, server: ClockedServer, seats: list[str]) -> tuple[list[Page], Table]:
    """Ana sets up an open-call Tač table on the home page (``seats``: seat 0 is hers) and opens it;
    the other people join by their invite links. Their pages, and the table."""
    pages = []
    host = browser.new_context().new_page()
    quiet(host)
    host.goto(f"{server.url}/?game=tac")
    host.select_option("#players", str(len(seats)))
    for seat, kind in enumerate(seats[1:], start=1):
        host.select_option(f"[data-seat='{seat}']", kind)
    host.select_option("[data-option='calls']", '"open"')
    host.fill("#name", "Ana")  # the others are named by the server: Player 2, Bot 3 (easy)
    host.click("#create")
    invites = {seat: host.locator(f"[data-invite='{seat}']").input_value()
               for seat, kind in enumerate(seats) if seat and kind == "human"}
    host.click("#go")
    host.wait_for_url("**/t/**")
    pages.append(host)
    tokens = {0: host.url.split("#token=")[1]}
    for seat, link in invites.items():
        guest = browser.new_context().new_page()
        quiet(guest)
        guest.goto(link)
        pages.append(guest)
        tokens[seat] = link.split("#token=")[1]
    for page in pages:
        expect(page.locator("#table .seat-bottom")).to_be_visible()
    return pages, Table(server.url, host.url.split("/t/")[1].split("#")[0], tokens)


CALLED_FIRST_DEAL = 7


def test_T11_two_people_and_a_bot_race_and_the_person_calls_first(
    browser: Browser, clocked_server: ClockedServer, screenshots: Path
) -> None:
    """Player 2 misses; Ana sees the button live and the time running, calls at once (twice: the
    button is hammered); Player 2 gets the bottom closed card of Ana and of the bot; both pages show
    the window closed and the call by Ana's name; the second click changed nothing."""
    # one deal, whose bot does not miss at once after the call (a new window would be open again)
    clocked_server.deals.append(CALLED_FIRST_DEAL)
    (ana, offender), table = create_by_invite(browser, clocked_server, ["human", "human", "bot:easy"])
    window = table.miss_by(1, clocked_server)
    before = window["view"]["closed_sizes"]
    givers = sum(1 for seat in (0, 2) if before[seat])
    call, left = ana.locator("#call"), ana.locator("#window-left")
    expect(call).to_be_enabled()
    expect(left).to_be_visible()
    expect(left).to_contain_text(" s left")
    expect(ana.locator("#turn")).to_have_text("A miss! Be the first to call it.")
    expect(offender.locator("#call")).to_be_disabled()  # his own miss: he cannot call it
    for page in (ana, offender):  # a race has no turns: no seat is shown as the one to move
        expect(page.locator("#table")).to_have_attribute("data-call-window", "")
        for seat in page.locator("#table .seat.to-move").all():
            expect(seat).to_have_css("box-shadow", "none")
    expect(offender.locator("#turn")).to_have_text("The others may call the miss now.")
    ana.screenshot(path=str(screenshots / "tac-race-window-caller.png"), full_page=True)
    offender.screenshot(path=str(screenshots / "tac-race-window-offender.png"), full_page=True)

    call.dblclick()  # the first click calls; the second meets a button already off
    for page in (ana, offender):
        expect(page.locator("#log")).to_contain_text("Ana calls “Tač!” on Player 2")
        expect(page.locator("#call")).to_be_disabled()
        expect(page.locator("#window-left")).to_be_hidden()
        expect(page.locator("#table")).not_to_have_attribute("data-call-window", "")
    after = table.view(1)
    assert after["window"] is None
    assert after["view"]["closed_sizes"][1] == before[1] + givers  # T11: one card from each other player
    gives = [e for e in after["view"]["events"] if e["type"] == "give"]
    assert [e["player"] for e in gives[-2:]] == [2, 0] and all(e["to"] == 1 for e in gives[-2:])
    expect(offender.locator("#log")).to_contain_text("Ana gives Player 2 the bottom card of their closed pile")
    expect(offender.locator("#table .seat-bottom .pile-closed .stack > .count")).to_have_text(str(before[1] + givers))
    calls = offender.locator("#log > div", has_text="calls “Tač!”")
    expect(calls).to_have_count(1)  # one call, however often the button was clicked
    offender.screenshot(path=str(screenshots / "tac-race-penalty-offender.png"), full_page=True)
    ana.screenshot(path=str(screenshots / "tac-race-penalty-caller.png"), full_page=True)

    # Hammering on: a call sent again for the window's view is refused politely and changes nothing.
    again = table.play(0, "call", window["seq"])
    assert again.status_code in (409, 429)
    assert again.json()["words"] in ("one call at a time, please", "there is no miss to call now",
                                     "the table has moved on: look again")
    assert table.view(1)["seq"] == after["seq"]
    expect(calls).to_have_count(1)


def test_T11_a_miss_nobody_calls_in_time_lets_play_go_on(
    browser: Browser, clocked_server: ClockedServer, screenshots: Path
) -> None:
    """Two people: Player 2 misses, Ana does not call; when the window's time is up it closes on
    both pages, nobody is given a card, and the game goes on (T11: as if nothing happened)."""
    (ana, offender), table = create_by_invite(browser, clocked_server, ["human", "human"])
    window = table.miss_by(1, clocked_server)
    expect(ana.locator("#call")).to_be_enabled()
    clocked_server.advance(clocked_server.call_seconds)
    for page in (ana, offender):
        expect(page.locator("#call")).to_be_disabled()
        expect(page.locator("#window-left")).to_be_hidden()
        expect(page.locator("#log")).to_contain_text("Ana does not call “Tač!” on Player 2's miss")
    after = table.view(1)
    assert after["window"] is None and after["seq"] == window["seq"] + 1  # the one pass, nothing more
    assert after["view"]["closed_sizes"] == window["view"]["closed_sizes"]
    mover = after["current_player"]
    assert mover is not None
    page = (ana, offender)[mover]
    expect(page.locator("#turn")).to_contain_text("Your move")
    expect(page.locator("#table .pile.live").first).to_be_visible()  # the game goes on by the piles
    page.screenshot(path=str(screenshots / "tac-race-let-go.png"), full_page=True)
