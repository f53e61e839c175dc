"""Tač: a race to shed every card onto ascending piles, for 2 to 8 players. The game's one
declaration.

The folder holds the rules (``rules.py``, reading like ``rules.md``; ``rules.sr.txt`` is the
Serbian original), the words for people (``words.py``), the heuristic (``heuristic.py``) and
the action space and observation tensor for learning agents (``tensors.py``).
"""

from dataclasses import replace

from kartaros.games.tac import heuristic, hints, lesson, words
from kartaros.games.tac.rules import (
    CALL_ACTION,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTIONS,
    TacState,
    is_miss,
    max_game_length,
    plays_calls,
    reads_try,
    tries,
    utility_sum,
)
from kartaros.games.tac.tensors import TacEncoder, TacSpace
from kartaros.info import GameInfo
from kartaros.words import game_words

# ``hard`` plays the heuristic: no search measured stronger here (docs/strength.md).
INFO = GameInfo(
    name="tac",
    title="Tač",
    summary=words.SUMMARY,
    order=3,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=OPTIONS,
    state=TacState,
    words=replace(game_words(words), hint=hints.describe_hint),  # why a hinted move is good
    heuristic=heuristic.policy,
    action_space=TacSpace,
    encoder=TacEncoder,
    max_game_length=max_game_length,
    utility_sum=utility_sum,
    is_miss=is_miss,
    call_action=CALL_ACTION,
    calls=plays_calls,
    people_variant={"calls": "open"},  # T12: people play with misses and the call
    tries=tries,  # T7, T11: with calls, the card to play may be tried on every pile in play
    reads_try=reads_try,
    guide={"en": "guide.md", "sr": "guide.sr.md"},  # the rules for players
    lesson=lesson.LESSON,  # the guided first game
)
