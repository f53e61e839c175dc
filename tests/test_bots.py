"""Bots choose legal moves, are reproducible by seed, and never use what their player cannot see."""

from __future__ import annotations

import random

import pytest

import kartaros
from kartaros.bots import for_level, make


def _position(seed: int) -> kartaros.GameState:
    state = kartaros.new_game("kec", seed=seed)
    chooser = random.Random(seed)
    while True:
        while len(state.legal_actions()) == 1:
            state.apply(state.legal_actions()[0])
        if chooser.random() < 0.3:
            return state
        state.apply(chooser.choice(state.legal_actions()))


@pytest.mark.parametrize("name", ["random", "ismcts"])
def test_a_bot_picks_a_legal_move_reproducibly(name: str) -> None:
    state = _position(3)
    params = {"iterations": 40} if name == "ismcts" else {}
    first = make(name, seed=9, **params).choose(state)
    assert first in state.legal_actions()
    assert make(name, seed=9, **params).choose(state) == first


def test_ismcts_plays_the_same_in_worlds_its_player_cannot_tell_apart() -> None:
    state = _position(4)
    me = state.current_player
    assert me is not None
    bot_seed = 17
    real = make("ismcts", seed=bot_seed, iterations=60).choose(state)
    for world_seed in (1, 2, 3):
        world = state.determinize(me, world_seed)
        assert world.observation(me) == state.observation(me)
        assert world.zones() != state.zones()
        assert make("ismcts", seed=bot_seed, iterations=60).choose(world) == real


def test_ismcts_checks_its_settings() -> None:
    with pytest.raises(ValueError, match="iterations"):
        make("ismcts", iterations=0)
    with pytest.raises(ValueError, match="seconds"):
        make("ismcts", seconds=-1)
    bot = make("ismcts", seed=1, seconds=0.05)
    state = _position(5)
    assert bot.choose(state) in state.legal_actions()


def test_levels_exist_and_unknown_ones_are_refused() -> None:
    for level in ("easy", "medium", "hard"):
        assert for_level(level, seed=1).choose(kartaros.new_game("kec", seed=1)) == "draw"
    with pytest.raises(ValueError, match="no level"):
        for_level("godlike")
