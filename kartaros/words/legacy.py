"""The card words and helpers of the games not yet written as catalogs (``speech``): the same
words, in Python tables.

The original notes:

Every game says what happens (``describe_action``, ``describe_event``, ``describe_table``,
``describe_turn``) in English (``"en"``) or in Serbian (``"sr"``, Latin script, the words of the
Serbian rule texts). English names a card by its index and suit (``7♥``, ``10♠``, ``Red Joker``);
Serbian by its words (``sedmica herc``, ``kralj pik``, ``crveni džoker``), declined for the
sentence: ``vuče kralja herc`` (accusative), ``lomi gušenje kraljem`` (instrumental), ``kenta
do kralja`` (genitive). Player names are never declined: sentences put them where the
nominative fits (``Milan vuče …``) or after ``igrača`` (``gomila igrača Milan``).
"""

from __future__ import annotations

from collections.abc import Sequence

from kartaros.cards import JOKER, RANK, RED_JOKER, SUIT, card_id, pretty

CASES = ("nom", "acc", "gen", "ins")

# Serbian rank words, by rank (0 Ace … 12 King, 13 Joker): nominative, accusative, genitive,
# instrumental singular, genitive plural ("par kraljeva", "triling šestica").
_RANKS_SR = (
    ("kec", "keca", "keca", "kecom", "kečeva"),
    ("dvojka", "dvojku", "dvojke", "dvojkom", "dvojki"),
    ("trojka", "trojku", "trojke", "trojkom", "trojki"),
    ("četvorka", "četvorku", "četvorke", "četvorkom", "četvorki"),
    ("petica", "peticu", "petice", "peticom", "petica"),
    ("šestica", "šesticu", "šestice", "šesticom", "šestica"),
    ("sedmica", "sedmicu", "sedmice", "sedmicom", "sedmica"),
    ("osmica", "osmicu", "osmice", "osmicom", "osmica"),
    ("devetka", "devetku", "devetke", "devetkom", "devetki"),
    ("desetka", "desetku", "desetke", "desetkom", "desetki"),
    ("žandar", "žandara", "žandara", "žandarom", "žandara"),
    ("dama", "damu", "dame", "damom", "dama"),
    ("kralj", "kralja", "kralja", "kraljem", "kraljeva"),
    ("džoker", "džokera", "džokera", "džokerom", "džokera"),
)
_SUITS_SR = ("pik", "herc", "karo", "tref")  # ♠ ♥ ♦ ♣; they do not decline
_JOKER_COLOUR_SR = {  # the adjective before "džoker", by case: red, black
    "nom": ("crveni", "crni"), "acc": ("crvenog", "crnog"), "gen": ("crvenog", "crnog"), "ins": ("crvenim", "crnim"),
}
RANK_NAMES_EN = (
    "Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen", "King", "Joker",
)


def rank_name(rank: int, lang: str = "en", case: str = "nom") -> str:
    """A rank (0 Ace … 12 King, 13 Joker) as a word: ``King``; ``kralj``, ``kraljem`` (``case="ins"``),
    ``kraljeva`` (``case="pl"``: genitive plural)."""
    if lang != "sr":
        return RANK_NAMES_EN[rank]
    forms = _RANKS_SR[rank]
    return forms[4] if case == "pl" else forms[CASES.index(case)]


def card_name(code: str, lang: str = "en", case: str = "nom") -> str:
    """One card for people: ``K♥`` / ``kralj herc`` (``case`` declines the Serbian words)."""
    card = card_id(code)
    if lang != "sr":
        return pretty(card)
    if RANK[card] == JOKER:
        return f"{_JOKER_COLOUR_SR[case][card != RED_JOKER]} {rank_name(JOKER, lang, case)}"
    return f"{rank_name(RANK[card], lang, case)} {_SUITS_SR[SUIT[card]]}"


def card_names(codes: Sequence[str], lang: str = "en", case: str = "nom") -> str:
    """Cards for people: ``A♠ 2♥ 3♦`` / ``kec pik, dvojka herc i trojka karo``."""
    if lang == "sr":
        return listed([card_name(c, lang, case) for c in codes], lang)
    return " ".join(card_name(c, lang, case) for c in codes)


def listed(words: Sequence[str], lang: str = "en") -> str:
    """``a, b and c`` / ``a, b i c``."""
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + (" i " if lang == "sr" else " and ") + words[-1]


def sr_number(count: int, one: str, few: str, many: str) -> str:
    """A Serbian count with its noun: ``1 karta``, ``3 karte``, ``5 karata``, ``21 karta``, ``12 karata``."""
    if count % 10 == 1 and count % 100 != 11:
        return f"{count} {one}"
    if 2 <= count % 10 <= 4 and not 12 <= count % 100 <= 14:
        return f"{count} {few}"
    return f"{count} {many}"


def cards_count(count: int, lang: str = "en", case: str = "nom") -> str:
    """``1 card``, ``5 cards`` / ``1 karta`` (``1 kartu`` in the accusative), ``3 karte``, ``5 karata``."""
    if lang != "sr":
        return f"{count} card{'s' * (count != 1)}"
    return sr_number(count, "kartu" if case == "acc" else "karta", "karte", "karata")


def you(label: str, lang: str = "en") -> str:
    """A player's label on his own table: ``Milan (you)`` / ``Milan (ti)``."""
    return f"{label} ({'ti' if lang == 'sr' else 'you'})"


def to_move(lang: str = "en") -> str:
    """The mark after the player who must act now."""
    return "◀ na potezu" if lang == "sr" else "◀ to move"
