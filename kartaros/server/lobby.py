"""The lobby: open tables anyone may sit at, taking a free seat, quick play, and filling a table's
free seats with bots.

An open table is made like any other (``TableService.create`` with ``open_``): its creator's
seat gets its token at once, the other human seats stay free (``seating``). Whoever takes a free
seat gets its token then: the first to claim it (the seat's change is written over the version it
was made from, so two claims of one seat, on one server or two, cannot both win). The game starts
when no seat is free; until then nobody moves. The creator may fill the free seats with bots.

The lobby lists the open tables that wait for players, with who sits there and who is connected
now; its watchers get the whole list again whenever a table's seats or presence change (the list
is bounded, and a newer list waiting to be sent replaces the older: ``pushes.Watcher``). A private
table is never listed, and no token ever goes into the lobby's data.
"""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import dataclass, field
from typing import Any

import kartaros
from kartaros.words import N_, shared

from . import seating
from .guard import valid_text
from .pushes import Watcher
from .store import hash_token
from .tables import LEVEL_WORDS, ApiError, LiveTable, PlayerError, TableService, bots_for
from .words import choice_words

MAX_LISTED = 50  # open tables the lobby shows (the most recently made)
MAX_LOBBY_WATCHERS = 1000  # lobby sockets one server keeps: one more is refused
NAME_LENGTH = 24  # characters of a person's name (as a seat shows it)


def person_name(name: object) -> str:
    """A person's name as he gave it, trimmed; ``PlayerError`` 400 for one that is empty, too long,
    or not text a person writes (control characters, a lone surrogate). HTML is only text: the
    pages show every name as text, never as markup."""
    if not isinstance(name, str) or not valid_text(name):
        raise PlayerError(400, N_("a name is letters, digits, spaces and punctuation, without control characters"))
    name = name.strip()
    if not name:
        raise PlayerError(400, N_("choose a name first"))
    if len(name) > NAME_LENGTH:
        raise PlayerError(400, N_("a name is at most {count} characters long"), count=NAME_LENGTH)
    return name


@dataclass(frozen=True)
class Seated:
    """A seat handed out: the table, the seat and its secret token (for its owner alone)."""

    table: str
    seat: int
    token: str


