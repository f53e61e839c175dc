"""One stacked-deck test (or more) per Keč rule, K1-K13, checking exact outcomes."""

from __future__ import annotations

import pytest

import kartaros
from kartaros import IllegalAction, VariantError
from kartaros.games.kec.rules import Why, move_class
from kartaros.state import GameState
from tests.kec_helpers import ALL_CODES, all_cards, hand, kec, kec_deck, play


def test_K1_two_players_and_54_cards_with_both_jokers() -> None:
    state = kartaros.new_game("kec", seed=11)
    assert state.num_players == 2
    assert all_cards(state) == sorted(ALL_CODES)
    assert {"RJ", "BJ"} <= set(all_cards(state))
    with pytest.raises(ValueError, match="2 players"):
        kartaros.new_game("kec", players=3)


def test_K1_suits_play_no_role_so_actions_of_the_same_ranks_are_one_move() -> None:
    state = kec(["AS", "AC", "2S", "RJ"], ["5S", "6S", "7S", "8S"], ["3D"])
    play(state, "draw")
    assert move_class("AS") == move_class("AC") == "A"
    assert move_class("RJ") == move_class("BJ") == "*"
    assert move_class("AS-2S-3D") == move_class("AC-2S-3D") == "A-2-3"
    assert move_class("9H-9C") == "9-9"
    assert move_class("draw") == "draw" != move_class("take")
    assert move_class("2S") != move_class("AS")


def test_K2_every_card_is_in_exactly_one_zone() -> None:
    state = kartaros.new_game("kec", seed=5)
    assert set(state.zones()) == {"hand:0", "hand:1", "stock", "discard", "out", "table"}
    for _ in range(200):
        if state.is_over:
            break
        state.apply(state.legal_actions()[-1])
        cards = all_cards(state)
        assert cards == sorted(ALL_CODES)


def test_K3_deal_alternates_and_the_ninth_card_tops_the_stock() -> None:
    deck = kec_deck(["AS", "2S", "3S", "4S"], ["5S", "6S", "7S", "8S"], ["9S", "TS"])
    state = kartaros.new_game("kec", deck=deck)
    zones = state.zones()
    assert zones["hand:0"] == ["AS", "2S", "3S", "4S"]
    assert zones["hand:1"] == ["5S", "6S", "7S", "8S"]
    assert zones["stock"][:2] == ["9S", "TS"]
    assert zones["discard"] == zones["out"] == zones["table"] == []
    assert state.current_player == 0
    assert state.legal_actions() == ["draw"]  # holding 4, player 0 must draw one


def test_K4_draw_up_to_five_and_take_only_the_opponents_discard() -> None:
    state = kec(["AS", "2S", "3S", "4S"], ["5S", "6S", "7S", "8S"], ["9D", "TD"])
    play(state, "draw")
    assert hand(state, 0) == sorted(["AS", "2S", "3S", "4S", "9D"])
    assert state.observation(0)["phase"] == "choose"
    play(state, "9D")  # discard ends the turn
    assert state.current_player == 1
    assert state.legal_actions() == ["draw", "take"]
    play(state, "take")
    assert hand(state, 1) == sorted(["5S", "6S", "7S", "8S", "9D"])
    assert state.observation(0)["opponent_known"] == ["9D"]  # a card seen going in
    assert state.observation(1)["phase"] == "choose"  # holding 5: no more draws


