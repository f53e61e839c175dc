"""The game-independent core: cards, the seeded generator, new_game, records and replay."""

from __future__ import annotations

import json
import math
import random

import pytest

import kartaros
from kartaros import IllegalAction, RecordError
from kartaros.cards import CODE, RANK, SUIT, card_id, parse_deck, pretty, standard_deck
from kartaros.rng import Rng, mix


def test_card_codes_round_trip_and_tables() -> None:
    assert [CODE[c] for c in range(4)] == ["AS", "AH", "AD", "AC"]
    assert CODE[52] == "RJ" and CODE[53] == "BJ"
    for card in standard_deck(jokers=True):
        assert card_id(CODE[card]) == card
    assert RANK[card_id("TH")] == 9 and SUIT[card_id("TH")] == 1
    assert pretty(card_id("TH")) == "10♥"
    with pytest.raises(ValueError, match="not a card code"):
        card_id("1H")


def test_two_decks_give_each_code_twice() -> None:
    deck = standard_deck(decks=2)
    codes = [CODE[c] for c in deck]
    ids = parse_deck(codes[::-1], deck)
    assert sorted(ids) == sorted(deck)
    assert codes.count("7H") == 2


def test_parse_deck_names_what_is_wrong() -> None:
    deck = standard_deck(jokers=True)
    codes = [CODE[c] for c in deck]
    with pytest.raises(ValueError, match="missing BJ"):
        parse_deck(codes[:-1], deck)
    with pytest.raises(ValueError, match="too many times"):
        parse_deck([*codes, "AS", "AS"], deck)
    with pytest.raises(ValueError, match="list of card codes"):
        parse_deck("AS 2S", deck)


def test_rng_is_fixed_across_versions_and_clones() -> None:
    rng = Rng(42)
    assert [rng.below(1000) for _ in range(5)] == [rng2 for rng2 in _first_five(42)]
    a = Rng(mix(7, 1))
    b = a.clone()
    items_a, items_b = list(range(20)), list(range(20))
    a.shuffle(items_a)
    b.shuffle(items_b)
    assert items_a == items_b != list(range(20))


def test_rng_shuffle_is_fisher_yates_on_below() -> None:
    """The shuffle computes its draws all at once; they are the draws ``below`` makes one by
    one, for every length a game shuffles (a deck, two decks, a discard pile) and any state."""
    chooser = random.Random(3)
    for n in [*range(0, 12), 30, 52, 104, 106, 255, 256, 257, 300]:  # (a place is one byte up to 256)
        for _ in range(20):
            seed = chooser.getrandbits(64)
            fast, slow = Rng(seed), Rng(seed)
            items, expected = list(range(n)), list(range(n))
            fast.shuffle(items)
            for i in range(n - 1, 0, -1):
                j = slow.below(i + 1)
                expected[i], expected[j] = expected[j], expected[i]
            assert items == expected
            assert fast.state == slow.state


def test_rng_quick_shuffle_reads_one_number_of_next64_draws() -> None:
    """The worlds' shuffle: ``next64`` draws (inlined, or from three on computed at once in
    lanes) make one big number, read in the mixed radix n, n - 1, …, 2, and the state moves on
    by as many draws at any length."""
    chooser = random.Random(4)
    for n in [*range(0, 12), 30, 49, 52, 104, 106]:
        for _ in range(20):
            seed = chooser.getrandbits(64)
            fast, slow = Rng(seed), Rng(seed)
            items, expected = list(range(n)), list(range(n))
            fast.quick_shuffle(items)
            draws = (math.factorial(n).bit_length() + 113) // 64
            r = 0
            for _ in range(draws):
                r = r << 64 | slow.next64()
            for i in range(n - 1, 0, -1):
                r, j = divmod(r, i + 1)
                expected[i], expected[j] = expected[j], expected[i]
            assert items == expected
            assert fast.state == slow.state


def _first_five(seed: int) -> list[int]:
    # SplitMix64 reference values, computed independently of Rng.below's code path.
    mask = (1 << 64) - 1
    state, out = seed, []
    for _ in range(5):
        state = (state + 0x9E3779B97F4A7C15) & mask
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        z ^= z >> 31
        out.append((z * 1000) >> 64)
    return out


def test_games_lists_only_implemented_games_in_their_order() -> None:
    assert "kec" in kartaros.GAMES
    order = ["kec", "nesalomljiv", "tac", "puck"]
    assert list(kartaros.GAMES) == [g for g in order if g in kartaros.GAMES]
    for name, info in kartaros.GAMES.items():
        assert info.name == name
        assert kartaros.new_game(name).game == name
    info = kartaros.GAMES["kec"]
    assert (info.min_players, info.max_players) == (2, 2)
    assert {o.name for o in info.options} == {"exhausted", "pairs_to", "thrown_card", "max_actions"}


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"name": "chess"}, "unknown game 'chess'"),
        ({"name": "kec", "players": 1}, "2 players"),
        ({"name": "kec", "seed": "7"}, "seed must be an int"),
        ({"name": "kec", "deck": ["AS"] * 54}, "too many times"),
    ],
)
def test_new_game_rejects_bad_arguments(kwargs: dict[str, object], message: str) -> None:
    name = kwargs.pop("name")
    with pytest.raises(ValueError, match=message):
        kartaros.new_game(name, **kwargs)  # type: ignore[arg-type]


