"""The public HTTP and WebSocket API, against both storage backends (SQLite file, PostgreSQL)."""

from __future__ import annotations

import json
import random
import re
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

import kartaros
from kartaros.server import create_app
from kartaros.server.words import page_messages
from kartaros.words import MISSING, speech
from kartaros.words.catalogs import ROOT, messages_of

PG_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/test"


def _pg_available() -> bool:
    try:
        with create_engine(PG_URL).connect() as db:
            db.execute(text("select 1"))
        return True
    except Exception:
        return False


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'kartaros.db'}"
        return
    if not _pg_available():
        pytest.fail("PostgreSQL on 127.0.0.1:5432 (database test) is required for the storage tests")
    schema = f"kt_{secrets.token_hex(6)}"
    admin = create_engine(PG_URL)
    with admin.begin() as db:
        db.execute(text(f"create schema {schema}"))
    yield f"{PG_URL}?options=-csearch_path%3D{schema}"
    with admin.begin() as db:
        db.execute(text(f"drop schema {schema} cascade"))
    admin.dispose()


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url)) as c:
        yield c


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_table(client: TestClient, game: str = "kec", seats: list[str] | None = None, **extra: Any) -> dict[str, Any]:
    body = {"game": game, "seats": seats or ["human", "bot:easy"], **extra}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def settled(socket: Any, connected: list[bool]) -> dict[str, Any]:
    """The view a table's socket gets once every seat's presence is as ``connected`` (each seat
    that connects is pushed to everyone at the table): the messages after it are the test's."""
    for _ in range(10):
        view = socket.receive_json()
        if view.get("connected") == connected:
            return dict(view)
    raise AssertionError(f"the seats never showed as connected {connected}")


def test_healthz_and_games(client: TestClient) -> None:
    assert client.get("/healthz").status_code == 200
    games = client.get("/api/games").json()
    assert [g["name"] for g in games] == list(kartaros.GAMES)


def test_games_name_their_options_for_people(client: TestClient) -> None:
    """Each option by its label and explanation, each choice by its words, in the language asked."""
    en = {g["name"]: g for g in client.get("/api/games").json()}
    sr = {g["name"]: g for g in client.get("/api/games?lang=sr").json()}
    pairs = next(o for o in en["kec"]["options"] if o["name"] == "pairs_to")
    assert (pairs["label"], pairs["choices"], pairs["choice_words"]) == (
        "Where played pairs go", ["discard", "out"], ["onto the discard pile", "out of play"]
    )
    assert pairs["explanation"] == "A pair played to exchange or to throw is put away."
    pairs_sr = next(o for o in sr["kec"]["options"] if o["name"] == "pairs_to")
    assert (pairs_sr["label"], pairs_sr["choice_words"]) == ("Kuda idu odigrani parovi", ["na hrpu za odbacivanje",
                                                                                          "van igre"])
    limit = next(o for o in sr["kec"]["options"] if o["name"] == "max_actions")
    assert (limit["label"], limit["choice_words"], limit["minimum"]) == ("Granica broja poteza", None, 1)
    # Everything but the words is the same in both languages.
    strip = ("label", "explanation", "choice_words")
    assert [[{k: v for k, v in o.items() if k not in strip} for o in g["options"]] for g in en.values()] == [
        [{k: v for k, v in o.items() if k not in strip} for o in g["options"]] for g in sr.values()
    ]
    # A game whose words have no options yet: the option's name, its values, yes and no for a flag.
    for game, info in kartaros.GAMES.items():
        if info.words.options is None:
            for option in sr[game]["options"]:
                assert option["label"] == option["name"] and option["explanation"] == ""
                if option["choices"] and isinstance(option["choices"][0], bool):
                    assert option["choice_words"] == ["da" if c else "ne" for c in option["choices"]]
    assert client.get("/api/games?lang=de").status_code == 400


def pages_messages() -> set[str]:
    """Every message in the pages' scripts and HTML, as the catalog tool finds them."""
    static = ROOT / "server" / "static"
    found: set[str] = set()
    for path in static.rglob("*"):
        if path.suffix in (".js", ".html"):
            found |= {m if isinstance(m, str) else m[0] for _, m, _, _ in messages_of(path)}
    return found


