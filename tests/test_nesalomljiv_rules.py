"""One stacked-deck test (or more) per Nesalomljiv rule, N1-N15, checking exact outcomes.

Unless a test says otherwise the match hands are AS 2S 3S 4S 5S (player 0) and AH 2H 3H 4H 5H
(player 1), dealt one at a time, so 5S and 5H lie on top of the two stacks.
"""

from __future__ import annotations

import json

import pytest

import kartaros
from kartaros import IllegalAction, VariantError
from kartaros.cards import card_id
from kartaros.games.nesalomljiv.rules import Why
from tests.nesalomljiv_helpers import (
    ALL_CODES,
    all_cards,
    deals,
    knockout_seeker,
    last_events,
    nes,
    nes_deck,
    play,
    zone,
)

# The Chooser duel most tests start with: Chooser 7D; player 0 keeps 4D-KD (4, 3 off), player 1
# keeps 2C-9C (11, 4 off): player 0 wins without a knockout and places the first Attacker.
CHOOSER, W0, W1 = "7D", ["3D", "4D", "KD"], ["2C", "9C", "TC"]
P0_WINS_CHOOSER = ("4D-KD", "2C-9C")


def after_chooser(stock: list[str], **variant: object) -> kartaros.GameState:
    """Player 0 has won the Chooser duel and places next; ``stock`` is the stock top first."""
    return play(nes(CHOOSER, W0, W1, stock, **variant), *P0_WINS_CHOOSER)


# ---- N1-N3: components --------------------------------------------------------------------


def test_N1_two_players_and_52_cards_without_jokers() -> None:
    state = kartaros.new_game("nesalomljiv", seed=11)
    assert state.num_players == 2
    assert all_cards(state) == sorted(ALL_CODES)
    assert "RJ" not in all_cards(state) and "BJ" not in all_cards(state)
    with pytest.raises(ValueError, match="2 players"):
        kartaros.new_game("nesalomljiv", players=3)
    with pytest.raises(ValueError, match="52 cards"):
        kartaros.new_game("nesalomljiv", deck=[*ALL_CODES, "RJ"])


def test_N2_face_cards_are_worth_100_in_the_middle_and_0_as_weapons() -> None:
    state = nes("QH", ["9D", "TD", "KD"], ["2C", "JC", "QC"])
    assert state.observation(0)["target_value"] == 100
    play(state, "9D-TD", "2C-JC")
    duel = last_events(state, 1, 2)[0]
    assert duel["type"] == "duel"
    assert duel["value"] == 100
    assert duel["sums"] == [19, 2]  # J and Q as weapons count 0
    assert duel["distances"] == [81, 98]
    assert duel["winner"] == 0 and duel["knockout"] is False
    assert zone(state, "discard")[-1] == "QH"  # a plain Chooser win: the Chooser is discarded


def test_N2_a_face_weapon_adds_nothing_and_can_complete_a_knockout() -> None:
    state = nes("7D", ["7C", "KC", "2D"], ["8H", "9H", "TH"])
    play(state, "7C-KC", "8H-9H")  # 7 + 0 = 7: a knockout on the Chooser
    duel = state.observation(0)["last_duel"]
    assert duel["sums"] == [7, 17] and duel["knockout"] is True
    assert zone(state, "match:1")[-1] == "7D"


def test_N2_a_face_card_attacker_cannot_be_knocked_out() -> None:
    m0 = ["AS", "2S", "3S", "4S", "KS"]
    state = play(nes(CHOOSER, W0, W1, deals((["TD", "9D", "8D"], ["8C", "7C", "3C"])), m0=m0), *P0_WINS_CHOOSER)
    play(state, "KS")
    assert state.observation(0)["target_value"] == 100
    play(state, "9D-TD", "7C-8C")  # 19 is the best any two weapons can do: 81 off
    duel = state.observation(1)["last_duel"]
    assert duel["winner"] == 0 and duel["knockout"] is False
    assert zone(state, "match:1")[-1] == "KS"
    assert state.current_player == 0 and state.observation(0)["phase"] == "place"  # no knockout draw


