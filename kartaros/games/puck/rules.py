"""Puck: Poker crossed with War, for 2-4 players (rules: ``rules.md`` beside this module, P1-P12).

Notation (``docs/notation.md``): ``draw`` takes the top cards of one's own pile into the hand
(P5), ``turn`` turns the next pile card in a tie-break (P10), ``hold`` keeps the hand (P6),
and an exchange (P6) names the cards put into the pot, by card id (``AS`` … ``KC``), then
one ``P<seat>`` per card taken from that player's pile, seats ascending, all joined by
``-``: ``7H-P2``, ``2C-9S-P1-P3``, ``AS-4H-KD-P1-P1-P1``.

This module reads like the rules file: components, deal, a round (draw, exchange, showdown,
collection), hands, ties, end, what each player sees (observation, determinize); ``words.py`` shows it to people.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from enum import IntEnum, StrEnum
from itertools import accumulate, combinations, combinations_with_replacement
from typing import TYPE_CHECKING, Any, Final, Literal, NamedTuple

from kartaros.cards import CODE, RANK, SUIT, codes, standard_deck
from kartaros.games.puck.views import DrawView, EventView, ExchangeView, PhaseName, PuckObservation, Win
from kartaros.rng import Rng, mix
from kartaros.state import PLAYOUT_ACTION, End, GameState, Problem, end_view
from kartaros.variant import Option

if TYPE_CHECKING:
    import random

# ---- P1-P2: components --------------------------------------------------------------------
#
# The module's names that the rules read while they play are ``Final``: a compiled build
# (mypyc) keeps a final name in a C variable, any other in the module's dict, looked up by
# name at each use (the pure build is the same either way).

DECK: Final = standard_deck()  # P1: 52 cards, no Jokers
HAND_SIZE: Final = 3
STRENGTH: Final = [14 if RANK[c] == 0 else RANK[c] + 1 for c in range(52)]  # P1: A high, then K … 2
_CARD_IDS: Final = {CODE[c]: c for c in range(52)}

OPTIONS: Final = (
    Option("ace_low_straight", True, "P9: A-2-3 is a straight, the lowest one", (True, False)),
    Option("short_pair", True, "P9: two cards of one rank in a 2-card hand are a pair", (True, False)),
    Option("single_from", "any", "P6: whose pile a 1-card exchange takes from", ("any", "next")),
    Option("end", "first-out", "P11: when the game ends", ("first-out", "last-standing")),
    Option("max_rounds", 10_000, "P12: rounds after which the most cards win", minimum=1),
)


class Phase(IntEnum):
    """Who decides what now."""

    DRAW = 0  # P5: each player in turn takes the top cards of his pile
    EXCHANGE = 1  # P6: each player in turn holds or exchanges
    TIEBREAK = 2  # P10: the tied players turn cards
    OVER = 3


DRAW: Final = Phase.DRAW
EXCHANGE: Final = Phase.EXCHANGE
TIEBREAK: Final = Phase.TIEBREAK
OVER: Final = Phase.OVER
PHASE_NAMES: tuple[PhaseName, ...] = ("draw", "exchange", "tiebreak", "over")


class Reason(StrEnum):
    """Why a game of Puck ended (``Outcome.reason``; the value is the word records keep)."""

    OUT_OF_CARDS = "out_of_cards"  # P11 first-out: a pile ran empty, the most cards win
    LAST_STANDING = "last_standing"  # P11 last-standing: one player has cards left
    MAX_ROUNDS = "max_rounds"  # P12: the most cards win at the bound


class Why(StrEnum):
    """What is wrong with an illegal action, where the rules can tell (``Problem.kind``)."""

    DRAWN = "drawn"  # P5: every player has taken his cards
    NO_TIE = "no_tie"  # P10: there is no tie to break
    FORM = "form"  # notation: hold, or the cards put in and one P<seat> per card taken
    NOT_HELD = "not_held"
    TWICE = "twice"  # a card named twice
    COUNTS = "counts"  # P6: as many cards taken as put in (``number``: put in)
    NO_SEAT = "no_seat"  # notation: no such seat (``text``)
    OWN_PILE = "own_pile"  # P6: never from one's own pile
    PILE_SHORT = "pile_short"  # P6 (``seat``: whose pile, ``number``: what it holds)
    NEXT_PILE = "next_pile"  # P6, single_from "next": one card comes from ``seat``'s pile
    NOTATION = "notation"  # the canonical order is ``Problem.text``


# Moves (values of the legal-move dict); an exchange is an int (below), ``hold`` is 0.
M_DRAW: Final = "draw"
M_TURN: Final = "turn"
M_HOLD: Final = 0
_DRAW_ONLY: Final = {"draw": M_DRAW}
_TURN_ONLY: Final = {"turn": M_TURN}
_PLAYOUT_DRAW: Final = (M_DRAW,)
_PLAYOUT_TURN: Final = (M_TURN,)
_DRAW_KEY: Final = (-1,)  # ``tree_moves``: an exchange's keys are ≥ 0 (hold: 0)
_TURN_KEY: Final = (-2,)

# ---- P9: hands ----------------------------------------------------------------------------

HIGH_CARD: Final = 0
PAIR: Final = 1
STRAIGHT: Final = 2
FLUSH: Final = 3
TRIPS: Final = 4
STRAIGHT_FLUSH: Final = 5
CATEGORY_NAMES: Final = ("high card", "pair", "straight", "flush", "three of a kind", "straight flush")


def hand_value(cards: Sequence[int], ace_low_straight: bool = True, short_pair: bool = True) -> int:
    """P9: a hand of 1-3 card ids as one int; a higher int is a stronger hand, equal ints tie.

    The category sits in bits 12-14, then up to three card strengths (2 … 14 for the Ace,
    0 for a missing card) in falling order of importance, 4 bits each.
    """
    ranks = sorted((STRENGTH[c] for c in cards), reverse=True)
    if len(ranks) == 3:
        a, b, c = ranks
        if a == c:
            return TRIPS << 12 | a << 8
        flush = SUIT[cards[0]] == SUIT[cards[1]] == SUIT[cards[2]]
        top = 0
        if a == b + 1 == c + 2:
            top = a
        elif ace_low_straight and a == 14 and b == 3 and c == 2:
            top = 3  # A-2-3 counts its 3 as highest: the lowest straight
        if top:
            return (STRAIGHT_FLUSH if flush else STRAIGHT) << 12 | top << 8
        if flush:
            return FLUSH << 12 | a << 8 | b << 4 | c
        if a == b:
            return PAIR << 12 | a << 8 | c << 4
        if b == c:
            return PAIR << 12 | b << 8 | a << 4
        return a << 8 | b << 4 | c
    if len(ranks) == 2:
        a, b = ranks
        return PAIR << 12 | a << 8 if a == b and short_pair else a << 8 | b << 4
    return ranks[0] << 8 if ranks else 0


class _HandValues(dict[tuple[int, ...], int]):
    """:func:`hand_value` of each sorted hand met so far (at most 23,479 of them)."""

    def __init__(self, ace_low_straight: bool, short_pair: bool) -> None:
        super().__init__()
        self.ace_low_straight = ace_low_straight
        self.short_pair = short_pair

    def __missing__(self, hand: tuple[int, ...]) -> int:
        value = self[hand] = hand_value(hand, self.ace_low_straight, self.short_pair)
        return value


# By the options: _VALUES[ace_low_straight][short_pair].
_VALUES: Final = tuple(tuple(_HandValues(ace_low, short) for short in (False, True)) for ace_low in (False, True))


def hand_category(value: int) -> str:
    """The category name of a :func:`hand_value`, e.g. ``"pair"``."""
    return CATEGORY_NAMES[value >> 12]


# ---- P6: the exchanges a hand and the opponents' piles allow --------------------------------
#
# An exchange move is one small int (ints cost the garbage collector nothing, unlike tuples):
# bits 0-2 say which cards of the hand, sorted by card id, go into the pot, and each seat s
# has 2 bits from bit 3 + 2s with the number of cards taken from his pile. 0 is ``hold``.

_SEAT_SHIFT: Final = 3
_TAKES_CACHE: Final[dict[tuple[int, ...], list[list[tuple[str, int]]]]] = {}


def _takes(caps: tuple[int, ...]) -> list[list[tuple[str, int]]]:
    """For k = 0 … 3: every way to take k cards, as (notation suffix, encoded counts).

    ``caps[s]`` is how many cards seat ``s`` can give (0 for the exchanger himself); the
    answer depends on nothing else, so it is cached.
    """
    found = _TAKES_CACHE.get(caps)
    if found is None:
        seats = [s for s, cap in enumerate(caps) if cap]
        found = [[("", 0)]]
        for k in range(1, HAND_SIZE + 1):
            found.append([
                ("".join(f"-P{s}" for s in combo), sum(1 << (_SEAT_SHIFT + 2 * s) for s in combo))
                for combo in combinations_with_replacement(seats, k)
                if all(combo.count(s) <= caps[s] for s in set(combo))
            ])
        _TAKES_CACHE[caps] = found
    return found


_COMBOS: Final = [[list(combinations(range(size), k)) for k in range(size + 1)] for size in range(HAND_SIZE + 1)]
_TAKEABLE: Final = [min(size, HAND_SIZE) for size in range(len(DECK) + 1)]  # P6: up to 3 from a pile of this size
_HEADS_CACHE: Final[dict[tuple[int, ...], list[str]]] = {}


def _heads(hand: list[int]) -> list[str]:
    """The head of an exchange's name, by the mask of places in the sorted hand whose cards
    go into the pot (``_Exchanges.masks``): those cards in notation, ``hold`` for none.

    Made once a hand, through a bounded cache: the exchange is the engine's hottest path."""
    key = tuple(sorted(hand))
    found = _HEADS_CACHE.get(key)
    if found is None:
        if len(_HEADS_CACHE) >= 50_000:
            _HEADS_CACHE.clear()
        found = _HEADS_CACHE[key] = _new_heads(key)
    return found


