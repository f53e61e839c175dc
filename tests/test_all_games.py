"""The invariants every game in ``kartaros.GAMES`` must keep, checked over random games.

A new game is covered here as soon as it is registered: cards conserved, a legal action
always there before the end, illegal input rejected without a change, records that replay
to the identical state, observations and records that are JSON, clones that are independent,
and determinized worlds that keep the observer's view, conserve cards and play to the end.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kartaros
from kartaros import IllegalAction
from kartaros.state import GameState

SEATINGS = [
    (name, players)
    for name, info in sorted(kartaros.GAMES.items())
    for players in sorted({*range(info.min_players, min(info.max_players, 4) + 1), info.max_players})
]
seeds = st.integers(min_value=0, max_value=2**64 - 1)
GARBAGE: list[Any] = ["", " ", "xyzzy", "DRAW ", "AS-AS", "ZZ", None, 7, ["draw"], b"draw"]
MAX_STEPS = 20_000


def cards_of(state: GameState) -> Counter[str]:
    return Counter(card for zone in state.zones().values() for card in zone)


def snapshot(state: GameState) -> str:
    views = [state.observation(p) for p in range(state.num_players)]
    return json.dumps([state.zones(), views, state.legal_actions(), state.record()], sort_keys=True)


def random_game(name: str, players: int, seed: int, checks: int = 0, check: Any = None) -> GameState:
    """Play a random game, asserting the per-move invariants; ``check`` runs at ``checks`` points."""
    state = kartaros.new_game(name, players=players, seed=seed)
    chooser = random.Random(seed)
    deck = cards_of(state)
    check_at = set(chooser.sample(range(400), checks)) if checks else set()
    for step in range(MAX_STEPS):
        if state.is_over:
            break
        legal = state.legal_actions()
        assert legal, "no legal action before the end"
        assert state.current_player in range(players)
        if step in check_at:
            check(state)
        state.apply(chooser.choice(legal))
        assert cards_of(state) == deck, "cards were not conserved"
    assert state.is_over, f"no end within {MAX_STEPS} actions"
    assert state.current_player is None and state.legal_actions() == []
    returns = state.returns()
    assert len(returns) == players and all(0.0 <= r <= 1.0 for r in returns)
    assert sum(returns) == pytest.approx(1.0)
    return state


SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize(("name", "players"), SEATINGS)
@SETTINGS
@given(seed=seeds)
def test_random_games_conserve_cards_and_end(name: str, players: int, seed: int) -> None:
    random_game(name, players, seed)


@pytest.mark.parametrize(("name", "players"), SEATINGS)
@SETTINGS
@given(seed=seeds)
def test_illegal_input_raises_and_changes_nothing(name: str, players: int, seed: int) -> None:
    seen: set[str] = set()

    def check(state: GameState) -> None:
        legal = set(state.legal_actions())
        wrong = [a for a in sorted(seen) if a not in legal][:12]  # others' moves, or of other moments
        for action in [*GARBAGE, *wrong]:
            before = snapshot(state)
            with pytest.raises(IllegalAction) as err:
                state.apply(action)
            assert str(err.value)
            assert snapshot(state) == before

    state = kartaros.new_game(name, players=players, seed=seed)
    chooser = random.Random(seed)
    step = 0
    while not state.is_over and step < MAX_STEPS:
        legal = state.legal_actions()
        seen.update(legal)
        if step % 41 == 0:
            check(state)
        state.apply(chooser.choice(legal))
        step += 1
    check(state)  # over: everything is illegal


@pytest.mark.parametrize(("name", "players"), SEATINGS)
@SETTINGS
@given(seed=seeds, cut=st.floats(min_value=0.0, max_value=1.0))
def test_records_replay_to_the_identical_state(name: str, players: int, seed: int, cut: float) -> None:
    full = random_game(name, players, seed)
    part = dict(full.record(), actions=full.actions[: int(cut * len(full.actions))], result=None)
    for state in (full, kartaros.replay(part)):
        record = json.loads(json.dumps(state.record()))
        assert record == state.record(), "a record must be JSON"
        again = kartaros.replay(record)
        assert again.zones() == state.zones()
        assert again.returns() == state.returns()
        assert again.record() == state.record()
        for player in range(players):
            view = state.observation(player)
            assert json.loads(json.dumps(view)) == view, "an observation must be JSON"
            assert again.observation(player) == view


@pytest.mark.parametrize(("name", "players"), SEATINGS)
@SETTINGS
@given(seed=seeds)
def test_clones_are_independent(name: str, players: int, seed: int) -> None:
    state = kartaros.new_game(name, players=players, seed=seed)
    chooser = random.Random(seed)
    for _ in range(chooser.randrange(0, 200)):
        if state.is_over:
            break
        state.apply(chooser.choice(state.legal_actions()))
    before = snapshot(state)
    copy = state.clone()
    assert snapshot(copy) == before
    while not copy.is_over:
        copy.apply(chooser.choice(copy.legal_actions()))
    assert snapshot(state) == before


@pytest.mark.parametrize(("name", "players"), SEATINGS)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds)
def test_determinized_worlds_keep_the_view_and_play_to_the_end(name: str, players: int, seed: int) -> None:
    def check(state: GameState) -> None:
        deck = cards_of(state)
        for player in range(players):
            view = state.observation(player)
            world = state.determinize(player, seed % 1000)
            assert world.observation(player) == view
            assert cards_of(world) == deck
            assert world.current_player == state.current_player
            assert world.legal_actions() or world.is_over
            if state.current_player == player:
                assert world.legal_actions() == state.legal_actions()
            # A world depends only on what the player knows and the seed: re-determinizing a
            # world he cannot tell from the real state gives the very same world.
            again = world.determinize(player, seed % 997 + 1)
            assert again.zones() == state.determinize(player, seed % 997 + 1).zones()
            chooser = random.Random(seed)
            for _ in range(MAX_STEPS):
                if world.is_over:
                    break
                world.apply(chooser.choice(world.legal_actions()))
            assert world.is_over
            assert kartaros.replay(json.loads(json.dumps(world.record()))).zones() == world.zones()

    random_game(name, players, seed, checks=3, check=check)
