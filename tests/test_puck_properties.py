"""Invariants of Puck over many random games (hypothesis), for 2, 3 and 4 players:
conservation, legality, replay, determinization and the secrecy of what a player cannot see."""

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
from kartaros.cards import card_id
from kartaros.games.puck.rules import PuckState
from kartaros.games.puck.words import describe_action, describe_event, describe_table, describe_turn
from tests.puck_helpers import ALL_CODES, all_cards, check_history, draw_all, play, puck

PLAYERS = [2, 3, 4]
SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**63 - 1)
variants = st.sampled_from([
    None,
    {"end": "last-standing"},
    {"ace_low_straight": False},
    {"max_rounds": 3},
    {"end": "last-standing", "ace_low_straight": False},
])


def new(players: int, seed: int, variant: dict[str, Any] | None = None, deck: list[str] | None = None) -> PuckState:
    state = kartaros.new_game("puck", players=players, seed=seed, variant=variant, deck=deck)
    assert isinstance(state, PuckState)
    return state


def snapshot(state: kartaros.GameState) -> str:
    views = [state.observation(p) for p in range(state.num_players)]
    return json.dumps([state.zones(), views, state.legal_actions(), state.record()], sort_keys=True)


def random_game(
    players: int, seed: int, variant: dict[str, Any] | None = None, every: int = 0,
    check: Callable[[PuckState], None] | None = None,
) -> PuckState:
    state = new(players, seed, variant)
    chooser = random.Random(seed)
    step = 0
    while not state.is_over:
        legal = state.legal_actions()
        assert legal, "no legal action before the end"
        assert state.current_player in range(players)
        if check is not None and every and step % every == 0:
            check(state)
        state.apply(chooser.choice(legal))
        step += 1
        assert all_cards(state) == sorted(ALL_CODES)
    assert state.current_player is None and state.legal_actions() == []
    check_history(state)
    return state


@pytest.mark.parametrize("players", PLAYERS)
@SETTINGS
@given(seeds, variants)
def test_cards_are_conserved_and_play_always_reaches_the_right_end(
    players: int, seed: int, variant: dict[str, Any] | None
) -> None:
    state = random_game(players, seed, variant)
    sizes = [len(state.zones()[f"pile:{p}"]) for p in range(players)]
    assert sum(sizes) == 52  # every card is back in a pile
    outcome = state.outcome()
    assert outcome is not None
    returns = list(outcome.returns)
    assert sum(returns) == pytest.approx(1.0)
    if outcome.reason == "last_standing":
        assert (state.variant["end"], sorted(sizes)) == ("last-standing", [0] * (players - 1) + [52])
        assert returns == [1.0 if size == 52 else 0.0 for size in sizes]
    else:
        best = max(sizes)
        winners = [p for p in range(players) if sizes[p] == best]
        assert returns == [1.0 / len(winners) if p in winners else 0.0 for p in range(players)]
        if outcome.reason == "out_of_cards":
            assert state.variant["end"] == "first-out" and 0 in sizes
        else:
            assert outcome.reason == "max_rounds" and state.rounds == state.variant["max_rounds"]


@pytest.mark.parametrize("players", PLAYERS)
@SETTINGS
@given(seeds, st.data())
def test_illegal_and_wrong_turn_actions_raise_and_change_nothing(players: int, seed: int, data: st.DataObject) -> None:
    seen: set[str] = set()

    def check(state: PuckState) -> None:
        legal = state.legal_actions()
        wrong = [a for a in sorted(seen) if a not in legal]
        for action in legal[1:3]:  # a legal exchange misspelled: cards or seats out of order
            parts = action.split("-")
            if len(parts) >= 4:
                wrong.append("-".join(parts[::-1]))
        wrong += ["", "HOLD", "hold ", "P1-AS", "AS-P1-", "draw", "turn", "hold"]
        for action in data.draw(st.lists(st.sampled_from(wrong), min_size=1, max_size=4)):
            if action in legal:
                continue
            before = snapshot(state)
            with pytest.raises(IllegalAction) as err:
                state.apply(action)
            assert str(err.value)
            assert snapshot(state) == before

    state = new(players, seed)
    chooser = random.Random(seed)
    step = 0
    while not state.is_over:
        legal = state.legal_actions()
        seen.update(legal)
        if step % (7 if players > 2 else 29) == 0:
            check(state)
        state.apply(chooser.choice(legal))
        step += 1


