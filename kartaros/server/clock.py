"""The server's clock: everything with time in it (call windows, bot reaction times, and later
move clocks) reads it, so tests run it by hand instead of sleeping.

Times are seconds since the epoch (wall time, not the event loop's), so a deadline stored in
the database means the same after a restart.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float:
        """Seconds since the epoch."""
        ...

    async def sleep_until(self, when: float) -> None:
        """Return once ``now() >= when`` (at once if it already is)."""
        ...


class SystemClock:
    """The real clock."""

    def now(self) -> float:
        return time.time()

    async def sleep_until(self, when: float) -> None:
        delay = when - time.time()
        if delay > 0:
            await asyncio.sleep(delay)


class FakeClock:
    """A clock that moves only when told (``advance``), for tests: whatever sleeps until a time
    now reached wakes up, in order of its time."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self._now = start
        self._sleepers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    def now(self) -> float:
        return self._now

    async def sleep_until(self, when: float) -> None:
        if when <= self._now:
            await asyncio.sleep(0)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (when, next(self._order), future))
        await future

    async def advance(self, seconds: float) -> None:
        """Move on by ``seconds``, waking each sleeper due on the way, in turn, and letting what
        it then does run before the next one wakes."""
        target = self._now + seconds
        while self._sleepers and self._sleepers[0][0] <= target:
            when, _, future = heapq.heappop(self._sleepers)
            self._now = max(self._now, when)
            if not future.done():
                future.set_result(None)
            await settle()
        self._now = target
        await settle()

    @property
    def sleeping(self) -> int:
        """How many sleepers wait for a time still to come."""
        return sum(1 for _, _, future in self._sleepers if not future.done())


async def settle(rounds: int = 50) -> None:
    """Let the event loop run what is ready (tasks woken, their follow-ups), a bounded number of
    rounds. Work sent to threads (``asyncio.to_thread``) needs real waiting: tests of a service
    that stores in threads await its own ``idle()`` instead."""
    for _ in range(rounds):
        await asyncio.sleep(0)
