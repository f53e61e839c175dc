"""Measuring bots: ``kartaros.analysis`` and the ``simulate`` / ``tournament`` commands."""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import math
import os
import re
import shlex
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.progress import Progress
from typer.testing import CliRunner

from kartaros.analysis import (
    BotSpec,
    Interrupted,
    SimulationResult,
    TournamentResult,
    bradley_terry,
    parse_bots,
    seating,
    simulate,
    tournament,
    wilson,
)
from kartaros.analysis.runner import _BatchSizes, ctrl_c_noted
from kartaros.analysis.stats import derive_seed
from kartaros.analysis.tournament import pair_seats
from kartaros.cli import app
from kartaros.cli_progress import FinishedGamesRemaining, PlainProgress

runner = CliRunner()
FAST = "nesalomljiv"  # the shortest game with random bots (about 60 actions)


def cli(*args: str) -> Any:
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


# ---- seating ---------------------------------------------------------------------------


@pytest.mark.parametrize(("bots", "players"), [(b, k) for b in range(1, 6) for k in range(2, 6)])
def test_every_block_of_games_seats_each_bot_everywhere_once(bots: int, players: int) -> None:
    for block in range(6):
        games = [seating(block * bots + r, bots, players) for r in range(bots)]
        for seat in range(players):
            assert sorted(g[seat] for g in games) == list(range(bots))
        if bots > players:
            assert all(len(set(g)) == players for g in games)  # distinct bots in one game
        else:
            assert all(set(g) == set(range(bots)) for g in games)  # every bot plays every game


@pytest.mark.parametrize(("bots", "players"), [(3, 2), (4, 2), (4, 3), (5, 3)])
def test_with_more_bots_than_seats_every_line_up_is_played_once_per_cycle(bots: int, players: int) -> None:
    cycle = math.perm(bots, players)
    line_ups = [seating(i, bots, players) for i in range(cycle)]
    assert sorted(line_ups) == sorted(itertools.permutations(range(bots), players))


def test_each_bot_sits_first_equally_often_in_a_simulation() -> None:
    result = simulate(FAST, ["random", "random", "random"], n=12, seed=3)
    assert Counter(g.seats[0] for g in result.games) == {0: 4, 1: 4, 2: 4}
    assert all(len(set(g.seats)) == 2 for g in result.games)


def test_pairs_alternate_seats() -> None:
    assert pair_seats(0, 2, 0, 2) == (0, 2)
    assert pair_seats(0, 2, 1, 2) == (2, 0)
    assert pair_seats(1, 3, 0, 4) == (1, 3, 1, 3)
    assert pair_seats(1, 3, 1, 3) == (3, 1, 3)


# ---- statistics ------------------------------------------------------------------------


def test_wilson_interval_on_known_numbers() -> None:
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.236593, abs=1e-6) and high == pytest.approx(0.763407, abs=1e-6)
    low, high = wilson(0, 10)
    assert low == 0 and high == pytest.approx(0.277533, abs=1e-6)
    low, high = wilson(10, 10)
    assert high == 1 and low == pytest.approx(0.722467, abs=1e-6)
    low, high = wilson(81, 263)  # 30.8%: the usual textbook example
    assert (round(low, 4), round(high, 4)) == (0.2553, 0.3662)
    assert wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson(11, 10)


def test_bradley_terry_on_known_numbers() -> None:
    # a beat b 3 times in 4: the fit gives pi_a / pi_b = 3 exactly.
    a, b = bradley_terry([[0, 3], [1, 0]], [[0, 4], [4, 0]])
    assert a - b == pytest.approx(math.log(3), abs=1e-8) and a + b == pytest.approx(0, abs=1e-12)
    # a transitive field: a beats b and b beats c 2 to 1 each, a beats c 4 to 1.
    x = bradley_terry([[0, 2, 4], [1, 0, 2], [1, 1, 0]], [[0, 3, 5], [3, 0, 3], [5, 3, 0]])
    assert x[0] > x[1] > x[2]


def test_derived_seeds_are_stable_and_distinct() -> None:
    assert derive_seed(1, 2, "deal") == derive_seed(1, 2, "deal")
    seeds = {derive_seed(s, i, part) for s in range(3) for i in range(50) for part in ("deal", "seat")}
    assert len(seeds) == 300 and all(0 <= s < 2**63 for s in seeds)


