"""Shared fixtures: Debian's Chromium for the browser tests, and a live server for them."""

from __future__ import annotations

import asyncio
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from kartaros.server.clock import FakeClock

CHROMIUM = "/usr/bin/chromium"
# What a page shows after a click may take a while on a machine busy with other tests: an
# expectation waits up to this long (it returns as soon as it holds, so a passing test is no slower).
expect.set_options(timeout=15_000)

# Browser tests leave their screenshots here, in the checkout (git-ignored), for CI to keep.
SCREENSHOTS = Path(__file__).resolve().parent.parent / "test-artifacts" / "screenshots"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """pytest-playwright launches Debian's Chromium (Playwright's own browsers are not installed)."""
    if not shutil.which(CHROMIUM):
        pytest.fail(f"browser tests need {CHROMIUM} (apt-get install -y chromium)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def screenshots() -> Path:
    """The screenshot folder, emptied of the last run's pictures."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for old in SCREENSHOTS.glob("*.png"):
        old.unlink()
    return SCREENSHOTS


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _serve(app: Any) -> Iterator[tuple[str, asyncio.AbstractEventLoop]]:
    """Serve ``app`` on 127.0.0.1 in a thread of its own, on an event loop of its own: its address
    and that loop (a test runs the server's fake clock on it)."""
    import uvicorn

    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_until_complete, args=(server.serve(),), daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}", loop
    server.should_exit = True
    thread.join(timeout=10)


# The seeds the live server deals its next tables with, in turn (a test puts one here just
# before it creates its table); with none left, tables are dealt at random.
LIVE_DEALS: list[int] = []


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The web app on 127.0.0.1 with its own SQLite file, for the browser tests."""
    from kartaros.server import create_app

    db = Path(tmp_path_factory.mktemp("server")) / "kartaros.db"
    for url, _ in _serve(create_app(f"sqlite:///{db}", seeds=lambda: LIVE_DEALS.pop(0) if LIVE_DEALS else None)):
        yield url


@dataclass(frozen=True)
class ClockedServer:
    """A test server whose clock moves only when the test says (call windows, bots' reactions)."""

    url: str
    clock: FakeClock
    loop: asyncio.AbstractEventLoop
    call_seconds: float
    # the seeds the next tables are dealt with, first first (a test that needs a known deal puts
    # its seed here before it creates its table); with none left, tables are dealt at random
    deals: list[int] = field(default_factory=list)

    def advance(self, seconds: float) -> None:
        """Let the server's time run on by ``seconds`` (what falls due on the way happens)."""
        asyncio.run_coroutine_threadsafe(self.clock.advance(seconds), self.loop).result(timeout=30)


@pytest.fixture(scope="session")
def clocked_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClockedServer]:
    """The web app on a fake clock: a call window stays open until the test lets its time run
    out, and no bot reacts before it does."""
    from kartaros.server import create_app

    db = Path(tmp_path_factory.mktemp("clocked")) / "kartaros.db"
    clock, seconds, deals = FakeClock(), 2.5, list[int]()
    app = create_app(f"sqlite:///{db}", call_seconds=seconds, clock=clock,
                     seeds=lambda: deals.pop(0) if deals else None)
    for url, loop in _serve(app):
        yield ClockedServer(url, clock, loop, seconds, deals)
