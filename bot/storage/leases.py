"""Table leases: which process runs a table when several share one database.

A process claims a table's lease before it loads the table, renews all its leases at once
while it runs them (:meth:`LeaseTransaction.renew_leases`, one statement), and states the
lease in every write it makes for the table (:meth:`LeaseTransaction.hold_lease`, a check
that writes nothing), so a process whose lease was taken over can write nothing more for that
table. A lease not renewed by its expiry may be claimed by another process (docs/scaling.md).
The SQL is the same on SQLite and PostgreSQL, but for PostgreSQL's row locks.
"""

from __future__ import annotations

from bot.storage.txbase import TransactionBase


class LeaseTransaction(TransactionBase):
    """Claim, hold, renew and release table leases."""

    async def claim_lease(self, table_id: int, owner: str, now: float, expires_at: float) -> bool:
        """Take the table's lease for ``owner`` until ``expires_at`` if it is free, expired at
        ``now`` (the runtime's clock) or already his; returns whether he holds it now.

        On PostgreSQL the lease row is first locked ``FOR UPDATE``: a claim waits for the
        writes that stated the lease (:meth:`hold_lease`) to end, and they for it."""
        if self.for_key_share:
            await self._one("SELECT 1 FROM table_leases WHERE table_id = ? FOR UPDATE", (table_id,))
        await self._run(
            "INSERT INTO table_leases (table_id, owner, expires_at) VALUES (?, ?, ?)"
            " ON CONFLICT (table_id) DO UPDATE SET owner = excluded.owner,"
            " expires_at = excluded.expires_at"
            " WHERE table_leases.owner = excluded.owner OR table_leases.expires_at < ?",
            (table_id, owner, float(expires_at), float(now)),
        )
        return await self.lease_owner(table_id) == owner

    async def lease_owner(self, table_id: int) -> str | None:
        """Who holds the table's lease (expired or not), if anyone."""
        row = await self._one("SELECT owner FROM table_leases WHERE table_id = ?", (table_id,))
        return None if row is None else str(row[0])

    async def hold_lease(self, table_id: int, owner: str) -> None:
        """State ``owner``'s lease in a write for the table: the write is refused with
        :class:`~bot.storage.errors.LeaseLost` (and rolls back) when another process holds
        it. Nothing is written (the lease is renewed with the others, by :meth:`renew_leases`).

        On PostgreSQL the lease row is locked ``FOR KEY SHARE`` until the write commits, so a
        claim by another process (``FOR UPDATE``) waits for it, and a write that finds a claim
        under way waits for it, then finds the lease gone; a renewal waits for neither. The
        check costs no round trip of its own:
        :meth:`~bot.storage.transaction.Transaction.append_action` folds it into its
        statement, else it goes with the transaction's last statement (before COMMIT: a write
        whose lease was taken meanwhile rolls back whole). SQLite checks at once (its writers
        take turns)."""
        self._leases.append((table_id, owner))
        if self.dialect == "sqlite":
            await self._check_lease()

    async def renew_leases(self, owner: str, expires_at: float) -> list[int]:
        """Renew every lease ``owner`` holds, in one statement; returns their tables."""
        rows = await self._all(
            "UPDATE table_leases SET expires_at = ? WHERE owner = ? RETURNING table_id",
            (float(expires_at), owner),
        )
        return sorted(int(r[0]) for r in rows)

    async def release_leases(self, owner: str, table_ids: list[int] | None = None) -> None:
        """Give up ``owner``'s leases (all, or those of ``table_ids``) so another process may
        take the tables over at once."""
        if table_ids is None:
            await self._run("DELETE FROM table_leases WHERE owner = ?", (owner,))
            return
        for table_id in table_ids:
            await self._run(
                "DELETE FROM table_leases WHERE table_id = ? AND owner = ?", (table_id, owner)
            )

    async def free_tables(self, now: float) -> list[tuple[int, int]]:
        """``(table id, guild id)`` of the open tables whose lease is missing or expired at
        ``now``."""
        rows = await self._all(
            "SELECT t.id, t.guild_id FROM card_tables AS t"
            " LEFT JOIN table_leases AS l ON l.table_id = t.id"
            " WHERE t.status <> 'closed' AND (l.table_id IS NULL OR l.expires_at < ?)"
            " ORDER BY t.id",
            (float(now),),
        )
        return [(int(r[0]), int(r[1])) for r in rows]
