"""Puzzles over HTTP: the list and each puzzle's view tell no answer and nothing hidden from the
solver (the view is exactly the solver's observation), an answer is checked with the search's
numbers in words, in either language, and bad input gets a sentence and changes nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

import kartaros
from kartaros.analysis import puzzles
from kartaros.analysis.puzzles import Puzzle
from kartaros.server import create_app
from kartaros.server.puzzle_pages import ordered
from tests.test_server_api import db_url  # noqa: F401  (the fixture: SQLite and PostgreSQL)

GAMES = sorted(kartaros.GAMES)
# What the server keeps to itself: the answer and the search's numbers, and the deal itself.
SECRET_KEYS = {"answer", "accepts", "values", "value", "runner_up", "runner_up_value", "record", "deck", "seed",
               "search"}


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:  # noqa: F811  (the fixture's name)
    with TestClient(create_app(db_url)) as c:
        yield c


def keys(data: Any) -> set[str]:
    """Every key of a JSON document, at any depth."""
    if isinstance(data, dict):
        return set(data) | {k for v in data.values() for k in keys(v)}
    if isinstance(data, list):
        return {k for v in data for k in keys(v)}
    return set()


def first(game: str) -> Puzzle:
    return ordered(game)[0]


@pytest.mark.parametrize("game", GAMES)
def test_the_list_holds_every_puzzle_easy_to_hard_and_no_answer(client: TestClient, game: str) -> None:
    found = client.get(f"/api/puzzles/{game}?lang=sr").json()
    listed = found["puzzles"]
    assert {p["id"] for p in listed} == {p.id for p in puzzles.load(kartaros.GAMES[game])}
    ranks = [puzzles.DIFFICULTIES.index(p["difficulty"]) for p in listed]
    assert ranks == sorted(ranks)
    assert [p["number"] for p in listed] == list(range(1, len(listed) + 1))
    assert listed[0]["heading"].startswith("Zagonetka 1")
    assert not keys(found) & SECRET_KEYS


@pytest.mark.parametrize("game", GAMES)
def test_a_puzzles_view_is_exactly_the_solvers_observation_and_holds_no_answer(client: TestClient,
                                                                               game: str) -> None:
    for puzzle in ordered(game)[:3]:
        shown = client.get(f"/api/puzzles/{game}/{puzzle.id}").json()
        state = puzzles.position(puzzle)
        assert shown["seat"] == shown["current_player"] == puzzle.player
        assert shown["view"] == json.loads(json.dumps(state.observation(puzzle.player)))
        assert shown["legal"] == state.legal_actions()
        assert puzzle.answer in shown["legal"]  # a move to find, among the others
        # Beside the observation (which is the seat's own, by the line above), nothing of the search.
        assert not keys({k: v for k, v in shown.items() if k != "view"}) & SECRET_KEYS
        assert shown["puzzle"]["task"] == f"Find the best move for {shown['names'][puzzle.player]}."
        assert not shown["over"]


@pytest.mark.parametrize("game", GAMES)
def test_the_answer_solves_it_with_the_numbers_in_words(client: TestClient, game: str) -> None:
    puzzle = first(game)
    said = client.post(f"/api/puzzles/{game}/{puzzle.id}/answer", json={"action": puzzle.answer}).json()
    assert said["solved"] is True
    assert said["answer"] == puzzle.answer
    assert said["words"][0].startswith("Solved!")
    lead = round(100 * (puzzle.value - puzzle.runner_up_value), 1)
    assert f"{round(100 * puzzle.value, 1):g} of 100" in said["words"][1]
    assert f"{lead:g} less" in said["words"][1]
    assert said["next"] == ordered(game)[1].id
    # Every action that is the same move (Keč's suits, ``accepts``) solves it too.
    for action in puzzle.accepts:
        assert client.post(f"/api/puzzles/{game}/{puzzle.id}/answer", json={"action": action}).json()["solved"]


@pytest.mark.parametrize("game", GAMES)
def test_a_wrong_move_is_told_the_best_move_and_why_in_either_language(client: TestClient, game: str) -> None:
    puzzle = first(game)
    path = f"/api/puzzles/{game}/{puzzle.id}/answer"
    said = client.post(path, json={"action": puzzle.runner_up}).json()
    assert said["solved"] is False
    assert said["answer"] == puzzle.answer
    state = puzzles.position(puzzle)
    names = [f"Player {n + 1}" for n in range(state.num_players)]
    best = kartaros.GAMES[game].words.action(state.observation(puzzle.player), puzzle.answer, names, "en")
    assert said["words"][0] == f"Not the best move. The best was to {best}."
    assert f"scores {round(100 * puzzle.runner_up_value, 1):g}" in said["words"][1]
    serbian = client.post(f"{path}?lang=sr", json={"action": puzzle.runner_up}).json()
    assert serbian["words"][0].startswith("To nije najbolji potez.")
    assert "Kada botovi nastave igru" in serbian["words"][1]


STORED = [(game, p) for game in GAMES for p in ordered(game)]


@pytest.mark.parametrize(("game", "puzzle"), STORED, ids=[f"{g}-{p.id}" for g, p in STORED])
def test_every_puzzles_answer_and_runner_up_are_offered_on_its_page(game: str, puzzle: Puzzle) -> None:
    """The page offers what a person may try (``GameInfo.offers``): the answer must be among
    them, or no one could solve it by hand, and so must the runner-up it is measured against."""
    info = kartaros.GAMES[game]
    state = puzzles.position(puzzle)
    played = {info.as_played(o, state.legal_actions()) for o in info.offers(state)}
    assert set(puzzle.accepts) & played
    assert puzzle.runner_up in played


def test_the_last_puzzle_has_no_next(client: TestClient) -> None:
    last = ordered(GAMES[0])[-1]
    said = client.post(f"/api/puzzles/{GAMES[0]}/{last.id}/answer", json={"action": last.answer}).json()
    assert said["next"] is None


@pytest.mark.parametrize("game", GAMES)
def test_a_move_that_is_none_here_is_refused_and_tells_nothing(client: TestClient, game: str) -> None:
    puzzle = first(game)
    answer = client.post(f"/api/puzzles/{game}/{puzzle.id}/answer?lang=sr", json={"action": "no-such-move"})
    assert answer.status_code == 422
    body = answer.json()
    assert body["error"] and body["words"]
    assert set(body) == {"error", "words"}  # the rules' words of why; not a word of the answer


def test_bad_requests_get_sentences(client: TestClient) -> None:
    game = GAMES[0]
    puzzle = first(game)
    path = f"/api/puzzles/{game}/{puzzle.id}/answer"
    unknown_game = client.get("/api/puzzles/chess?lang=sr")
    assert unknown_game.status_code == 404 and "chess" in unknown_game.json()["words"]
    assert client.get("/api/puzzles/chess/1-1").status_code == 404
    assert client.post("/api/puzzles/chess/1-1/answer", json={"action": "x"}).status_code == 404
    unknown = client.get(f"/api/puzzles/{game}/nope?lang=sr")
    assert unknown.status_code == 404 and unknown.json()["words"] == "takva zagonetka ne postoji"
    assert client.post(f"/api/puzzles/{game}/nope/answer", json={"action": puzzle.answer}).status_code == 404
    for body in ({}, {"action": 3}, {"action": ["hold"]}, {"action": "x" * 10_000}):
        refused = client.post(path, json=body)
        assert refused.status_code in (400, 413), body
        assert "error" in refused.json()
    assert client.post(path, content=b"not json", headers={"content-type": "application/json"}).status_code == 400
    assert client.get(f"/api/puzzles/{game}/{puzzle.id}?lang=xx").status_code == 400


def test_the_pages_open_for_a_game_and_a_puzzle_only(client: TestClient) -> None:
    game = GAMES[0]
    puzzle = first(game)
    listing = client.get(f"/puzzles/{game}")
    assert listing.status_code == 200 and "puzzles-page.js" in listing.text
    table = client.get(f"/puzzles/{game}/{puzzle.id}")
    assert table.status_code == 200 and "table-page.js" in table.text
    assert client.get("/puzzles/chess").status_code == 404
    assert client.get(f"/puzzles/{game}/nope").status_code == 404
