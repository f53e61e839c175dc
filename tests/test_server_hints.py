"""Hints and reviews over the API (``kartaros.server.hints``), against both storage backends:
only for a seat's own move at a table against bots, counted in the record, and a review of the
person's moves once the game is over."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

import kartaros
from kartaros.server import create_app
from tests.test_server_api import auth, client, db_url, new_table

__all__ = ["client", "db_url"]  # the fixtures, shared with the API's tests


def view_of(client: TestClient, table: str, token: str) -> dict[str, Any]:
    return client.get(f"/api/tables/{table}", headers=auth(token)).json()


def play(client: TestClient, table: str, token: str, view: dict[str, Any], action: str) -> dict[str, Any]:
    move = {"action": action, "seq": view["seq"]}
    response = client.post(f"/api/tables/{table}/actions", headers=auth(token), json=move)
    assert response.status_code == 200, response.text
    return response.json()


def test_a_hint_names_a_move_the_page_may_send_and_the_record_counts_the_positions_asked(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        created = new_table(client, game="nesalomljiv")
        table, token = created["table"], created["seats"][0]["token"]
        view = view_of(client, table, token)
        first = client.post(f"/api/tables/{table}/hint", headers=auth(token))
        assert first.status_code == 200, first.text
        hint = first.json()
        assert hint["action"] in view["legal"] and hint["seq"] == view["seq"]
        assert hint["text"] == next(m["text"] for m in view["words"]["moves"] if m["action"] == hint["action"])
        assert hint["numbers"] and isinstance(hint["reason"], str)
        # asked again in the same position, in Serbian: the same move, in Serbian, counted once
        again = client.post(f"/api/tables/{table}/hint?lang=sr", headers=auth(token)).json()
        assert again["action"] == hint["action"] and again["numbers"] != hint["numbers"]
        view = play(client, table, token, view, hint["action"])
        if not view["over"]:
            assert client.post(f"/api/tables/{table}/hint", headers=auth(token)).status_code == 200
        while not view["over"]:
            view = play(client, table, token, view, view["legal"][0])
        record = client.get(f"/api/tables/{table}/record").json()
        assert record["hints"] == [2, 0]
        assert kartaros.replay(record).returns() == view["returns"]
    with TestClient(create_app(db_url)) as client:  # a restart keeps the count: it is stored
        assert client.get(f"/api/tables/{table}/record").json()["hints"] == [2, 0]


def test_a_position_hinted_before_a_restart_is_not_counted_again_after_it(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        created = new_table(client, game="nesalomljiv")
        table, token = created["table"], created["seats"][0]["token"]
        assert client.post(f"/api/tables/{table}/hint", headers=auth(token)).status_code == 200
    with TestClient(create_app(db_url)) as client:  # the same position, asked again on a new server
        assert client.post(f"/api/tables/{table}/hint", headers=auth(token)).status_code == 200
        view = view_of(client, table, token)
        while not view["over"]:
            view = play(client, table, token, view, view["legal"][0])
        assert client.get(f"/api/tables/{table}/record").json()["hints"] == [1, 0]


def test_no_hint_without_a_token_at_a_table_with_another_person_or_for_a_seat_not_to_move(client: TestClient) -> None:
    created = new_table(client, game="nesalomljiv")
    table, token = created["table"], created["seats"][0]["token"]
    response = client.post(f"/api/tables/{table}/hint")
    assert response.status_code == 401 and "invite link" in response.json()["words"]
    assert client.post(f"/api/tables/{table}/hint", headers=auth("not-a-token")).status_code == 401
    # another person at the table: no hints for anyone, in the language asked
    people = new_table(client, game="nesalomljiv", seats=["human", "human"])
    for seat in people["seats"]:
        refused = client.post(f"/api/tables/{people['table']}/hint?lang=sr", headers=auth(seat["token"]))
        assert refused.status_code == 403
        assert refused.json()["words"] != refused.json()["error"]  # told in Serbian, not English
    # a seat not to move: the bot is held back, so the person waits for it
    live = client.app.state.service.live[table]  # type: ignore[attr-defined]
    live.bots.clear()
    view = view_of(client, table, token)
    while view["current_player"] == 0 and not view["over"]:
        view = play(client, table, token, view, view["legal"][0])
    assert view["current_player"] == 1
    refused = client.post(f"/api/tables/{table}/hint", headers=auth(token))
    assert refused.status_code == 409 and "your turn" in refused.json()["words"]
    assert client.get(f"/api/tables/{table}/record").status_code == 409  # nothing was counted into a record yet
    assert live.seats[0].get("hints", 0) == 0


def wait_for_review(client: TestClient, table: str, token: str) -> dict[str, Any]:
    """The review's status, asked until it is finished (it runs beside the requests)."""
    seen: list[int] = []
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        status = client.get(f"/api/tables/{table}/review", headers=auth(token)).json()
        seen.append(status["done"])
        if status["finished"]:
            assert seen == sorted(seen)  # progress only goes forward
            return status
        time.sleep(0.05)
    raise AssertionError("the review did not finish")


def test_a_review_after_a_game_against_bots_marks_moves_from_the_persons_positions(client: TestClient) -> None:
    created = new_table(client, game="nesalomljiv")
    table, token = created["table"], created["seats"][0]["token"]
    assert client.get(f"/api/tables/{table}/review", headers=auth(token)).json()["started"] is False
    early = client.post(f"/api/tables/{table}/review", headers=auth(token))
    assert early.status_code == 409 and "once the game is over" in early.json()["words"]
    view = view_of(client, table, token)
    while not view["over"]:
        view = play(client, table, token, view, view["legal"][-1])  # the last move: often a poor one
    started = client.post(f"/api/tables/{table}/review", headers=auth(token))
    assert started.status_code == 200 and started.json()["started"]
    status = wait_for_review(client, table, token)
    assert status["total"] >= 1 and status["done"] == status["total"]
    record = client.get(f"/api/tables/{table}/record").json()
    for mark in status["marks"]:
        assert record["actions"][mark["index"]] == mark["played"]
        assert mark["better_value"] - mark["played_value"] >= status["margin"]
        assert mark["played_text"] in mark["words"] and mark["better_text"] in mark["words"]
    serbian = client.get(f"/api/tables/{table}/review?lang=sr", headers=auth(token)).json()
    assert [m["index"] for m in serbian["marks"]] == [m["index"] for m in status["marks"]]
    people = new_table(client, game="nesalomljiv", seats=["human", "human"])
    refused = client.post(f"/api/tables/{people['table']}/review", headers=auth(people["seats"][0]["token"]))
    assert refused.status_code == 403


def test_a_hint_is_searched_in_a_worker_thread_never_on_the_event_loop(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from kartaros.analysis import hints as analysis
    from kartaros.server import hints as server_hints

    seen: list[bool] = []
    real = analysis.hint

    def watched(*args: Any, **kwargs: Any) -> analysis.Hint:
        try:
            asyncio.get_running_loop()
            seen.append(True)  # a loop runs here: this is the event loop's thread
        except RuntimeError:
            seen.append(False)
        return real(*args, **kwargs)

    monkeypatch.setattr(server_hints.analysis, "hint", watched)
    created = new_table(client, game="puck")
    table, token = created["table"], created["seats"][0]["token"]
    view = view_of(client, table, token)
    while len(view["legal"]) < 2 and not view["over"]:  # the draw is forced: on to the exchange
        view = play(client, table, token, view, view["legal"][0])
    response = client.post(f"/api/tables/{table}/hint", headers=auth(token))
    assert response.status_code == 200, response.text
    assert seen == [False]
    assert response.json()["action"] in view["legal"]
