"""The PettingZoo, Gymnasium and OpenSpiel adapters (kartaros.envs, docs/rl.md)."""

from __future__ import annotations

import json
import pickle
import random
import warnings
from collections.abc import Callable

import gymnasium
import numpy as np
import pyspiel
import pytest
from gymnasium.utils.env_checker import check_env
from open_spiel.python.algorithms import evaluate_bots, mcts
from pettingzoo.test import api_test

import kartaros
from kartaros import rl
from kartaros.envs import openspiel
from kartaros.envs._rewards import rewards
from kartaros.envs.gymnasium import SingleAgentEnv
from kartaros.envs.pettingzoo import env, raw_env
from kartaros.envs.selfplay import PolicyBot, PolicyPool, self_play_env


def player_counts(game: str) -> list[int]:
    """Every count from the fewest to min(most, 4), and the most."""
    info = kartaros.GAMES[game]
    return sorted({*range(info.min_players, min(info.max_players, 4) + 1), info.max_players})


SEATINGS = [(game, players) for game in kartaros.GAMES for players in player_counts(game)]
EVERY_SEATING = [
    (name, players)
    for name, info in kartaros.GAMES.items()
    for players in range(info.min_players, info.max_players + 1)
]
# Short games for the checks that look at every state: each game's safety bound (K13, N15, T13, P12).
SHORT = {"kec": {"max_actions": 60}, "nesalomljiv": {"max_duels": 8}, "tac": {"max_moves": 60},
         "puck": {"max_rounds": 4}}


# ---- PettingZoo ------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "players"), SEATINGS)
def test_pettingzoo_api_test(game: str, players: int) -> None:
    variant = {"calls": "open"} if game == "tac" else {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the Dict observation warnings of every classic card game
        api_test(env(game, players=players, variant=variant), num_cycles=60)


def test_pettingzoo_recall_api_test() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env("puck", players=3, recall=True, history=8), num_cycles=40)


def test_pettingzoo_plays_whole_games_and_pays_the_returns() -> None:
    e = env("puck", players=3, variant={"max_rounds": 30})
    chooser = random.Random(3)
    for seed in range(3):
        e.reset(seed=seed)
        totals = dict.fromkeys(e.possible_agents, 0.0)
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, _ = e.last()
            totals[agent] += reward
            assert obs["observation"].shape == (rl.encoder("puck", 3).size,)
            if terminated or truncated:
                e.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"]).tolist()
            assert legal == e.kartaros_state.legal_action_ids()
            assert e.possible_agents.index(agent) == e.kartaros_state.current_player
            e.step(chooser.choice(legal))
        assert list(totals.values()) == pytest.approx(rewards(e.kartaros_state.returns(), "zero-sum"))
        assert sum(totals.values()) == pytest.approx(0.0)
        assert e.kartaros_state.record()["seed"] == seed


@pytest.mark.parametrize(("game", "players"), SEATINGS)
@pytest.mark.parametrize("recall", [False, True])
def test_pettingzoo_observations_equal_a_fresh_encode(game: str, players: int, recall: bool) -> None:
    """The environment builds tensors step by step (kartaros.rl.Tracker): at every step each is
    the float32 of a fresh ``encode`` of the agent's observation, and the mask its legal ids."""
    variant = {**SHORT[game], **({"calls": "open"} if game == "tac" else {})}
    e = env(game, players=players, variant=variant, recall=recall, history=8)
    encoder = rl.encoder(game, players, variant, recall=recall, history=8)
    chooser = random.Random(2)
    for seed in range(3):
        e.reset(seed=seed)
        for agent in e.agent_iter():
            obs, _, terminated, truncated, _ = e.last()
            seat = e.possible_agents.index(agent)
            fresh = np.array(encoder.encode(e.kartaros_state.observation(seat)), np.float32)
            assert obs["observation"].dtype == np.float32 and np.array_equal(obs["observation"], fresh)
            if terminated or truncated:
                e.step(None)
                continue
            assert np.flatnonzero(obs["action_mask"]).tolist() == e.kartaros_state.legal_action_ids()
            e.step(chooser.choice(np.flatnonzero(obs["action_mask"]).tolist()))


def test_pettingzoo_illegal_action_ends_the_game() -> None:
    e = env("kec")
    e.reset(seed=1)
    agent = e.agent_selection
    e.step(27)  # a knockout, not legal at the first draw
    assert all(e.terminations.values())
    assert e.rewards[agent] == -1.0 and e.infos[agent]["illegal_action"]


