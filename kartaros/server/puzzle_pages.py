"""Puzzles in the browser: a game's list of puzzles, and one puzzle on the real table page.

A puzzle (``kartaros.analysis.puzzles``) is shown as the table of its position as the solver's
seat sees it: the same view a seat at a live table gets (``TableService.view``), so built from
``observation(seat)`` only. The stored record (the whole deal) and the answer never leave the
server; the answer is told only once a move has been sent (``POST .../answer``), with the
numbers of the search that found it, in words.

The pages: ``/puzzles/<game>`` lists the game's puzzles easy to hard (``puzzles.html``; the
solved marks are the browser's own, kept in ``localStorage``), and ``/puzzles/<game>/<id>`` is
the table page (``table.html``) in its puzzle mode (``static/js/puzzle-mode.js``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial
from typing import Annotated, Any

from fastapi import Body, FastAPI, Query
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field, StrictStr

import kartaros
from kartaros.analysis import puzzles
from kartaros.analysis.puzzles import Puzzle
from kartaros.info import GameInfo
from kartaros.state import GameState
from kartaros.words import N_, shared

from .tables import MAX_TRY, LiveTable, PlayerError, TableService, check_lang

Lang = Annotated[str, Query(description="the language of the words: en (English), sr (Serbian)")]

# A puzzle's heading by its difficulty (``puzzles.DIFFICULTIES``), a whole phrase each so that
# Serbian can agree the adjective with its noun.
HEADINGS = {
    "easy": N_("Puzzle {number}: easy"),
    "medium": N_("Puzzle {number}: medium"),
    "hard": N_("Puzzle {number}: hard"),
}
# The kind the other seats are shown as: the bots that played the game the puzzle comes from.
OTHER_SEATS = "bot:medium"


class Answer(BaseModel):
    action: StrictStr = Field(max_length=MAX_TRY, description="the move tried, one of the offers of the puzzle's view")


@cache
def ordered(game: str) -> tuple[Puzzle, ...]:
    """The game's puzzles easy to hard; within a difficulty, the widest lead (the plainest
    answer, against the margin the game holds them to) first."""
    info = kartaros.GAMES[game]
    rank = {name: i for i, name in enumerate(puzzles.DIFFICULTIES)}

    def key(p: Puzzle) -> tuple[int, float, str]:
        return rank[p.difficulty], -(p.value - p.runner_up_value) / p.margin, p.id

    return tuple(sorted(puzzles.load(info), key=key))


def find(game: str, puzzle_id: str) -> tuple[GameInfo, Puzzle, int]:
    """The game, the puzzle and its number in the list (from 1); a 404 a person reads."""
    info = kartaros.GAMES.get(game)
    if info is None:
        raise PlayerError(404, N_("there is no game called {game}"), game=game[:32])
    for number, puzzle in enumerate(ordered(game), start=1):
        if puzzle.id == puzzle_id:
            return info, puzzle, number
    raise PlayerError(404, N_("there is no such puzzle"))


def _table(puzzle: Puzzle, state: GameState, lang: str) -> LiveTable:
    """The puzzle's position as a table nobody sits at but the solver (no store, no bots)."""
    seats = [{"kind": "human" if seat == puzzle.player else OTHER_SEATS, "token_hash": None}
             for seat in range(state.num_players)]
    names = shared().speech(lang).seat_names(state.num_players)
    return LiveTable(f"puzzle-{puzzle.id}", state, seats, names, bots={})


def _heading(puzzle: Puzzle, number: int, lang: str) -> str:
    return shared().speech(lang)(HEADINGS[puzzle.difficulty], number=number)


def listing(game: str, lang: str) -> dict[str, Any]:
    """The game's puzzles for its list page: ids, numbers and headings; no answers."""
    info = kartaros.GAMES.get(game)
    if info is None:
        raise PlayerError(404, N_("there is no game called {game}"), game=game[:32])
    return {
        "game": info.name,
        "title": info.title,
        "puzzles": [
            {"id": p.id, "number": n, "difficulty": p.difficulty, "heading": _heading(p, n, lang)}
            for n, p in enumerate(ordered(game), start=1)
        ],
    }


def _next_id(game: str, number: int) -> str | None:
    found = ordered(game)
    return found[number].id if number < len(found) else None


def view(service: TableService, game: str, puzzle_id: str, lang: str) -> dict[str, Any]:
    """The puzzle's table as its solver's seat sees it (``observation(seat)`` only), with what
    the page says about it: its heading and the task, the next puzzle's id."""
    info, puzzle, number = find(game, puzzle_id)
    state = puzzles.position(puzzle)
    table = _table(puzzle, state, lang)
    shown = service.view(table, puzzle.player, lang)
    say = shared().speech(lang)
    shown["puzzle"] = {
        "id": puzzle.id,
        "game": info.name,
        "number": number,
        "difficulty": puzzle.difficulty,
        "heading": _heading(puzzle, number, lang),
        "task": say(N_("Find the best move for {name}."), name=table.names[puzzle.player]),
        "next": _next_id(game, number),
    }
    return shown


