"""Bots choose legal moves, are reproducible by seed, and never use what their player cannot see."""

from __future__ import annotations

import random
from typing import Any

import pytest

import kartaros
from kartaros.bots import Level, LevelBot, for_level, make
from kartaros.state import GameState
from tests.random_play import is_miss


def _position(seed: int) -> kartaros.GameState:
    state = kartaros.new_game("kec", seed=seed)
    chooser = random.Random(seed)
    while True:
        while len(state.legal_actions()) == 1:
            state.apply(state.legal_actions()[0])
        if chooser.random() < 0.3:
            return state
        state.apply(chooser.choice(state.legal_actions()))


SEARCHES: dict[str, dict[str, Any]] = {
    "ismcts": {"iterations": 40},
    "ismcts-prior": {"iterations": 40, "prior": "greedy", "rollout": "greedy"},
    "ismcts-model": {"iterations": 40, "prior": "greedy", "rollout": "greedy", "opponents": "greedy"},
    "ismcts-baseline": {"iterations": 40, "prior": "greedy", "rollout": "greedy", "baseline": "greedy"},
    "pimc": {"worlds": 8},
    "pimc-horizon": {"worlds": 8, "horizon": 6, "anchor": 1.0},
}


@pytest.mark.parametrize("name", ["random", "greedy", *SEARCHES])
def test_a_bot_picks_a_legal_move_reproducibly(name: str) -> None:
    state = _position(3)
    params = SEARCHES.get(name, {})
    name = name.split("-")[0]
    first = make(name, seed=9, **params).choose(state)
    assert first in state.legal_actions()
    assert make(name, seed=9, **params).choose(state) == first


def _choice_point(name: str, players: int, seed: int) -> GameState:
    """A position of ``name`` where the player to move has a real choice."""
    state = kartaros.new_game(name, players=players, seed=seed)
    chooser = random.Random(seed)
    while not state.is_over:
        if len(state.legal_actions()) > 1 and chooser.random() < 0.3:
            return state
        state.apply(chooser.choice(state.legal_actions()))
    return _choice_point(name, players, seed + 1000)


@pytest.mark.parametrize("game", ["kec", "nesalomljiv", "tac", "puck"])
@pytest.mark.parametrize(
    ("bot", "params"),
    [
        ("greedy", {}),
        ("ismcts", {"iterations": 30, "prior": "greedy", "rollout": "greedy"}),
        ("ismcts", {"iterations": 30, "prior": "greedy", "rollout": "greedy", "opponents": "greedy"}),
        ("ismcts", {"iterations": 30, "prior": "greedy", "rollout": "greedy", "horizon": 8, "baseline": "greedy"}),
        ("pimc", {"worlds": 6, "horizon": 8}),
    ],
)
def test_a_bot_plays_the_same_in_worlds_its_player_cannot_tell_apart(game: str, bot: str, params: Any) -> None:
    players = 3 if game in ("tac", "puck") else 2
    state = _choice_point(game, players, 4)
    me = state.current_player
    assert me is not None
    real = make(bot, seed=17, **params).choose(state)
    for world_seed in (1, 2, 3):
        world = state.determinize(me, world_seed)
        assert world.observation(me) == state.observation(me)
        assert world.zones() != state.zones()
        assert make(bot, seed=17, **params).choose(world) == real


def test_ismcts_checks_its_settings() -> None:
    with pytest.raises(ValueError, match="iterations"):
        make("ismcts", iterations=0)
    with pytest.raises(ValueError, match="seconds"):
        make("ismcts", seconds=-1)
    bot = make("ismcts", seed=1, seconds=0.05)
    state = _position(5)
    assert bot.choose(state) in state.legal_actions()


def test_ismcts_anchor_keeps_the_heuristic_move_without_evidence_against_it() -> None:
    with pytest.raises(ValueError, match="anchor"):
        make("ismcts", anchor=-1, prior="greedy")
    with pytest.raises(ValueError, match="needs prior"):
        make("ismcts", anchor=2)
    with pytest.raises(ValueError, match="bias"):
        make("ismcts", bias="much")
    params = {"iterations": 30, "prior": "greedy"}
    overturned = 0
    for seed in range(8):
        state = _choice_point("puck", 2, seed)
        free = make("ismcts", seed=seed, **params)
        move = free.choose(state)
        hint = free.stats()["hint"]
        overturned += move != hint
        anchored = make("ismcts", seed=seed, anchor=1e9, **params)
        assert anchored.choose(state) == anchored.stats()["hint"] == hint
    assert overturned  # without the anchor, 30 noisy iterations do overturn the heuristic


def test_ismcts_baseline_credits_returns_less_the_heuristics_in_the_same_world() -> None:
    with pytest.raises(ValueError, match="baseline"):
        make("ismcts", baseline="oracle")
    state = _choice_point("puck", 2, 3)
    params = {"iterations": 60, "prior": "greedy", "rollout": "greedy", "horizon": 8}
    paired = make("ismcts", seed=4, baseline="greedy", **params)
    assert paired.choose(state) in state.legal_actions()
    stats = paired.stats()
    assert stats["hint"] in stats["visits"]
    assert sum(stats["visits"].values()) == stats["iterations"] == 60
    # Credits are differences of two returns in [0, 1]; some move differs from the heuristic's.
    assert all(-1.0 <= m <= 1.0 for m in stats["means"].values())
    assert any(m < 0 for m in stats["means"].values())
    plain = make("ismcts", seed=4, **params)
    plain.choose(state)
    assert all(0.0 <= m <= 1.0 for m in plain.stats()["means"].values())


