"""The runtime's one error type: ``str(exc)`` is a message written for the player."""

from __future__ import annotations


class TableError(RuntimeError):
    """A request the table refuses; nothing was changed. ``str(exc)`` is for the player."""