def test_N3_zones_and_what_is_private() -> None:
    state = nes(CHOOSER, W0, W1)
    assert set(state.zones()) == {"match:0", "match:1", "weapons:0", "weapons:1", "target", "stock", "discard"}
    view = state.observation(1)
    assert view["match_hands"][0] == [None] * 5  # the size of the opponent's match hand is public
    assert view["match_sizes"] == [5, 5]
    assert view["weapon_counts"] == [3, 3]
    assert view["weapons"] == ["2C", "9C", "TC"]
    text = json.dumps(view)
    for secret in ["AS", "2S", "3S", "4S", "5S", *W0]:  # player 0's cards
        assert f'"{secret}"' not in text
    assert state.observation(0)["match_hands"][0] == ["AS", "2S", "3S", "4S", "5S"]


# ---- N4: the deal -------------------------------------------------------------------------


def test_N4_deal_order_match_hands_chooser_weapons_then_stock() -> None:
    top = ["AS", "AH", "2S", "2H", "3S", "3H", "4S", "4H", "5S", "5H", "7D", "3D", "2C", "4D", "9C", "KD", "TC"]
    deck = [*top, "6C", "6D", *[c for c in ALL_CODES if c not in [*top, "6C", "6D"]]]
    assert deck == nes_deck(["AS", "2S", "3S", "4S", "5S"], ["AH", "2H", "3H", "4H", "5H"], "7D", W0, W1, ["6C", "6D"])
    state = kartaros.new_game("nesalomljiv", deck=deck)
    zones = state.zones()
    assert zones["match:0"] == ["5S", "4S", "3S", "2S", "AS"]  # top first: the last card dealt lies on top
    assert zones["match:1"] == ["5H", "4H", "3H", "2H", "AH"]
    assert zones["target"] == ["7D"]
    assert zones["weapons:0"] == ["3D", "4D", "KD"]  # cards 12, 14, 16
    assert zones["weapons:1"] == ["2C", "9C", "TC"]
    assert zones["stock"][:2] == ["6C", "6D"] and len(zones["stock"]) == 35
    assert zones["discard"] == []
    assert state.current_player == 0
    assert state.legal_actions() == ["3D-4D", "3D-KD", "4D-KD"]
    kinds = [(e["type"], e.get("player"), e.get("zone")) for e in state.observation(0)["events"]]
    assert kinds == [
        ("deal", 0, "match"), ("deal", 1, "match"), ("chooser", None, None),
        ("deal", 0, "weapons"), ("deal", 1, "weapons"),
    ]


# ---- N5-N7: the duel ------------------------------------------------------------------------


def test_N5_the_closer_sum_wins_the_example_of_the_rules() -> None:
    # "If the Chooser is 5 and one player lays A and 3, the other 2 and 5, the first one wins."
    state = nes("5D", ["AC", "3C", "KC"], ["2D", "5C", "QD"])
    play(state, "AC-3C", "2D-5C")
    duel = state.observation(0)["last_duel"]
    assert duel["sums"] == [4, 7] and duel["distances"] == [1, 2]
    assert duel["winner"] == 0 and duel["knockout"] is False
    assert state.current_player == 0 and state.observation(0)["phase"] == "place"


def test_N5_a_sum_equal_to_the_target_is_a_knockout() -> None:
    state = play(nes(CHOOSER, W0, W1), "3D-4D", "2C-9C")
    duel = state.observation(1)["last_duel"]
    assert duel["sums"] == [7, 11] and duel["winner"] == 0 and duel["knockout"] is True


def test_N5_equal_distances_on_both_sides_are_a_tie() -> None:
    state = play(nes(CHOOSER, W0, W1), "3D-KD", "2C-9C")  # 3 and 11: both 4 off 7
    duel = state.observation(0)["last_duel"]
    assert duel["distances"] == [4, 4] and duel["winner"] is None and duel["knockout"] is False