def _new_heads(hand: tuple[int, ...]) -> list[str]:
    """``_heads`` of a sorted hand, spelt out by its size (P5: 1 to 3 cards): a comprehension
    per mask costs as much again in Python 3.11, and most hands of 3 or 4 players are new. The
    cards are read by index: unpacking a ``map`` costs three times as much compiled."""
    code = CODE
    if len(hand) == 3:
        a = code[hand[0]]
        b = code[hand[1]]
        c = code[hand[2]]
        ab = a + "-" + b
        return ["hold", a, b, ab, c, a + "-" + c, b + "-" + c, ab + "-" + c]
    if len(hand) == 2:
        a = code[hand[0]]
        b = code[hand[1]]
        return ["hold", a, b, a + "-" + b]
    return ["hold", *map(CODE.__getitem__, hand)]


class _Exchanges:
    """P6: the exchanges open to a seat, which depend only on his hand's size and on what each
    pile can give (and, under ``single_from: "next"``, on the next pile): their ints in the
    order of the legal actions (hold, then by k, by the cards put, by the ways to take), and
    the parts of their names that do not depend on the hand. Shared by every position with
    the same dependencies (``_EXCHANGES``)."""

    __slots__ = ("masks", "moves", "tails", "takes")

    def __init__(self, size: int, takes: list[list[tuple[str, int]]]) -> None:
        # (k is bounded by what the opponents' piles hold together: no ways, no moves.)
        ways = [
            (mask, way)
            for options, heads in zip(takes[1:], _COMBOS[size][1:], strict=False)
            for mask in (sum(1 << i for i in combo) for combo in heads)
            for way in options
        ]
        self.moves: list[int] = [M_HOLD] + [mask | code for mask, (_, code) in ways]
        # Each exchange's places put, the rest of its int moved up (for ``tree_moves``), and the tail of
        # its name, the seats taken from: its name is ``_heads(hand)[mask] + tail``.
        self.masks = [move & 7 for move in self.moves]
        self.takes = [(move & ~7) << _TAKES_SHIFT for move in self.moves]
        self.tails: list[str] = [""] + [suffix for _, (suffix, _) in ways]

    def names(self, heads: list[str]) -> list[str]:
        """The actions in notation, ``moves``' names, of a hand with these ``_heads``.

        (A comprehension: compiled, a loop in C, twice as fast as a ``map`` of ``operator.add``
        over the heads picked by an ``itemgetter`` of the masks, which costs about as much in
        the pure build.)"""
        return [heads[mask] + tail for mask, tail in zip(self.masks, self.tails)]  # noqa: B905 (equal by making)


# (player, hand size, next pile or -1, what each pile can give) → the exchanges open to him.
_EXCHANGES: Final[dict[tuple[int, ...], _Exchanges]] = {}


