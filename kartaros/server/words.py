"""The pages' words: the languages they come in, and every message of the pages in each.

The pages are written in English: their scripts call ``t("Your move")``, their HTML marks an
element's text with ``data-t="Choose a game"``. Those messages are in the shared catalog
(``kartaros/words/sr.po``); a page in another language asks ``GET /api/words?lang=…`` once for
all of them. The languages are :data:`kartaros.words.speech.LANGUAGES`, read when asked, so a
language added there is offered by every page.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping
from functools import cache
from importlib import resources
from pathlib import Path

from kartaros.cards import CODE
from kartaros.info import PAGE_FILES, GameInfo
from kartaros.words import Catalog, Speech, shared, speech
from kartaros.words.catalogs import messages_of

# Each language by its own name, as a language switch lists it.
LANGUAGE_NAMES = {"en": "English", "sr": "Srpski", "sr-Cyrl": "Српски"}
PAGE_SOURCES = (".js", ".html")


def languages() -> list[dict[str, str]]:
    """The languages the words come in: ``code`` and ``name`` (in that language)."""
    return [{"code": code, "name": LANGUAGE_NAMES.get(code, code)} for code in speech.LANGUAGES]


def _static() -> Path:
    return Path(str(resources.files("kartaros.server") / "static"))


def _messages(paths: Iterable[Path]) -> tuple[str, ...]:
    found: dict[str, None] = {}
    for path in sorted(paths):
        if path.suffix in PAGE_SOURCES:
            for _, message, _, _ in messages_of(path):
                found[message if isinstance(message, str) else message[0]] = None
    return tuple(found)


@cache
def page_messages() -> tuple[str, ...]:
    """Every message the shared pages use (their scripts' ``t("…")`` and their HTML's ``data-t``)."""
    return _messages(_static().rglob("*"))


@cache
def game_messages(package: str) -> tuple[str, ...]:
    """Every message of a game's own page files (its table module), in the game's catalog."""
    folder = Path(str(resources.files(package)))
    return _messages(folder / name for name in PAGE_FILES if (folder / name).is_file())


@cache
def _catalog(package: str) -> Catalog:
    return Catalog(package)


def page_words(lang: str, info: GameInfo | None = None) -> dict[str, str]:
    """Each message of the pages (and of ``info``'s table) → its words in ``lang``, ``{fields}``
    kept for the page to fill."""
    say = shared().speech(lang)
    found = {message: say(message) for message in page_messages()}
    if info is not None:
        own = _catalog(info.package).speech(lang)
        found |= {message: own(message) for message in game_messages(info.package)}
    return found


def card_names(lang: str) -> dict[str, str]:
    """Every card code → its name in ``lang`` (``K♥`` / ``kralj herc``), for the pages' labels."""
    say = shared().speech(lang)
    return {code: str(say.card(code)) for code in CODE[:54]}


def language_options() -> str:
    """The ``<option>`` elements of a page's language switch."""
    return "".join(
        f'<option value="{code}" lang="{code}">{html.escape(name)}</option>'
        for code, name in ((html.escape(language["code"]), language["name"]) for language in languages())
    )


def choice_words(say: Speech, choices: Mapping[object, str], value: object) -> str:
    """One choice of an option in words: the game's, else yes / no for a flag, else the value."""
    for key, words in choices.items():
        if type(key) is type(value) and key == value:
            return words
    if isinstance(value, bool):
        return say("yes") if value else say("no")
    return str(value)
