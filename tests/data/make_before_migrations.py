"""Make ``kartaros-before-migrations.db``: a database as the server kept it before its schema was
owned by migrations (tables made by ``metadata.create_all``, no ``alembic_version``), with
finished and unfinished games of every game, and ``kartaros-before-migrations.json``, what
``tests/test_migrations.py`` expects of it (each table's game, moves, whether it is over, and
the seat tokens to resume it).

The committed file was made by kartaros at commit a26f91b, the last before migrations: in a
clone checked out at that commit, with this script copied into its ``tests/data/``,

    PYTHONPATH=. python tests/data/make_before_migrations.py

Run with kartaros after migrations it would make a database with ``alembic_version``, which is
not what the test needs; it says so and stops.
"""

from __future__ import annotations

import json
import random
import sqlite3
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from kartaros.server import create_app
from kartaros.server.clock import FakeClock

HERE = Path(__file__).parent
DB = HERE / "kartaros-before-migrations.db"
EXPECTED = HERE / "kartaros-before-migrations.json"

# (game, seats, variant, moves the first person plays at most: None to the end)
TABLES: list[tuple[str, list[str], dict[str, Any], int | None]] = [
    ("kec", ["human", "bot:easy"], {}, None),
    ("kec", ["human", "bot:easy"], {"pairs_to": "out"}, 6),
    ("nesalomljiv", ["human", "bot:easy"], {}, None),
    ("nesalomljiv", ["human", "human"], {}, 3),
    ("tac", ["human", "bot:easy", "bot:easy"], {"calls": "open"}, None),
    ("tac", ["human", "bot:easy"], {"calls": "open"}, 4),
    ("puck", ["human", "bot:easy", "bot:easy", "bot:easy"], {}, None),
    ("puck", ["human", "human", "bot:easy"], {}, 2),
]


def _play(
    client: TestClient, clock: FakeClock, table: str, tokens: list[dict[str, Any]], most: int | None,
    rng: random.Random,
) -> None:
    """The people at the table play random legal moves, up to ``most`` of them (None: to the end)."""
    played = waited = 0
    while most is None or played < most:
        moved = False
        for seat in tokens:
            headers = {"Authorization": f"Bearer {seat['token']}"}
            view = client.get(f"/api/tables/{table}", headers=headers).json()
            if view["over"]:
                return
            if view["legal"]:
                move = {"action": rng.choice(view["legal"]), "seq": view["seq"]}
                response = client.post(f"/api/tables/{table}/actions", headers=headers, json=move)
                if response.status_code == 200:  # a call may come too late, or be one too many
                    moved = True
                    played += 1
                    break
        if not moved:  # a call window is open, or a bot is thinking: the server's clock moves on
            waited += 1
            assert waited < 100, f"nobody can move at {table} and the game is not over"
            client.portal.call(clock.advance, 1.0)
            time.sleep(0.05)  # what the window's close stores, in a thread


def main() -> None:
    for path in (DB, Path(f"{DB}-wal"), Path(f"{DB}-shm")):
        path.unlink(missing_ok=True)
    rng = random.Random(18)
    expected = []
    clock = FakeClock(start=time.time())
    with TestClient(create_app(f"sqlite:///{DB}", clock=clock)) as client:
        for game, seats, variant, most in TABLES:
            response = client.post("/api/tables", json={"game": game, "players": len(seats), "seats": seats,
                                                          "variant": variant})
            assert response.status_code == 201, response.text
            made = response.json()
            _play(client, clock, made["table"], made["seats"], most, rng)
            record = client.get(f"/api/tables/{made['table']}/record")
            over = record.status_code == 200
            expected.append({"table": made["table"], "game": game, "seats": made["seats"], "over": over,
                             "result": record.json()["result"] if over else None})
    with sqlite3.connect(DB) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        db.execute("PRAGMA journal_mode=DELETE")  # one file, nothing beside it
        names = {row[0] for row in db.execute("select name from sqlite_master where type = 'table'")}
        for entry in expected:
            entry["actions"] = [a for (a,) in db.execute(
                "select action from kartaros_actions where table_id = ? order by seq", (entry["table"],))]
    if "alembic_version" in names:
        DB.unlink()
        raise SystemExit("this kartaros keeps its schema by migrations: run the script with kartaros before them")
    EXPECTED.write_text(json.dumps(expected, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{DB.name}: {len(expected)} tables, {sum(e['over'] for e in expected)} finished")


if __name__ == "__main__":
    main()
