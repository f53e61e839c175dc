"""The exceptions of the public API: each is a ``ValueError`` with a sentence a person understands."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kartaros.state import Problem

# (names of the players by seat, language) -> the sentence in that language
Explain = Callable[[Sequence[str], str], str]


class IllegalAction(ValueError):
    """``apply`` was given something that is not a legal action now; the state is unchanged.

    ``str(err)`` is English for programmers: the action, what is wrong with it and what the
    player to move is to do (players by generic names), and the legal actions in notation.
    ``err.words(names, lang)`` is the same for the person who tried it, players by their
    names, in his language, without notation: what interfaces show. ``err.problem`` is
    what the rules found wrong with it, where they can tell (its ``kind`` a member of the
    game's ``Why`` enum), for programs.
    """

    def __init__(self, message: str, explain: Explain | None = None, problem: Problem | None = None) -> None:
        super().__init__(message)
        self._explain = explain
        self.problem = problem

    def words(self, names: Sequence[str], lang: str = "en") -> str:
        """Why the action is not legal now, for people (``lang``: ``en``, ``sr``, ``sr-Cyrl``)."""
        return self._explain(names, lang) if self._explain is not None else str(self)


class VariantError(ValueError):
    """A ``variant`` key is unknown or its value is not one the game allows."""


class RecordError(ValueError):
    """A record is malformed, or replaying it does not give the result it claims."""
