"""Where the server's bots think: worker processes, so that a bot searching hard never slows the
tables of people (a search in a thread of the serving interpreter holds its lock).

A bot's move goes to a worker as the state's record and the bot itself (pickled), and comes back
as the action and the bot after its choice, whose generator has moved on as it would have here:
a table's bots choose the same moves in a worker as in the server's own process. With no workers
(``workers=0``, the default of ``create_app`` for tests and embedding) a bot thinks in a thread.
A worker that dies is replaced, and the move is thought again in a thread, so a table never
waits on a lost worker.

A bot that does not search (the heuristic, a random mover: ``quick``) chooses in microseconds,
far less than sending a game's record to a worker and rebuilding the state there: it chooses in
the server's process at once, and only the searching bots go to the workers.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import kartaros
from kartaros.bots import Bot, LevelBot
from kartaros.bots.levels import level_setting
from kartaros.state import GameState

log = logging.getLogger(__name__)

MOST_WORKERS = 8
PARENT_CHECK_SECONDS = 1.0  # how often a worker looks whether the server is still there


def default_workers() -> int:
    """One worker per core but one (the serving process keeps a core), at least one."""
    return max(1, min(MOST_WORKERS, (os.cpu_count() or 2) - 1))


def _watch_parent(parent: int) -> None:
    """In a worker, from its start: end when the server is gone (killed, it cannot say so), so
    no worker outlives it."""
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


QUICK_BOTS = frozenset({"random", "greedy"})  # bots that choose without searching


def quick(bot: Bot, state: GameState) -> bool:
    """Whether ``bot`` chooses at ``state`` without a search (a level plays its game's setting)."""
    name = level_setting(bot.name, state.info)[0] if isinstance(bot, LevelBot) else bot.name
    return name in QUICK_BOTS


def _choose(bot: Bot, record: dict[str, Any]) -> tuple[str, Bot]:
    """In a worker: the bot's move in the position the record rebuilds, and the bot after it."""
    return bot.choose(kartaros.replay(record)), bot


class Thinking:
    """The bots' workers: ``choose`` a bot's move off the serving interpreter."""

    def __init__(self, workers: int = 0) -> None:
        if not 0 <= workers <= MOST_WORKERS:
            raise ValueError(f"bot workers: from 0 to {MOST_WORKERS}; got {workers}")
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawned, not forked: the server runs threads, which a fork would copy mid-step
            self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_watch_parent, initargs=(os.getpid(),))
        return self._pool

    async def choose(self, bot: Bot, state: GameState) -> tuple[str, Bot]:
        """The bot's move at ``state``, and the bot to keep for the seat's next move."""
        if quick(bot, state):
            return bot.choose(state), bot
        if not self.workers:
            return await asyncio.to_thread(bot.choose, state), bot
        record = state.record()
        try:
            return await asyncio.get_running_loop().run_in_executor(self._executor(), _choose, bot, record)
        except BrokenProcessPool:
            log.error("a bot worker died: the workers are started again, this move is thought here")
            self.close()
            return await asyncio.to_thread(bot.choose, state), bot

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
