"""Message catalogs: every sentence a person reads, in English, Serbian Latin and Serbian Cyrillic.

Sentences are written in the code in English, as gettext messages, and translated in a
catalog beside the code: ``sr.po`` in a game's folder for its own sentences, in
``kartaros/words/`` for the shared ones (cards, lists, the terminal's and the pages' words).
Babel reads the catalogs and Python's ``gettext`` looks messages up, Serbian's three plural
forms included. Serbian Cyrillic is the Latin catalog, transliterated.

A words module asks for its language once and then speaks::

    say = SPEECH.speech(lang)            # SPEECH = Catalog("kartaros.games.<name>")
    say("{who} draws a card from the stock", who=names[p])
    say.plural("{n} card is left", "{n} cards are left", n)
    say("{who} breaks the {hold} with {card}", who=…, hold=say.noun("hold", "choke"), card=say.card("KS"))

Values are put in with ``str.format``. A :class:`Word` (a noun, a card, a count) formats itself
by the spec the translation gives it: Serbian declines, ``{card:ins}`` → ``kraljem herc``;
English takes ``{hold:a}`` → ``a choke``. Names of players are plain strings and are never
declined or transliterated.

Messages a words module picks at run time are marked where they are written, so the catalog
tools find them: ``N_("draw up to a full hand")`` for a sentence, ``mark("hold", "choke")`` for
a noun (context, message).

A trap of the extraction (Babel's): work values out before the call that speaks. Another
``say…(…)`` inside the arguments of ``say.plural(…)`` makes the plural message lose its plural
form, and an ``N_(…)`` nested in a call inside ``say(…)`` is not found at all; write
``cards = say.cards(codes)`` first, and keep ``N_`` marks at module level.
"""

from __future__ import annotations

import gettext
import io
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Final

from babel.numbers import format_decimal

from kartaros.cards import JOKER, RANK, RED_JOKER, SUIT, card_id, pretty
from kartaros.words.cyrillic import to_cyrillic

LANGUAGES: Final = ("en", "sr", "sr-Cyrl")  # English; Serbian in Latin and in Cyrillic script
CASES: Final = ("nom", "acc", "gen", "ins", "pl")  # Serbian noun forms: four cases and the genitive plural
SHARED: Final = "kartaros.words"  # the package of the shared catalog
# The keywords the catalog tools look for (Babel's extraction spec): the message's arguments.
KEYWORDS: Final = {
    "say": None, "plural": (1, 2), "noun": ((1, "c"), 2), "nouns": ((1, "c"), 2, 3), "N_": None, "mark": ((1, "c"), 2),
}
_FIELD = re.compile(r"(\{[^{}]*\})")  # a ``str.format`` field
MISSING: set[tuple[str, str | None, str]] = set()  # (package, context, message) asked in Serbian and not found


def check_lang(lang: str) -> str:
    """``lang`` if it is one of :data:`LANGUAGES`; else ``ValueError`` with a sentence."""
    if lang not in LANGUAGES:
        raise ValueError(f"lang must be one of {', '.join(LANGUAGES)}; got {lang!r}")
    return lang


def N_(message: str) -> str:
    """Marks a sentence chosen at run time, for the catalog tools; returns it unchanged."""
    return message


def mark(context: str, message: str) -> tuple[str, str]:
    """Marks a noun chosen at run time, for the catalog tools: ``say.noun(*mark("hold", "pin"))``."""
    return context, message


@dataclass(frozen=True)
class Word:
    """A word or phrase in the forms a sentence may need.

    ``forms`` are by :data:`CASES` in Serbian (one form: the same in every case); English has
    one form, and the spec ``a`` puts the indefinite article before it (``a choke``, ``an Ace``).
    """

    forms: tuple[str, ...]

    def __format__(self, spec: str) -> str:
        first = self.forms[0]
        if not spec:
            return first
        if spec == "a":
            return f"{'an' if first[:1] in 'AEIOUaeiou' else 'a'} {first}"
        if spec in CASES:
            index = CASES.index(spec)
            return self.forms[index] if index < len(self.forms) else first
        raise ValueError(f"a word takes a case ({', '.join(CASES)}) or 'a'; got {spec!r}")

    def __str__(self) -> str:
        return self.forms[0]


