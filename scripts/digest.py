"""A fingerprint of the engine's behaviour, to compare two versions of kartaros game for game.

    python3 scripts/digest.py [--random 300] [--greedy 100] [--words] > before.txt
    (change the code)
    python3 scripts/digest.py [same options] > after.txt && diff before.txt after.txt

For every game and player count (and Tač's open-call mode) it plays seeded games through the
public API — random bots, greedy bots, and greedy against the medium level — and hashes every
mover's observation (its new events each time), the legal actions, every player's final
observation, the public observation, the zones, the record (which must replay to the same
state) and a determinized world. One line per configuration: equal lines mean the engine
behaved the same in every one of those games. ``--words`` hashes the words too (every legal
action's and new event's sentence in every language, the table and the turn), for changes that
must not touch what people read. Run it from the checkout whose code it should import.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's kartaros first

import kartaros
from kartaros.bots import Bot, for_level, make
from kartaros.words import LANGUAGES

CONFIGS: list[tuple[str, int, dict[str, Any] | None]] = [("kec", 2, None), ("nesalomljiv", 2, None)]
CONFIGS += [("tac", p, None) for p in range(2, 9)] + [("tac", p, {"calls": "open"}) for p in (2, 3, 5)]
CONFIGS += [("puck", p, None) for p in range(2, 5)]
STEPS = 3000  # a game is followed this far at most (its record still replays)


def _dump(value: object) -> bytes:
    return json.dumps(value, sort_keys=True).encode()


def play(
    game: str, players: int, variant: Mapping[str, Any] | None, seed: int, bots: Sequence[Bot], words: bool
) -> str:
    state = kartaros.new_game(game, players=players, seed=seed, variant=variant)
    said = kartaros.GAMES[game].words if words else None
    names = [f"P{i}" for i in range(players)]
    digest = hashlib.sha256()
    seen = [0] * players
    for _ in range(STEPS):
        if state.is_over:
            break
        mover = state.current_player
        assert mover is not None
        view = state.observation(mover, since=seen[mover])
        seen[mover] = view["event_count"]
        legal = state.legal_actions()
        digest.update(_dump(view) + "|".join(legal).encode())
        if said is not None:
            full = state.observation(mover)
            for lang in LANGUAGES:
                digest.update("".join(said.action(full, a, names, lang) for a in legal).encode())
                digest.update("".join(said.event(e, names, lang) for e in view["events"]).encode())
                table = repr(said.table(full, names, lang))
                digest.update(table.encode() + said.turn(full, names, lang).encode())
        state.apply(bots[mover].choose(state))
    for player in range(players):
        digest.update(_dump(state.observation(player)))
    digest.update(_dump(state.public_observation()) + _dump(state.zones()))
    record = state.record()
    result = record.get("result")
    # the result's ``detail`` is words (``--words`` covers them), not behaviour
    digest.update(_dump({**record, "result": {k: v for k, v in result.items() if k != "detail"}} if result else record))
    again = kartaros.replay(json.loads(json.dumps(record)))
    assert again.zones() == state.zones() and again.returns() == state.returns(), f"{game} seed {seed} replays apart"
    digest.update(_dump(state.determinize(0, seed + 1).zones()))
    return digest.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--random", type=int, default=300, help="random games per configuration")
    parser.add_argument(
        "--greedy", type=int, default=100,
        help="greedy games per configuration (and a quarter as many against the medium level)",
    )
    parser.add_argument("--words", action="store_true", help="hash the words people read too")
    args = parser.parse_args()
    total = 0
    for game, players, variant in CONFIGS:
        digest = hashlib.sha256()
        runs: list[tuple[int, list[Bot]]] = []
        runs += [(i, [make("random", seed=i * 10 + s) for s in range(players)]) for i in range(args.random)]
        runs += [(10_000 + i, [make("greedy", seed=i * 10 + s) for s in range(players)]) for i in range(args.greedy)]
        for i in range(args.greedy // 4):  # greedy against the medium level, which errs and overlooks misses
            bots = [for_level("medium", seed=i * 10 + s) if s % 2 else make("greedy", seed=s) for s in range(players)]
            runs.append((20_000 + i, bots))
        for seed, bots in runs:
            digest.update(play(game, players, variant, seed, bots, args.words).encode())
        total += len(runs)
        print(game, players, json.dumps(variant), digest.hexdigest(), flush=True)
    print("games", total)


if __name__ == "__main__":
    main()
