"""The learned bot: a policy network trained by reinforcement learning, played with numpy alone.

A policy file (``.npz``, written by ``examples/train_ppo.py``) holds the layers of a small
network from a game's observation tensor (``kartaros.rl``, ``docs/rl.md``) to one logit per
id of its action space. The bot encodes ``observation(player)`` of the player to move with the
game's own encoder, so it sees what that player may know and nothing more, sets the logits
of every id that is not legal now aside, and plays the legal id with the highest logit (the
lowest such id on a tie): the same move in every world the player cannot tell apart, the same
games for the same seeds. ``sample=true`` draws the move from the policy's probabilities
instead, from the bot's own seeded generator.

A game ships its trained policies in its own folder, one file per player count
(``learned-2p.npz``: :func:`policy_file_name`); ``weights=PATH`` plays another file. A game
or player count without a policy is refused with a sentence saying which ones have one.
numpy is needed (the ``rl`` extras); torch is not.
"""

from __future__ import annotations

import random
import zipfile
from importlib import resources
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from kartaros.state import GameState

if TYPE_CHECKING:
    import numpy as np

    from kartaros.info import GameInfo

FORMAT = "kartaros-mlp-tanh-v1"  # the file's layout: w0, b0, w1, b1 (tanh), w2, b2 (logits)


def policy_file_name(players: int) -> str:
    """The name of a game's shipped policy for ``players``, in the game's folder."""
    return f"learned-{players}p.npz"


def _numpy() -> Any:
    try:
        import numpy
    except ImportError:
        raise ValueError("the learned bot needs numpy: pip install 'kartaros[rl]'") from None
    return numpy


class Policy:
    """A policy network read from a file: ``logits(tensor)``, one per action id."""

    def __init__(self, source: str | IO[bytes], *, where: str) -> None:
        numpy = _numpy()
        try:
            data = numpy.load(source, allow_pickle=False)
        except (OSError, ValueError, zipfile.BadZipFile) as err:  # not a numpy file, or a pickle
            raise ValueError(f"{where} is not a policy file ({err})") from None
        if not hasattr(data, "files"):
            raise ValueError(f"{where} is one numpy array, not a policy file")
        with data:
            found = str(data["format"]) if "format" in data.files else None
            if found != FORMAT:
                raise ValueError(f"{where} is not a policy the learned bot reads (format {found!r}, not {FORMAT!r})")
            self.game = str(data["game"])
            self.players = int(data["players"])
            self.weights = [numpy.asarray(data[f"w{i}"], numpy.float32) for i in range(3)]
            self.biases = [numpy.asarray(data[f"b{i}"], numpy.float32) for i in range(3)]
        self.inputs = self.weights[0].shape[0]
        self.actions = self.weights[-1].shape[1]

    def logits(self, tensor: np.ndarray) -> np.ndarray:
        tanh = _numpy().tanh
        (w0, w1, w2), (b0, b1, b2) = self.weights, self.biases
        out: np.ndarray = tanh(tanh(tensor @ w0 + b0) @ w1 + b1) @ w2 + b2
        return out


def shipped_policies(info: GameInfo) -> list[int]:
    """The player counts ``info``'s game ships a policy for."""
    folder = resources.files(info.package)
    return [n for n in range(info.min_players, info.max_players + 1) if (folder / policy_file_name(n)).is_file()]


def shipped_policy(info: GameInfo, players: int) -> Policy:
    """The policy ``info``'s game ships for ``players``; a ValueError says where there is one."""
    found = resources.files(info.package) / policy_file_name(players)
    if not found.is_file():
        offered = [
            f"{other.title} ({' or '.join(map(str, counts))} players)"
            for other in _games() if (counts := shipped_policies(other))
        ]
        where = ", ".join(offered) if offered else "no game yet"
        raise ValueError(
            f"the learned bot has no trained policy for {info.title} with {players} players; it plays {where}"
        )
    with found.open("rb") as stream:
        return Policy(stream, where=f"the policy of {info.title}")


def _games() -> list[GameInfo]:
    import kartaros  # the registry imports the bots: import late

    return list(kartaros.GAMES.values())


class LearnedBot:
    """Plays a trained policy network (see the module's doc)."""

    name = "learned"

    def __init__(self, seed: int | None = None, *, weights: str | None = None, sample: bool = False,
                 **params: Any) -> None:
        if params:
            raise ValueError(f"the learned bot takes weights and sample; got {', '.join(sorted(params))}")
        if seed is not None and type(seed) is not int:
            raise ValueError(f"seed must be an int; got {seed!r}")
        if weights is not None and not isinstance(weights, str):
            raise ValueError(f"weights is the path of a policy file; got {weights!r}")
        if not isinstance(sample, bool):
            raise ValueError(f"sample is true or false; got {sample!r}")
        _numpy()  # fail now, not at the first move
        self.seed = seed
        self.sample = sample
        self._rng = random.Random(seed)
        self._file = None if weights is None else self._read(weights)
        self._policies: dict[tuple[str, int], Policy] = {}
        self._encoders: dict[tuple[str, int, str], Any] = {}

    @staticmethod
    def _read(path: str) -> Policy:
        if not Path(path).is_file():
            raise ValueError(f"there is no policy file {path!r}")
        return Policy(path, where=repr(path))

    def policy(self, state: GameState) -> Policy:
        """The policy for ``state``'s game and player count (made on first use)."""
        info, players = state.info, state.num_players
        key = (info.name, players)
        found = self._policies.get(key)
        if found is None:
            if self._file is None:
                found = shipped_policy(info, players)
            elif (self._file.game, self._file.players) == key:
                found = self._file
            else:
                raise ValueError(f"this policy file was trained for {self._file.game} with {self._file.players} "
                                 f"players, not {info.title} with {players}")
            size = info.space(players).size
            if found.actions != size:
                raise ValueError(f"the policy has {found.actions} actions; {info.title} has {size}")
            self._policies[key] = found
        return found

    def check_game(self, state: GameState) -> None:
        """Raise ValueError unless there is a policy for ``state``'s game and player count."""
        self.policy(state)

    def choose(self, state: GameState) -> str:
        player = state.current_player
        if player is None:
            raise ValueError("there is no move to choose: the game is over")
        policy = self.policy(state)
        space = state.info.space(state.num_players)
        ids, actions = space.legal_ids_and_actions(state)
        if len(actions) == 1:
            return actions[0]
        numpy = _numpy()
        tensor = numpy.asarray(self._encoder(state).observe(state, player), numpy.float32)
        if tensor.shape[0] != policy.inputs:
            raise ValueError(f"the policy reads {policy.inputs} numbers; this observation tensor has {tensor.shape[0]}")
        logits = policy.logits(tensor)
        legal = sorted(set(ids))
        scores = logits[legal]
        if self.sample:
            weights = numpy.exp(scores - scores.max())
            chosen = legal[self._rng.choices(range(len(legal)), weights=weights.tolist())[0]]
        else:
            chosen = legal[int(numpy.argmax(scores))]  # the first maximum: the lowest id on a tie
        # An id stands for the first legal string with that id (docs/rl.md).
        return actions[ids.index(chosen)]

    def _encoder(self, state: GameState) -> Any:
        key = (state.info.name, state.num_players, repr(sorted(state.variant.items())))
        found = self._encoders.get(key)
        if found is None:
            found = self._encoders[key] = state.info.encoder(state.num_players, dict(state.variant))
        return found

    def __repr__(self) -> str:
        return f"LearnedBot(seed={self.seed!r})"
