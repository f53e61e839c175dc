"""Cards as small ints inside the engine, card codes (``TH``, ``AS``, ``RJ``) at the boundary.

Card ids:
  * 0-51: one standard deck, ``id = rank * 4 + suit`` with rank 0 = Ace … 12 = King and
    suit 0-3 = S H D C;
  * 52, 53: the red and the black Joker;
  * 54-105: a second standard deck (``54 + rank * 4 + suit``), for games played with two.

Rank and suit come from lookup tables (``RANK``, ``SUIT``, ``CODE``), never from string slicing.
A Joker's rank is ``JOKER`` (13) and its suit is -1.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

RANKS: Final = "A23456789TJQK"
SUITS: Final = "SHDC"
SUIT_SYMBOLS: Final = "♠♥♦♣"
JOKER: Final = 13
RED_JOKER: Final = 52
BLACK_JOKER: Final = 53
SECOND_DECK: Final = 54
NUM_CARD_IDS: Final = 106

RANK_NAMES: Final = (
    "Ace", "Two", "Three", "Four", "Five", "Six", "Seven",
    "Eight", "Nine", "Ten", "Jack", "Queen", "King", "Joker",
)


def _tables() -> tuple[list[int], list[int], list[str]]:
    rank = [0] * NUM_CARD_IDS
    suit = [0] * NUM_CARD_IDS
    code = [""] * NUM_CARD_IDS
    for card in range(52):
        for offset in (0, SECOND_DECK):
            rank[card + offset] = card // 4
            suit[card + offset] = card % 4
            code[card + offset] = RANKS[card // 4] + SUITS[card % 4]
    for joker, name in ((RED_JOKER, "RJ"), (BLACK_JOKER, "BJ")):
        rank[joker] = JOKER
        suit[joker] = -1
        code[joker] = name
    return rank, suit, code


_rank_suit_code = _tables()
RANK: Final = _rank_suit_code[0]
SUIT: Final = _rank_suit_code[1]
CODE: Final = _rank_suit_code[2]
_FIRST_ID: Final = {CODE[card]: card for card in range(SECOND_DECK)}


def card_id(code: str) -> int:
    """The id of a card code (first deck). Raises ``ValueError`` for anything else."""
    try:
        return _FIRST_ID[code]
    except KeyError:
        raise ValueError(f"{code!r} is not a card code (rank A 2-9 T J Q K + suit S H D C, or RJ/BJ)") from None


def codes(cards: Iterable[int]) -> list[str]:
    """Card codes of the given ids, in the same order."""
    return [CODE[c] for c in cards]


def standard_deck(*, jokers: bool = False, decks: int = 1) -> list[int]:
    """Card ids of one or two standard decks (with the two Jokers if asked), in id order."""
    cards = list(range(52))
    if jokers:
        cards += [RED_JOKER, BLACK_JOKER]
    if decks == 2:
        cards += [SECOND_DECK + c for c in range(52)]
    elif decks != 1:
        raise ValueError("decks must be 1 or 2")
    return cards


def parse_deck(deck: Sequence[str], expected: Sequence[int]) -> list[int]:
    """Turn a stacked deck of codes (top first) into ids, checking it is exactly ``expected``.

    With two decks each code appears twice: its first appearance takes the first deck's id.
    """
    if isinstance(deck, str) or not isinstance(deck, Sequence):
        raise ValueError("deck must be a list of card codes, top card first")
    seen: set[int] = set()
    ids: list[int] = []
    for code in deck:
        if not isinstance(code, str):
            raise ValueError(f"deck holds {code!r}, which is not a card code")
        card = card_id(code)
        if card in seen:
            card += SECOND_DECK
            if card in seen or card >= NUM_CARD_IDS or len(expected) <= SECOND_DECK:
                raise ValueError(f"deck holds {code} too many times")
        seen.add(card)
        ids.append(card)
    if sorted(ids) != sorted(expected):
        missing = sorted(set(expected) - seen)
        extra = sorted(seen - set(expected))
        parts = [f"deck must hold exactly {len(expected)} cards"]
        if missing:
            parts.append("missing " + " ".join(CODE[c] for c in missing))
        if extra:
            parts.append("not in this game " + " ".join(CODE[c] for c in extra))
        raise ValueError("; ".join(parts))
    return ids


def pretty(card: int) -> str:
    """A card for people: ``7♥``, ``10♠``, ``Joker``."""
    if RANK[card] == JOKER:
        return "Red Joker" if card == RED_JOKER else "Black Joker"
    rank = "10" if RANK[card] == 9 else RANKS[RANK[card]]
    return rank + SUIT_SYMBOLS[SUIT[card]]
