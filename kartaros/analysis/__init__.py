"""Measuring bots: many games between them (``simulate``) and round-robin ratings (``tournament``).

The command line's ``kartaros simulate`` and ``kartaros tournament`` are thin layers over
these functions; ``docs/analysis.md`` explains the numbers.
"""

from kartaros.analysis.bots import BotSpec, parse_bots
from kartaros.analysis.runner import GameResult, Interrupted
from kartaros.analysis.simulate import Rate, SimulationResult, seating, simulate
from kartaros.analysis.stats import wilson
from kartaros.analysis.tournament import Rating, TournamentResult, bradley_terry, tournament

__all__ = [
    "BotSpec",
    "GameResult",
    "Interrupted",
    "Rate",
    "Rating",
    "SimulationResult",
    "TournamentResult",
    "bradley_terry",
    "parse_bots",
    "seating",
    "simulate",
    "tournament",
    "wilson",
]
