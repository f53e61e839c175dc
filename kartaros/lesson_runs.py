"""Running a guided first game (``kartaros.lessons``) for any interface: the learner's tries,
Next on a step that is read, the opponents' scripted moves. It knows no game: it reads the
game's declaration and the public state API.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import kartaros
from kartaros.errors import IllegalAction
from kartaros.lessons import Lesson, Step
from kartaros.state import GameState
from kartaros.words import N_, Catalog, shared

NOT_THIS_MOVE = N_("That move is legal, but this lesson asks for another one now.")
READ_FIRST = N_("Read the lesson's words, then click Next.")
LESSON_OVER = N_("The lesson is over.")
WELL_DONE = N_("Well done: that is the whole lesson. Start a real game from the home page.")


class LessonError(RuntimeError):
    """A lesson that does not replay: its script asks for a move the rules refuse, or runs out."""


@dataclass(frozen=True)
class Refusal:
    """A try refused: its words for the learner (``words(lang)``) and the English for programs."""

    message: str
    words: Callable[[str], str]


class LessonRun:
    """One learner's way through a lesson: the game, the step reached, the opponents' script.

    ``moved`` is called after every action applied (the learner's, one made for him, an
    opponent's), so an interface can show them one by one. A learner given no name is named in
    ``lang`` (``Player 1``, ``Igrač 1``), as a table names its seats when it is made."""

    def __init__(
        self, lesson: Lesson, learner_name: str = "", moved: Callable[[], None] | None = None, lang: str = "en",
    ) -> None:
        self.lesson = lesson
        self.info = kartaros.GAMES[lesson.game]
        self.state: GameState = kartaros.new_game(
            lesson.game, players=lesson.players, seed=lesson.seed, deck=list(lesson.deck),
            variant=dict(lesson.variant) or None,
        )
        seat_names = shared().speech(lang).seat_names(lesson.players)  # a learner without a name, in ``lang``
        self.names = [
            (learner_name.strip()[:24] or seat_names[p]) if given is None else given
            for p, given in enumerate(lesson.names)
        ]
        self.step_index = 0
        self.scripted = 0  # the opponents' moves made so far
        self.moved = moved or (lambda: None)
        self._catalog = Catalog(self.info.package)
        self._opponents()

    # ---- where the lesson is ------------------------------------------------------------------

    @property
    def step(self) -> Step | None:
        """The step the learner is at; None once the lesson is done."""
        steps = self.lesson.steps
        return steps[self.step_index] if self.step_index < len(steps) else None

    @property
    def done(self) -> bool:
        return self.step is None

    def waits_for_learner(self) -> bool:
        """Whether the learner may make a move by hand now (a step that asks for one)."""
        step = self.step
        return step is not None and not step.read and self.state.current_player == self.lesson.learner

    def say(self, message: str, lang: str) -> str:
        """A lesson's message in ``lang``, the players by name."""
        you = self.names[self.lesson.learner]
        others = [n for p, n in enumerate(self.names) if p != self.lesson.learner]
        bots = {f"bot{k + 1 if k else ''}": name for k, name in enumerate(others)}
        return self._catalog.speech(lang)(message, you=you, **bots)

    def words(self, lang: str) -> dict[str, Any]:
        """The lesson as a page shows it beside the table, in ``lang``."""
        step = self.step
        total = len(self.lesson.steps)
        if step is None:
            return {"step": total, "steps": total, "text": self.say(self.lesson.done or WELL_DONE, lang), "read": False,
                    "done": True, "cards": [], "places": []}
        return {
            "step": self.step_index, "steps": total, "text": self.say(step.text, lang), "read": step.read,
            "done": False, "cards": list(step.cards), "places": list(step.places),
        }

    # ---- going on --------------------------------------------------------------------------

    def go_on(self) -> Refusal | None:
        """Next, on a step that is read: its moves are made for the learner, and the step is done."""
        step = self.step
        if step is None:
            return Refusal("the lesson is over", lambda lang: shared().speech(lang)(LESSON_OVER))
        if not step.read:
            return Refusal("this step asks for a move", lambda lang: self.say(step.text, lang))
        for action in step.play:
            self._apply(action)
            self._opponents()
        self.step_index += 1
        return None

    def try_move(self, try_: str) -> Refusal | None:
        """The learner's try: played and the step done if it is one the step asks for; else
        refused, the state unchanged, with the rules' words (not legal) or the step's (legal,
        but not this lesson's move)."""
        step = self.step
        if step is None:
            return Refusal("the lesson is over", lambda lang: shared().speech(lang)(LESSON_OVER))
        if step.read or self.state.current_player != self.lesson.learner:
            return Refusal("read the lesson first", lambda lang: shared().speech(lang)(READ_FIRST))
        played = self.info.as_played(try_, self.state.legal_actions())
        if played is None:
            try:
                self.state.clone().apply(try_)
            except IllegalAction as err:
                names = list(self.names)
                return Refusal(str(err), partial(err.words, names))
            raise LessonError(f"{try_!r} is neither legal nor refused")  # pragma: no cover
        if played not in step.expect:
            message = step.instead or NOT_THIS_MOVE
            return Refusal(f"{played!r} is legal, but the lesson asks for {step.expect}",
                           lambda lang: self.say(message, lang))
        self._apply(played)
        self.step_index += 1
        self._opponents()
        return None

    def _apply(self, action: str) -> None:
        try:
            self.state.apply(action)
        except IllegalAction as err:
            raise LessonError(f"step {self.step_index}: {err}") from None
        self.moved()

    def _opponents(self) -> None:
        """The opponents' scripted moves, while one of them is to move."""
        state = self.state
        while not state.is_over and state.current_player not in (None, self.lesson.learner):
            if self.scripted >= len(self.lesson.bot):
                raise LessonError(f"the opponents' script ran out at step {self.step_index}")
            action = self.lesson.bot[self.scripted]
            self.scripted += 1
            self._apply(action)
