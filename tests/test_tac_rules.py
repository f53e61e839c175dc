"""One stacked-deck test (or more) per Tač rule, T1-T13, checking exact outcomes.

Decks come from ``tac_deck``: each player's closed pile is named top first (the first card he
turns), the cards not named fill the piles in descending card-id order. Until an Ace lies on
the central pile nothing but an Ace can be placed (T4, T5), so the first rounds of most
decks below are "turn" and putting the card on one's own open pile.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any, cast

import pytest

import kartaros
from kartaros import IllegalAction, VariantError
from kartaros.games.tac.rules import Why
from kartaros.state import GameState
from tests.tac_helpers import ONE_DECK, all_cards, closed, opened, play, tac, tac_deck

SPADES = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS"]
HEARTS = [c[0] + "H" for c in SPADES]
DIAMONDS = [c[0] + "D" for c in SPADES]


def phase(state: GameState) -> str:
    return str(state.observation(0)["phase"])


def play_forced(state: GameState, until: Any) -> int:
    """Apply the only correct action until ``until(state)`` holds; returns how many were played."""
    count = 0
    while not until(state):
        legal = [a for a in state.legal_actions() if not a.endswith("?")]  # misses are no choice
        assert len(legal) == 1, f"a choice came first: {legal}"
        state.apply(legal[0])
        count += 1
    return count


# ---- T1-T3: components and deal ------------------------------------------------------------


@pytest.mark.parametrize(("players", "cards"), [(2, 52), (3, 52), (4, 52), (5, 104), (6, 104), (7, 104), (8, 104)])
def test_T1_one_deck_for_two_to_four_two_decks_for_five_to_eight(players: int, cards: int) -> None:
    state = kartaros.new_game("tac", players=players, seed=3)
    counts = all_cards(state)
    assert sum(counts.values()) == cards
    assert set(counts) == set(ONE_DECK)  # no Jokers
    assert set(counts.values()) == {cards // 52}


@pytest.mark.parametrize("players", [1, 9, 0])
def test_T1_two_to_eight_players_only(players: int) -> None:
    with pytest.raises(ValueError, match="Tač is played by 2 to 8 players"):
        kartaros.new_game("tac", players=players)


def test_T2_zones_hold_every_card_once_and_closed_piles_are_unknown_to_all() -> None:
    state = kartaros.new_game("tac", players=3, seed=8)
    zones = state.zones()
    seats = [f"{kind}:{p}" for p in range(3) for kind in ("closed", "open")]
    assert list(zones) == [*seats, "central", "turned", "aside"]
    assert all_cards(state) == Counter(ONE_DECK)
    for player in range(3):
        view = state.observation(player)
        assert view["closed"] == [[None] * 17] * 3  # nobody knows a dealt order, the owner included
        text = json.dumps(view)
        assert [c for c in ONE_DECK if f'"{c}"' in text] == zones["central"]  # only the Ace in the middle


def test_T3_two_players_get_26_each_and_the_first_card_dealt_is_on_top() -> None:
    deck = tac_deck([["7H", "2C"], ["KD", "5S"]])
    assert deck[:4] == ["7H", "KD", "2C", "5S"]  # one at a time, player 0 first
    state = kartaros.new_game("tac", deck=deck)
    assert closed(state, 0)[:2] == ["7H", "2C"] and closed(state, 1)[:2] == ["KD", "5S"]
    assert [len(closed(state, p)) for p in (0, 1)] == [26, 26]
    assert state.zones()["central"] == [] and state.zones()["aside"] == []
    assert state.current_player == 0 and state.legal_actions() == ["turn"]
    play(state, "turn")
    assert state.zones()["turned"] == ["7H"]


def test_T3_three_players_the_first_ace_in_deck_order_starts_the_central_pile() -> None:
    rest = [c for c in ONE_DECK if c not in ("9C", "AD")]
    state = kartaros.new_game("tac", players=3, deck=["9C", "AD", *rest])
    assert state.zones()["central"] == ["AD"]
    assert closed(state, 0)[:2] == ["9C", rest[2]]  # the rest is dealt in order, the Ace left out
    assert closed(state, 1)[0] == rest[0] and closed(state, 2)[0] == rest[1]
    assert [len(closed(state, p)) for p in range(3)] == [17, 17, 17]
    view = state.observation(1)
    assert view["central_wants"] == "2" and view["opened"] is True
    assert view["events"][0] == {"type": "deal", "each": 17, "aside": 0, "central": "AD"}


@pytest.mark.parametrize(("players", "each", "aside"), [(4, 13, 0), (5, 20, 4), (6, 17, 2), (7, 14, 6), (8, 13, 0)])
def test_T3_deal_sizes_and_the_last_cards_set_aside_with_two_decks(players: int, each: int, aside: int) -> None:
    state = kartaros.new_game("tac", players=players, seed=21)
    deck = [c for p in range(players) for c in closed(state, p)]
    assert [len(closed(state, p)) for p in range(players)] == [each] * players
    assert len(state.zones()["aside"]) == aside
    assert len(deck) + aside == (52 if players == 4 else 104)
    if aside:
        named = ["KS", "KH", "KD", "KC", "QS", "QH"][:aside]
        stacked = tac_deck([[] for _ in range(players)], aside=named)
        assert stacked[-aside:] == named
        game = kartaros.new_game("tac", players=players, deck=stacked)
        assert game.zones()["aside"] == named
        view = json.dumps(game.observation(0))
        assert view.count(f'"aside": {aside}') == 2  # the count, never the cards (the deal event too)
        assert not any(f'"{c}"' in view for c in ONE_DECK)


# ---- T4-T5: legal placements -----------------------------------------------------------------


def test_T4_the_central_pile_takes_the_next_rank_and_an_ace_after_the_king() -> None:
    state = tac([[*SPADES, "AH", "5D"], []])
    for card in SPADES:
        assert state.legal_actions() == ["turn"]
        play(state, "turn")
        assert state.legal_actions() == [f"{card}>C"]
        play(state, f"{card}>C")
    assert state.observation(0)["central_wants"] == "A"
    play(state, "turn", "AH>C")  # K → A on the central pile
    assert state.zones()["central"] == [*SPADES, "AH"]
    play(state, "turn")
    assert state.legal_actions() == ["5D>0"]  # the central pile now takes a Two


def test_T4_a_king_on_an_open_pile_takes_an_ace_by_default() -> None:
    state = tac([["AS", "KH"], ["AD"]])
    play(state, "turn", "AS>C", "turn")
    assert state.legal_actions() == ["KH>0"]  # fits nowhere: p1's open pile is empty and takes nothing
    play(state, "KH>0", "turn")
    assert state.current_player == 1
    assert state.legal_actions() == ["AD>0"]  # K → A on an open pile (wrap_open_piles)
    play(state, "AD>0")
    assert opened(state, 0) == ["KH", "AD"]


def test_T4_without_wrap_open_piles_a_king_on_an_open_pile_takes_nothing() -> None:
    state = tac([["AS", "KH"], ["AD"]], wrap_open_piles=False)
    play(state, "turn", "AS>C", "turn", "KH>0", "turn")
    assert state.legal_actions() == ["AD>1"]
    with pytest.raises(IllegalAction) as err:
        state.apply("AD>0")
    problem = err.value.problem
    assert problem is not None and problem.kind is Why.PILE_REFUSES
    assert (problem.seat, problem.cards, problem.number) == (0, ("KH",), 0)  # rank 0: an Ace
    assert "the open pile of Ana, K♥ on top, does not take an Ace" in err.value.words(["Ana", "Bo"], "en")
    play(state, "AD>1")
    assert opened(state, 1) == ["AD"] and state.current_player == 0


def test_T5_no_placing_on_open_piles_before_the_first_ace() -> None:
    state = tac([["5S", "AC", "7D"], ["6H", "9S"]])
    play(state, "turn", "5S>0", "turn")
    assert state.zones()["turned"] == ["6H"]
    assert state.legal_actions() == ["6H>1"]  # 5S would take a 6, but no Ace lies in the middle
    with pytest.raises(IllegalAction) as err:
        state.apply("6H>0")
    assert err.value.problem is not None and err.value.problem.kind is Why.NOT_OPENED
    assert "before an Ace lies on the central pile" in err.value.words(["Ana", "Bo"], "en")
    play(state, "6H>1", "turn", "AC>C")
    assert state.observation(1)["opened"] is True
    play(state, "turn")
    assert state.legal_actions() == ["7D>1"]  # from now on open piles take cards
    play(state, "7D>1")
    assert opened(state, 1) == ["6H", "7D"]


def test_T5_with_three_players_open_piles_take_cards_from_the_start() -> None:
    state = tac([["5S"], ["6H"], []], middle="AC")
    play(state, "turn", "5S>0", "turn")
    assert state.legal_actions() == ["6H>0"]


# ---- T6-T9: a turn -----------------------------------------------------------------------------


def _chain_game(**variant: object) -> GameState:
    """Three players, the central pile wanting a 2 throughout the first two rounds; then p0
    opens his third turn with a chain open → closed → open → closed → his own pile."""
    state = tac([["3H", "7S", "2S", "4S", "9D"], ["KD", "6D"], ["9C", "QC"]], middle="AC", **variant)
    play(state, "turn", "3H>0", "turn", "KD>1", "turn", "9C>2")
    play(state, "turn", "7S>0", "turn", "6D>1", "turn", "QC>2")
    return state


def test_T6_the_open_piles_top_comes_first_and_turning_is_illegal_while_it_fits() -> None:
    state = _chain_game()
    assert state.current_player == 0 and phase(state) == "open"
    assert state.legal_actions() == ["7S>1"]
    with pytest.raises(IllegalAction) as err:
        state.apply("turn")
    problem = err.value.problem
    assert problem is not None and problem.kind is Why.OPEN_TOP_FIRST
    assert problem.cards == ("7S",) and problem.text == ""  # with calls enforced, no miss to name
    assert "the top of your open pile, 7♠, fits and must be placed first" in err.value.words(["Ana", "Bo", "Cy"], "en")


def test_T6_T7_T9_a_chain_alternates_open_pile_and_closed_pile() -> None:
    state = _chain_game()
    steps = [
        ("open", ["7S>1"]),  # T6: his open pile's top goes onto p1's 6D
        ("turn", ["turn"]),  # 3H below it fits nothing: T7
        ("turned", ["2S>C"]),
        ("open", ["3H>C"]),  # T9: back to the open pile after a placement
        ("turn", ["turn"]),
        ("turned", ["4S>C"]),
        ("turn", ["turn"]),
        ("turned", ["9D>0"]),  # fits nowhere: onto his own open pile, the turn ends
    ]
    for expected_phase, legal in steps:
        assert state.current_player == 0
        assert (phase(state), state.legal_actions()) == (expected_phase, legal)
        play(state, legal[0])
    assert state.zones()["central"] == ["AC", "2S", "3H", "4S"]
    assert opened(state, 0) == ["9D"]
    assert opened(state, 1) == ["KD", "6D", "7S"]
    assert state.current_player == 1
    events = state.observation(2)["events"][-8:]
    assert [(e["type"], e["card"], e.get("from"), e.get("to")) for e in events] == [
        ("place", "7S", "open", 1),
        ("turn", "2S", None, None),
        ("place", "2S", "closed", "central"),
        ("place", "3H", "open", "central"),
        ("turn", "4S", None, None),
        ("place", "4S", "closed", "central"),
        ("turn", "9D", None, None),
        ("place", "9D", "closed", 0),
    ]


def test_T7_a_turned_card_that_fits_must_be_placed() -> None:
    state = tac([["AS", "2S"], []])
    play(state, "turn")
    assert state.legal_actions() == ["AS>C"]
    with pytest.raises(IllegalAction) as err:
        state.apply("AS>0")
    problem = err.value.problem
    assert problem is not None and problem.kind is Why.FITS_ELSEWHERE and problem.cards == ("AS",)
    assert "A♠ fits elsewhere, so it must be placed" in err.value.words(["Ana", "Bo"], "en")
    play(state, "AS>C")
    assert state.current_player == 0 and state.legal_actions() == ["turn"]  # the turn goes on


def test_T7_a_card_that_fits_nowhere_goes_on_his_own_open_pile_and_ends_his_turn() -> None:
    state = tac([["9S", "AS"], ["8H"]])
    play(state, "turn")
    assert state.legal_actions() == ["9S>0"]
    play(state, "9S>0")
    assert opened(state, 0) == ["9S"] and closed(state, 0)[0] == "AS"
    assert state.current_player == 1 and state.legal_actions() == ["turn"]


def test_T8_an_empty_closed_pile_is_the_open_pile_turned_over_bottom_card_on_top() -> None:
    # Four players, no Ace in anyone's first 12 cards: twelve rounds of turning and keeping.
    p0 = ["2S", "9C", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "5H", "AS"]
    state = tac([p0, [], [], []], bottoms=[[], ["AH"], ["AD"], ["AC"]])
    played = play_forced(state, lambda s: s.current_player == 0 and not closed(s, 0) and phase(s) == "turn")
    assert played == 12 * 4 * 2 + 2  # ... then AS to the middle, and 5H fits nowhere
    assert state.zones()["central"] == ["AS"]
    assert opened(state, 0) == p0[:12]
    play(state, "turn")
    assert state.zones()["turned"] == ["2S"]  # the bottom card of the open pile
    assert opened(state, 0) == []
    assert closed(state, 0) == p0[1:12]  # unshuffled
    assert state.observation(3)["closed"][0] == p0[1:12]  # seen cards: everybody knows this order
    assert state.observation(3)["events"][-2:] == [
        {"type": "turnover", "player": 0, "count": 12},
        {"type": "turn", "player": 0, "card": "2S"},
    ]
    play(state, "2S>C", "turn")
    assert state.legal_actions() == ["9C>0"]


def test_T9_where_a_card_fits_twice_the_player_chooses() -> None:
    state = tac([["AS"], ["2H"], []], middle="AC")
    play(state, "turn", "AS>0", "turn")
    assert state.legal_actions() == ["2H>C", "2H>0"]  # central pile first, then open piles by seat
    play(state, "2H>0")
    assert opened(state, 0) == ["AS", "2H"] and state.zones()["central"] == ["AC"]


def test_T9_central_first_option_forces_the_central_pile() -> None:
    state = tac([["AS"], ["2H"], []], middle="AC", central_first=True)
    play(state, "turn", "AS>0", "turn")
    assert state.legal_actions() == ["2H>C"]
    with pytest.raises(IllegalAction) as err:
        state.apply("2H>0")
    assert err.value.problem is not None and err.value.problem.kind is Why.CENTRAL_FIRST
    assert "fits the central pile must go there" in err.value.words(["Ana", "Bo", "Cy"], "en")
    play(state, "2H>C")
    assert state.zones()["central"] == ["AC", "2H"]


# ---- T10: the end ------------------------------------------------------------------------------


def test_T10_the_first_player_without_cards_wins_at_once() -> None:
    state = tac([SPADES, [], [], []])
    for card in SPADES:
        play(state, "turn", f"{card}>C")
    assert state.is_over and state.current_player is None and state.legal_actions() == []
    assert state.returns() == [1.0, 0.0, 0.0, 0.0]
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "out"
    assert state.observation(2)["places"] == [1, None, None, None]
    assert state.observation(2)["events"][-2:] == [
        {"type": "out", "player": 0, "place": 1},
        {"type": "end", "reason": "out", "returns": [1.0, 0.0, 0.0, 0.0]},
    ]
    assert state.record()["result"]["returns"] == [1.0, 0.0, 0.0, 0.0]


def test_T10_ranking_plays_on_and_spreads_returns_by_finishing_order() -> None:
    state = tac([SPADES, HEARTS, DIAMONDS, []], finish="ranking")
    for card in SPADES:
        play(state, "turn", f"{card}>C")
    assert not state.is_over
    assert state.current_player == 1  # player 0 is out and is skipped from now on
    assert state.observation(1)["places"] == [1, None, None, None]
    for card in HEARTS:
        play(state, "turn", f"{card}>C")
    assert state.current_player == 2
    for card in DIAMONDS:
        play(state, "turn", f"{card}>C")
    assert state.is_over
    assert state.returns() == pytest.approx([1.0, 2 / 3, 1 / 3, 0.0])
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "ranking"
    assert state.observation(0)["places"] == [1, 2, 3, 4]


def _strip_to_last_card(state: GameState, player: int) -> None:
    """White-box: leave ``player`` one closed card and an empty open pile (the rest goes under
    the central pile, where only the top card matters). No deal reaches this quickly, since a
    player's open pile is empty only before his first turn."""
    raw = cast(Any, state)
    raw.central[:0] = raw.closed[player][1:] + raw.opens[player]
    raw.known[player][1:] = []
    raw.closed[player][1:] = []
    raw.opens[player].clear()
    raw._legal = None