def test_N6_the_second_player_never_sees_the_first_choice() -> None:
    state = nes(CHOOSER, W0, W1)
    views, legal = [], []
    for choice in ["3D-4D", "3D-KD", "4D-KD"]:
        world = play(state.clone(), choice)
        assert world.current_player == 1
        assert world.zones()["weapons:0"] == W0  # the dropped weapon stays in hand until the reveal
        assert world.zones()["discard"] == []
        views.append(json.dumps(world.observation(1), sort_keys=True))
        legal.append(world.legal_actions())
        mine = world.observation(0)
        assert mine["my_choice"]["keep"] == choice.split("-")
        assert mine["events"][-1] == {"type": "choose", "player": 0, **mine["my_choice"]}
    assert views[0] == views[1] == views[2]
    assert legal[0] == legal[1] == legal[2] == ["2C-9C", "2C-TC", "9C-TC"]
    assert json.loads(views[0])["events"][-1] == {"type": "choose", "player": 0}
    assert json.loads(views[0])["chosen"] == [True, False]


def test_N6_both_choices_are_revealed_together_with_the_second() -> None:
    state = play(nes(CHOOSER, W0, W1), "4D-KD")
    assert state.observation(0)["last_duel"] is None
    play(state, "2C-9C")
    for player in (0, 1):
        events = state.observation(player)["events"]
        assert events[-3]["type"] == "choose" and events[-2]["type"] == "duel"
        assert events[-2]["kept"] == [["4D", "KD"], ["2C", "9C"]]
        assert events[-2]["dropped"] == ["3D", "TC"]


def test_N7_weapons_go_to_the_discard_and_the_attacker_comes_before_the_new_weapons() -> None:
    stock = deals((["2D", "9D", "JD"], ["6C", "8C", "QC"]))
    state = after_chooser(stock)
    # Dropped weapons first, then the shown pairs, then the settled Chooser.
    assert zone(state, "discard") == ["3D", "TC", "4D", "KD", "2C", "9C", "7D"]
    assert zone(state, "weapons:0") == [] and zone(state, "weapons:1") == []
    assert zone(state, "stock")[:6] == stock  # nothing dealt before the Attacker is placed
    assert state.current_player == 0 and state.legal_actions() == ["AS", "2S", "3S", "4S", "5S"]
    play(state, "5S")
    assert zone(state, "weapons:0") == ["2D", "9D", "JD"]
    assert zone(state, "weapons:1") == ["6C", "8C", "QC"]
    types = [e["type"] for e in last_events(state, 0, 3)]
    assert types == ["place", "deal", "deal"]


def test_N7_weapons_first_deals_before_the_placer_chooses_his_attacker() -> None:
    stock = deals((["2D", "9D", "JD"], ["6C", "8C", "QC"]))
    state = after_chooser(stock, weapons_first=True)
    assert state.observation(0)["phase"] == "place"
    assert state.observation(0)["weapons"] == ["2D", "9D", "JD"]  # the placer knows his weapons
    assert zone(state, "weapons:1") == ["6C", "8C", "QC"]
    size = state.observation(0)["stock_size"]
    play(state, "5S")
    assert state.observation(0)["stock_size"] == size  # nothing more is dealt
    assert state.current_player == 0 and state.legal_actions() == ["2D-9D", "2D-JD", "9D-JD"]
    assert state.record()["variant"]["weapons_first"] is True


def test_N7_weapons_first_after_a_knockout_deals_after_the_knockout_draw() -> None:
    stock = [*deals((["2D", "9D", "JD"], ["AC", "4C", "QC"])), "8S", *deals((["6D", "8D", "JS"], ["6H", "7H", "QS"]))]
    state = after_chooser(stock, weapons_first=True)
    play(state, "5S", "2D-JD", "AC-4C")  # player 1 knocks out the 5S
    assert state.current_player == 0 and state.legal_actions() == ["draw"]
    assert zone(state, "weapons:0") == []
    play(state, "draw")
    assert zone(state, "match:0")[-1] == "8S"  # the stock's top card went to the knockout draw
    assert zone(state, "weapons:0") == ["6D", "8D", "JS"] and zone(state, "weapons:1") == ["6H", "7H", "QS"]
    assert state.current_player == 1 and state.observation(1)["phase"] == "place"


# ---- N8-N9: the Chooser duel ------------------------------------------------------------------


