"""Playing many bot games, reproducibly, in one process or spread over several.

Game ``i`` of a run with seed ``S`` is dealt from ``derive_seed(S, i, "deal")`` and the bot in
seat ``s`` gets ``derive_seed(S, i, "seat", s)``. Nothing else feeds a game, so its result does
not depend on which process plays it or in what order: ``jobs=1`` and ``jobs=4`` give the same
results (bots with a time budget, like ``ismcts:seconds=…``, are the exception: how far they
search depends on the machine's speed).
"""

from __future__ import annotations

import itertools
import multiprocessing
import random
import signal
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import kartaros
from kartaros import calls
from kartaros.analysis import ray_runner
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


def run_seed(seed: int | None) -> int:
    """A run's seed: the one given (a whole number ≥ 0), or a fresh one to report."""
    if seed is None:
        return random.SystemRandom().getrandbits(63)
    if type(seed) is not int or seed < 0:
        raise ValueError(f"seed must be a whole number ≥ 0; got {seed!r}")
    return seed


def check_setup(game: str, players: int | None, variant: Mapping[str, Any] | None) -> tuple[int, dict[str, Any]]:
    """The number of players and the whole variant, once the game, count and options make a game.

    Raises ValueError (with the engine's message) if they do not.
    """
    if game not in kartaros.GAMES:
        raise ValueError(f"unknown game {game!r}; kartaros plays: {', '.join(sorted(kartaros.GAMES))}")
    state = kartaros.new_game(game, players=players, seed=0, variant=variant)
    return state.num_players, dict(state.variant)


class Interrupted(Exception):
    """A run stopped by Ctrl-C (``KeyboardInterrupt``) before its last game.

    ``games`` holds the games finished by then, in task order; :func:`kartaros.analysis.simulate`
    and :func:`kartaros.analysis.tournament` raise it again with ``result``, the numbers over
    those games, set.
    """

    def __init__(self, games: Sequence[GameResult], planned: int) -> None:
        super().__init__(f"interrupted after {len(games)} of {planned} games")
        self.games = tuple(games)
        self.planned = planned
        self.result: Any = None  # the partial SimulationResult or TournamentResult, once built


# The run a worker process plays games of, set once when the worker starts (so each game's
# task is only its index and seats).
_worker_setup: _Setup | None = None


def _start_worker(setup: _Setup) -> None:
    global _worker_setup
    # Ctrl-C belongs to the parent: it stops the run and ends the workers itself. A worker that
    # took the signal too would print a traceback and go on to its next game.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _worker_setup = setup


def _play_batch(batch: list[tuple[int, tuple[int, ...]]]) -> tuple[list[GameResult], float]:
    """The games of ``batch`` and the seconds they took (which only size the next batches)."""
    assert _worker_setup is not None
    start = time.perf_counter()
    results = [play_game(_worker_setup, *task) for task in batch]
    return results, time.perf_counter() - start


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
    ray: str | None = None,
) -> list[GameResult]:
    """Play every ``(index, seats)`` task; the results in task order, whatever ``jobs`` is.

    ``ray``, a Ray cluster's address (``"auto"``, ``"HOST:6379"``, ``"ray://HOST:10001"``), plays
    the games on that cluster instead, in the same batches, with the same results; ``jobs`` must
    then be 1 (the cluster's CPUs set how many games run at once).

    Ctrl-C stops the run at once, with any ``jobs``: the games under way are abandoned (the
    worker processes are ended, the Ray tasks cancelled) and :class:`Interrupted` is raised with
    the games finished.
    """
    if type(jobs) is not int or jobs < 1:
        raise ValueError(f"jobs must be a whole number ≥ 1; got {jobs!r}")
    if ray is not None:
        ray = ray_runner.check_address(ray)
        if jobs != 1:
            raise ValueError(
                "jobs and ray exclude each other: on Ray the cluster's CPUs set how many games run at once"
            )
        ray_runner.require_ray()
    setup = _Setup(game, players, seed, dict(variant) if variant else None, tuple(specs))
    done: list[GameResult] = []
    try:
        if ray is not None:
            sizes = _BatchSizes()

            def next_size(games: int, seconds: float) -> int:
                sizes.observe(games, seconds)
                return sizes.next()

            ray_runner.play_on_ray(setup, tasks, ray, done, progress, _QUEUED, next_size)
        elif jobs == 1 or len(tasks) <= 1:
            for index, seats in tasks:
                done.append(play_game(setup, index, seats))
                if progress is not None:
                    progress(1)
        else:
            _play_in_processes(setup, tasks, jobs, done, progress)
    except KeyboardInterrupt:
        order = {index: k for k, (index, _) in enumerate(tasks)}
        raise Interrupted(sorted(done, key=lambda r: order[r.index]), len(tasks)) from None
    order = {index: k for k, (index, _) in enumerate(tasks)}
    return sorted(done, key=lambda r: order[r.index])


_QUEUED = 4  # games queued per worker beyond the one it plays
_LOOK_SECONDS = 0.05  # how often a run in processes looks whether Ctrl-C was pressed

SCRIPT_GUARD = (
    "the worker processes of a run with jobs > 1 could not start, or one ended unexpectedly. A script "
    "that calls simulate or tournament with jobs > 1 must do so under 'if __name__ == \"__main__\":', "
    "since each worker imports the script again (see docs/analysis.md)"
)