def _miss_in_three(**variant: object) -> GameState:
    """Three players, calls open: after one round player 0's 5S fits the central pile and he
    turns his next card instead (a miss). Bottoms: p0 ``TS``, p1 ``QS``, p2 ``JS``."""
    tops = [["5S", "7C"], ["2D", "3C", "4C", "9H"], ["KD"]]
    state = tac(tops, bottoms=[["TS"], ["QS"], ["JS"]], middle="AH", calls="open", **variant)
    play(state, "turn", "5S>0")
    play(state, "turn", "2D>C", "turn", "3C>C", "turn", "4C>C", "turn", "9H>1")
    play(state, "turn", "KD>2")
    assert state.current_player == 0 and state.legal_actions() == ["5S>C", "turn?"]
    return play(state, "turn?")


def test_T10_reaching_zero_by_giving_wins_and_two_at_once_share() -> None:
    state = _miss_in_three()
    for player in (1, 2):
        _strip_to_last_card(state, player)
    play(state, "call")
    assert state.is_over
    assert state.returns() == [0.0, 0.5, 0.5]
    assert all_cards(state) == Counter(ONE_DECK)
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "out"
    assert closed(state, 0)[-2:] == ["QS", "JS"]


def test_T10_ranking_players_out_by_the_same_action_share_their_places() -> None:
    state = _miss_in_three(finish="ranking")
    for player in (1, 2):
        _strip_to_last_card(state, player)
    play(state, "call")
    assert state.is_over  # only the offender is left
    assert state.returns() == [0.0, 0.75, 0.75]  # places 1 and 2 shared: (1 + 0.5) / 2
    assert state.observation(0)["places"] == [3, 1, 1]