def test_K4_own_discard_cannot_be_taken_and_only_one_take_per_draw_phase() -> None:
    # p0 attacks, p1 breaks and, on his turn, exchanges and discards three cards of his own;
    # p0 may take one of them, then only draws.
    stock = ["9D", "7D", "8D", "9H", "TH", "JH", "QH"]
    state = kec(["AS", "2S", "3S", "7C"], ["KS", "5S", "5H", "8C"], stock)
    play(state, "draw", "AS-2S-3S")
    assert state.current_player == 1
    assert state.legal_actions() == ["KS"]
    play(state, "KS", "draw", "draw", "5S-5H", "draw", "draw", "7D")
    assert [d["by"] for d in state.observation(0)["discard"]] == [1, 1, 1]
    assert state.current_player == 0
    assert state.legal_actions() == ["draw", "take"]
    play(state, "take")
    assert state.legal_actions() == ["draw"]  # at most once per draw phase
    with pytest.raises(IllegalAction) as err:
        state.apply("take")
    assert err.value.problem is not None and err.value.problem.kind is Why.ONE_FROM_DISCARD
    assert "only one card per draw" in err.value.words(["Ana", "Bo"], "en")
    play(state, "draw", "draw")
    assert hand(state, 0) == sorted(["7C", "9D", "7D", "JH", "QH"])
    # Now p0 discards: that card is p1's to take.
    play(state, "7C")
    assert state.legal_actions() == ["draw", "take"]


def test_K4_ban_on_taking_ones_own_discard_after_a_defended_hold() -> None:
    state = kec(["AS", "2S", "3S", "7C"], ["KS", "4H", "5H", "6H"], ["KH", "8D", "8H"])
    play(state, "draw", "7C")  # p0 discards his own 7C: p1 may take it
    play(state, "draw", "4H-5H-6H")  # p1 draws 8D and attacks with a lever
    assert state.legal_actions() == ["KH"]  # p0 holds the only breaker
    play(state, "KH")
    # p0's turn: the top discard (7C) is his own, so he may only draw.
    assert state.current_player == 0
    assert state.observation(0)["discard"] == [{"card": "7C", "by": 0}]
    assert state.legal_actions() == ["draw"]
    with pytest.raises(IllegalAction) as err:
        state.apply("take")
    assert err.value.problem is not None and err.value.problem.kind is Why.OWN_DISCARD
    assert "you discarded the top card yourself" in err.value.words(["Ana", "Bo"], "en")


def test_K5_choices_are_holds_pairs_and_discards_only() -> None:
    state = kec(["AS", "2S", "4S", "4H"], ["5S", "6S", "7S", "8S"], ["3D"])
    play(state, "draw")
    assert sorted(state.legal_actions()) == sorted(
        ["AS-2S-3D", "4S-4H", "AS", "2S", "3D", "4S", "4H"]
    )


def test_K5_a_turn_chains_moves_and_ends_in_an_attack() -> None:
    stock = ["5D", "5H", "7D", "7H", "AD", "2D", "3H"]
    state = kec(["4S", "4H", "5S", "6S"], ["8S", "9S", "TS", "JS"], stock)
    play(state, "draw", "4S-4H", "draw", "draw")  # exchange: 5S 6S 5D 5H 7D
    assert state.current_player == 0
    play(state, "5H-5D", "draw", "draw")  # again: 5S 6S 7D 7H AD
    play(state, "7H-7D", "draw", "draw")  # again: 5S 6S AD 2D 3H
    assert hand(state, 0) == sorted(["5S", "6S", "AD", "2D", "3H"])
    play(state, "AD-2D-3H")  # p1 has no King or Joker: the choke holds
    assert state.is_over
    assert state.returns() == [1.0, 0.0]


def test_K6_discard_pile_is_reshuffled_into_the_stock() -> None:
    state = kartaros.new_game("kec", seed=3)
    before = _drain_stock(state)
    discard = sorted(c["card"] for c in state.observation(0)["discard"])
    assert state.observation(0)["stock_size"] == 0
    mover = state.current_player
    assert mover is not None
    other_hand = sorted(state.zones()[f"hand:{1 - mover}"])
    state.apply("draw")  # the draw that finds the stock empty
    obs = state.observation(0)
    assert obs["stock_cycle"] == "reshuffled"
    assert obs["events"][-2]["type"] == "reshuffle"
    assert sorted(obs["events"][-2]["cards"]) == discard
    assert obs["discard"] == []
    assert obs["stock_size"] == len(discard) - 1
    # After a reshuffle each hand is known to the opponent (the stock is a known set).
    assert sorted(state.observation(mover)["opponent_known"]) == other_hand
    assert before > 0


