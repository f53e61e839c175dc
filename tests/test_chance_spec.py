"""The chance specification of docs/records.md is exact: a minimal re-implementation written
from it alone rebuilds the engine's zones after every chance step of many seeded games.

The first half of this file is that re-implementation, in plain Python that imports nothing:
the generator, the starting deck order, each game's deal and each of its chance steps, each a
function from the zones before the step (and the public facts the document names, such as
who won a trick) to the zones after it. The second half drives the engine through random
games and, at every chance step, compares the engine's ``zones()`` with the re-implementation's;
after every action it also compares the generators' states, so a draw the document does not
describe (or one it describes that the engine does not make) fails at once.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

# ---- the re-implementation, from docs/records.md ("Chance") --------------------------------

Zones = dict[str, list[str]]
MASK = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15


class SplitMix64:
    """The generator: 64 bits of state, ``state += gamma`` and a mix per draw."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK

    def next64(self) -> int:
        self.state = (self.state + GAMMA) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        return (self.next64() * n) >> 64

    def shuffle(self, items: list[Any]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


# The starting order: ranks A 2 … K, within each rank the suits S H D C, then the Jokers.
STANDARD = [rank + suit for rank in "A23456789TJQK" for suit in "SHDC"]
WITH_JOKERS = [*STANDARD, "RJ", "BJ"]


def dealing_order(start: list[str], rng: SplitMix64, deck: list[str] | None) -> list[str]:
    """The cards in dealing order, top first: the stacked deck as given, or the start shuffled."""
    if deck is not None:
        return list(deck)
    order = list(start)
    rng.shuffle(order)
    return order


# Keč


def kec_deal(rng: SplitMix64, deck: list[str] | None) -> Zones:
    order = dealing_order(WITH_JOKERS, rng, deck)
    return {"hand:0": order[0:8:2], "hand:1": order[1:8:2], "stock": order[8:], "discard": [], "out": [],
            "table": []}


class KecRefills:
    """K6: the refills of a game so far (the first is a reshuffle, then extend and reshuffle take turns)."""

    def __init__(self) -> None:
        self.last = "original"

    def refill(self, zones: Zones, rng: SplitMix64, exhausted: str) -> Zones:
        zones = {k: list(v) for k, v in zones.items()}
        while not zones["stock"]:
            if self.last != "reshuffle":
                cards, zones["discard"] = zones["discard"], []
                self.last = "reshuffle"
            else:
                if exhausted == "draw" or not (zones["discard"] or zones["out"]):
                    return zones  # the game is drawn: nothing moves
                cards = zones["discard"] + zones["out"]
                zones["discard"], zones["out"] = [], []
                self.last = "extend"
            rng.shuffle(cards)  # the pile's list, bottom first; its last card is the top
            zones["stock"] = cards[::-1]
        return zones


def kec_throw(zones: Zones, action: str, mover: int, rng: SplitMix64, pairs_to: str) -> Zones:
    """K10-K11: a pair of 9s, 10s or Jacks: its cards, then a random card of the victim's hand."""
    zones = {k: list(v) for k, v in zones.items()}
    pair = action.split("-")
    hand, victim = zones[f"hand:{mover}"], zones[f"hand:{1 - mover}"]
    for card in pair:
        hand.remove(card)
    zones["discard" if pairs_to == "discard" else "out"] += pair
    if victim:
        zones["discard"].append(victim.pop(rng.below(len(victim))))
    return zones


# Nesalomljiv


def nesalomljiv_deal(rng: SplitMix64, deck: list[str] | None) -> Zones:
    order = dealing_order(STANDARD, rng, deck)
    return {"match:0": order[8::-2], "match:1": order[9::-2], "weapons:0": order[11:17:2],
            "weapons:1": order[12:17:2], "target": [order[10]], "stock": order[17:], "discard": []}


def nesalomljiv_reshuffle(zones: Zones, rng: SplitMix64) -> Zones:
    """N14: the discard pile, bottom first, shuffled; its last card is the new stock's top."""
    zones = {k: list(v) for k, v in zones.items()}
    cards, zones["discard"] = zones["discard"], []
    rng.shuffle(cards)
    zones["stock"] = cards[::-1] + zones["stock"]
    return zones


# Tač


def tac_deal(rng: SplitMix64, deck: list[str] | None, players: int) -> Zones:
    order = dealing_order(STANDARD if players <= 4 else STANDARD * 2, rng, deck)
    central = [order.pop(next(i for i, c in enumerate(order) if c[0] == "A"))] if players == 3 else []
    spare = len(order) % players
    dealt, aside = order[: len(order) - spare], order[len(order) - spare:]
    zones: Zones = {}
    for p in range(players):
        zones[f"closed:{p}"] = dealt[p::players]
        zones[f"open:{p}"] = []
    return {**zones, "central": central, "turned": [], "aside": aside}


# Puck

STRENGTH = {rank: 14 if rank == "A" else i + 1 for i, rank in enumerate("A23456789TJQK")}


def puck_cut(rng: SplitMix64, players: int) -> int:
    """P3: who plays first: each drawing player takes a random card of the cut deck; ties again."""
    cut: list[str] = []
    drawing = list(range(players))
    while True:
        if len(cut) < len(drawing):
            cut = list(STANDARD)
        drawn = {}
        for p in drawing:
            i = rng.below(len(cut))
            drawn[p] = cut[i]
            cut[i] = cut[-1]
            cut.pop()
        best = max(STRENGTH[drawn[p][0]] for p in drawing)
        drawing = [p for p in drawing if STRENGTH[drawn[p][0]] == best]
        if len(drawing) == 1:
            return drawing[0]


def puck_deal(rng: SplitMix64, deck: list[str] | None, players: int) -> Zones:
    first = puck_cut(rng, players) if deck is None else 0
    order = dealing_order(STANDARD, rng, deck)
    dealt = len(order) // players * players
    zones: Zones = {f"pile:{p}": [] for p in range(players)}
    for i in range(dealt):
        zones[f"pile:{(first + i) % players}"].append(order[i])
    zones.update({f"hand:{p}": [] for p in range(players)})
    return {**zones, "pot": [], "surplus": order[dealt:], "table": []}


def puck_collect(zones: Zones, rng: SplitMix64, winner: int, order: list[int]) -> Zones:
    """P8: the hands in the round's play order, the pot, the table, the surplus; shuffled; to
    the bottom of the winner's pile."""
    zones = {k: list(v) for k, v in zones.items()}
    trick: list[str] = []
    for p in order:
        trick += zones[f"hand:{p}"]
        zones[f"hand:{p}"] = []
    for zone in ("pot", "table", "surplus"):
        trick += zones[zone]
        zones[zone] = []
    rng.shuffle(trick)
    zones[f"pile:{winner}"] += trick
    return zones


# ---- the engine, driven through random games ------------------------------------------------

import kartaros  # noqa: E402 - the harness only: the re-implementation above imports nothing
from kartaros.cards import CODE  # noqa: E402

GAMES = 40  # seeded games per game and setting


def test_the_starting_order_is_the_card_codes_in_id_order() -> None:
    assert [CODE[i] for i in range(54)] == WITH_JOKERS


def test_the_generator_vectors_of_the_document() -> None:
    rng = SplitMix64(0)
    assert [rng.next64() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
    rng = SplitMix64(240)
    assert [rng.below(54) for _ in range(5)] == [40, 46, 39, 6, 38]
    rng = SplitMix64(1)
    cards = list(range(10))
    rng.shuffle(cards)
    assert cards == [9, 0, 1, 4, 8, 2, 3, 7, 6, 5] and rng.state == 0x8FF34785799E5CBE


def test_the_deal_vectors_of_the_document() -> None:
    def first(zones: Zones, zone: str, n: int = 4) -> str:
        return " ".join(zones[zone][:n])

    kec = kec_deal(SplitMix64(7), None)
    assert (first(kec, "hand:0"), first(kec, "hand:1"), first(kec, "stock", 6)) == (
        "2C 5H 5S 6S", "8D JD QH TS", "4D 7S RJ JC QS 3H")
    nes = nesalomljiv_deal(SplitMix64(7), None)
    assert [first(nes, z, 5) for z in ("match:0", "match:1", "target", "weapons:0", "weapons:1", "stock")] == [
        "KD KS JH 4C 9D", "8D 3S 6D 5D 2D", "5S", "5C AD JS", "4H QS JD", "TH JC 2C 7D 6C"]
    tac3, tac5 = tac_deal(SplitMix64(7), None, 3), tac_deal(SplitMix64(7), None, 5)
    assert (first(tac3, "central"), first(tac3, "closed:0"), first(tac3, "closed:1"), first(tac3, "closed:2")) == (
        "AD", "9D 5D KS 8D", "2D JH 3S 5S", "4C 6D KD 5C")
    assert (first(tac5, "aside"), first(tac5, "closed:0"), first(tac5, "closed:4")) == (
        "2D TC AH JS", "KD 8D TS 7H", "6H 5D 5H 9S")
    assert puck_cut(SplitMix64(7), 3) == 1
    puck = puck_deal(SplitMix64(7), None, 3)
    assert [first(puck, z) for z in ("pile:0", "pile:1", "pile:2", "surplus")] == [
        "7H 4D 8C AS", "JH 5D 2H 5H", "QC 2C JC 6S", "8D"]


@contextmanager
def watched(cls: type, method: str, check: Callable[..., None]) -> Iterator[list[int]]:
    """Every call of ``cls.method`` checked: ``check(state, zones_before, args)`` runs after it."""
    original = getattr(cls, method)
    calls = [0]

    def wrapper(self: Any, *args: Any) -> Any:
        before = self.zones()
        result = original(self, *args)
        check(self, before, args)
        calls[0] += 1
        return result

    setattr(cls, method, wrapper)
    try:
        yield calls
    finally:
        setattr(cls, method, original)


def assert_hands_keep_their_order(before: Zones, after: Zones) -> None:
    """A hand lists its cards in the order they came into it: the cards it kept, in their order,
    then the new ones (the document's rule; the throw draws on that list)."""
    for zone, cards in after.items():
        if zone.startswith("hand:"):
            kept = [c for c in before[zone] if c in cards]
            assert cards[: len(kept)] == kept, (zone, before[zone], cards)


def play_randomly(
    state: Any, chooser: random.Random, moves: int, after: Callable[[Any, str, Zones, int], None]
) -> None:
    """Random moves (``after(state, action, zones_before, mover)`` after each), the generators compared."""
    for _ in range(moves):
        if state.is_over:
            return
        action = chooser.choice(state.legal_actions())
        before, mover = state.zones(), state.current_player
        state.apply(action)
        assert_hands_keep_their_order(before, state.zones())
        after(state, action, before, mover)


def settings(name: str) -> list[tuple[int, dict[str, Any], bool]]:
    """(players, variant, stacked) for the games of one game: every player count, both deals."""
    info = kartaros.GAMES[name]
    counts = range(info.min_players, info.max_players + 1)
    return [(players, {}, stacked) for players in counts for stacked in (False, True)]


def start(name: str, players: int, seed: int, stacked: bool, variant: dict[str, Any]) -> tuple[Any, list[str] | None]:
    deck = None
    if stacked:
        cards = sorted(c for zone in kartaros.new_game(name, players=players, seed=seed).zones().values() for c in zone)
        deck = cards[::-1] if seed % 2 else cards
    return kartaros.new_game(name, players=players, seed=seed, deck=deck, variant=variant), deck


@pytest.mark.parametrize("exhausted", ["extend", "draw"])
@pytest.mark.parametrize("pairs_to", ["discard", "out"])
def test_kec(exhausted: str, pairs_to: str) -> None:
    from kartaros.games.kec.rules import KecState

    steps = {"deal": 0, "reshuffle": 0, "extend": 0, "throw": 0}
    for seed in range(GAMES):
        for stacked in (False, True):
            variant = {"exhausted": exhausted, "pairs_to": pairs_to}
            state, deck = start("kec", 2, seed, stacked, variant)
            rng = SplitMix64(seed)
            assert state.zones() == kec_deal(rng, deck)
            steps["deal"] += 1
            refills = KecRefills()

            def refilled(engine: Any, before: Zones, args: tuple[Any, ...]) -> None:
                assert engine.zones() == refills.refill(before, rng, exhausted)  # noqa: B023
                steps[refills.last] += 1  # noqa: B023

            def after(engine: Any, action: str, before: Zones, mover: int) -> None:
                if action.count("-") == 1 and action[0] in "9TJ":  # K11: a pair that throws
                    assert engine.zones() == kec_throw(before, action, mover, rng, pairs_to)  # noqa: B023
                    steps["throw"] += 1
                assert engine._rng.state == rng.state  # noqa: B023 - no draw left undescribed

            with watched(KecState, "_refill_stock", refilled):
                play_randomly(state, random.Random(seed), 400, after)
    assert all(steps[kind] for kind in ("deal", "reshuffle", "throw")), steps  # each chance step was met
    assert steps["extend"] or exhausted == "draw", steps


def test_nesalomljiv() -> None:
    from kartaros.games.nesalomljiv.rules import NesalomljivState

    steps = {"deal": 0, "reshuffle": 0}
    for seed in range(GAMES):
        for stacked in (False, True):
            for variant in ({}, {"weapons_first": True}):
                state, deck = start("nesalomljiv", 2, seed, stacked, variant)
                rng = SplitMix64(seed)
                assert state.zones() == nesalomljiv_deal(rng, deck)
                steps["deal"] += 1

                def reshuffled(engine: Any, before: Zones, args: tuple[Any, ...]) -> None:
                    assert engine.zones() == nesalomljiv_reshuffle(before, rng)  # noqa: B023
                    steps["reshuffle"] += 1

                def after(engine: Any, action: str, before: Zones, mover: int) -> None:
                    assert engine._rng.state == rng.state  # noqa: B023

                with watched(NesalomljivState, "_reshuffle", reshuffled):
                    play_randomly(state, random.Random(seed), 600, after)
    assert all(steps.values()), steps


def test_tac() -> None:
    for players, variant, stacked in settings("tac"):
        for seed in range(GAMES):
            state, deck = start("tac", players, seed, stacked, variant)
            rng = SplitMix64(seed)
            assert state.zones() == tac_deal(rng, deck, players)

            def after(engine: Any, action: str, before: Zones, mover: int) -> None:
                assert engine._rng.state == rng.state  # noqa: B023 - the deal is Tač's only chance

            play_randomly(state, random.Random(seed), 150, after)


def test_puck() -> None:
    from kartaros.games.puck.rules import PuckState

    steps = {"deal": 0, "collect": 0}
    plays = [*settings("puck"), *((p, {"end": "last-standing"}, False) for p in (3, 4))]  # players leave (P11)
    for players, variant, stacked in plays:
        for seed in range(GAMES):
            state, deck = start("puck", players, seed, stacked, variant)
            rng = SplitMix64(seed)
            assert state.zones() == puck_deal(rng, deck, players)
            steps["deal"] += 1
            orders: list[list[int]] = []

            def collected(engine: Any, before: Zones, args: tuple[Any, ...]) -> None:
                winner = args[0]  # the public facts: who won the trick, in what order the round went
                assert engine.zones() == puck_collect(before, rng, winner, orders[-1])  # noqa: B023
                steps["collect"] += 1

            def after(engine: Any, action: str, before: Zones, mover: int) -> None:
                assert engine._rng.state == rng.state  # noqa: B023
                if not engine.is_over:
                    orders.append(engine.observation(0)["order"])  # noqa: B023

            orders.append(state.observation(0)["order"])
            with watched(PuckState, "_collect", collected):
                play_randomly(state, random.Random(seed), 300, after)
    assert all(steps.values()), steps
