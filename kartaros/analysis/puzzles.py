"""Puzzles: positions of bot games with one clearly best move, found and checked by search.

A puzzle is a position of a seeded bot game where the player to move has a real choice (two
or more moves the searches weigh, ``search_actions``) and one of them is clearly better than
every other by the bots' own evaluation. The evaluation is PIMC's (``kartaros.bots.pimc``):
worlds sampled from the mover's information set only (``state.determinize(player, seed)``,
so nothing hidden from the player informs the answer), every move tried in each world, the
game played on by the heuristic for every seat, and each move scored by the mover's mean
return (a share of the win from 0 to 1). Every move shares each world and its tie-breaking
seed (paired samples), so two moves are compared within the same deal.

A position becomes a puzzle when, by that evaluation, the best move beats the runner-up by
at least the game's margin (``GameInfo.puzzle_search``; ``MARGIN``, a tenth of the win, by
default), first in a screen with few worlds, and then again,
and also by at least ``Z`` standard errors of their paired difference, in a check with more
worlds and a fresh seed (so the check's numbers owe nothing to the screen's luck). The
stored values are the check's, and the check is what a test repeats: its seed is stored
with the puzzle, so the same search gives the same answer.

Difficulty (``difficulty``): ``hard`` where the game's heuristic, the greedy bot, plays
another move; ``easy`` where it plays the answer and the lead is at least twice the margin;
``medium`` otherwise.

Each game keeps its puzzles in its folder (``GameInfo.puzzles``), as a JSON list of
:class:`Puzzle` records; ``kartaros puzzles generate`` appends to it.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import kartaros
from kartaros.analysis.bots import make_bot
from kartaros.bots.greedy import greedy_move
from kartaros.bots.ismcts import search_actions
from kartaros.info import GameInfo, PuzzleSearch
from kartaros.state import GameState

# The least lead of the answer over the runner-up, as a share of the win (the mover's mean
# return goes from 0 to 1): a tenth of a game is a difference a player feels, and far above
# what the heuristic's tie-breaking moves a game by. A game whose moves are weighed on another
# scale declares its own (``GameInfo.puzzle_search``).
MARGIN = PuzzleSearch().margin
# And the lead must stand this many standard errors of the paired difference above zero, so
# that a lucky few worlds do not make a puzzle.
Z = 2.5
# The worlds of the screen (every sampled position) and of the check (each candidate).
SCREEN_WORLDS = 16
CHECK_WORLDS = 64
DIFFICULTIES = ("easy", "medium", "hard")


@dataclass(frozen=True)
class Evaluation:
    """Each move's mean return for the mover over the same worlds, best first."""

    moves: tuple[str, ...]  # best first
    values: tuple[float, ...]  # the mover's mean return, in the order of ``moves``
    lead_error: float  # the standard error of the best move's lead over the second
    worlds: int

    @property
    def lead(self) -> float:
        return self.values[0] - self.values[1]

    def clear(self, margin: float = MARGIN, z: float = Z) -> bool:
        """Whether the best move beats the second by ``margin`` and by ``z`` standard errors."""
        return self.lead >= margin and self.lead >= z * self.lead_error


@dataclass(frozen=True)
class Puzzle:
    """One puzzle as stored: the game up to the position, and the answer with its numbers."""

    id: str  # unique within the game's set: the bot game's seed and the move's index
    record: dict[str, Any]  # ``state.record()`` at the position: ``kartaros.replay`` rebuilds it
    player: int  # the seat to move, whose puzzle it is
    answer: str  # the best move, as the search names it
    accepts: list[str]  # every legal action that is that move (a game's ``move_class``)
    value: float  # the answer's mean return for the player, by the check
    runner_up: str
    runner_up_value: float
    values: dict[str, float]  # every move the search weighed, by the check
    margin: float  # the threshold the answer's lead was held to
    difficulty: str  # ``easy``, ``medium`` or ``hard`` (``difficulty``)
    search: dict[str, Any]  # how the check was run: worlds, seed, horizon
    source: str  # the bots that played the game

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Puzzle:
        return cls(**dict(data))


