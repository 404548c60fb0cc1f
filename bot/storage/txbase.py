"""The base of a storage transaction: the connection, the low-level helpers, the guilds.

See :class:`bot.storage.transaction.Transaction`, which adds the wallets, tables, seats,
hands and statistics.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Final, Literal, Protocol

import aiosqlite

from bot.storage.errors import (
    InvalidAmount,
    LeaseLost,
)
from bot.storage.models import (
    GameTable,
    GuildSettings,
    Hand,
    Seat,
)
from bot.storage.pg_connection import PgConnection, PgOperationalError


class Row(Protocol):
    """A result row: ``sqlite3.Row`` on SQLite, ``asyncpg.Record`` on PostgreSQL; both read
    ``row["column"]`` and ``row[0]``."""

    def __getitem__(self, key: Any, /) -> Any: ...
    def keys(self) -> Any: ...
    def __iter__(self) -> Iterator[Any]: ...


Dialect = Literal["sqlite", "postgres"]
SEAT_STATUSES: Final = ("playing", "sitting_out", "leaving")
TABLE_STATUSES: Final = ("open", "playing")
CURRENT_WEEK: Final = "week"


def dump_json(value: Any) -> str:
    """Serialise a JSON value compactly (raises TypeError for what JSON cannot hold)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


#: The most chips any wallet, seat, grant or setting may hold: far inside 2**53, so every
#: figure is exact in SQLite's integers, in JSON and in Discord's and JavaScript's numbers.
MAX_CHIPS = 10**12


def whole_chips(amount: object) -> int:
    """``amount`` as a positive whole number of chips, or :class:`InvalidAmount`."""
    if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
        raise InvalidAmount("refuse-whole-chips")
    if amount > MAX_CHIPS:
        raise InvalidAmount("refuse-amount-max", most=MAX_CHIPS)
    return amount


