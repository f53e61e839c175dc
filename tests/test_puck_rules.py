"""One stacked-deck test (or more) per Puck rule, P1-P12, checking exact outcomes; the hand
evaluator on every pair of categories and on the tie rules."""

from __future__ import annotations

import json
import re
from itertools import combinations

import pytest

import kartaros
from kartaros import IllegalAction, VariantError
from kartaros.cards import card_id
from kartaros.games.puck.rules import CATEGORY_NAMES, OPTIONS, Why, hand_category, hand_value
from kartaros.games.puck.words import describe_action, describe_event, describe_hand, describe_options
from tests.puck_helpers import ALL_CODES, all_cards, check_history, draw_all, hand, pile, play, puck

# A 4-player deal that drains player 3 in round 1 (P5, P6, P9): everyone else takes three
# cards from his pile, so in round 2 he plays with a single card, the Ace of spades.
DRAIN = [
    ["TS", "JS", "4H", "2D", "7S", "JC"],
    ["6S", "9C", "QH", "3D", "8S", "QC"],
    ["5S", "TD", "2S", "4D", "9D", "KC"],
    ["4S", "6H", "8D", "KS", "KH", "KD", "2H", "5C", "9S", "3S", "7C", "TH", "AS"],
]
DRAIN_ROUND_1 = ("4H-TS-JS-P3-P3-P3", "6S-9C-QH-P3-P3-P3", "2S-5S-TD-P3-P3-P3", "hold")

# A 4-player deal after which players 2 and 3 hold 4 cards each (round 1), then tie with
# Q-J-8 in round 2 with one card or none left in their piles (P10, P11).
EMPTY_TIE = [
    ["5C", "6S", "TS", "2C", "4H", "9S"],
    ["5H", "7S", "JS", "7C", "4D", "2H"],
    ["9C", "TD", "AC", "KS", "KH", "KD", "4S", "8H", "JC", "QS", "JH", "8D", "5S"],
    ["6H", "9D", "TH", "2S", "6C", "9H", "3S", "7H", "TC", "QH", "JD", "8C", "3D"],
]
EMPTY_TIE_ROUND_1 = ("5C-6S-TS-P2-P2-P2", "5H-7S-JS-P3-P3-P3", "AC-9C-TD-P3-P3-P3", "6H-9D-TH-P2-P2-P2")

# Four players, everyone holds: player 0 wins round 1 with three Aces, player 1 round 2 with
# three Kings, and both then have 19 cards (P11, P12).
TWO_ROUNDS = [
    ["AS", "AH", "AD", "2C", "4D", "8C"],
    ["2S", "5H", "9D", "KS", "KH", "KC"],
    ["3S", "6H", "TD", "3C", "6D", "9C"],
    ["4S", "7H", "JD", "5D", "7C", "JC"],
]


def ids(*codes: str) -> list[int]:
    return [card_id(c) for c in codes]


def value(*codes: str, ace_low: bool = True) -> int:
    return hand_value(ids(*codes), ace_low)


def events(state: kartaros.GameState, player: int, kind: str) -> list[dict[str, object]]:
    return [e for e in state.observation(player)["events"] if e["type"] == kind]


# ---- P1-P2: components -------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_P1_two_to_four_players_and_52_cards_without_jokers(players: int) -> None:
    state = kartaros.new_game("puck", players=players, seed=11)
    assert state.num_players == players
    assert all_cards(state) == sorted(ALL_CODES)
    assert "RJ" not in all_cards(state) and "BJ" not in all_cards(state)


@pytest.mark.parametrize("players", [1, 5])
def test_P1_other_player_counts_are_refused(players: int) -> None:
    with pytest.raises(ValueError, match="2 to 4 players"):
        kartaros.new_game("puck", players=players)


def test_P1_the_ace_is_high_for_everything() -> None:
    assert value("AS") > value("KS")
    assert value("AS", "3H", "2D") > value("KS", "QH", "9D")  # Ace high beats King high
    # A tie-break card: the Ace beats the King (P10).
    state = puck([["KS", "QH", "9D", "AC"], ["KH", "QD", "9C", "KC"]])
    play(state, "draw", "draw", "hold", "hold", "turn", "turn")
    assert events(state, 1, "collect")[0]["player"] == 0


def test_P2_zones_and_piles_nobody_knows() -> None:
    state = puck([[], [], []], surplus="KS")
    assert set(state.zones()) == {"pile:0", "pile:1", "pile:2", "hand:0", "hand:1", "hand:2", "pot", "surplus", "table"}
    for player in range(3):
        text = json.dumps(state.observation(player))
        assert not any(f'"{code}"' in text for code in ALL_CODES), "no card is known before any is taken"
    play(state, "draw")
    seen = json.dumps(state.observation(0))
    assert [code for code in ALL_CODES if f'"{code}"' in seen] == sorted(hand(state, 0), key=card_id)
    assert state.observation(0)["pile_sizes"] == [14, 17, 17]


# ---- P3-P4: the deal ------------------------------------------------------------------------


