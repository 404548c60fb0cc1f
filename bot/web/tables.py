"""Where the home page finds a server's open tables.

- :class:`LiveTables`: in the bot's process, the tables it runs, as their message shows them
  (the last state the runtime published and the last moves), read from memory: no query,
  no lock, nothing the tables wait for.
- :class:`StoredTables`: beside the bot (``python -m bot.web``), each open table loaded from
  storage on its own (``TableManager.stored_state``), without its last moves (which only the
  running bot holds).

Each also says whether a finished hand's pack is still in play (its replay is refused then):
the running bot's rule for a table it runs (:meth:`TableManager.pack_in_play`, from memory),
else the same rule read from storage (:func:`bot.runtime.export.pack_in_play`).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from typing import Any

from bot.i18n import Message
from bot.runtime import export
from bot.runtime.manager import TableManager
from bot.runtime.presenter import SilentPresenter
from bot.runtime.public import PublicState
from bot.storage import Database, Transaction
from bot.storage.models import GameTable, Hand
from bot.web.site import NoTables, TableShown

log = logging.getLogger(__name__)


class LiveTables:
    """The tables of the bot's own manager, with the presenter's last published states and
    logs (``latest``, ``logs``: what the table message is drawn from)."""

    def __init__(
        self,
        manager: TableManager,
        latest: Mapping[int, PublicState],
        logs: Mapping[int, Iterable[tuple[Message, Any]]],
    ) -> None:
        self.manager = manager
        self.latest = latest
        self.logs = logs

    async def open_tables(self, guild_id: int) -> list[TableShown]:
        shown: list[TableShown] = []
        for table_id, table in sorted(self.manager.tables.items()):
            if table.guild_id != guild_id or table.closed:
                continue
            state = self.latest.get(table_id) or self.manager.public_state(table)
            log_lines = tuple(said for said, _ in self.logs.get(table_id, ()))
            shown.append(TableShown(state, log_lines))
        return shown

    async def lull(self) -> None:
        """Once no request of the bot's tables is under way (or after a moment)."""
        await self.manager.activity.lull()

    async def pack_in_play(self, db: Database, table: GameTable, hand: Hand) -> bool:
        running = self.manager.tables.get(table.id)
        if running is not None and not running.closed:
            return await self.manager.pack_in_play(hand)  # from memory: no query
        return await export.pack_in_play(db, table, hand)


class StoredTables(NoTables):
    """The open tables as storage holds them (a reader's database)."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.manager = TableManager(db, SilentPresenter())

    async def open_tables(self, guild_id: int) -> list[TableShown]:
        shown: list[TableShown] = []
        for gt in await self.db.query(Transaction.open_tables, guild_id):
            try:
                shown.append(TableShown(await self.manager.stored_state(gt)))
            except Exception:  # a table that does not load is left off the page
                log.warning("table %s could not be read", gt.id, exc_info=True)
        return shown
