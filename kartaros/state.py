"""The state protocol every game implements, and the machinery they share.

A game subclasses :class:`GameState` and fills in the hooks marked "game hook". The base class
owns what must behave the same in every game: the legal-move cache that ``apply`` looks actions
up in (no grammar is parsed per move), the action history, the outcome and the record, the
ending and its event (``_finish``), the illegal-move sentence, the header and history of every
observation, and ``clone``, generated per class from the fields it declares.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import IntEnum, StrEnum
from types import MappingProxyType
from typing import Any, ClassVar, Final, Literal, NamedTuple, Self

from kartaros.cards import parse_deck
from kartaros.errors import IllegalAction, RecordError
from kartaros.info import GameInfo  # at run time: a compiled build (mypyc) evaluates a dataclass's annotations
from kartaros.rng import Rng, new_seed
from kartaros.variant import Option, resolve_variant
from kartaros.views import EndView, Observation

RECORD_FORMAT: Final = "kartaros-record"
RECORD_VERSION: Final = 1
NO_EVENTS: Final = 1 << 62  # ``observation(p, since=NO_EVENTS)``: the view without its event history, cheap
PLAYOUT_ACTION: Final = "…"  # stands in the action list for a move made by ``playout``


class End(NamedTuple):
    """The last event of every game: why it ended and the returns (``player`` is always -1)."""

    kind: Literal["end"]
    player: int
    reason: StrEnum
    returns: tuple[float, ...]


def end_view(event: End) -> EndView:
    """The end event as every player sees it."""
    return {"type": "end", "reason": str(event.reason), "returns": list(event.returns)}


class Problem(NamedTuple):
    """What is wrong with an illegal action, where the game can tell: one of the game's own
    kinds of problem and its particulars. The rules find it; the game's words say it
    (``describe_problem``), so the rules keep no sentences."""

    kind: StrEnum
    cards: tuple[str, ...] = ()  # the cards it is about, by code
    seat: int = -1  # the player it is about (whose pile), or -1
    number: int = 0  # a number it is about
    text: str = ""  # how the action is written instead, in notation


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the returns per player and a reason, which the game's words put into
    a sentence (``words``, ``detail``).

    ``reason`` is a member of the game's own ``Reason`` enum (a :class:`~enum.StrEnum`): it
    compares equal to, formats as and serialises as its value, a word that never changes
    (``"choke"``); records and observations hold the plain word.
    """

    returns: tuple[float, ...]
    reason: StrEnum
    info: GameInfo = field(compare=False, repr=False)  # the game's declaration, for its words

    def words(self, names: Sequence[str], lang: str = "en") -> str:
        """How the game ended, for people: the game's words for its end event, players by name."""
        return self.info.words.event(end_view(End("end", -1, self.reason, self.returns)), names, lang)

    @property
    def detail(self) -> str:
        """How the game ended in English, players by generic names (``Player 1`` …): the
        sentence records keep."""
        return self.words(self.info.words.seat_names(len(self.returns), "en"))

    @property
    def winners(self) -> list[int]:
        """The players with the best return; empty when everyone got the same (a draw)."""
        best = max(self.returns)
        if min(self.returns) == best:
            return []
        return [p for p, r in enumerate(self.returns) if r == best]


