"""Several server processes sharing their tables: real ``kartaros serve`` processes on 127.0.0.1,
one PostgreSQL schema of the test's own, and the real Redis (channels of the test's own prefix).
A move through one process reaches the watchers on another; the same move sent to both at once
is played once; a game with bots plays to its end with its person moving through both; ``serve
--workers 2`` serves one port from two processes; asking for several processes without what they
need is refused in a sentence, before serving."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import os
import secrets
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Coroutine, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, TypeVar

import httpx
import pytest
import redis
from sqlalchemy import create_engine, text
from websockets.sync.client import ClientConnection, connect

from kartaros.server.clock import FakeClock
from kartaros.server.fanout import Local
from kartaros.server.store import StaleWrite, Store, StoredTable
from kartaros.server.tables import PlayerError, TableService
from tests.random_play import going_on
from tests.test_race import until
from tests.test_server_api import PG_URL, auth
from tests.test_server_faults import _free_port

T = TypeVar("T")

ROOT = Path(__file__).resolve().parent.parent
REDIS_URL = "redis://127.0.0.1:6379/0"
WAIT = 30.0  # seconds any one thing may take before the test says what did not happen


@pytest.fixture
def database() -> Iterator[str]:
    """A PostgreSQL schema of this test's own (dropped after it), as a database URL."""
    admin = create_engine(PG_URL)
    try:
        with admin.begin() as db:
            schema = f"kp_{secrets.token_hex(6)}"
            db.execute(text(f"create schema {schema}"))
    except Exception:
        pytest.fail("PostgreSQL on 127.0.0.1:5432 (database test) is required for the tests of several processes")
    yield f"{PG_URL}?options=-csearch_path%3D{schema}"
    with admin.begin() as db:
        db.execute(text(f"drop schema {schema} cascade"))
    admin.dispose()


@pytest.fixture
def prefix() -> str:
    """Redis channels of this test's own: runs beside it on the same Redis hear nothing of it."""
    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping()
    except redis.RedisError:
        pytest.fail("Redis on 127.0.0.1:6379 is required for the tests of several processes")
    return f"kartaros-test-{secrets.token_hex(6)}"


def _serve_command(port: int, *options: str) -> list[str]:
    return [sys.executable, "-m", "kartaros", "serve", "--host", "127.0.0.1", "--port", str(port),
            "--no-rate-limits", "--bot-workers", "0", "--call-seconds", "0.5", *options]


def _environment() -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("KARTAROS_REDIS", None)
    return env


@contextmanager
def server(database: str, prefix: str, *options: str) -> Iterator[str]:
    """``kartaros serve`` sharing ``database`` over Redis, in processes of its own (a session of
    their own, all ended after the test); its address."""
    port = _free_port()
    log = (Path(os.environ.get("TMPDIR", "/tmp")) / f"kartaros-serve-{port}.log").open("w+b")
    process = subprocess.Popen(
        _serve_command(port, "--db", database, "--redis", REDIS_URL, "--redis-prefix", prefix, *options),
        env=_environment(), stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + WAIT
        while True:
            with suppress(httpx.TransportError):
                if httpx.get(f"{url}/healthz", timeout=1).status_code == 200:
                    break
            if time.monotonic() > deadline or process.poll() is not None:
                log.seek(0)
                raise RuntimeError(f"the server did not start: {log.read().decode(errors='replace')[-2000:]}")
            time.sleep(0.1)
        yield url
    finally:
        with suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGINT)  # uvicorn's workers stop with their supervisor
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            with suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
        log.close()


def new_table(url: str, game: str, seats: list[str], **extra: Any) -> tuple[str, list[str]]:
    answer = httpx.post(f"{url}/api/tables", json={"game": game, "seats": seats, **extra}, timeout=WAIT)
    assert answer.status_code == 201, answer.text
    made = answer.json()
    return made["table"], [seat["token"] for seat in made["seats"]]


def view(url: str, table: str, token: str | None = None) -> dict[str, Any]:
    headers = auth(token) if token else {}
    answer = httpx.get(f"{url}/api/tables/{table}", headers=headers, timeout=WAIT)
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


@contextmanager
def watching(url: str, table: str) -> Iterator[ClientConnection]:
    """A spectator's socket at the table, once the table counts it among its watchers (its first view came)."""
    with connect(f"ws://{url[len('http://'):]}/api/tables/{table}/ws", max_queue=None) as socket:
        socket.send("{}")
        first = json.loads(socket.recv(timeout=WAIT))
        assert "seq" in first, first
        yield socket


