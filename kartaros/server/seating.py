"""Who sits at a table: free seats, the creator's seat, and who is connected now.

A table's seats are the stored ``seats`` JSON: ``{"kind", "token_hash", "creator"?}`` each. A
human seat without a token hash is free: an open table's seat that nobody has taken yet (a
private table hands out every human seat's token when it is made, so it has none). A game
starts when no seat is free: until then nobody moves, bots included.

Presence is the seat's live sockets on this server: a seat is connected while at least one of
its sockets is open.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol

OPEN, PRIVATE = "open", "private"


class Socket(Protocol):
    """What presence needs of a table's watcher (``pushes.Watcher``)."""

    seat: int | None
    closed: bool


def free_seats(seats: Sequence[dict[str, Any]]) -> list[int]:
    """The seats nobody has taken yet (the game waits for them)."""
    return [seat for seat, info in enumerate(seats) if info["kind"] == "human" and info["token_hash"] is None]


def creator_seat(seats: Sequence[dict[str, Any]]) -> int | None:
    """The seat of who made the table (he may fill the free seats with bots); None for a table
    made before tables knew their creator."""
    return next((seat for seat, info in enumerate(seats) if info.get("creator")), None)


def connected(watchers: Iterable[Socket], players: int) -> list[bool]:
    """For each seat, whether one of its sockets is open now."""
    present = [False] * players
    for watcher in watchers:
        if watcher.seat is not None and not watcher.closed and 0 <= watcher.seat < players:
            present[watcher.seat] = True
    return present
