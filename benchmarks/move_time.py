"""How long a bot thinks: seconds per decision with a real choice, over whole games.

    python3 benchmarks/move_time.py GAME BOT [--players K] [--games 6] [--seed 1]

BOT is a spec as ``kartaros simulate`` reads it (``pimc:worlds=60,horizon=8``). It plays
seat 0 against the heuristic in every other seat; each of its decisions with more than one
honest move is timed (wall clock, so run it on an idle machine). Prints the decisions timed
and the mean, median and longest time, which is what a person waits at the table.
"""

from __future__ import annotations

import argparse
import statistics
import time

import kartaros
from kartaros.analysis.bots import parse_bots
from kartaros.bots import make
from kartaros.bots.ismcts import search_actions


def move_times(game: str, spec: str, players: int | None, games: int, seed: int) -> list[float]:
    (bot_spec,) = parse_bots(spec)
    times: list[float] = []
    for g in range(games):
        state = kartaros.new_game(game, players=players, seed=seed * 1_000_003 + g)
        bots = [bot_spec.make(seed + g)] + [make("greedy", seed=seed + g + p) for p in range(1, state.num_players)]
        while not state.is_over:
            player = state.current_player
            assert player is not None
            if player == 0 and len(search_actions(state)) > 1:
                start = time.perf_counter()
                action = bots[0].choose(state)
                times.append(time.perf_counter() - start)
            else:
                action = bots[player].choose(state)
            state.apply(action)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", choices=sorted(kartaros.GAMES))
    parser.add_argument("bot", help="a bot spec, e.g. pimc:worlds=60,horizon=8")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    times = move_times(args.game, args.bot, args.players, args.games, args.seed)
    if not times:
        print("no decision with a real choice came up")
        return
    print(
        f"{args.game} {args.bot}: {len(times)} decisions over {args.games} games; seconds per decision: "
        f"mean {statistics.fmean(times):.3f}, median {statistics.median(times):.3f}, longest {max(times):.3f}"
    )


if __name__ == "__main__":
    main()