# ---- simulate --------------------------------------------------------------------------


def test_simulation_is_reproducible_and_the_same_in_two_processes() -> None:
    one = simulate(FAST, ["random", "random"], n=16, seed=11)
    again = simulate(FAST, ["random", "random"], n=16, seed=11)
    two = simulate(FAST, ["random", "random"], n=16, seed=11, jobs=2)
    assert one.games == again.games == two.games
    assert one.to_dict() == two.to_dict()
    assert [g.index for g in two.games] == list(range(16))
    assert simulate(FAST, ["random", "random"], n=16, seed=12).games != one.games


def test_a_simulation_with_a_searching_bot() -> None:
    progress: list[int] = []
    result = simulate(FAST, ["ismcts:iterations=2", "random"], n=4, seed=1, progress=progress.append)
    assert sum(progress) == 4
    rates = result.bot_rates()
    assert list(rates) == ["ismcts:iterations=2", "random"]
    assert rates["ismcts:iterations=2"].wins + rates["random"].wins == pytest.approx(4)


def test_a_bot_in_several_seats_counts_all_of_them() -> None:
    result = simulate("puck", ["random", "random"], n=8, players=4, seed=2)
    rates = result.bot_rates()
    assert [r.games for r in rates.values()] == [8, 8]  # both play every game, two seats each
    assert sum(r.wins for r in rates.values()) == pytest.approx(8)
    assert all(r.fair == pytest.approx(0.5) for r in rates.values())
    seats = result.seat_rates()
    assert sum(s.win_rate for s in seats) == pytest.approx(1)
    assert result.first_seat == seats[0] and result.first_seat.fair == 0.25


def test_a_simulation_takes_a_variant_and_records_it() -> None:
    result = simulate(FAST, ["random"], n=3, seed=1, variant={"weapons_first": True})
    assert result.variant["weapons_first"] is True
    with pytest.raises(ValueError, match="weapons_first"):
        simulate(FAST, ["random"], n=3, seed=1, variant={"weapons_first": "yes"})


# ---- bot specs -------------------------------------------------------------------------


def test_bot_specs_with_parameters() -> None:
    assert parse_bots("random,ismcts:iterations=200") == [
        BotSpec("random"), BotSpec("ismcts", (("iterations", 200),))
    ]
    specs = parse_bots(" ismcts:seconds=0.5, c=1.0 ,random")
    assert specs == [BotSpec("ismcts", (("seconds", 0.5), ("c", 1.0))), BotSpec("random")]
    assert specs[0].text == "ismcts:seconds=0.5,c=1.0"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("random,chess", "there is no bot called 'chess'"),
        ("random,,random", "empty bot name"),
        ("random,c=1", "'c=1' is a parameter without a bot"),
        ("ismcts:", "no parameters after 'ismcts:'"),
        ("ismcts:200", "bad bot parameter '200'"),
        ("ismcts:depth=3", "ismcts has no parameter 'depth'"),
        ("ismcts:iterations=0", "iterations must be a whole number"),
        ("ismcts:c=1,c=2", "given twice"),
        ("random:x=1", "takes no parameters"),
    ],
)
def test_bad_bot_specs_are_explained(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_bots(text)
    result = cli("simulate", FAST, "--bots", text, "-n", "2")
    assert result.exit_code == 2
    assert message in " ".join(result.output.split())


# ---- the command line ------------------------------------------------------------------


def test_simulate_json() -> None:
    result = cli("simulate", FAST, "--bots", "random,random", "-n", "10", "--seed", "4", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data["bots"]) == {"random", "random#2"}
    for bot in data["bots"].values():
        assert set(bot) >= {"wins", "games", "win_rate", "ci95"}
        assert bot["games"] == 10 and bot["ci95"][0] <= bot["win_rate"] <= bot["ci95"][1]
    assert data["mean_moves"] > 0 and data["n"] == 10 and data["seed"] == 4
    assert data["first_seat"]["fair"] == 0.5 and len(data["seats"]) == 2
    same = cli("simulate", FAST, "--bots", "random,random", "-n", "10", "--seed", "4", "--json", "--jobs", "2")
    assert json.loads(same.stdout) == data


def test_simulate_table() -> None:
    result = cli("simulate", FAST, "--bots", "random,random", "-n", "6", "--seed", "4")
    assert result.exit_code == 0, result.output
    assert "random#2" in result.output and "First seat" in result.output and "Game length" in result.output


def test_simulate_plot_writes_a_png(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    target = tmp_path / "sim.png"
    result = cli("simulate", FAST, "--bots", "random,random", "-n", "8", "--seed", "1", "--plot", str(target))
    assert result.exit_code == 0, result.output
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_simulate_plot_without_matplotlib_says_how_to_get_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now fails
    result = cli("simulate", FAST, "--bots", "random", "-n", "2", "--plot", str(tmp_path / "x.png"))
    assert result.exit_code == 2 and "kartaros[plot]" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["chess", "--bots", "random"], "unknown game 'chess'"),
        ([FAST, "--bots", "random", "-n", "0"], "-n must be a whole number ≥ 1"),
        ([FAST, "--bots", "random", "--jobs", "zero"], "--jobs must be a whole number"),
        ([FAST, "--bots", "random", "--seed", "-1"], "--seed must be a whole number ≥ 0"),
        ([FAST, "--bots", "random", "--players", "3"], "played by 2 players"),
        ([FAST, "--bots", "random", "--variant", "{bad"], "--variant must be a JSON object"),
        ([FAST, "--bots", "random", "--plot", "/no/such/folder/x.png"], "cannot save the plot"),
    ],
)
def test_simulate_errors(args: list[str], message: str) -> None:
    result = cli("simulate", *args)
    assert result.exit_code == 2 and message in result.output