def test_P3_the_cut_highest_plays_first_and_only_the_tied_draw_again() -> None:
    found_tie = found_clean = False
    for seed in range(400):
        state = kartaros.new_game("puck", players=4, seed=seed)
        cuts = events(state, 0, "cut")
        drawing = [0, 1, 2, 3]
        for cut in cuts:
            cards = cut["cards"]
            assert isinstance(cards, list)
            assert [p for p, c in enumerate(cards) if c is not None] == drawing
            strength = {p: 14 if cards[p][0] == "A" else "23456789TJQK".index(cards[p][0]) + 2 for p in drawing}
            best = max(strength.values())
            drawing = [p for p in drawing if strength[p] == best]
        assert len(drawing) == 1
        first = drawing[0]
        assert events(state, 0, "deal")[0]["first"] == first
        assert state.current_player == first
        assert state.observation(2)["order"] == [(first + i) % 4 for i in range(4)]
        found_tie |= len(cuts) > 1
        found_clean |= len(cuts) == 1
        if found_tie and found_clean:
            break
    assert found_tie and found_clean


def test_P3_a_stacked_deck_deals_one_card_at_a_time_and_player_0_plays_first() -> None:
    state = kartaros.new_game("puck", players=4, deck=ALL_CODES, seed=1)
    zones = state.zones()
    assert zones["pile:0"] == [r + "S" for r in "A23456789TJQK"]  # the top is the first card dealt
    assert zones["pile:3"] == [r + "C" for r in "A23456789TJQK"]
    assert zones["surplus"] == []
    assert events(state, 0, "cut") == []
    assert state.current_player == 0 and state.legal_actions() == ["draw"]
    two = kartaros.new_game("puck", players=2, deck=ALL_CODES, seed=1)
    assert [len(p) for p in (pile(two, 0), pile(two, 1))] == [26, 26]
    assert pile(two, 1)[:3] == ["AH", "AC", "2H"]


def test_P4_the_surplus_goes_unseen_to_the_first_tricks_winner() -> None:
    state = puck([["AS", "AH", "AD"], ["2S", "3H", "5D"], ["7C", "9H", "JD"]], surplus="KS")
    assert state.zones()["surplus"] == ["KS"]
    assert [len(pile(state, p)) for p in range(3)] == [17, 17, 17]
    assert state.observation(1)["surplus_size"] == 1
    draw_all(state)
    play(state, "hold", "hold", "hold")
    zones = state.zones()
    assert zones["surplus"] == []
    bottom = zones["pile:0"][-10:]  # three shown hands and the surplus
    assert sorted(bottom) == sorted(["AS", "AH", "AD", "2S", "3H", "5D", "7C", "9H", "JD", "KS"])
    assert len(zones["pile:0"]) == 24
    for player in range(3):
        obs = state.observation(player)
        assert '"KS"' not in json.dumps(obs), "the surplus is never seen, not even by its winner"
        assert obs["surplus_size"] == 0
        assert obs["events"][-1] == {"type": "collect", "player": 0, "count": 10, "how": "hand", "surplus": True}


def test_P4_no_surplus_with_two_or_four_players() -> None:
    for players in (2, 4):
        state = kartaros.new_game("puck", players=players, seed=3)
        assert state.zones()["surplus"] == []
        assert len({len(p) for p in (pile(state, q) for q in range(players))}) == 1


# ---- P5: the draw ---------------------------------------------------------------------------


def test_P5_each_player_takes_the_top_three_of_his_pile_in_play_order() -> None:
    state = puck([["AS", "AH", "AD", "2C"], ["2S", "3H", "5D", "6C"], ["7C", "9H", "JD", "QC"]])
    movers = []
    for _ in range(3):
        movers.append(state.current_player)
        assert state.legal_actions() == ["draw"]
        state.apply("draw")
    assert movers == [0, 1, 2]
    assert [hand(state, p) for p in range(3)] == [
        sorted(["AS", "AH", "AD"]), sorted(["2S", "3H", "5D"]), sorted(["7C", "9H", "JD"])
    ]
    assert [pile(state, p)[0] for p in range(3)] == ["2C", "6C", "QC"]
    draws = events(state, 1, "draw")
    assert draws[0] == {"type": "draw", "player": 0, "count": 3}  # others see the count only
    assert draws[1] == {"type": "draw", "player": 1, "count": 3, "cards": ["2S", "3H", "5D"]}
    assert state.observation(0)["phase"] == "exchange"


def test_P5_a_pile_of_one_card_is_taken_and_played() -> None:
    state = puck(DRAIN)
    draw_all(state)
    play(state, *DRAIN_ROUND_1)
    assert [len(pile(state, p)) for p in range(4)] == [31, 10, 10, 1]
    draw_all(state)
    assert hand(state, 3) == ["AS"] and pile(state, 3) == []
    assert state.observation(0)["hand_sizes"] == [3, 3, 3, 1]


# ---- P6: the exchange -------------------------------------------------------------------


EXCHANGE = [
    ["2C", "5D", "9H", "AS"],
    ["3C", "6D", "TH", "AH", "KS", "KH"],
    ["4C", "7D", "JH", "AD"],
    ["8C", "QD", "KD", "AC"],
]


def test_P6_a_typical_four_player_position_has_38_choices() -> None:
    state = puck(EXCHANGE)
    draw_all(state)
    legal = state.legal_actions()
    assert len(legal) == 38  # hold, 3 cards x 3 seats, 3 pairs x 6, 1 trio x 10
    assert legal[:4] == ["hold", "2C-P1", "2C-P2", "2C-P3"]
    assert "2C-5D-9H-P1-P2-P3" in legal and "2C-5D-9H-P3-P3-P3" in legal
    assert not any("P0" in a for a in legal), "never from his own pile"


