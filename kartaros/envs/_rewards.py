"""Rewards for learners, from a game's returns.

The engine's returns run 0…1 and sum to the game's ``utility_sum`` (a win is 1, a shared win
its share). Learners usually expect a zero-sum reward in −1…1: ``"zero-sum"`` gives each seat
its return minus the mean of the others' returns, over the sum. With two players that is +1
for a win, −1 for a loss, 0 for a tie; with more, a lone winner gets +1 and each of the others
−1/(n−1). ``"returns"`` gives the engine's returns unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, get_args

RewardKind = Literal["zero-sum", "returns"]
REWARD_KINDS: tuple[str, ...] = get_args(RewardKind)


def check_reward(kind: str) -> RewardKind:
    """``kind`` if it is a reward kind, else a ValueError naming the kinds."""
    if kind not in REWARD_KINDS:
        raise ValueError(f"reward must be one of {', '.join(map(repr, REWARD_KINDS))}; got {kind!r}")
    return kind  # type: ignore[return-value]  # checked just above


def rewards(returns: Sequence[float], kind: RewardKind) -> list[float]:
    """Each seat's reward for ``returns`` (see the module's docstring)."""
    if kind == "returns":
        return list(returns)
    n, total = len(returns), sum(returns)
    if n < 2 or total == 0:
        return [0.0] * n
    return [(r - (total - r) / (n - 1)) / total for r in returns]
