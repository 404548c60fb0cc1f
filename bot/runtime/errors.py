"""The runtime's one error type: it carries a catalogue message for the player."""

from __future__ import annotations

import logging

from bot.games.base import Amount, Legal
from bot.games.brag import VERBS as BRAG_VERBS
from bot.games.brelan import VERBS as BRELAN_VERBS
from bot.games.errors import GameError
from bot.i18n.message import Message, Refusal

log = logging.getLogger(__name__)

#: Every verb the engines know; each has the catalogue words ``verb-``, ``label-``, ``help-``.
VERBS: tuple[str, ...] = (*BRELAN_VERBS, *BRAG_VERBS)


class TableError(Refusal, RuntimeError):
    """A request the table refuses; nothing was changed. ``exc.message`` is for the player."""


def player_error(exc: Exception) -> TableError:
    """A lower layer's refusal as the table's: its catalogue message when it has one (a
    storage refusal, an engine error naming a key), else a plain "not allowed"."""
    if isinstance(exc, Refusal):
        return TableError(exc.message)
    if isinstance(exc, GameError) and exc.key:
        return TableError(exc.key, **exc.params)
    log.info("refused by the engine: %s", exc)
    return TableError("refuse-not-allowed")


def illegal_move(legal: list[Legal], verb: str, amount: Amount) -> TableError:
    """Why a move the engine refused is not playable, from the moves that are.

    >>> illegal_move([Legal("raise", min=4, max=30)], "raise", 2).message.key
    'refuse-amount-range'
    >>> illegal_move([Legal("pass")], "raise", 2).message.params["code"]
    'raise'
    """
    word = Message.of(f"verb-{verb}") if verb in VERBS else Message.of("verb-unknown")
    for choice in legal:
        if choice.verb != verb:
            continue
        if verb == "discard":
            return TableError("refuse-discard", n=choice.amount or 1)
        if choice.amount is not None:
            return TableError("refuse-amount-fixed", verb=word, n=choice.amount, want=amount)
        if choice.min is not None and choice.max is not None:
            return TableError(
                "refuse-amount-range", verb=word, low=choice.min, high=choice.max, want=amount
            )
        return TableError("refuse-amount-none", verb=word)
    return TableError("refuse-move-not-legal", verb=word, code=verb)
