"""Each client address held to a rate of requests, on the server's clock; headers bounded."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from kartaros.server import create_app
from kartaros.server.clock import FakeClock
from kartaros.server.guard import MAX_HEADERS
from kartaros.server.limits import CLIENT_LIMITS, SOCKET_MESSAGES, SharedLimits
from tests.test_race import run
from tests.test_server_api import auth, new_table
from tests.test_server_processes import REDIS_URL, prefix  # noqa: F401  (the fixture: channels of its own)

GAME = {"game": "kec", "seats": ["human", "bot:easy"]}


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def client(tmp_path: object, clock: FakeClock) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path}/k.db", clock=clock, rate_limits=True)) as c:
        yield c


def later(client: TestClient, clock: FakeClock, seconds: float) -> None:
    assert client.portal is not None
    client.portal.call(clock.advance, seconds)


def test_new_tables_a_burst_then_one_per_interval_with_retry_after(client: TestClient, clock: FakeClock) -> None:
    rate, burst = CLIENT_LIMITS["create"]
    for _ in range(burst):
        assert client.post("/api/tables", json=GAME).status_code == 201
    refused = client.post("/api/tables", json=GAME)
    assert refused.status_code == 429 and "too many requests" in refused.json()["error"]
    assert int(refused.headers["retry-after"]) >= 1
    assert refused.headers["x-frame-options"] == "DENY"
    assert client.get("/api/games").status_code == 200  # reads have their own rate
    later(client, clock, 1 / rate)
    assert client.post("/api/tables", json=GAME).status_code == 201


def test_reads_and_moves_are_limited_apart(client: TestClient, clock: FakeClock) -> None:
    made = new_table(client)
    table, token = made["table"], made["seats"][0]["token"]
    _, burst = CLIENT_LIMITS["read"]
    answers = [client.get(f"/api/tables/{table}", headers=auth(token)).status_code for _ in range(burst + 1)]
    assert answers[:burst] == [200] * burst and answers[-1] == 429
    later(client, clock, 1.0)
    view = client.get(f"/api/tables/{table}", headers=auth(token)).json()
    moved = client.post(f"/api/tables/{table}/actions", json={"action": view["legal"][0], "seq": view["seq"]},
                        headers=auth(token))
    assert moved.status_code == 200


def test_a_person_at_a_persons_pace_never_meets_a_limit(client: TestClient, clock: FakeClock) -> None:
    """A whole game against a bot, a move a second with a look at the table before each."""
    made = new_table(client)
    table, token = made["table"], made["seats"][0]["token"]
    for _ in range(400):
        view = client.get(f"/api/tables/{table}", headers=auth(token))
        assert view.status_code == 200
        if view.json()["over"]:
            break
        legal, seq = view.json()["legal"], view.json()["seq"]
        if legal:
            moved = client.post(f"/api/tables/{table}/actions", json={"action": legal[0], "seq": seq},
                                headers=auth(token))
            assert moved.status_code in (200, 409), moved.text  # 409: the bot moved meanwhile
        later(client, clock, 1.0)


def test_sockets_opened_and_messages_sent_are_limited(client: TestClient, clock: FakeClock) -> None:
    table = new_table(client)["table"]
    _, burst = CLIENT_LIMITS["socket"]
    for _ in range(burst):
        with client.websocket_connect(f"/api/tables/{table}/ws") as ws:
            ws.send_json({})
            assert ws.receive_json()["table"] == table
    with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect(f"/api/tables/{table}/ws") as ws:
        ws.receive_json()
    assert refused.value.code == 1008
    later(client, clock, 60.0)
    with client.websocket_connect(f"/api/tables/{table}/ws?lang=sr") as ws:
        ws.send_json({})
        ws.receive_json()
        _, most = SOCKET_MESSAGES
        for _ in range(most + 1):
            ws.send_json({"seq": 0})  # each answered by an error of its own
        answers = [ws.receive_json() for _ in range(most + 1)]
        assert not any("too many" in a["error"] for a in answers[:most])  # served (a spectator may not play)
        assert "too many messages" in answers[-1]["error"] and answers[-1]["words"].startswith("previše poruka")


def test_headers_longer_than_the_bound_are_refused(client: TestClient) -> None:
    long = client.get("/api/games", headers={"x-padding": "x" * MAX_HEADERS})
    assert long.status_code == 431 and "headers" in long.json()["error"]
    assert client.get("/api/games", headers={"x-padding": "x" * 1000}).status_code == 200


def test_a_length_limit_above_its_default_is_refused_at_a_servers_table(client: TestClient) -> None:
    import kartaros

    for info in kartaros.GAMES.values():
        for option in info.options:
            if option.minimum is None or not isinstance(option.default, int):
                continue
            body = {"game": info.name, "seats": ["human"] + ["bot:easy"] * (info.min_players - 1)}
            refused = client.post("/api/tables", json={**body, "variant": {option.name: option.default + 1}})
            assert refused.status_code == 400 and option.name in refused.json()["error"]
            kept = client.post("/api/tables", json={**body, "variant": {option.name: option.default}})
            assert kept.status_code == 201


def test_a_clients_rate_is_counted_once_for_every_process_sharing_one_redis(prefix: str) -> None:  # noqa: F811
    """Two processes' limits over the real Redis: a client's burst is one for both, so half of it
    through each leaves nothing for either; another client, and another server's prefix, are apart."""
    async def test() -> None:
        first, second = SharedLimits(REDIS_URL, prefix), SharedLimits(REDIS_URL, prefix)
        elsewhere = SharedLimits(REDIS_URL, prefix + "-other")
        rate, burst = CLIENT_LIMITS["move"]
        now = 1_000_000.0
        try:
            for n in range(burst):
                assert await (first, second)[n % 2].over("move", "10.0.0.1", now) is None
            for limits in (first, second):
                wait = await limits.over("move", "10.0.0.1", now)
                assert wait is not None and wait == pytest.approx(1 / rate)
            assert await first.over("move", "10.0.0.2", now) is None  # another client
            assert await elsewhere.over("move", "10.0.0.1", now) is None  # another server's
            assert await second.over("move", "10.0.0.1", now + 1 / rate) is None  # refilled, one
            assert await first.over("move", "10.0.0.1", now + 1 / rate) is not None
        finally:
            for limits in (first, second, elsewhere):
                await limits.close()
    run(test)


def test_without_redis_the_shared_limits_are_counted_in_each_process() -> None:
    async def test() -> None:
        limits = SharedLimits("redis://127.0.0.1:1/0")  # nothing answers there
        _, burst = CLIENT_LIMITS["create"]
        try:
            for _ in range(burst):
                assert await limits.over("create", "10.0.0.1", 0.0) is None
            assert await limits.over("create", "10.0.0.1", 0.0) is not None  # still limited, here
        finally:
            await limits.close()
    run(test)
