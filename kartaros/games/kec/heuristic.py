"""A hand-written Keč policy (rules: ``rules.md`` beside this module, K1-K13).

What a kitchen-table player does:

- Count the cards. Every card not in his hand, on the discard pile, out of play, on the table
  or known in the opponent's hand (``opponent_known``) is unseen: in the stock or among the
  opponent's other cards. From that he knows how likely the opponent is to hold a breaking
  card (K7), which of his own holds can still be completed, and which holds the opponent can
  still make (the only ones worth defending against).
- Attack (K5a) with every hold he makes: at once when nothing unseen can break it (e.g. a
  pin with both Jokers gone, K7), otherwise after his pairs. A broken hold costs him three
  cards but costs the opponent a breaker, and breakers are what keep a player alive: attacking
  always beat attacking only when the hold would probably stand (0.597 [0.567, 0.627] over
  1000 games). A knockout (Q-Q-Q) is played only when it is nearly safe, since a broken
  knockout loses the game (K9).
- Play every throw (9-9, T-T, J-J: a random card of the opponent's, K11) and the exchanges
  that cost him nothing (K10); buy back a stolen card worth keeping.
- Defend with the cheapest breaker (K8): a Queen before a King, a King before the Joker, which
  alone breaks the pin.
- Keep breakers and the parts of his holds; discard the card worth least to him, and not one
  the opponent is collecting (he may take it, K4); take the opponent's discard when it helps.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from kartaros.cards import CODE, RANK
from kartaros.games.kec import rules
from kartaros.games.kec.views import KecObservation

ACE, TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, JOKER = range(14)
RANK_OF = {CODE[c]: RANK[c] for c in range(54)}
NONE = 14  # a rank no card has: counts by rank have 15 entries, the last always 0
COPIES = (4,) * 13 + (2, 0)  # K1
HAND_SIZE = rules.HAND_SIZE  # K4

# K7: each hold, its cards (distinct ranks for a run, one rank three times for a triple) and
# what breaks it.
CHOKE, LEVER, PIN, KNOCKOUT = range(4)
HOLD_RANKS = tuple(tuple(sorted(set(ranks))) for ranks in rules.HOLD_RANKS)  # a triple: its one rank
BREAKERS = tuple(tuple(sorted(breakers)) for breakers in rules.BREAKERS)  # cheapest first
BREAKER_TRIPLES = tuple((*b, NONE, NONE)[:3] for b in BREAKERS)  # padded with NONE, for speed
BROKEN_BY = [tuple(h for h in range(4) if r in BREAKERS[h]) for r in range(14)]  # by rank
PART_OF = [tuple(h for h in range(4) if r in HOLD_RANKS[h]) for r in range(14)]  # by rank
THROW_RANKS = rules.THROW_RANKS  # K10, K11
EXCHANGE_RANKS = rules.EXCHANGE_RANKS  # K10
FREE_EXCHANGE_RANKS = (SEVEN, EIGHT)  # no other use
JUNK_RANKS = (SEVEN, EIGHT, NINE, TEN, JACK)  # worth something only as a pair

SURE = 0.999  # a hold nothing unseen can break
ATTACK_MIN = 0.0  # attack whatever the chance that the opponent holds no breaker
KNOCKOUT_MIN = 0.8  # a broken knockout loses the game (K9)
TAKE_MIN = 1.0  # value a discard must add to be taken instead of a stock draw (K4)
BUY_BACK_MIN = 1.0  # same for the card a throw took (K11)

# Hand values. A hold in the making, by parts held (distinct ranks of a run, copies of a
# triple), before weighting by its chance to stand.
RUN_VALUE = (0.0, 1.0, 3.0, 8.0)
PIN_VALUE = (0.0, 1.0, 3.5, 10.0)
KNOCKOUT_VALUE = (0.0, 0.0, 0.5, 2.0)
# Defence: per hold the opponent can still make, the worth of holding k breakers of it.
THREAT = (3.0, 3.0, 3.0, 1.5)
BREAKER_VALUE = (0.0, 1.0, 1.4, 1.55, 1.6, 1.6)


class _View:
    """What the player knows, counted by rank."""

    __slots__ = (
        "ranks", "counts", "known", "unseen", "pool", "hidden", "spare", "exposed", "stands", "weight",
        "threat", "dangers",
    )

    def __init__(self, obs: KecObservation) -> None:
        rank_of = RANK_OF
        ranks = [rank_of[c] for c in obs["hand"]]
        counts = [0] * 15
        for r in ranks:
            counts[r] += 1
        known = [0] * 15  # the opponent's cards seen going into his hand
        for c in obs["opponent_known"]:
            known[rank_of[c]] += 1
        unseen = [COPIES[r] - counts[r] - known[r] for r in range(15)]
        for entry in obs["discard"]:
            unseen[rank_of[entry["card"]]] -= 1
        for c in obs["out_of_play"]:
            unseen[rank_of[c]] -= 1
        for c in obs["table"]:
            unseen[rank_of[c]] -= 1
        self.ranks = ranks
        self.counts = counts
        self.known = known
        self.unseen = unseen
        self.pool = sum(unseen)
        self.hidden = obs["hand_sizes"][1 - obs["player"]] - len(obs["opponent_known"])
        # Per hold: the opponent is known to hold a breaker; I hold none.
        self.spare = [known[a] + known[b] + known[c] > 0 for a, b, c in BREAKER_TRIPLES]
        self.exposed = [counts[a] + counts[b] + counts[c] == 0 for a, b, c in BREAKER_TRIPLES]
        self.stands = [self._no_breaker(h) for h in range(4)]
        self.weight = [0.4 + 0.6 * chance for chance in self.stands]
        self.threat = [THREAT[h] if self._opponent_can_make(h) else 0.0 for h in range(4)]
        self.dangers: dict[int, float] = {}

    def _no_breaker(self, hold: int) -> float:
        """The chance that the opponent holds none of the hold's breakers (K8)."""
        if self.spare[hold]:
            return 0.0
        pool = self.pool
        a, b, c = BREAKER_TRIPLES[hold]
        good = pool - self.unseen[a] - self.unseen[b] - self.unseen[c]
        chance = 1.0
        for i in range(min(self.hidden, pool)):
            if good <= i:
                return 0.0
            chance *= (good - i) / (pool - i)
        return chance

    def _opponent_can_make(self, hold: int) -> bool:
        """Whether the cards not in this hand nor gone still allow the opponent the hold."""
        unseen, known = self.unseen, self.known
        if hold in (PIN, KNOCKOUT):
            r = HOLD_RANKS[hold][0]
            return unseen[r] + known[r] >= 3
        return all(unseen[r] + known[r] for r in HOLD_RANKS[hold])


