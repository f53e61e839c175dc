"""The server's bots think in worker processes: the same moves as in the server's own process, a
worker that dies replaced without a table waiting, and a whole table played that way."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import kartaros
from kartaros.bots import for_level, make
from kartaros.server import create_app
from kartaros.server.thinking import Thinking, quick
from kartaros.state import GameState
from tests.test_race import run
from tests.test_server_api import auth


class WhereBot:
    """A bot that names the process it thought in (its first legal action otherwise)."""

    name = "where"

    def __init__(self) -> None:
        self.pids: list[int] = []

    def choose(self, state: GameState) -> str:
        self.pids.append(os.getpid())
        return state.legal_actions()[0]


@pytest.mark.parametrize("game", list(kartaros.GAMES))
def test_a_bot_in_a_worker_chooses_what_it_would_here_move_after_move(game: str) -> None:
    """Each move comes back with the bot as its choice left it (its generator moved on), so the
    next move is the same as in a bot kept in this process."""
    async def test() -> None:
        thinking = Thinking(1)
        try:
            state = kartaros.new_game(game, seed=21)
            here = [make("ismcts", seed=s, iterations=30) for s in range(state.num_players)]
            there = [make("ismcts", seed=s, iterations=30) for s in range(state.num_players)]
            for _ in range(40):
                if state.is_over:
                    break
                seat = state.current_player
                assert seat is not None
                action, there[seat] = await thinking.choose(there[seat], state)
                assert action == here[seat].choose(state)
                state.apply(action)
        finally:
            thinking.close()
    run(test)


def test_a_bot_that_does_not_search_chooses_here_and_a_searching_one_in_a_worker() -> None:
    """Sending a record to a worker costs more than the heuristic's choice: only searches go there."""
    state = kartaros.new_game("kec", seed=3)
    assert quick(for_level("easy", seed=1), state) and quick(make("random", seed=1), state)
    assert not quick(for_level("hard", seed=1), state)  # Keč's hard level searches (GameInfo.hard)
    assert not quick(make("ismcts", seed=1), state) and not quick(WhereBot(), state)

    async def test() -> None:
        thinking = Thinking(1)
        try:
            easy = for_level("easy", seed=4)
            action, kept = await thinking.choose(easy, state)
            assert kept is easy  # never pickled: the same bot, chosen in this process
            assert action == for_level("easy", seed=4).choose(state)
        finally:
            thinking.close()
    run(test)


def test_the_bot_thinks_in_another_process_and_a_dead_worker_is_replaced() -> None:
    async def test() -> None:
        thinking = Thinking(1)
        try:
            state = kartaros.new_game("kec", seed=1)
            action, bot = await thinking.choose(WhereBot(), state)
            assert action == state.legal_actions()[0]
            worker = bot.pids[0]
            assert worker != os.getpid()
            os.kill(worker, signal.SIGKILL)
            action, bot = await thinking.choose(bot, state)  # lost with its worker: thought here
            assert action == state.legal_actions()[0] and bot.pids[-1] == os.getpid()
            _, bot = await thinking.choose(bot, state)  # new workers for the next move
            assert bot.pids[-1] not in (worker, os.getpid())
        finally:
            thinking.close()
    run(test)


def test_a_person_plays_a_whole_game_against_bots_that_think_in_workers(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'k.db'}", bot_workers=1)) as client:
        made = client.post("/api/tables", json={"game": "puck", "seats": ["human", "bot:hard"]}).json()
        table, token = made["table"], made["seats"][0]["token"]
        for _ in range(2000):
            view = client.get(f"/api/tables/{table}", headers=auth(token)).json()
            if view["over"]:
                break
            if view["legal"]:
                client.post(f"/api/tables/{table}/actions", headers=auth(token),
                            json={"action": view["legal"][0], "seq": view["seq"]})
        assert view["over"]
        record = client.get(f"/api/tables/{table}/record").json()
        assert kartaros.replay(record).is_over


def test_workers_are_bounded() -> None:
    with pytest.raises(ValueError, match="bot workers"):
        Thinking(99)


def test_a_worker_ends_when_the_server_is_killed(tmp_path: Path) -> None:
    """A server killed with its workers started leaves none behind (they see it gone)."""
    import subprocess
    import sys
    import time

    script = (
        "import asyncio, os, sys, kartaros\n"
        "from kartaros.bots import make\n"
        "from kartaros.server.thinking import Thinking\n"
        "async def main():\n"
        "    thinking = Thinking(1)\n"
        "    state = kartaros.new_game('kec', seed=1)\n"
        "    await thinking.choose(make('ismcts', seed=1, iterations=10), state)\n"
        "    pids = [p.pid for p in thinking._executor()._processes.values()]\n"
        "    print(*pids, flush=True)\n"
        "    await asyncio.sleep(60)\n"
        "asyncio.run(main())\n"
    )
    server = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        workers = [int(pid) for pid in server.stdout.readline().split()]
        assert workers
    finally:
        server.kill()
        server.wait()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(Path(f"/proc/{pid}").exists() for pid in workers):
        time.sleep(0.1)  # a real process's end, watched for, not slept on blindly
    assert not any(Path(f"/proc/{pid}").exists() for pid in workers)