# ---- T11-T12: the call ----------------------------------------------------------------------


def test_T11_a_turn_miss_called_ends_his_turn_and_each_gives_his_bottom_card() -> None:
    state = _miss_in_three()
    assert state.zones()["turned"] == ["7C"]
    view = state.observation(2)
    assert view["events"][-2:] == [
        {"type": "turn", "player": 0, "card": "7C"},
        {"type": "miss", "player": 0, "card": "5S", "kind": "turn"},
    ]
    assert view["miss"] == {"player": 0, "card": "5S", "kind": "turn"}
    before = {p: closed(state, p) for p in range(3)}
    assert [before[p][-1] for p in range(3)] == ["TS", "QS", "JS"]
    # Asked in seat order from the offender's left: p1 passes (final), then p2 calls.
    assert state.current_player == 1 and state.legal_actions() == ["call", "pass"]
    play(state, "pass")
    assert state.current_player == 2 and state.legal_actions() == ["call", "pass"]
    play(state, "call")
    assert opened(state, 0) == ["5S", "7C"]  # the card he had turned goes on his open pile
    assert state.zones()["turned"] == []
    assert closed(state, 0) == [*before[0], "QS", "JS"]  # each under his pile, below the one before
    assert closed(state, 1) == before[1][:-1]
    assert closed(state, 2) == before[2][:-1]
    assert state.current_player == 1 and state.legal_actions() == ["turn"]  # the player after him
    assert [e["type"] for e in state.observation(1)["events"][-5:]] == ["pass", "call", "place", "give", "give"]
    gives = state.observation(1)["events"][-2:]
    assert gives == [  # dealt cards nobody has seen: given face down
        {"type": "give", "player": 1, "to": 0, "count": 1, "card": None},
        {"type": "give", "player": 2, "to": 0, "count": 1, "card": None},
    ]
    assert state.observation(0)["closed"][0][-2:] == [None, None]


