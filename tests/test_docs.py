"""Executable docs: the package's doctests and the Python examples of README.md and docs/*.md.

Module doctests: every module of the ``kartaros`` package (found by walking it, so a module
that moves is still found) whose source holds an example is one test, run with
``doctest.ELLIPSIS`` in an empty temporary directory. A module that cannot be imported
because a package outside kartaros is missing (``kartaros.envs`` needs the ``rl`` extras) is
skipped; a missing kartaros module is a failure.

Markdown examples: every fenced block whose info string starts with ``python`` is one test,
named by its file and the line of its opening fence (``docs/api.md:6``). The blocks of one
file run in order in one shared namespace whose ``__name__`` is ``"__main__"``, as if the
file were one script, so a block may use what an earlier block of the same file defined
(running one block alone runs the earlier ones first). A block whose first non-blank line
starts with ``>>>`` runs as a doctest (``doctest.ELLIPSIS`` again), in the same namespace.
Blocks run with the repository root as the working directory.
Words after ``python`` in the info string are options:

- ``no-run``: the block is shown, never run (a signature, pseudo-code);
- ``tmpdir``: the block runs in a temporary directory of its file instead (it writes files);
- ``script``: the block is a whole script, saved to a file and run by a fresh interpreter
  (``python example.py``), as a reader who copies it would; it shares nothing with the other
  blocks. This is how an example that starts processes is tested: spawned workers import the
  script again, which an ``exec`` in this process would never show.
"""

from __future__ import annotations

import contextlib
import doctest
import importlib
import importlib.util
import os
import pkgutil
import re
import subprocess
import sys
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import kartaros

REPO = Path(__file__).resolve().parent.parent
DOCS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
OPTIONS = frozenset({"no-run", "script", "tmpdir"})
SCRIPT_SECONDS = 120  # a script example that runs longer is stuck
FLAGS = doctest.ELLIPSIS


# Module doctests.


def doctest_modules() -> list[str]:
    """The modules of the kartaros package whose source holds a doctest example.

    A package that cannot be imported is listed too, so its test says why.
    """
    broken: list[str] = []
    names = ["kartaros"]
    for info in pkgutil.walk_packages(kartaros.__path__, "kartaros.", onerror=broken.append):
        if info.name.rpartition(".")[2] != "__main__":  # importing __main__ runs the command line
            names.append(info.name)
    return sorted({name for name in names if holds_examples(name)} | set(broken))


def holds_examples(name: str) -> bool:
    spec = importlib.util.find_spec(name)
    origin = spec.origin if spec is not None else None
    return origin is not None and origin.endswith(".py") and ">>>" in Path(origin).read_text(encoding="utf-8")


def import_or_skip(name: str) -> ModuleType:
    """The module, or a skip if it needs a package outside kartaros that is not installed."""
    try:
        return importlib.import_module(name)
    except ImportError as error:
        missing = error.name or ""
        if not missing or missing.partition(".")[0] == "kartaros":
            raise
        pytest.skip(f"{name} needs {missing}, which is not installed")


@pytest.mark.parametrize("name", doctest_modules())
def test_module_doctests(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    module = import_or_skip(name)
    monkeypatch.chdir(tmp_path)
    tests = [test for test in doctest.DocTestFinder().find(module, name) if test.examples]
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    report: list[str] = []
    for test in tests:
        runner.run(test, out=report.append)
    if runner.failures:
        report.insert(0, f"{runner.failures} of {runner.tries} doctest examples of {name} failed:\n")
        pytest.fail("".join(report), pytrace=False)


def test_the_walk_finds_the_package_doctests() -> None:
    names = doctest_modules()
    assert "kartaros" in names and "kartaros.rl" in names


# Markdown examples.


@dataclass(frozen=True)
class Block:
    """One fenced ``python`` block: its file (relative to the repository), fence line, code and options."""

    path: str
    line: int
    code: str
    options: frozenset[str]

    @property
    def id(self) -> str:
        return f"{self.path}:{self.line}"


FENCE = re.compile(r"^(?P<indent> {0,3})(?P<fence>`{3,}|~{3,})(?P<info>.*)$")


def python_blocks(text: str, path: str) -> list[Block]:
    """The ``python`` fenced blocks of a Markdown text, in order."""
    blocks = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        match = FENCE.match(lines[i])
        if match is None:
            i += 1
            continue
        indent, fence, words = len(match["indent"]), match["fence"], match["info"].split()
        start = i
        i += 1
        body = []
        while i < len(lines):
            closing = lines[i].strip()
            if closing.startswith(fence[0] * len(fence)) and not closing.strip(fence[0]):
                break
            line = lines[i]
            body.append(line[min(indent, len(line) - len(line.lstrip(" "))):])  # the fence's indent removed
            i += 1
        i += 1
        if words and words[0] == "python":
            blocks.append(Block(path, start + 1, "\n".join(body) + "\n", frozenset(words[1:])))
    return blocks


def all_blocks() -> list[Block]:
    blocks = []
    for doc in DOCS:
        blocks += python_blocks(doc.read_text(encoding="utf-8"), doc.relative_to(REPO).as_posix())
    return blocks


BLOCKS = all_blocks()


@dataclass
class FileRun:
    """The blocks of one Markdown file run so far, in their shared namespace."""

    namespace: dict[str, Any] = field(default_factory=lambda: {"__name__": "__main__"})
    done: set[str] = field(default_factory=set)
    failed: str | None = None  # the id of the block that failed; the later ones are skipped
    report: str = ""  # its failure
    tmpdir: Path | None = None


RUNS: dict[str, FileRun] = {}


def run_block(block: Block, run: FileRun, tmp_path_factory: pytest.TempPathFactory) -> str | None:
    """Run one block in its file's namespace; the failure report, or None if it ran."""
    if "tmpdir" in block.options:
        if run.tmpdir is None:
            run.tmpdir = tmp_path_factory.mktemp("docs")
        where = run.tmpdir
    else:
        where = REPO
    if "script" in block.options:
        return run_script(block, where, tmp_path_factory.mktemp("script"))
    with contextlib.chdir(where):
        if block.code.lstrip().startswith(">>>"):
            test = doctest.DocTestParser().get_doctest(block.code, run.namespace, block.id, block.path, block.line)
            runner = doctest.DocTestRunner(optionflags=FLAGS)
            report: list[str] = []
            runner.run(test, out=report.append, clear_globs=False)
            return "".join(report) if runner.failures else None
        try:
            # Blank lines in front, so tracebacks give the line numbers of the Markdown file.
            exec(compile("\n" * block.line + block.code, block.path, "exec"), run.namespace)
        except Exception as error:
            below = error.__traceback__.tb_next if error.__traceback__ else None  # from the block's own frame on
            return "".join(traceback.format_exception(type(error), error, below))
    return None


def run_script(block: Block, where: Path, folder: Path) -> str | None:
    """Run a ``script`` block as ``python example.py`` in ``where``; its stderr if it fails."""
    script = folder / "example.py"
    script.write_text("\n" * block.line + block.code, encoding="utf-8")  # the Markdown file's line numbers
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])}
    try:
        ran = subprocess.run(
            [sys.executable, str(script)], cwd=where, env=env, capture_output=True, text=True, timeout=SCRIPT_SECONDS
        )
    except subprocess.TimeoutExpired:
        return f"the script ran longer than {SCRIPT_SECONDS} s"
    return None if ran.returncode == 0 else f"exit code {ran.returncode}:\n{ran.stderr}"


