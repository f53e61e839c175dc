"""Live tables: the games being played, who sits where, bots, and who is watching.

The rules of the house: a seat sees ``observation(seat)`` and nothing else (a spectator sees
``public_observation()``); an action is stored before anyone is told of it; a bot thinks in a
worker thread, so one thinking bot never stalls the other tables.

No table is ever left waiting on nobody: whatever stopped a bot's turn or a call window's timer
(a restart, a crash, the database failing in the middle of a move), the work is picked up again
by itself: at startup for every unfinished table (``resume_all``), and after a storage error by
a retry on the server's clock that backs off until the database answers again.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import kartaros
from kartaros import calls
from kartaros.bots import Bot, for_level
from kartaros.calls import CALL_SECONDS
from kartaros.records import with_players
from kartaros.state import GameState
from kartaros.words import N_, shared, speech

from . import clocks, seating
from .clock import Clock, SystemClock
from .fanout import PRESENCE_EXPIRES, PRESENCE_SECONDS, Change, Fanout, Local, Presence
from .guard import shown
from .pushes import Watcher
from .store import Known, Move, StaleWrite, StorageError, Store, StoredTable, hash_token
from .thinking import Thinking
from .writes import Writes

log = logging.getLogger(__name__)

LOG_SENTENCES = 40  # how many of the latest events a view tells in words
SEAT_KINDS = ("human", "bot:easy", "bot:medium", "bot:hard")
LEVEL_WORDS = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard")}  # in a bot's default name
EXPLAIN_WORLDS = (11, 12, 13)  # the seeds of the worlds a "why not" is worked out on
MAX_TRY = 64  # characters: a try longer than any move of any game is refused unread
MAX_NAME = 64  # characters a name may be sent with (a seat shows its first 24)
MAX_ERROR = 300  # characters of an error's sentence: one quoting a client's input is cut short
CALL_SPACING = 0.5  # a seat's calls closer together than this are refused unread: the button may be hammered
GRACE_SECONDS = 120.0  # how long a person may be gone from a table of people before the table's on_timeout
RETRY_FIRST, RETRY_MOST = 0.5, 30.0  # seconds between tries at a table's work while the database fails
# A table nobody watches and nothing runs for (no bot to move, no clock, no window, no grace
# period) is let go of from memory after this long unused, and loaded again when asked for:
# memory holds the tables in play, not every table ever opened.
QUIET_SECONDS = 600.0
SWEEP_SECONDS = 60.0  # how often the quiet tables are looked for (server clock)
# what the other processes said of one table's seats: process -> (its seats' sockets, when said)
Heard = dict[str, tuple[tuple[bool, ...], float]]
STORAGE_TROUBLE = N_("the server cannot save the game just now: try again in a moment")


class ApiError(Exception):
    """A request that cannot be served: an HTTP status and an English sentence for the client."""

    def __init__(self, status: int, message: str) -> None:
        message = message if len(message) <= MAX_ERROR else message[: MAX_ERROR - 1] + "…"
        super().__init__(message)
        self.status = status
        self.message = message

    def words(self, lang: str) -> str | None:
        """The error for a person, in ``lang``; None: it is meant for the client's programmer."""
        return None


class PlayerError(ApiError):
    """An error a player can meet by clicking (a move too late, a wrong invite link): its
    sentence is a message of the shared catalog, so a page can show it in its language.
    ``message`` has the ``{fields}`` of ``values``; ``error``, when given, is the English for
    API clients instead (the engine's own explanation), and ``explain`` the engine's words for
    people in a language (an illegal move: what is wrong with it, players by name)."""

    def __init__(
        self, status: int, message: str, /, error: str | None = None, explain: Callable[[str], str] | None = None,
        **values: object,
    ) -> None:
        super().__init__(status, error or message.format(**values))
        self.said = message
        self.values = values
        self.explain = explain  # (lang) -> the sentence, where the engine says more than ``message``

    def words(self, lang: str) -> str:
        if self.explain is not None:
            return self.explain(lang)
        return shared().speech(lang)(self.said, **self.values)


class Overtaken(PlayerError):
    """Another process stored a change at the place this one's move was to go (``StaleWrite``):
    the move is not stored, and this copy of the table has been caught up with that change."""

    def __init__(self) -> None:
        super().__init__(409, N_("the table has moved on: look again"))


def check_lang(lang: str) -> str:
    """The language the words of a view are asked in; ``ApiError`` 400 for another."""
    if lang not in speech.LANGUAGES:
        raise ApiError(400, f"lang must be one of {', '.join(speech.LANGUAGES)}; got {shown(lang)}")
    return lang


@dataclass(eq=False)
class LiveTable:
    id: str
    state: GameState
    seats: list[dict[str, Any]]
    names: list[str]
    bots: dict[int, Bot]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    watchers: set[Watcher] = field(default_factory=set)
    times: list[float] = field(default_factory=list)  # when each action was stored (server clock)
    race: asyncio.Task[None] | None = None  # the open call window's timer (bots' calls, its close)
    last_call: dict[int, float] = field(default_factory=dict)  # seat -> when it last called
    marked_finished: bool = False  # the store knows the game is over
    # the table's options, move clock, events and the seats a bot plays for (``clocks``)
    options: dict[str, Any] = field(default_factory=lambda: {"clock": None, "on_timeout": "bot"})
    clock: dict[str, Any] | None = None
    events: list[dict[str, Any]] = field(default_factory=list)
    away: dict[int, str] = field(default_factory=dict)  # seat -> why a bot plays for it
    ended: dict[str, Any] | None = None  # the result, where the table ended the game (a resignation …)
    timer: asyncio.Task[None] | None = None  # the running turn's clock
    timed: dict[str, Any] | None = None  # the turn it runs for
    visibility: str = seating.PRIVATE  # "open": listed in the lobby, its free seats for anyone
    seats_version: int = 0  # the stored version of seats and names (``Store.change_seats``)
    stale: bool = False  # another process stored a change this copy has not caught up with yet
    used: float = 0.0  # when it was last asked for or last left (server clock): quiet since then
    # the log's sentences told lately, by (seat, language): the names they were said with, and
    # by event index the event as that seat saw it with its sentence (``TableService._log``)
    sentences: dict[tuple[int | None, str], tuple[tuple[str, ...], dict[int, tuple[Any, str]]]] = field(
        default_factory=dict)
    # each seat's view of the game's events so far, and the state it is of (``_observation``)
    event_views: dict[int | None, tuple[GameState, list[Any]]] = field(default_factory=dict)

    @property
    def seq(self) -> int:
        return len(self.state.actions)

    @property
    def version(self) -> tuple[int, int, int]:
        """How far this copy is: its moves, its events and its seats' version (``Store.version``)."""
        return (self.seq, len(self.events), self.seats_version)

    @property
    def over(self) -> bool:
        """The game is over: played out, or ended by the table (a resignation, a timeout, a draw agreed)."""
        return self.state.is_over or self.ended is not None


