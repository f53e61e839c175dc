"""Random-play throughput through the public API: moves/s, µs per move, games/s.

    python benchmarks/random_play.py [GAME] [--games N] [--seed S] [--players K]

Each move is ``legal_actions()`` then ``apply()`` of a random one, as a rollout would do.
"""

from __future__ import annotations

import argparse
import random
import time

import kartaros


def run(game: str, games: int, seed: int, players: int | None) -> None:
    chooser = random.Random(seed)
    moves = 0
    start = time.perf_counter()
    for g in range(games):
        state = kartaros.new_game(game, players=players, seed=seed + g)
        while not state.is_over:
            actions = state.legal_actions()
            state.apply(actions[chooser.randrange(len(actions))])
            moves += 1
    elapsed = time.perf_counter() - start
    seats = state.num_players
    print(f"{game} ({seats} players): {games} games, {moves} moves in {elapsed:.2f} s")
    print(f"  {moves / elapsed:,.0f} moves/s, {1e6 * elapsed / moves:.2f} µs per move, {games / elapsed:,.1f} games/s")
    print(f"  mean {moves / games:.1f} moves per game")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game", nargs="?", default="all", help="a game name, or 'all'")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=None, help="default: each game's fewest")
    args = parser.parse_args()
    for game in list(kartaros.GAMES) if args.game == "all" else [args.game]:
        run(game, args.games, args.seed, args.players)


if __name__ == "__main__":
    main()
