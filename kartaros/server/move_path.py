"""The short way of the server's hottest request, a move (``POST /api/tables/{id}/actions``).

A move is most of what a busy server answers, and routed through the framework (its router,
exception middlewares, dependency solving and response validation) it spent about a fifth of
its CPU there, beside the move itself, the bots' answer and the view. This ASGI middleware,
inside the guard (sizes, rates, security headers) and outside the framework, answers a plain
move itself through ``play_move``, which the route calls too, and with the app's own answers to
failures (``answers``); anything else, or a move it cannot read as plainly well-formed, goes on
to the framework unchanged, which answers it as before (its schema, its 400s).
``tests/test_server_move_path.py`` holds both ways to the same answers.
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import parse_qsl

from .answers import failure_answer, json_bytes, known_lang, seat_token
from .guard import App, Message, Receive, Scope, Send
from .tables import MAX_TRY, TableService, check_lang

_MOVE_PATH = re.compile(r"/api/tables/([^/]+)/actions")


async def play_move(service: TableService, table_id: str, authorization: str | None, action: Any, seq: Any,
                    lang: str) -> dict[str, Any]:
    """The move of the seat whose token ``authorization`` carries, played; the view that follows,
    words in ``lang``. What both ways of a move do (the route, and ``MovePath``)."""
    check_lang(lang)
    seat = await service.mover_seat(table_id, seat_token(authorization))
    table = await service.act(table_id, seat, action, seq)
    return service.view(table, seat, lang)


class MovePath:
    """ASGI middleware: a well-formed move answered without the framework (see the module)."""

    def __init__(self, app: App, service: TableService) -> None:
        self.app = app
        self.service = service

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        matched = (
            _MOVE_PATH.fullmatch(scope["path"])
            if scope["type"] == "http" and scope["method"] == "POST" else None
        )
        if matched is None:
            await self.app(scope, receive, send)
            return
        body, receive = await _read_body(receive)
        move = None if body is None else _plain_move(scope, body)
        if move is None:  # the framework reads it, and says what is wrong with it
            await self.app(scope, receive, send)
            return
        action, seq, authorization, lang = move
        try:
            content, status = await play_move(self.service, matched[1], authorization, action, seq, lang), 200
        except Exception as err:  # every failure answered as the app's handlers answer it
            content, status = failure_answer(err, known_lang(lang), scope)
        await _send_json(send, content, status)


async def _read_body(receive: Receive) -> tuple[bytes | None, Receive]:
    """The request's whole body, and a ``receive`` that hands it on again to an app that reads it
    after this one. None for a body that did not come whole: the client left, or the guard
    refused it as too long (413) and ended it."""
    chunks: list[bytes] = []
    while True:
        message = await receive()
        if message["type"] != "http.request":  # the app hears it as well, and serves no move
            return None, _replay(message, receive)
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            break
    body = b"".join(chunks)
    return body, _replay({"type": "http.request", "body": body, "more_body": False}, receive)


def _replay(first: Message, receive: Receive) -> Receive:
    """A ``receive`` that hands on ``first`` (the message read), then what comes after it."""
    told = False

    async def again() -> Message:
        nonlocal told
        if not told:
            told = True
            return first
        return await receive()

    return again


def _plain_move(scope: Scope, body: bytes) -> tuple[str, int, str | None, str] | None:
    """(action, seq, Authorization, lang) of a move the route would take as it is: a JSON body
    of a short ASCII ``action`` and an integer ``seq``, at most one Authorization header and one
    ``lang``; None for anything else."""
    authorization: str | None = None
    json_body = False
    for name, value in scope["headers"]:
        if name == b"authorization":
            if authorization is not None:
                return None
            authorization = value.decode("latin-1")
        elif name == b"content-type":
            json_body = value.split(b";")[0].strip().lower() == b"application/json"
    if not json_body:
        return None
    query = parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
    if any(key != "lang" for key, _ in query) or len(query) > 1:
        return None
    lang = query[0][1] if query else "en"
    try:
        sent = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        return None
    if type(sent) is not dict or sent.keys() != {"action", "seq"}:
        return None
    action, seq = sent["action"], sent["seq"]
    if type(action) is not str or type(seq) is not int or len(action) > MAX_TRY or not action.isascii():
        return None
    return action, seq, authorization, lang


async def _send_json(send: Send, content: dict[str, Any], status: int) -> None:
    body = json_bytes(content)
    await send({
        "type": "http.response.start",
        "status": status,
        "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
    })
    await send({"type": "http.response.body", "body": body})
