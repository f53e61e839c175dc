"""The search fast path (``state.playout``): the same game as the string API, without notation."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable

import pytest

import kartaros
from kartaros.bots.ismcts import search_actions
from kartaros.errors import RecordError
from tests.random_play import is_miss
from tests.test_all_games import SEATINGS, cards_of

OPEN_TAC = {"calls": "open"}


@pytest.mark.parametrize(("name", "players"), SEATINGS)
def test_playout_moves_are_the_legal_moves_without_misses(name: str, players: int) -> None:
    chooser = random.Random(players)
    variant = OPEN_TAC if name == "tac" else None
    for seed in range(8):
        state = kartaros.new_game(name, players=players, seed=seed, variant=variant)
        while not state.is_over:
            legal = state.legal_actions()
            internal = state._legal_moves()
            honest = [internal[a] for a in legal if not is_miss(state, a)]
            assert Counter(map(repr, state._playout_moves())) == Counter(map(repr, honest))
            state.apply(chooser.choice(legal))


OTHER_VARIANT = {"tac": OPEN_TAC, "nesalomljiv": {"match_hand": "blind"}}


@pytest.mark.parametrize(("name", "players"), SEATINGS)
def test_tree_moves_stand_for_the_search_actions_one_for_one(name: str, players: int) -> None:
    """``tree_moves`` (where a game has them): its moves for the actions a search weighs, in
    their order, played as they are; keys equal, across positions, exactly where the actions'
    move classes are."""
    chooser = random.Random(players)
    key_of: dict[str, Hashable] = {}
    class_of: dict[Hashable, str] = {}
    for seed in range(8):
        variant = OTHER_VARIANT.get(name) if seed % 2 else None
        state = kartaros.new_game(name, players=players, seed=seed, variant=variant)
        move_class = state.info.move_class or str
        while not state.is_over:
            own = state.tree_moves()
            if own is None:
                return  # the game's search weighs its actions
            moves, keys = own
            actions = search_actions(state)
            internal = state._legal_moves()
            assert len(moves) == len(keys) == len(actions)
            for action, move, key in zip(actions, moves, keys, strict=True):
                assert repr(internal[action]) == repr(move)
                kind = move_class(action)
                assert key_of.setdefault(kind, key) == key and class_of.setdefault(key, kind) == kind
            i = chooser.randrange(len(actions))
            fast, slow = state.clone(), state.clone()
            fast.play_tree_move(moves[i])
            slow.apply(actions[i])
            assert fast.zones() == slow.zones()
            assert [fast.observation(p) for p in range(players)] == [slow.observation(p) for p in range(players)]
            state.apply(chooser.choice(state.legal_actions()))


@pytest.mark.parametrize(("name", "players"), SEATINGS)
def test_playout_ends_the_game_and_conserves_cards(name: str, players: int) -> None:
    for seed in range(5):
        state = kartaros.new_game(name, players=players, seed=seed)
        deck = cards_of(state)
        moves = state.playout(random.Random(seed))
        assert state.is_over and moves > 0
        assert cards_of(state) == deck
        assert sum(state.returns()) == pytest.approx(1.0)


def test_playout_is_reproducible_and_leaves_the_original_alone() -> None:
    state = kartaros.new_game("kec", seed=3)
    before = state.record()
    a, b = state.clone(), state.clone()
    assert a.playout(random.Random(9)) == b.playout(random.Random(9))
    assert a.zones() == b.zones() and a.returns() == b.returns()
    assert state.record() == before


def test_a_played_out_state_has_no_record() -> None:
    state = kartaros.new_game("puck", players=3, seed=1)
    state.playout(random.Random(1), max_moves=3)
    with pytest.raises(RecordError, match="played out"):
        state.record()


def test_playout_until_choice_plays_only_forced_moves() -> None:
    state = kartaros.new_game("tac", players=2, seed=5)
    moved = state.playout(random.Random(0), until_choice=True)
    assert moved > 0
    assert state.is_over or len(state._playout_moves()) > 1


def test_T11_playouts_never_miss_in_open_mode() -> None:
    for seed in range(30):
        state = kartaros.new_game("tac", players=3, seed=seed, variant=OPEN_TAC)
        state.playout(random.Random(seed))
        assert state.is_over
        assert not any(event["type"] in ("miss", "call", "pass") for event in state.observation(0)["events"])


@pytest.mark.parametrize(("name", "players"), SEATINGS)
def test_playout_value_is_a_share_per_player_and_the_returns_at_the_end(name: str, players: int) -> None:
    state = kartaros.new_game(name, players=players, seed=2)
    chooser = random.Random(2)
    for _ in range(30):
        if state.is_over:
            break
        state.apply(chooser.choice(state.legal_actions()))
    value = state.playout_value()
    assert len(value) == players and sum(value) == pytest.approx(1.0) and min(value) >= 0
    state.playout(chooser)
    assert state.playout_value() == state.returns()


def test_P11_puck_guesses_by_the_cards_each_player_holds() -> None:
    state = kartaros.new_game("puck", players=2, seed=4)
    held = [len(cards) for cards in (state.zones()["pile:0"], state.zones()["pile:1"])]
    assert state.playout_value() == pytest.approx([h / sum(held) for h in held])


def test_N13_nesalomljiv_guesses_fewer_match_cards_are_better() -> None:
    state = kartaros.new_game("nesalomljiv", seed=4)
    zones = state.zones()
    mine, theirs = len(zones["match:0"]), len(zones["match:1"])
    assert state.playout_value() == pytest.approx([theirs / (mine + theirs), mine / (mine + theirs)])


def test_ismcts_with_a_horizon_still_chooses_a_legal_move() -> None:
    from kartaros.bots import make

    state = kartaros.new_game("puck", players=2, seed=5)
    while len(state.legal_actions()) == 1:
        state.apply(state.legal_actions()[0])
    bot = make("ismcts", seed=1, iterations=30, prior="greedy", rollout="greedy", horizon=4)
    assert bot.choose(state) in state.legal_actions()
    assert bot.stats()["iterations"] == 30
    with pytest.raises(ValueError, match="horizon"):
        make("ismcts", horizon=-1)
