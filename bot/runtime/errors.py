"""The runtime's one error type: it carries a catalogue message for the player."""

from __future__ import annotations

import logging
import re
from typing import Any, ClassVar, Self, cast

from bot.games import registry
from bot.games.base import Amount, Legal
from bot.games.errors import GameError
from bot.games.verbs import Verb
from bot.i18n.message import Message, Refusal

log = logging.getLogger(__name__)

#: Every verb of the registered games (:class:`~bot.games.verbs.Verb`), each once, in the
#: games' order; each has the catalogue words ``verb-``, ``label-``, ``help-``.
VERBS: tuple[Verb, ...] = tuple(dict.fromkeys(v for g in registry.specs() for v in g.verbs))


#: Each family's class by catalogue key (filled as the families are declared, below).
_FAMILIES: dict[str, type[TableError]] = {}


class TableError(Refusal, RuntimeError):
    """A request the table refuses; nothing was changed. ``exc.message`` is for the player.

    The refusals a caller or a test tells apart are families: subclasses, each with its
    catalogue ``keys`` (aiohttp's way, a class per kind of error). ``TableError(key)`` of one
    of their keys *is* an instance of that family, whichever module raises it, so no raise
    site names the class and ``except NotYourTurn`` misses none; any other key stays a plain
    ``TableError``.

    >>> type(TableError("refuse-stale-button")).__name__, type(TableError("refuse-chips"))
    ('StaleButton', <class 'bot.runtime.errors.TableError'>)
    >>> isinstance(TableError(Message.of("refuse-already-played")), StaleButton)
    True
    """

    #: The catalogue keys of this family (none for the base class).
    keys: ClassVar[frozenset[str]] = frozenset()

    def __new__(cls, message: Message | str, /, **params: Any) -> Self:
        key = message.key if isinstance(message, Message) else message
        family = _FAMILIES.get(key, cls) if cls is TableError else cls
        return cast(Self, super().__new__(family))

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for key in cls.keys:
            if key in _FAMILIES:
                raise TypeError(f"{key} is already {_FAMILIES[key].__name__}'s")
            _FAMILIES[key] = cls


def family_of(key: str) -> type[TableError]:
    """The class ``TableError(key)`` is: its family's, else :class:`TableError`.

    >>> family_of("option-count").__name__, family_of("refuse-chips").__name__
    ('OptionRefused', 'TableError')
    """
    return _FAMILIES.get(key, TableError)


class NoSuchTable(TableError):
    """No open table there: none in this channel, or it closed."""

    keys = frozenset(
        {
            "refuse-no-such-table",
            "refuse-no-table-in-channel",
            "refuse-no-table-here",
            "refuse-table-closed",
        }
    )


class TableUnavailable(TableError):
    """The table is there but takes no request now: held for attention, paused while its
    server is unavailable, or just moved to another process."""

    keys = frozenset({"log-needs-attention", "refuse-table-paused", "refuse-table-elsewhere"})


class StaleButton(TableError):
    """A button drawn for a hand that is no longer the one in play."""

    keys = frozenset({"refuse-stale-button"})


class AlreadyPlayed(StaleButton):
    """A button for a move already played (a second click, an old message)."""

    keys = frozenset({"refuse-already-played"})


class NotYourTurn(TableError):
    """Another player is to act (the message names him)."""

    keys = frozenset({"ui-it-not-your-turn-speak"})


class NotInHand(TableError):
    """The player has no part in a hand here: none in play, not dealt in, no seat."""

    keys = frozenset({"refuse-no-hand", "refuse-not-in-hand", "refuse-not-seated"})


class IllegalMove(TableError):
    """A move the engine refuses, said from the moves that are legal (:func:`illegal_move`)."""

    keys = frozenset(
        {
            "refuse-move-missing",
            "refuse-move-unknown",
            "refuse-move-not-legal",
            "refuse-discard",
            "refuse-discard-text",
            "refuse-amount-none",
            *(
                f"refuse-amount-{kind}{given}"
                for kind in ("range", "fixed", "either")
                for given in ("", "-missing", "-text")
            ),
        }
    )


class OptionRefused(TableError):
    """A table option typed wrong or not allowed (its definition in
    :mod:`bot.runtime.option_schema`, the table's own checks in :mod:`bot.runtime.settings`)."""

    keys = frozenset(
        {
            "option-boolean",
            "option-choice",
            "option-count",
            "option-unknown",
            "refuse-options-format",
            "refuse-notify-mode",
            "refuse-reseed-every",
            "refuse-turn-timer",
            "refuse-cave-range",
            "refuse-delay-max",
            "refuse-seats-range",
            "refuse-delay-negative",
            "refuse-max-hands-brelan",
            "refuse-max-hands-one",
            "refuse-replenish-brelan",
            "refuse-staked-brelan",
            "refuse-dealers-choice-brag",
        }
    )


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
    IllegalMove('refuse-amount-either-missing')
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
