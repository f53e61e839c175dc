"""A seat at a server's table, played in the terminal: ``kartaros join <link>``.

The link is a seat's invite (``…/t/<table>#token=…``: the seat) or a table's address (no token: a
spectator, who watches). The terminal speaks the table's socket as the page does: the server
pushes each view with only the events not sent before (``events_from``), and ``History`` puts
them after those it holds, so the screen is drawn from the seat's whole observation, with the
game's own words and the terminal's rendering (``cli_render``), as a local game is.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol
from urllib.parse import parse_qs, quote, urlsplit

from rich.console import Console
from rich.text import Text

import kartaros
from kartaros import cli_render as render
from kartaros.cli_calls import Keyboard
from kartaros.state import Outcome

View = dict[str, Any]


class _Told(StrEnum):
    """The reason of a game's end as a server's view tells it: in the view's words (``end``)."""

    TOLD = "told"


@dataclass(frozen=True)
class Link:
    """Where a table is (``base``: the server, ``table``: its id) and the seat's token, if any."""

    base: str
    table: str
    token: str | None

    def socket_url(self, lang: str) -> str:
        scheme = "wss" if self.base.startswith("https:") else "ws"
        return f"{scheme}{self.base[self.base.index(':'):]}/api/tables/{quote(self.table, safe='')}/ws?lang={lang}"


def parse_link(text: str) -> Link:
    """An invite link or a table's address (``/t/<id>``, ``/tables/<id>``); ValueError otherwise."""
    parts = urlsplit(text.strip())
    path = [p for p in parts.path.split("/") if p]
    if parts.scheme not in ("http", "https") or not parts.netloc or len(path) != 2 or path[0] not in ("t", "tables"):
        raise ValueError(f"not a table's link (http://host/t/<table>#token=…): {text!r}")
    token = parse_qs(parts.fragment).get("token", [None])[0]
    return Link(f"{parts.scheme}://{parts.netloc}", path[1], token)


@dataclass
class History:
    """The seat's events as the pushes brought them: each push's after the first ``events_from``
    of those held. A view with no ``events_from`` is whole."""

    events: list[Any] = field(default_factory=list)

    def whole(self, push: View) -> View | None:
        """``push`` with the whole history in its ``view.events``; None where it does not follow
        on from what is held (the whole view is to be asked for)."""
        pushed = push["view"].get("events", [])
        start = push.get("events_from")
        if start is None or start == 0:
            events = list(pushed)
        elif start <= len(self.events):
            events = self.events[:start] + pushed
        else:
            return None
        if push["view"].get("event_count", len(events)) != len(events):
            return None
        self.events = events
        return {**push, "view": {**push["view"], "events": events}}


class Socket(Protocol):
    """What is used of a WebSocket client (``websockets.sync.client``'s connection)."""

    def send(self, message: str) -> None: ...

    def recv(self, timeout: float | None = None) -> str | bytes: ...


Connect = Callable[[str], AbstractContextManager[Socket]]


def connect_socket(url: str) -> AbstractContextManager[Socket]:
    """The table's socket; its messages wait unbounded while the person thinks (they are small,
    and the server coalesces them), so the server never finds this client not reading."""
    from websockets.sync.client import connect

    return connect(url, max_queue=None)


