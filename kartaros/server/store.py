"""Where tables live between restarts: SQLAlchemy over an SQLite file (default) or PostgreSQL.

A table is its setup (game, players, variant, seed, seats) plus the list of accepted
actions; the game state itself is never stored, it is rebuilt by replaying (records replay
bit-for-bit). Each action is its own row, keyed by (table, seq), so two writers racing for
the same move cannot both win. The move that ends a game is stored in the same transaction as
the table's result: no game is ever over in its actions and unfinished in its table.

The schema is owned by the revisions of ``kartaros.server.migrations``: a database is brought
to the newest when a ``Store`` opens it. A change to the tables below goes with a new revision
(docs/server.md, "Changing the schema"); ``tests/test_migrations.py`` fails until it does.

Whatever goes wrong in the database (locked, full, gone) comes out of a method as
``StorageError``, whose message names what failed and never the data (moves, seeds, token
hashes: the engine is made with ``hide_parameters``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, NamedTuple

from sqlalchemy import (
    JSON,
    Column,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from . import migrations

DEFAULT_URL = "sqlite:///kartaros.db"

metadata = MetaData()

tables = Table(
    "kartaros_tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("players", Integer, nullable=False),
    Column("variant", JSON, nullable=False),
    Column("seed", String(24), nullable=False),  # up to 2**64 - 1: wider than a BIGINT
    # [{"kind": "human" | "bot:LEVEL", "token_hash": str | None, "creator": true (the first person's)}];
    # a human seat without a token hash is free: an open table's seat nobody has taken yet
    Column("seats", JSON, nullable=False),
    Column("names", JSON, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("finished_at", DateTime(timezone=True)),
    Column("result", JSON),
    # "open": listed in the lobby, anyone may take a free seat; "private": invite links only
    Column("visibility", String(8), nullable=False, server_default="private"),
    # counts the changes of seats and names: a seat's change is written only over the version it
    # was made from, so two servers handing out one free seat cannot both succeed
    Column("seats_version", Integer, nullable=False, server_default="0"),
)

actions = Table(
    "kartaros_actions",
    metadata,
    Column("table_id", String(32), ForeignKey("kartaros_tables.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("action", String(64), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)
# built once: its rows are given to ``execute`` (one executemany), so it is compiled once too
_INSERT_ACTION = insert(actions)


# A table's options beyond the game (its move clock, what a seat's timeout does) and its move
# clock's running state: the seat whose time runs, and its deadline (``kartaros.server.clocks``).
# One row per table that has options; a table without one has no clock and hands a seat that
# timed out or left to a bot. The clock is written with the action that starts a turn, in one
# transaction, so a restart resumes each turn from the deadline it had.
table_options = Table(
    "kartaros_table_options",
    metadata,
    Column("table_id", String(32), ForeignKey("kartaros_tables.id"), primary_key=True),
    Column("options", JSON, nullable=False),  # {"clock": {"per_move", "reserve"} | null, "on_timeout"}
    Column("clock", JSON),  # {"reserves": [seconds per seat], "turn": {"seat", "seq", "started", "deadline"} | null}
)

# What happens at a table beside the game's moves (a resignation, a draw offer and its answer, a
# seat's time running out, a bot taking a seat over and the person taking it back), in order:
# ``n`` counts them per table, so two servers cannot both write the same event.
table_events = Table(
    "kartaros_table_events",
    metadata,
    Column("table_id", String(32), ForeignKey("kartaros_tables.id"), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("kind", String(24), nullable=False),
    Column("seat", Integer),
    Column("seq", Integer, nullable=False),  # how many moves had been played
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("data", JSON),
)


# One row, written by every health check: a database that takes reads but not writes (full,
# locked, read-only) is not healthy.
health = Table(
    "kartaros_health",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("checked_at", DateTime(timezone=True), nullable=False),
)


# A table's chat (kept with the table, never in its game record) and who muted whom there.
chat_lines = Table(
    "kartaros_chat",
    metadata,
    Column("table_id", String(32), ForeignKey("kartaros_tables.id"), primary_key=True),
    Column("n", Integer, primary_key=True),  # 0, 1, … in the order said
    Column("seat", Integer, nullable=False),
    Column("text", String(400), nullable=False),
    Column("said_at", DateTime(timezone=True), nullable=False),
)

mutes = Table(
    "kartaros_mutes",
    metadata,
    Column("table_id", String(32), ForeignKey("kartaros_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),  # who does not want to read ...
    Column("muted", Integer, primary_key=True),  # ... this seat's messages
)


# Accounts (optional: guests play by name alone), their sessions, and which seats were theirs.
accounts = Table(
    "kartaros_accounts",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("username", String(32), nullable=False),
    Column("username_key", String(32), nullable=False, unique=True),  # case-folded: one Ana, not ana and ANA
    Column("password_hash", String(200), nullable=False),  # argon2id, with its salt and parameters
    Column("created_at", DateTime(timezone=True), nullable=False),
)

sessions = Table(
    "kartaros_sessions",
    metadata,
    Column("token_hash", String(64), primary_key=True),  # the cookie's token is never stored
    Column("account_id", Integer, ForeignKey("kartaros_accounts.id"), nullable=False),
    Column("expires_at", DateTime(timezone=True), nullable=False),
)

seat_accounts = Table(
    "kartaros_seat_accounts",
    metadata,
    Column("table_id", String(32), ForeignKey("kartaros_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("account_id", Integer, ForeignKey("kartaros_accounts.id"), nullable=False, index=True),
)


class Move(NamedTuple):
    """One action to store at a table (``Store.append``'s arguments)."""

    table_id: str
    seq: int
    action: str
    at: float | None = None
    result: dict[str, Any] | None = None
    clock: dict[str, Any] | None = None
    # how many table events the move was made after: where several processes write, a move is
    # stored only if no event (a resignation, a takeover …) was stored there meanwhile
    events: int | None = None


class StaleWrite(Exception):
    """Another action was stored at this position first."""


class StorageError(Exception):
    """The database could not do what was asked (locked, full, unreachable); nothing of it was
    stored. The message says what was being done, without the data."""


@contextmanager
def _storage(what: str) -> Iterator[None]:
    """Turn any database failure inside into a ``StorageError`` about ``what``."""
    try:
        yield
    except SQLAlchemyError as err:
        # the driver's own error class and first line only: the statement is not repeated
        reason = str(getattr(err, "orig", None) or err).splitlines()[0][:200]
        raise StorageError(f"the database could not {what}: {type(err).__name__}: {reason}") from err


def _locked_count(db: Connection, rows: Table, table_id: str) -> int:
    """How many rows of ``rows`` (a table's moves or events) the table has, its row locked until
    the transaction ends. The lock and the count are two statements: the count must be read
    once the lock is held (one statement would count as of its start, before another writer it
    waited for committed)."""
    db.execute(select(tables.c.id).where(tables.c.id == table_id).with_for_update())
    return int(db.execute(select(func.count()).select_from(rows).where(rows.c.table_id == table_id)).scalar_one())


@dataclass
class StoredTable:
    id: str
    game: str
    players: int
    variant: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]
    names: list[str]
    actions: list[str]
    finished: bool
    result: dict[str, Any] | None
    # when each action was stored, seconds since the epoch (a call window's deadline counts from
    # the miss that opened it)
    times: list[float] = field(default_factory=list)
    options: dict[str, Any] | None = None  # the table's options (``table_options``); None: none stored
    clock: dict[str, Any] | None = None  # its move clock's state
    events: list[dict[str, Any]] = field(default_factory=list)  # {"kind", "seat", "seq", "at", "data"}
    visibility: str = "private"  # "open": in the lobby
    seats_version: int = 0


