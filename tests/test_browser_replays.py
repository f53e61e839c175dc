"""A long game's replay, watched in the browser: its frames come page by page as it is stepped,
and every frame shows as the whole replay has it."""

from __future__ import annotations

import random
import re

import httpx
from playwright.sync_api import Page, expect

from tests.test_browser import fast


def long_finished_game(live_server: str) -> str:
    """A Tač game against a bot (only correct moves: no call windows to wait for), played to its
    end over the API with random moves, longer than a page of frames (a two-player Tač game takes
    some 350 to 600 actions): its table id."""
    made = httpx.post(f"{live_server}/api/tables", json={
        "game": "tac", "seats": ["human", "bot:easy"], "variant": {"calls": "enforced"}}).json()
    table, headers = made["table"], {"Authorization": f"Bearer {made['seats'][0]['token']}"}
    rng = random.Random(3)
    with httpx.Client(base_url=live_server, headers=headers) as client:
        for _ in range(2000):
            view = client.get(f"/api/tables/{table}").json()
            if view["over"]:
                return str(table)
            if view["legal"]:
                move = {"action": rng.choice(view["legal"]), "seq": view["seq"]}
                client.post(f"/api/tables/{table}/actions", json=move)
    raise AssertionError("the game did not end")


def test_a_long_replay_is_stepped_across_its_pages(page: Page, live_server: str) -> None:
    table = long_finished_game(live_server)
    whole = httpx.get(f"{live_server}/api/tables/{table}/frames?from=0&count=500").json()
    total = whole["total"]
    assert total > 200  # more than one page of the viewer
    fast(page)
    page.goto(f"{live_server}/replays?table={table}#move=199")
    expect(page.locator("#counter")).to_have_text(f"Move 199 of {total - 1}")
    page.keyboard.press("ArrowRight")  # the first frame of the second page
    expect(page.locator("#counter")).to_have_text(f"Move 200 of {total - 1}")
    expect(page.locator("#step strong")).to_have_text(whole["frames"][200]["text"])
    page.keyboard.press("End")
    expect(page.locator("#counter")).to_have_text(re.compile(rf"Move {total - 1} of {total - 1}$"))
    last = httpx.get(f"{live_server}/api/tables/{table}/frames?from={total - 1}&count=1").json()["frames"][0]
    expect(page.locator("#step strong")).to_have_text(last["text"])
    page.keyboard.press("Home")
    expect(page.locator("#counter")).to_have_text(f"Move 0 of {total - 1}")
