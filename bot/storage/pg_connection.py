"""PostgreSQL's connection as the storage code reads it: the part of aiosqlite's connection
that :class:`~bot.storage.Transaction` uses, on one pooled asyncpg connection.

- ``?`` placeholders become ``$1..$n``; an ``INSERT`` into a table with a generated key gets
  ``RETURNING <key>`` (the cursor's ``lastrowid``); ``INSERT OR IGNORE`` becomes
  ``ON CONFLICT DO NOTHING``; ``rowcount`` and ``total_changes`` come from the rows changed.
- An error from PostgreSQL is raised as the ``sqlite3`` error SQLite would raise
  (:func:`database_error`).
- A write whose result nobody reads may wait (:meth:`PgConnection.defer`) and go with the
  next statement, as a ``WITH`` in front of it, when the two touch different tables; the
  writes still waiting at the end go in one statement. Several writes, one round trip.

The pool, the migrations and the transactions are :mod:`bot.storage.postgres`'s; this module
sits under the transactions (:mod:`bot.storage.txbase` names :class:`PgConnection`).
"""

from __future__ import annotations

import functools
import re
import sqlite3
from collections.abc import Awaitable, Generator, Iterable
from typing import Any, Final

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
    """PostgreSQL refused a write: a constraint or a trigger (SQLSTATE class 23);
    ``constraint`` names the constraint when PostgreSQL says which."""

    sqlstate: str = ""
    constraint: str = ""


class PgOperationalError(sqlite3.OperationalError):
    """Any other error PostgreSQL reported; ``sqlstate`` says which."""

    sqlstate: str = ""


def postgres_error() -> type[Exception]:
    """asyncpg's base error. asyncpg (the ``postgres`` extra, bot/extras.py) is imported only
    here, when a statement on a PostgreSQL connection fails: SQLite runs without it."""
    import asyncpg

    error: type[Exception] = asyncpg.PostgresError
    return error


def database_error(exc: Exception) -> sqlite3.Error:
    """The ``sqlite3`` error for an asyncpg error (the original is its ``__cause__``)."""
    state = str(getattr(exc, "sqlstate", "") or "")
    error = (PgIntegrityError if state.startswith("23") else PgOperationalError)(str(exc))
    error.sqlstate = state
    if isinstance(error, PgIntegrityError):
        error.constraint = str(getattr(exc, "constraint_name", "") or "")
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
    text = _rewrite(sql)
    return _number(text), _returns_rows(text)


def _number(sql: str) -> str:
    """``?`` placeholders (outside quotes) numbered ``$1..$n``."""
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
    return "".join(out)


@functools.lru_cache(maxsize=2048)
def _rewrite(text: str) -> str:
    """``INSERT OR IGNORE`` as PostgreSQL says it; an ``INSERT`` into a table with a
    generated key returns the key."""
    insert = _INSERT.match(text)
    if insert is not None:
        if insert.group(1):
            text = text[: insert.start(1)] + text[insert.end(1) :] + " ON CONFLICT DO NOTHING"
        key = GENERATED_KEYS.get(insert.group(2).lower())
        if key is not None and not _RETURNING.search(text):
            text += f" RETURNING {key}"
    return text


def _returns_rows(text: str) -> bool:
    return text.lstrip().upper().startswith(_ROWS) or bool(_RETURNING.search(text))


_TABLE = re.compile(r"\b(?:FROM|JOIN|INTO|UPDATE)\s+(\w+)(?!\w|\()", re.IGNORECASE)
#: The tables a write on a table also touches through its triggers (schema_pg.py).
_TRIGGERED: Final = {"ledger": ("wallets",), "seats": ("queue",), "queue": ("seats",)}


@functools.lru_cache(maxsize=2048)
def tables_of(sql: str) -> frozenset[str]:
    """The tables a statement names (read or written), with those its triggers touch.

    >>> sorted(tables_of("INSERT INTO ledger (a) SELECT v FROM unnest(?::bigint[]) AS v"))
    ['ledger', 'wallets']
    >>> sorted(tables_of("UPDATE seats SET stack = 1 WHERE EXISTS (SELECT 1 FROM hands)"))
    ['hands', 'queue', 'seats']
    >>> sorted(tables_of("INSERT INTO stats (a) VALUES (?) ON CONFLICT (a) DO UPDATE SET a = 1"))
    ['stats']
    """
    names = {m.group(1).lower() for m in _TABLE.finditer(sql)} - {"set"}  # DO UPDATE SET
    for name in list(names):
        names.update(_TRIGGERED.get(name, ()))
    return frozenset(names)


_WITH = re.compile(r"\s*WITH\s", re.IGNORECASE)


