"""Read-only databases for the readers beside the tables (the web pages, docs/web.md).

:func:`open_reader` opens the bot's database for reading only, apart from the connection the
tables write through, so that a page never waits for a table nor makes one wait:

- SQLite: a second connection on the same file in ``mode=ro`` (an URI), ``query_only`` set.
  In WAL mode a reader sees the last committed state and neither blocks the writer nor is
  blocked by it; its statements run on aiosqlite's worker thread, off the event loop.
- PostgreSQL: a small pool of its own (two connections) whose sessions are read only
  (``default_transaction_read_only``); reads are REPEATABLE READ snapshots as usual.

Neither migrates: the database must be at the code's schema version (the bot migrates it when
it starts), else :class:`SchemaNotReady` says so in one sentence. A write on a reader raises
``RuntimeError``.
"""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, cast
from urllib.parse import quote

import aiosqlite

from bot.extras import require
from bot.storage import inline
from bot.storage.database import Database, is_postgres_url
from bot.storage.postgres import PostgresDatabase, PostgresUnavailable, _keep_session
from bot.storage.postgres import user_version as pg_user_version
from bot.storage.schema import user_version
from bot.storage.transaction import Transaction

#: Connections of a PostgreSQL reader's pool.
READER_POOL = 2


class SchemaNotReady(sqlite3.OperationalError):
    """The database is not at the code's schema version: the bot has not migrated it yet."""

    def __init__(self, found: int, wanted: int) -> None:
        super().__init__(
            f"the database is at schema version {found}, this code reads version {wanted}: "
            "start the bot once on it (it migrates the database), then start the pages again"
        )


class ReadOnly(Database):
    """What a reader refuses: every write (``write``, ``transaction``) raises RuntimeError."""

    @asynccontextmanager
    async def _session(self, write: bool) -> AsyncIterator[Transaction]:
        if write:
            raise RuntimeError("this database is opened read only (bot.storage.readonly)")
        async with super()._session(False) as tx:
            yield tx

    def _check_version(self, found: int) -> None:
        """:class:`SchemaNotReady` unless the database is at the code's schema version."""
        if found != len(self._migrations):
            raise SchemaNotReady(found, len(self._migrations))

    async def checkpoint(self) -> None:
        """Nothing: a reader writes nothing."""

    async def writable(self) -> bool:
        return False


class ReadOnlySqlite(ReadOnly):
    """An SQLite database opened read only; reads only (``query``, ``read``).

    Its reads run in autocommit mode: each statement sees the last committed state on its
    own (no ``BEGIN``/``COMMIT`` round trips to aiosqlite's thread), so the statements of one
    ``read()`` block are not one snapshot.
    """

    @asynccontextmanager
    async def _session(self, write: bool) -> AsyncIterator[Transaction]:
        if write:
            raise RuntimeError("this database is opened read only (bot.storage.readonly)")
        self._check_not_nested()
        tx = Transaction(self._connection(), self.clock(), writing=False)
        tx.one_trip = True
        try:
            yield tx
        finally:
            tx._close()

    async def connect(self) -> None:
        if self._conn is not None:
            return
        path = Path(self.path)
        if not path.exists():
            raise sqlite3.OperationalError(f"no database at {path}")
        uri = f"file:{quote(str(path.resolve()))}?mode=ro"
        conn = await aiosqlite.connect(uri, uri=True, isolation_level=None)
        try:
            conn.row_factory = sqlite3.Row
            for pragma in (f"busy_timeout = {int(self.busy_timeout_ms):d}", "query_only = 1"):
                async with conn.execute(f"PRAGMA {pragma}"):
                    pass
            self._check_version(await user_version(conn))
        except BaseException:
            await conn.close()
            raise
        self._conn = cast(inline.InlineConnection, conn)  # a plain one: every call off the loop


class ReadOnlyPostgres(ReadOnly, PostgresDatabase):
    """A PostgreSQL database read through a small read-only pool of its own."""

    async def connect(self) -> None:
        if self._pool is not None:
            return
        import asyncpg  # the postgres extra (bot/extras.py): SQLite's readers do without

        try:
            pool: Any = await asyncpg.create_pool(
                self.path,
                min_size=1,
                max_size=self.pool_size,
                reset=_keep_session,
                timeout=self.busy_timeout_ms / 1000 * 2,
                server_settings={"default_transaction_read_only": "on"},
            )
        except (TimeoutError, OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            raise PostgresUnavailable(f"could not connect to {self.label}: {exc}") from exc
        try:
            async with pool.acquire() as raw:
                self._check_version(await pg_user_version(raw))
        except BaseException:
            await pool.close()
            raise
        self._pool = pool


async def open_reader(target: str | Path) -> Database:
    """The database ``target`` names (a path, ``sqlite:///…`` or ``postgresql://…``), opened
    read only; close it with ``await reader.close()``."""
    reader: Database
    if is_postgres_url(target):
        require("asyncpg", "a postgresql:// database")  # the postgres extra
        reader = ReadOnlyPostgres(str(target), pool_size=READER_POOL)
    else:
        reader = ReadOnlySqlite(target)
    await reader.connect()
    return reader