_Parts = tuple[slice, tuple[tuple[int, int], ...], tuple[int, ...]]
# Every set of places of a hand of up to 3 is one slice: {0, 2} is [0:3:2], the others a run.
_PUT_SLICES: Final = [slice(0)] + [
    slice(min(places), max(places) + 1, 2 if places == [0, 2] else 1)
    for places in ([i for i in range(HAND_SIZE) if mask >> i & 1] for mask in range(1, 1 << HAND_SIZE))
]


class _ExchangeParts(dict[int, _Parts]):
    """Exchange int → (the places of the sorted hand whose cards go into the pot, as a slice,
    (seat, count) per seat taken from, cards taken per seat), for each exchange met so far,
    with ``players``."""

    def __init__(self, players: int) -> None:
        super().__init__()
        self.players = players

    def __missing__(self, move: int) -> _Parts:
        counts = tuple((move >> (_SEAT_SHIFT + 2 * s)) & 3 for s in range(self.players))
        parts = self[move] = (_PUT_SLICES[move & 7], tuple((s, n) for s, n in enumerate(counts) if n), counts)
        return parts


_EXCHANGE_PARTS: Final = [_ExchangeParts(players) for players in range(5)]  # by the number of players

# ``tree_moves``: an exchange's key is made of the cards put and the counts taken (bits 3-10 of
# its int, two for each of up to four seats), moved up to bit 18 (``_Exchanges.takes``); the
# places put (bits 0-2, which name different cards in different hands) give way to the cards
# themselves, each card id + 1 in 6 bits, in the order of the sorted hand, the last lowest.
# Equal keys, equal strings: the notation names the cards and the seats alone. (Under 2**26:
# an int of one digit, cheap to add and to hash in the tree's dicts, and unboxed compiled.)
_CARD_BITS: Final = 6
_TAKES_SHIFT: Final = HAND_SIZE * _CARD_BITS - _SEAT_SHIFT


def _put_codes(hand: list[int]) -> list[int]:
    """The cards put of a sorted hand, by the mask of places put, each set as a key's code
    (``_CARD_BITS``). Spelt out by the hand's size (P5: 1 to 3 cards): a comprehension per
    card costs three times as much in Python 3.11."""
    if len(hand) == 3:
        a, b, c = hand
        a, b, c = a + 1, b + 1, c + 1
        ab = a << _CARD_BITS | b
        return [0, a, b, ab, c, a << _CARD_BITS | c, b << _CARD_BITS | c, ab << _CARD_BITS | c]
    if len(hand) == 2:
        a, b = hand
        return [0, a + 1, b + 1, (a + 1) << _CARD_BITS | b + 1]
    return [0, *[card + 1 for card in hand]]


def exchange_notation(cards: Sequence[int], seats: Sequence[int]) -> str:
    """The canonical string of an exchange: cards by card id, then ``P<seat>`` per card taken."""
    return "-".join([CODE[c] for c in sorted(cards)] + [f"P{s}" for s in sorted(seats)])


# ---- the history ----------------------------------------------------------------------------
#
# One type per kind of event, the kind first (the end event, shared by every game: kind, -1,
# reason, returns). The kinds a playout makes at least once in a hundred moves stay bare
# tuples, typed by an alias: a NamedTuple costs about 0.13 µs more to make, a few per cent of a
# playout move. The rarer ones are NamedTuples.

DrawEvent = tuple[Literal["draw"], int, tuple[int, ...]]  # P5: kind, player, the cards he took (private)
# P6: kind, player, the cards he put into the pot (private), the cards taken per seat, and
# those he took, seat by seat, top card first (private)
ExchangeEvent = tuple[Literal["exchange"], int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]
HoldEvent = tuple[Literal["hold"], int]  # P6: kind, player
# P7, P9: kind, the hands per seat (sorted; none for a player out), their values (-1: out), the best, in play order
ShowdownEvent = tuple[Literal["showdown"], tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]]
# P8: kind, the winner, the trick in its new order at the bottom of his pile, how he won it, surplus cards in it
CollectEvent = tuple[Literal["collect"], int, tuple[int, ...], Win, int]
OutEvent = tuple[Literal["out"], int]  # P11 (last-standing): kind, the player who left


class CutEvent(NamedTuple):
    """P3: the card each player drew for the cut (-1: not drawing in this round)."""

    kind: Literal["cut"]
    cards: tuple[int, ...]


class DealEvent(NamedTuple):
    """P3-P4: the deal, beginning with ``first``: each pile's size, and the surplus cards."""

    kind: Literal["deal"]
    first: int
    pile_sizes: tuple[int, ...]
    surplus: int


class TieEvent(NamedTuple):
    """P10: the ``players`` tied for the best hand (or turned card); those ``turning`` next."""

    kind: Literal["tie"]
    players: tuple[int, ...]
    turning: tuple[int, ...]


class TurnEvent(NamedTuple):
    """P10: ``player`` turned ``card`` from his pile to break the tie."""

    kind: Literal["turn"]
    player: int
    card: int


Event = (
    DrawEvent | ExchangeEvent | HoldEvent | ShowdownEvent | CollectEvent | OutEvent
    | CutEvent | DealEvent | TieEvent | TurnEvent | End
)


class _Options:
    """The options the rounds read (P6, P9, P11-P12), taken from the variant once a game and
    shared by its copies: a field, where the variant is a mapping looked up by name each time."""

    __slots__ = ("first_out", "max_rounds", "single_any", "values")

    def __init__(self, variant: Mapping[str, Any]) -> None:
        self.values: _HandValues = _VALUES[variant["ace_low_straight"]][variant["short_pair"]]  # P9
        self.single_any: bool = variant["single_from"] == "any"  # P6
        self.first_out: bool = variant["end"] == "first-out"  # P11
        self.max_rounds: int = variant["max_rounds"]  # P12


# The seats in play order from each first player, by the number of players (P8).
_SEATS_FROM: Final = [[tuple((first + i) % n for i in range(n)) for first in range(n)] for n in range(5)]


