"""The :class:`Database`: one aiosqlite connection and the writer discipline around it.

Every transaction (writes and reads alike) takes the same ``asyncio.Lock``, so transactions
of concurrent table tasks run one after the other and never interleave on the shared
connection. Writes use ``BEGIN IMMEDIATE`` (the file's write lock is taken at once, and other
processes wait up to ``busy_timeout``); reads use a deferred ``BEGIN`` for a consistent view.

``Database(target)`` picks the backend from its target: a path, ``sqlite:///path`` or
``sqlite:///:memory:`` is SQLite (this class); ``postgresql://...`` or ``postgres://...`` is
a :class:`bot.storage.postgres.PostgresDatabase`, with the same methods on a connection pool.

The storage operations (wallets, tables, seats, hands, statistics) are methods of the
:class:`~bot.storage.transaction.Transaction` only; callers reach them in one of four ways:

- one read: ``await db.query(Transaction.get_table, table_id)``;
- one write: ``await db.write(Transaction.grant, guild_id, user_id, 100)`` (run again
  if PostgreSQL rolls it back for a deadlock or a serialisation failure);
- several reads on one snapshot: ``async with db.read() as tx:``;
- several writes, all or nothing: ``async with db.transaction() as tx:``.

``Database`` keeps only what does work of its own: the connection (or pool), migrations,
transactions and their retries, and the bot's bookkeeping in ``bot_meta`` (with its
checks). It has no method that only opens a transaction and calls the transaction's
method of the same name (``tests/test_storage_api.py`` checks it): add an operation to the
transaction, not a wrapper here.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from types import TracebackType
from typing import Any, ClassVar, Concatenate, ParamSpec, Self, TypeVar
from urllib.parse import urlsplit, urlunsplit

import aiosqlite

from bot.extras import require
from bot.storage import inline
from bot.storage.schema import MIGRATIONS, migrate, run_sql, user_version
from bot.storage.transaction import Transaction

Clock = Callable[[], float]
T = TypeVar("T")
P = ParamSpec("P")
log = logging.getLogger(__name__)

#: How many times :meth:`Database.write` (or ``query``) runs a transaction PostgreSQL rolled
#: back (a deadlock or a serialisation failure) before it gives up.
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
    ``await db.close()``). The storage operations are the methods of a transaction:
    ``db.query(op, ...)`` and ``db.write(op, ...)`` run one, ``db.read()`` and ``db.transaction()``
    open a block for several (see the module docstring). A PostgreSQL URL gives a
    :class:`PostgresDatabase` (see :mod:`bot.storage.postgres`); ``migrations`` defaults
    to the backend's own texts.
    """

    #: The SQL dialect of the backend: "sqlite" or "postgres".
    dialect: ClassVar[str] = "sqlite"
    #: The class a PostgreSQL URL opens: :mod:`bot.storage.postgres` names its own when
    #: imported (``bot.storage`` imports it), so this module never imports it back.
    postgres_backend: ClassVar[type[Database] | None] = None

    def __new__(cls, path: str | Path, *args: Any, **kwargs: Any) -> Database:
        if cls is Database and is_postgres_url(path):
            require("asyncpg", "a postgresql:// database")  # the postgres extra
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
        row = await self.query(
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
        await self.write(
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
                tx._committed()
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
        ``tx``, not ``db``. A block that writes with one statement says so first
        (:meth:`~bot.storage.txbase.TransactionBase.as_one_statement`): on PostgreSQL it then
        costs one round trip.
        """
        return self._session(True)

    def read(self) -> AbstractAsyncContextManager[Transaction]:
        """``async with db.read() as tx:`` a read-only snapshot (deferred BEGIN)."""
        return self._session(False)

    async def write(
        self,
        operation: Callable[Concatenate[Transaction, P], Awaitable[T]],
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> T:
        """``await db.write(Transaction.grant, guild_id, user_id, 100)``: run
        ``operation(tx, *args, **kwargs)`` in a write transaction and return its result; run
        it again (a few times) if the database rolled the transaction back for a deadlock or
        a serialisation failure (PostgreSQL), so ``operation`` must only call ``tx``."""
        return await self._attempt(True, lambda tx: operation(tx, *args, **kwargs))

    async def query(
        self,
        operation: Callable[Concatenate[Transaction, P], Awaitable[T]],
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> T:
        """``await db.query(Transaction.get_table, table_id)``: run
        ``operation(tx, *args, **kwargs)`` in a read transaction (a snapshot, as
        :meth:`read`) and return its result."""
        return await self._attempt(False, lambda tx: operation(tx, *args, **kwargs))

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
