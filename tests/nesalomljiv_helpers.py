"""Stacked decks and small drivers for the Nesalomljiv tests."""

from __future__ import annotations

from collections.abc import Sequence

import kartaros
from kartaros.cards import CODE, card_id
from kartaros.games.nesalomljiv.rules import TARGET_VALUE, WEAPON_VALUE
from kartaros.state import NO_EVENTS, GameState

ALL_CODES = [CODE[c] for c in range(52)]


def interleave(first: Sequence[str], second: Sequence[str]) -> list[str]:
    """Cards dealt one at a time, player 0 first."""
    assert len(first) == len(second)
    return [card for pair in zip(first, second, strict=True) for card in pair]


def deals(*weapons: tuple[Sequence[str], Sequence[str]]) -> list[str]:
    """Stock cards for successive weapon deals: (player 0's three, player 1's three), …"""
    return [card for w0, w1 in weapons for card in interleave(w0, w1)]


def nes_deck(
    m0: Sequence[str],
    m1: Sequence[str],
    chooser: str,
    w0: Sequence[str],
    w1: Sequence[str],
    stock: Sequence[str] = (),
) -> list[str]:
    """A full 52-card deck in dealing order (N4): the match hands, the Chooser, the weapons,
    then the stock top first. The cards not named follow in card-id order (AS AH AD AC 2S …)."""
    assert len(m0) == len(m1) == 5 and len(w0) == len(w1) == 3
    order = [*interleave(m0, m1), chooser, *interleave(w0, w1), *stock]
    assert len(set(order)) == len(order), "a card is named twice"
    return order + [c for c in ALL_CODES if c not in order]


M0 = ["AS", "2S", "3S", "4S", "5S"]
M1 = ["AH", "2H", "3H", "4H", "5H"]


def nes(
    chooser: str,
    w0: Sequence[str],
    w1: Sequence[str],
    stock: Sequence[str] = (),
    m0: Sequence[str] = M0,
    m1: Sequence[str] = M1,
    **variant: object,
) -> GameState:
    deck = nes_deck(m0, m1, chooser, w0, w1, stock)
    return kartaros.new_game("nesalomljiv", deck=deck, seed=1, variant=variant or None)


def play(state: GameState, *actions: str) -> GameState:
    for action in actions:
        state.apply(action)
    return state


def zone(state: GameState, name: str) -> list[str]:
    return state.zones()[name]


def all_cards(state: GameState) -> list[str]:
    return sorted(card for cards in state.zones().values() for card in cards)


def last_events(state: GameState, player: int, count: int) -> list[dict[str, object]]:
    return state.observation(player)["events"][-count:]


def weapon(code: str) -> int:
    return WEAPON_VALUE[card_id(code)]


def knockout_seeker(state: GameState) -> str:
    """A cooperative policy that fills the match hands: the player with more match-hand cards
    wins every duel it can (by knockout if possible), the other keeps his worst pair, and
    placers put down cards near 8, easy to hit exactly. Used to reach the N14 ending."""
    p = state.current_player
    assert p is not None
    obs = state.observation(p, since=NO_EVENTS)
    legal = state.legal_actions()
    if obs["phase"] == "choose":
        sizes = obs["match_sizes"]
        target = obs["target_value"]
        winner = 0 if sizes[0] >= sizes[1] else 1

        def distance(action: str) -> int:
            a, b = action.split("-")
            return abs(target - weapon(a) - weapon(b))

        return min(legal, key=distance) if p == winner else max(legal, key=distance)
    if obs["phase"] == "place" and len(legal) > 1:
        return min(legal, key=lambda a: abs(TARGET_VALUE[card_id(a)] - 8))
    return legal[0]
