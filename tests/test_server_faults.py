"""No table is ever stuck: whatever stops the server or its database in the middle of a game, a
table whose turn belongs to a bot (or to a call window's clock) goes on by itself, and a game
that ends is marked finished with its last move.

The server is killed for real (``kill -9`` of a server process on 127.0.0.1) and the database
fails for real (another connection holds SQLite's write lock)."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from functools import partial
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

import kartaros
from kartaros import calls
from kartaros.server import create_app
from kartaros.server.clock import FakeClock
from kartaros.server.store import StaleWrite, Store, StoredTable
from kartaros.server.tables import RETRY_FIRST, TableService
from kartaros.state import GameState
from tests.random_play import going_on
from tests.test_race import run, until
from tests.test_server_api import auth, db_url, new_table  # noqa: F401  (db_url: SQLite and PostgreSQL)

ROOT = Path(__file__).resolve().parent.parent
# Short games, so that many of them end within the test; a hard bot at one table thinks long
# enough that a kill often lands in the middle of its move.
TABLES: list[tuple[str, list[str], dict[str, Any]]] = [
    ("kec", ["human", "bot:easy"], {"max_actions": 60}),
    ("kec", ["human", "bot:medium"], {"max_actions": 60}),
    ("nesalomljiv", ["human", "bot:easy"], {"max_duels": 2}),
    ("nesalomljiv", ["human", "bot:medium"], {"max_duels": 2}),
    ("tac", ["human", "bot:easy", "bot:easy"], {"max_moves": 60}),
    ("tac", ["human", "bot:medium"], {"max_moves": 60, "calls": "open"}),  # call windows on the clock
    ("puck", ["human", "bot:easy", "bot:easy"], {"max_rounds": 1}),
    ("puck", ["human", "bot:hard"], {"max_rounds": 1}),
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def server_process(database: str) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``kartaros serve`` in a process of its own on 127.0.0.1 (its address, and the process to kill)."""
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [sys.executable, "-m", "kartaros", "serve", "--port", str(port), "--db", database,
         "--no-rate-limits"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"{url}/healthz", timeout=1).status_code in (200, 503):
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline or process.poll() is not None:
                raise RuntimeError("the server did not start")
            time.sleep(0.1)
        yield url, process
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=10)


def replayed(stored: StoredTable) -> GameState:
    return kartaros.replay({"game": stored.game, "players": stored.players, "variant": stored.variant,
                            "seed": stored.seed, "actions": stored.actions})


def waits_on_a_person(stored: StoredTable) -> bool:
    """Over, or a person's turn with no call window open: nothing left for the server to do alone."""
    state = replayed(stored)
    if state.is_over:
        return True
    window = calls.races(state) and calls.is_open(state)
    return stored.seats[state.current_player or 0]["kind"] == "human" and not window


async def play(url: str, tables: list[tuple[str, str]], chooser: random.Random, moves: int | None) -> int:
    """The people at ``tables`` (id, token) play at once, each a random legal move as soon as the
    view offers one, until ``moves`` moves in all were answered (None: until every game is over).
    Returns how many were answered."""
    answered = 0
    done = asyncio.Event()

    async def person(client: httpx.AsyncClient, table: str, token: str) -> None:
        nonlocal answered
        for _ in range(5000):
            if done.is_set():
                return
            view = (await client.get(f"/api/tables/{table}", headers=auth(token))).json()
            if view["over"]:
                return
            if not view["legal"]:  # a bot to move, or a window open to the others
                await asyncio.sleep(0.02)
                continue
            move = {"action": chooser.choice(view["legal"]), "seq": view["seq"]}
            response = await client.post(f"/api/tables/{table}/actions", headers=auth(token), json=move)
            assert response.status_code in (200, 409), response.text
            answered += 1
            if moves is not None and answered >= moves:
                done.set()
        raise AssertionError(f"table {table} did not end")

    async with httpx.AsyncClient(base_url=url, timeout=60) as client:
        await asyncio.gather(*(person(client, table, token) for table, token in tables))
    return answered


