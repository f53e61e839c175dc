"""Telling the other server processes that a table changed, so that their watchers hear of it.

Several ``kartaros serve`` processes (``--workers K``, or several behind a proxy) share their
tables through one PostgreSQL database; each keeps the tables it serves in memory. After each
change it stores (a move, a table's event, a seat taken), a process says so here: "table X is
at version v". The others, where the table is in their memory, catch it up from the database
and tell their own watchers; one that has never seen it loads it only when it is an open table
(the lobby lists it).

Who is connected travels the same way: each process says which seats of a table have a socket
open on it (``Presence``) whenever that changes, and again every ``PRESENCE_SECONDS`` while any
has, so that a person whose socket is on another process is not counted as gone from his table;
what a process stopped repeating (it died) expires after ``PRESENCE_EXPIRES``. And a chat
message written through one process is told (``Said``), so the others' readers get it too.

One process alone needs nobody told: ``Local`` says nothing. ``RedisFanout`` says it over Redis
pub/sub, on one channel per server (its prefix, so that servers sharing one Redis stay apart).
A message is a hint, never the truth: a process that receives it reads the table from the
database, so a lost, late or repeated message costs a push at worst, never a wrong table.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

log = logging.getLogger(__name__)

CONNECT_SECONDS = 5.0  # how long reaching Redis may take before the server says it cannot
RETRY_SECONDS = 1.0  # between tries at listening again after Redis went away
OUTBOX_MOST = 10_000  # messages waiting to be published at most (the oldest go first)
BATCH_MOST = 200  # messages published in one pipeline at most


@dataclass(frozen=True)
class Change:
    """A table changed in another process: its id, its version there (``LiveTable.version``),
    and whether it is an open table (the lobby lists it, wherever it is loaded)."""

    table: str
    version: tuple[int, ...]
    open: bool


PRESENCE_SECONDS = 20.0  # how often a process repeats the presence it holds (server clock)
PRESENCE_EXPIRES = 3 * PRESENCE_SECONDS  # a presence not repeated for this long is gone (its process died)


@dataclass(frozen=True)
class Presence:
    """Which seats of a table have a socket open on another process (``origin``): all False once
    its last one there closed."""

    table: str
    seats: tuple[bool, ...]
    origin: str


@dataclass(frozen=True)
class Said:
    """A table's chat has ``said`` messages now (one was written through another process)."""

    table: str
    said: int


Message = Change | Presence | Said
Listener = Callable[[Message], None]  # must not wait: the next message is read after it returns


class Local:
    """One process: every watcher is here, nobody else needs telling."""

    shared = False  # no other process writes these tables

    async def start(self, listener: Listener) -> None:
        """Nothing to listen to."""

    def publish(self, change: Change) -> None:
        """Nobody to tell."""

    def present(self, table: str, seats: tuple[bool, ...]) -> None:
        """Nobody to tell."""

    def chat_said(self, table: str, said: int) -> None:
        """Nobody to tell."""

    async def close(self) -> None:
        """Nothing to close."""


class RedisUnreachable(Exception):
    """Redis cannot be reached at the URL given: the sentence says where and why."""


def check_redis(url: str, timeout: float = CONNECT_SECONDS) -> None:
    """``RedisUnreachable`` unless a Redis answers at ``url``: a server asked to share its tables
    says so before it serves, not at the first move."""
    import redis

    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=timeout, socket_timeout=timeout)
    except ValueError as err:  # not a redis:// URL
        raise RedisUnreachable(f"{url!r} is not a Redis URL ({err})") from None
    try:
        client.ping()
    except redis.RedisError as err:
        raise RedisUnreachable(f"no Redis answers at {url!r}: {err}") from None
    finally:
        client.close()