class GameState(ABC):
    """One position of one game. See ``docs/api.md`` for the contract of each method."""

    game: ClassVar[str]
    info: ClassVar[GameInfo]  # the game's declaration, bound by ``GameInfo`` itself
    # What ``clone`` does with each field: every class names each of its own slots once, in
    # one of these (its ``__slots__`` are made of them); see ``_clone_function``.
    _share: ClassVar[tuple[str, ...]] = (  # values, and objects never mutated: the clone shares them
        "num_players", "variant", "seed", "deck", "phase",
        "_legal",  # the cached dict is never mutated, only replaced
        "_outcome", "_played_out",
    )
    _copy: ClassVar[tuple[str, ...]] = ("events", "_actions", "_determinized")  # lists: ``.copy()``
    _copy_each: ClassVar[tuple[str, ...]] = ()  # lists of lists: each inner list copied
    _clone: ClassVar[tuple[str, ...]] = ("_rng",)  # objects with their own ``clone()``
    _reset: ClassVar[tuple[str, ...]] = ("_chance",)  # caches and the like: ``None`` in the clone
    __slots__ = _share + _copy + _copy_each + _clone + _reset
    _over_phase: ClassVar[IntEnum]  # the game's phase once it is over (``_finish`` sets it)

    num_players: int
    variant: Mapping[str, Any]  # read-only: shared by clones
    seed: int
    deck: list[str] | None
    # What is decided now: a member of the game's own ``Phase``. Declared as the enum, not as an
    # int, and not again by the games: a compiled build (mypyc) keeps an int field as a C integer,
    # which would hand back a plain int that ``phase is OVER`` no longer matches.
    phase: IntEnum
    events: list[Any]  # the history as the game keeps it (``observation`` shows it to each player)
    _rng: Rng
    _actions: list[str]
    _legal: dict[str, Any] | None
    _outcome: Outcome | None
    _determinized: list[tuple[int, int, int]]
    _played_out: bool
    _chance: random.Random | None  # while ``playout`` runs: its ``rng``, for the chance steps

    def _init_base(self, players: int, seed: int, deck: list[str] | None, variant: dict[str, Any]) -> None:
        self.num_players = players
        self.variant = MappingProxyType(variant)
        self.seed = seed
        self.deck = deck
        self.events = []
        self._rng = Rng(seed)
        self._actions = []
        self._legal = None
        self._outcome = None
        self._determinized = []
        self._played_out = False
        self._chance = None

    @classmethod
    @abstractmethod
    def create(
        cls, players: int, seed: int | None, deck: Sequence[str] | None, variant: Mapping[str, Any] | None
    ) -> Self:
        """Game hook: a new game (``kartaros.new_game`` has checked the player count and seed)."""

    @classmethod
    def _begin(
        cls, players: int, seed: int | None, variant: Mapping[str, Any] | None, options: Sequence[Option]
    ) -> Self:
        """A bare state of this game with the shared fields set and ``variant`` checked."""
        self = cls.__new__(cls)
        resolved = resolve_variant(cls.game, options, variant)
        self._init_base(players, new_seed() if seed is None else seed, None, resolved)
        return self

    def _deal_order(self, cards: Sequence[int], deck: Sequence[str] | None) -> list[int]:
        """The cards in dealing order: the stacked ``deck`` (checked and recorded), or ``cards``
        shuffled by the state's own generator."""
        if deck is None:
            order = list(cards)
            self._rng.shuffle(order)
            return order
        order = parse_deck(deck, cards)
        self.deck = list(deck)
        return order

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # (``vars``, not ``cls.__dict__``, which the compiled build's type check refuses.)
        if "clone" not in vars(cls):  # a game may still write its own
            setattr(cls, "clone", _clone_function(cls))  # noqa: B010 - replaces a method

    # ---- the public API --------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self._outcome is not None

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """Who must decide now (in or out of turn); ``None`` once the game is over."""

    def legal_actions(self) -> list[str]:
        """Every legal action of ``current_player`` in the game's notation (empty when over)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_moves()
        return list(legal)

    def legal_action_ids(self) -> list[int]:
        """The legal actions as ids of the game's fixed action space, ascending (``docs/rl.md``)."""
        return self.info.space(self.num_players).legal_ids(self)

    def legal_action_mask(self) -> list[bool]:
        """One flag per id of the game's fixed action space: is it legal now (``docs/rl.md``)."""
        return self.info.space(self.num_players).mask(self)

    def apply(self, action: object) -> None:
        """Play one action (a string of ``legal_actions()``); raise :class:`IllegalAction` (state
        unchanged) if it is not legal now, or not a string at all. (Typed ``object``: so that a
        compiled build takes anything too, and refuses it in the same words.)"""
        if type(action) is not str:
            raise self._illegal(action)
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_moves()
        move = legal.get(action)
        if move is None:
            raise self._illegal(action)
        self._legal = None
        self._actions.append(action)
        self._play(move)

    def returns(self) -> list[float]:
        """The result per player once over (1 win, 0 loss, shares for draws); zeros before."""
        if self._outcome is None:
            return [0.0] * self.num_players
        return list(self._outcome.returns)

    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""
        return self._outcome

    @property
    def actions(self) -> list[str]:
        """The actions played so far (a copy)."""
        return self._actions.copy()

    def record(self) -> dict[str, Any]:
        """A JSON-able document from which :func:`kartaros.replay` rebuilds this exact state."""
        if self._played_out:
            raise RecordError("this state was played out by a search (playout); it has no record")
        rec: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.game,
            "players": self.num_players,
            "variant": dict(self.variant),
            "seed": self.seed,
            "deck": None if self.deck is None else list(self.deck),
            "actions": self._actions.copy(),
            "result": None,
        }
        if self._determinized:
            rec["determinized"] = [
                {"at": at, "player": player, "seed": seed} for at, player, seed in self._determinized
            ]
        if self._outcome is not None:
            rec["result"] = {
                "returns": list(self._outcome.returns),
                "reason": str(self._outcome.reason),
                "detail": self._outcome.detail,
            }
        return rec

    def observation(self, player: int, since: int = 0) -> Observation[Any]:
        """Exactly what ``player`` may know, as a JSON-able dict (public history included).

        ``events`` holds the history as ``player`` saw it; with ``since=k`` only the events
        from index k on (``event_count`` is the total), for viewers that follow a live game.
        The header and the history are the same in every game; the game's ``_view`` fills
        in between. (Each game's own ``Observation`` is declared in its ``views.py``.)
        """
        self._check_player(player)
        # The header; the game's ``_view`` adds its part, then the tail. An ``Observation`` only
        # once complete, so ``Any`` until then (and no ``cast`` call: bots ask for views all the time).
        view: Any = {
            "game": self.game, "player": player, "num_players": self.num_players, "current_player": self.current_player,
        }
        self._view(player, view)
        outcome = self._outcome
        events = self.events
        view["actions_played"] = len(self._actions)
        view["variant"] = dict(self.variant)
        view["event_count"] = len(events)
        shown = events[since:]
        event_view = self._event_view
        view["events"] = [event_view(e, player) for e in shown] if shown else []
        view["result"] = None if outcome is None else {"returns": list(outcome.returns), "reason": str(outcome.reason)}
        done: Observation[Any] = view
        return done

    def public_observation(self, since: int = 0) -> dict[str, Any]:
        """What every player knows, for spectators: the parts on which all observations agree.

        Built from the players' own observations, so it can hold nothing that some player
        may not know. Private parts of events (a drawn card) drop out; the events stay. With
        ``since=k`` only the events from index k on, as in ``observation``.
        """
        shared: dict[str, Any] = _common([self.observation(p, since) for p in range(self.num_players)])
        return shared

    @abstractmethod
    def zones(self) -> dict[str, list[str]]:
        """The whole truth: every zone's cards as codes."""

    def clone(self) -> Self:
        """An independent copy (generator state included).

        Each class gets its own, generated from the fields it declares (``_share``, ``_copy``,
        ``_copy_each``, ``_clone``, ``_reset``) when it is made: search clones all the time."""
        # Never reached in the pure build. A compiled one (mypyc) calls this very method from
        # compiled code, whatever a class put in its place: hand over to the class's own.
        own: Callable[[Self], Self] = type(self).clone
        if own is GameState.clone:
            raise NotImplementedError("GameState itself is never instantiated")
        return own(self)

    def determinize(self, player: int, seed: int) -> Self:
        """A state ``player`` cannot tell from this one, hidden cards re-dealt, chance re-seeded."""
        self._check_player(player)
        if type(seed) is not int or not 0 <= seed < 2**64:
            raise ValueError(f"seed must be an int from 0 to 2**64 - 1; got {seed!r}")
        world = self._determinized_world(player, seed)
        world._determinized.append((len(self._actions), player, seed))
        return world

    def legal_action_keys(self) -> Mapping[str, Hashable] | None:
        """Each legal action → a key from which the fixed action spaces of ``kartaros.rl`` read
        its id faster than from the string, or ``None`` (the default: ids come from the strings).

        Contract: the id of an action is a function of its key and the seat of the player to
        move alone, in every position (so a space may remember it per key). Read-only; the keys
        mean nothing else outside the game.
        """
        return None

    # ---- the fast path for search ---------------------------------------------------------

    def playout(self, rng: random.Random, max_moves: int = 1_000_000, *, until_choice: bool = False) -> int:
        """Play uniformly random moves until the end (or ``max_moves``); return how many.

        The search fast path: moves are the game's internal ones, no notation is built, and
        deliberate misses are left out (the game's ``_playout_moves``). Chance comes from
        the state's own generator, except the shuffles a game makes with ``_shuffle``: they
        draw from ``rng``, which is cheaper. With ``until_choice`` it plays only forced moves
        and stops where a player has a real choice. The actions are not kept, so a played-out
        state has no record; use it for its ``returns()`` or to search on.
        """
        self._played_out = True
        self._chance = rng
        # The legal-move cache goes once, not per move: nothing a playout calls fills it.
        self._legal = None
        moves_now = self._playout_moves
        play = self._play
        mark = self._actions.append
        draw = rng.random  # a uniform index as int(draw() * n): cheaper than randrange
        n = 0
        while self._outcome is None and n < max_moves:
            moves = moves_now()
            count = len(moves)
            if count == 1:
                move = moves[0]
            elif until_choice:
                break
            else:
                move = moves[int(draw() * count)]
            mark(PLAYOUT_ACTION)
            play(move)
            n += 1
        self._chance = None
        return n

    def tree_moves(self) -> tuple[Sequence[Any], Sequence[Hashable]] | None:
        """The moves a search's tree weighs here, without notation: the game's internal moves
        (for ``play_tree_move``) and a compact key of each, or ``None`` (the default: the search
        weighs the actions themselves, keyed by their move classes).

        Contract: the moves stand for the actions ``kartaros.bots.ismcts.search_actions``
        lists, one for one and in its order (deliberate misses only where nothing else is
        legal, one action of each move class), and two keys, in any positions of the game,
        are equal exactly when the move classes of their actions are. So a tree keyed by
        them grows as one keyed by the strings would, and costs no notation per move."""
        return None

    def play_tree_move(self, move: Any) -> None:
        """Play a move taken from ``tree_moves`` (never fails). As in ``playout``, the action is
        not kept: the state has no record afterwards."""
        self._played_out = True
        self._legal = None
        self._actions.append(PLAYOUT_ACTION)
        self._play(move)

    def playout_value(self) -> list[float]:
        """``returns()`` once over; before, the game's rough guess of each player's share of
        the win (equal shares unless the game knows better), for searches that stop early.

        Reads the whole position: only for worlds a search owns (``determinize``)."""
        if self._outcome is not None:
            return list(self._outcome.returns)
        guess = self._value_guess()
        return [1.0 / self.num_players] * self.num_players if guess is None else guess

    def _value_guess(self) -> list[float] | None:
        """Game hook (optional): each player's share of the win, judged from the position."""
        return None

    def _playout_moves(self) -> Sequence[Any]:
        """Game hook (optional): the internal moves a playout picks from, legal moves without
        deliberate misses. The default takes them from ``_legal_moves``; a game overrides it
        where building the notation costs more than the move."""
        legal = self._legal
        if legal is None:
            legal = self._legal_moves()
        return list(legal.values())

    # ---- game hooks ------------------------------------------------------------------

    @abstractmethod
    def _legal_moves(self) -> dict[str, Any]:
        """Game hook: action string → internal move, for the current position."""

    @abstractmethod
    def _play(self, move: Any) -> None:
        """Game hook: carry out a move taken from ``_legal_moves`` (never fails)."""

    @abstractmethod
    def _view(self, player: int, view: Any) -> None:
        """Game hook: write the game's own part of ``observation(player)`` into ``view`` (its
        phase, the cards the player sees), after the shared header and before the history.
        (Item by item: cheaper than merging a dict, and bots ask for views all the time.)

        ``view`` is ``Any`` here so that each game can take it as its own observation type
        (``views.py``; a narrower parameter than the base's would not be an override), though
        only the header is in it yet."""

    @abstractmethod
    def _event_view(self, event: Any, viewer: int) -> Mapping[str, Any]:
        """Game hook: one event of ``events`` as ``viewer`` saw it, a JSON-able dict with its
        ``type`` (the end event: :func:`end_view`); a game returns its own event views
        (``views.py``)."""

    def _problem(self, action: str) -> Problem | None:
        """Game hook (optional): what is wrong with ``action`` now, where the game can tell (a
        card not held, a combination that is none); ``None`` otherwise. Its words are the
        game's ``describe_problem``."""
        return None

    @abstractmethod
    def _determinized_world(self, player: int, seed: int) -> Self:
        """Game hook: the re-dealt copy for ``determinize``."""

    # ---- helpers for games -----------------------------------------------------------

    def _shuffle(self, cards: list[int]) -> None:
        """A chance step's shuffle: by the state's own generator, or in a ``playout`` by the
        playout's ``rng``, as a sort on random keys (uniform, and a few times faster)."""
        chance = self._chance
        if chance is None:
            self._rng.shuffle(cards)
        else:
            key = chance.random
            cards.sort(key=lambda _: key())

    def _illegal(self, action: object) -> IllegalAction:
        """The error ``apply`` raises for ``action``: its words are the game's, for the player
        to move from his own observation (taken now, since the state goes on)."""
        over = self._outcome is not None
        problem = self._problem(action) if not over and isinstance(action, str) else None
        player = self.current_player
        observation = self.observation(0 if player is None else player, since=NO_EVENTS)
        words = self.info.words

        def explain(names: Sequence[str], lang: str) -> str:
            return words.illegal(observation, action, problem, names, lang)

        message = f"{action!r}: {explain(words.seat_names(self.num_players, 'en'), 'en')}"
        legal = [] if over else self.legal_actions()
        if legal:
            message += f" Legal: {', '.join(legal[:8])}{', …' if len(legal) > 8 else ''} ({len(legal)})."
        return IllegalAction(message, explain, problem)

    def _check_player(self, player: int) -> None:
        if type(player) is not int or not 0 <= player < self.num_players:
            raise ValueError(f"player must be a seat number from 0 to {self.num_players - 1}; got {player!r}")

    def _finish(self, returns: tuple[float, ...], reason: StrEnum) -> None:
        """End the game: the phase is over, the outcome set, and the history closes with an
        :class:`End` event (the same shape in every game)."""
        self.phase = self._over_phase
        self._outcome = Outcome(returns, reason, self.info)
        self.events.append(End("end", -1, reason, returns))

    def __repr__(self) -> str:
        status = "over" if self.is_over else f"player {self.current_player} to move"
        return f"<{type(self).__name__} {self.game} after {len(self._actions)} actions, {status}>"


