"""Invariants of Nesalomljiv over many random games (hypothesis): conservation, legality, replay,
determinization and the secrecy of what a player cannot see, above all the secret duel choice."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kartaros
from kartaros import IllegalAction
from kartaros.games.nesalomljiv import INFO
from kartaros.games.nesalomljiv.rules import Why
from kartaros.state import GameState
from tests.nesalomljiv_helpers import ALL_CODES, all_cards
from tests.random_play import two_player_random_game

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**63 - 1)
VARIANTS: list[dict[str, Any] | None] = [
    None,
    {"match_hand": "blind"},
    {"weapons_first": True},
    {"match_hand": "blind", "weapons_first": True},
    {"max_duels": 7},
]
variants = st.sampled_from(VARIANTS)

PUBLIC_EVENTS = {"chooser", "duel", "take", "discard", "place", "reshuffle"}
CANDIDATES = ["draw", "place", "", "PLACE", "keep", "7", "XX", "AS-AS", *ALL_CODES, "2S-3S", "AS-2S-3S", "KS-QS"]


def snapshot(state: GameState) -> str:
    return json.dumps(
        [state.zones(), state.observation(0), state.observation(1), state.legal_actions(), state.record()],
        sort_keys=True,
    )


def random_game(
    seed: int,
    variant: dict[str, Any] | None,
    every: int = 0,
    check: Callable[[GameState], None] | None = None,
) -> GameState:
    return two_player_random_game("nesalomljiv", seed, variant, all_cards, every, check)


def moves_until(state: GameState, chooser: random.Random, stop: Callable[[GameState], bool], limit: int) -> bool:
    """Random moves until ``stop(state)`` holds (True) or the game ends or ``limit`` moves pass."""
    for _ in range(limit):
        if state.is_over:
            return False
        if stop(state):
            return True
        state.apply(chooser.choice(state.legal_actions()))
    return not state.is_over and stop(state)


@SETTINGS
@given(seeds, variants)
def test_cards_are_conserved_and_play_always_reaches_an_end(seed: int, variant: dict[str, Any] | None) -> None:
    state = random_game(seed, variant)
    if variant and "max_duels" in variant:
        assert state.observation(0)["duels"] <= 7


@SETTINGS
@given(seeds, st.data())
def test_illegal_and_wrong_turn_actions_raise_and_change_nothing(seed: int, data: st.DataObject) -> None:
    def check(state: GameState) -> None:
        legal = set(state.legal_actions())
        wrong = [a for a in CANDIDATES if a not in legal]
        for action in data.draw(st.lists(st.sampled_from(wrong), min_size=1, max_size=4)):
            before = snapshot(state)
            with pytest.raises(IllegalAction) as err:
                state.apply(action)
            assert str(err.value).startswith(f"{action!r}: That is not a legal move now")
            assert err.value.problem is None or isinstance(err.value.problem.kind, Why)
            assert snapshot(state) == before
        for junk in (None, 7, ["draw"]):
            before = snapshot(state)
            with pytest.raises(IllegalAction):
                state.apply(junk)  # type: ignore[arg-type]
            assert snapshot(state) == before

    variant = data.draw(variants)
    state = random_game(seed, variant, every=13, check=check)
    with pytest.raises(IllegalAction) as err:
        state.apply("draw")
    assert str(err.value) == "'draw': The game is over: no move is legal any more."
    assert err.value.problem is None


@SETTINGS
@given(seeds, variants)
def test_replay_of_the_record_is_identical(seed: int, variant: dict[str, Any] | None) -> None:
    state = random_game(seed, variant)
    record = json.loads(json.dumps(state.record()))  # through JSON, as saved
    again = kartaros.replay(record)
    assert again.zones() == state.zones()
    assert again.returns() == state.returns()
    assert again.observation(0) == state.observation(0)
    assert again.observation(1) == state.observation(1)
    assert again.record() == state.record()


@SETTINGS
@given(seeds, variants)
def test_replay_of_an_unfinished_game_continues_identically(seed: int, variant: dict[str, Any] | None) -> None:
    state = kartaros.new_game("nesalomljiv", seed=seed, variant=variant)
    chooser = random.Random(seed)
    moves_until(state, chooser, lambda s: False, chooser.randrange(1, 60))
    again = kartaros.replay(state.record())
    for _ in range(40):
        if state.is_over:
            break
        action = chooser.choice(state.legal_actions())
        state.apply(action)
        again.apply(action)
    assert again.zones() == state.zones()
    assert again.observation(1) == state.observation(1)


def test_observation_since_gives_the_tail_of_the_events() -> None:
    state = kartaros.new_game("nesalomljiv", seed=4)
    chooser = random.Random(4)
    moves_until(state, chooser, lambda s: False, 25)
    for player in (0, 1):
        full = state.observation(player)
        tail = state.observation(player, since=7)
        assert tail["event_count"] == full["event_count"] == len(full["events"])
        assert tail["events"] == full["events"][7:]
        assert {k: v for k, v in tail.items() if k != "events"} == {k: v for k, v in full.items() if k != "events"}


# ---- determinize -----------------------------------------------------------------------------


def hidden_places(view: dict[str, Any], zones: dict[str, list[str]], player: int) -> dict[str, list[str]]:
    """The zones ``player`` cannot see into (the stock, the opponent's weapons and match hand)."""
    opponent = 1 - player
    places = {"stock": zones["stock"], f"match:{opponent}": zones[f"match:{opponent}"]}
    places[f"weapons:{opponent}"] = zones[f"weapons:{opponent}"]
    if view["variant"]["match_hand"] == "blind":
        places[f"match:{player}"] = zones[f"match:{player}"]
    return places


def cards_from_events(view: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The viewer's match hand and weapons as his own events tell them (sorted by card id)."""
    me = view["player"]
    match: list[str] = []
    weapons: list[str] = []
    for event in view["events"]:
        kind = event["type"]
        if event.get("player") != me:
            if kind == "duel":
                weapons = []
            continue
        if kind == "deal" and event["zone"] == "match":
            match += event.get("cards", [])
        elif kind == "deal":
            weapons = event["cards"]
        elif kind in ("take", "draw") and "card" in event:
            match.append(event["card"])
        elif kind == "place" and event["card"] in match:
            match.remove(event["card"])
    return sorted(match, key=ALL_CODES.index), sorted(weapons, key=ALL_CODES.index)


def check_consistent(state: GameState) -> None:
    """Each player's own history names exactly the cards he holds (not checkable when blind)."""
    for player in (0, 1):
        view = state.observation(player)
        match, weapons = cards_from_events(view)
        assert weapons == view["weapons"]
        if view["variant"]["match_hand"] != "blind":
            assert match == view["match_hands"][player]


def check_determinize(state: GameState, seed: int) -> None:
    check_consistent(state)
    for player in (0, 1):
        opponent = 1 - player
        view = state.observation(player)
        real = state.zones()
        worlds = [state.determinize(player, seed + k) for k in range(4)]
        worlds.append(worlds[0].determinize(player, seed + 7))  # a world of a world
        theirs = worlds[1].determinize(opponent, seed + 8)  # a world for the other, then for him
        check_consistent(theirs)
        mine = theirs.determinize(player, seed + 9)
        assert mine.observation(player) == theirs.observation(player)
        check_consistent(mine)
        for world in worlds:
            check_consistent(world)
            assert world.observation(player) == view
            assert all_cards(world) == sorted(ALL_CODES)
            zones = world.zones()
            if view["variant"]["match_hand"] != "blind":
                assert zones[f"match:{player}"] == real[f"match:{player}"]
            assert zones[f"weapons:{player}"] == real[f"weapons:{player}"]
            for public in ("discard", "target"):
                assert zones[public] == real[public]
            for name, cards in hidden_places(view, real, player).items():
                assert len(zones[name]) == len(cards)
            # Cards seen going into the opponent's match hand are still there.
            known = [c for c in view["match_hands"][opponent] if c is not None]
            assert set(known) <= set(zones[f"match:{opponent}"])
            # The opponent's own view stays consistent with his (new) cards.
            theirs = world.observation(opponent)
            assert theirs["weapons"] == sorted(zones[f"weapons:{opponent}"], key=ALL_CODES.index)
            if view["variant"]["match_hand"] != "blind":
                assert theirs["match_hands"][opponent] == sorted(zones[f"match:{opponent}"], key=ALL_CODES.index)
            if theirs["my_choice"] is not None:
                assert {*theirs["my_choice"]["keep"], theirs["my_choice"]["drop"]} == set(theirs["weapons"])
                assert theirs["events"][-1] == {"type": "choose", "player": opponent, **theirs["my_choice"]}
            assert world.current_player == state.current_player
            if state.current_player == player:
                assert world.legal_actions() == state.legal_actions()
        others = [state.determinize(player, seed + 100 + k).zones() for k in range(20)]
        if view["stock_size"] >= 2:  # at least the stock can be reordered
            assert any(w["stock"] != real["stock"] for w in others), "determinize did not move the stock"
        reshuffled = any(e["type"] == "reshuffle" for e in view["events"])
        if None in view["match_hands"][opponent] and view["stock_size"] and not reshuffled:
            theirs_real = sorted(real[f"match:{opponent}"])
            assert any(sorted(w[f"match:{opponent}"]) != theirs_real for w in others), "his hand never changes"
        # A world depends only on what the player knows and the seed: a world of a world (which
        # he cannot tell from the real state) is the world of the real state.
        assert worlds[0].determinize(player, seed + 1).zones() == worlds[1].zones()
        # A determinized world is a legal position that plays to the end, and its record replays.
        world = worlds[0]
        chooser = random.Random(seed)
        while not world.is_over:
            world.apply(chooser.choice(world.legal_actions()))
        rebuilt = kartaros.replay(json.loads(json.dumps(world.record())))
        assert rebuilt.zones() == world.zones()


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds, variants)
def test_determinize_keeps_the_observation_and_redeals_hidden_cards(seed: int, variant: dict[str, Any] | None) -> None:
    random_game(seed, variant, every=11, check=lambda s: check_determinize(s, seed % 10_000))


def test_determinize_after_a_reshuffle_keeps_each_generation_in_its_places() -> None:
    """After the sixth tied Chooser the stock and the new weapons come from the reshuffled
    discard pile (a public set); the match hands were dealt from the first stock. A world may
    swap cards within those groups only, so player 1's match hand stays the same five cards."""
    from tests.test_nesalomljiv_rules import tie, tie_deck

    state = kartaros.new_game("nesalomljiv", deck=tie_deck(), seed=5)
    for _ in range(6):
        tie(state)
    real = state.zones()
    pool = sorted(real["stock"] + real["weapons:1"])
    stocks = set()
    for seed in range(30):
        world = state.determinize(0, seed)
        zones = world.zones()
        assert sorted(zones["match:1"]) == sorted(real["match:1"])
        assert sorted(zones["stock"] + zones["weapons:1"]) == pool
        stocks.add(tuple(zones["stock"]))
    assert len(stocks) > 1


def test_determinize_redraws_the_opponents_secret_choice_whatever_it_was() -> None:
    """Worlds for player 1 taken after player 0 chose are the same whichever choice he made."""
    for seed in range(12):
        state = kartaros.new_game("nesalomljiv", seed=seed)
        chooser = random.Random(seed)
        if not moves_until(state, chooser, lambda s: s.current_player == 0 and "-" in s.legal_actions()[0], 40):
            continue
        choices = state.legal_actions()
        worlds = []
        for choice in choices:
            branch = state.clone()
            branch.apply(choice)
            world = branch.determinize(1, seed)
            worlds.append(json.dumps([world.zones(), world.observation(0), world.observation(1)], sort_keys=True))
        assert worlds.count(worlds[0]) == len(choices)


# ---- hidden information --------------------------------------------------------------------


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds, variants, st.integers(min_value=0, max_value=60))
def test_no_leak_player_1_sees_nothing_of_player_0s_choice(
    seed: int, variant: dict[str, Any] | None, moves: int
) -> None:
    """At a random duel: player 1's observation and legal actions after player 0 chose are
    identical whatever player 0 chose, and they name none of player 0's weapons."""
    state = kartaros.new_game("nesalomljiv", seed=seed, variant=variant)
    chooser = random.Random(seed)
    moves_until(state, chooser, lambda s: False, moves)
    if not moves_until(state, chooser, lambda s: s.observation(0)["phase"] == "choose" and s.current_player == 0, 20):
        return
    secret = state.zones()["weapons:0"]
    seen = []
    for choice in state.legal_actions():
        branch = state.clone()
        branch.apply(choice)
        view = branch.observation(1)
        seen.append((json.dumps(view, sort_keys=True), branch.legal_actions()))
        text = json.dumps(view["events"][-1]) + json.dumps(view["my_choice"]) + json.dumps(view["discard"])
        assert not any(f'"{card}"' in text for card in secret)
        assert view["weapons"] == sorted(branch.zones()["weapons:1"], key=ALL_CODES.index)
    assert all(s == seen[0] for s in seen)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds, variants, st.integers(min_value=0, max_value=7), st.integers(min_value=30, max_value=51))