@pytest.mark.parametrize(
    "block",
    [pytest.param(b, id=b.id, marks=[pytest.mark.skip(reason="marked no-run")] if "no-run" in b.options else [])
     for b in BLOCKS],
)
def test_markdown_example(block: Block, tmp_path_factory: pytest.TempPathFactory) -> None:
    unknown = block.options - OPTIONS
    assert not unknown, f"{block.id}: unknown option {', '.join(sorted(unknown))} (known: {', '.join(sorted(OPTIONS))})"
    run = RUNS.setdefault(block.path, FileRun())
    if run.failed == block.id:  # it failed already, run by a later block's test
        pytest.fail(f"{block.id} fails:\n{run.report}", pytrace=False)
    if run.failed:
        pytest.skip(f"it builds on {run.failed}, which failed")
    for earlier in BLOCKS:  # the file's earlier blocks first, if this one is run alone or out of order
        if earlier == block:
            break
        if earlier.path == block.path and earlier.id not in run.done and "no-run" not in earlier.options:
            run.done.add(earlier.id)
            failure = run_block(earlier, run, tmp_path_factory)
            if failure is not None:
                run.failed, run.report = earlier.id, failure
                pytest.fail(f"{earlier.id}, which {block.id} builds on, fails:\n{failure}", pytrace=False)
    run.done.add(block.id)
    failure = run_block(block, run, tmp_path_factory)
    if failure is not None:
        run.failed, run.report = block.id, failure
        pytest.fail(f"{block.id} fails:\n{failure}", pytrace=False)


def test_the_collector_reads_fences_options_and_doctests(tmp_path_factory: pytest.TempPathFactory) -> None:
    text = "\n".join([
        "Text.", "", "```python", "x = 1", "```", "", "```sh", "echo no", "```",
        "- item", "  ```python no-run", "  pseudo code", "  ```",
        "````python", ">>> x + 1", "2", "```", "````", "~~~", "```python", "~~~",
    ])
    blocks = python_blocks(text, "example.md")
    assert [(b.id, b.code, b.options) for b in blocks] == [
        ("example.md:3", "x = 1\n", frozenset()),
        ("example.md:11", "pseudo code\n", frozenset({"no-run"})),
        ("example.md:14", ">>> x + 1\n2\n```\n", frozenset()),
    ]
    run = FileRun()
    assert run_block(blocks[0], run, tmp_path_factory) is None and run.namespace["x"] == 1
    good = Block("example.md", 20, ">>> x + 1\n2\n", frozenset())
    assert run_block(good, run, tmp_path_factory) is None
    bad = Block("example.md", 30, ">>> x + 2\n2\n", frozenset())
    assert 'File "example.md", line 31' in (run_block(bad, run, tmp_path_factory) or "")
    broken = Block("example.md", 40, "y = 1\nundefined_name\n", frozenset())
    assert 'File "example.md", line 42' in (run_block(broken, run, tmp_path_factory) or "")
    assert BLOCKS, "README.md and docs/*.md hold python blocks"


def test_a_script_block_runs_in_a_fresh_interpreter_as_its_main_module(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    run = FileRun(namespace={"__name__": "__main__", "defined_earlier": 1})
    own = 'assert __name__ == "__main__" and __file__.endswith("example.py")\n'
    fine = Block("example.md", 5, own, frozenset({"script"}))
    assert run_block(fine, run, tmp_path_factory) is None
    alone = Block("example.md", 9, "defined_earlier\n", frozenset({"script"}))
    assert "NameError" in (run_block(alone, run, tmp_path_factory) or "")
    failing = Block("example.md", 20, "import sys\n\nsys.exit(3)\n", frozenset({"script"}))
    assert (run_block(failing, run, tmp_path_factory) or "").startswith("exit code 3")
