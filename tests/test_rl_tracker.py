"""kartaros.rl.Tracker: the tensors it builds step by step, reusing what cannot have changed,
equal a fresh ``encode(state.observation(player))`` every time (docs/rl.md)."""

from __future__ import annotations

import random
from array import array

import pytest

import kartaros
from kartaros import rl

# Every game and player count; variants that add pieces (Tač's miss windows, the blind match hand).
CONFIGS = [
    ("kec", 2, {}),
    ("nesalomljiv", 2, {}),
    ("nesalomljiv", 2, {"match_hand": "blind", "weapons_first": True}),
    *[("tac", n, {"calls": "open"}) for n in range(2, 9)],
    ("tac", 4, {"central_first": True}),
    ("puck", 2, {}),
    ("puck", 3, {}),
    ("puck", 4, {"end": "last-standing"}),
]
GAMES = 6
LIMIT = 250  # actions per game; every game is also looked at once it is over


def check(encoder: rl.Encoder, trackers: list[rl.Tracker], state: kartaros.GameState, player: int) -> None:
    fresh = encoder.encode(state.observation(player))
    for tracker in trackers:
        got = tracker.observe(state, player)
        assert got == array(tracker.typecode, fresh), (state.game, len(state.actions), player)


@pytest.mark.parametrize(("game", "players", "variant"), CONFIGS)
@pytest.mark.parametrize("recall", [False, True])
def test_tracker_equals_a_fresh_encode_at_every_step(game: str, players: int, variant: dict, recall: bool) -> None:
    """Each step some players look (the mover always), so a player's last look may be many steps
    old; a short history makes the recall rows slide out."""
    encoder = rl.encoder(game, players, variant, recall=recall, history=6 if recall else None)
    trackers = [encoder.tracker(), encoder.tracker("f")]
    chooser = random.Random(f"{game}{players}{recall}")
    for seed in range(GAMES):
        state = kartaros.new_game(game, players=players, seed=seed, variant=variant)
        for _ in range(LIMIT):
            for player in chooser.sample(range(players), players):
                if player == state.current_player or chooser.random() < 0.4:
                    check(encoder, trackers, state, player)
            if state.is_over:
                break
            state.apply(chooser.choice(state.legal_actions()))
        for player in range(players):
            check(encoder, trackers, state, player)


@pytest.mark.parametrize(("game", "players"), [("kec", 2), ("nesalomljiv", 2), ("tac", 3), ("puck", 3)])
def test_tracker_follows_other_states_and_ignores_changes_to_its_results(game: str, players: int) -> None:
    """Another state (a determinized world, a clone, a new game) between two looks at the real
    one, the default history, and results changed by their reader: still a fresh encode."""
    encoders = [rl.encoder(game, players), rl.encoder(game, players, recall=True)]
    chooser = random.Random(3)
    state = kartaros.new_game(game, players=players, seed=5)
    for step in range(120):
        if state.is_over:
            break
        player = state.current_player
        assert player is not None
        for encoder in encoders:
            tracker = encoder.tracker("f")
            for other in (state, state.determinize(player, step), state, state.clone(),
                          kartaros.new_game(game, players=players, seed=step), state):
                check(encoder, [tracker], other, player)
                tracker.observe(other, player)[:] = array("f", [0.5]) * encoder.size
        state.apply(chooser.choice(state.legal_actions()))


@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_tac_tensors_turn_to_every_other_seat(players: int) -> None:
    """Tač's tensors are turned to another seat's view (``_reseat``), which the Tracker does when
    the viewer changes: the result is the fresh tensor of the same observation for that seat."""
    encoder = rl.encoder("tac", players, {"calls": "open"})
    assert encoder.reseats
    chooser = random.Random(players)
    for seed in range(2):  # whole games: misses to call (T11) on the way, players out (T10) at the end
        state = kartaros.new_game("tac", players=players, seed=seed, variant={"calls": "open"})
        while True:
            seat = chooser.randrange(players)
            obs = state.observation(seat)
            for player in range(players):
                if player != seat:
                    for typecode in ("d", "f"):
                        out = array(typecode, encoder.encode(obs))
                        encoder._reseat(obs, out, seat, player)
                        assert out == array(typecode, encoder.encode({**obs, "player": player}))
            if state.is_over:
                break
            state.apply(chooser.choice(state.legal_actions()))


def test_tracker_reads_only_its_game() -> None:
    tracker = rl.encoder("tac", 3).tracker()
    with pytest.raises(ValueError, match="tac observations"):
        tracker.observe(kartaros.new_game("puck", players=3, seed=1), 0)
    with pytest.raises(ValueError, match="3-player observations"):
        tracker.observe(kartaros.new_game("tac", players=4, seed=1), 0)


def test_a_tracker_refuses_a_typecode_that_is_not_a_float() -> None:
    with pytest.raises(ValueError, match="typecode"):
        rl.encoder("kec").tracker("i")  # type: ignore[arg-type]
