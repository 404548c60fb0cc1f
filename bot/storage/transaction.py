"""Every storage operation, run inside one open transaction (see ``Database.transaction``).

A :class:`Transaction` is only handed out by :class:`bot.storage.Database`; its methods may be
combined freely (append an action, move chips, finish a hand, record statistics) and all of
them commit or roll back together.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final, cast

import aiosqlite

from bot.i18n.message import Message
from bot.storage.errors import (
    AlreadyQueued,
    AlreadySeated,
    ChipsNotConserved,
    DailyNotReady,
    HandFinished,
    HandInProgress,
    InsufficientChips,
    InvalidAmount,
    InvalidSeat,
    NoHand,
    NoTable,
    NotSeated,
    SeatTaken,
    SelfTransfer,
    StaleHand,
    TableClosed,
    TableExists,
    TableFull,
)
from bot.storage.models import (
    ALL_TIME,
    METRICS,
    MINTING_KINDS,
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
    LedgerKind,
    LedgerMismatch,
    Metric,
    QueueEntry,
    Seat,
    SeatStatus,
    TableStatus,
    Wallet,
    is_period,
    iso_week,
)

Row = sqlite3.Row
_SEAT_STATUSES: Final = ("playing", "sitting_out", "leaving")
_TABLE_STATUSES: Final = ("open", "playing")
_CURRENT_WEEK: Final = "week"


def dump_json(value: Any) -> str:
    """Serialise a JSON value compactly (raises TypeError for what JSON cannot hold)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


#: The most chips any wallet, seat, grant or setting may hold: far inside 2**53, so every
#: figure is exact in SQLite's integers, in JSON and in Discord's and JavaScript's numbers.
MAX_CHIPS = 10**12


def _chips(amount: object) -> int:
    """``amount`` as a positive whole number of chips, or :class:`InvalidAmount`."""
    if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
        raise InvalidAmount("refuse-whole-chips")
    if amount > MAX_CHIPS:
        raise InvalidAmount("refuse-amount-max", most=MAX_CHIPS)
    return amount