def test_K6_extension_when_the_reshuffled_stock_runs_out_too() -> None:
    # A defended hold first, so the out-of-play pile holds 4 cards for the extension.
    state = kec(["AS", "2S", "3S", "7C"], ["KS", "5S", "5H", "8C"], ["9D"])
    play(state, "draw", "AS-2S-3S", "KS")
    out = sorted(state.zones()["out"])
    assert out == sorted(["AS", "2S", "3S", "KS"])
    _drain_stock(state)
    state.apply("draw")
    assert state.observation(0)["stock_cycle"] == "reshuffled"
    _drain_stock(state)
    discard = sorted(state.zones()["discard"])
    state.apply("draw")
    obs = state.observation(0)
    assert obs["stock_cycle"] == "extended"
    extend = obs["events"][-2]
    assert extend["type"] == "extend"
    assert sorted(extend["cards"]) == sorted(discard + out)
    assert obs["out_of_play"] == [] and obs["discard"] == []
    assert not state.is_over
    # The cycle starts again: the next empty stock takes the discard pile.
    _drain_stock(state)
    state.apply("draw")
    assert state.observation(0)["stock_cycle"] == "reshuffled"


def test_K6_exhausted_draw_option_ends_the_game_drawn() -> None:
    state = kec(["AS", "2S", "3S", "7C"], ["KS", "5S", "5H", "8C"], ["9D"], exhausted="draw")
    play(state, "draw", "AS-2S-3S", "KS")
    _drain_stock(state)
    state.apply("draw")  # first reshuffle: still playing
    assert not state.is_over
    _drain_stock(state)
    state.apply("draw")  # the reshuffled stock ran out: drawn
    assert state.is_over
    assert state.returns() == [0.5, 0.5]
    assert state.outcome() is not None and state.outcome().reason == "exhausted"
    assert state.current_player is None and state.legal_actions() == []


def test_K6_discard_first_reading_reshuffles_the_discard_pile_again() -> None:
    # K6, second reading of "ako se sve to iscrpi": the out-of-play cards wait while the
    # discard pile can still make a stock.
    state = kec(["AS", "2S", "3S", "7C"], ["KS", "5S", "5H", "8C"], ["9D"], exhausted="discard-first")
    play(state, "draw", "AS-2S-3S", "KS")
    out = sorted(state.zones()["out"])
    _drain_stock(state)
    state.apply("draw")
    assert state.observation(0)["stock_cycle"] == "reshuffled"
    _drain_stock(state)
    discard = sorted(state.zones()["discard"])
    state.apply("draw")
    obs = state.observation(0)
    assert obs["stock_cycle"] == "reshuffled"  # not extended, as the default reading would
    assert obs["events"][-2]["type"] == "reshuffle"
    assert sorted(obs["events"][-2]["cards"]) == discard
    assert sorted(state.zones()["out"]) == out


def test_K6_discard_first_reading_extends_only_when_the_discard_pile_is_empty() -> None:
    state = kec(["AS", "2S", "3S", "7C"], ["KS", "5S", "5H", "8C"], ["9D"], exhausted="discard-first")
    play(state, "draw", "AS-2S-3S", "KS")
    _drain_stock(state)
    # Random play hardly ever empties the discard pile just as the stock runs out, so the
    # position is set up directly: the discard pile's cards put out of play.
    state.out.extend(state.discard)  # type: ignore[attr-defined]
    state.discard.clear()  # type: ignore[attr-defined]
    state.discard_by.clear()  # type: ignore[attr-defined]
    out = sorted(state.zones()["out"])
    state.apply("draw")
    obs = state.observation(0)
    assert obs["stock_cycle"] == "extended"
    assert obs["events"][-2]["type"] == "extend"
    assert sorted(obs["events"][-2]["cards"]) == out
    assert obs["out_of_play"] == []
    assert sorted(all_cards(state)) == sorted(ALL_CODES)


