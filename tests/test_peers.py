"""``benchmarks/peers.py --quick`` runs to its end on a tiny budget and prints one row per
case in each of its four tables, each with a time (or rate) and a ratio. (No timing is
asserted: the figures are the benchmark's business.)"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import kartaros

ROOT = Path(__file__).resolve().parent.parent
TITLES = ("random play", "clone", "determinize", "ISMCTS")
ROW = re.compile(r"^  (\S.*?)\s+([\d,]+(?:\.\d+)?)\s+(\d+\.\d\d)$")


def test_quick_run_prints_a_row_per_game_and_player_count_in_every_table() -> None:
    run = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "peers.py"), "--quick", "--rounds", "1", "--chunk", "0.002",
         "--iterations", "3"],
        capture_output=True, text=True, timeout=600, check=True, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    tables = run.stdout.split("\n\n")[1:]
    assert len(tables) == len(TITLES)
    assert all(table.startswith(title) for table, title in zip(tables, TITLES, strict=True))
    seatings = [
        f"kartaros {name} {players}p"
        for name, info in kartaros.GAMES.items()
        for players in range(info.min_players, info.max_players + 1)
    ]
    for table in tables:
        rows = [ROW.match(line) for line in table.splitlines()[2:] if line.strip()]
        assert all(rows), table
        labels = [row.group(1) for row in rows if row]
        assert labels[: len(seatings)] == seatings
        reference = [row for row in rows if row and row.group(1) == "openspiel hearts 4p"]
        if reference:  # the ratios are to OpenSpiel's Hearts, where it ran
            assert reference[0].group(3) == "1.00"
