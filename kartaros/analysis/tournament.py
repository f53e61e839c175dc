"""A round robin between bots, rated with the Bradley–Terry model.

Every pair of bots plays ``n`` games. In game ``g`` of a pair (a, b) the seats are filled
alternately, a in the even seats and b in the odd ones when ``g`` is even, the other way round
when ``g`` is odd; so in a two-player game the two take turns at moving first, and in a game
with more seats each holds half of them (with an odd count the extra seat alternates). A game
gives a its seats' returns summed (b the rest): 1, 0, or shares of a draw.

Ratings: the Bradley–Terry model says a scores against b with probability
``π_a / (π_a + π_b)``. The strengths are the maximum-likelihood fit by Hunter's (2004) MM
iterations, with draws as half wins, and are shown on the Elo scale (``400 · log10 π``, so
200 points apart means an expected score of about 0.76) with the field's mean at 0. One
virtual drawn game per pair is added before fitting, which keeps every rating finite when a bot
wins or loses all its games and pulls ratings towards each other by a negligible amount once
a pair has played many games.

Intervals: a 95% percentile bootstrap. Each pair's games are resampled with replacement, the
model is refitted, and the 2.5% and 97.5% points of each bot's rating over the resamples are
its interval. It is the interval of a rating *relative to the field's mean*; two bots whose
intervals overlap may still differ, and ``pairs`` gives the direct head-to-head rates.
"""

from __future__ import annotations

import itertools
import math
import random
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from kartaros.analysis.bots import BotSpec, labels
from kartaros.analysis.runner import (
    GameResult,
    Interrupted,
    Progress,
    check_setup,
    run_games,
    run_seed,
    sigint_ignored,
)
from kartaros.analysis.simulate import bot_list
from kartaros.analysis.stats import derive_seed, wilson

ELO = 400 / math.log(10)  # Elo points per unit of natural-log strength


def pair_seats(a: int, b: int, game_in_pair: int, players: int) -> tuple[int, ...]:
    """Seats for game ``game_in_pair`` of the pair (a, b): alternately a and b, the first seat alternating."""
    first, second = (a, b) if game_in_pair % 2 == 0 else (b, a)
    return tuple(first if s % 2 == 0 else second for s in range(players))


def bradley_terry(
    wins: Sequence[Sequence[float]],
    games: Sequence[Sequence[float]],
    *,
    start: Sequence[float] | None = None,
    tolerance: float = 1e-10,
    max_iterations: int = 100_000,
) -> list[float]:
    """Bradley–Terry strengths (natural logs, mean 0) by MM iterations.

    ``wins[i][j]`` is what i scored against j (draws as halves), ``games[i][j]`` how many games
    they played. The fit needs every bot to have scored something and lost something in a
    connected field; add pseudo-games (as :func:`tournament` does) when that may fail.
    """
    k = len(wins)
    total = [sum(row) for row in wins]
    pi = [math.exp(x) for x in start] if start is not None else [1.0] * k
    for _ in range(max_iterations):
        new = []
        for i in range(k):
            denominator = sum(games[i][j] / (pi[i] + pi[j]) for j in range(k) if j != i and games[i][j])
            new.append(total[i] / denominator if denominator else pi[i])
        scale = math.exp(statistics.fmean(math.log(p) for p in new))  # geometric mean 1
        new = [p / scale for p in new]
        change = max(abs(math.log(p / q)) for p, q in zip(new, pi, strict=True))
        pi = new
        if change < tolerance:
            break
    return [math.log(p) for p in pi]


@dataclass(frozen=True)
class Rating:
    bot: str
    rating: float  # Elo scale, the field's mean at 0
    ci95: tuple[float, float]
    score: float  # points over all its games (draws as shares)
    games: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "rating": round(self.rating, 1),
            "ci95": [round(self.ci95[0], 1), round(self.ci95[1], 1)],
            "score": round(self.score, 6),
            "games": self.games,
            "win_rate": round(self.score / self.games, 6) if self.games else 0.0,
        }


@dataclass(frozen=True)
class TournamentResult:
    game: str
    players: int
    seed: int
    variant: Mapping[str, Any]
    bots: tuple[str, ...]
    games_per_pair: int
    ratings: tuple[Rating, ...]  # best first
    games: tuple[GameResult, ...] = field(repr=False)
    planned: int | None = None  # the games the round robin was to play; more if it was interrupted

    @property
    def complete(self) -> bool:
        """Whether every planned game was played (False after Ctrl-C)."""
        return self.planned is None or len(self.games) >= self.planned

    def head_to_head(self) -> dict[tuple[int, int], tuple[float, int]]:
        """``(a, b)`` with a < b → (a's score against b, games)."""
        table: dict[tuple[int, int], tuple[float, int]] = {}
        for g in self.games:
            a, b = sorted(set(g.seats))
            score, count = table.get((a, b), (0.0, 0))
            table[(a, b)] = (score + _score(g, a), count + 1)
        return table

    @property
    def mean_moves(self) -> float:
        return statistics.fmean(g.moves for g in self.games) if self.games else 0.0

    def to_dict(self) -> dict[str, Any]:
        pairs = []
        for (a, b), (score, count) in sorted(self.head_to_head().items()):
            low, high = wilson(score, count)
            pairs.append({
                "a": self.bots[a], "b": self.bots[b], "games": count, "a_score": round(score, 6),
                "a_rate": round(score / count, 6), "ci95": [round(low, 6), round(high, 6)],
            })
        return {
            "game": self.game,
            "players": self.players,
            "games_per_pair": self.games_per_pair,
            "games": len(self.games),
            "planned": len(self.games) if self.planned is None else self.planned,
            "complete": self.complete,
            "seed": self.seed,
            "variant": dict(self.variant),
            "method": "bradley-terry (MM), Elo scale, mean 0, 95% percentile bootstrap",
            "ratings": {r.bot: r.to_dict() for r in self.ratings},
            "pairs": pairs,
            "mean_moves": round(self.mean_moves, 6),
        }