class PuckState(GameState):
    game = "puck"
    _over_phase = OVER
    # What ``clone`` does with each field (``GameState._share`` and the rest say how).
    _share = ("step", "rounds", "_options", "_names", "_moves", "_tree")  # the lists are replaced, never changed
    _copy = ("pot", "pot_by", "surplus", "table", "table_by", "active", "order", "tied", "exchanges")
    _copy_each = ("piles", "hands")
    _reset = ("_kept_journeys",)
    __slots__ = _share + _copy + _copy_each + _reset

    piles: list[list[int]]  # top card first
    hands: list[list[int]]
    pot: list[int]  # in order of arrival
    pot_by: list[int]  # who put each pot card there
    surplus: list[int]  # P4: the card left over with 3 players, until the first trick
    table: list[int]  # P10: tie-break cards turned in this round, in turn order
    table_by: list[int]
    active: list[bool]  # still in the game (P11, last-standing)
    order: list[int]  # this round's play order, its first player first
    step: int  # index in ``order`` (draw, exchange) or in ``tied`` (tiebreak) of who acts
    tied: list[int]  # P10: the players turning cards in this round of the tie-break
    rounds: int  # tricks collected so far
    exchanges: list[tuple[int, ...] | None]  # this round: cards taken per seat (all 0: held)
    events: list[Event]
    _kept_journeys: tuple[int, int, _Journeys] | None  # actions played, player, his journeys
    _options: _Options
    _names: list[str] | None  # in the exchange, its actions in notation (None: not named yet) …
    _moves: list[int]  # … and their moves
    _tree: tuple[list[int], list[int]] | None  # in the exchange, ``tree_moves`` (None: not yet)

    # ---- P3-P4: the cut and the deal --------------------------------------------------------

    @classmethod
    def create(
        cls,
        players: int,
        seed: int | None,
        deck: Sequence[str] | None,
        variant: Mapping[str, Any] | None,
    ) -> PuckState:
        self = cls._begin(players, seed, variant, OPTIONS)
        self._options = _Options(self.variant)
        first = self._cut() if deck is None else 0  # P3: a stacked deck skips the cut
        order = self._deal_order(DECK, deck)
        # P3: one card at a time, the first player first; a pile's top is its first card. So
        # the i-th player from the first gets every players-th card from the i-th on.
        dealt = len(order) // players * players
        self.piles = [order[(seat - first) % players : dealt : players] for seat in range(players)]
        self.surplus = order[dealt:]  # P4
        self.events.append(DealEvent("deal", first, tuple([len(p) for p in self.piles]), len(self.surplus)))
        self.hands = [[] for _ in range(players)]
        self.pot, self.pot_by, self.table, self.table_by = [], [], [], []
        self.active = [True] * players
        self.rounds = 0
        self._kept_journeys = None
        self._names, self._moves, self._tree = None, [], None
        self._start_round(first)
        return self

    def _cut(self) -> int:
        """P3: each player draws a card; the highest plays first; only the tied draw again."""
        below = self._rng.below
        cut: list[int] = []
        drawing = list(range(self.num_players))
        while True:
            if len(cut) < len(drawing):
                cut = DECK.copy()  # the cut deck ran out: a fresh one (almost never happens)
            drawn = [-1] * self.num_players
            for p in drawing:  # a random card of the cut deck, taken out of it
                i = below(len(cut))
                drawn[p] = cut[i]
                cut[i] = cut[-1]
                cut.pop()
            self.events.append(CutEvent("cut", tuple(drawn)))
            strengths = [STRENGTH[drawn[p]] for p in drawing]
            best = max(strengths)
            if strengths.count(best) == 1:
                return drawing[strengths.index(best)]
            drawing = [p for p, strength in zip(drawing, strengths, strict=True) if strength == best]

    def _start_round(self, first: int) -> None:
        n = self.num_players
        active = self.active
        seats = _SEATS_FROM[n][first]
        # (Someone has left only under last-standing: mostly the table's seats as they are.)
        self.order = [p for p in seats if active[p]] if False in active else list(seats)
        self.step = 0
        self.tied = []
        self.exchanges = [None] * n
        self.phase = DRAW

    # ---- the public API ----------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        phase = self.phase
        if phase is TIEBREAK:
            return self.tied[self.step]
        return None if phase is OVER else self.order[self.step]

    def zones(self) -> dict[str, list[str]]:
        zones = {f"pile:{p}": codes(pile) for p, pile in enumerate(self.piles)}  # top first
        zones.update({f"hand:{p}": codes(hand) for p, hand in enumerate(self.hands)})
        zones["pot"] = codes(self.pot)
        zones["surplus"] = codes(self.surplus)
        zones["table"] = codes(self.table)
        return zones

    # ---- P5-P6, P10: legal moves ----------------------------------------------------------

    def _legal_moves(self) -> dict[str, Any]:
        phase = self.phase
        if phase is EXCHANGE:
            return self._exchange_moves()
        if phase is DRAW:
            return _DRAW_ONLY
        if phase is TIEBREAK:
            return _TURN_ONLY
        return {}

    def _exchange_moves(self) -> dict[str, Any]:
        """P6: hold, or k cards into the pot and k from the tops of opponents' piles."""
        return dict(zip(self._exchange_names(), self._moves, strict=True))

    def _exchange_names(self) -> list[str]:
        """P6: the exchanges in notation, in the order of ``_moves``; kept until the next move."""
        names = self._names
        if names is None:
            p = self.order[self.step]
            exchanges = self._exchanges(p)
            self._moves = exchanges.moves
            names = self._names = exchanges.names(_heads(self.hands[p]))
        return names

    def _exchanges(self, p: int) -> _Exchanges:
        """The exchanges open to ``p`` now (``_Exchanges``)."""
        size = len(self.hands[p])
        # All they depend on (the next pile's seat is -1 unless single_from is "next").
        nxt = -1 if self._options.single_any else self._next_pile(p)
        # (Spelt out by the number of players: a comprehension or a ``map`` costs three times
        # as much, and a playout asks at every exchange.)
        piles = self.piles
        takeable = _TAKEABLE
        if len(piles) == 2:
            key: tuple[int, ...] = (p, size, nxt, takeable[len(piles[0])], takeable[len(piles[1])])
        elif len(piles) == 3:
            key = (p, size, nxt, takeable[len(piles[0])], takeable[len(piles[1])], takeable[len(piles[2])])
        else:  # P1: 2-4 players
            a, b, c, d = piles
            key = (p, size, nxt, takeable[len(a)], takeable[len(b)], takeable[len(c)], takeable[len(d)])
        found = _EXCHANGES.get(key)
        if found is None:
            found = _EXCHANGES[key] = _Exchanges(size, self._allowed_takes(p))
        return found

    # The exchange's actions are a list, not the base class's dict: most of a dict's cost is
    # hashing strings that are made once and looked up once. ``apply`` finds the action in it.

    def legal_actions(self) -> list[str]:
        phase = self.phase
        if phase is EXCHANGE:
            return self._exchange_names().copy()
        if phase is DRAW:
            return ["draw"]
        return super().legal_actions()

    def apply(self, action: object) -> None:
        phase = self.phase
        if phase is not EXCHANGE:
            # Half the decisions are draws, the only move then: played without the base's dict.
            if phase is DRAW and type(action) is str and action == M_DRAW:
                self._legal = None
                self._actions.append(action)
                self._draw()
            else:
                super().apply(action)
            return
        if type(action) is not str:
            raise self._illegal(action)
        names = self._names or self._exchange_names()
        try:
            i = names.index(action)
        except ValueError:
            i = -1
        if i < 0:
            raise self._illegal(action)
        move = self._moves[i]
        self._legal = None
        self._actions.append(action)
        self._exchange(move)

    def legal_action_keys(self) -> Mapping[str, Hashable]:
        """The fast path of the action ids: each legal action → the engine's move, ``draw``,
        ``turn`` or an exchange int (above). An exchange int names the places in the sorted
        hand put into the pot and the cards taken from each seat: with the mover's seat, exactly
        what its id names (docs/rl.md)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_moves()
        return legal

    def _allowed_takes(self, p: int) -> list[list[tuple[str, int]]]:
        """:func:`_takes` for ``p``, with a 1-card exchange bound to the next pile under
        ``single_from: "next"``."""
        takes = _takes(self._caps(p))
        nxt = self._next_pile(p)
        if nxt < 0:
            return takes
        return [takes[0], [o for o in takes[1] if o[1] == 1 << (_SEAT_SHIFT + 2 * nxt)], *takes[2:]]

    def _next_pile(self, p: int) -> int:
        """P6, reading ``single_from: "next"``: the first opponent after ``p`` in seat order
        whose pile holds a card, whom a 1-card exchange must take from; -1 under ``"any"``."""
        if self._options.single_any:
            return -1
        n = self.num_players
        for step in range(1, n):
            q = (p + step) % n
            if self.piles[q]:
                return q
        return -1

    def _caps(self, p: int) -> tuple[int, ...]:
        """How many cards ``p`` could take from each pile: up to 3, none from his own."""
        return tuple([0 if q == p else _TAKEABLE[len(pile)] for q, pile in enumerate(self.piles)])

    def _playout_moves(self) -> Sequence[Any]:
        """The exchange moves as bare ints, no notation (the search fast path)."""
        if self.phase is not EXCHANGE:
            return _PLAYOUT_DRAW if self.phase is DRAW else _PLAYOUT_TURN
        return self._exchanges(self.order[self.step]).moves

    def playout(self, rng: random.Random, max_moves: int = 1_000_000, *, until_choice: bool = False) -> int:
        """``GameState.playout``, the same moves from the same numbers, its loop dispatching
        on the phase itself: a draw (P5) or a turn (P10) is the only move there, and an
        exchange picks from its table's ints. Without a call for the moves and one for the
        move, each move of a rollout costs a tenth less."""
        self._played_out = True
        self._chance = rng
        self._legal = None  # (once, not per move: nothing a playout calls fills it)
        mark = self._actions.append
        draw = rng.random
        exchanges = self._exchanges
        n = 0
        while self._outcome is None and n < max_moves:
            phase = self.phase
            if phase is EXCHANGE:
                moves = exchanges(self.order[self.step]).moves
                count = len(moves)
                if count == 1:
                    move = moves[0]
                elif until_choice:
                    break
                else:
                    move = moves[int(draw() * count)]
                mark(PLAYOUT_ACTION)
                self._exchange(move)
            else:
                mark(PLAYOUT_ACTION)
                if phase is DRAW:
                    self._draw()
                else:
                    self._turn()
            n += 1
        self._chance = None
        return n

    def tree_moves(self) -> tuple[Sequence[Any], Sequence[int]]:
        """The playout's moves, keyed as their actions are written: an exchange by the cards
        put and the cards taken from each seat (``_CARD_BITS``), or a word. An exchange's
        are kept until it is played, and by the worlds of its player (``determinize``): a
        search asks for the root's in every world."""
        phase = self.phase
        if phase is not EXCHANGE:
            return (_PLAYOUT_DRAW, _DRAW_KEY) if phase is DRAW else (_PLAYOUT_TURN, _TURN_KEY)
        found = self._tree
        if found is None:
            p = self.order[self.step]
            exchanges = self._exchanges(p)
            cards = _put_codes(sorted(self.hands[p]))
            keys = [take + cards[mask] for take, mask in zip(exchanges.takes, exchanges.masks)]  # noqa: B905 (as names)
            found = self._tree = (exchanges.moves, keys)
        return found

    def _value_guess(self) -> list[float]:
        """P11: the cards a player holds (pile and hand) as his share of the win."""
        held = [len(pile) + len(hand) for pile, hand in zip(self.piles, self.hands, strict=True)]
        total = sum(held)
        return [h / total for h in held] if total else [1.0 / self.num_players] * self.num_players

    def _play(self, move: Any) -> None:
        if move is M_DRAW:
            self._draw()
        elif move is M_TURN:
            self._turn()
        else:
            self._exchange(move)

    # ---- P5: every player takes the top 3 cards of his pile ---------------------------------

    def _draw(self) -> None:
        p = self.order[self.step]
        pile = self.piles[p]
        cards = pile[:HAND_SIZE]  # a pile of 1 or 2 gives what it has
        del pile[:HAND_SIZE]
        self.hands[p] = cards
        self.events.append(("draw", p, tuple(cards)))
        self.step += 1
        if self.step == len(self.order):
            self.phase = EXCHANGE
            self.step = 0

    # ---- P6: the exchange, one decision ------------------------------------------------------

    def _exchange(self, move: int) -> None:
        self._names = self._tree = None  # (only an exchange's position has them)
        p = self.order[self.step]
        put, sources, counts = _EXCHANGE_PARTS[self.num_players][move]
        if move:
            hand = self.hands[p]
            cards = tuple(sorted(hand)[put])
            if len(cards) == len(hand):  # first into the pot …
                hand.clear()
            else:
                for card in cards:
                    hand.remove(card)
            self.pot += cards
            self.pot_by += [p] * len(cards)
            taken: list[int] = []
            for s, count in sources:  # … then from the tops of the opponents' piles
                pile = self.piles[s]
                taken += pile[:count]
                del pile[:count]
            hand += taken
            self.events.append(("exchange", p, cards, counts, tuple(taken)))
        else:
            self.events.append(("hold", p))
        self.exchanges[p] = counts
        self.step += 1
        if self.step == len(self.order):
            self._showdown()

    # ---- P7, P9-P10: the showdown and the tie-break --------------------------------------------

    def _showdown(self) -> None:
        # (Spelt out by the number of players, P1: 2-4. A ``map`` is a fifth slower compiled,
        # a comprehension a twentieth slower pure, per playout move.)
        hands = self.hands
        n = len(hands)
        if n == 2:
            a, b = hands
            shown: tuple[tuple[int, ...], ...] = (tuple(sorted(a)), tuple(sorted(b)))
        elif n == 3:
            a, b, c = hands
            shown = (tuple(sorted(a)), tuple(sorted(b)), tuple(sorted(c)))
        else:
            a, b, c, d = hands
            shown = (tuple(sorted(a)), tuple(sorted(b)), tuple(sorted(c)), tuple(sorted(d)))
        value_of = self._options.values
        order = self.order
        if len(order) < n:  # someone has left (last-standing)
            values = [-1] * n
            for p in order:
                values[p] = value_of[shown[p]]
        elif n == 2:
            values = [value_of[shown[0]], value_of[shown[1]]]
        elif n == 3:
            values = [value_of[shown[0]], value_of[shown[1]], value_of[shown[2]]]
        else:
            values = [value_of[shown[0]], value_of[shown[1]], value_of[shown[2]], value_of[shown[3]]]
        best = max(values)
        if values.count(best) == 1:  # (mostly: one best hand)
            winner = values.index(best)
            self.events.append(("showdown", shown, tuple(values), (winner,)))
            self._collect(winner, "hand")
            return
        tied = [p for p in order if values[p] == best]
        self.events.append(("showdown", shown, tuple(values), tuple(tied)))
        self._break_tie(tied)

    def _break_tie(self, tied: list[int]) -> None:
        """P10: the tied players with cards left turn one each; the empty drop out."""
        turning = [p for p in tied if self.piles[p]]
        self.events.append(TieEvent("tie", tuple(tied), tuple(turning)))
        if not turning:
            self._collect(tied[0], "order")  # all empty: the earliest in play order
        elif len(turning) == 1:
            self._collect(turning[0], "alone")  # the only one with cards wins without turning
        else:
            self.tied = turning
            self.step = 0
            self.phase = TIEBREAK

    def _turn(self) -> None:
        p = self.tied[self.step]
        card = self.piles[p].pop(0)
        self.table.append(card)
        self.table_by.append(p)
        self.events.append(TurnEvent("turn", p, card))
        self.step += 1
        tied = self.tied
        if self.step < len(tied):
            return
        turned = self.table[-len(tied):]
        best = max(STRENGTH[c] for c in turned)
        still = [p for p, c in zip(tied, turned, strict=True) if STRENGTH[c] == best]
        if len(still) == 1:
            self._collect(still[0], "tiebreak")
        else:
            self._break_tie(still)

    # ---- P4, P8: the winner collects the trick --------------------------------------------

    def _collect(self, winner: int, how: Win) -> None:
        trick: list[int] = []
        for p in self.order:
            trick += self.hands[p]
            self.hands[p] = []
        trick += self.pot
        trick += self.table
        trick += self.surplus  # P4: only on the first trick, unseen
        self._shuffle(trick)  # P8: in a random order …
        self.piles[winner] += trick  # … at the bottom of his pile
        self.events.append(("collect", winner, tuple(trick), how, len(self.surplus)))
        self.pot, self.pot_by, self.table, self.table_by, self.surplus = [], [], [], [], []
        self.rounds += 1
        if self._check_end():
            return
        self._start_round(winner)  # P8: he plays first in the next round

    # ---- P11-P12: the end ------------------------------------------------------------------

    def _check_end(self) -> bool:
        """After a trick is collected: a player without cards ends the game or leaves it."""
        piles = self.piles
        # (Mostly every pile holds cards: one test in C instead of one per seat.)
        empty = [] if all(piles) else [p for p in range(self.num_players) if self.active[p] and not piles[p]]
        if empty:
            if self._options.first_out:
                self._finish_by_count(Reason.OUT_OF_CARDS)
                return True
            for p in empty:
                self.active[p] = False
                self.events.append(("out", p))
            alive = [p for p in range(self.num_players) if self.active[p]]
            if len(alive) == 1:
                returns = tuple(1.0 if p == alive[0] else 0.0 for p in range(self.num_players))
                self._finish(returns, Reason.LAST_STANDING)
                return True
        if self.rounds >= self._options.max_rounds:
            self._finish_by_count(Reason.MAX_ROUNDS)
            return True
        return False

    def _finish_by_count(self, reason: Reason) -> None:
        """P11: the most cards in the pile win; equal tops share the win."""
        sizes = list(map(len, self.piles))
        best = max(sizes)
        share = 1.0 / sizes.count(best)
        self._finish(tuple([share if size == best else 0.0 for size in sizes]), reason)

    # ---- illegal input ----------------------------------------------------------------------

    def _problem(self, action: str) -> Problem | None:
        """Why an exchange-shaped string cannot be played now."""
        if self.phase is not EXCHANGE:
            return None
        p = self.order[self.step]
        if action == "draw":
            return Problem(Why.DRAWN)
        if action == "turn":
            return Problem(Why.NO_TIE)
        cards: list[int] = []
        seats: list[int] = []
        for part in action.split("-"):
            if part in _CARD_IDS:
                cards.append(_CARD_IDS[part])
            elif len(part) == 2 and part[0] == "P" and part[1].isdigit():
                seats.append(int(part[1]))
            else:
                cards = []
                break
        if not cards:
            return Problem(Why.FORM, text="7H-P1")
        missing = tuple(CODE[c] for c in cards if c not in self.hands[p])
        if missing:
            return Problem(Why.NOT_HELD, cards=missing)
        if len(set(cards)) < len(cards):
            return Problem(Why.TWICE)
        if len(seats) != len(cards):
            return Problem(Why.COUNTS, number=len(cards))
        for s in sorted(set(seats)):
            if s >= self.num_players:
                return Problem(Why.NO_SEAT, text=f"P{s}")
            if s == p:
                return Problem(Why.OWN_PILE)
            size = len(self.piles[s])
            if seats.count(s) > size:
                return Problem(Why.PILE_SHORT, seat=s, number=size)
        nxt = self._next_pile(p)
        if len(seats) == 1 and nxt >= 0 and seats[0] != nxt:
            return Problem(Why.NEXT_PILE, seat=nxt)
        canonical = exchange_notation(cards, seats)
        if canonical != action:
            return Problem(Why.NOTATION, text=canonical)
        return None

    # ---- what each player sees ---------------------------------------------------------------

    def _view(self, player: int, view: PuckObservation) -> None:
        showing = self.phase is TIEBREAK
        view["phase"] = PHASE_NAMES[self.phase]
        view["round"] = self.rounds + (self.phase is not OVER)
        view["order"] = self.order.copy()
        view["hand"] = codes(sorted(self.hands[player]))
        view["hand_sizes"] = [len(h) for h in self.hands]
        view["pile_sizes"] = [len(pile) for pile in self.piles]
        view["pot_size"] = len(self.pot)
        view["surplus_size"] = len(self.surplus)
        view["exchanges"] = [None if e is None else {"count": sum(e), "from": list(e)} for e in self.exchanges]
        view["shown"] = [codes(sorted(h)) for h in self.hands] if showing else None
        seats = range(self.num_players)
        view["turned"] = (
            [[CODE[c] for c, by in zip(self.table, self.table_by, strict=True) if by == p] for p in seats]
            if self.table else [[] for _ in seats]
        )
        view["tied"] = self.tied.copy() if showing else []
        view["out"] = [p for p in range(self.num_players) if not self.active[p]]
        view["rounds_played"] = self.rounds

    def _event_view(self, event: Event, viewer: int) -> EventView:
        """One event as ``viewer`` saw it: drawn, put and taken cards show to their player only."""
        if event[0] == "draw":
            draw: DrawView = {"type": "draw", "player": event[1], "count": len(event[2])}
            if event[1] == viewer:
                draw["cards"] = codes(sorted(event[2]))
            return draw
        if event[0] == "exchange":
            exchange: ExchangeView = {
                "type": "exchange", "player": event[1], "count": len(event[2]), "from": list(event[3]),
            }
            if event[1] == viewer:
                exchange["put"] = codes(sorted(event[2]))
                exchange["took"] = codes(event[4])  # in taking order: seat by seat, top card first
            return exchange
        if event[0] == "hold":
            return {"type": "hold", "player": event[1]}
        if event[0] == "showdown":
            return {
                "type": "showdown",
                "hands": [codes(h) for h in event[1]],
                "categories": [hand_category(v) if v >= 0 else None for v in event[2]],
                "best": list(event[3]),
            }
        if event[0] == "tie":
            return {"type": "tie", "players": list(event.players), "turning": list(event.turning)}
        if event[0] == "turn":
            return {"type": "turn", "player": event.player, "card": CODE[event.card]}
        if event[0] == "collect":
            return {"type": "collect", "player": event[1], "count": len(event[2]), "how": event[3],
                    "surplus": event[4] > 0}
        if event[0] == "out":
            return {"type": "out", "player": event[1]}
        if event[0] == "cut":
            return {"type": "cut", "cards": [CODE[c] if c >= 0 else None for c in event.cards]}
        if event[0] == "deal":
            return {"type": "deal", "first": event.first, "pile_sizes": list(event.pile_sizes),
                    "surplus": event.surplus}
        return end_view(event)

    def _determinized_world(self, player: int, seed: int) -> PuckState:
        """Re-deal what ``player`` cannot locate, keeping every card within the places it may be.

        Each trick collected is a "bag" (the deal is bag 0): its cards lie in an unknown order
        at the bottom of the winner's pile. A hidden card's journey runs through the bags it
        joined since ``player`` last saw it (drew, took, put into the pot, or saw it shown or
        turned), or since the deal if he never did, to the place it is in now. At every bag
        the journeys arriving may be matched to the journeys leaving in any way: that is what
        he cannot know about the bag's shuffle. So the world re-matches them at random, bag by
        bag: cards he never saw mix over every hidden place, while a card he saw stays within
        the bag he saw it go into, or wherever it may have gone unseen since. Only the shape
        of the journeys (entries, threads between bags, final places) and the seed decide the
        world, never which real card travels which journey. Every event from a bag on is
        rewritten with the card now travelling that journey, so the others' own histories
        match their new cards.
        """
        journeys = self._journeys(player)
        # Re-match, bag by bag: the cards arriving (sorted), shuffled onto the threads leaving
        # (in a fixed order); a thread into a later bag brings its card there.
        rng = Rng(mix(seed, 0x7075636B))
        arriving = [cards.copy() for cards in journeys.entering]
        carried: list[int] = []  # the cards on all threads, bag by bag
        for onward, cards in zip(journeys.onward, arriving, strict=True):
            cards.sort()
            rng.quick_shuffle(cards)
            for i, later in onward:
                arriving[later].append(cards[i])
            carried += cards
        carried += DECK  # a card on no thread keeps its name
        world = self.clone()
        _rename_history(world.events, journeys.renames, carried)
        # Each card of the zones becomes the one on its last thread, all zones at once.
        cards = list(map(carried.__getitem__, journeys.zones))
        n = self.num_players
        spans = journeys.spans
        world.piles = [cards[a:b] for a, b in spans[:n]]
        world.hands = [cards[a:b] for a, b in spans[n : 2 * n]]
        a, b = spans[2 * n]
        world.pot = cards[a:b]
        world.surplus = cards[b:]
        world._rng = Rng(mix(seed, 0x726E67))
        # His own moves are the same in every world he cannot tell from this one.
        if self.current_player != player:
            world._legal = world._names = world._tree = None
        return world

    def _journeys(self, player: int) -> _Journeys:
        """The journeys of the cards ``player`` cannot locate (``_determinized_world``).

        They depend on the position alone, so they are kept until the next action: a search
        asks for thousands of worlds of one position."""
        kept = self._kept_journeys
        if kept is not None and kept[0] == len(self._actions) and kept[1] == player:
            return kept[2]
        bit = 1 << player
        path = [[0] for _ in DECK]  # bags joined since last shown (the deal is bag 0)
        seen = [[0] for _ in DECK]  # per bag on the path: who saw the card while it was there
        shown = [False] * len(DECK)
        formed = [0]  # index in ``events`` where each bag was formed
        for t, event in enumerate(self.events):
            if event[0] == "draw":
                for c in event[2]:
                    seen[c][-1] |= 1 << event[1]
            elif event[0] == "exchange":
                for c in event[4]:
                    seen[c][-1] |= 1 << event[1]
            elif event[0] == "showdown":
                for shown_hand in event[1]:
                    for c in shown_hand:
                        shown[c] = True
            elif event[0] == "turn":
                shown[event.card] = True
            elif event[0] == "collect":
                bag = len(formed)
                formed.append(t)
                for c in event[2]:
                    if shown[c]:
                        path[c], seen[c], shown[c] = [bag], [0], False
                    else:
                        path[c].append(bag)
                        seen[c].append(0)
            elif event[0] == "deal":
                formed[0] = t
        located = set(self.hands[player]) | set(self.table)
        located.update(c for c, by in zip(self.pot, self.pot_by, strict=True) if by == player)
        if self.phase is TIEBREAK:  # the hands are shown
            for hand in self.hands:
                located.update(hand)
        # Where each hidden card is now, as a place the player can name (zone, index).
        place: dict[int, tuple[int, int]] = {}
        for zone, cards in enumerate([*self.piles, *self.hands, self.pot, self.surplus]):
            for i, c in enumerate(cards):
                if c not in located:
                    place[c] = (zone, i)
        # Each hidden card enters its first bag (as itself), then a thread leads from bag to
        # bag, and the last one to its place. ``threads[b]`` lists the threads out of bag b
        # as (where it leads, the real card on it); ``entering[b]`` the cards entering.
        entering: list[list[int]] = [[] for _ in formed]
        threads: list[list[tuple[tuple[int, int, int], int]]] = [[] for _ in formed]
        for c in sorted(place):
            marks = seen[c]
            start = 0
            for i in range(len(marks) - 1, -1, -1):
                if marks[i] & bit:
                    start = i + 1
                    break
            bags = path[c][start:]
            entering[bags[0]].append(c)
            for i, bag in enumerate(bags):
                where = (0, bags[i + 1], 0) if i + 1 < len(bags) else (1, *place[c])
                threads[bag].append((where, c))
        onward, name_at = _thread_tables(threads)
        renames = _renames(self.events, formed, name_at, sum(map(len, threads)))
        zones = [*self.piles, *self.hands, self.pot, self.surplus]
        last = name_at[-1]
        ends = list(accumulate(map(len, zones)))
        spans = list(zip([0, *ends[:-1]], ends, strict=True))
        journeys = _Journeys(formed, entering, onward, [last[c] for zone in zones for c in zone], spans, renames)
        self._kept_journeys = (len(self._actions), player, journeys)
        return journeys