@pytest.mark.parametrize(
    ("attack", "attack_cards", "defender", "breakers"),
    [
        ("choke", ["AS", "2S", "3S"], ["KS", "QS", "RJ", "8C"], ["KS", "RJ"]),
        ("lever", ["4S", "5S", "6S"], ["KS", "QS", "BJ", "8C"], ["QS", "KS", "BJ"]),
        ("pin", ["AS", "AH", "AD"], ["KS", "QS", "BJ", "8C"], ["BJ"]),
        ("knockout", ["QS", "QH", "QD"], ["KS", "QC", "RJ", "8C"], ["KS", "RJ"]),
    ],
)
def test_K7_each_hold_is_broken_only_by_its_cards(
    attack: str, attack_cards: list[str], defender: list[str], breakers: list[str]
) -> None:
    state = kec([*attack_cards, "7C"], defender, ["9D"])
    play(state, "draw", "-".join(attack_cards))
    assert state.observation(1)["hold"] == attack
    assert state.current_player == 1
    assert state.legal_actions() == breakers


@pytest.mark.parametrize(
    ("attack_cards", "defender", "reason"),
    [
        (["AS", "2S", "3S"], ["QS", "QH", "8C", "8D"], "choke"),  # a Queen does not break a choke
        (["4S", "5S", "6S"], ["JS", "JH", "8C", "8D"], "lever"),
        (["AS", "AH", "AD"], ["KS", "QS", "8C", "8D"], "pin"),  # only a Joker breaks a pin
    ],
)
def test_K8_a_hold_with_no_answer_wins_at_once(attack_cards: list[str], defender: list[str], reason: str) -> None:
    state = kec([*attack_cards, "7C"], defender, ["9D"])
    play(state, "draw", "-".join(attack_cards))
    assert state.is_over
    assert state.returns() == [1.0, 0.0]
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == reason
    assert sorted(state.zones()["table"]) == sorted(attack_cards)


def test_K8_a_broken_hold_goes_out_of_play_and_the_defender_moves() -> None:
    state = kec(["AS", "2S", "3S", "7C"], ["KS", "RJ", "8C", "8D"], ["9D", "4H"])
    play(state, "draw", "AS-2S-3S")
    assert state.legal_actions() == ["KS", "RJ"]  # he chooses which breaker
    play(state, "RJ")
    zones = state.zones()
    assert sorted(zones["out"]) == sorted(["AS", "2S", "3S", "RJ"])
    assert zones["discard"] == [] and zones["table"] == []
    assert state.current_player == 1
    assert state.observation(1)["phase"] == "draw"
    play(state, "draw", "draw")  # from 3 cards back to 5
    assert hand(state, 1) == sorted(["KS", "8C", "8D", "4H", "AH"])  # the stock goes on AH …
    assert not state.is_over


def test_K9_an_answered_knockout_disqualifies_the_attacker() -> None:
    state = kec(["QS", "QH", "QD", "7C"], ["KS", "8S", "8C", "8D"], ["9D"])
    play(state, "draw", "QS-QH-QD", "KS")
    assert state.is_over
    assert state.returns() == [0.0, 1.0]
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "disqualified"


def test_K9_an_unanswered_knockout_wins() -> None:
    state = kec(["QS", "QH", "QD", "7C"], ["QC", "8S", "8C", "8D"], ["9D"])
    play(state, "draw", "QS-QH-QD")
    assert state.returns() == [1.0, 0.0]
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "knockout"


