"""The greedy Keč heuristic: exact choices in stacked-deck positions, legal play everywhere."""

from __future__ import annotations

import random

import pytest

import kartaros
from kartaros.bots import make
from kartaros.games.kec.heuristic import policy
from kartaros.state import NO_EVENTS, GameState
from tests.kec_helpers import kec, play


def decide(state: GameState, since: int = 0, seed: int = 0) -> str:
    player = state.current_player
    assert player is not None
    return policy(state.observation(player, since=since), state.legal_actions(), random.Random(seed))


def test_K7_greedy_makes_the_pin_when_nothing_can_break_it() -> None:
    state = kec(["AS", "AH", "AD", "RJ"], ["KS", "KH", "QS", "QH"], ["BJ"])
    play(state, "draw")  # both Jokers are his: the pin cannot be broken
    assert decide(state) == "AS-AH-AD"


def test_K7_greedy_makes_the_pin_when_the_other_joker_is_probably_not_held() -> None:
    state = kec(["AS", "AH", "AD", "RJ"], ["KS", "KH", "QS", "QH"], ["7C"])
    play(state, "draw")
    assert decide(state) == "AS-AH-AD"


def test_K8_greedy_attacks_with_a_choke_the_opponent_probably_cannot_break() -> None:
    state = kec(["AS", "2S", "7C", "KC"], ["8H", "9H", "TH", "JH"], ["3S"])
    play(state, "draw")
    assert decide(state) == "AS-2S-3S"


def test_K8_greedy_attacks_even_when_the_opponent_is_known_to_hold_a_king() -> None:
    # The choke will be broken, but the break costs the opponent his King (K8).
    state = kec(["KC", "AS", "2S", "7C"], ["8H", "9H", "TH", "JH"], ["4D", "3S"])
    play(state, "draw", "KC", "take", "8H", "draw")  # p1 took the King; p0 drew 3S
    assert state.observation(0)["opponent_known"] == ["KC"]
    assert decide(state) == "AS-2S-3S"
    play(state, "AS-2S-3S")
    assert state.legal_actions() == ["KC"]


@pytest.mark.parametrize(
    ("p0", "hold", "expected"),
    [(["AS", "2S", "3S", "7C"], "AS-2S-3S", "KS"), (["4S", "5S", "6S", "7C"], "4S-5S-6S", "QH")],
)
def test_K8_greedy_breaks_with_the_cheapest_breaker_and_keeps_the_joker(
    p0: list[str], hold: str, expected: str
) -> None:
    state = kec(p0, ["KS", "RJ", "QH", "8C"], ["8D"])
    play(state, "draw", hold)
    assert state.current_player == 1 and state.observation(1)["phase"] == "defend"
    assert decide(state) == expected


def test_K9_greedy_plays_no_knockout_the_opponent_may_well_break() -> None:
    state = kec(["QS", "QH", "QD", "7C"], ["8H", "9H", "TH", "JH"], ["9D"])
    play(state, "draw")
    assert "QS-QH-QD" in state.legal_actions()
    assert decide(state) == "7C"  # neither the knockout nor a Queen (a lever breaker)


def test_K11_greedy_throws_and_buys_back_the_breaker_it_took() -> None:
    state = kec(["9S", "9H", "7C", "8D"], ["RJ", "BJ", "KS", "KH"], ["2C"])
    play(state, "draw")
    assert decide(state) == "9S-9H"
    play(state, "9S-9H")  # every card of p1's is a King or a Joker
    assert state.legal_actions() == ["draw", "take"]
    assert decide(state) == "take"


def test_K10_greedy_plays_an_exchange_of_sevens() -> None:
    state = kec(["7S", "7H", "KC", "2D"], ["8H", "9H", "TH", "JH"], ["5C"])
    play(state, "draw")
    assert decide(state) == "7S-7H"


def test_K5_greedy_discards_a_card_of_no_use_and_keeps_its_breaker_and_hold_parts() -> None:
    state = kec(["KS", "AS", "2S", "7C"], ["8H", "9H", "TH", "JH"], ["9D"])
    play(state, "draw")
    assert decide(state) == "7C"


def test_K4_greedy_takes_a_king_the_opponent_discarded_and_not_a_seven() -> None:
    state = kec(["KC", "7S", "8S", "9S"], ["4H", "5H", "TD", "JD"], ["2D"])
    play(state, "draw", "KC")
    assert state.legal_actions() == ["draw", "take"]
    assert decide(state) == "take"
    state = kec(["KC", "7S", "8S", "9S"], ["4H", "5H", "TD", "JD"], ["2D"])
    play(state, "draw", "7S")
    assert decide(state) == "draw"


def test_K4_greedy_takes_the_card_that_completes_a_hold_it_will_play() -> None:
    state = kec(["AD", "7S", "8S", "9S"], ["2C", "3D", "KH", "BJ"], ["2D"])
    play(state, "draw", "AD")
    assert decide(state) == "take"
    play(state, "take")
    assert decide(state) == "AD-2C-3D"


def test_K4_greedy_takes_a_part_of_a_hold_the_opponent_is_known_to_break() -> None:
    # p1 is known to hold the King p0 threw away, so p0's choke would be broken; p0 takes the
    # Ace all the same and attacks: the break costs p1 that King (K8).
    state = kec(["KS", "KH", "2C", "3D"], ["8H", "9H", "TH", "AD"], ["BJ"])
    play(state, "draw", "KS", "take", "AD")
    assert state.current_player == 0 and state.legal_actions() == ["draw", "take"]
    assert state.observation(0)["opponent_known"] == ["KS"]
    assert decide(state) == "take"
    play(state, "take")
    assert decide(state) == "AD-2C-3D"


def _greedy_game(seed: int, since: int) -> GameState:
    """Greedy (seat seed % 2) against random, its policy called with events from ``since``."""
    state = kartaros.new_game("kec", seed=seed)
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


@pytest.mark.parametrize("seed", range(6))
def test_greedy_plays_legal_moves_with_or_without_the_event_history(seed: int) -> None:
    with_events = _greedy_game(seed, since=0)
    without = _greedy_game(seed, since=NO_EVENTS)
    assert without.actions == with_events.actions  # the policy never reads the history


def test_greedy_bot_dispatches_to_the_kec_policy() -> None:
    state = kec(["AS", "AH", "AD", "RJ"], ["KS", "KH", "QS", "QH"], ["BJ"])
    play(state, "draw")
    assert make("greedy", seed=3).choose(state) == "AS-AH-AD"
