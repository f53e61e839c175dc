"""The race for a call, mapped onto the engine's turn-based window (T11)."""

from __future__ import annotations

import pytest

import kartaros
from kartaros import calls
from tests.test_tac_rules import _miss_in_three


def test_T11_the_window_asks_the_others_from_the_offenders_left() -> None:
    state = _miss_in_three()
    assert calls.is_open(state)
    assert calls.callers(state) == [1, 2]
    assert not calls.is_open(kartaros.new_game("tac", players=3, seed=1, variant={"calls": "open"}))


def test_T11_the_first_caller_wins_the_race_even_when_asked_later() -> None:
    state = _miss_in_three()
    assert calls.first_caller({2: 0.8, 1: 1.3}, calls.callers(state)) == 2
    assert calls.first_caller({2: 0.8, 1: 0.8}, calls.callers(state)) == 1  # a tie: the one asked first
    assert calls.first_caller({}, calls.callers(state)) is None
    actions = calls.settle(state, 2)
    assert actions == ["pass", "call"]  # the seat asked before him passes, then he calls
    for action in actions:
        state.apply(action)
    events = state.observation(0)["events"]
    passed = events.index({"type": "pass", "player": 1, "offender": 0})
    assert events[passed + 1] == {"type": "call", "player": 2, "offender": 0}
    assert not calls.is_open(state)


def test_T11_when_nobody_calls_everyone_asked_passes_and_play_goes_on() -> None:
    state = _miss_in_three()
    before = state.clone()
    actions = calls.settle(state, None)
    assert actions == ["pass", "pass"]
    assert state.actions == before.actions  # settle changes nothing itself
    for action in actions:
        state.apply(action)
    assert not calls.is_open(state) and state.current_player == 0


def test_T11_a_seat_that_may_not_call_is_refused() -> None:
    state = _miss_in_three()
    with pytest.raises(ValueError, match="may not call"):
        calls.settle(state, 0)  # the offender
