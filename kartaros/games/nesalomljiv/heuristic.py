"""A hand-written Nesalomljiv policy (rules: ``rules.md`` beside this module, N1-N15).

Duel (N5): keeping the pair closest to the target is a dominant choice. Whatever the opponent
keeps, a smaller distance never turns a win into a tie or a tie into a loss, and every duel
outcome is better for the player with the smaller distance (N8, N11, N12). Which weapon is
dropped does not matter: all six go to the discard pile (N7).

Placing (N10): with the weapons still to come (N7), both players fight with 3 random cards
from the same unseen cards, so a placer wins as often as he loses; the target decides only how
often the duel is tied (the Attacker is discarded, the opponent places next, N12) and how
often it ends in a knockout (the loser draws a card, N11). A small dynamic programme over
(cards left to each player, who places), with the duel odds below, gives the preference:
a face card first (the target is 100, so the higher sum wins: ties are rarest and no
knockout is possible, so the placer most often wins and places again), then the low cards
(fewer ties than the middle ones). A player far behind prefers the low cards (a knockout
win also gives the opponent an extra card). With ``weapons_first`` the placer knows his
weapons and plays the target they hit best, against the odds of the opponent's unseen
three.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb

from kartaros.cards import CODE
from kartaros.games.nesalomljiv.rules import TARGET_VALUE, WEAPON_VALUE
from kartaros.games.nesalomljiv.views import NesalomljivObservation

WEAPON = {CODE[c]: WEAPON_VALUE[c] for c in range(52)}  # N2: a card in the hand
TARGET = {CODE[c]: TARGET_VALUE[c] for c in range(52)}  # N2: a card in the middle
FACE = 100
TARGETS = (*range(1, 11), FACE)

# Placement preference by target value (lower is better), and when far behind.
_ORDER = {FACE: 0, 1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 10: 9, 9: 10}
_ORDER_BEHIND = {**{v: i for v, i in _ORDER.items() if v != FACE}, FACE: 11}


def policy(obs: NesalomljivObservation, legal: list[str], rng: random.Random) -> str:
    """The greedy move for the player to move: one of ``legal``."""
    if len(legal) == 1:
        return legal[0]
    phase = obs["phase"]
    if phase == "choose" and obs["target_value"] is not None:
        return keep(obs["target_value"], legal, rng)
    if phase == "place" and legal[0] != "place":
        return place(obs, legal, rng)
    return legal[rng.randrange(len(legal))]


def keep(target: int, legal: list[str], rng: random.Random) -> str:
    """N5: the pair whose sum is closest to the target (a knockout when one hits it)."""
    best: list[str] = []
    best_distance = 1 << 30
    for action in legal:
        a, b = action.split("-")
        distance = abs(target - WEAPON[a] - WEAPON[b])
        if distance < best_distance:
            best, best_distance = [action], distance
        elif distance == best_distance:
            best.append(action)
    return best[0] if len(best) == 1 else best[rng.randrange(len(best))]


def place(obs: NesalomljivObservation, legal: list[str], rng: random.Random) -> str:
    """N10: the Attacker to place, among the cards of the match hand (``legal``)."""
    me = obs["player"]
    weapons = obs["weapons"]
    if len(weapons) == 3:  # weapons_first (N7): they are already known
        score = _known_weapons_score(weapons)
        return _best(legal, lambda card: score[TARGET[card]], rng)
    sizes = obs["match_sizes"]
    mine, theirs = sizes[me], sizes[1 - me]
    order = _ORDER_BEHIND if mine >= 4 and mine >= 2 * theirs + 1 else _ORDER
    return _best(legal, lambda card: -order[TARGET[card]], rng)


def _best(cards: list[str], score: Callable[[str], float], rng: random.Random) -> str:
    """The highest-scoring card; ties broken at random."""
    top = max(score(card) for card in cards)
    best = [card for card in cards if score(card) == top]
    return best[0] if len(best) == 1 else best[rng.randrange(len(best))]


def _known_weapons_score(weapons: list[str]) -> dict[int, float]:
    """Per target value: the chance to win the duel plus half the chance of a tie, with these
    weapons against three unseen ones (full-deck odds); the preference order breaks ties."""
    values = [WEAPON[w] for w in weapons]
    sums = [a + b for a, b in combinations(values, 2)]
    score: dict[int, float] = {}
    for target in TARGETS:
        distance = min(abs(target - s) for s in sums)
        beaten, tied = _opponent_odds(target, distance)
        score[target] = beaten + tied / 2 - _ORDER[target] * 1e-6
    return score


@cache
def _opponent_odds(target: int, distance: int) -> tuple[float, float]:
    """Chances that three random weapons (from a full deck) end farther from / as far from
    ``target`` as ``distance``."""
    pmf = _distance_pmf(target)
    farther = sum(p for d, p in pmf.items() if d > distance)
    return farther, pmf.get(distance, 0.0)


@cache
def _distance_pmf(target: int) -> dict[int, float]:
    """The distribution of the best distance three random weapons reach on ``target`` (N5)."""
    copies = {v: 4 for v in range(1, 11)}
    copies[0] = 12  # J, Q, K
    total = comb(52, 3)
    pmf: dict[int, float] = {}
    for hand in combinations_with_replacement(sorted(copies), 3):
        ways = 1
        for value in set(hand):
            ways *= comb(copies[value], hand.count(value))
        distance = min(abs(target - a - b) for a, b in combinations(hand, 2))
        pmf[distance] = pmf.get(distance, 0.0) + ways / total
    return pmf