# ---- Gymnasium -------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "players", "opponents"), [
    ("kec", 2, "random"), ("nesalomljiv", 2, "greedy"), ("tac", 3, ["random", "greedy"]), ("puck", 4, "random"),
])
def test_gymnasium_env_checker_and_episodes(game: str, players: int, opponents: object) -> None:
    variant = SHORT[game]
    check_env(SingleAgentEnv(game, players, variant, seat=1, opponents=opponents), skip_render_check=True)
    e = SingleAgentEnv(game, players, variant, seat=players - 1, opponents=opponents)
    encoder = rl.encoder(game, players, variant)
    chooser = random.Random(0)
    obs, info = e.reset(seed=5)
    done = False
    while not done:
        assert info["legal_ids"] == np.flatnonzero(obs["action_mask"]).tolist() == e.state.legal_action_ids()
        assert e.action_masks().tolist() == e.state.legal_action_mask()
        fresh = encoder.encode(e.state.observation(players - 1))
        assert np.array_equal(obs["observation"], np.array(fresh, np.float32))
        obs, reward, done, truncated, info = e.step(chooser.choice(info["legal_ids"]))
        assert not truncated
    assert reward == pytest.approx(rewards(e.state.returns(), "zero-sum")[players - 1])


def test_gymnasium_illegal_id_ends_the_episode() -> None:
    e = SingleAgentEnv("kec")
    e.reset(seed=2)
    _, reward, terminated, _, info = e.step(27)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)


def test_gymnasium_bad_opponents() -> None:
    with pytest.raises(ValueError, match="one per other seat"):
        SingleAgentEnv("tac", 4, opponents=["random", "random"])


# ---- OpenSpiel -------------------------------------------------------------------------------

NAMES = openspiel.register()


def test_register_is_idempotent() -> None:
    assert openspiel.register() == NAMES == [f"kartaros_{g}" for g in kartaros.GAMES]


@pytest.mark.parametrize(("game", "players"), EVERY_SEATING)
def test_openspiel_random_sim_test(game: str, players: int) -> None:
    params = {"players": players, **SHORT[game]}
    if game == "tac" and players % 2:
        params["calls"] = "open"
    spiel_game = pyspiel.load_game(f"kartaros_{game}", params)
    assert spiel_game.num_distinct_actions() == rl.action_space(game, players).size
    pyspiel.random_sim_test(spiel_game, num_sims=1, serialize=True, verbose=False)  # OpenSpiel's defaults


@pytest.mark.parametrize("game", list(kartaros.GAMES))
def test_openspiel_strings_tensors_and_resampling(game: str) -> None:
    players = 3 if game in ("tac", "puck") else 2
    spiel_game = pyspiel.load_game(f"kartaros_{game}", {"players": players, "seed": 4, **SHORT[game]})
    state = spiel_game.new_initial_state()
    chooser = random.Random(1)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    while not state.is_terminal():
        player = state.current_player()
        real = state.kartaros_state
        info_state = state.information_state_string()
        assert json.loads(info_state) == real.observation(player)
        assert state.information_state_tensor() == pytest.approx(
            rl.encoder(game, players, recall=True).observe(real, player))
        assert state.observation_tensor() == pytest.approx(rl.encoder(game, players).observe(real, player))
        world = state.resample_from_infostate(player, sampler)
        assert world.information_state_string() == info_state
        assert world.legal_actions() == state.legal_actions()
        assert world.history() == state.history()
        state.apply_action(chooser.choice(state.legal_actions()))
    assert state.returns() == state.kartaros_state.returns()


def test_openspiel_parameters_reach_the_game() -> None:
    state = pyspiel.load_game("kartaros_tac", {"players": 5, "calls": "open", "seed": 9}).new_initial_state()
    real = state.kartaros_state
    assert (real.num_players, real.variant["calls"]) == (5, "open")
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert len(real.actions) == 0 and len(clone.kartaros_state.actions) == 1


@pytest.mark.parametrize("game", list(kartaros.GAMES))
def test_openspiel_python_ismcts_and_mcts_bots(game: str) -> None:
    players = 3 if game in ("tac", "puck") else 2
    spiel_game = pyspiel.load_game(f"kartaros_{game}", {"players": players, "seed": 1, **SHORT[game]})
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    bots = [
        openspiel.ISMCTSBot(spiel_game, evaluator, 2.0, 4, random_state=np.random.RandomState(1)),
        mcts.MCTSBot(spiel_game, 2.0, 4, evaluator, random_state=np.random.RandomState(2)),
    ] + [pyspiel.make_uniform_random_bot(p, 3) for p in range(2, players)]
    returns = evaluate_bots.evaluate_bots(spiel_game.new_initial_state(), bots, rng)
    assert len(returns) == players and sum(returns) == pytest.approx(1.0)


