"""What the tournament director uses of the table manager that owns it, declared for type
checking (so that :mod:`bot.runtime.tournaments` never imports the manager, which imports
it): the parts' shared declarations (:class:`~bot.runtime.parts.ManagerParts`) and a few
more. Nothing here exists at run time; :class:`~bot.runtime.manager.TableManager`, which
lists this class among its bases, provides it all."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.runtime.parts import ManagerParts

if TYPE_CHECKING:
    from bot.games.cards import Shuffler
    from bot.runtime.shards import ShardSet
    from bot.runtime.table import Table
    from bot.storage.models import GameTable
    from bot.storage.transaction import Transaction


class TournamentHost(ManagerParts):
    """The table manager, as its tournament director sees it."""

    if TYPE_CHECKING:
        shards: ShardSet
        _shufflers: dict[int, Shuffler]

        def _shuffler(self, table_id: int) -> Shuffler: ...
        def _on_lease_lost(self, error: BaseException, table: Table) -> bool: ...
        async def _fence(self, tx: Transaction, table: Table) -> None: ...
        async def _claim(self, tx: Transaction, table_id: int) -> bool: ...
        async def _load(self, gt: GameTable) -> Table: ...
