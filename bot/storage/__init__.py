"""Persistent storage for the bot: wallets, ledger, tables, seats, hands and statistics.

Open a :class:`Database` once at start-up; it owns the only connection and serialises every
transaction. See ``docs/storage.md`` for the data model and the writer discipline.
:class:`PostgresDatabase` is imported on first use (``Database(url)`` for a PostgreSQL URL, or
this package's attribute): it needs asyncpg, the ``postgres`` extra (bot/extras.py).
"""

from typing import TYPE_CHECKING, Any

from bot.storage.database import Database
from bot.storage.errors import (
    AlreadyAtTable,
    AlreadyQueued,
    AlreadySeated,
    ChipsNotConserved,
    DailyNotReady,
    HandFinished,
    HandInProgress,
    InsufficientChips,
    InvalidAmount,
    InvalidSeat,
    LeaseLost,
    NoHand,
    NoTable,
    NotSeated,
    SchemaTooNew,
    SeatTaken,
    SelfTransfer,
    StaleHand,
    StorageError,
    TableClosed,
    TableExists,
    TableFull,
)
from bot.storage.models import (
    METRICS,
    CashOut,
    ChipCensus,
    DailyClaim,
    GameTable,
    GuildSettings,
    Hand,
    HandStats,
    LeaderboardEntry,
    LedgerEntry,
    LedgerMismatch,
    Metric,
    QueueEntry,
    Seat,
    Wallet,
    iso_week,
)
from bot.storage.schema import MIGRATIONS
from bot.storage.transaction import Transaction

if TYPE_CHECKING:
    from bot.storage.postgres import PostgresDatabase


def __getattr__(name: str) -> Any:
    """``bot.storage.PostgresDatabase``, imported when first asked for (it needs asyncpg)."""
    if name == "PostgresDatabase":
        from bot.storage.postgres import PostgresDatabase

        return PostgresDatabase
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "METRICS",
    "MIGRATIONS",
    "AlreadyAtTable",
    "AlreadyQueued",
    "AlreadySeated",
    "CashOut",
    "ChipCensus",
    "ChipsNotConserved",
    "DailyClaim",
    "DailyNotReady",
    "Database",
    "GameTable",
    "GuildSettings",
    "Hand",
    "HandFinished",
    "HandInProgress",
    "HandStats",
    "InsufficientChips",
    "InvalidAmount",
    "InvalidSeat",
    "LeaderboardEntry",
    "LeaseLost",
    "LedgerEntry",
    "LedgerMismatch",
    "Metric",
    "NoHand",
    "NoTable",
    "NotSeated",
    "PostgresDatabase",
    "QueueEntry",
    "SchemaTooNew",
    "Seat",
    "SeatTaken",
    "SelfTransfer",
    "StaleHand",
    "StorageError",
    "TableClosed",
    "TableExists",
    "TableFull",
    "Transaction",
    "Wallet",
    "iso_week",
]
