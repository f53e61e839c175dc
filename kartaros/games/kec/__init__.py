"""Keč: catch wrestling with cards, for 2 players. The game's one declaration.

The folder holds the rules (``rules.py``, reading like ``rules.md``; ``rules.sr.txt`` is the
Serbian original), the words for people (``words.py``), the heuristic (``heuristic.py``) and
the action space and observation tensor for learning agents (``tensors.py``).
"""

from dataclasses import replace

from kartaros.games.kec import heuristic, hints, lesson, words
from kartaros.games.kec.rules import OPTIONS, KecState, max_game_length, move_class
from kartaros.games.kec.tensors import KecEncoder, KecSpace
from kartaros.info import GameInfo
from kartaros.words import game_words

# ``hard`` plays ISMCTS with a paired baseline and a 40-move horizon: it beat the heuristic
# 0.587 [0.530, 0.641] over 300 games at about 0.4 s a move (docs/strength.md).
HARD_SEARCH = {
    "iterations": 100, "prior": "greedy", "rollout": "greedy", "horizon": 40, "baseline": "greedy",
    "c": 0.1, "anchor": 1,
}

INFO = GameInfo(
    name="kec",
    title="Keč",
    summary=words.SUMMARY,
    order=1,
    min_players=2,
    max_players=2,
    options=OPTIONS,
    state=KecState,
    words=replace(game_words(words), hint=hints.describe_hint),  # why a hinted move is good
    heuristic=heuristic.policy,
    action_space=KecSpace,
    encoder=KecEncoder,
    max_game_length=max_game_length,
    hard=("ismcts", HARD_SEARCH),
    move_class=move_class,
    draw_offers=True,  # two players, and a game that may end drawn (K12): a draw may be agreed at the table
    guide={"en": "guide.md", "sr": "guide.sr.md"},  # the rules for players
    lesson=lesson.LESSON,  # the guided first game
)