def _forms(text: str) -> tuple[str, ...]:
    """A noun's catalog entry: its forms by case, ``|`` between them."""
    return tuple(text.split("|"))


class Catalog:
    """The messages of one package (a game's folder, or the shared words) in every script.

    The Serbian catalog is ``sr.po`` in the package; English is the code's own messages.
    A game's catalog falls back on the shared one, so it may use the shared nouns too.
    """

    def __init__(self, package: str) -> None:
        self.package = package
        self._speech: dict[str, Speech] = {}
        self._translations: gettext.NullTranslations | None = None
        self._known: frozenset[tuple[str | None, str]] = frozenset()

    def messages(self) -> frozenset[tuple[str | None, str]]:
        """(context, message) of every Serbian entry (the catalog tests read it)."""
        self._serbian()
        return self._known

    def _serbian(self) -> gettext.NullTranslations:
        if self._translations is None:
            from babel.messages.mofile import write_mo  # Babel only once Serbian is spoken
            from babel.messages.pofile import read_po

            source = resources.files(self.package) / "sr.po"
            with source.open("rb") as po:
                catalog = read_po(po, locale="sr")
            binary = io.BytesIO()
            write_mo(binary, catalog)
            binary.seek(0)
            translations: gettext.NullTranslations = gettext.GNUTranslations(binary)
            self._known = frozenset((m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in catalog if m.id)
            if self.package != SHARED:
                translations.add_fallback(shared()._serbian())
                self._known |= shared().messages()
            self._translations = translations
        return self._translations

    def speech(self, lang: str) -> Speech:
        """What this catalog says in ``lang`` (``en``, ``sr`` or ``sr-Cyrl``)."""
        found = self._speech.get(lang)
        if found is None:
            check_lang(lang)
            translations = gettext.NullTranslations() if lang == "en" else self._serbian()
            found = self._speech[lang] = Speech(self, lang, translations)
        return found


_SHARED: list[Catalog] = []


def shared() -> Catalog:
    """The shared catalog: cards, lists, the interfaces' own words."""
    if not _SHARED:
        _SHARED.append(Catalog(SHARED))
    return _SHARED[0]


# The card words are messages too, marked so the catalog tools find them.
_RANK_WORDS = (
    mark("rank", "Ace"), mark("rank", "Two"), mark("rank", "Three"), mark("rank", "Four"), mark("rank", "Five"),
    mark("rank", "Six"), mark("rank", "Seven"), mark("rank", "Eight"), mark("rank", "Nine"), mark("rank", "Ten"),
    mark("rank", "Jack"), mark("rank", "Queen"), mark("rank", "King"), mark("rank", "Joker"),
)
_SUIT_WORDS = (mark("suit", "♠"), mark("suit", "♥"), mark("suit", "♦"), mark("suit", "♣"))
_JOKERS = (mark("card", "Red Joker"), mark("card", "Black Joker"))
_AND = N_("{items} and {last}")
_YOU = N_("{name} (you)")
_TO_MOVE = N_("◀ to move")
_SEAT = N_("Player {n}")  # a player who was given no name, counted from 1


class Speech:
    """One catalog in one language: sentences, plurals, nouns, cards, lists."""

    def __init__(self, catalog: Catalog, lang: str, translations: gettext.NullTranslations) -> None:
        self.catalog = catalog
        self.lang = lang
        self.serbian = lang != "en"
        self._cyrillic = lang == "sr-Cyrl"
        self._t = translations
        self._nouns: dict[tuple[str, str], Word] = {}

    # ---- lookups ----------------------------------------------------------------------------

    def _script(self, text: str) -> str:
        """A catalog's text in this script: Cyrillic transliterates it, its ``{fields}`` kept."""
        if not self._cyrillic:
            return text
        return "".join(part if part.startswith("{") else to_cyrillic(part) for part in _FIELD.split(text))

    def _check(self, context: str | None, message: str) -> None:
        if self.serbian and (context, message) not in self.catalog.messages():
            MISSING.add((self.catalog.package, context, message))

    def __call__(self, message: str, /, **values: object) -> str:
        """The sentence ``message`` in this language, with ``values`` put in."""
        self._check(None, message)
        text = self._script(self._t.gettext(message))
        return text.format(**values) if values else text

    def number(self, value: float, /, digits: int = 1) -> str:
        """``value`` as this language writes a number: ``2.5`` in English, ``2,5`` in Serbian
        (at most ``digits`` after the decimal mark, none for a whole number)."""
        return format_decimal(round(value, digits), format=f"#,##0.{'#' * digits}" if digits else "#,##0",
                              locale="en" if not self.serbian else "sr_Latn")

    def plural(self, singular: str, plural: str, n: int, /, **values: object) -> str:
        """The sentence for ``n`` things (``n`` is put in as ``{n}``): Serbian has three forms."""
        self._check(None, singular)
        return self._script(self._t.ngettext(singular, plural, n)).format(n=n, **values)

    def noun(self, context: str, message: str) -> Word:
        """A noun by its context (``hold``, ``rank`` …) and English word, in every case."""
        key = (context, message)
        word = self._nouns.get(key)
        if word is None:
            self._check(context, message)
            word = self._nouns[key] = Word(_forms(self._script(self._t.pgettext(context, message))))
        return word

    def nouns(self, context: str, singular: str, plural: str, n: int) -> Word:
        """A counted noun (``{n} card``, ``{n} cards``), in every case: ``1 kartu``, ``5 karata``."""
        self._check(context, singular)
        text = self._script(self._t.npgettext(context, singular, plural, n))
        return Word(tuple(form.format(n=n) for form in _forms(text)))

    # ---- cards and lists -------------------------------------------------------------------

    def rank(self, rank: int) -> Word:
        """A rank (0 Ace … 12 King, 13 Joker): ``King`` / ``kralj``, ``kraljem`` (``ins``)."""
        return self.noun(*_RANK_WORDS[rank])

    def card(self, code: str) -> Word:
        """One card: ``K♥`` / ``kralj herc``, declined by case (``{card:acc}`` → ``kralja herc``)."""
        card = card_id(code)
        if not self.serbian:
            return Word((pretty(card),))
        if RANK[card] == JOKER:
            return self.noun(*_JOKERS[card != RED_JOKER])
        suit = str(self.noun(*_SUIT_WORDS[SUIT[card]]))  # suits do not decline
        return Word(tuple(f"{form} {suit}" for form in self.rank(RANK[card]).forms))

    def cards(self, codes: Sequence[str]) -> Word:
        """Cards: ``A♠ 2♥ 3♦`` / ``kec pik, dvojka herc i trojka karo``, declined by case."""
        if not self.serbian:
            return Word((" ".join(pretty(card_id(c)) for c in codes),))
        words = [self.card(c) for c in codes]
        return Word(tuple(self.listed([format(w, case) for w in words]) for case in CASES[:4]))

    def count(self, n: int) -> Word:
        """``n`` cards: ``1 card``, ``5 cards`` / ``1 karta`` (``1 kartu`` in the accusative), ``5 karata``."""
        return self.nouns("count", "{n} card", "{n} cards", n)

    def listed(self, items: Iterable[object]) -> str:
        """``a, b and c`` / ``a, b i c``."""
        words = [str(item) for item in items]
        if len(words) < 2:
            return "".join(words)
        return self(_AND, items=", ".join(words[:-1]), last=words[-1])

    def you(self, name: str) -> str:
        """A player's label on his own table: ``Milan (you)`` / ``Milan (ti)``."""
        return self(_YOU, name=name)

    def to_move(self) -> str:
        """The mark after the player who must act now."""
        return self(_TO_MOVE)

    def seat_names(self, count: int) -> list[str]:
        """Names for ``count`` players who were given none: ``Player 1`` … / ``Igrač 1`` …"""
        return [self(_SEAT, n=seat + 1) for seat in range(count)]

    def names(self, names: Mapping[int, str] | Sequence[str], seats: Iterable[int]) -> str:
        """The players of ``seats``, by name, listed."""
        return self.listed(names[seat] for seat in seats)
