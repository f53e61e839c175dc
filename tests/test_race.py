"""Tač's call as a race on the server's clock (T11): open to every other player at once, the
first call wins, nobody calling lets play go on, restarts keep the deadline. Run on a fake
clock, against SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import concurrent.futures
import random
from collections.abc import Callable, Coroutine
from typing import Any

import pytest

from kartaros.calls import CALL_SECONDS
from kartaros.server.clock import FakeClock
from kartaros.server.store import Store
from kartaros.server.tables import PlayerError, TableService
from kartaros.state import GameState
from tests.test_server_api import db_url  # noqa: F401  (the fixture: SQLite and PostgreSQL)


def run(test: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """Run a test's coroutine on a loop of its own, in a thread: the browser tests' sync API
    leaves an event loop running in this one."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, test()).result()


async def until(check: Callable[[], bool], what: str) -> None:
    """Wait for work the service does in threads (storing); game time stays on the fake clock."""
    for _ in range(500):
        if check():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"never: {what}")


async def table_with_a_miss(service: TableService, seats: list[str], seed: int = 5) -> tuple[str, int]:
    """A Tač table with calls where seat 0 plays, at random, until someone makes a miss; returns
    the table and the offender. Every seat is played through the service by its seat number."""
    table_id, _ = await service.create("tac", len(seats), seats, {"calls": "open"}, [])
    table = await service.table(table_id)
    chooser = random.Random(seed)
    for _ in range(2000):
        state = table.state
        seat = state.current_player
        assert seat is not None and seats[seat] == "human"
        legal = state.legal_actions()
        misses = [a for a in legal if a.endswith("?")]
        if misses:
            await service.act(table_id, seat, misses[0], table.seq)
            return table_id, seat
        await service.act(table_id, seat, chooser.choice(legal), table.seq)
    raise AssertionError("no miss in 2000 moves")


def events(state: GameState, kind: str) -> list[dict[str, Any]]:
    return [e for e in state.observation(0)["events"] if e["type"] == kind]


def test_T11_the_window_is_open_to_every_other_player_at_once_and_closes_by_itself(db_url: str) -> None:  # noqa: F811
    async def test() -> None:
        clock = FakeClock()
        service = TableService(Store(db_url), clock)
        table_id, offender = await table_with_a_miss(service, ["human"] * 3)
        table = await service.table(table_id)
        others = [s for s in range(3) if s != offender]
        for seat in others:  # both may call at once, neither is asked to pass
            view = service.view(table, seat)
            assert view["legal"] == ["call"] and view["window"]["may_call"]
            assert view["window"]["closes_in"] == CALL_SECONDS
        assert service.view(table, offender)["legal"] == []
        assert service.view(table, None)["window"]["may_call"] is False
        asked = table.state.current_player  # whom the engine's turn-based window asks first
        assert asked is not None
        with pytest.raises(PlayerError, match="the others may call"):  # nobody passes: it closes by itself
            await service.act(table_id, asked, "pass", table.seq)
        seq = table.seq
        await clock.advance(CALL_SECONDS - 0.1)
        assert table.seq == seq and service.view(table, others[0])["window"]["closes_in"] == pytest.approx(0.1)
        await clock.advance(0.2)
        await until(lambda: service.view(table, others[0])["window"] is None, "the window closed")
        passes = [e["player"] for e in events(table.state, "pass")]
        assert sorted(passes[-2:]) == others and not events(table.state, "call")  # play goes on
        assert table.times[-1] - table.times[-3] == pytest.approx(CALL_SECONDS)  # at the deadline
    run(test)


