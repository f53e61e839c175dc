"""Hints and reviews: the strong bot's suggestion for the player to move, and after a game the
player's moves it judged clearly worse, both worked out from the player's observation alone.

The search is the one puzzles are checked by (``kartaros.analysis.puzzles``): PIMC over worlds
sampled from the player's information set (``state.determinize(player, seed)``), every move the
searches weigh tried in each world and played on by the heuristic for every seat, each move
scored by the player's mean return (a share of the win, 0 to 1). Every move shares each world
and its tie-breaking seed, so two moves are compared within the same deal.

Hidden information: a world depends on what the player saw and the seed only (each game
re-deals the unseen cards from a canonical order), and the play-on's heuristic reads
observations without their events, so two positions the player cannot tell apart give the same
hint for the same seed (``tests/test_hints.py`` checks it on every game).

A move is *clearly worse* in a review when the best move's mean return is at least
``REVIEW_MARGIN`` above it, in the same worlds: a fifth of a game, twice the puzzles' margin,
since a review looks at many decisions with fewer worlds each and must not cry wolf.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import kartaros
from kartaros.analysis.puzzles import _play_on, default_horizon
from kartaros.bots.greedy import greedy_move
from kartaros.bots.ismcts import search_moves
from kartaros.state import NO_EVENTS, GameState
from kartaros.words import N_, shared

HINT_WORLDS = 24  # worlds a hint searches, unless its time runs out first
HINT_SECONDS = 3.0  # the most a hint thinks, whatever its worlds
REVIEW_WORLDS = 12  # worlds per decision of a review
REVIEW_DECISIONS = 24  # the most decisions a review looks at (spread over the game)
ANCHOR = 1.0  # standard errors the search's best must lead the heuristic's move by to be the hint
REVIEW_MARGIN = 0.2  # how much better the best move must be for a move to be marked (a share of the win)

# The general reason, where the game has none of its own to give (or in addition to it).
WON_MOST = N_("In {worlds} deals the search tried from what you can see, this move won about "
              "{wins}; the next best, {other}, about {other_wins}.")
TOO_CLOSE = N_("In {worlds} deals the search tried from what you can see, this move won about {wins} and "
               "{other} about {other_wins}: too close to tell apart in so few deals, so the usual play stands.")
ONLY_ONE = N_("It is the only move there is now.")
SAME_ALL = N_("Every move did about as well in the deals the search tried: this one is as good as any.")


@dataclass(frozen=True)
class Judgement:
    """Each move the search weighed at one position, scored for the player to move."""

    player: int
    moves: tuple[str, ...]  # best first (ties in the legal order)
    values: tuple[float, ...]  # the player's mean return, in the order of ``moves``
    worlds: int  # how many worlds were searched (fewer than asked where the time ran out)
    classes: dict[str, str] = field(default_factory=dict)  # each legal action -> the move it is
    rows: tuple[tuple[float, ...], ...] = ()  # per world, each move's return, in the order of ``moves``

    @property
    def best(self) -> str:
        return self.moves[0]

    def value(self, action: str) -> float | None:
        """The mean return of ``action`` (any legal action of a weighed move), or None."""
        move = self.classes.get(action, action)
        return self.values[self.moves.index(move)] if move in self.moves else None

    def lead_error(self, better: str, worse: str) -> float:
        """The standard error of ``better``'s mean lead over ``worse`` (paired by world)."""
        i, j = self.moves.index(better), self.moves.index(worse)
        diffs = [row[i] - row[j] for row in self.rows]
        if len(diffs) < 2:
            return math.inf
        mean = sum(diffs) / len(diffs)
        return math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1) / len(diffs))

    def wins(self, move: str) -> int:
        """About how many of the worlds ``move`` won (its mean return times the worlds)."""
        value = self.value(move)
        return 0 if value is None else round(value * self.worlds)


def judge(
    state: GameState,
    *,
    worlds: int,
    seed: int,
    seconds: float | None = None,
    horizon: int | None = None,
    also: Sequence[str] = (),
    clock: Callable[[], float] = time.monotonic,
) -> Judgement:
    """Every move the searches weigh at ``state`` (and ``also``: a move played that they leave
    out, such as a miss), scored for the player to move from that player's information set
    only. At least one world is searched; ``seconds`` cuts the rest short (a bound on the
    thinking, not a game clock: without it the same ``seed`` gives the same numbers)."""
    me = state.current_player
    if me is None:
        raise ValueError("nobody is to move: the game is over")
    moves, names = search_moves(state)
    classes = dict(zip(moves, names, strict=True))
    move_class = state.info.move_class
    for action in state.legal_actions():
        if action not in classes and move_class is not None:
            # an action of a class already weighed is that move (Keč: suits play no role)
            first = next((m for m in moves if move_class(m) == move_class(action)), None)
            if first is not None:
                classes[action] = first
    for action in also:
        if action not in classes and action not in moves:
            moves.append(action)
            classes[action] = action
    if len(moves) == 1:
        return Judgement(me, (moves[0],), (1.0,), 0, {a: moves[0] for a in classes} | {moves[0]: moves[0]})
    rng = random.Random(seed)
    rows: list[list[float]] = []
    started = clock()
    while len(rows) < worlds:
        if rows and seconds is not None and clock() - started > seconds:
            break
        world = state.determinize(me, rng.getrandbits(64))
        tie_seed = rng.getrandbits(64)
        rows.append([_play_on(world.clone(), action, me, tie_seed, horizon) for action in moves])
    done = len(rows)
    means = [sum(row[i] for row in rows) / done for i in range(len(moves))]
    order = sorted(range(len(moves)), key=lambda i: -means[i])
    return Judgement(
        me, tuple(moves[i] for i in order), tuple(means[i] for i in order), done,
        {a: c for a, c in classes.items()} | {m: m for m in moves},
        tuple(tuple(row[i] for i in order) for row in rows),
    )