def test_N8_an_ordinary_chooser_win_discards_the_chooser_and_the_winner_starts() -> None:
    state = nes(CHOOSER, W0, W1)
    play(state, "4D-KD", "9C-TC")  # 4 (3 off) against 19 (12 off)
    assert zone(state, "discard")[-1] == "7D"
    assert zone(state, "target") == []
    assert zone(state, "match:0") == ["5S", "4S", "3S", "2S", "AS"]
    assert zone(state, "match:1") == ["5H", "4H", "3H", "2H", "AH"]
    assert state.observation(1)["events"][-1] == {"type": "discard", "card": "7D", "role": "chooser"}
    assert state.current_player == 0 and state.observation(0)["phase"] == "place"


def test_N8_a_chooser_knockout_makes_the_loser_take_the_chooser() -> None:
    state = nes(CHOOSER, W0, ["2C", "5C", "TC"])
    play(state, "4D-KD", "2C-5C")  # player 1: 2 + 5 = 7, a knockout
    assert zone(state, "match:0") == ["5S", "4S", "3S", "2S", "AS", "7D"]  # at the bottom
    assert "7D" not in zone(state, "discard")
    assert state.observation(1)["match_hands"][0] == ["7D", None, None, None, None, None]
    assert state.observation(0)["events"][-1] == {"type": "take", "player": 0, "card": "7D", "role": "chooser"}
    assert state.current_player == 1 and state.legal_actions() == ["AH", "2H", "3H", "4H", "5H"]
    assert state.observation(0)["stock_size"] == 35  # no extra card on a Chooser knockout


def test_N9_a_chooser_tie_discards_it_turns_a_new_one_and_deals_new_weapons() -> None:
    stock = ["8C", *deals((["2D", "9D", "JD"], ["6C", "8D", "QC"]))]
    state = play(nes(CHOOSER, W0, W1, stock), "3D-KD", "2C-9C")  # 3 and 11: both 4 off 7
    assert zone(state, "discard") == ["4D", "TC", "3D", "KD", "2C", "9C", "7D"]
    assert zone(state, "target") == ["8C"]
    assert state.observation(0)["target_role"] == "chooser"
    assert zone(state, "weapons:0") == ["2D", "9D", "JD"] and zone(state, "weapons:1") == ["6C", "8D", "QC"]
    assert zone(state, "match:0") == ["5S", "4S", "3S", "2S", "AS"]  # nobody took anything
    types = [e["type"] for e in last_events(state, 0, 5)]
    assert types == ["duel", "discard", "chooser", "deal", "deal"]  # the Chooser before the weapons
    assert state.current_player == 0 and state.legal_actions() == ["2D-9D", "2D-JD", "9D-JD"]
    play(state, "2D-JD", "6C-QC")  # and the duel is repeated: 2 (6 off 8) against 6 (2 off)
    assert state.observation(0)["last_duel"]["winner"] == 1
    assert state.current_player == 1 and state.observation(1)["phase"] == "place"


def test_N9_two_knockouts_are_a_tie_too() -> None:
    state = play(nes(CHOOSER, W0, ["2C", "5C", "TC"], ["8C"]), "3D-4D", "2C-5C")
    duel = state.observation(0)["last_duel"]
    assert duel["sums"] == [7, 7] and duel["winner"] is None and duel["knockout"] is False
    assert zone(state, "target") == ["8C"]
    assert len(zone(state, "match:0")) == len(zone(state, "match:1")) == 5


# ---- N10-N12: the Attacker game ------------------------------------------------------------


def test_N10_the_starter_places_an_attacker_from_his_own_match_hand() -> None:
    state = after_chooser(deals((["2D", "9D", "JD"], ["6C", "8C", "QC"])))
    with pytest.raises(IllegalAction) as err:
        state.apply("AH")
    assert err.value.problem is not None and err.value.problem.kind is Why.NOT_IN_MATCH
    assert err.value.problem.cards == ("AH",)
    assert "A♥ is not in your match hand" in err.value.words(["Ana", "Bo"], "en")
    play(state, "3S")
    assert zone(state, "target") == ["3S"]
    assert zone(state, "match:0") == ["5S", "4S", "2S", "AS"]
    view = state.observation(1)
    assert view["target_role"] == "attacker" and view["placer"] == 0 and view["target_value"] == 3
    assert view["events"][-3] == {"type": "place", "player": 0, "card": "3S"}
    assert state.current_player == 0 and state.observation(0)["phase"] == "choose"


