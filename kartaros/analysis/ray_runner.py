"""Playing a run's games on a Ray cluster: the same batches as the local processes, so the same
results by seed (each game depends only on its index and the run's seed, see ``runner``).

Ray is optional (``pip install 'kartaros[ray]'``): it is imported only when a run asks for it.
Every machine of the cluster plays games, so kartaros (the same version) must be importable on
each of them; docs/analysis.md says how.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kartaros.analysis.runner import GameResult, Progress, _Setup

Task = tuple[int, tuple[int, ...]]

MISSING = (
    "running games on Ray needs the ray package, which is not installed here: "
    "pip install 'kartaros[ray]' (on this machine and on every machine of the cluster)"
)


def require_ray() -> ModuleType:
    """The ``ray`` module; RuntimeError with :data:`MISSING` when it is not installed."""
    try:
        import ray
    except ImportError:
        raise RuntimeError(MISSING) from None
    return ray


def check_address(address: object) -> str:
    """``address`` if it can name a Ray cluster (``auto``, ``HOST:PORT``, ``ray://HOST:PORT``)."""
    if not isinstance(address, str) or not address.strip():
        raise ValueError(
            f"ray must be a cluster's address like 'auto', 'HOST:6379' or 'ray://HOST:10001'; got {address!r}"
        )
    return address.strip()


@contextmanager
def connected(address: str) -> Iterator[tuple[ModuleType, bool]]:
    """Ray connected to the cluster at ``address`` for the block, and whether the connection is
    the block's own. A process already connected (a script that called ``ray.init`` itself)
    keeps its connection, whatever ``address`` says; a connection made here is closed at the
    end, which ends the tasks it started."""
    ray = require_ray()
    if ray.is_initialized():
        yield ray, False
        return
    try:
        ray.init(address=address, log_to_driver=False, logging_level="error", configure_logging=False)
    except (ConnectionError, ValueError, RuntimeError) as err:
        raise RuntimeError(f"cannot connect to the Ray cluster at {address!r}: {err}") from None
    try:
        yield ray, True
    finally:
        ray.shutdown()


def _play_batch(setup: _Setup, batch: list[Task]) -> tuple[list[GameResult], float]:
    """The games of ``batch`` and the seconds they took, on a worker of the cluster (which
    imports this module, so kartaros must be installed there)."""
    from kartaros.analysis.runner import play_game

    start = time.perf_counter()
    results = [play_game(setup, *task) for task in batch]
    return results, time.perf_counter() - start


def play_on_ray(
    setup: _Setup,
    tasks: Sequence[Task],
    address: str,
    done: list[GameResult],
    progress: Progress | None,
    queued: int,
    next_size: Callable[[int, float], int],
) -> None:
    """Play ``tasks`` as Ray tasks, appending each game to ``done`` as its batch comes back.

    As with local processes, a few batches per CPU of the cluster are in flight and more are
    sent as they finish; ``next_size(games, seconds)`` takes each finished batch's time and gives
    the size of the next. Ctrl-C (or a failing game) cancels every batch under way at once.
    """
    with connected(address) as (ray, owned):
        # A game that fails fails the run, as locally: no retry elsewhere.
        play_batch: Any = ray.remote(num_cpus=1, max_retries=0)(_play_batch)
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        shared = ray.put(setup)  # sent to the cluster once, not with every batch
        waiting = iter(tasks)
        running: list[Any] = []

        def submit(size: int) -> None:
            batch = list(itertools.islice(waiting, size))
            if batch:
                running.append(play_batch.remote(shared, batch))

        try:
            for _ in range(cpus):
                submit(1)
            for _ in range(queued * cpus):
                submit(1)
            while running:
                # A short timeout, so Ctrl-C (handled between Python's instructions) is seen at once.
                finished, running[:] = ray.wait(running, num_returns=1, timeout=0.2)
                for ref in finished:
                    results, seconds = ray.get(ref)
                    done.extend(results)
                    if progress is not None:
                        progress(len(results))
                    submit(next_size(len(results), seconds))
        except BaseException:
            # On a connection of its own the run just disconnects (connected()), which ends
            # its batches with it: cancelling them first can abort this process in Ray (2.60)
            # when a batch finishes while being cancelled. On the caller's connection the
            # batches under way are cancelled (not force=True, which hits that race more).
            if not owned:
                for ref in running:
                    ray.cancel(ref)
            raise
