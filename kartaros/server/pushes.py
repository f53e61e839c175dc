"""What a table tells its watchers, and how it reaches them without a slow client holding anyone up.

A table never waits on a socket. Telling a watcher puts the message in the watcher's own outbox
and returns at once; each socket has a sender of its own that empties the outbox.

A table's view carries the seat's whole observation, whose ``events`` are the game's history as
the seat saw it: pushed whole after every move, a long game would send its history again each
time (its bytes grow with the square of its length). So a watcher remembers the events its client
holds (those of the views already in its outbox), and a view it is told goes out with only the
events since, ``events_from`` saying where they start; the rest of the view is whole (it is small).
A view goes out with all its events (``events_from`` 0) when the client has none yet, when it asks
(``full``), when its seat or language changed, and whenever what it holds is no longer the
beginning of the seat's history (a new deal that starts it again): a client never has to guess.

A newer view waiting to be sent replaces the older one still waiting, cut from what the client
held before that one (so the events of both go out together, or all of them): a client that reads
slowly gets fewer views, never a growing queue and never a gap in its history. A client that does
not read at all is dropped: when one send takes longer than the send timeout, or when more than
``MAX_PENDING`` messages wait for it.
"""

from __future__ import annotations

import asyncio
from collections import deque
from dataclasses import dataclass, field
from typing import Any

MAX_PENDING = 32  # messages waiting for one client (views coalesce, so this counts mostly replies)
SEND_SECONDS = 10.0  # the longest one message may take to reach a client before it is dropped

Message = dict[str, Any]
Events = list[Any]


@dataclass
class _Held:
    """The events a client holds once the views sent to it so far are read, and for whom they were
    cut (the seat and the language: a view for another is sent whole, to be safe)."""

    events: Events
    seat: int | None
    lang: str


@dataclass(eq=False)
class Watcher:
    """One socket at a table: its seat (None: a spectator), its language, and its outbox."""

    seat: int | None
    lang: str = "en"  # the language of the words in the views it is told
    max_pending: int = MAX_PENDING
    closed: bool = False  # dropped: nothing more is sent to it
    _outbox: deque[tuple[bool, Message]] = field(default_factory=deque)  # (is a view, message)
    _ready: asyncio.Event = field(default_factory=asyncio.Event)
    # the events the client holds once its outbox is sent (None: none yet), and, while a view waits
    # last in the outbox, what it held before that view (None: that view goes out whole)
    _held: _Held | None = None
    _before_last: _Held | None = None

    def view(self, view: Message, full: bool = False) -> None:
        """A new view for it, cut to the events its client does not hold yet (``full``: all of
        them); one not yet sent, last in the outbox, is replaced by this one (cut from what the
        client held before it)."""
        replacing = bool(self._outbox) and self._outbox[-1][0]
        before = self._before_last if replacing else self._held
        events = _events(view)
        if events is None:  # not a table's view (the lobby's list): whole, as it comes
            message, before, held = view, None, None
        else:
            now = _Held(events, self.seat, self.lang)
            since = 0 if full or before is None else _since(before, now)
            message, held = _cut(view, events, since), now
            before = None if since == 0 else before
        if replacing:
            self._outbox[-1] = (True, message)
        else:
            self._put((True, message))
        if not self.closed:
            self._before_last, self._held = before, held

    @property
    def waiting(self) -> int:
        """How many messages wait in its outbox (views coalesce: at most one view waits last)."""
        return len(self._outbox)

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


def _events(view: Message) -> Events | None:
    """The events of a table's view (its observation's), None for a message that has none."""
    observation = view.get("view")
    if not isinstance(observation, dict):
        return None
    events = observation.get("events")
    return events if isinstance(events, list) else None


def _since(held: _Held, now: _Held) -> int:
    """How many of ``now``'s events the client holds already: all it holds, where they begin the
    history it is to have now, for the same seat in the same language; else none."""
    count = len(held.events)
    if held.seat != now.seat or held.lang != now.lang or count > len(now.events):
        return 0
    # compared in full (a dict's == is quick): a history that began again and has grown as long
    # since must not pass for the old one's continuation
    return count if now.events[:count] == held.events else 0


def _cut(view: Message, events: Events, since: int) -> Message:
    """``view`` with only its events from ``since`` on, and ``events_from`` saying so."""
    return {**view, "events_from": since, "view": {**view["view"], "events": events[since:]}}