def _score(g: GameResult, bot: int) -> float:
    """``bot``'s share of the returns of a pairing game (its seats' returns over all)."""
    mine = sum(r for s, r in zip(g.seats, g.returns, strict=True) if s == bot)
    total = sum(g.returns)
    return mine / total if total > 0 else 0.5


def _fit(
    scores: dict[tuple[int, int], list[float]], k: int, start: Sequence[float] | None = None, tolerance: float = 1e-10
) -> list[float]:
    wins = [[0.0] * k for _ in range(k)]
    games = [[0.0] * k for _ in range(k)]
    for (a, b), values in scores.items():
        s = sum(values) + 0.5  # the virtual drawn game
        count = len(values) + 1
        wins[a][b], wins[b][a] = s, count - s
        games[a][b] = games[b][a] = count
    return bradley_terry(wins, games, start=start, tolerance=tolerance)


def tournament(
    game: str,
    bot_specs: Sequence[BotSpec | str],
    n: int,
    players: int | None = None,
    seed: int | None = None,
    jobs: int = 1,
    variant: Mapping[str, Any] | None = None,
    resamples: int = 1000,
    progress: Progress | None = None,
    ray: str | None = None,
) -> TournamentResult:
    """Every pair of ``bot_specs`` plays ``n`` games of ``game``; ratings with 95% intervals (module doc).

    Arguments as for :func:`kartaros.analysis.simulate` (``ray`` too); ``resamples`` is the
    bootstrap's size.
    Ctrl-C stops the games at once and raises :class:`~kartaros.analysis.Interrupted`, whose
    ``result`` rates the bots on the games finished by then.
    """
    specs = bot_list(bot_specs)
    if len(specs) < 2:
        raise ValueError("a tournament needs at least two bots")
    if type(n) is not int or n < 1:
        raise ValueError(f"the number of games per pair must be a whole number ≥ 1; got {n!r}")
    if type(resamples) is not int or resamples < 1:
        raise ValueError(f"resamples must be a whole number ≥ 1; got {resamples!r}")
    count, resolved = check_setup(game, players, variant)
    if count < 2:
        raise ValueError("a tournament needs a game of at least two players")
    seed = run_seed(seed)
    pairs = list(itertools.combinations(range(len(specs)), 2))
    # Game g of every pair before game g + 1 of any: a run stopped by Ctrl-C has rated every pair
    # about as often (the results do not depend on the order, only on each game's index).
    tasks = [(p * n + g, pair_seats(a, b, g, count)) for g in range(n) for p, (a, b) in enumerate(pairs)]
    try:
        results = run_games(
            game, specs, tasks, players=count, seed=seed, variant=variant, jobs=jobs, progress=progress,
            ray=ray,
        )
    except Interrupted as stop:
        with sigint_ignored():  # a second Ctrl-C must not break off the partial result
            stop.result = _rate(game, count, seed, resolved, specs, n, pairs, stop.games, resamples, len(tasks))
        raise
    return _rate(game, count, seed, resolved, specs, n, pairs, results, resamples, len(tasks))


def _rate(
    game: str,
    count: int,
    seed: int,
    resolved: Mapping[str, Any],
    specs: list[BotSpec],
    n: int,
    pairs: list[tuple[int, int]],
    results: Sequence[GameResult],
    resamples: int,
    planned: int,
) -> TournamentResult:
    """The ratings from the games played (all of them, or those finished before Ctrl-C)."""
    scores: dict[tuple[int, int], list[float]] = {pair: [] for pair in pairs}
    for g in results:
        a, b = pairs[g.index // n]
        scores[(a, b)].append(_score(g, a))
    k = len(specs)
    best = _fit(scores, k)
    rng = random.Random(derive_seed(seed, "bootstrap"))
    samples: list[list[float]] = [[] for _ in range(k)]
    for _ in range(resamples):
        resampled = {pair: rng.choices(values, k=len(values)) for pair, values in scores.items()}
        for i, x in enumerate(_fit(resampled, k, start=best, tolerance=1e-7)):  # 1e-7 ≈ 0.00002 Elo
            samples[i].append(x * ELO)
    names = labels(specs)
    points = [0.0] * k
    played = [0] * k
    for (a, b), values in scores.items():
        points[a] += sum(values)
        points[b] += len(values) - sum(values)
        played[a] += len(values)
        played[b] += len(values)
    ratings = [
        Rating(names[i], best[i] * ELO, _percentiles(samples[i]), points[i], played[i]) for i in range(k)
    ]
    ratings.sort(key=lambda r: -r.rating)
    return TournamentResult(
        game, count, seed, resolved, tuple(names), n, tuple(ratings), tuple(results), planned=planned
    )


def _percentiles(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    cut = statistics.quantiles(ordered, n=40, method="inclusive") if len(ordered) > 1 else ordered * 39
    return (cut[0], cut[-1])  # the 2.5% and 97.5% points