class _Journeys(NamedTuple):
    """The hidden cards' journeys through the bags (``PuckState._determinized_world``).

    A world's names come from ``carried``: the cards it put on the threads out of the bags,
    bag by bag, then the deck (a card on no thread keeps its own name)."""

    formed: list[int]  # index in ``events`` where each bag was formed
    entering: list[list[int]]  # per bag: the cards whose journey starts there
    onward: list[list[tuple[int, int]]]  # per bag: (thread, later bag) for each thread into one
    # The cards of the piles, hands, pot and surplus, zone after zone, by the index in
    # ``carried`` of each one's world card (the one on its last thread), and each zone's span.
    zones: list[int]
    spans: list[tuple[int, int]]
    renames: list[_Rename]  # the events whose cards a world renames, and from where in ``carried``


# An event a world renames: its index in ``events``, and for its one or two tuples of cards
# (a draw's or a trick's cards; an exchange's cards put and taken) the index in ``carried``
# of each card's name.
_Rename = tuple[int, tuple[int, ...], tuple[int, ...]]


def _thread_tables(
    threads: list[list[tuple[tuple[int, int, int], int]]],
) -> tuple[list[list[tuple[int, int]]], list[list[int]]]:
    """Put the threads out of each bag in a fixed order (into later bags first, then to the
    places) and tabulate, per bag: (thread, later bag) for each thread into a later bag, and
    the names from the bag's forming on. A real card that passed through the bag is named
    by the card on its thread out: its index in ``carried`` (``_Journeys``), per bag."""
    onward: list[list[tuple[int, int]]] = []
    names: list[list[int]] = []
    name_at = [sum(map(len, threads)) + c for c in DECK]
    carried = 0  # threads out of the bags before
    for out in threads:
        out.sort()
        onward.append([(i, where[1]) for i, (where, _) in enumerate(out) if where[0] == 0])
        for i, (_, c) in enumerate(out):
            name_at[c] = carried + i
        carried += len(out)
        names.append(name_at.copy())
    return onward, names


