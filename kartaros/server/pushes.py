"""What a table tells its watchers, and how it reaches them without a slow client holding anyone up.

A table never waits on a socket. Telling a watcher puts the message in the watcher's own outbox
and returns at once; each socket has a sender of its own that empties the outbox. Views are
whole (each carries everything the seat may know), so a newer view waiting to be sent replaces
the older one still waiting: a client that reads slowly gets fewer views, never a growing queue.
A client that does not read at all is dropped: when one send takes longer than the send
timeout, or when more than ``MAX_PENDING`` messages wait for it.
"""

from __future__ import annotations

import asyncio
from collections import deque
from dataclasses import dataclass, field
from typing import Any

MAX_PENDING = 32  # messages waiting for one client (views coalesce, so this counts mostly replies)
SEND_SECONDS = 10.0  # the longest one message may take to reach a client before it is dropped

Message = dict[str, Any]


@dataclass(eq=False)
class Watcher:
    """One socket at a table: its seat (None: a spectator), its language, and its outbox."""

    seat: int | None
    lang: str = "en"  # the language of the words in the views it is told
    max_pending: int = MAX_PENDING
    closed: bool = False  # dropped: nothing more is sent to it
    _outbox: deque[tuple[bool, Message]] = field(default_factory=deque)  # (is a view, message)
    _ready: asyncio.Event = field(default_factory=asyncio.Event)

    def view(self, view: Message) -> None:
        """A new view for it; one not yet sent, last in the outbox, is replaced by this one."""
        if self._outbox and self._outbox[-1][0]:
            self._outbox[-1] = (True, view)
        else:
            self._put((True, view))

    def reply(self, message: Message) -> None:
        """An answer to what this client asked (an error, an explanation), in order with its views."""
        self._put((False, message))

    def close(self) -> None:
        self.closed = True
        self._outbox.clear()
        self._ready.set()

    def _put(self, item: tuple[bool, Message]) -> None:
        if self.closed:
            return
        if len(self._outbox) >= self.max_pending:
            self.close()  # it does not read: drop it rather than hold its messages for ever
            return
        self._outbox.append(item)
        self._ready.set()

    async def next(self) -> Message | None:
        """The next message to send, once there is one; None once the watcher is closed."""
        while not self._outbox and not self.closed:
            self._ready.clear()
            await self._ready.wait()
        if self.closed:
            return None
        return self._outbox.popleft()[1]
