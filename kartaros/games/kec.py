"""Keč: catch wrestling with cards, for 2 players (rules: ``kartaros/rules/kec.md``, K1-K13).

Notation (``docs/notation.md``): ``draw`` and ``take`` for drawing; one card code (``7H``) to
discard it, or to break a hold with it; card codes joined by ``-`` for a pair (``9H-9C``) or a
hold (``AS-2H-3D``), lowest card first.

This module reads like the rules file: components, deal, a turn, holds, moves (pairs), end,
what each player sees (observation, determinize), then the words used to show it to people.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

from kartaros.cards import CODE, JOKER, RANK, RANK_NAMES, card_id, codes, pretty, standard_deck
from kartaros.info import GameInfo, TableRow
from kartaros.rng import Rng, mix
from kartaros.state import GameState
from kartaros.variant import Option
from kartaros.words import CASES, card_name, card_names, cards_count, rank_name, to_move, you

# ---- K1-K2: components ------------------------------------------------------------------

DECK = standard_deck(jokers=True)  # K1: 54 cards; suits play no role
HAND_SIZE = 5
DEAL_SIZE = 4
ACE, TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING = range(13)

OPTIONS = (
    Option("exhausted", "extend", "K6: what happens when a reshuffled stock runs out too", ("extend", "draw")),
    Option("pairs_to", "discard", "K10: where played pairs go", ("discard", "out")),
    Option("max_actions", 100_000, "K13: actions after which the game is drawn", minimum=1),
)

# Phases: who decides what now.
DRAW, CHOOSE, REPLACE, THROW, DEFEND, OVER = range(6)
PHASE_NAMES = ("draw", "choose", "replace", "throw", "defend", "over")

# Stock generations (K6): the dealt stock, a reshuffled discard pile, an extension.
ORIGINAL, RESHUFFLED, EXTENDED = range(3)
CYCLE_NAMES = ("original", "reshuffled", "extended")

# ---- K7: holds and what breaks them --------------------------------------------------------

HOLD_NAMES = ("choke", "lever", "pin", "knockout")
CHOKE, LEVER, PIN, KNOCKOUT = range(4)
HOLD_RANKS = ((ACE, TWO, THREE), (FOUR, FIVE, SIX), (ACE, ACE, ACE), (QUEEN, QUEEN, QUEEN))
BREAKERS = (
    frozenset((KING, JOKER)),
    frozenset((KING, QUEEN, JOKER)),
    frozenset((JOKER,)),
    frozenset((KING, JOKER)),
)

# ---- K10: pairs ----------------------------------------------------------------------------

EXCHANGE_RANKS = (FOUR, FIVE, SIX, SEVEN, EIGHT)
THROW_RANKS = (NINE, TEN, JACK)
PAIR_RANKS = EXCHANGE_RANKS + THROW_RANKS

# Moves (values of the legal-move dict).
M_DRAW, M_TAKE = "draw", "take"
_DRAW_ONLY = {"draw": M_DRAW}
_DRAW_OR_TAKE = {"draw": M_DRAW, "take": M_TAKE}


_RANK_MARK = "A23456789TJQK*"  # by rank; the two Jokers are one
_MOVE_CLASS: dict[str, str] = {}  # action → its move class (a few thousand actions exist)


def _joined(cards: Sequence[int]) -> str:
    return "-".join(CODE[c] for c in sorted(cards))


class KecState(GameState):
    game = "kec"
    __slots__ = (
        "hands", "known", "stock", "discard", "discard_by", "out", "table",
        "player", "turn", "phase", "hold", "took_discard", "replacements",
        "cycle", "events", "generation_start",
    )

    hands: list[list[int]]
    known: list[list[int]]  # cards in each hand that the opponent has seen go in
    stock: list[int]  # top is the last element
    discard: list[int]  # top is the last element
    discard_by: list[int]  # who put each discard card there (K4, K11)
    out: list[int]
    table: list[int]
    player: int  # who decides now
    turn: int  # whose turn it is (differs from ``player`` while the opponent defends)
    phase: int
    hold: int  # the hold on the table, or -1
    took_discard: bool  # K4: the discard pile was used in this draw phase
    replacements: int  # K10: replacement draws still owed
    cycle: int
    events: list[tuple[Any, ...]]
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
        self.events = [("deal", 0, tuple(self.hands[0])), ("deal", 1, tuple(self.hands[1]))]
        self.generation_start = 0
        self.phase = DRAW
        return self

    # ---- the public API ----------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.player

    def clone(self) -> KecState:
        other = KecState.__new__(KecState)
        self._clone_base(other)
        other.hands = [self.hands[0].copy(), self.hands[1].copy()]
        other.known = [self.known[0].copy(), self.known[1].copy()]
        other.stock = self.stock.copy()
        other.discard = self.discard.copy()
        other.discard_by = self.discard_by.copy()
        other.out = self.out.copy()
        other.table = self.table.copy()
        other.player = self.player
        other.turn = self.turn
        other.phase = self.phase
        other.hold = self.hold
        other.took_discard = self.took_discard
        other.replacements = self.replacements
        other.cycle = self.cycle
        other.events = self.events.copy()
        other.generation_start = self.generation_start
        return other

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
        if phase == DRAW:
            if (
                not self.took_discard
                and self.discard
                and self.discard_by[-1] != self.player  # K4: never one's own discard
            ):
                return _DRAW_OR_TAKE
            return _DRAW_ONLY
        if phase == REPLACE:
            return _DRAW_ONLY
        if phase == THROW:
            return _DRAW_OR_TAKE
        if phase == CHOOSE:
            return _choices(self.hands[self.player])
        if phase == DEFEND:
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
            if self.phase == THROW:
                self.phase = REPLACE  # declining the thrown card (K11) leaves one replacement
            self._after_draw()
        elif move is M_TAKE:
            card = self.discard.pop()
            self.discard_by.pop()
            self.hands[p].append(card)
            self.known[p].append(card)
            self.events.append(("take", p, card))
            if self.phase == DRAW:
                self.took_discard = True
            else:  # K11: the thrown card bought back as a replacement
                self.phase = REPLACE
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
            self._finish((0.5, 0.5), "max_actions", f"drawn: the {self.variant['max_actions']}-action bound (K13)")

    # ---- K4: drawing ------------------------------------------------------------------------

    def _after_draw(self) -> None:
        if self.phase == DRAW:
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
        while not self.stock:
            if self.cycle != RESHUFFLED:
                self.stock, self.discard, self.discard_by = self.discard, [], []
                self.cycle = RESHUFFLED
                kind = "reshuffle"
            else:
                if self.variant["exhausted"] == "draw":
                    self._finish((0.5, 0.5), "exhausted", "drawn: stock and discard pile are used up (K6)")
                    return
                if not self.discard and not self.out:
                    self._finish((0.5, 0.5), "exhausted", "drawn: no cards left to make a stock (K6)")
                    return
                self.stock = self.discard + self.out
                self.discard, self.discard_by, self.out = [], [], []
                self.cycle = EXTENDED
                kind = "extend"
            if not self.stock:
                continue  # an empty discard pile makes no stock: straight on to the next step
            self._shuffle(self.stock)
            self.events.append((kind, -1, tuple(sorted(self.stock))))
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
        self.events.append(("hold", p, hold, cards))
        defender = 1 - p
        breakers = BREAKERS[hold]
        if any(RANK[c] in breakers for c in self.hands[defender]):
            self.hold = hold
            self.player = defender
            self.phase = DEFEND  # K8: he answers at once, out of turn
            return
        name = HOLD_NAMES[hold]
        if hold == KNOCKOUT:
            detail = "the knockout landed: no King or Joker to answer it (K9)"
        else:
            detail = f"the {name} held: no answer to it (K8)"
        self._finish((1.0, 0.0) if p == 0 else (0.0, 1.0), name, detail)

    def _break(self, defender: int, card: int) -> None:
        self._remove_from_hand(defender, card)
        hold = self.hold
        self.events.append(("break", defender, card, hold))
        self.hold = -1
        if hold == KNOCKOUT:  # K9: the attacker is disqualified; the cards stay on the table
            self.table.append(card)
            self._finish(
                (1.0, 0.0) if defender == 0 else (0.0, 1.0),
                "disqualified",
                "the knockout was answered: the attacker is disqualified (K9)",
            )
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
                self.events.append(("steal", p, card))
                self.phase = THROW
            else:
                self.events.append(("steal", p, -1))

    # ---- K12-K13: the end --------------------------------------------------------------------

    def _finish(self, returns: tuple[float, ...], reason: str, detail: str) -> None:
        self.phase = OVER
        self._end(returns, reason, detail)
        self.events.append(("end", -1, reason, returns))

    # ---- K1: suits play no role -----------------------------------------------------------------

    def move_class(self, action: str) -> str:
        """The action with its cards' suits dropped (``AS-2C-3H`` → ``A-2-3``; a Joker is ``*``)."""
        name = _MOVE_CLASS.get(action)
        if name is None:
            if action in _DRAW_OR_TAKE:
                name = action
            else:
                name = "-".join(_RANK_MARK[RANK[card_id(code)]] for code in action.split("-"))
            _MOVE_CLASS[action] = name
        return name

    # ---- illegal input ----------------------------------------------------------------------

    def _why_illegal(self, action: str) -> str:
        legal = ", ".join(self.legal_actions())
        p = self.player
        wanted = {
            DRAW: f"player {p} is drawing up to {HAND_SIZE} cards",
            REPLACE: f"player {p} owes {self.replacements} replacement card(s) from the stock (K10)",
            THROW: f"player {p} decides whether to take the thrown card (K11)",
            CHOOSE: f"player {p} chooses a hold, a pair or a discard (K5)",
            DEFEND: f"player {p} must answer the {HOLD_NAMES[self.hold]} (K8)",
        }[self.phase]
        reason = _card_problem(action, self.hands[p]) if self.phase in (CHOOSE, DEFEND) else None
        if action == "take" and self.phase == DRAW:
            if not self.discard:
                reason = "the discard pile is empty"
            elif self.took_discard:
                reason = "only one card per draw may come from the discard pile (K4)"
            else:
                reason = "you put the top discard there yourself, so you cannot take it (K4)"
        head = f"{action!r} is not a legal move now"
        if reason:
            head += f": {reason}"
        return f"{head}. {wanted[0].upper()}{wanted[1:]}; legal: {legal}"

    # ---- what each player sees ---------------------------------------------------------------

    def observation(self, player: int, since: int = 0) -> dict[str, Any]:
        self._check_player(player)
        opponent = 1 - player
        outcome = self._outcome
        return {
            "game": "kec",
            "player": player,
            "num_players": 2,
            "current_player": self.current_player,
            "turn": self.turn,
            "phase": PHASE_NAMES[self.phase],
            "hand": codes(sorted(self.hands[player])),
            "hand_sizes": [len(self.hands[0]), len(self.hands[1])],
            "opponent_known": codes(sorted(self.known[opponent])),
            "stock_size": len(self.stock),
            "stock_cycle": CYCLE_NAMES[self.cycle],
            "discard": [{"card": CODE[c], "by": by} for c, by in zip(self.discard, self.discard_by, strict=True)],
            "out_of_play": codes(self.out),
            "table": codes(self.table),
            "hold": HOLD_NAMES[self.hold] if self.hold >= 0 else None,
            "took_discard": self.took_discard,
            "replacements": self.replacements,
            "actions_played": len(self._actions),
            "variant": dict(self.variant),
            "event_count": len(self.events),
            "events": [_event_view(e, player) for e in self.events[since:]],
            "result": None if outcome is None else {"returns": list(outcome.returns), "reason": outcome.reason},
        }

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
        needs_breaker = self.phase == DEFEND and self.player == opponent
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
            events[opponent] = ("deal", opponent, tuple(swap.get(c, c) for c in events[opponent][2]))
        world._rng = Rng(mix(seed, 0x726E67))
        world._legal = None
        return world