@dataclass(frozen=True)
class Hint:
    """The strong bot's suggestion for the player to move: a legal action, why in the game's
    terms (``reason``, empty where the game says nothing of it), and what the search found."""

    action: str
    reason: str
    numbers: str
    worlds: int
    value: float
    values: dict[str, float]


def hint(
    state: GameState,
    names: Sequence[str],
    lang: str = "en",
    *,
    seed: int,
    worlds: int = HINT_WORLDS,
    seconds: float | None = HINT_SECONDS,
) -> Hint:
    """The hint for the player to move in ``state``, from that player's observation only."""
    found = judge(state, worlds=worlds, seed=seed, seconds=seconds, horizon=default_horizon(state.info))
    # The heuristic's move stands unless the search's best beats it by ``ANCHOR`` standard errors
    # (PIMC's anchor): with a few dozen worlds the rest of a game adds noise to every move, and
    # the heuristic's choice has reasons a game can put into words.
    plain = greedy_move(state, list(found.moves), random.Random(seed))
    action = found.best
    if found.worlds and action != plain:
        lead = found.values[0] - (found.value(plain) or 0.0)
        if lead <= ANCHOR * found.lead_error(action, plain):
            action = plain
    return Hint(action, reason(state, action, names, lang), numbers(found, action, state, names, lang),
                found.worlds, found.value(action) or 0.0, dict(zip(found.moves, found.values, strict=True)))


def reason(state: GameState, action: str, names: Sequence[str], lang: str) -> str:
    """Why ``action`` is good, in the game's terms (its ``Words.hint``), or empty."""
    words = state.info.words.hint
    if words is None or state.current_player is None:
        return ""
    return words(state.observation(state.current_player, since=NO_EVENTS), action, names, lang) or ""


def numbers(found: Judgement, action: str, state: GameState, names: Sequence[str], lang: str) -> str:
    """What the search found, in a sentence: how often the move won, and the next best."""
    say = shared().speech(lang)
    if found.worlds == 0:
        return say(ONLY_ONE)
    move = found.classes.get(action, action)
    others = [m for m in found.moves if m != move]
    if not others or found.values[0] - found.values[-1] < 1e-9:
        return say(SAME_ALL)
    other = others[0]
    observation = state.observation(found.player, since=NO_EVENTS)
    other_words = state.info.words.action(observation, other, names, lang)
    values = dict(worlds=found.worlds, wins=found.wins(move), other=other_words, other_wins=found.wins(other))
    if (found.value(other) or 0.0) > (found.value(move) or 0.0):
        return say(TOO_CLOSE, **values)
    return say(WON_MOST, **values)


@dataclass(frozen=True)
class Mark:
    """A move of the reviewed player that the search judged clearly worse than its best."""

    index: int  # the action's index in the game's actions (the position before it)
    played: str
    better: str
    played_value: float
    better_value: float
    worlds: int


def start(record: dict[str, Any]) -> GameState:
    """The position before the first action of ``record`` (its deal): what a review replays from."""
    setup = {k: v for k, v in record.items() if k not in ("actions", "result", "determinized", "times")}
    return kartaros.replay({**setup, "actions": []})


def decisions(record: dict[str, Any], player: int, limit: int = REVIEW_DECISIONS) -> list[int]:
    """The indices of ``player``'s actions in the game where he had a real choice (two moves the
    searches weigh): all of them, or ``limit`` spread evenly from the first to the last."""
    state = start(record)
    found = []
    for index, action in enumerate(record["actions"]):
        if state.current_player == player and len(search_moves(state)[0]) > 1:
            found.append(index)
        state.apply(action)
    if len(found) <= limit:
        return found
    if limit == 1:
        return found[-1:]
    step = (len(found) - 1) / (limit - 1)
    return sorted({found[round(i * step)] for i in range(limit)})


def review(
    record: dict[str, Any],
    player: int,
    *,
    seed: int,
    worlds: int = REVIEW_WORLDS,
    limit: int = REVIEW_DECISIONS,
    margin: float = REVIEW_MARGIN,
    seconds: float | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[Mark]:
    """``player``'s moves of a finished game (its ``record``) that the search judged at least
    ``margin`` worse than its best, each position judged from his observation there alone.
    ``progress(done, total)`` is told after each decision; ``seconds`` bounds each decision."""
    wanted = set(decisions(record, player, limit))
    state = start(record)
    rng = random.Random(seed)
    marks: list[Mark] = []
    done = 0
    if progress is not None:
        progress(0, len(wanted))
    horizon = default_horizon(state.info)
    for index, action in enumerate(record["actions"]):
        if index in wanted:
            found = judge(state, worlds=worlds, seed=rng.getrandbits(32), seconds=seconds, horizon=horizon,
                          also=[action])
            played = found.value(action)
            if played is not None and found.values[0] - played >= margin and found.classes.get(action) != found.best:
                marks.append(Mark(index, action, found.best, round(played, 3), round(found.values[0], 3), found.worlds))
            done += 1
            if progress is not None:
                progress(done, len(wanted))
        if done == len(wanted):
            break  # the rest of the game is nobody's decision under review
        state.apply(action)
    return marks
