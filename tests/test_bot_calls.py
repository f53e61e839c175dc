"""Bots that play Tač's open-call mode like people (T11-T12): the levels miss placements at their
declared rate and call the others' misses after a human reaction time, in simulations (the
race of ``kartaros.calls``) and at a server's table (on a fake clock)."""

from __future__ import annotations

import copy
import json
import random
import statistics
from pathlib import Path

import pytest

import kartaros
from kartaros import calls
from kartaros.analysis import simulate
from kartaros.analysis.runner import play_out
from kartaros.bots import LEVELS, LevelBot, for_level, make
from kartaros.server.clock import FakeClock
from kartaros.server.store import Store
from kartaros.server.tables import TableService
from kartaros.state import GameState
from tests.random_play import is_miss
from tests.test_race import events, run, until
from tests.test_server_api import db_url  # noqa: F401  (the fixture: SQLite and PostgreSQL)
from tests.test_tac_rules import _miss_in_three

OPEN = {"calls": "open"}


def _obligatory_placements(count: int) -> list[GameState]:
    """Positions of open-call games where the player to move must place a card: a miss is legal."""
    found: list[GameState] = []
    chooser = random.Random(3)
    seed = 0
    while len(found) < count:
        state = kartaros.new_game("tac", players=3, seed=seed, variant=OPEN)
        seed += 1
        while not state.is_over and len(found) < count:
            legal = state.legal_actions()
            if any(is_miss(state, a) for a in legal):
                found.append(state.clone())
            honest = [a for a in legal if not is_miss(state, a)] or legal
            state.apply(chooser.choice(honest))
    return found


def test_T11_T12_the_level_table_is_monotone() -> None:
    easy, medium, hard = LEVELS["easy"], LEVELS["medium"], LEVELS["hard"]
    assert easy.mistakes > medium.mistakes > hard.mistakes == 0
    assert easy.miss_rate > medium.miss_rate > hard.miss_rate == 0
    assert easy.notice < medium.notice < hard.notice == 1
    assert easy.reaction_median > medium.reaction_median > hard.reaction_median >= hard.fastest >= 0.35
    with pytest.raises(ValueError, match="probability"):
        type(easy)(mistakes=0.1, miss_rate=1.5, notice=1, reaction_median=1, reaction_spread=0.1)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_T12_a_level_misses_an_obligatory_placement_at_its_declared_rate(level: str) -> None:
    positions = _obligatory_placements(40)
    decisions = 1500
    misses = 0
    for seed in range(decisions):
        state = positions[seed % len(positions)]
        action = for_level(level, seed=seed).choose(state)
        assert action in state.legal_actions()
        misses += is_miss(state, action)
    rate = LEVELS[level].miss_rate
    assert misses / decisions == pytest.approx(rate, abs=0.035)  # about 3.5 standard errors for easy
    if rate == 0:
        assert misses == 0


def test_T12_no_level_misses_where_the_calls_are_enforced() -> None:
    state = kartaros.new_game("tac", players=3, seed=2)  # enforced: misses are not legal at all
    bots = [for_level("easy", seed=s) for s in range(3)]
    play_out(state, bots)
    assert not any(is_miss(state, a) for a in state.actions)


def test_T11_a_reaction_is_drawn_per_seed_from_what_the_seat_can_tell() -> None:
    state = _miss_in_three()
    seat = 1
    for seed in range(30):
        here = for_level("medium", seed=seed).reaction(state, seat)
        for world_seed in (1, 2):
            world = state.determinize(seat, world_seed)  # the seat cannot tell it from ``state``
            assert for_level("medium", seed=seed).reaction(world, seat) == here
    hard = [for_level("hard", seed=s).reaction(state, seat) for s in range(200)]
    assert all(t is not None and t >= LEVELS["hard"].fastest for t in hard)  # always notices
    assert len(set(hard)) > 100  # a draw, not a constant
    easy = [for_level("easy", seed=s).reaction(state, seat) for s in range(200)]
    noticed = [t for t in easy if t is not None]
    assert 0.3 < len(noticed) / len(easy) < 0.7  # easy notices about half the misses
    hard_times = [t for t in hard if t is not None]
    assert statistics.median(hard_times) < 1.0 < statistics.median(noticed)


def test_T11_a_bot_without_a_reaction_never_calls_in_the_race() -> None:
    state = _miss_in_three()
    assert calls.reactions(state, calls.callers(state), {1: make("greedy", seed=1), 2: object()}) == {}
    assert calls.race(state, {1: 4.0, 2: 3.9}, 4.0) == 2
    assert calls.race(state, {1: 4.0}, 4.0) is None  # too late: the window closed
    assert calls.play_race(state, {1: make("greedy", seed=1)}) is None
    assert [e["type"] for e in state.observation(0)["events"][-2:]] == ["pass", "pass"]


