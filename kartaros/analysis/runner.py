"""Playing many bot games, reproducibly, in one process or spread over several.

Game ``i`` of a run with seed ``S`` is dealt from ``derive_seed(S, i, "deal")`` and the bot in
seat ``s`` gets ``derive_seed(S, i, "seat", s)``. Nothing else feeds a game, so its result does
not depend on which process plays it or in what order: ``jobs=1`` and ``jobs=4`` give the same
results (bots with a time budget, like ``ismcts:seconds=…``, are the exception: how far they
search depends on the machine's speed).
"""

from __future__ import annotations

import math
import multiprocessing
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any

import kartaros
from kartaros import calls
from kartaros.analysis.bots import BotSpec
from kartaros.analysis.stats import derive_seed
from kartaros.bots import Bot
from kartaros.state import GameState

Progress = Callable[[int], None]  # called with the number of games just finished


@dataclass(frozen=True)
class GameResult:
    """One finished game: which bot (an index into the run's bots) sat in each seat, and how it went."""

    index: int
    seats: tuple[int, ...]
    returns: tuple[float, ...]
    moves: int
    reason: str


@dataclass(frozen=True)
class _Setup:
    game: str
    players: int
    seed: int
    variant: Mapping[str, Any] | None
    specs: tuple[BotSpec, ...]


def play_game(setup: _Setup, index: int, seats: tuple[int, ...]) -> GameResult:
    """Play game ``index`` with bot ``seats[s]`` in seat ``s`` to its end."""
    state = kartaros.new_game(
        setup.game, players=setup.players, seed=derive_seed(setup.seed, index, "deal"), variant=setup.variant
    )
    bots = [setup.specs[b].make(derive_seed(setup.seed, index, "seat", s)) for s, b in enumerate(seats)]
    play_out(state, bots)
    outcome = state.outcome()
    assert outcome is not None
    return GameResult(index, seats, tuple(float(r) for r in outcome.returns), len(state.actions), outcome.reason)


def play_out(state: GameState, bots: Sequence[Bot], window_seconds: float = calls.CALL_SECONDS) -> None:
    """Play ``state`` to its end, bot ``bots[s]`` in seat ``s``. Where the game races for calls
    (Tač's open-call mode, T11-T12), a call window is a race as at a table: every seat that may
    call and whose bot has a ``reaction`` calls after it, the first within ``window_seconds``
    wins (``kartaros.calls``); the engine's turn order does not decide who calls."""
    racing = calls.races(state)
    by_seat = dict(enumerate(bots))
    while not state.is_over:
        if racing and calls.is_open(state):
            calls.play_race(state, by_seat, window_seconds)
            continue
        player = state.current_player
        assert player is not None
        state.apply(bots[player].choose(state))


def _play_chunk(setup: _Setup, tasks: list[tuple[int, tuple[int, ...]]]) -> list[GameResult]:
    return [play_game(setup, index, seats) for index, seats in tasks]


def check_setup(game: str, players: int | None, variant: Mapping[str, Any] | None) -> tuple[int, dict[str, Any]]:
    """The number of players and the whole variant, once the game, count and options make a game.

    Raises ValueError (with the engine's message) if they do not.
    """
    if game not in kartaros.GAMES:
        raise ValueError(f"unknown game {game!r}; kartaros plays: {', '.join(sorted(kartaros.GAMES))}")
    state = kartaros.new_game(game, players=players, seed=0, variant=variant)
    return state.num_players, dict(state.variant)


def run_games(
    game: str,
    specs: Sequence[BotSpec],
    tasks: Sequence[tuple[int, tuple[int, ...]]],
    *,
    players: int,
    seed: int,
    variant: Mapping[str, Any] | None = None,
    jobs: int = 1,
    progress: Progress | None = None,
) -> list[GameResult]:
    """Play every ``(index, seats)`` task; the results in task order, whatever ``jobs`` is."""
    if type(jobs) is not int or jobs < 1:
        raise ValueError(f"jobs must be a whole number ≥ 1; got {jobs!r}")
    setup = _Setup(game, players, seed, dict(variant) if variant else None, tuple(specs))
    if jobs == 1 or len(tasks) <= 1:
        results = []
        for index, seats in tasks:
            results.append(play_game(setup, index, seats))
            if progress is not None:
                progress(1)
        return results
    # Chunks small enough for a smooth progress bar and an even load, large enough to be cheap.
    size = max(1, math.ceil(len(tasks) / (jobs * 8)))
    chunks = [list(tasks[i : i + size]) for i in range(0, len(tasks), size)]
    done: list[GameResult] = []
    # "spawn": fresh workers that share no threads or locks with this process (a progress bar
    # draws from a thread); each imports kartaros once.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=min(jobs, len(chunks)), mp_context=context) as pool:
        futures = [pool.submit(_play_chunk, setup, chunk) for chunk in chunks]
        try:
            for future in as_completed(futures):
                part = future.result()
                done.extend(part)
                if progress is not None:
                    progress(len(part))
        except BaseException:  # a failing game or Ctrl-C: do not wait for the chunks not started
            for future in futures:
                future.cancel()
            raise
    order = {index: k for k, (index, _) in enumerate(tasks)}
    return sorted(done, key=lambda r: order[r.index])