def _count(value: object) -> int:
    """``value`` as a whole number, 0 or more, or :class:`InvalidAmount`."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InvalidAmount("refuse-whole-number")
    if value > MAX_CHIPS:
        raise InvalidAmount("refuse-amount-max", most=MAX_CHIPS)
    return value


class Transaction:
    """One open transaction on the bot's database; every method runs inside it.

    Get one from ``Database.transaction()`` (writes) or ``Database.read()`` (reads); it
    becomes unusable once its ``async with`` block ends. ``now`` is the transaction's clock
    reading, used for every timestamp it writes.
    """

    def __init__(self, conn: aiosqlite.Connection, now: float) -> None:
        self._conn: aiosqlite.Connection | None = conn
        self.now = now

    def _close(self) -> None:
        self._conn = None

    @property
    def conn(self) -> aiosqlite.Connection:
        """The underlying connection, for queries this class does not offer."""
        if self._conn is None:
            raise RuntimeError("this transaction is over; open a new one")
        return self._conn

    # -- low-level helpers ---------------------------------------------------------------

    async def _one(self, sql: str, params: Sequence[object] = ()) -> Row | None:
        async with self.conn.execute(sql, params) as cur:
            return await cur.fetchone()

    async def _all(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        async with self.conn.execute(sql, params) as cur:
            return list(await cur.fetchall())

    async def _run(self, sql: str, params: Sequence[object] = ()) -> tuple[int, int]:
        """Execute a write; returns ``(lastrowid, rowcount)``."""
        async with self.conn.execute(sql, params) as cur:
            return cur.lastrowid or 0, cur.rowcount

    async def _scalar(self, sql: str, params: Sequence[object] = ()) -> int:
        row = await self._one(sql, params)
        return int(row[0]) if row is not None and row[0] is not None else 0

    # -- guilds --------------------------------------------------------------------------

    async def _ensure_guild(self, guild_id: int) -> None:
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
            changes["starting_grant"] = _count(starting_grant)
        if daily_bonus is not None:
            changes["daily_bonus"] = _count(daily_bonus)
        if daily_cooldown is not None:
            changes["daily_cooldown"] = _count(daily_cooldown)
        if locale is not None:
            changes["locale"] = locale
        if table_defaults is not None:
            changes["table_defaults"] = dump_json(dict(table_defaults))
        await self._ensure_guild(guild_id)
        if changes:
            assignments = ", ".join(f"{column} = ?" for column in changes)
            await self._run(
                f"UPDATE guilds SET {assignments} WHERE guild_id = ?",
                (*changes.values(), guild_id),
            )
        return await self.settings(guild_id)

    async def jar_balance(self, guild_id: int) -> int:
        """Chips in the guild's flambeau jar."""
        return await self._scalar("SELECT flambeau_jar FROM guilds WHERE guild_id = ?", (guild_id,))

    # -- wallets and ledger --------------------------------------------------------------

    async def _wallet(self, guild_id: int, user_id: int) -> Wallet | None:
        row = await self._one(
            "SELECT * FROM wallets WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)
        )
        if row is None:
            return None
        return Wallet(
            guild_id=row["guild_id"],
            user_id=row["user_id"],
            balance=row["balance"],
            last_daily=row["last_daily"],
            created_at=row["created_at"],
        )

    async def _post(
        self,
        guild_id: int,
        user_id: int,
        amount: int,
        kind: LedgerKind,
        *,
        table_id: int | None = None,
        hand_id: int | None = None,
        counterpart_id: int | None = None,
        note: str | None = None,
    ) -> None:
        """Write a ledger entry; the ``ledger_apply`` trigger moves the wallet balance.

        No wallet may pass :data:`MAX_CHIPS` (a larger balance would overflow SQLite's
        integers and break the census for good on an append-only ledger)."""
        if amount == 0:
            return
        if abs(amount) > MAX_CHIPS:
            raise InvalidAmount("refuse-amount-max", most=MAX_CHIPS)
        if amount > 0:
            rows = await self._all(
                "SELECT balance FROM wallets WHERE guild_id = ? AND user_id = ?",
                (guild_id, user_id),
            )
            if rows and int(rows[0]["balance"]) + amount > MAX_CHIPS:
                raise InvalidAmount("refuse-wallet-max", most=MAX_CHIPS)
        await self._run(
            "INSERT INTO ledger (guild_id, user_id, amount, kind, table_id, hand_id,"
            " counterpart_id, note, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (guild_id, user_id, amount, kind, table_id, hand_id, counterpart_id, note, self.now),
        )

    async def ensure_wallet(self, guild_id: int, user_id: int) -> Wallet:
        """The user's wallet, created on first use with the guild's starting grant."""
        wallet = await self._wallet(guild_id, user_id)
        if wallet is not None:
            return wallet
        await self._ensure_guild(guild_id)
        settings = await self.settings(guild_id)
        await self._run(
            "INSERT INTO wallets (guild_id, user_id, balance, created_at) VALUES (?, ?, 0, ?)",
            (guild_id, user_id, self.now),
        )
        await self._post(guild_id, user_id, settings.starting_grant, "grant", note="welcome")
        return cast(Wallet, await self._wallet(guild_id, user_id))

    async def balance(self, guild_id: int, user_id: int) -> int:
        """Chips in the user's wallet (creating it on first use)."""
        return (await self.ensure_wallet(guild_id, user_id)).balance

    async def grant(
        self,
        guild_id: int,
        user_id: int,
        amount: int,
        *,
        by: int | None = None,
        note: str | None = None,
    ) -> int:
        """An admin adds (or, with a negative amount, removes) chips; returns the balance."""
        if isinstance(amount, bool) or not isinstance(amount, int) or amount == 0:
            raise InvalidAmount("refuse-adjust-zero")
        if abs(amount) > MAX_CHIPS:
            raise InvalidAmount("refuse-amount-max", most=MAX_CHIPS)
        wallet = await self.ensure_wallet(guild_id, user_id)
        if wallet.balance + amount < 0:
            raise InsufficientChips(
                wallet.balance,
                -amount,
                Message.of("refuse-take-too-much", have=wallet.balance, take=-amount),
            )
        await self._post(guild_id, user_id, amount, "admin", counterpart_id=by, note=note)
        return wallet.balance + amount

    async def claim_daily(self, guild_id: int, user_id: int) -> DailyClaim:
        """Pay the daily bonus, or raise :class:`DailyNotReady` within the cooldown."""
        wallet = await self.ensure_wallet(guild_id, user_id)
        settings = await self.settings(guild_id)
        if wallet.last_daily is not None:
            ready_at = wallet.last_daily + settings.daily_cooldown
            if self.now < ready_at:
                raise DailyNotReady(ready_at - self.now, ready_at)
        await self._post(guild_id, user_id, settings.daily_bonus, "daily")
        await self._run(
            "UPDATE wallets SET last_daily = ? WHERE guild_id = ? AND user_id = ?",
            (self.now, guild_id, user_id),
        )
        return DailyClaim(
            amount=settings.daily_bonus,
            balance=wallet.balance + settings.daily_bonus,
            next_at=self.now + settings.daily_cooldown,
        )

    async def transfer(
        self, guild_id: int, from_id: int, to_id: int, amount: int, *, note: str | None = None
    ) -> tuple[int, int]:
        """Move chips between two wallets; returns both new balances ``(sender, receiver)``."""
        amount = _chips(amount)
        if from_id == to_id:
            raise SelfTransfer()
        source = await self.ensure_wallet(guild_id, from_id)
        target = await self.ensure_wallet(guild_id, to_id)
        if source.balance < amount:
            raise InsufficientChips(source.balance, amount)
        await self._post(guild_id, from_id, -amount, "transfer", counterpart_id=to_id, note=note)
        await self._post(guild_id, to_id, amount, "transfer", counterpart_id=from_id, note=note)
        return source.balance - amount, target.balance + amount

    async def ledger(self, guild_id: int, user_id: int, *, limit: int = 20) -> list[LedgerEntry]:
        """The user's latest ledger entries, newest first."""
        rows = await self._all(
            "SELECT * FROM ledger WHERE guild_id = ? AND user_id = ? ORDER BY id DESC LIMIT ?",
            (guild_id, user_id, limit),
        )
        return [
            LedgerEntry(
                id=r["id"],
                guild_id=r["guild_id"],
                user_id=r["user_id"],
                amount=r["amount"],
                kind=r["kind"],
                table_id=r["table_id"],
                hand_id=r["hand_id"],
                counterpart_id=r["counterpart_id"],
                note=r["note"],
                created_at=r["created_at"],
            )
            for r in rows
        ]

    async def verify_ledger(self, guild_id: int) -> list[LedgerMismatch]:
        """Every wallet of the guild whose balance is not the sum of its ledger entries."""
        rows = await self._all(
            "SELECT w.user_id, w.balance,"
            " (SELECT COALESCE(SUM(l.amount), 0) FROM ledger AS l"
            "   WHERE l.guild_id = w.guild_id AND l.user_id = w.user_id) AS total"
            " FROM wallets AS w WHERE w.guild_id = ? AND w.balance <> total"
            " ORDER BY w.user_id",
            (guild_id,),
        )
        return [LedgerMismatch(r["user_id"], r["balance"], r["total"]) for r in rows]

    async def chip_census(self, guild_id: int) -> ChipCensus:
        """Count the guild's chips in wallets, seats, table pots and the jar vs. those minted."""
        marks = ", ".join("?" for _ in MINTING_KINDS)
        return ChipCensus(
            guild_id=guild_id,
            wallets=await self._scalar(
                "SELECT SUM(balance) FROM wallets WHERE guild_id = ?", (guild_id,)
            ),
            stacks=await self._scalar(
                "SELECT SUM(stack) FROM seats WHERE guild_id = ?", (guild_id,)
            ),
            pots=await self._scalar(
                "SELECT SUM(pot) FROM card_tables WHERE guild_id = ?", (guild_id,)
            ),
            jar=await self.jar_balance(guild_id),
            minted=await self._scalar(
                f"SELECT SUM(amount) FROM ledger WHERE guild_id = ? AND kind IN ({marks})",
                (guild_id, *MINTING_KINDS),
            ),
        )

    # -- tables --------------------------------------------------------------------------

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
        """Open a table in a channel; :class:`TableExists` if one is already there."""
        if await self.table_in_channel(channel_id) is not None:
            raise TableExists(channel_id)
        await self._ensure_guild(guild_id)
        try:
            table_id, _ = await self._run(
                "INSERT INTO card_tables (guild_id, channel_id, game, options, creator_id,"
                " message_ids, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    guild_id,
                    channel_id,
                    game,
                    dump_json(dict(options or {})),
                    creator_id,
                    dump_json(dict(message_ids or {})),
                    self.now,
                ),
            )
        except sqlite3.IntegrityError as exc:  # another process won the race
            raise TableExists(channel_id) from exc
        return await self.get_table(table_id)

    async def get_table(self, table_id: int) -> GameTable:
        """A table by id, closed or not; :class:`NoTable` if there is none."""
        row = await self._one("SELECT * FROM card_tables WHERE id = ?", (table_id,))
        if row is None:
            raise NoTable()
        return self._table(row)

    async def _live_table(self, table_id: int) -> GameTable:
        table = await self.get_table(table_id)
        if table.status == "closed":
            raise TableClosed()
        return table

    async def table_in_channel(self, channel_id: int) -> GameTable | None:
        """The channel's table that is not closed, if any."""
        row = await self._one(
            "SELECT * FROM card_tables WHERE channel_id = ? AND status <> 'closed'",
            (channel_id,),
        )
        return None if row is None else self._table(row)

    async def open_tables(self, guild_id: int | None = None) -> list[GameTable]:
        """Tables that are not closed (of one guild, or of all), oldest first."""
        if guild_id is None:
            rows = await self._all("SELECT * FROM card_tables WHERE status <> 'closed' ORDER BY id")
        else:
            rows = await self._all(
                "SELECT * FROM card_tables WHERE status <> 'closed' AND guild_id = ? ORDER BY id",
                (guild_id,),
            )
        return [self._table(r) for r in rows]

    async def update_table(
        self,
        table_id: int,
        *,
        status: TableStatus | None = None,
        options: Mapping[str, Any] | None = None,
        message_ids: Mapping[str, Any] | None = None,
    ) -> GameTable:
        """Change a live table's status ('open'/'playing'), options or message ids."""
        await self._live_table(table_id)
        changes: dict[str, object] = {}
        if status is not None:
            if status not in _TABLE_STATUSES:
                raise ValueError("use close_table() to close a table")
            changes["status"] = status
        if options is not None:
            changes["options"] = dump_json(dict(options))
        if message_ids is not None:
            changes["message_ids"] = dump_json(dict(message_ids))
        if changes:
            assignments = ", ".join(f"{column} = ?" for column in changes)
            await self._run(
                f"UPDATE card_tables SET {assignments} WHERE id = ?", (*changes.values(), table_id)
            )
        return await self.get_table(table_id)

    async def close_table(self, table_id: int, *, by: int | None = None) -> list[CashOut]:
        """Close a table: void its unfinished hand, cash out every seat, empty the line.

        ``by``: a server manager who closed it over a hand in play; the void hand and every
        cash-out name him (hand result, ledger ``counterpart_id`` and note).

        Chips still carried on the table (``pot``) are first shared out equally among the
        seated players (the odd chips to the lowest seats); with nobody seated they go to
        the guild's flambeau jar, so no chip ever vanishes.
        """
        table = await self._live_table(table_id)
        await self._run(
            "UPDATE hands SET status = 'void', turn_deadline = NULL, updated_at = ?, result = ?"
            " WHERE table_id = ? AND status = 'in_progress'",
            (self.now, json.dumps({"void": True, "voided_by": by}), table_id),
        )
        seats = await self.seats(table_id)
        if table.pot:
            if seats:
                share, odd = divmod(table.pot, len(seats))
                for index, seat in enumerate(seats):
                    await self._run(
                        "UPDATE seats SET stack = stack + ? WHERE table_id = ? AND user_id = ?",
                        (share + (1 if index < odd else 0), table_id, seat.user_id),
                    )
            else:
                await self._run(
                    "UPDATE guilds SET flambeau_jar = flambeau_jar + ? WHERE guild_id = ?",
                    (table.pot, table.guild_id),
                )
        note = None if by is None else "table closed by an admin"
        cash_outs = [
            await self.cash_out(table_id, seat.user_id, by=by, note=note) for seat in seats
        ]
        await self._run("DELETE FROM queue WHERE table_id = ?", (table_id,))
        await self._run(
            "UPDATE card_tables SET status = 'closed', pot = 0, closed_at = ? WHERE id = ?",
            (self.now, table_id),
        )
        return cash_outs

    # -- seats ---------------------------------------------------------------------------

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

    async def get_seat(self, table_id: int, user_id: int) -> Seat | None:
        """The user's seat at the table, if any."""
        row = await self._one(
            "SELECT * FROM seats WHERE table_id = ? AND user_id = ?", (table_id, user_id)
        )
        return None if row is None else self._seat(row)

    async def _require_seat(self, table_id: int, user_id: int) -> Seat:
        seat = await self.get_seat(table_id, user_id)
        if seat is None:
            raise NotSeated()
        return seat

    async def seats(self, table_id: int) -> list[Seat]:
        """The table's seats in seat order."""
        rows = await self._all(
            "SELECT * FROM seats WHERE table_id = ? ORDER BY seat_no", (table_id,)
        )
        return [self._seat(r) for r in rows]

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
        """Give the user a seat (the lowest free one unless ``seat_no``), then buy in.

        Refused with :class:`AlreadySeated` / :class:`AlreadyQueued` if the user is already
        at this table, :class:`TableFull` when ``max_seats`` are taken.
        """
        table = await self._live_table(table_id)
        if status not in _SEAT_STATUSES:
            raise ValueError(f"unknown seat status {status!r}")
        if await self.get_seat(table_id, user_id) is not None:
            raise AlreadySeated()
        if await self._queue_row(table_id, user_id) is not None:
            raise AlreadyQueued()
        taken = {s.seat_no for s in await self.seats(table_id)}
        if max_seats is not None and len(taken) >= max_seats:
            raise TableFull()
        if seat_no is None:
            seat_no = next(n for n in range(1, len(taken) + 2) if n not in taken)
        elif (
            isinstance(seat_no, bool)
            or not isinstance(seat_no, int)
            or seat_no < 1
            or (max_seats is not None and seat_no > max_seats)
        ):
            raise InvalidSeat(seat_no)
        elif seat_no in taken:
            raise SeatTaken(seat_no)
        await self.ensure_wallet(table.guild_id, user_id)
        await self._run(
            "INSERT INTO seats (table_id, seat_no, guild_id, user_id, status, joined_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (table_id, seat_no, table.guild_id, user_id, status, self.now),
        )
        if buy_in:
            return await self.buy_in(table_id, user_id, buy_in)
        return await self._require_seat(table_id, user_id)

    async def update_seat(
        self,
        table_id: int,
        user_id: int,
        *,
        status: SeatStatus | None = None,
        timeouts: int | None = None,
        hands_sat_out: int | None = None,
    ) -> Seat:
        """Change a seat's status or counters (never its stack: see buy_in / finish_hand)."""
        await self._require_seat(table_id, user_id)
        changes: dict[str, object] = {}
        if status is not None:
            if status not in _SEAT_STATUSES:
                raise ValueError(f"unknown seat status {status!r}")
            changes["status"] = status
        if timeouts is not None:
            changes["timeouts"] = _count(timeouts)
        if hands_sat_out is not None:
            changes["hands_sat_out"] = _count(hands_sat_out)
        if changes:
            assignments = ", ".join(f"{column} = ?" for column in changes)
            await self._run(
                f"UPDATE seats SET {assignments} WHERE table_id = ? AND user_id = ?",
                (*changes.values(), table_id, user_id),
            )
        return await self._require_seat(table_id, user_id)

    async def buy_in(self, table_id: int, user_id: int, amount: int) -> Seat:
        """Move chips from the user's wallet to their stack at the table."""
        amount = _chips(amount)
        table = await self._live_table(table_id)
        await self._require_seat(table_id, user_id)
        wallet = await self.ensure_wallet(table.guild_id, user_id)
        if wallet.balance < amount:
            raise InsufficientChips(wallet.balance, amount)
        await self._post(table.guild_id, user_id, -amount, "buy_in", table_id=table_id)
        await self._run(
            "UPDATE seats SET stack = stack + ? WHERE table_id = ? AND user_id = ?",
            (amount, table_id, user_id),
        )
        return await self._require_seat(table_id, user_id)

    async def cash_out(
        self, table_id: int, user_id: int, *, by: int | None = None, note: str | None = None
    ) -> CashOut:
        """Return the user's whole stack to their wallet and free the seat (``by``: the
        member who made it happen, when not the player: an admin closing the table)."""
        seat = await self._require_seat(table_id, user_id)
        await self._post(
            seat.guild_id,
            user_id,
            seat.stack,
            "cash_out",
            table_id=table_id,
            counterpart_id=by,
            note=note,
        )
        await self._run("DELETE FROM seats WHERE table_id = ? AND user_id = ?", (table_id, user_id))
        return CashOut(user_id, seat.stack)

    async def unseat(self, table_id: int, user_id: int) -> CashOut:
        """Same as :meth:`cash_out`: a seat is never freed without returning its chips."""
        return await self.cash_out(table_id, user_id)

    # -- waiting line --------------------------------------------------------------------

    async def _queue_row(self, table_id: int, user_id: int) -> Row | None:
        return await self._one(
            "SELECT * FROM queue WHERE table_id = ? AND user_id = ?", (table_id, user_id)
        )

    async def queue(self, table_id: int) -> list[QueueEntry]:
        """The table's waiting line, first in line first."""
        rows = await self._all(
            "SELECT * FROM queue WHERE table_id = ? ORDER BY position", (table_id,)
        )
        return [
            QueueEntry(r["table_id"], r["user_id"], r["position"], place, r["joined_at"])
            for place, r in enumerate(rows, start=1)
        ]

    async def join_queue(self, table_id: int, user_id: int) -> QueueEntry:
        """Put the user at the end of the table's waiting line."""
        await self._live_table(table_id)
        if await self.get_seat(table_id, user_id) is not None:
            raise AlreadySeated()
        if await self._queue_row(table_id, user_id) is not None:
            raise AlreadyQueued()
        position, _ = await self._run(
            "INSERT INTO queue (table_id, user_id, joined_at) VALUES (?, ?, ?)",
            (table_id, user_id, self.now),
        )
        place = await self._scalar(
            "SELECT COUNT(*) FROM queue WHERE table_id = ? AND position <= ?",
            (table_id, position),
        )
        return QueueEntry(table_id, user_id, position, place, self.now)

    async def leave_queue(self, table_id: int, user_id: int) -> bool:
        """Take the user out of the line; False if they were not in it."""
        _, count = await self._run(
            "DELETE FROM queue WHERE table_id = ? AND user_id = ?", (table_id, user_id)
        )
        return count > 0

    async def pop_queue(self, table_id: int) -> QueueEntry | None:
        """Remove and return the first user in line (None if the line is empty)."""
        row = await self._one(
            "SELECT * FROM queue WHERE table_id = ? ORDER BY position LIMIT 1", (table_id,)
        )
        if row is None:
            return None
        await self._run("DELETE FROM queue WHERE position = ?", (row["position"],))
        return QueueEntry(row["table_id"], row["user_id"], row["position"], 1, row["joined_at"])

    # -- hands ---------------------------------------------------------------------------

    @staticmethod
    def _hand(row: Row) -> Hand:
        result = row["result"]
        return Hand(
            id=row["id"],
            table_id=row["table_id"],
            guild_id=row["guild_id"],
            hand_no=row["hand_no"],
            game=row["game"],
            record=json.loads(row["record"]),
            status=row["status"],
            result=None if result is None else json.loads(result),
            flambeau=row["flambeau"],
            turn_deadline=row["turn_deadline"],
            created_at=row["created_at"],
            updated_at=row["updated_at"],
        )

    async def get_hand(self, hand_id: int) -> Hand:
        """A hand by id; :class:`NoHand` if there is none."""
        row = await self._one("SELECT * FROM hands WHERE id = ?", (hand_id,))
        if row is None:
            raise NoHand()
        return self._hand(row)

    async def _playing_hand(self, hand_id: int) -> Hand:
        hand = await self.get_hand(hand_id)
        if hand.status != "in_progress":
            raise HandFinished()
        return hand

    async def current_hand(self, table_id: int) -> Hand | None:
        """The table's hand in progress, if any."""
        row = await self._one(
            "SELECT * FROM hands WHERE table_id = ? AND status = 'in_progress'", (table_id,)
        )
        return None if row is None else self._hand(row)

    async def create_hand(
        self, table_id: int, record: Any, *, turn_deadline: float | None = None
    ) -> Hand:
        """Start the table's next hand with the engine's record (numbered from 1)."""
        table = await self._live_table(table_id)
        if await self.current_hand(table_id) is not None:
            raise HandInProgress()
        hand_no = 1 + await self._scalar(
            "SELECT MAX(hand_no) FROM hands WHERE table_id = ?", (table_id,)
        )
        hand_id, _ = await self._run(
            "INSERT INTO hands (table_id, guild_id, hand_no, game, record, turn_deadline,"
            " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                table_id,
                table.guild_id,
                hand_no,
                table.game,
                dump_json(record),
                turn_deadline,
                self.now,
                self.now,
            ),
        )
        return await self.get_hand(hand_id)

    async def save_hand(
        self, hand_id: int, record: Any, *, turn_deadline: float | None = None
    ) -> None:
        """Replace an unfinished hand's record and set (or clear) its turn deadline."""
        await self._playing_hand(hand_id)
        await self._run(
            "UPDATE hands SET record = ?, turn_deadline = ?, updated_at = ? WHERE id = ?",
            (dump_json(record), turn_deadline, self.now, hand_id),
        )

    async def append_action(
        self,
        hand_id: int,
        action: Any,
        *,
        turn_deadline: float | None = None,
        expected_count: int | None = None,
    ) -> int:
        """Append one action to the record's ``actions`` list; returns the new count.

        Also sets (or, with None, clears) the turn deadline. With ``expected_count`` (the
        actions the writer saw before this one) a record that has moved on meanwhile (another
        process wrote this turn) is refused with :class:`StaleHand`, writing nothing.
        """
        await self._playing_hand(hand_id)
        sql = (
            "UPDATE hands SET record = json_insert(json_insert(record, '$.actions', json('[]')),"
            " '$.actions[#]', json(?)), turn_deadline = ?, updated_at = ? WHERE id = ?"
        )
        params: list[object] = [dump_json(action), turn_deadline, self.now, hand_id]
        if expected_count is not None:  # one statement: the check and the write together
            sql += " AND COALESCE(json_array_length(record, '$.actions'), 0) = ?"
            params.append(expected_count)
        _, changed = await self._run(sql, params)
        count_sql = "SELECT json_array_length(record, '$.actions') FROM hands WHERE id = ?"
        if expected_count is None:
            return await self._scalar(count_sql, (hand_id,))
        if changed == 0:
            found = await self._scalar(count_sql, (hand_id,))
            raise StaleHand(hand_id, expected_count, int(found or 0))
        return expected_count + 1

    async def set_turn_deadline(self, hand_id: int, turn_deadline: float | None) -> None:
        """Set (or clear) the unix time by which the player to act must act."""
        await self._playing_hand(hand_id)
        await self._run(
            "UPDATE hands SET turn_deadline = ?, updated_at = ? WHERE id = ?",
            (turn_deadline, self.now, hand_id),
        )

    async def finish_hand(
        self,
        hand_id: int,
        result: Any,
        stacks: Mapping[int, int],
        *,
        flambeau: int = 0,
        pot: int | None = None,
    ) -> Hand:
        """Finish a hand: store its result and write the seat stacks it leaves.

        ``stacks`` maps user ids to their new stack (seats not named keep theirs);
        ``flambeau`` is what moves into the guild's jar (negative: out of it, into the
        stacks); ``pot`` is what stays carried on the table for the next deal (None: keep
        it). The chips must add up: the change in the named stacks, plus the change in the
        pot, plus ``flambeau`` must be zero, otherwise :class:`ChipsNotConserved`.
        """
        hand = await self._playing_hand(hand_id)
        table = await self.get_table(hand.table_id)
        if isinstance(flambeau, bool) or not isinstance(flambeau, int):
            raise InvalidAmount("refuse-whole-chips")
        new_pot = table.pot if pot is None else _count(pot)
        seats = {s.user_id: s for s in await self.seats(hand.table_id)}
        delta = new_pot - table.pot + flambeau
        for user_id, stack in stacks.items():
            _count(stack)
            if user_id not in seats:
                raise NotSeated("refuse-player-not-seated", user=user_id)
            delta += stack - seats[user_id].stack
        if delta:
            raise ChipsNotConserved(f"{delta:+d} chips")
        jar = await self.jar_balance(hand.guild_id)
        if jar + flambeau < 0:
            raise ChipsNotConserved(f"the flambeau jar holds only {jar} chips")
        for user_id, stack in stacks.items():
            await self._run(
                "UPDATE seats SET stack = ? WHERE table_id = ? AND user_id = ?",
                (stack, hand.table_id, user_id),
            )
        if flambeau:
            await self._run(
                "UPDATE guilds SET flambeau_jar = flambeau_jar + ? WHERE guild_id = ?",
                (flambeau, hand.guild_id),
            )
        if new_pot != table.pot:
            await self._run("UPDATE card_tables SET pot = ? WHERE id = ?", (new_pot, table.id))
        await self._run(
            "UPDATE hands SET status = 'finished', result = ?, flambeau = ?,"
            " turn_deadline = NULL, updated_at = ? WHERE id = ?",
            (dump_json(result), flambeau, self.now, hand_id),
        )
        return await self.get_hand(hand_id)

    async def void_hand(self, hand_id: int, *, by: int | None = None) -> Hand:
        """Abandon an unfinished hand; no chip moves (stacks only change when hands finish).

        ``by``: the member who called it off, kept in the hand's result.
        """
        await self._playing_hand(hand_id)
        await self._run(
            "UPDATE hands SET status = 'void', turn_deadline = NULL, updated_at = ?,"
            " result = ? WHERE id = ?",
            (self.now, json.dumps({"void": True, "voided_by": by}), hand_id),
        )
        return await self.get_hand(hand_id)

    async def in_progress_hands(self, guild_id: int | None = None) -> list[Hand]:
        """Unfinished hands (of one guild, or all), to resume after a restart."""
        if guild_id is None:
            rows = await self._all("SELECT * FROM hands WHERE status = 'in_progress' ORDER BY id")
        else:
            rows = await self._all(
                "SELECT * FROM hands WHERE status = 'in_progress' AND guild_id = ? ORDER BY id",
                (guild_id,),
            )
        return [self._hand(r) for r in rows]

    async def hand_history(
        self,
        guild_id: int,
        *,
        table_id: int | None = None,
        limit: int = 10,
        status: HandStatus = "finished",
    ) -> list[Hand]:
        """The guild's (or one table's) latest hands with that status, newest first."""
        if table_id is None:
            rows = await self._all(
                "SELECT * FROM hands WHERE guild_id = ? AND status = ? ORDER BY id DESC LIMIT ?",
                (guild_id, status, limit),
            )
        else:
            rows = await self._all(
                "SELECT * FROM hands WHERE guild_id = ? AND table_id = ? AND status = ?"
                " ORDER BY id DESC LIMIT ?",
                (guild_id, table_id, status, limit),
            )
        return [self._hand(r) for r in rows]

    # -- statistics ----------------------------------------------------------------------

    def _period(self, period: str) -> str:
        if period == _CURRENT_WEEK:
            return iso_week(self.now)
        if not is_period(period):
            raise ValueError(f"a period is 'all', 'week' or like '2026-W47', not {period!r}")
        return period

    async def record_hand_stats(
        self, guild_id: int, lines: Iterable[HandStats], *, at: float | None = None
    ) -> None:
        """Add one finished hand to each player's all-time and weekly statistics.

        ``at`` (unix seconds) picks the ISO week; by default the transaction's time.
        """
        await self._ensure_guild(guild_id)
        week = iso_week(self.now if at is None else at)
        for line in lines:
            values = (
                1,
                int(line.won),
                line.net,
                line.pot,
                line.brelans,
                line.square_brelans,
                line.prials,
            )
            for period in (ALL_TIME, week):
                await self._run(
                    "INSERT INTO stats (guild_id, period, user_id, hands_played, hands_won,"
                    " net_chips, biggest_pot, brelans, square_brelans, prials)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                    " ON CONFLICT (guild_id, period, user_id) DO UPDATE SET"
                    " hands_played = hands_played + excluded.hands_played,"
                    " hands_won = hands_won + excluded.hands_won,"
                    " net_chips = net_chips + excluded.net_chips,"
                    " biggest_pot = MAX(biggest_pot, excluded.biggest_pot),"
                    " brelans = brelans + excluded.brelans,"
                    " square_brelans = square_brelans + excluded.square_brelans,"
                    " prials = prials + excluded.prials",
                    (guild_id, period, line.user_id, *values),
                )

    async def player_stats(
        self, guild_id: int, user_id: int, period: str = ALL_TIME
    ) -> dict[str, int]:
        """One player's statistics for a period (all zero if they have none)."""
        row = await self._one(
            f"SELECT {', '.join(METRICS)} FROM stats"
            " WHERE guild_id = ? AND period = ? AND user_id = ?",
            (guild_id, self._period(period), user_id),
        )
        return {m: (0 if row is None else int(row[m])) for m in METRICS}

    async def leaderboard(
        self, guild_id: int, metric: Metric, period: str = ALL_TIME, limit: int = 10
    ) -> list[LeaderboardEntry]:
        """The top players for a metric; ``period`` is 'all', 'week' (current) or an ISO week."""
        if metric not in METRICS:
            raise ValueError(f"unknown leaderboard metric {metric!r}; one of {METRICS}")
        rows = await self._all(
            f"SELECT user_id, {metric} AS value FROM stats"
            " WHERE guild_id = ? AND period = ? AND hands_played > 0"
            " ORDER BY value DESC, user_id LIMIT ?",
            (guild_id, self._period(period), limit),
        )
        entries: list[LeaderboardEntry] = []
        for index, r in enumerate(rows, start=1):
            rank = entries[-1].rank if entries and entries[-1].value == r["value"] else index
            entries.append(LeaderboardEntry(rank, r["user_id"], r["value"]))
        return entries


__all__ = ["Transaction", "dump_json"]