_CHOICES_CACHE: dict[tuple[int, ...], dict[str, Any]] = {}


def _choices(hand: list[int]) -> dict[str, Any]:
    """K5: every hold, pair and discard the hand allows (cards named lowest first).

    The answer depends only on the set of cards, and the dicts are never mutated, so they
    are shared through a bounded cache: the choice phase is the engine's hottest path.
    """
    key = tuple(sorted(hand))
    moves = _CHOICES_CACHE.get(key)
    if moves is None:
        if len(_CHOICES_CACHE) >= 100_000:
            _CHOICES_CACHE.clear()
        moves = _CHOICES_CACHE[key] = _enumerate_choices(key)
    return moves


_DISCARD_MOVES = [("discard", card) for card in range(54)]
_PAIR_MOVES = {
    (a, b): (_joined((a, b)), ("pair", (a, b)))
    for a in DECK
    for b in DECK
    if a < b and RANK[a] == RANK[b] and RANK[a] in PAIR_RANKS
}


def _enumerate_choices(hand: tuple[int, ...]) -> dict[str, Any]:
    """Holds (choke, lever, pin, knockout), then pairs by rank, then discards; ``hand`` sorted."""
    moves: dict[str, Any] = {}
    ranks = [RANK[c] for c in hand]
    present = set(ranks)
    for hold in (CHOKE, LEVER):
        first, second, third = HOLD_RANKS[hold]
        if first in present and second in present and third in present:
            for a in hand:
                if RANK[a] == first:
                    for b in hand:
                        if RANK[b] == second:
                            for c in hand:
                                if RANK[c] == third:
                                    moves[_joined((a, b, c))] = ("hold", hold, (a, b, c))
    for hold, rank in ((PIN, ACE), (KNOCKOUT, QUEEN)):
        if ranks.count(rank) >= 3:
            for trio in combinations([c for c in hand if RANK[c] == rank], 3):
                moves[_joined(trio)] = ("hold", hold, trio)
    n = len(hand)
    for i in range(n - 1):
        for j in range(i + 1, n):
            if ranks[j] != ranks[i]:
                break
            pair = _PAIR_MOVES.get((hand[i], hand[j]))
            if pair is not None:
                moves[pair[0]] = pair[1]
    for card in hand:
        moves[CODE[card]] = _DISCARD_MOVES[card]
    return moves


