"""Every storage operation, run inside one open transaction (see ``Database.transaction``).

A :class:`Transaction` is only handed out by :class:`bot.storage.Database`; its methods may be
combined freely (append an action, move chips, finish a hand, record statistics) and all of
them commit or roll back together.
"""

from __future__ import annotations

import dataclasses
import json
import sqlite3
from collections.abc import Mapping
from typing import Any

from bot.storage.appending import AppendTransaction
from bot.storage.errors import (
    AlreadyQueued,
    AlreadySeated,
    ChipsNotConserved,
    HandFinished,
    HandInProgress,
    InsufficientChips,
    InvalidAmount,
    InvalidSeat,
    NoHand,
    NoTable,
    NotSeated,
    SeatTaken,
    TableClosed,
    TableExists,
    TableFull,
)
from bot.storage.flows import FlowTransaction
from bot.storage.house import HOUSE_BANK, PRACTICE_NOTE, is_house, practice_table
from bot.storage.leases import LeaseTransaction
from bot.storage.models import (
    CashOut,
    GameTable,
    Hand,
    HandStatus,
    QueueEntry,
    Seat,
    SeatStatus,
    TableStatus,
)
from bot.storage.pg_writes import PgWriteTransaction
from bot.storage.seeds import SeedTransaction
from bot.storage.stats import StatsTransaction
from bot.storage.tournaments import TournamentTransaction
from bot.storage.txbase import (
    MAX_CHIPS,
    SEAT_STATUSES,
    TABLE_STATUSES,
    Row,
    dump_json,
    whole_chips,
    whole_count,
)
from bot.storage.wallets import WalletTransaction
from bot.storage.web import WebTransaction


