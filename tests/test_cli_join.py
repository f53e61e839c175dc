"""``kartaros join``: a seat of a server's table played in the terminal over the table's socket,
its pushes (only the new events each) put together into the seat's whole history. Against a real
server on 127.0.0.1 (uvicorn) with a bot at the other seat, the person's lines scripted."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import httpx
import pytest
from rich.console import Console
from typer.testing import CliRunner

from kartaros.cli import app
from kartaros.cli_join import History, Link, Seat, parse_link
from kartaros.server import create_app
from tests.conftest import _serve
from tests.test_server_api import auth


class FirstMove:
    """A person who always types ``1`` (the first move offered), counting his moves."""

    def __init__(self) -> None:
        self.moves = 0

    def line(self) -> str:
        self.moves += 1
        assert self.moves < 3000, "the game never ended"
        return "1"

    def line_until(self, deadline: float) -> str | None:
        return self.line()


class Leaving(FirstMove):
    """One who plays a few moves and then types q."""

    def line(self) -> str:
        first = super().line()
        return "q" if self.moves > 3 else first


def test_links_name_the_server_the_table_and_the_seat() -> None:
    invite = parse_link("http://192.168.1.5:8000/t/abc123#token=s%2Fecret")
    assert invite == Link("http://192.168.1.5:8000", "abc123", "s/ecret")
    assert invite.socket_url("sr") == "ws://192.168.1.5:8000/api/tables/abc123/ws?lang=sr"
    watching = parse_link("https://cards.example.org/tables/abc123")
    assert watching.token is None and watching.socket_url("en").startswith("wss://cards.example.org/api/")
    for bad in ("abc123", "http://host/lobby", "ftp://host/t/abc"):
        with pytest.raises(ValueError):
            parse_link(bad)


def test_the_history_puts_each_push_after_what_it_holds() -> None:
    history = History()
    first = history.whole({"events_from": 0, "view": {"events": [1, 2], "event_count": 2}})
    assert first is not None and first["view"]["events"] == [1, 2]
    later = history.whole({"events_from": 2, "view": {"events": [3], "event_count": 3}})
    assert later is not None and later["view"]["events"] == [1, 2, 3]
    assert history.whole({"events_from": 5, "view": {"events": [6], "event_count": 6}}) is None  # a gap
    assert history.whole({"events_from": 1, "view": {"events": [9], "event_count": 7}}) is None  # does not add up
    fetched = history.whole({"view": {"events": [7]}})  # no events_from: whole
    assert fetched is not None and history.events == [7]


def test_a_person_plays_a_seat_at_a_server_table_to_the_end(tmp_path: Path) -> None:
    app_ = create_app(f"sqlite:///{tmp_path / 'kartaros.db'}")
    for base, _ in _serve(app_):
        with httpx.Client(base_url=base, timeout=30) as client:
            made = client.post("/api/tables", json={"game": "kec", "seats": ["human", "bot:easy"]}).json()
            link = made["seats"][0]["link"]
            screen = io.StringIO()
            person = FirstMove()
            seat = Seat(parse_link(link), "sr", Console(file=screen, width=100), person)
            assert seat.run() is True
            end = client.get(f"/api/tables/{made['table']}", headers=auth(made["seats"][0]["token"])).json()
            assert end["over"]
            # the pushes put together are exactly the seat's history, none asked for whole again
            assert seat.history.events == end["view"]["events"] and not seat.asked_whole
            shown = screen.getvalue()
            assert "Tvoj potez" in shown and "Rezultat" in shown  # the terminal's words, in Serbian
            assert person.moves > 0
            # the seat's words of every event were told, the last the game's end
            assert len(seat.lines) == len(end["view"]["events"])


# a deal on which a person who always takes the first move offered has about a hundred
# decisions: a random deal may end before his fourth, when the one who leaves says q
LONG_DEAL = 4


def test_join_leaves_when_the_person_quits_and_refuses_a_bad_link(tmp_path: Path) -> None:
    app_ = create_app(f"sqlite:///{tmp_path / 'kartaros.db'}", seeds=lambda: LONG_DEAL)
    runner = CliRunner()
    for base, _ in _serve(app_):
        with httpx.Client(base_url=base, timeout=30) as client:
            body = {"game": "kec", "seats": ["human", "bot:easy"]}
            made: dict[str, Any] = client.post("/api/tables", json=body).json()
            screen = io.StringIO()
            seat = Seat(parse_link(made["seats"][0]["link"]), "en", Console(file=screen, width=100), Leaving())
            assert seat.run() is False
            wrong = runner.invoke(app, ["join", f"{base}/t/{made['table']}#token=wrong"])
            assert wrong.exit_code == 1 and "opens no seat" in wrong.output
            nowhere = runner.invoke(app, ["join", "http://127.0.0.1:9/t/abc"])  # nothing listens there
            assert nowhere.exit_code == 1 and "This table cannot be opened." in nowhere.output
    bad = runner.invoke(app, ["join", "not a link"])
    assert bad.exit_code != 0 and "not a table's link" in bad.output
