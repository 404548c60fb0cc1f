"""PostgreSQL's one-statement forms of the writes around a hand: its end, the next deal, a
seat bought.

On SQLite each write below is several statements, which cost nothing but their work (the
database runs inside the process). On PostgreSQL every statement is a round trip to the
server, so each is written here as one statement that checks what the several statements
checked (with ``WITH``: every part sees the same snapshot, and writes only when the checks
pass) and returns what the caller needs. When a check fails, the statement writes nothing and
returns no row (or ``done`` false): the caller then runs the general code, which raises the
precise refusal, so the refusals stay those of the general code, word for word
(docs/scaling.md, "What made PostgreSQL faster").
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from typing import Any, Final

from bot.storage.errors import HandInProgress
from bot.storage.models import GameTable, Hand, Seat
from bot.storage.pg_connection import PgIntegrityError
from bot.storage.txbase import MAX_CHIPS, Row, TransactionBase, dump_json

#: The columns of the table ``t`` of a statement, each named ``t_<column>`` (:func:`prefixed`).
TABLE_COLUMNS: Final = ", ".join(
    f"t.{c} AS t_{c}"
    for c in (
        *("id", "guild_id", "channel_id", "game", "options", "status", "creator_id"),
        *("message_ids", "pot", "created_at", "closed_at"),
    )
)

#: A hand finished in one statement: the hand in play and its table locked (as
#: ``get_table``), the chips checked against the stored seats, pot and jar, then the seats'
#: stacks, the jar, the pot and the hand written. ``done`` is false (and nothing written)
#: when a check fails; no row when the hand is not in play.
PG_FINISH: Final = """
WITH a AS (SELECT ?::bigint AS hand, ?::bigint[] AS users, ?::bigint[] AS stacks,
                  ?::bigint AS flambeau, ?::bigint AS pot, ?::text AS result, ?::float8 AS now),
h AS (SELECT hands.id, hands.table_id, hands.guild_id, hands.hand_no, hands.game,
             hands.created_at{hands_record}
      FROM hands, a WHERE hands.id = a.hand AND hands.status = 'in_progress'
      FOR NO KEY UPDATE OF hands),
t AS (SELECT c.* FROM card_tables AS c, h WHERE c.id = h.table_id FOR NO KEY UPDATE OF c),
new AS (SELECT v.user_id, v.stack FROM a, unnest(a.users, a.stacks) AS v (user_id, stack)),
old AS (SELECT s.user_id, s.stack FROM seats AS s, h WHERE s.table_id = h.table_id),
ok AS (SELECT 1 FROM t, a
       WHERE NOT EXISTS (SELECT 1 FROM new WHERE new.user_id NOT IN (SELECT user_id FROM old))
         AND COALESCE((SELECT SUM(new.stack - old.stack) FROM new JOIN old USING (user_id)), 0)
             + COALESCE(a.pot, t.pot) - t.pot + a.flambeau = 0
         AND (a.flambeau >= 0 OR (SELECT g.flambeau_jar FROM guilds AS g
                                  WHERE g.guild_id = t.guild_id) + a.flambeau >= 0)),
s AS (UPDATE seats SET stack = new.stack FROM new, h, ok
      WHERE seats.table_id = h.table_id AND seats.user_id = new.user_id),
j AS (UPDATE guilds SET flambeau_jar = guilds.flambeau_jar + a.flambeau FROM h, a, ok
      WHERE guilds.guild_id = h.guild_id AND a.flambeau <> 0),
p AS (UPDATE card_tables SET pot = a.pot FROM h, a, ok
      WHERE card_tables.id = h.table_id AND a.pot IS NOT NULL AND card_tables.pot <> a.pot),
f AS (UPDATE hands SET status = 'finished', result = a.result, flambeau = a.flambeau,
             turn_deadline = NULL, updated_at = a.now
      FROM a, ok WHERE hands.id = a.hand)
SELECT EXISTS (SELECT 1 FROM ok) AS done,
       {table},
       h.hand_no, h.game, h.created_at{record}
