"""Invariants of Keč over many random games (hypothesis): conservation, legality, replay,
determinization and the secrecy of what a player cannot see."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kartaros
from kartaros import IllegalAction
from kartaros.state import GameState
from tests.kec_helpers import ALL_CODES, all_cards
from tests.random_play import two_player_random_game

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**63 - 1)
variants = st.sampled_from(
    [None, {"exhausted": "draw"}, {"pairs_to": "out"}, {"exhausted": "draw", "pairs_to": "out"}]
)

SEEN_ZONES = ("hand:0", "discard", "out", "table")  # where player 0 sees cards
CANDIDATES = ["draw", "take", "", "DRAW", "pass", "7", "XX", "AS-2S", *ALL_CODES, "9S-9H", "AS-2S-3S", "QS-QH-QD"]


def snapshot(state: GameState) -> str:
    return json.dumps(
        [state.zones(), state.observation(0), state.observation(1), state.legal_actions(), state.record()],
        sort_keys=True,
    )


def random_game(
    seed: int,
    variant: dict[str, Any] | None,
    every: int = 0,
    check: Callable[[GameState], None] | None = None,
) -> GameState:
    return two_player_random_game("kec", seed, variant, all_cards, every, check)


@SETTINGS
@given(seeds, variants)
def test_cards_are_conserved_and_play_always_reaches_an_end(seed: int, variant: dict[str, str] | None) -> None:
    random_game(seed, variant)


@SETTINGS
@given(seeds, st.data())
def test_illegal_and_wrong_turn_actions_raise_and_change_nothing(seed: int, data: st.DataObject) -> None:
    def check(state: GameState) -> None:
        legal = set(state.legal_actions())
        wrong = [a for a in CANDIDATES if a not in legal]
        for action in data.draw(st.lists(st.sampled_from(wrong), min_size=1, max_size=3)):
            before = snapshot(state)
            try:
                state.apply(action)
            except IllegalAction as err:
                assert str(err)
            else:
                raise AssertionError(f"{action!r} was accepted")
            assert snapshot(state) == before
        for junk in (None, 7, ["draw"]):
            before = snapshot(state)
            with pytest.raises(IllegalAction):
                state.apply(junk)  # type: ignore[arg-type]
            assert snapshot(state) == before

    random_game(seed, None, every=37, check=check)


@SETTINGS
@given(seeds, variants)
def test_replay_of_the_record_is_identical(seed: int, variant: dict[str, str] | None) -> None:
    state = random_game(seed, variant)
    record = json.loads(json.dumps(state.record()))  # through JSON, as saved
    again = kartaros.replay(record)
    assert again.zones() == state.zones()
    assert again.returns() == state.returns()
    assert again.observation(0) == state.observation(0)
    assert again.observation(1) == state.observation(1)
    assert again.record() == state.record()


@SETTINGS
@given(seeds)
def test_replay_of_an_unfinished_game_continues_identically(seed: int) -> None:
    state = kartaros.new_game("kec", seed=seed)
    chooser = random.Random(seed)
    for _ in range(chooser.randrange(1, 300)):
        if state.is_over:
            break
        state.apply(chooser.choice(state.legal_actions()))
    again = kartaros.replay(state.record())
    if not state.is_over:
        for _ in range(100):
            if state.is_over:
                break
            action = chooser.choice(state.legal_actions())
            state.apply(action)
            again.apply(action)
    assert again.zones() == state.zones()


def check_determinize(state: GameState, seed: int) -> None:
    for player in (0, 1):
        opponent = 1 - player
        obs = state.observation(player)
        real = state.zones()
        worlds = [state.determinize(player, seed + k) for k in range(4)]
        for world in worlds:
            assert world.observation(player) == obs
            assert all_cards(world) == sorted(ALL_CODES)
            zones = world.zones()
            assert zones[f"hand:{player}"] == real[f"hand:{player}"]
            for visible in ("discard", "out", "table"):
                assert zones[visible] == real[visible]
            assert len(zones["stock"]) == len(real["stock"])
            # Cards seen entering the opponent's hand are still there.
            assert set(obs["opponent_known"]) <= set(zones[f"hand:{opponent}"])
            # The opponent's own view stays consistent with his (new) hand.
            assert sorted(world.observation(opponent)["hand"]) == sorted(zones[f"hand:{opponent}"])
            if obs["phase"] == "defend" and obs["current_player"] == opponent:
                assert world.legal_actions(), "a defender must hold a breaking card"
        unseen_in_hand = len(real[f"hand:{opponent}"]) - len(obs["opponent_known"])
        stock = len(real["stock"])
        if stock >= 2 or (stock and unseen_in_hand):  # else the hidden cards' places are known
            assert any(
                w.zones()["stock"] != real["stock"]
                or sorted(w.zones()[f"hand:{opponent}"]) != sorted(real[f"hand:{opponent}"])
                for w in (state.determinize(player, seed + 100 + k) for k in range(40))
            ), "determinize did not move any hidden card"
        # A determinized world is a legal position that plays to the end, and its record replays.
        world = worlds[0]
        chooser = random.Random(seed)
        for _ in range(3000):
            if world.is_over:
                break
            world.apply(chooser.choice(world.legal_actions()))
        rebuilt = kartaros.replay(json.loads(json.dumps(world.record())))
        assert rebuilt.zones() == world.zones()


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds)
def test_determinize_keeps_the_observation_and_redeals_hidden_cards(seed: int) -> None:
    random_game(seed, None, every=53, check=lambda s: check_determinize(s, seed))


def test_determinize_right_after_a_hold_keeps_a_breaker_in_the_defenders_hand() -> None:
    from tests.kec_helpers import kec, play

    state = kec(["AS", "AH", "AD", "7C"], ["BJ", "5S", "6S", "8C"], ["9D"])
    play(state, "draw", "AS-AH-AD")
    assert state.current_player == 1
    for seed in range(200):
        world = state.determinize(0, seed)
        assert "BJ" in world.zones()["hand:1"] or "RJ" in world.zones()["hand:1"]
        assert world.legal_actions()


def test_determinize_after_a_reshuffle_knows_the_opponents_hand() -> None:
    state = kartaros.new_game("kec", seed=3)
    chooser = random.Random(1)
    while not any(e["type"] == "reshuffle" for e in state.observation(0)["events"][-3:]):
        state.apply(chooser.choice(state.legal_actions()))
        assert not state.is_over
    real = state.zones()
    for player in (0, 1):
        obs = state.observation(player)
        unseen_draws = [
            e for e in obs["events"][-3:] if e["type"] == "draw" and e["player"] != player
        ]
        if unseen_draws:
            continue
        for seed in range(20):
            world = state.determinize(player, seed)
            assert sorted(world.zones()[f"hand:{1 - player}"]) == sorted(real[f"hand:{1 - player}"])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds, st.integers(min_value=0, max_value=3), st.integers(min_value=30, max_value=53))
def test_no_leak_changing_what_player_0_cannot_see_leaves_his_observation(
    seed: int, slot: int, deep: int
) -> None:
    """Swap one of player 1's dealt cards with a card deep in the stock: until one of the two
    becomes visible to player 0, his observation must be identical in both worlds. (Holds are
    left out: the answer to a hold rightly tells the attacker whether a breaker was held.)"""
    base = kartaros.new_game("kec", seed=seed)
    deck = base.zones()["hand:0"] + base.zones()["hand:1"] + base.zones()["stock"]
    deck = [deck[i // 2] if i % 2 == 0 else deck[4 + i // 2] for i in range(8)] + deck[8:]
    other = deck.copy()
    other[2 * slot + 1], other[deep] = other[deep], other[2 * slot + 1]
    secret = {deck[2 * slot + 1], deck[deep]}
    a = kartaros.new_game("kec", seed=seed, deck=deck)
    b = kartaros.new_game("kec", seed=seed, deck=other)
    chooser = random.Random(seed)
    for _ in range(2000):
        # Stop once a swapped card is where player 0 may rightly see it (the truth says so);
        # until then his views must be equal and must not name either card.
        if any(card in z[name] for z in (a.zones(), b.zones()) for name in SEEN_ZONES for card in secret):
            break
        seen_a, seen_b = a.observation(0), b.observation(0)
        if seen_a["stock_cycle"] != "original" or seen_b["stock_cycle"] != "original":
            break  # a reshuffle rightly reveals both hands (K6)
        assert seen_a == seen_b
        text = json.dumps(seen_a)
        assert not [card for card in secret if f'"{card}"' in text], "a card player 0 cannot see leaked"
        if a.is_over:
            break
        # Player 1 plays only what he can play in both worlds (his hands differ by one card).
        # No holds: whether a hold is answered rightly tells player 0 about player 1's hand (K8).
        common = sorted(x for x in set(a.legal_actions()) & set(b.legal_actions()) if x.count("-") != 2)
        if not common:
            break
        action = chooser.choice(common)
        a.apply(action)
        b.apply(action)
