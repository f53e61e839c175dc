"""Tač: a race to shed one's cards onto ascending piles, for 2-8 players (rules:
``rules.md`` beside this module, T1-T13).

Notation (``docs/notation.md``): ``turn`` turns the next card of the mover's closed pile (turning
his open pile over first when the closed pile is empty, T8); a card code, ``>`` and a place puts
that card there: ``7H>C`` on the central pile, ``7H>2`` on the open pile of seat 2 (the mover's
own seat: his own open pile, which ends his turn). With ``calls: "open"`` a trailing ``?`` marks
a miss (``turn?``, ``7H>0?``), and the players asked after a miss answer ``call`` or ``pass``.

This module reads like the rules file: components, deal, legal placements, a turn, the end, the
call, what each player sees (observation, determinize); ``words.py`` shows it to people.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import IntEnum, StrEnum
from typing import Any, Final, Literal, NamedTuple

from kartaros.cards import CODE, RANK, RANKS, SECOND_DECK, card_id, codes, standard_deck
from kartaros.games.tac.views import EventView, Miss, MissKind, PhaseName, TacObservation
from kartaros.rng import Rng, mix
from kartaros.state import End, GameState, Problem, end_view
from kartaros.variant import Option

# ---- T1-T2: components ------------------------------------------------------------------

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 8
ONE_DECK: Final = standard_deck()  # T1: 2-4 players, no Jokers; suits play no role
TWO_DECKS: Final = standard_deck(decks=2)  # T1: 5-8 players
ACE: Final = 0
TWO: Final = 1
WRAP_NEXT: Final = tuple((r + 1) % 13 for r in range(13))  # T1: after K comes A
PLAIN_NEXT: Final = (*range(1, 13), -1)  # an open pile topped by a King takes nothing (no wrap)

OPTIONS: Final = (
    Option("wrap_open_piles", True, "T4: an open pile topped by a King takes an Ace", (True, False)),
    Option("central_first", False, "T9: a card that fits the central pile must go there", (False, True)),
    Option("finish", "first-out", "T10: stop at the first player out, or rank everyone", ("first-out", "ranking")),
    Option("calls", "enforced", "T12: only correct moves, or misses and the call of T11", ("enforced", "open")),
    Option("max_moves", 100_000, "T13: actions after which the fewest cards win", minimum=1),
)


class Phase(IntEnum):
    """What the player to move decides."""

    OPEN_TOP = 0  # T6, T9: place the top of his open pile
    TURN_CARD = 1  # T7: turn his next closed card
    TURNED = 2  # T7: place the card he turned
    WINDOW = 3  # T11: call the miss just made, or pass
    OVER = 4


OPEN_TOP: Final = Phase.OPEN_TOP
TURN_CARD: Final = Phase.TURN_CARD
TURNED: Final = Phase.TURNED
WINDOW: Final = Phase.WINDOW
OVER: Final = Phase.OVER
PHASE_NAMES: tuple[PhaseName, ...] = ("open", "turn", "turned", "call", "over")


class Reason(StrEnum):
    """Why a game of Tač ended (``Outcome.reason``; the value is the word records keep)."""

    OUT = "out"  # T10: the first player out of cards wins
    RANKING = "ranking"  # T10: every player but one is out (finish: ranking)
    MAX_MOVES = "max_moves"  # T13: the fewest cards win at the bound
    STUCK = "stuck"  # T14: nothing was placed for two whole passes; the fewest cards win


# Moves (values of the legal-move dict): 0-7 a seat's open pile, then the others.
CENTRAL: Final = MAX_PLAYERS
TURN: Final = MAX_PLAYERS + 1
TURN_MISS: Final = MAX_PLAYERS + 2
CALL: Final = MAX_PLAYERS + 3
PASS: Final = MAX_PLAYERS + 4
KEEP_MISS: Final = MAX_PLAYERS + 5
_TURN_ONLY: Final = {"turn": TURN}
CALL_ACTION: Final = "call"  # the action that calls out a miss (T11)
STUCK_TURNOVERS: Final = 2  # T14: turnovers by every player in play without a card placed: stuck
_CALL_OR_PASS: Final = {CALL_ACTION: CALL, "pass": PASS}
_PLACE: Final = [[f"{CODE[c]}>{'C' if d == CENTRAL else d}" for d in range(CENTRAL + 1)] for c in range(len(CODE))]
_KEEP_MISS: Final = [[f"{CODE[c]}>{d}?" for d in range(MAX_PLAYERS)] for c in range(len(CODE))]
_PLAYOUT_TURN: Final = (TURN,)
_PLAYOUT_CALL_OR_PASS: Final = (CALL, PASS)
_TURN_KEY: Final = (-1,)  # ``tree_moves``: a placement's keys are ≥ 0
_CALL_OR_PASS_KEYS: Final = (-2, -3)
# A card's place in the canonical order of the worlds' unknown cards: by code, the first deck's first.
_CANONICAL: Final = [2 * (c - SECOND_DECK) + 1 if c >= SECOND_DECK else 2 * c for c in range(len(CODE))]

# Event places: a card placed from the open pile or from the closed pile (the turned card).
FROM_OPEN: Final = 0
FROM_CLOSED: Final = 1
GIVE_UNKNOWN: Final = -1
GIVE_NOTHING: Final = -2


class Why(StrEnum):
    """What is wrong with an illegal action, where the rules can tell (``Problem.kind``)."""

    NO_CALLS = "no_calls"  # T12: with calls "enforced" there are no misses to call
    NOT_ASKED = "not_asked"  # T11: calling and passing are for the players asked after a miss
    CALL_OR_PASS = "call_or_pass"  # T11: while the players are asked (``seat``: who missed)
    NO_MISSES = "no_misses"  # T12: misses ("?") only with calls "open"
    PLACE_TURNED_FIRST = "place_turned_first"  # T7
    OPEN_TOP_FIRST = "open_top_first"  # T6 (``text``: the miss it would be, with open calls)
    TURN_NO_MISS = "turn_no_miss"  # nothing waits to be placed, so turning is no miss
    TURN_FIRST = "turn_first"  # T7: nothing to place before turning
    OPEN_TOP_CARD = "open_top_card"  # T6: the card to place is the top of one's open pile
    TURNED_CARD = "turned_card"  # T7: the card to place is the one turned
    MISS_IS_KEEPING = "miss_is_keeping"  # T11: a miss keeps a card that fits, or turns
    CENTRAL_WANTS = "central_wants"  # T4 (``number``: the rank the central pile takes)
    NO_PLACE = "no_place"  # notation: a place is C or a seat (``text``: what was written)
    ALREADY_THERE = "already_there"  # T6
    FITS_ELSEWHERE = "fits_elsewhere"  # T7 (``text``: the miss it would be, with open calls)
    FITS_NOWHERE = "fits_nowhere"  # keeping a card that fits nowhere is no miss
    NOT_OPENED = "not_opened"  # T5: no open pile takes a card before the first Ace
    EMPTY_PILE = "empty_pile"  # T4 (``seat``: whose)
    PILE_REFUSES = "pile_refuses"  # T4 (``seat``, its top card, ``number``: the rank offered)
    CENTRAL_FIRST = "central_first"  # T9, with central_first


# ---- the history ----------------------------------------------------------------------------
#
# One type per kind of event: the kind, the player (-1: nobody), then what happened; every
# player sees every event. The kinds a playout makes at least once in a hundred moves stay bare
# tuples, typed by an alias: a NamedTuple costs about 0.13 µs more to make, and making the
# place and turn events NamedTuples measured a quarter slower playouts. The rarer ones are
# NamedTuples.

# T6, T7: kind, player, card, from (FROM_OPEN or FROM_CLOSED), to (a seat's open pile or CENTRAL)
PlaceEvent = tuple[Literal["place"], int, int, int, int]
TurnEvent = tuple[Literal["turn"], int, int]  # T7: kind, player, the card he turned
TurnoverEvent = tuple[Literal["turnover"], int, int]  # T8: kind, player, the cards of his new closed pile


class DealEvent(NamedTuple):
    """T3: the deal: ``each`` card(s) to every player, ``aside`` set aside, the ``central``
    pile's first Ace with three players (-1: none)."""

    kind: Literal["deal"]
    player: int  # -1
    each: int
    aside: int
    central: int


