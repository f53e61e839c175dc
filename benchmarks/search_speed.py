"""How fast search runs: playout moves per second, and ISMCTS iterations and moves per second.

    python3 benchmarks/search_speed.py [--seconds 2]

For each game and player count: random playouts from fresh deals (the engine's fast path,
``state.playout``), then ISMCTS searches (random rollouts) from the first position with a real
choice, reporting iterations/s and the moves its worlds played per second. A warm-up search of
``--seconds`` / 2 first fills the caches a game keeps for the whole process (Puck's hand values
and playout moves, as in a bot that has been playing for a while) and sets the iterations of
the timed searches; those are timed in CPU time, the fastest of three counts.
"""

from __future__ import annotations

import argparse
import random
import time

import kartaros
from kartaros.bots import make
from kartaros.bots.ismcts import search_actions

REPEAT = 3  # timed searches per case; the fastest counts (CPU time: other work counts little)
CASES = [
    ("kec", 2, None), ("nesalomljiv", 2, None), ("tac", 2, None), ("tac", 4, None),
    ("tac", 2, {"calls": "open"}), ("puck", 2, None), ("puck", 3, None), ("puck", 4, None),
]


def playout_rate(game: str, players: int, variant: dict[str, str] | None, games: int) -> float:
    chooser = random.Random(0)
    states = [kartaros.new_game(game, players=players, seed=i, variant=variant) for i in range(games)]
    start = time.perf_counter()
    moves = sum(state.playout(chooser) for state in states)
    return moves / (time.perf_counter() - start)


def search_rate(game: str, players: int, variant: dict[str, str] | None, seconds: float) -> tuple[float, float]:
    state = kartaros.new_game(game, players=players, seed=99, variant=variant)
    chooser = random.Random(3)
    while len(search_actions(state)) < 2:
        state.apply(chooser.choice(state.legal_actions()))
    warm = make("ismcts", seed=2, seconds=seconds / 2)  # fills the caches a game keeps per process
    warm.choose(state)
    iterations = max(1, warm.stats()["iterations"])  # about a second's worth at the default
    best = (0.0, 0.0)
    for repeat in range(REPEAT):
        bot = make("ismcts", seed=1 + repeat, iterations=iterations)
        start = time.process_time()
        bot.choose(state)
        elapsed = time.process_time() - start
        stats = bot.stats()
        best = max(best, (stats["iterations"] / elapsed, stats["rollout_moves"] / elapsed), key=lambda r: r[1])
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=2.0, help="ISMCTS budget per game (default 2)")
    args = parser.parse_args()
    print(f"{'game':<24} {'playout moves/s':>16} {'ISMCTS it/s':>12} {'ISMCTS moves/s':>15}")
    for game, players, variant in CASES:
        label = f"{game} {players}p" + (" open" if variant else "")
        playouts = playout_rate(game, players, variant, 40 if game == "kec" else 300)
        iterations, moves = search_rate(game, players, variant, args.seconds)
        print(f"{label:<24} {playouts:>16,.0f} {iterations:>12,.0f} {moves:>15,.0f}")


if __name__ == "__main__":
    main()