def test_T11_when_everyone_passes_play_goes_on_as_if_nothing_happened() -> None:
    state = _miss_in_three()
    before = state.zones()
    play(state, "pass", "pass")
    assert state.current_player == 0 and phase(state) == "turned"
    assert state.legal_actions() == ["7C>0"]  # 7C fits nowhere
    after = state.zones()
    assert after == before
    play(state, "7C>0")
    assert state.current_player == 1
    assert opened(state, 0) == ["5S", "7C"]


def test_T11_keeping_a_card_that_fits_is_a_miss_and_the_call_gives_him_the_bottom_card() -> None:
    state = tac([["AS", "9H"], ["4D"]], bottoms=[["8C"], ["QD"]], calls="open")
    play(state, "turn")
    assert state.legal_actions() == ["AS>C", "AS>0?"]
    play(state, "AS>0?")
    assert state.observation(1)["events"][-2:] == [
        {"type": "place", "player": 0, "card": "AS", "from": "closed", "to": 0},
        {"type": "miss", "player": 0, "card": "AS", "kind": "keep"},
    ]
    assert state.current_player == 1 and state.legal_actions() == ["call", "pass"]
    play(state, "call")
    assert opened(state, 0) == ["AS"]
    assert closed(state, 0)[0] == "9H" and closed(state, 0)[-2:] == ["8C", "QD"]
    assert len(closed(state, 0)) == 26 and len(closed(state, 1)) == 25
    assert closed(state, 1)[-1] != "QD"
    assert state.current_player == 1 and state.legal_actions() == ["turn"]


