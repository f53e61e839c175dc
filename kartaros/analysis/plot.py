"""A PNG of a simulation: the distribution of game lengths and each bot's win rate (needs matplotlib)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kartaros.analysis.simulate import SimulationResult

MISSING = "--plot needs matplotlib; install it with: python3 -m pip install 'kartaros[plot]'"


def require_matplotlib() -> None:
    """Raise RuntimeError with an install hint if matplotlib cannot be imported."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise RuntimeError(MISSING) from None


def plot_simulation(result: SimulationResult, path: Path | str) -> None:
    """Save a two-panel PNG: a histogram of game lengths and win rates with 95% intervals."""
    require_matplotlib()
    from matplotlib.figure import Figure  # no pyplot: no global state, no display needed

    fig = Figure(figsize=(10, 4.2), layout="constrained")
    lengths, rates = fig.subplots(1, 2, width_ratios=(3, 2))
    moves = [g.moves for g in result.games]
    lengths.hist(moves, bins=min(40, max(5, len(set(moves)))), color="#4c72b0", edgecolor="white")
    lengths.axvline(result.mean_moves, color="#c44e52", linestyle="--", label=f"mean {result.mean_moves:.1f}")
    lengths.set_xlabel("actions per game")
    lengths.set_ylabel("games")
    lengths.set_title(f"{result.game}: game length over {result.n} games")
    lengths.legend()

    bots = result.bot_rates()
    names = list(bots)
    values = [bots[b].win_rate for b in names]
    errors: list[list[float]] = [
        [v - bots[b].ci95[0] for b, v in zip(names, values, strict=True)],
        [bots[b].ci95[1] - v for b, v in zip(names, values, strict=True)],
    ]
    places = list(range(len(names)))
    rates.bar(places, values, yerr=errors, capsize=4, color="#55a868")
    for fair in sorted({round(bots[b].fair, 6) for b in names}):
        rates.axhline(fair, color="grey", linestyle=":", label=f"fair {fair:.3g}")
    rates.set_xticks(places, names, rotation=20, ha="right")
    rates.set_ylim(0, 1)
    rates.set_ylabel("win rate (95% interval)")
    rates.set_title("win rate per bot")
    rates.legend()
    options: dict[str, Any] = {"format": "png", "dpi": 100}
    fig.savefig(str(path), **options)
