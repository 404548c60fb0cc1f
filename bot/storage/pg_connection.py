"""PostgreSQL's connection as the storage code reads it: the part of aiosqlite's connection
that :class:`~bot.storage.Transaction` uses, on one pooled asyncpg connection.

- ``?`` placeholders become ``$1..$n``; an ``INSERT`` into a table with a generated key gets
  ``RETURNING <key>`` (the cursor's ``lastrowid``); ``INSERT OR IGNORE`` becomes
  ``ON CONFLICT DO NOTHING``; ``rowcount`` and ``total_changes`` come from the rows changed.
- An error from PostgreSQL is raised as the ``sqlite3`` error SQLite would raise
  (:func:`database_error`).

The pool, the migrations and the transactions are :mod:`bot.storage.postgres`'s; this module
sits under the transactions (:mod:`bot.storage.txbase` names :class:`PgConnection`).
"""

from __future__ import annotations

import functools
import re
import sqlite3
from collections.abc import Awaitable, Generator, Iterable
from typing import Any, Final

import asyncpg

#: The generated key of each table, returned by an INSERT as the cursor's ``lastrowid``.
GENERATED_KEYS: Final = {
    "card_tables": "id",
    "hands": "id",
    "queue": "position",
    "ledger": "id",
    "server_seeds": "id",
    "tournaments": "id",
}


class PgIntegrityError(sqlite3.IntegrityError):
    """PostgreSQL refused a write: a constraint or a trigger (SQLSTATE class 23)."""

    sqlstate: str = ""


class PgOperationalError(sqlite3.OperationalError):
    """Any other error PostgreSQL reported; ``sqlstate`` says which."""

    sqlstate: str = ""


def database_error(exc: Exception) -> sqlite3.Error:
    """The ``sqlite3`` error for an asyncpg error (the original is its ``__cause__``)."""
    state = str(getattr(exc, "sqlstate", "") or "")
    error = (PgIntegrityError if state.startswith("23") else PgOperationalError)(str(exc))
    error.sqlstate = state
    return error


_INSERT = re.compile(r"\s*INSERT\s+(OR\s+IGNORE\s+)?INTO\s+(\w+)", re.IGNORECASE)
_RETURNING = re.compile(r"\bRETURNING\b", re.IGNORECASE)
_ROWS = ("SELECT", "WITH", "VALUES", "SHOW", "TABLE")


@functools.lru_cache(maxsize=2048)
def translate(sql: str) -> tuple[str, bool]:
    """SQLite's SQL as PostgreSQL reads it: ``(text, returns_rows)``.

    >>> translate("SELECT * FROM seats WHERE table_id = ? AND status = '?'")
    ("SELECT * FROM seats WHERE table_id = $1 AND status = '?'", True)
    >>> translate("INSERT INTO queue (table_id, user_id) VALUES (?, ?)")[0]
    'INSERT INTO queue (table_id, user_id) VALUES ($1, $2) RETURNING position'
    >>> translate("INSERT OR IGNORE INTO hands (id) VALUES (?)")[0]
    'INSERT INTO hands (id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING id'
    """
    out: list[str] = []
    count, quote = 0, ""
    for ch in sql:
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "?":
            count += 1
            out.append(f"${count}")
            continue
        out.append(ch)
    text = "".join(out)
    insert = _INSERT.match(text)
    if insert is not None:
        if insert.group(1):
            text = text[: insert.start(1)] + text[insert.end(1) :] + " ON CONFLICT DO NOTHING"
        key = GENERATED_KEYS.get(insert.group(2).lower())
        if key is not None and not _RETURNING.search(text):
            text += f" RETURNING {key}"
    rows = text.lstrip().upper().startswith(_ROWS) or bool(_RETURNING.search(text))
    return text, rows


@functools.lru_cache(maxsize=2048)
def _shape(text: str) -> tuple[bool, bool]:
    """Whether a translated statement is a query (no rows changed), and an ``INSERT``."""
    return text.lstrip().upper().startswith(_ROWS), _INSERT.match(text) is not None


def _changed(status: str) -> int:
    """Rows a command changed, from its status (``INSERT 0 3``, ``UPDATE 2``); -1 if none."""
    verb, _, rest = status.partition(" ")
    if verb in ("INSERT", "UPDATE", "DELETE", "MERGE") and rest:
        return int(rest.rsplit(" ", 1)[-1])
    return -1


class PgCursor:
    """What a statement returned, read like an aiosqlite cursor."""

    def __init__(self, rows: list[Any], rowcount: int, lastrowid: int | None) -> None:
        self._rows = rows
        self._next = 0
        self.rowcount = rowcount
        self.lastrowid = lastrowid

    async def fetchone(self) -> Any:
        if self._next >= len(self._rows):
            return None
        self._next += 1
        return self._rows[self._next - 1]

    async def fetchall(self) -> list[Any]:
        rest, self._next = self._rows[self._next :], len(self._rows)
        return rest

    async def close(self) -> None:
        self._rows = []


class PgResult:
    """``conn.execute(...)``: awaited for its cursor, or ``async with ... as cursor``."""

    def __init__(self, run: Awaitable[PgCursor]) -> None:
        self._run = run

    def __await__(self) -> Generator[Any, None, PgCursor]:
        return self._run.__await__()

    async def __aenter__(self) -> PgCursor:
        return await self._run

    async def __aexit__(self, *exc: object) -> None:
        return None


class PgConnection:
    """One pooled asyncpg connection inside a transaction, with the part of
    ``aiosqlite.Connection`` the storage code uses."""

    def __init__(self, raw: Any, begin: str | None = None) -> None:
        self.raw = raw
        self.total_changes = 0
        #: The BEGIN to send before the first statement (None: each statement is its own
        #: transaction, so once one has changed rows no other may follow; reads may follow a
        #: write that changed nothing, to tell why).
        self.begin = begin
        #: Whether BEGIN was sent: the transaction must end in COMMIT or ROLLBACK.
        self.begun = False

    def execute(self, sql: str, params: Iterable[Any] = ()) -> PgResult:
        return PgResult(self._execute(sql, tuple(params)))

    def one_statement(self) -> None:
        """Run the next statement as its own transaction, without BEGIN and COMMIT."""
        if self.begun:
            raise RuntimeError("the transaction has begun: it has run a statement already")
        self.begin = None

    async def _execute(self, sql: str, params: tuple[Any, ...]) -> PgCursor:
        if not self.begun:
            if self.begin is not None:
                await self.run(self.begin)
                self.begun = True
            elif self.total_changes:
                raise RuntimeError("a one-statement write runs no statement after its write")
        text, rows = translate(sql)
        try:
            if rows:
                found = await self.raw.fetch(text, *params)
                query, insert = _shape(text)
                count = -1 if query else len(found)
                last = found[0][0] if found and insert else None
            else:
                found, last = [], None
                count = _changed(await self.raw.execute(text, *params))
        except asyncpg.PostgresError as exc:
            raise database_error(exc) from exc
        self.total_changes += max(count, 0)
        return PgCursor(found, count, last)

    async def executemany(self, sql: str, seq: Iterable[Iterable[Any]]) -> None:
        for params in seq:
            await self._execute(sql, tuple(params))

    async def execute_fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Any]:
        cursor = await self._execute(sql, tuple(params))
        return await cursor.fetchall()

    async def run(self, sql: str) -> None:
        """One statement without parameters (BEGIN, COMMIT, a script)."""
        try:
            await self.raw.execute(sql)
        except asyncpg.PostgresError as exc:
            raise database_error(exc) from exc
