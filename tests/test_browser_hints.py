"""Hints and the review in the browser, at a table against a bot: the Hint button marks the
strong bot's move on the table and says why, in the page's language; after a game, the review
shows its progress and then what it found.

Screenshots land in ``test-artifacts/screenshots/`` in the checkout (see ``conftest.py``)."""

from __future__ import annotations

import contextlib
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

import kartaros
from tests.test_browser import click_by_hand, fast, play_by_clicking, serious_violations


def new_table(live_server: str, game: str, seats: list[str] | None = None) -> str:
    """A table where the person sits first (against a bot unless ``seats`` say otherwise): its address."""
    made = httpx.post(f"{live_server}/api/tables", json={"game": game, "seats": seats or ["human", "bot:easy"]}).json()
    return f"{live_server}/t/{made['table']}#token={made['seats'][0]['token']}"


def ask_hint(page: Page, live_server: str, game: str, deals: int = 5) -> None:
    """Play on by hand until the Hint button shows, and ask: the person's move with a choice (in
    Tač a deal may begin with cards that go nowhere, turned and kept by the page for the person,
    and a deal may even end with none: then a new table is dealt, ``deals`` at most). A button
    gone before the click (a step the page plays for him came) is waited for again."""
    ask = page.locator("#hint-ask")
    for _ in range(deals):
        page.goto(new_table(live_server, game))
        for _ in range(300):
            with contextlib.suppress(PlaywrightError):
                ask.wait_for(state="visible", timeout=1500)
                ask.click(timeout=2000)
                return
            if page.locator("#result").is_visible():
                break  # the game ended before a hint could be asked: another deal
            with contextlib.suppress(PlaywrightError):
                click_by_hand(page)
    raise AssertionError("no move with a choice came")


def test_nesalomljiv_N5_hint_marks_the_pair_to_keep_says_why_and_is_played_by_a_click(
    page: Page, live_server: str, screenshots: Path
) -> None:
    fast(page)
    page.goto(new_table(live_server, "nesalomljiv"))
    ask = page.locator("#hint-ask")
    expect(ask).to_be_visible()
    expect(ask).to_have_text("Hint")
    ask.click()
    words = page.locator("#hint-words")
    expect(words).to_contain_text("Hint:", timeout=30_000)
    expect(words.locator(".hint-numbers")).to_contain_text("deals the search tried")
    # the move is marked: the two weapons to keep on the table, and its words among the moves
    marked = page.locator("#table .card-button.hinted")
    expect(marked).to_have_count(2)
    hinted = page.locator("#moves button.hinted")
    expect(hinted).to_have_count(1)
    text = (hinted.get_attribute("data-action") or "").split("-")
    assert sorted(marked.nth(i).get_attribute("data-card") or "" for i in range(2)) == sorted(text)
    reason = words.locator(".hint-reason")
    if reason.count():
        assert "sums" in reason.inner_text()  # the pair's distance to the target, in the game's words
    page.screenshot(path=str(screenshots / "nesalomljiv-hint.png"), full_page=True)
    # the hint in Serbian: asked again in the new language, the same move marked
    page.select_option("#lang", "sr")
    expect(words).to_contain_text("Savet:")
    expect(page.locator("#moves button.hinted")).to_have_attribute("data-action", "-".join(text))
    page.screenshot(path=str(screenshots / "nesalomljiv-hint-sr.png"), full_page=True)
    page.select_option("#lang", "en")
    # played by clicking the marked cards and the live middle: the hint is gone with its view
    for i in range(2):
        page.locator("#table .card-button.hinted").first.click() if i == 0 else page.locator(
            f'#table .card-button[data-card="{text[1]}"]').click()
    page.locator("#table .nes-target.live").click()
    expect(page.locator("#table .hinted")).to_have_count(0)


@pytest.mark.parametrize("game", list(kartaros.GAMES))
def test_every_game_marks_the_hinted_move_on_its_table_and_the_page_passes_axe(
    page: Page, live_server: str, game: str, screenshots: Path
) -> None:
    fast(page)
    ask_hint(page, live_server, game)
    expect(page.locator("#hint-words .hint-move")).to_be_visible(timeout=20_000)
    expect(page.locator("#table .hinted").first).to_be_visible()
    action = page.locator("#moves button.hinted").get_attribute("data-action")
    assert action in httpx.get(page.url.replace("/t/", "/api/tables/").split("#")[0],
                               headers={"Authorization": "Bearer " + page.url.split("#token=")[1]}).json()["legal"]
    assert serious_violations(page) == []
    page.screenshot(path=str(screenshots / f"{game}-hint-table.png"), full_page=True)


def test_tac_T7_hint_marks_the_pile_the_card_goes_onto(page: Page, live_server: str, screenshots: Path) -> None:
    fast(page)
    ask_hint(page, live_server, "tac")  # the person's move: a card to place
    expect(page.locator("#hint-words")).to_contain_text("Hint:", timeout=30_000)
    hinted = page.locator("#table .pile.hinted")
    expect(hinted).to_have_count(1)
    assert hinted.get_attribute("data-pile") in ("C", "closed", "0", "1")
    page.screenshot(path=str(screenshots / "tac-hint.png"), full_page=True)
    hinted.click()  # the hinted pile plays the move
    expect(page.locator("#hint-words")).to_be_hidden()


def test_no_hint_button_at_a_table_with_another_person(page: Page, live_server: str) -> None:
    fast(page)
    page.goto(new_table(live_server, "nesalomljiv", ["human", "human"]))
    expect(page.locator("#table > *").first).to_be_visible()
    expect(page.locator("#turn")).to_contain_text("Your move")
    expect(page.locator("#hint-panel")).to_be_hidden()


def test_a_review_after_a_short_game_shows_its_progress_and_what_it_found(
    page: Page, live_server: str, screenshots: Path
) -> None:
    fast(page)
    page.goto(new_table(live_server, "nesalomljiv"))
    play_by_clicking(page)
    start = page.locator("#review-start")
    expect(start).to_have_text("Review my moves")
    page.screenshot(path=str(screenshots / "nesalomljiv-review-offered.png"), full_page=True)
    start.click()
    box = page.locator("#review")
    expect(box.locator("h3")).to_have_text("Review", timeout=60_000)
    expect(box).to_contain_text("points of win chance")
    for item in box.locator(".review-marks li").all():
        assert "The strong bot prefers" in item.inner_text()
        index = int(item.get_attribute("data-index") or "-1")
        assert (item.locator("a").get_attribute("href") or "").endswith(f"#move={index + 1}")  # the move in the replay
    page.screenshot(path=str(screenshots / "nesalomljiv-review.png"), full_page=True)
    page.select_option("#lang", "sr")
    expect(box.locator("h3")).to_have_text("Pregled poteza")
    expect(box).to_contain_text("procentnih poena")