@pytest.mark.parametrize("players", PLAYERS)
@SETTINGS
@given(seeds, variants)
def test_replay_of_the_record_is_identical(players: int, seed: int, variant: dict[str, Any] | None) -> None:
    state = random_game(players, seed, variant)
    record = json.loads(json.dumps(state.record()))  # through JSON, as saved
    again = kartaros.replay(record)
    assert again.zones() == state.zones()
    assert again.returns() == state.returns()
    for player in range(players):
        assert again.observation(player) == state.observation(player)
    assert again.record() == state.record()


@pytest.mark.parametrize("players", PLAYERS)
@SETTINGS
@given(seeds)
def test_replay_of_an_unfinished_game_continues_identically(players: int, seed: int) -> None:
    state = new(players, seed)
    chooser = random.Random(seed)
    for _ in range(chooser.randrange(1, 60)):
        if state.is_over:
            break
        state.apply(chooser.choice(state.legal_actions()))
    again = kartaros.replay(state.record())
    while not state.is_over:
        action = chooser.choice(state.legal_actions())
        state.apply(action)
        again.apply(action)
    assert again.zones() == state.zones() and again.returns() == state.returns()


# ---- determinize ------------------------------------------------------------------------------


def check_determinize(state: PuckState, seed: int) -> None:
    real = state.zones()
    players = state.num_players
    for player in range(players):
        obs = state.observation(player)
        worlds = [state.determinize(player, seed + k) for k in range(3)]
        for world in worlds:
            assert isinstance(world, PuckState)
            assert world.observation(player) == obs
            assert all_cards(world) == sorted(ALL_CODES)
            zones = world.zones()
            assert zones[f"hand:{player}"] == real[f"hand:{player}"]
            assert zones["table"] == real["table"]
            assert {z: len(c) for z, c in zones.items()} == {z: len(c) for z, c in real.items()}
            assert world.current_player == state.current_player
            if state.current_player == player:
                assert world.legal_actions() == state.legal_actions()
            check_history(world)  # a history that leads to this world, every event consistent with it
            # A world depends only on what the player knows and the seed: a world he cannot
            # tell from the real state gives him the very same worlds.
            assert world.determinize(player, seed + 7).zones() == state.determinize(player, seed + 7).zones()
        hidden = [z for z in real if z != f"hand:{player}" and z != "table" and real[z]]
        if sum(len(real[z]) for z in hidden) - obs["pot_size"] >= 2:
            assert any(
                any(w.zones()[z] != real[z] for z in hidden)
                for w in (state.determinize(player, seed + 100 + k) for k in range(20))
            ), "determinize did not move any hidden card"
        world = worlds[0]
        chooser = random.Random(seed)
        while not world.is_over:
            world.apply(chooser.choice(world.legal_actions()))
        rebuilt = kartaros.replay(json.loads(json.dumps(world.record())))
        assert rebuilt.zones() == world.zones()


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds)
def test_determinize_keeps_the_observation_and_redeals_hidden_cards(players: int, seed: int) -> None:
    every = {2: 23, 3: 5, 4: 3}[players]  # a few positions of each game, spread over it
    random_game(players, seed, None, every=every, check=lambda s: check_determinize(s, seed % 10_000))


@pytest.mark.parametrize("players", PLAYERS)
def test_determinize_keeps_the_shown_hands_in_the_winners_new_trick(players: int) -> None:
    """Right after a trick is collected, every viewer knows the shown hands (and his own pot
    cards) lie in the bottom part of the winner's pile: every world keeps them there, while
    cards nobody has seen do move between piles."""
    for seed in range(6):
        state = new(players, seed)
        chooser = random.Random(seed)
        while state.rounds == 0:
            state.apply(chooser.choice(state.legal_actions()))
        if state.is_over:
            continue
        collect = next(e for e in reversed(state.events) if e[0] == "collect")
        winner, trick = collect[1], collect[2]
        shown = {c for hand in next(e for e in state.events if e[0] == "showdown")[1] for c in hand}
        for player in range(players):
            own_pot = {c for e in state.events if e[0] == "exchange" and e[1] == player for c in e[2]}
            moved_between_piles = False
            for k in range(15):
                world = state.determinize(player, 1000 * seed + k)
                bottom = {card_id(c) for c in world.zones()[f"pile:{winner}"][-len(trick):]}
                assert shown | own_pot <= bottom
                for p in range(players):
                    real_pile = set(state.zones()[f"pile:{p}"])
                    if set(world.zones()[f"pile:{p}"]) != real_pile:
                        moved_between_piles = True
            assert moved_between_piles


