"""Errors raised by the rules engine.

``str(exc)`` is an English explanation for scenario files and logs. An error a player can
cause at a table (a table option he typed) also names a catalogue key and its parameters
(``exc.key``, ``exc.params``): the layers above word it in the player's language.
"""

from __future__ import annotations

from typing import Any


class GameError(Exception):
    """Base class of the engine's errors."""

    def __init__(self, text: str = "", *, key: str | None = None, **params: Any) -> None:
        super().__init__(text)
        self.key = key
        self.params = params


class CardError(GameError, ValueError):
    """A card or deck that cannot be read or does not fit the table."""


class OptionError(GameError, ValueError):
    """An unknown table option or a value it cannot take."""


class SetupError(GameError, ValueError):
    """A hand that cannot be dealt as described (players, stacks, cards)."""


class IllegalAction(GameError):
    """An action that is not legal at this point; the hand is left unchanged."""