# ---- progress --------------------------------------------------------------------------


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_plain_progress_line_comes_each_tenth_with_the_mean_time_of_the_games_finished() -> None:
    clock, out = FakeClock(), io.StringIO()
    progress = PlainProgress(200, out, clock)
    for _ in range(40):
        clock.now += 1  # every game takes a second
        progress(1)
    assert out.getvalue().splitlines() == [
        "games: 1 of 200 (0%), 0:00:01 so far, about 0:03:19 left",  # the first game: under way
        "games: 20 of 200 (10%), 0:00:20 so far, about 0:03:00 left",
        "games: 40 of 200 (20%), 0:00:40 so far, about 0:02:40 left",
    ]


def test_the_plain_progress_line_comes_every_half_minute_when_a_tenth_takes_longer() -> None:
    clock, out = FakeClock(), io.StringIO()
    progress = PlainProgress(1000, out, clock)
    progress(1)
    clock.now += 29
    progress(1)
    clock.now += 1
    progress(1)
    clock.now += 10
    progress(2)
    assert out.getvalue().splitlines() == [
        "games: 1 of 1000 (0%), 0:00:00 so far, about 0:00:00 left",
        "games: 3 of 1000 (0%), 0:00:30 so far, about 2:46:10 left",
    ]


def test_the_last_plain_line_says_how_long_the_run_took() -> None:
    clock, out = FakeClock(), io.StringIO()
    progress = PlainProgress(3, out, clock)
    for _ in range(3):
        clock.now += 5
        progress(1)
    assert out.getvalue().splitlines()[-1] == "games: 3 of 3 (100%), 0:00:15 so far"


def test_the_bar_estimates_the_time_left_from_the_games_finished() -> None:
    clock = FakeClock()
    bar = Progress(get_time=clock)
    task_id = bar.add_task("games", total=100)
    column = FinishedGamesRemaining()
    task = bar.tasks[0]
    assert column.render(task).plain == "~-:--:-- left"
    bar.start_task(task_id)
    clock.now += 60
    bar.advance(task_id, 10)  # 10 games in a minute: 90 more take nine
    assert column.render(task).plain == "~0:09:00 left"


