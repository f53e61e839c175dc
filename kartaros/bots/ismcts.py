"""Information-set Monte Carlo tree search (single observer), for any game and player count.

Each iteration samples a world the searching player cannot tell from the real one
(``state.determinize``), walks the one shared tree with UCB1 restricted to the actions legal
in that world (availability counts, Cowling et al. 2012), adds one node, plays the rest out
with the rollout policy, and credits every node with the return of the player who chose it.
The bot uses only ``legal_actions()`` (and at the root ``tree_moves()``, the same moves under
the tree's keys), ``determinize()`` and what worlds offer, so it plays the same in every
position its player cannot tell apart. The tree weighs the game's own moves under compact keys
where the game gives them (``GameState.tree_moves``: no notation per move), else the actions;
strings name the moves only at the edge (the answer, ``stats()``, the heuristic).

With ``prior="greedy"`` the game's heuristic guides the tree (its move in each world first,
favoured while young) and, with ``anchor``, keeps its move at the root unless the search's
evidence against it is strong: in games decided mostly by the cards, a few hundred worlds tell
moves apart by chance far more often than by skill. With ``baseline="greedy"`` the tree learns
from paired samples instead: each iteration's returns less those of the heuristic's play in the
same world (a control variate), so the deal's luck drops out of every comparison.

Rollouts: ``random`` uses the engine's fast path (``state.playout``: internal moves, no
notation); ``greedy`` plays each game's heuristic through the observation, slower per move
but better informed. Neither the tree nor the rollouts make deliberate misses (Tač).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from itertools import filterfalse, repeat
from math import log, sqrt
from operator import add, mul, truediv
from typing import Any, cast

from kartaros.bots.greedy import greedy_move
from kartaros.state import GameState

ROLLOUTS = ("random", "greedy")
OPPONENT_MODELS = ("search", "greedy")
BASELINES = (None, "greedy")


class _Node:
    __slots__ = ("available", "children", "hint", "player", "reward", "squares", "tried", "visits")

    def __init__(self, player: int) -> None:
        self.player = player  # who chose the action leading here
        self.children: dict[Hashable, _Node] = {}  # by move key (``Moves``)
        self.visits = 0  # times this node was chosen
        self.tried = 0  # times a search passed through it (its children's parent visits)
        self.reward = 0.0
        self.squares = 0.0  # of the rewards, kept for the root's children only (the anchor)
        self.available = 0
        self.hint: Hashable | None = None  # at the root: the heuristic's move's key, once asked


class _RootTable:
    """The root's children in the order of its moves, with each one's mean credit and visits
    beside it, for a UCB pass over them in C (``_root_pick``): the root is the widest node
    (Puck's 38 exchanges) and takes part in every iteration.

    Kept only without a prior: then a node's UCB pass comes once every move has a child, and
    the root's moves are the same in every world, so each pass finds all its children
    available and their availability counts are all the number of passes so far."""

    __slots__ = ("means", "nodes", "passes", "visits")

    def __init__(self, nodes: list[_Node]) -> None:
        self.nodes = nodes
        self.means = [n.reward / n.visits for n in nodes]
        self.visits = [n.visits for n in nodes]
        self.passes = 0

    def pick(self, c: float) -> int:
        """The index of the child UCB1 chooses: the same values, in the same order, as the
        loop of ``_iterate`` computes, and the first of the highest."""
        self.passes += 1
        spread = log(self.passes)
        bonus = map(mul, repeat(c), map(sqrt, map(truediv, repeat(spread), self.visits)))
        values = list(map(add, self.means, bonus))
        return values.index(max(values))

    def credit(self, i: int) -> None:
        """Child ``i``'s statistics after its credit (``_iterate``'s backpropagation)."""
        node = self.nodes[i]
        self.visits[i] = node.visits
        self.means[i] = node.reward / node.visits


def _variance(node: _Node) -> float:
    """The spread of a root child's rewards (at least one visit)."""
    mean = node.reward / node.visits
    return max(0.0, node.squares / node.visits - mean * mean)


def _own_class(action: str) -> str:
    return action


# The moves a tree weighs at a position and the key of each, the tree's name for the move:
# the actions and their move classes (``search_moves``), or the game's own moves and compact
# keys (``GameState.tree_moves``), which cost no notation.
Moves = tuple[Sequence[Any], Sequence[Hashable]]


def _game_moves(world: GameState) -> Moves:
    moves = world.tree_moves()
    assert moves is not None  # asked only of games that have them
    return moves


def search_actions(state: GameState) -> list[str]:
    """The legal actions a bot considers: deliberate misses only when nothing else is legal,
    and one action of each move class (``move_class``: the first, in the legal order)."""
    return search_moves(state)[0]