def test_P6_hold_keeps_the_hand() -> None:
    state = puck(EXCHANGE)
    draw_all(state)
    play(state, "hold")
    assert hand(state, 0) == sorted(["2C", "5D", "9H"])
    assert state.zones()["pot"] == []
    assert state.observation(2)["exchanges"][0] == {"count": 0, "from": [0, 0, 0, 0]}
    assert state.observation(2)["events"][-1] == {"type": "hold", "player": 0}
    assert state.current_player == 1


def test_P6_one_card_for_one_card() -> None:
    state = puck(EXCHANGE)
    draw_all(state)
    play(state, "9H-P2")
    assert hand(state, 0) == sorted(["2C", "5D", "AD"])  # the top of player 2's pile
    assert state.zones()["pot"] == ["9H"]
    assert [len(pile(state, p)) for p in range(4)] == [10, 10, 9, 10]
    public = {"type": "exchange", "player": 0, "count": 1, "from": [0, 0, 1, 0]}
    assert state.observation(2)["events"][-1] == public  # the robbed player learns only the count
    assert state.observation(1)["events"][-1] == public
    assert state.observation(0)["events"][-1] == {**public, "put": ["9H"], "took": ["AD"]}
    assert state.observation(1)["pot_size"] == 1


def test_P6_two_cards_split_between_two_opponents() -> None:
    state = puck(EXCHANGE)
    draw_all(state)
    play(state, "5D-9H-P1-P3")
    assert hand(state, 0) == sorted(["2C", "AH", "AC"])
    assert sorted(state.zones()["pot"]) == sorted(["5D", "9H"])
    assert [len(pile(state, p)) for p in range(4)] == [10, 9, 10, 9]
    assert state.observation(3)["exchanges"][0] == {"count": 2, "from": [0, 1, 0, 1]}
    assert state.observation(0)["events"][-1]["took"] == ["AH", "AC"]


def test_P6_three_from_one_opponent() -> None:
    state = puck(EXCHANGE)
    draw_all(state)
    play(state, "2C-5D-9H-P1-P1-P1")
    assert hand(state, 0) == sorted(["AH", "KS", "KH"])  # the top three of player 1's pile
    assert [len(pile(state, p)) for p in range(4)] == [10, 7, 10, 10]
    assert state.observation(0)["events"][-1]["took"] == ["AH", "KS", "KH"]
    # Later exchangers take from the piles as they are now.
    top = pile(state, 1)[0]
    play(state, "hold", "4C-P1")
    assert top in hand(state, 2) and len(pile(state, 1)) == 6


def test_P6_nobody_takes_from_an_empty_pile() -> None:
    state = puck(DRAIN)
    draw_all(state)
    play(state, *DRAIN_ROUND_1)
    draw_all(state)  # player 3 took his last card
    assert not [a for a in state.legal_actions() if "P3" in a]
    with pytest.raises(IllegalAction) as err:
        state.apply("2D-P3")
    problem = err.value.problem
    assert problem is not None and problem.kind is Why.PILE_SHORT
    assert problem.seat == 3 and problem.number == 0
    assert "the pile of Dule is empty" in err.value.words(NAMES, "en")


def test_P6_never_more_than_the_opponents_piles_hold() -> None:
    # Two players: player 0 takes three cards from player 1 in rounds 1-3 and one in round 4,
    # winning each round with them; in round 5 player 1's pile holds a single card.
    p1 = ["3S", "5H", "8D", "2S", "2H", "2D", "3H", "5D", "8C", "4S", "4H", "4D",
          "6S", "9H", "JD", "7S", "7H", "7D", "3D", "6H", "9C", "5S", "TS", "JS", "QS", "KS"]
    p0 = ["8S", "9S", "TH", "JH", "QH", "KH", "TD", "QD", "KD", "AS", "AH", "2C", "3C", "4C", "6C"]
    state = puck([p0, p1])
    for own in (p0[0:3], p0[3:6], p0[6:9]):
        play(state, "draw", "draw", "-".join(sorted(own, key=card_id)) + "-P1-P1-P1", "hold")
        assert events(state, 1, "collect")[-1]["player"] == 0
    play(state, "draw", "draw", "2C-P1", "hold")
    assert events(state, 1, "collect")[-1]["player"] == 0
    assert len(pile(state, 1)) == 4
    play(state, "draw", "draw")
    assert len(pile(state, 1)) == 1
    assert state.current_player == 0
    assert state.legal_actions() == ["hold", "3C-P1", "4C-P1", "6C-P1"]
    with pytest.raises(IllegalAction) as err:
        state.apply("3C-4C-P1-P1")
    problem = err.value.problem
    assert problem is not None and problem.kind is Why.PILE_SHORT
    assert problem.seat == 1 and problem.number == 1
    assert "the pile of Bo holds only 1 card" in err.value.words(["Ana", "Bo"], "en")


