"""Several processes on one database: each runs the tables of its shards, under a lease.

:class:`Leasing` is a part of :class:`~bot.runtime.manager.TableManager`. With a
``lease_owner`` the manager claims a table's lease before it loads the table, states the lease
in every write it makes for the table (a write after another process took the table over is
refused and rolled back, and this process stops running the table), renews all its leases in
one statement every third of their life, and takes over the open tables of its shards whose
lease ran out (their process died). Without a ``lease_owner`` (one process, tests) nothing of
this runs. See docs/scaling.md.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from bot.runtime.parts import ManagerParts
from bot.storage import LeaseLost, Transaction

if TYPE_CHECKING:
    from bot.games.cards import Shuffler
    from bot.runtime.clock import Timer
    from bot.runtime.shards import ShardSet
    from bot.runtime.table import Table
    from bot.storage.models import GameTable

log = logging.getLogger("bot.runtime.manager")

#: Seconds a lease lasts unless renewed; a dead process's tables wait at most this long.
DEFAULT_LEASE_TTL = 15.0


class Leasing(ManagerParts):
    """Table leases and shards (mixed into the table manager)."""

    if TYPE_CHECKING:
        shards: ShardSet
        lease_owner: str | None
        lease_ttl: float
        _keeper: Timer | None
        _closed: bool
        _shufflers: dict[int, Shuffler]

        async def _resume_table(self, gt: GameTable, fresh_turns: bool) -> bool: ...

    def _lease_until(self) -> float:
        return self.clock.now() + self.lease_ttl

    async def _claim(self, tx: Transaction, table_id: int) -> bool:
        """Take the table's lease in ``tx`` (always granted without leases)."""
        if self.lease_owner is None:
            return True
        now = self.clock.now()
        return await tx.claim_lease(table_id, self.lease_owner, now, now + self.lease_ttl)

    async def _claim_table(self, table_id: int) -> bool:
        """Take the table's lease in a transaction of its own (no transaction without
        leases)."""
        if self.lease_owner is None:
            return True
        async with self.db.transaction() as tx:
            return await self._claim(tx, table_id)

    async def _fence(self, tx: Transaction, table: Table) -> None:
        """State the lease in a write for ``table`` (:class:`LeaseLost` if it is gone)."""
        await self._fence_table(tx, table.id)

    async def _fence_table(self, tx: Transaction, table_id: int) -> None:
        """:meth:`_fence` for a table not loaded yet (its lease just claimed)."""
        if self.lease_owner is not None:
            await tx.hold_lease(table_id, self.lease_owner)

    def _drop(self, table_id: int) -> None:
        """Stop running a table another process has taken over (its state stays stored)."""
        table = self.tables.pop(table_id, None)
        self._shufflers.pop(table_id, None)
        self.fair.forget(table_id)
        if table is not None and table.timer is not None:
            table.timer.cancel()
            table.timer = None
        log.warning("table %s is run by another process now: dropped here", table_id)

    def _on_lease_lost(self, error: BaseException, table: Table) -> bool:
        """After a failed write: drop the table if its lease was lost (True), else False."""
        if isinstance(error, LeaseLost):
            self._drop(table.id)
            return True
        return False

    def keep_leases(self) -> None:
        """Renew this process's leases, and take over the tables whose lease ran out, every
        third of a lease's life from now on (the bot calls it once, after :meth:`resume`)."""
        if self.lease_owner is None or self._closed:
            return
        if self._keeper is not None:
            self._keeper.cancel()
        self._keeper = self._call_at(self.clock.now() + self.lease_ttl / 3, self._keep)

    async def _keep(self) -> None:
        self._keeper = None
        try:
            await self.keep_leases_once()
        except Exception:
            log.exception("could not renew the table leases")
        self.keep_leases()

    async def keep_leases_once(self) -> list[int]:
        """One round of :meth:`keep_leases`; returns the tables taken over."""
        owner = self.lease_owner
        if owner is None:
            return []
        async with self.db.transaction() as tx:
            held = set(await tx.renew_leases(owner, self._lease_until()))
            free = [
                table_id
                for table_id, guild_id in await tx.free_tables(self.clock.now())
                if self.shards.owns(guild_id)
            ]
        for table_id in [t for t in self.tables if t not in held]:
            self._drop(table_id)
        taken = []
        for table_id in free:
            gt = await self.db.query(Transaction.get_table, table_id)
            if not await self._claim_table(table_id):
                continue  # another process was quicker
            log.info("taking over table %s: its process stopped renewing its lease", table_id)
            if await self._resume_table(gt, True):
                taken.append(table_id)
        return taken

    async def release_leases(self) -> None:
        """Give every lease of this process up (a clean shutdown), so another process may
        take the tables over at once."""
        if self._keeper is not None:
            self._keeper.cancel()
            self._keeper = None
        if self.lease_owner is not None:
            async with self.db.transaction() as tx:
                await tx.release_leases(self.lease_owner)
