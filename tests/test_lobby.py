"""The lobby: open tables listed live (private ones never, tokens never), free seats taken by the
first who claims them, quick play, the creator's bots, names, and who is connected; against
SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from kartaros.server import create_app
from kartaros.server.lobby import Lobby, Seated
from kartaros.server.store import Store, hash_token
from kartaros.server.tables import PlayerError, TableService
from tests.test_race import run
from tests.test_server_api import auth, db_url, new_table, settled  # noqa: F401  (db_url: SQLite and PostgreSQL)


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:  # noqa: F811
    with TestClient(create_app(db_url)) as c:
        yield c


def open_table(client: TestClient, game: str = "puck", seats: list[str] | None = None, name: str = "Ana",
               **extra: Any) -> dict[str, Any]:
    """An open table made as the home page makes one: the creator named, his seat's token alone."""
    seats = seats or ["human", "human", "human"]
    made = new_table(client, game, seats, players=len(seats), open=True, names=[name], **extra)
    assert len(made["seats"]) == 1  # the free seats' tokens are nobody's yet
    return made


def listed(client: TestClient, lang: str = "en") -> dict[str, dict[str, Any]]:
    answer = client.get(f"/api/lobby?lang={lang}")
    assert answer.status_code == 200
    return {table["table"]: table for table in answer.json()["tables"]}


def sit(client: TestClient, table: str, name: str, seat: int | None = None) -> Any:
    body: dict[str, Any] = {"name": name} if seat is None else {"name": name, "seat": seat}
    return client.post(f"/api/tables/{table}/seats", json=body)


def test_an_open_table_is_listed_in_words_and_a_private_one_never(client: TestClient) -> None:
    private = new_table(client, "puck", ["human", "human", "bot:easy"], players=3, names=["Milan"])
    made = open_table(client, seats=["human", "human", "bot:medium"], variant={"short_pair": False})
    usual = open_table(client, seats=["human", "human", "bot:medium"])
    tables = listed(client)
    assert tables[usual["table"]]["options"] == []  # as people play by default: nothing to tell
    assert private["table"] not in tables
    entry = tables[made["table"]]
    assert (entry["game"], entry["title"], entry["players"], entry["free"]) == ("puck", "Puck", 3, 1)
    assert [(s["name"], s["free"], s["bot"]) for s in entry["seats"]] == [
        ("Ana", False, False), (None, True, False), ("Bot 3 (medium)", False, True)]
    assert len(entry["options"]) == 1 and all(o["label"] and o["value"] for o in entry["options"])  # in words
    serbian = listed(client, "sr")[made["table"]]
    assert serbian["seats"][2]["name"] == "Bot 3 (medium)"  # names stay as given (the creator's language)
    assert [o["label"] for o in serbian["options"]] != [o["label"] for o in entry["options"]]
    # nothing secret in the lobby: no token of any seat, no token's hash
    text = json.dumps(client.get("/api/lobby").json())
    for token in [s["token"] for s in made["seats"] + private["seats"]]:
        assert token not in text
    assert "token" not in text and "hash" not in text


def test_a_free_seat_goes_to_who_claims_it_and_the_game_starts_when_all_sit(client: TestClient) -> None:
    for _ in range(40):  # a deal where the bot is the first to move
        made = open_table(client, seats=["bot:easy", "human", "human"])
        table, creator = made["table"], made["seats"][0]
        if client.get(f"/api/tables/{table}").json()["current_player"] == 0:
            break
    assert creator["seat"] == 1
    waiting = client.get(f"/api/tables/{table}", headers=auth(creator["token"])).json()
    assert (waiting["free"], waiting["creator"], waiting["open"], waiting["seq"]) == ([2], 1, True, 0)
    assert waiting["legal"] == []  # nobody moves before every seat is taken, the bot neither
    taken = sit(client, table, "  Milan ")
    assert taken.status_code == 201
    seat = taken.json()
    assert (seat["table"], seat["seat"]) == (table, 2)
    view = client.get(f"/api/tables/{table}", headers=auth(seat["token"])).json()
    assert view["seat"] == 2 and view["names"] == ["Bot 1 (easy)", "Ana", "Milan"] and view["free"] == []
    assert view["seq"] > 0 and view["current_player"] != 0  # the game started: the bot has moved
    assert table not in listed(client)  # a full table leaves the lobby
    again = sit(client, table, "Zoran", 2)
    assert again.status_code == 409 and again.json()["words"] == "that seat is taken: choose another"
    full = sit(client, table, "Zoran")
    assert full.status_code == 409 and full.json()["words"] == "every seat is taken already"