def _card_problem(action: str, hand: list[int]) -> str | None:
    """Why a card-shaped action is not playable: a card not held, or a combination that is none."""
    parts = action.split("-")
    if not all(len(p) == 2 for p in parts):
        return None
    held = {CODE[c] for c in hand}
    missing = [p for p in parts if p not in held]
    if missing:
        return f"you do not hold {' '.join(missing)}"
    canonical = _joined([card_id(p) for p in parts])
    if canonical != action and canonical in _choices(hand):
        return f"write it as {canonical} (lowest card first: A to K, then S H D C)"
    if len(parts) == 2:
        return "that pair is not a move (pairs are 4-4 to J-J, K10)"
    if len(parts) == 3:
        return "that is not a hold (A-2-3, 4-5-6, A-A-A or Q-Q-Q, K7)"
    return None


def _event_view(event: tuple[Any, ...], viewer: int) -> dict[str, Any]:
    """One event as ``viewer`` saw it: deals and stock draws show the card to its drawer only."""
    kind, who = event[0], event[1]
    if kind == "deal":
        view: dict[str, Any] = {"type": "deal", "player": who, "count": len(event[2])}
        if who == viewer:
            view["cards"] = codes(sorted(event[2]))
        return view
    if kind == "draw":
        view = {"type": "draw", "player": who, "source": "stock"}
        if who == viewer:
            view["card"] = CODE[event[2]]
        return view
    if kind == "take":
        return {"type": "take", "player": who, "card": CODE[event[2]]}
    if kind in ("reshuffle", "extend"):
        return {"type": kind, "count": len(event[2]), "cards": codes(event[2])}
    if kind == "discard":
        return {"type": "discard", "player": who, "card": CODE[event[2]]}
    if kind == "pair":
        return {"type": "pair", "player": who, "cards": codes(event[2])}
    if kind == "steal":
        return {"type": "steal", "player": who, "card": CODE[event[2]] if event[2] >= 0 else None}
    if kind == "hold":
        return {"type": "hold", "player": who, "hold": HOLD_NAMES[event[2]], "cards": codes(event[3])}
    if kind == "break":
        return {"type": "break", "player": who, "card": CODE[event[2]], "hold": HOLD_NAMES[event[3]]}
    return {"type": "end", "reason": event[2], "returns": list(event[3])}


