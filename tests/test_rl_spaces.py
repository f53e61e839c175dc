"""Fixed action spaces and observation tensors (kartaros.rl, docs/rl.md)."""

from __future__ import annotations

import random

import pytest

import kartaros
from kartaros import rl
from kartaros.rl.tensors import RANK_OF
from kartaros.state import NO_EVENTS

# Every game at its fewest players, a few counts in between, its most; variants that add actions.
CONFIGS = [
    ("kec", 2, {}),
    ("nesalomljiv", 2, {}),
    ("nesalomljiv", 2, {"match_hand": "blind", "weapons_first": True}),
    ("tac", 2, {}),
    ("tac", 3, {"calls": "open"}),
    ("tac", 4, {"calls": "open", "central_first": True}),
    ("tac", 8, {"calls": "open"}),
    ("puck", 2, {}),
    ("puck", 3, {}),
    ("puck", 4, {"end": "last-standing"}),
]
SIZES = {("kec", 2): 28, ("nesalomljiv", 2): 106, ("puck", 2): 10, ("puck", 3): 22, ("puck", 4): 40}
SIZES.update({("tac", n): n + 6 for n in range(2, 9)})
TENSORS = {"kec": 132, "nesalomljiv": 138}


def positions(game: str, players: int, variant: dict, games: int = 4, limit: int = 300):
    """States met in a few random games (each capped at ``limit`` actions)."""
    chooser = random.Random(7)
    for seed in range(games):
        state = kartaros.new_game(game, players=players, seed=seed, variant=variant)
        for _ in range(limit):
            if state.is_over:
                break
            yield state
            state.apply(chooser.choice(state.legal_actions()))
        yield state


def test_sizes_per_game_and_player_count() -> None:
    for (game, players), size in SIZES.items():
        space = rl.action_space(game, players)
        assert space.size == size == len(space.names) == len(set(space.names))
    assert rl.action_space("kec").size == 28  # default players


def test_unknown_game() -> None:
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        rl.action_space("chess")
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        rl.encoder("chess")


@pytest.mark.parametrize(("game", "players", "variant"), CONFIGS)
def test_round_trip_for_every_action_seen(game: str, players: int, variant: dict) -> None:
    space = rl.action_space(game, players)
    exact = game in ("tac", "puck")  # an id names exactly one legal string
    seen = set()
    for state in positions(game, players, variant, games=10, limit=400):
        legal = state.legal_actions()
        ids = [space.action_id(state, action) for action in legal]
        assert state.legal_action_ids() == sorted(set(ids))
        mask = state.legal_action_mask()
        assert len(mask) == space.size and [i for i, m in enumerate(mask) if m] == sorted(set(ids))
        for action, action_id in zip(legal, ids, strict=True):
            assert 0 <= action_id < space.size
            back = space.action(state, action_id)
            assert back == legal[ids.index(action_id)]  # the first legal string with that id
            assert space.action_id(state, back) == action_id
            if exact:
                assert back == action
            seen.add(action_id)
        if legal:
            illegal = next(i for i in range(space.size) if not mask[i]) if not all(mask) else None
            if illegal is not None:
                with pytest.raises(ValueError, match="not legal"):
                    space.action(state, illegal)
        else:
            assert state.legal_action_ids() == [] and not any(state.legal_action_mask())
    assert len(seen) > 3


@pytest.mark.parametrize("game", ["kec", "nesalomljiv"])
def test_shared_ids_differ_only_in_suits(game: str) -> None:
    """K1, N1: strings share an id exactly when they name the same ranks."""
    space = rl.action_space(game)
    for state in positions(game, 2, {}):
        legal = state.legal_actions()
        ids = space.ids(legal, state.current_player or 0) if legal else []
        for a, ia in zip(legal, ids, strict=True):
            for b, ib in zip(legal, ids, strict=True):
                ranks_a = sorted(RANK_OF.get(c, -1) for c in a.split("-"))
                ranks_b = sorted(RANK_OF.get(c, -1) for c in b.split("-"))
                if a in ("draw", "take", "place") or b in ("draw", "take", "place"):
                    assert (ia == ib) == (a == b)
                else:
                    assert (ia == ib) == (ranks_a == ranks_b)


def test_kec_ids_by_name() -> None:
    space = rl.action_space("kec")
    memo = space.ids(["draw", "take", "7H", "7S", "RJ", "BJ", "9H-9C", "4S-4D", "AS-2H-3D", "4C-5C-6H",
                      "AH-AD-AC", "QS-QH-QD"], 0)
    names = [space.names[i] for i in memo]
    assert names == ["draw", "take", "card 7", "card 7", "card Joker", "card Joker", "pair 9", "pair 4",
                     "choke", "lever", "pin", "knockout"]


def test_puck_exchange_ids_follow_hand_places_and_relative_seats() -> None:
    space = rl.action_space("puck", 3)
    legal = ["hold", "2D-P0", "2D-P2", "7C-P0", "7C-P2", "KH-P0", "KH-P2", "2D-7C-P0-P2", "2D-7C-P2-P2"]
    ids = space.ids(legal, 1)
    names = [space.names[i] for i in ids]
    assert names[:3] == ["hold", "put cards 0; take from +2", "put cards 0; take from +1"]
    assert names[-1] == "put cards 0,1; take from +1,+1"
    assert len(set(ids)) == len(ids)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_puck_remembered_ids_equal_the_parsed_ones(players: int) -> None:
    """Exchange ids are remembered by the seats taken (the notation's legal order); check them
    against the ids read from the strings alone, in every position met, in shuffled order too."""
    space = rl.action_space("puck", players)
    shuffler = random.Random(5)
    for state in positions("puck", players, {}, games=6, limit=400):
        legal = state.legal_actions()
        mover = state.current_player or 0
        assert space.ids(legal, mover) == space._parse_ids(legal, mover)
        mixed = legal[:]
        shuffler.shuffle(mixed)
        assert space._parse_ids(mixed, mover) == [space.action_id(state, action) for action in mixed]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", [{}, {"end": "last-standing"}])
