"""Every kartaros game as an OpenSpiel Python game (``docs/rl.md``).

    >>> import pyspiel
    >>> from kartaros.envs import openspiel
    >>> openspiel.register()
    ['kartaros_kec', 'kartaros_nesalomljiv', 'kartaros_tac', 'kartaros_puck']
    >>> game = pyspiel.load_game("kartaros_puck", {"players": 3})

Actions are the ids of ``kartaros.rl.action_space``. Chance happens inside actions, as in the
engine, decided by the state's own seeded generator: a state and its clone given the same
actions stay equal, so in OpenSpiel's terms the games are ``DETERMINISTIC`` once dealt, and the
deal is the only chance (``new_initial_state`` deals from the game's ``seed``). OpenSpiel
cannot serialize a Python game declared ``SAMPLED_STOCHASTIC`` (it asks the C++ game for an RNG
state a Python game cannot give), and kartaros's sampling lives in the state anyway. Hidden
cards are what ``resample_from_infostate`` draws; algorithms that walk a whole tree walk one
deal. States and games serialize and pickle (a state as its record). The information
state string is the player's whole observation (events included) as JSON, the observation
string the same without the events; the tensors are ``kartaros.rl.encoder`` (the perfect-recall
variant for the information state). ``resample_from_infostate`` is ``determinize``.

Game parameters: ``players``, ``seed`` (-1: every initial state dealt at random; otherwise the
game's deals follow from it) and every variant option of the game, with its default. They are
checked at ``load_game``: a player count the game does not take or a bad option raises
``ValueError`` there, not at the first state.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

import kartaros
from kartaros import rl
from kartaros.envs._arrays import tensor
from kartaros.state import NO_EVENTS, GameState
from kartaros.variant import resolve_variant

PREFIX = "kartaros_"


def register() -> list[str]:
    """Register every game with OpenSpiel (once); return their OpenSpiel names."""
    names = []
    known = set(pyspiel.registered_names())
    for name, info in kartaros.GAMES.items():
        short = PREFIX + name
        names.append(short)
        if short in known:
            continue
        params: dict[str, Any] = {"players": info.min_players, "seed": -1}
        params.update({option.name: option.default for option in info.options})
        game_type = pyspiel.GameType(
            short_name=short,
            long_name=f"kartaros {info.title}",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,  # see the module docstring
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.CONSTANT_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=info.max_players,
            min_num_players=info.min_players,
            provides_information_state_string=True,
            provides_information_state_tensor=True,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification=params,
        )
        cls = type(f"Kartaros{name.capitalize()}Game", (KartarosGame,), {"NAME": name, "GAME_TYPE": game_type})
        _CLASSES[name] = cls  # kept for the life of the process, as OpenSpiel's registry keeps it
        pyspiel.register_game(game_type, cls)
    return names


_CLASSES: dict[str, type[KartarosGame]] = {}


class KartarosGame(pyspiel.Game):  # type: ignore[misc]
    """One kartaros game, its player count and variant fixed by the parameters."""

    NAME: str
    GAME_TYPE: pyspiel.GameType

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        name, game_type = self.NAME, self.GAME_TYPE
        info = kartaros.GAMES[name]
        full: dict[str, Any] = {"players": info.min_players, "seed": -1}
        full.update({option.name: option.default for option in info.options})
        full.update(params or {})
        self.name = name
        self.players = _whole(full.pop("players"), "players")
        if not info.min_players <= self.players <= info.max_players:
            raise ValueError(f"{PREFIX}{name} is played by {info.min_players} to {info.max_players} players; "
                             f"got players={self.players}")
        seed = _whole(full.pop("seed"), "seed")
        if seed < -1:
            raise ValueError(f"seed is -1 (a random deal each time) or a whole number from 0; got {seed}")
        full = resolve_variant(name, info.options, full)  # a VariantError (a ValueError) names the option
        self.variant = full
        self.space = rl.action_space(name, self.players)
        game_info = pyspiel.GameInfo(
            num_distinct_actions=self.space.size,
            max_chance_outcomes=0,
            num_players=self.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=info.utility_sum(self.players, full),
            max_game_length=info.max_game_length(self.players, full),
        )
        super().__init__(game_type, game_info, {"players": self.players, "seed": seed, **full})
        self._seed = seed
        self._deals = random.Random(seed if seed >= 0 else None)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """A pickle: the parameters, and where the deals have got to."""
        return (_game_from, (self.name, {"players": self.players, **self.variant}, self._seed, self._deals.getstate()))

    def new_initial_state(self) -> KartarosSpielState:
        return KartarosSpielState(self, Held(deal=(self.name, self.players, self._deals.getrandbits(63), self.variant)))

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Mapping[str, Any] | None = None
    ) -> Observer:
        return Observer(self, iig_obs_type, params)


class Held:
    """The kartaros state inside an OpenSpiel state. OpenSpiel clones a Python state by making a
    new initial state and deep-copying the attributes into it: so the deal is made only when
    first needed, a copy is ``clone()``, and a pickle is the record (replayed on load)."""

    __slots__ = ("_deal", "_state")

    def __init__(
        self, state: GameState | None = None, deal: tuple[str, int, int, dict[str, Any]] | None = None
    ) -> None:
        self._state = state
        self._deal = deal

    @property
    def state(self) -> GameState:
        if self._state is None:
            assert self._deal is not None
            name, players, seed, variant = self._deal
            self._state = kartaros.new_game(name, players=players, seed=seed, variant=variant)
        return self._state

    def __deepcopy__(self, memo: dict[int, Any]) -> Held:
        if self._state is None:
            return Held(deal=self._deal)
        return Held(self._state.clone())

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (_from_record, (self.state.record(),))


def _whole(value: object, name: str) -> int:
    """A whole-number parameter (OpenSpiel passes ints; a float or a bool is a mistake)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be a whole number; got {value!r}")
    return value