# ---- words for people ---------------------------------------------------------------------------

_HOLD_WORDS = {"choke": "a choke", "lever": "a lever", "pin": "a pin", "knockout": "a knockout"}
# The holds in the words of the Serbian rules; nominative, accusative, genitive, instrumental.
_HOLDS_SR = {
    "choke": ("gušenje", "gušenje", "gušenja", "gušenjem"),
    "lever": ("poluga", "polugu", "poluge", "polugom"),
    "pin": ("tuš", "tuš", "tuša", "tušem"),
    "knockout": ("nokaut", "nokaut", "nokauta", "nokautom"),
}
_REASONS_SR = {
    "choke": "gušenje", "lever": "poluga", "pin": "tuš", "knockout": "nokaut",
    "disqualified": "diskvalifikacija protivnika", "exhausted": "karte su iscrpljene",
    "max_actions": "granica broja poteza",
}


def _hold_sr(hold: str, case: str = "nom") -> str:
    return _HOLDS_SR[hold][CASES.index(case)]


def _card_words(code: str) -> str:
    return pretty(card_id(code))


def _rank_word(code: str) -> str:
    return RANK_NAMES[RANK[card_id(code)]]


def describe_action(observation: dict[str, Any], action: str, lang: str = "en") -> str:
    """An action of the player to move, in words, from his observation."""
    phase = observation["phase"]
    sr = lang == "sr"
    if action == "draw":
        return "vuci kartu sa ostatka" if sr else "draw a card from the stock"
    if action == "take":
        top = observation["discard"][-1]["card"] if observation["discard"] else "?"
        if phase == "throw":
            if sr:
                return f"kupi izbačenu kartu ({card_name(top, lang)}) kao nadoknadu"
            return f"take the thrown {_card_words(top)} as a replacement"
        if sr:
            return f"vuci {card_name(top, lang, 'acc')} sa hrpe za odbacivanje"
        return f"take the {_card_words(top)} from the discard pile"
    cards = action.split("-")
    shown = " ".join(_card_words(c) for c in cards)
    if len(cards) == 1:
        if phase == "defend":
            if sr:
                return f"slomi {_hold_sr(observation['hold'], 'acc')} {card_name(cards[0], lang, 'ins')}"
            joker = cards[0] in ("RJ", "BJ")
            return f"break the {observation['hold']} with {'the ' if joker else ''}{shown}"
        return f"odbaci {card_name(cards[0], lang, 'acc')}" if sr else f"discard {shown}"
    if len(cards) == 2:
        rank = RANK[card_id(cards[0])]
        if sr:
            return f"odigraj par za {'bacanje' if rank in THROW_RANKS else 'menjanje'}: {card_names(cards, lang)}"
        return f"{'throw' if rank in THROW_RANKS else 'exchange'} with the pair {shown}"
    rank = RANK[card_id(cards[0])]
    name = {ACE: "pin" if RANK[card_id(cards[1])] == ACE else "choke", FOUR: "lever", QUEEN: "knockout"}[rank]
    if sr:
        return f"napadni {_hold_sr(name, 'ins')}: {card_names(cards, lang)}"
    return f"attack with {_HOLD_WORDS[name]}: {shown}"


