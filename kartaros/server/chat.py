"""A table's chat: short messages between the people seated there, kept with the table.

Who sits at the table may write (a spectator reads); a message is text a person may give
(valid Unicode, no control characters), at most ``MAX_CHAT`` characters, and a seat writes at
most ``BURST`` messages at once and then one every ``1 / RATE`` seconds, on the server's clock.
Messages are sent as text and a page shows them as text (never as markup). A seat may mute
another: from then on the muted seat's messages do not reach that seat's sockets (the mute is
kept with the table, so a reload or a restart keeps it). Chat is not part of a game's record:
a record is the game, not what was said beside it.
"""

from __future__ import annotations

import asyncio
from collections import deque
from dataclasses import dataclass, field
from typing import TypedDict

from kartaros.words import N_

from .clock import Clock
from .fanout import Fanout, Local, Said
from .guard import valid_text
from .limits import RateLimit
from .pushes import Watcher
from .store import StaleWrite, Store
from .tables import LiveTable, PlayerError

MAX_CHAT = 200  # characters of one message
KEPT = 50  # the latest messages a socket is given when it opens
RATE, BURST = 0.5, 4  # a message every two seconds, after four at once


class ChatLine(TypedDict):
    seat: int
    text: str
    at: float  # when it was said, seconds since the epoch by the server's clock


@dataclass
class Room:
    said: int  # messages said at the table so far (the next one's place)
    lines: deque[ChatLine]
    muted: dict[int, set[int]] = field(default_factory=dict)  # seat -> the seats it does not read
    readers: set[Watcher] = field(default_factory=set)  # the sockets that asked to read the chat
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class Chats:
    """The chat of every live table, over the store's chat and mutes."""

    def __init__(self, store: Store, clock: Clock, fanout: Fanout | None = None) -> None:
        self.store = store
        self.clock = clock
        self.limit = RateLimit(RATE, BURST)
        self._rooms: dict[str, Room] = {}
        self.fanout: Fanout = fanout or Local()  # the other processes hear of each message written here
        self._reading: set[asyncio.Task[None]] = set()  # rooms catching up with another process's message

    async def room(self, table: LiveTable) -> Room:
        room = self._rooms.get(table.id)
        if room is None:
            said, lines = await asyncio.to_thread(self.store.chat, table.id, KEPT)
            pairs = await asyncio.to_thread(self.store.mutes, table.id)
            room = self._rooms.setdefault(table.id, Room(said, deque(
                (ChatLine(seat=s, text=t, at=at) for s, t, at in lines), maxlen=KEPT)))
            if not room.muted:
                for seat, muted in pairs:
                    room.muted.setdefault(seat, set()).add(muted)
        return room

    def forget(self, table_id: str) -> None:
        """The table was let go of from memory (nobody reads its chat): its room goes too, and is
        read again from the store when someone comes back."""
        room = self._rooms.get(table_id)
        if room is not None and not self._readers(room):
            del self._rooms[table_id]

    async def join(self, table: LiveTable, watcher: Watcher) -> None:
        """A socket reads the chat from now on (a client that never asks is told nothing of it):
        it is given the latest messages it reads, and whom its seat muted."""
        room = await self.room(table)
        room.readers.add(watcher)
        watcher.reply(self._history(room, watcher.seat))

    async def say(self, table: LiveTable, seat: int | None, text: object) -> None:
        """``seat`` says ``text`` at the table: kept, then told to every socket that reads it."""
        if seat is None or table.seats[seat]["kind"] != "human":
            raise PlayerError(403, N_("only a player at this table can write in its chat"))
        if not isinstance(text, str) or not valid_text(text) or not text.strip():
            raise PlayerError(400, N_("a chat message is text: letters, digits, signs"))
        text = text.strip()
        if len(text) > MAX_CHAT:
            raise PlayerError(400, N_("a chat message is at most {count} characters"), count=MAX_CHAT)
        now = self.clock.now()
        if not self.limit.allow((table.id, seat), now):
            raise PlayerError(429, N_("you are writing too fast: wait a moment"))
        room = await self.room(table)
        async with room.lock:
            try:
                await asyncio.to_thread(self.store.add_chat, table.id, room.said, seat, text, now)
            except StaleWrite:  # another server wrote there: read the chat again
                self._rooms.pop(table.id, None)
                raise PlayerError(409, N_("the table has moved on: look again")) from None
            room.said += 1
            line = ChatLine(seat=seat, text=text, at=now)
            room.lines.append(line)
        self.fanout.chat_said(table.id, room.said)
        self._hand_out(room, [line])

    def _hand_out(self, room: Room, lines: list[ChatLine]) -> None:
        """New lines to every reader, but to a seat that muted their writer."""
        for watcher in self._readers(room):
            seen = [line for line in lines
                    if watcher.seat is None or line["seat"] not in room.muted.get(watcher.seat, ())]
            if seen:
                watcher.reply({"chat": seen})

    def heard(self, said: Said) -> None:
        """Another process wrote a message at a table: where its room is open here, its new lines
        are read and handed out beside the other work."""
        room = self._rooms.get(said.table)
        if room is not None and said.said > room.said:
            task = asyncio.get_running_loop().create_task(self._read_new(said.table, room, said.said))
            self._reading.add(task)
            task.add_done_callback(self._reading.discard)

    async def _read_new(self, table_id: str, room: Room, said: int) -> None:
        async with room.lock:
            if said <= room.said:
                return  # read meanwhile
            now_said, rows = await asyncio.to_thread(self.store.chat, table_id, KEPT)
            fresh = max(0, now_said - room.said)  # (more than KEPT new: the latest KEPT of them)
            new = [ChatLine(seat=s, text=t, at=at) for s, t, at in rows[max(0, len(rows) - fresh):]] if fresh else []
            room.said = now_said
            room.lines.extend(new)
        self._hand_out(room, new)

    async def mute(self, table: LiveTable, seat: int | None, other: object, on: object) -> None:
        """``seat`` mutes (``on``) or hears again ``other``; its sockets are given the chat anew."""
        if seat is None:
            raise PlayerError(403, N_("only a player at this table can mute someone"))
        if type(other) is not int or not 0 <= other < len(table.seats) or other == seat or type(on) is not bool:
            raise PlayerError(400, N_("mute another seat of this table"))
        room = await self.room(table)
        async with room.lock:
            await asyncio.to_thread(self.store.set_mute, table.id, seat, other, on)
            muted = room.muted.setdefault(seat, set())
            (muted.add if on else muted.discard)(other)
        for watcher in self._readers(room):
            if watcher.seat == seat:
                watcher.reply(self._history(room, seat))

    @staticmethod
    def _readers(room: Room) -> list[Watcher]:
        """The sockets reading the chat; those closed since are forgotten."""
        room.readers -= {watcher for watcher in room.readers if watcher.closed}
        return list(room.readers)

    @staticmethod
    def _history(room: Room, seat: int | None) -> dict[str, object]:
        muted = room.muted.get(seat, set()) if seat is not None else set()
        return {"chat": [line for line in room.lines if line["seat"] not in muted], "muted": sorted(muted),
                "chat_history": True}