def _renames(events: list[Event], formed: list[int], names: list[list[int]], threads: int) -> list[_Rename]:
    """The events from each bag's forming on (its own trick order included) that name a card
    on a journey there, each card's name by the bag's ``names``. An event none of whose cards
    is on a journey keeps its names in every world, so it is left out: most of a long game's
    history (a card shown at a showdown starts afresh)."""
    renames: list[_Rename] = []
    ends = [*formed[1:], len(events)]
    for start, end, name_at in zip(formed, ends, names, strict=True):
        for t in range(start, end):
            event = events[t]
            cards: tuple[int, ...]
            more: tuple[int, ...] = ()
            if event[0] == "draw" or event[0] == "collect":
                cards = event[2]
            elif event[0] == "exchange":
                cards, more = event[2], event[4]
            else:
                continue
            first = tuple([name_at[c] for c in cards])
            second = tuple([name_at[c] for c in more])
            if any(i != threads + c for c, i in zip(cards, first, strict=True)) or any(
                i != threads + c for c, i in zip(more, second, strict=True)
            ):
                renames.append((t, first, second))
    return renames


def _rename_history(events: list[Event], renames: list[_Rename], carried: list[int]) -> None:
    """Rename the cards of the events ``renames`` names, by their names in ``carried``."""
    name = carried.__getitem__
    for t, first, second in renames:
        event = events[t]
        if event[0] == "draw":
            events[t] = ("draw", event[1], tuple(map(name, first)))
        elif event[0] == "exchange":
            events[t] = ("exchange", event[1], tuple(map(name, first)), event[3], tuple(map(name, second)))
        elif event[0] == "collect":
            events[t] = ("collect", event[1], tuple(map(name, first)), event[3], event[4])


def max_game_length(players: int, variant: Mapping[str, Any]) -> int:
    """An upper bound on the actions of one game, from its safety bound (P12): per round the
    draws, the decisions and the tie-break turns."""
    return int(variant["max_rounds"]) * (2 * players + 52)
