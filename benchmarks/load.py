"""The server under a crowd: many tables played at once, on this machine only.

    python3 benchmarks/load.py [--tables 50] [--seconds 30] [--pace 0] [--db URL] [--game kec]
                               [--bot easy] [--via http|socket] [--watchers 0] [--serve-args "…"]
                               [--url http://127.0.0.1:8000,…] [--sample 0]

Starts ``kartaros serve`` on 127.0.0.1 (a fresh SQLite file unless ``--db`` names a database;
a PostgreSQL database gets a schema of its own for the run, dropped at the end; ``--serve-args``
are added to its command, e.g. ``--workers 2 --redis redis://127.0.0.1:6379``), or plays the
servers ``--url`` names (tables spread over them in turn). At each of ``--tables`` tables a person
plays against a bot (``--bot``: its level): he plays a random legal move, ``--pace`` seconds apart
(0: as fast as the server answers), over HTTP (``POST …/actions``, whose answer is the view after
the bots moved) or over the table's socket as the page does (``--via socket``: a move is
acknowledged when the view showing it arrives, before the bot has thought). ``--watchers``
spectators watch each table on sockets of their own, reading every push. A game that ends is
followed by a new table, until ``--seconds`` have passed.

Prints the round trip of the moves (p50, p95, p99, max), the errors (any answer but success, and a
409 from a table that has moved on), the games finished, the moves per second, the bytes pushed to
the watchers, and the CPU (share of one core, the server's processes with their bot workers
together, and the load's own) and the server's memory at the end (``--sample N``: also every N
seconds, for a soak). Everything talks to 127.0.0.1, bounded in tables and in time: every request
and every wait has a timeout.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import secrets
import shlex
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp

MOST_TABLES = 2000
MOST_SECONDS = 3600
MOST_WATCHERS = 20
WAIT_SECONDS = 60.0  # the longest any answer or push may take before it counts as an error
ROOT = Path(__file__).resolve().parent.parent
View = dict[str, Any]


@dataclass
class Tally:
    trips: list[float] = field(default_factory=list)  # seconds per move, sent to acknowledged
    errors: dict[str, int] = field(default_factory=dict)
    finished: int = 0
    pushed: int = 0  # bytes of the pushes the watchers read
    pushes: int = 0

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _family(pid: int) -> list[int]:
    """``pid`` and every process below it (a server's uvicorn workers and bot workers)."""
    found = [pid]
    for child in Path(f"/proc/{pid}/task").glob("*/children"):
        with suppress(OSError):
            for inner in child.read_text().split():
                found += _family(int(inner))
    return found


def _cpu_seconds(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        with suppress(OSError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime
    return total


def _memory_mb(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        with suppress(OSError):
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) / 1024
    return total


class Seat:
    """A person's seat at one table: his moves over HTTP or over the table's socket."""

    def __init__(self, session: aiohttp.ClientSession, base: str, table: str, token: str) -> None:
        self.session, self.base, self.table, self.token = session, base, table, token
        self.headers = {"Authorization": f"Bearer {token}"}
        self.socket: aiohttp.ClientWebSocketResponse | None = None

    async def open(self, via: str) -> View:
        if via == "socket":
            self.socket = await self.session.ws_connect(f"{self.base}/api/tables/{self.table}/ws",
                                                        timeout=aiohttp.ClientWSTimeout(ws_close=5))
            await self.socket.send_json({"token": self.token})
            return await self.next_view()
        async with self.session.get(f"{self.base}/api/tables/{self.table}", headers=self.headers) as answer:
            return dict(await answer.json())

    async def next_view(self, after: int = -1) -> View:
        """The next view pushed on the socket whose seq is past ``after`` (errors raise)."""
        assert self.socket is not None
        while True:
            message = await asyncio.wait_for(self.socket.receive(), WAIT_SECONDS)
            if message.type != aiohttp.WSMsgType.TEXT:
                raise ConnectionError(f"the socket closed ({message.type.name})")
            pushed = json.loads(message.data)
            if "error" in pushed:
                raise MoveRefused(str(pushed.get("status", "socket")))
            if "seq" in pushed and pushed["seq"] > after:
                return dict(pushed)

    async def move(self, view: View, action: str) -> View:
        """Play ``action``; the view that shows it played."""
        if self.socket is not None:
            await self.socket.send_json({"action": action, "seq": view["seq"]})
            return await self.next_view(view["seq"])
        async with self.session.post(f"{self.base}/api/tables/{self.table}/actions", headers=self.headers,
                                     json={"action": action, "seq": view["seq"]}) as answer:
            if answer.status != 200:
                raise MoveRefused(str(answer.status))
            return dict(await answer.json())

    async def close(self) -> None:
        if self.socket is not None:
            await self.socket.close()


class MoveRefused(Exception):
    """The server answered a move with an error (its status)."""


async def watch(session: aiohttp.ClientSession, base: str, table: str, tally: Tally) -> None:
    """A spectator reading every push of the table until it ends or the run is over."""
    async with session.ws_connect(f"{base}/api/tables/{table}/ws") as ws:
        await ws.send_json({})
        async for message in ws:
            if message.type != aiohttp.WSMsgType.TEXT:
                break
            tally.pushed += len(message.data)
            tally.pushes += 1
            if json.loads(message.data).get("over"):
                break


async def person(session: aiohttp.ClientSession, base: str, args: argparse.Namespace, until: float, tally: Tally,
                 chooser: random.Random) -> None:
    """One table after another until the time is up, each played to its end against a bot."""
    while time.monotonic() < until:
        async with session.post(f"{base}/api/tables", json={"game": args.game, "seats": ["human", f"bot:{args.bot}"]},
                                headers={"Content-Type": "application/json"}) as answer:
            if answer.status != 201:
                tally.error(f"create {answer.status}")
                await asyncio.sleep(0.5)
                continue
            created = await answer.json()
        seat = Seat(session, base, created["table"], created["seats"][0]["token"])
        watchers = [asyncio.create_task(watch(session, base, seat.table, tally)) for _ in range(args.watchers)]
        try:
            view = await seat.open(args.via)
            while time.monotonic() < until and not view["over"]:
                if not view["legal"]:  # the bot is still to move
                    view = await (seat.next_view(view["seq"]) if seat.socket else seat.open(args.via))
                    continue
                if args.pace:
                    await asyncio.sleep(args.pace * chooser.uniform(0.5, 1.5))
                start = time.perf_counter()
                try:
                    view = await seat.move(view, chooser.choice(view["legal"]))
                except MoveRefused as refused:
                    tally.error(f"move {refused}")
                    await seat.close()
                    view = await seat.open(args.via)
                    continue
                tally.trips.append(time.perf_counter() - start)
            if view["over"]:
                tally.finished += 1
        finally:
            await seat.close()
            for watcher in watchers:
                watcher.cancel()
            for failure in await asyncio.gather(*watchers, return_exceptions=True):
                if isinstance(failure, Exception):
                    tally.error(f"watch {type(failure).__name__}")


async def crowd(bases: list[str], args: argparse.Namespace, servers: list[int], started: float) -> Tally:
    tally = Tally()
    until = time.monotonic() + args.seconds
    connector = aiohttp.TCPConnector(limit=min(args.tables, 500))
    timeout = aiohttp.ClientTimeout(total=WAIT_SECONDS)
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as session:
        async def guarded(n: int) -> None:
            try:
                await person(session, bases[n % len(bases)], args, until, tally, random.Random(args.seed * 100_003 + n))
            except (aiohttp.ClientError, ConnectionError, TimeoutError, MoveRefused) as err:
                tally.error(type(err).__name__)

        async def sample() -> None:
            while args.sample:
                await asyncio.sleep(args.sample)
                family = [p for pid in servers for p in _family(pid)]
                print(f"  at {time.monotonic() - started:6.0f} s: server memory {_memory_mb(family):.0f} MB, "
                      f"{len(tally.trips)} moves, {tally.finished} games finished", flush=True)

        sampling = asyncio.create_task(sample())
        await asyncio.gather(*(guarded(n) for n in range(args.tables)))
        sampling.cancel()
    return tally


@contextmanager
def _scratch(db: str) -> Iterator[str]:
    """The database URL to serve: for PostgreSQL, a schema made for this run and dropped after it."""
    if not db.startswith("postgresql"):
        yield db
        return
    from sqlalchemy import text

    from kartaros.server.store import make_engine

    schema = f"load_{secrets.token_hex(4)}"
    admin = make_engine(db)
    with admin.begin() as conn:
        conn.execute(text(f"create schema {schema}"))
    try:
        yield f"{db}{'&' if '?' in db else '?'}options=-csearch_path%3D{schema}"
    finally:
        with admin.begin() as conn:
            conn.execute(text(f"drop schema {schema} cascade"))
        admin.dispose()


@contextmanager
def _server(db: str, serve_args: str) -> Iterator[tuple[str, int]]:
    """A ``kartaros serve`` on 127.0.0.1 (rate limits off: every client here has one address)."""
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "kartaros", "serve", "--host", "127.0.0.1", "--port", str(port), "--db", db,
         "--no-rate-limits", *shlex.split(serve_args)],
        # (in this tree: ``-m`` puts the working directory first, and another tree's package there
        # would be the one served)
        env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.DEVNULL, cwd=ROOT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_up(base, server)
        yield base, server.pid
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()


def _wait_up(base: str, server: subprocess.Popen[bytes]) -> None:
    import urllib.error
    import urllib.request

    deadline = time.monotonic() + 60
    while True:
        with suppress(urllib.error.URLError, OSError), urllib.request.urlopen(f"{base}/healthz", timeout=1) as answer:
            if answer.status == 200:
                return
        if time.monotonic() > deadline or server.poll() is not None:
            sys.exit("the server did not start")
        time.sleep(0.1)


def report(args: argparse.Namespace, what: str, tally: Tally, cpu: float, own_cpu: float, memory: float | None) -> None:
    trips = sorted(tally.trips)
    if len(trips) < 2:
        sys.exit(f"no moves were made (errors: {tally.errors})")
    cuts = statistics.quantiles(trips, n=100, method="inclusive")
    print(f"{args.tables} tables, {args.seconds:g} s, pace {args.pace:g} s, {what}, bot {args.bot}, via {args.via}, "
          f"{args.watchers} watchers a table")
    print(f"moves {len(trips)} ({len(trips) / args.seconds:.0f}/s), games finished {tally.finished}")
    print(f"round trip ms: p50 {cuts[49] * 1000:.1f}  p95 {cuts[94] * 1000:.1f}  p99 {cuts[98] * 1000:.1f}  "
          f"max {trips[-1] * 1000:.1f}")
    print(f"errors: {sum(tally.errors.values())} {tally.errors or ''}")
    if tally.pushes:
        print(f"pushes read by watchers: {tally.pushes}, {tally.pushed / tally.pushes / 1024:.1f} KiB each on average")
    server = f"CPU {cpu:.0%} of one core, memory {memory:.0f} MB; " if memory is not None else ""
    print(f"server: {server}load generator: CPU {own_cpu:.0%} of one core")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--pace", type=float, default=0.0, help="seconds between a person's moves (0: full speed)")
    parser.add_argument("--db", default="", help="database URL (default: a fresh SQLite file)")
    parser.add_argument("--game", default="kec")
    parser.add_argument("--bot", default="easy", help="the level of the bot at each table")
    parser.add_argument("--via", choices=("http", "socket"), default="http", help="how the person sends his moves")
    parser.add_argument("--watchers", type=int, default=0, help="spectators on sockets at each table")
    parser.add_argument("--serve-args", default="", help="more arguments for kartaros serve")
    parser.add_argument("--url", default="", help="play running servers (comma-separated) instead of starting one")
    parser.add_argument("--sample", type=float, default=0, help="print the server's memory every N seconds")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not 1 <= args.tables <= MOST_TABLES or not 0 < args.seconds <= MOST_SECONDS:
        parser.error(f"--tables from 1 to {MOST_TABLES}, --seconds up to {MOST_SECONDS}")
    if not 0 <= args.watchers <= MOST_WATCHERS:
        parser.error(f"--watchers from 0 to {MOST_WATCHERS}")
    bases = [url.rstrip("/") for url in args.url.split(",") if url]
    if any(not url.startswith(("http://127.0.0.1", "http://localhost")) for url in bases):
        parser.error("--url: servers on this machine only (http://127.0.0.1:…)")
    own = time.process_time()
    if bases:
        started = time.monotonic()
        tally = asyncio.run(crowd(bases, args, [], started))
        report(args, "running servers", tally, 0.0, (time.process_time() - own) / (time.monotonic() - started), None)
        return
    with tempfile.TemporaryDirectory() as folder, _scratch(args.db or f"sqlite:///{Path(folder) / 'load.db'}") as db, \
            _server(db, args.serve_args) as (base, pid):
        family = _family(pid)
        cpu_before, own, started = _cpu_seconds(family), time.process_time(), time.monotonic()
        tally = asyncio.run(crowd([base], args, [pid], started))
        family = sorted(set(family) | set(_family(pid)))
        wall = time.monotonic() - started
        cpu = (_cpu_seconds(family) - cpu_before) / wall
        memory = _memory_mb(_family(pid))
        own_cpu = (time.process_time() - own) / wall
    report(args, db.split(":", 1)[0], tally, cpu, own_cpu, memory)


if __name__ == "__main__":
    main()