def policy(obs: KecObservation, legal: list[str], rng: random.Random) -> str:
    """The greedy move for the player to move: one of ``legal``."""
    if len(legal) == 1:
        return legal[0]
    phase = obs["phase"]
    if phase == "defend":
        return _defend(_View(obs), legal, rng)
    if phase == "choose":
        return _choose(_View(obs), legal, rng)
    if "take" in legal and obs["discard"]:
        return "take" if _worth_taking(obs, RANK_OF[obs["discard"][-1]["card"]]) else "draw"
    return legal[rng.randrange(len(legal))]


def _worth_taking(obs: KecObservation, rank: int) -> bool:
    """K4, K11: take the top discard rather than a stock card when it adds enough to the hand."""
    if rank in JUNK_RANKS and all(RANK_OF[c] != rank for c in obs["hand"]):
        return False  # no hold, no breaker, no pair: nothing to gain (and cheap to see)
    wanted = BUY_BACK_MIN if obs["phase"] == "throw" else TAKE_MIN
    return _gain(_View(obs), rank) >= wanted


# ---- K8: defending -------------------------------------------------------------------------


def _defend(view: _View, legal: list[str], rng: random.Random) -> str:
    """The breaker whose loss costs the hand least (a Queen, then a King, the Joker last)."""
    return _best(legal, lambda card: _value(view, _without(view.counts, RANK_OF[card])), rng)


