"""Errors raised by the storage layer; each carries a catalogue message for the player
(``exc.message``), worded by the layer that shows it."""

from __future__ import annotations

from typing import Any

from bot.i18n.message import Message, Refusal


class StorageError(Refusal):
    """Base class of the storage layer's errors; ``exc.message`` is for the player."""


class InvalidAmount(StorageError, ValueError):
    """An amount of chips that is not a whole number above zero (or not allowed here)."""

    def __init__(self, message: Message | str = "refuse-whole-chips", /, **params: Any) -> None:
        super().__init__(message, **params)


class InsufficientChips(StorageError):
    """A wallet (or stack) that does not hold enough chips for what was asked."""

    def __init__(self, have: int, need: int, message: Message | None = None) -> None:
        self.have = have
        self.need = need
        super().__init__(message or Message.of("refuse-chips", have=have, need=need))


class SelfTransfer(StorageError):
    """A transfer to oneself."""

    def __init__(self) -> None:
        super().__init__("refuse-self-transfer")


class DailyNotReady(StorageError):
    """The daily bonus was already claimed within the cooldown."""

    def __init__(self, remaining: float, ready_at: float) -> None:
        self.remaining = remaining
        self.ready_at = ready_at
        super().__init__("refuse-daily-not-ready", wait=format_duration(remaining))


class TableExists(StorageError):
    """A channel that already has a table that is not closed."""

    def __init__(self, channel_id: int) -> None:
        self.channel_id = channel_id
        super().__init__("refuse-table-exists")


class NoTable(StorageError):
    """No (open) table where one was expected."""

    def __init__(self, message: Message | str = "refuse-no-table-here") -> None:
        super().__init__(message)


class TableClosed(NoTable):
    """A table that has been closed."""

    def __init__(self) -> None:
        super().__init__("refuse-table-closed")


class AlreadyAtTable(StorageError):
    """A user who already has a seat or a place in line at this table."""


class AlreadySeated(AlreadyAtTable):
    """A user who already has a seat at this table."""

    def __init__(self) -> None:
        super().__init__("refuse-already-seated")


class AlreadyQueued(AlreadyAtTable):
    """A user who is already waiting in line for this table."""

    def __init__(self) -> None:
        super().__init__("refuse-already-queued")


class NotSeated(StorageError):
    """A user without a seat at this table."""

    def __init__(self, message: Message | str = "refuse-not-seated", /, **params: Any) -> None:
        super().__init__(message, **params)


class SeatTaken(StorageError):
    """A seat number someone else sits in."""

    def __init__(self, seat_no: int) -> None:
        self.seat_no = seat_no
        super().__init__("refuse-seat-taken", seat=seat_no)


class InvalidSeat(StorageError, ValueError):
    """A seat number the table does not have."""

    def __init__(self, seat_no: int) -> None:
        self.seat_no = seat_no
        super().__init__("refuse-no-seat", seat=seat_no)


class TableFull(StorageError):
    """A table with every seat taken."""

    def __init__(self) -> None:
        super().__init__("refuse-table-full-wait")


class NoHand(StorageError):
    """A hand that does not exist."""

    def __init__(self) -> None:
        super().__init__("refuse-no-such-hand")


class HandInProgress(StorageError):
    """A table that already has a hand being played."""

    def __init__(self) -> None:
        super().__init__("refuse-hand-in-play")


class HandFinished(StorageError):
    """A hand that is over and can no longer change."""

    def __init__(self) -> None:
        super().__init__("refuse-hand-over")


class ChipsNotConserved(StorageError):
    """A hand result whose chips do not add up (a bug in the caller, never the player)."""

    def __init__(self, detail: str) -> None:
        super().__init__("refuse-chips-not-conserved", detail=detail)


class SchemaTooNew(StorageError):
    """A database written by a newer version of the bot."""

    def __init__(self, found: int, known: int) -> None:
        super().__init__("refuse-schema-too-new", found=found, known=known)


def format_duration(seconds: float) -> str:
    """Say a duration the way a player would: ``3 h 12 min``, ``5 min``, ``40 s``.

    >>> format_duration(3 * 3600 + 11 * 60 + 5)  # rounded up: never too early
    '3 h 12 min'
    >>> format_duration(59.2)
    '1 min'
    >>> format_duration(3600)
    '1 h'
    """
    total = max(0, int(seconds + 0.999))
    if total < 60:
        return f"{total} s"
    minutes = (total + 59) // 60
    hours, minutes = divmod(minutes, 60)
    if not hours:
        return f"{minutes} min"
    return f"{hours} h {minutes} min" if minutes else f"{hours} h"


class StaleHand(StorageError):
    """The hand's record moved on since the writer read it: another process played."""

    def __init__(self, hand_id: int, expected: int, found: int) -> None:
        super().__init__("refuse-stale-hand")
        self.hand_id, self.expected, self.found = hand_id, expected, found


class LeaseLost(StorageError):
    """Another process took over the table's lease: this one may no longer write for it."""

    def __init__(self, table_id: int) -> None:
        super().__init__("refuse-table-elsewhere")
        self.table_id = table_id
