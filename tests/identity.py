"""Digests of what the engine does from fixed seeds: records of random games, playouts,
determinized worlds and search choices. A speed-up must leave every one of them unchanged
(``tests/test_identity.py`` holds the values), so faster code is proved to play the same game
and make the same choices.

    python -m tests.identity   # prints the digests, to paste into tests/test_identity.py
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import kartaros
from kartaros.bots import make
from kartaros.bots.ismcts import search_actions
from kartaros.state import GameState

CASES: list[tuple[str, int]] = [
    ("kec", 2), ("nesalomljiv", 2), ("tac", 2), ("tac", 3), ("tac", 4), ("tac", 8),
    ("puck", 2), ("puck", 3), ("puck", 4),
]
GAMES = 200  # random games per case
PLAYOUTS = 100  # playouts from fresh deals per case
WORLDS = 60  # determinized worlds per case, from positions along random games
SEARCHES = 3  # seeded ISMCTS choices per case
ITERATIONS = 150


def _digest(items: list[Any]) -> str:
    text = json.dumps(items, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _random_game(game: str, players: int, seed: int) -> GameState:
    state = kartaros.new_game(game, players=players, seed=seed)
    chooser = random.Random(seed)
    while not state.is_over:
        actions = state.legal_actions()
        state.apply(actions[chooser.randrange(len(actions))])
    return state


def records(game: str, players: int) -> str:
    """Every record of ``GAMES`` seeded random games, hashed."""
    return _digest([_random_game(game, players, seed).record() for seed in range(GAMES)])


def playouts(game: str, players: int) -> str:
    """Seeded playouts (the search fast path) from fresh deals: moves, returns, final zones,
    and the forced steps ``until_choice`` plays first."""
    out: list[Any] = []
    for seed in range(PLAYOUTS):
        state = kartaros.new_game(game, players=players, seed=seed)
        forced = state.clone().playout(random.Random(seed), until_choice=True)
        moves = state.playout(random.Random(seed))
        out.append([forced, moves, state.returns(), state.zones()])
    return _digest(out)


def worlds(game: str, players: int) -> str:
    """Determinized worlds along seeded random games: their zones, legal actions, every
    seat's observation, and a seeded playout from each."""
    out: list[Any] = []
    chooser = random.Random(7)
    seed = 0
    while len(out) < WORLDS:
        state = kartaros.new_game(game, players=players, seed=1000 + seed)
        seed += 1
        step = 0
        while not state.is_over and len(out) < WORLDS:
            if step % 7 == 3:
                player = state.current_player
                assert player is not None
                world = state.determinize(player, chooser.getrandbits(64))
                # Every seat's view: the others' histories are rewritten for their new cards.
                views = [world.observation(seat) for seat in range(players)]
                row: list[Any] = [world.zones(), world.legal_actions(), views]
                world.playout(random.Random(step))
                out.append([*row, world.returns()])
            actions = state.legal_actions()
            state.apply(actions[chooser.randrange(len(actions))])
            step += 1
    return _digest(out)


def searches(game: str, players: int) -> str:
    """Seeded ISMCTS choices (random and greedy rollouts) and their root visits, at the first
    positions with a real choice in a few seeded games."""
    out: list[Any] = []
    for seed in range(SEARCHES):
        state = kartaros.new_game(game, players=players, seed=500 + seed)
        chooser = random.Random(seed)
        for _ in range(3 * seed):  # a little way into the game
            if state.is_over:
                break
            state.apply(chooser.choice(state.legal_actions()))
        while not state.is_over and len(search_actions(state)) < 2:
            state.apply(chooser.choice(state.legal_actions()))
        if state.is_over:
            continue
        for params in ({}, {"prior": "greedy", "horizon": 20}):
            bot = make("ismcts", seed=seed, iterations=ITERATIONS, **params)
            choice = bot.choose(state)
            stats = bot.stats()
            out.append([choice, stats["visits"], stats["rollout_moves"]])
    return _digest(out)


KINDS = {"records": records, "playouts": playouts, "worlds": worlds, "searches": searches}


def all_digests() -> dict[str, dict[str, str]]:
    return {f"{game} {players}": {kind: f(game, players) for kind, f in KINDS.items()} for game, players in CASES}


if __name__ == "__main__":
    for case, digests in all_digests().items():
        print(f"    {case!r}: {{")
        for kind, value in digests.items():
            print(f"        {kind!r}: {value!r},")
        print("    },")