def test_openspiel_games_and_states_pickle_and_serialize() -> None:
    spiel_game = pyspiel.load_game("kartaros_puck", {"players": 3, "seed": 5})
    state = spiel_game.new_initial_state()
    chooser = random.Random(4)
    for _ in range(10):
        state.apply_action(chooser.choice(state.legal_actions()))
    again = pickle.loads(pickle.dumps(state))
    assert again.history() == state.history() and str(again) == str(state)
    assert again.kartaros_state.record() == state.kartaros_state.record()
    game_copy, state_copy = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(spiel_game, state))
    assert str(game_copy) == str(spiel_game) and str(state_copy) == str(state)
    next_deal = pickle.loads(pickle.dumps(spiel_game)).new_initial_state()
    assert next_deal.kartaros_state.record() == spiel_game.new_initial_state().kartaros_state.record()


@pytest.mark.parametrize(("params", "words"), [
    ({"players": 5}, "played by 2 to 4 players"),
    ({"players": 3, "max_rounds": 0}, "max_rounds"),
    ({"seed": -2}, "seed is -1"),
])
def test_openspiel_checks_parameters_at_load_game(params: dict[str, int], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        pyspiel.load_game("kartaros_puck", params)


# ---- the contracts' edges ------------------------------------------------------------------------


def test_gymnasium_ids_are_registered() -> None:
    e = gymnasium.make("kartaros/Puck-v0", players=3, opponents="greedy")
    _, info = e.reset(seed=3)
    assert e.unwrapped.num_players == 3 and info["legal_ids"]
    names = {spec for spec in gymnasium.registry if spec.startswith("kartaros/")}
    assert names == {"kartaros/Kec-v0", "kartaros/Nesalomljiv-v0", "kartaros/Tac-v0", "kartaros/Puck-v0"}


def test_gymnasium_illegal_id_really_ends_the_episode() -> None:
    e = SingleAgentEnv("kec")
    obs, _ = e.reset(seed=2)
    obs, _, terminated, _, _ = e.step(27)
    assert terminated and not obs["action_mask"].any() and not e.action_masks().any()
    with pytest.raises(RuntimeError, match="reset"):
        e.step(0)
    e.reset(seed=2)
    e.step(e.action_masks().nonzero()[0][0])  # a new episode plays on


def test_gymnasium_refuses_what_is_not_an_id_and_steps_before_reset() -> None:
    e = SingleAgentEnv("nesalomljiv")
    with pytest.raises(RuntimeError, match="reset"):
        e.step(0)
    _, info = e.reset(seed=1)
    for bad in (1.7, "3", True):
        with pytest.raises(TypeError, match="integer id"):
            e.step(bad)
    e.step(np.int64(info["legal_ids"][0]))


def test_gymnasium_opponents_by_spec_and_seat_per_episode() -> None:
    e = SingleAgentEnv("puck", 3, {"max_rounds": 4}, seat="random", opponents=["hard", "pimc:worlds=2,horizon=2"])
    seats = {e.reset(seed=s)[1]["seat"] for s in range(12)}
    assert seats == {0, 1, 2}
    _, info = e.reset(seed=1, options={"seat": 2})
    assert info["seat"] == 2 == e.state.current_player
    with pytest.raises(ValueError, match="bot"):
        SingleAgentEnv("puck", 3, opponents="nobody")


def test_gymnasium_rewards_are_zero_sum_or_the_returns() -> None:
    for kind in ("zero-sum", "returns"):
        e = SingleAgentEnv("nesalomljiv", reward=kind, opponents="greedy")
        _, info = e.reset(seed=7)
        done, reward = False, 0.0
        while not done:
            _, reward, done, _, info = e.step(info["legal_ids"][0])
        expected = e.state.returns()[0] if kind == "returns" else 2 * e.state.returns()[0] - 1
        assert reward == pytest.approx(expected)
    with pytest.raises(ValueError, match="reward"):
        SingleAgentEnv("kec", reward="points")  # type: ignore[arg-type]


def test_zero_sum_rewards() -> None:
    assert rewards([1.0, 0.0], "zero-sum") == [1.0, -1.0]
    assert rewards([0.5, 0.5], "zero-sum") == [0.0, 0.0]
    assert rewards([0.0, 1.0, 0.0, 0.0], "zero-sum") == pytest.approx([-1 / 3, 1.0, -1 / 3, -1 / 3])
    ranked = rewards([1.0, 0.5, 0.0], "zero-sum")  # Tač's ranking: returns sum to n/2
    assert sum(ranked) == pytest.approx(0.0) and all(-1 <= r <= 1 for r in ranked)


def test_pettingzoo_clear_errors_before_reset_and_on_bad_actions() -> None:
    e = env("kec")
    assert e.metadata["name"] == "kartaros_kec_v0"
    with pytest.raises(AssertionError, match="reset"):  # PettingZoo's wrapper says it so
        e.step(0)
    with pytest.raises(RuntimeError, match="reset"):
        raw_env("kec").step(0)
    e.reset(seed=1)
    for bad in (1.7, "0", True):
        with pytest.raises(TypeError, match="integer id"):
            e.step(bad)
    with pytest.raises(ValueError, match="integer id"):
        e.step(10_000)
    e.step(0)  # the first draw, still legal after the refusals


def test_pettingzoo_raw_env_passes_the_api_test_too() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(raw_env("nesalomljiv"), num_cycles=30)


# ---- training without glue: vectors, self-play ---------------------------------------------------


def test_gymnasium_vector_env_plays_episodes_with_autoreset() -> None:
    vec = gymnasium.make_vec("kartaros/Nesalomljiv-v0", num_envs=2, vectorization_mode="sync", opponents="greedy")
    obs, _ = vec.reset(seed=1)
    chooser = np.random.default_rng(0)
    ended, steps = 0, 0
    while ended < 4:
        masks = obs["action_mask"]
        actions = np.array([chooser.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])
        obs, rewards_, terminated, truncated, _ = vec.step(actions)
        assert not truncated.any() and np.all(np.abs(rewards_) <= 1)
        ended += int(terminated.sum())
        steps += 1
        assert steps < 2000
    vec.close()


def _hashing_policy(obs: dict[str, np.ndarray]) -> int:
    """A deterministic policy that reads its whole observation: a legal id picked by its hash."""
    legal = np.flatnonzero(obs["action_mask"])
    return int(legal[hash(obs["observation"].tobytes()) % len(legal)])


@pytest.mark.parametrize("game", list(kartaros.GAMES))
def test_policy_bots_decide_from_their_observation_only(game: str) -> None:
    players = 3 if game in ("tac", "puck") else 2
    bot = PolicyBot(_hashing_policy, game, players, SHORT[game])
    state = kartaros.new_game(game, players=players, seed=11, variant=SHORT[game])
    for step in range(40):
        if state.is_over:
            break
        seat = state.current_player
        assert seat is not None
        move = bot.choose(state)
        for world_seed in (1, 2):
            assert bot.choose(state.determinize(seat, world_seed)) == move
        state.apply(move if step % 2 else random.Random(step).choice(state.legal_actions()))


def test_self_play_env_plays_the_learners_policy_in_the_other_seats() -> None:
    calls: list[int] = []

    def policy(obs: dict[str, np.ndarray]) -> int:
        calls.append(1)
        return int(np.flatnonzero(obs["action_mask"])[0])

    e = self_play_env("puck", 3, {"max_rounds": 4}, policy=policy)
    _, info = e.reset(seed=1)
    done = False
    while not done:
        _, reward, done, _, info = e.step(info["legal_ids"][0])
    assert calls and -1 <= reward <= 1
    with pytest.raises(ValueError, match="either"):
        self_play_env("puck", 3)


def test_a_pool_of_past_selves_draws_a_policy_per_game_and_keeps_the_newest() -> None:
    used: list[str] = []

    def snapshot(name: str) -> Callable[[dict[str, np.ndarray]], int]:
        def play(obs: dict[str, np.ndarray]) -> int:
            used.append(name)
            return int(np.flatnonzero(obs["action_mask"])[0])
        return play

    pool = PolicyPool(seed=3, keep=2)
    with pytest.raises(ValueError, match="empty"):
        pool.draw()
    for name in ("v1", "v2", "v3"):
        pool.add(snapshot(name))
    assert len(pool.policies) == 2  # v1 dropped out
    e = self_play_env("nesalomljiv", pool=pool, seat=0)
    per_game = []
    for seed in range(8):
        used.clear()
        _, info = e.reset(seed=seed)
        done = False
        while not done:
            _, _, done, _, info = e.step(info["legal_ids"][0])
        assert len(set(used)) <= 1  # one draw for the whole game
        per_game.extend(set(used))
    assert set(per_game) == {"v2", "v3"}
