"""Errors raised by the rules engine; every message is written for a player."""

from __future__ import annotations


class GameError(Exception):
    """Base class of the engine's errors."""


class CardError(GameError, ValueError):
    """A card or deck that cannot be read or does not fit the table."""


class OptionError(GameError, ValueError):
    """An unknown table option or a value it cannot take."""


class SetupError(GameError, ValueError):
    """A hand that cannot be dealt as described (players, stacks, cards)."""


class IllegalAction(GameError):
    """An action that is not legal at this point; the hand is left unchanged."""