def test_simulate_writes_plain_progress_on_stderr_outside_a_terminal() -> None:
    result = cli("simulate", FAST, "--bots", "random,random", "-n", "20", "--seed", "4", "--json")
    assert result.exit_code == 0, result.output
    lines = result.stderr.splitlines()
    assert lines[0].startswith("games: 1 of 20 (5%), ") and lines[-1].startswith("games: 20 of 20 (100%), ")
    assert len(lines) == 11  # the first game, then each tenth
    assert json.loads(result.stdout)["n"] == 20


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_quiet_silences_the_progress(command: str) -> None:
    result = cli(command, FAST, "--bots", "random,random", "-n", "10", "--seed", "4", "--quiet")
    assert result.exit_code == 0, result.output
    assert result.stderr == "" and "seed 4" in result.stdout
    loud = cli(command, FAST, "--bots", "random,random", "-n", "10", "--seed", "4")
    assert "games: 10 of 10 (100%)" in loud.stderr


# ---- tournament ------------------------------------------------------------------------


def test_equal_bots_get_ratings_whose_intervals_cover_equality() -> None:
    covered = 0
    for seed in range(3):
        result = tournament(FAST, ["random", "random", "random"], n=30, seed=seed, resamples=300)
        assert len(result.games) == 90 and len(result.ratings) == 3
        assert sum(r.rating for r in result.ratings) == pytest.approx(0, abs=1e-6)
        assert [r.rating for r in result.ratings] == sorted((r.rating for r in result.ratings), reverse=True)
        for rating in result.ratings:
            low, high = rating.ci95
            assert low <= rating.rating <= high and rating.games == 60
            covered += low < 0 < high
    # Each 95% interval misses 0 one time in twenty: 7 of 9 or more covering fails about once in 100 runs.
    assert covered >= 7


def test_tournaments_are_reproducible_in_two_processes() -> None:
    one = tournament(FAST, ["random", "random"], n=10, seed=5, resamples=100)
    two = tournament(FAST, ["random", "random"], n=10, seed=5, resamples=100, jobs=2)
    assert one.games == two.games and one.ratings == two.ratings


def test_a_bot_that_always_wins_keeps_a_finite_rating() -> None:
    result = tournament(FAST, ["random", "random"], n=4, seed=1, resamples=50)
    assert all(math.isfinite(r.rating) and math.isfinite(r.ci95[0]) for r in result.ratings)


def test_tournament_cli_table_and_json() -> None:
    result = cli("tournament", FAST, "--bots", "random,ismcts:iterations=2", "-n", "2", "--seed", "3")
    assert result.exit_code == 0, result.output
    assert "ismcts:iterations=2" in result.output and "Head to head" in result.output
    result = cli("tournament", FAST, "--bots", "random,random", "-n", "4", "--seed", "3", "--json")
    data = json.loads(result.stdout)
    assert set(data["ratings"]) == {"random", "random#2"} and data["games_per_pair"] == 4
    assert all(len(r["ci95"]) == 2 for r in data["ratings"].values())
    assert data["pairs"][0]["games"] == 4


def test_tournament_needs_two_bots() -> None:
    result = cli("tournament", FAST, "--bots", "random")
    assert result.exit_code == 2 and "at least two bots" in result.output


# ---- Ctrl-C ----------------------------------------------------------------------------

REPO = Path(__file__).resolve().parent.parent
MANY = "100000"  # far more games than a few seconds play: the run only ends by Ctrl-C


