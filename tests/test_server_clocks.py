"""Move clocks and leaving a table (``kartaros.server.clocks``): a seat's time runs down on the
server's clock, its reserve after its move's seconds; when it runs out a bot takes the seat over
(the person takes it back) or he forfeits, as the table says; a restarted server resumes a turn
from its stored deadline; resigning, and a draw offer where the game has them. Every test runs
on a fake clock, against SQLite and PostgreSQL."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

import kartaros
from kartaros.server import create_app
from kartaros.server.clock import FakeClock
from kartaros.server.store import Store
from kartaros.server.tables import ApiError, LiveTable, PlayerError, TableService
from tests.random_play import going_on
from tests.test_race import run, until
from tests.test_server_api import auth, db_url  # noqa: F401  (the fixture: SQLite and PostgreSQL)

CLOCK = {"per_move": 10, "reserve": 20}
# a game of two with draw offers, and one of three and more without
PAIR = next(info.name for info in kartaros.GAMES.values() if info.draw_offers and info.max_players == 2)
MANY = next(info.name for info in kartaros.GAMES.values() if info.max_players >= 3 and not info.draw_offers)


GOING_ON_SEED = 1


async def people(service: TableService, game: str = PAIR, n: int = 2, **options: Any) -> LiveTable:
    table_id, _ = await service.create(game, n, ["human"] * n, None, [], **options)
    return await service.table(table_id)


async def move(service: TableService, table: LiveTable) -> int:
    """The seat to move plays its first legal move that leaves the game going (a deal may let a
    move win at once: these tests are about what happens while it goes on); which seat it was."""
    seat = table.state.current_player
    assert seat is not None
    legal = table.state.legal_actions()
    action = next(iter(going_on(table.state)), legal[0])
    await service.act(table.id, seat, action, table.seq)
    return seat


def stored(service: TableService, table: LiveTable) -> Any:
    found = service.store.load(table.id)
    assert found is not None
    return found


def test_the_clock_runs_down_the_move_then_the_reserve_and_stops_when_he_moves(db_url: str) -> None:  # noqa: F811
    async def test() -> None:
        clock = FakeClock()
        service = TableService(Store(db_url), clock)
        table = await people(service, clock=CLOCK)
        seat = table.state.current_player
        assert seat is not None
        shown = service.view(table, None)["clock"]  # spectators see the clock too
        assert shown["turn"] == {"seat": seat, "deadline": pytest.approx(clock.now() + 30), "left": 30, "move_left": 10}
        assert shown["reserves"] == [20, 20]
        await clock.advance(15)  # the move's 10 seconds, then 5 of the reserve
        shown = service.view(table, seat)["clock"]
        assert (shown["turn"]["left"], shown["turn"]["move_left"], shown["reserves"][seat]) == (15, 0, 15)
        mover = await move(service, table)
        assert mover == seat
        kept = stored(service, table).clock
        assert kept["reserves"][seat] == 15  # the reserve used is gone for the game
        nxt = table.state.current_player
        assert nxt is not None
        turn = kept["turn"]  # a move starts the next one's move afresh, even where he moves again
        assert turn["seat"] == nxt and turn["deadline"] == pytest.approx(clock.now() + 10 + kept["reserves"][nxt])
        while table.state.current_player == seat:
            await move(service, table)
        other = table.state.current_player
        assert other is not None
        await clock.advance(4)  # within the move's seconds: the reserve is untouched
        await move(service, table)
        kept = stored(service, table).clock
        assert kept["reserves"] == [15, 20] if seat == 0 else [20, 15]
        assert not table.over and table.away == {}

    run(test)


def test_a_seat_whose_time_runs_out_is_played_by_a_bot_until_he_takes_it_back(db_url: str) -> None:  # noqa: F811
    async def test() -> None:
        clock = FakeClock()
        # one deal, whose bot's moves for the late seat leave the game going (a Keč deal may let
        # the first move end it: this test is about what happens while it goes on)
        service = TableService(Store(db_url), clock, seeds=lambda: GOING_ON_SEED)
        table = await people(service, clock=CLOCK)
        late = table.state.current_player
        assert late is not None
        deadline = table.clock["turn"]["deadline"] if table.clock else 0
        await clock.advance(29.9)
        assert table.away == {}  # not yet
        await clock.advance(0.2)
        await until(lambda: late in table.away, "the bot takes the seat over")
        event = table.events[0]
        assert (event["kind"], event["seat"], event["at"], event["data"]["why"]) == ("took_over", late, deadline,
                                                                                     "timeout")
        await until(lambda: table.state.current_player != late or table.over, "the bot plays for him")
        view = service.view(table, late)
        assert view["away"] == [late] and view["may"]["take_seat_back"] and view["clock"]["reserves"][late] == 0
        assert "A bot (medium) plays for Player 1 now." in view["words"]["table_log"] or late == 1
        with pytest.raises(PlayerError, match="a bot plays for you"):
            await service.act(table.id, late, "x", table.seq)
        other = 1 - late
        with pytest.raises(PlayerError, match="playing your seat yourself"):
            await service.table_event(table.id, other, "take_seat_back")
        assert not table.over and table.state.current_player == other
        await service.table_event(table.id, late, "take_seat_back")
        assert table.away == {} and late not in table.bots and table.events[-1]["kind"] == "seat_back"
        assert service.view(table, late)["may"]["take_seat_back"] is False
        while table.state.current_player == other:
            await move(service, table)
        assert table.state.current_player == late  # his own move, his clock again: no reserve left
        assert table.clock is not None and table.clock["turn"]["deadline"] == pytest.approx(clock.now() + 10)
        await move(service, table)
        again = TableService(Store(db_url), clock)  # the events are stored: a restart knows who is away
        assert (await again.table(table.id)).away == {}
        assert [e["kind"] for e in (await again.table(table.id)).events] == ["took_over", "seat_back"]

    run(test)


def test_a_seat_whose_time_runs_out_forfeits_at_a_table_that_says_so(db_url: str) -> None:  # noqa: F811
    async def test() -> None:
        clock = FakeClock()
        service = TableService(Store(db_url), clock)
        table = await people(service, clock=CLOCK, on_timeout="forfeit")
        late = table.state.current_player
        assert late is not None
        await clock.advance(31)
        await until(lambda: table.over, "he forfeits")
        view = service.view(table, None)
        assert view["over"] and view["result"]["reason"] == "timeout" and view["clock"]["turn"] is None
        assert view["returns"][late] == 0 and view["returns"][1 - late] == 1
        assert view["words"]["end"] == f"Player {late + 1} ran out of time: Player {2 - late} wins."
        sr = service.view(table, None, "sr")["words"]["end"]
        assert sr != view["words"]["end"] and f"Player {late + 1}" in sr  # the names as the table has them
        kept = stored(service, table)
        assert kept.finished and kept.result["reason"] == "timeout" and kept.result["seat"] == late
        record = await TableService(Store(db_url), clock).record(table.id)
        assert record["result"] is None  # the engine's: the game was not played out
        assert record["table_result"]["returns"] == view["returns"]
        assert [e["kind"] for e in record["table_events"]] == ["forfeited"]
        with pytest.raises(PlayerError, match="the game is over"):
            await service.act(table.id, 1 - late, table.state.legal_actions()[0], table.seq)

    run(test)


def test_a_restarted_server_resumes_a_turn_from_its_stored_deadline(db_url: str) -> None:  # noqa: F811
    async def test() -> None:
        clock = FakeClock()
        first = TableService(Store(db_url), clock)
        table = await people(first, clock=CLOCK)
        await move(first, table)  # the second turn: its deadline was stored with the move
        seat = table.state.current_player
        assert table.clock is not None and seat is not None
        deadline = table.clock["turn"]["deadline"]
        await clock.advance(12)
        first.stop()  # the server stops
        await clock.advance(6)  # ... and is down for 6 seconds
        second = TableService(Store(db_url), clock)
        await second.resume_all()  # a running clock is work: the table is carried on
        assert table.id in second.live
        again = second.live[table.id]
        assert second.view(again, None)["clock"]["turn"]["left"] == deadline - clock.now() == 12
        await clock.advance(11.9)
        assert again.away == {}
        await clock.advance(0.2)
        await until(lambda: seat in again.away, "his time runs out on the restarted server")
        assert again.events[-1]["at"] == deadline

        # a deadline passed while the server was down runs out at once, as of the deadline
        other = await people(second, clock=CLOCK, on_timeout="forfeit")
        assert other.clock is not None
        due = other.clock["turn"]["deadline"]
        second.stop()
        await clock.advance(100)
        third = TableService(Store(db_url), clock)
        await third.resume_all()
        await until(lambda: stored(third, other).finished, "the forfeit is stored")
        assert stored(third, other).events[-1]["at"] == due

    run(test)


def test_resigning_in_a_game_of_two_and_of_more(db_url: str) -> None:  # noqa: F811
    async def test() -> None:
        service = TableService(Store(db_url), FakeClock())
        pair = await people(service)
        await service.table_event(pair.id, 1, "resign")
        view = service.view(pair, 0)
        assert view["over"] and view["returns"] == [1, 0] and view["result"]["reason"] == "resigned"
        assert view["words"]["end"] == "Player 2 resigned: Player 1 wins." and view["legal"] == []
        assert view["may"] == {"resign": False, "offer_draw": False, "answer_draw": False, "take_seat_back": False}
        with pytest.raises(PlayerError, match="the game is over"):  # resign twice
            await service.table_event(pair.id, 1, "resign")
        with pytest.raises(PlayerError, match="the game is over"):
            await service.table_event(pair.id, 0, "resign")

        many = await people(service, MANY, 3)
        await move(service, many)
        await service.table_event(many.id, 0, "resign")
        view = service.view(many, None)
        assert view["over"] and view["returns"] == [0, 0.5, 0.5]  # he gets the least, the others share
        assert view["words"]["end"] == "Player 1 resigned: the others share the win."
        kept = stored(service, many)
        assert kept.finished and kept.result["returns"] == [0, 0.5, 0.5] and kept.actions == many.state.actions
        finished = service.store.finished([many.id])
        assert finished[0]["result"]["reason"] == "resigned"

    run(test)


def test_a_draw_offer_is_answered_by_the_opponent_only(db_url: str) -> None:  # noqa: F811
    async def test() -> None:
        service = TableService(Store(db_url), FakeClock())
        table = await people(service)
        with pytest.raises(PlayerError, match="no draw offer to answer"):  # accept without an offer
            await service.table_event(table.id, 1, "accept_draw")
        await service.table_event(table.id, 0, "offer_draw")
        assert service.view(table, 1)["draw_offer"] == 0 and service.view(table, 1)["may"]["answer_draw"]
        assert not service.view(table, 0)["may"]["answer_draw"]
        with pytest.raises(PlayerError, match="your opponent answers"):
            await service.table_event(table.id, 0, "accept_draw")
        with pytest.raises(PlayerError, match="waiting for an answer"):
            await service.table_event(table.id, 1, "offer_draw")
        await service.table_event(table.id, 1, "decline_draw")
        assert service.view(table, 0)["draw_offer"] is None and not table.over
        words = service.view(table, 0)["words"]
        assert "Player 2 declines the draw." in words["table_log"]
        # each told where it falls among the game's events (the log shows it there), a spectator's alike
        here = len(table.state.public_observation()["events"])
        assert words["table_log_at"] == [here] * len(words["table_log"]) == service.view(table, None)["words"][
            "table_log_at"]
        await service.table_event(table.id, 1, "offer_draw")
        await move(service, table)  # a move lets a standing offer lapse
        assert service.view(table, 0)["draw_offer"] is None
        await service.table_event(table.id, 1, "offer_draw")
        await service.table_event(table.id, 0, "accept_draw")
        view = service.view(table, None)
        assert view["over"] and view["returns"] == [0.5, 0.5] and view["result"]["reason"] == "agreed_draw"
        assert view["words"]["end"] == "Drawn by agreement."
        kinds = [e["kind"] for e in stored(service, table).events]
        assert kinds == ["draw_offered", "draw_declined", "draw_offered", "draw_offered", "draw_agreed"]

        against_a_bot, _ = await service.create(PAIR, 2, ["human", "bot:easy"], None, [])
        with pytest.raises(PlayerError, match="only a person can answer"):
            await service.table_event(against_a_bot, 0, "offer_draw")
        many = await people(service, MANY, 3)
        with pytest.raises(PlayerError, match="no draw offers"):
            await service.table_event(many.id, 0, "offer_draw")

    run(test)


def test_a_seat_gone_past_the_grace_period_is_taken_over_or_forfeits(db_url: str) -> None:  # noqa: F811
    async def test() -> None:
        service = TableService(Store(db_url), FakeClock())
        table_id, _ = await service.create(MANY, 3, ["human", "human", "bot:easy"], None, [])
        table = await service.table(table_id)
        assert await service.seat_gone(table_id, 1)
        told_at = len(table.state.public_observation()["events"])  # where the log tells it
        assert table.away == {1: "gone"} and table.events[-1]["data"] == {"why": "gone", "level": "medium",
                                                                          "log_at": told_at}
        assert not await service.seat_gone(table_id, 1)  # taken over already
        assert not await service.seat_gone(table_id, 2)  # a bot's seat
        for wrong in (3, -1):
            with pytest.raises(ApiError, match="a seat is a number"):
                await service.seat_gone(table_id, wrong)
            with pytest.raises(ApiError, match="a seat is a number"):
                await service.seat_back(table_id, wrong)
        assert await service.seat_back(table_id, 1)
        assert not await service.seat_back(table_id, 1)
        assert table.away == {} and 1 not in table.bots

        leaving = await people(service, on_timeout="forfeit")
        assert await service.seat_gone(leaving.id, 0)
        view = service.view(leaving, 1)
        assert view["over"] and view["result"]["reason"] == "gone" and view["returns"] == [0, 1]
        assert view["words"]["end"] == "Player 1 left the game: Player 2 wins."
        assert not await service.seat_gone(leaving.id, 1)  # the game is over

    run(test)


@pytest.mark.parametrize("clock, on_timeout", [
    ({"per_move": 4, "reserve": 0}, "bot"),
    ({"per_move": 3601, "reserve": 0}, "bot"),
    ({"per_move": 30, "reserve": -1}, "bot"),
    ({"per_move": 30, "reserve": 10**9}, "bot"),
    ({"per_move": "30", "reserve": 0}, "bot"),
    ({"per_move": 30.5, "reserve": 0}, "bot"),
    ({"per_move": 30}, "bot"),
    ({"per_move": 30, "reserve": 0, "extra": 1}, "bot"),
    ([30, 120], "bot"),
    (None, "pass"),
])
def test_clock_values_out_of_bounds_are_refused(clock: Any, on_timeout: Any, tmp_path: Any) -> None:
    async def test() -> None:
        service = TableService(Store(f"sqlite:///{tmp_path / 'k.db'}"), FakeClock())
        with pytest.raises(ApiError) as refused:
            await service.create(PAIR, 2, ["human", "human"], None, [], clock=clock, on_timeout=on_timeout)
        assert refused.value.status == 400
        assert service.store.unfinished() == []  # nothing was stored

    run(test)


def test_table_events_over_http_and_the_socket_refuse_bad_input(db_url: str) -> None:  # noqa: F811
    with TestClient(create_app(db_url, clock=FakeClock())) as client:
        made = client.post("/api/tables", json={"game": PAIR, "seats": ["human", "human"], "clock": CLOCK,
                                                "on_timeout": "forfeit"})
        assert made.status_code == 201, made.text
        table, tokens = made.json()["table"], [s["token"] for s in made.json()["seats"]]
        other, _ = client.post("/api/tables", json={"game": PAIR, "seats": ["human", "human"]}).json()["seats"]
        url = f"/api/tables/{table}/events"
        assert client.post(url, json={"kind": "resign"}).status_code == 401  # a spectator
        assert client.post(url, json={"kind": "resign"}, headers=auth(other["token"])).status_code == 401
        bad = client.post(url, json={"kind": "win"}, headers=auth(tokens[0]))
        assert bad.status_code == 400 and "resign" in bad.json()["error"]
        assert client.post(url, json={"kind": 3}, headers=auth(tokens[0])).status_code == 400
        refused = client.post(f"{url}?lang=sr", json={"kind": "accept_draw"}, headers=auth(tokens[0]))
        assert refused.status_code == 409 and refused.json()["words"] != refused.json()["error"]
        bounds = client.post("/api/tables", json={"game": PAIR, "seats": ["human", "human"],
                                                  "clock": {"per_move": 1, "reserve": 0}})
        assert bounds.status_code == 400 and "per_move" in bounds.json()["error"]
        view = client.get(f"/api/tables/{table}", headers=auth(tokens[0])).json()
        assert view["clock"]["per_move"] == 10 and view["on_timeout"] == "forfeit" and view["may"]["resign"]
        with client.websocket_connect(f"/api/tables/{table}/ws") as ws:
            ws.send_json({"token": tokens[1]})
            assert ws.receive_json()["seat"] == 1
            ws.send_json({"table_event": "resign"})
            ended = ws.receive_json()
            assert ended["over"] and ended["result"]["reason"] == "resigned"
        record = client.get(f"/api/tables/{table}/record").json()
        assert record["table_result"]["seat"] == 1 and record["table_options"]["clock"] == CLOCK
        finished = client.get(f"/api/finished?tables={table}&lang=en").json()
        assert finished[0]["end"] == "Player 2 resigned: Player 1 wins."
        frames = client.get(f"/api/tables/{table}/frames")
        assert frames.status_code == 200


def test_T11_no_clock_runs_while_a_call_window_is_open(db_url: str) -> None:  # noqa: F811
    """A call window has no turns (T11): no seat's time runs in it; the next mover's starts when it closes."""
    async def test() -> None:
        clock = FakeClock()
        service = TableService(Store(db_url), clock, call_seconds=2.5)
        table_id, _ = await service.create("tac", 3, ["human"] * 3, {"calls": "open"}, [], clock=CLOCK)
        table = await service.table(table_id)
        chooser = random.Random(5)
        for _ in range(2000):
            legal = table.state.legal_actions()
            misses = [a for a in legal if a.endswith("?")]
            seat = table.state.current_player
            assert seat is not None
            await service.act(table_id, seat, misses[0] if misses else chooser.choice(legal), table.seq)
            if misses:
                break
        assert service._window(table) is not None and table.clock is not None
        assert table.clock["turn"] is None and service.view(table, None)["clock"]["turn"] is None
        reserves = list(table.clock["reserves"])
        await clock.advance(2.6)  # nobody calls: the window closes, play goes on
        await until(lambda: service._window(table) is None, "the window closes")
        turn = table.clock["turn"]
        assert turn is not None and turn["seat"] == table.state.current_player
        assert turn["started"] == pytest.approx(clock.now() - 0.1, abs=0.11)  # from the window's close
        assert table.clock["reserves"] == reserves and table.away == {}

    run(test)
