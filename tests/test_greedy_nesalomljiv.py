"""The greedy Nesalomljiv heuristic: exact choices in stacked-deck positions, legal play everywhere."""

from __future__ import annotations

import random
from typing import Any

import pytest

import kartaros
from kartaros.bots import make
from kartaros.games.nesalomljiv.heuristic import policy
from kartaros.state import NO_EVENTS, GameState
from tests.nesalomljiv_helpers import deals, nes, play


def decide(state: GameState, since: int = 0, seed: int = 0) -> str:
    player = state.current_player
    assert player is not None
    return policy(state.observation(player, since=since), state.legal_actions(), random.Random(seed))


def test_N5_greedy_keeps_the_pair_that_knocks_the_chooser_out() -> None:
    state = nes("7D", ["3D", "4D", "KD"], ["2C", "9C", "TC"])
    assert decide(state) == "3D-4D"  # 3 + 4 = 7: a knockout
    play(state, "3D-4D")
    assert decide(state) == "2C-9C"  # 11 is 4 away; 12 and 19 are farther


def test_N2_N5_greedy_keeps_the_highest_sum_against_a_face_card() -> None:
    state = nes("KS", ["2D", "9C", "TC"], ["QC", "JC", "AC"])
    assert decide(state) == "9C-TC"  # the target is worth 100: the higher sum is closer
    play(state, "9C-TC")
    assert decide(state) == "AC-QC"  # a face card is worth 0 as a weapon (N2): 1 beats 0


def _placing(m0: list[str], **variant: Any) -> GameState:
    """Player 0 wins the Chooser duel (7D, with 3D-4D) and must place an Attacker (N8, N10)."""
    state = nes(
        "7D", ["3D", "4D", "KD"], ["2C", "9C", "TC"], deals((["5S", "5C", "5D"], ["6S", "8H", "QD"])),
        m0=m0, **variant,
    )
    play(state, "3D-4D", "2C-9C")
    assert state.observation(0)["phase"] == "place" and state.current_player == 0
    return state


def test_N10_greedy_places_a_face_card_first() -> None:
    assert decide(_placing(["AS", "2S", "9S", "TS", "KS"])) == "KS"


def test_N10_greedy_places_a_low_card_before_a_middle_one() -> None:
    assert decide(_placing(["AS", "7H", "8S", "9S", "TS"])) == "AS"


def test_N10_greedy_far_behind_places_a_low_card_rather_than_a_face_card() -> None:
    obs = {"phase": "place", "player": 0, "weapons": [], "match_sizes": [7, 2]}
    assert policy(obs, ["2S", "9S", "KS"], random.Random(0)) == "2S"
    obs["match_sizes"] = [7, 5]
    assert policy(obs, ["2S", "9S", "KS"], random.Random(0)) == "KS"


def test_N7_with_weapons_first_greedy_places_the_target_its_weapons_hit() -> None:
    state = _placing(["AS", "2S", "9S", "TS", "KS"], weapons_first=True)
    assert state.observation(0)["weapons"] == ["5S", "5D", "5C"]
    assert decide(state) == "TS"  # 5 + 5 knocks a Ten out; against a King 10 is a weak sum


def _greedy_game(seed: int, since: int, variant: dict[str, Any] | None) -> GameState:
    """Greedy (seat seed % 2) against random, its policy called with events from ``since``."""
    state = kartaros.new_game("nesalomljiv", seed=seed, variant=variant)
    rng = random.Random(seed)
    opponent = make("random", seed=seed)
    while not state.is_over:
        legal = state.legal_actions()
        player = state.current_player
        assert player is not None
        if player == seed % 2:
            action = policy(state.observation(player, since=since), legal, rng)
            assert action in legal
        else:
            action = opponent.choose(state)
        state.apply(action)
    return state


@pytest.mark.parametrize("variant", [None, {"weapons_first": True}, {"match_hand": "blind"}])
@pytest.mark.parametrize("seed", range(4))
def test_greedy_plays_legal_moves_with_or_without_the_event_history(seed: int, variant: dict[str, Any] | None) -> None:
    with_events = _greedy_game(seed, 0, variant)
    without = _greedy_game(seed, NO_EVENTS, variant)
    assert without.actions == with_events.actions  # the policy never reads the history


def test_greedy_bot_dispatches_to_the_nesalomljiv_policy() -> None:
    state = nes("7D", ["3D", "4D", "KD"], ["2C", "9C", "TC"])
    assert make("greedy", seed=3).choose(state) == "3D-4D"