def start_run(*args: str) -> subprocess.Popen[str]:
    """``kartaros ARGS`` in a process group of its own, as a shell runs a command in a terminal."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.Popen(
        [sys.executable, "-m", "kartaros", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=env, start_new_session=True,
    )


def ctrl_c(run: subprocess.Popen[str], times: int = 1) -> tuple[str, str]:
    """Ctrl-C ``times`` times once games are under way, the way a terminal sends it: SIGINT to the
    whole process group, the workers included. Then stdout and stderr, the run given 20 s to end."""
    wait_for_games(run)
    for _ in range(times):
        os.killpg(run.pid, signal.SIGINT)
    try:
        return run.communicate(timeout=20)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
            run.wait()


def wait_for_games(run: subprocess.Popen[str]) -> None:
    """Until the first game has finished: the progress line on stderr (not a terminal) says so."""
    assert run.stderr is not None
    line = run.stderr.readline()
    assert line.startswith("games: 1 of "), line


@pytest.mark.parametrize("jobs", ["1", "2", "3"])
def test_ctrl_c_stops_a_simulation_at_once_and_prints_the_games_finished(jobs: str) -> None:
    run = start_run("simulate", FAST, "--bots", "random,greedy", "-n", MANY, "--seed", "1", "--jobs", jobs)
    out, err = ctrl_c(run)
    assert run.returncode == 130, err
    played = int(re.search(r"· (\d+) games · seed 1", out)[1])  # type: ignore[index]
    assert 0 < played < int(MANY)
    assert "95% interval" in out and "First seat" in out and "Game length" in out
    assert f"over the {played} of {MANY} games finished" in err and "Traceback" not in err


def test_ctrl_c_while_a_run_uses_its_processes_is_noted_not_raised_where_it_falls() -> None:
    # Raised inside the executor's submit or wait, it could leave one of the executor's locks
    # held, and the run, its result printed, would never end (its manager thread waits for it).
    before = signal.getsignal(signal.SIGINT)
    with ctrl_c_noted() as pressed:
        os.kill(os.getpid(), signal.SIGINT)
        deadline = time.monotonic() + 5
        while not pressed.is_set() and time.monotonic() < deadline:
            time.sleep(0.01)  # the handler runs in the main thread between instructions
        assert pressed.is_set()
    assert signal.getsignal(signal.SIGINT) is before
    with pytest.raises(KeyboardInterrupt):
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(1)


def test_a_run_started_with_ctrl_c_ignored_keeps_ignoring_it() -> None:
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with ctrl_c_noted() as pressed:
            assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.05)
        assert not pressed.is_set() and signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, before)


def test_ctrl_c_does_not_wait_for_the_games_under_way() -> None:
    # Each game of this search lasts minutes: Ctrl-C ends the workers in the middle of their games.
    run = start_run("simulate", "kec", "--bots", "ismcts:iterations=20000,random", "-n", "4", "--jobs", "2")
    time.sleep(2)  # the workers have started their first games (and if not yet, the result is the same)
    os.killpg(run.pid, signal.SIGINT)
    try:
        out, err = run.communicate(timeout=20)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
            run.wait()
    assert run.returncode == 130, err
    assert "· 0 games ·" in out and "over the 0 of 4 games finished" in err and "Traceback" not in err


def test_ctrl_c_twice_prints_no_traceback_and_json_says_the_run_is_incomplete() -> None:
    run = start_run("simulate", FAST, "--bots", "random,greedy", "-n", MANY, "--seed", "1", "--jobs", "2", "--json")
    out, err = ctrl_c(run, times=2)
    assert run.returncode == 130, err
    data = json.loads(out)
    assert data["complete"] is False and data["planned"] == int(MANY) and 0 < data["n"] < int(MANY)
    assert data["bots"]["greedy"]["games"] == data["n"]
    assert "Traceback" not in err and "KeyboardInterrupt" not in err


def test_ctrl_c_stops_a_tournament_and_rates_the_games_finished() -> None:
    run = start_run("tournament", FAST, "--bots", "random,greedy,random", "-n", MANY, "--seed", "1", "--jobs", "2")
    out, err = ctrl_c(run)
    assert run.returncode == 130, err
    assert "Head to head" in out and "95% interval" in out
    assert f"of {3 * int(MANY)} games finished" in err and "Traceback" not in err


def test_an_interrupted_simulation_keeps_its_partial_result() -> None:
    finished: list[int] = []

    def stop_after_three(done: int) -> None:
        finished.append(done)
        if len(finished) == 3:
            raise KeyboardInterrupt

    with pytest.raises(Interrupted) as stopped:
        simulate(FAST, ["random", "greedy"], n=10, seed=2, progress=stop_after_three)
    partial = stopped.value.result
    assert isinstance(partial, SimulationResult) and partial.n == 3 and partial.planned == 10
    assert not partial.complete and partial.games == simulate(FAST, ["random", "greedy"], n=3, seed=2).games


def test_the_command_prints_the_partial_result_and_gives_ctrl_c_back(monkeypatch: pytest.MonkeyPatch) -> None:
    @contextlib.contextmanager
    def ctrl_c_after_five(total: int, quiet: bool) -> Iterator[Callable[[int], None]]:
        finished: list[int] = []

        def tick(done: int) -> None:
            finished.append(done)
            if len(finished) == 5:
                raise KeyboardInterrupt

        yield tick

    monkeypatch.setattr("kartaros.cli_progress.progress", ctrl_c_after_five)
    result = cli("simulate", FAST, "--bots", "random,greedy", "-n", "50", "--seed", "3", "--json")
    assert result.exit_code == 130
    data = json.loads(result.stdout)
    assert data["n"] == 5 and data["planned"] == 50 and data["complete"] is False
    assert "over the 5 of 50 games finished" in result.stderr
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_an_interrupted_tournament_has_played_every_pair_in_turn() -> None:
    finished: list[int] = []

    def stop_after_six(done: int) -> None:
        finished.append(done)
        if len(finished) == 6:
            raise KeyboardInterrupt

    with pytest.raises(Interrupted) as stopped:
        tournament(FAST, ["random", "greedy", "random"], n=10, seed=2, resamples=20, progress=stop_after_six)
    partial = stopped.value.result
    assert isinstance(partial, TournamentResult) and not partial.complete and partial.planned == 30
    assert {pair: count for pair, (_, count) in partial.head_to_head().items()} == {(0, 1): 2, (0, 2): 2, (1, 2): 2}
    assert all(r.games == 4 for r in partial.ratings)


# ---- the examples of docs/analysis.md --------------------------------------------------


def command_examples() -> list[str]:
    """The ``kartaros …`` lines of the doc's ``sh`` blocks (the synopsis, in capitals, left out,
    and the ``--ray`` ones, which need a cluster: tests/test_analysis_ray.py runs those)."""
    text = (REPO / "docs" / "analysis.md").read_text(encoding="utf-8")
    lines = []
    for block in re.findall(r"^```sh\n(.*?)^```", text, flags=re.S | re.M):
        for line in block.splitlines():
            command = line.split("  #")[0].strip()
            if command.startswith("kartaros ") and not re.search(r"\b[A-Z]{2,}\b|--ray\b", command):
                lines.append(command)
    return lines


def shrunk(command: str) -> list[str]:
    """The example's arguments with two games and searches of two iterations: what it runs is
    the same, only in seconds (the examples themselves take minutes)."""
    args = shlex.split(command)[1:]
    for i, arg in enumerate(args):
        if i and args[i - 1] in ("-n", "--games"):
            args[i] = "2"
        elif i and args[i - 1] == "--bots":
            bots = re.sub(r"iterations=\d+", "iterations=2", arg)
            args[i] = re.sub(r"(?<![\w:=])ismcts(?![:\w])", "ismcts:iterations=2", bots)
    return args


def test_the_doc_has_command_examples() -> None:
    examples = command_examples()
    assert len(examples) >= 4 and all("GAME" not in e for e in examples)
    assert shrunk("kartaros simulate tac --bots ismcts,random -n 200") == [
        "simulate", "tac", "--bots", "ismcts:iterations=2,random", "-n", "2",
    ]


@pytest.mark.parametrize("command", command_examples())
def test_each_command_example_of_the_doc_runs(command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if "--plot" in command:
        pytest.importorskip("matplotlib")
    monkeypatch.chdir(tmp_path)  # a plot lands here
    result = cli(*shrunk(command), "--quiet")
    assert result.exit_code == 0, result.output
    assert "seed" in result.stdout


def test_a_batch_of_games_sent_to_a_worker_holds_about_a_tenth_of_a_second_of_play() -> None:
    sizes = _BatchSizes()
    assert sizes.next() == 1  # nothing measured yet: one game
    sizes.observe(10, 0.01)  # a millisecond a game
    assert sizes.next() == 100
    sizes.observe(1, 30.0)  # a game of a search: alone from now on
    assert sizes.next() == 1
    quick = _BatchSizes()
    quick.observe(1000, 0.001)
    assert quick.next() == _BatchSizes.MAX_GAMES


def test_a_script_without_the_main_guard_stops_at_once_and_says_why(tmp_path: Path) -> None:
    script = tmp_path / "unguarded.py"
    script.write_text(
        "from kartaros.analysis import simulate\n"
        f"simulate({FAST!r}, ['random', 'random'], n=20, seed=1, jobs=2)\n",
        encoding="utf-8",
    )
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    ran = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=60)
    assert ran.returncode == 1
    assert "RuntimeError" in ran.stderr and 'if __name__ == "__main__":' in ran.stderr