def test_puck_ids_from_action_keys_equal_the_ids_from_strings(players: int, variant: dict) -> None:
    """``legal_table`` reads Puck's ids from the engine's moves (``legal_action_keys``), remembered
    per mover: in every position met they are the ids of the strings, in a space that has met many
    keys and in a new one."""
    space = rl.action_space("puck", players)
    for state in positions("puck", players, variant, games=20, limit=400):
        legal = state.legal_actions()
        keys = state.legal_action_keys()
        assert keys is not None and list(keys) == legal
        expected = {} if state.is_over else dict(zip(space._parse_ids(legal, state.current_player), legal, strict=True))
        assert space.legal_table(state) == expected
        assert list(space.legal_table(state)) == list(expected)  # legal order
        assert type(space)(players).legal_table(state) == expected
        assert space.legal_ids(state) == sorted(expected)


def test_ids_from_strings_where_a_game_gives_no_keys() -> None:
    for game, players, variant in CONFIGS:
        if game != "puck":
            space = rl.action_space(game, players)
            for state in positions(game, players, variant, games=1, limit=100):
                assert state.legal_action_keys() is None
                mover = state.current_player
                assert space.legal_table(state) == ({} if mover is None else space.table(state.legal_actions(), mover))


def test_tac_ids_are_places_relative_to_the_mover() -> None:
    space = rl.action_space("tac", 3)
    ids = space.ids(["turn", "5D>C", "5D>2", "5D>1?", "5D>1", "turn?", "call", "pass"], 1)
    assert [space.names[i] for i in ids] == [
        "turn", "to central", "to open pile of seat +1", "keep? (miss)", "to own open pile", "turn? (miss)",
        "call", "pass",
    ]


@pytest.mark.parametrize(("game", "players", "variant"), CONFIGS)
def test_tensors_are_in_range_and_built_from_the_observation(game: str, players: int, variant: dict) -> None:
    plain = rl.encoder(game, players, variant)
    recall = rl.encoder(game, players, variant, recall=True, history=16)
    if game in TENSORS:
        assert plain.size == TENSORS[game]
    assert plain.layout.size == plain.size == sum(_count(s) for _, s in plain.layout.pieces)
    for index, state in enumerate(positions(game, players, variant, games=2, limit=150)):
        for player in range(players):
            tensor = plain.observe(state, player)
            assert len(tensor) == plain.size and all(0.0 <= x <= 1.0 for x in tensor)
            assert tensor == plain.encode(state.observation(player))
            full = recall.observe(state, player)
            assert len(full) == recall.size and all(0.0 <= x <= 1.0 for x in full)
            assert full == recall.encode(state.observation(player))
            if index % 10 == 0 and not state.is_over:
                # a world the player cannot tell from the real state gives him the same tensors
                world = state.determinize(player, index + 1)
                assert plain.observe(world, player) == tensor
                assert recall.observe(world, player) == full


def test_recall_adds_the_history_where_history_matters() -> None:
    for game, players in (("kec", 2), ("nesalomljiv", 2), ("puck", 3)):
        encoder = rl.encoder(game, players, recall=True, history=8)
        assert [name for name, _ in encoder.layout.pieces][-2:] == ["history", "history_length"]
        assert encoder.layout.shape["history"][0] == 8
    tac = rl.encoder("tac", 3, recall=True)  # every card is public: no history piece
    assert tac.size == rl.encoder("tac", 3).size


def test_history_rows_name_the_last_events_first() -> None:
    state = kartaros.new_game("kec", seed=7)
    state.apply("draw")
    encoder = rl.encoder("kec", recall=True, history=4)
    tensor = encoder.observe(state, 0)
    rows = encoder.layout.view(tensor, "history")
    width = encoder.layout.shape["history"][1]
    assert encoder.events is not None
    kinds = [encoder.events.types[rows[r * width:r * width + 11].index(1.0)] for r in range(3)]
    assert kinds == ["draw", "deal", "deal"]
    assert rows[3 * width:] == [0.0] * width
    count = state.observation(0, since=NO_EVENTS)["event_count"]
    assert encoder.layout.view(tensor, "history_length") == [count / 4]


def _count(shape: tuple[int, ...]) -> int:
    total = 1
    for dim in shape:
        total *= dim
    return total


def test_documented_sizes_match() -> None:
    """docs/rl.md's size table: every game and player count, action ids and tensor sizes."""
    from pathlib import Path

    text = (Path(__file__).parent.parent / "docs" / "rl.md").read_text(encoding="utf-8")
    rows = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) == 5 and cells[0] in kartaros.GAMES and cells[1].isdigit():
            rows[(cells[0], int(cells[1]))] = [int(c.split()[0].replace(",", "")) for c in cells[2:]]
    expected = {
        (game, n): [rl.action_space(game, n).size, rl.encoder(game, n).size, rl.encoder(game, n, recall=True).size]
        for game, info in kartaros.GAMES.items()
        for n in range(info.min_players, info.max_players + 1)
    }
    assert rows == expected
