"""The call race in the terminal (T11): a clock, a keyboard that waits for a line up to a
deadline, and the bots' reaction times.

At a kitchen table whoever notices a miss first calls; :mod:`kartaros.calls` maps that race onto
the engine's turn-based window and asks the bots when they would call (``calls.reactions``).
The terminal runs it as the web server does: the bots' reaction times race the person, who
calls by pressing Enter before the time is up.

The clock here is the terminal's own, the smallest part of the server's clock protocol
(``kartaros.server.clock``: ``now()``). The terminal blocks on its keyboard instead of sleeping
in an event loop, and importing the server would load the whole web stack for a command line.
"""

from __future__ import annotations

import select
import sys
import time
from typing import Protocol, TextIO

MIN_CALL_SECONDS, MAX_CALL_SECONDS = 0.5, 60.0  # the bounds of ``--call-seconds`` (as ``serve`` has them)


class Clock(Protocol):
    def now(self) -> float:
        """Seconds, from any fixed start."""
        ...


class SystemClock:
    """The real clock (monotonic: a change of the wall time does not move a deadline)."""

    def now(self) -> float:
        return time.monotonic()


class FakeClock:
    """A clock that moves only when told, for tests."""

    def __init__(self, start: float = 0.0) -> None:
        self._now = start

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        self._now += seconds


class Keyboard(Protocol):
    """Where the person's lines come from."""

    def line(self) -> str:
        """The next line, waiting as long as it takes; EOFError when there are no more."""
        ...

    def line_until(self, deadline: float) -> str | None:
        """The next line if it comes before ``deadline`` (by the keyboard's clock), else None;
        None too when there are no more lines."""
        ...


class StdinKeyboard:
    """The terminal's standard input. A line waited for with a deadline is waited for with
    ``select`` on a terminal; piped input has its lines there at once, so they come at once."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock

    def line(self) -> str:
        return input()

    def line_until(self, deadline: float) -> str | None:
        stream = sys.stdin
        if not stream.isatty():
            return _stripped(stream.readline())
        while (left := deadline - self.clock.now()) > 0:
            ready, _, _ = select.select([stream], [], [], left)
            if ready:
                return _stripped(stream.readline())
        _forget_typed(stream)
        return None


def _stripped(line: str) -> str | None:
    return line.rstrip("\r\n") if line else None


def _forget_typed(stream: TextIO) -> None:
    """Drop what was typed but not sent when the time ran out: it was meant for the call."""
    try:
        import termios

        termios.tcflush(stream, termios.TCIFLUSH)
    except (ImportError, OSError, ValueError, TypeError):
        pass  # no terminal to flush (another system, a closed stream)
