"""The short way of the server's hottest request, a move (``POST /api/tables/{id}/actions``).

A move is most of what a busy server answers, and routed through the framework (its router,
exception middlewares, dependency solving and response validation) it spent about twice the
CPU of the move itself: the move, the bots' answer and the view. This ASGI middleware, inside
the guard (sizes, rates, security headers) and outside the framework, answers a plain move
itself, with the same service calls and the same answers as the route; anything else, or a
move it cannot read as plainly well-formed, goes on to the framework unchanged, which answers
it as before (its schema, its 400s). ``tests/test_server_move_path.py`` holds both ways to the
same answers.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qsl

from .guard import App, Message, Receive, Scope, Send
from .tables import MAX_TRY, TableService, check_lang

_MOVE_PATH = re.compile(r"/api/tables/([^/]+)/actions")

# What the app answers for a failure: (JSON, status) for an exception and the language its words
# are asked in; the same function answers the route's failures (``app.py``).
Answer = Callable[[Exception, str, Scope], tuple[dict[str, Any], int]]


class MovePath:
    """ASGI middleware: a well-formed move answered without the framework (see the module)."""

    def __init__(self, app: App, service: TableService, answer: Answer, token: Callable[[str | None], str | None],
                 languages: frozenset[str]) -> None:
        self.app = app
        self.service = service
        self.answer = answer  # a failure's answer, as the app's exception handlers give it
        self.token = token  # the seat's token from an Authorization header (``ApiError`` 401)
        self.languages = languages

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
        service = self.service
        try:
            check_lang(lang)
            seat = await service.mover_seat(matched[1], self.token(authorization))
            table = await service.act(matched[1], seat, action, seq)
            content, status = service.view(table, seat, lang), 200
        except Exception as err:  # every failure answered as the app's handlers answer it
            content, status = self.answer(err, lang if lang in self.languages else "en", scope)
        await _send_json(send, content, status)


async def _read_body(receive: Receive) -> tuple[bytes | None, Receive]:
    """The request's whole body, and a ``receive`` that hands it on again to an app that reads it
    after this one. None for a body that did not come whole: the client left, or the guard
    refused it as too long (413) and ended it."""
    chunks: list[bytes] = []
    while True:
        message = await receive()
        if message["type"] != "http.request":  # the app hears it as well, and serves no move
            return None, _replay(b"".join(chunks), receive, message)
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            break
    return b"".join(chunks), _replay(b"".join(chunks), receive, None)


def _replay(body: bytes, receive: Receive, last: Message | None) -> Receive:
    told = False

    async def again() -> Message:
        nonlocal told
        if not told:
            told = True
            if last is not None:
                return last
            return {"type": "http.request", "body": body, "more_body": False}
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
    body = json.dumps(content, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()
    await send({
        "type": "http.response.start",
        "status": status,
        "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
    })
    await send({"type": "http.response.body", "body": body})