def search_moves(state: GameState) -> tuple[list[str], list[str]]:
    """``search_actions`` and the move class of each (the same list where the game gives every
    action its own class), so that a search names each class once per position."""
    legal = state.legal_actions()
    info = state.info
    is_miss, move_class = info.is_miss, info.move_class
    if is_miss is not None:
        legal = [a for a in legal if not is_miss(a)] or legal
    if move_class is None:
        return legal, legal
    first: dict[str, str] = {}
    for a in legal:
        first.setdefault(move_class(a), a)
    if len(first) < len(legal):
        legal = list(first.values())
    return legal, list(first)


def decision(state: GameState) -> tuple[list[str], int]:
    """The moves a search weighs (``search_actions``) and the player to move; a ValueError
    once the game is over."""
    legal = search_actions(state)
    if not legal:
        raise ValueError("the game is over: there is no move to choose")
    me = state.current_player
    assert me is not None
    return legal, me


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
        baseline: str | None = None,
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
        if baseline not in BASELINES:
            raise ValueError(f"baseline must be 'greedy' or None; got {baseline!r}")
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
        # ``greedy``: a control variate (Veness, Lanctot and Bowling 2011). Every iteration
        # also plays the heuristic's move at the root and the rollout policy for every seat in
        # the same world, from the same random numbers, and credits the tree with the returns
        # less that baseline's. The baseline does not depend on the tree's choices, so every
        # comparison of moves keeps its expectation, while the luck of the world, which
        # decides most of a card game's result, cancels out of it.
        self.baseline = baseline
        self._root_hint: str | None = None
        self._root_table: _RootTable | None = None  # the current search's (``_RootTable``)
        self.last_iterations = 0
        self.last_rollout_moves = 0
        self.last_seconds = 0.0
        self.last_hint: str | None = None
        self.last_visits: dict[str, int] = {}
        self.last_means: dict[str, float] = {}

    def choose(self, state: GameState) -> str:
        legal, me = decision(state)
        if len(legal) == 1:
            return legal[0]
        root = _Node(-1)
        self._root_table = None
        self._root_hint = greedy_move(state, legal, self.rng) if self.baseline is not None else None
        # The game's own moves where it has them; the heuristic (prior, opponent model,
        # baseline) reads and names actions, so with it the tree weighs the actions.
        fast = self.prior is None and self.opponents == "search" and self._root_hint is None
        own = state.tree_moves() if fast else None
        self.last_iterations, self.last_rollout_moves, self.last_seconds = spend(
            lambda: self._iterate(state, me, root, own is not None), self.iterations, self.seconds
        )
        # The tree names moves by key; at the root every world has this state's actions.
        if own is None:
            move_class = state.info.move_class or _own_class
            action: dict[Hashable, str] = {move_class(a): a for a in legal}
        else:
            action = dict(zip(own[1], legal, strict=True))
        self.last_hint = action[root.hint] if root.hint is not None else self._root_hint
        self.last_visits = {action[k]: n.visits for k, n in root.children.items()}
        self.last_means = {action[k]: n.reward / n.visits for k, n in root.children.items() if n.visits}
        best = max(action, key=lambda k: root.children[k].visits if k in root.children else -1)
        return action[self._anchored(root, best)]

    def _anchored(self, root: _Node, best: Hashable) -> Hashable:
        """With a prior, keep the heuristic's move unless the search found a better one with
        confidence: its mean return higher by ``anchor`` standard errors. A few hundred noisy
        worlds otherwise overturn a good heuristic on chance alone."""
        hint = root.hint
        if self.anchor is None or hint is None or best == hint or hint not in root.children:
            return best
        a, h = root.children[best], root.children[hint]
        mean_a, mean_h = a.reward / a.visits, h.reward / h.visits
        if self.baseline is None:
            spread = 0.25 / a.visits + 0.25 / h.visits  # returns lie in [0, 1]: variance ≤ 1/4
        else:  # credits less the baseline are mostly near 0: their own spread, measured
            spread = _variance(a) / a.visits + _variance(h) / h.visits
        return best if mean_a - mean_h > self.anchor * math.sqrt(spread) else hint

    def _iterate(self, state: GameState, me: int, root: _Node, own: bool) -> int:
        """One iteration; returns the number of moves it played in its world. The tree weighs
        the game's own moves (``own``: ``tree_moves``) or the actions."""
        rng = self.rng
        world = state.determinize(me, rng.getrandbits(64))
        moves_of: Callable[[GameState], Moves] = _game_moves if own else search_moves
        play: Callable[[Any], None] = world.play_tree_move if own else world.apply
        paired = self._root_hint is not None
        if paired:  # the baseline's copy of the world, and the random numbers both rollouts use
            base_world = world.clone()
            ties = rng.getrandbits(64)
        node = root
        path = [root]
        c = self.c
        moves = 0
        picked = -1  # the root child's index in the root's table, when it chose from it
        # Children are keyed by move class (``move_class``), so that moves that are one move
        # share their statistics across worlds; ``move_class`` is None where each action is its own.
        move_class = world.info.move_class
        # Selection and expansion.
        while not world.is_over:
            legal, keys = moves_of(world)
            if len(legal) == 1:  # no choice, no node: forced steps stay out of the tree
                if paired:  # the world's own chance, as in the baseline's copy
                    play(legal[0])
                    moves += 1
                else:
                    played = world.playout(rng, until_choice=True)
                    if not played:  # several actions, one move class (``move_class``)
                        play(legal[0])
                        played = 1
                    moves += played
                continue
            player = world.current_player
            assert player is not None
            if player != me and self.opponents == "greedy":  # (the tree weighs actions)
                world.apply(greedy_move(world, cast("list[str]", legal), rng))
                moves += 1
                continue
            children = node.children
            hint = node.hint
            if self.prior is not None and (hint is None or node is not root):
                # The heuristic's move in this world. At the root it is the same in every
                # world; below, a seat's cards (and so its moves) differ from world to world.
                hint = greedy_move(world, cast("list[str]", legal), rng)  # (the tree weighs actions)
                if move_class is not None:
                    hint = move_class(hint)
                if node is root:
                    node.hint = hint
            node.tried += 1
            untried = [*filterfalse(children.__contains__, keys)]  # (in C: wide nodes, every iteration)
            # Progressive widening with a prior: the heuristic's move first (in every world),
            # then one more move each time the node's visits allow, so wide choices (Puck's
            # exchanges) are not spread thin over moves no one would play.
            widen = (
                self.prior is None
                or len(children) < node.tried**self.widening
                or len(untried) == len(keys)
                or hint in untried
            )
            if untried and widen:
                key = hint if hint in untried else untried[rng.randrange(len(untried))]
                child = children[key] = _Node(player)
                play(legal[keys.index(key)] if legal is not keys else key)
                moves += 1
                path.append(child)
                break
            if node is root and self.prior is None:  # every child available (``_RootTable``)
                table = self._root_table
                if table is None:
                    table = self._root_table = _RootTable([children[k] for k in keys])
                picked = table.pick(c)
                play(legal[picked])
                moves += 1
                node = table.nodes[picked]
                path.append(node)
                continue
            best, best_value = keys[0], -math.inf
            get = children.get
            for a in keys:
                option = get(a)
                if option is None:
                    continue
                option.available = available = option.available + 1
                visits = option.visits
                value = option.reward / visits + c * sqrt(log(available) / visits)
                if hint is not None and a == hint:  # (a cheap test first: most searches have no hint)
                    value += self.bias / (visits + 1)
                if value > best_value:
                    best, best_value = a, value
            play(legal[keys.index(best)] if legal is not keys else best)
            moves += 1
            node = children[best]
            path.append(node)
        # Rollout.
        chooser = random.Random(ties) if paired else rng
        moves += self._rollout(world, self.max_rollout if self.horizon is None else self.horizon, chooser)
        returns = world.playout_value()
        if not world.is_over and min(returns) == max(returns) and not paired:
            # No guess: play to the end. (Paired, a world cut before the end scores equal
            # shares on both sides, so the credit is the difference the horizon decided.)
            moves += self._rollout(world, self.max_rollout, chooser)
            returns = world.playout_value()
        if paired:
            moves, returns = self._less_baseline(base_world, world, moves, returns, ties)
        for visited in path[1:]:
            visited.visits += 1
            visited.reward += returns[visited.player]
        if len(path) > 1:
            path[1].squares += returns[me] ** 2
        if picked >= 0:
            assert self._root_table is not None
            self._root_table.credit(picked)
        return moves

    def _less_baseline(
        self, base: GameState, world: GameState, moves: int, returns: list[float], ties: int
    ) -> tuple[int, list[float]]:
        """The baseline of one iteration: the root hint, then the rollout policy for as many
        moves as the iteration's world played (to the end, if that world ended). Returns the
        moves of both and the iteration's returns less the baseline's."""
        assert self._root_hint is not None
        base.apply(self._root_hint)
        limit = self.max_rollout if world.is_over else moves - 1
        played = 1 + self._rollout(base, limit, random.Random(ties))
        less = [r - b for r, b in zip(returns, base.playout_value(), strict=True)]
        return moves + played, less

    def _rollout(self, world: GameState, limit: int, rng: random.Random | None = None) -> int:
        rng = self.rng if rng is None else rng
        if self.rollout == "random":
            return world.playout(rng, limit)
        moves = 0
        while not world.is_over and moves < limit:
            world.apply(greedy_move(world, search_actions(world), rng))
            moves += 1
        return moves

    def stats(self) -> dict[str, Any]:
        """The last search: iterations, rollout moves, seconds spent, the prior's move (or the
        baseline's) and each root move's visits and mean credit."""
        return {
            "iterations": self.last_iterations,
            "rollout_moves": self.last_rollout_moves,
            "seconds": self.last_seconds,
            "hint": self.last_hint,
            "visits": dict(self.last_visits),
            "means": dict(self.last_means),
        }