def test_a_server_killed_at_random_points_leaves_every_game_able_to_finish(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'kartaros.db'}"
    chooser = random.Random(19)
    with server_process(database) as (url, _), httpx.Client(base_url=url) as client:
        answers = [client.post("/api/tables", json={"game": g, "players": len(s), "seats": s, "variant": v})
                   for g, s, v in TABLES]
        assert [a.status_code for a in answers] == [201] * len(TABLES), [a.text for a in answers]
        created = [a.json() for a in answers]
    tables = [(c["table"], c["seats"][0]["token"]) for c in created]
    store = Store(database)
    for kill in range(4):
        with server_process(database) as (url, process):
            # Nobody asks about any table: what a bot or a clock owes is done by the server alone.
            deadline = time.monotonic() + 60
            while not all(waits_on_a_person(s) for s in (store.load(t) for t, _ in tables) if s is not None):
                assert time.monotonic() < deadline, "a table with a bot or a clock to move stayed stuck"
                time.sleep(0.1)
            if kill == 3:
                break
            # The people play on, and the server is killed in the middle of it, requests in flight.
            # On a loop of its own thread (run): the browser tests' session holds this one's.
            run(partial(_play_until_killed, url, tables, chooser, process, chooser.randint(5, 60)))
    with server_process(database) as (url, _):
        run(partial(play, url, tables, chooser, None))
        listed = httpx.get(f"{url}/api/finished", params={"tables": ",".join(t for t, _ in tables)}).json()
    for table, _ in tables:
        stored = store.load(table)
        assert stored is not None and replayed(stored).is_over
        assert stored.finished and stored.result == _result_of(replayed(stored))
    assert sorted(f["table"] for f in listed) == sorted(t for t, _ in tables)
    store.close()


async def _play_until_killed(
    url: str, tables: list[tuple[str, str]], chooser: random.Random, process: subprocess.Popen[bytes], moves: int,
) -> None:
    with suppress(httpx.TransportError):
        await play(url, tables, chooser, moves)
    process.send_signal(signal.SIGKILL)  # still answering the others' moves and moving their bots
    process.wait(timeout=10)


def _result_of(state: GameState) -> dict[str, Any]:
    result = state.record()["result"]
    assert result is not None
    return dict(result)


# ---- the database failing in the middle of a bot's move ------------------------------------------


class LockedStore(Store):
    """A real SQLite store; ``lock_when(table_id, seq)``, asked before each move is written, may
    have another connection take the database's write lock first, so that the write fails as it
    would with another writer holding on (\"database is locked\")."""

    def __init__(self, path: Path) -> None:
        super().__init__(f"sqlite:///{path}?timeout=0.05")  # give up waiting for the lock at once
        self.path = path
        self.lock_when: Callable[[str, int], bool] = lambda table_id, seq: False
        self.locker: sqlite3.Connection | None = None
        self.failed = 0

    def lock(self) -> None:
        self.locker = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.locker.execute("BEGIN EXCLUSIVE")

    def unlock(self) -> None:
        assert self.locker is not None
        self.locker.execute("ROLLBACK")
        self.locker.close()
        self.locker = None

    def append(self, table_id: str, seq: int, action: str, at: float | None = None,
               result: dict[str, Any] | None = None, clock: dict[str, Any] | None = None,
               events: int | None = None) -> None:
        if self.locker is None and self.lock_when(table_id, seq):
            self.lock()
        try:
            super().append(table_id, seq, action, at, result, clock, events)
        except Exception:
            self.failed += 1
            raise


