"""Guided first games on the real table page: ``/learn/<game>`` and its socket.

A lesson is run by a light runner of its own, not by a stored table: it is a fixed script on a
stacked deck (``kartaros.lessons``), so there is nothing to keep and nothing to pick up after a
restart (a lesson reloaded starts again), and the opponent's moves come from the script, not a
bot thinking on the clock. Each socket runs its own lesson in memory, for as long as it is open.

What the page is sent is a table's view, built by the tables' own ``TableService.view`` from the
learner's observation, with ``lesson`` beside it (the step's words, what to point at), so the
table page draws and plays it as any table. The protocol is the table's socket's: ``{"action",
"seq"}`` a try, ``{"lang"}`` another language, ``{"explain"}`` why a try cannot be made; and
``{"next": true}`` goes on from a step that is read. A try the lesson refuses is answered with
``{"error", "words", "lesson": true}``: the rules' words of why it is not legal, or the step's
of why it is not this lesson's move; the state is unchanged.

A call window (Tač's "Tač!") is no race here: the learner is asked in turn, as the engine asks,
and the lesson waits for his call.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from functools import partial
from typing import Any

from fastapi import FastAPI, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse

import kartaros
from kartaros.lesson_runs import LessonRun, Refusal
from kartaros.words import N_, shared, speech

from .clock import SystemClock
from .guard import MAX_DEPTH, MAX_MESSAGE, depth, same_origin, valid_text
from .tables import EXPLAIN_WORLDS, MAX_NAME, MAX_TRY, LiveTable, PlayerError, TableService, _refusal

NO_LESSON = N_("there is no lesson for this game yet")
NOT_LEGAL = N_("that is not a legal move now")


class _LessonViews(TableService):
    """The tables' views of a table no store holds, whose call windows are played in turn."""

    def __init__(self) -> None:  # no store: a lesson is never saved
        self.clock = SystemClock()
        self.call_seconds = 0.0
        self.live = {}
        self._elsewhere = {}  # nobody connected on other processes: a lesson lives in one

    def _races(self, table: LiveTable) -> bool:
        return False


_VIEWS = _LessonViews()


class LessonTable:
    """One learner's lesson as a table: the run, and its views for the page."""

    def __init__(self, game: str, learner_name: str, lang: str = "en") -> None:
        info = kartaros.GAMES[game]
        assert info.lesson is not None
        lesson = info.lesson
        self.lang = lang
        self.moving: list[dict[str, Any]] = []  # a view after each move made since the last ask
        self.run = LessonRun(lesson, learner_name, moved=self._moved, lang=lang)
        seats = [{"kind": "human" if p == lesson.learner else "bot:easy", "token_hash": None}
                 for p in range(lesson.players)]
        self.table = LiveTable(f"learn-{secrets.token_urlsafe(6)}", self.run.state, seats, self.run.names, {})
        self.moving.clear()  # the opponents' first moves, if any, are part of the table shown first

    def _moved(self) -> None:
        if hasattr(self, "table"):
            self.moving.append(self.view(self.lang, moving=True))

    def view(self, lang: str, moving: bool = False) -> dict[str, Any]:
        """The learner's view of the table, with the lesson's words in ``lang``. While a step is
        read, the lesson is done, or the lesson is making moves (``moving``), nothing is
        offered: the table waits for Next, or for the moves to be shown."""
        view = _VIEWS.view(self.table, self.run.lesson.learner, lang)
        if moving or not self.run.waits_for_learner():
            view["legal"] = view["offers"] = []
            view["words"]["moves"] = []
            view["words"]["turn"] = ""
        view["lesson"] = self.run.words(lang) | {"moving": moving}
        return view

    def go(self, step: Callable[[], Refusal | None], lang: str) -> list[dict[str, Any]]:
        """Go on in the lesson (``step``: Next, or a try): the messages to send, a view after
        each move made (the page shows them one by one), the last with the next step's words;
        or the refusal's words, nothing having moved."""
        self.lang = lang
        self.moving.clear()
        refusal = step()
        if refusal is not None:
            return [{"error": refusal.message, "words": refusal.words(lang), "lesson": True}]
        return [*self.moving[:-1], self.view(lang)]

    def explain(self, try_: str, lang: str) -> str:
        """Why ``try_`` cannot be made now, worked out on worlds the learner cannot tell apart
        from this one (as a table's ``explain``: nothing hidden is told)."""
        state = self.run.state
        seat = self.run.lesson.learner
        info = kartaros.GAMES[state.game]
        say = shared().speech(lang)
        if state.current_player != seat or len(try_) > MAX_TRY:
            return say(NOT_LEGAL)
        played = info.as_played(try_, state.legal_actions())
        if played is not None:
            return info.words.action(state.observation(seat), played, self.run.names, lang)
        told = {_refusal(state.determinize(seat, seed), try_, self.run.names, lang) for seed in EXPLAIN_WORLDS}
        return told.pop() if len(told) == 1 and "" not in told else say(NOT_LEGAL)


def mount(app: FastAPI, page: Callable[[str], HTMLResponse]) -> None:
    """Add the lesson page (``/learn/<game>``, the table page) and its socket to ``app``;
    ``page(name)`` serves one of the static pages."""

    @app.get("/learn/{game}", include_in_schema=False)
    async def learn_page(game: str) -> HTMLResponse:
        info = kartaros.GAMES.get(game)
        if info is None or info.lesson is None:
            raise PlayerError(404, N_("there is no such page"))
        return page("table.html")

    @app.websocket("/api/learn/{game}/ws")
    async def learn_socket(websocket: WebSocket, game: str) -> None:
        if not same_origin(websocket.headers):
            await websocket.close(code=4403)
            return
        await websocket.accept()
        lang = websocket.query_params.get("lang", "en")
        lang = lang if lang in speech.LANGUAGES else "en"
        info = kartaros.GAMES.get(game)
        if info is None or info.lesson is None:
            await websocket.send_json({"error": NO_LESSON, "words": shared().speech(lang)(NO_LESSON)})
            await websocket.close(code=4404)
            return
        name = websocket.query_params.get("name", "")[:MAX_NAME]
        lesson = LessonTable(game, name if valid_text(name) else "", lang)
        try:
            await websocket.send_json(lesson.view(lang))
            while True:
                message = _parsed(await websocket.receive_text())
                if message is None:
                    await websocket.send_json({"error": 'send JSON like {"action": "turn", "seq": 3}'})
                    continue
                if isinstance(message.get("lang"), str) and message["lang"] in speech.LANGUAGES:
                    lang = message["lang"]
                    if "action" not in message:
                        await websocket.send_json(lesson.view(lang))
                        continue
                replies: list[dict[str, Any]] = []
                if isinstance(message.get("explain"), str):
                    replies = [{"explain": message["explain"], "words": lesson.explain(message["explain"], lang)}]
                elif message.get("next") is True:
                    replies = lesson.go(lesson.run.go_on, lang)
                elif isinstance(action := message.get("action"), str) and len(action) <= MAX_TRY:
                    replies = lesson.go(partial(lesson.run.try_move, action), lang)
                for reply in replies:
                    await websocket.send_json(reply)
        except WebSocketDisconnect:
            return


def _parsed(text: str) -> dict[str, Any] | None:
    if len(text) > MAX_MESSAGE:
        return None
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return message if isinstance(message, dict) and depth(message) <= MAX_DEPTH else None