def test_N11_an_attacker_win_loser_takes_it_and_winner_places_next() -> None:
    state = after_chooser(deals((["2D", "9D", "JD"], ["6C", "8C", "QC"])))
    play(state, "5S", "2D-JD", "6C-QC")  # 2 (3 off 5) against 6 (1 off): player 1 wins
    duel = state.observation(0)["last_duel"]
    assert duel["winner"] == 1 and duel["knockout"] is False
    assert zone(state, "match:0") == ["4S", "3S", "2S", "AS", "5S"]  # his own Attacker came back
    assert state.observation(1)["match_hands"][0] == ["5S", None, None, None, None]
    assert zone(state, "target") == []
    assert state.current_player == 1 and state.legal_actions() == ["AH", "2H", "3H", "4H", "5H"]
    play(state, "4H")
    assert zone(state, "match:1") == ["5H", "3H", "2H", "AH"]
    assert state.observation(0)["placer"] == 1


def test_N11_a_knockout_makes_the_loser_draw_an_extra_card_unseen_by_the_winner() -> None:
    stock = [*deals((["2D", "9D", "JD"], ["AC", "4C", "QC"])), "8S", "6D"]
    state = after_chooser(stock)
    play(state, "5S", "2D-JD", "AC-4C")  # 1 + 4 = 5: a knockout
    assert state.observation(0)["last_duel"]["knockout"] is True
    assert zone(state, "match:0") == ["4S", "3S", "2S", "AS", "5S"]
    assert state.current_player == 0 and state.legal_actions() == ["draw"]
    assert state.observation(0)["phase"] == "draw"
    play(state, "draw")
    assert zone(state, "match:0") == ["4S", "3S", "2S", "AS", "5S", "8S"]
    assert zone(state, "stock")[0] == "6D"
    assert state.observation(0)["events"][-1] == {"type": "draw", "player": 0, "source": "stock", "card": "8S"}
    winner_view = state.observation(1)
    assert winner_view["events"][-1] == {"type": "draw", "player": 0, "source": "stock"}
    assert winner_view["match_hands"][0] == ["5S", None, None, None, None, None]
    assert '"8S"' not in json.dumps(winner_view)
    assert state.current_player == 1 and state.observation(1)["phase"] == "place"


def test_N12_a_tie_discards_the_attacker_and_the_placers_opponent_places_next() -> None:
    stock = deals((["2D", "9D", "JD"], ["6C", "8C", "QC"]), (["6D", "8D", "JS"], ["QH", "KH", "9H"]))
    state = after_chooser(stock)
    play(state, "5S", "2D-JD", "8C-QC")  # 2 and 8: both 3 off 5
    assert state.observation(0)["last_duel"]["winner"] is None
    assert zone(state, "discard")[-1] == "5S"
    assert len(zone(state, "match:0")) == 4 and len(zone(state, "match:1")) == 5  # the placer lost a card
    assert state.current_player == 1 and state.observation(1)["phase"] == "place"  # not the placer
    play(state, "3H", "6D-JS", "QH-KH")  # 6 and 0: both 3 off 3
    assert zone(state, "discard")[-1] == "3H"
    assert state.current_player == 0 and state.observation(0)["phase"] == "place"


# ---- N13-N15: the end ---------------------------------------------------------------------------