@pytest.mark.parametrize(
    ("piles", "actions"),
    [
        ([["KS", "QH", "9D", "5S", "9S"], ["KH", "QD", "9C", "5H", "2H"]], ["hold", "hold"]),
        ([["KS", "QH", "9D", "5S", "9S"], ["KH", "QD", "9C", "5H", "2H"]], ["hold", "hold", "turn", "turn"]),
        ([["KS", "QH", "9D", "7S", "AS"], ["KH", "QD", "9C", "7H", "3H"], ["KD", "QS", "9H", "4C"]],
         ["hold", "hold", "hold", "turn", "turn", "turn"]),
    ],
)
def test_determinize_during_a_tiebreak_keeps_the_shown_hands_and_turned_cards(
    piles: list[list[str]], actions: list[str]
) -> None:
    state = puck(piles)
    draw_all(state)
    play(state, *actions)
    assert state.observation(0)["phase"] == "tiebreak"
    real = state.zones()
    for player in range(state.num_players):
        for k in range(10):
            world = state.determinize(player, k)
            assert world.observation(player) == state.observation(player)
            for p in range(state.num_players):
                assert world.zones()[f"hand:{p}"] == real[f"hand:{p}"]  # shown on the table
            assert world.zones()["table"] == real["table"]
            assert world.current_player == state.current_player and world.legal_actions() == ["turn"]
            check_history(world)


# ---- secrecy ----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds, st.integers(min_value=0, max_value=51), st.integers(min_value=0, max_value=51))
def test_no_leak_changing_what_player_0_cannot_see_leaves_his_observation(
    players: int, seed: int, i: int, j: int
) -> None:
    """Swap two cards of the deal: until one of them is seen by player 0 by right (he takes it
    into his hand, or it is shown or turned), his observation must be identical in both
    worlds, whatever the others do with them (hold them, put them into the pot, take them),
    and so must the worlds ``determinize`` deals him: a search learns nothing from them."""
    deck = ALL_CODES.copy()
    random.Random(seed).shuffle(deck)
    other = deck.copy()
    other[i], other[j] = other[j], other[i]
    secret = {card_id(deck[i]), card_id(deck[j])}
    a, b = new(players, seed, deck=deck), new(players, seed, deck=other)
    chooser = random.Random(seed)
    for _ in range(3000):
        if seen_by_player_0(a, secret) or seen_by_player_0(b, secret):
            break
        assert a.observation(0) == b.observation(0)
        assert a.determinize(0, seed % 1000).zones() == b.determinize(0, seed % 1000).zones()
        if a.is_over:
            break
        # Everyone plays only what he can play in both worlds (a hand may differ by a card).
        common = sorted(set(a.legal_actions()) & set(b.legal_actions()))
        action = chooser.choice(common)
        a.apply(action)
        b.apply(action)


def seen_by_player_0(state: PuckState, cards: set[int]) -> bool:
    """Whether player 0 has by right seen one of ``cards``, judged from the true history."""
    for event in state.events:
        kind = event[0]
        if kind == "draw" and event[1] == 0 and cards & set(event[2]):
            return True
        if kind == "exchange" and event[1] == 0 and cards & set(event[4]):
            return True
        if kind == "showdown" and any(cards & set(hand) for hand in event[1]):
            return True
        if kind == "turn" and event[2] in cards:
            return True
    return False


# ---- words ----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYERS)
def test_words_describe_every_event_action_and_table(players: int) -> None:
    names = [f"N{p}" for p in range(players)]
    for seed in range(4):
        state = new(players, seed, {"end": "last-standing"} if seed % 2 else None)
        chooser = random.Random(seed)
        while True:
            me = state.current_player if state.current_player is not None else 0
            obs = state.observation(me)
            rows = describe_table(obs, names)
            assert any(row.label.startswith(names[me]) for row in rows)
            for event in obs["events"][-6:]:
                assert describe_event(event, names)
            if state.is_over:
                break
            assert describe_turn(obs, names)
            legal = state.legal_actions()
            assert all(describe_action(obs, action, names) for action in legal)
            state.apply(chooser.choice(legal))
