"""The table's chat: who may write, what may be written, how fast, mutes, and that it is kept."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from kartaros.server import create_app
from kartaros.server.chat import BURST, MAX_CHAT, RATE
from kartaros.server.clock import FakeClock
from kartaros.server.limits import RateLimit
from tests.test_server_api import db_url, new_table  # noqa: F401  (db_url: SQLite and PostgreSQL)

Message = dict[str, Any]


def until(ws: WebSocketTestSession, wanted: Callable[[Message], bool], most: int = 20) -> Message:
    """The first message ``wanted`` of the next ``most`` the socket is given."""
    for _ in range(most):
        message: Message = ws.receive_json()
        if wanted(message):
            return message
    raise AssertionError("the message never came")


def is_chat(message: Message) -> bool:
    return "chat" in message


def is_history(message: Message) -> bool:
    return bool(message.get("chat_history"))


@contextmanager
def seated(client: TestClient, table: str, *tokens: str | None) -> Iterator[list[WebSocketTestSession]]:
    """A socket per token (None: a spectator), each past its view and the chat it is given."""
    with ExitStack() as stack:
        sockets = []
        for token in tokens:
            ws = stack.enter_context(client.websocket_connect(f"/api/tables/{table}/ws"))
            ws.send_json({"token": token} if token else {})
            ws.send_json({"read_chat": True})
            sockets.append(ws)
        for ws in sockets:
            until(ws, is_history)
        yield sockets


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def people(db_url: str, clock: FakeClock) -> Iterator[tuple[TestClient, str, list[str]]]:  # noqa: F811
    """A Tač table of three people, its id and the seats' tokens."""
    with TestClient(create_app(db_url, clock=clock)) as client:
        made = new_table(client, "tac", ["human", "human", "human"], players=3, names=["Ana", "Milan", "Vesna"])
        yield client, made["table"], [s["token"] for s in made["seats"]]


def test_a_message_reaches_everyone_at_the_table_spectators_included(people: tuple[TestClient, str, list[str]]) -> None:
    client, table, tokens = people
    with seated(client, table, tokens[0], tokens[1], None) as (ana, milan, spectator), \
            client.websocket_connect(f"/api/tables/{table}/ws") as quiet:
        quiet.send_json({"token": tokens[2]})  # a client that never asks for the chat
        assert quiet.receive_json()["seat"] == 2
        ana.send_json({"chat": "  <b>Zdravo</b> & dobro došli  "})
        for ws in (ana, milan, spectator):
            line = until(ws, is_chat)["chat"]
            assert [(entry["seat"], entry["text"]) for entry in line] == [(0, "<b>Zdravo</b> & dobro došli")]
        quiet.send_json({"seq": 0})  # answered in order with whatever it was told before
        assert "error" in quiet.receive_json()


def test_a_spectator_and_bad_text_are_refused_with_words(people: tuple[TestClient, str, list[str]]) -> None:
    client, table, tokens = people
    with seated(client, table, tokens[0], None) as (ana, spectator):
        spectator.send_json({"chat": "hello"})
        refused = until(spectator, lambda m: "error" in m)
        assert refused["about"] == "chat" and "only a player" in refused["error"]
        for bad in ("x" * (MAX_CHAT + 1), "   ", "a\u0000b", 5, ["hi"], "\udbff"):
            ana.send_json({"chat": bad})
            answer = until(ana, lambda m: "error" in m or is_chat(m))
            assert answer.get("about") == "chat" and "error" in answer, bad
        ana.send_json({"chat": "x" * MAX_CHAT})
        assert until(ana, is_chat)["chat"][0]["text"] == "x" * MAX_CHAT


def test_a_seat_writes_a_burst_then_one_message_per_interval_on_the_servers_clock(
    people: tuple[TestClient, str, list[str]], clock: FakeClock,
) -> None:
    client, table, tokens = people
    with seated(client, table, tokens[0]) as (ana,):
        for n in range(BURST):
            ana.send_json({"chat": f"m{n}"})
            assert until(ana, lambda m: is_chat(m) or "error" in m)["chat"][0]["text"] == f"m{n}"
        ana.send_json({"chat": "one too many"})
        refused = until(ana, lambda m: is_chat(m) or "error" in m)
        assert "too fast" in refused["error"]
        assert client.portal is not None
        client.portal.call(clock.advance, 1 / RATE)  # on the server's own loop, without sleeping
        ana.send_json({"chat": "later"})
        assert until(ana, lambda m: is_chat(m) or "error" in m)["chat"][0]["text"] == "later"


def test_a_muted_seat_no_longer_reaches_the_seat_that_muted_it_and_the_mute_is_kept(
    db_url: str, clock: FakeClock,  # noqa: F811
) -> None:
    with TestClient(create_app(db_url, clock=clock)) as client:
        made = new_table(client, "tac", ["human", "human", "human"], players=3)
        table, tokens = made["table"], [s["token"] for s in made["seats"]]
        with seated(client, table, tokens[0], tokens[1], tokens[2]) as (ana, milan, vesna):
            ana.send_json({"mute": 1, "on": True})
            assert until(ana, is_history)["muted"] == [1]
            milan.send_json({"chat": "from Milan"})
            vesna.send_json({"chat": "from Vesna"})
            assert until(vesna, lambda m: is_chat(m) and m["chat"][0]["seat"] == 2)
            assert until(ana, is_chat)["chat"][0]["text"] == "from Vesna"  # Milan's never came
            ana.send_json({"mute": 0, "on": True})
            assert "another seat" in until(ana, lambda m: "error" in m)["error"]
    # a restart keeps the chat and the mute
    with TestClient(create_app(db_url, clock=clock)) as client:
        with client.websocket_connect(f"/api/tables/{table}/ws") as ws:
            ws.send_json({"token": tokens[0]})
            ws.send_json({"read_chat": True})
            history = until(ws, is_history)
            assert history["muted"] == [1] and [line["text"] for line in history["chat"]] == ["from Vesna"]
        with client.websocket_connect(f"/api/tables/{table}/ws") as ws:
            ws.send_json({"token": tokens[2]})
            ws.send_json({"read_chat": True})
            history = until(ws, is_history)
            assert [line["text"] for line in history["chat"]] == ["from Milan", "from Vesna"]


def test_a_table_against_bots_has_no_one_to_mute_and_bots_never_write(
    db_url: str, clock: FakeClock,  # noqa: F811
) -> None:
    with TestClient(create_app(db_url, clock=clock)) as client:
        made = new_table(client, "kec", ["human", "bot:easy"])
        with seated(client, made["table"], made["seats"][0]["token"]) as (me,):
            me.send_json({"mute": 1, "on": "yes"})
            assert "another seat" in until(me, lambda m: "error" in m)["error"]


def test_the_rate_limit_refills_and_forgets_full_buckets() -> None:
    limit = RateLimit(rate=1.0, burst=2, most_keys=3)
    assert limit.allow("a", 0.0) and limit.allow("a", 0.0) and not limit.allow("a", 0.0)
    assert limit.wait("a", 0.0) == pytest.approx(1.0)
    assert limit.allow("a", 1.0) and not limit.allow("a", 1.0)
    for key in "bcd":
        assert limit.allow(key, 1.0)
    assert len(limit._buckets) <= 4
    assert limit.allow("e", 100.0)  # the full buckets of long ago are dropped
    assert len(limit._buckets) <= 3
