"""The runtime's one error type: it carries a catalogue message for the player."""

from __future__ import annotations

import logging
import re

from bot.games import registry
from bot.games.base import Amount, Legal
from bot.games.errors import GameError
from bot.games.verbs import Verb
from bot.i18n.message import Message, Refusal

log = logging.getLogger(__name__)

#: Every verb of the registered games (:class:`~bot.games.verbs.Verb`), each once, in the
#: games' order; each has the catalogue words ``verb-``, ``label-``, ``help-``.
VERBS: tuple[Verb, ...] = tuple(dict.fromkeys(v for g in registry.specs() for v in g.verbs))


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


def typed_number(amount: Amount) -> int | None:
    """An amount that is a whole number, negative ones included (a typed ``-3`` reaches the
    runtime as the word ``('-3',)``), else None.

    >>> typed_number(12), typed_number(("-3",)), typed_number(("abc",)), typed_number(None)
    (12, -3, None, None)
    """
    if isinstance(amount, int):
        return amount
    if isinstance(amount, tuple) and len(amount) == 1 and re.fullmatch(r"[+-]?\d+", amount[0]):
        return int(amount[0])
    return None


def typed_text(amount: Amount) -> str:
    """What the player typed, as he typed it, cut short: never a Python value.

    >>> typed_text(("abc",)), typed_text(("1", "5")), typed_text(None)
    ('abc', '1, 5', '')
    """
    if amount is None:
        return ""
    words = [amount] if isinstance(amount, int) else list(amount)
    text = ", ".join(str(w) for w in words)
    return text if len(text) <= TYPED_SHOWN else text[: TYPED_SHOWN - 1] + "…"


#: The most characters of a typed text a refusal repeats; a number from this size on is
#: repeated as typed, not formatted.
TYPED_SHOWN = 24
LONGEST = 10**15


def illegal_move(legal: list[Legal], verb: str, amount: Amount) -> TableError:
    """Why a move the engine refused is not playable, from the moves that are; the amount
    the player gave is named in words (a number, what he typed, or that he gave none).

    >>> illegal_move([Legal("raise", min=4, max=30)], "raise", 2).message.key
    'refuse-amount-range'
    >>> illegal_move([Legal("raise", min=4, max=30)], "raise", ("abc",)).message.key
    'refuse-amount-range-text'
    >>> illegal_move([Legal("look", amount=1), Legal("look", amount=2)], "look", None)
    TableError('refuse-amount-either-missing')
    >>> illegal_move([Legal("pass")], "raise", 2).message.params["code"]
    'raise'
    """
    if verb not in VERBS:
        if not verb.strip():
            return TableError("refuse-move-missing")
        return TableError("refuse-move-unknown", text=typed_text((verb,)))
    word = Message.of(f"verb-{verb}")
    mine = [choice for choice in legal if choice.verb == verb]
    if not mine:
        return TableError("refuse-move-not-legal", verb=word, code=verb)
    if verb == "discard":
        if amount is None:
            return TableError("refuse-discard", n=mine[0].amount or 1)
        return TableError("refuse-discard-text", n=mine[0].amount or 1, text=typed_text(amount))
    number = typed_number(amount)
    # how the amount was given: a number, a text that is none, or nothing
    given = "" if number is not None else "-missing" if amount is None else "-text"
    said: dict[str, object] = {"verb": word}
    if given == "":
        # a number too long to be formatted as one is repeated as typed
        said["want"] = number if abs(number or 0) < LONGEST else typed_text((str(number),))
    elif given == "-text":
        said["text"] = typed_text(amount)
    fixed = sorted({c.amount for c in mine if c.amount is not None})
    ranged = next((c for c in mine if c.min is not None and c.max is not None), None)
    if ranged is not None:
        return TableError(f"refuse-amount-range{given}", low=ranged.min, high=ranged.max, **said)
    if len(fixed) == 1:
        return TableError(f"refuse-amount-fixed{given}", n=fixed[0], **said)
    if len(fixed) > 1:
        return TableError(f"refuse-amount-either{given}", n=fixed[0], m=fixed[-1], **said)
    return TableError("refuse-amount-none", verb=word)
