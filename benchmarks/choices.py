"""How many real choices a game offers: decisions with more than one honest legal move.

    python3 benchmarks/choices.py [--games 300] [--bot greedy]

For each game, player count and mode, plays ``--games`` games with every seat played by
``--bot`` and counts per game: actions, decisions with a real choice (deliberate misses not
counted as options), and rounds where the game has them. A game with few real choices
rewards little skill, whoever plays it.
"""

from __future__ import annotations

import argparse
import statistics

import kartaros
from kartaros.bots import make
from kartaros.state import GameState

CASES = [
    ("kec", 2, None), ("nesalomljiv", 2, None), ("tac", 2, None), ("tac", 4, None),
    ("tac", 2, {"calls": "open"}), ("tac", 4, {"calls": "open"}), ("puck", 2, None), ("puck", 4, None),
]


def is_miss(state: GameState, action: str) -> bool:
    miss = state.info.is_miss
    return miss is not None and miss(action)


def count(game: str, players: int, variant: dict[str, str] | None, games: int, bot: str) -> tuple[float, float]:
    actions, choices = [], []
    for seed in range(games):
        state = kartaros.new_game(game, players=players, seed=seed, variant=variant)
        bots = [make(bot, seed=seed * 10 + p) for p in range(players)]
        real = 0
        while not state.is_over:
            honest = [a for a in state.legal_actions() if not is_miss(state, a)]
            player = state.current_player
            assert player is not None
            real += len(honest) > 1
            state.apply(bots[player].choose(state))
        actions.append(len(state.actions))
        choices.append(real)
    return statistics.mean(actions), statistics.mean(choices)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--bot", default="greedy")
    args = parser.parse_args()
    print(f"{'game':<20} {'actions/game':>13} {'real choices/game':>18} {'per player':>11}")
    for game, players, variant in CASES:
        label = f"{game} {players}p" + (" open" if variant else "")
        actions, choices = count(game, players, variant, args.games, args.bot)
        print(f"{label:<20} {actions:>13.1f} {choices:>18.1f} {choices / players:>11.1f}")


if __name__ == "__main__":
    main()
