"""What every game declares about itself: the one place a game is registered.

A game is a folder ``kartaros/games/<name>/`` whose ``__init__`` declares ``INFO``, a
:class:`GameInfo`. Everything above the games (the registry, bots, the terminal, the server,
analysis, the learning environments) reads that declaration and the public state API, and
never names a game. ``docs/adding-a-game.md`` says what each field is for.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import TYPE_CHECKING, Any, Protocol

from kartaros.variant import Option

if TYPE_CHECKING:
    # the state imports this module at run time (the type of ``Outcome.info``); the learning
    # layer builds on the core, never the other way round
    from kartaros.lessons import Lesson
    from kartaros.rl.spaces import ActionSpace
    from kartaros.rl.tensors import Encoder
    from kartaros.state import GameState, Problem


@dataclass(frozen=True)
class TableRow:
    """One line of a game's table as a player sees it, for any interface to draw.

    ``cards`` are card codes drawn as cards (``None``: no cards on this line, an empty list:
    an empty pile); ``more`` says earlier cards were left out; ``note`` follows in words;
    ``alert`` marks what needs the player's eye (the player to move, a hold to answer);
    ``backs`` is a number of face-down cards to draw before the face-up ones (an opponent's
    hand, a pile: pages draw at most a few and let the note say how many).
    ``mover`` marks the row of the player who must act now.
    A row with an empty label is a gap.
    """

    label: str
    cards: Sequence[str] | None = None
    note: str = ""
    more: bool = False
    alert: bool = False
    backs: int = 0
    mover: bool = False


# How a game puts things into words for people. ``lang`` is ``"en"`` (English) or ``"sr"``
# (Serbian, Latin script): see ``kartaros.words``.
#
# The observation and the event are ``Any`` here, and only here: each game's functions take its
# own ``TypedDict``s (its ``views.py``), and a function that takes one game's observation is no
# function of every game's (parameters are contravariant), so no narrower type would admit
# them. Callers pass what that game's ``observation()`` gave; the games' modules are checked
# against their own types.


class DescribeAction(Protocol):
    def __call__(self, observation: Any, action: str, names: Sequence[str], /, lang: str = "en") -> str: ...


class DescribeEvent(Protocol):
    def __call__(self, event: Any, names: Sequence[str], /, lang: str = "en") -> str: ...


class DescribeTable(Protocol):
    def __call__(self, observation: Any, names: Sequence[str], /, lang: str = "en") -> list[TableRow]: ...


class DescribeTurn(Protocol):
    def __call__(self, observation: Any, names: Sequence[str], /, lang: str = "en") -> str: ...


class HintWords(Protocol):
    def __call__(self, observation: Any, action: str, names: Sequence[str], /, lang: str = "en") -> str | None: ...


class DescribeIllegal(Protocol):
    def __call__(
        self, observation: Any, action: object, problem: Problem | None, names: Sequence[str], lang: str, /
    ) -> str: ...


@dataclass(frozen=True)
class OptionWords:
    """A rule option for people: what it is called, what it does, and each choice in words
    (``choices`` is empty for a number)."""

    name: str  # the option's name in a variant, e.g. ``"pairs_to"``
    label: str
    explanation: str
    choices: Mapping[object, str]


@dataclass(frozen=True)
class Words:
    """A game's words for people, one function per kind of sentence. A game builds it from
    its words module with :func:`kartaros.words.game_words`."""

    # (observation, action, names, lang="en") -> an action of the player to move, in words
    action: DescribeAction
    # (event, names, lang="en") -> one observed event as a sentence, names indexed by seat
    event: DescribeEvent
    # (observation, names, lang="en") -> the table as the observing player sees it
    table: DescribeTable
    # (observation, names, lang="en") -> what the player to move is doing now, in a few words
    turn: DescribeTurn
    # (observation of the player to move, action, the rules' problem with it or None, names,
    # lang) -> why the action is not legal now, for that player
    illegal: DescribeIllegal
    # (count, lang) -> names for players who were given none ("Player 1", …)
    seat_names: Callable[[int, str], list[str]]
    # (lang) -> the label of the button that calls out a miss, in a game with calls
    call_button: Callable[[str], str] | None = None
    # (lang="en") -> the game in one sentence (``GameInfo.summary`` is the English)
    summary: Callable[[str], str] | None = None
    # (lang="en") -> the rule options for people, in the order of ``GameInfo.options``
    options: Callable[[str], list[OptionWords]] | None = None
    # (observation of the player to move, the move a hint suggests, names, lang="en") -> why it
    # is good in the game's terms (the hold it threatens, the pile it fits), or None where the
    # game has nothing to say of it: ``kartaros.analysis.hints`` then says what the search found
    hint: HintWords | None = None


# The heuristic: (observation without its event history, legal actions, generator) -> one of
# the legal actions. It sees only what the player may know; search rollouts call it too, so
# it must be fast and must not need the events. The observation is ``Any`` for the reason the
# words' is (above): each game's policy takes its own observation type.
Policy = Callable[[Any, list[str], random.Random], str]

# A bot by name and parameters, as ``kartaros.bots.make`` takes them.
BotSetting = tuple[str, Mapping[str, Any]]

GREEDY: BotSetting = ("greedy", {})

# The files a game's folder may give the pages: its table's layout (``docs/adding-a-game.md``).
PAGE_FILES = ("table.js", "table.css")


@dataclass(frozen=True)
class PuzzleSearch:
    """How a game's puzzles are judged (``kartaros.analysis.puzzles``), where the defaults do
    not fit the game: the least lead of the answer over the runner-up (in the mover's return,
    from 0 to 1), and the play-on cut of the evaluation in moves (``None``: the cut of the
    game's declared PIMC search, ``GameInfo.hard``, or the end of the game without one)."""

    margin: float = 0.1
    horizon: int | None = None


def _one_winner(players: int, variant: Mapping[str, Any]) -> float:
    return 1.0


def _no_calls(variant: Mapping[str, Any]) -> bool:
    return False


@dataclass(frozen=True)
class GameInfo:
    """What a game declares about itself, read by everything above the games."""

    name: str  # the game's name in records and commands
    title: str  # its name for people
    summary: str
    order: int  # where interfaces list it among the games
    min_players: int
    max_players: int
    options: tuple[Option, ...]
    state: type[GameState]  # the rules: ``state.create(players, seed, deck, variant)``
    words: Words
    heuristic: Policy  # the greedy bot's policy, also the searches' prior and rollouts
    # (players, variant) -> the fixed action space and the observation tensor (``docs/rl.md``)
    action_space: Callable[[int, Mapping[str, Any] | None], ActionSpace]
    encoder: Callable[..., Encoder[Any]]
    # (players, full variant) -> an upper bound on the actions of one game (its safety bound)
    max_game_length: Callable[[int, Mapping[str, Any]], int]
    # (players, full variant) -> what the returns of a finished game add up to
    utility_sum: Callable[[int, Mapping[str, Any]], float] = _one_winner
    # The bot the ``hard`` level plays: the search measured stronger than the heuristic
    # (``docs/strength.md``), or the heuristic where none was.
    hard: BotSetting = GREEDY
    # Actions that are one move for every purpose of the rules (in Keč suits play no role), so
    # a search weighs each move once: action -> its class name; ``None``: every action its own.
    move_class: Callable[[str], str] | None = None
    # Deliberate rule breaks others may call out (Tač's misses), which the searches and the
    # heuristic never choose unless nothing else is legal (the levels make them at their
    # ``miss_rate``, as people do); ``None``: the game has none.
    is_miss: Callable[[str], bool] | None = None
    # The action that calls out another player's miss, and whether a variant plays with calls.
    call_action: str | None = None
    calls: Callable[[Mapping[str, Any]], bool] = _no_calls
    # Options people play with, where they differ from the defaults kept for simulations
    # (Tač: misses and calls exist only in "open" mode); interfaces for people start here.
    people_variant: Mapping[str, Any] = field(default_factory=dict)
    # Whether a player at a table may offer a draw, which his opponent may accept: a game of two
    # that can end drawn (the server's table events, ``kartaros.server.clocks``).
    draw_offers: bool = False
    # What a person may try now, where that is more than the legal actions (``offers``): in Tač
    # with open calls the card to play may be put onto any pile in play, as at a real table
    # where nobody says where it fits (T11, T12); ``None``: the legal actions.
    tries: Callable[[GameState], list[str]] | None = None
    # (a try, the legal actions) -> the legal action the try is (``as_played``), or ``None``
    # where it does not go; ``None``: a try is the legal action it names.
    reads_try: Callable[[str, Sequence[str]], str | None] | None = None
    # The rules written for players, by language (``en``, ``sr``): Markdown files of the game's
    # folder, with card pictures (``docs/adding-a-game.md``); empty: the game has none yet.
    guide: Mapping[str, str] = field(default_factory=dict)
    # The game's puzzles: a JSON file of its folder (``kartaros.analysis.puzzles``), positions
    # of bot games with one clearly best move; a game without the file has none yet.
    puzzles: str = "puzzles.json"
    # How its puzzles are judged, where a game's moves are weighed on another scale.
    puzzle_search: PuzzleSearch = PuzzleSearch()
    # The guided first game (``kartaros.lessons``): a stacked deck, the opponents' fixed moves and
    # the steps that teach; ``None``: the game has none yet.
    lesson: Lesson | None = None
    # The fixed action spaces made so far, by player count (a space is made once and shared).
    _spaces: dict[int, ActionSpace] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.state.game != self.name:
            raise ValueError(f"{self.state.__name__} plays {self.state.game!r}, not {self.name!r}")
        self.state.info = self  # a state reads its own declaration (its action space, its words)

    @property
    def default_players(self) -> int:
        return self.min_players

    def create(
        self, players: int, seed: int | None, deck: Sequence[str] | None, variant: Mapping[str, Any] | None
    ) -> GameState:
        """A new state of this game (``kartaros.new_game`` checks its arguments first)."""
        return self.state.create(players, seed, deck, variant)

    def offers(self, state: GameState) -> list[str]:
        """The tries a person may make now: what interfaces offer to click or type. Each either
        is a legal action (``as_played``) or is refused with the rules' words of why (the
        state's ``apply`` says it); every legal action is some try's. Empty once over."""
        if state.current_player is None:
            return []
        return self.tries(state) if self.tries is not None else state.legal_actions()

    def as_played(self, try_: str, legal: Sequence[str]) -> str | None:
        """The legal action among ``legal`` that ``try_`` is, or ``None``: it does not go now."""
        if self.reads_try is not None:
            return self.reads_try(try_, legal)
        return try_ if try_ in legal else None

    def space(self, players: int) -> ActionSpace:
        """The fixed action space for ``players`` (no variant option changes a space)."""
        found = self._spaces.get(players)
        if found is None:
            found = self._spaces[players] = self.action_space(players, None)
        return found

    @property
    def package(self) -> str:
        """The game's folder as a package (``kartaros.games.<name>``): its rules, words, pages."""
        return self.state.__module__.rpartition(".")[0]

    def rules_text(self, lang: str = "en") -> str:
        """The rules: ``en`` as implemented (Markdown, rule ids), ``sr`` the Serbian original."""
        files = {"en": "rules.md", "sr": "rules.sr.txt"}
        if lang not in files:
            raise ValueError(f"rules come in en or sr; got {lang!r}")
        return (resources.files(self.package) / files[lang]).read_text(encoding="utf-8")

    def guide_text(self, lang: str = "en") -> str | None:
        """The rules for players in ``lang`` (Markdown), or ``None`` where the game has none in it."""
        name = self.guide.get(lang)
        return None if name is None else (resources.files(self.package) / name).read_text(encoding="utf-8")

    def page_file(self, name: str) -> str | None:
        """A file of the game's own for the pages (its table module ``table.js``), or ``None``."""
        if name not in PAGE_FILES:
            return None
        found = resources.files(self.package) / name
        return found.read_text(encoding="utf-8") if found.is_file() else None