def evaluate(state: GameState, *, worlds: int, seed: int, horizon: int | None = None) -> Evaluation:
    """Every move the searches weigh at ``state``, scored for the player to move from that
    player's information set only; the same ``seed`` gives the same numbers."""
    legal = search_actions(state)
    me = state.current_player
    if me is None or len(legal) < 2:
        raise ValueError("a puzzle needs a player to move with two moves or more")
    rng = random.Random(seed)
    per_world: list[list[float]] = []
    for _ in range(worlds):
        world = state.determinize(me, rng.getrandbits(64))
        tie_seed = rng.getrandbits(64)
        per_world.append([_play_on(world.clone(), action, me, tie_seed, horizon) for action in legal])
    means = [sum(row[i] for row in per_world) / worlds for i in range(len(legal))]
    order = sorted(range(len(legal)), key=lambda i: -means[i])  # stable: ties keep the legal order
    best, second = order[0], order[1]
    diffs = [row[best] - row[second] for row in per_world]
    lead = means[best] - means[second]
    spread = math.sqrt(sum((d - lead) ** 2 for d in diffs) / (worlds - 1)) if worlds > 1 else math.inf
    return Evaluation(
        moves=tuple(legal[i] for i in order),
        values=tuple(means[i] for i in order),
        lead_error=spread / math.sqrt(worlds),
        worlds=worlds,
    )


def _play_on(world: GameState, action: str, me: int, tie_seed: int, horizon: int | None) -> float:
    """``action`` in ``world``, then the heuristic for every seat; ``me``'s value (PIMC's play-on)."""
    world.apply(action)
    ties = random.Random(tie_seed)
    limit = horizon if horizon is not None else 1 << 62
    moves = 1
    while not world.is_over and moves <= limit:
        world.apply(greedy_move(world, search_actions(world), ties))
        moves += 1
    return world.playout_value()[me]


def default_horizon(info: GameInfo) -> int | None:
    """The play-on cut the game declares for its puzzles (``GameInfo.puzzle_search``), else
    that of its declared PIMC search (``GameInfo.hard``), where its strong bot is one with a
    horizon; else the play-on goes to the end of the game."""
    if info.puzzle_search.horizon is not None:
        return info.puzzle_search.horizon
    name, params = info.hard
    horizon = params.get("horizon") if name == "pimc" else None
    return horizon if isinstance(horizon, int) else None


def difficulty(state: GameState, evaluation: Evaluation, rng: random.Random, margin: float = MARGIN) -> str:
    """``easy`` where the heuristic plays the answer and the lead is twice the margin (the
    move a plain player sees), ``hard`` where the heuristic plays another move (the greedy
    bot would get it wrong), ``medium`` otherwise."""
    plain = greedy_move(state, search_actions(state), rng)
    if plain != evaluation.moves[0]:
        return "hard"
    return "easy" if evaluation.lead >= 2 * margin else "medium"


def _accepts(state: GameState, answer: str) -> list[str]:
    move_class = state.info.move_class
    legal = state.legal_actions()
    if move_class is None:
        return [answer]
    return [a for a in legal if move_class(a) == move_class(answer)]


def play_game(info: GameInfo, seed: int, bots: str) -> list[str]:
    """The actions of one seeded bot game: every seat plays ``bots`` (a spec, ``make_bot``)."""
    state = kartaros.new_game(info.name, players=info.default_players, seed=seed)
    seats = [make_bot(bots, seed=seed * 31 + seat) for seat in range(state.num_players)]
    while not state.is_over:
        player = state.current_player
        assert player is not None
        state.apply(seats[player].choose(state))
    return state.actions


