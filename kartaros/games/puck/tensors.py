"""Puck: action space and observation tensor (rules P1-P12).

Suits count (flushes, P9), so an exchange id names exact cards: by their places in the mover's
hand sorted by card id (what ``observation["hand"]`` shows), plus how many cards are taken from
the seat r places after him (P6). One legal string per id.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations, combinations_with_replacement
from typing import Any

from kartaros.games.puck.views import PuckObservation
from kartaros.rl.spaces import ActionSpace
from kartaros.rl.tensors import CARD_OF, Encoder, EventSpec, Last, Slots, card_flags, indices

DRAW, HOLD, TURN, EXCHANGE = 0, 1, 2, 3
SUBSETS = [s for k in (1, 2, 3) for s in combinations(range(3), k)]  # places in the sorted hand
WORDS = {"draw": DRAW, "hold": HOLD, "turn": TURN}


class PuckSpace(ActionSpace):
    """draw (P5), hold (P6), turn (P10), then one id per exchange (P6): which places of the sorted
    hand go to the pot (7 subsets of up to 3) × the multiset of relative seats taken from."""

    game = "puck"
    exact = True

    def __init__(self, num_players: int, variant: Mapping[str, Any] | None = None) -> None:
        self._exchanges = [
            (places, takes)
            for places in SUBSETS
            for takes in combinations_with_replacement(range(1, num_players), len(places))
        ]
        self._exchange_id = {key: EXCHANGE + i for i, key in enumerate(self._exchanges)}
        # An exchange id is the first id of its hand places (a bit mask) plus the index of its takes.
        self._base = [0] * 8
        self._take_index: dict[tuple[int, ...], int] = {}
        for places in reversed(SUBSETS):
            takes_k = list(combinations_with_replacement(range(1, num_players), len(places)))
            self._base[sum(1 << p for p in places)] = self._exchange_id[(places, takes_k[0])]
            self._take_index.update({takes: i for i, takes in enumerate(takes_k)})
        self._takes: list[dict[str, int]] = [{} for _ in range(num_players)]  # "P2-P2" → take index, per mover
        self._by_seats: dict[tuple[int, tuple[str, ...]], list[int]] = {}
        super().__init__(num_players, variant)

    def _names(self) -> list[str]:
        names = ["draw", "hold", "turn"]
        for places, takes in self._exchanges:
            cards = ",".join(str(p) for p in places)
            seats = ",".join(f"+{t}" for t in takes)
            names.append(f"put cards {cards}; take from {seats}")
        return names

    def table(self, actions: Sequence[str], mover: int) -> dict[int, str]:
        if len(actions) == 1 and actions[0] in WORDS:  # a forced draw or turn: most steps
            return {WORDS[actions[0]]: actions[0]}
        return dict(zip(self.ids(actions, mover), actions))  # noqa: B905 (ids has one per action)

    def ids(self, actions: Sequence[str], mover: int) -> list[int]:
        if not actions or actions[0] != "hold":
            return self._parse_ids(actions, mover)
        # An exchange position. The engine lists exchanges by number of cards, then by the cards
        # in hand order, then by seats (notation document), so which hand places each string
        # puts follows from the seats taken: ids are remembered by the seat parts alone, the
        # second half of each string (k cards and k seats P0 … P3 take 3k - 1 characters each).
        key = (mover, tuple([action[len(action) >> 1:] for action in actions]))
        found = self._by_seats.get(key)
        if found is None:
            found = self._parse_ids(actions, mover)
            if len(self._by_seats) < 50_000:
                self._by_seats[key] = found
        return list(found)

    def _parse_ids(self, actions: Sequence[str], mover: int) -> list[int]:
        """``ids`` from the strings themselves, in any order."""
        takes = self._takes[mover]
        parts: list[int | tuple[str, int]] = []
        singles: list[str] = []
        for action in actions:
            word = WORDS.get(action)
            if word is not None:
                parts.append(word)
                continue
            cut = action.find("-P")  # the cards put, then the seats taken from
            cards, seats = action[:cut], action[cut + 1:]
            take = takes.get(seats)
            if take is None:
                offsets = sorted((int(p[1:]) - mover) % self.num_players for p in seats.split("-"))
                take = takes[seats] = self._take_index[tuple(offsets)]
            if cut == 2:
                singles.append(cards)  # every card in hand has a one-card exchange
            parts.append((cards, take))
        if not singles:
            return parts  # type: ignore[return-value]  # words only
        first = self._first_ids(sorted(set(singles), key=CARD_OF.__getitem__))
        return [part if type(part) is int else first[part[0]] + part[1] for part in parts]  # type: ignore[index]

    def _first_ids(self, hand: list[str]) -> dict[str, int]:
        """The cards put (as written, ``2D-7C``) → the first id of their block, for ``hand``
        sorted by card id: places {0} {1} {2} {0,1} {0,2} {1,2} {0,1,2} have bit masks 1 2 4 3 5 6 7."""
        base = self._base
        if len(hand) == 3:
            a, b, c = hand
            return {a: base[1], b: base[2], c: base[4], f"{a}-{b}": base[3], f"{a}-{c}": base[5],
                    f"{b}-{c}": base[6], f"{a}-{b}-{c}": base[7]}
        if len(hand) == 2:
            a, b = hand
            return {a: base[1], b: base[2], f"{a}-{b}": base[3]}
        return {hand[0]: base[1]} if hand else {}


PHASES = indices(("draw", "exchange", "tiebreak", "over"))


class PuckEncoder(Encoder[PuckObservation]):
    """One slot per card (suits count, P9); seats relative to the viewer; sizes / 52."""

    game = "puck"
    events = EventSpec(
        types=("cut", "deal", "draw", "hold", "exchange", "showdown", "tie", "turn", "collect", "out", "end"),
        fields_a=("cards", "put", "hands", "card"),
        fields_b=("took",),
        seat_fields=("best", "players", "first"),
        count_fields=("from",),
        tags=("hand", "tiebreak", "alone", "order", "surplus"),
        by_card=True,
    )
    default_history = 32  # a round is about 3n + 2 events; rows are wide (two 52-card sets)

    def _slots(self) -> None:
        o, n = self.layout.offset, self.num_players
        self._at = tuple(o[name] for name in ("phase", "to_move", "hand", "pot_size", "surplus", "tied", "out"))
        # Per viewer, per seat (the seat seen from the viewer): its hand and pile size slots, its
        # row of ``order``, its ``exchanged`` pair and its slot of ``taken_from`` per source seat.
        self._sizes_at = [[(o["hand_sizes"] + rel, o["pile_sizes"] + rel) for rel in rels] for rels in self.rels]
        self._order_at = [[o["order"] + n * rel for rel in rels] for rels in self.rels]
        self._exchange_at = [
            [(o["exchanged"] + 2 * rel, [o["taken_from"] + n * rel + source for source in rels]) for rel in rels]
            for rels in self.rels
        ]

    def _pieces(self) -> list[tuple[str, tuple[int, ...]]]:
        n = self.num_players
        return [
            ("phase", (4,)),
            ("to_move", (1,)),
            ("hand", (52,)),
            ("hand_sizes", (n,)),  # /3
            ("pile_sizes", (n,)),  # /52
            ("pot_size", (1,)),  # /12
            ("surplus", (1,)),  # P4
            ("order", (n, n)),  # each seat's place in this round's play order (P8)
            ("exchanged", (n, 2)),  # decided, cards exchanged / 3 (P6: public counts)
            ("taken_from", (n, n)),  # cards each seat took from each seat / 3
            ("shown", (n, 52)),  # the hands shown during a tie-break (P7)
            ("turned", (n, 52)),  # tie-break cards turned this round (P10)
            ("tied", (n,)),
            ("out", (n,)),  # P11, last-standing
        ]

    def _fill(self, obs: PuckObservation, out: Slots, last: Last[PuckObservation] | None = None) -> None:
        phase_at, to_move_at, hand_at, pot_at, surplus_at, tied_at, out_at = self._at
        me = obs["player"]
        rels = self.rels[me]
        out[phase_at + PHASES[obs["phase"]]] = 1.0
        if obs["current_player"] == me:
            out[to_move_at] = 1.0
        for code in obs["hand"]:
            out[hand_at + CARD_OF[code]] = 1.0
        out[pot_at] = min(1.0, obs["pot_size"] / 12)
        out[surplus_at] = float(obs["surplus_size"])
        for (hand_size_at, pile_size_at), hand, pile in zip(
            self._sizes_at[me], obs["hand_sizes"], obs["pile_sizes"], strict=True
        ):
            out[hand_size_at] = hand / 3
            out[pile_size_at] = pile / 52
        order_at = self._order_at[me]
        for place, seat in enumerate(obs["order"]):
            out[order_at[seat] + place] = 1.0
        for (exchanged_at, taken_at), exchange in zip(self._exchange_at[me], obs["exchanges"], strict=True):
            if exchange is not None:  # decided; cards exchanged, taken from each seat (P6)
                count = exchange["count"]
                out[exchanged_at] = 1.0
                out[exchanged_at + 1] = count / 3
                if count:
                    for at, k in zip(taken_at, exchange["from"], strict=True):
                        if k:
                            out[at] = k / 3
        o = self.layout.offset
        for name in ("shown", "turned"):
            by_seat = obs[name]
            if by_seat and any(by_seat):  # no hands shown, no cards turned: most of the time
                for rel, cards in zip(rels, by_seat, strict=True):
                    card_flags(cards, out, o[name] + 52 * rel)
        for seat in obs["tied"]:
            out[tied_at + rels[seat]] = 1.0
        for seat in obs["out"]:
            out[out_at + rels[seat]] = 1.0