def test_N13_placing_the_last_match_hand_card_wins_at_once() -> None:
    stock = deals(
        (["JS", "QS", "KS"], ["8S", "9S", "TS"]),
        (["JH", "QH", "KH"], ["8D", "9D", "TD"]),
        (["JD", "QD", "KD"], ["8C", "9C", "TC"]),
        (["JC", "QC", "KC"], ["7S", "7H", "7D"]),
    )
    state = nes("6H", ["AD", "2D", "3D"], ["8H", "9H", "TH"], stock)
    play(state, "2D-3D", "8H-9H")  # 5 against 17 on the Chooser 6
    for card, keep0, keep1 in [("5S", "JS-QS", "8S-9S"), ("4S", "JH-QH", "8D-9D"),
                               ("3S", "JD-QD", "8C-9C"), ("2S", "JC-QC", "7S-7H")]:
        play(state, card, keep0, keep1)
        assert state.observation(0)["last_duel"]["winner"] == 0
    assert zone(state, "match:0") == ["AS"]
    assert state.legal_actions() == ["AS"]
    play(state, "AS")
    assert state.is_over
    assert state.returns() == [1.0, 0.0]
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "last_card"
    assert zone(state, "target") == ["AS"]  # not duelled: no weapons were dealt for it
    assert zone(state, "weapons:0") == [] and zone(state, "weapons:1") == []
    assert zone(state, "match:1") == ["5H", "4H", "3H", "2H", "AH", "5S", "4S", "3S", "2S"]
    assert state.observation(1)["duels"] == 5
    assert [e["type"] for e in last_events(state, 1, 2)] == ["place", "end"]
    assert state.current_player is None and state.legal_actions() == []


def tie_deck() -> list[str]:
    """Six Chooser duels that must tie (both players always hold the same ranks), so the
    stock (5 × 7 cards) runs out exactly when the sixth tie needs a new Chooser."""
    m0, m1 = ["AS", "AH", "AD", "AC", "2S"], ["2H", "2D", "2C", "3S", "3H"]
    choosers = ["3D", "3C", "4S", "4H", "4D", "4C"]
    pairs = [(f"{r}S", f"{r}H") for r in "56789TJQK"] + [(f"{r}D", f"{r}C") for r in "56789TJQK"]
    weapons = [([a for a, _ in pairs[i : i + 3]], [b for _, b in pairs[i : i + 3]]) for i in range(0, 18, 3)]
    stock = [card for k in range(1, 6) for card in [choosers[k], *deals(weapons[k])]]
    return nes_deck(m0, m1, choosers[0], weapons[0][0], weapons[0][1], stock)


def tie(state: kartaros.GameState) -> None:
    """Both keep their two lowest weapons: the same ranks, so the same sums."""
    for _ in range(2):
        state.apply(state.legal_actions()[0])


def test_N14_an_exhausted_stock_is_replaced_by_the_shuffled_discard_pile() -> None:
    state = kartaros.new_game("nesalomljiv", deck=tie_deck(), seed=5)
    for _ in range(5):
        tie(state)
    assert state.observation(0)["stock_size"] == 0
    played = ["discard", "target", "weapons:0", "weapons:1"]
    discard = sorted((card for name in played for card in zone(state, name)), key=card_id)  # card-id order
    assert len(discard) == 42
    tie(state)  # the sixth tie needs a new Chooser
    events = state.observation(1)["events"]
    reshuffle = events[-4]
    assert reshuffle == {"type": "reshuffle", "count": 42, "cards": discard}
    assert [e["type"] for e in events[-3:]] == ["chooser", "deal", "deal"]
    assert zone(state, "discard") == []
    assert state.observation(0)["stock_size"] == 42 - 7
    assert all_cards(state) == sorted(ALL_CODES)
    assert not state.is_over and state.observation(0)["duels"] == 6


def test_N14_the_stock_running_out_in_the_middle_of_a_deal() -> None:
    # Chooser 5D: player 0 keeps AD-3D (4), player 1 4C-5C (9). Then five Attacker duels that
    # tie (the same ranks on both sides) use 30 cards; 5 are left for the sixth deal of 6.
    pairs = [(f"{r}S", f"{r}H") for r in "6789TJQK"] + [(f"{r}D", f"{r}C") for r in "6789TJQ"]
    tied = [([a for a, _ in pairs[i : i + 3]], [b for _, b in pairs[i : i + 3]]) for i in range(0, 15, 3)]
    left = ["AC", "2D", "2C", "3C", "4D"]
    state = nes("5D", ["AD", "3D", "KC"], ["KD", "4C", "5C"], [*deals(*tied), *left])
    play(state, "AD-3D", "4C-5C")
    for card in ["5S", "5H", "4S", "4H", "3S"]:
        play(state, card)
        tie(state)
    assert state.observation(0)["stock_size"] == 5
    discard = sorted(zone(state, "discard"), key=card_id)
    assert len(discard) == 42
    play(state, "3H")
    assert zone(state, "weapons:0") == ["AC", "2C", "4D"]  # one at a time, player 0 first
    weapons = zone(state, "weapons:1")
    assert weapons[:2] == ["2D", "3C"] and weapons[2] in discard  # the last from the new stock
    assert state.observation(1)["stock_size"] == 41 and zone(state, "discard") == []
    events = state.observation(0)["events"]
    assert [e["type"] for e in events[-4:]] == ["place", "reshuffle", "deal", "deal"]
    assert events[-3]["cards"] == discard
    assert all_cards(state) == sorted(ALL_CODES)


