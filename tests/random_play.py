"""A random two-player game with the per-move invariants, shared by the games' property tests."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

import kartaros
from kartaros.state import GameState


def two_player_random_game(
    game: str,
    seed: int,
    variant: Mapping[str, Any] | None,
    all_cards: Callable[[GameState], list[str]],
    every: int = 0,
    check: Callable[[GameState], None] | None = None,
) -> GameState:
    """Play ``game`` randomly from ``seed``: a legal action always there, cards conserved, a
    proper end; ``check`` runs every ``every`` steps."""
    state = kartaros.new_game(game, seed=seed, variant=variant)
    deck = all_cards(state)
    chooser = random.Random(seed)
    step = 0
    while not state.is_over:
        legal = state.legal_actions()
        assert legal, "no legal action before the end"
        assert state.current_player in (0, 1)
        if check is not None and every and step % every == 0:
            check(state)
        state.apply(chooser.choice(legal))
        step += 1
        assert all_cards(state) == deck
    assert state.current_player is None and state.legal_actions() == []
    assert sorted(state.returns()) in ([0.0, 1.0], [0.5, 0.5])
    return state


def is_miss(state: GameState, action: str) -> bool:
    """Whether ``action`` is a deliberate miss in ``state``'s game (its declaration says)."""
    miss = state.info.is_miss
    return miss is not None and miss(action)


def going_on(state: GameState) -> list[str]:
    """The legal actions that leave the game going, the first ones first: a test about a game in
    progress picks among them, since a deal may let a first move win at once."""
    following = []
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        if not after.is_over:
            following.append(action)
    return following