@dataclass(frozen=True)
class Known:
    """What a copy of a table in memory holds already of its stored moves (and when each was
    stored) and events, in order: ``Store.load`` reads only the rows after them. Moves and
    events are only ever added, each at the next place, so what a copy holds is what is stored."""
    actions: Sequence[str] = ()
    times: Sequence[float] = ()
    events: Sequence[dict[str, Any]] = ()


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _now() -> datetime:
    return datetime.now(UTC)


def _seconds(when: datetime) -> float:
    """A stored time as seconds since the epoch (SQLite gives it back without its zone: UTC)."""
    return (when if when.tzinfo is not None else when.replace(tzinfo=UTC)).timestamp()


def make_engine(url: str, **kwargs: Any) -> Engine:
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://"):]
    if url.startswith("sqlite"):
        kwargs.setdefault("connect_args", {"check_same_thread": False})
    # An error's message must not carry a statement's values (moves, seeds, token hashes) into logs.
    kwargs.setdefault("hide_parameters", True)
    engine = create_engine(url, **kwargs)
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def _sqlite_pragmas(connection: Any, _: Any) -> None:
    """SQLite as a server's database: write-ahead logging, so that readers never wait for the
    writer and a commit is one append to the log; ``synchronous=NORMAL``, safe with WAL (a
    process killed mid-write loses nothing committed; only a power cut may lose the last
    commits, never the file's consistency)."""
    cursor = connection.cursor()
    try:
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
    except Exception:  # a read-only file keeps the journal it has
        pass
    finally:
        cursor.close()