def test_same_seed_same_game_and_no_seed_is_still_recorded() -> None:
    a, b = kartaros.new_game("kec", seed=99), kartaros.new_game("kec", seed=99)
    assert a.zones() == b.zones()
    c = kartaros.new_game("kec")
    assert isinstance(c.record()["seed"], int)
    assert kartaros.replay(c.record()).zones() == c.zones()


def test_clone_is_independent() -> None:
    state = kartaros.new_game("kec", seed=4)
    copy = state.clone()
    copy.apply("draw")
    assert state.actions == [] and copy.actions == ["draw"]
    assert state.zones() != copy.zones()
    state.apply("draw")
    assert state.zones() == copy.zones()


def test_replay_rejects_broken_records() -> None:
    record = kartaros.new_game("kec", seed=1).record()
    with pytest.raises(RecordError, match="not a kartaros record"):
        kartaros.replay({"format": "chess-pgn"})
    with pytest.raises(RecordError, match="no 'actions'"):
        kartaros.replay({k: v for k, v in record.items() if k != "actions"})
    with pytest.raises(RecordError, match="cannot be replayed"):
        kartaros.replay({**record, "actions": ["take"]})
    finished = kartaros.new_game("kec", seed=1, variant={"max_actions": 3})
    for _ in range(3):
        finished.apply(finished.legal_actions()[0])
    lie = finished.record()
    lie["result"] = {**lie["result"], "returns": [1.0, 0.0]}
    with pytest.raises(RecordError, match="claims returns"):
        kartaros.replay(lie)


def test_observation_and_record_are_json() -> None:
    state = kartaros.new_game("kec", seed=8)
    for _ in range(40):
        state.apply(state.legal_actions()[-1])
    for player in (0, 1):
        assert json.loads(json.dumps(state.observation(player))) == state.observation(player)
    assert json.loads(json.dumps(state.record())) == state.record()
    with pytest.raises(ValueError, match="seat number"):
        state.observation(2)


def test_apply_after_the_end_says_the_game_is_over() -> None:
    state = kartaros.new_game("kec", seed=8, variant={"max_actions": 1})
    state.apply("draw")
    with pytest.raises(IllegalAction) as err:
        state.apply("draw")
    assert str(err.value) == "'draw': The game is over: no move is legal any more."
    assert err.value.problem is None
    assert err.value.words(["Ana", "Bo"], "en") == "The game is over: no move is legal any more."


def test_replay_applies_every_determinize_mark_in_order() -> None:
    state = kartaros.new_game("kec", seed=12)
    for _ in range(30):
        state.apply(state.legal_actions()[0])
    world = state.determinize(0, 5).determinize(1, 6)
    again = kartaros.replay(json.loads(json.dumps(world.record())))
    assert again.zones() == world.zones()
    bad = {**world.record(), "determinized": [{"at": 999, "player": 0, "seed": 1}]}
    with pytest.raises(RecordError, match="outside"):
        kartaros.replay(bad)


def test_replay_wraps_start_errors_as_record_errors() -> None:
    record = kartaros.new_game("kec", seed=1).record()
    with pytest.raises(RecordError, match="no 'seed'"):
        kartaros.replay({k: v for k, v in record.items() if k != "seed"})
    with pytest.raises(RecordError, match="cannot start"):
        kartaros.replay({**record, "variant": {"nope": 1}})
    with pytest.raises(RecordError, match="'result' must be"):
        kartaros.replay({**record, "result": "won"})


def test_variant_is_read_only_and_draws_have_no_winners() -> None:
    state = kartaros.new_game("kec", seed=1, variant={"max_actions": 1})
    with pytest.raises(TypeError):
        state.variant["max_actions"] = 5  # type: ignore[index]
    state.apply("draw")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == []


def test_observation_since_gives_the_tail_of_the_history() -> None:
    state = kartaros.new_game("kec", seed=21)
    for _ in range(25):
        state.apply(state.legal_actions()[0])
    full = state.observation(1)
    tail = state.observation(1, since=10)
    assert tail["event_count"] == full["event_count"] == len(full["events"])
    assert tail["events"] == full["events"][10:]
    assert {k: v for k, v in tail.items() if k != "events"} == {k: v for k, v in full.items() if k != "events"}


def test_replay_steps_yield_each_state_before_its_action() -> None:
    state = kartaros.new_game("kec", seed=22)
    for _ in range(40):
        state.apply(state.legal_actions()[-1])
    record = state.record()
    steps = kartaros.Replay(record)
    seen = [(index, action, s.current_player) for index, action, s in steps]
    assert [a for _, a, _ in seen] == record["actions"]
    assert [i for i, _, _ in seen] == list(range(40))
    assert steps.final.zones() == state.zones()