class TableService:
    """Creates tables, serves views, accepts actions, runs bots, and tells the watchers."""

    def __init__(self, store: Store, clock: Clock | None = None, call_seconds: float = CALL_SECONDS,
                 thinking: Thinking | None = None, grace_seconds: float = GRACE_SECONDS,
                 fanout: Fanout | None = None, seeds: Callable[[], int | None] | None = None) -> None:
        self.store = store
        # the seed each new table is dealt with: None for a fresh random one (a test's fixed deals)
        self.seeds: Callable[[], int | None] = seeds or (lambda: None)
        self.writes = Writes(store)  # moves of many tables committed together (one commit for all waiting)
        # how the other server processes sharing the database hear of this one's changes (none: alone)
        self.fanout: Fanout = fanout or Local()
        self.grace_seconds = grace_seconds  # how long a person may be gone from a table with others
        self._gone: dict[tuple[str, int], asyncio.Task[None]] = {}  # (table, seat) -> its grace timer
        self.thinking = thinking or Thinking()  # where bots think: threads here, or worker processes
        self.live: dict[str, LiveTable] = {}
        self.clock: Clock = clock or SystemClock()
        self.call_seconds = call_seconds
        self._tasks: set[asyncio.Task[None]] = set()  # timers and resumed bots, running beside requests
        self._resuming: dict[str, asyncio.Task[None]] = {}  # table id -> the work picking it up again
        # told of a table whose seats or presence changed (the lobby listens)
        self.seat_listeners: list[Callable[[LiveTable], None]] = []
        # who is connected on the other processes: table -> process -> (its seats' sockets there,
        # when it last said so); and what this one last said of its own (``fanout.Presence``)
        self._elsewhere: dict[str, Heard] = {}
        self._said: dict[str, tuple[bool, ...]] = {}
        # told of a table let go of from memory (``let_go_quiet``): what they hold for it may go too
        self.let_go_listeners: list[Callable[[str], None]] = []

    # ---- no table left waiting on nobody ----------------------------------------------------

    def start(self) -> asyncio.Task[None]:
        """At startup: pick up the work of every unfinished table (``resume_all``) beside the
        requests, and from then on let go of the quiet ones now and then (``let_go_quiet``)."""
        self._spawn(self._sweep_quiet())
        if self.fanout.shared:
            self._spawn(self._repeat_presence())
        return self._spawn(self.resume_all())

    async def _sweep_quiet(self) -> None:
        while True:
            await self.clock.sleep_until(self.clock.now() + SWEEP_SECONDS)
            self.let_go_quiet()

    def let_go_quiet(self) -> list[str]:
        """Let go of the tables quiet for ``QUIET_SECONDS``: nobody watches them, nothing of theirs
        runs or waits to run, nobody acts on them now. What they are is stored: the next ask loads
        them as they were. The ids let go of."""
        now = self.clock.now()
        gone = [table_id for table_id, table in self.live.items() if self._quiet(table, now)]
        for table_id in gone:
            del self.live[table_id]
            for listener in self.let_go_listeners:
                listener(table_id)
        return gone

    def _quiet(self, table: LiveTable, now: float) -> bool:
        running = any(task is not None and not task.done() for task in (table.race, table.timer))
        graces = any((table.id, seat) in self._gone for seat in range(len(table.seats)))
        return (now - table.used >= QUIET_SECONDS and not table.watchers and not table.lock.locked()
                and not running and not graces and not self._has_work(table))

    def stop(self) -> None:
        """The server stops: its timers and bots with it (what is stored is kept)."""
        for task in list(self._tasks):
            task.cancel()
        self.thinking.close()

    async def resume_all(self) -> None:
        """Look at every unfinished table once: a bot to move or a call window open is carried on
        now; a game over whose result was never stored is marked finished. Tables waiting on a
        person are not kept in memory for it: they load when someone comes back."""
        delay = RETRY_FIRST
        while True:
            try:
                ids = await asyncio.to_thread(self.store.unfinished)
                break
            except StorageError as err:
                log.warning("cannot list the unfinished tables (%s); trying again in %s s", err, delay)
                await self.clock.sleep_until(self.clock.now() + delay)
                delay = min(2 * delay, RETRY_MOST)
        for table_id in ids:
            if table_id in self.live:
                continue
            try:
                table = await self.table(table_id)
            except StorageError:
                self._keep_going(table_id)  # it loads, and goes on, once the database answers
                continue
            except Exception as err:  # a table that no longer replays must not stop the others
                log.error("table %s cannot be loaded: %s", table_id, type(err).__name__)
                continue
            if not self._has_work(table) and not table.watchers:
                self.live.pop(table_id, None)

    def _has_work(self, table: LiveTable) -> bool:
        """Whether the table goes on without a person: a bot to move, a window's timer, a result to store."""
        state = table.state
        if table.over:
            return not table.marked_finished
        if _awaited(table):
            return False  # the game starts when every seat is taken
        bot_to_move = state.current_player in table.bots and self._window(table) is None
        clock_runs = table.clock is not None and table.clock["turn"] is not None
        return (bot_to_move or clock_runs or (table.race is not None and not table.race.done())
                or table.id in self._resuming)

    def _keep_going(self, table_id: str) -> None:
        """Make sure the table's work is picked up again (once: a second ask joins the first)."""
        running = self._resuming.get(table_id)
        if running is None or running.done():
            self._resuming[table_id] = self._spawn(self._resume(table_id))

    async def _resume(self, table_id: str) -> None:
        """Carry a table on (its result stored, its bots moved, its window's timer running), trying
        again on the server's clock, less and less often, while the database fails."""
        delay = RETRY_FIRST
        try:
            while True:
                try:
                    table = await self.table(table_id)
                    if table.state.is_over and not table.marked_finished:
                        await asyncio.to_thread(self.store.finish, table.id, _result(table.state))
                        table.marked_finished = True
                    await self._run_bots(table)
                    return
                except (StorageError, StaleWrite) as err:
                    log.warning("table %s waits for the database (%s); trying again in %s s",
                                table_id, type(err).__name__, delay)
                except PlayerError as err:  # another server wrote first: reloaded, go on at once
                    if err.status != 409:
                        raise
                    continue
                await self.clock.sleep_until(self.clock.now() + delay)
                delay = min(2 * delay, RETRY_MOST)
        finally:
            if self._resuming.get(table_id) is asyncio.current_task():
                del self._resuming[table_id]

    async def _bots_or_later(self, table: LiveTable) -> None:
        """The bots move now; if the database fails meanwhile, they move once it answers again
        (what the person did is stored, and is not undone by a bot's trouble)."""
        try:
            await self._run_bots(table)
        except StorageError:
            log.warning("table %s: a bot's move could not be stored; it is tried again", table.id)
            self._keep_going(table.id)

    # ---- creating and finding tables -------------------------------------------------------

    async def create(
        self, game: str, players: int | None, seats: list[str], variant: dict[str, Any] | None, names: list[str],
        lang: str = "en", clock: dict[str, Any] | None = None, on_timeout: str = "bot", open_: bool = False,
    ) -> tuple[str, list[dict[str, Any]]]:
        """A new table; the seats not named are named in ``lang`` (``Player 2``, ``Bot 3 (easy)``).
        ``clock``: a move clock (``{"per_move", "reserve"}`` seconds), ``on_timeout``: what a seat's
        time running out (or its player gone) does, ``bot`` or ``forfeit`` (``clocks``).
        ``open_``: listed in the lobby, its first human seat the creator's (its token is handed
        out), the other human seats free for whoever takes them (``lobby``)."""
        try:
            state = kartaros.new_game(game, players=players, variant=variant, seed=self.seeds())
            options = clocks.read_options(clock, on_timeout)
        except ValueError as err:
            raise ApiError(400, str(err)) from None
        if len(seats) != state.num_players:
            raise ApiError(400, f"seats must list {state.num_players} seats, one per player; got {len(seats)}")
        for option in kartaros.GAMES[game].options:
            # A limit of length (K13, T13, P12) above its default makes a game, its views and its
            # frames longer than any person plays: a server's tables keep to the defaults' bounds.
            if option.minimum is not None and isinstance(option.default, int) and \
                    state.variant[option.name] > option.default:
                raise ApiError(400, f"variant {option.name!r} is at most {option.default} at a server's table")
        for kind in seats:
            if kind not in SEAT_KINDS:
                raise ApiError(400, f"a seat is one of {', '.join(SEAT_KINDS)}; got {shown(kind)}")
        if "human" not in seats:
            raise ApiError(400, "at least one seat must be 'human'")
        table_id = secrets.token_urlsafe(9)
        tokens: list[dict[str, Any]] = []
        stored_seats: list[dict[str, Any]] = []
        creator = seats.index("human")
        for seat, kind in enumerate(seats):
            handed = kind == "human" and (not open_ or seat == creator)
            token = secrets.token_urlsafe(18) if handed else None
            stored_seats.append({"kind": kind, "token_hash": hash_token(token) if token else None}
                                | ({"creator": True} if seat == creator else {}))
            if token:
                tokens.append({"seat": seat, "token": token})
        if open_:  # only the creator is named: the others name themselves as they sit
            names = [name if seat == creator else "" for seat, name in enumerate(names)]
        names = _seat_names(seats, names, lang)
        stored = StoredTable(
            id=table_id, game=game, players=state.num_players, variant=dict(state.variant), seed=state.seed,
            seats=stored_seats, names=names, actions=[], finished=False, result=None,
            options=options, clock=clocks.new_clock(options, state.num_players),
            visibility=seating.OPEN if open_ else seating.PRIVATE,
        )
        if stored.clock is not None:  # the first mover's time starts now
            probe = LiveTable(table_id, state, stored_seats, names, {}, options=options, clock=stored.clock)
            stored.clock = clocks.retimed(probe, state, self.clock.now(), moved=False)
        await asyncio.to_thread(self.store.create, stored)
        table = self._live(stored, state)
        if open_:
            self.publish(table)  # the other processes' lobbies list it too
        await self._bots_or_later(table)
        return table_id, tokens

    async def start_table(self, table: LiveTable) -> None:
        """Every seat of a table is taken now: the game goes on (a bot to move first moves)."""
        await self._bots_or_later(table)

    async def table(self, table_id: str, current: bool = True) -> LiveTable:
        """The table, loaded if it is not in memory. ``current``: where other processes share the
        database, caught up with what they stored (False: the caller does so under the lock)."""
        table = self.live.get(table_id)
        if table is not None:
            table.used = self.clock.now()
            if current and (table.stale or self.fanout.shared) and not table.lock.locked():
                # (a locked table is being changed here: whoever holds the lock acts on it current)
                async with table.lock:
                    await self.catch_up(table)
            return table
        stored = await asyncio.to_thread(self.store.load, table_id) if _plausible_id(table_id) else None
        if stored is None:
            raise PlayerError(404, N_("there is no table '{table}'"), table=table_id)
        table = self.live.get(table_id)  # another request may have loaded it meanwhile
        if table is None:
            record = {
                "game": stored.game, "players": stored.players, "variant": stored.variant,
                "seed": stored.seed, "actions": stored.actions,
            }
            table = self._live(stored, kartaros.replay(record))
            table.marked_finished = stored.finished
            if self._has_work(table):
                # a bot was to move when the server stopped (or the result was never stored): it
                # moves now, not when a person asks
                self._keep_going(table_id)
        return table

    def _live(self, stored: StoredTable, state: GameState) -> LiveTable:
        bots, away = _stored_bots(stored, state)
        table = LiveTable(stored.id, state, stored.seats, stored.names, bots, times=list(stored.times),
                          options=stored.options or {"clock": None, "on_timeout": "bot"}, clock=stored.clock,
                          events=list(stored.events), away=away,
                          visibility=stored.visibility, seats_version=stored.seats_version,
                          ended=_ended_by_table(stored, state))
        table.used = self.clock.now()
        self.live[stored.id] = table
        self._open_race(table)  # a window open when the server stopped runs on from its stored start
        if not table.over:
            clocks.arm(self, table)  # a turn running when the server stopped runs on to its stored deadline
        return table

    # ---- several processes sharing the tables (``fanout``) --------------------------------

    async def catch_up(self, table: LiveTable) -> None:
        """Where other processes write the tables too, make sure this copy is as stored before
        acting on it: one indexed read of the table's version, and a reload where it is behind
        (then the watchers here are told). The table's lock is held."""
        if not (self.fanout.shared or table.stale):
            return
        if not table.stale:
            version = await asyncio.to_thread(self.store.version, table.id)
            if version is None or version == table.version:
                return
        if await self._refresh(table):
            self._caught_up(table)

    async def lost_race(self, table: LiveTable) -> None:
        """Another process stored a change at the place this one wanted (``StaleWrite``): catch
        up at once (or at the next look, if the database fails now). The table's lock is held."""
        table.stale = True
        try:
            if await self._refresh(table):
                self._caught_up(table)
        except StorageError:
            log.warning("table %s: could not be caught up with another process's change yet", table.id)

    def publish(self, table: LiveTable) -> None:
        """A change of the table was stored: the other processes hear of it (``fanout``)."""
        self.fanout.publish(Change(table.id, table.version, table.visibility == seating.OPEN))

    def changed_elsewhere(self, change: Change | Presence) -> None:
        """Another process stored a change of a table (``fanout``): it is caught up beside the
        other work (a table whose bot thinks here holds its lock meanwhile, and must not hold up
        the changes of the other tables). Or it said who is connected to a table there."""
        if isinstance(change, Presence):
            self._heard_presence(change)
        else:
            self._spawn(self._changed_elsewhere(change))

    # ---- who is connected, on any process ------------------------------------------------------

    def connected(self, table: LiveTable) -> list[bool]:
        """For each seat, whether its player has a socket open now: on this process, or on
        another that said so lately (``fanout.Presence``; a process that stopped saying so for
        ``PRESENCE_EXPIRES`` no longer counts)."""
        here = seating.connected(table.watchers, len(table.seats))
        for seats, _ in self._elsewhere.get(table.id, {}).values():  # (until ``_repeat_presence`` lets it go)
            here = [mine or (seat < len(seats) and seats[seat]) for seat, mine in enumerate(here)]
        return here

    def _say_presence(self, table: LiveTable) -> None:
        """Where other processes serve the tables too, tell them which seats have a socket here,
        when that changed."""
        if not self.fanout.shared:
            return
        seats = tuple(seating.connected(table.watchers, len(table.seats)))
        if self._said.get(table.id, (False,) * len(seats)) != seats:
            self.fanout.present(table.id, seats)
        if any(seats):
            self._said[table.id] = seats
        else:
            self._said.pop(table.id, None)

    def _heard_presence(self, presence: Presence) -> None:
        def note(heard: Heard) -> None:
            if any(presence.seats):
                heard[presence.origin] = (presence.seats, self.clock.now())
            else:
                heard.pop(presence.origin, None)
        self._presence_elsewhere(presence.table, note)

    def _presence_elsewhere(self, table_id: str, change: Callable[[Heard], None]) -> None:
        """``change`` what the other processes said of ``table_id``'s seats; where that changes who
        is connected at a table held here, its watchers and the lobby see it, and the graces follow."""
        table = self.live.get(table_id)
        before = self.connected(table) if table is not None else None
        heard = self._elsewhere.setdefault(table_id, {})
        change(heard)
        if not heard:
            del self._elsewhere[table_id]
        if table is not None and self.connected(table) != before:
            self._caught_up(table)

    async def _repeat_presence(self) -> None:
        """Every ``PRESENCE_SECONDS``: say again who is connected here (a process that stops saying
        it has died, and its presence expires elsewhere), and let the presence of a process that
        stopped saying it go."""
        while True:
            await self.clock.sleep_until(self.clock.now() + PRESENCE_SECONDS)
            for table_id, seats in list(self._said.items()):
                self.fanout.present(table_id, seats)
            expire = partial(_drop_expired, now=self.clock.now())
            for table_id in list(self._elsewhere):
                self._presence_elsewhere(table_id, expire)

    async def _changed_elsewhere(self, change: Change) -> None:
        """Caught up here where the table is in memory and watched (its watchers are told), or
        marked stale where nobody watches it here; an open table not yet seen is loaded for the
        lobby."""
        table = self.live.get(change.table)
        if table is None:
            if change.open:
                self.seats_changed(await self.table(change.table))  # into this process's lobby
            return
        if change.version == table.version:
            return
        if not table.watchers and table.visibility != seating.OPEN:
            # Nobody here to tell: caught up when next asked for (every request, timer and bot
            # here catches a stale table up first), not read from the database at every change
            # another process makes to a table it happens to hold too.
            table.stale = True
            return
        async with table.lock:
            if table.version != change.version and await self._refresh(table):
                self._caught_up(table)

    async def _refresh(self, table: LiveTable) -> bool:
        """Bring the table in memory to what is stored, in place (its watchers, lock and timers
        stay hers); True where anything changed. The moves another process added are played on
        the state, not the whole game replayed, and only what was stored since this copy's moves
        and events is read. The table's lock is held."""
        # (copies: the store reads them in a thread; ``state.actions`` is one already)
        known = Known(table.state.actions, list(table.times), list(table.events))
        stored = await asyncio.to_thread(self.store.load, table.id, known)
        table.stale = False
        if stored is None or (len(stored.actions), len(stored.events), stored.seats_version) == table.version:
            return False
        for action in stored.actions[len(known.actions):]:  # (the stored game goes on from this copy's moves)
            table.state.apply(action)
        bots, away = _stored_bots(stored, table.state)
        for seat in bots:  # a bot that played this seat here goes on (as it was left)
            same = seat < len(table.seats) and table.seats[seat]["kind"] == stored.seats[seat]["kind"]
            if seat in table.bots and same and (seat in away) == (seat in table.away):
                bots[seat] = table.bots[seat]
        table.bots, table.away = bots, away
        table.seats, table.names = stored.seats, stored.names
        table.seats_version, table.visibility = stored.seats_version, stored.visibility
        table.times = list(stored.times)
        table.options = stored.options or {"clock": None, "on_timeout": "bot"}
        table.clock = stored.clock
        table.events = list(stored.events)
        table.marked_finished = stored.finished
        table.ended = _ended_by_table(stored, table.state)
        race = table.race
        if race is not None and race is not asyncio.current_task():
            race.cancel()  # its window was settled elsewhere; the window open now (if any) gets its own
            table.race = None
        self._open_race(table)
        clocks.arm(self, table)  # the turn running now runs here too (the first to store its end wins)
        return True

    def _caught_up(self, table: LiveTable) -> None:
        """The table was caught up with another process's change: the watchers here see it, the
        lobby hears of it, and the grace periods follow who plays on."""
        self.seats_changed(table)
        self._graces(table)

    def seat_of(self, table: LiveTable, token: str | None) -> int | None:
        """The seat a token opens, None for no token; ``ApiError`` 401 for a wrong one."""
        if token is None:
            return None
        digest = hash_token(token)
        for seat, info in enumerate(table.seats):
            if info["token_hash"] is not None and secrets.compare_digest(info["token_hash"], digest):
                return seat
        raise PlayerError(401, N_("that token opens no seat at this table"))

    async def mover_seat(self, table_id: str, token: str | None) -> int | None:
        """The seat a token opens, for a move (which ``act`` judges on the table as stored): the
        table is not caught up for this, unless the token opens no seat of this copy, which
        may not know yet of a seat taken through another process."""
        table = await self.table(table_id, current=False)
        try:
            return self.seat_of(table, token)
        except PlayerError as err:
            if err.status != 401 or not self.fanout.shared:
                raise
            async with table.lock:
                await self.catch_up(table)
            return self.seat_of(table, token)

    # ---- what a seat (or a spectator) is shown ----------------------------------------------

    def view(self, table: LiveTable, seat: int | None, lang: str = "en") -> dict[str, Any]:
        """What ``seat`` (None: a spectator) is shown, with ``words`` in ``lang`` (``en`` or ``sr``)."""
        state = table.state
        info = kartaros.GAMES[state.game]
        observation = _observation(table, seat)
        free = _awaited(table)
        # no moves for a seat a bot plays for, nor once the table ended the game, nor before all sit
        mover = (seat is not None and state.current_player == seat and not table.over and seat not in table.away
                 and not free)
        legal = state.legal_actions() if mover else []
        # What the page offers to click: the tries a person may make (``GameInfo.offers``), which
        # in Tač with open calls tell nothing of where a card fits (T11, T12).
        offers = info.offers(state) if mover else []
        window = self._window(table)
        if window is not None:  # a race: every seat that may call has the call, nobody passes
            legal = offers = [window.call] if seat in window.seats else []
        events = observation.get("events", [])
        names = table.names
        words: dict[str, Any] = {
            "lang": lang,
            "log": _log(table, seat, lang, events),
            # the index of the first of those in the game's history, so a page can keep a longer log
            "log_from": max(0, len(events) - LOG_SENTENCES),
            "moves": [{"action": a, "text": info.words.action(observation, a, names, lang)} for a in offers],
        }
        if seat is not None:
            rows = info.words.table(observation, names, lang)
            words["table"] = [vars(row) | {"cards": _list(row.cards)} for row in rows]
            words["turn"] = info.words.turn(observation, names, lang) if legal else ""
        if info.words.call_button is not None:
            words["call_button"] = info.words.call_button(lang)
        if state.is_over and events and events[-1]["type"] == "end":
            words["end"] = info.words.event(events[-1], names, lang)
        outcome = state.outcome()
        extra = clocks.view_part(self, table, seat, lang)
        words["table_log"] = extra.pop("table_log")
        words["table_log_at"] = extra.pop("table_log_at")
        if table.ended is not None:
            words["end"] = clocks.end_words(table.ended, names, lang)
        return extra | {
            "table": table.id,
            "game": state.game,
            "title": info.title,
            "seat": seat,
            "names": table.names,
            "seats": [info_["kind"] for info_ in table.seats],
            "variant": dict(state.variant),
            # the action that calls out a miss, where this table plays with calls (a button of its own)
            "call": info.call_action if info.calls(state.variant) else None,
            "seq": table.seq,
            "current_player": None if table.ended is not None else state.current_player,  # nobody moves on
            "view": observation,
            "legal": legal,
            "offers": offers,
            "over": table.over,
            "returns": table.ended["returns"] if table.ended is not None else state.returns(),
            "result": {"reason": table.ended["reason"], "detail": table.ended["detail"]} if table.ended is not None
            else None if outcome is None else {"reason": outcome.reason, "detail": outcome.detail},
            # an open call window: how long it stays open, and whether this seat may call in it
            "window": None if window is None else {
                "closes_in": max(0.0, round(window.closes_at - self.clock.now(), 3)),
                "seconds": self.call_seconds,
                "may_call": seat in window.seats,
            },
            "words": words,
            # who sits: each seat's player connected now, the seats still free (the game waits for
            # them), the creator's seat, and whether the table is open to the lobby (``seating``)
            "connected": self.connected(table),
            "free": free,
            "creator": seating.creator_seat(table.seats),
            "open": table.visibility == seating.OPEN,
        }

    # ---- acting ---------------------------------------------------------------------------

    async def act(self, table_id: str, seat: int | None, action: Any, seq: Any) -> LiveTable:
        table = await self.table(table_id, current=False)
        if seat is None:
            raise PlayerError(401, N_("only a player at this table can play: open the table by your invite link"),
                              error="a seat's token is needed to play (Authorization: Bearer <token>)")
        if not isinstance(action, str) or type(seq) is not int:
            raise ApiError(400, 'send {"action": "<a legal action>", "seq": <the seq of the view you saw>}')
        if self._races(table) and action == kartaros.GAMES[table.state.game].call_action:
            await self._call(table, seat, seq)
            await self._bots_or_later(table)
            return table
        async with table.lock:
            # A copy told of another process's change, or behind the view the mover saw, is caught
            # up first. Otherwise the move is judged on this copy as it is, without asking the
            # database how far the table is: where another process stored something meanwhile, the
            # store refuses the move (``Overtaken``, this copy caught up), and a move still made at
            # the table's place (only a table event came first) is judged once more on what is now.
            if table.stale or seq > table.seq:
                await self.catch_up(table)
            for again in (False, True):
                played = self._judged(table, seat, action, seq)
                try:
                    await self._commit(table, played)
                    break
                except Overtaken:
                    if again or seq != table.seq:
                        raise
        await self._bots_or_later(table)
        return table

    def _judged(self, table: LiveTable, seat: int, action: str, seq: int) -> str:
        """The legal action ``seat``'s ``action`` at ``seq`` is, on the table as it is now;
        ``PlayerError`` (409 or 422) where it cannot be played. The table's lock is held."""
        state = table.state
        if table.over:
            raise PlayerError(409, N_("the game is over"))
        if seat in table.away:
            raise PlayerError(409, N_("a bot plays for you now: take your seat back to play"))
        if _awaited(table):
            raise PlayerError(409, N_("the game starts when every seat is taken"))
        if seq != table.seq:
            raise PlayerError(409, N_("the table has moved on: look again"),
                              error=f"the table has moved on (seq {table.seq}, you sent {seq}): look again")
        if self._window(table) is not None:  # a race: no turns, the window closes on its own
            raise PlayerError(409, N_("the others may call the miss now: play goes on when the time is up"))
        if state.current_player != seat:
            mover = state.current_player
            raise PlayerError(409, N_("it is not your move: {name} moves"),
                              name=table.names[mover] if mover is not None else "?")
        # A try (``GameInfo.offers``) is played as the legal action it is; one that does not go
        # is refused with the rules' words of why, and the state is unchanged.
        played = kartaros.GAMES[state.game].as_played(action, state.legal_actions())
        if played is None:
            try:
                state.clone().apply(action)
            except kartaros.IllegalAction as err:
                raise PlayerError(422, N_("that is not a legal move now"), error=str(err),
                                  explain=partial(err.words, table.names)) from None
            raise PlayerError(422, N_("that is not a legal move now"),  # pragma: no cover
                              error=f"{action!r} is not a legal move now")
        return played

    # ---- why a try cannot be made now (a hover or a long press on what is not live) ------------

    async def explain(self, table_id: str, seat: int | None, try_: Any, lang: str = "en") -> str:
        """Why ``try_`` cannot be played now, in the rules' words, for the seat to move only.

        Hidden information: the sentence is worked out on worlds the seat cannot tell from this
        one (``determinize``), never on the real state; where the worlds' sentences differ, the
        reason would tell something the seat cannot see, and only the generic sentence is said."""
        table = await self.table(table_id)
        state = table.state
        if seat is None or state.current_player != seat or self._window(table) is not None:
            raise PlayerError(409, N_("only the player to move can ask why a move cannot be made now"))
        if not isinstance(try_, str) or len(try_) > MAX_TRY:
            raise ApiError(400, 'send {"explain": "<a try in the game\'s notation>"}')
        info = kartaros.GAMES[state.game]
        played = info.as_played(try_, state.legal_actions())
        if played is not None:  # it can be made: its words as a move
            return info.words.action(state.observation(seat), played, table.names, lang)
        told = {_refusal(state.determinize(seat, seed), try_, table.names, lang) for seed in EXPLAIN_WORLDS}
        if len(told) == 1 and "" not in told:
            return told.pop()
        return shared().speech(lang)(N_("that is not a legal move now"))

    async def _commit(self, table: LiveTable, action: str, at: float | None = None) -> None:
        """Store first, then apply and tell: what anyone was told survives a restart. ``at``: when
        it happened by the server's clock (now, unless a timer says when it was due).

        The move is tried on a copy first, so that a move ending the game is stored together with
        the result, in one transaction. ``StorageError``: nothing stored, the state unchanged."""
        at = self.clock.now() if at is None else at
        after = table.state.clone()
        after.apply(action)
        result = _result(after) if after.is_over else None
        clock = clocks.retimed(table, after, at, moved=True)  # the mover's time stops, the next one's starts
        try:
            await self.writes.append(Move(table.id, table.seq, action, at, result, clock, len(table.events)))
        except StaleWrite:
            await self.lost_race(table)  # another process stored a move here first: its move counts
            raise Overtaken from None
        table.state.apply(action)
        table.times.append(at)
        table.marked_finished = result is not None
        table.clock = clock
        self._tell(table)
        self.publish(table)
        clocks.arm(self, table)

    async def _run_bots(self, table: LiveTable) -> None:
        overtaken = 0  # table events another process stored before this one's bot moves
        async with table.lock:
            while not table.over and table.state.current_player in table.bots:
                if _awaited(table):
                    break  # the game starts when every seat is taken
                if self._window(table) is not None:
                    break  # a race: the bots call on the window's timer, not in turn
                seat, seq = table.state.current_player, table.seq
                action, table.bots[seat] = await self.thinking.choose(table.bots[seat], table.state)
                try:
                    await self._commit(table, action)
                except PlayerError as err:
                    if err.status != 409:
                        raise
                    if table.seq == seq and not table.stale and overtaken < 3:
                        # only a table event came first (a seat taken back, a resignation): this
                        # copy is caught up with it, and its bots, if still to move, move on it
                        overtaken += 1
                        continue
                    # another process stored this turn's move first (its bot's, or a person's): this
                    # copy is caught up, and the process that stored it runs the bots on from there
                    return
        self._open_race(table)

    # ---- the call race (T11, kartaros.calls): open to every seat that may call at once --------

    def _spawn(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        """Run ``work`` beside the requests (kept referenced until done; a failure is logged)."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a table's background work failed", exc_info=task.exception())

    def _races(self, table: LiveTable) -> bool:
        """Whether this table plays its call windows as a race (its game has calls, and they are on)."""
        return calls.races(table.state)

    def _window(self, table: LiveTable) -> Window | None:
        """The call window open now, if this table races for calls."""
        if not self._races(table) or not calls.is_open(table.state):
            return None
        call = kartaros.GAMES[table.state.game].call_action
        assert call is not None
        opened = table.times[-1] if table.times else self.clock.now()  # the miss opened it
        return Window(call, calls.callers(table.state), opened, opened + self.call_seconds, table.seq)

    def _open_race(self, table: LiveTable) -> None:
        """Start the open window's timer, unless it runs already."""
        if table.race is not None and not table.race.done():
            return
        window = self._window(table)
        if window is not None:
            table.race = self._spawn(self._race(table, window))

    async def _race(self, table: LiveTable, window: Window) -> None:
        """The window's timer: the first bot to notice calls after its reaction time, unless a
        person called first; when nobody has called by the deadline, everyone asked passes."""
        reactions = calls.reactions(table.state, window.seats, table.bots)
        caller = calls.race(table.state, reactions, self.call_seconds)
        due = window.closes_at if caller is None else window.opened + reactions[caller]
        await self.clock.sleep_until(due)
        try:
            async with table.lock:
                await self.catch_up(table)
                if table.seq != window.seq:
                    return  # a person called first
                for action in calls.settle(table.state, caller):
                    await self._commit(table, action, at=max(due, table.times[-1]))
        except PlayerError as err:  # another process settled the window first: it plays on
            if err.status != 409:
                raise
            return
        except StorageError:
            table.race = None
            log.warning("table %s: a call window could not be closed; it is tried again", table.id)
            self._keep_going(table.id)  # the window's timer starts again, on from its stored start
            return
        table.race = None
        await self._bots_or_later(table)

    async def _call(self, table: LiveTable, seat: int, seq: Any) -> None:
        """A person's call: the first that reaches the server wins the race (T11)."""
        now = self.clock.now()
        last = table.last_call.get(seat)
        if last is not None and now - last < CALL_SPACING:
            raise PlayerError(429, N_("one call at a time, please"))
        table.last_call[seat] = now
        async with table.lock:
            await self.catch_up(table)
            window = self._window(table)
            if window is None:
                raise PlayerError(409, N_("there is no miss to call now"))
            if seat not in window.seats:
                raise PlayerError(409, N_("you cannot call this miss: it is yours"))
            if seq != window.seq:  # ``act`` has checked it is an int
                raise PlayerError(409, N_("the table has moved on: look again"))
            if table.race is not None:
                table.race.cancel()
                table.race = None
            for action in calls.settle(table.state, seat):
                await self._commit(table, action)

    # ---- watchers -------------------------------------------------------------------------

    def watch(self, table: LiveTable, watcher: Watcher) -> None:
        before = self.connected(table)
        table.watchers.add(watcher)
        self._presence(table, before)

    def unwatch(self, table: LiveTable, watcher: Watcher) -> None:
        table.watchers.discard(watcher)
        table.used = self.clock.now()  # quiet from when its last watcher left, not from when he came
        self._say_presence(table)
        # its seat's last socket gone (the watcher is closed by now: it counts as gone already)
        if watcher.seat is not None and not self.connected(table)[watcher.seat]:
            self.seats_changed(table)
            self._graces(table)

    def sit(self, table: LiveTable, watcher: Watcher, seat: int | None) -> None:
        """A watcher's token came late: it is the seat's from now on (the seat is connected)."""
        before = self.connected(table)
        watcher.seat = seat
        self._presence(table, before)

    def _graces(self, table: LiveTable) -> None:
        """At a table of people, each person not connected has ``grace_seconds`` (on the server's
        clock) to come back before he counts as gone (``seat_gone``: the table's ``on_timeout``);
        one who comes back in time, or whose game ends, is not. A table of one person and bots
        waits for him as long as it takes: nobody waits for him. After a restart nobody is
        connected: the timers start as the first person comes back, for those who do not."""
        people = [seat for seat, info in enumerate(table.seats) if info["kind"] == "human"]
        here = self.connected(table)
        for seat in people:
            key = (table.id, seat)
            timer = self._gone.get(key)
            if here[seat] or table.over or len(people) < 2 or _awaited(table) or seat in table.away:
                if timer is not None:
                    timer.cancel()
                    self._gone.pop(key, None)
            elif timer is None and any(here[p] for p in people):  # someone is there to wait for him
                self._gone[key] = self._spawn(self._grace(table, seat, self.clock.now() + self.grace_seconds))

    async def _grace(self, table: LiveTable, seat: int, deadline: float) -> None:
        try:
            await self.clock.sleep_until(deadline)
        finally:
            if self._gone.get((table.id, seat)) is asyncio.current_task():
                self._gone.pop((table.id, seat), None)
        if not self.connected(table)[seat] and not table.over:
            await self.seat_gone(table.id, seat, "gone")

    def _presence(self, table: LiveTable, before: list[bool]) -> None:
        """A seat came or went: everyone at the table, and the listeners, are told (and the other
        processes, which seats have a socket here)."""
        self._say_presence(table)
        if self.connected(table) != before:
            self.seats_changed(table)
            self._graces(table)

    def seats_changed(self, table: LiveTable) -> None:
        """Who sits or who is connected changed: the watchers see it, the listeners (the lobby) hear it."""
        self._tell(table)
        for listener in self.seat_listeners:
            listener(table)

    def _tell(self, table: LiveTable) -> None:
        """Each watcher's new view into its outbox (which cuts it to the events its client does
        not hold yet): never waits on a socket (the table's lock is held here), a watcher that
        stopped reading is forgotten (``pushes``)."""
        for watcher in list(table.watchers):
            if not watcher.closed:
                watcher.view(self.view(table, watcher.seat, watcher.lang))
            if watcher.closed:
                table.watchers.discard(watcher)

    async def record(self, table_id: str) -> dict[str, Any]:
        table = await self.table(table_id)
        if not table.over:
            raise PlayerError(409, N_("the record is shown once the game is over"))
        # who played: the names by seat, and each bot seat's level (a bot spec), a person's None
        bots = [seat["kind"].split(":", 1)[1] if seat["kind"].startswith("bot:") else None for seat in table.seats]
        record = with_players(table.state.record(), table.names, bots)
        record["times"] = [round(at, 3) for at in table.times]  # who called when, among the rest
        # beside the moves: the table's options and events, and the result where the table ended
        # the game (the engine's ``result`` stays null: the game was not played out)
        record["table_options"] = table.options
        record["table_events"] = table.events
        if table.ended is not None:
            record["table_result"] = table.ended
        record["hints"] = [int(seat.get("hints", 0)) for seat in table.seats]  # positions each seat asked a hint in
        return record

    # ---- the table's events: resigning, draw offers, a seat gone or back (``clocks``) -----------

    async def table_event(self, table_id: str, seat: int | None, kind: Any) -> LiveTable:
        """A person's table event by his token: ``resign``, ``offer_draw``, ``accept_draw``,
        ``decline_draw``, ``take_seat_back``."""
        table = await self.table(table_id, current=False)
        if seat is None:
            raise PlayerError(401, N_("only a player at this table can play: open the table by your invite link"),
                              error="a seat's token is needed (Authorization: Bearer <token>)")
        if kind not in clocks.ASKED:
            raise ApiError(400, f"kind must be one of {', '.join(clocks.ASKED)}; got {shown(str(kind))}")
        try:
            async with table.lock:
                await self.catch_up(table)
                await clocks.asked(self, table, seat, kind)
        except clocks.Refused as err:
            raise PlayerError(err.status, err.message) from None
        await self._bots_or_later(table)
        return table

    async def seat_gone(self, table_id: str, seat: int, why: str = "gone") -> bool:
        """The person at ``seat`` has been gone longer than the grace period (presence says so):
        what the table's ``on_timeout`` says, a bot plays for him (until ``seat_back``) or he
        forfeits. False where there was nothing to do (over, a bot's seat, taken over already)."""
        table = await self.table(table_id, current=False)
        _check_seat(table, seat)
        async with table.lock:
            await self.catch_up(table)
            try:
                done = await clocks.leave(self, table, seat, why)
            except clocks.Refused:  # another process stored an event first: it is caught up with
                return False
        await self._bots_or_later(table)
        return done

    async def seat_back(self, table_id: str, seat: int) -> bool:
        """The person at ``seat`` takes it back from the bot that played for him; False where no bot did."""
        table = await self.table(table_id, current=False)
        _check_seat(table, seat)
        async with table.lock:
            await self.catch_up(table)
            return await clocks.back(self, table, seat)


@dataclass(frozen=True)
class Window:
    """An open call window as a race: the call, the seats that may make it (in the engine's
    order), when it opened and closes (server clock), and the table's seq while it is open."""

    call: str
    seats: list[int]
    opened: float
    closes_at: float
    seq: int


def _drop_expired(heard: Heard, now: float) -> None:
    """Forget what a process said of a table's seats that it has not said again for ``PRESENCE_EXPIRES``."""
    for origin, (_, when) in list(heard.items()):
        if now - when >= PRESENCE_EXPIRES:
            del heard[origin]


def _observation(table: LiveTable, seat: int | None) -> Any:
    """``observation(seat)`` (None: ``public_observation()``, a spectator's), with the events it
    saw before taken from memory: a seat's view of an event never changes once it happened,
    and the views of a long game's whole history are the bulk of its observation, made again
    for every view of every move otherwise."""
    state = table.state
    kept = table.event_views.get(seat)
    seen = kept[1] if kept is not None and kept[0] is state else []  # (a game replayed: anew)
    observation: Any = (state.public_observation(since=len(seen)) if seat is None
                        else state.observation(seat, since=len(seen)))
    seen.extend(observation.get("events", []))
    observation["events"] = list(seen)  # its own list: the one kept grows on
    table.event_views[seat] = (state, seen)
    return observation


def _log(table: LiveTable, seat: int | None, lang: str, events: list[Any]) -> list[str]:
    """The latest ``LOG_SENTENCES`` events as sentences in ``lang``. Each view tells them anew,
    so a sentence said before is said again from memory, where the names are the same and the
    event is the one it was said of (the same view, kept by ``_observation``; a game replayed
    anew has new ones, and they are said afresh)."""
    describe = kartaros.GAMES[table.state.game].words.event
    names = tuple(table.names)
    first = max(0, len(events) - LOG_SENTENCES)
    said = table.sentences.get((seat, lang))
    if said is None or said[0] != names:
        said = table.sentences[(seat, lang)] = (names, {})
    known = said[1]
    for old in [index for index in known if index < first]:
        del known[old]
    log = []
    for index in range(first, len(events)):
        event = events[index]
        hit = known.get(index)
        if hit is None or hit[0] != event:
            hit = known[index] = (event, describe(event, table.names, lang))
        log.append(hit[1])
    return log


def _check_seat(table: LiveTable, seat: object) -> None:
    """``ApiError`` 400 for what is not a seat of ``table``."""
    if type(seat) is not int or not 0 <= seat < len(table.seats):
        raise ApiError(400, f"a seat is a number from 0 to {len(table.seats) - 1}; got {shown(seat)}")


def _awaited(table: LiveTable) -> list[int]:
    """The seats an open table still waits for; none elsewhere (a private table's seats are all
    handed out when it is made, and the pages' own tables, puzzles and lessons, wait for nobody)."""
    return seating.free_seats(table.seats) if table.visibility == seating.OPEN else []


def _stored_bots(stored: StoredTable, state: GameState) -> tuple[dict[int, Bot], dict[int, str]]:
    """The stored table's bots, a bot for each person who timed out or left among them, and why
    each of those is away."""
    bots = bots_for(stored.seats, state.seed)
    away = clocks.away_of(stored.events)
    for seat in away:
        bots[seat] = clocks.takeover_bot(state, seat)
    return bots, away


def _ended_by_table(stored: StoredTable, state: GameState) -> dict[str, Any] | None:
    """The result where the table ended the game (a resignation, a timeout, a draw agreed)."""
    return stored.result if stored.finished and stored.result is not None and not state.is_over else None


def bots_for(seats: list[dict[str, Any]], seed: int) -> dict[int, Bot]:
    """The bots of a table's bot seats, each seeded by the game's seed and its seat."""
    return {
        seat: for_level(info["kind"].split(":", 1)[1], seed=(seed + 7919 * seat) % 2**64)
        for seat, info in enumerate(seats)
        if info["kind"].startswith("bot:")
    }


def _seat_names(seats: list[str], names: list[str], lang: str = "en") -> list[str]:
    say = shared().speech(lang)
    generic = say.seat_names(len(seats))
    result = []
    for seat, kind in enumerate(seats):
        given = names[seat].strip()[:24] if seat < len(names) and isinstance(names[seat], str) else ""
        if given:
            result.append(given)
        elif kind.startswith("bot:"):
            result.append(say("Bot {n} ({level})", n=seat + 1, level=say(LEVEL_WORDS[kind[4:]])))
        else:
            result.append(generic[seat])
    return result


def _refusal(state: GameState, try_: str, names: list[str], lang: str) -> str:
    """The rules' words of why ``try_`` does not go in ``state``."""
    try:
        state.apply(try_)
    except kartaros.IllegalAction as err:
        return err.words(names, lang)
    return ""  # legal in this world but not in another: ``explain`` says only the generic sentence


def _result(state: GameState) -> dict[str, Any]:
    """A finished game's result as the store keeps it (as in its record)."""
    outcome = state.outcome()
    assert outcome is not None
    return {"returns": list(outcome.returns), "reason": str(outcome.reason), "detail": outcome.detail}


def _plausible_id(table_id: str) -> bool:
    return 0 < len(table_id) <= 32 and all(c.isalnum() or c in "-_" for c in table_id)


def _list(cards: Any) -> list[str] | None:
    return None if cards is None else list(cards)