def test_words_answer_every_message_of_the_pages(client: TestClient) -> None:
    wanted = pages_messages()
    assert {"Your move", "Invite link for seat {n}:", "Choose a game", "Rematch"} <= wanted  # scripts and HTML
    assert set(page_messages()) == wanted
    MISSING.clear()
    answer = client.get("/api/words?lang=sr").json()
    assert answer["lang"] == "sr"
    assert answer["languages"] == [
        {"code": "en", "name": "English"}, {"code": "sr", "name": "Srpski"}, {"code": "sr-Cyrl", "name": "Српски"},
    ]
    words = answer["words"]
    assert set(words) == wanted
    assert not MISSING, f"page messages no catalog has: {sorted(MISSING, key=str)}"
    assert words["Your move"] == "Tvoj potez" and words["Invite link for seat {n}:"] == "Pozivni link za mesto {n}:"
    untranslated = [m for m, w in words.items() if w == m and not m.startswith("{")]
    assert untranslated == [], "every message is translated"
    assert client.get("/api/words?lang=en").json()["words"]["Your move"] == "Your move"
    assert client.get("/api/words?lang=sr-Cyrl").json()["words"]["Your move"] == "Твој потез"
    response = client.get("/api/words?lang=de")
    assert response.status_code == 400 and "lang must be one of en, sr, sr-Cyrl" in response.json()["error"]


