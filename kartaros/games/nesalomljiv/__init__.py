"""Nesalomljiv: secret duels of two weapons against a target card, for 2 players. The game's
one declaration.

The folder holds the rules (``rules.py``, reading like ``rules.md``; ``rules.sr.txt`` is the
Serbian original), the words for people (``words.py``), the heuristic (``heuristic.py``) and
the action space and observation tensor for learning agents (``tensors.py``).
"""

from dataclasses import replace

from kartaros.games.nesalomljiv import heuristic, hints, lesson, words
from kartaros.games.nesalomljiv.rules import OPTIONS, NesalomljivState, max_game_length
from kartaros.games.nesalomljiv.tensors import NesalomljivEncoder, NesalomljivSpace
from kartaros.info import GameInfo
from kartaros.words import game_words

# ``hard`` plays the heuristic: no search measured stronger here (docs/strength.md).
INFO = GameInfo(
    name="nesalomljiv",
    title="Nesalomljiv",
    summary=words.SUMMARY,
    order=2,
    min_players=2,
    max_players=2,
    options=OPTIONS,
    state=NesalomljivState,
    words=replace(game_words(words), hint=hints.describe_hint),  # why a hinted move is good
    heuristic=heuristic.policy,
    action_space=NesalomljivSpace,
    encoder=NesalomljivEncoder,
    max_game_length=max_game_length,
    guide={"en": "guide.md", "sr": "guide.sr.md"},  # the rules for players
    lesson=lesson.LESSON,  # the guided first game
)
