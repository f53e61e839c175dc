"""The rules for players in the browser: the table's "Rules" dialog (the cheat sheet first,
the full rules beside it, in the page's language, closed by Escape), the page to print, and
the home page's rules panel.

Screenshots land in ``test-artifacts/screenshots/`` in the checkout (see ``conftest.py``)."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Page, expect

import kartaros
from tests.test_browser import fast, serious_violations


def guide(live_server: str, game: str, lang: str) -> dict[str, str]:
    return dict(httpx.get(f"{live_server}/api/guide/{game}", params={"lang": lang}).json())


def new_table(live_server: str, game: str) -> str:
    """A table where the person sits first, against a bot: its page's address."""
    made = httpx.post(f"{live_server}/api/tables", json={"game": game, "seats": ["human", "bot:easy"]}).json()
    return f"{live_server}/t/{made['table']}#token={made['seats'][0]['token']}"


@pytest.mark.parametrize("game", list(kartaros.GAMES))
def test_the_table_opens_the_rules_cheat_sheet_first_in_the_pages_language(
    page: Page, live_server: str, game: str, screenshots: Path
) -> None:
    fast(page)
    page.goto(new_table(live_server, game))
    expect(page.locator("#table > *").first).to_be_visible()
    button = page.locator("#rules-open")
    expect(button).to_have_text("Rules")
    dialog = page.locator("#rules-dialog")
    expect(dialog).to_be_hidden()

    button.click()
    english = guide(live_server, game, "en")
    expect(dialog).to_be_visible()
    expect(page.locator("#rules-title")).to_have_text(english["title"])
    cheat, full = page.locator("#rules-cheat"), page.locator("#rules-full")
    expect(page.locator("#rules-tab-cheat")).to_have_attribute("aria-selected", "true")
    expect(page.locator("#rules-tab-cheat")).to_have_text("Cheat sheet")
    expect(page.locator("#rules-tab-cheat")).to_be_focused()
    expect(cheat).to_be_visible()
    expect(full).to_be_hidden()
    expect(cheat.locator(".card[role=img]").first).to_be_visible()  # cards drawn, not codes
    assert "[[" not in cheat.inner_text()
    assert serious_violations(page) == []  # with the dialog open
    page.screenshot(path=str(screenshots / f"rules-{game}-dialog-en.png"))

    # The full rules, by keyboard: the arrow moves to the next tab.
    page.keyboard.press("ArrowRight")
    expect(page.locator("#rules-tab-full")).to_be_focused()
    expect(full).to_be_visible()
    expect(cheat).to_be_hidden()
    expect(full.locator("h2").last).to_have_text("Cheat sheet")
    expect(full.locator("h2").first).to_have_text("What you need")

    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(button).to_be_focused()  # focus returns where it was

    page.select_option("#lang", "sr")
    expect(button).to_have_text("Pravila")
    button.click()
    serbian = guide(live_server, game, "sr")
    expect(page.locator("#rules-title")).to_have_text(serbian["title"])
    assert serbian["title"].startswith("Kako se igra")
    expect(page.locator("#rules-tab-cheat")).to_have_text("Podsetnik")
    expect(page.locator("#rules-tab-full")).to_have_text("Cela pravila")
    page.locator("#rules-tab-cheat").click()
    expect(cheat).to_be_visible()
    first_card = serbian["cheat_sheet_html"].split('aria-label="', 1)[1].split('"', 1)[0]
    expect(cheat.locator(".card[role=img]").first).to_have_attribute("aria-label", first_card)
    assert first_card.islower()  # a Serbian card name ("kec pik"), not "A♠"
    expect(page.locator("#rules-print")).to_have_attribute("href", f"/rules/{game}?lang=sr")
    page.screenshot(path=str(screenshots / f"rules-{game}-dialog-sr.png"))
    page.locator("#rules-close").click()
    expect(dialog).to_be_hidden()
    expect(button).to_be_focused()


def test_the_rules_page_is_printable_in_the_language_asked(page: Page, live_server: str, screenshots: Path) -> None:
    game = next(iter(kartaros.GAMES))
    fast(page)
    page.goto(f"{live_server}/rules/{game}?lang=sr")
    serbian = guide(live_server, game, "sr")
    expect(page.locator("#guide-title")).to_have_text(serbian["title"])
    expect(page.locator("#lang")).to_have_value("sr")
    expect(page.locator("#print")).to_have_text("Štampaj")
    sections = page.locator("#guide h2")
    expect(sections.first).to_have_text("Šta vam treba")
    expect(sections.last).to_have_text("Podsetnik")
    expect(page.locator("#guide .cheat-sheet .card[role=img]").first).to_be_visible()
    assert serious_violations(page) == []
    page.screenshot(path=str(screenshots / "rules-page-sr.png"), full_page=True)

    page.select_option("#lang", "en")  # the page follows its switch, and its address keeps the language
    expect(page.locator("#guide-title")).to_have_text(guide(live_server, game, "en")["title"])
    expect(page).to_have_url(f"{live_server}/rules/{game}?lang=en")
    page.emulate_media(media="print")
    expect(page.locator("header")).to_be_hidden()
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(255, 255, 255)"
    page.screenshot(path=str(screenshots / "rules-page-print-en.png"), full_page=True)


def test_the_home_page_shows_the_guide_rendered_and_the_options_in_words(
    page: Page, live_server: str, screenshots: Path
) -> None:
    game = next(iter(kartaros.GAMES))
    fast(page)
    page.goto(f"{live_server}/?game={game}")
    page.locator("#rules-box summary").click()
    rules = page.locator("#rules")
    expect(rules.locator("h2").first).to_have_text("What you need")
    expect(rules.locator(".card[role=img]").first).to_be_visible()
    assert "##" not in rules.inner_text()  # rendered, not raw Markdown
    expect(page.locator("#rules-print")).to_have_attribute("href", f"/rules/{game}?lang=en")
    expect(page.locator("#rules-spec")).to_have_attribute("href", f"/api/rules/{game}?lang=en")
    english = httpx.get(f"{live_server}/api/games", params={"lang": "en"}).json()
    options = next(g for g in english if g["name"] == game)["options"]
    for option in options:  # each option by its label, with its sentence beside it
        row = page.locator("#options .form-row", has=page.locator(f"[data-option='{option['name']}']"))
        expect(row).to_contain_text(option["label"])
        expect(row).to_contain_text(option["explanation"])

    page.select_option("#lang", "sr")
    expect(rules.locator("h2").first).to_have_text("Šta vam treba")
    serbian = httpx.get(f"{live_server}/api/games", params={"lang": "sr"}).json()
    for option in next(g for g in serbian if g["name"] == game)["options"]:
        row = page.locator("#options .form-row", has=page.locator(f"[data-option='{option['name']}']"))
        expect(row).to_contain_text(option["label"])
        expect(row).to_contain_text(option["explanation"])
    assert serious_violations(page) == []
    page.screenshot(path=str(screenshots / "rules-home-sr.png"), full_page=True)