class Store:
    """The tables and their actions; every method is one transaction."""

    def __init__(self, url: str = DEFAULT_URL, **engine_kwargs: Any) -> None:
        self.engine = make_engine(url, **engine_kwargs)
        # Several processes may write its tables (PostgreSQL): a move and a table's event are each
        # written under the table's row lock, over the other's count they were made from. SQLite
        # is served by one process, whose tables' own locks keep them apart already.
        self.shared = self.engine.dialect.name != "sqlite"
        try:
            with _storage("bring its schema up to date"):
                migrations.upgrade(self.engine)
        except BaseException:
            self.engine.dispose()
            raise

    def create(self, table: StoredTable) -> None:
        with _storage("store a new table"), self.engine.begin() as db:
            db.execute(
                insert(tables).values(
                    id=table.id,
                    game=table.game,
                    players=table.players,
                    variant=table.variant,
                    seed=str(table.seed),
                    seats=table.seats,
                    names=table.names,
                    created_at=_now(),
                    visibility=table.visibility,
                )
            )
            if table.options is not None:
                db.execute(insert(table_options).values(table_id=table.id, options=table.options, clock=table.clock))

    def append(
        self, table_id: str, seq: int, action: str, at: float | None = None, result: dict[str, Any] | None = None,
        clock: dict[str, Any] | None = None, events: int | None = None,
    ) -> None:
        """Store the action played at position ``seq`` (at ``at``, seconds since the epoch, by the
        server's clock; now by default); ``StaleWrite`` if that place is taken. ``result``: the
        game's result, where this action ends it, stored with it in one transaction; ``clock``:
        the move clock's state after it (a table with a clock), in the same transaction;
        ``events``: the number of table events it was made after (``StaleWrite`` if the table
        has another by now, where several processes write)."""
        try:
            with _storage("store a move"), self.engine.begin() as db:
                self._append(db, [Move(table_id, seq, action, at, result, clock, events)])
        except StorageError as err:
            if isinstance(err.__cause__, IntegrityError):
                raise StaleWrite(f"table {table_id} already has an action at {seq}") from None
            raise

    def append_all(self, moves: Sequence[Move]) -> list[Exception | None]:
        """Store the moves of several tables (one move each) in one transaction: one commit for
        all. Each move's outcome in order: None (stored), ``StaleWrite`` or ``StorageError``.
        Where one of them cannot be stored, nothing of the transaction is, and each is stored on
        its own, so that one table's stale write never costs another table its move."""
        if len(moves) > 1:
            try:
                with _storage("store moves"), self.engine.begin() as db:
                    self._append(db, moves)
                return [None] * len(moves)
            except (StorageError, StaleWrite):
                pass  # each on its own below: which one failed, and why
        outcomes: list[Exception | None] = []
        for move in moves:
            try:
                self.append(move.table_id, move.seq, move.action, move.at, move.result, move.clock, move.events)
                outcomes.append(None)
            except (StaleWrite, StorageError) as err:
                outcomes.append(err)
        return outcomes

    def _append(self, db: Connection, moves: Sequence[Move]) -> None:
        """The moves' rows, in as few statements as there are kinds of work, not one round trip
        per move: a group's transaction holds its tables' rows (several processes) or the
        database's write lock (SQLite) only for as long as those few statements take."""
        if self.shared:
            # hold the tables' rows until the transaction ends, so that a move and an event of one
            # table are written one after the other, each seeing the other's rows; in one order,
            # so that two groups never wait on each other
            table_ids = sorted({move.table_id for move in moves})
            db.execute(select(tables.c.id).where(tables.c.id.in_(table_ids)).order_by(tables.c.id).with_for_update())
            if any(move.events is not None for move in moves):
                # counted once the locks are held (a count in the locking statement would count
                # as of its start, before another writer it waited for committed)
                counted = db.execute(
                    select(table_events.c.table_id, func.count()).where(table_events.c.table_id.in_(table_ids))
                    .group_by(table_events.c.table_id)
                )
                happened = {str(table_id): int(n) for table_id, n in counted}
                for move in moves:
                    if move.events is not None and happened.get(move.table_id, 0) != move.events:
                        raise StaleWrite(f"table {move.table_id} has had an event since this move was made")
        rows = [
            {"table_id": move.table_id, "seq": move.seq, "action": move.action,
             "created_at": _now() if move.at is None else datetime.fromtimestamp(move.at, UTC)}
            for move in moves
        ]
        db.execute(_INSERT_ACTION, rows)
        for move, row in zip(moves, rows, strict=True):
            if move.result is not None:
                db.execute(update(tables).where(tables.c.id == move.table_id)
                           .values(finished_at=row["created_at"], result=move.result))
            if move.clock is not None:
                db.execute(update(table_options).where(table_options.c.table_id == move.table_id)
                           .values(clock=move.clock))

    def add_event(
        self, table_id: str, n: int, event: dict[str, Any], clock: dict[str, Any] | None = None,
        result: dict[str, Any] | None = None,
    ) -> None:
        """Store the table's ``n``-th event (``{"kind", "seat", "seq", "at", "data"}``), with the
        move clock's state after it and, where it ends the game (a resignation, a timeout, an
        agreed draw), the table's result, in one transaction; ``StaleWrite`` if that place is taken."""
        when = datetime.fromtimestamp(event["at"], UTC)
        try:
            with _storage("store a table's event"), self.engine.begin() as db:
                if self.shared and _locked_count(db, actions, table_id) != event["seq"]:
                    raise StaleWrite(f"table {table_id} has had a move since this event")
                db.execute(insert(table_events).values(
                    table_id=table_id, n=n, kind=event["kind"], seat=event.get("seat"), seq=event["seq"],
                    created_at=when, data=event.get("data"),
                ))
                if clock is not None:
                    db.execute(update(table_options).where(table_options.c.table_id == table_id).values(clock=clock))
                if result is not None:
                    db.execute(update(tables).where(tables.c.id == table_id).values(finished_at=when, result=result))
        except StorageError as err:
            if isinstance(err.__cause__, IntegrityError):
                raise StaleWrite(f"table {table_id} already has an event at {n}") from None
            raise

    def finish(self, table_id: str, result: dict[str, Any]) -> None:
        """Mark a game over whose last move is stored already (a table stored before moves and
        results went together)."""
        with _storage("mark a game finished"), self.engine.begin() as db:
            db.execute(update(tables).where(tables.c.id == table_id).values(finished_at=_now(), result=result))

    def set_seats(self, table_id: str, seats: list[dict[str, Any]]) -> None:
        """Store a table's seats again: what the server counts of each (the hints it asked for)."""
        with _storage("store the seats of a table"), self.engine.begin() as db:
            db.execute(update(tables).where(tables.c.id == table_id).values(seats=seats))

    def unfinished(self) -> list[str]:
        """Every table not marked finished: those a restarted server looks at for work left to do."""
        with _storage("list the unfinished tables"), self.engine.connect() as db:
            return list(db.execute(select(tables.c.id).where(tables.c.finished_at.is_(None))).scalars())

    def load(self, table_id: str, known: Known | None = None) -> StoredTable | None:
        """The table as stored (None: no such table). ``known``: the moves and events a copy in
        memory holds already, which are not read again (a process catching up with another's
        change reads only what was added since, not the whole game at every move); the answer
        holds them all the same."""
        known = known or Known()
        with _storage("load a table"), self.engine.connect() as db:
            row = db.execute(select(tables).where(tables.c.id == table_id)).mappings().first()
            if row is None:
                return None
            moves = db.execute(
                select(actions.c.action, actions.c.created_at)
                .where(actions.c.table_id == table_id, actions.c.seq >= len(known.actions))
                .order_by(actions.c.seq)
            ).all()
            extra = db.execute(select(table_options).where(table_options.c.table_id == table_id)).mappings().first()
            happened = db.execute(
                select(table_events).where(table_events.c.table_id == table_id, table_events.c.n >= len(known.events))
                .order_by(table_events.c.n)
            ).mappings().all()
            return StoredTable(
                id=row["id"],
                game=row["game"],
                players=row["players"],
                variant=dict(row["variant"]),
                seed=int(row["seed"]),
                seats=list(row["seats"]),
                names=list(row["names"]),
                actions=[*known.actions, *(move.action for move in moves)],
                finished=row["finished_at"] is not None,
                result=row["result"],
                times=[*known.times, *(_seconds(move.created_at) for move in moves)],
                options=None if extra is None else dict(extra["options"]),
                clock=None if extra is None or extra["clock"] is None else dict(extra["clock"]),
                events=[
                    *known.events,
                    *({"kind": e["kind"], "seat": e["seat"], "seq": e["seq"], "at": _seconds(e["created_at"]),
                       "data": e["data"]} for e in happened),
                ],
                visibility=row["visibility"],
                seats_version=row["seats_version"],
            )

    def version(self, table_id: str) -> tuple[int, int, int] | None:
        """How far the table is: its moves, its events and its seats' version, in one indexed
        read (None: no such table). A server process whose copy differs catches it up; several
        processes share tables this way."""
        moves = select(func.count()).select_from(actions).where(actions.c.table_id == table_id).scalar_subquery()
        happened = (select(func.count()).select_from(table_events).where(table_events.c.table_id == table_id)
                    .scalar_subquery())
        with _storage("read a table's version"), self.engine.connect() as db:
            row = db.execute(select(moves, happened, tables.c.seats_version).where(tables.c.id == table_id)).first()
        return None if row is None else (int(row[0]), int(row[1]), int(row[2]))

    def change_seats(self, table_id: str, version: int, seats: list[dict[str, Any]], names: list[str]) -> bool:
        """Write a table's seats and names over ``version``: False (nothing written) when they
        changed since (another server took the seat first)."""
        with _storage("change a table's seats"), self.engine.begin() as db:
            done = db.execute(
                update(tables).where(tables.c.id == table_id, tables.c.seats_version == version)
                .values(seats=seats, names=names, seats_version=version + 1)
            )
            return bool(done.rowcount)

    def open_tables(self, limit: int) -> list[str]:
        """The unfinished open tables, newest first: those the lobby may list."""
        with _storage("list the open tables"), self.engine.connect() as db:
            return list(db.execute(
                select(tables.c.id).where(tables.c.visibility == "open", tables.c.finished_at.is_(None))
                .order_by(tables.c.created_at.desc()).limit(limit)
            ).scalars())

    def finished(self, ids: Sequence[str], limit: int = 100) -> list[dict[str, Any]]:
        """The finished tables among ``ids``, newest first (for the replay list)."""
        with _storage("list finished tables"), self.engine.connect() as db:
            rows = db.execute(
                select(tables.c.id, tables.c.game, tables.c.players, tables.c.names, tables.c.finished_at,
                       tables.c.result)
                .where(tables.c.finished_at.is_not(None), tables.c.id.in_(list(ids)))
                .order_by(tables.c.finished_at.desc())
                .limit(limit)
            ).mappings()
            return [
                {
                    "table": r["id"],
                    "game": r["game"],
                    "players": r["players"],
                    "names": r["names"],
                    "finished_at": r["finished_at"].isoformat(),
                    "result": r["result"],
                }
                for r in rows
            ]

    def add_chat(self, table_id: str, n: int, seat: int, text: str, at: float) -> None:
        """Keep a chat message said at the table (``n``: its place in the table's chat);
        ``StaleWrite`` if that place is taken."""
        try:
            with _storage("keep a chat message"), self.engine.begin() as db:
                db.execute(insert(chat_lines).values(table_id=table_id, n=n, seat=seat, text=text,
                                                     said_at=datetime.fromtimestamp(at, UTC)))
        except StorageError as err:
            if isinstance(err.__cause__, IntegrityError):
                raise StaleWrite(f"table {table_id} already has a chat message at {n}") from None
            raise

    def chat(self, table_id: str, last: int) -> tuple[int, list[tuple[int, str, float]]]:
        """How many messages were said at the table, and the ``last`` of them as (seat, text,
        when), oldest first."""
        with _storage("read a table's chat"), self.engine.connect() as db:
            rows = db.execute(
                select(chat_lines.c.n, chat_lines.c.seat, chat_lines.c.text, chat_lines.c.said_at)
                .where(chat_lines.c.table_id == table_id).order_by(chat_lines.c.n.desc()).limit(last)
            ).all()
        said = rows[0].n + 1 if rows else 0
        return said, [(r.seat, r.text, _seconds(r.said_at)) for r in reversed(rows)]

    def set_mute(self, table_id: str, seat: int, muted: int, on: bool) -> None:
        """``seat`` mutes (``on``) or hears again the chat of ``muted`` at this table."""
        with _storage("keep a mute"), self.engine.begin() as db:
            where = (mutes.c.table_id == table_id) & (mutes.c.seat == seat) & (mutes.c.muted == muted)
            db.execute(delete(mutes).where(where))
            if on:
                db.execute(insert(mutes).values(table_id=table_id, seat=seat, muted=muted))

    def mutes(self, table_id: str) -> list[tuple[int, int]]:
        """Every (seat, muted seat) of the table."""
        with _storage("read a table's mutes"), self.engine.connect() as db:
            rows = db.execute(select(mutes.c.seat, mutes.c.muted).where(mutes.c.table_id == table_id)).all()
        return [(r.seat, r.muted) for r in rows]

    def check(self) -> None:
        """Write to the database (one row of its own); ``StorageError`` if it cannot be written."""
        with _storage("be written"), self.engine.begin() as db:
            if not db.execute(update(health).where(health.c.id == 1).values(checked_at=_now())).rowcount:
                db.execute(insert(health).values(id=1, checked_at=_now()))

    def close(self) -> None:
        self.engine.dispose()
