"""Table leases: which process runs a table when several share one database.

A process claims a table's lease before it loads the table, renews it while it runs it, and
states it in every write it makes for the table (:meth:`LeaseTransaction.hold_lease`), so a
process whose lease was taken over can write nothing more for that table. A lease not renewed
by its expiry may be claimed by another process (docs/scaling.md). The SQL is the same on
SQLite and PostgreSQL.
"""

from __future__ import annotations

from bot.storage.errors import LeaseLost
from bot.storage.txbase import TransactionBase


class LeaseTransaction(TransactionBase):
    """Claim, hold, renew and release table leases."""

    async def claim_lease(self, table_id: int, owner: str, now: float, expires_at: float) -> bool:
        """Take the table's lease for ``owner`` until ``expires_at`` if it is free, expired at
        ``now`` (the runtime's clock) or already his; returns whether he holds it now."""
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

    async def hold_lease(self, table_id: int, owner: str, expires_at: float) -> None:
        """Renew ``owner``'s lease inside a write for the table, or :class:`LeaseLost` (the
        write then rolls back) when another process has taken it."""
        _, changed = await self._run(
            "UPDATE table_leases SET expires_at = ? WHERE table_id = ? AND owner = ?",
            (float(expires_at), table_id, owner),
        )
        if not changed:
            raise LeaseLost(table_id)

    async def renew_leases(self, owner: str, expires_at: float) -> list[int]:
        """Renew every lease ``owner`` holds; returns their tables."""
        await self._run(
            "UPDATE table_leases SET expires_at = ? WHERE owner = ?", (float(expires_at), owner)
        )
        rows = await self._all(
            "SELECT table_id FROM table_leases WHERE owner = ? ORDER BY table_id", (owner,)
        )
        return [int(r[0]) for r in rows]

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
