"""A table's pushes carry only the events a client does not hold yet (``pushes.Watcher``): played
through a long game, a seat's and a spectator's pushes, each read at once or read late, add up to
exactly their observation's history; a view is whole on connecting, on asking, and whenever what
the client holds stops being the beginning of the history; and a push stays small as the game
grows long."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from kartaros.server import create_app
from kartaros.server.clock import FakeClock
from kartaros.server.pushes import Message, Watcher
from kartaros.server.store import Store
from kartaros.server.tables import LiveTable, TableService
from tests.random_play import going_on
from tests.test_race import run
from tests.test_server_api import auth, new_table

LONG_GAME = 300  # moves: a history long enough that a whole view is many times a push
GAME = "tac"  # a long game: hundreds of moves
LONG_DEAL = 1  # a deal whose game, played by the test's choices, lasts past LONG_GAME (a rare deal ends sooner)


class Client:
    """What a page does with the pushes: holds the events, adds each push's after them."""

    def __init__(self, watcher: Watcher) -> None:
        self.watcher = watcher
        self.events: list[Any] = []
        self.pushes: list[Message] = []

    async def read(self) -> None:
        """Everything waiting in the outbox, each added to the events held."""
        while self.watcher.waiting:
            push = await self.watcher.next()
            assert push is not None
            start = push["events_from"]
            assert 0 <= start <= len(self.events), "a push starts past what the client holds"
            self.events = self.events[:start] + push["view"]["events"]
            self.pushes.append(push)


def history(table: LiveTable, seat: int | None) -> list[Any]:
    state = table.state
    return list((state.public_observation() if seat is None else state.observation(seat))["events"])


def test_pushes_bring_only_the_new_events_and_add_up_to_the_history(tmp_path: Path) -> None:
    async def test() -> None:
        service = TableService(Store(f"sqlite:///{tmp_path / 'kartaros.db'}"), FakeClock(), seeds=lambda: LONG_DEAL)
        table = await _long_table(service)
        # a seat and a spectator that read every push, and a seat and a spectator that read
        # only now and then (their views coalesce meanwhile)
        prompt = [Client(Watcher(0)), Client(Watcher(None))]
        slow = [Client(Watcher(1)), Client(Watcher(None))]
        for client in prompt + slow:
            service.watch(table, client.watcher)
        chooser = random.Random(3)
        played = 0
        while not table.over and played < LONG_GAME:
            # at random, but not a move that ends the game: it is to be long
            legal = table.state.legal_actions()
            going = going_on(table.state) or legal
            await service.act(table.id, table.state.current_player, chooser.choice(going), table.seq)
            played += 1
            for client in prompt:
                held = len(client.events)
                await client.read()
                new = client.pushes[-1]
                # only the new ones: the push starts where the client was
                assert new["events_from"] == held and len(new["view"]["events"]) == len(client.events) - held
                assert client.events == history(table, client.watcher.seat)
            if chooser.random() < 0.15:
                for client in slow:
                    assert client.watcher.waiting <= 1  # coalesced: one view waits, however many moves
                    await client.read()
                    assert client.events == history(table, client.watcher.seat)
        assert played == LONG_GAME, "the game ended too soon to be long"
        for client in slow:
            await client.read()
            assert client.events == history(table, client.watcher.seat)
        for client in prompt + slow:
            assert client.pushes[0]["events_from"] == 0  # the first is whole
            assert all(push["events_from"] > 0 for push in client.pushes[1:])  # the others are not
        # bounded: the pushes of the game's second half are no bigger than those of its first
        # (each brings a move's few events, not the history), and the last is a small part of the
        # whole view it stands for
        sizes = [len(json.dumps(push)) for push in prompt[0].pushes[1:]]
        half = len(sizes) // 2
        assert max(sizes[half:]) < 1.5 * max(sizes[:half]), (max(sizes[half:]), max(sizes[:half]))
        whole = len(json.dumps(service.view(table, 0)))
        assert sizes[-1] * 4 < whole, (sizes[-1], whole)
        service.stop()
    run(test)