def test_moves_wait_until_every_seat_is_taken(client: TestClient) -> None:
    made = open_table(client, "kec", ["human", "human"])
    table, token = made["table"], made["seats"][0]["token"]
    refused = client.post(f"/api/tables/{table}/actions", json={"action": "draw", "seq": 0}, headers=auth(token))
    assert refused.status_code == 409 and refused.json()["words"] == "the game starts when every seat is taken"
    assert sit(client, table, "Milan").status_code == 201
    assert client.get(f"/api/tables/{table}", headers=auth(token)).json()["legal"]  # now he moves


def test_bad_names_and_bad_claims_are_refused_and_change_nothing(client: TestClient) -> None:
    made = open_table(client)
    table = made["table"]
    private = new_table(client, "puck", ["human", "human"], players=2)

    def refused(response: Any, status: int, words: str | None = None) -> None:
        assert response.status_code == status, response.text
        if words is not None:
            assert response.json()["words"] == words

    refused(sit(client, table, "x" * 25), 400, "a name is at most 24 characters long")
    refused(sit(client, table, "x" * 65), 400)  # longer than any name is sent with: not read
    refused(sit(client, table, "   "), 400, "choose a name first")
    refused(sit(client, table, "Ana\u0000"), 400,
            "a name is letters, digits, spaces and punctuation, without control characters")
    refused(sit(client, table, "a\u202e\u0085b"), 400)  # a C1 control character
    lone = client.post(f"/api/tables/{table}/seats", content=b'{"name": "Ana\\ud800"}',
                       headers={"content-type": "application/json"})
    refused(lone, 400)  # a lone surrogate is not text
    refused(client.post(f"/api/tables/{table}/seats", json={"name": 7}), 400)
    refused(sit(client, table, "Milan", 0), 409, "that seat is taken: choose another")  # the creator's
    refused(sit(client, table, "Milan", 9), 400)
    refused(sit(client, private["table"], "Milan"), 403,
            "this table is private: its players come by their invite links")
    refused(sit(client, "nosuchtable", "Milan"), 404)
    assert listed(client)[table]["free"] == 2  # nothing was taken
    # HTML in a name is text: kept as given, for the pages to show as text
    html = sit(client, table, "<b onclick=x>Mi</b>")
    assert html.status_code == 201
    assert listed(client)[table]["seats"][1]["name"] == "<b onclick=x>Mi</b>"


def test_only_the_creator_fills_the_free_seats_with_bots(client: TestClient) -> None:
    made = open_table(client)
    table, creator = made["table"], made["seats"][0]["token"]
    guest = sit(client, table, "Milan").json()

    def fill(token: str | None, level: str = "easy") -> Any:
        headers = auth(token) if token else {}
        return client.post(f"/api/tables/{table}/bots", json={"level": level}, headers=headers)

    refused = fill(guest["token"])
    assert refused.status_code == 403 and refused.json()["words"] == "only who made the table may seat bots at it"
    assert fill(None).status_code == 403
    assert fill("not a token").status_code == 401
    assert fill(creator, "godlike").status_code == 400
    assert listed(client)[table]["free"] == 1
    filled = fill(creator, "hard")
    assert filled.status_code == 200
    view = filled.json()
    assert view["free"] == [] and view["seats"] == ["human", "human", "bot:hard"]
    assert view["names"] == ["Ana", "Milan", "Bot 3 (hard)"]
    assert table not in listed(client)
    assert fill(creator).status_code == 409  # nothing left to fill


def test_quick_play_joins_a_table_where_someone_waits_or_opens_one(client: TestClient) -> None:
    first = client.post("/api/quick", json={"game": "puck", "players": 2, "name": "Ana"}).json()
    assert first["seat"] == 0
    # nobody is connected at Ana's table yet (she has not opened it): a second quick player is
    # not sent to a table its maker may have left, he opens his own
    second = client.post("/api/quick", json={"game": "puck", "players": 2, "name": "Milan"}).json()
    assert second["table"] != first["table"]
    with client.websocket_connect(f"/api/tables/{first['table']}/ws") as ana:
        ana.send_json({"token": first["token"]})
        settled(ana, [True, False])
        other_size = client.post("/api/quick", json={"game": "puck", "players": 3, "name": "Zoran"}).json()
        assert other_size["table"] not in (first["table"], second["table"])
        joined = client.post("/api/quick", json={"game": "puck", "players": 2, "name": "Jelena"}).json()
        assert (joined["table"], joined["seat"]) == (first["table"], 1)
        started = settled(ana, [True, False])  # Jelena sits (not connected yet): the game is on
        assert started["names"] == ["Ana", "Jelena"] and started["free"] == []
    for bad in ({"game": "chess", "players": 2, "name": "A"}, {"game": "puck", "players": 9, "name": "A"},
                {"game": "puck", "players": 2, "name": "x" * 30}):
        assert client.post("/api/quick", json=bad).status_code in (400, 404)


