"""Nesalomljiv ("unbreakable"): duels of two weapons against a target card, for 2 players
(rules: ``kartaros/rules/nesalomljiv.md``, N1-N15).

Notation (``docs/notation.md``): in a duel, the two weapons kept, lowest card first, joined by
``-`` (``3S-7H``; the third weapon is dropped); one card code (``7H``) to place that card of the
match hand as the Attacker, or ``place`` for the top card of a blind match hand; ``draw`` for the
card a knocked-out player draws from the stock.

This module reads like the rules file: components, deal, the duel, the Chooser duel, the
Attacker game, the end, what each player sees (observation, determinize), then the words used
to show it to people.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kartaros.cards import CODE, RANK, card_id, codes, pretty, standard_deck
from kartaros.info import GameInfo, TableRow
from kartaros.rng import Rng, mix
from kartaros.state import GameState
from kartaros.variant import Option
from kartaros.words import card_name, card_names, cards_count, to_move, you

# ---- N1-N3: components ------------------------------------------------------------------

DECK = standard_deck()  # N1: 52 cards, no Jokers; suits play no role
MATCH_SIZE = 5
WEAPONS = 3
JACK = 10

# N2: a card's value in the hand (a weapon) and in the middle (the Chooser or the Attacker).
WEAPON_VALUE = [RANK[c] + 1 if RANK[c] < JACK else 0 for c in DECK]
TARGET_VALUE = [RANK[c] + 1 if RANK[c] < JACK else 100 for c in DECK]

OPTIONS = (
    Option(
        "match_hand",
        "open-to-owner",
        "the owner looks at his match hand and chooses what to place, or it is a face-down stack placed from the top",
        ("open-to-owner", "blind"),
    ),
    Option("weapons_first", False, "N7: deal the new weapons before the next Attacker is placed", (False, True)),
    Option("max_duels", 10_000, "N15: duels (Chooser duels count) after which the game is drawn", minimum=1),
)

# Phases: who decides what now.
CHOOSE, DRAW, PLACE, OVER = range(4)
PHASE_NAMES = ("choose", "draw", "place", "over")

# The role of the card in the middle.
CHOOSER, ATTACKER = range(2)
ROLE_NAMES = ("chooser", "attacker")

# Moves (values of the legal-move dict): a duel choice is (kept, kept, dropped); a placement is
# the card, or TOP for a blind match hand; the knockout draw is DRAW_MOVE.
TOP = -1
DRAW_MOVE = "draw"
_DRAW_ONLY = {"draw": DRAW_MOVE}
_PLACE_TOP = {"place": TOP}
_PLACE_MOVES = [(CODE[c], c) for c in range(52)]
_PLAYOUT_TOP, _PLAYOUT_DRAW = (TOP,), (DRAW_MOVE,)


def _joined(a: int, b: int) -> str:
    return f"{CODE[a]}-{CODE[b]}" if a < b else f"{CODE[b]}-{CODE[a]}"


class NesalomljivState(GameState):
    game = "nesalomljiv"
    __slots__ = (
        "match", "known", "weapons", "choice", "choice_event", "stock", "discard",
        "target", "role", "placer", "player", "phase", "duels", "last_duel",
        "generation", "gen", "intro", "events", "blind", "weapons_first",
    )

    match: list[list[int]]  # each match hand, top first (the order matters only when blind)
    known: list[list[int]]  # cards of each match hand that went in face up (public)
    weapons: list[list[int]]  # in dealt order; the dropped one stays here until the reveal
    choice: list[tuple[int, int, int] | None]  # this duel's secret choice: kept, kept, dropped
    choice_event: list[int]  # index in ``events`` of that choice
    stock: list[int]  # top is the last element
    discard: list[int]  # top is the last element
    target: int  # the Chooser or the Attacker in the middle, or -1
    role: int  # CHOOSER or ATTACKER
    placer: int  # who placed the Attacker in the middle; in PLACE, who places the next one
    player: int  # who decides now
    phase: int
    duels: int  # N15
    last_duel: int  # index in ``events`` of the last duel, or -1
    generation: int  # how many times the discard pile became the stock (N14)
    gen: list[int]  # per card: the stock generation it was dealt from (or lies in)
    intro: list[int]  # per card: index of the private event that put it where it is hidden
    events: list[tuple[Any, ...]]
    blind: bool
    weapons_first: bool

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
        self.events = [
            ("deal", 0, "match", tuple(order[0:chooser:2])),
            ("deal", 1, "match", tuple(order[1:chooser:2])),
            ("chooser", -1, self.target),
            ("deal", 0, "weapons", tuple(self.weapons[0])),
            ("deal", 1, "weapons", tuple(self.weapons[1])),
        ]
        self.intro = [-1] * 52
        for index in (0, 1, 3, 4):
            for card in self.events[index][3]:
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
        return None if self.phase == OVER else self.player

    def clone(self) -> NesalomljivState:
        other = NesalomljivState.__new__(NesalomljivState)
        self._clone_base(other)
        other.match = [self.match[0].copy(), self.match[1].copy()]
        other.known = [self.known[0].copy(), self.known[1].copy()]
        other.weapons = [self.weapons[0].copy(), self.weapons[1].copy()]
        other.choice = self.choice.copy()  # tuples: immutable
        other.choice_event = self.choice_event.copy()
        other.stock = self.stock.copy()
        other.discard = self.discard.copy()
        other.target = self.target
        other.role = self.role
        other.placer = self.placer
        other.player = self.player
        other.phase = self.phase
        other.duels = self.duels
        other.last_duel = self.last_duel
        other.generation = self.generation
        other.gen = self.gen.copy()
        other.intro = self.intro.copy()
        other.events = self.events.copy()
        other.blind = self.blind
        other.weapons_first = self.weapons_first
        return other

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
        if phase == CHOOSE:
            return _keep_moves(self.weapons[self.player])
        if phase == PLACE:
            if self.blind:
                return _PLACE_TOP
            return dict(_PLACE_MOVES[c] for c in sorted(self.match[self.player]))
        if phase == DRAW:
            return _DRAW_ONLY
        return {}

    def _playout_moves(self) -> Sequence[Any]:
        """The legal moves without their notation, in the same order (the search fast path)."""
        phase = self.phase
        if phase == CHOOSE:
            a, b, c = sorted(self.weapons[self.player])
            return (a, b, c), (a, c, b), (b, c, a)
        if phase == PLACE:
            return _PLAYOUT_TOP if self.blind else sorted(self.match[self.player])
        return _PLAYOUT_DRAW if phase == DRAW else ()

    def _value_guess(self) -> list[float]:
        """N13: fewer match-hand cards is closer to the win."""
        a, b = len(self.match[0]), len(self.match[1])
        return [0.5, 0.5] if a + b == 0 else [b / (a + b), a / (a + b)]

    def _play(self, move: Any) -> None:
        phase = self.phase
        if phase == CHOOSE:
            self._choose(self.player, move)
        elif phase == PLACE:
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
        cards = self._take_from_stock(2 * WEAPONS)
        if cards is None:
            return False
        first, second = cards[0::2], cards[1::2]
        self.weapons = [first, second]
        events, intro = self.events, self.intro
        at = len(events)
        for card in first:
            intro[card] = at
        for card in second:
            intro[card] = at + 1
        events.append(("deal", 0, "weapons", tuple(first)))
        events.append(("deal", 1, "weapons", tuple(second)))
        return True

    def _turn_chooser(self) -> bool:
        """N9: a new Chooser from the stock; False if the game ended."""
        cards = self._take_from_stock(1)
        if cards is None:
            return False
        self.target = cards[0]
        self.role = CHOOSER
        self.placer = -1
        self.events.append(("chooser", -1, self.target))
        return True

    # ---- N5-N6: the duel -----------------------------------------------------------------------

    def _choose(self, p: int, move: tuple[int, int, int]) -> None:
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
        first, second = self.choice
        assert first is not None and second is not None
        a0, b0, drop0 = first
        a1, b1, drop1 = second
        target, role = self.target, self.role
        value = TARGET_VALUE[target]
        distance0 = abs(value - WEAPON_VALUE[a0] - WEAPON_VALUE[b0])
        distance1 = abs(value - WEAPON_VALUE[a1] - WEAPON_VALUE[b1])
        winner = 0 if distance0 < distance1 else 1 if distance1 < distance0 else -1
        knockout = winner >= 0 and (distance0 if winner == 0 else distance1) == 0
        self.last_duel = len(self.events)
        self.events.append(("duel", -1, role, target, first, second, winner, knockout))
        self.discard += (drop0, drop1, a0, b0, a1, b1)  # the dropped ones went down first
        self.weapons = [[], []]
        self.choice = [None, None]
        self.duels += 1
        if winner >= 0 and (role == ATTACKER or knockout):
            self._take_target(1 - winner)  # N8 (knockout), N11
        else:
            self._discard_target()  # N8 (a plain win), N9, N12
        if self.duels >= self.variant["max_duels"]:
            self._finish((0.5, 0.5), "max_duels", f"drawn: the {self.duels}-duel bound (N15)")
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

    def _take_target(self, p: int) -> None:
        card = self.target
        self.match[p].append(card)  # at the bottom
        self.known[p].append(card)
        self.target = -1
        self.events.append(("take", p, card, self.role))

    def _discard_target(self) -> None:
        card = self.target
        self.discard.append(card)
        self.target = -1
        self.events.append(("discard", -1, card, self.role))

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
            self._finish(returns, "last_card", "the winner placed the last card of his match hand (N13)")
            return
        if self.weapons_first or self._deal_weapons():
            self.player = 0
            self.phase = CHOOSE

    # ---- N13-N15: the end --------------------------------------------------------------------

    def _exhausted(self) -> None:
        """N14: not enough cards even with the discard pile: fewer match-hand cards wins."""
        n0, n1 = len(self.match[0]), len(self.match[1])
        if n0 == n1:
            detail = f"drawn: no cards left to deal, and both hold {n0} match-hand cards (N14)"
            self._finish((0.5, 0.5), "exhausted", detail)
        else:
            fewer, more = sorted((n0, n1))
            detail = f"no cards left to deal: the winner holds fewer match-hand cards, {fewer} against {more} (N14)"
            self._finish((1.0, 0.0) if n0 < n1 else (0.0, 1.0), "exhausted", detail)

    def _finish(self, returns: tuple[float, ...], reason: str, detail: str) -> None:
        self.phase = OVER
        self._end(returns, reason, detail)
        self.events.append(("end", -1, reason, returns))

    # ---- illegal input ----------------------------------------------------------------------

    def _why_illegal(self, action: str) -> str:
        legal = ", ".join(self.legal_actions())
        p = self.player
        reason = None
        if self.phase == CHOOSE:
            wanted = f"player {p} keeps two of his three weapons for the duel (N5)"
            reason = _keep_problem(action, self.weapons[p])
        elif self.phase == PLACE:
            if self.blind:
                wanted = f"player {p} places the top card of his face-down match hand as the Attacker (N10)"
            else:
                wanted = f"player {p} places a card of his match hand as the Attacker (N10)"
                if len(action) == 2 and action in CODE[:52] and card_id(action) not in self.match[p]:
                    reason = f"{action} is not in your match hand"
        else:
            wanted = f"player {p} was knocked out and draws a card from the stock (N11)"
        head = f"{action!r} is not a legal move now"
        if reason:
            head += f": {reason}"
        return f"{head}. {wanted[0].upper()}{wanted[1:]}; legal: {legal}"

    # ---- what each player sees ---------------------------------------------------------------

    def observation(self, player: int, since: int = 0) -> dict[str, Any]:
        self._check_player(player)
        outcome = self._outcome
        mine = self.choice[player]
        target = self.target
        blind = self.blind
        return {
            "game": "nesalomljiv",
            "player": player,
            "num_players": 2,
            "current_player": self.current_player,
            "phase": PHASE_NAMES[self.phase],
            "target": CODE[target] if target >= 0 else None,
            "target_role": ROLE_NAMES[self.role] if target >= 0 else None,
            "target_value": TARGET_VALUE[target] if target >= 0 else None,
            "placer": self.placer if self.phase == PLACE or (target >= 0 and self.role == ATTACKER) else None,
            "weapons": codes(sorted(self.weapons[player])),
            "weapon_counts": [len(self.weapons[0]), len(self.weapons[1])],
            "chosen": [self.choice[0] is not None, self.choice[1] is not None],
            "my_choice": None if mine is None else {"keep": codes(mine[:2]), "drop": CODE[mine[2]]},
            "match_hands": [self._match_view(p, player) for p in (0, 1)],
            "match_sizes": [len(self.match[0]), len(self.match[1])],
            "stock_size": len(self.stock),
            "discard": codes(self.discard),
            "duels": self.duels,
            "last_duel": _event_view(self.events[self.last_duel], player, blind) if self.last_duel >= 0 else None,
            "actions_played": len(self._actions),
            "variant": dict(self.variant),
            "event_count": len(self.events),
            "events": [_event_view(e, player, blind) for e in self.events[since:]],
            "result": None if outcome is None else {"returns": list(outcome.returns), "reason": outcome.reason},
        }

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
        slots: list[tuple[list[int], int]] = []  # (zone list, index)
        for p in (opponent, player) if self.blind else (opponent,):
            known = world.known[p]
            hand = world.match[p]
            slots += [(hand, i) for i, c in enumerate(hand) if c not in known]
        weapons = world.weapons[opponent]
        slots += [(weapons, i) for i in range(len(weapons))]
        dealt = len(slots)  # the slots before this are in hands, the rest is the stock
        slots += [(world.stock, i) for i in range(len(world.stock))]
        groups: dict[int, list[int]] = {}
        for n, (zone, i) in enumerate(slots):
            groups.setdefault(self.gen[zone[i]], []).append(n)
        rewrites: dict[int, dict[int, int]] = {}  # event index -> {old card: new card}
        intro = world.intro
        for generation in sorted(groups):
            members = groups[generation]
            old = [slots[n][0][slots[n][1]] for n in members]
            new = sorted(old)
            rng.quick_shuffle(new)
            for n, before, after in zip(members, old, new, strict=True):
                zone, i = slots[n]
                zone[i] = after
                if n < dealt:
                    event = self.intro[before]
                    rewrites.setdefault(event, {})[before] = after
                    intro[after] = event
        if not self.blind:  # a blind stack's order is public: its hidden places are known
            world.match[opponent].sort()
        events = world.events
        for index, swap in rewrites.items():
            kind, who, *rest = events[index]
            if kind == "deal":
                events[index] = (kind, who, rest[0], tuple(swap.get(c, c) for c in rest[1]))
            else:  # a knockout draw
                events[index] = (kind, who, swap.get(rest[0], rest[0]))
        if world.choice[opponent] is not None:
            drop = rng.below(WEAPONS)
            kept = sorted(c for i, c in enumerate(weapons) if i != drop)
            world.choice[opponent] = (kept[0], kept[1], weapons[drop])
            events[world.choice_event[opponent]] = ("choose", opponent, world.choice[opponent])
        world._rng = Rng(mix(seed, 0x726E67))
        world._legal = None
        return world


# ---- moves, cached ------------------------------------------------------------------------------

_KEEP_CACHE: dict[tuple[int, ...], dict[str, tuple[int, int, int]]] = {}


def _keep_moves(weapons: list[int]) -> dict[str, tuple[int, int, int]]:
    """N5: the three ways to keep two weapons, by the pair kept (lowest card first).

    The dicts are never mutated, so they are shared (at most C(52, 3) = 22,100 of them).
    """
    key = tuple(sorted(weapons))
    moves = _KEEP_CACHE.get(key)
    if moves is None:
        a, b, c = key
        moves = _KEEP_CACHE[key] = {_joined(a, b): (a, b, c), _joined(a, c): (a, c, b), _joined(b, c): (b, c, a)}
    return moves


def _keep_problem(action: str, weapons: list[int]) -> str | None:
    """Why a duel choice is not playable: not two cards, a card not held, or not canonical."""
    parts = action.split("-")
    if not all(p in CODE[:52] for p in parts):
        return "name the two weapons you keep, lowest card first, joined by '-' (e.g. 3S-7H)" if action else None
    if len(parts) != 2:
        return "keep exactly two weapons, joined by '-': the third one is dropped (N5)"
    held = {CODE[c] for c in weapons}
    missing = [p for p in parts if p not in held]
    if missing:
        return f"you do not hold {' '.join(missing)}"
    if parts[0] == parts[1]:
        return "name two different weapons"
    canonical = _joined(card_id(parts[0]), card_id(parts[1]))
    return f"write it as {canonical} (lowest card first: A to K, then S H D C)"


def _event_view(event: tuple[Any, ...], viewer: int, blind: bool) -> dict[str, Any]:
    """One event as ``viewer`` saw it: private cards shown to their owner only (to nobody when blind)."""
    kind, who = event[0], event[1]
    if kind == "deal":
        view: dict[str, Any] = {"type": "deal", "player": who, "zone": event[2], "count": len(event[3])}
        if who == viewer and not (blind and event[2] == "match"):
            view["cards"] = codes(sorted(event[3]))
        return view
    if kind == "choose":
        view = {"type": "choose", "player": who}
        if who == viewer:  # N6: nobody else learns anything until the reveal
            view["keep"] = codes(event[2][:2])
            view["drop"] = CODE[event[2][2]]
        return view
    if kind == "duel":
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
    if kind == "draw":
        view = {"type": "draw", "player": who, "source": "stock"}
        if who == viewer and not blind:
            view["card"] = CODE[event[2]]
        return view
    if kind == "chooser":
        return {"type": "chooser", "card": CODE[event[2]]}
    if kind == "take":
        return {"type": "take", "player": who, "card": CODE[event[2]], "role": ROLE_NAMES[event[3]]}
    if kind == "discard":
        return {"type": "discard", "card": CODE[event[2]], "role": ROLE_NAMES[event[3]]}
    if kind == "place":
        return {"type": "place", "player": who, "card": CODE[event[2]]}
    if kind == "reshuffle":
        return {"type": "reshuffle", "count": len(event[2]), "cards": codes(event[2])}
    return {"type": "end", "reason": event[2], "returns": list(event[3])}


# ---- words for people ---------------------------------------------------------------------------


def _card(code: str) -> str:
    return pretty(card_id(code))


def _cards(cards: Sequence[str]) -> str:
    return " ".join(_card(c) for c in cards)


def _worth(code: str) -> int:
    return WEAPON_VALUE[card_id(code)]


_ROLE_WORDS = {"chooser": "the Chooser", "attacker": "the Attacker"}
# The roles in the words of the Serbian rules: nominative, accusative, dative.
_ROLES_SR = {"chooser": ("Birač", "Birača", "Biraču"), "attacker": ("Napadač", "Napadača", "Napadaču")}
_REASONS_SR = {
    "last_card": "poslednja karta iz meč-ruke", "exhausted": "karte su iscrpljene", "max_duels": "granica broja duela",
}


def describe_action(observation: dict[str, Any], action: str, lang: str = "en") -> str:
    """An action of the player to move, in words, from his observation."""
    sr = lang == "sr"
    if action == "draw":
        if sr:
            return "vuci kartu sa ostatka u svoju meč-ruku (posle nokauta)"
        return "draw a card from the stock into your match hand (knocked out)"
    if action == "place":
        if sr:
            return "postavi gornju kartu svoje meč-ruke kao Napadača"
        return "place the top card of your match hand as the Attacker"
    parts = action.split("-")
    if len(parts) == 1:
        value = TARGET_VALUE[card_id(action)]
        if sr:
            note = "slika: vredi 100, ne može se nokautirati" if value == 100 else f"vredi {value}"
            return f"postavi {card_name(action, lang, 'acc')} kao Napadača ({note})"
        note = "a face card: worth 100, it cannot be knocked out" if value == 100 else f"worth {value}"
        return f"place {_card(action)} as the Attacker ({note})"
    total = _worth(parts[0]) + _worth(parts[1])
    dropped = [w for w in observation["weapons"] if w not in parts]
    target = observation["target_value"]
    if sr:
        aim = f"zbir {total}: nokaut!" if target == total else f"zbir {total}, razlika {abs(target - total)}"
        kept = " i ".join(card_name(c, lang, "acc") for c in parts)
        return f"zadrži {kept} ({aim}), odbaci {card_names(dropped, lang, 'acc')}"
    aim = f"sum {total}: a knockout!" if target == total else f"sum {total}, {abs(target - total)} off {target}"
    return f"keep {_cards(parts)} ({aim}), drop {_cards(dropped)}"


def describe_event(event: dict[str, Any], names: Sequence[str], lang: str = "en") -> str:
    """One observed event as a sentence, e.g. "Milan places the Attacker 7♥" ("Milan postavlja
    Napadača: sedmica herc")."""
    kind = event["type"]
    who = names[event["player"]] if "player" in event else ""
    if lang == "sr":
        return _event_sr(event, names, who)
    if kind == "deal":
        what = "match-hand cards" if event["zone"] == "match" else "weapons"
        cards = event.get("cards")
        return f"{who} is dealt {event['count']} {what}" + (f": {_cards(cards)}" if cards else "")
    if kind == "chooser":
        return f"The Chooser is turned: {_card(event['card'])}"
    if kind == "choose":
        if "keep" in event:
            return f"{who} keeps {_cards(event['keep'])} and drops {_card(event['drop'])} (hidden until the reveal)"
        return f"{who} has chosen his weapons"
    if kind == "duel":
        sides = [f"{names[p]} {_cards(event['kept'][p])} = {event['sums'][p]}" for p in (0, 1)]
        if event["winner"] is None:
            result = "a tie"
        else:
            result = f"{names[event['winner']]} wins" + (" by knockout" if event["knockout"] else "")
        role = _ROLE_WORDS[event["role"]]
        return f"Duel on {role} {_card(event['target'])} ({event['value']}): {sides[0]}, {sides[1]}: {result}"
    if kind == "take":
        return f"{who} takes {_ROLE_WORDS[event['role']]} {_card(event['card'])} into his match hand"
    if kind == "discard":
        return f"{_ROLE_WORDS[event['role']].replace('the', 'The')} {_card(event['card'])} is discarded"
    if kind == "draw":
        card = _card(event["card"]) if "card" in event else "a card"
        return f"{who} draws {card} from the stock into his match hand"
    if kind == "place":
        return f"{who} places the Attacker {_card(event['card'])}"
    if kind == "reshuffle":
        return f"The discard pile ({event['count']} cards) is shuffled into a new stock"
    returns = event["returns"]
    if returns[0] == returns[1]:
        return f"The game is drawn ({event['reason']})"
    return f"{names[0 if returns[0] > returns[1] else 1]} wins ({event['reason']})"


def _event_sr(event: dict[str, Any], names: Sequence[str], who: str) -> str:
    """:func:`describe_event` in Serbian."""
    kind = event["type"]
    if kind == "deal":
        count = cards_count(event["count"], "sr", "acc")
        what = "za meč-ruku" if event["zone"] == "match" else "oružja"
        cards = event.get("cards")
        return f"{who} dobija {count} {what}" + (f": {card_names(cards, 'sr')}" if cards else "")
    if kind == "chooser":
        return f"Otvara se Birač: {card_name(event['card'], 'sr')}"
    if kind == "choose":
        if "keep" in event:
            kept = " i ".join(card_name(c, "sr", "acc") for c in event["keep"])
            return f"{who} zadržava {kept}, a odbacuje {card_name(event['drop'], 'sr', 'acc')} (skriveno do otkrivanja)"
        return f"{who} bira oružje"
    if kind == "duel":
        sides = [
            f"{names[p]} {' + '.join(card_name(c, 'sr') for c in event['kept'][p])} = {event['sums'][p]}"
            for p in (0, 1)
        ]
        if event["winner"] is None:
            result = "nerešeno"
        else:
            result = f"pobeđuje {names[event['winner']]}" + (" nokautom" if event["knockout"] else "")
        role = _ROLES_SR[event["role"]][0]
        return f"Duel, {role} {card_name(event['target'], 'sr')} ({event['value']}): {sides[0]}; {sides[1]}: {result}"
    if kind == "take":
        role = _ROLES_SR[event["role"]][1]
        return f"{who} uzima {role} ({card_name(event['card'], 'sr')}) u svoju meč-ruku"
    if kind == "discard":
        return f"{_ROLES_SR[event['role']][0]} ({card_name(event['card'], 'sr')}) se odbacuje"
    if kind == "draw":
        card = card_name(event["card"], "sr", "acc") if "card" in event else "kartu"
        return f"{who} vuče {card} sa ostatka u svoju meč-ruku"
    if kind == "place":
        return f"{who} postavlja Napadača: {card_name(event['card'], 'sr')}"
    if kind == "reshuffle":
        return f"Odbačene karte ({event['count']}) mešaju se u novi ostatak"
    returns = event["returns"]
    reason = _REASONS_SR.get(event["reason"], event["reason"])
    if returns[0] == returns[1]:
        return f"Igra je nerešena ({reason})"
    return f"{names[0 if returns[0] > returns[1] else 1]} pobeđuje ({reason})"


DISCARD_SHOWN = 6


def describe_table(observation: dict[str, Any], names: Sequence[str], lang: str = "en") -> list[TableRow]:
    """The table as the observing player sees it: opponent, piles, the middle, the last duel, himself."""
    me = observation["player"]
    mover = observation["current_player"]
    blind = observation["variant"]["match_hand"] == "blind"
    sr = lang == "sr"
    turn = "   " + to_move(lang)
    match_label = "  meč-ruka" if sr else "  match hand"

    def match_row(player: int) -> TableRow:
        hand = observation["match_hands"][player]
        note = cards_count(len(hand), lang)
        if blind:  # a face-down stack: say where the cards that went in face up lie
            return TableRow(match_label, None, f"{note}, {'odozgo' if sr else 'top first'}: {_stack_words(hand, lang)}")
        unseen = hand.count(None)
        if unseen and sr:
            note += ", sve licem nadole" if unseen == len(hand) else f", {unseen} licem nadole"
        elif unseen:
            note += ", all face down" if unseen == len(hand) else f", {unseen} face down"
        return TableRow(match_label, [c for c in hand if c] or None, note)

    opponent = 1 - me
    count = observation["weapon_counts"][opponent]
    chosen = observation["chosen"][opponent]
    if sr:
        weapons = f"oružje: {count}" + (", izabrano" if chosen else "") if count else "bez oružja"
    else:
        weapons = f"{count} weapons" + (", chosen" if chosen else "") if count else "no weapons"
    discard = observation["discard"]
    rows = [
        TableRow(names[opponent], None, weapons + (turn if mover == opponent else ""), mover=mover == opponent),
        match_row(opponent),
        TableRow(""),
        TableRow("Ostatak" if sr else "Stock", None, cards_count(observation["stock_size"], lang)),
        TableRow(
            f"{'Odbačene' if sr else 'Discard'} ({len(discard)})",
            discard[-DISCARD_SHOWN:],
            ("◀ vrh" if sr else "◀ top") if discard else "",
            more=len(discard) > DISCARD_SHOWN,
        ),
    ]
    if observation["target"] is not None:
        role = observation["target_role"]
        value = observation["target_value"]
        if sr:
            note = "vredi 100: slika" if value == 100 else f"vredi {value}"
            if role == "attacker":
                note += f", od igrača {names[observation['placer']]}"
            label = _ROLES_SR[role][0]
        else:
            note = "worth 100: a face card" if value == 100 else f"worth {value}"
            if role == "attacker":
                note += f", placed by {names[observation['placer']]}"
            label = role.capitalize()
        rows.append(TableRow(label, [observation["target"]], note, alert=True))
    elif observation["phase"] == "place":
        placer = names[observation["placer"]]
        if sr:
            rows.append(TableRow("Napadač", None, f"{placer} postavlja sledećeg"))
        else:
            rows.append(TableRow("Attacker", None, f"{placer} places the next one"))
    duel = observation["last_duel"]
    if duel is not None:
        winner = None if duel["winner"] is None else names[duel["winner"]]
        if sr:
            result = "nerešeno" if winner is None else f"pobeda{' nokautom' if duel['knockout'] else ''}: {winner}"
            label = f"Poslednji duel (#{observation['duels']})"
            rows.append(TableRow(label, [duel["target"]], f"{_ROLES_SR[duel['role']][0]}; {result}"))
        else:
            result = "a tie" if winner is None else f"{winner} won" + (" by knockout" if duel["knockout"] else "")
            label = f"Last duel (#{observation['duels']})"
            rows.append(TableRow(label, [duel["target"]], f"on the {duel['role'].capitalize()}: {result}"))
        for p in (0, 1):
            sums, off, dropped = duel["sums"][p], duel["distances"][p], duel["dropped"][p]
            if sr:
                note = f"= {sums}, razlika {off}; odbačeno: {card_name(dropped, lang)}"
                rows.append(TableRow(f"  {names[p]}: zadržano", duel["kept"][p], note))
            else:
                note = f"= {sums}, {off} off; dropped {_card(dropped)}"
                rows.append(TableRow(f"  {names[p]} kept", duel["kept"][p], note))
    weapons_note = "" if observation["weapons"] else "nema" if sr else "none"
    rows += [
        TableRow(""),
        TableRow(you(names[me], lang), None, turn.strip() if mover == me else "", mover=mover == me),
        match_row(me),
        TableRow(
            "  oružje" if sr else "  weapons",
            observation["weapons"] or None,
            _choice_note(observation, lang) or weapons_note,
        ),
    ]
    return rows


def _stack_words(stack: Sequence[str | None], lang: str = "en") -> str:
    """A blind match hand, top first: "3 face down, 7♥, 1 face down"."""
    parts: list[str] = []
    hidden = 0
    for code in [*stack, ""]:
        if code is None:
            hidden += 1
            continue
        if hidden:
            parts.append(f"{hidden} {'licem nadole' if lang == 'sr' else 'face down'}")
            hidden = 0
        if code:
            parts.append(card_name(code, lang))
    return ", ".join(parts) or ("prazna" if lang == "sr" else "empty")


def _choice_note(observation: dict[str, Any], lang: str = "en") -> str:
    mine = observation["my_choice"]
    if mine is None:
        return ""
    total = sum(_worth(c) for c in mine["keep"])
    if lang == "sr":
        return f"zadržano: {' + '.join(card_name(c, lang) for c in mine['keep'])} = {total}, čeka se otkrivanje"
    return f"keeping {_cards(mine['keep'])} = {total}, waiting for the reveal"


def describe_turn(observation: dict[str, Any], lang: str = "en") -> str:
    """What the player to move is doing now, in a few words."""
    phase = observation["phase"]
    sr = lang == "sr"
    if phase == "choose":
        if sr:
            role = _ROLES_SR[observation["target_role"]][2]
            return f"zadrži dve karte čiji je zbir najbliži {role} ({observation['target_value']}); treća se odbacuje"
        role = _ROLE_WORDS[observation["target_role"]]
        return f"keep two weapons whose sum is closest to {role}'s {observation['target_value']}; the third is dropped"
    if phase == "place":
        if observation["variant"]["match_hand"] == "blind":
            if sr:
                return "postavi gornju kartu svoje meč-ruke kao Napadača"
            return "place the top card of your match hand as the Attacker"
        return "izaberi Napadača iz svoje meč-ruke" if sr else "choose the Attacker to place from your match hand"
    if phase == "draw":
        return "nokaut: vuci kartu u svoju meč-ruku" if sr else "you were knocked out: draw a card into your match hand"
    return ""


INFO = GameInfo(
    name="nesalomljiv",
    title="Nesalomljiv",
    summary="Duels for 2: keep the two weapons closest to the card in the middle; empty your match hand first.",
    min_players=2,
    max_players=2,
    options=OPTIONS,
    create=NesalomljivState.create,
    describe_action=describe_action,
    describe_event=describe_event,
    describe_table=describe_table,
    describe_turn=describe_turn,
)