def whole_count(value: object) -> int:
    """``value`` as a whole number, 0 or more, or :class:`InvalidAmount`."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InvalidAmount("refuse-whole-number")
    if value > MAX_CHIPS:
        raise InvalidAmount("refuse-amount-max", most=MAX_CHIPS)
    return value


class TransactionBase:
    """One open transaction on the bot's database; every method runs inside it.

    Get one from ``Database.transaction()`` (writes) or ``Database.read()`` (reads); it
    becomes unusable once its ``async with`` block ends. ``now`` is the transaction's clock
    reading, used for every timestamp it writes.
    """

    def __init__(
        self,
        conn: aiosqlite.Connection | PgConnection,
        now: float,
        *,
        dialect: Dialect = "sqlite",
        writing: bool = True,
        direct: sqlite3.Connection | None = None,
    ) -> None:
        self._conn: aiosqlite.Connection | PgConnection | None = conn
        #: SQLite's own connection when the transaction may run its statements at once on
        #: the event loop's thread (:mod:`bot.storage.inline`): the transaction already holds
        #: its lock, so no statement waits, and the worker thread's round trips are saved.
        self._direct = direct
        #: Tables read in this transaction (frozen; a write to one replaces or drops it).
        self._tables: dict[int, GameTable] = {}
        #: Hands an append wrote whole in this transaction (PostgreSQL): their row is locked
        #: and in play, and :meth:`finish_hand` need not read it again.
        self._appended: dict[int, Hand] = {}
        self.now = now
        #: "sqlite" or "postgres": the few statements that differ branch on it.
        self.dialect: Dialect = dialect
        #: A write transaction (``db.transaction()``), not ``db.read()``.
        self.writing = writing
        #: A one-statement write (:meth:`as_one_statement`) on PostgreSQL.
        self.one_statement = False
        #: A read on a plain aiosqlite connection (a reader beside the tables,
        #: :mod:`bot.storage.readonly`): each statement and its rows in one trip to the
        #: worker thread, not three (execute, fetch, close).
        self.one_trip = False
        #: Leases stated with :meth:`~bot.storage.leases.LeaseTransaction.hold_lease` and not
        #: checked yet: ``(table id, owner)``. On PostgreSQL :meth:`append_action` folds the
        #: check of its table's into its statement; the others go with the transaction's last
        #: statement (:meth:`_finish`).
        self._leases: list[tuple[int, str]] = []
        #: What to run once the transaction has committed (:meth:`after_commit`).
        self._on_commit: list[Callable[[], None]] = []

    def _close(self) -> None:
        self._conn = None
        self._direct = None

    def after_commit(self, callback: Callable[[], None]) -> None:
        """Run ``callback`` once the transaction has committed (never if it rolls back),
        after those given before it: for a cache of what is stored, kept by the caller."""
        self._on_commit.append(callback)

    def _committed(self) -> None:
        """The transaction committed: run what waited for it (the database calls it)."""
        callbacks, self._on_commit = self._on_commit, []
        for callback in callbacks:
            callback()

    @property
    def conn(self) -> aiosqlite.Connection | PgConnection:
        """The underlying connection, for queries this class does not offer (on PostgreSQL a
        :class:`~bot.storage.pg_connection.PgConnection`: the same calls, ``?`` placeholders)."""
        if self._conn is None:
            raise RuntimeError("this transaction is over; open a new one")
        return self._conn

    def as_one_statement(self) -> None:
        """Say, before any statement, that this write is one statement (a player's action:
        :meth:`~bot.storage.transaction.Transaction.append_action`, its lease folded in). On
        PostgreSQL it then runs without BEGIN and COMMIT, its own transaction: one round trip.
        Once it has changed rows no other statement may run (``RuntimeError``); SQLite runs
        the block as any other (its transactions cost no round trip)."""
        conn = self.conn
        if isinstance(conn, PgConnection):
            conn.one_statement()
            self.one_statement = True

    @property
    def for_update(self) -> str:
        """`` FOR NO KEY UPDATE`` in a PostgreSQL write transaction, else nothing: appended to
        a SELECT of rows the transaction may change next (a wallet before a debit, a table
        before its seats and hands), so that concurrent transactions take turns on them.
        SQLite's write transactions take turns on the whole file already."""
        return " FOR NO KEY UPDATE" if self.writing and self.dialect == "postgres" else ""

    @property
    def for_key_share(self) -> str:
        """`` FOR KEY SHARE`` in a PostgreSQL write transaction, else nothing: a row read to be
        sure of it (a lease) is not deleted or locked ``FOR UPDATE`` (a lease claimed by
        another process) until the transaction ends; an ``UPDATE`` (a renewal) may go on."""
        return " FOR KEY SHARE" if self.writing and self.dialect == "postgres" else ""

    def _json_length(self, column: str, key: str) -> str:
        """SQL for the length of a JSON column's list member (0 when it has none)."""
        if self.dialect == "postgres":
            return f"COALESCE(json_array_length(({column}::json) -> '{key}'), 0)"
        return f"COALESCE(json_array_length({column}, '$.{key}'), 0)"

    def _json_text(self, column: str, *keys: str) -> str:
        """SQL for the text of a JSON column's member (``record``, "fair", "commitment")."""
        if self.dialect == "postgres":
            return f"({column}::json #>> '{{{','.join(keys)}}}')"
        return f"json_extract({column}, '$.{'.'.join(keys)}')"

    # -- low-level helpers ---------------------------------------------------------------

    @staticmethod
    def _table(row: Row) -> GameTable:
        return GameTable(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            game=row["game"],
            options=json.loads(row["options"]),
            status=row["status"],
            creator_id=row["creator_id"],
            message_ids=json.loads(row["message_ids"]),
            pot=row["pot"],
            created_at=row["created_at"],
            closed_at=row["closed_at"],
        )

    @staticmethod
    def _seat(row: Row) -> Seat:
        return Seat(
            table_id=row["table_id"],
            seat_no=row["seat_no"],
            guild_id=row["guild_id"],
            user_id=row["user_id"],
            stack=row["stack"],
            status=row["status"],
            timeouts=row["timeouts"],
            hands_sat_out=row["hands_sat_out"],
            joined_at=row["joined_at"],
        )

    async def _one(self, sql: str, params: Sequence[object] = ()) -> Row | None:
        if self._leases and self.one_statement:
            raise RuntimeError("a one-statement write states its lease in its own statement")
        if self._direct is not None:
            row: Row | None = self._direct.execute(sql, params).fetchone()
            return row
        if self.one_trip:
            rows = await self._fetched(sql, params)
            return rows[0] if rows else None
        async with self.conn.execute(sql, params) as cur:
            return await cur.fetchone()

    async def _all(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        if self._leases and self.one_statement:
            raise RuntimeError("a one-statement write states its lease in its own statement")
        if self._direct is not None:
            return list(self._direct.execute(sql, params).fetchall())
        if self.one_trip:
            return await self._fetched(sql, params)
        async with self.conn.execute(sql, params) as cur:
            return list(await cur.fetchall())

    async def _fetched(self, sql: str, params: Sequence[object]) -> list[Row]:
        """The statement's rows, run and fetched on aiosqlite's worker thread in one trip."""
        conn = self.conn
        assert isinstance(conn, aiosqlite.Connection)
        return list(await conn.execute_fetchall(sql, params))

    async def _run(self, sql: str, params: Sequence[object] = ()) -> tuple[int, int]:
        """Execute a write; returns ``(lastrowid, rowcount)``."""
        if self._leases and self.one_statement:
            raise RuntimeError("a one-statement write states its lease in its own statement")
        if self._direct is not None:
            done = self._direct.execute(sql, params)
            return done.lastrowid or 0, done.rowcount
        async with self.conn.execute(sql, params) as cur:
            return cur.lastrowid or 0, cur.rowcount

    async def _later(self, sql: str, params: Sequence[object] = ()) -> None:
        """A write whose result nobody reads. On PostgreSQL it waits and goes with the next
        statement, or the transaction's last (:meth:`PgConnection.defer`: several writes, one
        round trip); SQLite runs it now (its statements cost no round trip). Only for writes
        the database does not refuse once the code has checked them."""
        conn = self.conn
        if isinstance(conn, PgConnection) and self.writing:
            await conn.defer(sql, params)
            return
        await self._run(sql, params)

    def _take_lease(self) -> tuple[int, str] | None:
        """The lease the next statement must state, for a statement that states it itself
        (None when there is none, or several)."""
        if len(self._leases) != 1:
            return None
        return self._leases.pop()

    #: The last statement of a PostgreSQL write that stated leases: their rows locked
    #: ``FOR KEY SHARE`` until the commit. One missing (another process holds the lease)
    #: divides by zero, which fails the statement, the writes waiting with it and the
    #: transaction.
    _PG_LEASES_HELD = (
        "SELECT 1 / (COUNT(*) = ?)::int FROM (SELECT 1 FROM table_leases"
        " WHERE table_id = ANY(?::bigint[]) AND owner = ? FOR KEY SHARE) AS held"
    )

    async def _finish(self) -> None:
        """Before the commit (PostgreSQL): the writes still waiting and the leases' check,
        in one statement; a transaction that sent nothing else runs it without BEGIN and
        COMMIT. :class:`LeaseLost` if another process holds one of the leases."""
        conn = self._conn
        if not isinstance(conn, PgConnection):
            return
        leases, self._leases = self._leases, []
        owners = sorted({owner for _, owner in leases})
        if not owners:
            await conn.flush(last=True)
        for n, owner in enumerate(owners):
            tables = sorted({t for t, o in leases if o == owner})
            try:
                await conn._execute(
                    self._PG_LEASES_HELD, (len(tables), tables, owner), last=n == len(owners) - 1
                )
            except PgOperationalError as exc:
                if exc.sqlstate == "22012":  # division by zero: a lease is gone
                    raise LeaseLost(tables[0]) from exc
                raise

    async def _check_lease(self) -> None:
        """Check the leases stated, each with a statement of its own (SQLite, at once)."""
        leases, self._leases = self._leases, []
        for table_id, owner in leases:
            row = await self._one(
                "SELECT 1 FROM table_leases WHERE table_id = ? AND owner = ?" + self.for_key_share,
                (table_id, owner),
            )
            if row is None:
                raise LeaseLost(table_id)

    async def _scalar(self, sql: str, params: Sequence[object] = ()) -> int:
        row = await self._one(sql, params)
        return int(row[0]) if row is not None and row[0] is not None else 0

    # -- guilds --------------------------------------------------------------------------

    async def _ensure_guild(self, guild_id: int) -> None:
        if any(t.guild_id == guild_id for t in self._tables.values()):
            return  # a table of the guild was read in this transaction: the guild exists
        await self._run(
            "INSERT INTO guilds (guild_id) VALUES (?) ON CONFLICT (guild_id) DO NOTHING",
            (guild_id,),
        )

    async def settings(self, guild_id: int) -> GuildSettings:
        """The guild's settings (the defaults if it has none yet)."""
        row = await self._one("SELECT * FROM guilds WHERE guild_id = ?", (guild_id,))
        if row is None:
            return GuildSettings(guild_id)
        return GuildSettings(
            guild_id=row["guild_id"],
            starting_grant=row["starting_grant"],
            daily_bonus=row["daily_bonus"],
            daily_cooldown=row["daily_cooldown"],
            locale=row["locale"],
            table_defaults=json.loads(row["table_defaults"]),
        )

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
        """Change some of the guild's settings; the others keep their value."""
        changes: dict[str, object] = {}
        if starting_grant is not None:
            changes["starting_grant"] = whole_count(starting_grant)
        if daily_bonus is not None:
            changes["daily_bonus"] = whole_count(daily_bonus)
        if daily_cooldown is not None:
            changes["daily_cooldown"] = whole_count(daily_cooldown)
        if locale is not None:
            changes["locale"] = locale
        if table_defaults is not None:
            changes["table_defaults"] = dump_json(dict(table_defaults))
        await self._ensure_guild(guild_id)
        await self._set_columns("guilds", guild_id, changes)
        return await self.settings(guild_id)

    async def _set_columns(self, table: str, guild_id: int, changes: Mapping[str, object]) -> None:
        """``UPDATE table SET column = value, …`` for one guild's row (nothing to change:
        no statement). The column names are the code's own, never a player's text."""
        if changes:
            assignments = ", ".join(f"{column} = ?" for column in changes)
            await self._run(
                f"UPDATE {table} SET {assignments} WHERE guild_id = ?",
                (*changes.values(), guild_id),
            )

    async def jar_balance(self, guild_id: int) -> int:
        """Chips in the guild's flambeau jar."""
        return await self._scalar("SELECT flambeau_jar FROM guilds WHERE guild_id = ?", (guild_id,))