def test_presence_is_pushed_to_the_table_and_to_the_lobby(client: TestClient) -> None:
    with client.websocket_connect("/api/lobby/ws") as lobby:
        assert lobby.receive_json() == {"lobby": []}
        made = open_table(client, "kec", ["human", "human"])
        table = made["table"]
        (entry,) = lobby.receive_json()["lobby"]
        assert entry["table"] == table and [s["connected"] for s in entry["seats"]] == [False, False]
        with client.websocket_connect(f"/api/tables/{table}/ws") as ana:
            ana.send_json({"token": made["seats"][0]["token"]})
            assert settled(ana, [True, False])["free"] == [1]
            (entry,) = lobby.receive_json()["lobby"]
            assert [s["connected"] for s in entry["seats"]] == [True, False]
            guest = sit(client, table, "Milan").json()
            assert lobby.receive_json() == {"lobby": []}  # full: it leaves the lobby
            assert settled(ana, [True, False])["names"] == ["Ana", "Milan"]
            with client.websocket_connect(f"/api/tables/{table}/ws") as milan:
                milan.send_json({"token": guest["token"]})
                assert settled(milan, [True, True])["seat"] == 1
                assert settled(ana, [True, True])["connected"] == [True, True]
            assert settled(ana, [True, False])["connected"] == [True, False]  # Milan left
        lobby.send_json({"lang": "xx"})
        assert "error" in lobby.receive_json()


def test_an_open_table_is_listed_again_after_a_restart(db_url: str) -> None:  # noqa: F811
    with TestClient(create_app(db_url)) as before:
        made = open_table(before)
    with TestClient(create_app(db_url)) as after:
        assert made["table"] in listed(after)
        # the server lets go of a table nobody is at; whoever comes back is seen in the lobby
        after.app.state.service.live.pop(made["table"], None)  # type: ignore[attr-defined]
        with after.websocket_connect(f"/api/tables/{made['table']}/ws") as ana:
            ana.send_json({"token": made["seats"][0]["token"]})
            settled(ana, [True, False, False])
            assert [s["connected"] for s in listed(after)[made["table"]]["seats"]] == [True, False, False]
        assert sit(after, made["table"], "Milan").status_code == 201


def test_two_claims_of_one_seat_one_wins(db_url: str) -> None:  # noqa: F811
    """Race-safe: two people claim the last free seat at once, on one server and on two servers
    over one database; exactly one gets it, and the table has one player there."""

    async def scenario() -> None:
        store, other_store = Store(db_url), Store(db_url)
        one, two = Lobby(TableService(store)), Lobby(TableService(other_store))
        try:
            for claims in ((one, one), (one, two)):
                made = await claims[0].create("kec", 2, ["human", "human"], {}, "Ana", "en")
                await two.service.table(made.table)  # both servers hold the table
                results = await asyncio.gather(
                    *(lobby.claim(made.table, 1, name) for lobby, name in zip(claims, ("Milan", "Zoran"), strict=True)),
                    return_exceptions=True)
                won = [r for r in results if not isinstance(r, BaseException)]
                lost = [r for r in results if isinstance(r, BaseException)]
                assert len(won) == 1 and len(lost) == 1
                assert isinstance(lost[0], PlayerError) and lost[0].status == 409
                stored = store.load(made.table)
                assert stored is not None and stored.seats_version == 1
                assert stored.names[1] in ("Milan", "Zoran")
                winner = won[0]
                assert isinstance(winner, Seated) and stored.seats[1]["token_hash"] == hash_token(winner.token)
        finally:
            store.close()
            other_store.close()

    run(scenario)


@pytest.mark.parametrize("seats", [["human"], ["bot:easy", "bot:easy"]])
def test_an_open_table_needs_a_person_to_make_it(client: TestClient, seats: list[str]) -> None:
    response = client.post("/api/tables", json={"game": "kec", "seats": seats, "open": True, "names": ["Ana"]})
    assert response.status_code == 400


def test_the_lobby_page_is_served_and_its_socket_only_to_this_sites_pages(client: TestClient) -> None:
    page = client.get("/lobby")
    assert page.status_code == 200 and 'src="/static/js/lobby-page.js"' in page.text
    assert '<option value="sr"' in page.text  # the language switch lists the languages
    url, elsewhere = "/api/lobby/ws", {"origin": "https://elsewhere.example"}
    with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect(url, headers=elsewhere) as s:
        s.receive_json()
    assert closed.value.code == 4403
    with client.websocket_connect("/api/lobby/ws?lang=sr") as ws:
        assert ws.receive_json() == {"lobby": []}
        ws.send_text("not json")
        assert "error" in ws.receive_json()