def test_a_bots_move_the_database_refused_is_made_once_it_answers_again(tmp_path: Path) -> None:
    async def test() -> None:
        clock = FakeClock()
        store = LockedStore(tmp_path / "kartaros.db")
        service = TableService(store, clock)
        table_id, _ = await service.create("kec", 2, ["human", "bot:easy"], {}, [])
        table = await service.table(table_id)
        # the first write of a bot's move finds the database locked
        store.lock_when = lambda _, seq: table.state.current_player == 1
        for _ in range(200):
            assert table.state.current_player == 0
            seq = table.seq
            # a move that leaves the game going (a deal may let the first move win at once)
            move = going_on(table.state)[0]
            await service.act(table_id, 0, move, seq)  # the person's move is kept
            if store.locker is not None:
                break
        assert table.seq == seq + 1 and table.state.current_player == 1
        # tried again at once, and then on the server's clock while the lock is held: each fails
        await until(lambda: store.failed == 2 and clock.sleeping == 1, "the first retry")
        await clock.advance(RETRY_FIRST)
        await until(lambda: store.failed == 3 and clock.sleeping == 1, "the second retry")
        assert table.state.current_player == 1
        store.unlock()
        store.lock_when = lambda _, seq: False
        stored = store.load(table_id)
        assert stored is not None and len(stored.actions) == seq + 1  # the person's move, stored
        await clock.advance(RETRY_FIRST)  # not yet: the wait doubled
        assert store.failed == 3 and table.seq == seq + 1
        await clock.advance(RETRY_FIRST)
        await until(lambda: table.state.current_player == 0 or table.state.is_over, "the bot moved")
        stored = store.load(table_id)
        assert stored is not None and stored.actions == table.state.actions
        service.stop()
        store.close()
    run(test)


def test_storage_trouble_is_a_503_in_json_and_the_move_can_be_made_again(tmp_path: Path) -> None:
    path = tmp_path / "kartaros.db"
    with TestClient(create_app(f"sqlite:///{path}?timeout=0.05")) as client:
        created = new_table(client, seats=["human", "human"])
        table, token = created["table"], created["seats"][0]["token"]
        locker = sqlite3.connect(path, isolation_level=None)
        locker.execute("BEGIN EXCLUSIVE")
        url = f"/api/tables/{table}/actions?lang=sr"
        refused = client.post(url, headers=auth(token), json={"action": "draw", "seq": 0})
        assert refused.status_code == 503
        assert refused.json() == {
            "error": "the server cannot save the game just now: try again in a moment",
            "words": "server trenutno ne može da sačuva igru: pokušaj ponovo za koji trenutak",
        }
        refused = client.post("/api/tables", json={"game": "kec", "seats": ["human", "human"]})
        assert refused.status_code == 503 and "cannot save" in refused.json()["error"]
        with client.websocket_connect(f"/api/tables/{table}/ws") as ws:
            ws.send_json({"token": token})
            assert ws.receive_json()["seq"] == 0
            ws.send_json({"action": "draw", "seq": 0})
            assert "cannot save" in ws.receive_json()["error"]
            locker.execute("ROLLBACK")
            ws.send_json({"action": "draw", "seq": 0})
            assert ws.receive_json()["seq"] == 1
        locker.close()


def test_a_game_over_in_its_moves_but_never_marked_finished_is_marked_at_startup(tmp_path: Path) -> None:
    """A table stored by a server that stopped between the last move and the result (as an older
    one could) is listed among the finished games once a server starts on it."""
    database = f"sqlite:///{tmp_path / 'kartaros.db'}"
    with TestClient(create_app(database)) as client:
        created = new_table(client, seats=["human", "human"], variant={"max_actions": 3})
        table, tokens = created["table"], [s["token"] for s in created["seats"]]
        state = client.app.state.service.live[table].state  # type: ignore[attr-defined]
        last = None
        while not state.is_over:
            clone = state.clone()
            clone.apply(state.legal_actions()[0])
            if clone.is_over:
                last = state.legal_actions()[0]
                break
            view = client.post(f"/api/tables/{table}/actions", headers=auth(tokens[state.current_player]),
                               json={"action": state.legal_actions()[0], "seq": len(state.actions)})
            assert view.status_code == 200
        seq = len(state.actions)
    assert last is not None
    store = Store(database)
    store.append(table, seq, last)  # the last move alone, as if the server died before its result
    assert not store.load(table).finished  # type: ignore[union-attr]
    with TestClient(create_app(database)) as client:
        deadline = time.monotonic() + 30
        while not client.get(f"/api/finished?tables={table}").json():
            assert time.monotonic() < deadline, "the finished game was never marked finished"
            time.sleep(0.05)
    stored = store.load(table)
    assert stored is not None and stored.finished and stored.result == _result_of(replayed(stored))
    store.close()