def describe_event(event: dict[str, Any], names: Sequence[str], lang: str = "en") -> str:
    """One observed event as a sentence, e.g. "Milan breaks the choke with a King" ("Milan lomi
    gušenje kraljem")."""
    kind = event["type"]
    who = names[event["player"]] if "player" in event else ""
    sr = lang == "sr"
    if kind == "deal":
        cards = event.get("cards")
        if sr:
            return f"{who} dobija {cards_count(event['count'], lang, 'acc')}" + (
                f": {card_names(cards, lang)}" if cards else ""
            )
        return f"{who} is dealt {event['count']} cards" + (f": {_cards_words(cards)}" if cards else "")
    if kind == "draw":
        if sr:
            return f"{who} vuče {card_name(event['card'], lang, 'acc') if 'card' in event else 'kartu'} sa ostatka"
        return f"{who} draws " + (_card_words(event["card"]) if "card" in event else "a card") + " from the stock"
    if kind == "take":
        if sr:
            return f"{who} uzima {card_name(event['card'], lang, 'acc')} sa hrpe za odbacivanje"
        return f"{who} takes the {_card_words(event['card'])} from the discard pile"
    if kind == "reshuffle":
        if sr:
            return f"Hrpa za odbacivanje ({cards_count(event['count'], lang)}) meša se u novi ostatak"
        return f"The discard pile ({event['count']} cards) is shuffled into a new stock"
    if kind == "extend":
        if sr:
            return f"Meč se produžava: sve odbačene karte ({event['count']}) mešaju se u novi ostatak"
        return f"The match is extended: {event['count']} cards are shuffled into a new stock"
    if kind == "discard":
        if sr:
            return f"{who} odbacuje {card_name(event['card'], lang, 'acc')}"
        return f"{who} discards {_card_words(event['card'])}"
    if kind == "pair":
        rank = RANK[card_id(event["cards"][0])]
        if sr:
            use = "bacanje" if rank in THROW_RANKS else "menjanje"
            return f"{who} igra par za {use}: {card_names(event['cards'], lang)}"
        verb = "throws with" if rank in THROW_RANKS else "exchanges"
        return f"{who} {verb} the pair {_cards_words(event['cards'])}"
    if kind == "steal":
        if event["card"] is None:
            return f"{who} baca, ali protivnik nema karata u ruci" if sr else f"{who}'s throw finds an empty hand"
        if sr:
            return f"{who} baca: {card_name(event['card'], lang)} iz protivničke ruke ide na hrpu za odbacivanje"
        return f"{who}'s throw takes {_card_words(event['card'])} onto the discard pile"
    if kind == "hold":
        if sr:
            return f"{who} napada {_hold_sr(event['hold'], 'ins')} ({card_names(event['cards'], lang)})"
        return f"{who} attacks with {_HOLD_WORDS[event['hold']]} ({_cards_words(event['cards'])})"
    if kind == "break":
        if sr:
            breaker = rank_name(RANK[card_id(event["card"])], lang, "ins")
            return f"{who} lomi {_hold_sr(event['hold'], 'acc')} {breaker}"
        article = "the Joker" if event["card"] in ("RJ", "BJ") else f"a {_rank_word(event['card'])}"
        return f"{who} breaks the {event['hold']} with {article}"
    returns = event["returns"]
    reason = _REASONS_SR.get(event["reason"], event["reason"]) if sr else event["reason"]
    if returns[0] == returns[1]:
        return f"Meč je nerešen ({reason})" if sr else f"The game is drawn ({reason})"
    winner = names[0 if returns[0] > returns[1] else 1]
    return f"{winner} pobeđuje ({reason})" if sr else f"{winner} wins ({reason})"