def test_K10_only_four_to_jack_pairs_are_moves() -> None:
    state = kec(["AS", "AH", "QS", "QH"], ["5S", "6S", "7S", "8S"], ["RJ"])
    play(state, "draw")
    legal = state.legal_actions()
    assert not [a for a in legal if "-" in a]  # A-A, Q-Q and Joker pairs are not moves
    with pytest.raises(IllegalAction) as err:
        state.apply("AS-AH")
    assert err.value.problem is not None and err.value.problem.kind is Why.NOT_A_PAIR
    assert "that pair is not a move" in err.value.words(["Ana", "Bo"], "en")
    state = kec(["KS", "KH", "TS", "TH"], ["5S", "6S", "7S", "8S"], ["JS"])
    play(state, "draw")
    assert [a for a in state.legal_actions() if "-" in a] == ["TS-TH"]


def test_K10_exchange_pair_goes_to_discard_and_replacements_come_from_the_stock() -> None:
    state = kec(["4S", "4H", "9C", "TC"], ["5S", "6S", "7S", "8S"], ["JC", "2D", "3D"])
    play(state, "draw")
    state.apply("4S-4H")
    zones = state.zones()
    assert zones["discard"] == ["4S", "4H"]
    assert state.observation(1)["events"][-1] == {"type": "pair", "player": 0, "cards": ["4S", "4H"]}
    assert state.legal_actions() == ["draw"]  # no taking from the discard pile here
    play(state, "draw", "draw")
    assert hand(state, 0) == sorted(["9C", "TC", "JC", "2D", "3D"])
    assert state.observation(0)["phase"] == "choose"
    assert hand(state, 1) == sorted(["5S", "6S", "7S", "8S"])  # no harm to the opponent


def test_K10_pairs_to_out_option() -> None:
    state = kec(["4S", "4H", "9C", "TC"], ["5S", "6S", "7S", "8S"], ["JC"], pairs_to="out")
    play(state, "draw", "4S-4H")
    assert state.zones()["out"] == ["4S", "4H"]
    assert state.zones()["discard"] == []
    assert state.record()["variant"]["pairs_to"] == "out"


def test_K11_throw_takes_a_random_card_that_the_thrower_buys_back() -> None:
    state = kec(["9S", "9H", "AS", "2S"], ["KS", "KH", "KD", "KC"], ["3S", "5C", "7C"])
    play(state, "draw", "9S-9H")
    zones = state.zones()
    stolen = zones["discard"][-1]
    assert zones["discard"][:2] == ["9S", "9H"]
    assert stolen in {"KS", "KH", "KD", "KC"}
    assert len(zones["hand:1"]) == 3
    assert state.observation(1)["discard"][-1] == {"card": stolen, "by": 0}  # put there by the thrower
    assert state.observation(1)["events"][-1] == {"type": "steal", "player": 0, "card": stolen}
    assert state.legal_actions() == ["draw", "take"]
    play(state, "take")
    assert stolen in hand(state, 0)
    assert state.legal_actions() == ["draw"]  # the second replacement from the stock
    play(state, "draw")
    assert hand(state, 0) == sorted(["AS", "2S", "3S", "5C", stolen])
    assert state.observation(0)["phase"] == "choose"


def test_K11_declined_throw_card_stays_and_counts_as_the_throwers_discard() -> None:
    state = kec(["9S", "9H", "AS", "2S"], ["KS", "KH", "KD", "KC"], ["3S", "5C", "7C"])
    play(state, "draw", "9S-9H", "draw")
    stolen = state.zones()["discard"][-1]
    assert state.legal_actions() == ["draw"]  # declined: the other replacement from the stock too
    play(state, "draw")
    assert hand(state, 0) == sorted(["AS", "2S", "3S", "5C", "7C"])
    play(state, "AS-2S-3S")  # p1 still holds 3 Kings and breaks
    breaker = state.legal_actions()[0]
    play(state, breaker)
    # p1 may take back his stolen King: it was put on the pile by the thrower (K4, K11).
    assert state.current_player == 1
    assert state.legal_actions() == ["draw", "take"]
    play(state, "take")
    assert stolen in hand(state, 1)