def test_no_leak_changing_what_player_0_cannot_see_leaves_his_observation(
    seed: int, variant: dict[str, Any] | None, slot: int, deep: int
) -> None:
    """Swap one of player 1's dealt cards (match hand or weapon) with a card deep in the stock:
    until one of the two reaches a place player 0 may look at, his observation must be identical."""
    base = kartaros.new_game("nesalomljiv", seed=seed)
    zones = base.zones()
    # Rebuild the dealing order (N4) from the zones of the shuffled deal.
    m0, m1 = zones["match:0"][::-1], zones["match:1"][::-1]
    deck = [c for pair in zip(m0, m1, strict=True) for c in pair] + zones["target"]
    deck += [c for pair in zip(zones["weapons:0"], zones["weapons:1"], strict=True) for c in pair] + zones["stock"]
    assert kartaros.new_game("nesalomljiv", seed=seed, deck=deck).zones() == zones
    player1_slots = [1, 3, 5, 7, 9, 12, 14, 16]  # his five match-hand cards, then his three weapons
    where = player1_slots[slot]
    other = deck.copy()
    other[where], other[deep] = other[deep], other[where]
    secret = {deck[where], deck[deep]}
    a = kartaros.new_game("nesalomljiv", seed=seed, deck=deck, variant=variant)
    b = kartaros.new_game("nesalomljiv", seed=seed, deck=other, variant=variant)
    # Where player 0 may see a card (rules, "What each player sees"): the zones are the truth,
    # and a card may cross a public place within one action (a reveal, then a reshuffle).
    blind = variant is not None and variant.get("match_hand") == "blind"
    visible = ["discard", "target", "weapons:0", *([] if blind else ["match:0"])]
    chooser = random.Random(seed)
    for _ in range(400):
        seen_a, seen_b = a.observation(0), b.observation(0)
        shown = json.dumps([e for view in (seen_a, seen_b) for e in view["events"] if e["type"] in PUBLIC_EVENTS])
        if any(card in state.zones()[name] for state in (a, b) for name in visible for card in secret) or any(
            f'"{card}"' in shown for card in secret
        ):
            break  # from here on player 0 may rightly know which world he is in
        assert seen_a == seen_b
        # States player 0 cannot tell apart give him the very same worlds.
        assert a.determinize(0, seed).zones() == b.determinize(0, seed).zones()
        if a.is_over:
            break
        # Player 1 plays only what he can play in both worlds (his cards differ by one).
        common = sorted(set(a.legal_actions()) & set(b.legal_actions()))
        if not common:
            break
        action = chooser.choice(common)
        a.apply(action)
        b.apply(action)