def test_P6_single_from_next_reading_binds_a_one_card_exchange_to_the_next_pile() -> None:
    # P6's "Ako menja 2 ili 3, on to može činiti od bilo kog protivnika" read the other way:
    # a single card comes from the next player's pile; 2 and 3 are as free as before.
    state = puck(EXCHANGE, single_from="next")
    draw_all(state)
    legal = state.legal_actions()
    assert len(legal) == 32  # hold, 3 cards x 1 seat, 3 pairs x 6, 1 trio x 10
    assert [a for a in legal if a.count("-") == 1] == ["2C-P1", "5D-P1", "9H-P1"]
    assert "5D-9H-P2-P3" in legal
    before = json.dumps([state.zones(), state.record()])
    with pytest.raises(IllegalAction) as err:
        state.apply("9H-P2")
    assert err.value.problem is not None and err.value.problem.kind is Why.NEXT_PILE
    assert err.value.problem.seat == 1
    assert "a single card comes from the pile of Bora, the next player" in err.value.words(NAMES, "en")
    assert "Bora" in err.value.words(NAMES, "sr")
    assert json.dumps([state.zones(), state.record()]) == before
    play(state, "9H-P1")
    assert state.record()["variant"]["single_from"] == "next"


def test_P6_single_from_next_reading_search_moves_match_the_legal_moves() -> None:
    # The search's notation-free moves must be exactly the legal ones under the reading.
    import random

    for seed in range(15):
        state = kartaros.new_game("puck", players=3, seed=seed, variant={"single_from": "next"})
        chooser = random.Random(seed)
        while not state.is_over:
            keys = state.legal_action_keys()
            assert sorted(map(str, keys.values())) == sorted(map(str, state._playout_moves()))  # type: ignore[attr-defined]
            singles = [a for a in keys if a.count("-") == 1]
            if singles:
                assert len({a.split("-")[1] for a in singles}) == 1  # one pile only
            actions = state.legal_actions()
            state.apply(actions[chooser.randrange(len(actions))])


def test_P6_wrong_exchanges_are_refused_with_reasons() -> None:
    state = puck(EXCHANGE)
    draw_all(state)
    before = json.dumps([state.zones(), state.record()])
    cases: dict[str, tuple[Why, dict[str, object], str]] = {  # action: (kind, particulars, key English words)
        "9H-5D-P1-P3": (Why.NOTATION, {"text": "5D-9H-P1-P3"}, "write it as 5D-9H-P1-P3"),
        "5D-9H-P3-P1": (Why.NOTATION, {"text": "5D-9H-P1-P3"}, "write it as 5D-9H-P1-P3"),
        "9H-P0": (Why.OWN_PILE, {}, "never take from your own pile"),
        "AS-P1": (Why.NOT_HELD, {"cards": ("AS",)}, "you do not hold A♠"),
        "9H-P1-P2": (Why.COUNTS, {"number": 1}, "take as many cards as you put into the pot"),
        "9H-P7": (Why.NO_SEAT, {"text": "P7"}, "P7"),
        "9H-9H-P1-P2": (Why.TWICE, {}, "named twice"),
        "swap": (Why.FORM, {"text": "7H-P1"}, "7H-P1"),  # the example of the notation
        "draw": (Why.DRAWN, {}, "every player has taken their cards"),
        "turn": (Why.NO_TIE, {}, "no tie to break"),
        "Hold": (Why.FORM, {"text": "7H-P1"}, "7H-P1"),
    }
    for action, (kind, particulars, reason) in cases.items():
        with pytest.raises(IllegalAction) as err:
            state.apply(action)
        problem = err.value.problem
        assert problem is not None and problem.kind is kind, action
        assert {key: getattr(problem, key) for key in particulars} == particulars, action
        assert reason in err.value.words(NAMES, "en"), action
    assert json.dumps([state.zones(), state.record()]) == before


# ---- P7-P8: showdown and collection ------------------------------------------------------


def test_P7_all_hands_are_shown_at_once_and_the_strongest_wins() -> None:
    state = puck([["9S", "9H", "2D"], ["KS", "QH", "JD"], ["5C", "6C", "8C"]])
    draw_all(state)
    play(state, "hold", "hold")
    assert events(state, 0, "showdown") == []  # nothing is shown before the last decision
    play(state, "hold")
    showdown = {
        "type": "showdown",
        "hands": [["2D", "9S", "9H"], ["JD", "QH", "KS"], ["5C", "6C", "8C"]],
        "categories": ["pair", "straight", "flush"],
        "best": [2],
    }
    for player in range(3):
        assert events(state, player, "showdown") == [showdown]
    assert events(state, 0, "collect")[0]["player"] == 2


def test_P8_the_trick_goes_to_the_bottom_of_the_winners_pile_in_a_random_order() -> None:
    bottoms = set()
    for seed in range(1, 7):
        state = puck(EXCHANGE, seed=seed)
        draw_all(state)
        play(state, "9H-P2", "hold", "hold")
        before = pile(state, 0)
        play(state, "hold")  # player 0's 2♣ 5♦ A♦ (Ace high) wins
        trick = ["2C", "5D", "AD", "3C", "6D", "TH", "4C", "7D", "JH", "8C", "QD", "KD", "9H"]
        after = pile(state, 0)
        assert after[: len(before)] == before
        assert sorted(after[len(before):]) == sorted(trick)
        assert state.zones()["pot"] == [] and all(hand(state, p) == [] for p in range(4))
        assert state.current_player == 0 and state.observation(1)["order"] == [0, 1, 2, 3]
        bottoms.add(tuple(after[len(before):]))
    assert len(bottoms) > 1, "the trick's order comes from the seeded generator"


