"""Random play through the PettingZoo environment against the raw engine: µs per step.

    python benchmarks/rl_env.py [GAME] [--games N] [--seed S] [--players K] [--recall]

Needs the ``rl`` extras. Each environment loop plays uniformly random legal ids, the usual
PettingZoo agent loop; then the raw engine replays exactly the same games (``legal_actions()``
then ``apply()``, plus a random draw as a random player makes), so both sides do the same moves:

- ``raw``: the engine alone, on the games of the ``env`` loop;
- ``env``: ``last(observe=False)`` and ``step(id)`` of a random id of ``env.legal_table()``: the
  environment's own cost over the engine (ids, bookkeeping, PettingZoo's agent loop);
- ``env+mask``: the same, the int8 action mask built every step (``env.action_mask()``);
- ``env+obs``: ``last()`` building the observation tensor and the mask every step (with
  ``--recall``, the perfect-recall tensor).

Times are the process's CPU time (``time.process_time``), the best of ``--repeat`` runs (the
environment and the engine alternate), so that other work on a shared machine counts little.
"""

from __future__ import annotations

import argparse
import random
import time

import kartaros
from kartaros.envs.pettingzoo import KartarosAEC, raw_env


def through_env(
    mode: str, game: str, players: int, games: int, seed: int, recall: bool = False
) -> tuple[int, float, list[list[str]]]:
    """Steps, seconds and the games played (their actions) through the environment."""
    chooser = random.Random(seed)
    e: KartarosAEC = raw_env(game, players=players, recall=recall)
    played = []
    steps = 0
    start = time.process_time()
    for g in range(games):
        e.reset(seed=seed + g)
        for _ in e.agent_iter():
            if mode == "obs":
                obs, _, terminated, truncated, _ = e.last()
            else:
                _, _, terminated, truncated, _ = e.last(observe=False)
            if terminated or truncated:
                e.step(None)
                continue
            if mode == "obs":
                ids = obs["action_mask"].nonzero()[0].tolist()
            elif mode == "mask":
                ids = e.action_mask().nonzero()[0].tolist()
            else:
                ids = list(e.legal_table())
            e.step(ids[chooser.randrange(len(ids))])
            steps += 1
        played.append(e.kartaros_state)
    elapsed = time.process_time() - start
    return steps, elapsed, [state.actions for state in played]


def raw(game: str, players: int, seed: int, played: list[list[str]]) -> tuple[int, float]:
    """The same games by the engine alone: legal_actions(), a random draw, apply()."""
    chooser = random.Random(seed)
    steps = 0
    start = time.process_time()
    for g, actions in enumerate(played):
        state = kartaros.new_game(game, players=players, seed=seed + g)
        for action in actions:
            legal = state.legal_actions()
            chooser.randrange(len(legal))
            state.apply(action)
            steps += 1
    return steps, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", nargs="?", default="all", help="a game name, or 'all'")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=None, help="default: each game's fewest")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each loop; the best counts")
    parser.add_argument("--recall", action="store_true", help="the perfect-recall observation tensor")
    args = parser.parse_args()
    print(f"{'game':<16}{'loop':<10}{'steps':>9}{'µs/step':>10}{'raw µs/step':>13}{'over raw':>10}")
    for game in list(kartaros.GAMES) if args.game == "all" else [args.game]:
        players = args.players or kartaros.GAMES[game].min_players
        for mode, name in (("plain", "env"), ("mask", "env+mask"), ("obs", "env+obs")):
            elapsed = raw_elapsed = float("inf")
            for _ in range(args.repeat):  # alternate, so that a busy moment hits both sides alike
                steps, env_time, played = through_env(mode, game, players, args.games, args.seed, args.recall)
                raw_steps, raw_time = raw(game, players, args.seed, played)
                assert raw_steps == steps
                elapsed, raw_elapsed = min(elapsed, env_time), min(raw_elapsed, raw_time)
            per_step, base = 1e6 * elapsed / steps, 1e6 * raw_elapsed / steps
            label = f"{game} ({players})"
            print(f"{label:<16}{name:<10}{steps:>9}{per_step:>10.1f}{base:>13.1f}{per_step - base:>+10.1f}")


if __name__ == "__main__":
    main()