class RedisFanout:
    """Several processes: each change is published on ``{prefix}:tables``; the changes the other
    processes publish reach ``listener``. Publishing never waits: a change is sent beside the
    table's work, and one Redis drops is only a push that does not come (the database has it)."""

    shared = True  # other processes write these tables too: check the database before acting

    def __init__(self, url: str, prefix: str = "kartaros") -> None:
        self.url = url
        self.channel = f"{prefix}:tables"
        self.origin = secrets.token_hex(8)  # this process: its own messages are not for it
        self._client: Any = None
        self._listening: asyncio.Task[None] | None = None
        # what is to be published, in order, sent by one task over one connection: a burst of
        # changes (a busy second, every presence repeated at once) is one pipeline, not a
        # connection per message out of a pool that runs dry
        self._outbox: deque[str] = deque(maxlen=OUTBOX_MOST)
        self._waiting = asyncio.Event()
        self._sender: asyncio.Task[None] | None = None

    async def start(self, listener: Listener) -> None:
        """Connect (``RedisUnreachable`` if Redis does not answer) and listen beside the requests."""
        import redis.asyncio as aioredis
        from redis import RedisError

        self._client = aioredis.Redis.from_url(self.url, socket_connect_timeout=CONNECT_SECONDS)
        try:
            await self._client.ping()
        except RedisError as err:
            await self._client.aclose()
            raise RedisUnreachable(f"no Redis answers at {self.url!r}: {err}") from None
        subscribed = asyncio.Event()
        self._waiting = asyncio.Event()  # (of the loop that serves)
        self._sender = asyncio.get_running_loop().create_task(self._send_all())
        self._listening = asyncio.get_running_loop().create_task(self._listen(listener, subscribed))
        # the first change another process makes once this one serves must reach it
        await asyncio.wait_for(subscribed.wait(), CONNECT_SECONDS)

    async def _listen(self, listener: Listener, subscribed: asyncio.Event) -> None:
        from redis import RedisError

        while True:
            try:
                async with self._client.pubsub() as pubsub:
                    await pubsub.subscribe(self.channel)
                    subscribed.set()
                    async for message in pubsub.listen():
                        change = self._read(message)
                        if change is not None:
                            try:
                                listener(change)
                            except Exception:  # one table's trouble must not stop the others' pushes
                                log.exception("table %s: a change from another process failed", change.table)
            except RedisError as err:
                log.warning("lost Redis (%s); listening again in %s s", type(err).__name__, RETRY_SECONDS)
                await asyncio.sleep(RETRY_SECONDS)

    def _read(self, message: dict[str, Any]) -> Message | None:
        """A published change, presence or chat message from another process; None for anything
        else (our own, a subscription's)."""
        if message.get("type") != "message":
            return None
        try:
            data = json.loads(message["data"])
            if data["from"] == self.origin:
                return None
            if "said" in data:
                return Said(str(data["table"]), int(data["said"]))
            if "seats" in data:
                return Presence(str(data["table"]), tuple(bool(seat) for seat in data["seats"]), str(data["from"]))
            return Change(str(data["table"]), tuple(int(n) for n in data["version"]), bool(data["open"]))
        except (ValueError, KeyError, TypeError):
            log.warning("a message on %s that is not a table's change, presence or chat", self.channel)
            return None

    def publish(self, change: Change) -> None:
        if self._client is None:
            return
        self._publish({"from": self.origin, "table": change.table, "version": list(change.version),
                       "open": change.open})

    def present(self, table: str, seats: tuple[bool, ...]) -> None:
        """Tell the others which seats of ``table`` have a socket open on this process."""
        if self._client is None:
            return
        self._publish({"from": self.origin, "table": table, "seats": list(seats)})

    def chat_said(self, table: str, said: int) -> None:
        """Tell the others that ``table``'s chat has ``said`` messages now."""
        if self._client is None:
            return
        self._publish({"from": self.origin, "table": table, "said": said})

    def _publish(self, message: dict[str, object]) -> None:
        """Into the outbox (never waits); if Redis fell so far behind that it is full, the oldest
        message goes: a message is only a hint to look, the database has the change."""
        self._outbox.append(json.dumps(message))
        self._waiting.set()

    async def _send_all(self) -> None:
        """Publish what the outbox holds, up to ``BATCH_MOST`` messages a pipeline, until closed."""
        from redis import RedisError

        while True:
            await self._waiting.wait()
            self._waiting.clear()
            while self._outbox:
                batch = [self._outbox.popleft() for _ in range(min(BATCH_MOST, len(self._outbox)))]
                try:
                    async with self._client.pipeline(transaction=False) as pipe:
                        for text in batch:
                            pipe.publish(self.channel, text)
                        await pipe.execute()
                except RedisError as err:
                    log.warning("%d changes or presences could not be published (%s)", len(batch),
                                type(err).__name__)

    async def close(self) -> None:
        if self._listening is not None:
            self._listening.cancel()
            await asyncio.gather(self._listening, return_exceptions=True)
        if self._sender is not None:
            for _ in range(50):  # what is left is sent first, for a moment at most
                if not self._outbox:
                    break
                await asyncio.sleep(0.02)
            self._sender.cancel()
            await asyncio.gather(self._sender, return_exceptions=True)
            self._sender = None
        if self._client is not None:
            await self._client.aclose()
            self._client = None


Fanout = Local | RedisFanout


def shared_fanout(db_url: str, redis_url: str | None, prefix: str = "kartaros") -> Fanout:
    """How a server over ``db_url`` tells other processes: over Redis where ``redis_url`` is given
    (``ValueError`` unless the database is PostgreSQL: an SQLite file is one process's), else not."""
    if redis_url is None:
        return Local()
    if not db_url.startswith("postgresql"):
        raise ValueError("several server processes share their tables through PostgreSQL: "
                         "give --db postgresql://user@host/db (an SQLite file is served by one process)")
    return RedisFanout(redis_url, prefix)