def test_P8_the_winner_plays_first_in_the_next_round() -> None:
    state = puck(EXCHANGE)
    draw_all(state)
    play(state, "hold", "hold", "hold", "hold")  # player 3's King high wins
    assert len(pile(state, 3)) == 10 + 12
    assert state.current_player == 3
    assert state.observation(0)["order"] == [3, 0, 1, 2]
    assert state.observation(0)["round"] == 2


# ---- P9: hands --------------------------------------------------------------------------

CATEGORY_EXAMPLES = [  # weakest to strongest, one hand per category
    ("AS", "KH", "JD"),  # high card
    ("2S", "2H", "3D"),  # pair
    ("AS", "2H", "3D"),  # straight (the lowest)
    ("2S", "4S", "6S"),  # flush
    ("2S", "2H", "2D"),  # three of a kind
    ("AS", "2S", "3S"),  # straight flush (the lowest)
]


def test_P9_each_example_has_its_category() -> None:
    assert [hand_category(value(*h)) for h in CATEGORY_EXAMPLES] == list(CATEGORY_NAMES)


@pytest.mark.parametrize(("weaker", "stronger"), list(combinations(CATEGORY_EXAMPLES, 2)))
def test_P9_every_category_beats_every_weaker_one(weaker: tuple[str, ...], stronger: tuple[str, ...]) -> None:
    assert value(*stronger) > value(*weaker)


@pytest.mark.parametrize(
    ("weaker", "stronger"),
    [
        (("KS", "QS", "JS"), ("AH", "KH", "QH")),  # straight flushes by their highest: A-K-Q is best
        (("AS", "2S", "3S"), ("2H", "3H", "4H")),  # A-2-3 counts its 3 as highest
        (("KS", "KH", "KD"), ("AS", "AH", "AD")),  # trips by rank
        (("AS", "QS", "9S"), ("AH", "KH", "2H")),  # flushes by the highest card …
        (("AS", "KS", "7S"), ("AH", "KH", "8H")),  # … then the next …
        (("AS", "KS", "2S"), ("AH", "KH", "3H")),  # … then the last
        (("KS", "QH", "JD"), ("AS", "KH", "QD")),  # straights by their highest card
        (("AS", "2H", "3D"), ("2S", "3H", "4D")),  # A-2-3 is the lowest straight
        (("KS", "KH", "AD"), ("AS", "AH", "2D")),  # pairs by the pair's rank …
        (("9S", "9H", "7D"), ("9D", "9C", "8S")),  # … then the odd card
        (("AS", "QH", "JD"), ("AH", "KD", "2C")),  # high card: the highest card …
        (("AS", "KH", "9D"), ("AH", "KD", "TC")),  # … then the next …
        (("AS", "KH", "2D"), ("AH", "KD", "3C")),  # … then the last
    ],
)
def test_P9_within_a_category(weaker: tuple[str, ...], stronger: tuple[str, ...]) -> None:
    assert value(*stronger) > value(*weaker)


def test_P9_K_A_2_is_never_a_straight_and_equal_ranks_tie_whatever_the_suits() -> None:
    assert hand_category(value("KS", "AH", "2D")) == "high card"
    assert hand_category(value("KS", "AS", "2S")) == "flush"
    assert value("AS", "KH", "QD") == value("AH", "KD", "QC")
    assert value("9S", "9H", "4D") == value("9D", "9C", "4S")
    assert value("AS", "2H", "3D") == value("AH", "2D", "3S")


def test_P9_hands_of_one_and_two_cards() -> None:
    assert value("AS") > value("KS", "QH", "9D")  # a lone Ace beats a high-card hand without an Ace
    assert value("AS", "KH", "2D") > value("AS")  # a missing card counts below a Two
    assert value("AS", "2H") > value("AS")
    assert value("AS", "KH") > value("AH", "QD", "JC")
    assert value("9S", "9H", "2D") > value("9D", "9C")  # a pair with an odd card beats the pair alone
    assert value("2S", "2H") > value("AS", "KH", "JD")  # a pair of two cards beats any high card
    assert value("2S", "2H") > value("AS")
    assert hand_category(value("2S", "2H")) == "pair" and hand_category(value("2S", "3S")) == "high card"
    assert value("AS") == value("AH")


def test_P9_short_pair_reading_off_makes_two_of_a_rank_a_high_card_hand() -> None:
    # P9 read by "U ovoj igri postoje samo kombinacije sa po 3 karte": a hand of two is no pair.
    two_nines = ids("9S", "9H")
    assert hand_category(hand_value(two_nines, True, False)) == "high card"
    assert hand_value(two_nines, True, False) < hand_value(ids("TS", "2H"), True, False)
    assert hand_value(two_nines, True, False) < value("AS", "KH", "JD")
    assert hand_value(ids("9S", "9H", "2D"), True, False) == value("9S", "9H", "2D")  # 3 cards unchanged
    assert describe_hand(["9S", "9H"], short_pair=False) == "Nine high"
    assert describe_hand(["9S", "9H"]) == "pair of Nines"


