"""Bot specs: a bot's name with optional parameters, as written on the command line.

    >>> parse_bots("random,ismcts:iterations=200")
    [BotSpec(name='random', params=()), BotSpec(name='ismcts', params=(('iterations', 200),))]
    >>> parse_bots("ismcts:seconds=0.5,c=1.0,random")[0].text
    'ismcts:seconds=0.5,c=1.0'

Specs are separated by commas; a spec is ``NAME`` or ``NAME:KEY=VALUE[,KEY=VALUE…]``. A
``KEY=VALUE`` item after a spec that has parameters belongs to that spec. A value is read as
JSON when it can be (``200``, ``0.5``, ``true``, ``null``, ``"text"``), else as plain text.
A level for people (``easy``, ``medium``, ``hard``: ``kartaros.bots.LEVELS``) is a spec too,
without parameters.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from kartaros.bots import BOTS, LEVELS, Bot, make

_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@dataclass(frozen=True)
class BotSpec:
    """A bot by name with its parameters (as ``(key, value)`` pairs, in the order written)."""

    name: str
    params: tuple[tuple[str, Any], ...] = ()

    @property
    def text(self) -> str:
        """The spec as written on the command line (values in JSON)."""
        if not self.params:
            return self.name
        return self.name + ":" + ",".join(f"{k}={_show(v)}" for k, v in self.params)

    def make(self, seed: int | None) -> Bot:
        """A new bot of this spec with its own seed."""
        return make(self.name, seed=seed, **dict(self.params))

    def check(self) -> None:
        """Build the bot once; a ValueError names the spec if the name or a parameter is wrong."""
        try:
            self.make(0)
        except TypeError as err:  # an unexpected keyword argument
            unknown = re.search(r"unexpected keyword argument '(\w+)'", str(err))
            what = f"no parameter {unknown.group(1)!r}" if unknown else f"bad parameters ({err})"
            raise ValueError(f"bot {self.text!r}: {self.name} has {what}") from None
        except ValueError as err:
            raise ValueError(f"bot {self.text!r}: {err}") from None


def _show(value: Any) -> str:
    return value if isinstance(value, str) and _KEY.fullmatch(value) else json.dumps(value)


def _value(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def parse_bots(text: str) -> list[BotSpec]:
    """Comma-separated bot specs; a ValueError with a readable message if one is malformed.

    Every spec is checked by building its bot once, so unknown names and parameters, and
    parameter values a bot refuses, are reported before any game is played.
    """
    pieces = [p.strip() for p in text.split(",")]
    names: list[str] = []
    params: list[dict[str, Any]] = []
    open_spec = False  # the last spec had ``:``, so a bare ``key=value`` continues it
    for piece in pieces:
        if not piece:
            raise ValueError(f"empty bot name in {text!r}; write bots like random,ismcts:iterations=200")
        if ":" in piece:
            name, _, rest = piece.partition(":")
            name = name.strip()
            if not rest.strip():
                raise ValueError(f"no parameters after {name + ':'!r}; write {name}:key=value")
            names.append(name)
            params.append({})
            open_spec = True
            piece = rest
        elif "=" in piece:
            if not open_spec:
                raise ValueError(
                    f"{piece!r} is a parameter without a bot; write parameters after the name, like ismcts:{piece}"
                )
        else:
            names.append(piece)
            params.append({})
            open_spec = False
            continue
        key, eq, value = piece.partition("=")
        key = key.strip()
        if not eq or not _KEY.fullmatch(key):
            raise ValueError(f"bad bot parameter {piece.strip()!r} in {text!r}; write key=value, like iterations=200")
        if key in params[-1]:
            raise ValueError(f"the parameter {key!r} is given twice for {names[-1]!r}")
        params[-1][key] = _value(value.strip())
    specs = [BotSpec(n, tuple(p.items())) for n, p in zip(names, params, strict=True)]
    for spec in specs:
        if spec.name not in BOTS and spec.name not in LEVELS:
            raise ValueError(
                f"there is no bot called {spec.name!r}; the known bots are: {', '.join(sorted(BOTS))}, "
                f"and the levels {', '.join(LEVELS)}"
            )
        spec.check()
    return specs


def labels(specs: list[BotSpec]) -> list[str]:
    """A unique name per spec for tables: its text, with ``#2``, ``#3`` … on repeats."""
    seen: dict[str, int] = {}
    out = []
    for spec in specs:
        seen[spec.text] = seen.get(spec.text, 0) + 1
        out.append(spec.text if seen[spec.text] == 1 else f"{spec.text}#{seen[spec.text]}")
    return out


def make_bot(text: str, *, seed: int | None = None) -> Bot:
    """The bot of one spec as people write it: a level (``easy``, ``medium``, ``hard``) or a bot,
    with parameters or without (``greedy``, ``pimc:worlds=10``). A ValueError says what is wrong."""
    specs = parse_bots(text)
    if len(specs) != 1:
        raise ValueError(f"one bot, like greedy or pimc:worlds=10; got {text!r}")
    return specs[0].make(seed)
