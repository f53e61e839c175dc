"""The shape the project keeps: each game lives in its own folder and declares itself once, so
nothing above the games names one, and the core imports nothing above it."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import kartaros

PACKAGE = Path(kartaros.__file__).parent
GAMES_DIR = PACKAGE / "games"
# A game is known by its name and by its title; these words, anywhere above the games, mean
# that code there knows a game.
GAME_WORDS = sorted({word.lower() for info in kartaros.GAMES.values() for word in (info.name, info.title)})
WORD = re.compile(r"(?<![a-zčćžšđ])(" + "|".join(map(re.escape, GAME_WORDS)) + r")(?![a-zčćžšđ])", re.IGNORECASE)
# The core: it knows no game and builds on nothing above it.
CORE = ("cards", "rng", "state", "variant", "errors", "info", "views", "lessons")


def _above_the_games() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*") if p.is_file() and GAMES_DIR not in p.parents)


def _shown(path: Path) -> str:
    return str(path.relative_to(PACKAGE.parent)) if PACKAGE.parent in path.parents else path.name


def _docstring_lines(tree: ast.Module) -> set[int]:
    """The lines of every docstring (examples in docs may name a game)."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            value = first.value if isinstance(first, ast.Expr) else None
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                lines.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    return lines


def _python_mentions(path: Path) -> list[str]:
    """Game words in the code of a Python file: names and strings, not comments or docstrings."""
    text = path.read_text(encoding="utf-8")
    docs = _docstring_lines(ast.parse(text))
    found = []
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type not in (tokenize.NAME, tokenize.STRING) or token.start[0] in docs:
            continue
        words = token.string.replace("_", " ") if token.type == tokenize.NAME else token.string
        for match in WORD.finditer(words):
            found.append(f"{_shown(path)}:{token.start[0]}: {match.group(1)!r}")
    return found


def test_no_game_is_named_above_the_games() -> None:
    found: list[str] = []
    for path in _above_the_games():
        if path.suffix == ".py":
            found += _python_mentions(path)
        elif path.suffix in (".js", ".html", ".css"):  # the pages' shared code
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                found += [f"{_shown(path)}:{number}: {m.group(1)!r}" for m in WORD.finditer(line)]
    assert not found, "game names outside kartaros/games/<name>/:\n" + "\n".join(found)


def test_the_layout_test_would_see_a_game_named(tmp_path: Path) -> None:
    path = tmp_path / "probe.py"
    path.write_text('"""Docs may say kec."""\nx = GAMES["tac"]  # a comment may say Tač\nKEC_SEARCH = f"{x} Puck"\n')
    assert [m.split(": ")[1] for m in _python_mentions(path)] == ["'tac'", "'KEC'", "'Puck'"]


def _imports(path: Path) -> set[str]:
    """The ``kartaros`` modules a file imports, at any depth (lazy imports count too; what only
    the type checker reads, under ``if TYPE_CHECKING:``, does not)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"
        for inner in ast.walk(node)
    }
    names: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return {n for n in names if n == "kartaros" or n.startswith("kartaros.")}


def test_the_core_imports_nothing_above_it() -> None:
    core = {f"kartaros.{name}" for name in CORE}
    for name in CORE:
        above = _imports(PACKAGE / f"{name}.py") - core
        assert not above, f"kartaros.{name} imports {sorted(above)}"


def test_every_game_is_one_folder_with_its_rules_views_words_heuristic_and_tensors() -> None:
    for name, info in kartaros.GAMES.items():
        folder = GAMES_DIR / name
        assert {p.name for p in folder.glob("*")} >= {
            "__init__.py", "rules.py", "rules.md", "rules.sr.txt", "views.py", "words.py", "heuristic.py", "tensors.py",
        }
        assert info.state.__module__ == f"kartaros.games.{name}.rules"
        assert info.heuristic.__module__ == f"kartaros.games.{name}.heuristic"
        assert info.rules_text("en").startswith("#") and info.rules_text("sr")
    assert [info.order for info in kartaros.GAMES.values()] == sorted(info.order for info in kartaros.GAMES.values())


def test_games_build_on_the_core_and_shared_layers_only() -> None:
    """A game's folder may use the core, the shared words and the learning layer's base
    classes, and its own modules: never another game, bots, the terminal or the server."""
    allowed = {f"kartaros.{name}" for name in CORE} | {"kartaros.words", "kartaros.rl.spaces", "kartaros.rl.tensors"}
    for name in kartaros.GAMES:
        for path in (GAMES_DIR / name).glob("*.py"):
            used = {i for i in _imports(path) if not i.startswith(f"kartaros.games.{name}")}
            assert used <= allowed, f"{path.name} of {name} imports {sorted(used - allowed)}"
