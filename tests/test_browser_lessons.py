"""A person learns each game with a lesson by clicking the real table: from the home page's
"Learn …" link, each step's move made where the lesson points (its marked piles, cards and
buttons, clicked in the order the step names them), each
step that is read gone on from by Next, one wrong try refused with its words in the panel, to
the lesson's end. Screenshots in ``test-artifacts/screenshots/``."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

import kartaros
from kartaros.lessons import Lesson, Step

from .test_browser import fast, serious_violations
from .test_browser_screens import PHONE, Screens

LESSONS = [info.name for info in kartaros.GAMES.values() if info.lesson is not None]


def lesson(game: str) -> Lesson:
    found = kartaros.GAMES[game].lesson
    assert found is not None
    return found


def wrong_try(page: Page, step: Step) -> bool:
    """One try the lesson does not ask for, clicked as a person would: a live pile or button it
    does not point at; else its move with another card of the hand in place of the first it
    names. Whether a try was made (the page then shows why it is refused)."""
    others = page.locator("#table button.live:enabled:not(.lesson-mark)")
    if others.count():
        others.first.click()
        return True
    other_card = page.locator("#table button[data-card]:enabled:not(.lesson-mark)")
    if not step.places[0].startswith("[data-card") or not other_card.count():
        return False
    other = other_card.first.get_attribute("data-card")
    selected = [f"[data-card='{other}']"]
    page.click(selected[0])
    for place in step.places[1:]:
        target = page.locator(f"{place}.lesson-mark:enabled")
        if not target.count():  # the move does not go with that card: let the cards go again
            for card in reversed(selected):
                page.click(card)
            return False
        if place.startswith("[data-card"):
            selected.append(place)
        target.first.click()
    return True


@pytest.mark.parametrize("game", LESSONS)
def test_a_person_completes_the_guided_first_game_by_clicking(
    page: Page, live_server: str, game: str, screenshots: Path
) -> None:
    fast(page)
    title = kartaros.GAMES[game].title
    page.goto(live_server)
    page.click(f"a[data-learn='{game}']")
    expect(page).to_have_url(f"{live_server}/learn/{game}")
    steps = lesson(game).steps
    counter = page.locator("#lesson .lesson-step")
    refused = False
    for index, step in enumerate(steps):
        expect(counter).to_have_text(f"Step {index + 1} of {len(steps)}")
        if index == 0:
            expect(page.locator("#lesson-text")).to_contain_text(title)
            assert serious_violations(page) == []  # the lesson's panel and marks pass axe-core
            page.screenshot(path=str(screenshots / f"learn-{game}-first.png"), full_page=True)
        if step.read:
            expect(page.locator("#turn")).to_have_text("")  # the panel says what to do, not "Waiting for …"
            page.click("#lesson-next")
            continue
        expect(page.locator(f"{step.places[0]}.lesson-mark:enabled").first).to_be_visible()
        if kartaros.GAMES[game].call_action in step.expect:
            page.screenshot(path=str(screenshots / f"learn-{game}-call.png"), full_page=True)
        if not refused and wrong_try(page, step):
            expect(page.locator("#lesson-why")).to_be_visible()
            expect(counter).to_have_text(f"Step {index + 1} of {len(steps)}")  # the same step: nothing moved
            page.screenshot(path=str(screenshots / f"learn-{game}-refused.png"), full_page=True)
            refused = True
        for place in step.places:  # the move made where the lesson points, click by click
            page.locator(f"{place}.lesson-mark:enabled").first.click()
    expect(counter).to_have_text("Lesson complete")
    expect(page.locator("#lesson-play")).to_be_visible()
    if lesson(game).returns is not None:
        expect(page.locator("#result")).to_be_visible()
        expect(page.locator("#watch-replay")).to_have_count(0)  # a lesson is not stored
    page.screenshot(path=str(screenshots / f"learn-{game}-done.png"), full_page=True)
    assert refused


@pytest.mark.parametrize("game", LESSONS)
def test_the_lesson_speaks_serbian_and_fits_a_phone(page: Page, live_server: str, game: str, screenshots: Path) -> None:
    """The whole lesson in Serbian on a phone: the home page's link, every step's words, the
    lesson's end; no English left on its screens, nothing scrolls sideways, every control big
    enough for a thumb."""
    fast(page, "sr")
    page.set_viewport_size(PHONE)
    screens = Screens(page, screenshots)
    page.goto(live_server)
    expect(page.locator(f"a[data-learn='{game}']")).to_have_text(f"Nauči {kartaros.GAMES[game].title}")
    screens.look(f"learn-{game}-home")
    page.click(f"a[data-learn='{game}']")
    steps = lesson(game).steps
    counter = page.locator("#lesson .lesson-step")
    for index, step in enumerate(steps):
        expect(counter).to_have_text(f"Korak {index + 1} od {len(steps)}")
        if index in (0, len(steps) // 2):
            screens.look(f"learn-{game}-step{index + 1}")
        if step.read:
            expect(page.locator("#lesson-next")).to_have_text("Dalje")
            page.click("#lesson-next")
            continue
        for place in step.places:
            page.locator(f"{place}.lesson-mark:enabled").first.click()
    expect(counter).to_have_text("Lekcija je završena")
    screens.look(f"learn-{game}-done")
    assert screens.problems == []