def test_T11_a_player_with_an_empty_closed_pile_gives_nothing() -> None:
    # p0 runs A-Q of spades into the middle, his last card 5H fits nowhere: closed pile empty.
    p0 = [*SPADES[:12], "5H"]
    state = tac([p0, ["KH"], [], []], bottoms=[[], [], ["JD"], ["JC"]], calls="open")
    for card in SPADES[:12]:
        play(state, "turn", f"{card}>C")
    play(state, "turn", "5H>0")
    assert closed(state, 0) == [] and opened(state, 0) == ["5H"]
    play(state, "turn")
    assert state.legal_actions() == ["KH>C", "KH>1?"]
    play(state, "KH>1?")
    asked = []
    while state.legal_actions() == ["call", "pass"] and state.current_player != 0:
        asked.append(state.current_player)
        play(state, "pass")
    assert asked == [2, 3] and state.current_player == 0
    keep = closed(state, 1)
    play(state, "call")
    assert closed(state, 1) == [*keep, "JD", "JC"]
    assert state.observation(1)["events"][-3:] == [
        {"type": "give", "player": 2, "to": 1, "count": 1, "card": None},
        {"type": "give", "player": 3, "to": 1, "count": 1, "card": None},
        {"type": "give", "player": 0, "to": 1, "count": 0, "card": None},
    ]
    assert opened(state, 0) == ["5H"] and not state.is_over  # his open pile stays: he is not out
    assert state.current_player == 2


