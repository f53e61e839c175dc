"""Every input bounded and checked, and the pages' answers hardened: strict ``seq``, valid and
short names, bounded bodies and socket messages (binary, long or deep ones answered, the socket
kept), errors that never quote much of what was sent, security headers, WebSockets only from the
server's own pages, no CDN, nothing secret in the logs."""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from kartaros.server import create_app
from kartaros.server.guard import depth
from kartaros.server.store import hash_token
from tests.test_server_api import auth, new_table


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'kartaros.db'}?timeout=0.05")) as c:
        yield c


def two_people(client: TestClient) -> tuple[str, str]:
    created = new_table(client, seats=["human", "human"])
    return created["table"], created["seats"][0]["token"]


@pytest.mark.parametrize("seq", [False, True, "0", 0.0, None, [0], {"n": 0}])
def test_seq_is_a_json_integer_only_over_http_and_on_the_socket(client: TestClient, seq: Any) -> None:
    table, token = two_people(client)
    answer = client.post(f"/api/tables/{table}/actions", headers=auth(token), json={"action": "draw", "seq": seq})
    assert answer.status_code == 400 and "seq" in answer.json()["error"]
    with client.websocket_connect(f"/api/tables/{table}/ws") as ws:
        ws.send_json({"token": token})
        assert ws.receive_json()["seq"] == 0
        ws.send_json({"action": "draw", "seq": seq})
        assert "seq" in ws.receive_json()["error"]
    assert client.get(f"/api/tables/{table}").json()["seq"] == 0
    assert client.post(f"/api/tables/{table}/actions", headers=auth(token),
                       json={"action": "draw", "seq": 0}).status_code == 200


@pytest.mark.parametrize("name", ["\udbff", "Ana\ud800", "a\x00b", "x\u0085", "n" * 65])
def test_a_name_that_is_not_short_valid_text_is_refused_and_breaks_nothing(client: TestClient, name: str) -> None:
    body = json.dumps({"game": "kec", "seats": ["human", "human"], "names": ["Milan", name]})
    answer = client.post("/api/tables", content=body.encode(), headers={"content-type": "application/json"})
    assert answer.status_code == 400 and "names" in answer.json()["error"]
    assert len(answer.text) < 400  # the name is not quoted back
    table, _ = two_people(client)
    assert client.get(f"/api/finished?tables={table}").status_code == 200


def test_names_in_any_script_are_kept(client: TestClient) -> None:
    created = new_table(client, seats=["human", "human"], names=["Đorđe", "Љиљана 🃏"])
    assert client.get(f"/api/tables/{created['table']}").json()["names"] == ["Đorđe", "Љиљана 🃏"]


def test_a_body_too_long_is_refused_unread_and_errors_quote_little(client: TestClient) -> None:
    table, token = two_people(client)
    huge = {"game": "kec", "seats": ["human", "human"], "names": ["x" * 100_000]}
    answer = client.post("/api/tables", json=huge)
    assert answer.status_code == 413 and answer.json() == {"error": "the request's body is longer than 65536 bytes"}

    def chunks() -> Iterator[bytes]:  # no length said in advance
        yield b'{"action": "'
        for _ in range(100):
            yield b"d" * 1000
        yield b'", "seq": 0}'

    answer = client.post(f"/api/tables/{table}/actions", headers={**auth(token), "content-type": "application/json"},
                         content=chunks())
    assert answer.status_code == 413
    for body in ({"game": "g" * 5000, "seats": ["human"]}, {"game": "kec", "seats": ["k" * 5000, "human"]},
                 {"game": "kec", "seats": ["human", "human"], "variant": {"pairs_to": "p" * 5000}}):
        answer = client.post("/api/tables", json=body)
        assert answer.status_code == 400 and len(answer.text) < 700, answer.text
    answer = client.get(f"/api/tables/{table}?lang={'l' * 5000}")
    assert answer.status_code == 400 and len(answer.text) < 400
    answer = client.post(f"/api/tables/{table}/actions", headers=auth(token), json={"action": "a" * 5000, "seq": 0})
    assert answer.status_code == 400 and len(answer.text) < 400


