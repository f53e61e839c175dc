"""How well does a Keč position predict the result? A logistic fit on heuristic self-play.

    python3 benchmarks/kec_value_fit.py [--games 1500]

Plays the greedy heuristic against itself, samples one real choice in ten, and describes the
position by the difference between the two hands (Kings, Queens, Jokers, choke and lever
parts, Aces, Queens towards a knockout, complete holds, exchange pairs, hand size) and who is
to move. Fits a logistic regression (Newton's method) of player 0's result on it and prints
the log-loss on games it was not fitted on, against a coin's 0.693. A search needs positions
that tell good from bad; this measures how much a short look ahead could learn in Keč.
Needs numpy (the ``rl`` extras).
"""

from __future__ import annotations

import argparse
import math
import random

import numpy as np

import kartaros
from kartaros.bots.greedy import greedy_move
from kartaros.bots.ismcts import search_actions
from kartaros.cards import RANK, card_id

ACE, TWO, THREE, FOUR, FIVE, SIX, QUEEN, KING, JOKER = 0, 1, 2, 3, 4, 5, 11, 12, 13


def hand_features(ranks: list[int]) -> list[float]:
    c = [0] * 14
    for r in ranks:
        c[r] += 1
    choke = (c[ACE] > 0) + (c[TWO] > 0) + (c[THREE] > 0)
    lever = (c[FOUR] > 0) + (c[FIVE] > 0) + (c[SIX] > 0)
    pairs = sum(1 for r in range(FOUR, KING) if c[r] >= 2)
    return [
        c[KING], c[QUEEN], c[JOKER], choke, lever, min(c[ACE], 3), min(c[QUEEN], 3),
        choke == 3, lever == 3, c[ACE] >= 3, pairs, len(ranks),
    ]


def features(state: kartaros.GameState) -> list[float]:
    zones = state.zones()
    mine, theirs = ([RANK[card_id(code)] for code in zones[f"hand:{p}"]] for p in (0, 1))
    diff = [a - b for a, b in zip(hand_features(mine), hand_features(theirs), strict=True)]
    return [*diff, 1.0 if state.current_player == 0 else -1.0]


def positions(games: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rows, results = [], []
    rng = random.Random(seed)
    for g in range(games):
        state = kartaros.new_game("kec", seed=seed * 1_000_003 + g)
        sampled = []
        while not state.is_over:
            legal = search_actions(state)
            if len(legal) > 1 and rng.random() < 0.1:
                sampled.append(features(state))
            state.apply(greedy_move(state, legal, rng))
        rows += sampled
        results += [state.returns()[0]] * len(sampled)
    return np.array(rows, float), np.array(results, float)


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3) -> np.ndarray:
    x1 = np.hstack([x, np.ones((len(x), 1))])
    w = np.zeros(x1.shape[1])
    for _ in range(30):
        p = 1 / (1 + np.exp(-x1 @ w))
        gradient = x1.T @ (p - y) + l2 * w
        hessian = (x1 * (p * (1 - p))[:, None]).T @ x1 + l2 * np.eye(len(w))
        w -= np.linalg.solve(hessian, gradient)
    return w


def log_loss(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    p = np.clip(1 / (1 + np.exp(-np.hstack([x, np.ones((len(x), 1))]) @ w)), 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1500)
    args = parser.parse_args()
    x, y = positions(args.games, 1)
    x_test, y_test = positions(max(1, args.games // 4), 2)
    w = fit(x, y)
    print(f"{len(x)} positions; log-loss fitted {log_loss(x, y, w):.3f}, "
          f"unseen games {log_loss(x_test, y_test, w):.3f}, a coin {math.log(2):.3f}")


if __name__ == "__main__":
    main()
