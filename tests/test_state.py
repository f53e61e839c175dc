"""The machinery ``GameState`` shares with every game: the ending and its event."""

from __future__ import annotations

import random

import pytest

import kartaros
from kartaros.state import NO_EVENTS, End, GameState

SEATINGS = [
    (name, players)
    for name, info in sorted(kartaros.GAMES.items())
    for players in sorted({info.min_players, info.max_players})
]


def random_end(name: str, players: int, seed: int) -> GameState:
    state = kartaros.new_game(name, players=players, seed=seed)
    chooser = random.Random(seed)
    while not state.is_over:
        state.apply(chooser.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("name", "players"), SEATINGS)
def test_every_game_ends_with_the_one_end_event(name: str, players: int) -> None:
    for seed in range(3):
        state = random_end(name, players, seed)
        outcome = state.outcome()
        assert outcome is not None
        end = state.events[-1]
        assert type(end) is End
        assert end == ("end", -1, outcome.reason, outcome.returns)
        assert sum(type(e) is End for e in state.events) == 1
        assert state.phase == type(state)._over_phase
        view = state.observation(0)["events"][-1]
        assert view == {"type": "end", "reason": outcome.reason, "returns": list(outcome.returns)}


@pytest.mark.parametrize(("name", "players"), SEATINGS)
def test_the_illegal_move_sentence_has_one_shape(name: str, players: int) -> None:
    state = kartaros.new_game(name, players=players, seed=5)
    chooser = random.Random(5)
    for _ in range(30):
        if state.is_over:
            break
        with pytest.raises(kartaros.IllegalAction) as raised:
            state.apply("xyzzy")
        sentence = str(raised.value)
        task = state._task()
        assert sentence.startswith("'xyzzy' is not a legal move now")
        assert f". {task[0].upper()}{task[1:]}; {state._legal_words()}" in sentence
        state.apply(chooser.choice(state.legal_actions()))


@pytest.mark.parametrize(("name", "players"), SEATINGS)
def test_every_observation_has_the_shared_header_and_history(name: str, players: int) -> None:
    state = random_end(name, players, 1)
    for player in range(players):
        view = state.observation(player)
        keys = list(view)
        assert keys[:4] == ["game", "player", "num_players", "current_player"]
        assert keys[-5:] == ["actions_played", "variant", "event_count", "events", "result"]
        assert view["game"] == name and view["player"] == player and view["event_count"] == len(state.events)
        for since in (0, 3, len(state.events), NO_EVENTS):
            assert state.observation(player, since)["events"] == view["events"][since:]