def test_binary_long_and_deep_socket_messages_are_answered_and_the_socket_kept(client: TestClient) -> None:
    table, token = two_people(client)
    with client.websocket_connect(f"/api/tables/{table}/ws") as ws:
        ws.send_json({"token": token})
        assert ws.receive_json()["seq"] == 0
        for bad in (b"\x00\x01binary", None, "[" * 100_000, "[" * 2000 + "]" * 2000, '{"a":' * 50 + "1" + "}" * 50,
                    json.dumps({"action": "draw", "seq": 0, "pad": "x" * 10_000})):
            if isinstance(bad, bytes):
                ws.send_bytes(bad)
            elif bad is None:
                ws.send_text("")
            else:
                ws.send_text(bad)
            answer = ws.receive_json()
            assert "send JSON" in answer["error"] and len(json.dumps(answer)) < 200
        ws.send_json({"action": "draw", "seq": 0})  # still open, still playing
        assert ws.receive_json()["seq"] == 1
    with client.websocket_connect(f"/api/tables/{table}/ws") as ws:  # a binary first message: refused, not a spectator
        ws.send_bytes(b'{"token": "x"}')
        assert "first message" in ws.receive_json()["error"]
    assert depth({"a": [1, {"b": []}]}) == 4 and depth(0) == 0


def test_websockets_only_from_this_servers_pages(client: TestClient) -> None:
    table, token = two_people(client)
    for origin in ("http://evil.example", "http://testserver.evil.example", "null", "file://"):
        with pytest.raises(WebSocketDisconnect) as refused, \
                client.websocket_connect(f"/api/tables/{table}/ws", headers={"origin": origin}):
            pass
        assert refused.value.code == 4403
    with client.websocket_connect(f"/api/tables/{table}/ws", headers={"origin": "http://testserver"}) as ws:
        ws.send_json({"token": token})
        assert ws.receive_json()["seat"] == 0
    with client.websocket_connect(f"/api/tables/{table}/ws") as ws:  # no Origin: not a browser
        ws.send_json({})
        assert ws.receive_json()["seat"] is None


def test_every_answer_carries_the_security_headers_and_no_page_needs_a_cdn(client: TestClient) -> None:
    table, _ = two_people(client)
    for path in ("/", f"/t/{table}", "/replays", "/rules/kec", "/static/app.css", "/api/games", "/api/tables/nope",
                 "/openapi.json"):
        headers = client.get(path).headers
        policy = headers["content-security-policy"]
        assert "script-src 'self';" in policy and "unsafe-inline" not in policy and "unsafe-eval" not in policy
        assert "frame-ancestors 'none'" in policy
        assert headers["x-frame-options"] == "DENY" and headers["x-content-type-options"] == "nosniff"
    for path in ("/docs", "/redoc"):
        assert client.get(path).status_code == 404
    for page in ("/", f"/t/{table}", "/replays", "/rules/kec"):
        html = client.get(page).text
        assert "<script>" not in html and " style=" not in html and "http://" not in html and "https://" not in html


def test_the_logs_of_a_failing_database_carry_no_move_seed_or_token_hash(
    client: TestClient, tmp_path: Path, caplog: pytest.LogCaptureFixture,
) -> None:
    created = new_table(client, seats=["human", "bot:easy"])
    table, token = created["table"], created["seats"][0]["token"]
    seed = str(client.app.state.service.live[table].state.seed)  # type: ignore[attr-defined]
    locker = sqlite3.connect(tmp_path / "kartaros.db", isolation_level=None)
    locker.execute("BEGIN EXCLUSIVE")
    with caplog.at_level(logging.DEBUG):
        assert client.post(f"/api/tables/{table}/actions", headers=auth(token),
                           json={"action": "draw", "seq": 0}).status_code == 503
        assert client.get("/healthz").status_code == 503
        assert client.post("/api/tables", json={"game": "kec", "seats": ["human", "bot:easy"]}).status_code == 503
    locker.execute("ROLLBACK")
    locker.close()
    logged = "\n".join(f"{r.getMessage()} {r.exc_text or ''}" for r in caplog.records)
    assert "database is locked" in logged or "could not" in logged  # it was logged at all
    for secret in ("'draw'", seed, hash_token(token), token):
        assert secret not in logged


def test_a_token_that_comes_after_the_first_message_still_opens_the_seat(client: TestClient) -> None:
    """A socket whose token comes late (after its wait for a first message, or after ``{}``) is a
    spectator until then, and the seat once it arrives; a wrong one is refused, the socket kept."""
    table, token = two_people(client)
    with client.websocket_connect(f"/api/tables/{table}/ws") as ws:
        ws.send_json({})
        assert ws.receive_json()["seat"] is None
        ws.send_json({"token": "wrong"})
        assert "opens no seat" in ws.receive_json()["error"]
        ws.send_json({"token": token})
        view = ws.receive_json()
        assert view["seat"] == 0 and view["legal"] == ["draw"]
        ws.send_json({"action": "draw", "seq": 0})
        assert ws.receive_json()["seq"] == 1