FROM t, h
"""

#: The next hand stored in one statement: its number follows the table's last, the table
#: live and locked (as ``_live_table``). No row: the table is closed or missing; a hand
#: still in play breaks ``hands_one_in_progress_per_table``.
PG_CREATE_HAND: Final = (
    "INSERT INTO hands (table_id, guild_id, hand_no, game, record, turn_deadline, created_at,"
    " updated_at) SELECT t.id, t.guild_id,"
    " (SELECT COALESCE(MAX(h.hand_no), 0) + 1 FROM hands AS h WHERE h.table_id = t.id),"
    " t.game, ?, ?, ?, ? FROM card_tables AS t WHERE t.id = ? AND t.status <> 'closed'"
    " FOR NO KEY UPDATE OF t RETURNING id, hand_no, guild_id, game"
)
#: The same for a table read (and locked) earlier in the transaction, which the statement
#: need not read again: it touches ``hands`` only, so writes waiting for other tables go
#: with it.
PG_CREATE_KNOWN_HAND: Final = (
    "INSERT INTO hands (table_id, guild_id, hand_no, game, record, turn_deadline, created_at,"
    " updated_at) SELECT ?, ?,"
    " (SELECT COALESCE(MAX(h.hand_no), 0) + 1 FROM hands AS h WHERE h.table_id = ?),"
    " ?, ?, ?, ?, ? RETURNING id, hand_no, guild_id, game"
)
#: The unique index a second hand in play at one table breaks (schema_pg.py).
ONE_HAND_IN_PLAY: Final = "hands_one_in_progress_per_table"

#: A member seated with his buy-in in one statement: the table live and locked, the lowest
#: free seat, his wallet locked and holding the chips, the ledger's ``buy_in`` (its trigger
#: debits the wallet) and the seat with its stack. No row when anything is refused, his
#: wallet does not exist yet (the general code makes it, with the welcome grant) or the table
#: is a practice table (the house bank pays the buy-in: the general code).
PG_SEAT: Final = f"""
WITH a AS (SELECT ?::bigint AS tbl, ?::bigint AS usr, ?::bigint AS chips, ?::bigint AS most,
                  ?::text AS status, ?::float8 AS now),
t AS (SELECT c.* FROM card_tables AS c, a WHERE c.id = a.tbl AND c.status <> 'closed'
      FOR NO KEY UPDATE OF c),
taken AS (SELECT s.seat_no FROM seats AS s, a WHERE s.table_id = a.tbl),
w AS (SELECT w.balance FROM wallets AS w, t, a WHERE w.guild_id = t.guild_id AND w.user_id = a.usr
      FOR NO KEY UPDATE OF w),
ok AS (SELECT t.guild_id,
              (SELECT MIN(n) FROM generate_series(1, (SELECT COUNT(*) FROM taken) + 1) AS n
               WHERE n NOT IN (SELECT seat_no FROM taken)) AS seat_no
       FROM t, w, a
       WHERE w.balance >= a.chips
         AND NOT EXISTS (SELECT 1 FROM seats AS s WHERE s.table_id = a.tbl AND s.user_id = a.usr)
         AND NOT EXISTS (SELECT 1 FROM queue AS q WHERE q.table_id = a.tbl AND q.user_id = a.usr)
         AND (a.most IS NULL OR (SELECT COUNT(*) FROM taken) < a.most)
         AND (a.chips = 0 OR NOT EXISTS (SELECT 1 FROM tournament_tables AS x
                                         WHERE x.table_id = a.tbl))
         AND (t.options::jsonb -> 'practice') IS DISTINCT FROM 'true'::jsonb),
b AS (INSERT INTO ledger (guild_id, user_id, amount, kind, table_id, created_at)
      SELECT ok.guild_id, a.usr, -a.chips, 'buy_in', a.tbl, a.now FROM ok, a WHERE a.chips > 0),
s AS (INSERT INTO seats (table_id, seat_no, guild_id, user_id, stack, status, joined_at)
      SELECT a.tbl, ok.seat_no, ok.guild_id, a.usr, a.chips, a.status, a.now FROM ok, a
      RETURNING *)