class Transaction(
    TournamentTransaction,  # over the wallets
    WalletTransaction,
    StatsTransaction,
    SeedTransaction,
    LeaseTransaction,
    FlowTransaction,
    WebTransaction,
    AppendTransaction,
    PgWriteTransaction,
):
    """One open transaction on the bot's database; every method runs inside it.

    Get one from ``Database.transaction()`` (writes) or ``Database.read()`` (reads); it
    becomes unusable once its ``async with`` block ends. ``now`` is the transaction's clock
    reading, used for every timestamp it writes. Wallets and the ledger are in
    :mod:`bot.storage.wallets`, statistics in :mod:`bot.storage.stats`, seasons in
    :mod:`bot.storage.seasons`.
    """

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
        """A table by id, closed or not; :class:`NoTable` if there is none. A PostgreSQL
        write transaction locks its row: the writes for one table take turns."""
        seen = self._tables.get(table_id)
        if seen is not None:  # read (and locked) earlier in this transaction
            return seen
        row = await self._one(
            "SELECT * FROM card_tables WHERE id = ?" + self.for_update, (table_id,)
        )
        if row is None:
            raise NoTable()
        table = self._tables[table_id] = self._table(row)
        return table

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
        """Change a live table's status ('open'/'playing'), options or message ids; what
        is as stored already is not written again."""
        table = await self._live_table(table_id)
        changes: dict[str, object] = {}
        if status is not None:
            if status not in TABLE_STATUSES:
                raise ValueError("use close_table() to close a table")
            if status != table.status:
                changes["status"] = status
        if options is not None and (text := dump_json(dict(options))) != dump_json(table.options):
            changes["options"] = text  # (the stored text is dump_json's: the same when equal)
        if message_ids is not None:
            text = dump_json(dict(message_ids))
            if text != dump_json(table.message_ids):
                changes["message_ids"] = text
        if not changes:
            return table
        assignments = ", ".join(f"{column} = ?" for column in changes)
        await self._later(  # nothing refuses it once the table is live (read above)
            f"UPDATE card_tables SET {assignments} WHERE id = ?", (*changes.values(), table_id)
        )
        table = self._tables[table_id] = dataclasses.replace(
            table,
            **{k: json.loads(v) if k != "status" else v for k, v in changes.items()},  # type: ignore[arg-type]
        )
        return table

    async def close_table(
        self, table_id: int, *, by: int | None = None, reason: str | None = None
    ) -> list[CashOut]:
        """Close a table: void its unfinished hand, cash out every seat, empty the line.

        ``by``: a server manager who closed it over a hand in play; the void hand and every
        cash-out name him (hand result, ledger ``counterpart_id`` and note). ``reason``: why
        the bot closed it on its own (``"channel deleted"``): kept in the void hand's result
        and in every cash-out's ledger note (``"table closed: channel deleted"``).

        Chips still carried on the table (``pot``) are first shared out equally among the
        seated players (the odd chips to the lowest seats); with nobody seated they go to
        the guild's flambeau jar, so no chip ever vanishes.
        """
        table = await self._live_table(table_id)
        result: dict[str, Any] = {"void": True, "voided_by": by}
        if reason is not None:
            result["reason"] = reason
        await self._run(
            "UPDATE hands SET status = 'void', turn_deadline = NULL, updated_at = ?, result = ?"
            " WHERE table_id = ? AND status = 'in_progress'",
            (self.now, json.dumps(result), table_id),
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
        if reason is not None:
            note: str | None = f"table closed: {reason}"
        else:
            note = None if by is None else "table closed by an admin"
        cash_outs = [
            await self.cash_out(table_id, seat.user_id, by=by, note=note) for seat in seats
        ]
        await self._run("DELETE FROM queue WHERE table_id = ?", (table_id,))
        await self._run(
            "UPDATE card_tables SET status = 'closed', pot = 0, closed_at = ? WHERE id = ?",
            (self.now, table_id),
        )
        self._tables.pop(table_id, None)
        return cash_outs

    # -- seats ---------------------------------------------------------------------------

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
        if (
            self.dialect == "postgres"
            and self.writing
            and seat_no is None
            and status in SEAT_STATUSES
            and not is_house(user_id)
            and (buy_in == 0 or whole_chips(buy_in) == buy_in)
        ):
            seat = await self._pg_seat(table_id, user_id, buy_in, max_seats, status)
            if seat is not None:
                return seat
        table = await self._live_table(table_id)
        if status not in SEAT_STATUSES:
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
        try:
            changes = self._seat_changes(status, timeouts, hands_sat_out)
        except (ValueError, InvalidAmount):
            await self._require_seat(table_id, user_id)  # NotSeated first, as it always was
            raise
        if not changes:
            return await self._require_seat(table_id, user_id)
        assignments = ", ".join(f"{column} = ?" for column in changes)
        row = await self._one(  # one statement: the change and the seat as it is now
            f"UPDATE seats SET {assignments} WHERE table_id = ? AND user_id = ? RETURNING *",
            (*changes.values(), table_id, user_id),
        )
        if row is None:
            raise NotSeated()
        return self._seat(row)

    @staticmethod
    def _seat_changes(
        status: SeatStatus | None, timeouts: int | None, hands_sat_out: int | None
    ) -> dict[str, object]:
        changes: dict[str, object] = {}
        if status is not None:
            if status not in SEAT_STATUSES:
                raise ValueError(f"unknown seat status {status!r}")
            changes["status"] = status
        if timeouts is not None:
            changes["timeouts"] = whole_count(timeouts)
        if hands_sat_out is not None:
            changes["hands_sat_out"] = whole_count(hands_sat_out)
        return changes

    async def buy_in(self, table_id: int, user_id: int, amount: int) -> Seat:
        """Move chips from the user's wallet to their stack at the table."""
        amount = whole_chips(amount)
        table = await self._live_table(table_id)
        await self._require_seat(table_id, user_id)
        await self.guard_wallet_chips(table_id, amount)
        if not is_house(user_id) and practice_table(table.options):
            await self.bank_buys_in(table.guild_id, table_id, user_id, amount)
        else:
            if is_house(user_id):
                await self.fund_house_player(table.guild_id, user_id, amount)
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
        member who made it happen, when not the player: an admin closing the table). At a
        practice table a member's stack goes back to the house bank, which paid it."""
        table = await self.get_table(table_id)  # locks it (PostgreSQL): seat changes take turns
        seat = await self._require_seat(table_id, user_id)
        await self.guard_wallet_chips(table_id, seat.stack)
        owner, counterpart = user_id, by
        if not is_house(user_id) and practice_table(table.options):
            owner, counterpart, note = HOUSE_BANK, user_id, PRACTICE_NOTE
        await self._post(
            seat.guild_id,
            owner,
            seat.stack,
            "cash_out",
            table_id=table_id,
            counterpart_id=counterpart,
            note=note,
        )
        await self._run("DELETE FROM seats WHERE table_id = ? AND user_id = ?", (table_id, user_id))
        if is_house(user_id):
            await self.return_to_house_bank(seat.guild_id, user_id)
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
        if self.for_update:  # two pops take turns (PostgreSQL)
            await self._one(
                "SELECT id FROM card_tables WHERE id = ?" + self.for_update, (table_id,)
            )
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
        """A hand by id; :class:`NoHand` if there is none (locked in a PostgreSQL write)."""
        row = await self._one("SELECT * FROM hands WHERE id = ?" + self.for_update, (hand_id,))
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
        text = dump_json(record)
        if self.dialect == "postgres":
            row = await self._pg_create_hand(table_id, text, turn_deadline)
            if row is not None:
                return self._new_hand(row["id"], table_id, row, text, turn_deadline)
        table = await self._live_table(table_id)
        row = await self._one(  # one statement, each half on its own index
            "SELECT EXISTS (SELECT 1 FROM hands WHERE table_id = ? AND status = 'in_progress'),"
            " (SELECT MAX(hand_no) FROM hands WHERE table_id = ?)",
            (table_id, table_id),
        )
        assert row is not None
        if row[0]:
            raise HandInProgress()
        hand_no = 1 + (row[1] or 0)
        hand_id, _ = await self._run(
            "INSERT INTO hands (table_id, guild_id, hand_no, game, record, turn_deadline,"
            " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                table_id,
                table.guild_id,
                hand_no,
                table.game,
                text,
                turn_deadline,
                self.now,
                self.now,
            ),
        )
        where = {"guild_id": table.guild_id, "hand_no": hand_no, "game": table.game}
        return self._new_hand(hand_id, table_id, where, text, turn_deadline)

    async def save_hand(
        self, hand_id: int, record: Any, *, turn_deadline: float | None = None
    ) -> None:
        """Replace an unfinished hand's record and set (or clear) its turn deadline."""
        self._appended.pop(hand_id, None)
        await self._playing_hand(hand_id)
        await self._run(
            "UPDATE hands SET record = ?, turn_deadline = ?, updated_at = ? WHERE id = ?",
            (dump_json(record), turn_deadline, self.now, hand_id),
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
        if self.dialect == "postgres" and self.writing:
            done = await self._finish_in_one(hand_id, result, stacks, flambeau, pot)
            if done is not None:
                return done
        hand = self._appended.pop(hand_id, None) or await self._playing_hand(hand_id)
        table = await self.get_table(hand.table_id)
        if isinstance(flambeau, bool) or not isinstance(flambeau, int):
            raise InvalidAmount("refuse-whole-chips")
        new_pot = table.pot if pot is None else whole_count(pot)
        seats = {s.user_id: s for s in await self.seats(hand.table_id)}
        delta = new_pot - table.pot + flambeau
        for user_id, stack in stacks.items():
            whole_count(stack)
            if user_id not in seats:
                raise NotSeated("refuse-player-not-seated", user=user_id)
            delta += stack - seats[user_id].stack
        if delta:
            raise ChipsNotConserved(f"{delta:+d} chips")
        if flambeau < 0 and (jar := await self.jar_balance(hand.guild_id)) + flambeau < 0:
            raise ChipsNotConserved(f"the flambeau jar holds only {jar} chips")
        await self._set_stacks(hand.table_id, stacks)
        if flambeau:
            await self._run(
                "UPDATE guilds SET flambeau_jar = flambeau_jar + ? WHERE guild_id = ?",
                (flambeau, hand.guild_id),
            )
        if new_pot != table.pot:
            await self._run("UPDATE card_tables SET pot = ? WHERE id = ?", (new_pot, table.id))
            self._tables[table.id] = dataclasses.replace(table, pot=new_pot)
        await self._run(
            "UPDATE hands SET status = 'finished', result = ?, flambeau = ?,"
            " turn_deadline = NULL, updated_at = ? WHERE id = ?",
            (result_text := dump_json(result), flambeau, self.now, hand_id),
        )
        return dataclasses.replace(
            hand,
            status="finished",
            result=json.loads(result_text),
            flambeau=flambeau,
            turn_deadline=None,
            updated_at=self.now,
        )

    async def _set_stacks(self, table_id: int, stacks: Mapping[int, int]) -> None:
        """Write the seats' new stacks: one statement on PostgreSQL (a round trip saved per
        seat), one per seat on SQLite (they cost none)."""
        if self.dialect == "postgres" and len(stacks) > 1:
            await self._run(
                "UPDATE seats SET stack = v.stack"
                " FROM unnest(?::bigint[], ?::bigint[]) AS v (user_id, stack)"
                " WHERE seats.table_id = ? AND seats.user_id = v.user_id",
                (list(stacks), list(stacks.values()), table_id),
            )
            return
        for user_id, stack in stacks.items():
            await self._run(
                "UPDATE seats SET stack = ? WHERE table_id = ? AND user_id = ?",
                (stack, table_id, user_id),
            )

    async def void_hand(self, hand_id: int, *, by: int | None = None) -> Hand:
        """Abandon an unfinished hand; no chip moves (stacks only change when hands finish).

        ``by``: the member who called it off, kept in the hand's result.
        """
        self._appended.pop(hand_id, None)
        await self._playing_hand(hand_id)
        await self._run(
            "UPDATE hands SET status = 'void', turn_deadline = NULL, updated_at = ?,"
            " result = ? WHERE id = ?",
            (self.now, json.dumps({"void": True, "voided_by": by}), hand_id),
        )
        return await self.get_hand(hand_id)

    async def previous_deal(self, hand: Hand) -> Hand | None:
        """The deal before a Brag hand dealt from the same pack's seed (for following a pack
        that continues), or None."""
        deal = hand.record.get("deal_no")
        fair = hand.record.get("fair")
        if not isinstance(deal, int) or not isinstance(fair, dict):
            return None
        row = await self._one(
            "SELECT * FROM hands WHERE table_id = ? AND status = 'finished'"
            f" AND {self._json_text('record', 'deal_no')} = ?"
            f" AND {self._json_text('record', 'fair', 'commitment')} = ?",
            (
                hand.table_id,
                deal - 1 if self.dialect == "sqlite" else str(deal - 1),  # PostgreSQL: text
                fair.get("commitment"),
            ),
        )
        return None if row is None else self._hand(row)

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


__all__ = ["MAX_CHIPS", "Transaction", "dump_json"]