def _clone_function(cls: type[GameState]) -> Callable[[Any], Any]:
    """``cls.clone``, as straight-line code: one statement per field of ``cls`` and its bases,
    each copied as its class declares. Generated once per class, it runs as fast as one
    written by hand (a loop over the field names is several times slower)."""
    fields: dict[str, list[str]] = {kind: [] for kind in _CLONE_KINDS}
    for klass in reversed(cls.__mro__):
        if not issubclass(klass, GameState):
            continue
        own = vars(klass)
        slots = own.get("__slots__")
        if slots is None and "__mypyc_attrs__" in own:  # compiled (mypyc): every attribute, its bases' too
            inherited = {name for base in klass.__mro__[1:] for name in vars(base).get("__mypyc_attrs__", ())}
            slots = sorted(set(own["__mypyc_attrs__"]) - inherited - {"__dict__"})
        if slots is None:
            raise TypeError(f"{klass.__name__} must declare __slots__, made of its clone fields")
        slots = (slots,) if isinstance(slots, str) else slots
        declared = [name for kind in _CLONE_KINDS for name in own.get(kind, ())]
        if sorted(declared) != sorted(slots):
            raise TypeError(
                f"{klass.__name__}: each slot must be named exactly once in {', '.join(_CLONE_KINDS)}"
                f" (so clone knows how to copy it); slots {sorted(slots)}, named {sorted(declared)}"
            )
        for kind in _CLONE_KINDS:
            fields[kind] += own.get(kind, ())
    lines = ["def clone(self):", "    other = _new(_cls)"]
    lines += [f"    other.{name} = self.{name}" for name in fields["_share"]]
    lines += [f"    other.{name} = self.{name}.copy()" for name in fields["_copy"]]
    for name in fields["_copy_each"]:  # mostly one list per player, and mostly two players
        lines.append(f"    inner = self.{name}")
        lines.append(
            f"    other.{name} = [inner[0].copy(), inner[1].copy()] if len(inner) == 2 else [*map(_copy, inner)]"
        )
    lines += [f"    other.{name} = self.{name}.clone()" for name in fields["_clone"]]
    lines += [f"    other.{name} = None" for name in fields["_reset"]]
    lines.append("    return other")
    namespace: dict[str, Any] = {"_new": cls.__new__, "_cls": cls, "_copy": list.copy}
    exec("\n".join(lines), namespace)  # our own field names, checked above
    clone: Callable[[Any], Any] = namespace["clone"]
    clone.__qualname__ = f"{cls.__qualname__}.clone"
    clone.__module__ = vars(cls)["__module__"]
    clone.__doc__ = GameState.clone.__doc__
    return clone


_CLONE_KINDS: Final = ("_share", "_copy", "_copy_each", "_clone", "_reset")


def _common(views: list[Any]) -> Any:
    """The part shared by all ``views``: equal values kept, dicts and equal-length lists of
    dicts intersected item by item, anything else dropped (``_DROP``)."""
    first = views[0]
    if all(v == first for v in views[1:]):
        return first
    if all(isinstance(v, dict) for v in views):
        shared = {}
        for key in first:
            if all(key in v for v in views[1:]):
                value = _common([v[key] for v in views])
                if value is not _DROP:
                    shared[key] = value
        return shared
    if all(isinstance(v, list) and len(v) == len(first) for v in views) and all(
        isinstance(item, dict) for v in views for item in v
    ):
        return [_common([v[i] for v in views]) for i in range(len(first))]
    return _DROP


_DROP: Final = object()