# ---- K5: holds, pairs, discards ------------------------------------------------------------


def _choose(view: _View, legal: list[str], rng: random.Random) -> str:
    holds: list[tuple[float, str]] = []
    pairs: list[str] = []
    singles: list[str] = []
    for action in legal:
        dashes = action.count("-")
        if dashes == 2:
            holds.append((_hold_chance(view, action), action))
        elif dashes == 1:
            pairs.append(action)
        else:
            singles.append(action)
    chance, hold = max(holds) if holds else (-1.0, "")
    if chance >= SURE:
        return hold
    pair = _pair(view, pairs, rng)
    if pair is not None:
        return pair
    if chance >= ATTACK_MIN:
        return hold
    return _discard(view, singles, rng)


def _hold_chance(view: _View, action: str) -> float:
    """The chance the hold stands (K8); -1 for a knockout that is not nearly safe (K9)."""
    hold = _hold_of(RANK_OF[action[:2]], RANK_OF[action[-2:]])
    chance = view.stands[hold]
    if hold == KNOCKOUT and chance < KNOCKOUT_MIN:
        return -1.0  # never, however long the game
    return chance


def _hold_of(first: int, last: int) -> int:
    """The hold of a 3-card action from its lowest and highest card (K7)."""
    if first == last:
        return PIN if first == ACE else KNOCKOUT
    return CHOKE if first == ACE else LEVER


def _pair(view: _View, pairs: list[str], rng: random.Random) -> str | None:
    """A throw (K11) if there is one, else an exchange (K10) that breaks no lever in the making."""
    throws = [p for p in pairs if RANK_OF[p[:2]] in THROW_RANKS]
    if throws:
        return throws[rng.randrange(len(throws))]
    free = [p for p in pairs if _free_exchange(view, RANK_OF[p[:2]])]
    return free[rng.randrange(len(free))] if free else None


def _free_exchange(view: _View, rank: int) -> bool:
    if rank in FREE_EXCHANGE_RANKS or view.counts[rank] >= 3:
        return True
    # A 4, 5 or 6 pair: play it unless it holds a lever part that goes with another one.
    return sum(1 for r in HOLD_RANKS[LEVER] if view.counts[r]) <= 1


def _discard(view: _View, singles: list[str], rng: random.Random) -> str:
    """K5c: the card the hand misses least, counting what it would give the opponent (K4)."""
    return _best(singles, lambda card: _keep_score(view, view.counts, RANK_OF[card]), rng)


def _keep_score(view: _View, counts: list[int], rank: int) -> float:
    """The hand's value after discarding a card of ``rank``, less what the card gives away."""
    return _value(view, _without(counts, rank)) - _danger(view, rank)


# ---- valuing a hand ------------------------------------------------------------------------


def _value(view: _View, c: list[int]) -> float:
    """How good a hand (counts by rank) is: breakers to defend with against the holds the
    opponent can still make (K7, K8), holds in the making weighted by their chance to stand,
    and pairs (K10)."""
    threat, weight, unseen = view.threat, view.weight, view.unseen
    kings = c[KING] + c[JOKER]
    value = (
        threat[CHOKE] * BREAKER_VALUE[min(kings, 5)]
        + threat[LEVER] * BREAKER_VALUE[min(kings + c[QUEEN], 5)]
        + threat[PIN] * BREAKER_VALUE[min(c[JOKER], 5)]
        + threat[KNOCKOUT] * BREAKER_VALUE[min(kings, 5)]
    )
    value += weight[CHOKE] * _run(c, unseen, ACE, TWO, THREE) + weight[LEVER] * _run(c, unseen, FOUR, FIVE, SIX)
    value += weight[PIN] * _triple(PIN_VALUE, c[ACE], unseen[ACE])
    value += weight[KNOCKOUT] * _triple(KNOCKOUT_VALUE, c[QUEEN], unseen[QUEEN])
    for r in THROW_RANKS:
        if c[r] >= 2:
            value += 3.0
        elif c[r]:
            value += 0.3
    for r in EXCHANGE_RANKS:
        if c[r] >= 2:
            value += 1.0
    return value


