"""A game's :class:`~kartaros.info.Words`, built from its words module, and the sentences every
game shares: why an action is not legal now, and the names of players who were given none."""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import Any

from kartaros.info import Words
from kartaros.state import Problem
from kartaros.views import Observation
from kartaros.words.speech import N_, shared

NOT_TEXT = N_("A move is written as text, in the game's notation.")
OVER = N_("The game is over: no move is legal any more.")
NOT_LEGAL = N_("That is not a legal move now.")
NOT_LEGAL_BECAUSE = N_("That is not a legal move now: {problem}.")
TASK = N_("Your move: {task}.")


def seat_names(count: int, lang: str = "en") -> list[str]:
    """Names for ``count`` players who were given none: ``Player 1`` … / ``Igrač 1`` …"""
    return shared().speech(lang).seat_names(count)


def game_words(module: ModuleType) -> Words:
    """The words a game's ``words`` module gives by their usual names: ``describe_action``,
    ``describe_event``, ``describe_table``, ``describe_turn``, and where it has them
    ``describe_problem`` (what is wrong with an illegal action, from the rules' ``Problem``),
    ``describe_summary``, ``describe_options`` and ``call_button``."""
    turn = module.describe_turn
    problem_words = getattr(module, "describe_problem", None)

    def illegal(
        observation: Observation[Any], action: object, problem: Problem | None, names: Sequence[str], lang: str
    ) -> str:
        """Why ``action`` is not legal now, for the player to move, from his observation:
        what is wrong with it where the rules can tell, then what he is to do."""
        say = shared().speech(lang)
        if not isinstance(action, str):
            return say(NOT_TEXT)
        if observation["current_player"] is None:
            return say(OVER)
        why = problem_words(observation, problem, names, lang) if problem is not None and problem_words else ""
        head = say(NOT_LEGAL_BECAUSE, problem=why) if why else say(NOT_LEGAL)
        task = turn(observation, names, lang)
        return f"{head} {say(TASK, task=task)}" if task else head

    return Words(
        action=module.describe_action,
        event=module.describe_event,
        table=module.describe_table,
        turn=turn,
        illegal=illegal,
        seat_names=seat_names,
        summary=getattr(module, "describe_summary", None),
        options=getattr(module, "describe_options", None),
        call_button=getattr(module, "call_button", None),
    )
