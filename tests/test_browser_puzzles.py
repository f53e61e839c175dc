"""A person solves a puzzle of each game in the browser: from the home page to the game's
puzzles, one opened on the table page, a wrong move first (told the best move, and tries again),
then the answer, both made by hand on the table (cards and piles, as at a game); back on the
list it is marked solved (kept in the browser).

Screenshots land in ``test-artifacts/screenshots/`` in the checkout (see ``conftest.py``)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

import kartaros
from kartaros.server.puzzle_pages import ordered
from tests.test_browser import AXE, fast, serious_violations

CARD = re.compile(r"(?<![A-Z0-9])([2-9TJQKA][SHDC]|RJ|BJ)(?![A-Z0-9])")  # as ``actionCards`` reads them
TAKE = re.compile(r"(?<![A-Z0-9])P(\d)(?![0-9])")
FIRST = next(iter(kartaros.GAMES))
# One game in Serbian: the words of the list, the table and the verdict come in it.
LANGS = {name: ("sr" if i == len(kartaros.GAMES) - 1 else "en") for i, name in enumerate(kartaros.GAMES)}
SAID = {
    "en": {"wrong": "Not solved", "right": "Solved", "marked": "✓ Solved", "puzzles": "puzzles"},
    "sr": {"wrong": "Nije rešeno", "right": "Rešeno", "marked": "✓ Rešeno", "puzzles": "zagonetke"},
}


def offer_for(live_server: str, game: str, puzzle_id: str, wanted: list[str], lang: str) -> tuple[str, str]:
    """The offer of the puzzle's view that is one of the ``wanted`` legal actions (a try, in a game
    whose tries are not its actions, ``GameInfo.as_played``), and its words in ``lang``."""
    view = httpx.get(f"{live_server}/api/puzzles/{game}/{puzzle_id}?lang={lang}").json()
    info = kartaros.GAMES[game]
    offer = next(o for o in view["offers"] if info.as_played(o, view["legal"]) in wanted)
    return offer, next(m["text"] for m in view["words"]["moves"] if m["action"] == offer)


def by_hand(page: Page, action: str, words: str) -> None:
    """Make the move on the table itself, as a person does: select the cards it names in the
    hand, take from the piles it takes from (Puck's exchange: a card from seat N's pile for each
    ``PN``), then click the place that makes the move: the live pile or button named by the
    move's words."""
    for code in CARD.findall(action):
        card = page.locator(f'#table .card-button:not(.selected):has(.card[data-code="{code}"])')
        if card.count():  # a card in the hand to select (a turned card is played by its pile)
            card.first.click()
    for seat in TAKE.findall(action):
        page.locator(f'#table button[data-key="pile-{seat}"]').click()
    named = json.dumps(words, ensure_ascii=False)  # a CSS string: quotes escaped, the rest as is
    page.locator(f"#table button:enabled[title*={named}], #table button:enabled[aria-label*={named}]").first.click()


def panel_violations(page: Page) -> list[str]:
    """What axe-core finds serious or critical in the puzzle's panel (the table itself is the
    game's own layout, checked by the table's tests)."""
    page.evaluate(AXE.read_text(encoding="utf-8"))
    found: list[dict[str, Any]] = page.evaluate("async () => (await axe.run('#puzzle')).violations")
    return [f"{v['id']} ({v['impact']}): {n['target']}" for v in found if v["impact"] in ("serious", "critical")
            for n in v["nodes"]]


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
    by_hand(page, *offer_for(live_server, game, puzzle.id, [puzzle.runner_up], lang))
    verdict = page.locator("#puzzle-verdict")
    expect(verdict).to_be_visible()
    expect(verdict.locator("strong")).to_have_text(said["wrong"])
    expect(verdict).to_contain_text("100")
    page.screenshot(path=str(screenshots / f"{game}-puzzle-wrong.png"), full_page=True)
    assert panel_violations(page) == []
    page.locator("#puzzle-retry").click()
    expect(verdict).to_be_hidden()
    # The table is as it was before the wrong move: nothing selected, nothing half made.
    expect(page.locator("#table .card-button.selected")).to_have_count(0)
    expect(page.locator('#table [data-key="undo"]')).to_have_count(0)

    by_hand(page, *offer_for(live_server, game, puzzle.id, puzzle.accepts, lang))
    expect(verdict.locator("strong")).to_have_text(said["right"])
    expect(page.locator("#puzzle-retry")).to_have_count(0)
    expect(page.locator("#puzzle-next")).to_be_visible()
    page.screenshot(path=str(screenshots / f"{game}-puzzle-solved.png"), full_page=True)

    if game == FIRST:  # the page switched to Serbian tells the verdict again in it, and lists in it
        page.locator("#lang").select_option("sr")
        expect(verdict.locator("strong")).to_have_text(SAID["sr"]["right"])
        expect(verdict).to_contain_text("Rešeno! Najbolji potez ovde")
        said = SAID["sr"]
    page.locator("#puzzle-list").click()
    page.wait_for_url(f"**/puzzles/{game}")
    solved = page.locator(f'#puzzles li[data-puzzle="{puzzle.id}"]')
    expect(solved).to_have_class(re.compile("solved"))
    expect(solved).to_contain_text(said["marked"])
