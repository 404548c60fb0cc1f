"""Players' actions at many tables stored together: one statement, one commit for all.

A player's action is a one-statement write (:meth:`~bot.storage.txbase.TransactionBase.
as_one_statement`): the hand's row updated if the lease, its state and its move count allow.
On PostgreSQL the actions that arrive while earlier ones are on their way to the server wait
and go together, as one ``UPDATE`` over arrays (each row with its own checks), the next time a
connection is free (:class:`Appends`). Each action still succeeds or is refused alone (a row
that does not match is not written and comes back missing); the server parses, plans, writes
its log and commits once for all of them, and the bot makes one round trip. Under a light load
each action goes alone, at once; the busier the bot, the more go together (docs/scaling.md,
"What made PostgreSQL faster").
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from bot.storage.pg_connection import database_error, postgres_error

#: The actions' statement: each row checked and written alone; a row the checks refuse is
#: not written and not returned.
PG_APPENDS: Final = (
    "UPDATE hands AS h SET record = v.record, turn_deadline = v.deadline, updated_at = v.now"
    " FROM unnest($1::bigint[], $2::text[], $3::float8[], $4::float8[], $5::bigint[],"
    " $6::bigint[]) AS v (id, record, deadline, now, moves, table_id)"
    " WHERE h.id = v.id AND h.status = 'in_progress'"
    " AND COALESCE(json_array_length((h.record::json) -> 'actions'), 0) = v.moves"
    " AND ($7::text IS NULL OR EXISTS (SELECT 1 FROM table_leases AS l"
    " WHERE l.table_id = v.table_id AND l.owner = $7 FOR KEY SHARE))"
    " RETURNING h.id"
)
#: The most actions in one statement.
MOST: Final = 256
#: Statements of actions on their way at once (each on a connection of the pool).
IN_FLIGHT: Final = 2


@dataclass(frozen=True, slots=True)
class Append:
    """One action to store: the hand's whole record (JSON text) and what the row must be."""

    hand_id: int
    record: str
    deadline: float | None
    now: float
    moves: int
    table_id: int


@dataclass
class _Waiting:
    append: Append
    done: asyncio.Future[bool]


@dataclass
class _Queue:
    waiting: list[_Waiting] = field(default_factory=list)
    in_flight: int = 0


class Appends:
    """Sends the actions of one process, together when several wait (``acquire`` gives a
    pooled connection as an async context manager)."""

    def __init__(self, acquire: Callable[[], Any]) -> None:
        self._acquire = acquire
        #: One queue per lease owner (None: no lease), each sent with its own statement.
        self._queues: dict[str | None, _Queue] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    async def append(self, append: Append, owner: str | None) -> bool:
        """Store one action; whether its checks passed (False: nothing written)."""
        queue = self._queues.setdefault(owner, _Queue())
        waiting = _Waiting(append, asyncio.get_running_loop().create_future())
        queue.waiting.append(waiting)
        self._send(owner, queue)
        try:
            return await waiting.done
        except asyncio.CancelledError:
            with contextlib.suppress(ValueError):  # not sent yet: never will be
                queue.waiting.remove(waiting)
            raise

    def _send(self, owner: str | None, queue: _Queue) -> None:
        """Send what waits, if a statement may go now."""
        if not queue.waiting or queue.in_flight >= IN_FLIGHT:
            return
        batch: list[_Waiting] = []
        hands: set[int] = set()
        rest: list[_Waiting] = []
        for waiting in queue.waiting:
            if len(batch) < MOST and waiting.append.hand_id not in hands:
                batch.append(waiting)
                hands.add(waiting.append.hand_id)
            else:
                rest.append(waiting)
        queue.waiting = rest
        queue.in_flight += 1
        task = asyncio.get_running_loop().create_task(self._run(owner, queue, batch))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _run(self, owner: str | None, queue: _Queue, batch: list[_Waiting]) -> None:
        try:
            appends = [w.append for w in batch]
            try:
                async with self._acquire() as raw:
                    rows = await raw.fetch(
                        PG_APPENDS,
                        [a.hand_id for a in appends],
                        [a.record for a in appends],
                        [a.deadline for a in appends],
                        [a.now for a in appends],
                        [a.moves for a in appends],
                        [a.table_id for a in appends],
                        owner,
                    )
            except Exception as exc:
                self._fail(batch, exc)
                return
            written = {int(r[0]) for r in rows}
            for waiting in batch:
                if not waiting.done.done():
                    waiting.done.set_result(waiting.append.hand_id in written)
        finally:
            queue.in_flight -= 1
            self._send(owner, queue)

    @staticmethod
    def _fail(batch: list[_Waiting], exc: Exception) -> None:
        """The statement failed: each action fails with the error (PostgreSQL's as the
        ``sqlite3`` error SQLite would raise, as every statement's)."""
        for waiting in batch:
            if waiting.done.done():
                continue
            if isinstance(exc, postgres_error()):
                error = database_error(exc)
                error.__cause__ = exc
                waiting.done.set_exception(error)
            else:
                waiting.done.set_exception(exc)

    async def aclose(self) -> None:
        """Wait for the statements on their way."""
        while self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
