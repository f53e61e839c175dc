"""Guided first games: a lesson is a game on a stacked deck against a scripted opponent, told
a few steps at a time.

A game declares its lesson in its ``GameInfo`` (``lesson``), as data of its own folder: the deck
(top first), the opponents' moves in the order they make them, and the steps. Each step says in
words what to look at (a message of the game's catalog, players by name: ``{you}``, ``{bot}``),
may point at cards or at places of the game's table layout, and either asks for one of its
``expect`` moves, made by hand as in a real game, or is read and then gone on from with Next (its
``play`` moves, if any, are then made for the learner while he watches).

A try that is not legal is refused with the rules' own words of why (``IllegalAction.words``); a
legal move that is not the one the step teaches is refused with the step's ``instead``. Either
way the state is unchanged and the learner tries again. ``kartaros.lesson_runs.LessonRun``
runs a lesson for any interface; it knows no game. This module is data only, of the core: the
games' folders declare their lessons with it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Step:
    """One step of a lesson.

    ``text``: what to look at now, a message of the game's catalog (``{you}``: the learner,
    ``{bot}``, ``{bot2}`` …: the opponents in seat order, by name). ``expect``: the moves that
    go on (legal actions, any of them); empty: the step is read, then Next, which makes ``play``
    for the learner. ``instead``: what a legal move other than those is told (a message like
    ``text``). ``cards``: card codes to point at; ``places``: places of the game's own table
    layout to point at (CSS selectors of its ``table.js``, or of the page's call button
    ``#call``): for a step that asks for a move, the places a person clicks to make it, in order."""

    text: str
    expect: tuple[str, ...] = ()
    instead: str = ""
    cards: tuple[str, ...] = ()
    places: tuple[str, ...] = ()
    play: tuple[str, ...] = ()

    @property
    def read(self) -> bool:
        """Whether the step is read and gone on from by Next (no move of the learner's asked)."""
        return not self.expect


@dataclass(frozen=True)
class Lesson:
    """A guided first game: ``game`` on ``deck`` (top first), the learner at ``learner``, the
    other seats named by ``names`` (``None`` at the learner's), playing ``bot`` in order."""

    game: str
    deck: tuple[str, ...]
    steps: tuple[Step, ...]
    bot: tuple[str, ...]
    names: tuple[str | None, ...]
    learner: int = 0
    variant: Mapping[str, Any] = field(default_factory=dict)
    seed: int = 1  # the game's generator (a trick gathered in random order, P8), so a lesson repeats
    # The message shown once every step is done (a message of the game's catalog; empty: the
    # runner's own "well done").
    done: str = ""
    # The game's returns when the last step is done, if the lesson plays it to its end (None:
    # the game goes on, the lesson having shown what it teaches).
    returns: tuple[float, ...] | None = None

    @property
    def players(self) -> int:
        return len(self.names)


def deal_order(piles: Sequence[Sequence[str]]) -> tuple[str, ...]:
    """A deck that deals ``piles`` (each player's cards, first dealt first) one card at a time
    to each player in turn, player 0 first."""
    size = len(piles[0])
    if any(len(pile) != size for pile in piles):
        raise ValueError("every player is dealt as many cards")
    return tuple(pile[j] for j in range(size) for pile in piles)
