"""What the server lets in and how its answers may be used: bodies bounded in size, text that is
valid Unicode and short, WebSockets only from the server's own pages (or from clients that are
not browsers), and headers that keep the pages out of other sites' frames and scripts.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

from .clock import Clock
from .limits import ClientLimits

MAX_BODY = 64 * 1024  # bytes: a new table or a move is a few hundred
MAX_HEADERS = 16 * 1024  # bytes of a request's headers together: a browser sends one or two
MAX_MESSAGE = 4 * 1024  # characters of one WebSocket message from a client
MAX_DEPTH = 8  # how deeply a client's JSON may nest: no message of the API goes deeper than 3
SHOWN = 80  # characters of a client's input an error may quote back

# The pages load their scripts and styles from the server alone, with no inline script; nothing
# of them may be framed by another site.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
SECURITY_HEADERS = [
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]


class Guard:
    """ASGI middleware: the security headers on every HTTP answer, a 413 (JSON) for a body
    longer than ``max_body``, whether it says its length or not (it is not read beyond that), a
    431 for headers longer than ``MAX_HEADERS``, and a 429 with ``Retry-After`` for a client
    over its rate (``limits``, per address, on the server's ``clock``; None: no limits)."""

    def __init__(self, app: App, max_body: int = MAX_BODY, limits: ClientLimits | None = None,
                 clock: Clock | None = None) -> None:
        self.app = app
        self.max_body = max_body
        self.limits = limits
        self.clock = clock

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        too_long = sum(len(name) + len(value) for name, value in scope.get("headers", [])) > MAX_HEADERS
        wait = None if too_long else await self._over_rate(scope)
        if scope["type"] == "websocket":
            if too_long or wait is not None:
                await receive()  # the client's connect
                await send({"type": "websocket.close", "code": 1008})  # policy: refused
                return
            await self.app(scope, receive, send)
            return
        if too_long:
            await _refuse(send, 431, "the request's headers are too long", SECURITY_HEADERS)
            return
        if wait is not None:
            await _refuse(send, 429, "too many requests: wait a moment",
                          [(b"retry-after", str(max(1, round(wait + 0.5))).encode()), *SECURITY_HEADERS])
            return
        started = refused = False

        async def send_guarded(message: Message) -> None:
            nonlocal started
            if refused:
                return  # the 413 is the answer; what the app says after it is dropped
            if message["type"] == "http.response.start":
                started = True
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        declared = dict(scope.get("headers", [])).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.max_body):
            await _too_large(send_guarded, self.max_body)
            return
        seen = 0

        async def receive_bounded() -> Message:
            nonlocal seen, refused
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_body and not started:
                    await _too_large(send_guarded, self.max_body)
                    refused = True
                    return {"type": "http.disconnect"}  # the app stops reading: nothing more is read
            return message

        await self.app(scope, receive_bounded, send_guarded)


    async def _over_rate(self, scope: Scope) -> float | None:
        """Seconds the client must wait before this request, or None: it may go on."""
        if self.limits is None or self.clock is None:
            return None
        client = scope.get("client")
        address = client[0] if client else "unknown"
        path: str = scope.get("path", "")
        if scope["type"] == "websocket":
            kind = "socket"
        elif scope.get("method") == "POST":
            kind = "create" if path.rstrip("/") == "/api/tables" else "move"
        else:
            kind = "read"
        return await self.limits.over(kind, address, self.clock.now())


async def _too_large(send: Send, limit: int) -> None:
    await _refuse(send, 413, f"the request's body is longer than {limit} bytes", [])  # guarded: headers added


async def _refuse(send: Send, status: int, error: str, headers: list[tuple[bytes, bytes]]) -> None:
    body = json.dumps({"error": error}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            *headers]})
    await send({"type": "http.response.body", "body": body})


def same_origin(headers: MutableMapping[str, str] | Any) -> bool:
    """Whether a WebSocket may open: a browser sends ``Origin``, which must be this server (its
    ``Host``); a client that is not a browser sends none and is let in (it holds no one's cookies:
    a seat is opened by its token alone)."""
    origin = headers.get("origin")
    if origin is None:
        return True
    host = headers.get("host")
    where = urlsplit(origin)
    return host is not None and where.scheme in ("http", "https") and where.netloc.lower() == host.lower()


def valid_text(text: str) -> bool:
    """Text a person may give (a name): valid Unicode (no lone surrogate) without control characters."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return not any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 for c in text)


def depth(value: object, limit: int = MAX_DEPTH) -> int:
    """How deeply ``value`` nests (lists and dicts), counted up to ``limit + 1`` at most."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, level)
            if level > limit:
                return level
            stack.extend((child, level + 1) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


def shown(value: object) -> str:
    """A client's input as an error may quote it: its ``repr``, cut short."""
    text = repr(value)
    return text if len(text) <= SHOWN else text[: SHOWN - 1] + "…"
