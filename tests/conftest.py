"""Shared fixtures: Debian's Chromium for the browser tests, and a live server for them."""

from __future__ import annotations

import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
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


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The web app on 127.0.0.1 with its own SQLite file, for the browser tests."""
    import uvicorn

    from kartaros.server import create_app

    db = Path(tmp_path_factory.mktemp("server")) / "kartaros.db"
    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(f"sqlite:///{db}"), host="127.0.0.1", port=port,
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)