def pushed_until(socket: ClientConnection, seq: int) -> dict[str, Any]:
    """The first message the socket is pushed whose table is at ``seq`` (or further)."""
    deadline = time.monotonic() + WAIT
    while True:
        left = deadline - time.monotonic()
        assert left > 0, f"no push of seq {seq} came"
        message = json.loads(socket.recv(timeout=left))
        if message.get("seq", -1) >= seq:
            return dict(message)


def keeping_on(legal: list[str]) -> str:
    """A move that keeps a game going where the game has one (drawing a card), else the first."""
    return "draw" if "draw" in legal else legal[0]


def _moves_pushed(urls: tuple[str, ...], watched_at: str, moves: int) -> str:
    """A table of two people at which ``moves`` moves were made through ``urls`` by turns, each
    pushed to a spectator watching through ``watched_at``; dealt again where a move ends the game
    at once (a Keč deal may)."""
    for _ in range(10):
        table, tokens = new_table(urls[0], "kec", ["human", "human"])
        with watching(watched_at, table) as socket:
            for seq in range(moves):
                through = urls[seq % len(urls)]  # a connection of its own each time
                shown = view(through, table)
                assert shown["seq"] == seq, shown["seq"]
                if shown["over"]:
                    break
                mover = tokens[shown["current_player"]]
                move = {"action": keeping_on(view(through, table, mover)["legal"]), "seq": seq}
                answer = httpx.post(f"{through}/api/tables/{table}/actions", headers=auth(mover), json=move,
                                    timeout=WAIT)
                assert answer.status_code == 200, answer.text
                assert pushed_until(socket, seq + 1)["seq"] == seq + 1
            else:
                return table
    raise AssertionError(f"no deal lasted {moves} moves")


def test_a_move_through_one_process_reaches_the_watchers_on_another(database: str, prefix: str) -> None:
    with server(database, prefix) as first, server(database, prefix) as second:
        table = _moves_pushed((first, second), second, 4)  # through the first process and the second by turns
        assert view(first, table)["seq"] == view(second, table)["seq"] == 4


async def _both_at_once(urls: tuple[str, str], table: str, token: str, move: dict[str, Any]) -> list[int]:
    async with httpx.AsyncClient(timeout=WAIT) as a, httpx.AsyncClient(timeout=WAIT) as b:
        answers = await asyncio.gather(*(client.post(f"{url}/api/tables/{table}/actions", headers=auth(token),
                                                     json=move) for client, url in zip((a, b), urls, strict=True)))
    for answer in answers:
        if answer.status_code == 409:
            assert answer.json()["error"].startswith("the table has moved on"), answer.text
    return sorted(answer.status_code for answer in answers)


