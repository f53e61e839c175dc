"""Perfect-information Monte Carlo (PIMC) over ``determinize`` worlds, with paired samples.

The classic search of card-game programs (Ginsberg's bridge player, Skat bots): sample worlds
the player cannot tell from the real one, try every legal move in each, play on, and keep the
move with the best mean return. Here every seat plays on with the game's heuristic (the same
``greedy_move`` the greedy bot plays), so the search is a rollout improvement of that policy
(Tesauro and Galperin 1996; Bertsekas's rollout algorithm): wherever a move of the heuristic
is worse than another in the worlds sampled, the search plays the other.

What makes it work where the decision matters little against the luck of the cards: each
world is shared by every candidate move, and each move's play-on in that world starts from the
same generator state and the same tie-breaking seed (common random numbers). Two moves are
then compared within a world, not across worlds, which removes most of the noise of the deal.
With ``anchor`` the heuristic's move stands unless another beats it by ``anchor`` standard
errors of those paired differences.

Like every bot it reads only ``legal_actions()``, the player's observation (through the
heuristic) and ``determinize()``: its choice is the same in every position its player cannot
tell apart. Known limits of PIMC: a world's play-on lets each seat play the heuristic with that
world's cards, so the search never weighs what the opponents' past choices say about their
hands, and it cannot value keeping information hidden (strategy fusion).
"""

from __future__ import annotations

import math
import random
from typing import Any

from kartaros.bots.greedy import greedy_move
from kartaros.bots.ismcts import check_budget, decision, search_actions, spend
from kartaros.state import GameState


class PimcBot:
    """``worlds`` per move (or ``seconds`` per move if given); play-on cut after ``horizon``
    moves and scored by the game's guess (``playout_value``), or played to the end. (A game
    without a guess, Keč or Tač, scores every cut world as equal shares: give it no horizon.)"""

    def __init__(
        self,
        *,
        seed: int | None = None,
        worlds: int = 100,
        seconds: float | None = None,
        horizon: int | None = None,
        anchor: float | None = None,
    ) -> None:
        if type(worlds) is not int or worlds < 1:
            raise ValueError(f"worlds must be a whole number ≥ 1; got {worlds!r}")
        check_budget(seconds=seconds, horizon=horizon, anchor=anchor)
        self.name = "pimc"
        self.rng = random.Random(seed)
        self.worlds = worlds
        self.seconds = seconds
        self.horizon = horizon
        self.anchor = anchor
        self.last_worlds = 0
        self.last_rollout_moves = 0
        self.last_seconds = 0.0
        self.last_hint: str | None = None
        self.last_means: dict[str, float] = {}

    def choose(self, state: GameState) -> str:
        legal, me = decision(state)
        if len(legal) == 1:
            return legal[0]
        rng = self.rng
        hint = greedy_move(state, legal, rng)
        totals = [0.0] * len(legal)
        squares = [0.0] * len(legal)  # of the differences to the heuristic's move, per world
        h = legal.index(hint)

        def one_world() -> int:
            world = state.determinize(me, rng.getrandbits(64))
            tie_seed = rng.getrandbits(64)
            values, moves = [], 0
            for action in legal:
                value, played = self._play_on(world.clone(), action, me, tie_seed)
                values.append(value)
                moves += played
            base = values[h]
            for i, value in enumerate(values):
                totals[i] += value
                squares[i] += (value - base) ** 2
            return moves

        done, self.last_rollout_moves, self.last_seconds = spend(one_world, self.worlds, self.seconds)
        self.last_worlds = done
        self.last_hint = hint
        self.last_means = {a: t / done for a, t in zip(legal, totals, strict=True)}
        best = max(range(len(legal)), key=lambda i: (totals[i], i == h))  # ties: the heuristic's
        if self.anchor is None or best == h:
            return legal[best]
        if done < 2:
            return hint  # no spread to judge by
        gain = (totals[best] - totals[h]) / done
        spread = math.sqrt(max(0.0, squares[best] / done - gain * gain) / (done - 1))
        return legal[best] if gain > self.anchor * spread else hint

    def _play_on(self, world: GameState, action: str, me: int, tie_seed: int) -> tuple[float, int]:
        """``action`` in ``world``, then the heuristic for every seat; ``me``'s value and the moves played."""
        world.apply(action)
        ties = random.Random(tie_seed)
        limit = self.horizon if self.horizon is not None else 1 << 62
        moves = 1
        while not world.is_over and moves <= limit:
            world.apply(greedy_move(world, search_actions(world), ties))
            moves += 1
        return world.playout_value()[me], moves

    def stats(self) -> dict[str, Any]:
        """The last search: worlds, moves played in them, seconds, the heuristic's move, each move's mean."""
        return {
            "worlds": self.last_worlds,
            "rollout_moves": self.last_rollout_moves,
            "seconds": self.last_seconds,
            "hint": self.last_hint,
            "means": dict(self.last_means),
        }
