"""Information-set Monte Carlo tree search (single observer), for any game and player count.

Each iteration samples a world the searching player cannot tell from the real one
(``state.determinize``), walks the one shared tree with UCB1 restricted to the actions legal
in that world (availability counts, Cowling et al. 2012), adds one node, plays the rest out
with the rollout policy, and credits every node with the return of the player who chose it.
The bot uses only ``legal_actions()``, ``determinize()`` and what worlds offer, so it plays
the same in every position its player cannot tell apart.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from kartaros.state import GameState


class _Node:
    __slots__ = ("available", "children", "player", "reward", "visits")

    def __init__(self, player: int) -> None:
        self.player = player  # who chose the action leading here
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.available = 0


class IsmctsBot:
    """``iterations`` per move, or ``seconds`` per move if given; UCT constant ``c``."""

    def __init__(
        self,
        *,
        seed: int | None = None,
        iterations: int = 1000,
        seconds: float | None = None,
        c: float = 0.7,
        rollout: str = "random",
        max_rollout: int = 5000,
    ) -> None:
        if type(iterations) is not int or iterations < 1:
            raise ValueError(f"iterations must be a whole number ≥ 1; got {iterations!r}")
        if seconds is not None and not (isinstance(seconds, int | float) and seconds > 0):
            raise ValueError(f"seconds must be a positive number; got {seconds!r}")
        if rollout != "random":
            raise ValueError(f"rollout must be 'random' for now; got {rollout!r}")
        self.name = "ismcts"
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.max_rollout = max_rollout
        self.last_iterations = 0

    def choose(self, state: GameState) -> str:
        legal = state.legal_actions()
        if not legal:
            raise ValueError("the game is over: there is no move to choose")
        if len(legal) == 1:
            return legal[0]
        me = state.current_player
        assert me is not None
        root = _Node(-1)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while True:
            self._iterate(state, me, root)
            done += 1
            if deadline is not None:
                if time.perf_counter() >= deadline:
                    break
            elif done >= self.iterations:
                break
        self.last_iterations = done
        return max(legal, key=lambda a: root.children[a].visits if a in root.children else -1)

    def _iterate(self, state: GameState, me: int, root: _Node) -> None:
        rng = self.rng
        world = state.determinize(me, rng.getrandbits(63))
        node = root
        path = [root]
        # Selection and expansion.
        while not world.is_over:
            legal = world.legal_actions()
            player = world.current_player
            assert player is not None
            untried = [a for a in legal if a not in node.children]
            if untried:
                action = untried[rng.randrange(len(untried))]
                child = node.children[action] = _Node(player)
                world.apply(action)
                path.append(child)
                break
            log_n = 0.0
            for a in legal:
                node.children[a].available += 1
            best, best_value = legal[0], -math.inf
            for a in legal:
                child = node.children[a]
                log_n = math.log(child.available)
                value = child.reward / child.visits + self.c * math.sqrt(log_n / child.visits)
                if value > best_value:
                    best, best_value = a, value
            world.apply(best)
            node = node.children[best]
            path.append(node)
        # Rollout.
        for _ in range(self.max_rollout):
            if world.is_over:
                break
            legal = world.legal_actions()
            world.apply(legal[rng.randrange(len(legal))])
        returns = world.returns() if world.is_over else [1.0 / world.num_players] * world.num_players
        for visited in path[1:]:
            visited.visits += 1
            visited.reward += returns[visited.player]

    def stats(self) -> dict[str, Any]:
        return {"iterations": self.last_iterations}
