"""Information-set Monte Carlo tree search (single observer), for any game and player count.

Each iteration samples a world the searching player cannot tell from the real one
(``state.determinize``), walks the one shared tree with UCB1 restricted to the actions legal
in that world (availability counts, Cowling et al. 2012), adds one node, plays the rest out
with the rollout policy, and credits every node with the return of the player who chose it.
The bot uses only ``legal_actions()``, ``determinize()`` and what worlds offer, so it plays
the same in every position its player cannot tell apart.

With ``prior="greedy"`` the game's heuristic guides the tree (its move first, favoured while
young) and, with ``anchor``, keeps its move at the root unless the search's evidence against
it is strong: in games decided mostly by the cards, a few hundred worlds tell moves apart by
chance far more often than by skill.

Rollouts: ``random`` uses the engine's fast path (``state.playout``: internal moves, no
notation); ``greedy`` plays each game's heuristic through the observation, slower per move
but better informed. Neither the tree nor the rollouts make deliberate misses (Tač).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from kartaros.bots.greedy import greedy_move
from kartaros.state import GameState

ROLLOUTS = ("random", "greedy")
OPPONENT_MODELS = ("search", "greedy")


class _Node:
    __slots__ = ("available", "children", "hint", "player", "reward", "tried", "visits")

    def __init__(self, player: int) -> None:
        self.player = player  # who chose the action leading here
        self.children: dict[str, _Node] = {}
        self.visits = 0  # times this node was chosen
        self.tried = 0  # times a search passed through it (its children's parent visits)
        self.reward = 0.0
        self.available = 0
        self.hint: str | None = None  # the heuristic's move here, once asked


def search_actions(state: GameState) -> list[str]:
    """The legal actions a bot considers: deliberate misses only when nothing else is legal."""
    legal = state.legal_actions()
    if type(state).is_miss is GameState.is_miss:  # the game has no deliberate misses
        return legal
    honest = [a for a in legal if not state.is_miss(a)]
    return honest or legal


def check_budget(*, seconds: float | None, horizon: int | None, anchor: float | None) -> None:
    """The settings every search shares: ``seconds`` per move, a rollout ``horizon``, an ``anchor``."""
    if seconds is not None and not (isinstance(seconds, int | float) and seconds > 0):
        raise ValueError(f"seconds must be a positive number; got {seconds!r}")
    if horizon is not None and (type(horizon) is not int or horizon < 0):
        raise ValueError(f"horizon must be a whole number ≥ 0; got {horizon!r}")
    if anchor is not None and not (isinstance(anchor, int | float) and anchor >= 0):
        raise ValueError(f"anchor must be a number ≥ 0; got {anchor!r}")


def spend(step: Callable[[], int], count: int, seconds: float | None) -> tuple[int, int, float]:
    """Run ``step`` (which returns the moves it played) ``count`` times, or for ``seconds`` if
    given (at least once); return the steps run, the moves they played and the seconds spent."""
    start = time.perf_counter()
    deadline = None if seconds is None else start + seconds
    done = moves = 0
    while True:
        moves += step()
        done += 1
        if deadline is not None:
            if time.perf_counter() >= deadline:
                break
        elif done >= count:
            break
    return done, moves, time.perf_counter() - start


class IsmctsBot:
    """``iterations`` per move, or ``seconds`` per move if given; UCT constant ``c``;
    ``rollout`` policy ``random`` or ``greedy``."""

    def __init__(
        self,
        *,
        seed: int | None = None,
        iterations: int = 1000,
        seconds: float | None = None,
        c: float = 0.7,
        rollout: str = "random",
        prior: str | None = None,
        bias: float = 1.0,
        widening: float = 0.5,
        horizon: int | None = None,
        max_rollout: int = 100_000,
        anchor: float | None = None,
        opponents: str = "search",
    ) -> None:
        if type(iterations) is not int or iterations < 1:
            raise ValueError(f"iterations must be a whole number ≥ 1; got {iterations!r}")
        check_budget(seconds=seconds, horizon=horizon, anchor=anchor)
        if rollout not in ROLLOUTS:
            raise ValueError(f"rollout must be one of {', '.join(ROLLOUTS)}; got {rollout!r}")
        if not (isinstance(c, int | float) and c >= 0):
            raise ValueError(f"c must be a number ≥ 0; got {c!r}")
        if prior not in (None, "greedy"):
            raise ValueError(f"prior must be 'greedy' or None; got {prior!r}")
        if not (isinstance(widening, int | float) and 0 < widening <= 1):
            raise ValueError(f"widening must be a number in (0, 1]; got {widening!r}")
        if not (isinstance(bias, int | float) and bias >= 0):
            raise ValueError(f"bias must be a number ≥ 0; got {bias!r}")
        if anchor is not None and prior is None:
            raise ValueError("anchor keeps the prior's move, so it needs prior='greedy'")
        if opponents not in OPPONENT_MODELS:
            raise ValueError(f"opponents must be one of {', '.join(OPPONENT_MODELS)}; got {opponents!r}")
        self.name = "ismcts"
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.rollout = rollout
        self.prior = prior
        self.bias = bias
        self.widening = widening
        # A rollout stops after ``horizon`` moves and scores the world by the game's guess
        # (``playout_value``): less noise where one choice barely moves a long game's result.
        # A game without a guess (equal shares) is played out to the end instead.
        self.horizon = horizon
        self.max_rollout = max_rollout
        self.anchor = anchor
        # ``greedy``: the other seats play the heuristic inside the tree too (an opponent
        # model), so the tree holds only the searcher's own decisions. In a shared tree an
        # opponent's node cannot depend on his hidden cards, so searched opponents play as if
        # they did not know their own hands; the model plays each world's hand as he would.
        self.opponents = opponents
        self.last_iterations = 0
        self.last_rollout_moves = 0
        self.last_seconds = 0.0
        self.last_hint: str | None = None

    def choose(self, state: GameState) -> str:
        legal = search_actions(state)
        if not legal:
            raise ValueError("the game is over: there is no move to choose")
        if len(legal) == 1:
            return legal[0]
        me = state.current_player
        assert me is not None
        root = _Node(-1)
        self.last_iterations, self.last_rollout_moves, self.last_seconds = spend(
            lambda: self._iterate(state, me, root), self.iterations, self.seconds
        )
        self.last_hint = root.hint
        best = max(legal, key=lambda a: root.children[a].visits if a in root.children else -1)
        return self._anchored(root, best)

    def _anchored(self, root: _Node, best: str) -> str:
        """With a prior, keep the heuristic's move unless the search found a better one with
        confidence: its mean return higher by ``anchor`` standard errors. A few hundred noisy
        worlds otherwise overturn a good heuristic on chance alone."""
        hint = root.hint
        if self.anchor is None or hint is None or best == hint or hint not in root.children:
            return best
        a, h = root.children[best], root.children[hint]
        mean_a, mean_h = a.reward / a.visits, h.reward / h.visits
        spread = 0.25 / a.visits + 0.25 / h.visits  # returns lie in [0, 1]: variance ≤ 1/4
        return best if mean_a - mean_h > self.anchor * math.sqrt(spread) else hint

    def _iterate(self, state: GameState, me: int, root: _Node) -> int:
        """One iteration; returns the number of moves it played in its world."""
        rng = self.rng
        world = state.determinize(me, rng.getrandbits(64))
        node = root
        path = [root]
        c = self.c
        moves = 0
        # Selection and expansion.
        while not world.is_over:
            legal = search_actions(world)
            if len(legal) == 1:  # no choice, no node: forced steps stay out of the tree
                moves += world.playout(rng, until_choice=True)
                continue
            player = world.current_player
            assert player is not None
            if player != me and self.opponents == "greedy":
                world.apply(greedy_move(world, legal, rng))
                moves += 1
                continue
            children = node.children
            hint = node.hint
            if self.prior is not None and hint is None:
                hint = node.hint = greedy_move(world, legal, rng)
            node.tried += 1
            untried = [a for a in legal if a not in children]
            # Progressive widening with a prior: the heuristic's move first, then one more
            # move each time the node's visits allow, so wide choices (Puck's exchanges)
            # are not spread thin over moves no one would play.
            widen = self.prior is None or len(children) < node.tried**self.widening or len(untried) == len(legal)
            if untried and widen:
                action = hint if hint in untried else untried[rng.randrange(len(untried))]
                child = children[action] = _Node(player)
                world.apply(action)
                moves += 1
                path.append(child)
                break
            best, best_value = legal[0], -math.inf
            for a in legal:
                option = children.get(a)
                if option is None:
                    continue
                option.available += 1
                value = option.reward / option.visits + c * math.sqrt(math.log(option.available) / option.visits)
                if a == hint:
                    value += self.bias / (option.visits + 1)
                if value > best_value:
                    best, best_value = a, value
            world.apply(best)
            moves += 1
            node = children[best]
            path.append(node)
        # Rollout.
        moves += self._rollout(world, self.max_rollout if self.horizon is None else self.horizon)
        returns = world.playout_value()
        if not world.is_over and min(returns) == max(returns):
            moves += self._rollout(world, self.max_rollout)
            returns = world.playout_value()
        for visited in path[1:]:
            visited.visits += 1
            visited.reward += returns[visited.player]
        return moves

    def _rollout(self, world: GameState, limit: int) -> int:
        if self.rollout == "random":
            return world.playout(self.rng, limit)
        rng = self.rng
        moves = 0
        while not world.is_over and moves < limit:
            world.apply(greedy_move(world, search_actions(world), rng))
            moves += 1
        return moves

    def stats(self) -> dict[str, Any]:
        """The last search: iterations, rollout moves, seconds spent and the prior's move."""
        return {
            "iterations": self.last_iterations,
            "rollout_moves": self.last_rollout_moves,
            "seconds": self.last_seconds,
            "hint": self.last_hint,
        }
