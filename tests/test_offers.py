"""What a person may try (``GameInfo.offers``) and the move a try is (``GameInfo.as_played``).

In Tač with open calls (T7, T11, T12) the card to play may be tried on every pile in play, as at
a real table where nobody says where a card fits: a pile it fits takes it, one's own pile keeps
it (a miss where it fits elsewhere), a pile it does not fit refuses it with the rules' words
and nothing changes. Everywhere else a try is a legal action."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kartaros
from kartaros import IllegalAction
from kartaros.games.tac.rules import Why
from kartaros.state import GameState
from tests.tac_helpers import play, tac
from tests.test_tac_properties import random_game, snapshot

TAC = kartaros.GAMES["tac"]
NAMES = ["Ana", "Bo", "Cy", "Dara", "Eva", "Filip", "Goran", "Hana"]
seeds = st.integers(min_value=0, max_value=2**63 - 1)


def refusal(state: GameState, try_: str, lang: str = "en") -> tuple[IllegalAction, str]:
    """The rules' refusal of a try that does not go, and its words; the state is unchanged."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as err:
        state.apply(try_)
    assert snapshot(state) == before
    return err.value, err.value.words(NAMES[: state.num_players], lang)


def test_T7_T12_a_turned_card_that_fits_nowhere_is_offered_on_every_pile_and_refused_where_it_does_not_go() -> None:
    state = tac([["5S"], ["KD"]], calls="open")
    play(state, "turn")
    assert state.legal_actions() == ["5S>0"]
    assert TAC.offers(state) == ["5S>C", "5S>1", "5S>0"]
    assert TAC.as_played("5S>0", state.legal_actions()) == "5S>0"
    for try_ in ("5S>C", "5S>1"):
        assert TAC.as_played(try_, state.legal_actions()) is None
    err, words = refusal(state, "5S>C")
    assert err.problem is not None and err.problem.kind is Why.CENTRAL_WANTS
    assert "the central pile takes an Ace now" in words
    err, words = refusal(state, "5S>1", "sr")
    assert err.problem is not None and err.problem.kind is Why.NOT_OPENED
    assert "nijedna karta ne ide na tuđu odbačenu gomilu" in words


def test_T7_T11_a_turned_card_that_fits_is_offered_the_same_and_keeping_it_is_the_miss() -> None:
    state = tac([["AS"], ["KD"]], calls="open")
    play(state, "turn")
    assert sorted(state.legal_actions()) == ["AS>0?", "AS>C"]
    assert TAC.offers(state) == ["AS>C", "AS>1", "AS>0"]  # the same piles as for a card that fits nowhere
    assert TAC.as_played("AS>C", state.legal_actions()) == "AS>C"
    assert TAC.as_played("AS>0", state.legal_actions()) == "AS>0?"  # T11: kept while it fits: a miss
    assert TAC.as_played("AS>1", state.legal_actions()) is None


def test_T6_T11_the_open_piles_top_is_offered_whether_it_fits_or_not_and_turning_is_the_miss_where_it_fits() -> None:
    # Ana keeps 2♣ (nothing open yet); Bo starts the central pile with A♥ and keeps K♦.
    fits = play(tac([["2C", "9H"], ["AH", "KD"]], calls="open"), "turn", "2C>0", "turn", "AH>C", "turn", "KD>1")
    assert sorted(fits.legal_actions()) == ["2C>C", "turn?"]  # 2♣ fits the central pile (T6)
    assert TAC.offers(fits) == ["2C>C", "2C>1", "turn"]
    assert TAC.as_played("turn", fits.legal_actions()) == "turn?"
    assert TAC.as_played("2C>1", fits.legal_actions()) is None
    err, words = refusal(fits, "2C>1")
    assert err.problem is not None and err.problem.kind is Why.PILE_REFUSES
    assert "the open pile of Bo, K♦ on top, does not take a Two" in words

    # The same, but Ana's open pile shows 5♠, which fits nowhere: offered alike, refused alike.
    fits_not = play(tac([["5S", "9H"], ["AH", "KD"]], calls="open"), "turn", "5S>0", "turn", "AH>C", "turn", "KD>1")
    assert fits_not.legal_actions() == ["turn"]
    assert TAC.offers(fits_not) == ["5S>C", "5S>1", "turn"]
    err, words = refusal(fits_not, "5S>C")
    assert err.problem is not None and err.problem.kind is Why.CENTRAL_WANTS
    assert "the central pile takes a Two now" in words
    err, _ = refusal(fits_not, "5S>1")
    assert err.problem is not None and err.problem.kind is Why.PILE_REFUSES