# Round 1: players 0-2 take 3, 3 and 2 cards from player 3's pile, leaving him two Aces; in
# round 2 everyone holds: A-A against a pair of Twos (P5, P9's short_pair reading).
SHORT_PAIR = [
    ["TS", "JS", "4H", "3C", "7S", "JC"],
    ["6S", "9C", "QH", "3D", "8S", "QC"],
    ["5S", "TD", "JD", "2C", "2D", "9D"],
    ["4S", "6H", "8D", "KS", "KH", "KD", "2H", "5C", "9S", "3S", "7C", "AH", "AS"],
]


@pytest.mark.parametrize(("short_pair", "winner", "category"), [(True, 3, "pair"), (False, 2, "high card")])
def test_P9_short_pair_option_decides_a_showdown_of_two_cards(short_pair: bool, winner: int, category: str) -> None:
    state = puck(SHORT_PAIR, short_pair=short_pair)
    draw_all(state)
    play(state, "4H-TS-JS-P3-P3-P3", "6S-9C-QH-P3-P3-P3", "5S-TD-P3-P3", "hold")
    assert len(pile(state, 3)) == 2
    draw_all(state)
    assert hand(state, 3) == sorted(["AH", "AS"])
    play(state, "hold", "hold", "hold", "hold")
    showdown = events(state, 0, "showdown")[-1]
    assert showdown["categories"][3] == category and showdown["categories"][2] == "pair"
    assert events(state, 0, "collect")[-1]["player"] == winner


def test_P9_short_pair_reading_reaches_the_showdown() -> None:
    import random

    seen = 0
    for seed in range(40):
        state = kartaros.new_game("puck", players=4, seed=seed, variant={"short_pair": False})
        state.playout(random.Random(seed))
        for event in state.observation(0)["events"]:
            if event["type"] != "showdown":
                continue
            for cards, category in zip(event["hands"], event["categories"], strict=True):
                if len(cards) == 2:
                    seen += 1
                    assert category == "high card", cards
    assert seen > 0  # random play does leave players with two cards


def test_P9_ace_low_straight_off_makes_A_2_3_a_high_card_hand() -> None:
    assert hand_category(value("AS", "2H", "3D", ace_low=False)) == "high card"
    assert hand_category(value("AS", "2S", "3S", ace_low=False)) == "flush"
    assert value("AS", "2H", "3D", ace_low=False) > value("KS", "QH", "TD", ace_low=False)
    assert value("AS", "2H", "3D", ace_low=False) < value("2S", "2H", "4D", ace_low=False)
    assert value("AS", "KH", "QD", ace_low=False) == value("AS", "KH", "QD")  # the high straight stays


@pytest.mark.parametrize(("ace_low", "winner"), [(True, 0), (False, 1)])
def test_P9_ace_low_straight_option_decides_a_showdown(ace_low: bool, winner: int) -> None:
    state = puck([["AS", "2H", "3D"], ["KS", "KH", "4C"]], ace_low_straight=ace_low)
    play(state, "draw", "draw", "hold", "hold")
    assert events(state, 0, "collect")[0]["player"] == winner
    expected = ["straight", "pair"] if ace_low else ["high card", "pair"]
    assert events(state, 0, "showdown")[0]["categories"] == expected


def test_P9_a_lone_ace_beats_high_card_hands() -> None:
    state = puck(DRAIN)
    draw_all(state)
    play(state, *DRAIN_ROUND_1)
    draw_all(state)
    play(state, "hold", "hold", "hold", "hold")
    showdown = events(state, 0, "showdown")[-1]
    assert showdown["hands"] == [["2D", "7S", "JC"], ["3D", "8S", "QC"], ["4D", "9D", "KC"], ["AS"]]
    assert showdown["best"] == [3]
    assert [len(pile(state, p)) for p in range(4)] == [28, 7, 7, 10]
    assert not state.is_over and state.current_player == 3


# ---- P10: ties ----------------------------------------------------------------------------


def test_P10_a_tie_is_broken_by_turned_cards_which_join_the_trick() -> None:
    state = puck([["KS", "QH", "9D", "5S"], ["KH", "QD", "9C", "8S"]])
    play(state, "draw", "draw", "hold", "hold")
    obs = state.observation(1)
    assert obs["phase"] == "tiebreak" and obs["tied"] == [0, 1]
    assert obs["shown"] == [["9D", "QH", "KS"], ["9C", "QD", "KH"]]
    assert state.current_player == 0 and state.legal_actions() == ["turn"]
    play(state, "turn")
    assert state.zones()["table"] == ["5S"]
    assert state.observation(1)["turned"] == [["5S"], []]
    assert state.current_player == 1
    play(state, "turn")
    assert [e["card"] for e in events(state, 0, "turn")] == ["5S", "8S"]
    collect = {"type": "collect", "player": 1, "count": 8, "how": "tiebreak", "surplus": False}
    assert events(state, 0, "collect")[0] == collect
    assert sorted(pile(state, 1)[-8:]) == sorted(["KS", "QH", "9D", "KH", "QD", "9C", "5S", "8S"])
    assert [len(pile(state, p)) for p in range(2)] == [22, 30]
    assert state.zones()["table"] == [] and state.current_player == 1