def answer(game: str, puzzle_id: str, action: str, lang: str) -> dict[str, Any]:
    """Whether ``action`` (a try of the view) is the puzzle's answer, and why, in words: the
    numbers of the search that found it (``Puzzle.values``). A try that is no move here is
    refused as at a table (422, the rules' words of why), and tells nothing of the answer."""
    info, puzzle, number = find(game, puzzle_id)
    state = puzzles.position(puzzle)
    names = shared().speech(lang).seat_names(state.num_players)
    played = info.as_played(action, state.legal_actions())
    if played is None:
        try:
            state.clone().apply(action)
        except kartaros.IllegalAction as err:
            raise PlayerError(422, N_("that is not a legal move now"), error=str(err),
                              explain=partial(err.words, names)) from None
        raise PlayerError(422, N_("that is not a legal move now"))  # pragma: no cover
    solved = played in puzzle.accepts
    observation = state.observation(puzzle.player)
    say = shared().speech(lang)

    def move(a: str) -> str:
        return info.words.action(observation, a, names, lang)

    def points(value: float) -> str:
        return say.number(100 * value)

    name = names[puzzle.player]
    worlds = puzzle.search["worlds"]
    best = move(puzzle.answer)
    if solved:
        words = [
            say(N_("Solved! The best move here is to {move}."), move=best),
            say(N_("Played on by the bots in {worlds} ways the hidden cards could lie, it scores {value} of 100 "
                   "for {name}; the next best move ({other}) scores {other_value}, {lead} less."),
                worlds=worlds, value=points(puzzle.value), name=name, other=move(puzzle.runner_up),
                other_value=points(puzzle.runner_up_value), lead=points(puzzle.value - puzzle.runner_up_value)),
        ]
    else:
        mine = _weighed(info, puzzle, played)
        words = [say(N_("Not the best move. The best was to {move}."), move=best)]
        if mine is None:  # a move the searches never weigh (a deliberate miss)
            words.append(say(N_("Played on by the bots in {worlds} ways the hidden cards could lie, it scores "
                                "{value} of 100 for {name}; the bots do not even weigh your move here."),
                             worlds=worlds, value=points(puzzle.value), name=name))
        else:
            value = puzzle.values[mine]
            words.append(say(N_("Played on by the bots in {worlds} ways the hidden cards could lie, it scores "
                                "{value} of 100 for {name}; your move ({other}) scores {other_value}, "
                                "{lead} less."),
                             worlds=worlds, value=points(puzzle.value), name=name, other=move(played),
                             other_value=points(value), lead=points(puzzle.value - value)))
    return {
        "solved": solved,
        "action": played,
        "answer": puzzle.answer,
        "words": words,
        "next": _next_id(game, number),
    }


def _weighed(info: GameInfo, puzzle: Puzzle, played: str) -> str | None:
    """The move of ``puzzle.values`` that ``played`` is (the same move class), if the search weighed it."""
    if played in puzzle.values:
        return played
    if info.move_class is None:
        return None
    wanted = info.move_class(played)
    return next((m for m in puzzle.values if info.move_class(m) == wanted), None)


def register(app: FastAPI, service: TableService, page: Callable[[str], HTMLResponse]) -> None:
    """The puzzles' API and pages on ``app``; ``page`` serves one of the static pages."""

    @app.get("/api/puzzles/{game}", tags=["puzzles"])
    async def puzzle_list(game: str, lang: Lang = "en") -> dict[str, Any]:
        """A game's puzzles, easy to hard: ``id``, ``number``, ``difficulty``, ``heading`` in ``lang``."""
        return listing(game, check_lang(lang))

    @app.get("/api/puzzles/{game}/{puzzle_id}", tags=["puzzles"])
    async def puzzle_view(game: str, puzzle_id: str, lang: Lang = "en") -> dict[str, Any]:
        """The puzzle's table as the solver's seat sees it (a table view), and ``puzzle``: its
        heading, the task in words, the next puzzle's id. Not the answer."""
        return view(service, game, puzzle_id, check_lang(lang))

    @app.post("/api/puzzles/{game}/{puzzle_id}/answer", tags=["puzzles"])
    async def puzzle_answer(
        game: str, puzzle_id: str, body: Annotated[Answer, Body()], lang: Lang = "en"
    ) -> dict[str, Any]:
        """Whether the move tried solves the puzzle: ``solved``, the ``answer``, and ``words``
        saying why with the search's numbers, in ``lang``."""
        return answer(game, puzzle_id, body.action, check_lang(lang))

    @app.get("/puzzles/{game}", include_in_schema=False)
    async def puzzles_page(game: str) -> HTMLResponse:
        if game not in kartaros.GAMES:
            raise PlayerError(404, N_("there is no such page"))
        return page("puzzles.html")

    @app.get("/puzzles/{game}/{puzzle_id}", include_in_schema=False)
    async def puzzle_page(game: str, puzzle_id: str) -> HTMLResponse:
        find(game, puzzle_id)
        return page("table.html")
