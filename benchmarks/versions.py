"""Two versions of kartaros on the same work, alternately, as ratios of CPU time.

    git worktree add ../kartaros-before <commit>
    python benchmarks/versions.py ../kartaros-before [--rounds 5] [--games kec,puck]

Each round runs a fresh process per version (the order alternating from round to round),
importing kartaros from that version's source tree. Each process warms up (the same work on
other seeds, so that the caches a process keeps fill as in a long-running one), then times
it in CPU time, repeated on fresh seeds for at least ``--least`` seconds: seeded random
games through the public API (legal actions → random choice → apply), seeded playouts
(``state.playout``), worlds (``determinize``) at seeded positions 5 to 150 moves into a
game, and ISMCTS searches of fixed iterations. With the same seeds both versions play the
same games and searches (``tests/test_identity.py`` proves it), so the ratio of their times
is the speed-up: above 1, this tree is faster.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
CASES = [
    ("kec", 2), ("nesalomljiv", 2), ("tac", 2), ("tac", 4), ("tac", 8), ("puck", 2), ("puck", 3), ("puck", 4),
]
MEASURES = ("random play", "playout", "determinize", "ISMCTS")


def work(game: str, players: int, least: float) -> dict[str, float]:
    """The CPU seconds of each measure's fixed work (run in the version's own process),
    repeated for at least ``least`` seconds."""
    import kartaros
    from kartaros.bots import make
    from kartaros.bots.ismcts import search_actions

    count = 200 if game == "kec" else 300

    def random_play(first: int) -> None:
        chooser = random.Random(first)
        for seed in range(first, first + count):
            state = kartaros.new_game(game, players=players, seed=seed)
            while not state.is_over:
                actions = state.legal_actions()
                state.apply(actions[chooser.randrange(len(actions))])

    def playout(first: int) -> None:
        for seed in range(first, first + count):
            kartaros.new_game(game, players=players, seed=seed).playout(random.Random(seed))

    positions = []
    chooser = random.Random(5)
    for seed in range(30):
        state = kartaros.new_game(game, players=players, seed=seed)
        for _ in range(chooser.randrange(5, 150)):
            if not state.is_over:
                state.apply(chooser.choice(state.legal_actions()))
        if not state.is_over:
            positions.append(state)

    def determinize(first: int) -> None:
        for i in range(first, first + 3000):
            state = positions[i % len(positions)]
            state.determinize(state.current_player, i)

    root = kartaros.new_game(game, players=players, seed=99)
    chooser = random.Random(3)
    while len(search_actions(root)) < 2:
        root.apply(chooser.choice(root.legal_actions()))

    def ismcts(first: int) -> None:
        for seed in range(first, first + 3):
            make("ismcts", seed=seed, iterations=300).choose(root)

    seconds = {}
    for name, run in zip(MEASURES, (random_play, playout, determinize, ismcts), strict=True):
        run(10**6)  # the warm-up, on other seeds: the caches a process keeps fill up
        start = time.process_time()
        repeats = 0
        while True:  # more of the same work, on fresh seeds, until it is long enough to time
            run(repeats * 10_000)  # (the same seeds again would be all cache hits)
            repeats += 1
            if time.process_time() - start >= least:
                break
        seconds[name] = (time.process_time() - start) / repeats
    return seconds


def in_tree(script: str, tree: Path, cases: list[tuple[str, int]], least: float) -> dict[str, dict[str, float]]:
    """One process of ``script`` (this benchmark or a companion) importing kartaros from ``tree``:
    the CPU seconds per case and measure its ``--worker`` prints."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    run = subprocess.run(
        [sys.executable, script, "--worker", json.dumps(cases), "--least", str(least)],
        env=env, capture_output=True, text=True, check=True, cwd=tree,
    )
    answer: dict[str, dict[str, float]] = json.loads(run.stdout)
    return answer


Work = Callable[[list[tuple[str, int]], float], dict[str, dict[str, float]]]  # cases, least -> seconds


def compare(script: str, description: str, cases: list[tuple[str, int]], measures: Sequence[str], work: Work, *,
            rounds: int, width: int, unit: str, scale: float) -> None:
    """The command line both benchmarks share: ``base`` and the rounds compared, or (``--worker``,
    in the processes it starts) one version's ``work``."""
    parser = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("base", nargs="?", help="the source tree of the version to compare with")
    parser.add_argument("--rounds", type=int, default=rounds)
    parser.add_argument("--games", default=None, help="comma-separated games (default: all cases)")
    parser.add_argument("--least", type=float, default=0.5, help="CPU seconds per measure and round (0.5)")
    parser.add_argument("--worker", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker is not None:
        print(json.dumps(work([(g, p) for g, p in json.loads(args.worker)], args.least)))
        return
    if args.base is None:
        parser.error("the base version's source tree is required")
    chosen = cases if args.games is None else [c for c in cases if c[0] in args.games.split(",")]

    def measure(tree: Path, some: list[tuple[str, int]], least: float) -> dict[str, dict[str, float]]:
        return in_tree(script, tree, some, least)

    totals = alternate(Path(args.base), args.rounds, chosen, args.least, measure, measures)
    print_ratios(totals, args.rounds, measures, width=width, unit=unit, scale=scale)


Totals = dict[str, dict[str, dict[str, float]]]  # version ("base", "this") → case → measure → CPU s


def alternate(
    base: Path, rounds: int, cases: list[tuple[str, int]], least: float,
    measure: Callable[[Path, list[tuple[str, int]], float], dict[str, dict[str, float]]], measures: Sequence[str],
) -> Totals:
    """Each version's CPU seconds, summed over ``rounds`` rounds; each round runs ``measure`` for
    both source trees, each in a fresh process, the order alternating so that neither always
    meets the machine warmer or busier."""
    trees = {"base": base.resolve(), "this": HERE}
    totals: Totals = {"base": {}, "this": {}}
    for r in range(rounds):
        for version in ("base", "this") if r % 2 == 0 else ("this", "base"):
            for case, seconds in measure(trees[version], cases, least).items():
                into = totals[version].setdefault(case, dict.fromkeys(measures, 0.0))
                for name, s in seconds.items():
                    into[name] += s
    return totals


def print_ratios(totals: Totals, rounds: int, measures: Sequence[str], *, width: int, unit: str, scale: float) -> None:
    """The speed-up of this tree over the base per case and measure, and this tree's time of one
    round (times ``scale``, in ``unit``)."""
    print(f"speed-up of this tree over the base ({rounds} rounds; above 1: faster)")
    print(f"  {'case':<16}" + "".join(f"{m:>{width}}" for m in measures) + f"   ({unit})")
    for case in totals["this"]:
        ratios = [totals["base"][case][m] / totals["this"][case][m] for m in measures]
        spent = " ".join(f"{scale * totals['this'][case][m] / rounds:.3f}" for m in measures)
        print(f"  {case:<16}" + "".join(f"{x:>{width}.2f}" for x in ratios) + f"   ({spent})")


def main() -> None:
    def every(cases: list[tuple[str, int]], least: float) -> dict[str, dict[str, float]]:
        return {f"{g} {p}": work(g, p, least) for g, p in cases}

    compare(str(Path(__file__).resolve()), __doc__ or "", CASES, MEASURES, every,
            rounds=5, width=14, unit="CPU s of one run of this tree", scale=1.0)


if __name__ == "__main__":
    main()
