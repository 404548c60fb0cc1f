"""Starting again: every open table of this process's shards is loaded, its hand in play
replayed and its timer re-armed; one that does not replay is held for an admin, and the others
go on (a part of the table manager)."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from bot.i18n.message import Message
from bot.runtime.parts import ManagerParts
from bot.runtime.settings import Settings
from bot.runtime.table import Table
from bot.storage import LeaseLost, Transaction

if TYPE_CHECKING:
    from bot.runtime.games import RuntimeHand
    from bot.runtime.shards import ShardSet
    from bot.runtime.tournaments import TournamentDirector
    from bot.storage.models import GameTable

log = logging.getLogger("bot.runtime.manager")

NEEDS_ATTENTION = Message.of("log-needs-attention")


class Resuming(ManagerParts):
    """Resume and hold tables (mixed into the table manager)."""

    if TYPE_CHECKING:
        shards: ShardSet
        tournaments: TournamentDirector

        async def reveal_closed(self) -> None: ...
        async def _claim_table(self, table_id: int) -> bool: ...
        async def _fence_table(self, tx: Transaction, table_id: int) -> None: ...
        async def _load(self, gt: GameTable) -> Table: ...
        def _deadline_for(self, table: Table, hand: RuntimeHand | None = None) -> float | None: ...
        async def _close_now(self, table: Table, admin: int | None = None) -> Message: ...

    async def resume(self, *, fresh_turns: bool = False) -> list[int]:
        """Load every open table of this process's shards (whose lease it gets), replay its
        hand in progress and re-arm its timer (the turn timer, or a pending deal).

        With ``fresh_turns`` the player to act gets a whole turn again (the bot was away:
        he could not play), stored as the hand's new deadline; otherwise an overdue turn
        times out at once."""
        await self.reveal_closed()
        mine = [
            gt
            for gt in await self.db.query(Transaction.open_tables)
            if self.shards.owns(gt.guild_id)
        ]

        async def one(gt: GameTable) -> int | None:
            if not await self._claim_table(gt.id):
                return None  # another process runs it; taken over if its lease runs out
            return gt.id if await self._resume_table(gt, fresh_turns) else None

        if self.db.parallel <= 1:  # SQLite: one connection, the tables in turn
            resumed = [await one(gt) for gt in mine]
        else:  # PostgreSQL: as many tables at once as the pool has connections
            gate = asyncio.Semaphore(self.db.parallel)

            async def gated(gt: GameTable) -> int | None:
                async with gate:
                    return await one(gt)

            resumed = list(await asyncio.gather(*(gated(gt) for gt in mine)))
        await self.tournaments.resume()
        return [table_id for table_id in resumed if table_id is not None]

    async def _resume_table(self, gt: GameTable, fresh_turns: bool) -> bool:
        """Resume one table (see :meth:`resume`); False if it closed meanwhile or could not
        be resumed (it is then held, needing attention)."""
        try:
            async with self.db.transaction() as tx:
                if await tx.current_server_seed(gt.id) is None:  # from before fair dealing
                    await self._fence_table(tx, gt.id)
                    await self.fair.ensure_seed(tx, gt.id)
            await self._load(gt)
        except LeaseLost:
            log.warning("table %s is run by another process: not resumed here", gt.id)
            return False
        except Exception:
            # one table that does not replay must not keep every other one down
            log.exception("table %s could not be resumed: it needs attention", gt.id)
            await self._hold(gt)
            return False
        async with self._locked(gt.id, quiet=True, paused_ok=True) as table:
            if table is None:
                return False  # closed meanwhile
            hand = table.hand
            if fresh_turns and table.deadline is not None and table.hand_id is not None:
                table.deadline = self._deadline_for(table)
                if table.record is not None:
                    try:
                        async with self._write(table) as tx:
                            await tx.save_hand(
                                table.hand_id, table.record.to_json(), turn_deadline=table.deadline
                            )
                    except LeaseLost:
                        log.warning("table %s is run by another process: dropped", gt.id)
                        return False
            elif hand is not None and not hand.finished and hand.to_act in table.departed:
                table.deadline = self.clock.now()  # he left the server: his move at once
            self._arm(table)
            if table.closing and not table.playing():  # the hand ended, then a crash
                await self._close_now(table)
                return False
        return True

    async def _hold(self, gt: GameTable) -> None:
        """Keep a table that could not be resumed: its chips stay in its seats, its
        requests are refused, its message says so, and an admin may close it."""
        try:
            settings = Settings.from_options(gt.game, dict(gt.options))
        except Exception:
            settings = Settings.from_options("brelan", {})
        table = Table(gt.id, gt.guild_id, gt.channel_id, gt.game, gt.creator_id, settings)
        table.needs_attention = True
        self.tables[gt.id] = table
        await self._say(table, NEEDS_ATTENTION, {"needs_attention": True})
        await self._publish(table)