@dataclass(eq=False)
class Lobby:
    """The open tables waiting for players, their watchers, and seats handed out."""

    service: TableService
    watchers: set[Watcher] = field(default_factory=set)
    listed: dict[str, LiveTable] = field(default_factory=dict)  # the open tables waiting, by id
    _loaded: bool = False
    _load_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    _quick_lock: asyncio.Lock = field(default_factory=asyncio.Lock)  # two quick players meet at one table

    def __post_init__(self) -> None:
        self.service.seat_listeners.append(self.changed)

    # ---- what is listed ---------------------------------------------------------------------

    async def load(self) -> None:
        """The open tables left waiting in the store (made before a restart), once."""
        async with self._load_lock:
            if self._loaded:
                return
            ids = await asyncio.to_thread(self.service.store.open_tables, MAX_LISTED)
            for table_id in ids:
                table = await self.service.table(table_id)
                if seating.free_seats(table.seats):
                    self.listed.setdefault(table_id, table)
            self._loaded = True

    def changed(self, table: LiveTable) -> None:
        """A table's seats or presence changed: listed while open and waiting; every lobby watcher
        is told (only where the table is, or was, listed)."""
        waiting = table.visibility == seating.OPEN and not table.state.is_over and bool(seating.free_seats(table.seats))
        was = table.id in self.listed
        if waiting:
            self.listed[table.id] = table
            while len(self.listed) > MAX_LISTED:  # the oldest goes
                del self.listed[next(iter(self.listed))]
        else:
            self.listed.pop(table.id, None)
        if waiting or was:
            self._tell()

    def _current(self) -> list[LiveTable]:
        """The tables listed, oldest first, each as the service holds it now (one it let go of
        while nobody was there and loaded again is a new object, with the sockets)."""
        return [self.service.live.get(table_id, table) for table_id, table in self.listed.items()]

    def listing(self, lang: str) -> list[dict[str, Any]]:
        """The open tables waiting, in ``lang``: those with someone connected first, then newest first."""
        tables = list(reversed(self._current()))
        tables.sort(key=lambda table: not any(self.service.connected(table)))
        return [entry(table, lang, self.service.connected(table)) for table in tables]

    def watch(self, watcher: Watcher) -> None:
        if len(self.watchers) >= MAX_LOBBY_WATCHERS:
            raise ApiError(503, "the lobby has as many watchers as it can take: try again later")
        self.watchers.add(watcher)
        watcher.view({"lobby": self.listing(watcher.lang)})

    def unwatch(self, watcher: Watcher) -> None:
        self.watchers.discard(watcher)

    def _tell(self) -> None:
        lists: dict[str, list[dict[str, Any]]] = {}  # one list per language
        for watcher in list(self.watchers):
            if not watcher.closed:
                if watcher.lang not in lists:
                    lists[watcher.lang] = self.listing(watcher.lang)
                watcher.view({"lobby": lists[watcher.lang]})
            if watcher.closed:
                self.watchers.discard(watcher)

    # ---- taking a seat ----------------------------------------------------------------------

    async def create(
        self, game: str, players: int | None, seats: list[str], variant: dict[str, Any] | None, name: str,
        lang: str,
    ) -> Seated:
        """A new open table, its creator at its first human seat."""
        name = person_name(name)
        table_id, tokens = await self.service.create(game, players, seats, variant, [name] * len(seats), lang,
                                                     open_=True)
        table = await self.service.table(table_id)
        self.service.seats_changed(table)  # into the lobby
        return Seated(table_id, tokens[0]["seat"], tokens[0]["token"])

    async def claim(self, table_id: str, seat: object, name: object) -> Seated:
        """Take a free seat of an open table (``seat`` None: the first free one) for the person
        named ``name``: its token is his, and nobody else's."""
        name = person_name(name)
        if seat is not None and (type(seat) is not int or seat < 0):
            raise ApiError(400, "seat must be a seat's number, or left out for the first free seat")
        table = await self.service.table(table_id)
        if table.visibility != seating.OPEN:
            raise PlayerError(403, N_("this table is private: its players come by their invite links"))
        async with table.lock:
            await self.service.catch_up(table)
            free = seating.free_seats(table.seats)
            if seat is None:
                if not free:
                    raise PlayerError(409, N_("every seat is taken already"))
                seat = free[0]
            if not isinstance(seat, int) or seat not in free:
                if isinstance(seat, int) and seat >= len(table.seats):
                    raise ApiError(400, f"this table has {len(table.seats)} seats; got seat {seat}")
                raise PlayerError(409, N_("that seat is taken: choose another"))
            token = secrets.token_urlsafe(18)
            seats = [dict(info) for info in table.seats]
            seats[seat]["token_hash"] = hash_token(token)
            names = list(table.names)
            names[seat] = name
            await self._write(table, seats, names)
        self.service.seats_changed(table)
        await self._maybe_start(table)
        return Seated(table.id, seat, token)

    async def fill_with_bots(self, table_id: str, seat: int | None, level: object, lang: str) -> None:
        """The creator's choice: every free seat of his table gets a bot of ``level``; the game starts."""
        if not isinstance(level, str) or level not in LEVEL_WORDS:
            raise ApiError(400, f"level is one of {', '.join(LEVEL_WORDS)}")
        table = await self.service.table(table_id)
        if seat is None or seat != seating.creator_seat(table.seats):
            raise PlayerError(403, N_("only who made the table may seat bots at it"))
        async with table.lock:
            await self.service.catch_up(table)
            free = seating.free_seats(table.seats)
            if not free:
                raise PlayerError(409, N_("every seat is taken already"))
            say = shared().speech(lang)
            seats = [dict(info) for info in table.seats]
            names = list(table.names)
            for empty in free:
                seats[empty]["kind"] = f"bot:{level}"
                names[empty] = say("Bot {n} ({level})", n=empty + 1, level=say(LEVEL_WORDS[level]))
            await self._write(table, seats, names)
            table.bots = bots_for(seats, table.state.seed)
        self.service.seats_changed(table)
        await self._maybe_start(table)

    async def quick(self, game: str, players: int, name: object, lang: str) -> Seated:
        """Play ``game`` with ``players`` people now: a free seat of an open table of that game and
        size where someone is waiting (the oldest first), else a new open table of it."""
        name = person_name(name)
        if game not in kartaros.GAMES:
            raise PlayerError(404, N_("there is no game called {game}"), game=game)
        info = kartaros.GAMES[game]
        if not info.min_players <= players <= info.max_players:
            raise ApiError(400, f"{info.title} is played by {info.min_players} to {info.max_players}")
        await self.load()
        async with self._quick_lock:
            for table in self._current():
                if (table.state.game, len(table.seats)) != (game, players):
                    continue
                if not any(self.service.connected(table)):
                    continue  # nobody there: its creator may be long gone
                try:
                    return await self.claim(table.id, None, name)
                except PlayerError as err:
                    if err.status != 409:
                        raise  # taken meanwhile: the next one
            return await self.create(game, players, ["human"] * players, dict(info.people_variant), name, lang)

    async def _write(self, table: LiveTable, seats: list[dict[str, Any]], names: list[str]) -> None:
        """Store the table's new seats and names, then hold them (the table's lock is held)."""
        done = await asyncio.to_thread(self.service.store.change_seats, table.id, table.seats_version, seats, names)
        if not done:  # another server changed the seats first: catch up with them
            await self.service.lost_race(table)
            raise PlayerError(409, N_("that seat is taken: choose another"))
        table.seats, table.names = seats, names
        table.seats_version += 1
        self.service.publish(table)

    async def _maybe_start(self, table: LiveTable) -> None:
        """The last free seat is taken: the game starts (a bot to move first moves)."""
        if not seating.free_seats(table.seats):
            await self.service.start_table(table)


def entry(table: LiveTable, lang: str, present: list[bool]) -> dict[str, Any]:
    """A table as the lobby lists it, in ``lang``: its game, options in words, and its seats (names,
    free, bot, connected: ``present``, on any process). Nothing secret: no token, no hash, no cards."""
    info = kartaros.GAMES[table.state.game]
    say = shared().speech(lang)
    variant = table.state.variant
    # the options the table plays other than as people play by default: those tell tables apart
    usual = {option.name: option.default for option in info.options} | dict(info.people_variant)
    options = []
    for words in info.words.options(lang) if info.words.options is not None else []:
        if words.name in variant and variant[words.name] != usual.get(words.name):
            options.append({"label": words.label, "value": choice_words(say, words.choices, variant[words.name])})
    free = seating.free_seats(table.seats)
    return {
        "table": table.id,
        "game": info.name,
        "title": info.title,
        "players": len(table.seats),
        "options": options,
        "free": len(free),
        "seats": [
            {
                "name": None if seat in free else table.names[seat],
                "free": seat in free,
                "bot": table.seats[seat]["kind"].startswith("bot:"),
                "connected": present[seat],
            }
            for seat in range(len(table.seats))
        ],
    }
