"""Accounts, optional: signing up, in and out, sessions in a cookie, seats kept by the account that
opened them, profiles, ratings and leaderboards; bad input on every endpoint."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from kartaros.server import create_app
from kartaros.server.account_routes import COOKIE
from kartaros.server.ratings import BOT_SKILL, RatedGame, rated, ratings
from tests.test_server_api import auth, db_url  # noqa: F401  (db_url: SQLite and PostgreSQL)

PASSWORD = "konj-i-kec-7"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:  # noqa: F811
    with TestClient(create_app(db_url)) as c:
        yield c


def sign_up(client: TestClient, username: str) -> None:
    answer = client.post("/api/accounts", json={"username": username, "password": PASSWORD})
    assert answer.status_code == 201, answer.text


def test_sign_up_in_and_out_with_a_secure_cookie(client: TestClient) -> None:
    assert client.get("/api/me").json() == {"username": None}
    answer = client.post("/api/accounts", json={"username": "Ana", "password": PASSWORD})
    assert answer.status_code == 201
    cookie = answer.headers["set-cookie"]
    assert f"{COOKIE}=" in cookie and "HttpOnly" in cookie and "SameSite=strict" in cookie
    assert client.get("/api/me").json() == {"username": "Ana"}
    assert client.delete("/api/session").json() == {"username": None}
    assert client.get("/api/me").json() == {"username": None}
    assert client.post("/api/session", json={"username": "ana", "password": PASSWORD}).json() == {"username": "Ana"}
    assert client.get("/api/me").json() == {"username": "Ana"}


def test_wrong_passwords_taken_names_and_bad_input_are_refused_in_words(client: TestClient) -> None:
    sign_up(client, "Milan")
    client.cookies.clear()
    for who, password in (("Milan", "not-his-password"), ("Nobody", PASSWORD)):
        refused = client.post("/api/session?lang=sr", json={"username": who, "password": password})
        assert refused.status_code == 401 and refused.json()["words"] == "pogrešno korisničko ime ili lozinka"
    assert client.post("/api/accounts", json={"username": "MILAN", "password": PASSWORD}).status_code == 409
    for name in ("ab", "x" * 25, "<b>Ana</b>", "Ana\u0000", "_ana", "a b c"):
        assert client.post("/api/accounts", json={"username": name, "password": PASSWORD}).status_code == 400, name
    lone = '{"username": "\\udbff\\udbffab", "password": "' + PASSWORD + '"}'  # lone surrogates, as JSON may carry them
    assert client.post("/api/accounts", content=lone, headers={"content-type": "application/json"}).status_code == 400
    for password in ("short", "x" * 129, 12345678):
        assert client.post("/api/accounts", json={"username": "Vesna", "password": password}).status_code in (400, 422)
    assert client.get("/api/me").json() == {"username": None}
    assert client.post("/api/accounts", json={"username": "Đorđe", "password": PASSWORD}).status_code == 201


def test_another_sites_page_cannot_sign_in_or_out(client: TestClient) -> None:
    sign_up(client, "Ana")
    evil = {"Origin": "https://evil.example"}
    assert client.delete("/api/session", headers=evil).status_code == 403
    assert client.get("/api/me").json() == {"username": "Ana"}
    assert client.post("/api/session", headers=evil, json={"username": "Ana", "password": PASSWORD}).status_code == 403


def test_signing_in_is_held_to_a_rate(client: TestClient) -> None:
    sign_up(client, "Ana")
    answers = [client.post("/api/session", json={"username": "Ana", "password": "wrong-password"}).status_code
               for _ in range(6)]
    assert answers[:5] == [401] * 5 and answers[5] == 429


def play_out(client: TestClient, table: str, token: str) -> dict[str, object]:
    """The person plays his first legal move until the game against bots ends."""
    for _ in range(3000):
        view = client.get(f"/api/tables/{table}", headers=auth(token)).json()
        if view["over"]:
            return dict(view)
        if view["legal"]:
            client.post(f"/api/tables/{table}/actions", headers=auth(token),
                        json={"action": view["legal"][0], "seq": view["seq"]})
    raise AssertionError("the game did not end")


def test_a_seat_opened_signed_in_is_the_accounts_and_its_games_make_a_profile_and_a_rating(
    client: TestClient,
) -> None:
    sign_up(client, "Ana")
    made = client.post("/api/tables", json={"game": "kec", "seats": ["human", "bot:easy"],
                                            "variant": {"max_actions": 40}}).json()
    table, token = made["table"], made["seats"][0]["token"]
    with client.websocket_connect(f"/api/tables/{table}/ws") as ws:  # the cookie goes with it
        ws.send_json({"token": token})
        ws.receive_json()
    view = play_out(client, table, token)
    profile = client.get("/api/players/ana").json()
    assert profile["username"] == "Ana"
    [game] = profile["games"]
    assert game["game"] == "kec" and game["played"] == 1 and game["rating"] is not None
    assert game["won"] + game["drawn"] + game["lost"] == 1
    assert profile["history"][0]["table"] == table and profile["history"][0]["seat"] == 0
    assert view["returns"] == profile["history"][0]["result"]["returns"]
    board = client.get("/api/leaderboard/kec").json()
    assert [row["username"] for row in board["leaders"]] == ["Ana"] and board["leaders"][0]["games"] == 1
    assert client.get("/api/leaderboard/tac").json()["leaders"] == []
    # a guest's game is nobody's: another browser, no account
    client.cookies.clear()
    guest = client.post("/api/tables", json={"game": "kec", "seats": ["human", "bot:easy"]}).json()
    with client.websocket_connect(f"/api/tables/{guest['table']}/ws") as ws:
        ws.send_json({"token": guest["seats"][0]["token"]})
        ws.receive_json()
    assert client.get("/api/players/Ana").json()["games"][0]["played"] == 1


def test_unknown_players_and_games_are_404(client: TestClient) -> None:
    assert client.get("/api/players/nobody?lang=sr").status_code == 404
    assert client.get("/api/leaderboard/chess").status_code == 404
    assert client.get("/api/players/" + "x" * 500).status_code == 404


def test_ratings_rank_by_returns_bots_stay_where_they_are_and_guests_leave_a_game_unrated() -> None:
    ana, milan = "account:1", "account:2"
    games = [RatedGame((ana, "bot:hard"), (1.0, 0.0)), RatedGame((milan, "bot:hard"), (0.0, 1.0))]
    after = ratings(games)
    assert after[ana].mu > 25 > after[milan].mu and after[ana].games == after[milan].games == 1
    assert "bot:hard" not in after  # a bot's rating is fixed
    beat_easy = ratings([RatedGame((ana, "bot:easy"), (1.0, 0.0))])[ana].mu
    beat_hard = ratings([RatedGame((ana, "bot:hard"), (1.0, 0.0))])[ana].mu
    assert beat_hard > beat_easy  # beating a stronger bot counts for more
    assert BOT_SKILL["easy"][0] < BOT_SKILL["medium"][0] < BOT_SKILL["hard"][0]
    assert rated(["human", "bot:easy"], [None, None], [1, 0]) is None  # a guest
    assert rated(["human", "human"], [3, 3], [1, 0]) is None  # one account in two seats
    assert rated(["bot:easy", "bot:hard"], [None, None], [1, 0]) is None  # no account
    assert rated(["human", "bot:easy"], [3, None], [1, 0]) == RatedGame(("account:3", "bot:easy"), (1.0, 0.0))
