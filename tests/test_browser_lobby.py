"""Two people meet in the lobby: one opens a table, the other sees it appear without reloading and
sits; both see each other connected; one reloads (and opens the table without his link) and is
back in his seat.

Screenshots land in ``test-artifacts/screenshots/`` (see ``conftest.py``)."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, expect

from tests.test_browser import fast, serious_violations
from tests.test_browser_screens import SMALL_TARGETS

GUEST_NAME = "<i>Milan</i>"  # HTML in a name shows as its characters


def test_two_people_meet_in_the_lobby_sit_see_each_other_and_come_back(
    browser: Browser, live_server: str, screenshots: Path
) -> None:
    guest = browser.new_context().new_page()
    fast(guest)
    guest.goto(f"{live_server}/lobby")
    expect(guest.locator("#lobby-status")).to_contain_text("No open table")
    expect(guest.locator("#my-name")).to_be_focused()  # asked for a name before anything

    host = browser.new_context().new_page()
    fast(host)
    host.goto(f"{live_server}/")
    host.click("a[href='/lobby'] >> nth=0")  # the home page links the lobby
    host.wait_for_url("**/lobby")
    host.fill("#my-name", "Ana")
    host.locator("#my-name").dispatch_event("change")
    host.goto(f"{live_server}/?game=kec")
    expect(host.locator("#name")).to_have_value("Ana")  # kept in the browser
    host.select_option("#visibility", "open")
    host.select_option("[data-seat='1']", "human")
    host.click("#create")
    host.wait_for_url("**/t/**")
    table = host.url.split("/t/")[1].split("#")[0]
    expect(host.locator("#seats-waiting")).to_contain_text("waiting for 1 more")
    expect(host.locator("#fill-bots")).to_be_visible()  # the creator may seat bots instead
    expect(host.locator("#seat-list [data-seat='0'] [data-presence='on']")).to_be_visible()
    expect(host.locator("#seat-list [data-seat='1']")).to_contain_text("a free seat")
    expect(host.locator("#turn")).to_be_empty()  # nobody moves before every seat is taken
    host.screenshot(path=str(screenshots / "lobby-table-waiting.png"), full_page=True)
    assert serious_violations(host) == []

    # the guest's lobby shows the table as it opens, its maker connected
    listed = guest.locator(f"[data-table='{table}']")
    expect(listed).to_be_visible()
    expect(listed).to_contain_text("Ana")
    expect(listed.locator(".presence.on")).to_have_count(1)
    guest.screenshot(path=str(screenshots / "lobby-open-table.png"), full_page=True)
    assert serious_violations(guest) == []
    guest.click(f"[data-sit='{table}:1']")
    expect(guest.locator("#toast")).to_contain_text("choose a name first")
    assert guest.url.endswith("/lobby")
    guest.fill("#my-name", GUEST_NAME)
    guest.click(f"[data-sit='{table}:1']")
    guest.wait_for_url(f"**/t/{table}#token=*")

    for page in (host, guest):  # both see each other connected; the game is on
        expect(page.locator("#seat-list [data-presence='on']")).to_have_count(2)
        expect(page.locator("#seats-waiting")).to_be_hidden()
        expect(page.locator("#seat-list [data-seat='1'] strong")).to_have_text(GUEST_NAME)
    expect(host.locator("#fill-bots")).to_be_hidden()
    expect(guest.locator("#seat-list [data-seat='1']")).to_contain_text("(you)")
    expect(guest.locator("#table > *").first).to_be_visible()
    host.screenshot(path=str(screenshots / "lobby-table-both-connected.png"), full_page=True)

    # the guest reloads: his seat again, and the host sees him back
    guest.reload()
    expect(guest.locator("#seat-list [data-seat='1']")).to_contain_text("(you)")
    expect(host.locator("#seat-list [data-presence='on']")).to_have_count(2)
    # the table opened again without the link's token: the browser kept it
    guest.goto(f"{live_server}/t/{table}")
    expect(guest.locator("#seat-list [data-seat='1']")).to_contain_text("(you)")
    expect(guest.locator("#seat-list [data-presence='on']")).to_have_count(2)
    guest.screenshot(path=str(screenshots / "lobby-guest-back.png"), full_page=True)
    # the guest closes his page: the host sees him gone
    guest.context.close()
    expect(host.locator("#seat-list [data-seat='1'] [data-presence='off']")).to_be_visible()
    expect(host.locator("#seat-list [data-seat='1']")).to_contain_text(re.compile("not connected"))
    host.goto(f"{live_server}/lobby")
    host.select_option("#lang", "sr")
    expect(host.locator("h2")).to_have_text("Predvorje")
    expect(host.locator("#quick")).to_have_text("Igraj odmah")
    host.set_viewport_size({"width": 390, "height": 844})  # a phone: nothing wider, every control a thumb's
    assert host.evaluate("document.documentElement.scrollWidth") <= 390
    assert host.evaluate(SMALL_TARGETS) == []
    host.screenshot(path=str(screenshots / "lobby-phone-sr.png"), full_page=True)
    host.context.close()
