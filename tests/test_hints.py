"""Hints and reviews (``kartaros.analysis.hints``): the hint names a legal move in every position
of many games of every game, from the player's observation only, with the game's reason in
both languages; a review marks a deliberately bad move of a stacked-deck game."""

from __future__ import annotations

import random
import re

import pytest

import kartaros
from kartaros.analysis import hints
from kartaros.bots.greedy import greedy_move
from kartaros.bots.ismcts import search_actions
from kartaros.cards import CODE
from kartaros.state import GameState

GAMES = list(kartaros.GAMES)
NAMES = ["Ana", "Bora", "Cica", "Dule"]
CARD_CODE = re.compile(r"\b(?:[2-9TJQKA][SHDC]|RJ|BJ)\b")  # a card as the notation writes it, not as people do


def positions(game: str, seed: int, most: int) -> list[GameState]:
    """Up to ``most`` positions of a random game of ``game`` (as people play it) where a player
    is to move, spread from its start to its end (random honest moves: short, varied games),
    and as many again where he has a real choice (in Tač a card seldom fits two piles)."""
    info = kartaros.GAMES[game]
    players = random.Random(seed).randint(info.min_players, min(info.max_players, 3))
    start = kartaros.new_game(game, players=players, seed=seed, variant=dict(info.people_variant))
    state, rng = start.clone(), random.Random(seed)
    moving, choosing = [], []
    while not state.is_over:
        if state.current_player is not None:
            moving.append(len(state.actions))
            if len(search_actions(state)) > 1:
                choosing.append(len(state.actions))
        state.apply(rng.choice(search_actions(state)))
    wanted = set(moving[:: max(1, len(moving) // most)][:most])
    wanted |= set(choosing[:: max(1, len(choosing) // most)][:most])
    found, replayed = [], start
    for index, action in enumerate(state.actions):
        if index in wanted:
            found.append(replayed.clone())
        replayed.apply(action)
    return found


@pytest.mark.parametrize("game", GAMES)
def test_the_hint_names_a_legal_move_the_page_may_send_in_every_position_of_many_games(game: str) -> None:
    info = kartaros.GAMES[game]
    asked = choices = 0
    most = 8 if game == "kec" else 40  # a Keč play-on to the end is long: fewer of its positions
    for seed in range(6):
        for state in positions(game, 100 + seed, most):
            lang = ("en", "sr")[asked % 2]
            hint = hints.hint(state, NAMES[: state.num_players], lang, seed=seed, worlds=2, seconds=None)
            legal = state.legal_actions()
            assert hint.action in legal, (seed, state.actions, hint.action)
            # the page offers tries (Tač with open calls): the hint is one it may send as it is
            assert info.as_played(hint.action, legal) == hint.action
            assert hint.numbers and "{" not in hint.numbers and "{" not in hint.reason
            if info.is_miss is not None and len(search_actions(state)) < len(legal):
                assert not info.is_miss(hint.action)  # never a miss while an honest move is there
            asked += 1
            choices += len(search_actions(state)) > 1
    assert asked >= 50 and choices >= 10, (asked, choices)


@pytest.mark.parametrize("game", GAMES)
def test_each_game_says_why_in_its_own_terms_somewhere_in_both_languages(game: str) -> None:
    """The game's reason for every move the searches weigh, in many positions: a sentence or
    nothing, never a raw code or a message left unfilled; some moves of every game have one."""
    said: dict[str, set[str]] = {"en": set(), "sr": set()}
    for seed in range(4):
        for state in positions(game, 200 + seed, 80):
            for action in search_actions(state):
                for lang in said:
                    reason = hints.reason(state, action, NAMES[: state.num_players], lang)
                    assert "{" not in reason and not CARD_CODE.search(reason), reason
                    if reason:
                        said[lang].add(reason)
    assert said["en"] and said["sr"], "the game never said why"
    assert not said["en"] & said["sr"], "the Serbian reasons are the English ones"


@pytest.mark.parametrize("game", GAMES)
def test_the_hint_never_depends_on_hidden_cards(game: str) -> None:
    """Two positions the player to move cannot tell apart (the real one and a world re-dealt from
    his information set) give the same hint, reason and numbers for the same seed."""
    compared = 0
    for seed in range(4):
        real = [state for state in positions(game, 300 + seed, 12) if len(search_actions(state)) > 1]
        for state in real[1::4][:2]:
            me = state.current_player
            assert me is not None
            other = state.determinize(me, 4242 + seed)
            assert other.observation(me, since=1 << 62) == state.observation(me, since=1 << 62)
            names = NAMES[: state.num_players]
            a = hints.hint(state, names, "en", seed=seed, worlds=3, seconds=None)
            b = hints.hint(other, names, "en", seed=seed, worlds=3, seconds=None)
            assert (a.action, a.reason, a.numbers, a.values) == (b.action, b.reason, b.numbers, b.values)
            compared += 1
    assert compared >= 3


def stacked_pin() -> GameState:
    """Keč (K3, K4): player 0 is dealt three Aces and the red Joker and draws the black Joker
    first: the pin (A-A-A, K7) with both Jokers in his own hand cannot be broken (K8)."""
    mine, theirs, draw = ["AS", "AH", "AC", "RJ"], ["7S", "7H", "8S", "8H"], ["BJ"]
    dealt = [card for pair in zip(mine, theirs, strict=True) for card in pair] + draw
    rest = [c for c in CODE[:54] if c not in dealt]
    return kartaros.new_game("kec", seed=5, deck=dealt + rest)


def test_kec_K7_K8_the_hint_attacks_with_an_unbreakable_pin_and_says_so() -> None:
    state = stacked_pin()
    state.apply("draw")
    found = hints.hint(state, ["Ana", "Bora"], "en", seed=3, worlds=4, seconds=None)
    assert found.action == "AS-AH-AC"
    assert "nothing still unseen breaks it" in found.reason and "pin" in found.reason
    assert found.value == 1.0


def test_kec_a_review_marks_a_discarded_winning_pin_with_the_better_move_and_the_numbers() -> None:
    state = stacked_pin()
    state.apply("draw")
    state.apply("AS")  # discards an Ace of the pin that would have won at once (K7, K8)
    rng = random.Random(1)
    for _ in range(12):  # the game goes on a little: later decisions are reviewed too
        if state.is_over:
            break
        state.apply(greedy_move(state, state.legal_actions(), rng))
    told: list[tuple[int, int]] = []
    marks = hints.review(state.record(), 0, seed=9, worlds=4, progress=lambda done, total: told.append((done, total)))
    bad = [m for m in marks if m.index == 1]
    assert len(bad) == 1, marks
    assert bad[0].played == "AS" and bad[0].better == "AS-AH-AC"
    assert bad[0].better_value == 1.0 and bad[0].better_value - bad[0].played_value >= hints.REVIEW_MARGIN
    assert told[0][0] == 0 and told[-1][0] == told[-1][1] >= 1  # progress from none to all


def test_a_review_marks_nothing_where_the_player_played_the_strong_bots_moves() -> None:
    state = stacked_pin()
    state.apply("draw")
    state.apply("AS-AH-AC")  # the pin wins
    assert state.is_over
    assert hints.review(state.record(), 0, seed=9, worlds=4) == []


def test_a_review_looks_at_at_most_its_limit_of_decisions_spread_over_the_game() -> None:
    state = positions("nesalomljiv", 7, 1)[0]
    rng = random.Random(3)
    while not state.is_over:
        state.apply(rng.choice(search_actions(state)))
    every = hints.decisions(state.record(), 0, limit=10_000)
    few = hints.decisions(state.record(), 0, limit=5)
    assert len(every) > 5 and len(few) == 5
    assert few[0] == every[0] and few[-1] == every[-1] and set(few) <= set(every)
