"""Keč: catch wrestling with cards, for 2 players (rules: ``rules.md`` beside this module, K1-K13).

Notation (``docs/notation.md``): ``draw`` and ``take`` for drawing; one card code (``7H``) to
discard it, or to break a hold with it; card codes joined by ``-`` for a pair (``9H-9C``) or a
hold (``AS-2H-3D``), lowest card first.

This module reads like the rules file: components, deal, a turn, holds, moves (pairs), end,
what each player sees (observation, determinize); ``words.py`` shows it to people.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import IntEnum, StrEnum
from itertools import combinations
from typing import Any, Final, Literal, NamedTuple

from kartaros.cards import CODE, JOKER, RANK, card_id, codes, standard_deck
from kartaros.games.kec.views import (
    CycleName,
    DealView,
    DrawView,
    EventView,
    HoldName,
    KecObservation,
    PhaseName,
)
from kartaros.rng import Rng, mix
from kartaros.state import End, GameState, Problem, end_view
from kartaros.variant import Option

# ---- K1-K2: components ------------------------------------------------------------------

DECK: Final = standard_deck(jokers=True)  # K1: 54 cards; suits play no role
HAND_SIZE: Final = 5
DEAL_SIZE: Final = 4
ACE: Final = 0
TWO: Final = 1
THREE: Final = 2
FOUR: Final = 3
FIVE: Final = 4
SIX: Final = 5
SEVEN: Final = 6
EIGHT: Final = 7
NINE: Final = 8
TEN: Final = 9
JACK: Final = 10
QUEEN: Final = 11
KING: Final = 12

OPTIONS: Final = (
    Option(
        "exhausted", "extend", "K6: what happens when a reshuffled stock runs out too",
        ("extend", "draw", "discard-first"),
    ),
    Option("pairs_to", "discard", "K10: where played pairs go", ("discard", "out")),
    Option("thrown_card", "one", "K11: how many replacements the card taken by a throw stands for", ("one", "both")),
    Option("max_actions", 100_000, "K13: actions after which the game is drawn", minimum=1),
)


class Phase(IntEnum):
    """Who decides what now."""

    DRAW = 0  # K4: the player to move draws up to his hand
    CHOOSE = 1  # K5: a hold, a pair or a discard
    REPLACE = 2  # K10: replacement cards after a pair
    THROW = 3  # K11: take the thrown card back, or draw
    DEFEND = 4  # K8: the opponent answers a hold, out of turn
    OVER = 5


DRAW: Final = Phase.DRAW
CHOOSE: Final = Phase.CHOOSE
REPLACE: Final = Phase.REPLACE
THROW: Final = Phase.THROW
DEFEND: Final = Phase.DEFEND
OVER: Final = Phase.OVER
PHASE_NAMES: tuple[PhaseName, ...] = ("draw", "choose", "replace", "throw", "defend", "over")

# Stock generations (K6): the dealt stock, a reshuffled discard pile, an extension.
ORIGINAL: Final = 0
RESHUFFLED: Final = 1
EXTENDED: Final = 2
CYCLE_NAMES: tuple[CycleName, ...] = ("original", "reshuffled", "extended")

# ---- K7: holds and what breaks them --------------------------------------------------------

HOLD_NAMES: tuple[HoldName, ...] = ("choke", "lever", "pin", "knockout")
CHOKE: Final = 0
LEVER: Final = 1
PIN: Final = 2
KNOCKOUT: Final = 3
HOLD_RANKS: Final = ((ACE, TWO, THREE), (FOUR, FIVE, SIX), (ACE, ACE, ACE), (QUEEN, QUEEN, QUEEN))
BREAKERS: Final = (
    frozenset((KING, JOKER)),
    frozenset((KING, QUEEN, JOKER)),
    frozenset((JOKER,)),
    frozenset((KING, JOKER)),
)


class Reason(StrEnum):
    """Why a game of Keč ended (``Outcome.reason``; the value is the word records keep)."""

    CHOKE = "choke"  # K8: a hold nobody could answer, by its name
    LEVER = "lever"
    PIN = "pin"
    KNOCKOUT = "knockout"  # K9
    DISQUALIFIED = "disqualified"  # K9: the knockout was answered
    EXHAUSTED = "exhausted"  # K6: drawn, no stock left
    MAX_ACTIONS = "max_actions"  # K13: drawn at the bound


HOLD_REASONS: Final = (Reason.CHOKE, Reason.LEVER, Reason.PIN, Reason.KNOCKOUT)


class Why(StrEnum):
    """What is wrong with an illegal action, where the rules can tell (``Problem.kind``)."""

    NOT_A_CARD = "not_a_card"  # ``text`` is no card code
    NOT_HELD = "not_held"  # the cards named are not all in the hand
    NOTATION = "notation"  # a move, written in another order (``Problem.text``: the right one)
    NOT_A_PAIR = "not_a_pair"  # K10: pairs are 4-4 to J-J
    NOT_A_HOLD = "not_a_hold"  # K7: A-2-3, 4-5-6, A-A-A, Q-Q-Q
    DISCARD_EMPTY = "discard_empty"
    ONE_FROM_DISCARD = "one_from_discard"  # K4: one card per draw from the discard pile
    OWN_DISCARD = "own_discard"  # K4: not the card one discarded oneself

# ---- K10: pairs ----------------------------------------------------------------------------

EXCHANGE_RANKS: Final = (FOUR, FIVE, SIX, SEVEN, EIGHT)
THROW_RANKS: Final = (NINE, TEN, JACK)
PAIR_RANKS: Final = EXCHANGE_RANKS + THROW_RANKS

# Moves (values of the legal-move dict).
M_DRAW: Final = "draw"
M_TAKE: Final = "take"
_DRAW_ONLY: Final = {"draw": M_DRAW}
_DRAW_OR_TAKE: Final = {"draw": M_DRAW, "take": M_TAKE}
_PLAYOUT_DRAW: Final = [M_DRAW]  # their values, for playouts (never mutated)
_PLAYOUT_DRAW_OR_TAKE: Final = [M_DRAW, M_TAKE]


_RANK_MARK: Final = "A23456789TJQK*"  # by rank; the two Jokers are one
_MOVE_CLASS: Final[dict[str, str]] = {}  # action → its move class (a few thousand actions exist)


def _joined(cards: Sequence[int]) -> str:
    return "-".join(CODE[c] for c in sorted(cards))


# ---- the history ----------------------------------------------------------------------------
#
# One type per kind of event: the kind, the player (-1: nobody), then what happened. The kinds
# a playout makes at least once in a hundred moves stay bare tuples, typed by an alias: a
# NamedTuple costs about 0.13 µs more to make, a few per cent of a playout move. The rarer
# ones are NamedTuples.


class DealEvent(NamedTuple):
    """K3: the cards dealt to ``player`` (private to him)."""

    kind: Literal["deal"]
    player: int
    cards: tuple[int, ...]


DrawEvent = tuple[Literal["draw"], int, int]  # K4: kind, player, the card from the stock (private)
TakeEvent = tuple[Literal["take"], int, int]  # K4, K11: kind, player, the discard taken
DiscardEvent = tuple[Literal["discard"], int, int]  # K5c: kind, player, card
PairEvent = tuple[Literal["pair"], int, tuple[int, int]]  # K10: kind, player, its cards


class StockEvent(NamedTuple):
    """K6: a new stock from the discard pile (``reshuffle``) or from it and the cards out of
    play (``extend``); its cards sorted, a set every player knows."""

    kind: Literal["reshuffle", "extend"]
    player: int  # -1
    cards: tuple[int, ...]


class StealEvent(NamedTuple):
    """K10: a throw pair's ``player`` took ``card`` from the opponent's hand to the discard pile
    (-1: that hand was empty)."""

    kind: Literal["steal"]
    player: int
    card: int


class HoldEvent(NamedTuple):
    """K7: ``player`` attacks with a hold."""

    kind: Literal["hold"]
    player: int
    hold: int  # CHOKE, LEVER, PIN or KNOCKOUT
    cards: tuple[int, ...]


class BreakEvent(NamedTuple):
    """K8: ``player`` answers the hold with ``card``."""

    kind: Literal["break"]
    player: int
    card: int
    hold: int


Event = (
    DealEvent | DrawEvent | TakeEvent | DiscardEvent | PairEvent
    | StockEvent | StealEvent | HoldEvent | BreakEvent | End
)


class KecState(GameState):
    game = "kec"
    _over_phase = OVER
    # What ``clone`` does with each field (``GameState._share`` and the rest say how).
    _share = ("player", "turn", "hold", "took_discard", "replacements", "cycle", "generation_start")
    _copy = ("stock", "discard", "discard_by", "out", "table")
    _copy_each = ("hands", "known")
    __slots__ = _share + _copy + _copy_each

    hands: list[list[int]]
    known: list[list[int]]  # cards in each hand that the opponent has seen go in
    stock: list[int]  # top is the last element
    discard: list[int]  # top is the last element
    discard_by: list[int]  # who put each discard card there (K4, K11)
    out: list[int]
    table: list[int]
    player: int  # who decides now
    turn: int  # whose turn it is (differs from ``player`` while the opponent defends)
    hold: int  # the hold on the table, or -1
    took_discard: bool  # K4: the discard pile was used in this draw phase
    replacements: int  # K10: replacement draws still owed
    cycle: int
    events: list[Event]
    generation_start: int  # index in ``events`` where the current stock generation began

    # ---- K3: the deal ----------------------------------------------------------------------

    @classmethod
    def create(
        cls,
        players: int,
        seed: int | None,
        deck: Sequence[str] | None,
        variant: Mapping[str, Any] | None,
    ) -> KecState:
        self = cls._begin(players, seed, variant, OPTIONS)
        order = self._deal_order(DECK, deck)
        self.hands = [order[0:2 * DEAL_SIZE:2], order[1:2 * DEAL_SIZE:2]]
        self.known = [[], []]
        self.stock = order[2 * DEAL_SIZE:][::-1]
        self.discard, self.discard_by, self.out, self.table = [], [], [], []
        self.player = self.turn = 0
        self.hold = -1
        self.replacements = 0
        self.took_discard = False
        self.cycle = ORIGINAL
        self.events = [DealEvent("deal", 0, tuple(self.hands[0])), DealEvent("deal", 1, tuple(self.hands[1]))]
        self.generation_start = 0
        self.phase = DRAW
        return self

    # ---- the public API ----------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self.phase is OVER else self.player

    def zones(self) -> dict[str, list[str]]:
        return {
            "hand:0": codes(self.hands[0]),
            "hand:1": codes(self.hands[1]),
            "stock": codes(reversed(self.stock)),  # top first
            "discard": codes(self.discard),  # bottom first
            "out": codes(self.out),
            "table": codes(self.table),
        }

    # ---- K4-K5, K7, K10-K11: legal moves ------------------------------------------------------

    def _legal_moves(self) -> dict[str, Any]:
        phase = self.phase
        if phase is DRAW:
            if (
                not self.took_discard
                and self.discard
                and self.discard_by[-1] != self.player  # K4: never one's own discard
            ):
                return _DRAW_OR_TAKE
            return _DRAW_ONLY
        if phase is REPLACE:
            return _DRAW_ONLY
        if phase is THROW:
            return _DRAW_OR_TAKE
        if phase is CHOOSE:
            return _choices(self.hands[self.player])
        if phase is DEFEND:
            breakers = BREAKERS[self.hold]
            return {CODE[c]: ("break", c) for c in sorted(self.hands[self.player]) if RANK[c] in breakers}
        return {}

    def _play(self, move: Any) -> None:
        p = self.player
        if move is M_DRAW:
            card = self._draw_from_stock()
            if card < 0:
                return
            self.hands[p].append(card)
            self.events.append(("draw", p, card))
            if self.phase is THROW:
                self.phase = REPLACE  # declining the thrown card (K11) leaves one replacement
            self._after_draw()
        elif move is M_TAKE:
            card = self.discard.pop()
            self.discard_by.pop()
            self.hands[p].append(card)
            self.known[p].append(card)
            self.events.append(("take", p, card))
            if self.phase is DRAW:
                self.took_discard = True
            else:  # K11: the thrown card bought back as a replacement
                self.phase = REPLACE
                if self.variant["thrown_card"] == "both":
                    self.replacements = 1  # K11 read as "kao nadoknada 2 karte": it stands for both
            self._after_draw()
        else:
            kind = move[0]
            if kind == "discard":
                self._discard(p, move[1])
            elif kind == "pair":
                self._pair(p, move[1])
            elif kind == "hold":
                self._attack(p, move[1], move[2])
            else:
                self._break(p, move[1])
        if self._outcome is None and len(self._actions) >= self.variant["max_actions"]:
            self._finish((0.5, 0.5), Reason.MAX_ACTIONS)

    def _playout_moves(self) -> list[Any]:
        """The legal moves without their notation (the search fast path)."""
        phase = self.phase
        if phase is CHOOSE:
            return _choice_moves(self.hands[self.player])
        legal = self._legal_moves()
        if legal is _DRAW_ONLY:
            return _PLAYOUT_DRAW
        if legal is _DRAW_OR_TAKE:
            return _PLAYOUT_DRAW_OR_TAKE
        return list(legal.values())

    # ---- K4: drawing ------------------------------------------------------------------------

    def _after_draw(self) -> None:
        if self.phase is DRAW:
            if len(self.hands[self.player]) >= HAND_SIZE:
                self.phase = CHOOSE
        else:  # REPLACE
            self.replacements -= 1
            if self.replacements == 0:
                self.phase = CHOOSE

    def _draw_from_stock(self) -> int:
        """The top card of the stock, refilling it first (K6); -1 if the game ended instead."""
        if not self.stock:
            self._refill_stock()
            if self._outcome is not None:
                return -1
        return self.stock.pop()

    def _refill_stock(self) -> None:
        """K6: the discard pile becomes the stock; if such a stock ran out, an extension."""
        kind: Literal["reshuffle", "extend"]
        # K6's second reading ("discard-first"): every empty stock takes the discard pile; only
        # when that is empty too ("ako se sve to iscrpi") do the out-of-play cards come back.
        discard_first = self.variant["exhausted"] == "discard-first"
        while not self.stock:
            if self.cycle != RESHUFFLED or (discard_first and self.discard):
                self.stock, self.discard, self.discard_by = self.discard, [], []
                self.cycle = RESHUFFLED
                kind = "reshuffle"
            else:
                if self.variant["exhausted"] == "draw":
                    self._finish((0.5, 0.5), Reason.EXHAUSTED)
                    return
                if not self.discard and not self.out:
                    self._finish((0.5, 0.5), Reason.EXHAUSTED)
                    return
                self.stock = self.discard + self.out
                self.discard, self.discard_by, self.out = [], [], []
                self.cycle = EXTENDED
                kind = "extend"
            if not self.stock:
                continue  # an empty discard pile makes no stock: straight on to the next step
            self._shuffle(self.stock)
            self.events.append(StockEvent(kind, -1, tuple(sorted(self.stock))))
            self.generation_start = len(self.events)
            # The new stock is a known set, so each hand is now known to the opponent.
            self.known = [self.hands[0].copy(), self.hands[1].copy()]

    # ---- K5c: discarding ends the turn -------------------------------------------------------

    def _discard(self, p: int, card: int) -> None:
        self._remove_from_hand(p, card)
        self.discard.append(card)
        self.discard_by.append(p)
        self.events.append(("discard", p, card))
        self._start_turn(1 - p)

    def _start_turn(self, p: int) -> None:
        self.turn = self.player = p
        self.took_discard = False
        self.phase = CHOOSE if len(self.hands[p]) >= HAND_SIZE else DRAW

    def _remove_from_hand(self, p: int, card: int) -> None:
        self.hands[p].remove(card)
        if card in self.known[p]:
            self.known[p].remove(card)

    # ---- K7-K9: holds ------------------------------------------------------------------------

    def _attack(self, p: int, hold: int, cards: tuple[int, ...]) -> None:
        for card in cards:
            self._remove_from_hand(p, card)
        self.table = list(cards)
        self.events.append(HoldEvent("hold", p, hold, cards))
        defender = 1 - p
        breakers = BREAKERS[hold]
        if any(RANK[c] in breakers for c in self.hands[defender]):
            self.hold = hold
            self.player = defender
            self.phase = DEFEND  # K8: he answers at once, out of turn
            return
        self._finish((1.0, 0.0) if p == 0 else (0.0, 1.0), HOLD_REASONS[hold])  # K8, K9: it held

    def _break(self, defender: int, card: int) -> None:
        self._remove_from_hand(defender, card)
        hold = self.hold
        self.events.append(BreakEvent("break", defender, card, hold))
        self.hold = -1
        if hold == KNOCKOUT:  # K9: the attacker is disqualified; the cards stay on the table
            self.table.append(card)
            self._finish((1.0, 0.0) if defender == 0 else (0.0, 1.0), Reason.DISQUALIFIED)
            return
        self.out.extend(self.table)
        self.out.append(card)
        self.table = []
        self._start_turn(defender)

    # ---- K10-K11: pairs ----------------------------------------------------------------------

    def _pair(self, p: int, cards: tuple[int, int]) -> None:
        for card in cards:
            self._remove_from_hand(p, card)
        if self.variant["pairs_to"] == "discard":
            self.discard.extend(cards)
            self.discard_by.extend((p, p))
        else:
            self.out.extend(cards)
        self.events.append(("pair", p, cards))
        self.replacements = 2
        self.phase = REPLACE
        if RANK[cards[0]] in THROW_RANKS:
            victim = 1 - p
            hand = self.hands[victim]
            if hand:
                card = hand[self._rng.below(len(hand))]
                self._remove_from_hand(victim, card)
                self.discard.append(card)
                self.discard_by.append(p)  # K4: counts as put there by the thrower
                self.events.append(StealEvent("steal", p, card))
                self.phase = THROW
            else:
                self.events.append(StealEvent("steal", p, -1))

    # ---- illegal input ----------------------------------------------------------------------

    def _problem(self, action: str) -> Problem | None:
        if self.phase in (CHOOSE, DEFEND):
            return _card_problem(action, self.hands[self.player])
        if action == "take" and self.phase is DRAW:
            if not self.discard:
                return Problem(Why.DISCARD_EMPTY)
            if self.took_discard:
                return Problem(Why.ONE_FROM_DISCARD)
            return Problem(Why.OWN_DISCARD)
        return None

    # ---- what each player sees ---------------------------------------------------------------

    def _view(self, player: int, view: KecObservation) -> None:
        opponent = 1 - player
        view["turn"] = self.turn
        view["phase"] = PHASE_NAMES[self.phase]
        view["hand"] = codes(sorted(self.hands[player]))
        view["hand_sizes"] = [len(self.hands[0]), len(self.hands[1])]
        view["opponent_known"] = codes(sorted(self.known[opponent]))
        view["stock_size"] = len(self.stock)
        view["stock_cycle"] = CYCLE_NAMES[self.cycle]
        view["discard"] = [{"card": CODE[c], "by": by} for c, by in zip(self.discard, self.discard_by, strict=True)]
        view["out_of_play"] = codes(self.out)
        view["table"] = codes(self.table)
        view["hold"] = HOLD_NAMES[self.hold] if self.hold >= 0 else None
        view["took_discard"] = self.took_discard
        view["replacements"] = self.replacements

    def _event_view(self, event: Event, viewer: int) -> EventView:
        """One event as ``viewer`` saw it: deals and stock draws show the card to its drawer only."""
        who = event[1]
        if event[0] == "deal":
            deal: DealView = {"type": "deal", "player": who, "count": len(event.cards)}
            if who == viewer:
                deal["cards"] = codes(sorted(event.cards))
            return deal
        if event[0] == "draw":
            draw: DrawView = {"type": "draw", "player": who, "source": "stock"}
            if who == viewer:
                draw["card"] = CODE[event[2]]
            return draw
        if event[0] == "take":
            return {"type": "take", "player": who, "card": CODE[event[2]]}
        if event[0] == "reshuffle":
            return {"type": "reshuffle", "count": len(event.cards), "cards": codes(event.cards)}
        if event[0] == "extend":
            return {"type": "extend", "count": len(event.cards), "cards": codes(event.cards)}
        if event[0] == "discard":
            return {"type": "discard", "player": who, "card": CODE[event[2]]}
        if event[0] == "pair":
            return {"type": "pair", "player": who, "cards": codes(event[2])}
        if event[0] == "steal":
            return {"type": "steal", "player": who, "card": CODE[event.card] if event.card >= 0 else None}
        if event[0] == "hold":
            return {"type": "hold", "player": who, "hold": HOLD_NAMES[event.hold], "cards": codes(event.cards)}
        if event[0] == "break":
            return {"type": "break", "player": who, "card": CODE[event.card], "hold": HOLD_NAMES[event.hold]}
        return end_view(event)

    def _determinized_world(self, player: int, seed: int) -> KecState:
        """Re-deal the cards ``player`` cannot locate: the opponent's unseen cards and the stock.

        All of them belong to the current stock generation (after a reshuffle every hand is
        known), so any of them may be anywhere among those places. While the opponent must
        answer a hold he holds a breaking card: worlds without one are rejected.
        """
        world = self.clone()
        opponent = 1 - player
        hand = world.hands[opponent]
        known = world.known[opponent]
        slots = [i for i, c in enumerate(hand) if c not in known]
        before = [hand[i] for i in slots] + world.stock
        rng = Rng(mix(seed, 0x6B6563))
        needs_breaker = self.phase is DEFEND and self.player == opponent
        breakers = BREAKERS[self.hold] if needs_breaker else frozenset()
        if needs_breaker and any(RANK[c] in breakers for c in known):
            needs_breaker = False
        # Shuffle from a canonical order, so the world depends only on what the player saw
        # and the seed, never on where the hidden cards really are.
        after = sorted(before)
        for _ in range(1000):
            rng.shuffle(after)
            if not needs_breaker or any(RANK[c] in breakers for c in after[: len(slots)]):
                break
        else:  # very unlikely: put a random breaker into a random unseen slot
            candidates = [i for i, c in enumerate(after) if RANK[c] in breakers]
            src = candidates[rng.below(len(candidates))]
            dst = rng.below(len(slots))
            after[src], after[dst] = after[dst], after[src]
        for i, card in zip(slots, after, strict=False):
            hand[i] = card
        world.stock = after[len(slots):]
        swap = dict(zip(before, after, strict=True))
        hand.sort()  # the real order of his hand (history) must not shape the world either
        # Keep the opponent's own history consistent with his new hand.
        events = world.events
        for i in range(world.generation_start, len(events)):
            event = events[i]
            if event[1] == opponent and event[0] == "draw":
                events[i] = ("draw", opponent, swap.get(event[2], event[2]))
        if world.generation_start == 0:
            deal = events[opponent]
            assert deal[0] == "deal"  # the history begins with the two deals
            events[opponent] = DealEvent("deal", opponent, tuple(swap.get(c, c) for c in deal.cards))
        world._rng = Rng(mix(seed, 0x726E67))
        world._legal = None
        return world


class _Plan(NamedTuple):
    """The holds and pairs of a hand, by places in the hand sorted by card id (K5, K7, K10).

    Suits play no role (K1) and card ids run by rank, so the plan depends only on the hand's
    ranks: a few thousand sets of ranks stand for millions of hands."""

    holds: tuple[tuple[int, int, int, int], ...]  # (hold, i, j, k): its cards' places
    pairs: tuple[tuple[int, int], ...]  # (i, j): a pair's places


# A hand's ranks as one int, the key of its plan: three bits per rank count how many of it
# the hand holds (the sum of its cards' weights).
_RANK_WEIGHT: Final = [1 << (3 * RANK[card]) for card in range(54)]
_PLANS: Final[dict[int, _Plan]] = {}


def _plan(ordered: Sequence[int]) -> _Plan:
    """The plan of a hand sorted by card id: holds (choke, lever, pin, knockout), then pairs
    by rank, each in the order of the places of its cards."""
    key = sum(map(_RANK_WEIGHT.__getitem__, ordered))
    plan = _PLANS.get(key)
    if plan is not None:
        return plan
    ranks = [RANK[c] for c in ordered]
    holds: list[tuple[int, int, int, int]] = []
    places = range(len(ranks))
    for hold in (CHOKE, LEVER):
        first, second, third = HOLD_RANKS[hold]
        holds += [
            (hold, i, j, k)
            for i in places if ranks[i] == first
            for j in places if ranks[j] == second
            for k in places if ranks[k] == third
        ]
    for hold, rank in ((PIN, ACE), (KNOCKOUT, QUEEN)):
        holds += [(hold, *trio) for trio in combinations([i for i in places if ranks[i] == rank], 3)]
    pairs = [
        (i, j) for i, j in combinations(places, 2) if ranks[i] == ranks[j] and ranks[i] in PAIR_RANKS
    ]
    plan = _PLANS[key] = _Plan(tuple(holds), tuple(pairs))
    return plan


def _choices(hand: list[int]) -> dict[str, Any]:
    """K5: every hold, pair and discard the hand allows (cards named lowest first): the holds,
    then the pairs by rank, then the discards, as the hand's plan (``_plan``) places them.

    Built afresh each time: from the plan that is cheaper than a cache of suited hands, which
    misses more than nine times in ten and fills memory with their dicts."""
    ordered = sorted(hand)
    holds, pairs = _PLANS.get(sum(map(_RANK_WEIGHT.__getitem__, ordered))) or _plan(ordered)
    moves: dict[str, Any] = {}
    for hold, i, j, k in holds:
        trio = (ordered[i], ordered[j], ordered[k])
        moves[_joined(trio)] = ("hold", hold, trio)
    for i, j in pairs:
        name, move = _PAIR_MOVES[ordered[i], ordered[j]]
        moves[name] = move
    moves.update(map(_DISCARD_ITEMS.__getitem__, ordered))
    return moves


def _choice_moves(hand: list[int]) -> list[Any]:
    """The values of ``_choices(hand)``, in its order, without the notation (the search's
    fast path: ``KecState._playout_moves``)."""
    ordered = sorted(hand)
    holds, pairs = _PLANS.get(sum(map(_RANK_WEIGHT.__getitem__, ordered))) or _plan(ordered)
    if not holds and not pairs:
        return list(map(_DISCARD_MOVES.__getitem__, ordered))
    moves: list[Any] = [("hold", hold, (ordered[i], ordered[j], ordered[k])) for hold, i, j, k in holds]
    moves += [_PAIR_MOVES[ordered[i], ordered[j]][1] for i, j in pairs]
    moves += map(_DISCARD_MOVES.__getitem__, ordered)
    return moves


_DISCARD_MOVES: Final = [("discard", card) for card in range(54)]
_DISCARD_ITEMS: Final = [(CODE[card], move) for card, move in enumerate(_DISCARD_MOVES)]  # notation → move
_PAIR_MOVES: Final = {
    (a, b): (_joined((a, b)), ("pair", (a, b)))
    for a in DECK
    for b in DECK
    if a < b and RANK[a] == RANK[b] and RANK[a] in PAIR_RANKS
}


_CARD_CODES: Final = frozenset(CODE)


def _card_problem(action: str, hand: list[int]) -> Problem | None:
    """Why a card-shaped action is not playable: a card not held, or a combination that is none."""
    parts = action.split("-")
    if not all(len(p) == 2 for p in parts):
        return None
    unknown = [p for p in parts if p not in _CARD_CODES]
    if unknown:
        return Problem(Why.NOT_A_CARD, text=unknown[0])
    held = {CODE[c] for c in hand}
    missing = tuple(p for p in parts if p not in held)
    if missing:
        return Problem(Why.NOT_HELD, cards=missing)
    canonical = _joined([card_id(p) for p in parts])
    if canonical != action and canonical in _choices(hand):
        return Problem(Why.NOTATION, text=canonical)
    if len(parts) == 2:
        return Problem(Why.NOT_A_PAIR)
    if len(parts) == 3:
        return Problem(Why.NOT_A_HOLD)
    return None


# ---- K1: suits play no role ---------------------------------------------------------------------


def move_class(action: str) -> str:
    """The action with its cards' suits dropped (``AS-2C-3H`` → ``A-2-3``; a Joker is ``*``), so
    that a search weighs actions of the same ranks as one move.

    >>> move_class("AS-2C-3H"), move_class("RJ"), move_class("draw")
    ('A-2-3', '*', 'draw')
    """
    name = _MOVE_CLASS.get(action)
    if name is None:
        if action in _DRAW_OR_TAKE:
            name = action
        else:
            name = "-".join(_RANK_MARK[RANK[card_id(code)]] for code in action.split("-"))
        _MOVE_CLASS[action] = name
    return name


def max_game_length(players: int, variant: Mapping[str, Any]) -> int:
    """An upper bound on the actions of one game: its safety bound (K13)."""
    return int(variant["max_actions"])
