"""Two versions of kartaros where people and learners meet them: web round trips, RL
environment steps and bot moves, alternately, as ratios of CPU time.

    python benchmarks/elsewhere.py ../kartaros-before [--rounds 3] [--least 0.5]

The companion of ``versions.py`` (which times the engine's own loops): the same alternating
fresh processes, one per version and round, each importing kartaros from its own tree, and
the same rule for the ratio (above 1: this tree is faster). Each process measures, in its
own CPU time (``time.process_time``, which counts every thread of the process: the web
server's as well as the client's):

- ``web``: one move through the server's HTTP API on 127.0.0.1 (a uvicorn server in a thread
  of the process, a SQLite file as its store): ``POST /api/tables/{id}/actions`` with a
  seeded random legal move, then ``GET`` of the table for the next mover's view; tables of
  human seats only, so that no bot's thinking or pacing counts; bounded by a move count and
  a 10-second timeout per request;
- ``env`` and ``env+obs``: one step of the PettingZoo environment (``benchmarks/rl_env.py``'s
  loops: a random legal id; ``env+obs`` also builds the observation tensor and mask);
- ``greedy``, ``hard``, ``ismcts``: one decision of the bot (``make(name, seed)``; ISMCTS
  with 300 iterations) at seeded positions 5 to 150 moves into seeded games.

Web moves run on deals the server seeds itself, so the two versions play different games
there: that measure averages over many moves and is noisier than the others.
"""

from __future__ import annotations

import random
import socket
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE / "benchmarks"))
from versions import compare  # noqa: E402  (the alternation and command line both benchmarks share)

CASES = [("kec", 2), ("nesalomljiv", 2), ("tac", 4), ("puck", 2), ("puck", 4)]
MEASURES = ("web", "env", "env+obs", "greedy", "hard", "ismcts")
WEB_MOVES = 60  # moves a repeat of the web measure plays


def timed(run: Callable[[int], int], least: float) -> float:
    """CPU seconds per unit of ``run`` (which does its work on seeds from its argument and
    returns how many units it did), after a warm-up, repeated for at least ``least`` seconds."""
    run(10**6)
    start = time.process_time()
    units = repeats = 0
    while True:
        units += run(repeats * 10_000)
        repeats += 1
        if time.process_time() - start >= least:
            break
    return (time.process_time() - start) / units


class WebTables:
    """Tables of one game and player count played through the HTTP API, one at a time, all
    seats human: a new table when the last one ends."""

    def __init__(self, client: Any, game: str, players: int) -> None:
        self.client, self.game, self.players = client, game, players
        self.id = ""
        self.tokens: dict[int, str] = {}
        self.view: dict[str, Any] = {"over": True}

    def headers(self, seat: int) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[seat]}"}

    def moves(self, first: int) -> int:
        """``WEB_MOVES`` seeded random moves, each a POST of the move and (when the answer is not
        the next mover's view) a GET of his view; the number of moves."""
        chooser = random.Random(first)
        for _ in range(WEB_MOVES):
            if self.view["over"]:
                created = self.client.post(
                    "/api/tables", json={"game": self.game, "players": self.players, "seats": ["human"] * self.players}
                ).json()
                self.id, self.tokens = created["table"], {s["seat"]: s["token"] for s in created["seats"]}
                self.view = self.client.get(f"/api/tables/{self.id}", headers=self.headers(0)).json()
            seat = self.view["current_player"]
            if self.view["seat"] != seat:  # the answer was the last mover's view: ask the next's
                self.view = self.client.get(f"/api/tables/{self.id}", headers=self.headers(seat)).json()
            moved = self.client.post(
                f"/api/tables/{self.id}/actions", headers=self.headers(seat),
                json={"action": chooser.choice(self.view["legal"]), "seq": self.view["seq"]},
            )
            moved.raise_for_status()
            self.view = moved.json()
        return WEB_MOVES


def web_measure(cases: list[tuple[str, int]], least: float) -> dict[str, float]:
    """Seconds of one web move per case, with one server for all of them."""
    import httpx
    import uvicorn

    from kartaros.server import create_app

    folder = tempfile.mkdtemp()
    app = create_app(f"sqlite:///{folder}/kartaros.db")
    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    port = listening.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:  # bounded: the server is up within seconds or the run stops
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the server did not start")
        time.sleep(0.01)
    with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10) as client:
        answer = {f"{g} {p}": timed(WebTables(client, g, p).moves, least) for g, p in cases}
    server.should_exit = True
    thread.join(10)
    return answer


def engine_measures(game: str, players: int, least: float) -> dict[str, float]:
    """Seconds of one RL step and one bot decision in ``game``."""
    import kartaros
    from kartaros.bots import make

    sys.path.insert(0, str(HERE / "benchmarks"))
    from rl_env import through_env  # the loops of that benchmark, on this process's kartaros

    def env(mode: str) -> Callable[[int], int]:
        return lambda first: through_env(mode, game, players, 20, first)[0]

    positions = []
    chooser = random.Random(5)
    for seed in range(40):
        state = kartaros.new_game(game, players=players, seed=seed)
        for _ in range(chooser.randrange(5, 150)):
            if not state.is_over:
                state.apply(chooser.choice(state.legal_actions()))
        if not state.is_over and len(state.legal_actions()) > 1:
            positions.append(state)

    def bot(name: str, count: int, **params: int) -> Callable[[int], int]:
        def decide(first: int) -> int:
            for i in range(first, first + count):
                make(name, seed=i, **params).choose(positions[i % len(positions)])
            return count
        return decide

    return {
        "env": timed(env("plain"), least),
        "env+obs": timed(env("obs"), least),
        "greedy": timed(bot("greedy", 200), least),
        "hard": timed(bot("hard", 2), least),
        "ismcts": timed(bot("ismcts", 2, iterations=300), least),
    }


def work(cases: list[tuple[str, int]], least: float) -> dict[str, dict[str, float]]:
    web = web_measure(cases, least)
    return {f"{g} {p}": {"web": web[f"{g} {p}"], **engine_measures(g, p, least)} for g, p in cases}


def main() -> None:
    compare(str(Path(__file__).resolve()), __doc__ or "", CASES, MEASURES, work,
            rounds=3, width=10, unit="ms of one unit in this tree", scale=1e3)


if __name__ == "__main__":
    main()