@pytest.mark.parametrize(
    ("seed", "variant", "sizes", "returns", "last_phase"),
    [
        (1, {}, [24, 22], [0.0, 1.0], "place"),  # the weapons for the new Attacker cannot be dealt
        (15, {}, [23, 23], [0.5, 0.5], "place"),  # equal counts: a draw
        (1, {"weapons_first": True}, [24, 23], [0.0, 1.0], "draw"),  # dealt right after the knockout draw
    ],
)
def test_N14_no_cards_left_to_deal_ends_the_game_fewer_match_hand_cards_win(
    seed: int, variant: dict[str, object], sizes: list[int], returns: list[float], last_phase: str
) -> None:
    # A cooperative policy stuffs the match hands with knockouts until 46 or more cards are in them.
    state = kartaros.new_game("nesalomljiv", seed=seed, variant=variant)
    while not state.is_over:
        before = state.clone()
        state.apply(knockout_seeker(state))
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "exhausted"
    zones = state.zones()
    assert [len(zones["match:0"]), len(zones["match:1"])] == sizes
    assert state.returns() == returns  # fewer cards win
    if returns[0] == returns[1]:
        drawn = "The game is drawn: the cards ran out, and both match hands hold the same number of cards"
        assert outcome.detail == drawn
        assert outcome.words(["Ana", "Bo"], "en") == drawn
    else:
        winner = returns.index(1.0)
        assert outcome.detail == (
            f"Player {winner + 1} wins: the cards ran out, and Player {2 - winner} holds more match-hand cards"
        )
        who, other = ("Ana", "Bo") if winner == 0 else ("Bo", "Ana")
        assert outcome.words(["Ana", "Bo"], "en") == (
            f"{who} wins: the cards ran out, and {other} holds more match-hand cards"
        )
    # Stock and discard pile together held fewer than the 6 weapons that had to be dealt.
    assert before.observation(0)["phase"] == last_phase
    assert zones["weapons:0"] == [] == zones["weapons:1"]
    assert len(zones["stock"]) + len(zones["discard"]) == 52 - sum(sizes) - len(zones["target"]) < 6
    assert all_cards(state) == sorted(ALL_CODES)
    assert state.observation(0)["events"][-1] == {"type": "end", "reason": "exhausted", "returns": returns}


def test_N15_max_duels_draws_the_game_and_chooser_duels_count() -> None:
    state = kartaros.new_game("nesalomljiv", deck=tie_deck(), seed=5, variant={"max_duels": 3})
    for _ in range(2):
        tie(state)
    assert not state.is_over
    tie(state)
    assert state.is_over
    assert state.returns() == [0.5, 0.5]
    record = state.record()
    assert record["result"]["reason"] == "max_duels"
    assert record["result"]["detail"] == "The game is drawn: the limit of duels was reached"
    assert record["variant"]["max_duels"] == 3
    assert kartaros.replay(record).returns() == [0.5, 0.5]


# ---- options and input ----------------------------------------------------------------------


