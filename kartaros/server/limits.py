"""How often someone may do a thing: token buckets on the server's clock.

Each key (a seat at a table, a client) has a bucket of ``burst`` tokens that refills at
``rate`` tokens a second; doing the thing takes one. A burst of ``burst`` goes through at
once, then one every ``1 / rate`` seconds. The buckets live in memory (a restart forgives),
and the ones full again are dropped, so the number kept stays bounded by the busy keys.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field


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