SELECT s.*, {TABLE_COLUMNS}
FROM s, t
"""


PG_FINISH_RECORD: Final = PG_FINISH.format(
    hands_record=", hands.record", record=", h.record", table=TABLE_COLUMNS
)
PG_FINISH_NO_RECORD: Final = PG_FINISH.format(hands_record="", record="", table=TABLE_COLUMNS)


def prefixed(row: Row, prefix: str = "t_") -> dict[str, Any]:
    """The columns of ``row`` named with ``prefix``, the prefix taken off.

    >>> prefixed({"t_id": 1, "t_pot": 0, "done": True})
    {'id': 1, 'pot': 0}
    """
    keys = row.keys()  # an asyncpg record iterates over its values, not its keys
    return {k[len(prefix) :]: row[k] for k in keys if k.startswith(prefix)}


class PgWriteTransaction(TransactionBase):
    """The one-statement writes of :class:`~bot.storage.transaction.Transaction` on
    PostgreSQL; each returns None when the general code must run (and raise)."""

    async def _finish_in_one(
        self,
        hand_id: int,
        result: Any,
        stacks: Mapping[int, int],
        flambeau: int,
        pot: int | None,
    ) -> Hand | None:
        """:meth:`finish_hand` on PostgreSQL in one statement; None (nothing written) when
        the general code must say why not."""
        amounts = [flambeau, *stacks.values(), *([] if pot is None else [pot])]
        if any(isinstance(n, bool) or not isinstance(n, int) for n in amounts):
            return None
        if any(n < 0 or n > MAX_CHIPS for n in [*stacks.values(), pot or 0]):
            return None
        appended = self._appended.get(hand_id)
        result_text = dump_json(result)
        done = await self._pg_finish(
            hand_id, result_text, stacks, flambeau, pot, with_record=appended is None
        )
        if done is None:
            return None
        row, table = done
        self._appended.pop(hand_id, None)
        self._tables[table.id] = table if pot is None else dataclasses.replace(table, pot=pot)
        return Hand(
            id=hand_id,
            table_id=table.id,
            guild_id=table.guild_id,
            hand_no=row["hand_no"],
            game=row["game"],
            record=appended.record if appended is not None else json.loads(row["record"]),
            status="finished",
            result=json.loads(result_text),
            flambeau=flambeau,
            turn_deadline=None,
            created_at=row["created_at"],
            updated_at=self.now,
        )

    async def _pg_finish(
        self,
        hand_id: int,
        result_text: str,
        stacks: Mapping[int, int],
        flambeau: int,
        pot: int | None,
        *,
        with_record: bool,
    ) -> tuple[Row, GameTable] | None:
        """:data:`PG_FINISH`: its row and the hand's table as it was, or None (nothing
        written) when a check failed or the hand is not in play."""
        row = await self._one(
            PG_FINISH_RECORD if with_record else PG_FINISH_NO_RECORD,
            (hand_id, list(stacks), list(stacks.values()), flambeau, pot, result_text, self.now),
        )
        if row is None or not row["done"]:
            return None
        return row, self._table(prefixed(row))

    async def _pg_seat(
        self, table_id: int, user_id: int, chips: int, most: int | None, status: str
    ) -> Seat | None:
        """:data:`PG_SEAT`: the new seat (its table kept as read in this transaction), or
        None (nothing written)."""
        row = await self._one(PG_SEAT, (table_id, user_id, chips, most, status, self.now))
        if row is None:
            return None
        self._tables[table_id] = self._table(prefixed(row))
        return self._seat(row)

    async def _pg_create_hand(
        self, table_id: int, text: str, turn_deadline: float | None
    ) -> Row | None:
        """:data:`PG_CREATE_KNOWN_HAND` (the table read in this transaction) or
        :data:`PG_CREATE_HAND`: the new hand's row, or None (nothing written) when the table
        is closed or missing; :class:`HandInProgress` when a hand is still in play."""
        known = self._tables.get(table_id)  # read and locked in this transaction
        try:  # one statement: the number, the checks and the row
            if known is not None and known.status != "closed":
                values = (known.guild_id, table_id, known.game, text, turn_deadline)
                return await self._one(
                    PG_CREATE_KNOWN_HAND, (table_id, *values, self.now, self.now)
                )
            return await self._one(
                PG_CREATE_HAND, (text, turn_deadline, self.now, self.now, table_id)
            )
        except PgIntegrityError as exc:
            if exc.constraint == ONE_HAND_IN_PLAY:
                raise HandInProgress() from exc
            raise

    def _new_hand(
        self,
        hand_id: int,
        table_id: int,
        where: Row | Mapping[str, Any],
        text: str,
        turn_deadline: float | None,
    ) -> Hand:
        """The hand just stored, in play (``where``: its guild_id, hand_no and game)."""
        return Hand(
            id=hand_id,
            table_id=table_id,
            guild_id=where["guild_id"],
            hand_no=where["hand_no"],
            game=where["game"],
            record=json.loads(text),
            status="in_progress",
            result=None,
            flambeau=0,
            turn_deadline=turn_deadline,
            created_at=self.now,
            updated_at=self.now,
        )
