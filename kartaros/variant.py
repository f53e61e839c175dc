"""Rule options (``variant`` keys): declared per game, checked once, recorded in every record."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kartaros.errors import VariantError


@dataclass(frozen=True)
class Option:
    """One rule option: its name, default, and either the allowed values or an integer minimum."""

    name: str
    default: Any
    doc: str
    choices: Sequence[Any] | None = None
    minimum: int | None = None

    def check(self, value: Any) -> Any:
        if self.choices is not None:
            # bool is an int: compare types too, so True is not taken for 1.
            if any(type(value) is type(c) and value == c for c in self.choices):
                return value
            allowed = ", ".join(repr(c) for c in self.choices)
            raise VariantError(f"variant {self.name!r} must be one of {allowed}; got {value!r}")
        if self.minimum is not None:
            if type(value) is not int or value < self.minimum:
                raise VariantError(f"variant {self.name!r} must be a whole number ≥ {self.minimum}; got {value!r}")
            return value
        return value


def resolve_variant(game: str, options: Sequence[Option], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Every option of the game, with the given values checked and the others at their defaults."""
    if given is None:
        given = {}
    if not isinstance(given, Mapping):
        raise VariantError(f"variant must be a mapping of option names to values; got {given!r}")
    known = {o.name: o for o in options}
    unknown = [k for k in given if k not in known]
    if unknown:
        names = ", ".join(sorted(known)) or "none"
        raise VariantError(f"{game} has no variant option {unknown[0]!r} (its options: {names})")
    return {o.name: o.check(given[o.name]) if o.name in given else o.default for o in options}
