"""A move's short way (``kartaros/server/move_path.py``) answers as the framework's route does.

Two tables dealt alike are played with the same requests: one table's moves plainly (the short
way), the other's with a query parameter the route ignores, which sends them on to the
framework. Every answer, good moves and refused ones, must be the same."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from kartaros.server import move_path
from kartaros.server.answers import json_bytes
from kartaros.server.app import create_app
from kartaros.server.guard import MAX_BODY
from kartaros.server.move_path import _plain_move

from .test_server_api import auth, db_url  # noqa: F401  (the fixture: SQLite and PostgreSQL)

FRAMEWORK = {"way": "framework"}  # a parameter the route does not read: the move goes the long way
VOLATILE = ("table", "link", "links", "clock", "clocks", "connected")  # what differs between two tables


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:  # noqa: F811
    with TestClient(create_app(db_url, seeds=lambda: 5)) as c:
        yield c


def _same(view: Any) -> Any:
    return {k: v for k, v in view.items() if k not in VOLATILE} if isinstance(view, dict) else view


class Twins:
    """The same table twice: each request made at both, the short way and the long one."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.tables = []
        for _ in range(2):
            created = client.post("/api/tables", json={"game": "kec", "seats": ["human", "bot:easy"]}).json()
            self.tables.append((created["table"], created["seats"][0]["token"]))

    def move(self, body: Any, token: str | None = "seat", lang: str | None = None,
             content: bytes | None = None) -> tuple[int, Any]:
        answers, heads = [], []
        for (table, seat_token), extra in zip(self.tables, ({}, FRAMEWORK), strict=True):
            params = {**({"lang": lang} if lang is not None else {}), **extra}
            headers = {} if token is None else auth(seat_token if token == "seat" else token)
            if content is not None:
                answer = self.client.post(f"/api/tables/{table}/actions", params=params, content=content,
                                          headers={**headers, "Content-Type": "application/json"})
            else:
                answer = self.client.post(f"/api/tables/{table}/actions", params=params, json=body, headers=headers)
            answers.append((answer.status_code, _same(answer.json())))
            heads.append({name: answer.headers[name] for name in answer.headers if name != "content-length"})
        assert answers[0] == answers[1] and heads[0] == heads[1]  # the security headers too
        return answers[0]

    def view(self) -> dict[str, Any]:
        table, token = self.tables[0]
        return dict(self.client.get(f"/api/tables/{table}", headers=auth(token)).json())


