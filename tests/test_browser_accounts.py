"""A person makes an account in the browser, plays a game against a bot signed in, and finds it on
his profile and on the game's leaderboard; wrong passwords are told in words; the pages pass axe."""

from __future__ import annotations

import secrets
from pathlib import Path

import httpx
from playwright.sync_api import Page, expect

from tests.test_browser import fast, serious_violations


def test_an_account_keeps_the_game_played_signed_in(page: Page, live_server: str, screenshots: Path) -> None:
    name = f"Ana{secrets.token_hex(3)}"
    fast(page)
    page.goto(f"{live_server}/account")
    page.fill("#username", name)
    page.fill("#password", "dobar-konj-77")
    page.click("#sign-up")
    expect(page.locator("#signed-in-as")).to_have_text(f"Signed in as {name}")
    assert serious_violations(page) == []
    made = httpx.post(f"{live_server}/api/tables", json={"game": "kec", "seats": ["human", "bot:easy"],
                                                        "variant": {"max_actions": 30}}).json()
    table, token = made["table"], made["seats"][0]["token"]
    page.goto(f"{live_server}/t/{table}#token={token}")  # opened signed in: the seat is his
    expect(page.locator("#table > *").first).to_be_visible()
    headers = {"Authorization": f"Bearer {token}"}
    for _ in range(200):  # the rest of the game over the API, as quickly as the rules allow
        view = httpx.get(f"{live_server}/api/tables/{table}", headers=headers).json()
        if view["over"]:
            break
        if view["legal"]:
            httpx.post(f"{live_server}/api/tables/{table}/actions", headers=headers,
                       json={"action": view["legal"][0], "seq": view["seq"]})
    assert view["over"]
    page.goto(f"{live_server}/account")
    page.click("#my-profile")
    expect(page.locator("#profile-title")).to_have_text(name)
    expect(page.locator("#profile-games tr")).to_have_count(1)
    expect(page.locator("#profile-history tr")).to_have_count(1)
    page.screenshot(path=str(screenshots / "account-profile.png"), full_page=True)
    page.locator("#profile-games a").first.click()
    expect(page.locator("#leaders")).to_contain_text(name)
    assert serious_violations(page) == []
    page.screenshot(path=str(screenshots / "account-leaderboard.png"), full_page=True)
    page.goto(f"{live_server}/account")
    page.click("#sign-out")
    expect(page.locator("#sign-in")).to_be_visible()
    page.select_option("#lang", "sr")
    page.fill("#username", name)
    page.fill("#password", "pogresna-lozinka")
    page.click("#sign-in")
    expect(page.locator("#account-error")).to_have_text("pogrešno korisničko ime ili lozinka")
