"""The learned bot: shipped policies played with numpy alone, legal moves only, from the
player's observation only, the same games for the same seeds, and a clear refusal where a
game ships no policy."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import kartaros
from kartaros.analysis.bots import make_bot, parse_bots
from kartaros.analysis.runner import play_out
from kartaros.bots import make
from kartaros.bots.learned import FORMAT, LearnedBot, policy_file_name, shipped_policies

REPO = Path(__file__).resolve().parent.parent
SHIPPED = [(name, n) for name, info in kartaros.GAMES.items() for n in shipped_policies(info)]
NOT_SHIPPED = [
    (name, n)
    for name, info in kartaros.GAMES.items()
    for n in range(info.min_players, info.max_players + 1)
    if (name, n) not in SHIPPED
]
HAS_TORCH = importlib.util.find_spec("torch") is not None


def test_policies_ship_for_two_player_nesalomljiv_and_puck() -> None:
    assert ("nesalomljiv", 2) in SHIPPED
    assert ("puck", 2) in SHIPPED


def _play(game: str, players: int, seed: int, opponent: str) -> kartaros.GameState:
    state = kartaros.new_game(game, players=players, seed=seed)
    learner = seed % players
    bots = [make("learned", seed=seed) if s == learner else make_bot(opponent, seed=seed + s) for s in range(players)]

    class Checked:  # the learned seat's every move is one of the legal actions
        name = "checked"

        def choose(self, state: kartaros.GameState) -> str:
            move = bots[learner].choose(state)
            assert move in state.legal_actions()
            return move

    play_out(state, [Checked() if s == learner else bots[s] for s in range(players)])
    return state


@pytest.mark.parametrize(("game", "players"), SHIPPED)
@pytest.mark.parametrize("opponent", ["random", "greedy"])
def test_the_learned_bot_plays_only_legal_moves_over_many_games(game: str, players: int, opponent: str) -> None:
    for seed in range(40):
        assert _play(game, players, seed, opponent).is_over


@pytest.mark.parametrize(("game", "players"), SHIPPED)
def test_the_same_seeds_give_the_same_games(game: str, players: int) -> None:
    for seed in (3, 4):
        assert _play(game, players, seed, "random").actions == _play(game, players, seed, "random").actions
    sampled = []
    for _ in range(2):
        state = kartaros.new_game(game, players=players, seed=5)
        play_out(state, [make("learned", seed=9, sample=True) for _ in range(players)])
        sampled.append(state.actions)
    assert sampled[0] == sampled[1]


@pytest.mark.parametrize(("game", "players"), SHIPPED)
def test_the_learned_bot_plays_the_same_in_worlds_its_player_cannot_tell_apart(game: str, players: int) -> None:
    bot = make("learned", seed=1)
    checked = 0
    for seed in range(20):
        state = kartaros.new_game(game, players=players, seed=seed)
        rng = np.random.default_rng(seed)
        while not state.is_over and checked < 200:
            me = state.current_player
            assert me is not None
            if len(state.legal_actions()) > 1:
                real = bot.choose(state)
                for world_seed in (1, 2):
                    world = state.determinize(me, world_seed)
                    assert world.observation(me) == state.observation(me)
                    assert bot.choose(world) == real
                checked += 1
            legal = state.legal_actions()
            state.apply(legal[int(rng.integers(len(legal)))])
    assert checked > 50


@pytest.mark.parametrize(("game", "players"), NOT_SHIPPED)
def test_a_game_without_a_policy_is_refused_with_a_sentence(game: str, players: int) -> None:
    state = kartaros.new_game(game, players=players, seed=1)
    title = kartaros.GAMES[game].title
    with pytest.raises(ValueError, match=f"no trained policy for {title} with {players} players; it plays .*Puck"):
        make("learned").choose(state)


def test_the_spec_takes_weights_and_sample_and_nothing_else(tmp_path: Path) -> None:
    assert parse_bots("learned")[0].name == "learned"
    assert parse_bots("learned:sample=true")[0].params == (("sample", True),)
    with pytest.raises(ValueError, match="takes weights and sample"):
        parse_bots("learned:worlds=3")
    with pytest.raises(ValueError, match="no policy file"):
        parse_bots(f"learned:weights={tmp_path / 'none.npz'}")
    other = tmp_path / "other.npz"
    np.savez(other, format=np.array("something else"))
    with pytest.raises(ValueError, match="not a policy the learned bot reads"):
        LearnedBot(weights=str(other))
    text = tmp_path / "notes.npz"
    text.write_text("not numbers")
    with pytest.raises(ValueError, match="is not a policy file"):
        LearnedBot(weights=str(text))


def test_a_policy_file_plays_its_own_game_only() -> None:
    info = kartaros.GAMES["puck"]
    path = REPO / "kartaros" / "games" / "puck" / policy_file_name(2)
    bot = LearnedBot(weights=str(path))
    puck = kartaros.new_game("puck", players=2, seed=2)
    while len(puck.legal_actions()) < 2:
        puck.apply(puck.legal_actions()[0])
    assert bot.choose(puck) == LearnedBot().choose(puck)
    with pytest.raises(ValueError, match=f"trained for puck with 2 players, not {info.title} with 3"):
        bot.choose(kartaros.new_game("puck", players=3, seed=2))
    with np.load(path) as data:
        assert str(data["format"]) == FORMAT and str(data["game"]) == "puck" and int(data["players"]) == 2


def test_the_learned_bot_plays_without_torch() -> None:
    script = (
        "import sys\n"
        "sys.modules['torch'] = None  # any import of torch now fails\n"
        "import kartaros\n"
        "from kartaros.analysis.runner import play_out\n"
        "from kartaros.bots import make\n"
        "state = kartaros.new_game('nesalomljiv', seed=1)\n"
        "play_out(state, [make('learned', seed=1), make('random', seed=2)])\n"
        "print(state.is_over)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=REPO, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "True"


@pytest.mark.skipif(not HAS_TORCH, reason="the training example needs torch (the train extra)")
def test_the_training_example_trains_and_writes_a_policy_the_bot_plays(tmp_path: Path) -> None:
    script = REPO / "examples" / "train_ppo.py"
    shown = subprocess.run([sys.executable, str(script), "--help"], capture_output=True, text=True, timeout=120)
    assert shown.returncode == 0 and "--opponents" in shown.stdout
    out = tmp_path / "policy.npz"
    args = ["nesalomljiv", "--steps", "64", "--envs", "2", "--rollout", "16", "--eval-games", "2",
            "--teacher", "greedy", "--imitate", "0.5", "--out", str(out)]
    done = subprocess.run([sys.executable, str(script), *args], capture_output=True, text=True, timeout=300, cwd=REPO)
    assert done.returncode == 0, done.stderr
    state = kartaros.new_game("nesalomljiv", seed=3)
    play_out(state, [LearnedBot(seed=1, weights=str(out)), make("random", seed=2)])
    assert state.is_over


def test_the_command_line_refuses_the_learned_bot_for_a_game_without_a_policy_before_playing() -> None:
    from typer.testing import CliRunner

    from kartaros.cli import app

    game, players = NOT_SHIPPED[0]
    title = kartaros.GAMES[game].title
    runner = CliRunner()
    for args in (["simulate", game, "--bots", "learned,random", "-n", "2", "--players", str(players)],
                 ["play", game, "--bot", "learned", "--players", str(players)]):
        result = runner.invoke(app, args, input="")
        assert result.exit_code == 2, result.output
        assert f"no trained policy for {title}" in result.output
