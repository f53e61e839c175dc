"""The greedy Puck heuristic: exact exchanges in stacked-deck positions, legal play everywhere."""

from __future__ import annotations

import random

import pytest

import kartaros
from kartaros.bots import make
from kartaros.games.puck.heuristic import policy
from kartaros.state import NO_EVENTS, GameState
from tests.puck_helpers import draw_all, play, puck


def decide(state: GameState, since: int = 0) -> str:
    player = state.current_player
    assert player is not None
    return policy(state.observation(player, since=since), state.legal_actions(), random.Random(0))


def first_exchange(hand: list[str], players: int = 2) -> str:
    """Greedy's exchange as player 0, first to decide, holding ``hand``."""
    state = puck([hand, *[[] for _ in range(players - 1)]])
    draw_all(state)
    return decide(state)


@pytest.mark.parametrize("hand", [["7S", "7H", "7D"], ["2S", "3S", "9S"], ["QS", "KH", "AD"]])
def test_P6_P9_greedy_holds_three_of_a_kind_a_flush_and_a_straight(hand: list[str]) -> None:
    assert first_exchange(hand) == "hold"


def test_P6_P9_greedy_keeps_a_pair_and_exchanges_a_low_odd_card() -> None:
    assert first_exchange(["KS", "KH", "2D"]) == "2D-P1"


def test_P6_P9_greedy_keeps_a_lone_ace_from_a_high_card_hand() -> None:
    assert first_exchange(["AS", "KH", "4D"]) == "4D-KH-P1-P1"


def test_P6_greedy_exchanges_a_whole_hand_of_low_cards() -> None:
    assert first_exchange(["2S", "5H", "9D"]) == "2S-5H-9D-P1-P1-P1"


def _second_round() -> GameState:
    """Four players: player 0's Aces win round 1, in which player 1 took two cards from player
    2; round 2 starts with the piles 24 / 10 / 8 / 10, player 0 holding 2D KS KH, player 1
    3C QS QH."""
    state = puck(
        [
            ["AS", "AH", "AD", "KS", "KH", "2D"],
            ["2S", "3H", "5D", "QS", "QH", "3C"],
            ["4S", "6H", "8D"],
            ["7S", "9H", "JD"],
        ]
    )
    draw_all(state)
    play(state, "hold", "2S-3H-P2-P2", "hold", "hold")
    draw_all(state)
    assert state.observation(0)["pile_sizes"] == [21, 7, 5, 7]
    return state


def test_P6_P11_the_leader_takes_from_the_smallest_pile_to_end_the_game() -> None:
    state = _second_round()
    assert state.observation(0)["hand"] == ["2D", "KS", "KH"]
    assert decide(state) == "2D-P2"


def test_P6_P11_a_player_behind_takes_from_the_largest_pile() -> None:
    state = play(_second_round(), "2D-P2")
    assert state.observation(1)["hand"] == ["3C", "QS", "QH"]
    assert decide(state) == "3C-P0"


def test_P6_greedy_never_takes_more_than_the_opponents_piles_hold() -> None:
    state = _second_round()
    obs = state.observation(0)
    obs["pile_sizes"] = [21, 0, 1, 0]  # only one card can be taken: at most one goes into the pot
    legal = ["hold", "2D-P2", "KS-P2", "KH-P2"]
    assert policy(obs, legal, random.Random(0)) == "2D-P2"


def test_the_choice_does_not_depend_on_the_event_history() -> None:
    for players in (2, 3, 4):
        state = kartaros.new_game("puck", players=players, seed=players)
        bots = [make("random", seed=p) for p in range(players)]
        while (player := state.current_player) is not None:
            if len(state.legal_actions()) > 1:
                assert decide(state, since=NO_EVENTS) == decide(state)
            state.apply(bots[player].choose(state))


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("end", ["first-out", "last-standing"])
def test_greedy_plays_legal_moves_for_every_player_count(players: int, end: str) -> None:
    for seed in range(4):
        variant = {"end": end, "ace_low_straight": seed % 2 == 0, "max_rounds": 200}
        state = kartaros.new_game("puck", players=players, seed=seed, variant=variant)
        bots = [make("greedy" if p % 2 == 0 else "random", seed=seed + p) for p in range(players)]
        while (player := state.current_player) is not None:
            action = bots[player].choose(state)
            assert action in state.legal_actions()
            state.apply(action)
        assert state.is_over
