"""The :class:`Database`: one aiosqlite connection and the writer discipline around it.

Every transaction (writes and reads alike) takes the same ``asyncio.Lock``, so transactions
of concurrent table tasks run one after the other and never interleave on the shared
connection. Writes use ``BEGIN IMMEDIATE`` (the file's write lock is taken at once, and other
processes wait up to ``busy_timeout``); reads use a deferred ``BEGIN`` for a consistent view.

``Database(target)`` picks the backend from its target: a path, ``sqlite:///path`` or
``sqlite:///:memory:`` is SQLite (this class); ``postgresql://...`` or ``postgres://...`` is
a :class:`bot.storage.postgres.PostgresDatabase`, with the same methods on a connection pool.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from types import TracebackType
from typing import Any, ClassVar, Self, TypeVar
from urllib.parse import urlsplit, urlunsplit

import aiosqlite

from bot.storage import inline
from bot.storage.flows import FLOW_MIN_HANDS, FLOW_THRESHOLD, ChipFlow, FlowPair
from bot.storage.models import (
    ALL_TIME,
    CashOut,
    ChipCensus,
    DailyClaim,
    GameTable,
    GuildSettings,
    Hand,
    HandStats,
    HandStatus,
    LeaderboardEntry,
    LedgerEntry,
    LedgerMismatch,
    Metric,
    QueueEntry,
    Seat,
    SeatStatus,
    TableStatus,
    Wallet,
)
from bot.storage.schema import MIGRATIONS, migrate, run_sql, user_version
from bot.storage.transaction import Transaction

Clock = Callable[[], float]
T = TypeVar("T")
log = logging.getLogger(__name__)

#: How many times a convenience method runs a transaction PostgreSQL rolled back (a
#: deadlock or a serialisation failure) before it gives up.
RETRIES = 8
POSTGRES_SCHEMES = ("postgresql://", "postgres://")
SQLITE_SCHEME = "sqlite://"


def is_postgres_url(target: object) -> bool:
    """Whether a database target names a PostgreSQL database.

    >>> is_postgres_url("postgresql://salon@db/salon"), is_postgres_url("data/salon.sqlite3")
    (True, False)
    """
    return isinstance(target, str) and target.strip().lower().startswith(POSTGRES_SCHEMES)


def sqlite_path(target: str | Path) -> str:
    """The SQLite file a target names: a path, or ``sqlite:///relative/path``,
    ``sqlite:////absolute/path``, ``sqlite:///:memory:``.

    >>> sqlite_path("sqlite:///data/salon.sqlite3"), sqlite_path("sqlite:////srv/salon.db")
    ('data/salon.sqlite3', '/srv/salon.db')
    >>> sqlite_path("sqlite:///:memory:"), sqlite_path(Path("x.db"))
    (':memory:', 'x.db')
    """
    text = str(target)
    if not text.lower().startswith(SQLITE_SCHEME):
        return text
    rest = text[len(SQLITE_SCHEME) :]
    if not rest.startswith("/"):
        raise ValueError(f"a SQLite URL is sqlite:///path (three slashes), not {text!r}")
    return rest[1:] or ":memory:"


def redact_url(url: str) -> str:
    """A database URL without its password, fit for a log or an error message.

    >>> redact_url("postgresql://salon:secret@db:5432/salon")
    'postgresql://salon:***@db:5432/salon'
    """
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.rsplit("@", 1)[-1]
    user = parts.username or ""
    return urlunsplit(parts._replace(netloc=f"{user}:***@{netloc}"))


#: Files SQLite keeps next to the database; they hold the same data.
SIDE_FILES = ("-wal", "-shm", "-journal")


def private_file(path: Path) -> None:
    """Make ``path`` (and its side files) readable by the bot's user only: missing folders
    are created 0700, the database file 0600 before SQLite opens it (SQLite gives its WAL,
    SHM and journal files the main file's mode), existing files are narrowed to 0600."""
    missing = []
    folder = path.parent
    while not folder.exists():
        missing.append(folder)
        folder = folder.parent
    for created in reversed(missing):
        created.mkdir(mode=0o700, exist_ok=True)
    if not path.exists():
        os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
    for candidate in (path, *(path.with_name(path.name + s) for s in SIDE_FILES)):
        with contextlib.suppress(OSError):  # not ours, or gone: leave it to the operator
            if candidate.exists() and candidate.stat().st_mode & 0o077:
                candidate.chmod(0o600)


#: Members who may wait for a seat at one table, unless the server sets another cap.
DEFAULT_QUEUE_CAP = 20
#: A member's choice of turn notice: the table's option, or his own (/notify).
NOTIFY_PREFERENCES = ("table", "mention", "dm", "off")
MAX_QUEUE_CAP = 100
#: Days a finished hand stays in the database (bot.storage.retention); 0 keeps everything.
DEFAULT_RETENTION_DAYS = 90
MAX_RETENTION_DAYS = 3650


class Database:
    """The bot's database: owns the connection, migrates it, serialises transactions.

    Use ``async with Database(target) as db:`` (or ``await Database.open(target)`` and
    ``await db.close()``). Each convenience method below is one transaction; to combine
    several operations atomically, use ``async with db.transaction() as tx:`` and call the
    same methods on ``tx``. A PostgreSQL URL gives a :class:`PostgresDatabase` (see
    :mod:`bot.storage.postgres`); ``migrations`` defaults to the backend's own texts.
    """

    #: The SQL dialect of the backend: "sqlite" or "postgres".
    dialect: ClassVar[str] = "sqlite"
    #: The class a PostgreSQL URL opens: :mod:`bot.storage.postgres` names its own when
    #: imported (``bot.storage`` imports it), so this module never imports it back.
    postgres_backend: ClassVar[type[Database] | None] = None

    def __new__(cls, path: str | Path, *args: Any, **kwargs: Any) -> Database:
        if cls is Database and is_postgres_url(path):
            if Database.postgres_backend is None:
                raise RuntimeError("bot.storage.postgres is not loaded (import bot.storage)")
            return super().__new__(Database.postgres_backend)
        return super().__new__(cls)

    def __init__(
        self,
        path: str | Path,
        *,
        clock: Clock = time.time,
        busy_timeout_ms: int = 5000,
        migrations: Sequence[str] | None = None,
    ) -> None:
        self.path = str(path).strip() if is_postgres_url(path) else sqlite_path(path)
        self.clock = clock
        self.busy_timeout_ms = busy_timeout_ms
        self._migrations = tuple(MIGRATIONS if migrations is None else migrations)
        self._conn: inline.InlineConnection | None = None
        self._lock = asyncio.Lock()
        #: Tasks inside a transaction (one on SQLite): a task may not open a second one.
        self._owners: set[asyncio.Task[Any]] = set()

    @property
    def parallel(self) -> int:
        """How many transactions can usefully run at once (1: one SQLite connection)."""
        return 1

    @property
    def label(self) -> str:
        """Where the database is, for messages (a PostgreSQL URL without its password)."""
        return self.path

    # -- life cycle ----------------------------------------------------------------------

    @classmethod
    async def open(cls, path: str | Path, **kwargs: Any) -> Database:
        """Create, connect and migrate a database in one call."""
        db = cls(path, **kwargs)
        await db.connect()
        return db

    async def connect(self) -> None:
        """Open the connection, set the pragmas (WAL, foreign keys, busy timeout), migrate."""
        if self._conn is not None:
            return
        if self.path != ":memory:" and not self.path.startswith("file:"):
            private_file(Path(self.path))
        conn = await inline.connect(self.path, isolation_level=None)
        try:
            conn.row_factory = sqlite3.Row
            await run_sql(conn, f"PRAGMA busy_timeout = {int(self.busy_timeout_ms):d}")
            await run_sql(conn, "PRAGMA journal_mode = WAL")
            await run_sql(conn, "PRAGMA synchronous = NORMAL")
            await run_sql(conn, "PRAGMA foreign_keys = ON")
            await migrate(conn, self._migrations)
            await run_sql(conn, self.META_TABLE)
            await conn.hold_busy_timeout(self.busy_timeout_ms)
        except BaseException:
            await conn.close()
            raise
        self._conn = conn

    async def close(self) -> None:
        """Wait for the running transaction, then close the connection."""
        self._check_not_nested()
        async with self._lock:
            if self._conn is not None:
                conn, self._conn = self._conn, None
                await conn.close()

    async def __aenter__(self) -> Self:
        await self.connect()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    async def checkpoint(self) -> None:
        """Copy the WAL into the database file and empty it (``wal_checkpoint(TRUNCATE)``)."""
        if self._conn is None:
            return
        self._check_not_nested()
        async with self._lock:
            await run_sql(self._connection(), "PRAGMA wal_checkpoint(TRUNCATE)")

    #: A write that changes nothing: a read-only database refuses it all the same (SQLite
    #: grants ``BEGIN IMMEDIATE`` on a read-only file; only a write statement fails).
    NO_OP_WRITE = "DELETE FROM bot_meta WHERE 1 = 0"

    async def writable(self) -> bool:
        """Whether the database takes a write now (nothing is written)."""
        try:
            async with self.transaction() as tx:
                await tx._run(self.NO_OP_WRITE)
                return True
        except (sqlite3.Error, RuntimeError):
            return False

    # -- the bot's own bookkeeping (outside the schema: no migration) ---------------------

    META_TABLE = "CREATE TABLE IF NOT EXISTS bot_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)"

    async def get_meta(self, key: str) -> str | None:
        """A value the bot keeps for itself (e.g. the hash of the last command sync); the
        ``bot_meta`` table is made when the database opens."""
        row = await self._read(
            lambda tx: tx._one("SELECT value FROM bot_meta WHERE key = ?", (key,))
        )
        return None if row is None else str(row[0])

    async def queue_cap(self, guild_id: int) -> int:
        """How many members may wait for a seat at one of the guild's tables."""
        raw = await self.get_meta(f"queue_cap:{guild_id}")
        return DEFAULT_QUEUE_CAP if raw is None else int(raw)

    async def set_queue_cap(self, guild_id: int, cap: int) -> int:
        """Set the guild's waiting-line cap (1 to :data:`MAX_QUEUE_CAP`)."""
        if not 1 <= cap <= MAX_QUEUE_CAP:
            raise ValueError(f"the waiting line holds 1 to {MAX_QUEUE_CAP} players")
        await self.set_meta(f"queue_cap:{guild_id}", str(cap))
        return cap

    async def retention_days(self, guild_id: int) -> int:
        """How many days the guild's finished hands stay in the database (0: forever)."""
        raw = await self.get_meta(f"retention_days:{guild_id}")
        return DEFAULT_RETENTION_DAYS if raw is None else int(raw)

    async def set_retention_days(self, guild_id: int, days: int) -> int:
        """Set the guild's retention (0 keeps everything, at most :data:`MAX_RETENTION_DAYS`)."""
        if not 0 <= days <= MAX_RETENTION_DAYS:
            raise ValueError(f"the retention is 0 to {MAX_RETENTION_DAYS} days")
        await self.set_meta(f"retention_days:{guild_id}", str(days))
        return days

    async def notify_preference(self, user_id: int) -> str:
        """How a member wants to be told it is his turn: one of :data:`NOTIFY_PREFERENCES`
        (``table``: as the table's option says)."""
        raw = await self.get_meta(f"notify:{user_id}")
        return raw if raw in NOTIFY_PREFERENCES else "table"

    async def set_notify_preference(self, user_id: int, mode: str) -> str:
        if mode not in NOTIFY_PREFERENCES:
            raise ValueError(f"a notify preference is one of {NOTIFY_PREFERENCES}")
        await self.set_meta(f"notify:{user_id}", mode)
        return mode

    async def set_meta(self, key: str, value: str) -> None:
        await self._write(
            lambda tx: tx._run(
                "INSERT INTO bot_meta (key, value) VALUES (?, ?)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )
        )

    async def pragma(self, name: str) -> Any:
        """Read a PRAGMA (e.g. ``journal_mode``, ``foreign_keys``, ``user_version``)."""
        if not name.isidentifier():
            raise ValueError(f"not a pragma name: {name!r}")
        self._check_not_nested()
        async with self._lock, self._connection().execute(f"PRAGMA {name}") as cur:
            row = await cur.fetchone()
        return None if row is None else row[0]

    async def schema_version(self) -> int:
        """The schema version of the open database."""
        self._check_not_nested()
        async with self._lock:
            return await user_version(self._connection())

    def _connection(self) -> inline.InlineConnection:
        if self._conn is None:
            raise RuntimeError("the database is not open; call connect() first")
        return self._conn

    # -- transactions --------------------------------------------------------------------

    def _check_not_nested(self) -> asyncio.Task[Any] | None:
        """The running task, which must not be inside a transaction already."""
        task = asyncio.current_task()
        if task is not None and task in self._owners:
            raise RuntimeError(
                "a transaction is already open in this task; call the methods of its tx"
            )
        return task

    @asynccontextmanager
    async def _session(self, write: bool) -> AsyncIterator[Transaction]:
        task = self._check_not_nested()
        async with self._lock:
            conn = self._connection()
            if task is not None:
                self._owners.add(task)
            tx = Transaction(conn, self.clock(), writing=write)
            try:
                await inline.begin(conn, "BEGIN IMMEDIATE" if write else "BEGIN")
                tx._direct = inline.direct(conn)
                try:
                    yield tx
                    await inline.finish(conn, "COMMIT")
                except BaseException:
                    await self._rollback(conn)
                    raise
            finally:
                tx._close()
                if task is not None:
                    self._owners.discard(task)

    @staticmethod
    async def _rollback(conn: aiosqlite.Connection) -> None:
        # OperationalError: nothing to roll back (e.g. a cancelled COMMIT went through).
        with contextlib.suppress(sqlite3.OperationalError):
            await inline.finish(conn, "ROLLBACK")

    def transaction(self) -> AbstractAsyncContextManager[Transaction]:
        """``async with db.transaction() as tx:`` a write transaction (BEGIN IMMEDIATE).

        It commits when the block ends and rolls back if the block raises (or is
        cancelled), so nothing is ever half-written. Not re-entrant: inside the block, use
        ``tx``, not the ``db`` convenience methods.
        """
        return self._session(True)

    def read(self) -> AbstractAsyncContextManager[Transaction]:
        """``async with db.read() as tx:`` a read-only snapshot (deferred BEGIN)."""
        return self._session(False)

    async def _write(self, operation: Callable[[Transaction], Awaitable[T]]) -> T:
        """Run ``operation`` in a write transaction; run it again (a few times) if the
        database rolled the transaction back for a deadlock or a serialisation failure."""
        return await self._attempt(True, operation)

    async def _read(self, operation: Callable[[Transaction], Awaitable[T]]) -> T:
        """Run ``operation`` in a read transaction (retried like :meth:`_write`)."""
        return await self._attempt(False, operation)

    async def _attempt(self, write: bool, operation: Callable[[Transaction], Awaitable[T]]) -> T:
        attempt = 0
        while True:
            try:
                async with self._session(write) as tx:
                    return await operation(tx)
            except sqlite3.OperationalError as exc:
                if attempt >= RETRIES or not self._retryable(exc):
                    raise
                log.info("transaction rolled back (%s); running it again", exc)
            await self._retry_pause(attempt)
            attempt += 1

    def _retryable(self, exc: BaseException) -> bool:
        """Whether a failed transaction may simply run again (never on SQLite: its
        writers take turns, and ``busy_timeout`` already waits)."""
        return False

    async def _retry_pause(self, attempt: int) -> None:
        await asyncio.sleep(0)

    # -- guilds --------------------------------------------------------------------------

    async def settings(self, guild_id: int) -> GuildSettings:
        """The guild's settings (defaults if none were saved)."""
        return await self._read(lambda tx: tx.settings(guild_id))

    async def update_settings(
        self,
        guild_id: int,
        *,
        starting_grant: int | None = None,
        daily_bonus: int | None = None,
        daily_cooldown: int | None = None,
        locale: str | None = None,
        table_defaults: Mapping[str, Any] | None = None,
    ) -> GuildSettings:
        """Change some guild settings; the others keep their value."""
        return await self._write(
            lambda tx: tx.update_settings(
                guild_id,
                starting_grant=starting_grant,
                daily_bonus=daily_bonus,
                daily_cooldown=daily_cooldown,
                locale=locale,
                table_defaults=table_defaults,
            )
        )

    async def jar_balance(self, guild_id: int) -> int:
        """Chips in the guild's flambeau jar."""
        return await self._read(lambda tx: tx.jar_balance(guild_id))

    # -- wallets -------------------------------------------------------------------------

    async def ensure_wallet(self, guild_id: int, user_id: int) -> Wallet:
        """The user's wallet, created with the starting grant on first use."""
        return await self._write(lambda tx: tx.ensure_wallet(guild_id, user_id))

    async def balance(self, guild_id: int, user_id: int) -> int:
        """Chips in the user's wallet (creating it on first use)."""
        return await self._write(lambda tx: tx.balance(guild_id, user_id))

    async def grant(
        self,
        guild_id: int,
        user_id: int,
        amount: int,
        *,
        by: int | None = None,
        note: str | None = None,
    ) -> int:
        """Admin grant (negative: removal); returns the new balance."""
        return await self._write(lambda tx: tx.grant(guild_id, user_id, amount, by=by, note=note))

    async def claim_daily(self, guild_id: int, user_id: int) -> DailyClaim:
        """Pay the daily bonus or raise DailyNotReady."""
        return await self._write(lambda tx: tx.claim_daily(guild_id, user_id))

    async def transfer(
        self, guild_id: int, from_id: int, to_id: int, amount: int, *, note: str | None = None
    ) -> tuple[int, int]:
        """Send chips to another wallet; returns ``(sender, receiver)`` balances."""
        return await self._write(
            lambda tx: tx.transfer(guild_id, from_id, to_id, amount, note=note)
        )

    async def ledger(self, guild_id: int, user_id: int, *, limit: int = 20) -> list[LedgerEntry]:
        """The user's latest ledger entries, newest first."""
        return await self._read(lambda tx: tx.ledger(guild_id, user_id, limit=limit))

    async def verify_ledger(self, guild_id: int) -> list[LedgerMismatch]:
        """Wallets whose balance is not the sum of their ledger (empty when all is well)."""
        return await self._read(lambda tx: tx.verify_ledger(guild_id))

    async def chip_census(self, guild_id: int) -> ChipCensus:
        """Where the guild's chips are, against the chips ever granted."""
        return await self._read(lambda tx: tx.chip_census(guild_id))

    # -- tables --------------------------------------------------------------------------

    async def create_table(
        self,
        guild_id: int,
        channel_id: int,
        game: str,
        creator_id: int,
        *,
        options: Mapping[str, Any] | None = None,
        message_ids: Mapping[str, Any] | None = None,
    ) -> GameTable:
        """Open a table in a channel (TableExists if the channel has one)."""
        return await self._write(
            lambda tx: tx.create_table(
                guild_id, channel_id, game, creator_id, options=options, message_ids=message_ids
            )
        )

    async def get_table(self, table_id: int) -> GameTable:
        """A table by id (NoTable if none)."""
        return await self._read(lambda tx: tx.get_table(table_id))

    async def table_in_channel(self, channel_id: int) -> GameTable | None:
        """The channel's table that is not closed, if any."""
        return await self._read(lambda tx: tx.table_in_channel(channel_id))

    async def open_tables(self, guild_id: int | None = None) -> list[GameTable]:
        """Tables that are not closed."""
        return await self._read(lambda tx: tx.open_tables(guild_id))

    async def update_table(
        self,
        table_id: int,
        *,
        status: TableStatus | None = None,
        options: Mapping[str, Any] | None = None,
        message_ids: Mapping[str, Any] | None = None,
    ) -> GameTable:
        """Change a live table's status, options or message ids."""
        return await self._write(
            lambda tx: tx.update_table(
                table_id, status=status, options=options, message_ids=message_ids
            )
        )

    async def close_table(
        self, table_id: int, *, by: int | None = None, reason: str | None = None
    ) -> list[CashOut]:
        """Close a table, cashing out every seat and emptying the line."""
        return await self._write(lambda tx: tx.close_table(table_id, by=by, reason=reason))

    # -- seats and line ------------------------------------------------------------------

    async def seat(
        self,
        table_id: int,
        user_id: int,
        *,
        seat_no: int | None = None,
        max_seats: int | None = None,
        buy_in: int = 0,
        status: SeatStatus = "playing",
    ) -> Seat:
        """Seat the user (and optionally buy in) in one transaction."""
        return await self._write(
            lambda tx: tx.seat(
                table_id,
                user_id,
                seat_no=seat_no,
                max_seats=max_seats,
                buy_in=buy_in,
                status=status,
            )
        )

    async def get_seat(self, table_id: int, user_id: int) -> Seat | None:
        """The user's seat at the table, if any."""
        return await self._read(lambda tx: tx.get_seat(table_id, user_id))

    async def seats(self, table_id: int) -> list[Seat]:
        """The table's seats in seat order."""
        return await self._read(lambda tx: tx.seats(table_id))

    async def update_seat(
        self,
        table_id: int,
        user_id: int,
        *,
        status: SeatStatus | None = None,
        timeouts: int | None = None,
        hands_sat_out: int | None = None,
    ) -> Seat:
        """Change a seat's status or counters."""
        return await self._write(
            lambda tx: tx.update_seat(
                table_id, user_id, status=status, timeouts=timeouts, hands_sat_out=hands_sat_out
            )
        )

    async def buy_in(self, table_id: int, user_id: int, amount: int) -> Seat:
        """Wallet to seat stack."""
        return await self._write(lambda tx: tx.buy_in(table_id, user_id, amount))

    async def cash_out(self, table_id: int, user_id: int) -> CashOut:
        """Seat stack to wallet; the seat is freed."""
        return await self._write(lambda tx: tx.cash_out(table_id, user_id))

    async def unseat(self, table_id: int, user_id: int) -> CashOut:
        """Same as :meth:`cash_out`."""
        return await self.cash_out(table_id, user_id)

    async def join_queue(self, table_id: int, user_id: int) -> QueueEntry:
        """Join the end of the table's waiting line."""
        return await self._write(lambda tx: tx.join_queue(table_id, user_id))

    async def leave_queue(self, table_id: int, user_id: int) -> bool:
        """Leave the line; False if not in it."""
        return await self._write(lambda tx: tx.leave_queue(table_id, user_id))

    async def pop_queue(self, table_id: int) -> QueueEntry | None:
        """Remove and return the first in line."""
        return await self._write(lambda tx: tx.pop_queue(table_id))

    async def queue(self, table_id: int) -> list[QueueEntry]:
        """The waiting line, first in line first."""
        return await self._read(lambda tx: tx.queue(table_id))

    # -- hands ---------------------------------------------------------------------------

    async def create_hand(
        self, table_id: int, record: Any, *, turn_deadline: float | None = None
    ) -> Hand:
        """Start the table's next hand."""
        return await self._write(
            lambda tx: tx.create_hand(table_id, record, turn_deadline=turn_deadline)
        )

    async def get_hand(self, hand_id: int) -> Hand:
        """A hand by id (NoHand if none)."""
        return await self._read(lambda tx: tx.get_hand(hand_id))

    async def previous_deal(self, hand: Hand) -> Hand | None:
        """The Brag deal before ``hand`` made with the same server seed, if stored."""
        return await self._read(lambda tx: tx.previous_deal(hand))

    async def current_hand(self, table_id: int) -> Hand | None:
        """The table's hand in progress, if any."""
        return await self._read(lambda tx: tx.current_hand(table_id))

    async def save_hand(
        self, hand_id: int, record: Any, *, turn_deadline: float | None = None
    ) -> None:
        """Replace an unfinished hand's record (and its turn deadline)."""
        await self._write(lambda tx: tx.save_hand(hand_id, record, turn_deadline=turn_deadline))

    async def append_action(
        self,
        hand_id: int,
        action: Any,
        *,
        turn_deadline: float | None = None,
        expected_count: int | None = None,
    ) -> int:
        """Append an action to an unfinished hand's record; returns the action count."""
        return await self._write(
            lambda tx: tx.append_action(
                hand_id, action, turn_deadline=turn_deadline, expected_count=expected_count
            )
        )

    async def finish_hand(
        self,
        hand_id: int,
        result: Any,
        stacks: Mapping[int, int],
        *,
        flambeau: int = 0,
        pot: int | None = None,
        stats: Iterable[HandStats] = (),
    ) -> Hand:
        """Finish a hand, write its stacks (and jar, pot) and record its statistics."""
        lines = list(stats)

        async def finish(tx: Transaction) -> Hand:
            hand = await tx.finish_hand(hand_id, result, stacks, flambeau=flambeau, pot=pot)
            await tx.record_hand_stats(hand.guild_id, lines)
            return hand

        return await self._write(finish)

    async def void_hand(self, hand_id: int, *, by: int | None = None) -> Hand:
        """Abandon an unfinished hand (no chip moves)."""
        return await self._write(lambda tx: tx.void_hand(hand_id, by=by))

    async def in_progress_hands(self, guild_id: int | None = None) -> list[Hand]:
        """Unfinished hands, to resume after a restart."""
        return await self._read(lambda tx: tx.in_progress_hands(guild_id))

    async def hand_history(
        self,
        guild_id: int,
        *,
        table_id: int | None = None,
        limit: int = 10,
        status: HandStatus = "finished",
    ) -> list[Hand]:
        """Latest hands of a guild or table, newest first."""
        return await self._read(
            lambda tx: tx.hand_history(guild_id, table_id=table_id, limit=limit, status=status)
        )

    # -- statistics ----------------------------------------------------------------------

    async def record_hand_stats(
        self, guild_id: int, lines: Iterable[HandStats], *, at: float | None = None
    ) -> None:
        """Add a finished hand to the all-time and weekly statistics."""
        await self._write(lambda tx: tx.record_hand_stats(guild_id, lines, at=at))

    async def player_stats(
        self, guild_id: int, user_id: int, period: str = ALL_TIME
    ) -> dict[str, int]:
        """One player's statistics for a period."""
        return await self._read(lambda tx: tx.player_stats(guild_id, user_id, period))

    async def leaderboard(
        self, guild_id: int, metric: Metric, period: str = ALL_TIME, limit: int = 10
    ) -> list[LeaderboardEntry]:
        """The top players for a metric over 'all', 'week' or an ISO week."""
        return await self._read(lambda tx: tx.leaderboard(guild_id, metric, period, limit))

    # -- integrity -----------------------------------------------------------------------

    async def chip_flows(self, guild_id: int) -> list[ChipFlow]:
        """Every pair's chip flow in the guild, all time, largest first."""
        return await self._read(lambda tx: tx.chip_flows(guild_id))

    async def flow_pairs(
        self,
        guild_id: int,
        *,
        threshold: int = FLOW_THRESHOLD,
        min_hands: int = FLOW_MIN_HANDS,
        since: float = 0.0,
        limit: int = 10,
    ) -> list[FlowPair]:
        """The pairs whose one-way chip flow reaches ``threshold``, with their evidence."""
        return await self._read(
            lambda tx: tx.flow_pairs(
                guild_id, threshold=threshold, min_hands=min_hands, since=since, limit=limit
            )
        )

    async def welcome_grant(self, guild_id: int, user_id: int) -> int:
        """The chips of the member's welcome grant (0: none)."""
        return await self._read(lambda tx: tx.welcome_grant(guild_id, user_id))
