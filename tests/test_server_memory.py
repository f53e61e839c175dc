"""Memory holds the tables in play, not every table ever opened: a table nobody watches and
nothing runs for is let go of after ``QUIET_SECONDS`` unused, and loads again, as it was, when
someone asks for it. A table watched, or whose clock runs, stays. All on a fake clock, against
SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from kartaros.server.clock import FakeClock
from kartaros.server.lobby import Lobby
from kartaros.server.pushes import Watcher
from kartaros.server.store import Store
from kartaros.server.tables import QUIET_SECONDS, SWEEP_SECONDS, TableService
from tests.test_race import run, until
from tests.test_server_api import db_url  # noqa: F401  (the fixture: SQLite and PostgreSQL)
from tests.test_server_clocks import move, people

QUIET = QUIET_SECONDS + 2 * SWEEP_SECONDS  # long enough for a sweep to find a table quiet


def running(url: str, test: Callable[[FakeClock, TableService], Awaitable[None]]) -> None:
    """``test`` on a started table service over the database at ``url``, on a fake clock."""
    async def started() -> None:
        clock = FakeClock()
        service = TableService(Store(url), clock)
        service.start()
        try:
            await test(clock, service)
        finally:
            service.stop()
    run(started)


def test_a_quiet_table_is_let_go_of_and_loads_again_as_it_was(db_url: str) -> None:  # noqa: F811
    async def test(clock: FakeClock, service: TableService) -> None:
        table = await people(service)
        for _ in range(3):
            await move(service, table)
        before = {seat: service.view(table, seat) for seat in (0, 1, None)}
        await clock.advance(QUIET_SECONDS - SWEEP_SECONDS)
        assert table.id in service.live  # not quiet long enough yet
        await clock.advance(2 * SWEEP_SECONDS)
        assert table.id not in service.live
        again = await service.table(table.id)
        assert again is not table and again.seq == table.seq
        after = {seat: service.view(again, seat) for seat in (0, 1, None)}
        assert after == before  # every seat, and a spectator, sees what he saw
        await move(service, again)  # and the game goes on
        assert again.seq == table.seq + 1
    running(db_url, test)


def test_a_watched_table_stays_and_is_let_go_of_once_its_last_watcher_has_been_gone_long_enough(
    db_url: str,  # noqa: F811
) -> None:
    async def test(clock: FakeClock, service: TableService) -> None:
        table_id, _ = await service.create("kec", 2, ["human", "bot:easy"], None, [])
        table = await service.table(table_id)
        await until(lambda: table.state.current_player == 0 and not table.lock.locked(), "the person's move")
        me = Watcher(0)
        service.watch(table, me)
        await clock.advance(3 * QUIET)
        assert table_id in service.live  # watched: it stays, however long
        me.close()
        service.unwatch(table, me)
        await clock.advance(QUIET_SECONDS - SWEEP_SECONDS)
        assert table_id in service.live  # quiet from when he left, not from when he came
        await clock.advance(2 * SWEEP_SECONDS)
        assert table_id not in service.live
    running(db_url, test)


def test_a_table_whose_clock_runs_stays_until_its_time_is_up_and_goes_once_the_game_is_over(
    db_url: str,  # noqa: F811
) -> None:
    async def test(clock: FakeClock, service: TableService) -> None:
        table = await people(service, clock={"per_move": 10, "reserve": 3600}, on_timeout="forfeit")
        await clock.advance(2 * QUIET)
        assert table.id in service.live and not table.over  # its clock runs on, unwatched
        await clock.advance(3600)
        await until(lambda: table.over and table.marked_finished, "the seat to move forfeited")
        await clock.advance(QUIET)
        assert table.id not in service.live
        again = await service.table(table.id)
        assert again.over and again.ended == table.ended
    running(db_url, test)


def test_many_tables_opened_and_left_leave_memory_as_it_was(db_url: str) -> None:  # noqa: F811
    async def test(clock: FakeClock, service: TableService) -> None:
        for _ in range(3):  # three waves of tables, each played a little and left
            tables = [await people(service) for _ in range(10)]
            for table in tables:
                await move(service, table)
            assert len(service.live) == 10
            await clock.advance(QUIET)
            assert service.live == {}
    running(db_url, test)


def test_an_open_table_let_go_of_is_still_listed_and_its_seat_can_be_taken(db_url: str) -> None:  # noqa: F811
    async def test(clock: FakeClock, service: TableService) -> None:
        lobby = Lobby(service)
        made = await lobby.create("kec", 2, ["human", "human"], None, "Ana", "en")
        await clock.advance(QUIET)
        assert made.table not in service.live
        assert [entry["table"] for entry in lobby.listing("en")] == [made.table]
        seated = await lobby.claim(made.table, None, "Milan")
        table = await service.table(made.table)
        assert seated.seat == 1 and table.names == ["Ana", "Milan"]
        assert lobby.listing("en") == []  # every seat taken: no longer listed
    running(db_url, test)
