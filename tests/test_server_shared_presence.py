"""Who is connected, and what is said, across server processes: two table services over one PostgreSQL schema,
telling each other over the real Redis, on one fake clock. A person whose socket is on the
other process is not gone from his table (no bot takes his seat), the others see him connected;
once his socket there closes, or that process dies and stops saying so, his grace period runs
and the table's on_timeout follows. A chat message written through one process reaches the
readers on the other."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from kartaros.server.chat import Chats
from kartaros.server.clock import FakeClock
from kartaros.server.fanout import PRESENCE_EXPIRES, PRESENCE_SECONDS, Message, RedisFanout, Said
from kartaros.server.pushes import Watcher
from kartaros.server.store import Store
from kartaros.server.tables import GRACE_SECONDS, TableService
from tests.test_race import run, until
from tests.test_server_clocks import people
from tests.test_server_processes import REDIS_URL, database, prefix  # noqa: F401  (fixtures)

STEP = PRESENCE_SECONDS / 2


async def elapse(clock: FakeClock, seconds: float) -> None:
    """Let the fake clock run on in steps, each followed by a moment of real time, so that what
    the processes say over Redis on the way reaches the other one before the next step."""
    while seconds > 0:
        await clock.advance(min(STEP, seconds))
        seconds -= STEP
        await asyncio.sleep(0.05)


def test_a_person_connected_to_another_process_is_not_gone_until_his_socket_there_closes(
    database: str, prefix: str,  # noqa: F811
) -> None:
    async def test(clock: FakeClock, first: TableService, second: TableService) -> None:
        table = await people(first)
        ana, milan = Watcher(0), Watcher(1)
        first.watch(table, ana)
        theirs = await second.table(table.id)
        second.watch(theirs, milan)  # Milan's socket is on the other process
        await until(lambda: first.connected(table) == [True, True], "Milan seen connected here")
        assert first.view(table, 0)["connected"] == [True, True]
        await elapse(clock, 2 * GRACE_SECONDS)
        assert table.away == {} and theirs.away == {}  # nobody took his seat
        milan.close()
        second.unwatch(theirs, milan)
        await until(lambda: first.connected(table) == [True, False], "Milan seen gone here")
        await elapse(clock, GRACE_SECONDS + STEP)
        await until(lambda: table.away == {1: "gone"}, "a bot took Milan's seat")

    run(lambda: _two_processes(database, prefix, test))


def test_the_presence_a_dead_process_stops_repeating_expires(database: str, prefix: str) -> None:  # noqa: F811
    async def test(clock: FakeClock, first: TableService, second: TableService) -> None:
        table = await people(first)
        first.watch(table, Watcher(0))
        theirs = await second.table(table.id)
        second.watch(theirs, Watcher(1))
        await until(lambda: first.connected(table) == [True, True], "Milan seen connected here")
        second.stop()  # it dies without a word: its sockets are never closed
        await second.fanout.close()
        await elapse(clock, PRESENCE_EXPIRES - STEP)
        assert first.connected(table) == [True, True]  # not yet
        await elapse(clock, PRESENCE_SECONDS + 2 * STEP)  # expired, and let go at the next look
        assert first.connected(table) == [True, False]
        await elapse(clock, GRACE_SECONDS + STEP)
        await until(lambda: table.away == {1: "gone"}, "a bot took Milan's seat")

    run(lambda: _two_processes(database, prefix, test))


def test_a_chat_message_written_through_one_process_reaches_the_readers_on_the_other(
    database: str, prefix: str,  # noqa: F811
) -> None:
    async def test(clock: FakeClock, first: TableService, second: TableService) -> None:
        table = await people(first)
        theirs = await second.table(table.id)
        here, there = Chats(first.store, clock, first.fanout), Chats(second.store, clock, second.fanout)
        heard[first], heard[second] = here, there
        ana, milan = Watcher(0), Watcher(1)
        await here.join(table, ana)
        await there.join(theirs, milan)
        for watcher in (ana, milan):
            assert (await _next_chat(watcher))["chat"] == []  # the history: empty
        await here.say(table, 0, "Zdravo!")
        for watcher in (ana, milan):
            assert [line["text"] for line in (await _next_chat(watcher))["chat"]] == ["Zdravo!"]
        await there.say(theirs, 1, "Hello")  # and back, at the next place of the chat (no 409)
        for watcher in (ana, milan):
            assert [line["text"] for line in (await _next_chat(watcher))["chat"]] == ["Hello"]

    heard: dict[TableService, Chats] = {}
    run(lambda: _two_processes(database, prefix, test, heard))


async def _next_chat(watcher: Watcher) -> dict[str, object]:
    while True:
        message = await asyncio.wait_for(watcher.next(), 10)
        assert message is not None
        if "chat" in message:
            return message


async def _two_processes(
    url: str, channels: str, test: Callable[[FakeClock, TableService, TableService], Awaitable[None]],
    chats: dict[TableService, Chats] | None = None,
) -> None:
    """Two table services as two server processes: one database, one Redis, one clock (and the
    chats the test puts in ``chats`` hear of the other's messages)."""
    clock = FakeClock()
    services = [TableService(Store(url), clock, fanout=RedisFanout(REDIS_URL, channels)) for _ in range(2)]
    for service in services:
        def heard(message: Message, service: TableService = service) -> None:
            if isinstance(message, Said):
                if chats is not None and service in chats:
                    chats[service].heard(message)
            else:
                service.changed_elsewhere(message)
        await service.fanout.start(heard)
        service.start()
    try:
        await test(clock, *services)
    finally:
        for service in services:
            service.stop()
            await service.fanout.close()
            service.store.close()
