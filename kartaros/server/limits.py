"""How often someone may do a thing: token buckets on the server's clock.

Each key (a seat at a table, a client) has a bucket of ``burst`` tokens that refills at
``rate`` tokens a second; doing the thing takes one. A burst of ``burst`` goes through at
once, then one every ``1 / rate`` seconds. The buckets live in memory (a restart forgives),
and the ones full again are dropped, so the number kept stays bounded by the busy keys.

Where several server processes serve one site (``fanout``), a client's requests are spread
over them: ``SharedLimits`` keeps the clients' buckets in Redis instead, so that a client's
rate is counted once for all the processes, not once per process.
"""

from __future__ import annotations

import logging
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger(__name__)


@dataclass
class RateLimit:
    rate: float  # tokens a second
    burst: int  # tokens a full bucket holds
    most_keys: int = 10_000  # buckets kept at once; beyond it the full ones are dropped
    _buckets: dict[Hashable, tuple[float, float]] = field(default_factory=dict)  # key -> (tokens, when)

    def allow(self, key: Hashable, now: float) -> bool:
        """Whether ``key`` may do it now (and if so, it is counted)."""
        tokens, when = self._buckets.get(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + max(0.0, now - when) * self.rate)
        if tokens < 1.0:
            self._buckets[key] = (tokens, now)
            return False
        self._buckets[key] = (tokens - 1.0, now)
        if len(self._buckets) > self.most_keys:
            self._forget_full(now)
        return True

    def wait(self, key: Hashable, now: float) -> float:
        """Seconds until ``key`` may do it again (0: now)."""
        tokens, when = self._buckets.get(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + max(0.0, now - when) * self.rate)
        return 0.0 if tokens >= 1.0 else (1.0 - tokens) / self.rate

    def _forget_full(self, now: float) -> None:
        for key, (tokens, when) in list(self._buckets.items()):
            if tokens + (now - when) * self.rate >= self.burst:
                del self._buckets[key]


# What one client (by its address) may ask how often: (tokens a second, burst). A person at a
# table makes a move every few seconds and opens a socket per page; the limits leave room for a
# household behind one address and stop a script hammering the server.
CLIENT_LIMITS: dict[str, tuple[float, int]] = {
    "create": (0.2, 20),  # new tables: 20 at once, then one every 5 s
    "move": (10.0, 40),  # moves over HTTP
    "read": (20.0, 60),  # views, records, lists, pages
    "socket": (1.0, 20),  # WebSockets opened
}
SOCKET_MESSAGES = (10.0, 40)  # what one socket may send (moves, "why not", chat)


class ClientLimits:
    """A rate limit per kind of request and client address, on the server's clock."""

    def __init__(self, limits: dict[str, tuple[float, int]] | None = None) -> None:
        self.buckets = {kind: RateLimit(rate, burst) for kind, (rate, burst) in (limits or CLIENT_LIMITS).items()}

    def refused(self, kind: str, client: str, now: float) -> float | None:
        """None: let it through (and count it); else the seconds until it may be asked again."""
        bucket = self.buckets.get(kind)
        if bucket is None or bucket.allow(client, now):
            return None
        return bucket.wait(client, now)

    async def over(self, kind: str, client: str, now: float) -> float | None:
        """``refused``, as a server of several processes asks it (``SharedLimits``)."""
        return self.refused(kind, client, now)

    async def close(self) -> None:
        """Nothing held."""


LOCAL_SECONDS = 10.0  # how long a process counts on its own after Redis failed, before asking again

# The same bucket in Redis, as the "theoretical arrival time" of the client's next request
# (GCRA): one key per kind and client, one atomic script per request. Numbers go back as text:
# Redis would cut a Lua number to an integer.
_BUCKET_SCRIPT = """
local now = tonumber(ARGV[1])
local interval = tonumber(ARGV[2])
local burst = tonumber(ARGV[3])
local due = tonumber(redis.call('GET', KEYS[1])) or now
local next_due = math.max(due, now) + interval
local over = next_due - now - burst * interval
if over > 0 then
  return tostring(over)
end
redis.call('SET', KEYS[1], tostring(next_due), 'PX', math.ceil((next_due - now) * 1000) + 1000)
return '-1'
"""


class SharedLimits(ClientLimits):
    """The rate limits of ``ClientLimits``, counted in Redis (keys under ``{prefix}:rate:``) for
    every server process sharing it. If Redis fails, each process counts on its own meanwhile
    (the limits still hold, per process) rather than refusing everyone."""

    def __init__(self, url: str, prefix: str = "kartaros", limits: dict[str, tuple[float, int]] | None = None) -> None:
        super().__init__(limits)
        self.rates = dict(limits or CLIENT_LIMITS)
        self.url = url
        self.prefix = f"{prefix}:rate"
        self._client: Any = None
        self._script: Any = None
        self._local_until: float | None = None  # Redis failed: counted here until then

    async def over(self, kind: str, client: str, now: float) -> float | None:
        from redis import RedisError

        if kind not in self.rates:
            return None
        if self._local_until is not None:
            if now < self._local_until:
                return self.refused(kind, client, now)  # a failing Redis is not asked at every request
            self._local_until = None
        rate, burst = self.rates[kind]
        try:
            if self._script is None:
                import redis.asyncio as aioredis

                self._client = aioredis.Redis.from_url(self.url, socket_connect_timeout=2, socket_timeout=2)
                self._script = self._client.register_script(_BUCKET_SCRIPT)
            wait = float(await self._script(keys=[f"{self.prefix}:{kind}:{client}"], args=[now, 1.0 / rate, burst]))
        except RedisError as err:
            log.warning("the shared rate limits cannot be read (%s): counted in this process for %s s",
                        type(err).__name__, LOCAL_SECONDS)
            self._local_until = now + LOCAL_SECONDS
            return self.refused(kind, client, now)
        return None if wait < 0 else wait

    async def close(self) -> None:
        if self._client is not None:
            await self._client.aclose()
            self._client = self._script = None