@functools.lru_cache(maxsize=512)
def merged(waiting: tuple[str, ...], sql: str) -> tuple[str, bool, bool, bool]:
    """One statement: the writes ``waiting`` (``?`` placeholders), each in a ``WITH`` in
    front of ``sql``, whose result it is. ``(text, returns_rows, query, insert)``: the
    translated text, and what :func:`translate` and :func:`_shape` say of ``sql`` alone.

    PostgreSQL runs every write of a ``WITH``, read or not, on the snapshot of the statement:
    the waiting writes and ``sql`` must touch different tables (:func:`tables_of`).

    >>> merged(("UPDATE a SET x = ?",), "SELECT y FROM b WHERE z = ?")[0]
    'WITH _w0 AS (UPDATE a SET x = $1) SELECT y FROM b WHERE z = $2'
    >>> merged(("UPDATE a SET x = ?",), "WITH c AS (SELECT ?) SELECT * FROM c")[0]
    'WITH _w0 AS (UPDATE a SET x = $1), c AS (SELECT $2) SELECT * FROM c'
    >>> merged(("UPDATE a SET x = ?",), "INSERT INTO queue (user_id) VALUES (?)")
    ('WITH _w0 AS (UPDATE a SET x = $1) INSERT INTO queue (user_id) VALUES ($2) \
RETURNING position', True, False, True)
    """
    main = _rewrite(sql)
    rows = _returns_rows(main)
    query, insert = _shape(main)
    if not waiting:
        return _number(main), rows, query, insert
    ctes = ", ".join(f"_w{n} AS ({_rewrite(w)})" for n, w in enumerate(waiting))
    head = _WITH.match(main)
    text = f"WITH {ctes} {main}" if head is None else f"WITH {ctes}, {main[head.end() :]}"
    return _number(text), rows, query, insert


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
    ``aiosqlite.Connection`` the storage code uses. The connection is taken from ``pool``
    at the first statement (a block that sends none, or whose one statement goes with
    others' (:attr:`appends`), takes none); :meth:`release` gives it back."""

    def __init__(self, pool: Any, begin: str | None = None, appends: Any = None) -> None:
        self._pool = pool
        #: The asyncpg connection, once taken.
        self.raw: Any = None
        #: The process's :class:`~bot.storage.pg_batch.Appends` (None: each action alone).
        self.appends = appends
        self.total_changes = 0
        #: The BEGIN to send before the first statement (None: each statement is its own
        #: transaction, so once one has changed rows no other may follow; reads may follow a
        #: write that changed nothing, to tell why).
        self.begin = begin
        #: Whether BEGIN was sent: the transaction must end in COMMIT or ROLLBACK.
        self.begun = False
        #: Writes waiting to go with the next statement (:meth:`defer`), and their tables.
        self.waiting: list[tuple[str, tuple[Any, ...]]] = []
        self._waiting_tables: set[str] = set()

    def execute(self, sql: str, params: Iterable[Any] = ()) -> PgResult:
        return PgResult(self._execute(sql, tuple(params)))

    def one_statement(self) -> None:
        """Run the next statement as its own transaction, without BEGIN and COMMIT."""
        if self.begun:
            raise RuntimeError("the transaction has begun: it has run a statement already")
        self.begin = None

    async def defer(self, sql: str, params: Iterable[Any] = ()) -> None:
        """A write whose result nobody reads: it waits, and goes with the next statement (or
        the last, :meth:`flush`) in the same round trip. Only for writes PostgreSQL does not
        refuse in practice (the code has checked what could refuse them): an error shows at
        the statement it goes with. A write on a table another waiting write touches sends
        the waiting ones first."""
        tables = tables_of(sql)
        if tables & self._waiting_tables:
            await self.flush()
        self.waiting.append((sql, tuple(params)))
        self._waiting_tables |= tables

    async def flush(self, *, last: bool = False) -> None:
        """Send the waiting writes now, in one statement. ``last``: nothing follows in the
        transaction, so when nothing was sent yet it runs without BEGIN and COMMIT."""
        if self.waiting:
            *first, (sql, params) = self.waiting
            self.waiting = first
            await self._execute(sql, params, last=last)

    async def _execute(self, sql: str, params: tuple[Any, ...], *, last: bool = False) -> PgCursor:
        if self.waiting and tables_of(sql) & self._waiting_tables:
            await self.flush()
        waiting, self.waiting = self.waiting, []
        self._waiting_tables = set()
        if not self.begun:
            if self.begin is not None and not last:
                await self.run(self.begin)
                self.begun = True
            elif self.total_changes:
                raise RuntimeError("a one-statement write runs no statement after its write")
        text, rows, query, insert = merged(tuple(w for w, _ in waiting), sql)
        if waiting:
            params = tuple(p for _, ps in waiting for p in ps) + params
        raw = self.raw or await self._connect()
        try:
            if rows:
                found = await raw.fetch(text, *params)
                count = -1 if query else len(found)
                last_id = found[0][0] if found and insert else None
            else:
                found, last_id = [], None
                count = _changed(await raw.execute(text, *params))
        except postgres_error() as exc:
            raise database_error(exc) from exc
        self.total_changes += max(count, 0)
        return PgCursor(found, count, last_id)

    async def executemany(self, sql: str, seq: Iterable[Iterable[Any]]) -> None:
        for params in seq:
            await self._execute(sql, tuple(params))

    async def execute_fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Any]:
        cursor = await self._execute(sql, tuple(params))
        return await cursor.fetchall()

    async def run(self, sql: str) -> None:
        """One statement without parameters (BEGIN, COMMIT, a script)."""
        raw = self.raw or await self._connect()
        try:
            await raw.execute(sql)
        except postgres_error() as exc:
            raise database_error(exc) from exc

    async def _connect(self) -> Any:
        self.raw = await self._pool.acquire()
        return self.raw

    async def release(self) -> None:
        """Give the connection back to the pool (if one was taken)."""
        raw, self.raw = self.raw, None
        if raw is not None:
            await self._pool.release(raw)