def _play_in_processes(
    setup: _Setup,
    tasks: Sequence[tuple[int, tuple[int, ...]]],
    jobs: int,
    done: list[GameResult],
    progress: Progress | None,
) -> None:
    """Play ``tasks`` in ``jobs`` processes, appending each game to ``done`` as it finishes."""
    # "spawn": fresh workers that share no threads or locks with this process (a progress bar
    # draws from a thread); each imports kartaros once. A task is a batch of about a tenth of a
    # second of games (_BatchSizes), sent back as soon as it ends, so an interrupted run keeps
    # nearly every finished game and progress moves smoothly. The executor, unlike
    # multiprocessing.Pool, notices a worker that dies (one that failed to import the caller's
    # script, say) instead of starting another forever.
    context = multiprocessing.get_context("spawn")
    workers = min(jobs, len(tasks))
    pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_start_worker, initargs=(setup,))
    waiting = iter(tasks[workers:])
    sizes = _BatchSizes()
    # Ctrl-C only noted while the executor is in use, and acted on between waits: raised where
    # it falls, inside ``submit`` or ``wait``, it could leave one of the executor's locks held,
    # and its manager thread, which the interpreter joins on exit, would wait for that lock
    # forever (the run printed its result, then never ended).
    with ctrl_c_noted() as ctrl_c:
        try:
            # The workers start with the first submissions; started while Ctrl-C is ignored, they
            # ignore it from their first instruction on (Python keeps an inherited SIG_IGN).
            with sigint_ignored():
                running = {pool.submit(_play_batch, [task]) for task in tasks[:workers]}
            # A few batches queued per worker, more as batches finish: no worker waits for work,
            # and a run of a million games neither builds a million futures before its first
            # result nor has them to cancel.
            for _ in range(_QUEUED * workers):
                running |= _submit(pool, waiting, 1)
            while running:
                finished, running = wait(running, timeout=_LOOK_SECONDS, return_when=FIRST_COMPLETED)
                if ctrl_c.is_set():
                    raise KeyboardInterrupt
                for future in finished:
                    results, seconds = future.result()
                    sizes.observe(len(results), seconds)
                    done.extend(results)
                    if progress is not None:
                        progress(len(results))
                    running |= _submit(pool, waiting, sizes.next())
        except BrokenProcessPool:
            _stop(pool)
            raise RuntimeError(SCRIPT_GUARD) from None
        except BaseException:  # a failing game or Ctrl-C: end the games under way, do not wait for them
            _stop(pool)
            raise
    pool.shutdown()


def _submit(
    pool: ProcessPoolExecutor, waiting: Iterator[tuple[int, tuple[int, ...]]], size: int
) -> set[Future[tuple[list[GameResult], float]]]:
    """The next ``size`` games as one task (none if no game is left)."""
    batch = list(itertools.islice(waiting, size))
    return {pool.submit(_play_batch, batch)} if batch else set()


class _BatchSizes:
    """How many games a task holds: about ``BATCH_SECONDS`` of play, one game at the least.

    A game of a search takes seconds and goes alone; a game between random bots takes a
    millisecond, and a task of one would spend more on the way to the worker and back than
    on the game. Small batches keep what Ctrl-C costs small: the games of the batches under
    way, a fraction of a second, are not counted.
    """

    BATCH_SECONDS = 0.1
    MAX_GAMES = 1000

    def __init__(self) -> None:
        self.per_game: float | None = None

    def observe(self, games: int, seconds: float) -> None:
        if games:
            latest = seconds / games
            self.per_game = latest if self.per_game is None else 0.8 * self.per_game + 0.2 * latest

    def next(self) -> int:
        if not self.per_game:
            return 1
        return max(1, min(self.MAX_GAMES, int(self.BATCH_SECONDS / self.per_game)))


def _stop(pool: ProcessPoolExecutor) -> None:
    """Cancel the games not started and end the workers at once, Ctrl-C ignored meanwhile."""
    with sigint_ignored():  # a second Ctrl-C must not break off the clean-up
        terminate = getattr(pool, "terminate_workers", None)  # Python 3.14 on
        if terminate is not None:
            terminate()
            return
        # Before 3.14 the executor can only wait for the games under way (minutes, for a
        # search); its processes, taken before shutdown forgets them, are ended here instead.
        processes = list((pool._processes or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()
        for process in processes:
            process.join()


@contextmanager
def ctrl_c_noted() -> Iterator[threading.Event]:
    """Ctrl-C sets the event instead of raising ``KeyboardInterrupt`` for the block (in the main
    thread, unless Ctrl-C is ignored already; elsewhere no signal handler can be set, and the
    event is never set)."""
    pressed = threading.Event()
    if threading.current_thread() is not threading.main_thread():
        yield pressed
        return
    previous = signal.getsignal(signal.SIGINT)
    if previous is signal.SIG_IGN:
        yield pressed
        return
    signal.signal(signal.SIGINT, lambda _signum, _frame: pressed.set())
    try:
        yield pressed
    finally:
        signal.signal(signal.SIGINT, previous)


@contextmanager
def sigint_ignored() -> Iterator[None]:
    """Ctrl-C ignored for the block (in the main thread; elsewhere no signal handler can be set)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
