"""kartaros against other card-game engines, in one run, as ratios of CPU time.

    python benchmarks/peers.py [--quick] [--rounds N] [--chunk SECONDS] [--iterations N]

Four measures, each on every kartaros game and player count and on the peers that offer it:

- **random play**: the same loop everywhere (legal actions → a random one → apply, new games
  as the old ones end), time per decision. OpenSpiel's C++ Hearts, Bridge (the play of the
  cards, not a double-dummy result) and Gin Rummy through ``pyspiel``, and RLCard's Uno and
  Gin Rummy when ``rlcard`` is installed. OpenSpiel deals through explicit chance steps: they
  are sampled in the loop and count in its time, not as decisions.
- **clone**: time per copy of mid-game states.
- **determinize**: time per re-dealt world (``determinize``; OpenSpiel's
  ``resample_from_infostate``, which Hearts and Bridge implement).
- **ISMCTS**: moves played per second inside search (tree and rollouts) by kartaros's ISMCTS
  with random rollouts, and by OpenSpiel's C++ ``ISMCTSBot`` (and its Python one, Hearts only)
  with a random-rollout evaluator. OpenSpiel does not count its moves: each simulation plays
  the game from the root to its end, so its rate is simulations/s times the mean number of
  decisions from the root to the end (measured by random play from the root).

The cases run interleaved (round after round, each for about ``--chunk`` seconds of CPU
time), so that a busy machine slows them alike. Ratios are to OpenSpiel's C++ Hearts (time per
unit: below 1 is faster; ISMCTS: moves/s, above 1 is faster), or to the first case without
``pyspiel``. Missing peers are reported as skipped.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import kartaros
from kartaros.bots import make
from kartaros.bots.ismcts import search_actions
from kartaros.state import GameState

try:
    import pyspiel
except ImportError:  # the rl extra is not installed
    pyspiel = None

try:
    import rlcard
except ImportError:
    rlcard = None

# A step function does ``n`` units of work (decisions, copies, worlds, searches) and returns
# how many units it did (for searches: the moves they played).
Step = Callable[[int], int]

OPENSPIEL_GAMES = {
    "hearts": "hearts",
    "bridge": "bridge(use_double_dummy_result=false)",
    "gin rummy": "gin_rummy",
}
REFERENCE = "openspiel hearts 4p"


@dataclass
class Case:
    label: str
    step: Step
    units: int = 0  # done so far
    seconds: float = 0.0  # CPU time spent on them
    per_chunk: int = 1


def kartaros_seatings() -> list[tuple[str, int]]:
    return [
        (name, players)
        for name, info in kartaros.GAMES.items()
        for players in range(info.min_players, info.max_players + 1)
    ]


# ---- random play ------------------------------------------------------------------------


def kartaros_play(game: str, players: int) -> Step:
    chooser = random.Random(1)
    seeds = iter(range(10**9))
    state = kartaros.new_game(game, players=players, seed=next(seeds))

    def step(n: int) -> int:
        nonlocal state
        s = state
        for _ in range(n):
            if s.is_over:
                s = kartaros.new_game(game, players=players, seed=next(seeds))
            actions = s.legal_actions()
            s.apply(actions[chooser.randrange(len(actions))])
        state = s
        return n

    return step


def _openspiel_chance(state: Any, chooser: random.Random) -> None:
    outcomes = state.chance_outcomes()
    if outcomes[0][1] == outcomes[-1][1]:  # uniform (every deal): an index, as cheap as it gets
        state.apply_action(outcomes[chooser.randrange(len(outcomes))][0])
    else:
        actions, weights = zip(*outcomes, strict=True)
        state.apply_action(chooser.choices(actions, weights)[0])


def openspiel_play(spec: str) -> Step:
    game = pyspiel.load_game(spec)
    chooser = random.Random(1)
    state = game.new_initial_state()

    def step(n: int) -> int:
        nonlocal state
        s = state
        done = 0
        while done < n:
            if s.is_terminal():
                s = game.new_initial_state()
            elif s.is_chance_node():
                _openspiel_chance(s, chooser)
            else:
                actions = s.legal_actions()
                s.apply_action(actions[chooser.randrange(len(actions))])
                done += 1
        state = s
        return done

    return step


def rlcard_play(name: str) -> Step:
    env = rlcard.make(name, config={"seed": 1})
    chooser = random.Random(1)
    observation, _ = env.reset()

    def step(n: int) -> int:
        nonlocal observation
        for _ in range(n):
            if env.is_over():
                observation, _ = env.reset()
            actions = list(observation["legal_actions"])
            observation, _ = env.step(actions[chooser.randrange(len(actions))])
        return n

    return step


# ---- positions for clone, determinize and search -------------------------------------------


def kartaros_positions(game: str, players: int, count: int) -> list[GameState]:
    """Mid-game states with a real choice, from seeded random games."""
    chooser = random.Random(5)
    positions: list[GameState] = []
    seed = 0
    while len(positions) < count:
        state = kartaros.new_game(game, players=players, seed=seed)
        seed += 1
        for _ in range(chooser.randrange(5, 40)):
            if state.is_over:
                break
            state.apply(chooser.choice(state.legal_actions()))
        if not state.is_over:
            positions.append(state)
    return positions


def openspiel_positions(spec: str, count: int) -> list[Any]:
    game = pyspiel.load_game(spec)
    chooser = random.Random(5)
    positions: list[Any] = []
    while len(positions) < count:
        state = game.new_initial_state()
        decisions = chooser.randrange(5, 40)
        while not state.is_terminal() and decisions:
            if state.is_chance_node():
                _openspiel_chance(state, chooser)
            else:
                state.apply_action(chooser.choice(state.legal_actions()))
                decisions -= 1
        if not state.is_terminal() and not state.is_chance_node():
            positions.append(state)
    return positions


def cycling(positions: Sequence[Any], work: Callable[[Any, int], object]) -> Step:
    """A step that does ``work`` on the positions in turn."""
    count = len(positions)

    def step(n: int) -> int:
        for i in range(n):
            work(positions[i % count], i)
        return n

    return step


def kartaros_determinize(positions: Sequence[GameState]) -> Step:
    return cycling(positions, lambda s, i: s.determinize(s.current_player, i))


def openspiel_determinize(positions: Sequence[Any]) -> Step:
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    return cycling(positions, lambda s, i: s.resample_from_infostate(s.current_player(), sampler))


# ---- ISMCTS ------------------------------------------------------------------------------------


def kartaros_search_root(game: str, players: int) -> GameState:
    """The first position with a real choice (as ``benchmarks/search_speed.py`` takes)."""
    state = kartaros.new_game(game, players=players, seed=99)
    chooser = random.Random(3)
    while len(search_actions(state)) < 2:
        state.apply(chooser.choice(state.legal_actions()))
    return state


def kartaros_ismcts(game: str, players: int, iterations: int) -> Step:
    state = kartaros_search_root(game, players)
    seeds = iter(range(10**9))

    def step(n: int) -> int:
        moves = 0
        for _ in range(n):
            bot = make("ismcts", seed=next(seeds), iterations=iterations)
            bot.choose(state)
            moves += bot.stats()["rollout_moves"]
        return moves

    return step


def openspiel_search_root(game: Any) -> tuple[Any, float]:
    """The first decision with two or more moves after the deal, and the mean number of
    decisions random play makes from there to the end (what one simulation plays)."""
    chooser = random.Random(3)
    state = game.new_initial_state()
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        if state.is_chance_node():
            _openspiel_chance(state, chooser)
        else:
            state.apply_action(state.legal_actions()[0])
    lengths = []
    for _ in range(50):
        s = state.clone()
        decisions = 0
        while not s.is_terminal():
            if s.is_chance_node():
                _openspiel_chance(s, chooser)
            else:
                s.apply_action(chooser.choice(s.legal_actions()))
                decisions += 1
        lengths.append(decisions)
    return state, sum(lengths) / len(lengths)


def openspiel_ismcts(spec: str, iterations: int, python: bool = False) -> Step:
    game = pyspiel.load_game(spec)
    state, length = openspiel_search_root(game)
    seeds = iter(range(10**9))
    player = state.current_player()

    def new_bot(seed: int) -> Any:
        if python:
            import numpy as np
            from open_spiel.python.algorithms import ismcts, mcts

            evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
            return ismcts.ISMCTSBot(game, evaluator, 1.4, iterations, random_state=np.random.RandomState(seed))
        evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
        policy = pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT
        return pyspiel.ISMCTSBot(seed, evaluator, 1.4, iterations, -1, policy, False, False)

    def step(n: int) -> int:
        for _ in range(n):
            new_bot(next(seeds)).step(state)
        return round(n * iterations * length)

    assert player >= 0
    return step


# ---- the run -----------------------------------------------------------------------------------


def calibrate(case: Case, chunk: float) -> None:
    """Units per chunk, from a warm-up (which also fills the caches a process keeps)."""
    n = 1
    while True:
        start = time.process_time()
        case.step(n)
        elapsed = time.process_time() - start
        if elapsed >= chunk / 4 or n >= 1 << 20:
            case.per_chunk = max(1, round(n * chunk / max(elapsed, 1e-9)))
            return
        n *= 4


def measure(cases: list[Case], rounds: int, chunk: float) -> None:
    for case in cases:
        calibrate(case, chunk)
    for _ in range(rounds):
        for case in cases:
            start = time.process_time()
            case.units += case.step(case.per_chunk)
            case.seconds += time.process_time() - start


def report(title: str, cases: list[Case], unit: str, *, rate: bool = False) -> None:
    """One table: time per unit (or units per second, ``rate``) and the ratio to the reference."""
    print(f"\n{title}")
    ref = next((c for c in cases if c.label == REFERENCE), cases[0])

    def value(c: Case) -> float:
        return c.units / c.seconds if rate else 1e6 * c.seconds / c.units

    head = f"{unit}/s" if rate else f"µs per {unit}"
    print(f"  {'engine and game':<28} {head:>16} {'× ' + ref.label:>28}")
    for c in cases:
        shown = f"{value(c):,.0f}" if rate else f"{value(c):.2f}"
        print(f"  {c.label:<28} {shown:>16} {value(c) / value(ref):>28.2f}")


def run(rounds: int, chunk: float, iterations: int, positions: int) -> None:
    seatings = kartaros_seatings()
    peers = pyspiel is not None
    if not peers:
        print("skipped: OpenSpiel (pyspiel is not installed; it comes with the rl extra)")
    if rlcard is None:
        print("skipped: RLCard (rlcard is not installed)")

    play = [Case(f"kartaros {g} {p}p", kartaros_play(g, p)) for g, p in seatings]
    if peers:
        play += [Case(f"openspiel {name} {'2p' if 'gin' in name else '4p'}", openspiel_play(spec))
                 for name, spec in OPENSPIEL_GAMES.items()]
    if rlcard is not None:
        play += [Case(f"rlcard {name}", rlcard_play(name)) for name in ("uno", "gin-rummy")]
    measure(play, rounds, chunk)
    report("random play (legal actions → random choice → apply)", play, "decision")

    states = {(g, p): kartaros_positions(g, p, positions) for g, p in seatings}
    spiel = {name: openspiel_positions(spec, positions) for name, spec in OPENSPIEL_GAMES.items()} if peers else {}
    clones = [Case(f"kartaros {g} {p}p", cycling(states[g, p], lambda s, i: s.clone())) for g, p in seatings]
    clones += [Case(f"openspiel {name} {'2p' if 'gin' in name else '4p'}", cycling(ps, lambda s, i: s.clone()))
               for name, ps in spiel.items()]
    measure(clones, rounds, chunk)
    report("clone (mid-game states)", clones, "clone")

    worlds = [Case(f"kartaros {g} {p}p", kartaros_determinize(states[g, p])) for g, p in seatings]
    worlds += [Case(f"openspiel {name} 4p", openspiel_determinize(spiel[name]))
               for name in ("hearts", "bridge") if name in spiel]
    measure(worlds, rounds, chunk)
    report("determinize (resample_from_infostate)", worlds, "world")

    searches = [Case(f"kartaros {g} {p}p", kartaros_ismcts(g, p, iterations)) for g, p in seatings]
    if peers:
        searches += [Case(f"openspiel {name} 4p", openspiel_ismcts(OPENSPIEL_GAMES[name], iterations))
                     for name in ("hearts", "bridge")]
        searches.append(Case("openspiel python hearts 4p", openspiel_ismcts("hearts", max(5, iterations // 10), True)))
    measure(searches, rounds, chunk * 2)
    report(f"ISMCTS, random rollouts, {iterations} iterations a search", searches, "move", rate=True)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="a short run: 2 rounds of 0.05 s, small searches")
    parser.add_argument("--rounds", type=int, default=None, help="interleaved rounds (default 5; quick 2)")
    parser.add_argument("--chunk", type=float, default=None, help="CPU seconds per case and round (0.3; quick 0.05)")
    parser.add_argument("--iterations", type=int, default=None, help="ISMCTS iterations a search (300; quick 50)")
    args = parser.parse_args(argv)
    rounds = args.rounds or (2 if args.quick else 5)
    chunk = args.chunk or (0.05 if args.quick else 0.3)
    iterations = args.iterations or (50 if args.quick else 300)
    print(f"kartaros against its peers: {rounds} interleaved rounds of {chunk} s CPU time per case")
    run(rounds, chunk, iterations, positions=20 if args.quick else 100)


if __name__ == "__main__":
    main()