def _cards_words(cards: Sequence[str]) -> str:
    return " ".join(_card_words(c) for c in cards)


DISCARD_SHOWN = 5
OUT_SHOWN = 8


_CYCLES_SR = {"reshuffled": "promešan", "extended": "produžen"}


def describe_table(observation: dict[str, Any], names: Sequence[str], lang: str = "en") -> list[TableRow]:
    """The table as the observing player sees it: opponent, piles, table, himself and his hand."""
    me = observation["player"]
    mover = observation["current_player"]
    sr = lang == "sr"

    def seat(player: int) -> TableRow:
        size = observation["hand_sizes"][player]
        note = cards_count(size, lang)
        known = observation["opponent_known"] if player != me else []
        if known:
            note += "; poznate:" if sr else "; seen going in:"
        label = you(names[player], lang) if player == me else names[player]
        backs = size - len(known) if player != me else 0
        if mover == player:
            note += "   " + to_move(lang)
        return TableRow(label, known or None, note, backs=backs, mover=mover == player)

    discard = [d["card"] for d in observation["discard"]]
    top = observation["discard"][-1]["by"] if discard else None
    stock = cards_count(observation["stock_size"], lang)
    cycle = observation["stock_cycle"]
    if cycle != "original":
        stock += f" ({_CYCLES_SR[cycle] if sr else cycle})"
    top_note = "" if top is None else f"◀ vrh, od igrača {names[top]}" if sr else f"◀ top, from {names[top]}"
    out = observation["out_of_play"]
    rows = [
        seat(1 - me),
        TableRow(""),
        TableRow("Ostatak" if sr else "Stock", None, stock, backs=min(1, observation["stock_size"])),
        TableRow(
            f"{'Hrpa za odbacivanje' if sr else 'Discard'} ({len(discard)})",
            discard[-DISCARD_SHOWN:],
            top_note,
            more=len(discard) > DISCARD_SHOWN,
        ),
        TableRow(f"{'Van igre' if sr else 'Out of play'} ({len(out)})", out[-OUT_SHOWN:], more=len(out) > OUT_SHOWN),
    ]
    if observation["table"]:
        hold = observation["hold"]
        note = ""
        if hold and mover is not None and sr:
            note = f"{_hold_sr(hold)}, {names[mover]} mora da odgovori"
        elif hold and mover is not None:
            note = f"a {hold}, {names[mover]} must answer"
        rows.append(TableRow("Sto" if sr else "Table", observation["table"], note, alert=True))
    rows += [TableRow(""), seat(me), TableRow("Tvoja ruka" if sr else "Your hand", observation["hand"])]
    return rows


