"""A SQLite connection that runs its statements on the event loop's own thread.

aiosqlite runs every call (each ``execute``, each ``fetchone``, each cursor ``close``) on its
worker thread: two thread switches and a wake-up of the event loop per call, some 20 per
table action, which cost far more than the statements themselves (a few microseconds each on
a page-cached database in WAL mode). :class:`InlineConnection` is an aiosqlite connection
that runs the calls that cannot wait for a lock at once instead:

- every statement inside a transaction (a write transaction already holds SQLite's write
  lock, taken by its ``BEGIN IMMEDIATE``; a WAL reader never waits for a writer), and
  ``COMMIT``/``ROLLBACK``; a transaction's own statements go straight to SQLite
  (:func:`direct`), without even aiosqlite's cursor objects;
- a cursor's ``fetchone``/``fetchall``/``fetchmany``/``close``;
- ``BEGIN`` (:func:`begin`): the connection's own ``busy_timeout`` is 0, so a ``BEGIN
  IMMEDIATE`` that finds another connection holding the write lock fails at once
  (``SQLITE_BUSY``) instead of blocking the event loop; it is then run again on the worker
  thread with the configured timeout, which waits as usual.

Everything else (a statement outside a transaction: pragmas, a checkpoint, migrations) runs on
the worker thread with the configured ``busy_timeout`` set around it. The
:class:`~bot.storage.Database` lock already makes every call on the connection take its turn,
so the two threads never use it at the same time. SQLite is built thread-safe
(``sqlite3.threadsafety == 3``); the connection is opened with ``check_same_thread=False`` so
that both threads may use it.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

import aiosqlite

#: Cursor calls that never wait for a lock (the statement already ran its first step).
CURSOR_CALLS: Final = frozenset({"fetchone", "fetchall", "fetchmany", "close"})


def busy(exc: BaseException) -> bool:
    """Whether SQLite refused for a lock another connection holds."""
    if not isinstance(exc, sqlite3.OperationalError):
        return False
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return bool(code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED))
    return "locked" in str(exc) or "busy" in str(exc)


class InlineConnection(aiosqlite.Connection):
    """An aiosqlite connection whose calls that cannot wait run on the caller's thread."""

    #: The ``busy_timeout`` (ms) the worker thread's statements wait with; None until
    #: :meth:`hold_busy_timeout` (the connection then keeps SQLite's own value).
    _busy_ms: int | None = None

    def raw(self) -> sqlite3.Connection | None:
        """SQLite's connection while this one runs."""
        conn: sqlite3.Connection | None = self._connection
        return conn if self._running else None

    async def hold_busy_timeout(self, milliseconds: int) -> None:
        """From now on, wait ``milliseconds`` for a lock on the worker thread only; the
        statements run at once never wait (SQLite's own ``busy_timeout`` becomes 0)."""
        raw = self.raw()
        if raw is None:
            raise ValueError("the connection is closed")
        await super()._execute(lambda: raw.execute("PRAGMA busy_timeout = 0").close())  # type: ignore[no-untyped-call]
        self._busy_ms = int(milliseconds)

    def _patient(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Callable[[], Any]:
        """``fn`` with the configured ``busy_timeout`` set around it (on the worker thread)."""
        raw, wait = self.raw(), self._busy_ms

        def call() -> Any:
            if raw is None or wait is None:
                return fn(*args, **kwargs)
            raw.execute(f"PRAGMA busy_timeout = {wait:d}").close()
            try:
                return fn(*args, **kwargs)
            finally:
                raw.execute("PRAGMA busy_timeout = 0").close()

        return call

    async def _execute(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        raw = self.raw()
        if raw is None:
            return await super()._execute(fn, *args, **kwargs)  # type: ignore[no-untyped-call]
        target = getattr(fn, "__self__", None)
        name = getattr(fn, "__name__", "")
        if isinstance(target, sqlite3.Cursor) and name in CURSOR_CALLS:
            return fn(*args, **kwargs)
        if raw.in_transaction:
            return fn(*args, **kwargs)
        if (
            self._busy_ms is not None
            and target is raw
            and name == "execute"
            and args
            and isinstance(args[0], str)
            and args[0].lstrip().upper().startswith("BEGIN")
        ):
            try:
                return fn(*args, **kwargs)
            except sqlite3.OperationalError as exc:
                if not busy(exc):
                    raise
        if target is raw and name == "close":
            return await super()._execute(fn, *args, **kwargs)  # type: ignore[no-untyped-call]
        return await super()._execute(self._patient(fn, *args, **kwargs))  # type: ignore[no-untyped-call]


def direct(conn: aiosqlite.Connection) -> sqlite3.Connection | None:
    """SQLite's own connection under ``conn``, for a transaction that has begun (its
    statements cannot wait, so they may run at once); None for another kind of connection."""
    return conn.raw() if isinstance(conn, InlineConnection) else None


async def begin(conn: aiosqlite.Connection, statement: str) -> None:
    """``BEGIN`` or ``BEGIN IMMEDIATE``: at once when no other connection holds the lock,
    else waiting for it on the worker thread."""
    raw = direct(conn)
    if raw is not None and conn._busy_ms is not None:  # type: ignore[attr-defined]
        try:
            raw.execute(statement).close()
            return
        except sqlite3.OperationalError as exc:
            if not busy(exc):
                raise
    async with conn.execute(statement):
        pass


async def finish(conn: aiosqlite.Connection, statement: str) -> None:
    """``COMMIT`` or ``ROLLBACK``, never left half-done by a cancellation: at once on an
    :class:`InlineConnection` (nothing to interrupt), else shielded on the worker thread."""
    raw = direct(conn)
    if raw is not None:
        raw.execute(statement).close()
        return

    async def run() -> None:
        async with conn.execute(statement):
            pass

    await asyncio.shield(run())


async def connect(database: str | Path, **kwargs: Any) -> InlineConnection:
    """Like ``await aiosqlite.connect(...)``, for an :class:`InlineConnection`."""
    path = str(database)
    kwargs["check_same_thread"] = False

    def connector() -> sqlite3.Connection:
        return sqlite3.connect(path, **kwargs)  # type: ignore[no-any-return]

    conn = InlineConnection(connector, 64)
    await conn
    return conn
