"""The rules for players, as the pages show them: a game's guide rendered to HTML.

A guide is a Markdown file of the game's folder, one per language, declared by its
``GameInfo.guide`` (``docs/adding-a-game.md``). It is CommonMark with tables; raw HTML in it is
never passed through (it shows as text), so a guide cannot put markup or scripts on a page. One
addition draws cards: ``[[KH QH JH]]`` is a row of card pictures, the look of the table's cards
(``static/js/cards.js``), each labelled by its name in the page's language. Card codes are a
rank ``A 2-9 T J Q K`` and a suit ``S H D C``, or a Joker ``RJ`` / ``BJ``; anything else
between the brackets is an error, so a misspelt card is found by the tests, not by a player.

The guide's first line is its title (``# How to play …``); its last ``##`` section is the
cheat sheet, what matters in the middle of a game, which the table's rules dialog shows first.
The game's rule options, in its words, come before the cheat sheet.

Serbian in Cyrillic script is the Serbian guide, its text transliterated (card codes,
addresses and markup stay as they are).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping, MutableMapping, Sequence
from dataclasses import dataclass
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.renderer import RendererProtocol
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token
from markdown_it.utils import OptionsDict

from kartaros.info import GameInfo
from kartaros.words import N_, shared, to_cyrillic

from .words import card_names, choice_words

CARD = re.compile(r"(?:[2-9TJQKA][SHDC]|RJ|BJ)")
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
JOKERS = ("RJ", "BJ")
# A language written as another one in another script: its guide is that one's, transliterated.
SCRIPTS: Mapping[str, tuple[str, Callable[[str], str]]] = {"sr-Cyrl": ("sr", to_cyrillic)}
OPTIONS_INTRO = N_("The rules above are the usual ones. When you set up a table, you may change these:")


class GuideError(ValueError):
    """A guide that cannot be drawn: a card code that is no card."""


@dataclass(frozen=True)
class Guide:
    """A guide for the pages: its title, every section as HTML, and the cheat sheet alone."""

    title: str
    html: str  # the whole guide, the rule options and the cheat sheet (last) included
    cheat_sheet_html: str  # the cheat sheet's content, without its heading


def _cards_rule(state: StateInline, silent: bool) -> bool:
    """``[[KH QH]]``: a row of cards (an inline token ``cards`` with the codes in ``meta``)."""
    start = state.pos
    if not state.src.startswith("[[", start):
        return False
    end = state.src.find("]]", start + 2)
    if end < 0:
        return False
    inside = state.src[start + 2 : end]
    codes = inside.split()
    bad = [code for code in codes if not CARD.fullmatch(code)]
    if bad or not codes:
        raise GuideError(f"[[{inside}]] holds {', '.join(bad) or 'nothing'}: cards are codes like KH, TS, RJ")
    if not silent:
        token = state.push("cards", "", 0)
        token.meta = {"codes": codes}
    state.pos = end + 2
    return True


def _card(code: str, names: Mapping[str, str], joker: str) -> str:
    label = html.escape(names.get(code, code), quote=True)
    if code in JOKERS:
        red = " red" if code == "RJ" else ""
        return (f'<span class="card joker{red}" data-code="{code}" role="img" aria-label="{label}" '
                f'title="{label}">{html.escape(joker)}</span>')
    rank = "10" if code[0] == "T" else code[0]
    red = " red" if code[1] in "HD" else ""
    return (f'<span class="card{red}" data-code="{code}" role="img" aria-label="{label}" title="{label}">'
            f'<span aria-hidden="true">{rank}</span><span class="suit" aria-hidden="true">{SUITS[code[1]]}</span>'
            "</span>")


def _render_cards(
    renderer: RendererProtocol, tokens: Sequence[Token], idx: int, options: OptionsDict, env: MutableMapping[str, Any]
) -> str:
    codes: list[str] = tokens[idx].meta["codes"]
    return '<span class="cards">' + "".join(_card(code, env["names"], env["joker"]) for code in codes) + "</span>"


def _markdown() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False}).enable("table")
    md.inline.ruler.before("link", "cards", _cards_rule)
    md.add_render_rule("cards", _render_cards)
    return md


MARKDOWN = _markdown()


def _transliterate(tokens: Sequence[Token], script: Callable[[str], str]) -> None:
    """The text of every token in another script; card codes, addresses and markup stay."""
    for token in tokens:
        if token.type == "text":
            token.content = script(token.content)
        if token.children:
            _transliterate(token.children, script)


def _plain(token: Token) -> str:
    """The text of an inline token, its markup left out."""
    return "".join(child.content for child in token.children or () if child.type in ("text", "code_inline"))


def render(text: str, lang: str = "en", options_html: str = "", script: Callable[[str], str] | None = None) -> Guide:
    """A guide's Markdown as HTML: its title (the first ``#`` heading), the whole guide with
    ``options_html`` before the cheat sheet, and the cheat sheet (the last ``##`` section) alone.
    ``script`` writes the text in another script (Serbian Cyrillic)."""
    env: dict[str, Any] = {"names": card_names(lang), "joker": shared().speech(lang)("JOKER")}
    tokens = MARKDOWN.parse(text, env)
    if script is not None:
        _transliterate(tokens, script)
    title = ""
    if len(tokens) >= 3 and tokens[0].type == "heading_open" and tokens[0].tag == "h1":
        title = _plain(tokens[1])
        tokens = tokens[3:]
    sections = [i for i, token in enumerate(tokens) if token.type == "heading_open" and token.tag == "h2"]
    cheat = sections[-1] if sections else len(tokens)

    def part(piece: Sequence[Token]) -> str:
        rendered: str = MARKDOWN.renderer.render(piece, MARKDOWN.options, env)
        return rendered

    cheat_body = part(tokens[cheat + 3 :]) if sections else ""
    whole = part(tokens[:cheat]) + options_html
    if sections:
        whole += f'<section class="cheat-sheet">{part(tokens[cheat : cheat + 3])}{cheat_body}</section>'
    return Guide(title, whole, cheat_body)


def options_html(info: GameInfo, lang: str) -> str:
    """The game's rule options for people, in ``lang``: each by its label, what it does, its
    choices and the usual one (the one people play with). Empty where the game has no words for them."""
    if info.words.options is None or not info.options:
        return ""
    say = shared().speech(lang)
    said = {o.name: o for o in info.words.options(lang)}
    items = []
    for option in info.options:
        words = said.get(option.name)
        if words is None:
            continue
        usual = info.people_variant.get(option.name, option.default)
        if option.choices is None:
            said_usual = say("Usual: {value}", value=choice_words(say, {}, usual))
            values = f"<p>{html.escape(said_usual)}</p>"
        else:
            listed = []
            for value in option.choices:
                choice = choice_words(say, words.choices, value)
                if type(value) is type(usual) and value == usual:
                    marked = say("{choice} (usual)", choice=choice)
                    listed.append(f"<li><strong>{html.escape(marked)}</strong></li>")
                else:
                    listed.append(f"<li>{html.escape(choice)}</li>")
            values = f"<ul>{''.join(listed)}</ul>"
        items.append(f"<dt>{html.escape(words.label)}</dt><dd><p>{html.escape(words.explanation)}</p>{values}</dd>")
    if not items:
        return ""
    heading, intro = say("Rule options"), say(OPTIONS_INTRO)
    return (f'<section class="guide-options"><h2>{html.escape(heading)}</h2>'
            f"<p>{html.escape(intro)}</p><dl>{''.join(items)}</dl></section>")


def game_guide(info: GameInfo, lang: str) -> Guide | None:
    """A game's guide in ``lang`` (``en``, ``sr``, ``sr-Cyrl``), or ``None`` where it has none."""
    script: Callable[[str], str] | None = None
    text = info.guide_text(lang)
    if text is None and lang in SCRIPTS:
        written, script = SCRIPTS[lang]
        text = info.guide_text(written)
    if text is None:
        return None
    return render(text, lang, options_html(info, lang), script)