# ---- words for people ----------------------------------------------------------------------


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds, variants)
def test_every_action_event_and_table_has_words(seed: int, variant: dict[str, Any] | None) -> None:
    names = ["Ana", "Bora"]

    def check(state: GameState) -> None:
        for player in (0, 1):
            view = state.observation(player)
            assert INFO.words.table(view, names)
            for event in view["events"]:
                assert INFO.words.event(event, names)
        view = state.observation(state.current_player or 0)
        assert INFO.words.turn(view, names)
        for action in state.legal_actions():
            words = INFO.words.action(view, action, names)
            assert words and "None" not in words

    state = random_game(seed, variant, every=3, check=check)
    for event in state.observation(0)["events"][-2:]:
        assert INFO.words.event(event, names)


@pytest.mark.parametrize(
    ("reason", "returns", "en", "sr"),
    [
        ("last_card", [0.0, 1.0], "Bora wins by placing the last match-hand card",
         "Bora pobeđuje: oslobađa se poslednje karte iz svoje meč-ruke"),
        ("exhausted", [1.0, 0.0], "Ana wins: the cards ran out, and Bora holds more match-hand cards",
         "Ana pobeđuje: karte su iscrpljene, a Bora ima više karata u meč-ruci"),
        ("exhausted", [0.5, 0.5], "The game is drawn: the cards ran out, and both match hands hold the same number of "
         "cards", "Igra je nerešena: karte su iscrpljene, a obe meč-ruke imaju isti broj karata"),
        ("max_duels", [0.5, 0.5], "The game is drawn: the limit of duels was reached",
         "Igra je nerešena: dostignuta je granica broja duela"),
    ],
)
def test_the_end_says_in_words_who_won_and_why(reason: str, returns: list[float], en: str, sr: str) -> None:
    event = {"type": "end", "reason": reason, "returns": returns}
    assert INFO.words.event(event, ["Ana", "Bora"]) == en
    assert INFO.words.event(event, ["Ana", "Bora"], "sr") == sr