def candidates(
    info: GameInfo,
    *,
    seed: int,
    bots: str = "greedy",
    screens: int = 8,
    ending: float = 0.75,
    screen_worlds: int = SCREEN_WORLDS,
    check_worlds: int = CHECK_WORLDS,
    horizon: int | None = None,
    margin: float | None = None,
) -> Iterator[Puzzle]:
    """The puzzles of one seeded bot game: ``screens`` positions with a real choice, sampled
    mostly from its ending, screened with few worlds and checked with more (a fresh seed);
    ``margin`` by default the game's (``GameInfo.puzzle_search``)."""
    if margin is None:
        margin = info.puzzle_search.margin
    actions = play_game(info, seed, bots)
    rng = random.Random(seed)
    state = kartaros.new_game(info.name, players=info.default_players, seed=seed)
    choices = []
    probe = state.clone()
    for index, action in enumerate(actions):
        if len(search_actions(probe)) > 1:
            choices.append(index)
        probe.apply(action)
    # ``ending`` of the positions (three in four by default) come from the ending (the last
    # tenth of the choices, at least ``screens``): there one move often decides the game and
    # the play-ons are short, while earlier a single move seldom moves the result by the margin.
    last = choices[-max(screens, len(choices) // 10) :]
    early = choices[: len(choices) - len(last)]
    late_count = min(len(last), round(screens * ending))
    picked = sorted(rng.sample(last, late_count) + rng.sample(early, min(len(early), screens - late_count)))
    done = 0
    for index in picked:
        while done < index:
            state.apply(actions[done])
            done += 1
        screen = evaluate(state, worlds=screen_worlds, seed=rng.getrandbits(32), horizon=horizon)
        if screen.lead < margin:  # the screen only sorts out; the check judges
            continue
        check_seed = rng.getrandbits(32)
        check = evaluate(state, worlds=check_worlds, seed=check_seed, horizon=horizon)
        if not check.clear(margin) or check.moves[0] != screen.moves[0]:
            continue
        player = state.current_player
        assert player is not None
        yield Puzzle(
            id=f"{seed}-{index}",
            record=state.record(),
            player=player,
            answer=check.moves[0],
            accepts=_accepts(state, check.moves[0]),
            value=round(check.values[0], 4),
            runner_up=check.moves[1],
            runner_up_value=round(check.values[1], 4),
            values={m: round(v, 4) for m, v in zip(check.moves, check.values, strict=True)},
            margin=margin,
            difficulty=difficulty(state, check, rng, margin),
            search={"worlds": check_worlds, "seed": check_seed, "horizon": horizon},
            source=bots,
        )


def generate(
    info: GameInfo,
    *,
    count: int,
    seed: int,
    known: Sequence[Puzzle] = (),
    bots: str = "greedy",
    screen_worlds: int = SCREEN_WORLDS,
    check_worlds: int = CHECK_WORLDS,
    horizon: int | None = None,
    max_games: int | None = None,
    ending: float = 0.75,
    on_found: Callable[[Puzzle], None] | None = None,
) -> list[Puzzle]:
    """Up to ``count`` new puzzles (none of ``known``'s ids), from bot games seeded ``seed``,
    ``seed + 1``, …; at most one puzzle per game, so a set spreads over many deals."""
    seen = {p.id for p in known}
    found: list[Puzzle] = []
    game_seed = seed
    limit = max_games if max_games is not None else 20 * count + 20
    for _ in range(limit):
        if len(found) >= count:
            break
        best: Puzzle | None = None
        for puzzle in candidates(
            info, seed=game_seed, bots=bots, screen_worlds=screen_worlds, check_worlds=check_worlds,
            horizon=horizon, ending=ending,
        ):
            if puzzle.id not in seen and (best is None or _lead(puzzle) > _lead(best)):
                best = puzzle
        game_seed += 1
        if best is not None:
            found.append(best)
            seen.add(best.id)
            if on_found is not None:
                on_found(best)
    return found


def _lead(puzzle: Puzzle) -> float:
    return puzzle.value - puzzle.runner_up_value


def puzzles_file(info: GameInfo) -> Path:
    """Where the game's puzzles are kept: ``GameInfo.puzzles`` in the game's folder."""
    return Path(str(resources.files(info.package) / info.puzzles))


def load(info: GameInfo) -> list[Puzzle]:
    """The game's stored puzzles (none where it has no file yet)."""
    found = resources.files(info.package) / info.puzzles
    if not found.is_file():
        return []
    return _parse(found.read_text(encoding="utf-8"))


def load_file(path: Path) -> list[Puzzle]:
    """The puzzles of a file (none where there is no file yet)."""
    return _parse(path.read_text(encoding="utf-8")) if path.is_file() else []


def _parse(text: str) -> list[Puzzle]:
    return [Puzzle.from_json(item) for item in json.loads(text)]


def save(path: Path, puzzles: Sequence[Puzzle]) -> None:
    """Write ``puzzles`` as the game's set (a JSON list, one puzzle per element)."""
    text = json.dumps([p.to_json() for p in puzzles], ensure_ascii=False, indent=1)
    path.write_text(text + "\n", encoding="utf-8")


def position(puzzle: Puzzle) -> GameState:
    """The puzzle's position, rebuilt from its record."""
    return kartaros.replay(puzzle.record)


def recheck(puzzle: Puzzle) -> Evaluation:
    """The puzzle's check run again: the stored search's worlds, seed and horizon."""
    search = puzzle.search
    return evaluate(position(puzzle), worlds=search["worlds"], seed=search["seed"], horizon=search["horizon"])