def in_thread(work: Coroutine[Any, Any, T]) -> T:
    """``work`` run to its end on a loop of its own, in a thread: the browser tests' sync API
    leaves an event loop running in this one."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, work).result()


def test_the_same_move_sent_to_two_processes_at_once_is_played_once(database: str, prefix: str) -> None:
    with server(database, prefix) as first, server(database, prefix) as second:
        for _ in range(10):  # a deal may let a move end the game at once: deal again until six are raced
            table, tokens = new_table(first, "kec", ["human", "human"])
            view(second, table)  # in the second's memory too, so that both decide from what they hold
            played: list[str] = []
            for seq in range(6):
                shown = view(first, table)
                if shown["over"]:
                    break
                seen = view(first, table, tokens[shown["current_player"]])
                assert seen["seq"] == seq
                move = {"action": keeping_on(seen["legal"]), "seq": seq}
                assert in_thread(_both_at_once((first, second), table, tokens[seen["current_player"]], move)) \
                    == [200, 409]
                played.append(move["action"])
            else:
                break
        assert len(played) == 6, "no deal lasted six moves"
        store = Store(database)
        try:
            stored = store.load(table)
        finally:
            store.close()
        assert stored is not None and stored.actions == played  # each once, in order
        assert view(first, table)["seq"] == view(second, table)["seq"] == len(played)


def _play_to_the_end(urls: tuple[str, str], table: str, token: str) -> int:
    """The person moves through the processes by turns, whenever his view offers a move (the
    bots move in between); how many moves he made."""
    moves = 0
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        through = urls[moves % 2]
        seen = view(through, table, token)
        if seen["over"]:
            return moves
        if not seen["legal"]:  # a bot to move, or a call window open to the bots
            time.sleep(0.05)
            continue
        move = {"action": seen["legal"][(moves * 7) % len(seen["legal"])], "seq": seen["seq"]}
        answer = httpx.post(f"{through}/api/tables/{table}/actions", headers=auth(token), json=move, timeout=WAIT)
        # 409: a bot's move or a window's close came between the view and the move (the view was
        # current when read: the processes agree on where the game is)
        assert answer.status_code in (200, 409), answer.text
        moves += answer.status_code == 200
    raise AssertionError(f"table {table} did not end")


@pytest.mark.parametrize(("game", "seats", "variant"), [
    ("kec", ["human", "bot:easy"], {"max_actions": 60}),
    ("tac", ["human", "bot:easy"], {"max_moves": 40, "calls": "open"}),  # call windows on the clock, in both
])
def test_a_game_with_bots_plays_to_its_end_through_both_processes(
    database: str, prefix: str, game: str, seats: list[str], variant: dict[str, Any],
) -> None:
    with server(database, prefix) as first, server(database, prefix) as second:
        table, tokens = new_table(first, game, seats, variant=variant)
        with watching(second, table) as socket:
            moves = _play_to_the_end((first, second), table, tokens[0])
            end = view(first, table)
            assert moves >= 2 and end["over"]
            last = pushed_until(socket, end["seq"])  # the watcher on the second saw the game to its end
            assert last["seq"] == end["seq"] and last["over"]
        records = [httpx.get(f"{url}/api/tables/{table}/record", timeout=WAIT).json() for url in (first, second)]
        assert records[0]["actions"] == records[1]["actions"]
        assert len(records[0]["actions"]) == end["seq"]
        assert records[0]["result"] is not None


def test_serve_with_two_workers_shares_its_tables_between_them(database: str, prefix: str) -> None:
    with server(database, prefix, "--workers", "2") as url:
        table = _moves_pushed((url,), url, 8)  # the two workers take the connections as they come
        assert view(url, table)["seq"] == 8


@pytest.mark.parametrize(("options", "said"), [
    (["--workers", "2", "--redis", REDIS_URL], "share the tables through PostgreSQL"),
    (["--redis", REDIS_URL], "share their tables through PostgreSQL"),
    (["--workers", "2", "--db", "{pg}"], "give --redis"),
    (["--workers", "2", "--db", "{pg}", "--redis", "redis://127.0.0.1:1/0"], "no Redis answers"),
    (["--db", "{pg}", "--redis", "redis://127.0.0.1:1/0"], "no Redis answers"),
])
def test_several_processes_without_what_they_need_are_refused_before_serving(
    database: str, tmp_path: Path, options: list[str], said: str,
) -> None:
    port = _free_port()
    command = _serve_command(port, "--db", f"sqlite:///{tmp_path / 'k.db'}",
                             *(database if option == "{pg}" else option for option in options))
    ended = subprocess.run(command, env=_environment(), capture_output=True, timeout=WAIT, cwd=tmp_path)
    assert ended.returncode == 2
    sentence = " ".join(ended.stderr.decode().split())
    assert said in sentence and sentence.startswith("Error: "), sentence
    with pytest.raises(httpx.TransportError):  # nothing was served
        httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1)


def test_a_move_and_a_table_event_raced_from_two_processes_are_never_both_stored(database: str) -> None:
    """A resignation stored by one process while another stores a move at the same place: one
    of them is written, the other is refused as stale (each under the table's row lock, over
    the other's count it was made from), never a move after the game was resigned."""
    first, second = Store(database), Store(database)
    try:
        for round_ in range(12):
            table = f"race{round_}"
            first.create(StoredTable(id=table, game="kec", players=2, variant={}, seed=round_,
                                     seats=[{"kind": "human", "token_hash": None}] * 2, names=["Ana", "Milan"],
                                     actions=[], finished=False, result=None))
            resign = {"kind": "resigned", "seat": 1, "seq": 0, "at": time.time()}
            at_once = threading.Barrier(2)
            with concurrent.futures.ThreadPoolExecutor(2) as pool:
                outcomes = [pool.submit(_together, at_once, first.append, table, 0, "d", events=0),
                            pool.submit(_together, at_once, second.add_event, table, 0, resign)]
                failed = [future.exception() for future in outcomes]
            assert sorted(type(err).__name__ for err in failed) == ["NoneType", "StaleWrite"], failed
            moves, events, _ = first.version(table) or (0, 0, 0)
            assert moves + events == 1
        # and one after the other: each sees the other's row
        first.create(StoredTable(id="after", game="kec", players=2, variant={}, seed=1,
                                 seats=[{"kind": "human", "token_hash": None}] * 2, names=["Ana", "Milan"],
                                 actions=[], finished=False, result=None))
        second.add_event("after", 0, {"kind": "resigned", "seat": 1, "seq": 0, "at": time.time()})
        with pytest.raises(StaleWrite):
            first.append("after", 0, "d", events=0)
        first.append("after", 0, "d", events=1)  # made after the event: stored
        with pytest.raises(StaleWrite):
            second.add_event("after", 1, {"kind": "draw_offered", "seat": 0, "seq": 0, "at": time.time()})
    finally:
        first.close()
        second.close()


def _together(barrier: threading.Barrier, work: Callable[..., None], *args: Any, **kwargs: Any) -> None:
    """``work`` as soon as the other threads of ``barrier`` are ready too."""
    barrier.wait()
    work(*args, **kwargs)


def test_a_bots_move_that_a_table_event_stored_elsewhere_came_before_is_made_on_the_table_as_it_is_now(
    database: str,
) -> None:
    """Another process stores a table's event (here a seat's return) just before this one stores
    its bot's move: the move is refused as stale, this copy catches up, and its bot moves on it
    (nobody else would: no move was stored elsewhere)."""
    async def test() -> None:
        other = Store(database)
        target: list[int] = []  # the seq of the bot's move the event is to come before

        class EventFirst(Store):
            def append(self, table_id: str, seq: int, action: str, at: float | None = None,
                       result: dict[str, Any] | None = None, clock: dict[str, Any] | None = None,
                       events: int | None = None) -> None:
                if target and seq == target[0]:
                    target.clear()
                    other.add_event(table_id, 0, {"kind": "seat_back", "seat": 0, "seq": seq, "at": time.time()})
                super().append(table_id, seq, action, at, result, clock, events)

        service = TableService(EventFirst(database), FakeClock())
        try:
            table_id, _ = await service.create("kec", 2, ["human", "bot:easy"], {"max_actions": 60}, [])
            table = await service.table(table_id)
            await until(lambda: table.state.current_player == 0 and not table.lock.locked(), "Ana's move")
            while True:  # Ana moves until her move gives the bot its turn
                action = next(iter(going_on(table.state)))
                after = table.state.clone()
                after.apply(action)
                if after.current_player == 1:
                    target.append(table.seq + 1)  # her move, then the bot's: the event comes first
                moved = table.seq
                await service.act(table_id, 0, action, table.seq)
                if target or table.seq > moved + 1:
                    break
            await until(lambda: table.over or (table.seq > moved + 1 and not table.lock.locked()), "the bot moved")
            assert not target and [event["kind"] for event in table.events] == ["seat_back"]
            stored = other.load(table_id)
            assert stored is not None and stored.actions == table.state.actions
        finally:
            service.stop()
            other.close()
    in_thread(test())


class _Lagging(Local):
    """Other processes write these tables, and no word of their changes comes (a Redis that lags)."""

    shared = True


def test_a_move_is_judged_on_the_copy_as_it_is_and_what_another_process_stored_since_is_caught_up(
    database: str,
) -> None:
    """A person's move does not ask the database how far the table is first: where the copy is
    behind the view the mover saw, or another process stored a table event before the move, the
    store's refusal has it caught up, and the move counts; a stale move is still refused."""
    async def test() -> None:
        first = TableService(Store(database), FakeClock(), fanout=_Lagging())
        second = TableService(Store(database), FakeClock(), fanout=_Lagging())
        asked: list[str] = []
        for service in (first, second):
            version = service.store.version
            service.store.version = lambda table_id, version=version: asked.append(table_id) or version(table_id)  # type: ignore[method-assign]
        try:
            table_id, tokens = await first.create("kec", 2, ["human", "human"], {}, [])
            here, there = await first.table(table_id), await second.table(table_id)
            asked.clear()
            for mover in (first, first, second):  # the last through the second, behind the view its mover saw
                token = tokens[here.state.current_player]["token"]
                await mover.act(table_id, await mover.mover_seat(table_id, token), going_on(here.state)[0], here.seq)
            assert here.seq == 2 and there.seq == 3
            assert len(asked) == 1  # one look at the database: where the second was behind the mover
            # another process stores a table event: the move made at the table's place still counts
            first.store.add_event(table_id, 0, {"kind": "draw_offered", "seat": 0, "seq": 3, "at": 1.0})
            seat = there.state.current_player
            await second.act(table_id, seat, going_on(there.state)[0], 3)
            assert there.seq == 4 and len(there.events) == 1
            with pytest.raises(PlayerError) as refused:  # the first's copy is behind, and so was this mover
                await first.act(table_id, here.state.current_player, going_on(here.state)[0], 2)
            assert refused.value.status == 409
            stored = first.store.load(table_id)
            assert stored is not None and stored.actions == there.state.actions
        finally:
            first.stop()
            second.stop()
    in_thread(test())