def test_a_language_added_to_languages_is_offered_everywhere(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A language in ``LANGUAGES`` (Serbian Cyrillic here) is offered everywhere: the pages' switch, the words,
    the views and the errors offer it with no other change."""
    monkeypatch.setattr(speech, "LANGUAGES", ("en", "sr", "sr-Cyrl"))
    answer = client.get("/api/words?lang=sr-Cyrl").json()
    assert answer["languages"][-1] == {"code": "sr-Cyrl", "name": "Српски"}
    assert answer["words"]["Your move"] == "Твој потез"
    assert answer["words"]["Invite link for seat {n}:"] == "Позивни линк за место {n}:"  # the field kept
    for page in ("/", "/t/abc", "/replays"):
        assert '<option value="sr-Cyrl" lang="sr-Cyrl">Српски</option>' in client.get(page).text
    created = new_table(client, seats=["human", "human"], names=["Milan", "Ana"])
    table, token = created["table"], created["seats"][1]["token"]
    view = client.get(f"/api/tables/{table}?lang=sr-Cyrl", headers=auth(token)).json()
    assert "Ana (ти)" in [row["label"] for row in view["words"]["table"]]
    moved = client.post(f"/api/tables/{table}/actions?lang=sr-Cyrl", headers=auth(token),
                        json={"action": "draw", "seq": 0}).json()
    assert moved["words"] == "није твој потез: игра Milan"
    kec = client.get("/api/games?lang=sr-Cyrl").json()[0]
    assert kec["options"][1]["label"] == "Куда иду одиграни парови"


@pytest.mark.parametrize(
    ("game", "level"), [*((game, "bot:easy") for game in kartaros.GAMES), ("puck", "bot:hard")]  # hard searches
)
def test_a_whole_game_against_bots_sees_only_its_observation(client: TestClient, game: str, level: str) -> None:
    players = kartaros.GAMES[game].max_players if game != "tac" else 3
    created = new_table(client, game=game, players=players, seats=["human"] + [level] * (players - 1))
    token = created["seats"][0]["token"]
    assert [s["seat"] for s in created["seats"]] == [0]
    table = created["table"]
    truth = client.app.state.service.live[table].state  # type: ignore[attr-defined]
    for _ in range(20_000):
        view = client.get(f"/api/tables/{table}", headers=auth(token)).json()
        assert view["seat"] == 0
        assert view["view"] == truth.observation(0)  # exactly the observation, nothing more
        if view["over"]:
            break
        assert view["legal"] == truth.legal_actions(), "the bots move at once: it is the person's turn"
        response = client.post(
            f"/api/tables/{table}/actions", headers=auth(token), json={"action": view["legal"][0], "seq": view["seq"]}
        )
        assert response.status_code == 200, response.text
    assert view["over"] and view["returns"] == truth.returns()
    record = client.get(f"/api/tables/{table}/record").json()
    assert kartaros.replay(record).returns() == view["returns"]
    # The record says who played: the names by seat, and which seats the bots played (their level).
    assert record["names"] == client.app.state.service.live[table].names  # type: ignore[attr-defined]
    assert record["bots"] == [None] + [level.split(":", 1)[1]] * (players - 1)


def test_each_view_is_exactly_the_seats_observation(client: TestClient) -> None:
    created = new_table(client, seats=["human", "human"])
    table = created["table"]
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    truth = client.app.state.service.live[table].state  # type: ignore[attr-defined]
    for _ in range(40):
        views = {seat: client.get(f"/api/tables/{table}", headers=auth(t)).json() for seat, t in tokens.items()}
        mover = truth.current_player
        for seat in (0, 1):
            assert views[seat]["view"] == truth.observation(seat)
            assert views[seat]["legal"] == (truth.legal_actions() if mover == seat else [])
            # No card of the other hand that this seat has not seen appears anywhere in its messages.
            text = json.dumps(views[seat])
            hidden = set(truth.zones()[f"hand:{1 - seat}"]) - set(truth.observation(seat)["opponent_known"])
            assert not [c for c in hidden if f'"{c}"' in text]
        spectator = client.get(f"/api/tables/{table}").json()
        assert spectator["seat"] is None and spectator["legal"] == []
        assert spectator["view"] == truth.public_observation()
        assert "hand" not in spectator["view"]
        response = client.post(
            f"/api/tables/{table}/actions",
            headers=auth(tokens[mover]),
            json={"action": views[mover]["legal"][-1], "seq": views[mover]["seq"]},
        )
        assert response.status_code == 200


def test_bad_requests_get_clear_errors_and_change_nothing(client: TestClient) -> None:
    created = new_table(client, seats=["human", "human"])
    table, token0, token1 = created["table"], created["seats"][0]["token"], created["seats"][1]["token"]
    before = client.get(f"/api/tables/{table}", headers=auth(token0)).json()

    def error(response: Any, status: int, words: str) -> None:
        assert response.status_code == status, response.text
        body = response.json()
        assert set(body) <= {"error", "words"} and words in body["error"], body

    url = f"/api/tables/{table}/actions"
    error(client.post(url, content=b"{nope", headers=auth(token0)), 400, "not valid")
    error(client.post(url, json={"action": "draw"}, headers=auth(token0)), 400, "seq")
    error(client.post(url, json={"action": "draw", "seq": 0}), 401, "token")
    error(client.post(url, json={"action": "draw", "seq": 0}, headers=auth("wrong")), 401, "opens no seat")
    error(client.post(url, json={"action": "draw", "seq": 0}, headers={"Authorization": "Basic x"}), 401, "Bearer")
    error(client.post(url, json={"action": "draw", "seq": 0}, headers=auth(token1)), 409, "not your move")
    error(client.post(url, json={"action": "draw", "seq": 5}, headers=auth(token0)), 409, "moved on")
    error(client.post(url, json={"action": "KS-KS", "seq": 0}, headers=auth(token0)), 422, "not a legal move")
    error(client.get("/api/tables/nope"), 404, "no table")
    error(client.get("/api/tables/" + "x" * 300), 404, "no table")
    error(client.get(f"/api/tables/{table}/record"), 409, "once the game is over")
    error(client.post("/api/tables", json={"game": "chess", "seats": ["human"]}), 400, "unknown game")
    error(client.post("/api/tables", json={"game": "kec", "seats": ["human"]}), 400, "2 seats")
    error(client.post("/api/tables", json={"game": "kec", "seats": ["human", "bot:godlike"]}), 400, "a seat is one of")
    error(client.post("/api/tables", json={"game": "kec", "seats": ["bot:easy", "bot:easy"]}), 400, "human")
    error(client.post("/api/tables", json={"game": "kec", "seats": ["human", "human"], "variant": {"x": 1}}), 400,
          "no variant option")
    after = client.get(f"/api/tables/{table}", headers=auth(token0)).json()
    assert after == before


def test_a_players_errors_come_in_the_language_asked(client: TestClient) -> None:
    """What a player meets by clicking (a move out of turn or too late, a wrong invite link) has
    its words in the view's language; errors for the client's programmer are English only."""
    created = new_table(client, seats=["human", "human"], names=["Milan", "Ana"])
    table, token0, token1 = created["table"], created["seats"][0]["token"], created["seats"][1]["token"]
    url = f"/api/tables/{table}/actions?lang=sr"

    def said(response: Any) -> tuple[int, str, str | None]:
        body = response.json()
        return response.status_code, body["error"], body.get("words")

    assert said(client.post(url, json={"action": "draw", "seq": 0}, headers=auth(token1))) == (
        409, "it is not your move: Milan moves", "nije tvoj potez: igra Milan"
    )
    status, error, words = said(client.post(url, json={"action": "draw", "seq": 5}, headers=auth(token0)))
    assert (status, words) == (409, "igra je u međuvremenu odmakla: pogledaj ponovo") and "seq 0" in error
    assert said(client.post(url, json={"action": "draw", "seq": 0}, headers=auth("wrong")))[2] == (
        "ovaj link ne otvara nijedno mesto za ovim stolom"
    )
    status, error, words = said(client.post(url, json={"action": "KS-KS", "seq": 0}, headers=auth(token0)))
    # the engine's own words, in Serbian: what is wrong, and what the player is to do now
    assert (status, words) == (422, "To sada nije dozvoljen potez. Tvoj potez: vuci karte do pune ruke.")
    assert "not a legal move" in error
    assert said(client.get("/api/tables/nope?lang=sr")) == (404, "there is no table 'nope'", "nema stola „nope“")
    assert said(client.get(f"/api/tables/{table}/record?lang=sr"))[2] == "zapis igre se vidi tek kad se igra završi"
    assert said(client.get("/api/tables/nope"))[2] == "there is no table 'nope'"  # English without a lang
    assert "words" not in client.post(url, json={"action": "draw"}, headers=auth(token0)).json()  # for programmers
    with client.websocket_connect(f"/api/tables/{table}/ws?lang=sr") as p1:
        p1.send_json({"token": token1})
        p1.receive_json()
        p1.send_json({"action": "draw", "seq": 0})
        assert p1.receive_json()["words"] == "nije tvoj potez: igra Milan"
        p1.send_json({"lang": "en"})
        p1.receive_json()
        p1.send_json({"action": "draw", "seq": 0})
        assert p1.receive_json()["words"] == "it is not your move: Milan moves"
    with client.websocket_connect(f"/api/tables/{table}/ws?lang=sr") as bad:
        bad.send_json({"token": "wrong"})
        assert bad.receive_json()["words"] == "ovaj link ne otvara nijedno mesto za ovim stolom"
    with client.websocket_connect("/api/tables/nope/ws?lang=sr") as missing:
        assert missing.receive_json()["words"] == "nema stola „nope“"


def test_T7_T12_a_try_onto_a_pile_the_card_does_not_fit_is_refused_with_the_rules_words(client: TestClient) -> None:
    """Tač with open calls: the view offers the turned card onto every pile in play; a try that
    does not fit is a 422 with the rules' words in the player's language and changes nothing;
    a try onto one's own open pile is played as the move it is (kept, or the miss of keeping)."""
    created = new_table(client, "tac", ["human", "human"], variant={"calls": "open"}, names=["Milan", "Ana"])
    table, token0, token1 = created["table"], created["seats"][0]["token"], created["seats"][1]["token"]
    url = f"/api/tables/{table}/actions"
    assert client.post(url, json={"action": "turn", "seq": 0}, headers=auth(token0)).status_code == 200
    before = client.get(f"/api/tables/{table}", headers=auth(token0)).json()
    card = before["view"]["turned"]
    assert before["offers"] == [f"{card}>C", f"{card}>1", f"{card}>0"]
    assert [m["action"] for m in before["words"]["moves"]] == before["offers"]
    assert client.get(f"/api/tables/{table}", headers=auth(token1)).json()["offers"] == []
    # T5: nothing goes onto another's open pile before an Ace lies on the central pile
    refused = client.post(f"{url}?lang=sr", json={"action": f"{card}>1", "seq": 1}, headers=auth(token0))
    assert refused.status_code == 422
    assert "nijedna karta ne ide na tuđu odbačenu gomilu dok na centralnoj gomili nema keca" in refused.json()["words"]
    refused = client.post(url, json={"action": f"{card}>1", "seq": 1}, headers=auth(token0))
    assert "before an Ace lies on the central pile" in refused.json()["words"]
    assert client.get(f"/api/tables/{table}", headers=auth(token0)).json() == before  # seq and all unchanged
    kept = client.post(url, json={"action": f"{card}>0", "seq": 1}, headers=auth(token0))
    assert kept.status_code == 200 and kept.json()["seq"] == 2
    assert kept.json()["view"]["open_piles"][0] == [card]
    played = client.get(f"/api/tables/{table}", headers=auth(token1)).json()["view"]["events"]
    assert any(e["type"] == "place" and e["card"] == card for e in played)


def test_why_a_try_cannot_be_made_is_told_to_the_mover_only_from_worlds_he_cannot_tell_apart(
    client: TestClient,
) -> None:
    """``{"explain": try}`` on the socket: the rules' words of why it does not go, in the seat's
    language, worked out on determinized worlds; a seat not to move is refused."""
    created = new_table(client, "tac", ["human", "human"], variant={"calls": "open"}, names=["Milan", "Ana"])
    table, token0, token1 = created["table"], created["seats"][0]["token"], created["seats"][1]["token"]
    assert client.post(f"/api/tables/{table}/actions", json={"action": "turn", "seq": 0},
                       headers=auth(token0)).status_code == 200
    card = client.get(f"/api/tables/{table}", headers=auth(token0)).json()["view"]["turned"]
    with client.websocket_connect(f"/api/tables/{table}/ws?lang=sr") as p0, \
            client.websocket_connect(f"/api/tables/{table}/ws") as p1:
        p0.send_json({"token": token0})
        p1.send_json({"token": token1})
        settled(p0, [True, True])
        settled(p1, [True, True])
        p0.send_json({"explain": f"{card}>1"})
        answer = p0.receive_json()
        assert answer["explain"] == f"{card}>1"
        assert "nijedna karta ne ide na tuđu odbačenu gomilu dok na centralnoj gomili nema keca" in answer["words"]
        p1.send_json({"explain": f"{card}>1"})
        assert "only the player to move" in p1.receive_json()["error"]


def test_a_why_not_that_differs_between_worlds_is_told_only_as_the_generic_sentence(
    client: TestClient, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where the reason would depend on cards the seat cannot see (it differs between the worlds
    it cannot tell apart), the answer is only "not a legal move now"."""
    from kartaros.server import tables

    worlds = iter(range(100))
    monkeypatch.setattr(tables, "_refusal", lambda state, try_, names, lang: f"a reason seen in world {next(worlds)}")
    created = new_table(client, seats=["human", "human"])
    with client.websocket_connect(f"/api/tables/{created['table']}/ws?lang=sr") as p0:
        p0.send_json({"token": created["seats"][0]["token"]})
        p0.receive_json()
        p0.send_json({"explain": "KS-KS"})
        assert p0.receive_json()["words"] == "to sada nije dozvoljen potez"
        for nonsense in (7, None, ["KS"], "K" * 10_000):  # refused, not echoed, nothing changes
            p0.send_json({"explain": nonsense})
            answer = p0.receive_json()
            assert "error" in answer and "explain" not in answer and len(json.dumps(answer)) < 500


def test_seats_without_names_are_named_in_the_language_asked(client: TestClient) -> None:
    response = client.post("/api/tables?lang=sr", json={"game": "kec", "seats": ["human", "bot:easy"]})
    table = response.json()["table"]
    assert client.get(f"/api/tables/{table}").json()["names"] == ["Igrač 1", "Bot 2 (lak)"]
    made = new_table(client, seats=["human", "bot:hard"], names=["Milan"])
    assert client.get(f"/api/tables/{made['table']}").json()["names"] == ["Milan", "Bot 2 (hard)"]


def test_websocket_pushes_views_and_takes_moves(client: TestClient) -> None:
    created = new_table(client, seats=["human", "human"])
    table, token0, token1 = created["table"], created["seats"][0]["token"], created["seats"][1]["token"]
    with client.websocket_connect(f"/api/tables/{table}/ws") as p0, \
            client.websocket_connect(f"/api/tables/{table}/ws") as p1, \
            client.websocket_connect(f"/api/tables/{table}/ws") as watcher:
        p0.send_json({"token": token0})
        p1.send_json({"token": token1})
        watcher.send_json({})
        first = settled(p0, [True, True])
        assert first["seat"] == 0 and first["legal"] == ["draw"]
        assert settled(p1, [True, True])["legal"] == []
        assert settled(watcher, [True, True])["seat"] is None
        p1.send_json({"action": "draw", "seq": 0})
        assert "not your move" in p1.receive_json()["error"]
        p0.send_text("not json")
        assert "send JSON" in p0.receive_json()["error"]
        p0.send_json({"action": "draw", "seq": 0})
        pushed = [p0.receive_json(), p1.receive_json(), watcher.receive_json()]
        assert [v["seq"] for v in pushed] == [1, 1, 1]
        assert pushed[0]["view"]["hand_sizes"] == [5, 4]
        assert "card" in pushed[0]["view"]["events"][-1] and "card" not in pushed[1]["view"]["events"][-1]
    with client.websocket_connect(f"/api/tables/{table}/ws") as bad:
        bad.send_json({"token": "wrong"})
        assert "opens no seat" in bad.receive_json()["error"]


def test_words_come_in_the_language_asked(client: TestClient) -> None:
    created = new_table(client, seats=["human", "human"], names=["Milan", "Ana"])
    table, token0, token1 = created["table"], created["seats"][0]["token"], created["seats"][1]["token"]
    en = client.get(f"/api/tables/{table}", headers=auth(token0)).json()
    sr = client.get(f"/api/tables/{table}?lang=sr", headers=auth(token0)).json()
    assert (en["words"]["lang"], sr["words"]["lang"]) == ("en", "sr")
    assert {k: v for k, v in sr.items() if k != "words"} == {k: v for k, v in en.items() if k != "words"}
    assert en["words"]["moves"] == [{"action": "draw", "text": "draw a card from the stock"}]
    assert sr["words"]["moves"] == [{"action": "draw", "text": "vuci kartu sa ostatka"}]
    assert sr["words"]["log"][0].startswith("Milan dobija 4 karte: ")
    assert sr["words"]["turn"] == "vuci karte do pune ruke"
    labels = [row["label"] for row in sr["words"]["table"]]
    assert "Ostatak" in labels and "Milan (ti)" in labels and "Tvoja ruka" in labels
    assert [row["mover"] for row in sr["words"]["table"]] == [row["mover"] for row in en["words"]["table"]]
    spectator = client.get(f"/api/tables/{table}?lang=sr").json()
    assert spectator["words"]["log"] == ["Milan dobija 4 karte", "Ana dobija 4 karte"]
    moved = client.post(f"/api/tables/{table}/actions?lang=sr", headers=auth(token0), json={"action": "draw", "seq": 0})
    last = moved.json()["words"]["log"][-1]
    assert last.startswith("Milan vuče ") and last.endswith(" sa ostatka")
    with client.websocket_connect(f"/api/tables/{table}/ws?lang=sr") as p1, \
            client.websocket_connect(f"/api/tables/{table}/ws") as p0:
        p1.send_json({"token": token1})
        p0.send_json({"token": token0, "lang": "sr"})
        assert settled(p1, [True, True])["words"]["log"][-1] == "Milan vuče kartu sa ostatka"
        seen = settled(p0, [True, True])
        assert seen["words"]["lang"] == "sr"
        p1.send_json({"lang": "en"})  # the page switched language: the view comes again, in English
        assert p1.receive_json()["words"]["log"][-1] == "Milan draws a card from the stock"
        p1.send_json({"lang": "de"})
        assert "lang must be one of en, sr" in p1.receive_json()["error"]
        discard = next(a for a in seen["legal"] if "-" not in a)  # one card: a discard
        p0.send_json({"action": discard, "seq": 1})  # each watcher is told in its own language
        assert p0.receive_json()["words"]["log"][-1].startswith("Milan odbacuje ")
        assert p1.receive_json()["words"]["log"][-1].startswith("Milan discards ")
    for url in (f"/api/tables/{table}?lang=de", f"/api/tables/{table}/frames?lang=xx"):
        response = client.get(url)
        assert response.status_code == 400 and "lang must be one of en, sr" in response.json()["error"]


def test_a_restarted_server_continues_every_table(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        created = new_table(client)
        table, token = created["table"], created["seats"][0]["token"]
        for _ in range(15):
            view = client.get(f"/api/tables/{table}", headers=auth(token)).json()
            if view["over"]:
                break
            client.post(f"/api/tables/{table}/actions", headers=auth(token),
                        json={"action": view["legal"][-1], "seq": view["seq"]})
        before = client.get(f"/api/tables/{table}", headers=auth(token)).json()
    with TestClient(create_app(db_url)) as client:
        after = client.get(f"/api/tables/{table}", headers=auth(token)).json()
        assert after == before
        if after["over"]:
            return
        response = client.post(f"/api/tables/{table}/actions", headers=auth(token),
                               json={"action": after["legal"][0], "seq": after["seq"]})
        assert response.status_code == 200


def test_finished_games_list_frames_and_rules(client: TestClient) -> None:
    created = new_table(client, variant={"max_actions": 12})
    table, token = created["table"], created["seats"][0]["token"]
    for _ in range(12):
        view = client.get(f"/api/tables/{table}", headers=auth(token)).json()
        if view["over"]:
            break
        move = {"action": view["legal"][0], "seq": view["seq"]}
        client.post(f"/api/tables/{table}/actions", headers=auth(token), json=move)
    assert client.get(f"/api/tables/{table}", headers=auth(token)).json()["over"]
    other = new_table(client)["table"]  # not finished
    # Only the tables asked about (those a visitor played), and only the finished ones.
    assert client.get("/api/finished").json() == []
    assert client.get(f"/api/finished?tables={other},nosuchtable").json() == []
    finished = client.get(f"/api/finished?tables={other},{table}").json()
    record = client.get(f"/api/tables/{table}/record").json()
    assert [f["table"] for f in finished] == [table]
    assert finished[0]["result"] == record["result"]
    frames = client.get(f"/api/tables/{table}/frames").json()["frames"]
    assert len(frames) == len(record["actions"]) + 1
    assert frames[-1]["zones"] == kartaros.replay(record).zones()
    # Told in the third person by name, from the game's event words (every card shown).
    assert frames[1]["text"].startswith("1. Player 1 draws ") and frames[1]["text"].endswith(" from the stock")
    answer_sr = client.get(f"/api/tables/{table}/frames?lang=sr").json()
    assert (answer_sr["title"], answer_sr["names"]) == ("Keč", ["Player 1", "Bot 2 (easy)"])
    frames_sr = answer_sr["frames"]
    assert frames_sr[1]["text"].startswith("1. Player 1 vuče ") and frames_sr[1]["text"].endswith(" sa ostatka")
    assert [f["zones"] for f in frames_sr] == [f["zones"] for f in frames]
    over = client.get(f"/api/tables/{table}?lang=sr", headers=auth(token)).json()
    # The bot may choke the human before the bound; either way the end is told in Serbian.
    if record["result"]["reason"] == "max_actions":
        assert over["words"]["end"] == "Meč je nerešen: dostignuta je granica broja poteza"
    else:
        assert "pobeđuje" in over["words"]["end"]
    # The list tells how each game ended, in the language asked.
    listed = client.get(f"/api/finished?lang=sr&tables={table}").json()[0]
    assert listed["title"] == "Keč" and listed["end"] == over["words"]["end"]
    english = client.get(f"/api/tables/{table}").json()["words"]["end"]
    assert client.get(f"/api/finished?tables={table}").json()[0]["end"] == english
    assert "K7" in client.get("/api/rules/kec").text
    assert "Džoker" in client.get("/api/rules/kec?lang=sr").text
    assert client.get("/api/rules/chess").status_code == 404


def test_pages_are_served(client: TestClient) -> None:
    for path in ("/", "/t/abc", "/replays", "/static/app.css", "/static/js/table-page.js", "/openapi.json"):
        assert client.get(path).status_code == 200, path
    assert client.get("/docs").status_code == 404  # its page would load Swagger UI from a CDN
    for path in ("/", "/t/abc", "/replays"):  # each page's language switch lists the languages
        text = client.get(path).text
        assert '<option value="en" lang="en">English</option><option value="sr" lang="sr">Srpski</option>' in text


def test_the_site_pages_share_one_header_of_links(client: TestClient) -> None:
    """Home, lobby, replays, ratings, account and puzzles link to the same places, in one order."""
    def links(text: str) -> list[str]:
        header = text[text.index("<header>"): text.index("</header>")]
        return re.findall(r'<a href="([^"]*)" data-t=', header)

    first = links(client.get("/").text)
    assert first == ["/", "/lobby", "/replays", "/leaderboard", "/account"]
    for path in ("/lobby", "/replays", "/leaderboard", "/account", "/puzzles/kec"):
        answer = client.get(path)
        assert answer.status_code == 200 and links(answer.text) == first, path


def test_a_games_own_table_module_and_its_words_are_served(client: TestClient) -> None:
    """A game's folder gives the pages its table's layout (``table.js``), and ``/api/words?game=``
    its words with the shared ones; nothing else of the folder is served."""
    for info in kartaros.GAMES.values():
        module = client.get(f"/games/{info.name}/table.js")
        if info.page_file("table.js") is None:
            assert module.status_code == 404
            continue
        assert module.status_code == 200 and module.headers["content-type"].startswith("text/javascript")
        assert "export function render" in module.text
        words = client.get(f"/api/words?lang=sr&game={info.name}").json()["words"]
        own = {m if isinstance(m, str) else m[0] for _, m, _, _ in messages_of(ROOT / "games" / info.name / "table.js")}
        assert own and own <= set(words)
        with (ROOT / "games" / info.name / "sr.po").open("rb") as po:
            catalog = read_po(po)
        # Translated, and served as the catalog says (a word may be the same in Serbian: "Tač!").
        untranslated = [m for m in own if not (entry := catalog.get(m)) or not entry.string]
        assert not untranslated, "the table's words are translated"
        assert all(words[m] == catalog.get(m).string for m in own)
    for path in ("/games/kec/rules.py", "/games/kec/sr.po", "/games/kec/../../server/app.py", "/games/chess/table.js"):
        assert client.get(path).status_code == 404, path
    cards = client.get("/api/words?lang=sr").json()["cards"]
    assert len(cards) == 54 and cards["KH"] == "kralj herc" and cards["RJ"] == "crveni džoker"
    assert client.get("/api/words?lang=en").json()["cards"]["KH"] == "K♥"
    answer = client.get("/api/words?lang=sr&game=chess")
    assert answer.status_code == 404 and answer.json()["words"] == "nema igre „chess“"


@pytest.mark.parametrize("game", list(kartaros.GAMES))
def test_frames_come_in_pages_that_make_up_the_whole_replay(game: str) -> None:
    """A long game's replay is asked page by page: the pages together are the whole, each frame
    as it is in the whole (its number, its words, its cards)."""
    from kartaros.server.app import replay_frames

    rng = random.Random(5)
    state = kartaros.new_game(game, seed=5)
    while not state.is_over and len(state.actions) < 300:
        state.apply(rng.choice(state.legal_actions()))
    record = state.record()
    whole, total = replay_frames(record, "sr")
    assert total == len(whole) == len(record["actions"]) + 1
    for size in (1, 7, 64):
        pages = [replay_frames(record, "sr", start, size) for start in range(0, total, size)]
        assert all(t == total for _, t in pages)
        assert [frame for page, _ in pages for frame in page] == whole
    assert replay_frames(record, "sr", total, 10) == ([], total)


def test_frames_are_bounded_per_answer(client: TestClient) -> None:
    from kartaros.server.app import MOST_FRAMES

    created = new_table(client, "kec", ["human", "human"])
    table = created["table"]
    for url in (f"/api/tables/{table}/frames?count={MOST_FRAMES + 1}", f"/api/tables/{table}/frames?from=-1"):
        assert client.get(url).status_code == 400