def test_T12_hard_never_misses_over_whole_games() -> None:
    for seed in range(6):
        state = kartaros.new_game("tac", players=3, seed=seed, variant=OPEN)
        play_out(state, [for_level("hard", seed=seed * 3 + s) for s in range(3)])
        assert state.is_over and not any(is_miss(state, a) for a in state.actions)


def test_T11_a_simulated_open_call_game_between_levels_has_calls_made_by_bots() -> None:
    callers: list[int] = []
    for seed in range(4):
        state = kartaros.new_game("tac", players=3, seed=seed, variant=OPEN)
        bots = [for_level(level, seed=seed * 3 + s) for s, level in enumerate(["easy", "medium", "hard"])]
        play_out(state, bots)
        made = [e for e in state.observation(0)["events"] if e["type"] == "call"]
        assert state.actions.count("call") == len(made)
        assert all(is_miss(state, state.actions[i - 1]) or state.actions[i - 1] == "pass"
                   for i, a in enumerate(state.actions) if a == "call")
        callers += [e["player"] for e in made]
    assert 2 in callers  # hard, the fastest, calls most
    result = simulate("tac", ["easy", "medium", "hard"], n=6, seed=1, variant=OPEN).to_dict()
    assert sorted(result["bots"]) == ["easy", "hard", "medium"]


def test_T11_a_bot_at_a_table_calls_a_persons_miss_after_its_reaction_time(db_url: str) -> None:  # noqa: F811
    async def test() -> None:
        clock = FakeClock()
        service = TableService(Store(db_url), clock)
        table_id, _ = await service.create("tac", 2, ["human", "bot:hard"], OPEN, [])
        table = await service.table(table_id)
        chooser = random.Random(4)
        for _ in range(3000):  # the person plays at random, without missing, until he can miss
            state = table.state
            assert state.current_player == 0
            legal = state.legal_actions()
            misses = [a for a in legal if is_miss(state, a)]
            if misses:
                break
            await service.act(table_id, 0, chooser.choice(legal), table.seq)
        bot = table.bots[1]
        assert isinstance(bot, LevelBot)
        twin = copy.deepcopy(bot)  # draws what the bot will draw
        await service.act(table_id, 0, misses[0], table.seq)
        missed_at = len(table.state.actions) - 1
        expected = twin.reaction(table.state, 1)
        assert expected is not None and LEVELS["hard"].fastest <= expected < calls.CALL_SECONDS
        await until(lambda: clock.sleeping > 0, "the race waits for the bot")
        await clock.advance(expected - 0.01)
        assert not events(table.state, "call")
        await clock.advance(0.02)
        await until(lambda: bool(events(table.state, "call")), "the bot called")
        assert events(table.state, "call")[-1] == {"type": "call", "player": 1, "offender": 0}
        call_at = table.state.actions.index("call", missed_at)
        for _ in range(3000):  # on to the end, so that the record is shown
            await until(lambda: table.state.is_over or table.state.current_player == 0, "the person's turn")
            if table.state.is_over:
                break
            legal = [a for a in table.state.legal_actions() if not is_miss(table.state, a)]
            await service.act(table_id, 0, legal[0], table.seq)
        record = await service.record(table_id)
        assert record["actions"][call_at] == "call"
        assert record["times"][call_at] - record["times"][missed_at] == pytest.approx(expected, abs=0.002)
    run(test)


def test_T11_in_the_terminal_the_bots_race_for_the_persons_own_misses(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from kartaros.cli import app

    chooser = random.Random(1)
    typed = "\n".join(str(chooser.randint(1, 5)) for _ in range(3000)) + "\n"  # tries: some refused, some misses
    save = tmp_path / "game.json"
    args = ["play", "tac", "--seed", "3", "--players", "3", "--bot", "hard", "--save", str(save)]
    result = CliRunner().invoke(app, args, input=typed)
    assert result.exit_code == 0, result.output
    state = kartaros.replay(json.loads(save.read_text(encoding="utf-8")))
    assert state.variant["calls"] == "open"  # people play with calls
    seen = state.observation(0)["events"]
    misses = [e for e in seen if e["type"] == "miss"]
    assert misses and all(e["player"] == 0 for e in misses)  # hard never misses
    # hard notices every miss well inside the window: each one is called, by the faster bot, not
    # by the one the engine asks first (seat 1, on the person's left)
    made = [e for e in seen if e["type"] == "call"]
    assert len(made) == len(misses) and all(e["offender"] == 0 for e in made)
    assert {e["player"] for e in made} == {1, 2}