def test_T11_a_card_given_from_a_seen_pile_is_known_to_all() -> None:
    # As in the T8 test: p0's closed pile is his old open pile, so its bottom card is known.
    p0 = ["2S", "9C", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "5H", "AS"]
    state = tac([p0, [], [], []], bottoms=[[], ["3D", "AH"], ["AD"], ["AC"]], calls="open")
    play_forced(state, lambda s: s.current_player == 0 and not closed(s, 0) and phase(s) == "turn")
    play(state, "turn", "2S>C", "turn", "9C>0")  # p0's closed pile: 3S … JS 5H, all seen
    # p1's open pile top (3D, his 12th card) fits the central pile: he turns instead, p0 calls it.
    assert state.current_player == 1 and state.legal_actions() == ["3D>C", "3D>3", "turn?"]  # p3 shows a 2
    play(state, "turn?", "pass", "pass")
    assert state.current_player == 0
    play(state, "call")
    give = [e for e in state.observation(2)["events"] if e["type"] == "give"]
    assert give[-1] == {"type": "give", "player": 0, "to": 1, "count": 1, "card": "5H"}
    assert closed(state, 1)[-1] == "5H"
    assert state.observation(2)["closed"][1][-1] == "5H"


def test_T11_a_call_outside_its_window_is_rejected() -> None:
    state = tac([["AS", "9H"], ["4D"]], calls="open")
    for action in ("call", "pass"):
        with pytest.raises(IllegalAction) as err:
            state.apply(action)
        assert err.value.problem is not None and err.value.problem.kind is Why.NOT_ASKED
        assert "only for the players asked right after a miss" in err.value.words(["Ana", "Bo"], "en")
    play(state, "turn", "AS>C", "turn", "9H>0")  # correct play: no window opens
    assert state.current_player == 1 and state.legal_actions() == ["turn"]
    with pytest.raises(IllegalAction) as err:
        state.apply("call")
    assert err.value.problem is not None and err.value.problem.kind is Why.NOT_ASKED
    play(state, "turn", "4D>1")
    before = json.dumps([state.zones(), state.observation(0), state.record()])
    for action in ("call", "pass", "call?"):
        with pytest.raises(IllegalAction):
            state.apply(action)
    assert json.dumps([state.zones(), state.observation(0), state.record()]) == before


