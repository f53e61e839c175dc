"""Environments for learning libraries, each needing the ``rl`` extras (``pip install kartaros[rl]``):

- ``kartaros.envs.pettingzoo``: ``env(game, players=…, variant=…)``, a PettingZoo AEC environment;
- ``kartaros.envs.gymnasium``: ``SingleAgentEnv``, one seat learning against kartaros bots (ids
  ``kartaros/<Name>-v0``); ``kartaros.envs.selfplay``: policies as bots, self-play, a pool of past selves;
- ``kartaros.envs.openspiel``: ``register()``, every game as an OpenSpiel Python game.

Import the module you need; this package imports none of them. See ``docs/rl.md``.
"""