def test_option_blind_places_the_top_card_and_takes_cards_in_at_the_bottom() -> None:
    stock = [
        *deals((["2D", "9D", "JD"], ["6C", "8C", "QC"])),  # player 1 wins on 5S
        *deals((["AC", "4C", "KC"], ["6D", "8D", "JS"])),  # player 0 knocks out 5H
        "9S",
    ]
    state = after_chooser(stock, match_hand="blind")
    assert state.legal_actions() == ["place"]  # no choice: the top card
    own = state.observation(0)
    assert own["match_hands"][0] == [None] * 5  # nobody looks at a blind match hand
    assert "cards" not in own["events"][0]
    play(state, "place")
    assert zone(state, "target") == ["5S"]  # the last card dealt to him
    play(state, "2D-JD", "6C-QC")
    assert zone(state, "match:0") == ["4S", "3S", "2S", "AS", "5S"]
    for player in (0, 1):
        assert state.observation(player)["match_hands"][0] == [None, None, None, None, "5S"]
    assert state.current_player == 1 and state.legal_actions() == ["place"]
    play(state, "place", "AC-4C", "6D-8D")  # 5H, knocked out by 1 + 4
    play(state, "draw")
    assert zone(state, "match:1") == ["4H", "3H", "2H", "AH", "5H", "9S"]  # the Attacker, then the draw
    assert state.observation(1)["events"][-1] == {"type": "draw", "player": 1, "source": "stock"}
    assert state.observation(1)["match_hands"][1] == [None, None, None, None, "5H", None]
    with pytest.raises(IllegalAction) as err:
        state.apply("4S")
    assert err.value.problem is None  # nothing to name: the move is "place"
    assert "Your move: place the top card of your match hand as the Attacker" in err.value.words(["Ana", "Bo"], "en")
    assert "Legal: place (1)." in str(err.value)


def test_option_blind_the_top_card_keeps_its_place_when_it_went_in_face_up() -> None:
    state = after_chooser(deals((["2D", "9D", "JD"], ["6C", "8C", "QC"])), match_hand="blind")
    play(state, "place", "2D-JD", "6C-QC")
    assert state.observation(1)["match_sizes"] == [5, 5]
    assert kartaros.replay(state.record()).zones() == state.zones()


@pytest.mark.parametrize(
    ("variant", "message"),
    [
        ({"match": "blind"}, "no variant option 'match'"),
        ({"match_hand": "open"}, "must be one of"),
        ({"weapons_first": 1}, "must be one of"),
        ({"max_duels": 0}, "whole number"),
        ({"max_duels": True}, "whole number"),
    ],
)
def test_options_are_checked(variant: dict[str, object], message: str) -> None:
    with pytest.raises(VariantError, match=message):
        kartaros.new_game("nesalomljiv", variant=variant)


@pytest.mark.parametrize(
    ("action", "kind", "cards", "text", "message"),
    [
        ("KD-4D", Why.NOTATION, (), "4D-KD", "write it as 4D-KD"),
        ("3D-4D-KD", Why.KEEP_TWO, (), "", "keep exactly two weapons"),
        ("4D", Why.KEEP_TWO, (), "", "keep exactly two weapons"),
        ("9S-TS", Why.NOT_HELD, ("9S", "TS"), "", "you do not hold 9♠"),
        ("3D-3D", Why.SAME_TWICE, (), "", "name two different weapons"),
        ("keep", Why.KEEP_FORM, (), "", "name the two weapons you keep"),
    ],
)
def test_N5_illegal_duel_choices_are_explained(
    action: str, kind: Why, cards: tuple[str, ...], text: str, message: str
) -> None:
    state = nes(CHOOSER, W0, W1)
    before = json.dumps([state.zones(), state.observation(0), state.record()])
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    problem = err.value.problem
    assert problem is not None and problem.kind is kind
    assert problem.cards == cards and problem.text == text
    words = err.value.words(["Ana", "Bo"], "en")
    assert message in words and "Your move: keep two weapons" in words
    assert "Legal: 3D-4D, 3D-KD, 4D-KD (3)." in str(err.value)
    assert json.dumps([state.zones(), state.observation(0), state.record()]) == before


@pytest.mark.parametrize("action", ["draw", "place"])
def test_N5_a_move_of_another_phase_in_a_duel_is_told_what_the_duel_asks(action: str) -> None:
    """A pile clicked on the table in a duel (the stock, a blind match hand) is not a choice
    written wrong: the words say what the duel asks, with no notation in them (N10, N11)."""
    state = nes(CHOOSER, W0, W1)
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    assert err.value.problem is None
    words = err.value.words(["Ana", "Bo"], "en")
    assert words.startswith("That is not a legal move now. Your move: keep two weapons")
    assert "-" not in words and "3S" not in words