def test_T11_a_pass_closes_the_window_for_that_player() -> None:
    state = _miss_in_three()
    play(state, "pass")
    assert state.current_player == 2
    play(state, "pass")
    assert state.current_player == 0  # the window is closed: p1 cannot come back to call
    with pytest.raises(IllegalAction) as err:
        state.apply("call")
    assert err.value.problem is not None and err.value.problem.kind is Why.NOT_ASKED
    assert "right after a miss" in err.value.words(["Ana", "Bo", "Cy"], "en")


def test_T12_enforced_calls_offer_no_misses_and_reject_the_call() -> None:
    state = tac([["AS", "9H"], ["4D"]])
    with pytest.raises(IllegalAction) as err:
        state.apply("call")
    assert err.value.problem is not None and err.value.problem.kind is Why.NO_CALLS
    assert "played without calls" in err.value.words(["Ana", "Bo"], "en")
    play(state, "turn")
    assert state.legal_actions() == ["AS>C"]
    with pytest.raises(IllegalAction) as err:
        state.apply("AS>0?")
    assert err.value.problem is not None and err.value.problem.kind is Why.NO_MISSES
    assert "there are no misses" in err.value.words(["Ana", "Bo"], "en")
    chooser = random.Random(4)
    game = kartaros.new_game("tac", players=4, seed=4)
    while not game.is_over:
        legal = game.legal_actions()
        assert not any(a.endswith("?") or a in ("call", "pass") for a in legal)
        game.apply(chooser.choice(legal))


def test_T12_open_calls_mark_misses_and_the_record_shows_them() -> None:
    state = _miss_in_three()
    play(state, "pass", "call")
    record = state.record()
    assert record["variant"]["calls"] == "open"
    assert record["actions"][-3:] == ["turn?", "pass", "call"]
    assert kartaros.replay(json.loads(json.dumps(record))).zones() == state.zones()
    # A miss is only offered where a card fits: turning with nothing to place is no miss.
    assert state.legal_actions() == ["turn"]
    with pytest.raises(IllegalAction) as err:
        state.apply("turn?")
    problem = err.value.problem
    assert problem is not None and problem.kind is Why.TURN_NO_MISS and problem.text == "turn"
    assert "no miss: write turn" in err.value.words(["Ana", "Bo", "Cy"], "en")


# ---- T13: the move bound ----------------------------------------------------------------------


def test_T13_max_moves_ends_the_game_and_the_fewest_cards_win() -> None:
    state = tac([["AS", "2S"], []], max_moves=3)
    play(state, "turn", "AS>C", "turn")
    assert state.is_over
    assert state.returns() == [1.0, 0.0]  # 25 cards (24 closed + 2S in his hand) against 26
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "max_moves"
    assert state.record()["result"]["reason"] == "max_moves"


def test_T13_a_tie_on_cards_shares_and_calls_count_as_moves() -> None:
    state = tac([["5S"], []], max_moves=2)
    play(state, "turn", "5S>0")
    assert state.returns() == [0.5, 0.5]
    state = _miss_in_three(max_moves=14)  # 13 moves up to the miss, the pass is the 14th
    play(state, "pass")
    assert state.is_over
    # p0: 15 closed, 5S open, 7C in hand = 17; p1: 13 closed + 9H = 14; p2: 16 closed + KD = 17.
    assert state.returns() == [0.0, 1.0, 0.0]


def test_T13_ranking_ranks_the_players_left_by_their_cards() -> None:
    state = tac([SPADES, [], [], []], finish="ranking", max_moves=28)
    for card in SPADES:
        play(state, "turn", f"{card}>C")
    play(state, "turn", "KC>1")
    assert state.is_over
    assert state.returns() == pytest.approx([1.0, 1 / 3, 1 / 3, 1 / 3])  # 13 cards each: places 2-4 shared


@pytest.mark.parametrize(
    ("variant", "message"),
    [
        ({"calls": "sometimes"}, "must be one of"),
        ({"wrap_open_piles": 1}, "must be one of"),
        ({"finish": "last"}, "must be one of"),
        ({"central_first": "yes"}, "must be one of"),
        ({"max_moves": 0}, "whole number"),
        ({"max_actions": 10}, "no variant option 'max_actions'"),
    ],
)
def test_T13_variant_keys_and_values_are_checked(variant: dict[str, object], message: str) -> None:
    with pytest.raises(VariantError, match=message):
        kartaros.new_game("tac", variant=variant)
