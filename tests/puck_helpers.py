"""Stacked decks, small drivers and a history checker for the Puck tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import kartaros
from kartaros.cards import CODE, card_id
from kartaros.games.puck.rules import PuckState

ALL_CODES = [CODE[c] for c in range(52)]


def puck_deck(piles: Sequence[Sequence[str]], surplus: str | None = None) -> list[str]:
    """A full 52-card deck that deals ``piles[p]`` (top card first) to player p.

    A stacked deck deals one card at a time, player 0 first (P3), so pile p gets the deck's
    places p, p + n, p + 2n, …; with 3 players the 52nd card is the surplus (P4). Places not
    named take the cards not named, in card-id order (AS AH AD AC 2S …).
    """
    n = len(piles)
    slots: list[str | None] = [None] * 52
    for p, pile in enumerate(piles):
        assert len(pile) <= 52 // n
        for j, code in enumerate(pile):
            slots[j * n + p] = code
    if surplus is not None:
        assert n == 3
        slots[51] = surplus
    named = [c for c in slots if c is not None]
    assert len(set(named)) == len(named), "a card is named twice"
    rest = iter([c for c in ALL_CODES if c not in named])
    return [c if c is not None else next(rest) for c in slots]


def puck(piles: Sequence[Sequence[str]], surplus: str | None = None, seed: int = 1, **variant: object) -> PuckState:
    state = kartaros.new_game("puck", players=len(piles), deck=puck_deck(piles, surplus), seed=seed,
                              variant=variant or None)
    assert isinstance(state, PuckState)
    return state


def play(state: kartaros.GameState, *actions: str) -> kartaros.GameState:
    for action in actions:
        state.apply(action)
    return state


def draw_all(state: kartaros.GameState) -> None:
    """Every player takes his cards (P5): the forced ``draw`` of each, in play order."""
    while state.observation(0)["phase"] == "draw":
        state.apply("draw")


def pile(state: kartaros.GameState, player: int) -> list[str]:
    return state.zones()[f"pile:{player}"]


def hand(state: kartaros.GameState, player: int) -> list[str]:
    return sorted(state.zones()[f"hand:{player}"])


def all_cards(state: kartaros.GameState) -> list[str]:
    return sorted(card for zone in state.zones().values() for card in zone)


def check_history(state: PuckState) -> None:
    """Replay the state's full event log on piles of not-yet-seen cards and check that it is a
    history leading exactly to the state's zones, every card dealt once.

    Each dealt place is a token until an event names its card (a draw, a take, a turn, or
    the trick that swallows the surplus); a token named twice, a card drawn that is not on
    top, a shown hand that is not the hand held, or a final zone that differs fails.
    """
    resolved: dict[int, int] = {}

    def settle(token: int, card: int) -> None:
        if token >= 0:
            assert token == card, f"{CODE[card]} is not where the history put {CODE[token]}"
        else:
            assert token not in resolved, "a dealt place was named twice"
            resolved[token] = card

    n = state.num_players
    piles: list[list[int]] = [[] for _ in range(n)]
    hands: list[list[int]] = [[] for _ in range(n)]
    pot: list[int] = []
    table: list[int] = []
    surplus: list[int] = []
    for event in state.events:
        kind = event[0]
        if kind == "deal":
            token = -1
            for p, size in enumerate(event[2]):
                piles[p] = list(range(token, token - size, -1))
                token -= size
            surplus = list(range(token, token - event[3], -1))
        elif kind == "draw":
            p, cards = event[1], event[2]
            assert len(piles[p]) >= len(cards)
            for t, c in zip(piles[p][: len(cards)], cards, strict=True):
                settle(t, c)
            del piles[p][: len(cards)]
            hands[p] = list(cards)
        elif kind == "exchange":
            p, put, counts, taken = event[1:]
            assert len(put) == sum(counts) == len(taken)
            assert counts[p] == 0, "taken from his own pile"
            for c in put:
                hands[p].remove(c)
                pot.append(c)
            i = 0
            for s, k in enumerate(counts):
                assert len(piles[s]) >= k
                for t in piles[s][:k]:
                    settle(t, taken[i])
                    i += 1
                del piles[s][:k]
            hands[p] += taken
        elif kind == "showdown":
            for p, shown in enumerate(event[1]):
                assert sorted(hands[p]) == sorted(shown)
        elif kind == "turn":
            settle(piles[event[1]].pop(0), event[2])
            table.append(event[2])
        elif kind == "collect":
            winner, trick = event[1], event[2]
            known = Counter([c for h in hands for c in h] + pot + table)
            assert not known - Counter(trick), "a card of the trick went missing"
            rest = list((Counter(trick) - known).elements())
            assert len(rest) == len(surplus)
            for t, c in zip(surplus, rest, strict=True):
                settle(t, c)
            piles[winner] += trick
            hands = [[] for _ in range(n)]
            pot, table, surplus = [], [], []
    zones = state.zones()
    for p in range(n):
        assert len(piles[p]) == len(zones[f"pile:{p}"])
        for t, code in zip(piles[p], zones[f"pile:{p}"], strict=True):
            settle(t, card_id(code))
        assert sorted(hands[p]) == sorted(card_id(c) for c in zones[f"hand:{p}"])
    for t, code in zip(surplus, zones["surplus"], strict=True):
        settle(t, card_id(code))
    assert sorted(pot) == sorted(card_id(c) for c in zones["pot"])
    assert table == [card_id(c) for c in zones["table"]]
    assert sorted(resolved.values()) == list(range(52)), "not every card was dealt exactly once"