class MissEvent(NamedTuple):
    """T11: ``player`` missed ``card``: he turned while it fitted (``turn``) or kept it (``keep``)."""

    kind: Literal["miss"]
    player: int
    card: int
    how: Literal["turn", "keep"]


class CallEvent(NamedTuple):
    """T11: ``player`` calls out the miss of ``offender``."""

    kind: Literal["call"]
    player: int
    offender: int


class PassEvent(NamedTuple):
    """T11: ``player``, asked about the miss of ``offender``, lets it go."""

    kind: Literal["pass"]
    player: int
    offender: int


class GiveEvent(NamedTuple):
    """T11: ``player`` gives the bottom card of his closed pile to ``to``, the caught offender:
    the card where known to all, else GIVE_UNKNOWN (GIVE_NOTHING: his closed pile was empty)."""

    kind: Literal["give"]
    player: int
    to: int
    card: int


class OutEvent(NamedTuple):
    """T10: ``player`` has no cards left, in finishing ``place`` (1 for the first)."""

    kind: Literal["out"]
    player: int
    place: int


Event = (
    PlaceEvent | TurnEvent | TurnoverEvent | DealEvent | MissEvent | CallEvent | PassEvent | GiveEvent | OutEvent | End
)


class TacState(GameState):
    game = "tac"
    _over_phase = OVER
    # What ``clone`` does with each field (``GameState._share`` and the rest say how).
    _share = (
        "wants", "opened", "turned", "player", "turn", "offender", "missed", "finished", "_next", "_central_first",
        "_open_calls", "_ranking", "_max_moves", "_misses",
    )
    _copy = ("central", "aside", "places", "scores", "_takes", "_quiet", "_quiet_since")
    _copy_each = ("closed", "known", "opens")
    __slots__ = _share + _copy + _copy_each

    closed: list[list[int]]  # each player's closed pile, top = last element
    known: list[list[bool]]  # parallel to ``closed``: is this card's identity known to all (T8, T11)?
    opens: list[list[int]]  # each player's open pile, top = last element
    _takes: list[int]  # T4: per open pile, the rank it takes next (-1: none, or empty), kept with its top
    central: list[int]  # top = last element
    wants: int  # the rank the central pile takes next (T4)
    opened: bool  # T5: an Ace lies on the central pile
    aside: list[int]  # T3: cards set aside face down with two decks
    turned: int  # T7: the card the player to move has turned and not yet placed, or -1
    player: int  # who decides now
    turn: int  # whose turn it is (differs from ``player`` in a call window)
    offender: int  # T11: the player whose miss is being asked about, or -1
    missed: int  # T11: the card he could have placed, or -1
    places: list[int]  # 1-based finishing place per player, 0 while he plays on (T10)
    scores: list[float]  # returns earned by finishing (``finish: "ranking"``)
    finished: int  # players out so far
    events: list[Event]
    _next: tuple[int, ...]  # T4 on open piles: the rank a pile takes after its top's rank
    _central_first: bool
    _open_calls: bool
    _ranking: bool
    _max_moves: int
    _misses: int  # T11: misses made so far (each shows a card could have been placed, T14)
    _quiet: list[int]  # T14: per player, turnovers (T8) since ``_quiet_since``
    _quiet_since: list[int]  # T14: per player, the progress (``_progress``) his ``_quiet`` counts from

    # ---- T3: the deal ------------------------------------------------------------------------

    @classmethod
    def create(
        cls,
        players: int,
        seed: int | None,
        deck: Sequence[str] | None,
        variant: Mapping[str, Any] | None,
    ) -> TacState:
        self = cls._begin(players, seed, variant, OPTIONS)
        order = self._deal_order(ONE_DECK if players <= 4 else TWO_DECKS, deck)
        self.central = []
        if players == 3:  # the first Ace in deck order starts the central pile
            ace = next(i for i, c in enumerate(order) if RANK[c] == ACE)
            self.central.append(order.pop(ace))
        spare = len(order) % players  # two decks: the last cards are set aside
        self.aside = order[len(order) - spare:] if spare else []
        dealt = order[: len(order) - spare]
        self.closed = [dealt[p::players][::-1] for p in range(players)]  # the first card dealt on top
        self.known = [[False] * len(pile) for pile in self.closed]
        self.opens = [[] for _ in range(players)]
        self._takes = [-1] * players
        self.wants = TWO if self.central else ACE
        self.opened = bool(self.central)
        self.turned = -1
        self.player = self.turn = 0
        self.phase = TURN_CARD
        self.offender = self.missed = -1
        self.places = [0] * players
        self.scores = [0.0] * players
        self.finished = 0
        first_ace = self.central[0] if self.central else -1
        self.events = [DealEvent("deal", -1, len(dealt) // players, len(self.aside), first_ace)]
        self._next = WRAP_NEXT if self.variant["wrap_open_piles"] else PLAIN_NEXT
        self._central_first = self.variant["central_first"]
        self._open_calls = self.variant["calls"] == "open"
        self._ranking = self.variant["finish"] == "ranking"
        self._max_moves = self.variant["max_moves"]
        self._misses = 0
        self._quiet = [0] * players
        self._quiet_since = [0] * players
        return self

    # ---- the public API ----------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self.phase is OVER else self.player

    def zones(self) -> dict[str, list[str]]:
        zones: dict[str, list[str]] = {}
        for p in range(self.num_players):
            zones[f"closed:{p}"] = codes(reversed(self.closed[p]))  # top first
            zones[f"open:{p}"] = codes(self.opens[p])  # bottom first
        zones["central"] = codes(self.central)  # bottom first
        zones["turned"] = [CODE[self.turned]] if self.turned >= 0 else []
        zones["aside"] = codes(self.aside)
        return zones

    # ---- T4-T5, T9: where a card may go ------------------------------------------------------

    def _placements(self, card: int, p: int) -> dict[str, int]:
        """Every place ``card`` of player ``p`` may go, by its notation: the central pile, then
        open piles by seat. (``_destinations`` is the same rule without the notation, for
        search; each is the cheapest for its use, and tests/test_identity.py holds them equal.)"""
        rank = RANK[card]
        names = _PLACE[card]
        moves: dict[str, int] = {}
        if rank == self.wants:
            moves[names[CENTRAL]] = CENTRAL
            if self._central_first:  # T9 option: it must go there
                return moves
        if self.opened and rank in self._takes:  # T5
            for q, takes in enumerate(self._takes):
                if takes == rank and q != p:
                    moves[names[q]] = q
        return moves

    def _destinations(self, card: int, p: int) -> list[int]:
        """Every place ``card`` of player ``p`` may go: the central pile, then open piles by seat."""
        rank = RANK[card]
        places: list[int] = []
        if rank == self.wants:
            places.append(CENTRAL)
            if self._central_first:  # T9 option: it must go there
                return places
        if self.opened and rank in self._takes:  # T5
            for q, takes in enumerate(self._takes):
                if takes == rank and q != p:
                    places.append(q)
        return places

    def _placeable(self, card: int, p: int) -> bool:
        rank = RANK[card]
        if rank == self.wants:
            return True
        if self.opened and rank in self._takes:  # T5: a pile other than his own takes it
            takes = self._takes
            return takes[p] != rank or takes.count(rank) > 1
        return False

    def _legal_moves(self) -> dict[str, Any]:
        phase = self.phase
        if phase is TURN_CARD:
            return _TURN_ONLY
        if phase is OPEN_TOP:  # T6
            p = self.turn
            moves = self._placements(self.opens[p][-1], p)
            if self._open_calls:
                moves["turn?"] = TURN_MISS
            return moves
        if phase is TURNED:  # T7
            p, card = self.turn, self.turned
            moves = self._placements(card, p)
            if not moves:
                return {_PLACE[card][p]: p}
            if self._open_calls:
                moves[_KEEP_MISS[card][p]] = KEEP_MISS
            return moves
        if phase is WINDOW:
            return _CALL_OR_PASS
        return {}

    def _play(self, move: Any) -> None:
        if move <= CENTRAL:  # a pile: the mover's own for the card he turned keeps it (T7)
            if self.phase is TURNED and move == self.turn:
                self._keep(False)
            else:
                self._place(move)
        elif move == TURN:
            self._turn_card(False)
        elif move == TURN_MISS:
            self._turn_card(True)
        elif move == KEEP_MISS:
            self._keep(True)
        elif move == CALL:
            self._call()
        else:  # PASS
            self._pass()
        if self._outcome is None and len(self._actions) >= self._max_moves:
            self._end_by_count()

    # ---- T6-T9: a turn -------------------------------------------------------------------------

    def _place(self, dest: int) -> None:
        """T6/T7: the open pile's top or the turned card goes onto the central pile or an open pile."""
        p = self.turn
        if self.phase is OPEN_TOP:
            card, source = self.opens[p].pop(), FROM_OPEN
            self._top_changed(p)
        else:
            card, source, self.turned = self.turned, FROM_CLOSED, -1
        if dest == CENTRAL:
            self.central.append(card)
            self.wants = WRAP_NEXT[RANK[card]]  # the central pile always wraps (T4)
            if RANK[card] == ACE:
                self.opened = True  # T5
        else:
            self.opens[dest].append(card)
            self._takes[dest] = self._next[RANK[card]]
        self.events.append(("place", p, card, source, dest))
        if not self.closed[p] and not self.opens[p]:  # T10
            self._out([p])
            if self._outcome is None:
                self._next_turn(p)
            return
        self._continue(p)

    def _top_changed(self, q: int) -> None:
        """T4: what seat ``q``'s open pile takes, after its top card left it."""
        pile = self.opens[q]
        self._takes[q] = self._next[RANK[pile[-1]]] if pile else -1

    def _continue(self, p: int) -> None:
        """T9: his open pile's top while it can be placed, else the next closed card."""
        pile = self.opens[p]
        self.phase = OPEN_TOP if pile and self._placeable(pile[-1], p) else TURN_CARD

    def _turn_card(self, miss: bool) -> None:
        """T7-T8: turn the top closed card, turning the open pile over first if need be."""
        p = self.turn
        pile, flags, opens = self.closed[p], self.known[p], self.opens[p]
        missed = opens[-1] if miss else -1
        if not pile:  # T8: unshuffled, its bottom card becomes the top; every card was seen
            pile.extend(reversed(opens))
            flags.extend([True] * len(opens))
            opens.clear()
            self._takes[p] = -1
            self.events.append(("turnover", p, len(pile)))
            if self._stuck_after_turnover(p):
                return
        card = pile.pop()
        flags.pop()
        self.turned = card
        self.phase = TURNED
        self.events.append(("turn", p, card))
        if miss:
            self._open_window(p, missed, "turn")

    def _keep(self, miss: bool) -> None:
        """T7: the turned card goes onto his own open pile, and his turn ends."""
        p, card = self.turn, self.turned
        self.turned = -1
        self.opens[p].append(card)
        self._takes[p] = self._next[RANK[card]]
        self.events.append(("place", p, card, FROM_CLOSED, p))
        if miss:
            self._open_window(p, card, "keep")
        else:
            self._next_turn(p)

    def _next_turn(self, p: int) -> None:
        q = self._next_seat(p)
        self.turn = self.player = q
        self._continue(q)

    def _next_seat(self, p: int) -> int:
        """The next player after ``p`` in seat order who is still playing."""
        n, places = self.num_players, self.places
        q = (p + 1) % n
        while places[q]:
            q = (q + 1) % n
        return q

    # ---- T11-T12: the call -------------------------------------------------------------------

    def _open_window(self, offender: int, card: int, how: Literal["turn", "keep"]) -> None:
        self._misses += 1
        self.events.append(MissEvent("miss", offender, card, how))
        self.offender, self.missed = offender, card
        self.phase = WINDOW
        self.player = self._next_seat(offender)  # asked in seat order from his left

    def _close_window(self) -> None:
        self.offender = self.missed = -1

    def _pass(self) -> None:
        asked, offender = self.player, self.offender
        self.events.append(PassEvent("pass", asked, offender))
        following = self._next_seat(asked)
        if following != offender:
            self.player = following
            return
        self._close_window()  # everyone passed: play on as if nothing happened
        if self.turned >= 0:
            self.player = offender
            self.phase = TURNED
        else:
            self._next_turn(offender)

    def _call(self) -> None:
        """T11: the offender's turn ends; every other player gives him his closed pile's bottom card."""
        caller, offender = self.player, self.offender
        self.events.append(CallEvent("call", caller, offender))
        self._close_window()
        events = self.events
        if self.turned >= 0:
            self.opens[offender].append(self.turned)
            self._takes[offender] = self._next[RANK[self.turned]]
            events.append(("place", offender, self.turned, FROM_CLOSED, offender))
            self.turned = -1
        pile, flags = self.closed[offender], self.known[offender]
        emptied: list[int] = []
        giver = self._next_seat(offender)
        while giver != offender:
            source = self.closed[giver]
            if source:
                card, known = source.pop(0), self.known[giver].pop(0)
                pile.insert(0, card)  # under his closed pile, below the one before
                flags.insert(0, known)
                events.append(GiveEvent("give", giver, offender, card if known else GIVE_UNKNOWN))
                if not source and not self.opens[giver]:
                    emptied.append(giver)
            else:
                events.append(GiveEvent("give", giver, offender, GIVE_NOTHING))
            giver = self._next_seat(giver)
        if emptied:  # T10: reaching zero by giving one's last card wins too
            self._out(emptied)
            if self._outcome is not None:
                return
        self._next_turn(offender)

    # ---- T10, T13: the end -------------------------------------------------------------------

    def _out(self, players: list[int]) -> None:
        """T10: ``players`` reached zero cards by the same action."""
        n, k = self.num_players, len(players)
        for p in players:
            self.places[p] = self.finished + 1
            self.events.append(OutEvent("out", p, self.finished + 1))
        if not self._ranking:
            self._finish(tuple(1.0 / k if p in players else 0.0 for p in range(n)), Reason.OUT)
            return
        self._rank(players)
        left = [p for p in range(n) if not self.places[p]]
        if len(left) == 1:
            self.places[left[0]] = n
            self._finish(tuple(self.scores), Reason.RANKING)

    def _rank(self, group: list[int]) -> None:
        """Returns by finishing order, spread from 1 down to 0; a group finishing together shares."""
        n, start = self.num_players, self.finished
        share = sum(1.0 - i / (n - 1) for i in range(start, start + len(group))) / len(group)
        for p in group:
            self.scores[p] = share
        self.finished += len(group)

    def _cards_of(self, p: int) -> int:
        held = 1 if self.turned >= 0 and self.turn == p else 0
        return len(self.closed[p]) + len(self.opens[p]) + held

    def _progress(self) -> int:
        """T14: grows whenever the game shows it can go on: a card onto the central pile (which
        only grows) or a miss (a card that could have been placed)."""
        return len(self.central) + self._misses

    def _stuck_after_turnover(self, p: int) -> bool:
        """T14 (a reading): when every player still in play has turned his open pile over twice
        since the last card went onto the central pile (and nobody missed one), the game is stuck (with two decks the
        cards it needs may all be set aside, T3, and the rest only move between open piles): it
        ends, the fewest cards first, as at T13's bound."""
        placed = self._progress()
        if self._quiet_since[p] != placed:
            self._quiet_since[p], self._quiet[p] = placed, 0
        self._quiet[p] += 1
        if self._quiet[p] < STUCK_TURNOVERS:
            return False
        for q in range(self.num_players):
            if not self.places[q] and (self._quiet_since[q] != placed or self._quiet[q] < STUCK_TURNOVERS):
                return False
        self._end_by_count(Reason.STUCK)
        return True

    def _end_by_count(self, reason: Reason = Reason.MAX_MOVES) -> None:
        """T13 (and T14): the fewest cards win (in ranking, the rest are ranked by cards)."""
        playing = [p for p in range(self.num_players) if not self.places[p]]
        counts = {p: self._cards_of(p) for p in playing}
        if not self._ranking:
            best = min(counts.values())
            winners = [p for p in playing if counts[p] == best]
            self._finish(tuple(1.0 / len(winners) if p in winners else 0.0 for p in range(self.num_players)),
                         reason)
            return
        for count in sorted(set(counts.values())):
            group = [p for p in playing if counts[p] == count]
            for p in group:
                self.places[p] = self.finished + 1
            self._rank(group)
        self._finish(tuple(self.scores), reason)


    # ---- T11: misses, for search --------------------------------------------------------------

    def _playout_moves(self) -> Sequence[Any]:
        """The legal moves without the misses and without notation, in the same order (the
        search fast path: ``_legal_moves`` less its names)."""
        phase = self.phase
        if phase is TURN_CARD:
            return _PLAYOUT_TURN
        if phase is OPEN_TOP:  # T6
            p = self.turn
            return self._destinations(self.opens[p][-1], p)
        if phase is TURNED:  # T7
            p = self.turn
            return self._destinations(self.turned, p) or [p]
        return _PLAYOUT_CALL_OR_PASS if phase is WINDOW else ()

    def tree_moves(self) -> tuple[Sequence[Any], Sequence[int]]:
        """The playout's moves, keyed as their actions are written: a place (a pile, or the
        turned card kept, T7) with the card's code (both decks write it alike), or a word."""
        moves = self._playout_moves()
        phase = self.phase
        if phase is TURN_CARD:
            return moves, _TURN_KEY
        if phase is WINDOW:
            return moves, _CALL_OR_PASS_KEYS
        card = (self.opens[self.turn][-1] if phase is OPEN_TOP else self.turned) % SECOND_DECK
        return moves, [card << 4 | place for place in moves]

    # ---- illegal input ----------------------------------------------------------------------

    def _to_place(self) -> int:
        """The card the player to move places now (T6, T7), or -1. With open calls the top of
        his open pile is his to try on any pile even where it fits nowhere (``tries``), so the
        rules say why a pile refuses it rather than that there is nothing to place."""
        phase = self.phase
        if phase is OPEN_TOP or (phase is TURN_CARD and self._open_calls and self.opens[self.player]):
            return self.opens[self.player][-1]
        return self.turned

    def _problem(self, action: str) -> Problem | None:
        """Why an action in Tač's shape cannot be played now (None if it is not in that shape)."""
        phase, p, card = self.phase, self.player, self._to_place()
        miss = action.endswith("?")
        bare = action[:-1] if miss else action
        if bare in ("call", "pass") and not miss:
            if phase is WINDOW:
                return None
            return Problem(Why.NOT_ASKED if self._open_calls else Why.NO_CALLS)
        if phase is WINDOW:
            return Problem(Why.CALL_OR_PASS, seat=self.offender)
        if miss and not self._open_calls:
            return Problem(Why.NO_MISSES)
        if bare == "turn":
            if phase is TURNED:
                return Problem(Why.PLACE_TURNED_FIRST, cards=(CODE[card],))
            if phase is OPEN_TOP and not miss:
                return Problem(Why.OPEN_TOP_FIRST, cards=(CODE[card],), text="turn?" if self._open_calls else "")
            if miss:
                return Problem(Why.TURN_NO_MISS, text="turn")
            return None
        code, sep, place = bare.partition(">")
        if not sep or len(code) != 2:
            return None
        try:
            given = card_id(code)
        except ValueError:
            return None
        if card < 0:
            return Problem(Why.TURN_FIRST)
        if CODE[given] != CODE[card]:
            return Problem(Why.TURNED_CARD if phase is TURNED else Why.OPEN_TOP_CARD, cards=(CODE[card],))
        if miss and place != str(p):
            return Problem(Why.MISS_IS_KEEPING)
        if place == "C":
            if RANK[card] != self.wants:
                return Problem(Why.CENTRAL_WANTS, number=self.wants)
            return None
        if not place.isdigit() or int(place) >= self.num_players:
            return Problem(Why.NO_PLACE, text=place)
        q = int(place)
        if q == p:
            if phase is not TURNED:
                return Problem(Why.ALREADY_THERE)
            if self._placeable(card, p):
                if self._open_calls and not miss:
                    return Problem(Why.FITS_ELSEWHERE, cards=(CODE[card],), text=f"{bare}?")
                return Problem(Why.FITS_ELSEWHERE, cards=(CODE[card],))
            return Problem(Why.FITS_NOWHERE, text=bare) if miss else None
        if not self.opened:
            return Problem(Why.NOT_OPENED)
        pile = self.opens[q]
        if not pile:
            return Problem(Why.EMPTY_PILE, seat=q)
        if self._next[RANK[pile[-1]]] != RANK[card]:
            return Problem(Why.PILE_REFUSES, seat=q, cards=(CODE[pile[-1]],), number=RANK[card])
        if self._central_first and RANK[card] == self.wants:
            return Problem(Why.CENTRAL_FIRST)
        return None

    # ---- what each player sees ---------------------------------------------------------------

    def _view(self, player: int, view: TacObservation) -> None:
        window: Miss | None = None
        if self.phase is WINDOW:
            kind: MissKind = "turn" if self.turned >= 0 else "keep"
            window = {"player": self.offender, "card": CODE[self.missed], "kind": kind}
        view["turn"] = self.turn
        view["phase"] = PHASE_NAMES[self.phase]
        view["central"] = codes(self.central)
        view["central_wants"] = RANKS[self.wants]
        view["opened"] = self.opened
        view["open_piles"] = [codes(pile) for pile in self.opens]
        view["closed_sizes"] = [len(pile) for pile in self.closed]
        view["closed"] = [
            [CODE[c] if k else None for c, k in zip(reversed(pile), reversed(flags), strict=True)]
            if True in flags else [None] * len(pile)  # mostly no card of a pile is known
            for pile, flags in zip(self.closed, self.known, strict=True)
        ]
        view["turned"] = CODE[self.turned] if self.turned >= 0 else None
        view["aside"] = len(self.aside)
        view["miss"] = window
        view["places"] = [place or None for place in self.places]

    def _event_view(self, event: Event, viewer: int) -> EventView:
        """One event as every player saw it (Tač has no private events)."""
        who = event[1]
        if event[0] == "turn":
            return {"type": "turn", "player": who, "card": CODE[event[2]]}
        if event[0] == "place":
            dest = event[4]
            return {
                "type": "place",
                "player": who,
                "card": CODE[event[2]],
                "from": "open" if event[3] == FROM_OPEN else "closed",
                "to": "central" if dest == CENTRAL else dest,
            }
        if event[0] == "turnover":
            return {"type": "turnover", "player": who, "count": event[2]}
        if event[0] == "miss":
            return {"type": "miss", "player": who, "card": CODE[event.card], "kind": event.how}
        if event[0] == "call":
            return {"type": "call", "player": who, "offender": event.offender}
        if event[0] == "pass":
            return {"type": "pass", "player": who, "offender": event.offender}
        if event[0] == "give":
            card = event.card
            return {
                "type": "give",
                "player": who,
                "to": event.to,
                "count": 0 if card == GIVE_NOTHING else 1,
                "card": CODE[card] if card >= 0 else None,
            }
        if event[0] == "out":
            return {"type": "out", "player": who, "place": event.place}
        if event[0] == "deal":
            central = CODE[event.central] if event.central >= 0 else None
            return {"type": "deal", "each": event.each, "aside": event.aside, "central": central}
        return end_view(event)

    def _determinized_world(self, player: int, seed: int) -> TacState:
        """Re-deal every card whose place nobody knows: the unknown closed cards and the set-aside ones.

        Every player knows the same (nothing in Tač is seen by one player only), so ``player``
        changes nothing. Cards known to all (turned over under T8, or given from such a pile
        under T11) keep their places; the others may be anywhere among the unknown places.
        """
        world = self.clone()
        # The unknown places, pile by pile, bottom first: a pile none of whose cards is known
        # (most piles, most of the game) as a whole, the others card by card.
        places: list[tuple[list[int], list[int] | None]] = []  # (pile, its unknown places or None: all)
        pool: list[int] = []
        for pile, flags in zip(world.closed, world.known, strict=True):
            if True not in flags:
                pool += pile
                places.append((pile, None))
            else:
                unknown = [i for i, known in enumerate(flags) if not known]
                pool += [pile[i] for i in unknown]
                places.append((pile, unknown))
        hidden = len(pool)
        pool += world.aside
        # From a canonical order (by card code, then the first deck's card first), so the world
        # depends only on what is known and the seed, never on where the unknown cards really lie.
        pool.sort(key=_CANONICAL.__getitem__)
        Rng(mix(seed, 0x746163)).shuffle(pool)
        at = 0
        for pile, spots in places:
            if spots is None:
                pile[:] = pool[at : at + len(pile)]
                at += len(pile)
            else:
                for i in spots:
                    pile[i] = pool[at]
                    at += 1
        world.aside = pool[hidden:]
        world._rng = Rng(mix(seed, 0x726E67))
        world._legal = None
        return world


# ---- T11-T13: what the declaration says of misses, calls and the end --------------------------

def is_miss(action: str) -> bool:
    """Whether ``action`` is a deliberate miss (T11: a card that fits, not placed): its notation
    ends in ``?``."""
    return action.endswith("?")


def tries(state: GameState) -> list[str]:
    """What a person may try now (``GameInfo.offers``). With open calls the card to play (the
    one turned, or the top of one's open pile) may be put onto every pile in play, whether it
    fits there or not, as at a real table nobody says where a card fits (T7, T11, T12): a pile
    it does not fit refuses it with the rules' words, and keeping a card that fits is a miss
    the others may call. One's closed pile turns the next card (``turn``); one's own open pile
    keeps the turned card. Without calls, the legal actions."""
    assert isinstance(state, TacState)
    legal = state.legal_actions()
    phase = state.phase
    if not state._open_calls or phase not in (OPEN_TOP, TURN_CARD, TURNED):
        return legal
    p = state.turn
    card = state._to_place()
    if card < 0:  # nothing to place: the next card to turn (T7)
        return legal
    places = _PLACE[card]
    offered = [places[CENTRAL]] + [places[q] for q in range(state.num_players) if q != p and not state.places[q]]
    offered.append(places[p] if phase is TURNED else "turn")
    return offered


def reads_try(try_: str, legal: Sequence[str]) -> str | None:
    """The legal action a try is (``GameInfo.as_played``): itself, or the miss of the same
    move (keeping a card that fits, turning while the open pile's top fits: T11), else ``None``."""
    if try_ in legal:
        return try_
    missed = f"{try_}?"
    return missed if missed in legal else None


def plays_calls(variant: Mapping[str, Any]) -> bool:
    """Whether misses and the call exist in ``variant`` (T12: only in ``open`` mode)."""
    return variant.get("calls") == "open"


def max_game_length(players: int, variant: Mapping[str, Any]) -> int:
    """An upper bound on the actions of one game: its safety bound (T13)."""
    return int(variant["max_moves"])


def utility_sum(players: int, variant: Mapping[str, Any]) -> float:
    """What the returns add up to: 1 for one winner, ``players / 2`` when everyone is ranked
    (T10: returns spread from 1 to 0)."""
    return players / 2 if variant.get("finish") == "ranking" else 1.0