def test_pimc_checks_its_settings_and_reports_each_moves_mean() -> None:
    for bad in ({"worlds": 0}, {"seconds": 0}, {"horizon": -1}, {"anchor": -2}, {"worlds": 2.5}):
        with pytest.raises(ValueError, match=next(iter(bad))):
            make("pimc", **bad)
    with pytest.raises(ValueError, match="opponents"):
        make("ismcts", opponents="psychic")
    state = _choice_point("puck", 2, 3)
    bot = make("pimc", seed=2, worlds=12, horizon=8)
    move = bot.choose(state)
    stats = bot.stats()
    assert stats["worlds"] == 12
    assert set(stats["means"]) == set(state.legal_actions())
    assert stats["means"][move] == max(stats["means"].values())
    assert all(0.0 <= v <= 1.0 for v in stats["means"].values())
    timed = make("pimc", seed=2, seconds=0.05, horizon=8)
    assert timed.choose(state) in state.legal_actions()
    assert timed.stats()["worlds"] >= 1


def test_pimc_anchor_keeps_the_heuristic_move_without_evidence_against_it() -> None:
    overturned = 0
    for seed in range(6):
        state = _choice_point("puck", 2, seed)
        free = make("pimc", seed=seed, worlds=6, horizon=8)
        overturned += free.choose(state) != free.stats()["hint"]
        anchored = make("pimc", seed=seed, worlds=6, horizon=8, anchor=1e9)
        assert anchored.choose(state) == anchored.stats()["hint"] == free.stats()["hint"]
    assert overturned  # six worlds do overturn the heuristic somewhere


def test_levels_exist_and_unknown_ones_are_refused() -> None:
    for level in ("easy", "medium", "hard"):
        assert for_level(level, seed=1).choose(kartaros.new_game("kec", seed=1)) == "draw"
    with pytest.raises(ValueError, match="no level"):
        for_level("godlike")


def _window(notice: float) -> str:
    """What a level bot answers when asked in turn to call a miss (T11)."""
    state = kartaros.new_game("tac", players=2, seed=1, variant={"calls": "open"})
    while "call" not in state.legal_actions():
        legal = state.legal_actions()
        misses = [a for a in legal if is_miss(state, a)]
        state.apply(misses[0] if misses else legal[0])
    level = Level(mistakes=0.0, miss_rate=0.0, notice=notice, reaction_median=1.0, reaction_spread=0.0)
    return LevelBot("test", level, seed=1).choose(state)


def test_T11_notice_decides_whether_a_level_notices_a_miss_when_asked_in_turn() -> None:
    assert _window(1.0) == "call"
    assert _window(0.0) == "pass"


def test_hard_plays_the_search_that_measured_stronger_and_the_heuristic_elsewhere() -> None:
    hard = for_level("hard", seed=1)
    assert hard.inner(kartaros.GAMES["puck"]).name == "pimc"
    assert hard.inner(kartaros.GAMES["kec"]).name == "ismcts"
    assert {hard.inner(kartaros.GAMES[game]).name for game in ("nesalomljiv", "tac")} == {"greedy"}
    easy = for_level("easy", seed=1)
    assert {easy.inner(info).name for info in kartaros.GAMES.values()} == {"greedy"}
    for state in (_choice_point("puck", 3, 2), _choice_point("kec", 2, 8)):
        assert hard.choose(state) in state.legal_actions()


def test_hard_makes_no_mistakes_and_easy_makes_more_than_medium() -> None:
    state = _choice_point("nesalomljiv", 2, 8)  # hard plays the heuristic in Nesalomljiv
    greedy = make("greedy", seed=3).choose(state)

    def others(level: str) -> int:
        return sum(for_level(level, seed=s).choose(state) != greedy for s in range(200))

    assert others("hard") == 0
    assert 0 < others("medium") < others("easy")


def test_a_search_weighs_one_action_of_each_move_class() -> None:
    # K1: suits play no role in Keč, so discarding AS or AC (or either hold) is one move.
    from kartaros.bots.ismcts import search_actions
    from tests.kec_helpers import kec, play

    state = play(kec(["AS", "AC", "2S", "RJ"], ["5S", "6S", "7S", "8S"], ["3D"]), "draw")
    assert len(state.legal_actions()) == 7  # two holds, five discards
    assert search_actions(state) == ["AS-2S-3D", "AS", "2S", "3D", "RJ"]
    bot = make("ismcts", seed=3, iterations=200, prior="greedy", rollout="greedy", horizon=10, baseline="greedy")
    assert bot.choose(state) in search_actions(state)
    assert set(bot.stats()["visits"]) <= set(search_actions(state))
    tac = kartaros.new_game("tac", players=2, seed=1)  # a game whose actions are all distinct moves
    assert search_actions(tac) == tac.legal_actions()


def test_root_table_picks_as_the_ucb_loop() -> None:
    """``_RootTable.pick`` (the root's UCB pass in C) chooses what the loop over the children
    chooses, ties to the first, when every child was available at every pass."""
    from math import log, sqrt

    from kartaros.bots.ismcts import _Node, _RootTable

    chooser = random.Random(7)
    for case in range(300):
        nodes = []
        for _ in range(chooser.randint(2, 40)):
            node = _Node(0)
            node.visits = chooser.randint(1, 4 if case % 2 else 30)
            node.reward = chooser.randint(0, node.visits) / 2 if case % 3 == 0 else chooser.random() * node.visits
            nodes.append(node)
        table = _RootTable(nodes)
        passes = chooser.randint(0, 500)
        table.passes = passes
        c = chooser.choice([0.0, 0.7, 1.4])
        best, best_value = -1, float("-inf")
        for i, node in enumerate(nodes):
            value = node.reward / node.visits + c * sqrt(log(passes + 1) / node.visits)
            if value > best_value:
                best, best_value = i, value
        assert table.pick(c) == best