def test_every_option_has_words_in_the_order_of_the_options() -> None:
    assert INFO.words.options is not None
    for lang in ("en", "sr"):
        said = INFO.words.options(lang)
        assert [o.name for o in said] == [o.name for o in INFO.options]
        for words, option in zip(said, INFO.options, strict=True):
            assert words.label and words.explanation and "(N" not in words.explanation
            assert list(words.choices) == list(option.choices or ())


def test_determinize_does_not_depend_on_where_a_hidden_card_came_from() -> None:
    """Player 1 places 8S: in one deal it came with his match hand, in the other it was his
    knockout draw (his 5H the other way round). Player 0 cannot tell the two apart, so both
    give him the very same worlds, although the match hands were built in different orders."""
    from tests.nesalomljiv_helpers import deals, nes_deck

    stock = [
        *deals((["AC", "4C", "QC"], ["2D", "9D", "JD"])),  # player 0 knocks out 5S
        "8S",  # player 1's knockout draw
        *deals((["JS", "QS", "KS"], ["6C", "8C", "9C"])),  # player 0 wins on 4S
        *deals((["JH", "QH", "KH"], ["AD", "3C", "KC"])),  # player 1 wins on 3S
    ]
    m0, m1 = ["AS", "2S", "3S", "4S", "5S"], ["AH", "2H", "3H", "4H", "5H"]
    deck = nes_deck(m0, m1, "7D", ["3D", "4D", "KD"], ["2C", "TC", "6D"], stock)
    other = deck.copy()
    other[deck.index("5H")], other[deck.index("8S")] = "8S", "5H"
    worlds = []
    for cards in (deck, other):
        state = kartaros.new_game("nesalomljiv", seed=3, deck=cards)
        for action in ["4D-KD", "6D-TC", "5S", "AC-4C", "2D-JD", "draw", "4S", "JS-QS", "6C-8C",
                       "3S", "JH-QH", "AD-KC", "8S"]:
            state.apply(action)
        worlds.append(state)
    a, b = worlds
    assert a.zones()["match:1"] == ["5H", "4H", "3H", "2H", "AH", "5S", "4S"]  # 8S was drawn
    assert b.zones()["match:1"] == ["4H", "3H", "2H", "AH", "5S", "5H", "4S"]  # 8S was dealt
    assert a.observation(0) == b.observation(0)
    for seed in range(10):
        assert a.determinize(0, seed).zones() == b.determinize(0, seed).zones()


def test_N8_N11_the_public_view_shows_the_cards_taken_face_up_into_match_hands() -> None:
    # A spectator's view (what every player knows) keeps each match hand's face-up cards: a
    # target taken into it. They are exactly the cards the opponent can name, and really there.
    seen = 0
    for seed in range(30):
        state = kartaros.new_game("nesalomljiv", seed=seed)
        chooser = random.Random(seed)
        while not state.is_over:
            public = state.public_observation()["match_public"]
            zones = state.zones()
            for p in (0, 1):
                named = [c for c in state.observation(1 - p)["match_hands"][p] if c is not None]
                assert sorted(public[p]) == sorted(named)
                assert set(public[p]) <= set(zones[f"match:{p}"])
                seen += len(public[p])
            actions = state.legal_actions()
            state.apply(actions[chooser.randrange(len(actions))])
    assert seen > 0
