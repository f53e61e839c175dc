"""Stacked decks and small drivers for the Keč tests."""

from __future__ import annotations

from collections.abc import Sequence

import kartaros
from kartaros.cards import CODE
from kartaros.state import GameState

ALL_CODES = [CODE[c] for c in range(54)]


def kec_deck(p0: Sequence[str], p1: Sequence[str], stock: Sequence[str] = ()) -> list[str]:
    """A full 54-card deck: the two 4-card hands (dealt alternately), then the stock top first.

    The cards not named follow in card-id order (AS AH AD AC 2S …, the Jokers last).
    """
    assert len(p0) == len(p1) == 4
    order: list[str] = []
    for a, b in zip(p0, p1, strict=True):
        order += [a, b]
    order += stock
    assert len(set(order)) == len(order), "a card is named twice"
    return order + [c for c in ALL_CODES if c not in order]


def kec(p0: Sequence[str], p1: Sequence[str], stock: Sequence[str] = (), **variant: object) -> GameState:
    return kartaros.new_game("kec", deck=kec_deck(p0, p1, stock), seed=1, variant=variant or None)


def play(state: GameState, *actions: str) -> GameState:
    for action in actions:
        state.apply(action)
    return state


def hand(state: GameState, player: int) -> list[str]:
    return sorted(state.zones()[f"hand:{player}"])


def all_cards(state: GameState) -> list[str]:
    return sorted(card for zone in state.zones().values() for card in zone)
