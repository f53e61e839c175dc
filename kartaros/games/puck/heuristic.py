"""The greedy heuristic for Puck (rules ``rules.md`` beside this module, P1-P12).

The only real decision is the exchange (P6); drawing and tie-break turns are forced. Each
round a player's pile loses the cards he draws, whatever he does; what he takes from the
opponents' piles goes into the trick and comes back only to the trick's winner (P8). With two
players, the difference in cards moves by ``+(trick size)`` or ``-(trick size)`` around a
constant, so the exchange that maximises ``P(win) * trick size`` is best; with more players
the same product is the cards expected.

* ``P(win)``: a hand's share of the random 3-card hands it beats (ties count half), raised to
  the number of opponents; for a partly kept hand, averaged over every completion.
* Trick size: all hands, the pot, the cards this exchange adds, one more per player still to
  decide.
* From whom: the leader in pile size takes from the smallest piles first, to empty one and
  end the game while ahead (P11); everyone else takes from the largest pile first.

The policy reads only the observation's explicit fields, never its events.
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from functools import cache, lru_cache
from itertools import combinations

from kartaros.cards import RANK, SUIT, card_id
from kartaros.games.puck.rules import hand_value
from kartaros.games.puck.views import PuckObservation

HAND_SIZE = 3
MAX_OPPONENTS = 3
LATER_EXCHANGE = 1.0  # cards a player still to decide is expected to add to the trick


def policy(obs: PuckObservation, legal: list[str], rng: random.Random) -> str:
    """A move for ``obs["player"]``, one of ``legal``."""
    if len(legal) == 1 or obs["phase"] != "exchange":
        return legal[0] if len(legal) == 1 else rng.choice(legal)
    hand = [card_id(code) for code in obs["hand"]]  # sorted by card id, as the notation wants
    me = obs["player"]
    ace_low = bool(obs["variant"].get("ace_low_straight", True))
    opponents = [p for p in obs["order"] if p != me]
    takeable = sum(obs["pile_sizes"][p] for p in opponents)
    base = _trick_base(obs, me)
    chances = _keep_chances(tuple(hand), len(opponents), ace_low)
    best: list[tuple[int, ...]] = []
    best_value = -1.0
    for keep, chance in zip(_keeps(len(hand)), chances, strict=True):
        added = len(hand) - len(keep)
        if added > takeable:
            continue
        value = chance * (base + added)
        if value > best_value + 1e-12:
            best, best_value = [keep], value
        elif value > best_value - 1e-12:
            best.append(keep)
    keep = rng.choice(best)
    action = _exchange(obs, hand, keep, opponents)
    return action if action in legal else _nearest(action, legal, rng)


def _trick_base(obs: PuckObservation, me: int) -> float:
    """The cards the trick will hold without this player's exchange (P8)."""
    later = sum(1 for p in obs["order"] if p != me and obs["exchanges"][p] is None)
    return float(sum(obs["hand_sizes"]) + obs["pot_size"]) + LATER_EXCHANGE * later


@cache
def _keeps(size: int) -> list[tuple[int, ...]]:
    """Every subset of hand positions to keep, the whole hand (the hold) first."""
    return [keep for k in range(size, -1, -1) for keep in combinations(range(size), k)]


def _exchange(obs: PuckObservation, hand: list[int], keep: tuple[int, ...], opponents: list[int]) -> str:
    """The canonical action string (notation: cards by card id, then seats ascending)."""
    put = [obs["hand"][i] for i in range(len(hand)) if i not in keep]
    if not put:
        return "hold"
    seats = _victims(obs, opponents, len(put))
    return "-".join([*put, *(f"P{s}" for s in sorted(seats))])


def _victims(obs: PuckObservation, opponents: list[int], count: int) -> list[int]:
    """Whom to take ``count`` cards from, one seat per card (P6, P11)."""
    piles: list[int] = obs["pile_sizes"]
    me = obs["player"]
    leading = all(piles[me] > piles[p] for p in opponents)
    order = sorted(opponents, key=lambda p: piles[p], reverse=not leading)
    left = {p: piles[p] for p in opponents}
    seats: list[int] = []
    for p in order:
        take = min(left[p], count - len(seats))
        seats += [p] * take
    return seats


def _nearest(action: str, legal: list[str], rng: random.Random) -> str:
    """A legal exchange of the same cards, else any legal move (should not happen)."""
    head = action.split("-P")[0]
    same = [a for a in legal if a.split("-P")[0] == head]
    return rng.choice(same or legal)


@lru_cache(maxsize=1 << 16)
def _keep_chances(hand: tuple[int, ...], opponents: int, ace_low: bool) -> tuple[float, ...]:
    """``_win_chance`` of each subset of ``hand`` to keep, in ``_keeps`` order."""
    return tuple(
        _win_chance(tuple(hand[i] for i in keep), len(hand) - len(keep), opponents, ace_low)
        for keep in _keeps(len(hand))
    )


def _win_chance(kept: tuple[int, ...], added: int, opponents: int, ace_low: bool) -> float:
    """The chance that ``kept`` plus ``added`` unknown cards beats every opponent (P9)."""
    ranks = tuple(sorted(RANK[c] for c in kept))
    suited = len(kept) >= 2 and len({SUIT[c] for c in kept}) == 1
    chances = _completed_chances(ranks, suited, added, ace_low)
    return chances[min(max(opponents, 1), MAX_OPPONENTS) - 1]


@cache
def _completed_chances(ranks: tuple[int, ...], suited: bool, added: int, ace_low: bool) -> tuple[float, ...]:
    """For 1-3 opponents: the mean of share**opponents over every completion of the kept
    cards (only their ranks and whether they share a suit matter)."""
    kept = _representative(ranks, suited)
    rest = [c for c in range(52) if c not in kept]
    totals = [0.0] * MAX_OPPONENTS
    count = 0
    for extra in combinations(rest, added):
        share = _share(hand_value([*kept, *extra], ace_low), ace_low)
        power = 1.0
        for m in range(MAX_OPPONENTS):
            power *= share
            totals[m] += power
        count += 1
    return tuple(total / count for total in totals)


def _representative(ranks: tuple[int, ...], suited: bool) -> list[int]:
    """Card ids with these ranks: all of one suit if ``suited``, else each of its own suit,
    so that no flush can form."""
    return [rank * 4 + (0 if suited else i) for i, rank in enumerate(ranks)]


def _share(value: int, ace_low: bool) -> float:
    """The share of all 3-card hands that ``value`` beats, ties counting half (P9, P10)."""
    table = _all_hands(ace_low)
    below = bisect_left(table, value)
    return (below + bisect_right(table, value, lo=below)) / (2 * len(table))


@cache
def _all_hands(ace_low: bool) -> list[int]:
    return sorted(hand_value(list(cards), ace_low) for cards in combinations(range(52), HAND_SIZE))