def test_P10_a_double_tie_turns_again() -> None:
    state = puck([["KS", "QH", "9D", "5S", "9S"], ["KH", "QD", "9C", "5H", "2H"]])
    play(state, "draw", "draw", "hold", "hold", "turn", "turn")
    assert state.observation(0)["phase"] == "tiebreak"
    assert events(state, 0, "tie")[-1] == {"type": "tie", "players": [0, 1], "turning": [0, 1]}
    play(state, "turn", "turn")
    assert state.zones()["table"] == []
    assert events(state, 1, "collect")[0]["player"] == 0
    assert [len(pile(state, p)) for p in range(2)] == [31, 21]  # 6 shown cards and 4 turned


def test_P10_of_three_tied_only_those_still_tied_turn_again() -> None:
    state = puck([["KS", "QH", "9D", "7S", "AS"], ["KH", "QD", "9C", "7H", "3H"], ["KD", "QS", "9H", "4C"]])
    draw_all(state)
    play(state, "hold", "hold", "hold", "turn", "turn", "turn")
    assert state.observation(2)["tied"] == [0, 1]
    assert state.current_player == 0
    play(state, "turn", "turn")
    assert events(state, 2, "collect")[0]["player"] == 0
    assert len(pile(state, 0)) == 12 + 9 + 5 + 1  # kept, hands, turned cards, the surplus


def test_P10_a_tied_player_with_an_empty_pile_drops_out() -> None:
    state = puck(EMPTY_TIE)
    draw_all(state)
    play(state, *EMPTY_TIE_ROUND_1)
    draw_all(state)
    play(state, "9S-P2", "hold", "hold")  # player 2 has no card left, player 3 one
    assert [len(pile(state, p)) for p in range(4)] == [31, 7, 0, 1]
    play(state, "hold")
    assert events(state, 0, "showdown")[-1]["best"] == [2, 3]
    assert events(state, 0, "tie")[-1] == {"type": "tie", "players": [2, 3], "turning": [3]}
    assert events(state, 0, "turn") == []  # he wins without turning
    assert events(state, 0, "collect")[-1]["player"] == 3
    assert events(state, 0, "collect")[-1]["how"] == "alone"


def test_P10_if_all_tied_players_are_empty_the_first_in_play_order_wins() -> None:
    state = puck(EMPTY_TIE)
    draw_all(state)
    play(state, *EMPTY_TIE_ROUND_1)
    draw_all(state)
    play(state, "4H-9S-P2-P3", "hold", "hold", "hold")
    assert events(state, 0, "tie")[-1] == {"type": "tie", "players": [2, 3], "turning": []}
    assert events(state, 0, "collect")[-1]["player"] == 2
    assert events(state, 0, "collect")[-1]["how"] == "order"


# ---- P11-P12: the end ---------------------------------------------------------------------


def test_P11_first_out_ends_the_game_at_once_and_the_most_cards_win() -> None:
    state = puck(EMPTY_TIE)
    draw_all(state)
    play(state, *EMPTY_TIE_ROUND_1)
    draw_all(state)
    play(state, "9S-P2", "hold", "hold", "hold")
    assert state.is_over and state.current_player is None and state.legal_actions() == []
    assert [len(pile(state, p)) for p in range(4)] == [31, 7, 0, 14]
    assert state.returns() == [1.0, 0.0, 0.0, 0.0]
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "out_of_cards"
    assert outcome.detail == "Player 1 wins: a player ran out of cards, and the most cards win"
    assert outcome.words(NAMES, "en") == "Ana wins: a player ran out of cards, and the most cards win"
    with pytest.raises(IllegalAction) as err:
        state.apply("draw")
    assert err.value.problem is None
    assert str(err.value) == "'draw': The game is over: no move is legal any more."


def test_P11_last_standing_players_leave_and_the_last_with_cards_wins() -> None:
    state = puck(EMPTY_TIE, end="last-standing")
    draw_all(state)
    play(state, *EMPTY_TIE_ROUND_1)
    draw_all(state)
    play(state, "9S-P2", "hold", "hold", "hold")
    assert not state.is_over
    obs = state.observation(0)
    assert obs["out"] == [2] and obs["events"][-1] == {"type": "out", "player": 2}
    assert obs["order"] == [3, 0, 1] and state.current_player == 3
    draw_all(state)
    assert state.observation(0)["hand_sizes"] == [3, 3, 0, 3]
    assert not any("P2" in a for a in state.legal_actions())
    while not state.is_over:  # everyone holds from here on
        state.apply(state.legal_actions()[0])
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "last_standing"
    winner = outcome.winners[0]
    assert len(pile(state, winner)) == 52
    assert state.returns() == [1.0 if p == winner else 0.0 for p in range(4)]
    assert sorted(state.observation(0)["out"]) == sorted(p for p in range(4) if p != winner)
    check_history(state)


def test_P11_equal_tops_share_the_win() -> None:
    state = puck(TWO_ROUNDS, max_rounds=2)
    for _ in range(2):
        draw_all(state)
        play(state, "hold", "hold", "hold", "hold")
    assert [len(pile(state, p)) for p in range(4)] == [19, 19, 7, 7]
    assert state.returns() == [0.5, 0.5, 0.0, 0.0]
    assert state.outcome().winners == [0, 1]  # type: ignore[union-attr]