def test_moves_good_and_refused_are_answered_alike_both_ways(client: TestClient,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    short: list[int] = []  # the statuses the short way answered
    answer = move_path._send_json

    async def counted(send: Any, content: dict[str, Any], status: int) -> None:
        short.append(status)
        await answer(send, content, status)

    monkeypatch.setattr(move_path, "_send_json", counted)
    twins = Twins(client)
    chooser = random.Random(3)
    view = twins.view()
    refusals = 0
    while not view["over"]:
        assert view["legal"], "the bot answers within the move"
        seq = view["seq"]
        # refused, each its own way: stale, illegal, no seat, a wrong token, a language unknown
        assert twins.move({"action": view["legal"][0], "seq": seq + 5})[0] == 409
        assert twins.move({"action": "nonsense", "seq": seq})[0] == 422
        assert twins.move({"action": view["legal"][0], "seq": seq}, token=None)[0] == 401
        assert twins.move({"action": view["legal"][0], "seq": seq}, token="not-a-seat")[0] == 401
        assert twins.move({"action": view["legal"][0], "seq": seq}, lang="xx")[0] == 400
        refusals += 5
        status, view = twins.move({"action": chooser.choice(view["legal"]), "seq": seq},
                                  lang="sr" if seq % 2 else None)
        assert status == 200 and view["seq"] > seq
    assert twins.move({"action": "anything", "seq": view["seq"]})[0] == 409  # the game is over
    assert refusals >= 10
    # each of the first table's moves went the short way, none of the second's
    assert len(short) == refusals + refusals // 5 + 1 and set(short) == {200, 400, 401, 409, 422}


def test_moves_the_short_way_does_not_read_are_answered_by_the_framework(client: TestClient) -> None:
    twins = Twins(client)
    seq = twins.view()["seq"]
    for body in ({"action": 5, "seq": seq}, {"action": "x", "seq": "0"}, {"action": "x", "seq": False},
                 {"action": "x"}, ["x", seq], {"action": "x" * 100, "seq": seq}):
        assert twins.move(body)[0] in (400, 422)
    assert twins.move(None, content=b"{not json")[0] == 400


def test_the_short_way_takes_only_plain_moves() -> None:
    def scope(query: bytes = b"", *headers: tuple[bytes, bytes]) -> dict[str, Any]:
        return {"query_string": query, "headers": [(b"content-type", b"application/json"), *headers]}

    assert _plain_move(scope(b"lang=sr", (b"authorization", b"Bearer t")), b'{"action": "A", "seq": 3}') == (
        "A", 3, "Bearer t", "sr")
    assert _plain_move(scope(), b'{"action": "A", "seq": 3}') == ("A", 3, None, "en")
    for query, body in ((b"lang=sr&lang=en", b'{"action": "A", "seq": 3}'), (b"x=1", b'{"action": "A", "seq": 3}'),
                        (b"", b'{"action": "A", "seq": 3.0}'), (b"", b'{"action": "A", "seq": true}'),
                        (b"", b'{"action": "A", "seq": 3, "more": 1}'), (b"", b'{"action": "\\u00e9", "seq": 3}'),
                        (b"", b'{"action": "A", "seq": 3')):
        assert _plain_move(scope(query), body) is None
    twice = scope(b"", (b"authorization", b"Bearer a"), (b"authorization", b"Bearer b"))
    assert _plain_move(twice, b'{"action": "A", "seq": 3}') is None
    assert _plain_move({"query_string": b"", "headers": []}, b'{"action": "A", "seq": 3}') is None  # not JSON


def test_a_move_in_a_body_too_long_is_refused_and_not_played(client: TestClient) -> None:
    # Its length not declared: the guard ends it past the limit (413), and the move it began
    # with, whole and well-formed JSON so far, is not played.
    twins = Twins(client)
    table, token = twins.tables[0]
    seen = twins.view()
    move = json.dumps({"action": seen["legal"][0], "seq": seen["seq"]}).encode()
    chunks = [move.ljust(MAX_BODY - 10), b" " * 1024]  # the limit passed in the second
    sent: list[dict[str, Any]] = []

    async def request() -> None:
        async def receive() -> dict[str, Any]:
            return {"type": "http.request", "body": chunks.pop(0), "more_body": bool(chunks)} if chunks else {
                "type": "http.disconnect"}

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)

        scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
                 "scheme": "http", "path": f"/api/tables/{table}/actions", "raw_path": b"", "query_string": b"",
                 "root_path": "", "client": ("127.0.0.1", 1), "server": ("127.0.0.1", 80),
                 "headers": [(b"host", b"testserver"), (b"content-type", b"application/json"),
                             (b"authorization", f"Bearer {token}".encode())]}
        await client.app(scope, receive, send)

    assert client.portal is not None
    client.portal.call(request)
    assert sent[0]["status"] == 413
    assert twins.view()["seq"] == seen["seq"]


def test_answers_are_the_standard_librarys_json_written_faster(client: TestClient) -> None:
    """``json_bytes`` (orjson) writes what the standard library would, a view included; what
    orjson refuses, an integer beyond 64 bits, the standard library writes."""
    made = client.post("/api/tables", json={"game": "kec", "seats": ["human", "bot:easy"]}).json()
    view = client.get(f"/api/tables/{made['table']}", headers=auth(made["seats"][0]["token"])).json()
    assert view["view"]["events"]  # a view with its history in it
    for content in (view, {"name": "Đorđe ♠ 10", 3: [1.5, None, True]}, {"huge": 2**70}):
        assert json.loads(json_bytes(content)) == json.loads(json.dumps(content))
    assert json_bytes({"a": [1, "š"]}) == '{"a":[1,"š"]}'.encode()
