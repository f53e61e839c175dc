"""A person solves a puzzle of each game in the browser: from the home page to the game's
puzzles, one opened on the table page, a wrong move first (told the best move, and tries again),
then the answer by clicking; back on the list it is marked solved (kept in the browser).

Screenshots land in ``test-artifacts/screenshots/`` in the checkout (see ``conftest.py``)."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Page, expect

import kartaros
from kartaros.server.puzzle_pages import ordered
from tests.test_browser import fast, serious_violations

# One game in Serbian: the words of the list, the table and the verdict come in it.
LANGS = {name: ("sr" if i == len(kartaros.GAMES) - 1 else "en") for i, name in enumerate(kartaros.GAMES)}
SAID = {
    "en": {"wrong": "Not solved", "right": "Solved", "marked": "✓ Solved", "puzzles": "puzzles"},
    "sr": {"wrong": "Nije rešeno", "right": "Rešeno", "marked": "✓ Rešeno", "puzzles": "zagonetke"},
}


def offer_for(live_server: str, game: str, puzzle_id: str, wanted: list[str]) -> str:
    """The offer of the puzzle's view that is one of the ``wanted`` legal actions (a try, in a game
    whose tries are not its actions, ``GameInfo.as_played``)."""
    view = httpx.get(f"{live_server}/api/puzzles/{game}/{puzzle_id}").json()
    info = kartaros.GAMES[game]
    return next(o for o in view["offers"] if info.as_played(o, view["legal"]) in wanted)


def click_move(page: Page, action: str) -> None:
    """Make the move as a person does on the table page: from the moves in words, opened where
    the game's table starts with them folded (a table played by hand)."""
    if not page.locator("#moves-box[open]").count():
        page.locator("#moves-box summary").click()
    page.locator(f'#moves button[data-action="{action}"]').click()


@pytest.mark.parametrize("game", list(kartaros.GAMES))
def test_a_person_solves_a_puzzle_of_each_game_by_clicking(
    page: Page, live_server: str, game: str, screenshots: Path
) -> None:
    lang = LANGS[game]
    said = SAID[lang]
    fast(page, lang)
    puzzle = ordered(game)[0]
    page.goto(f"{live_server}/")
    expect(page.locator(f'a[data-puzzles="{game}"]')).to_contain_text(said["puzzles"])
    page.screenshot(path=str(screenshots / f"{game}-home-puzzles-link.png"))
    page.locator(f'a[data-puzzles="{game}"]').click()
    page.wait_for_url(f"**/puzzles/{game}")
    expect(page.locator("#puzzles-title")).to_contain_text(said["puzzles"])
    expect(page.locator("#puzzles li")).to_have_count(len(ordered(game)))
    expect(page.locator(f'#puzzles li[data-puzzle="{puzzle.id}"]')).not_to_have_class(re.compile("solved"))
    page.screenshot(path=str(screenshots / f"{game}-puzzles.png"), full_page=True)
    assert serious_violations(page) == []

    page.locator("#puzzles li a").first.click()
    page.wait_for_url(f"**/puzzles/{game}/{puzzle.id}")
    expect(page.locator("#table > *").first).to_be_visible()
    expect(page.locator("#puzzle-heading")).not_to_be_empty()
    page.screenshot(path=str(screenshots / f"{game}-puzzle.png"), full_page=True)

    # A wrong move: the best one is told, with the numbers, and the person tries again.
    click_move(page, offer_for(live_server, game, puzzle.id, [puzzle.runner_up]))
    verdict = page.locator("#puzzle-verdict")
    expect(verdict).to_be_visible()
    expect(verdict.locator("strong")).to_have_text(said["wrong"])
    expect(verdict).to_contain_text("100")
    page.screenshot(path=str(screenshots / f"{game}-puzzle-wrong.png"), full_page=True)
    assert serious_violations(page) == []
    page.locator("#puzzle-retry").click()
    expect(verdict).to_be_hidden()

    click_move(page, offer_for(live_server, game, puzzle.id, puzzle.accepts))
    expect(verdict.locator("strong")).to_have_text(said["right"])
    expect(page.locator("#puzzle-retry")).to_have_count(0)
    expect(page.locator("#puzzle-next")).to_be_visible()
    page.screenshot(path=str(screenshots / f"{game}-puzzle-solved.png"), full_page=True)

    page.locator("#puzzle-list").click()
    page.wait_for_url(f"**/puzzles/{game}")
    solved = page.locator(f'#puzzles li[data-puzzle="{puzzle.id}"]')
    expect(solved).to_have_class(re.compile("solved"))
    expect(solved).to_contain_text(said["marked"])
