"""docs/strength.md's tables are what ``benchmarks/strength.py`` writes, from the commands they name."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parent.parent
DOC = REPO / "docs" / "strength.md"


def load_generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("strength_generator", REPO / "benchmarks" / "strength.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


strength = load_generator()


def test_every_marked_table_of_the_doc_is_in_the_generators_form() -> None:
    assert strength.check(DOC.read_text(encoding="utf-8")) == []
    assert strength.main(["--check"]) == 0


def test_the_doc_marks_every_table_the_generator_makes() -> None:
    text = DOC.read_text(encoding="utf-8")
    for table in strength.TABLES:
        assert strength.START.format(name=table.name) in text


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ("| kec 2p |", "| kec 3p |", "not the row of 'kec 2p'"),
        ("--bots greedy,random -n 1000 --seed 1 --jobs 2` | 1000 | greedy **0.987**",
         "--bots greedy,random -n 999 --seed 1 --jobs 2` | 1000 | greedy **0.987**", "the script runs"),
        ("| 1000 | greedy **0.987** [0.978, 0.992]", "| 1000 | greedy **0.99** [0.978, 0.992]", "not a row"),
        ("`B=ismcts:iterations=300,", "`B=ismcts:iterations=301,", "does not say `B="),
        ("<!-- strength.py: calls -->", "<!-- strength.py: callz -->", "the doc has no table 'calls'"),
    ],
)
def test_the_check_finds_a_table_the_generator_did_not_write(old: str, new: str, problem: str) -> None:
    text = DOC.read_text(encoding="utf-8")
    assert old in text
    problems = strength.check(text.replace(old, new, 1))
    assert any(problem in p for p in problems), problems


def test_a_simulate_row_is_read_back_as_written() -> None:
    command = "kartaros simulate nesalomljiv --bots ismcts:iterations=5,greedy,random -n 6 --seed 1 --jobs 1"
    row = strength.simulate_row(command, {})
    assert [b.label for b in row.bots] == ["ismcts", "greedy", "random"] and row.n == 6
    again = strength.parse_simulate_row(row.text())
    assert again is not None and again.text() == row.text() and again.command == command
    assert again.bots[1].rate == row.bots[1].rate and again.mean_moves == round(row.mean_moves)


def test_the_choices_table_is_what_the_benchmark_prints(tmp_path: Path) -> None:
    printed = subprocess.run(
        [sys.executable, str(REPO / "benchmarks" / "choices.py"), "--games", str(strength.CHOICES_GAMES)],
        capture_output=True, text=True, check=True, env={"PYTHONPATH": str(REPO), "PATH": ""},
    ).stdout.splitlines()[1:]
    printed_rows = [line.rsplit(maxsplit=3) for line in printed]  # label, actions, choices, per player
    doc_rows = [[c.strip() for c in line.strip("|").split("|")]
                for line in strength.table_lines(DOC.read_text(encoding="utf-8"), "choices")[2:]]
    assert doc_rows == [[label.strip(), *numbers] for label, *numbers in printed_rows]
    # And the generator writes that table back in place, the rest of the doc untouched.
    doc = tmp_path / "strength.md"
    stale = DOC.read_text(encoding="utf-8").replace("| kec 2p | 354.0 |", "| kec 2p | 488.9 |")
    doc.write_text(stale, encoding="utf-8")
    assert strength.main(["choices", "--doc", str(doc)]) == 0
    assert doc.read_text(encoding="utf-8") == DOC.read_text(encoding="utf-8")