def test_P12_max_rounds_ends_the_game_and_the_record_says_so() -> None:
    state = puck(TWO_ROUNDS, max_rounds=1)
    draw_all(state)
    play(state, "hold", "hold", "hold", "hold")
    assert state.is_over
    assert state.returns() == [1.0, 0.0, 0.0, 0.0]
    record = state.record()
    assert record["variant"]["max_rounds"] == 1
    assert record["result"]["reason"] == "max_rounds"
    assert record["result"]["detail"] == "Player 1 wins: the round limit was reached, and the most cards win"
    assert kartaros.replay(json.loads(json.dumps(record))).zones() == state.zones()


# ---- options, notation and words ------------------------------------------------------------


def test_options_are_variant_keys_checked_on_creation() -> None:
    state = kartaros.new_game("puck", players=3, seed=1)
    assert dict(state.variant) == {
        "ace_low_straight": True, "short_pair": True, "single_from": "any", "end": "first-out", "max_rounds": 10_000
    }
    with pytest.raises(VariantError, match="puck has no variant option 'jokers'"):
        kartaros.new_game("puck", variant={"jokers": True})
    with pytest.raises(VariantError, match="'end' must be one of"):
        kartaros.new_game("puck", variant={"end": "sudden"})
    with pytest.raises(VariantError, match="'ace_low_straight' must be one of"):
        kartaros.new_game("puck", variant={"ace_low_straight": 1})
    with pytest.raises(VariantError, match="'max_rounds' must be a whole number"):
        kartaros.new_game("puck", variant={"max_rounds": 0})


def test_forced_steps_are_single_actions_with_clear_refusals() -> None:
    state = puck(EXCHANGE)
    with pytest.raises(IllegalAction) as err:
        state.apply("hold")
    assert err.value.problem is None
    assert "Your move: take the top cards of your pile" in err.value.words(NAMES, "en")
    assert str(err.value).endswith("Legal: draw (1).")
    with pytest.raises(IllegalAction) as err:
        state.apply(None)  # type: ignore[arg-type]
    assert err.value.problem is None
    assert "A move is written as text" in err.value.words(NAMES, "en")
    tied = puck([["KS", "QH", "9D", "5S"], ["KH", "QD", "9C", "8S"]])
    play(tied, "draw", "draw", "hold", "hold")
    with pytest.raises(IllegalAction) as err:
        tied.apply("hold")
    assert err.value.problem is None
    assert "turn the next card of your pile" in err.value.words(["Ana", "Bo"], "en")
    assert str(err.value).endswith("Legal: turn (1).")


NAMES = ["Ana", "Bora", "Cica", "Dule"]


def test_words_for_actions_and_events() -> None:
    state = puck(EXCHANGE)
    draw_all(state)
    obs = state.observation(0)
    assert describe_action(obs, "hold", NAMES) == "hold 9♥ 5♦ 2♣ (Nine high)"
    assert describe_action(obs, "5D-9H-P1-P3", NAMES) == (
        "keep 2♣, put 9♥ 5♦ into the pot, take 1 from Bora and 1 from Dule"
    )
    assert describe_action(obs, "2C-5D-9H-P2-P2-P2", NAMES) == "put 9♥ 5♦ 2♣ into the pot, take 3 from Cica"
    play(state, "5D-9H-P1-P3")
    names = ["Ana", "Bora", "Cica", "Dule"]
    mine = state.observation(0)["events"][-1]
    theirs = state.observation(1)["events"][-1]
    assert describe_event(theirs, names) == "Ana puts 2 cards into the pot and takes 1 from Bora and 1 from Dule"
    assert describe_event(mine, names).endswith("(put 9♥ 5♦, took A♥ A♣)")
    assert describe_hand(["AS", "2H", "3D"]) == "straight to the Three"
    assert describe_hand(["6S", "6H"]) == "pair of Sixes"
    assert describe_hand(["AS", "KS", "QS"]) == "straight flush to the Ace"
    assert describe_action(obs, "5D-9H-P1-P3", NAMES, "sr") == (
        "zadrži dvojku tref, stavi devetku herc i peticu karo na sredinu, uzmi 1 od igrača Bora i 1 od igrača Dule"
    )


def test_the_end_is_told_in_words() -> None:
    names = ["Ana", "Bora", "Cica"]
    end = {"type": "end", "reason": "out_of_cards", "returns": [0.0, 1.0, 0.0]}
    assert describe_event(end, names) == "Bora wins: a player ran out of cards, and the most cards win"
    shared = {"type": "end", "reason": "max_rounds", "returns": [0.5, 0.0, 0.5]}
    assert describe_event(shared, names) == (
        "Ana and Cica share the win: the round limit was reached, and the most cards win"
    )
    last = {"type": "end", "reason": "last_standing", "returns": [0.0, 0.0, 1.0]}
    assert describe_event(last, names, "sr") == "Cica pobeđuje kao poslednji igrač sa kartama"


@pytest.mark.parametrize("lang", ["en", "sr"])
def test_options_in_words_follow_the_options(lang: str) -> None:
    words = describe_options(lang)
    assert [w.name for w in words] == [o.name for o in OPTIONS]
    for option, said in zip(OPTIONS, words, strict=True):
        assert said.label and said.explanation
        assert set(said.choices) == set(option.choices or ())
        assert not any(re.search(r"\bP\d+\b", text) for text in (said.label, said.explanation, *said.choices.values()))
