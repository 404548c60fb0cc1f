"""PostgreSQL for the storage layer: the same :class:`~bot.storage.Database`, on asyncpg.

``Database("postgresql://user@host/db")`` is a :class:`PostgresDatabase`: a pool of
connections instead of one, no global lock (transactions of different tables run side by
side), and the same :class:`~bot.storage.Transaction` code on top of :class:`PgConnection`,
the part of aiosqlite's connection that code uses:

- ``?`` placeholders become ``$1..$n``; an ``INSERT`` into a table with a generated key gets
  ``RETURNING <key>`` (the cursor's ``lastrowid``); ``INSERT OR IGNORE`` becomes
  ``ON CONFLICT DO NOTHING``; ``rowcount`` and ``total_changes`` come from the rows changed.
- An error from PostgreSQL is raised as the ``sqlite3`` error SQLite would raise: a
  constraint or trigger refusal (SQLSTATE class 23) as :class:`PgIntegrityError`, a subclass
  of ``sqlite3.IntegrityError``; anything else as :class:`PgOperationalError`. Both carry the
  ``sqlstate``; a deadlock or serialisation failure (40P01, 40001) is one ``db.write`` and
  ``db.query`` retry.

Writes run at READ COMMITTED; the rows a write transaction reads and then changes (a wallet
before a debit, a table before its seats, line or hands, a hand before its record) are locked
with ``FOR NO KEY UPDATE`` (:attr:`~bot.storage.txbase.TransactionBase.for_update`). Reads
(``db.read()``) are one REPEATABLE READ, READ ONLY snapshot.

asyncpg is the ``postgres`` extra (bot/extras.py): this module imports it only where it
connects or tells its errors, so that the bot on SQLite imports and runs without it.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any, Final

from bot.storage.database import Clock, Database, redact_url
from bot.storage.errors import SchemaTooNew
from bot.storage.pg_batch import Appends
from bot.storage.pg_connection import (
    PgConnection,
    PgIntegrityError,
    PgOperationalError,
    database_error,
    postgres_error,
    translate,
)
from bot.storage.schema_pg import PG_MIGRATIONS
from bot.storage.transaction import Transaction

#: SQLSTATEs of a transaction PostgreSQL rolled back whole, safe to run again.
RETRYABLE: Final = frozenset({"40001", "40P01"})
#: The advisory lock migrations run under (any constant; per database).
MIGRATION_LOCK: Final = 0x5A_4C_0_4E_C4_2D
#: Statements each connection keeps prepared (asyncpg prepares a statement the first time a
#: connection runs it, then runs it by name): room for every text the bot sends, with the
#: chip-flow inserts of each size, so none is prepared twice.
STATEMENT_CACHE: Final = 512
BEGIN_WRITE: Final = "BEGIN ISOLATION LEVEL READ COMMITTED"
BEGIN_READ: Final = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
VERSION_TABLE: Final = (
    "CREATE TABLE IF NOT EXISTS schema_version"
    " (id BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (id), version INTEGER NOT NULL)"
)


class PostgresUnavailable(sqlite3.OperationalError):
    """The PostgreSQL server could not be reached or refused the connection."""


def retryable(exc: BaseException) -> bool:
    """Whether ``exc`` is a deadlock or serialisation failure (the transaction may run again)."""
    return getattr(exc, "sqlstate", None) in RETRYABLE


async def user_version(raw: Any) -> int:
    """The schema version a PostgreSQL database records (0 before the first migration)."""
    exists = await raw.fetchval("SELECT to_regclass('schema_version') IS NOT NULL")
    if not exists:
        return 0
    version = await raw.fetchval("SELECT version FROM schema_version")
    return int(version or 0)


async def migrate(raw: Any, migrations: Sequence[str], *, then: Sequence[str] = ()) -> int:
    """Apply the migrations the database lacks, each in its own transaction holding
    ``pg_advisory_xact_lock``: two processes starting together take turns, and the second
    finds the work done. Then runs ``then`` (e.g. ``CREATE TABLE IF NOT EXISTS``) under the
    same lock. Returns the version; :class:`SchemaTooNew` for a database newer than the code."""
    while True:
        try:
            async with raw.transaction():
                await raw.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
                await raw.execute(VERSION_TABLE)
                current = await user_version(raw)
                if current > len(migrations):
                    raise SchemaTooNew(current, len(migrations))
                if current == len(migrations):
                    for statement in then:
                        await raw.execute(statement)
                    return current
                await raw.execute(migrations[current])
                await raw.execute(
                    "INSERT INTO schema_version (id, version) VALUES (TRUE, $1)"
                    " ON CONFLICT (id) DO UPDATE SET version = excluded.version",
                    current + 1,
                )
        except postgres_error() as exc:
            raise database_error(exc) from exc


async def _keep_session(raw: Any) -> None:
    """The pool's reset: none (a transaction always ends in COMMIT or ROLLBACK and the
    code sets no session state), which saves a round trip per transaction."""


class PostgresDatabase(Database):
    """The bot's PostgreSQL database: a connection pool, migrations, transactions.

    Made by ``Database(url)`` for a ``postgresql://`` or ``postgres://`` URL (asyncpg's DSN:
    query parameters it does not know become server settings, e.g. ``?search_path=salon``).
    """

    dialect = "postgres"

    def __init__(
        self,
        path: str,
        *,
        clock: Clock = time.time,
        busy_timeout_ms: int = 5000,
        migrations: Sequence[str] | None = None,
        pool_size: int = 10,
    ) -> None:
        super().__init__(
            path,
            clock=clock,
            busy_timeout_ms=busy_timeout_ms,
            migrations=PG_MIGRATIONS if migrations is None else migrations,
        )
        self.pool_size = pool_size
        self._pool: Any = None
        #: Players' actions of this process's tables, sent together (bot/storage/pg_batch.py).
        self._appends = Appends(lambda: self._connected().acquire())

    @property
    def label(self) -> str:
        return redact_url(self.path)

    @property
    def parallel(self) -> int:
        return self.pool_size

    async def connect(self) -> None:
        """Open the pool (one connection at first, up to ``pool_size``), then migrate."""
        if self._pool is not None:
            return
        import asyncpg

        try:
            pool = await asyncpg.create_pool(
                self.path,
                min_size=1,
                max_size=self.pool_size,
                reset=_keep_session,
                timeout=self.busy_timeout_ms / 1000 * 2,
                statement_cache_size=STATEMENT_CACHE,
            )
        except (TimeoutError, OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            raise PostgresUnavailable(f"could not connect to {self.label}: {exc}") from exc
        try:
            async with pool.acquire() as raw:
                await migrate(raw, self._migrations, then=(self.META_TABLE,))
        except BaseException:
            await pool.close()
            raise
        self._pool = pool

    async def close(self) -> None:
        """Wait for the running transactions, then close every connection."""
        self._check_not_nested()
        if self._pool is not None:
            await self._appends.aclose()
            pool, self._pool = self._pool, None
            await pool.close()

    async def checkpoint(self) -> None:
        """Nothing to do: PostgreSQL checkpoints by itself."""

    async def writable(self) -> bool:
        import asyncpg

        try:
            async with self.transaction() as tx:
                await tx._run(self.NO_OP_WRITE)
                return True
        except (
            sqlite3.Error,
            RuntimeError,
            OSError,
            asyncpg.PostgresError,
            asyncpg.InterfaceError,
        ):
            return False

    async def pragma(self, name: str) -> Any:
        raise NotImplementedError("PRAGMA is SQLite's; PostgreSQL has SHOW")

    async def schema_version(self) -> int:
        self._check_not_nested()
        async with self._connected().acquire() as raw:
            return await user_version(raw)

    def _connected(self) -> Any:
        if self._pool is None:
            raise RuntimeError("the database is not open; call connect() first")
        return self._pool

    @asynccontextmanager
    async def _session(self, write: bool) -> AsyncIterator[Transaction]:
        """A transaction whose BEGIN goes before its first statement: none for a block that
        runs none, nor for a one-statement write (:meth:`Transaction.as_one_statement`), whose
        statement is its own transaction, nor for a write whose only statement is its last
        (its waiting writes and its leases' check, :meth:`Transaction._finish`)."""
        self._check_not_nested()
        task = asyncio.current_task()
        appends = self._appends if write else None
        conn = PgConnection(self._connected(), BEGIN_WRITE if write else BEGIN_READ, appends)
        if task is not None:
            self._owners.add(task)
        tx = Transaction(conn, self.clock(), dialect="postgres", writing=write)
        try:
            yield tx
            if write:
                await tx._finish()  # the writes still waiting, the leases' check
            if conn.begun:
                await self._commit(conn)
            tx._committed()
        except BaseException as exc:
            if conn.raw is not None:
                if conn.begun:
                    await self._abandon(conn.raw)
                elif isinstance(exc, asyncio.CancelledError):
                    conn.raw.terminate()  # maybe cancelled mid-statement: the connection too
            raise
        finally:
            tx._close()
            if task is not None:
                self._owners.discard(task)
            await conn.release()

    @staticmethod
    async def _commit(conn: PgConnection) -> None:
        """COMMIT, shielded: a cancellation meanwhile waits for it to finish."""
        commit = asyncio.ensure_future(conn.run("COMMIT"))
        try:
            await asyncio.shield(commit)
        except asyncio.CancelledError:
            with contextlib.suppress(Exception):
                await commit
            raise

    @staticmethod
    async def _abandon(raw: Any) -> None:
        """ROLLBACK; if the connection cannot say it (cancelled mid-query, broken), close it:
        the server rolls back what a closed connection left."""
        try:
            await asyncio.shield(raw.execute("ROLLBACK"))
        except (Exception, asyncio.CancelledError):
            raw.terminate()

    async def _retry_pause(self, attempt: int) -> None:
        await asyncio.sleep(0.005 * (attempt + 1))

    def _retryable(self, exc: BaseException) -> bool:
        return retryable(exc)


Database.postgres_backend = PostgresDatabase  # what Database(url) opens for a PostgreSQL URL


__all__ = [
    "PgConnection",
    "PgIntegrityError",
    "PgOperationalError",
    "PostgresDatabase",
    "PostgresUnavailable",
    "database_error",
    "migrate",
    "retryable",
    "translate",
]
