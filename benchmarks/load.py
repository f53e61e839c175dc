"""The server under a crowd: many tables played at once over HTTP, on this machine only.

    python3 benchmarks/load.py [--tables 50] [--seconds 30] [--pace 0] [--db URL] [--game kec]

Starts ``kartaros serve`` on 127.0.0.1 (a fresh SQLite file unless ``--db`` names a database;
a PostgreSQL database gets a schema of its own for the run, dropped at the end),
and at each of ``--tables`` tables a person plays against an easy bot: he looks at the table,
then plays a random legal move, ``--pace`` seconds apart (0: as fast as the server answers). A
game that ends is followed by a new table, until ``--seconds`` have passed. Prints the round
trip of the moves (p50, p95, p99), the errors (any answer but 200, and a 409 from a table that
has moved on), the games finished, the moves per second, and the server's CPU (share of one
core) and memory at the end. Everything talks to 127.0.0.1, bounded in tables and in time.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import httpx

MOST_TABLES = 2000
MOST_SECONDS = 3600
ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Tally:
    trips: list[float] = field(default_factory=list)  # seconds per move, request to answer
    errors: dict[str, int] = field(default_factory=dict)
    finished: int = 0

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


def _memory_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def person(client: httpx.AsyncClient, game: str, pace: float, until: float, tally: Tally,
                 chooser: random.Random) -> None:
    """One table after another until the time is up, each played to its end against an easy bot."""
    while time.monotonic() < until:
        answer = await client.post("/api/tables", json={"game": game, "seats": ["human", "bot:easy"]})
        if answer.status_code != 201:
            tally.error(f"create {answer.status_code}")
            await asyncio.sleep(0.5)
            continue
        created = answer.json()
        url, headers = f"/api/tables/{created['table']}", {"Authorization": f"Bearer {created['seats'][0]['token']}"}
        view = (await client.get(url, headers=headers)).json()
        while time.monotonic() < until and not view["over"]:
            if not view["legal"]:  # the bot is still to move (the server answers after it moved)
                view = (await client.get(url, headers=headers)).json()
                continue
            if pace:
                await asyncio.sleep(pace * chooser.uniform(0.5, 1.5))
            move = {"action": chooser.choice(view["legal"]), "seq": view["seq"]}
            start = time.perf_counter()
            answer = await client.post(f"{url}/actions", headers=headers, json=move)
            tally.trips.append(time.perf_counter() - start)
            if answer.status_code != 200:
                tally.error(f"move {answer.status_code}")
                view = (await client.get(url, headers=headers)).json()
                continue
            view = answer.json()
        if view["over"]:
            tally.finished += 1


async def crowd(base: str, tables: int, seconds: float, pace: float, game: str, seed: int) -> Tally:
    tally = Tally()
    until = time.monotonic() + seconds
    limits = httpx.Limits(max_connections=min(tables, 500), max_keepalive_connections=min(tables, 500))
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as client:
        async def guarded(n: int) -> None:
            try:
                await person(client, game, pace, until, tally, random.Random(seed * 100_003 + n))
            except httpx.HTTPError as err:
                tally.error(type(err).__name__)

        await asyncio.gather(*(guarded(n) for n in range(tables)))
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--pace", type=float, default=0.0, help="seconds between a person's moves (0: full speed)")
    parser.add_argument("--db", default="", help="database URL (default: a fresh SQLite file)")
    parser.add_argument("--game", default="kec")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not 1 <= args.tables <= MOST_TABLES or not 0 < args.seconds <= MOST_SECONDS:
        parser.error(f"--tables from 1 to {MOST_TABLES}, --seconds up to {MOST_SECONDS}")
    with tempfile.TemporaryDirectory() as folder, _scratch(args.db or f"sqlite:///{Path(folder) / 'load.db'}") as db:
        port = _free_port()
        server = subprocess.Popen(
            [sys.executable, "-m", "kartaros", "serve", "--host", "127.0.0.1", "--port", str(port), "--db", db,
             "--no-rate-limits"],  # every client of the test comes from one address
            env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.DEVNULL,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                if time.monotonic() > deadline or server.poll() is not None:
                    sys.exit("the server did not start")
                time.sleep(0.1)
            cpu_before, wall_before = _cpu_seconds(server.pid), time.monotonic()
            tally = asyncio.run(crowd(base, args.tables, args.seconds, args.pace, args.game, args.seed))
            cpu = (_cpu_seconds(server.pid) - cpu_before) / (time.monotonic() - wall_before)
            memory = _memory_mb(server.pid)
        finally:
            server.terminate()
            server.wait(timeout=30)
    trips = sorted(tally.trips)
    if len(trips) < 2:
        sys.exit("no moves were made")
    cuts = statistics.quantiles(trips, n=100, method="inclusive")
    print(f"{args.tables} tables, {args.seconds:g} s, pace {args.pace:g} s, {db.split(':', 1)[0]}")
    print(f"moves {len(trips)} ({len(trips) / args.seconds:.0f}/s), games finished {tally.finished}")
    print(f"round trip ms: p50 {cuts[49] * 1000:.1f}  p95 {cuts[94] * 1000:.1f}  p99 {cuts[98] * 1000:.1f}  "
          f"max {trips[-1] * 1000:.1f}")
    print(f"errors: {sum(tally.errors.values())} {tally.errors or ''}")
    print(f"server: CPU {cpu:.0%} of one core, memory {memory:.0f} MB")


if __name__ == "__main__":
    main()
