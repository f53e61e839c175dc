"""Moves of many tables stored together: one commit for all the moves waiting at that moment.

Each table stores its moves one at a time (under its lock), and a move is acknowledged only once
it is committed, so grouping changes nothing a player sees but the time: the moves that arrive
while a commit is under way wait for the next one, and go in it together. A server busy with
many tables then commits far less often than it moves (one transaction and one thread hop for
all of them), and one that is quiet commits each move at once, as before. Where a group cannot
be stored, each move is stored on its own (``Store.append_all``), so each gets its own answer.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from kartaros.server.store import Move, Store

MOST_AT_ONCE = 100  # moves in one transaction at the most (a commit stays short for the readers)


@dataclass(eq=False)
class _Waiting:
    move: Move
    done: asyncio.Future[None]


@dataclass(eq=False)
class Writes:
    """The store's writer of moves: ``await writes.append(move)`` returns once it is committed
    (raising ``StaleWrite`` or ``StorageError`` as ``Store.append`` would)."""

    store: Store
    most_at_once: int = MOST_AT_ONCE
    _waiting: list[_Waiting] = field(default_factory=list)
    _writer: asyncio.Task[None] | None = None

    async def append(self, move: Move) -> None:
        waiting = _Waiting(move, asyncio.get_running_loop().create_future())
        self._waiting.append(waiting)
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write())
        await waiting.done

    async def _write(self) -> None:
        while self._waiting:
            group, self._waiting = self._waiting[: self.most_at_once], self._waiting[self.most_at_once:]
            try:
                outcomes = await asyncio.to_thread(self.store.append_all, [w.move for w in group])
            except BaseException as err:  # cancelled with the server, or a failure of its own
                for waiting in group:
                    if waiting.done.done():
                        continue
                    if isinstance(err, Exception):
                        waiting.done.set_exception(err)
                    else:
                        waiting.done.cancel()
                raise
            for waiting, outcome in zip(group, outcomes, strict=True):
                if waiting.done.done():
                    continue  # its request went away meanwhile
                if outcome is None:
                    waiting.done.set_result(None)
                else:
                    waiting.done.set_exception(outcome)
