"""Progress of a long run of games (``simulate``, ``tournament``), on stderr.

On a terminal a rich progress bar whose estimate of the time left is the mean time of the games
finished so far times the games still to play: seats rotate and deals are independent, so every
game is alike in expectation, and that mean settles as games finish. (rich's own estimate
extrapolates the speed of the last 30 seconds, which swings with the jobs' chunks and long
games: it showed a minute with six left.) Elsewhere (a pipe, a file, a CI log) a plain line
when the first game ends, then every tenth of the run and at least every half minute, so a long
run is never silent; stdout stays for the result.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import timedelta
from typing import TextIO

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, Task, TextColumn, TimeElapsedColumn
from rich.text import Text

Clock = Callable[[], float]  # seconds, monotonic
PLAIN_STEP = 0.1  # a plain line each time another tenth of the games is done…
PLAIN_SECONDS = 30.0  # …or this long after the last line, whichever comes first


def remaining(elapsed: float, done: int, total: int) -> float | None:
    """Seconds left at the mean time per finished game; None before the first game ends."""
    if done <= 0:
        return None
    return elapsed / done * max(0, total - done)


def clock_text(seconds: float | None) -> str:
    """``H:MM:SS``, or ``-:--:--`` when not known yet."""
    return "-:--:--" if seconds is None else str(timedelta(seconds=round(seconds)))


class FinishedGamesRemaining(ProgressColumn):
    """The time left, from the mean time of the games finished (see the module's doc)."""

    def render(self, task: Task) -> Text:
        if task.finished:
            return Text("0:00:00", style="progress.remaining")
        left = remaining(task.elapsed or 0.0, int(task.completed), int(task.total or 0))
        return Text(f"~{clock_text(left)} left", style="progress.remaining")


class PlainProgress:
    """A callback (games just finished) writing a line like
    ``games: 120 of 1000 (12%), 0:00:35 so far, about 0:04:16 left`` now and then to ``stream``."""

    def __init__(self, total: int, stream: TextIO, clock: Clock = time.monotonic) -> None:
        self.total = total
        self.stream = stream
        self.clock = clock
        self.start = clock()
        self.done = 0
        self.last_line = self.start
        self.next_step = 1  # the next tenth to write a line at

    def __call__(self, finished: int) -> None:
        self.done += finished
        now = self.clock()
        steps = int(self.done / self.total / PLAIN_STEP + 1e-9) if self.total else 0
        first = self.done == finished  # the first line says the run is under way, with a first estimate
        if first or steps >= self.next_step or now - self.last_line >= PLAIN_SECONDS or self.done >= self.total:
            self.next_step = steps + 1
            self.last_line = now
            self.write(now - self.start)

    def write(self, elapsed: float) -> None:
        percent = 100 * self.done / self.total if self.total else 100.0
        line = f"games: {self.done} of {self.total} ({percent:.0f}%), {clock_text(elapsed)} so far"
        if self.done < self.total:
            line += f", about {clock_text(remaining(elapsed, self.done, self.total))} left"
        print(line, file=self.stream, flush=True)


@contextmanager
def progress(total: int, quiet: bool, stream: TextIO | None = None) -> Iterator[Callable[[int], None] | None]:
    """A progress callback for a run of ``total`` games: a bar on a terminal, plain lines
    otherwise, none with ``quiet``. Everything goes to ``stream`` (stderr by default)."""
    stream = sys.stderr if stream is None else stream
    if quiet:
        yield None
        return
    console = Console(file=stream)
    if not console.is_terminal:
        yield PlainProgress(total, stream)
        return
    columns = (TextColumn("games"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), FinishedGamesRemaining())
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task("games", total=total)
        yield lambda done: bar.advance(task, done)
