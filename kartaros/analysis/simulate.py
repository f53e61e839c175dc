"""Bots against bots over many games: win rates with intervals, game length, the first seat's edge.

    >>> from kartaros.analysis import simulate
    >>> result = simulate("nesalomljiv", ["random", "random"], n=20, seed=1)
    >>> sorted(result.to_dict()["bots"])
    ['random', 'random#2']

Seating (``seating``): with B bots and K seats, game ``i`` puts bot ``(q[s] + i) mod B`` in
seat ``s``, where ``q`` is a pattern with ``q[0] = 0``. Every block of B consecutive games
therefore puts each bot in each seat exactly once, so no bot keeps the first seat. With
B ≤ K the pattern is ``q[s] = s`` (a bot fills several seats when B < K); with B > K the
pattern changes after each block and runs through every arrangement of K distinct bots with
bot 0 first, so over ``B·P(B−1, K−1)`` games every ordered line-up is played once.

A bot's score in a game is the sum of the returns of the seats it holds (1 for a win, 0 for a
loss, shares for draws), so it lies in [0, 1]; its win rate is its mean score over the games
it played, with a 95% Wilson score interval (see ``stats.wilson``). ``fair`` is the rate it
would have if every seat were worth the same (seats held / K, averaged over its games).
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from kartaros.analysis.bots import BotSpec, labels, parse_bots
from kartaros.analysis.runner import (
    GameResult,
    Interrupted,
    Progress,
    check_setup,
    run_games,
    run_seed,
    sigint_ignored,
)
from kartaros.analysis.stats import wilson


def _unrank(rank: int, items: list[int], k: int) -> list[int]:
    """The ``rank``-th (lexicographic) ordered choice of ``k`` of ``items``."""
    items = list(items)
    out = []
    for j in range(k):
        count = math.perm(len(items) - 1, k - j - 1)
        index, rank = divmod(rank, count)
        out.append(items.pop(index))
    return out


def seating(index: int, bots: int, players: int) -> tuple[int, ...]:
    """The bot (0 … bots−1) in each seat of game ``index`` (see the module's doc)."""
    if bots < 1 or players < 1:
        raise ValueError("seating needs at least one bot and one seat")
    shift = index % bots
    if bots <= players:
        pattern = list(range(players))
    else:
        patterns = math.perm(bots - 1, players - 1)
        pattern = [0, *_unrank((index // bots) % patterns, list(range(1, bots)), players - 1)]
    return tuple((q + shift) % bots for q in pattern)


@dataclass(frozen=True)
class Rate:
    """A rate over ``games`` games: ``wins`` (shares of draws included) / ``games``, with its 95% interval."""

    wins: float
    games: int
    fair: float

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    def to_dict(self) -> dict[str, Any]:
        low, high = self.ci95
        return {
            "wins": _round(self.wins),
            "games": self.games,
            "win_rate": _round(self.win_rate),
            "ci95": [_round(low), _round(high)],
            "fair": _round(self.fair),
        }


def _round(x: float) -> float:
    return round(x, 6)


@dataclass(frozen=True)
class SimulationResult:
    """Every game of a simulation, and the numbers drawn from them."""

    game: str
    players: int
    seed: int
    variant: Mapping[str, Any]
    bots: tuple[str, ...]  # a unique label per bot spec, in the order given
    games: tuple[GameResult, ...] = field(repr=False)
    planned: int | None = None  # the games the run was to play; more than ``n`` if it was interrupted

    @property
    def n(self) -> int:
        return len(self.games)

    @property
    def complete(self) -> bool:
        """Whether every planned game was played (False after Ctrl-C)."""
        return self.planned is None or self.n >= self.planned

    def bot_rates(self) -> dict[str, Rate]:
        """Each bot's win rate over the games it played (its seats' returns summed per game)."""
        wins = [0.0] * len(self.bots)
        games = [0] * len(self.bots)
        fair = [0.0] * len(self.bots)
        for g in self.games:
            score: dict[int, float] = {}
            for seat, bot in enumerate(g.seats):
                score[bot] = score.get(bot, 0.0) + g.returns[seat]
                fair[bot] += 1 / self.players
            for bot, s in score.items():
                wins[bot] += min(1.0, s)  # returns sum to 1; min() guards against rounding
                games[bot] += 1
        return {
            label: Rate(wins[b], games[b], fair[b] / games[b] if games[b] else 0.0)
            for b, label in enumerate(self.bots)
        }

    def seat_rates(self) -> list[Rate]:
        """Each seat's win rate over all games (seat 0 moves first), against the fair 1/K."""
        return [
            Rate(sum(g.returns[s] for g in self.games), self.n, 1 / self.players) for s in range(self.players)
        ]

    @property
    def first_seat(self) -> Rate:
        return self.seat_rates()[0]

    @property
    def mean_moves(self) -> float:
        return statistics.fmean(g.moves for g in self.games) if self.games else 0.0

    @property
    def draws(self) -> int:
        """Games without a single winner (returns shared)."""
        return sum(1 for g in self.games if max(g.returns) < 1)

    def to_dict(self) -> dict[str, Any]:
        """Everything as one JSON-able object (the ``--json`` output)."""
        first = self.first_seat
        moves = [g.moves for g in self.games]
        return {
            "game": self.game,
            "players": self.players,
            "n": self.n,
            "planned": self.n if self.planned is None else self.planned,
            "complete": self.complete,
            "seed": self.seed,
            "variant": dict(self.variant),
            "bots": {label: rate.to_dict() for label, rate in self.bot_rates().items()},
            "mean_moves": _round(self.mean_moves),
            "median_moves": statistics.median(moves) if moves else 0,
            "min_moves": min(moves, default=0),
            "max_moves": max(moves, default=0),
            "draws": self.draws,
            "first_seat": {**first.to_dict(), "advantage": _round(first.win_rate - first.fair)},
            "seats": [rate.to_dict() for rate in self.seat_rates()],
            "reasons": dict(sorted(Counter(g.reason for g in self.games).items())),
        }


def simulate(
    game: str,
    bot_specs: Sequence[BotSpec | str],
    n: int,
    players: int | None = None,
    seed: int | None = None,
    jobs: int = 1,
    variant: Mapping[str, Any] | None = None,
    progress: Progress | None = None,
    ray: str | None = None,
) -> SimulationResult:
    """Play ``n`` games of ``game`` among ``bot_specs`` with rotating seats (see the module's doc).

    ``bot_specs`` are :class:`BotSpec` or spec strings (``"ismcts:iterations=200"``);
    ``players`` defaults to the game's fewest; ``seed`` None draws one (kept in the result);
    ``jobs`` > 1 plays the games in that many processes, with the same results; ``progress`` is
    called with the number of games finished as they finish; ``ray``, a Ray cluster's address
    (``"auto"``, ``"HOST:6379"``, ``"ray://HOST:10001"``), plays them on that cluster instead, with
    the same results (needs ``pip install 'kartaros[ray]'``; ``jobs`` stays 1; a process already
    connected by ``ray.init`` uses its connection). Bad arguments raise ValueError.
    Ctrl-C stops the run at once and raises :class:`~kartaros.analysis.Interrupted`, whose
    ``result`` is the simulation of the games finished by then.
    """
    specs = bot_list(bot_specs)
    if type(n) is not int or n < 1:
        raise ValueError(f"the number of games must be a whole number ≥ 1; got {n!r}")
    count, resolved = check_setup(game, players, variant)
    seed = run_seed(seed)
    tasks = [(i, seating(i, len(specs), count)) for i in range(n)]
    names = tuple(labels(specs))
    try:
        results = run_games(
            game, specs, tasks, players=count, seed=seed, variant=variant, jobs=jobs, progress=progress,
            ray=ray,
        )
    except Interrupted as stop:
        with sigint_ignored():  # a second Ctrl-C must not break off the partial result
            stop.result = SimulationResult(game, count, seed, resolved, names, stop.games, planned=n)
        raise
    return SimulationResult(game, count, seed, resolved, names, tuple(results), planned=n)


def bot_list(bot_specs: Sequence[BotSpec | str]) -> list[BotSpec]:
    """Specs from :class:`BotSpec` or strings (one spec each, like ``"ismcts:seconds=0.5,c=1.0"``), checked."""
    if isinstance(bot_specs, str):
        bot_specs = parse_bots(bot_specs)
    specs = []
    for item in bot_specs:
        if isinstance(item, BotSpec):
            item.check()
            specs.append(item)
        else:
            parsed = parse_bots(item) if isinstance(item, str) else []
            if len(parsed) != 1:
                raise ValueError(f"each bot must be one spec like 'random' or 'ismcts:iterations=200'; got {item!r}")
            specs.append(parsed[0])
    if not specs:
        raise ValueError("give at least one bot")
    return specs