_TURN_HINTS = {
    "draw": "draw up to a full hand",
    "replace": "draw your replacement cards",
    "choose": "attack with a hold, play a pair, or discard to end your turn",
    "throw": "take the thrown card as a replacement, or draw",
}
_TURN_HINTS_SR = {
    "draw": "vuci karte do pune ruke",
    "replace": "vuci karte nadoknade",
    "choose": "napadni kombinacijom, odigraj par ili odbaci kartu i završi potez",
    "throw": "kupi izbačenu kartu kao nadoknadu ili vuci",
}


def describe_turn(observation: dict[str, Any], lang: str = "en") -> str:
    """What the player to move is doing now, in a few words."""
    if observation["phase"] == "defend":
        if lang == "sr":
            return f"moraš da slomiš {_hold_sr(observation['hold'], 'acc')}: izaberi kartu"
        return f"you must break the {observation['hold']}: choose the card"
    return (_TURN_HINTS_SR if lang == "sr" else _TURN_HINTS).get(observation["phase"], "")


INFO = GameInfo(
    name="kec",
    title="Keč",
    summary="Catch wrestling with cards for 2: holds and throws; win with a hold the opponent cannot break.",
    min_players=2,
    max_players=2,
    options=OPTIONS,
    create=KecState.create,
    describe_action=describe_action,
    describe_event=describe_event,
    describe_table=describe_table,
    describe_turn=describe_turn,
)
