"""Appending a player's action to the hand in play: the hottest write of all.

:class:`AppendTransaction` is the part of :class:`~bot.storage.transaction.Transaction` that
appends an action to a hand's record, with the checks that keep two writers from storing two
actions for one turn. SQLite appends in place (``json_insert``); PostgreSQL writes the whole
record the runtime holds in one statement, the lease, the hand's state and its move count in
its ``WHERE`` (docs/scaling.md, "What made PostgreSQL faster").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.storage.errors import HandFinished, LeaseLost, NoHand, StaleHand
from bot.storage.models import Hand
from bot.storage.pg_batch import Append
from bot.storage.pg_connection import PgConnection
from bot.storage.txbase import TransactionBase, dump_json


class AppendTransaction(TransactionBase):
    """``append_action`` and what it needs."""

    if TYPE_CHECKING:

        async def _playing_hand(self, hand_id: int) -> Hand: ...

    async def append_action(
        self,
        hand_id: int,
        action: Any,
        *,
        turn_deadline: float | None = None,
        expected_count: int | None = None,
        whole: Callable[[], Any] | None = None,
    ) -> int:
        """Append one action to the record's ``actions`` list; returns the new count.

        Also sets (or, with None, clears) the turn deadline. With ``expected_count`` (the
        actions the writer saw before this one) a record that has moved on meanwhile (another
        process wrote this turn) is refused with :class:`StaleHand`, writing nothing.

        ``whole``, when the caller holds the record: it gives the whole record with the action
        appended. PostgreSQL then writes it in one statement, with the checks (and a lease
        stated just before, :meth:`hold_lease`) in its ``WHERE``, instead of reading the
        stored record first; SQLite appends the action in place either way.
        """
        if self.dialect == "postgres":
            if whole is not None and expected_count is not None:
                return await self._append_whole(hand_id, whole(), turn_deadline, expected_count)
            return await self._append_locked(hand_id, action, turn_deadline, expected_count)
        sql = (
            "UPDATE hands SET record = json_insert(json_insert(record, '$.actions', json('[]')),"
            " '$.actions[#]', json(?)), turn_deadline = ?, updated_at = ?"
            " WHERE id = ? AND status = 'in_progress'"
        )
        params: list[object] = [dump_json(action), turn_deadline, self.now, hand_id]
        if expected_count is not None:  # one statement: the checks and the write together
            sql += " AND COALESCE(json_array_length(record, '$.actions'), 0) = ?"
            params.append(expected_count)
        _, changed = await self._run(sql, params)
        if changed and expected_count is not None:
            return expected_count + 1
        return await self._why_not_appended(hand_id, changed, expected_count)

    async def _why_not_appended(
        self, hand_id: int, changed: int, expected_count: int | None
    ) -> int:
        """After an append: its count, or why it changed nothing (the error to raise)."""
        row = await self._one(
            f"SELECT status, {self._json_length('record', 'actions')} FROM hands WHERE id = ?",
            (hand_id,),
        )
        if row is None:
            raise NoHand()
        if row[0] != "in_progress":
            raise HandFinished()
        if not changed:
            assert expected_count is not None
            raise StaleHand(hand_id, expected_count, int(row[1]))
        return int(row[1])

    #: PostgreSQL's one statement for an action: the lease (when stated), the hand's state and
    #: its move count checked, and the whole record written, all in its ``WHERE``.
    _PG_APPEND = (
        "UPDATE hands SET record = ?, turn_deadline = ?, updated_at = ?"
        " WHERE id = ? AND status = 'in_progress'"
        " AND COALESCE(json_array_length((record::json) -> 'actions'), 0) = ?"
    )  # the same test as TransactionBase._json_length
    _PG_APPENDED = (
        " RETURNING id, table_id, guild_id, hand_no, game, status, result, flambeau,"
        " turn_deadline, created_at, updated_at"
    )
    _PG_APPEND_FENCED = (
        "WITH lease AS (SELECT 1 FROM table_leases WHERE table_id = ? AND owner = ? FOR KEY SHARE) "
        + _PG_APPEND
        + " AND EXISTS (SELECT 1 FROM lease)"
    )

    async def _append_whole(
        self, hand_id: int, record: Any, turn_deadline: float | None, expected_count: int
    ) -> int:
        """:meth:`append_action` on PostgreSQL with the whole record: one statement."""
        text = dump_json(record)
        conn = self.conn
        if self.one_statement and isinstance(conn, PgConnection) and conn.appends is not None:
            return await self._append_with_others(
                conn,
                hand_id,
                text,
                turn_deadline,
                expected_count,
            )
        params: list[object] = [text, turn_deadline, self.now, hand_id, expected_count]
        lease = self._take_lease()
        if lease is None:
            row = await self._one(self._PG_APPEND + self._PG_APPENDED, params)
        else:
            row = await self._one(self._PG_APPEND_FENCED + self._PG_APPENDED, [*lease, *params])
            if row is None:
                await self._refused_for_lease(lease)
        if row is None:
            return await self._why_not_appended(hand_id, 0, expected_count)
        if not self.one_statement:  # more may follow: the end of the hand
            self._appended[hand_id] = Hand(
                id=row["id"],
                table_id=row["table_id"],
                guild_id=row["guild_id"],
                hand_no=row["hand_no"],
                game=row["game"],
                record=record,
                status=row["status"],
                result=None,
                flambeau=row["flambeau"],
                turn_deadline=row["turn_deadline"],
                created_at=row["created_at"],
                updated_at=row["updated_at"],
            )
        return expected_count + 1

    async def _append_with_others(
        self,
        conn: PgConnection,
        hand_id: int,
        text: str,
        turn_deadline: float | None,
        expected_count: int,
    ) -> int:
        """A one-statement append on PostgreSQL: it goes with the actions of other tables
        waiting at the same moment, in one statement (bot/storage/pg_batch.py)."""
        assert conn.appends is not None
        lease = self._take_lease()
        table_id, owner = lease if lease is not None else (0, None)
        one = Append(hand_id, text, turn_deadline, self.now, expected_count, table_id)
        if await conn.appends.append(one, owner):
            conn.total_changes += 1  # no other statement may follow
            return expected_count + 1
        if lease is not None:
            await self._refused_for_lease(lease)
        return await self._why_not_appended(hand_id, 0, expected_count)

    async def _refused_for_lease(self, lease: tuple[int, str]) -> None:
        """After an append that wrote nothing: :class:`LeaseLost` if the lease was why."""
        held = "SELECT 1 FROM table_leases WHERE table_id = ? AND owner = ?"
        if await self._one(held, lease) is None:
            raise LeaseLost(lease[0])

    async def _append_locked(
        self, hand_id: int, action: Any, turn_deadline: float | None, expected_count: int | None
    ) -> int:
        """:meth:`append_action` on PostgreSQL: the row is locked, the list grows in Python."""
        hand = await self._playing_hand(hand_id)
        actions = hand.record.setdefault("actions", [])
        if expected_count is not None and len(actions) != expected_count:
            raise StaleHand(hand_id, expected_count, len(actions))
        actions.append(action)
        await self._run(
            "UPDATE hands SET record = ?, turn_deadline = ?, updated_at = ? WHERE id = ?",
            (dump_json(hand.record), turn_deadline, self.now, hand_id),
        )
        return len(actions)