def test_the_last_move_and_the_result_are_one_transaction(db_url: str) -> None:  # noqa: F811
    """A move ending the game is stored with the result or not at all."""
    store = Store(db_url)
    store.create(StoredTable(id="t1", game="kec", players=2, variant={}, seed=1, seats=[], names=[], actions=[],
                             finished=False, result=None))
    result = {"returns": [1.0, -1.0], "reason": "choke", "detail": None}
    store.append("t1", 0, "draw", result=result)
    stored = store.load("t1")
    assert stored is not None and stored.finished and stored.result == result and stored.actions == ["draw"]
    with pytest.raises(StaleWrite):  # a losing writer stores neither
        store.append("t1", 0, "x", result={"returns": [0.0, 0.0], "reason": "other", "detail": None})
    assert store.load("t1").result == result  # type: ignore[union-attr]
    store.close()


# ---- SQLite as a server's database, and a health check that writes ------------------------------


def test_sqlite_is_written_ahead_so_readers_never_wait_for_the_writer(tmp_path: Path) -> None:
    path = tmp_path / "kartaros.db"
    with TestClient(create_app(f"sqlite:///{path}?timeout=0.05")) as client:
        created = new_table(client, seats=["human", "human"])
        with sqlite3.connect(path) as db:
            assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        locker = sqlite3.connect(path, isolation_level=None)
        locker.execute("BEGIN EXCLUSIVE")  # a writer holding on: a table still loads (a fresh server)
        with TestClient(create_app(f"sqlite:///{path}?timeout=0.05")) as other:
            assert other.get(f"/api/tables/{created['table']}").status_code == 200
            assert other.get("/healthz").status_code == 503
        locker.execute("ROLLBACK")
        locker.close()


def _read_only(url: str) -> str:
    """The same database opened so that it takes reads and refuses every write."""
    if url.startswith("sqlite:///"):
        return f"sqlite:///file:{url[len('sqlite:///'):]}?mode=ro&uri=true"
    return url + "%20-cdefault_transaction_read_only%3Don"


def test_healthz_tells_a_database_that_cannot_be_written_and_every_failure_is_json(
    db_url: str, monkeypatch: pytest.MonkeyPatch,  # noqa: F811
) -> None:
    with TestClient(create_app(db_url)) as client:
        assert client.get("/healthz").json() == {"status": "ok"}
        created = new_table(client, seats=["human", "human"])
    table, token = created["table"], created["seats"][0]["token"]
    with TestClient(create_app(_read_only(db_url)), raise_server_exceptions=False) as client:
        answer = client.get("/healthz")
        assert (answer.status_code, answer.json()["status"]) == (503, "failing")
        assert client.get(f"/api/tables/{table}", headers=auth(token)).status_code == 200  # reads go on
        refused = client.post(f"/api/tables/{table}/actions", headers=auth(token), json={"action": "draw", "seq": 0})
        assert refused.status_code == 503 and refused.json()["words"].startswith("the server cannot save")
        assert client.get(f"/api/tables/{table}", headers=auth(token)).json()["seq"] == 0  # nothing applied
        # a failure nobody foresaw is JSON too, and says nothing of the request
        service = client.app.state.service  # type: ignore[attr-defined]
        monkeypatch.setattr(service, "view", lambda *_: 1 / 0)
        broken = client.get(f"/api/tables/{table}")
        assert broken.status_code == 500
        assert broken.json() == {"error": "the server failed to answer this request"}
