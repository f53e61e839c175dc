"""How the levels miss and call in a game with open calls: misses per obligatory placement,
reaction times, and the share of each level's misses that someone called.

    python3 benchmarks/calls.py GAME [--levels easy,medium,hard] [--players 3] [--games 200] [--seed 1] [--window 4.0]

GAME is a game with calls (``GameInfo.call_action``); it is played with its calls on (the
variant people play with, ``GameInfo.people_variant``). The levels (``easy``, ``medium`` and
``hard`` by default) sit at the table in turn, game ``g`` putting level ``(s + g) mod L`` of the
L listed in seat ``s``, and
every call window is a race as at a server's table (``kartaros.calls``), ``--window`` seconds
long. An obligatory placement is a decision where a miss is legal (T11: a card could be
placed). Intervals are 95% Wilson intervals.
"""

from __future__ import annotations

import argparse
import statistics
from dataclasses import dataclass, field

import kartaros
from kartaros import calls
from kartaros.analysis.stats import derive_seed, wilson
from kartaros.bots import LEVELS, for_level


@dataclass
class Tally:
    """What one level did over the games."""

    obligatory: int = 0  # decisions where a miss was legal
    misses: int = 0
    missed_and_called: int = 0  # its misses someone called
    asked: int = 0  # windows it could have called in
    reactions: list[float] = field(default_factory=list)  # when it noticed, in seconds
    calls: int = 0  # windows it won


def measure(
    game: str, names: list[str], players: int | None, games: int, seed: int, window: float
) -> dict[str, Tally]:
    info = kartaros.GAMES[game]
    if info.call_action is None or info.is_miss is None:
        raise SystemExit(f"{game} has no misses and calls")
    is_miss = info.is_miss
    variant = dict(info.people_variant)
    if not info.calls(variant):
        raise SystemExit(f"{game} is played without calls by people; nothing to measure")
    tallies = {name: Tally() for name in names}
    for g in range(games):
        state = kartaros.new_game(game, players=players, seed=derive_seed(seed, g, "deal"), variant=variant)
        levels = [names[(s + g) % len(names)] for s in range(state.num_players)]
        bots = {s: for_level(level, seed=derive_seed(seed, g, "seat", s)) for s, level in enumerate(levels)}
        offender = -1
        while not state.is_over:
            if calls.is_open(state):
                seats = calls.callers(state)
                times = calls.reactions(state, seats, bots)  # what the race asks, as the server does
                for s in seats:
                    tallies[levels[s]].asked += 1
                    if s in times:
                        tallies[levels[s]].reactions.append(times[s])
                caller = calls.race(state, times, window)
                if caller is not None:
                    tallies[levels[caller]].calls += 1
                    tallies[levels[offender]].missed_and_called += 1
                for action in calls.settle(state, caller):
                    state.apply(action)
                continue
            player = state.current_player
            assert player is not None
            legal = state.legal_actions()
            action = bots[player].choose(state)
            if any(is_miss(a) for a in legal) and not all(is_miss(a) for a in legal):
                tally = tallies[levels[player]]
                tally.obligatory += 1
                tally.misses += is_miss(action)
            offender = player
            state.apply(action)
    return tallies


def _rate(part: int, whole: int) -> str:
    if not whole:
        return "-"
    low, high = wilson(part, whole)
    return f"{part / whole:.3f} [{low:.3f}, {high:.3f}] ({part}/{whole})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", choices=sorted(g for g, i in kartaros.GAMES.items() if i.call_action is not None))
    parser.add_argument("--levels", default=",".join(LEVELS), help="the levels at the table, in turn")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--window", type=float, default=calls.CALL_SECONDS, help="seconds a call window stays open")
    args = parser.parse_args()
    names = list(dict.fromkeys(args.levels.split(",")))
    unknown = [name for name in names if name not in LEVELS]
    if unknown:
        raise SystemExit(f"no level {', '.join(unknown)}; the levels are {', '.join(LEVELS)}")
    tallies = measure(args.game, names, args.players, args.games, args.seed, args.window)
    print(f"{args.game}, {', '.join(names)}, {args.players} players, {args.games} games, seed {args.seed}, "
          f"window {args.window} s")
    print("| level | misses per obligatory placement | its misses called | noticed | reaction median (p10-p90) "
          "| called in time | windows won |")
    print("|---|---|---|---|---|---|---|")
    for name, t in tallies.items():
        times = sorted(t.reactions)
        if len(times) >= 2:
            deciles = statistics.quantiles(times, n=10)
            reaction = f"{statistics.median(times):.2f} s ({deciles[0]:.2f}-{deciles[-1]:.2f})"
        else:
            reaction = "-"
        in_time = sum(r < args.window for r in times)
        print(f"| {name} | {_rate(t.misses, t.obligatory)} | {_rate(t.missed_and_called, t.misses)} "
              f"| {_rate(len(times), t.asked)} | {reaction} | {_rate(in_time, t.asked)} | {t.calls} |")


if __name__ == "__main__":
    main()
