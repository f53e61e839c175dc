"""The exceptions of the public API: each is a ``ValueError`` with a sentence a person understands."""

from __future__ import annotations


class IllegalAction(ValueError):
    """``apply`` was given something that is not a legal action now; the state is unchanged."""


class VariantError(ValueError):
    """A ``variant`` key is unknown or its value is not one the game allows."""


class RecordError(ValueError):
    """A record is malformed, or replaying it does not give the result it claims."""
