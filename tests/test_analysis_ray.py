"""``simulate`` and ``tournament`` on a Ray cluster (``ray=``, ``--ray``): a local Ray instance
of two CPUs on 127.0.0.1, started once for the module and stopped at its end. The tests that
need Ray skip when it is not installed; those about its absence run everywhere."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from kartaros.analysis import Interrupted, SimulationResult, simulate, tournament
from kartaros.analysis.ray_runner import MISSING
from kartaros.cli import app
from tests.test_analysis import shrunk

FAST = "nesalomljiv"  # the shortest game with random bots
REPO = Path(__file__).resolve().parent.parent
runner = CliRunner()


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """A local Ray instance; its address (HOST:PORT) for a process of its own to connect to.
    This process stays connected, so the runs here use that connection."""
    ray: Any = pytest.importorskip("ray")
    # The workers are started by this process's Ray and inherit its environment (PYTHONPATH).
    ray.init(num_cpus=2, include_dashboard=False, _node_ip_address="127.0.0.1", logging_level="error",
             log_to_driver=False)
    try:
        yield ray.get_runtime_context().gcs_address
    finally:
        ray.shutdown()


def test_a_simulation_on_ray_equals_the_one_in_two_processes(cluster: str) -> None:
    finished: list[int] = []
    on_ray = simulate(FAST, ["random", "greedy"], n=30, seed=7, ray="auto", progress=finished.append)
    local = simulate(FAST, ["random", "greedy"], n=30, seed=7, jobs=2)
    assert on_ray.games == local.games and on_ray.to_dict() == local.to_dict()
    assert sum(finished) == 30  # progress counted every game, batch by batch


def test_a_tournament_on_ray_equals_the_one_in_two_processes(cluster: str) -> None:
    on_ray = tournament(FAST, ["random", "greedy", "random"], n=6, seed=5, resamples=100, ray="auto")
    local = tournament(FAST, ["random", "greedy", "random"], n=6, seed=5, resamples=100, jobs=2)
    assert on_ray.games == local.games and on_ray.to_dict() == local.to_dict()


def test_the_commands_with_ray_print_what_they_print_with_jobs(cluster: str) -> None:
    for command, n in (("simulate", "20"), ("tournament", "4")):
        args = [command, FAST, "--bots", "random,greedy", "-n", n, "--seed", "3", "--json", "--quiet"]
        on_ray = runner.invoke(app, [*args, "--ray", "auto"])
        local = runner.invoke(app, [*args, "--jobs", "2"])
        assert on_ray.exit_code == 0, on_ray.output
        assert json.loads(on_ray.stdout) == json.loads(local.stdout)


def test_ctrl_c_during_a_run_on_ray_keeps_the_games_finished(cluster: str) -> None:
    calls: list[int] = []

    def stop_after_two_batches(done: int) -> None:
        calls.append(done)
        if len(calls) == 2:
            raise KeyboardInterrupt

    with pytest.raises(Interrupted) as stopped:
        simulate(FAST, ["random", "greedy"], n=500, seed=2, ray="auto", progress=stop_after_two_batches)
    partial = stopped.value.result
    assert isinstance(partial, SimulationResult) and partial.n == sum(calls) and not partial.complete
    full = {game.index: game for game in simulate(FAST, ["random", "greedy"], n=500, seed=2).games}
    assert all(game == full[game.index] for game in partial.games)


def test_the_command_connects_to_a_cluster_by_address_and_stops_on_ctrl_c(cluster: str) -> None:
    # A process of its own connects by HOST:PORT, as on a real cluster; Ctrl-C goes to its whole
    # process group as a terminal sends it, and the partial result is printed as for local jobs.
    many = "100000"
    run = subprocess.Popen(
        [sys.executable, "-m", "kartaros", "simulate", FAST, "--bots", "random,greedy", "-n", many,
         "--seed", "1", "--ray", cluster],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    try:
        assert run.stderr is not None
        line = run.stderr.readline()
        while line and not line.startswith("games: "):  # Ray's own notes, if any, come first
            line = run.stderr.readline()
        assert line.startswith("games: "), line
        os.killpg(run.pid, signal.SIGINT)
        out, err = run.communicate(timeout=30)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
            run.wait()
    assert run.returncode == 130, err
    played = int(re.search(r"· (\d+) games · seed 1", out)[1])  # type: ignore[index]
    assert 0 < played < int(many)
    assert f"over the {played} of {many} games finished" in err and "Traceback" not in err


def ray_examples() -> list[str]:
    """The doc's ``kartaros … --ray auto`` lines (those naming a head, in capitals, are the same runs)."""
    text = (REPO / "docs" / "analysis.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```sh\n(.*?)^```", text, flags=re.S | re.M)
    lines = [line.split("  #")[0].strip() for block in blocks for line in block.splitlines()]
    return [line for line in lines if line.startswith("kartaros ") and line.endswith("--ray auto")]


def test_the_doc_has_ray_examples() -> None:
    assert any(e.startswith("kartaros simulate") for e in ray_examples())


@pytest.mark.parametrize("command", ray_examples())
def test_each_ray_example_of_the_doc_runs(command: str, cluster: str) -> None:
    result = runner.invoke(app, [*shrunk(command), "--quiet"])
    assert result.exit_code == 0, result.output
    assert "seed" in result.stdout


def test_ray_and_jobs_exclude_each_other() -> None:
    with pytest.raises(ValueError, match="exclude each other"):
        simulate(FAST, ["random"], n=2, seed=1, jobs=2, ray="auto")
    result = runner.invoke(app, ["simulate", FAST, "--bots", "random", "--ray", "auto", "--jobs", "2"])
    assert result.exit_code == 2 and "exclude each other" in result.output


@pytest.fixture
def without_ray(monkeypatch: pytest.MonkeyPatch) -> None:
    """``import ray`` fails, as where it is not installed."""
    monkeypatch.setitem(sys.modules, "ray", None)  # type: ignore[arg-type]


def test_without_ray_the_command_says_how_to_get_it(without_ray: None) -> None:
    for command in ("simulate", "tournament"):
        result = runner.invoke(app, [command, FAST, "--bots", "random,greedy", "-n", "2", "--ray", "auto"])
        assert result.exit_code == 2, result.output
        assert "pip install 'kartaros[ray]'" in " ".join(result.output.split())
        assert "Traceback" not in result.output
    with pytest.raises(RuntimeError, match=re.escape(MISSING)):
        simulate(FAST, ["random"], n=2, seed=1, ray="auto")