def test_T12_with_calls_enforced_the_offers_are_the_legal_actions() -> None:
    state = tac([["5S", "9H"], ["AH", "KD"]])
    assert TAC.offers(state) == state.legal_actions() == ["turn"]
    play(state, "turn")
    assert TAC.offers(state) == state.legal_actions() == ["5S>0"]
    assert TAC.as_played("turn", ["5S>0"]) is None


@pytest.mark.parametrize("game", [g for g in kartaros.GAMES if g != "tac"])
def test_elsewhere_a_try_is_the_legal_action_it_names(game: str) -> None:
    info = kartaros.GAMES[game]
    state = kartaros.new_game(game, seed=3)
    chooser = random.Random(3)
    for _ in range(60):
        if state.is_over:
            break
        legal = state.legal_actions()
        assert info.offers(state) == legal
        assert all(info.as_played(a, legal) == a for a in legal)
        assert info.as_played("no such move", legal) is None
        state.apply(chooser.choice(legal))
    if state.is_over:
        assert info.offers(state) == []


def expected_offers(state: GameState) -> list[str]:
    """The tries of Tač's open-call mode, told from the observation alone and never from whether
    the card fits: the card to play onto the central pile, each other open pile in play, and
    one's own open pile (a turned card) or the closed pile (``turn``)."""
    me = state.current_player
    assert me is not None
    view = state.observation(me)
    card = view["turned"] or (view["open_piles"][me][-1] if view["open_piles"][me] else None)
    if card is None:
        return ["turn"]
    others = [f"{card}>{q}" for q in range(view["num_players"]) if q != me and view["places"][q] is None]
    return [f"{card}>C", *others, f"{card}>{me}" if view["turned"] else "turn"]


@pytest.mark.parametrize("players", [2, 3, 5])
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, extra=st.sampled_from([{}, {"central_first": True}, {"finish": "ranking", "max_moves": 4000}]))
def test_T11_T12_the_piles_offered_never_tell_whether_the_card_fits(
    players: int, seed: int, extra: dict[str, object],
) -> None:
    """Over random open-call games: the offers are the same function of what every player sees
    whether the card fits or not; every legal action is some offer as played; an offer that is
    no legal action is refused by the rules, with a reason, and changes nothing."""
    seen: set[bool] = set()

    def check(state: GameState) -> None:
        view = state.observation(state.current_player or 0)
        if view["phase"] not in ("open", "turn", "turned"):
            assert TAC.offers(state) == state.legal_actions()
            return
        legal = state.legal_actions()
        offers = TAC.offers(state)
        assert offers == expected_offers(state)
        seen.add(any(a.endswith("?") for a in legal))  # a card that fits (a miss is offered) or not
        played = {try_: TAC.as_played(try_, legal) for try_ in offers}
        assert set(legal) <= set(played.values())
        for try_, action in played.items():
            if action is None:
                err, words = refusal(state, try_)
                assert err.problem is not None and words
            else:  # the move it is goes where the try went
                assert action.rstrip("?") == try_

    random_game(players, "open", seed, extra, every=1, check=check)
    assert seen == {True, False}  # both were met: cards that fit and cards that did not


@pytest.mark.parametrize("game", ["tac"])
def test_why_not_is_the_same_in_every_world_the_mover_cannot_tell_apart(game: str) -> None:
    """The server tells why a try does not go from determinized worlds (``TableService.explain``):
    for Tač's tries that do not go (they touch only what the mover sees) the worlds agree with
    each other and with the real state, so the guard costs the player nothing there."""
    from kartaros.server.tables import EXPLAIN_WORLDS, _refusal

    info = kartaros.GAMES[game]
    state = kartaros.new_game(game, seed=4, variant=dict(info.people_variant))
    chooser = random.Random(4)
    names = NAMES[: state.num_players]
    for _ in range(40):
        if state.is_over:
            break
        me = state.current_player
        assert me is not None
        legal = state.legal_actions()
        for try_ in [t for t in info.offers(state) if info.as_played(t, legal) is None][:3]:
            told = {_refusal(state.determinize(me, seed), try_, names, "en") for seed in EXPLAIN_WORLDS}
            assert told == {_refusal(state.clone(), try_, names, "en")}
        state.apply(chooser.choice(legal))