def _run(c: list[int], unseen: list[int], a: int, b: int, d: int) -> float:
    """The worth of the parts of a choke or lever held; nothing if a missing part is gone."""
    if (not c[a] and not unseen[a]) or (not c[b] and not unseen[b]) or (not c[d] and not unseen[d]):
        return 0.0
    return RUN_VALUE[(c[a] > 0) + (c[b] > 0) + (c[d] > 0)]


def _triple(values: tuple[float, ...], held: int, unseen: int) -> float:
    """The worth of the parts of a pin or knockout held; nothing if it cannot be completed."""
    held = min(held, 3)
    return values[held] if held + unseen >= 3 else 0.0


def _progress(view: _View, hold: int) -> float:
    """The worth of the parts of a hold in the hand."""
    c, unseen = view.counts, view.unseen
    if hold == PIN:
        return _triple(PIN_VALUE, c[ACE], unseen[ACE])
    if hold == KNOCKOUT:
        return _triple(KNOCKOUT_VALUE, c[QUEEN], unseen[QUEEN])
    return _run(c, unseen, *HOLD_RANKS[hold])


def _danger(view: _View, rank: int) -> float:
    """What a discard may give the opponent, who can take it (K4): a breaker against my holds
    (worth less to him if he is known to hold one already), or a part of a hold he is making
    (more so the more parts he is known to hold, and when I could not break that hold)."""
    danger = view.dangers.get(rank)
    if danger is not None:
        return danger
    known = view.known
    danger = 1.0 if known[rank] and rank in THROW_RANKS else 0.0
    for hold in BROKEN_BY[rank]:
        danger += (0.3 if view.spare[hold] else 1.0) * (0.5 + _progress(view, hold))
    for hold in PART_OF[rank]:
        if view.threat[hold]:
            ranks = HOLD_RANKS[hold]
            parts = known[rank] if len(ranks) == 1 else sum(1 for r in ranks if r != rank and known[r])
            danger += (0.5 + 1.5 * parts) * (1.0 if view.exposed[hold] else 0.3)
    view.dangers[rank] = danger
    return danger


def _gain(view: _View, rank: int) -> float:
    """What one more card of ``rank`` adds to the hand. When it fills the hand, one card goes
    at the end of the turn (K5c), so the gain is that of the best hand left after it."""
    counts = view.counts[:]
    counts[rank] += 1
    before = _value(view, view.counts)
    if len(view.ranks) + 1 < HAND_SIZE or _attacks(view, counts):
        return _value(view, counts) - before
    return max(_keep_score(view, counts, r) for r in set(view.ranks) | {rank}) - before


def _attacks(view: _View, counts: list[int]) -> bool:
    """Whether the hand holds a hold that would be played (K7) rather than a card discarded."""
    for hold in range(4):
        ranks = HOLD_RANKS[hold]
        complete = all(counts[r] for r in ranks) if len(ranks) == 3 else counts[ranks[0]] >= 3
        wanted = KNOCKOUT_MIN if hold == KNOCKOUT else ATTACK_MIN
        if complete and view.stands[hold] >= wanted:
            return True
    return False


def _without(counts: list[int], rank: int) -> list[int]:
    rest = counts[:]
    rest[rank] -= 1
    return rest


def _best(actions: list[str], score: Callable[[str], float], rng: random.Random) -> str:
    """The highest-scoring action; ties broken at random. Cards of one rank (K1: suits play no
    role) score the same, so each rank is scored once."""
    by_rank: dict[int, float] = {}
    scores = []
    for a in actions:
        rank = RANK_OF[a]
        if rank not in by_rank:
            by_rank[rank] = score(a)
        scores.append(by_rank[rank])
    top = max(scores)
    best = [a for a, s in zip(actions, scores, strict=True) if s >= top - 1e-9]
    return best[0] if len(best) == 1 else best[rng.randrange(len(best))]
