"""The greedy heuristic for Tač (rules ``rules.md`` beside this module, T1-T13).

Every card placed is one card fewer to get rid of, wherever it goes; what the choice of place
changes is who carries the card next and what can follow it. So, in order of weight:

* call every miss (T11): the offender gets a card from each other player, at no cost;
* never miss on purpose (actions ending in ``?``): a miss only when nothing else is legal;
* a move that leaves no cards wins (T10);
* a card put on an opponent's open pile is one more card for him (T4), most of all for the
  opponent closest to going out; the central pile burdens nobody;
* prefer the place after which the own open pile's next top, or a known next closed card
  (T8, T11), fits too: the turn goes on (T6, T9);
* avoid handing a card to an opponent who can shed it again at once, and avoid moving the
  central pile to a rank an opponent's open pile offers;
* keep many ranks wanted, so the next unknown card turned more likely fits (T7).

The policy reads only the observation's explicit fields, never its events.
"""

from __future__ import annotations

import random

from kartaros.games.tac.views import TacObservation

RANKS = "A23456789TJQK"
_RANK = {r: i for i, r in enumerate(RANKS)}
KING = 12
CENTRAL = -1
CHAIN_LIMIT = 8  # own cards followed ahead in one evaluation; chains are rarely longer

WIN = 1000.0
SHED = 1.0  # a card of one's own gone (each placement after this one)
DUMP = 1.0  # a card added to an opponent
LEADER_DUMP = 0.5  # extra for adding it to the opponent with the fewest cards
UNDONE = 0.6  # the receiving opponent can pass the card on at once
FEEDS = 0.3  # per opponent whose open pile's top the central pile will then want
WANTED = 0.05  # per distinct rank wanted afterwards (the chance the next turned card fits)


def policy(obs: TacObservation, legal: list[str], rng: random.Random) -> str:
    """A move for ``obs["player"]``, one of ``legal``."""
    if "call" in legal:  # T11: a call costs nothing and gives the offender cards
        return "call"
    honest = [a for a in legal if not a.endswith("?")]  # T12: deliberate misses only if forced
    if len(honest) <= 1:
        return honest[0] if honest else rng.choice(legal)
    table = _Table(obs)
    scores = [table.score(action) for action in honest]
    best = max(scores)
    return rng.choice([a for a, s in zip(honest, scores, strict=True) if s >= best - 1e-9])


def _rank(code: str) -> int:
    return _RANK[code[0]]


class _Table:
    """The public position, reduced to ranks: what a placement is judged by.

    ``takes[p]`` is the rank player p's open pile takes (T4), or None; a placement changes
    it, and the central pile's ``wants``.
    """

    def __init__(self, obs: TacObservation) -> None:
        me = self.me = obs["turn"]
        self.wrap: bool = obs["variant"].get("wrap_open_piles", True)
        self.opened: bool = obs["opened"]
        self.wants: int = _RANK[obs["central_wants"]]
        opens: list[list[str]] = obs["open_piles"]
        self.takes = [self._after(_rank(pile[-1])) if pile else None for pile in opens]
        sizes: list[int] = obs["closed_sizes"]
        cards = [sizes[p] + len(opens[p]) for p in range(len(opens))]
        self.left = cards[me] + (obs["turned"] is not None)  # the card in hand counts too
        self.from_open = obs["phase"] == "open"
        self.mine = [_rank(c) for c in opens[me][-CHAIN_LIMIT - 1 :]]  # bottom first
        self.known_closed: list[int] = []  # the known top of his closed pile, next card last
        for code in obs["closed"][me][:CHAIN_LIMIT]:
            if code is None:
                break
            self.known_closed.append(_rank(code))
        self.known_closed.reverse()
        fewest = min((cards[p] for p in range(len(cards)) if p != me and cards[p] > 0), default=0)
        self.dump = [0.0 if p == me else DUMP + (LEADER_DUMP if cards[p] == fewest else 0.0) for p in range(len(cards))]

    def _after(self, rank: int) -> int | None:
        """The rank an open pile topped by ``rank`` takes (T4: after a King an Ace, if it wraps)."""
        return None if rank == KING and not self.wrap else (rank + 1) % 13

    def score(self, action: str) -> float:
        code, _, where = action.partition(">")
        rank = _rank(code)
        if self.left == 1:  # T10
            return WIN
        wants, opened, takes = self.wants, self.opened, list(self.takes)
        value = 0.0
        if where == "C":
            wants, opened = (rank + 1) % 13, opened or rank == 0  # T5
        else:
            victim = int(where)
            takes[victim] = self._after(rank)
            value += self.dump[victim] - self._undone(victim, rank, wants, takes)
        mine = self.mine[:-1] if self.from_open else self.mine
        shed, dumps, wants = self._chain(mine, wants, takes, opened)
        if shed >= self.left - 1:
            return WIN
        value += SHED * shed + dumps - self._feeds(wants, takes)
        return value + WANTED * self._wanted_count(wants, takes, opened)

    def _undone(self, victim: int, rank: int, wants: int, takes: list[int | None]) -> float:
        """Whether the victim can shed the card at the start of his turn (T6), maybe back
        onto this player's pile."""
        if wants == rank or rank in takes:  # the victim's own pile now takes the rank after
            return UNDONE
        return 0.0

    def _feeds(self, wants: int, takes: list[int | None]) -> float:
        """Opponents whose open pile's top the central pile will want: they shed it for free.
        A pile whose top is ``wants`` takes the rank after it (a King left unwrapped is missed)."""
        after = (wants + 1) % 13
        return FEEDS * float(takes.count(after) - (takes[self.me] == after))

    def _chain(self, mine: list[int], wants: int, takes: list[int | None], opened: bool) -> tuple[int, float, int]:
        """Follow the own turn on (T6, T7, T9) as far as the cards are known: how many more
        cards go and the value of those dumped on opponents; ``takes`` is updated."""
        mine = list(mine)
        closed = list(self.known_closed)
        shed, dumps = 0, 0.0
        while shed < CHAIN_LIMIT:
            dest = self._best_place(mine[-1], wants, takes, opened) if mine else None
            if dest is not None:
                card = mine.pop()
            elif closed:  # the next closed card, known to all (T8, T11)
                card = closed.pop()
                dest = self._best_place(card, wants, takes, opened)
                if dest is None:
                    break
            else:
                break
            shed += 1
            if dest == CENTRAL:
                wants, opened = (card + 1) % 13, opened or card == 0
            else:
                takes[dest] = self._after(card)
                dumps += self.dump[dest]
        return shed, dumps, wants

    def _best_place(self, rank: int, wants: int, takes: list[int | None], opened: bool) -> int | None:
        """Where a following card goes: onto the weightiest opponent, else the central pile."""
        best: int | None = CENTRAL if rank == wants else None
        if opened and rank in takes:  # T5
            best_value = 0.0
            for p, t in enumerate(takes):
                if t == rank and self.dump[p] > best_value:
                    best, best_value = p, self.dump[p]
        return best

    def _wanted_count(self, wants: int, takes: list[int | None], opened: bool) -> int:
        if not opened:
            return 1
        me = self.me
        return len({*takes[:me], *takes[me + 1 :], wants} - {None})