class Seat:
    """One person at a server's table in the terminal (or a spectator watching it)."""

    def __init__(self, link: Link, lang: str, console: Console, keyboard: Keyboard,
                 connect: Connect = connect_socket) -> None:
        self.link, self.lang, self.console, self.keyboard, self.connect = link, lang, console, keyboard, connect
        self.say = render.speech(lang)
        self.history = History()
        self.told = 0  # the events told on the screen so far
        self.lines: list[str] = []  # every event told, for the log command
        self.asked_whole = False
        self.sent_seq = -1  # the seq of the view a move was last sent from: one move per view

    def run(self) -> bool:
        """Play (or watch) until the game is over (True) or the person leaves (False)."""
        with self.connect(self.link.socket_url(self.lang)) as socket:
            socket.send(json.dumps({"token": self.link.token} if self.link.token else {}))
            current: View | None = None
            while True:
                for message in self._messages(socket):
                    current = self._take(socket, message) or current
                if current is None:
                    continue
                if current["over"]:
                    self._finish(current)
                    return True
                offers = current.get("offers", current["legal"])
                if offers and current["seq"] != self.sent_seq:
                    action = self._ask(current, offers)
                    if action is None:
                        return False
                    self.sent_seq = current["seq"]
                    socket.send(json.dumps({"action": action, "seq": current["seq"]}))

    def _messages(self, socket: Socket) -> Iterator[View]:
        """The next message, and every one that came with it (the newest view is the one to act on)."""
        yield json.loads(socket.recv())
        while True:
            try:
                yield json.loads(socket.recv(timeout=0))
            except TimeoutError:
                return

    def _take(self, socket: Socket, message: View) -> View | None:
        """A message from the table: a view (returned whole, its new events told) or an error."""
        if "error" in message:
            self.console.print(Text(message.get("words") or message["error"], style="yellow"))
            self.sent_seq = -1  # the move did not go: it may be made again
            return None
        if "view" not in message:
            return None  # an answer this client never asks for (the chat, an explanation)
        view = self.history.whole(message)
        if view is None:
            if not self.asked_whole:
                socket.send(json.dumps({"full_view": True}))
            self.asked_whole = True
            return None
        if message.get("events_from", 0) == 0:
            self.asked_whole = False
            self.told = min(self.told, len(view["view"]["events"]))
        self._tell(view)
        return view

    def _tell(self, view: View) -> None:
        """The events not told yet, in the game's words."""
        info = kartaros.GAMES[view["game"]]
        events = view["view"]["events"]
        for event in events[self.told:]:
            line = info.words.event(event, view["names"], self.lang)
            self.lines.append(line)
            self.console.print(render.event_line(line))
        self.told = len(events)

    def _ask(self, view: View, offers: list[str]) -> str | None:
        """The person's move among ``offers``, or None if he leaves."""
        from kartaros.cli import LOG_WORDS, QUIT_WORDS, match_action  # the terminal's own reading of a move

        info, obs, names, seat = kartaros.GAMES[view["game"]], view["view"], view["names"], view["seat"]
        self.console.rule(style="dim")
        self.console.print(render.table_view(info, obs, names, self.lang))
        self.console.print(render.turn_line(info, obs, names, seat, self.lang))
        self.console.print(render.moves_view(info, obs, offers, names, self.lang))
        hint = self.say("type a number from 1 to {n}", n=len(offers))
        while True:
            self.console.print(Text(self.say("Your move (log shows the game, q quits) › "), style="bold"), end="")
            try:
                text = self.keyboard.line()
            except EOFError:
                self.console.print()
                return None
            if text.strip().lower() in QUIT_WORDS:
                return None
            if text.strip().lower() in LOG_WORDS:
                for line in self.lines:
                    self.console.print(render.event_line(line))
                continue
            action = match_action(text, offers)
            if action is not None:
                return action  # the server plays a try as the move it is, or says why not
            message = self.say("'{text}' is not one of your moves; {hint}.", text=text.strip(), hint=hint)
            self.console.print(Text(message, style="yellow"))

    def _finish(self, view: View) -> None:
        info, names, seat = kartaros.GAMES[view["game"]], view["names"], view["seat"]
        if seat is not None:
            self.console.rule(style="dim")
            self.console.print(render.table_view(info, view["view"], names, self.lang))
        # the result as the server tells it, in its words: the reason may be the table's (a
        # resignation), not one of the game's own
        outcome = Outcome(tuple(view["returns"]), _Told.TOLD, info)
        result = view["result"] or {}
        end = view["words"].get("end") or result.get("detail") or str(result.get("reason", ""))
        self.console.print(render.result_view(outcome, names, seat, self.lang, end))