def test_T11_the_first_call_to_reach_the_server_wins_and_closes_the_window(db_url: str) -> None:  # noqa: F811
    async def test() -> None:
        clock = FakeClock()
        service = TableService(Store(db_url), clock)
        table_id, offender = await table_with_a_miss(service, ["human"] * 3)
        table = await service.table(table_id)
        first, last = (offender + 1) % 3, (offender + 2) % 3  # the engine would ask ``first`` first
        await clock.advance(1.25)
        await service.act(table_id, last, "call", table.seq)
        passes, calls_ = events(table.state, "pass"), events(table.state, "call")
        assert [e["player"] for e in passes[-1:]] == [first]  # mapped: the seat asked before him passed
        assert calls_ == [{"type": "call", "player": last, "offender": offender}]
        assert events(table.state, "give")  # the penalty (T11)
        with pytest.raises(PlayerError, match="no miss to call"):  # too late: no penalty to anyone
            before = list(table.state.actions)
            await service.act(table_id, first, "call", table.seq)
        assert table.state.actions == before
        call_at = table.state.actions.index("call", len(before) - 3)
        assert table.times[call_at] - table.times[call_at - 2] == pytest.approx(1.25)  # the record says when
    run(test)


def test_T11_a_call_with_no_miss_is_refused_and_hammering_the_button_does_no_harm(db_url: str) -> None:  # noqa: F811
    async def test() -> None:
        clock = FakeClock()
        service = TableService(Store(db_url), clock)
        table_id, _ = await service.create("tac", 2, ["human", "human"], {"calls": "open"}, [])
        table = await service.table(table_id)
        before = (list(table.state.actions), table.state.observation(0))
        with pytest.raises(PlayerError, match="no miss to call") as refused:
            await service.act(table_id, 1, "call", table.seq)
        assert refused.value.status == 409
        for _ in range(20):
            with pytest.raises(PlayerError) as hammered:
                await service.act(table_id, 1, "call", table.seq)
            assert hammered.value.status == 429
        assert (list(table.state.actions), table.state.observation(0)) == before
        await clock.advance(1)
        with pytest.raises(PlayerError, match="no miss to call"):  # after a moment it is heard again
            await service.act(table_id, 1, "call", table.seq)
    run(test)


class QuickBot:
    """A bot that calls every miss ``after`` seconds (and otherwise plays the first action)."""

    def __init__(self, after: float | None) -> None:
        self.after = after

    def choose(self, state: GameState) -> str:
        return state.legal_actions()[0]

    def reaction(self, state: GameState, seat: int) -> float | None:
        return self.after


def test_T11_a_bot_calls_after_its_reaction_time_unless_a_person_is_faster(db_url: str) -> None:  # noqa: F811
    async def test() -> None:
        clock = FakeClock()
        service = TableService(Store(db_url), clock)
        table_id, offender = await table_with_a_miss(service, ["human"] * 3)
        table = await service.table(table_id)
        assert table.race is not None
        # the table's seats are people here; give one the bot's timer by hand for this test
        table.race.cancel()
        table.race = None
        caller = (offender + 2) % 3
        table.bots[caller] = QuickBot(1.5)  # type: ignore[assignment]
        service._open_race(table)
        await clock.advance(1.4)
        assert not events(table.state, "call")
        await clock.advance(0.2)
        await until(lambda: bool(events(table.state, "call")), "the bot called")
        assert events(table.state, "call")[-1]["player"] == caller
    run(test)


def test_T11_a_restarted_server_keeps_the_windows_deadline(db_url: str) -> None:  # noqa: F811
    async def test() -> None:
        clock = FakeClock()
        store = Store(db_url)
        service = TableService(store, clock)
        table_id, offender = await table_with_a_miss(service, ["human"] * 3)
        seq = (await service.table(table_id)).seq
        opened = clock.now()
        # the server stops 1 s into the window, and another starts on the same store
        await clock.advance(1)
        stop(service)
        later = TableService(Store(db_url), clock)
        table = await later.table(table_id)
        view = later.view(table, (offender + 1) % 3)
        assert view["legal"] == ["call"] and view["window"]["closes_in"] == pytest.approx(CALL_SECONDS - 1)
        stop(later)
        # and one started after the deadline closes it at once
        after = TableService(Store(db_url), FakeClock(opened + CALL_SECONDS + 5))
        again = await after.table(table_id)
        await until(lambda: again.seq == seq + 2, "the overdue window closed")
        assert not events(again.state, "call") and again.times[-1] == pytest.approx(opened + CALL_SECONDS)
        stop(after)
    run(test)


def stop(service: TableService) -> None:
    """The server stops: its timers with it."""
    for task in list(service._tasks):
        task.cancel()
