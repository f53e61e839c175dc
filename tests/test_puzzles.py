"""Puzzles: every stored puzzle replays to its position, its answer is legal there for its
player and leads the runner-up by the stated margin, the stored search finds it again, and the
generator makes valid puzzles on a tiny budget."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import kartaros
from kartaros.analysis import puzzles
from kartaros.analysis.puzzles import MARGIN, Puzzle, Z
from kartaros.bots.ismcts import search_actions
from kartaros.cli import app
from kartaros.info import GameInfo

# The least each game's set holds (the generator finds these games' puzzles at different rates).
WANTED = {"tac": 15, "nesalomljiv": 15, "kec": 15, "puck": 15}
STORED = [(name, p) for name, info in kartaros.GAMES.items() for p in puzzles.load(info)]


def _valid(info: GameInfo, puzzle: Puzzle) -> None:
    """What makes a puzzle a puzzle, asserted."""
    state = puzzles.position(puzzle)
    assert state.game == info.name
    assert not state.is_over
    assert state.current_player == puzzle.player
    legal = state.legal_actions()
    assert puzzle.answer in legal
    assert puzzle.answer in puzzle.accepts
    assert set(puzzle.accepts) <= set(legal)
    assert puzzle.runner_up in legal and puzzle.runner_up != puzzle.answer
    # The search weighed every move the bots consider, and the answer is the best of them.
    assert set(puzzle.values) == set(search_actions(state))
    assert puzzle.values[puzzle.answer] == puzzle.value == max(puzzle.values.values())
    others = [v for m, v in puzzle.values.items() if m != puzzle.answer]
    assert puzzle.runner_up_value == max(others) == puzzle.values[puzzle.runner_up]
    assert puzzle.margin >= info.puzzle_search.margin  # the game's margin (MARGIN unless it declares one)
    assert puzzle.value - puzzle.runner_up_value >= puzzle.margin - 1e-9
    assert puzzle.difficulty in puzzles.DIFFICULTIES
    assert puzzle.search["worlds"] >= 2


def test_a_game_without_its_own_puzzle_search_is_held_to_the_default_margin() -> None:
    assert kartaros.GAMES["tac"].puzzle_search.margin == MARGIN
    # Puck weighs its exchanges by the cards of one trick, and cuts the play-on after it.
    puck = kartaros.GAMES["puck"]
    assert 0 < puck.puzzle_search.margin < MARGIN
    assert puzzles.default_horizon(puck) == puck.puzzle_search.horizon


def test_every_game_declares_a_puzzles_file_in_its_folder() -> None:
    for info in kartaros.GAMES.values():
        assert puzzles.puzzles_file(info).parent.name == info.name


@pytest.mark.parametrize("name", sorted(kartaros.GAMES))
def test_every_game_has_puzzles(name: str) -> None:
    found = puzzles.load(kartaros.GAMES[name])
    assert len(found) >= WANTED.get(name, 0)
    assert len({p.id for p in found}) == len(found)  # ids are unique within a game's set


@pytest.mark.parametrize(("name", "puzzle"), STORED, ids=[f"{n}-{p.id}" for n, p in STORED])
def test_stored_puzzle_replays_and_its_answer_is_legal_and_clearly_best(name: str, puzzle: Puzzle) -> None:
    _valid(kartaros.GAMES[name], puzzle)


@pytest.mark.parametrize("name", sorted(kartaros.GAMES))
def test_the_stored_search_finds_the_same_answer_again(name: str) -> None:
    found = puzzles.load(kartaros.GAMES[name])
    for puzzle in found[:1]:  # one a game: a check costs a search
        again = puzzles.recheck(puzzle)
        assert again.moves[0] == puzzle.answer
        assert round(again.values[0], 4) == puzzle.value
        assert round(again.values[1], 4) == puzzle.runner_up_value
        assert again.clear(puzzle.margin, Z)


def test_the_generator_makes_valid_puzzles_on_a_tiny_budget() -> None:
    info = kartaros.GAMES["tac"]  # a game whose searches are cheap, and whose seed 1000 has one
    made = puzzles.generate(info, count=1, seed=1000, screen_worlds=4, check_worlds=12, max_games=3)
    assert len(made) == 1
    _valid(info, made[0])
    # The same seeds give the same puzzle; a puzzle already known is not made again.
    assert puzzles.generate(info, count=1, seed=1000, screen_worlds=4, check_worlds=12, max_games=1) == made
    assert puzzles.generate(info, count=1, seed=1000, known=made, screen_worlds=4, check_worlds=12,
                            max_games=1) == []


def test_the_generator_holds_a_game_to_its_own_margin_and_cut() -> None:
    info = kartaros.GAMES["puck"]  # its exchanges are weighed by the cards of the trick (PuzzleSearch)
    made = puzzles.generate(info, count=1, seed=5003, max_games=1, ending=0.25,
                            horizon=puzzles.default_horizon(info))
    assert len(made) == 1
    _valid(info, made[0])
    assert made[0].margin == info.puzzle_search.margin
    assert made[0].search["horizon"] == info.puzzle_search.horizon


def test_a_position_without_a_choice_is_no_puzzle() -> None:
    state = kartaros.new_game("tac", seed=1)
    while len(search_actions(state)) > 1:
        state.apply(search_actions(state)[0])
    with pytest.raises(ValueError):
        puzzles.evaluate(state, worlds=2, seed=0)


def test_the_command_appends_new_puzzles_to_a_file(tmp_path: Path) -> None:
    out = tmp_path / "puzzles.json"
    args = ["puzzles", "generate", "tac", "--count", "1", "--seed", "1000", "--screen-worlds", "4",
            "--check-worlds", "12", "--games", "3", "--out", str(out)]
    first = CliRunner().invoke(app, args)
    assert first.exit_code == 0, first.output
    stored = json.loads(out.read_text(encoding="utf-8"))
    assert len(stored) == 1
    _valid(kartaros.GAMES["tac"], Puzzle.from_json(stored[0]))
    # Run again from the same seed: the puzzle it found is known, so the next one is appended.
    second = CliRunner().invoke(app, args)
    assert second.exit_code == 0, second.output
    again = json.loads(out.read_text(encoding="utf-8"))
    assert again[0] == stored[0]
    assert len({p["id"] for p in again}) == len(again)


def test_the_command_refuses_an_unknown_bot(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["puzzles", "generate", "tac", "--bots", "nobody", "--out",
                                      str(tmp_path / "p.json")])
    assert result.exit_code != 0
    assert not (tmp_path / "p.json").exists()