def test_K11_both_reading_the_bought_card_stands_for_both_replacements() -> None:
    # K11 read as "kao nadoknada 2 karte": the thrown card replaces the whole pair.
    state = kec(["9S", "9H", "AS", "2S"], ["KS", "KH", "KD", "KC"], ["3S", "5C", "7C"], thrown_card="both")
    play(state, "draw", "9S-9H")
    stolen = state.zones()["discard"][-1]
    play(state, "take")
    assert hand(state, 0) == sorted(["AS", "2S", "3S", stolen])
    assert state.observation(0)["phase"] == "choose"  # no second replacement
    assert state.zones()["stock"][0] == "5C"  # the stock's top is untouched
    assert state.record()["variant"]["thrown_card"] == "both"


def test_K11_both_reading_declining_still_draws_two() -> None:
    state = kec(["9S", "9H", "AS", "2S"], ["KS", "KH", "KD", "KC"], ["3S", "5C", "7C"], thrown_card="both")
    play(state, "draw", "9S-9H", "draw")
    assert state.legal_actions() == ["draw"]
    play(state, "draw")
    assert hand(state, 0) == sorted(["AS", "2S", "3S", "5C", "7C"])


def test_K11_throw_against_an_empty_hand_takes_nothing() -> None:
    # p1 is emptied by three throws: p0 holds 9-9, T-T, J-J and draws pairs to go on.
    stock = ["JS", "JH", "9D", "9C", "TD", "TC", "2C", "3C"]
    state = kec(["9S", "9H", "TS", "TH"], ["AS", "AH", "AD", "AC"], stock)
    play(state, "draw")
    for pair in ("9S-9H", "TS-TH"):
        play(state, pair, "draw", "draw")
    assert len(state.zones()["hand:1"]) == 2
    play(state, "JS-JH", "draw", "draw", "9D-9C", "draw", "draw")
    assert state.zones()["hand:1"] == []
    play(state, "TD-TC")
    assert state.observation(1)["events"][-1] == {"type": "steal", "player": 0, "card": None}
    assert state.legal_actions() == ["draw"]


def test_K12_a_win_scores_one_and_a_loss_zero_from_either_seat() -> None:
    state = kec(["4S", "5S", "8C", "8D"], ["AS", "2S", "3S", "9C"], ["TC", "JC"])
    play(state, "draw", "TC", "draw", "AS-2S-3S")  # p1's choke: p0 has no King or Joker
    assert state.returns() == [0.0, 1.0]
    assert state.record()["result"]["returns"] == [0.0, 1.0]


def test_K13_max_actions_bound_draws_the_game() -> None:
    state = kartaros.new_game("kec", seed=9, variant={"max_actions": 5})
    for _ in range(5):
        state.apply(state.legal_actions()[0])
    assert state.is_over
    assert state.returns() == [0.5, 0.5]
    record = state.record()
    assert record["result"]["reason"] == "max_actions"
    assert len(record["actions"]) == 5


@pytest.mark.parametrize(
    ("variant", "message"),
    [
        ({"exhaust": "draw"}, "no variant option 'exhaust'"),
        ({"exhausted": "never"}, "must be one of"),
        ({"pairs_to": 1}, "must be one of"),
        ({"max_actions": 0}, "whole number"),
        ({"max_actions": True}, "whole number"),
        ("extend", "must be a mapping"),
    ],
)
def test_K13_variant_keys_and_values_are_checked(variant: object, message: str) -> None:
    with pytest.raises(VariantError, match=message):
        kartaros.new_game("kec", variant=variant)  # type: ignore[arg-type]


def _drain_stock(state: GameState) -> int:
    """Both players draw and discard until the stock is empty; returns the turns played."""
    turns = 0
    while state.observation(0)["stock_size"] > 0:
        obs = state.observation(state.current_player or 0)
        if obs["phase"] == "draw":
            state.apply("draw")
        else:
            state.apply(obs["hand"][0])  # discard: ends the turn
            turns += 1
    # Finish the turn in progress so the next action is a draw that finds the stock empty.
    while state.observation(0)["phase"] != "draw":
        state.apply(state.observation(state.current_player or 0)["hand"][0])
    return turns
