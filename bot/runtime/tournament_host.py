"""What the tournament director uses of the table manager that owns it, as a protocol (so
that :mod:`bot.runtime.tournaments` never imports the manager, which imports it). Nothing
here exists at run time; :class:`~bot.runtime.manager.TableManager` provides it all."""

from __future__ import annotations

from contextlib import AbstractAsyncContextManager
from typing import TYPE_CHECKING, Any, Literal, Protocol, overload

if TYPE_CHECKING:
    import random
    from collections.abc import Awaitable, Callable

    from bot.games.cards import Shuffler
    from bot.i18n.message import Message
    from bot.runtime.clock import Clock, Timer
    from bot.runtime.fairness import Fairness, Revealed
    from bot.runtime.shards import ShardSet
    from bot.runtime.table import Table
    from bot.storage import Database
    from bot.storage.models import GameTable
    from bot.storage.transaction import Transaction


class TournamentHost(Protocol):
    """The table manager, as its tournament director sees it."""

    db: Database
    fair: Fairness
    clock: Clock
    tables: dict[int, Table]
    shards: ShardSet
    house_rng: Callable[[], random.Random]
    _shufflers: dict[int, Shuffler]

    @overload
    def _locked(
        self,
        table_id: int,
        *,
        quiet: Literal[False] = False,
        broken_ok: bool = False,
        paused_ok: bool = False,
        hand_id: int | None = None,
    ) -> AbstractAsyncContextManager[Table]: ...
    @overload
    def _locked(
        self,
        table_id: int,
        *,
        quiet: Literal[True],
        broken_ok: bool = False,
        paused_ok: bool = False,
        hand_id: int | None = None,
    ) -> AbstractAsyncContextManager[Table | None]: ...
    def _write(self, table: Table) -> AbstractAsyncContextManager[Transaction]: ...
    def _call_at(self, when: float, callback: Callable[[], Awaitable[None]]) -> Timer: ...
    def _shuffler(self, table_id: int) -> Shuffler: ...
    def _on_lease_lost(self, error: BaseException, table: Table) -> bool: ...
    async def _fence(self, tx: Transaction, table: Table) -> None: ...
    async def _claim(self, tx: Transaction, table_id: int) -> bool: ...
    async def _load(self, gt: GameTable) -> Table: ...
    async def _reload(self, table: Table) -> Table: ...
    async def _safe(self, coro: Any) -> Any: ...
    async def _say(self, table: Table, said: Message, data: dict[str, Any]) -> None: ...
    async def _publish(self, table: Table) -> None: ...
    async def _maybe_deal(self, table: Table, force: bool = False) -> int | None: ...
    async def _announce_seed(
        self, table: Table, revealed: Revealed, extra: dict[str, Any] | None = None
    ) -> None: ...
