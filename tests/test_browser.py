"""A person at the browser: create a table, play by clicking only; two browsers play each other.

Screenshots land in the pytest temporary folder (kept as artifacts by CI logs' paths)."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import Error as PlaywrightError

import kartaros

CLICK_LIMIT = 3000


def fast(page: Page) -> None:
    """Forced steps are auto-played by the page; in tests without the pause a person gets."""
    page.add_init_script(
        "localStorage.setItem('kartaros.autoplayMs', '0'); localStorage.setItem('kartaros.lang', 'en')"
    )


def play_by_clicking(page: Page) -> None:
    """Click the first offered move until the result shows."""
    result = page.locator("#result")
    for _ in range(CLICK_LIMIT):
        if result.is_visible():
            return
        button = page.locator("#moves button:enabled").first
        with contextlib.suppress(PlaywrightError):  # the view changed under the click: look again
            button.click(timeout=3000)
    raise AssertionError("the game did not end by clicking")


@pytest.mark.parametrize("game", list(kartaros.GAMES))
def test_a_person_creates_a_table_and_plays_a_whole_game(
    page: Page, live_server: str, game: str, tmp_path: Path
) -> None:
    fast(page)
    page.goto(f"{live_server}/?game={game}")
    expect(page.locator(".game.selected")).to_have_count(1)
    page.screenshot(path=str(tmp_path / f"{game}-home.png"), full_page=True)
    page.click("#create")
    page.wait_for_url("**/t/**")
    expect(page.locator("#rows .label").first).to_be_visible()
    page.screenshot(path=str(tmp_path / f"{game}-table.png"), full_page=True)
    play_by_clicking(page)
    expect(page.locator("#result")).to_contain_text("Rematch")
    page.screenshot(path=str(tmp_path / f"{game}-result.png"), full_page=True)
    assert "#token=" in page.url  # the seat's token stays in the fragment


def test_two_browsers_play_each_other(browser: Browser, live_server: str, tmp_path: Path) -> None:
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
            button = p.locator("#moves button:enabled").first
            if button.count():
                with contextlib.suppress(PlaywrightError):
                    button.click(timeout=1000)
    for name, p in zip(("host", "guest"), pages, strict=True):
        expect(p.locator("#result")).to_be_visible()
        p.screenshot(path=str(tmp_path / f"two-{name}.png"), full_page=True)
    host.close()
    guest.close()
