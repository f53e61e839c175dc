"""Two people at one table chat in their browsers: what one writes shows to the other as text,
markup included, and a mute stops it."""

from __future__ import annotations

from pathlib import Path

import httpx
from playwright.sync_api import Browser, Page, expect

from tests.test_browser import fast


def open_seat(browser: Browser, live_server: str, table: str, token: str) -> Page:
    page = browser.new_context().new_page()
    fast(page)
    page.goto(f"{live_server}/t/{table}#token={token}")
    expect(page.locator("#chat-panel")).to_be_visible()
    return page


def say(page: Page, text: str) -> None:
    page.fill("#chat-input", text)
    page.click("#chat-form button[type=submit]")
    expect(page.locator("#chat-input")).to_have_value("")


def test_two_people_chat_markup_shows_as_text_and_a_mute_stops_the_messages(
    browser: Browser, live_server: str, screenshots: Path,
) -> None:
    made = httpx.post(f"{live_server}/api/tables", json={
        "game": "tac", "seats": ["human", "human"], "names": ["Ana", "Milan"]}).json()
    ana = open_seat(browser, live_server, made["table"], made["seats"][0]["token"])
    milan = open_seat(browser, live_server, made["table"], made["seats"][1]["token"])
    markup = '<img src="x" onerror="document.title=1"> <b>zdravo</b>'
    say(ana, markup)
    for page in (ana, milan):
        line = page.locator("#chat-lines .chat-line").last
        expect(line).to_have_text(f"Ana: {markup}")
        assert page.locator("#chat-lines img, #chat-lines .chat-line > b + b").count() == 0
    milan.screenshot(path=str(screenshots / "chat-milan.png"), full_page=True)
    milan.get_by_role("button", name="Mute Ana").click()
    expect(milan.get_by_role("button", name="Hear Ana again")).to_have_attribute("aria-pressed", "true")
    say(ana, "ne vidiš ovo")
    expect(ana.locator("#chat-lines .chat-line").last).to_have_text("Ana: ne vidiš ovo")
    say(milan, "tišina")
    expect(ana.locator("#chat-lines .chat-line").last).to_have_text("Milan: tišina")
    expect(milan.locator("#chat-lines .chat-line").last).to_have_text("Milan: tišina")
    assert "ne vidiš ovo" not in milan.locator("#chat-lines").inner_text()
    milan.reload()  # the mute is kept with the table
    expect(milan.get_by_role("button", name="Hear Ana again")).to_be_visible()
    expect(milan.locator("#chat-lines .chat-line")).to_have_text(["Milan: tišina"])  # none of Ana's
    for page in (ana, milan):
        page.context.close()
