"""Stacked decks and small drivers for the Tač tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import kartaros
from kartaros.cards import CODE, card_id
from kartaros.state import GameState

ONE_DECK = [CODE[c] for c in range(52)]


def tac_deck(
    tops: Sequence[Sequence[str]],
    bottoms: Sequence[Sequence[str]] | None = None,
    middle: str | None = None,
    aside: Sequence[str] = (),
) -> list[str]:
    """A full deck that deals each player's closed pile as asked, for ``len(tops)`` players.

    ``tops[p]`` is the top of player p's closed pile, first card first (the first he turns);
    ``bottoms[p]`` its lowest cards, the very bottom last. The cards not named fill the middle
    of the piles in descending card-id order (Kings first, Aces last), player 0's first.
    With 3 players ``middle`` is the Ace that starts the central pile (T3); with two decks
    ``aside`` lists the cards set aside. Cards are dealt one at a time, player 0 first.
    """
    n = len(tops)
    bottoms = bottoms or [[] for _ in range(n)]
    pool = Counter(ONE_DECK * (1 if n <= 4 else 2))
    named = [c for pile in tops for c in pile] + [c for pile in bottoms for c in pile] + list(aside)
    if middle is not None:
        named.append(middle)
    for code in named:
        pool[code] -= 1
        assert pool[code] >= 0, f"{code} is named too many times"
    filler = sorted(pool.elements(), key=lambda code: -card_id(code))
    dealt = sum(pool.values()) + len(named) - len(aside) - (middle is not None)
    size = dealt // n
    assert dealt % n == 0 and (n == 3) == (middle is not None)
    piles = []
    for p in range(n):
        count = size - len(tops[p]) - len(bottoms[p])
        assert count >= 0, f"player {p}'s pile is named longer than {size} cards"
        piles.append([*tops[p], *filler[:count], *bottoms[p]])
        filler = filler[count:]
    deck = [middle] if middle is not None else []
    deck += [piles[p][j] for j in range(size) for p in range(n)]
    return deck + list(aside)


def tac(
    tops: Sequence[Sequence[str]],
    bottoms: Sequence[Sequence[str]] | None = None,
    middle: str | None = None,
    aside: Sequence[str] = (),
    **variant: object,
) -> GameState:
    deck = tac_deck(tops, bottoms, middle, aside)
    return kartaros.new_game("tac", players=len(tops), deck=deck, seed=1, variant=variant or None)


def play(state: GameState, *actions: str) -> GameState:
    for action in actions:
        state.apply(action)
    return state


def closed(state: GameState, player: int) -> list[str]:
    """Player's closed pile, top first."""
    return state.zones()[f"closed:{player}"]


def opened(state: GameState, player: int) -> list[str]:
    """Player's open pile, bottom first."""
    return state.zones()[f"open:{player}"]


def all_cards(state: GameState) -> Counter[str]:
    return Counter(card for zone in state.zones().values() for card in zone)
