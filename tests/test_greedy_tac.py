"""The greedy Tač heuristic: exact choices in stacked-deck positions, legal play everywhere."""

from __future__ import annotations

import random
from typing import Any

import pytest

import kartaros
from kartaros.bots import make
from kartaros.cards import CODE
from kartaros.games.tac.heuristic import policy
from kartaros.state import NO_EVENTS, GameState
from tests.random_play import is_miss
from tests.tac_helpers import play, tac


def decide(state: GameState, since: int = 0) -> str:
    player = state.current_player
    assert player is not None
    return policy(state.observation(player, since=since), state.legal_actions(), random.Random(0))


def worked_example(actions: int) -> GameState:
    """The notation document's worked example (3 players, calls open) after ``actions`` actions."""
    top = ["AH", "5S", "2D", "KD", "7C", "3C", "QS", "JS", "4C", "6H", "TS", "9H", "8D"]
    deck = top + [CODE[i] for i in range(52) if CODE[i] not in top]
    state = kartaros.new_game("tac", players=3, deck=deck, seed=4, variant={"calls": "open"})
    script = [
        "turn",
        "5S>0",
        "turn",
        "2D>C",
        "turn",
        "3C>C",
        "turn",
        "4C>C",
        "turn",
        "9H>1",
        "turn",
        "KD>2",
        "turn?",
        "pass",
        "call",
    ]
    return play(state, *script[:actions])


def test_T11_greedy_calls_a_miss_it_is_asked_about() -> None:
    state = worked_example(13)  # player 0 turned while his 5S fitted the central pile
    assert state.observation(1)["phase"] == "call" and state.current_player == 1
    assert decide(state) == "call"


def test_T12_greedy_places_a_turned_card_rather_than_keep_it() -> None:
    state = worked_example(3)
    assert state.legal_actions() == ["2D>C", "2D>1?"]
    assert decide(state) == "2D>C"


def test_T6_T12_greedy_places_its_open_piles_top_rather_than_turn() -> None:
    state = worked_example(12)
    assert state.legal_actions() == ["5S>C", "turn?"]
    assert decide(state) == "5S>C"


def test_T4_T9_greedy_puts_a_card_on_an_opponents_open_pile_rather_than_the_central_pile() -> None:
    state = tac([["AS"], ["2H"], []], middle="AC")
    play(state, "turn", "AS>0", "turn")
    assert state.legal_actions() == ["2H>C", "2H>0"]
    assert decide(state) == "2H>0"


def test_T4_T10_greedy_burdens_the_opponent_closest_to_going_out() -> None:
    # Player 0 has placed his Ace: 12 cards against 13; both opponents' Nines take the Ten.
    state = tac([["AS", "9S"], ["9H"], ["5D"], ["TC"]])
    play(state, "turn", "AS>C", "turn", "9S>0", "turn", "9H>1", "turn", "5D>2", "turn")
    assert state.legal_actions() == ["TC>0", "TC>1"]
    assert decide(state) == "TC>0"


def test_T12_greedy_misses_only_when_nothing_else_is_legal() -> None:
    legal = ["turn?"]  # not a real position: the policy must still answer from the list
    state = worked_example(12)
    obs = state.observation(0)
    assert policy(obs, legal, random.Random(0)) == "turn?"


def test_the_choice_does_not_depend_on_the_event_history() -> None:
    for variant in (None, {"calls": "open"}):
        for players in (2, 3, 5):
            state = kartaros.new_game("tac", players=players, seed=players, variant=variant)
            bots = [make("random", seed=p) for p in range(players)]
            while (player := state.current_player) is not None:
                if len(state.legal_actions()) > 1:
                    assert decide(state, since=NO_EVENTS) == decide(state)
                state.apply(bots[player].choose(state))


def _greedy_game(players: int, seed: int, variant: dict[str, Any] | None) -> GameState:
    """Greedy in every other seat, random in the rest; every greedy move checked."""
    state = kartaros.new_game("tac", players=players, seed=seed, variant=variant)
    bots = [make("greedy" if p % 2 == 0 else "random", seed=seed + p) for p in range(players)]
    while not state.is_over:
        player = state.current_player
        assert player is not None
        legal = state.legal_actions()
        action = bots[player].choose(state)
        assert action in legal
        if player % 2 == 0:
            honest = [a for a in legal if not is_miss(state, a)]
            assert not honest or action in honest, f"a miss {action} while {honest} were legal"
            assert "call" not in legal or action == "call"
        state.apply(action)
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5, 8])
@pytest.mark.parametrize("calls", ["enforced", "open"])
def test_greedy_plays_legal_moves_never_misses_and_always_calls(players: int, calls: str) -> None:
    for seed in range(3):
        state = _greedy_game(players, seed, {"calls": calls})
        assert state.is_over


def test_greedy_plays_the_ranking_finish_without_wrap() -> None:
    variant = {"calls": "open", "finish": "ranking", "wrap_open_piles": False}
    assert _greedy_game(4, 7, variant).is_over
