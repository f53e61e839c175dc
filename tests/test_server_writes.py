"""Moves of many tables committed together (``kartaros.server.writes``): each acknowledged only
once stored, fewer commits than moves when many arrive at once, and each move its own answer
when a group cannot be stored (a stale write at one table costs the others nothing)."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import event

from kartaros.server.store import Known, Move, StaleWrite, StorageError, Store
from kartaros.server.tables import TableService
from kartaros.server.writes import Writes
from tests.random_play import going_on
from tests.test_race import run
from tests.test_server_api import db_url  # noqa: F401  (the fixture: SQLite and PostgreSQL)


def _commits(store: Store) -> list[int]:
    counted = [0]

    def commit(_: object) -> None:
        counted[0] += 1

    event.listen(store.engine, "commit", commit)
    return counted


def test_moves_arriving_together_are_committed_together_and_each_is_stored(db_url: str) -> None:  # noqa: F811
    async def test() -> None:
        service = TableService(Store(db_url))
        tables = [(await service.create("kec", 2, ["human", "human"], {}, []))[0] for _ in range(30)]
        commits = _commits(service.store)
        for _ in range(4):  # every table's mover plays at once, four times over
            moves = []
            for table_id in tables:
                table = await service.table(table_id)
                seat = table.state.current_player
                assert seat is not None
                moves.append(service.act(table_id, seat, going_on(table.state)[0], table.seq))
            await asyncio.gather(*moves)
        assert commits[0] < 4 * 30 / 2, f"{commits[0]} commits for 120 moves"
        for table_id in tables:
            stored = service.store.load(table_id)
            assert stored is not None
            live = await service.table(table_id)
            assert stored.actions == live.state.actions and len(stored.actions) == 4
    run(test)


def test_a_stale_move_in_a_group_is_refused_alone_and_the_others_are_stored(db_url: str) -> None:  # noqa: F811
    async def test() -> None:
        store = Store(db_url)
        service = TableService(store)
        first, _ = await service.create("kec", 2, ["human", "human"], {}, [])
        second, _ = await service.create("kec", 2, ["human", "human"], {}, [])
        state = (await service.table(first)).state
        action = going_on(state)[0]
        store.append(first, 0, action)  # another server stored the first table's move 0 already
        other = going_on((await service.table(second)).state)[0]
        writes = Writes(store)
        outcomes = await asyncio.gather(writes.append(Move(first, 0, action)), writes.append(Move(second, 0, other)),
                                        return_exceptions=True)
        assert isinstance(outcomes[0], StaleWrite) and outcomes[1] is None
        stored = store.load(second)
        assert stored is not None and stored.actions == [other]
    run(test)


def test_a_group_the_database_refuses_gives_every_move_its_storage_error(tmp_path: object) -> None:
    class Refusing(Store):
        def append_all(self, moves: list[Move]) -> list[Exception | None]:  # type: ignore[override]
            return [StorageError("the database could not store moves: full") for _ in moves]

    async def test() -> None:
        writes = Writes(Refusing(f"sqlite:///{tmp_path}/k.db"))
        outcomes = await asyncio.gather(*(writes.append(Move(f"t{n}", 0, "draw")) for n in range(3)),
                                        return_exceptions=True)
        assert all(isinstance(o, StorageError) for o in outcomes)
    run(test)


def test_one_move_alone_is_committed_at_once(db_url: str) -> None:  # noqa: F811
    async def test() -> None:
        service = TableService(Store(db_url))
        table_id, _ = await service.create("kec", 2, ["human", "human"], {}, [])
        table = await service.table(table_id)
        commits = _commits(service.store)
        seat = table.state.current_player
        assert seat is not None
        await service.act(table_id, seat, going_on(table.state)[0], 0)
        assert commits[0] == 1
        stored = service.store.load(table_id)
        assert stored is not None and len(stored.actions) == 1
    run(test)


@pytest.mark.parametrize("most", [1, 7])
def test_groups_are_bounded(tmp_path: object, most: int) -> None:
    sizes: list[int] = []

    class Counting(Store):
        def append_all(self, moves: list[Move]) -> list[Exception | None]:  # type: ignore[override]
            sizes.append(len(moves))
            return [None for _ in moves]

    async def test() -> None:
        writes = Writes(Counting(f"sqlite:///{tmp_path}/k.db"), most_at_once=most)
        await asyncio.gather(*(writes.append(Move(f"t{n}", 0, "draw")) for n in range(20)))
    run(test)
    assert sum(sizes) == 20 and max(sizes) <= most


def test_a_load_after_what_a_copy_knows_reads_only_what_was_stored_since(db_url: str) -> None:  # noqa: F811
    """A process catching up with another's change reads the moves and events added since its
    copy's, not the whole game again, and gets the same table as a whole load."""
    async def test() -> None:
        service = TableService(Store(db_url))
        table_id, _ = await service.create("kec", 2, ["human", "human"], {}, [])
        table = await service.table(table_id)
        for _ in range(3):
            await service.act(table_id, table.state.current_player, going_on(table.state)[0], table.seq)
        store = service.store
        store.add_event(table_id, 0, {"kind": "draw_offered", "seat": 0, "seq": 3, "at": 1.0})
        whole = store.load(table_id)
        assert whole is not None and len(whole.actions) == 3 and len(whole.events) == 1
        known = Known(whole.actions[:2], whole.times[:2], [])
        assert store.load(table_id, known) == whole
        # what the copy says it holds is taken as it is, not read again
        marked = Known(["mine", "ours"], [0.0, 0.0], [])
        partial = store.load(table_id, marked)
        assert partial is not None
        assert partial.actions == ["mine", "ours", whole.actions[2]] and partial.times[2] == whole.times[2]
        assert partial.events == whole.events
        assert store.load(table_id, Known(whole.actions, whole.times, whole.events)) == whole
    run(test)
