"""Nesalomljiv ("unbreakable"): duels of two weapons against a target card, for 2 players
(rules: ``rules.md`` beside this module, N1-N15).

Notation (``docs/notation.md``): in a duel, the two weapons kept, lowest card first, joined by
``-`` (``3S-7H``; the third weapon is dropped); one card code (``7H``) to place that card of the
match hand as the Attacker, or ``place`` for the top card of a blind match hand; ``draw`` for the
card a knocked-out player draws from the stock.

This module reads like the rules file: components, deal, the duel, the Chooser duel, the
Attacker game, the end, what each player sees (observation, determinize); ``words.py`` shows it to people.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import IntEnum, StrEnum
from typing import Any, Final, Literal, NamedTuple, cast

from kartaros.cards import CODE, RANK, card_id, codes, standard_deck
from kartaros.games.nesalomljiv.views import (
    ChooseView,
    DealView,
    DrawView,
    DuelView,
    EventView,
    NesalomljivObservation,
    PhaseName,
    RoleName,
)
from kartaros.rng import Rng, mix
from kartaros.state import End, GameState, Problem, end_view
from kartaros.variant import Option

# ---- N1-N3: components ------------------------------------------------------------------

DECK: Final = standard_deck()  # N1: 52 cards, no Jokers; suits play no role
MATCH_SIZE: Final = 5
WEAPONS: Final = 3
JACK: Final = 10

# N2: a card's value in the hand (a weapon) and in the middle (the Chooser or the Attacker).
WEAPON_VALUE: Final = [RANK[c] + 1 if RANK[c] < JACK else 0 for c in DECK]
TARGET_VALUE: Final = [RANK[c] + 1 if RANK[c] < JACK else 100 for c in DECK]

OPTIONS: Final = (
    Option(
        "match_hand",
        "open-to-owner",
        "the owner looks at his match hand and chooses what to place, or it is a face-down stack placed from the top",
        ("open-to-owner", "blind"),
    ),
    Option("weapons_first", False, "N7: deal the new weapons before the next Attacker is placed", (False, True)),
    Option("max_duels", 10_000, "N15: duels (Chooser duels count) after which the game is drawn", minimum=1),
)


class Phase(IntEnum):
    """Who decides what now."""

    CHOOSE = 0  # N5: both players keep two weapons, one after the other
    DRAW = 1  # N11: the knocked-out player draws a card
    PLACE = 2  # N10: the next Attacker is placed
    OVER = 3


CHOOSE: Final = Phase.CHOOSE
DRAW: Final = Phase.DRAW
PLACE: Final = Phase.PLACE
OVER: Final = Phase.OVER
PHASE_NAMES: tuple[PhaseName, ...] = ("choose", "draw", "place", "over")


class Reason(StrEnum):
    """Why a game of Nesalomljiv ended (``Outcome.reason``; the value is the word records keep)."""

    LAST_CARD = "last_card"  # N13: the winner placed his last match-hand card
    EXHAUSTED = "exhausted"  # N14: no cards left to deal
    MAX_DUELS = "max_duels"  # N15: drawn at the bound


class Why(StrEnum):
    """What is wrong with an illegal action, where the rules can tell (``Problem.kind``)."""

    KEEP_FORM = "keep_form"  # N5: a duel choice names the two weapons kept, joined by "-"
    KEEP_TWO = "keep_two"  # N5: exactly two are kept, the third is dropped
    NOT_HELD = "not_held"
    SAME_TWICE = "same_twice"
    NOTATION = "notation"  # the right order is ``Problem.text``
    NOT_IN_MATCH = "not_in_match"  # N10: the Attacker comes from one's match hand


# The role of the card in the middle.
CHOOSER: Final = 0
ATTACKER: Final = 1
ROLE_NAMES: tuple[RoleName, ...] = ("chooser", "attacker")

# Moves (values of the legal-move dict): a duel choice is (kept, kept, dropped); a placement is
# the card, or TOP for a blind match hand; the knockout draw is DRAW_MOVE.
TOP: Final = -1
DRAW_MOVE: Final = "draw"
_DRAW_ONLY: Final = {"draw": DRAW_MOVE}
_PLACE_TOP: Final = {"place": TOP}
_PLAYOUT_TOP: Final = (TOP,)
_PLAYOUT_DRAW: Final = (DRAW_MOVE,)
_OTHER_PHASE_MOVES: Final = frozenset((DRAW_MOVE, "place"))  # N10, N11: the moves a duel's choice is not
_PLACE_KEY: Final = 52 * 52  # ``tree_moves``: a duel choice's keys come below, a placement's from here
_PLACE_TOP_KEY: Final = (_PLACE_KEY - 1,)
_DRAW_KEY: Final = (_PLACE_KEY - 2,)


def _joined(a: int, b: int) -> str:
    return f"{CODE[a]}-{CODE[b]}" if a < b else f"{CODE[b]}-{CODE[a]}"


# N5: the notation of every pair of weapons kept, ``_KEPT[a][b]``: 2,704 strings, few enough to
# stay in the processor's cache, where a cache of the dicts of all 22,100 sets of three weapons
# was read from main memory on nearly every duel choice (random play 1.2x faster).
_KEPT: Final = [[_joined(a, b) for b in range(52)] for a in range(52)]


def _sorted_three(weapons: list[int]) -> tuple[int, int, int]:
    """N5: a player's three weapons, lowest first (compared in place: a few times cheaper than
    ``sorted``, and two moves in three are duel choices)."""
    a, b, c = weapons
    if a > b:
        a, b = b, a
    if b > c:
        b, c = c, b
        if a > b:
            a, b = b, a
    return a, b, c


# ---- the history ----------------------------------------------------------------------------
#
# One type per kind of event: the kind, the player (-1: nobody), then what happened. The kinds
# a playout makes at least once in a hundred moves stay bare tuples, typed by an alias: a
# NamedTuple costs about 0.13 µs more to make, a few per cent of a playout move (every duel
# deals, chooses, reveals and places). The rarer ones are NamedTuples.

Weapons = tuple[int, int, int]  # a duel choice: kept, kept, dropped
# N4, N7: kind, player, the zone dealt to, the cards (private)
DealEvent = tuple[Literal["deal"], int, Literal["match", "weapons"], tuple[int, ...]]
ChooseEvent = tuple[Literal["choose"], int, Weapons]  # N6: kind, player, his choice (private until the duel)
# N5: kind, -1, the target's role, the target, each player's choice, the winner (-1: a tie), a knockout
DuelEvent = tuple[Literal["duel"], int, int, int, Weapons, Weapons, int, bool]
TakeEvent = tuple[Literal["take"], int, int, int]  # N8, N11: kind, player, the target he takes, its role
DiscardEvent = tuple[Literal["discard"], int, int, int]  # N8, N9, N12: kind, -1, the target, its role
PlaceEvent = tuple[Literal["place"], int, int]  # N10: kind, player, the Attacker
DrawEvent = tuple[Literal["draw"], int, int]  # N11: kind, player, his card from the stock (private)
ReshuffleEvent = tuple[Literal["reshuffle"], int, tuple[int, ...]]  # N14: kind, -1, the new stock's cards, sorted


class ChooserEvent(NamedTuple):
    """N4, N9: ``card`` turned from the stock as the Chooser."""

    kind: Literal["chooser"]
    player: int  # -1
    card: int


Event = (
    DealEvent | ChooseEvent | DuelEvent | TakeEvent | DiscardEvent | PlaceEvent | DrawEvent
    | ReshuffleEvent | ChooserEvent | End
)


class NesalomljivState(GameState):
    game = "nesalomljiv"
    _over_phase = OVER
    # What ``clone`` does with each field (``GameState._share`` and the rest say how).
    _share = (
        "target", "role", "placer", "player", "duels", "last_duel", "generation", "blind", "weapons_first", "max_duels",
    )
    _copy = ("choice", "choice_event", "stock", "discard", "gen", "intro")  # ``choice`` holds tuples: immutable
    _copy_each = ("match", "known", "weapons")
    __slots__ = _share + _copy + _copy_each

    match: list[list[int]]  # each match hand, top first (the order matters only when blind)
    known: list[list[int]]  # cards of each match hand that went in face up (public)
    weapons: list[list[int]]  # in dealt order; the dropped one stays here until the reveal
    choice: list[Weapons | None]  # this duel's secret choice: kept, kept, dropped
    choice_event: list[int]  # index in ``events`` of that choice
    stock: list[int]  # top is the last element
    discard: list[int]  # top is the last element
    target: int  # the Chooser or the Attacker in the middle, or -1
    role: int  # CHOOSER or ATTACKER
    placer: int  # who placed the Attacker in the middle; in PLACE, who places the next one
    player: int  # who decides now
    duels: int  # N15
    last_duel: int  # index in ``events`` of the last duel, or -1
    generation: int  # how many times the discard pile became the stock (N14)
    gen: list[int]  # per card: the stock generation it was dealt from (or lies in)
    intro: list[int]  # per card: index of the private event that put it where it is hidden
    events: list[Event]
    blind: bool
    weapons_first: bool
    max_duels: int  # N15 (the variant's, read once: a duel checks it)

    # ---- N4: the deal --------------------------------------------------------------------------

    @classmethod
    def create(
        cls,
        players: int,
        seed: int | None,
        deck: Sequence[str] | None,
        variant: Mapping[str, Any] | None,
    ) -> NesalomljivState:
        self = cls._begin(players, seed, variant, OPTIONS)
        order = self._deal_order(DECK, deck)
        self.blind = self.variant["match_hand"] == "blind"
        self.weapons_first = self.variant["weapons_first"]
        self.max_duels = self.variant["max_duels"]
        chooser = 2 * MATCH_SIZE  # cards 1-10 the match hands, 11 the Chooser, 12-17 the weapons
        stock = chooser + 1 + 2 * WEAPONS
        # Dealt one at a time onto a pile set aside: the last card dealt lies on top.
        self.match = [order[chooser - 2 :: -2], order[chooser - 1 :: -2]]
        self.known = [[], []]
        self.target = order[chooser]
        self.role = CHOOSER
        self.placer = -1
        self.weapons = [order[chooser + 1 : stock : 2], order[chooser + 2 : stock : 2]]
        self.choice = [None, None]
        self.choice_event = [-1, -1]
        self.stock = order[stock:][::-1]
        self.discard = []
        deals: list[DealEvent] = [
            ("deal", 0, "match", tuple(order[0:chooser:2])),
            ("deal", 1, "match", tuple(order[1:chooser:2])),
            ("deal", 0, "weapons", tuple(self.weapons[0])),
            ("deal", 1, "weapons", tuple(self.weapons[1])),
        ]
        self.events = [deals[0], deals[1], ChooserEvent("chooser", -1, self.target), deals[2], deals[3]]
        self.intro = [-1] * 52
        for index, deal in zip((0, 1, 3, 4), deals, strict=True):
            for card in deal[3]:
                self.intro[card] = index
        self.generation = 0
        self.gen = [0] * 52
        self.duels = 0
        self.last_duel = -1
        self.player = 0
        self.phase = CHOOSE
        return self

    # ---- the public API ----------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self.phase is OVER else self.player

    def zones(self) -> dict[str, list[str]]:
        return {
            "match:0": codes(self.match[0]),  # top first
            "match:1": codes(self.match[1]),
            "weapons:0": codes(self.weapons[0]),
            "weapons:1": codes(self.weapons[1]),
            "target": [CODE[self.target]] if self.target >= 0 else [],
            "stock": codes(reversed(self.stock)),  # top first
            "discard": codes(self.discard),  # bottom first
        }

    # ---- legal moves -------------------------------------------------------------------------

    def _legal_moves(self) -> dict[str, Any]:
        phase = self.phase
        if phase is CHOOSE:  # N5: keep two of the three, by the pair kept (two moves in three)
            a, b, c = _sorted_three(self.weapons[self.player])
            with_a = _KEPT[a]
            return {with_a[b]: (a, b, c), with_a[c]: (a, c, b), _KEPT[b][c]: (b, c, a)}
        if phase is PLACE:
            if self.blind:
                return _PLACE_TOP
            moves = {}  # N10: any card of the match hand (a loop: cheaper than a comprehension's call)
            for card in sorted(self.match[self.player]):
                moves[CODE[card]] = card
            return moves
        if phase is DRAW:
            return _DRAW_ONLY
        return {}

    def _playout_moves(self) -> Sequence[Any]:
        """The legal moves without their notation, in the same order (the search fast path)."""
        phase = self.phase
        if phase is CHOOSE:
            a, b, c = _sorted_three(self.weapons[self.player])
            return (a, b, c), (a, c, b), (b, c, a)
        if phase is PLACE:
            return _PLAYOUT_TOP if self.blind else sorted(self.match[self.player])
        return _PLAYOUT_DRAW if phase is DRAW else ()

    def tree_moves(self) -> tuple[Sequence[Any], Sequence[int]]:
        """The playout's moves, keyed as their actions are written: a duel choice by the two
        weapons kept (the dropped one is not written), a placement by its card, or a word."""
        moves = self._playout_moves()
        phase = self.phase
        if phase is CHOOSE:
            return moves, [a * 52 + b for a, b, _ in moves]
        if phase is PLACE and not self.blind:
            return moves, [_PLACE_KEY + card for card in moves]
        return moves, _PLACE_TOP_KEY if phase is PLACE else _DRAW_KEY

    def _value_guess(self) -> list[float]:
        """N13: fewer match-hand cards is closer to the win."""
        a, b = len(self.match[0]), len(self.match[1])
        return [0.5, 0.5] if a + b == 0 else [b / (a + b), a / (a + b)]

    def _play(self, move: Any) -> None:
        phase = self.phase
        if phase is CHOOSE:
            self._choose(self.player, move)
        elif phase is PLACE:
            self._place(self.player, move)
        else:
            self._knockout_draw(self.player)

    # ---- N7, N14: dealing from the stock ---------------------------------------------------

    def _take_from_stock(self, count: int) -> list[int] | None:
        """The stock's top ``count`` cards, the discard pile shuffled in whenever it runs out;
        ``None``, and the game over, if even then there are not enough (N14)."""
        stock = self.stock
        if len(stock) >= count:
            cards = stock[: -count - 1 : -1]  # top first
            del stock[-count:]
            return cards
        if len(stock) + len(self.discard) < count:
            self._exhausted()
            return None
        cards = []
        for _ in range(count):
            if not stock:
                self._reshuffle()
                stock = self.stock
            cards.append(stock.pop())
        return cards

    def _reshuffle(self) -> None:
        """N14: the discard pile becomes the new stock (its cards are public, its order is not)."""
        self.stock, self.discard = self.discard, []
        self._shuffle(self.stock)
        self.generation += 1
        gen = self.gen
        for card in self.stock:
            gen[card] = self.generation
        self.events.append(("reshuffle", -1, tuple(sorted(self.stock))))

    def _deal_weapons(self) -> bool:
        """N7: 3 new weapons to each, one at a time, player 0 first; False if the game ended."""
        stock = self.stock
        if len(stock) >= 2 * WEAPONS:  # the common case, by slices (weapons are dealt after most duels)
            mine, yours = stock[-1:-7:-2], stock[-2:-7:-2]  # from the top: the 1st, 3rd, 5th; 2nd, 4th, 6th
            del stock[-6:]
        else:
            cards = self._take_from_stock(2 * WEAPONS)
            if cards is None:
                return False
            mine, yours = cards[0::2], cards[1::2]
        self.weapons = [mine, yours]
        first, second = tuple(mine), tuple(yours)
        events, intro = self.events, self.intro
        at = len(events)
        intro[first[0]] = intro[first[1]] = intro[first[2]] = at
        intro[second[0]] = intro[second[1]] = intro[second[2]] = at + 1
        events.append(("deal", 0, "weapons", first))
        events.append(("deal", 1, "weapons", second))
        return True

    def _turn_chooser(self) -> bool:
        """N9: a new Chooser from the stock; False if the game ended."""
        cards = self._take_from_stock(1)
        if cards is None:
            return False
        self.target = cards[0]
        self.role = CHOOSER
        self.placer = -1
        self.events.append(ChooserEvent("chooser", -1, self.target))
        return True

    # ---- N5-N6: the duel -----------------------------------------------------------------------

    def _choose(self, p: int, move: Weapons) -> None:
        """N6: the choices come one after the other, player 0 first; the second one reveals both."""
        self.choice[p] = move
        self.choice_event[p] = len(self.events)
        self.events.append(("choose", p, move))
        if p == 0:
            self.player = 1
        else:
            self._duel()

    def _duel(self) -> None:
        """N5, N7: the reveal, the weapons to the discard pile, the target settled, then what next."""
        choice = self.choice
        first, second = choice
        assert first is not None and second is not None
        a0, b0, drop0 = first
        a1, b1, drop1 = second
        target, role = self.target, self.role
        value = TARGET_VALUE[target]
        distance0 = abs(value - WEAPON_VALUE[a0] - WEAPON_VALUE[b0])
        distance1 = abs(value - WEAPON_VALUE[a1] - WEAPON_VALUE[b1])
        winner = 0 if distance0 < distance1 else 1 if distance1 < distance0 else -1
        knockout = winner >= 0 and (distance0 if winner == 0 else distance1) == 0
        events, discard = self.events, self.discard
        self.last_duel = len(events)
        events.append(("duel", -1, role, target, first, second, winner, knockout))
        discard += (drop0, drop1, a0, b0, a1, b1)  # the dropped ones went down first
        self.weapons = [[], []]
        choice[0] = choice[1] = None
        self.duels += 1
        self.target = -1
        if winner >= 0 and (role == ATTACKER or knockout):  # N8 (knockout), N11: the loser takes it
            loser = 1 - winner
            self.match[loser].append(target)  # at the bottom
            self.known[loser].append(target)
            events.append(("take", loser, target, role))
        else:  # N8 (a plain win), N9, N12
            discard.append(target)
            events.append(("discard", -1, target, role))
        if self.duels >= self.max_duels:
            self._finish((0.5, 0.5), Reason.MAX_DUELS)
            return
        if winner < 0:
            if role == CHOOSER:
                self._chooser_again()
            else:
                self._next_placer(1 - self.placer)  # N12
        elif role == ATTACKER and knockout:
            self.placer = winner
            self.player = 1 - winner
            self.phase = DRAW  # N11: the loser draws his extra card
        else:
            self._next_placer(winner)  # N8, N11

    # ---- N8-N9: the Chooser duel ---------------------------------------------------------------

    def _chooser_again(self) -> None:
        """N9: a tie on the Chooser: a new Chooser, new weapons (N7: target first), and again."""
        if self._turn_chooser() and self._deal_weapons():
            self.player = 0
            self.phase = CHOOSE

    # ---- N10-N12: the Attacker game --------------------------------------------------------------

    def _next_placer(self, p: int) -> None:
        """N7: the next Attacker comes before the new weapons, unless ``weapons_first``."""
        self.placer = p
        if self.weapons_first and not self._deal_weapons():
            return
        self.player = p
        self.phase = PLACE

    def _knockout_draw(self, p: int) -> None:
        """N11: the knocked-out player draws the top card of the stock into his match hand."""
        cards = self._take_from_stock(1)
        if cards is None:
            return
        card = cards[0]
        self.match[p].append(card)  # a blind match hand takes it at the bottom, after the Attacker
        self.intro[card] = len(self.events)
        self.events.append(("draw", p, card))
        self._next_placer(1 - p)

    def _place(self, p: int, move: int) -> None:
        """N10: a card of the match hand into the middle (the top one when blind); N13."""
        hand = self.match[p]
        if move == TOP:
            card = hand.pop(0)
        else:
            card = move
            hand.remove(card)
        if card in self.known[p]:
            self.known[p].remove(card)
        self.target = card
        self.role = ATTACKER
        self.placer = p
        self.events.append(("place", p, card))
        if not hand:  # N13: his last card: he wins at once, there is no duel
            returns = (1.0, 0.0) if p == 0 else (0.0, 1.0)
            self._finish(returns, Reason.LAST_CARD)
            return
        if self.weapons_first or self._deal_weapons():
            self.player = 0
            self.phase = CHOOSE

    # ---- N13-N15: the end --------------------------------------------------------------------

    def _exhausted(self) -> None:
        """N14: not enough cards even with the discard pile: fewer match-hand cards wins."""
        n0, n1 = len(self.match[0]), len(self.match[1])
        if n0 == n1:
            self._finish((0.5, 0.5), Reason.EXHAUSTED)
        else:
            self._finish((1.0, 0.0) if n0 < n1 else (0.0, 1.0), Reason.EXHAUSTED)

    # ---- illegal input ----------------------------------------------------------------------

    def _problem(self, action: str) -> Problem | None:
        p = self.player
        if self.phase is CHOOSE:
            # A move of another phase (a pile clicked on the table) is no choice written wrong:
            # its words are what the duel asks (N5), without the notation of a choice.
            return None if action in _OTHER_PHASE_MOVES else _keep_problem(action, self.weapons[p])
        placing = self.phase is PLACE and not self.blind
        if placing and len(action) == 2 and action in CODE[:52] and card_id(action) not in self.match[p]:
            return Problem(Why.NOT_IN_MATCH, cards=(action,))
        return None

    # ---- what each player sees ---------------------------------------------------------------

    def _view(self, player: int, view: NesalomljivObservation) -> None:
        mine = self.choice[player]
        target = self.target
        view["phase"] = PHASE_NAMES[self.phase]
        view["target"] = CODE[target] if target >= 0 else None
        view["target_role"] = ROLE_NAMES[self.role] if target >= 0 else None
        view["target_value"] = TARGET_VALUE[target] if target >= 0 else None
        view["placer"] = self.placer if self.phase is PLACE or (target >= 0 and self.role == ATTACKER) else None
        view["weapons"] = codes(sorted(self.weapons[player]))
        view["weapon_counts"] = [len(self.weapons[0]), len(self.weapons[1])]
        view["chosen"] = [self.choice[0] is not None, self.choice[1] is not None]
        view["my_choice"] = None if mine is None else {"keep": codes(mine[:2]), "drop": CODE[mine[2]]}
        view["match_hands"] = [self._match_view(p, player) for p in (0, 1)]
        # What everyone knows of each match hand (cards that went in face up, N8, N11): the same
        # in every player's view, so a spectator's public view keeps it where match_hands differ.
        view["match_public"] = [codes(sorted(self.known[p])) for p in (0, 1)]
        view["match_sizes"] = [len(self.match[0]), len(self.match[1])]
        view["stock_size"] = len(self.stock)
        view["discard"] = codes(self.discard)
        view["duels"] = self.duels
        # ``last_duel`` indexes a duel event, so its view is a duel's.
        last = cast("DuelView", self._event_view(self.events[self.last_duel], player)) if self.last_duel >= 0 else None
        view["last_duel"] = last

    def _event_view(self, event: Event, viewer: int) -> EventView:
        """One event as ``viewer`` saw it: private cards shown to their owner only (to nobody when blind)."""
        blind = self.blind
        who = event[1]
        if event[0] == "deal":
            deal: DealView = {"type": "deal", "player": who, "zone": event[2], "count": len(event[3])}
            if who == viewer and not (blind and event[2] == "match"):
                deal["cards"] = codes(sorted(event[3]))
            return deal
        if event[0] == "choose":
            choose: ChooseView = {"type": "choose", "player": who}
            if who == viewer:  # N6: nobody else learns anything until the reveal
                choose["keep"] = codes(event[2][:2])
                choose["drop"] = CODE[event[2][2]]
            return choose
        if event[0] == "duel":
            _, _, role, target, first, second, winner, knockout = event
            value = TARGET_VALUE[target]
            sums = [WEAPON_VALUE[first[0]] + WEAPON_VALUE[first[1]], WEAPON_VALUE[second[0]] + WEAPON_VALUE[second[1]]]
            return {
                "type": "duel",
                "role": ROLE_NAMES[role],
                "target": CODE[target],
                "value": value,
                "kept": [codes(first[:2]), codes(second[:2])],
                "dropped": [CODE[first[2]], CODE[second[2]]],
                "sums": sums,
                "distances": [abs(value - sums[0]), abs(value - sums[1])],
                "winner": winner if winner >= 0 else None,
                "knockout": knockout,
            }
        if event[0] == "draw":
            draw: DrawView = {"type": "draw", "player": who, "source": "stock"}
            if who == viewer and not blind:
                draw["card"] = CODE[event[2]]
            return draw
        if event[0] == "chooser":
            return {"type": "chooser", "card": CODE[event.card]}
        if event[0] == "take":
            return {"type": "take", "player": who, "card": CODE[event[2]], "role": ROLE_NAMES[event[3]]}
        if event[0] == "discard":
            return {"type": "discard", "card": CODE[event[2]], "role": ROLE_NAMES[event[3]]}
        if event[0] == "place":
            return {"type": "place", "player": who, "card": CODE[event[2]]}
        if event[0] == "reshuffle":
            return {"type": "reshuffle", "count": len(event[2]), "cards": codes(event[2])}
        return end_view(event)

    def _match_view(self, owner: int, viewer: int) -> list[str | None]:
        """A match hand as ``viewer`` knows it: a code per card he can name, ``None`` for the rest.

        Open: the owner's own hand sorted; the opponent's known cards (sorted), then one ``None``
        per unseen card. Blind: the stack top first, known only where a card went in face up.
        """
        hand = self.match[owner]
        known = self.known[owner]
        if self.blind:
            return [CODE[c] if c in known else None for c in hand]
        if owner == viewer:
            return list(codes(sorted(hand)))
        return [*codes(sorted(known)), *[None] * (len(hand) - len(known))]

    def _determinized_world(self, player: int, seed: int) -> NesalomljivState:
        """Re-deal the cards ``player`` cannot locate, each among the places of its generation.

        Hidden: the stock, the opponent's weapons, the cards of his match hand that did not go
        in face up (and, when blind, those of the player's own). A card dealt from one stock
        generation can only be swapped with another of the same generation: after a reshuffle
        (N14) the new stock is a known set. The opponent's pending duel choice, if he made it,
        is drawn again at random among his new weapons; his private events follow his new cards.
        The world depends only on what the player knows and the seed: each generation's cards
        are shuffled from a sorted order, and an open match hand (whose order means nothing) is
        sorted, so states he cannot tell apart give the very same world.
        """
        world = self.clone()
        rng = Rng(mix(seed, 0x6E6573))
        opponent = 1 - player
        gen, intro = self.gen, world.intro
        # The hidden places in hands (zone list, index), by generation, in order.
        places: dict[int, list[tuple[list[int], int]]] = {}
        for p in (opponent, player) if self.blind else (opponent,):
            known = world.known[p]
            hand = world.match[p]
            for i, c in enumerate(hand):
                if c not in known:
                    places.setdefault(gen[c], []).append((hand, i))
        weapons = world.weapons[opponent]
        for i, c in enumerate(weapons):
            places.setdefault(gen[c], []).append((weapons, i))
        # The stock, after them: all of one generation (it changes only by its top card taken,
        # or as a whole, N14), so one block instead of a place per card.
        stock = world.stock
        stock_gen = gen[stock[0]] if stock else -1
        rewrites: dict[int, dict[int, int]] = {}  # event index -> {old card: new card}
        for generation in sorted(places.keys() | {stock_gen} if stock else places):
            hidden = places.get(generation, [])
            old = [zone[i] for zone, i in hidden]
            if generation == stock_gen:
                old += stock
            new = sorted(old)
            rng.quick_shuffle(new)
            for (zone, i), before, after in zip(hidden, old, new, strict=False):  # the hands: the first cards
                zone[i] = after
                at = self.intro[before]
                rewrites.setdefault(at, {})[before] = after
                intro[after] = at
            if generation == stock_gen:
                stock[:] = new[len(hidden) :]
        if not self.blind:  # a blind stack's order is public: its hidden places are known
            world.match[opponent].sort()
        events = world.events
        for index, swap in rewrites.items():
            event = events[index]
            if event[0] == "deal":
                events[index] = ("deal", event[1], event[2], tuple(swap.get(c, c) for c in event[3]))
            else:  # a knockout draw: the only other event that brings a hidden card
                assert event[0] == "draw"
                events[index] = ("draw", event[1], swap.get(event[2], event[2]))
        if world.choice[opponent] is not None:
            drop = rng.below(WEAPONS)
            kept = sorted(c for i, c in enumerate(weapons) if i != drop)
            choice = world.choice[opponent] = (kept[0], kept[1], weapons[drop])
            events[world.choice_event[opponent]] = ("choose", opponent, choice)
        world._rng = Rng(mix(seed, 0x726E67))
        world._legal = None
        return world


# ---- illegal duel choices ------------------------------------------------------------------


def _keep_problem(action: str, weapons: list[int]) -> Problem | None:
    """Why a duel choice is not playable: not two cards, a card not held, or not canonical."""
    parts = action.split("-")
    if not all(p in CODE[:52] for p in parts):
        return Problem(Why.KEEP_FORM) if action else None
    if len(parts) != 2:
        return Problem(Why.KEEP_TWO)
    held = {CODE[c] for c in weapons}
    missing = tuple(p for p in parts if p not in held)
    if missing:
        return Problem(Why.NOT_HELD, cards=missing)
    if parts[0] == parts[1]:
        return Problem(Why.SAME_TWICE)
    return Problem(Why.NOTATION, text=_joined(card_id(parts[0]), card_id(parts[1])))


def max_game_length(players: int, variant: Mapping[str, Any]) -> int:
    """An upper bound on the actions of one game, from its safety bound (N15): two choices, a
    placement and a draw per duel."""
    return 4 * int(variant["max_duels"]) + 4