def _game_from(name: str, params: dict[str, Any], seed: int, deals: tuple[Any, ...]) -> KartarosGame:
    register()
    game: KartarosGame = pyspiel.load_game(PREFIX + name, {**params, "seed": seed})
    game._deals.setstate(deals)
    return game


def _from_record(record: dict[str, Any]) -> Held:
    return Held(kartaros.replay(record))


class KartarosSpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state around a kartaros state."""

    def __init__(self, game: KartarosGame, held: Held) -> None:
        super().__init__(game)
        self.held = held  # the only attribute: OpenSpiel deep-copies them all on every clone

    @property
    def kartaros_state(self) -> GameState:
        return self.held.state

    def current_player(self) -> int:
        mover = self.held.state.current_player
        return int(pyspiel.PlayerId.TERMINAL) if mover is None else mover

    def _legal_actions(self, player: int) -> list[int]:
        state = self.held.state
        return state.legal_action_ids() if player == state.current_player else []

    def _apply_action(self, action: int) -> None:
        state = self.held.state
        state.apply(rl.action_space(state.game, state.num_players).action(state, int(action)))

    def _action_to_string(self, player: int, action: int) -> str:
        state = self.held.state
        space = rl.action_space(state.game, state.num_players)
        if player == state.current_player:
            table = space.legal_table(state)
            if action in table:
                return table[action]
        return space.names[action]

    def is_terminal(self) -> bool:
        return self.held.state.is_over

    def returns(self) -> list[float]:
        return self.held.state.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> KartarosSpielState:
        """A world ``player_id`` cannot tell from this state (``determinize``), seeded by the sampler."""
        seed = int(probability_sampler() * 2**63) % 2**63
        world: KartarosSpielState = self.clone()
        world.held = Held(self.held.state.determinize(player_id, seed))
        return world

    def __str__(self) -> str:
        state = self.held.state
        return json.dumps({"actions": len(state.actions), "zones": state.zones()}, separators=(",", ":"))


class Observer:
    """OpenSpiel's Python observer: the perfect-recall type gives the information state."""

    def __init__(
        self, game: KartarosGame, iig_obs_type: pyspiel.IIGObservationType | None, params: Mapping[str, Any] | None
    ) -> None:
        if params:
            raise ValueError(f"kartaros observers take no parameters; got {dict(params)}")
        if iig_obs_type is not None and (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not iig_obs_type.public_info
        ):
            raise ValueError("kartaros observers show one player's view: public and his private information")
        self.recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        self.encoder = rl.encoder(game.name, game.players, game.variant, recall=self.recall)
        self._tracker = self.encoder.tracker("f")
        self.tensor = np.zeros(self.encoder.size, np.float32)
        layout = self.encoder.layout
        self.dict = {
            name: self.tensor[layout.offset[name]:layout.offset[name] + int(np.prod(shape))].reshape(shape)
            for name, shape in layout.pieces
        }

    def set_from(self, state: KartarosSpielState, player: int) -> None:
        self.tensor[:] = tensor(self._tracker.observe(state.held.state, player))

    def string_from(self, state: KartarosSpielState, player: int) -> str:
        since = 0 if self.recall else NO_EVENTS
        return json.dumps(state.held.state.observation(player, since=since), separators=(",", ":"))


__all__ = ["ISMCTSBot", "KartarosGame", "KartarosSpielState", "Observer", "register"]


class ISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's Python ISMCTS bot, with the ``restart_at`` and ``inform_action`` that
    ``evaluate_bots`` calls (it searches afresh at every step, so both do nothing)."""

    def restart_at(self, state: pyspiel.State) -> None:
        pass

    def inform_action(self, state: pyspiel.State, player_id: int, action: int) -> None:
        pass
