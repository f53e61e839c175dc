"""Gone from a table of people longer than the grace period: the table's on_timeout (a bot plays
for him, or he forfeits); back in time, nothing happens; after a restart the timers start as the
first person comes back. All on a fake clock."""

from __future__ import annotations

from kartaros.server.clock import FakeClock
from kartaros.server.pushes import Watcher
from kartaros.server.store import Store
from kartaros.server.tables import GRACE_SECONDS, TableService
from tests.test_race import run, until
from tests.test_server_api import db_url  # noqa: F401  (the fixture: SQLite and PostgreSQL)
from tests.test_server_clocks import people


def test_a_person_gone_longer_than_the_grace_period_is_played_for_by_a_bot(db_url: str) -> None:  # noqa: F811
    async def test() -> None:
        clock = FakeClock()
        service = TableService(Store(db_url), clock)
        table = await people(service)
        ana, milan = Watcher(0), Watcher(1)
        service.watch(table, ana)
        service.watch(table, milan)
        milan.close()
        service.unwatch(table, milan)  # Milan's tab closed
        await clock.advance(GRACE_SECONDS - 1)
        assert table.away == {}
        back = Watcher(1)
        service.watch(table, back)  # back in time: nothing happens
        await clock.advance(10)
        assert table.away == {}
        back.close()
        service.unwatch(table, back)
        await clock.advance(GRACE_SECONDS + 1)
        await until(lambda: table.away == {1: "gone"}, "the bot took Milan's seat")
        assert [e["kind"] for e in table.events][-1] == "took_over"
        service.stop()
    run(test)


def test_after_a_restart_the_grace_starts_when_someone_comes_back_and_forfeit_ends_the_game(
    db_url: str,  # noqa: F811
) -> None:
    async def test() -> None:
        clock = FakeClock()
        store = Store(db_url)
        first = TableService(store, clock)
        table = await people(first, on_timeout="forfeit")
        first.stop()
        again = TableService(store, clock)  # restarted: nobody connected
        table = await again.table(table.id)
        await clock.advance(GRACE_SECONDS * 3)
        assert not table.over  # nobody there to wait for anyone
        again.watch(table, Watcher(0))  # Ana comes back; Milan does not
        await clock.advance(GRACE_SECONDS + 1)
        await until(lambda: table.over, "Milan forfeited")
        assert table.ended is not None and table.ended["reason"] == "gone" and table.ended["returns"] == [1, 0]
        again.stop()
    run(test)


def test_a_person_alone_with_bots_is_waited_for(db_url: str) -> None:  # noqa: F811
    async def test() -> None:
        clock = FakeClock()
        service = TableService(Store(db_url), clock)
        table_id, _ = await service.create("kec", 2, ["human", "bot:easy"], None, [])
        table = await service.table(table_id)
        me = Watcher(0)
        service.watch(table, me)
        me.close()
        service.unwatch(table, me)
        await clock.advance(GRACE_SECONDS * 2)
        assert table.away == {} and not table.over
        service.stop()
    run(test)
