"""Slow or hostile clients cannot hurt the others: a socket that never reads is dropped, and the
table it watches plays on. Against a real server on 127.0.0.1 (uvicorn), with a raw TCP client
whose receive window is as small as the system allows."""

from __future__ import annotations

import base64
import json
import os
import random
import socket
import struct
import time
from contextlib import suppress
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
from websockets.sync.client import connect

from kartaros.server import create_app
from tests.conftest import _serve
from tests.test_server_api import auth

LONG_GAME = 300  # moves: whole views of several megabytes in all, more than any buffer on the way holds


def frame(payload: bytes, opcode: int = 0x1) -> bytes:
    """One masked WebSocket frame from a client (RFC 6455 §5.2)."""
    mask = os.urandom(4)
    head = bytes([0x80 | opcode])
    if len(payload) < 126:
        head += bytes([0x80 | len(payload)])
    elif len(payload) < 2**16:
        head += bytes([0x80 | 126]) + struct.pack("!H", len(payload))
    else:
        head += bytes([0x80 | 127]) + struct.pack("!Q", len(payload))
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def never_reading_socket(base: str, path: str, first: bytes = b"{}") -> socket.socket:
    """A WebSocket client that opens ``path``, sends ``first`` and then never reads again."""
    where = urlsplit(base)
    assert where.hostname == "127.0.0.1" and where.port is not None
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)  # before connecting: a tiny window
    sock.connect((where.hostname, where.port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{where.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    answer = b""
    while b"\r\n\r\n" not in answer:  # the handshake's answer, one byte at a time: nothing beyond it
        answer += sock.recv(1)
    assert answer.startswith(b"HTTP/1.1 101"), answer
    sock.sendall(frame(first))
    return sock


def ask_again(sock: socket.socket) -> None:
    """Ask for the whole view (pushes carry only new events, which the buffers on the way would
    hold for a whole game); never waits: a socket the server dropped or stopped reading is left."""
    sock.setblocking(False)
    with suppress(OSError):  # dropped already, or its buffer full: the server does not read it any more
        sock.send(frame(b'{"full_view": true}'))


def test_a_socket_that_never_reads_is_dropped_and_its_table_plays_on(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'kartaros.db'}", send_seconds=0.5)
    for base, _ in _serve(app):
        # A short game fits in the sockets' buffers and proves nothing: deal again until one lasts.
        for _ in range(10):
            if _watched_game(app.state.service, base) >= LONG_GAME:
                return
        raise AssertionError(f"no game lasted {LONG_GAME} moves")


def _watched_game(service: Any, base: str) -> int:
    """A table watched by three sockets that never read and one that does, played to its end by
    one person playing both seats; returns how many moves were played."""
    with httpx.Client(base_url=base, timeout=30) as client:
        created = client.post("/api/tables", json={"game": "kec", "seats": ["human", "human"]}).json()
        table, tokens = created["table"], [s["token"] for s in created["seats"]]
        stalled = [never_reading_socket(base, f"/api/tables/{table}/ws") for _ in range(3)]
        # a well-behaved spectator beside them, reading everything it is sent
        with connect(f"ws://{base[len('http://'):]}/api/tables/{table}/ws", max_queue=None) as reader:
            reader.send("{}")
            live = service.live[table]
            deadline = time.monotonic() + 10
            while len(live.watchers) < 4:
                assert time.monotonic() < deadline, "the sockets never joined the table"
                time.sleep(0.01)
            chooser = random.Random(7)
            played = 0
            for _ in range(5000):  # at random, to the end; every move answered at once
                view = client.get(f"/api/tables/{table}", headers=auth(tokens[0])).json()
                if view["over"]:
                    break
                mover = view["current_player"]
                seen = client.get(f"/api/tables/{table}", headers=auth(tokens[mover])).json()
                move = {"action": chooser.choice(seen["legal"]), "seq": seen["seq"]}
                answer = client.post(f"/api/tables/{table}/actions", headers=auth(tokens[mover]), json=move)
                assert answer.status_code == 200, answer.text
                played += 1
                for sock in stalled:  # and ask for the whole view again, as the attack in the issue did
                    ask_again(sock)
            assert view["over"]
            if played >= LONG_GAME:
                # the three that never read are gone; the reader is still watching, and has the end
                deadline = time.monotonic() + 10
                while len(live.watchers) > 1:
                    assert time.monotonic() < deadline, "a socket that never reads was kept"
                    time.sleep(0.05)
                last: dict[str, Any] = {}
                while not last.get("over"):
                    last = json.loads(reader.recv(timeout=10))
                assert last["seq"] == view["seq"]
        for sock in stalled:
            sock.close()
    return played
