"""Puck: Poker crossed with War, for 2 to 4 players. The game's one declaration.

The folder holds the rules (``rules.py``, reading like ``rules.md``; ``rules.sr.txt`` is the
Serbian original), the words for people (``words.py``), the heuristic (``heuristic.py``) and
the action space and observation tensor for learning agents (``tensors.py``).
"""

from dataclasses import replace

from kartaros.games.puck import heuristic, hints, lesson, words
from kartaros.games.puck.rules import OPTIONS, PuckState, max_game_length
from kartaros.games.puck.tensors import PuckEncoder, PuckSpace
from kartaros.info import GameInfo, PuzzleSearch
from kartaros.words import game_words

# ``hard`` plays PIMC: it beat the heuristic for 2, 3 and 4 players, a tenth to a third of a
# second a move; ISMCTS with a paired baseline is as strong here, but slower (docs/strength.md).
INFO = GameInfo(
    name="puck",
    title="Puck",
    summary=words.SUMMARY,
    order=4,
    min_players=2,
    max_players=4,
    options=OPTIONS,
    state=PuckState,
    words=replace(game_words(words), hint=hints.describe_hint),  # why a hinted move is good
    heuristic=heuristic.policy,
    action_space=PuckSpace,
    encoder=PuckEncoder,
    max_game_length=max_game_length,
    hard=("pimc", {"worlds": 60, "horizon": 8}),
    guide={"en": "guide.md", "sr": "guide.sr.md"},  # the rules for players
    # Puzzles: an exchange decides one trick, and a trick moves a few cards of 52, so no single
    # move shifts the mover's share of the win (his share of the cards, before the end) by the
    # default tenth; and the deals after the trick only add noise. A puzzle's moves are weighed
    # by the cards held right after the trick (two moves on: the rest of the exchange and the
    # showdown), and the answer must win about a card and a half more than any other (0.03).
    puzzle_search=PuzzleSearch(margin=0.03, horizon=2),
    lesson=lesson.LESSON,  # the guided first game
)
