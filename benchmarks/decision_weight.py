"""How much each kind of decision is worth: the heuristic against itself playing one kind at random.

    python3 benchmarks/decision_weight.py [--games 2000] [--seed 1] [GAME …]

For each game and each kind of decision (the observation's ``phase`` where a player has a real
choice), a "blunderer" plays the greedy heuristic everywhere except in that phase, where it
plays a uniformly random honest move; it meets the plain heuristic over ``--games`` games with
the seats alternating. Its score's shortfall from 0.5 is what the heuristic's choices of that
kind are worth against random ones. A search can only gain over the heuristic where the
heuristic's choice is not already the best, so a phase where even random play costs little
leaves little for any search to find.
"""

from __future__ import annotations

import argparse
import random

import kartaros
from kartaros.analysis.stats import wilson
from kartaros.bots import make
from kartaros.bots.ismcts import search_actions

CASES = {
    "kec": ("draw", "choose", "throw", "defend"),
    "nesalomljiv": ("choose", "place"),
    "puck": ("exchange",),
}


def blunderer_score(game: str, phase: str, games: int, seed: int) -> tuple[float, int]:
    """The blunderer's total score and the games played."""
    score = 0.0
    for g in range(games):
        state = kartaros.new_game(game, seed=seed * 1_000_003 + g)
        me = g % 2
        greedy = [make("greedy", seed=seed + 2 * g + p) for p in range(2)]
        chooser = random.Random(seed + g)
        while not state.is_over:
            player = state.current_player
            assert player is not None
            honest = search_actions(state)
            if player == me and len(honest) > 1 and state.observation(player)["phase"] == phase:
                state.apply(honest[chooser.randrange(len(honest))])
            else:
                state.apply(greedy[player].choose(state))
        score += state.returns()[me]
    return score, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games_to_run", nargs="*", metavar="GAME", help="default: kec, nesalomljiv, puck")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'game':<13}{'random in':<11}{'games':>7}{'score':>8}  95% interval")
    for game in args.games_to_run or list(CASES):
        for phase in CASES[game]:
            score, n = blunderer_score(game, phase, args.games, args.seed)
            low, high = wilson(score, n)
            print(f"{game:<13}{phase:<11}{n:>7}{score / n:>8.3f}  [{low:.3f}, {high:.3f}]")


if __name__ == "__main__":
    main()