def test_a_view_is_whole_when_the_seat_or_the_language_changes(tmp_path: Path) -> None:
    async def test() -> None:
        service = TableService(Store(f"sqlite:///{tmp_path / 'kartaros.db'}"), FakeClock(), seeds=lambda: LONG_DEAL)
        table = await _long_table(service)
        client = Client(Watcher(None))
        service.watch(table, client.watcher)
        client.watcher.view(service.view(table, None))  # as the socket does: a first view at once
        await client.read()
        await _play(service, table, 5)
        await client.read()
        assert client.pushes[-1]["events_from"] > 0
        service.sit(table, client.watcher, 0)  # the spectator's token came: the seat's own history
        client.watcher.view(service.view(table, 0))
        await client.read()
        assert client.pushes[-1]["events_from"] == 0 and client.events == history(table, 0)
        client.watcher.lang = "sr"
        client.watcher.view(service.view(table, 0, "sr"))
        await client.read()
        assert client.pushes[-1]["events_from"] == 0 and client.pushes[-1]["words"]["lang"] == "sr"
        service.stop()
    run(test)


def test_a_waiting_view_replaced_keeps_the_events_of_both() -> None:
    view = _views()
    watcher = Watcher(0)
    watcher.view(view(3))
    assert _sent(watcher) == [(0, 3)]
    watcher.view(view(5))
    watcher.view(view(8))  # replaces the one for 5, not sent yet: from 3, not from 5
    assert _sent(watcher) == [(3, 8)]
    watcher.view(view(10))
    watcher.reply({"error": "not your move"})
    watcher.view(view(12))  # after the reply: from where the view before it left the client
    assert _sent(watcher) == [(8, 10), None, (10, 12)]
    watcher.view(view(13), full=True)  # asked for: whole, and still whole once replaced
    watcher.view(view(14))
    assert _sent(watcher) == [(0, 14)]
    watcher.view(view(2, start=100))  # a history begun again: whole
    assert _sent(watcher) == [(0, 2)]
    watcher.view(view(4, start=200))  # begun again and grown past what the client holds: whole
    assert _sent(watcher) == [(0, 4)]
    watcher.view({"lobby": []})  # not a table's view: as it comes
    assert watcher.waiting == 1 and "events_from" not in watcher._outbox[0][1]


def test_the_socket_pushes_deltas_and_the_whole_view_when_asked(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'kartaros.db'}")) as client:
        created = new_table(client, game=GAME, seats=["human", "human"])
        table, tokens = created["table"], [seat["token"] for seat in created["seats"]]
        with client.websocket_connect(f"/api/tables/{table}/ws") as socket:
            socket.send_json({"token": tokens[0]})
            first = socket.receive_json()  # the first view the seat's socket is told: whole
            assert first["seat"] == 0 and first["events_from"] == 0
            held = first["view"]["events"]
            for _ in range(6):
                seq = _move(client, table, tokens)
                push: dict[str, Any] = {}
                while push.get("seq") != seq:  # (a view of the seats connecting may come first)
                    push = socket.receive_json()
                    assert push["events_from"] == len(held)  # only what is new
                    held = held + push["view"]["events"]
            whole = client.get(f"/api/tables/{table}", headers=auth(tokens[0])).json()
            assert "events_from" not in whole and held == whole["view"]["events"]  # the GET is whole
            socket.send_json({"full_view": True})
            asked = socket.receive_json()
            assert asked["events_from"] == 0 and asked["view"]["events"] == held


async def _long_table(service: TableService) -> LiveTable:
    table_id, _ = await service.create(GAME, 2, ["human", "human"], None, [])
    return await service.table(table_id)


async def _play(service: TableService, table: LiveTable, moves: int) -> None:
    for _ in range(moves):
        await service.act(table.id, table.state.current_player, table.state.legal_actions()[0], table.seq)


def _move(client: TestClient, table: str, tokens: list[str]) -> int:
    """The seat to move plays its first legal move over HTTP; the table's seq after it."""
    for token in tokens:
        seen = client.get(f"/api/tables/{table}", headers=auth(token)).json()
        if seen["legal"]:
            move = {"action": seen["legal"][0], "seq": seen["seq"]}
            answer = client.post(f"/api/tables/{table}/actions", headers=auth(token), json=move)
            assert answer.status_code == 200, answer.text
            return int(seen["seq"]) + 1
    raise AssertionError("nobody may move")


def _views() -> Any:
    def view(count: int, start: int = 0) -> Message:
        return {"seq": count, "view": {"events": [{"n": start + i} for i in range(count)]}}
    return view


def _sent(watcher: Watcher) -> list[tuple[int, int] | None]:
    """What the watcher's outbox sends, emptied: (where its events start, where they end) per
    view, None per reply."""
    sent: list[tuple[int, int] | None] = []
    while watcher.waiting:
        message = watcher._outbox.popleft()[1]
        if "events_from" in message:
            start = message["events_from"]
            sent.append((start, start + len(message["view"]["events"])))
        else:
            sent.append(None)
    return sent
