"""The lobby's part of the HTTP and WebSocket API (``docs/api.md``) and its page.

``GET /api/lobby`` and the socket ``/api/lobby/ws`` list the open tables waiting for players (the
socket sends the list again at every change); ``POST /api/tables/{id}/seats`` takes a free seat;
``POST /api/quick`` joins (or opens) an open table of a game and size; ``POST
/api/tables/{id}/bots`` fills a table's free seats with bots, for its creator's token only.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from contextlib import suppress
from typing import Annotated, Any

from fastapi import Body, FastAPI, Header, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field, StrictInt, StrictStr

from .guard import MAX_MESSAGE, same_origin
from .lobby import Lobby, Seated
from .pushes import SEND_SECONDS, Watcher
from .tables import MAX_NAME, ApiError, check_lang

log = logging.getLogger(__name__)


class Sitting(BaseModel):
    name: StrictStr = Field(max_length=MAX_NAME, description="the person's name (up to 24 characters shown)")
    seat: StrictInt | None = Field(None, ge=0, description="the seat to take; left out: the first free one")


class QuickPlay(BaseModel):
    game: StrictStr = Field(max_length=32, description="a game name from GET /api/games")
    players: StrictInt = Field(ge=1, le=16, description="how many people play")
    name: StrictStr = Field(max_length=MAX_NAME, description="the person's name")


class Bots(BaseModel):
    level: StrictStr = Field(max_length=16, description="easy, medium or hard")


def seated(seat: Seated) -> dict[str, Any]:
    """A seat handed out, as its owner gets it (the only answer that ever holds its token)."""
    return {"table": seat.table, "seat": seat.seat, "token": seat.token}


def lobby_routes(
    app: FastAPI, lobby: Lobby, page: Callable[[str], HTMLResponse], token_of: Callable[[str | None], str | None],
    send_seconds: float = SEND_SECONDS,
) -> None:
    """Add the lobby's API and page to ``app``; ``token_of``: a request's seat token from its
    Authorization header."""
    service = lobby.service

    @app.get("/lobby", include_in_schema=False)
    async def lobby_page() -> HTMLResponse:
        return page("lobby.html")

    @app.get("/api/lobby", tags=["lobby"])
    async def get_lobby(lang: str = "en") -> dict[str, Any]:
        """The open tables waiting for players (at most 50), in ``lang``: game, options in words,
        seats (a name, free, a bot, connected now). Private tables are never listed."""
        check_lang(lang)
        await lobby.load()
        return {"tables": lobby.listing(lang)}

    @app.post("/api/tables/{table_id}/seats", tags=["lobby"], status_code=201)
    async def take_seat(table_id: str, body: Annotated[Sitting, Body()], lang: str = "en") -> dict[str, Any]:
        """Take a free seat of an open table; the answer holds the seat's secret token. Two people
        claiming one seat: the first has it, the other gets a 409."""
        check_lang(lang)
        return seated(await lobby.claim(table_id, body.seat, body.name))

    @app.post("/api/quick", tags=["lobby"], status_code=201)
    async def quick_play(body: QuickPlay, lang: str = "en") -> dict[str, Any]:
        """Play a game with this many people now: a free seat of an open table where someone waits,
        else a new open table; the answer holds the seat's token."""
        check_lang(lang)
        return seated(await lobby.quick(body.game, body.players, body.name, lang))

    @app.post("/api/tables/{table_id}/bots", tags=["lobby"])
    async def fill_with_bots(
        table_id: str, body: Bots, authorization: Annotated[str | None, Header()] = None, lang: str = "en",
    ) -> dict[str, Any]:
        """The table's creator (his seat's token) seats a bot at every free seat: the game starts."""
        check_lang(lang)
        table = await service.table(table_id)
        seat = service.seat_of(table, token_of(authorization))
        await lobby.fill_with_bots(table_id, seat, body.level, lang)
        return service.view(table, seat, lang)

    @app.websocket("/api/lobby/ws")
    async def lobby_socket(websocket: WebSocket) -> None:
        if not same_origin(websocket.headers):
            await websocket.close(code=4403)
            return
        await websocket.accept()
        lang = websocket.query_params.get("lang", "en")
        try:
            check_lang(lang)
            await lobby.load()
            watcher = Watcher(None, lang)
            lobby.watch(watcher)
        except ApiError as err:
            await websocket.send_json({"error": err.message})
            await websocket.close(code=4400 if err.status == 400 else 1013)
            return

        async def receive() -> None:  # {"lang": "sr"}: the list in that language from now on
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    return
                text = message.get("text")
                try:
                    asked = json.loads(text) if isinstance(text, str) and len(text) <= MAX_MESSAGE else None
                    if isinstance(asked, dict) and isinstance(asked.get("lang"), str):
                        watcher.lang = check_lang(asked["lang"])
                        watcher.view({"lobby": lobby.listing(watcher.lang)})
                        continue
                except (ValueError, RecursionError, ApiError):
                    pass
                watcher.reply({"error": 'send {"lang": "en"} or {"lang": "sr"}'})

        async def send() -> None:
            while (message := await watcher.next()) is not None:
                await asyncio.wait_for(websocket.send_json(message), send_seconds)

        receiving, sending = asyncio.create_task(receive()), asyncio.create_task(send())
        try:
            await asyncio.wait((receiving, sending), return_when=asyncio.FIRST_COMPLETED)
        finally:
            watcher.close()
            lobby.unwatch(watcher)
            for task in (receiving, sending):
                task.cancel()
            ended = await asyncio.gather(receiving, sending, return_exceptions=True)
        for failure in ended:
            if isinstance(failure, Exception) and not isinstance(failure, WebSocketDisconnect | TimeoutError):
                log.info("a lobby socket ended: %s", type(failure).__name__)
        with suppress(Exception):
            await asyncio.wait_for(websocket.close(), 1.0)
