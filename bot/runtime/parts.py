"""What the table manager's parts share: the declarations, for type checking, of the
manager's attributes and helpers that :mod:`acting`, :mod:`dealing`, :mod:`seat_requests`,
:mod:`closing`, :mod:`leasing`, :mod:`lifecycle`, :mod:`publishing`, :mod:`resuming`,
:mod:`dealers_choice`, :mod:`fair_requests` and :mod:`house_requests` call. Nothing here
exists at run time; :class:`~bot.runtime.manager.TableManager` provides it all.

Every change to a table goes through :meth:`ManagerParts._locked` (the table under its lock,
looked up again once the lock is held) and :meth:`ManagerParts._write` (the one write path,
the lease fence included)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, overload

if TYPE_CHECKING:
    import random
    from collections.abc import Awaitable, Callable
    from contextlib import AbstractAsyncContextManager

    from bot.games.base import Amount
    from bot.i18n.message import Message
    from bot.runtime.clock import Clock, Timer
    from bot.runtime.fairness import Fairness, Revealed
    from bot.runtime.presenter import Presenter
    from bot.runtime.table import Table
    from bot.storage import Database
    from bot.storage.models import Hand
    from bot.storage.transaction import Transaction


class ManagerParts:
    """The base of the manager's parts (mixins)."""

    if TYPE_CHECKING:
        db: Database
        fair: Fairness
        clock: Clock
        tables: dict[int, Table]
        house_rng: Callable[[], random.Random]
        presenter: Presenter
        #: Refuses (raises a refusal) ``chips`` a member would put where other members could
        #: win them: ``(guild, user, chips)``; None: no such rule (docs/security.md).
        stake_check: Callable[[int, int, int], Awaitable[None]] | None

        def _table(self, table_id: int, *, broken_ok: bool = False) -> Table: ...
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
        def _locked(
            self,
            table_id: int,
            *,
            quiet: bool = False,
            broken_ok: bool = False,
            paused_ok: bool = False,
            hand_id: int | None = None,
        ) -> AbstractAsyncContextManager[Table | None]: ...
        def _write(
            self, table: Table, one_statement: bool = False
        ) -> AbstractAsyncContextManager[Transaction]: ...
        def _call_at(self, when: float, callback: Callable[[], Awaitable[None]]) -> Timer: ...
        def _arm(self, table: Table) -> None: ...
        async def _safe(self, coro: Any) -> Any: ...
        async def _reload(self, table: Table) -> Table: ...
        async def _say(self, table: Table, said: Message, data: dict[str, Any]) -> None: ...
        async def _publish(self, table: Table) -> None: ...
        async def _maybe_deal(self, table: Table, force: bool = False) -> int | None: ...
        async def _apply(
            self, table: Table, name: str, verb: str, amount: Amount, timed_out: bool
        ) -> None: ...
        # provided by one part, used by another
        async def _sit(self, table: Table, user_id: int, chips: int, how: str) -> Message: ...
        async def _queue(self, table: Table, user_id: int, cave: int | None) -> Message: ...
        async def _leave_seat(self, table: Table, user_id: int) -> Message: ...
        async def _make_room(self, table: Table, user_id: int, cave: int) -> Message | None: ...
        async def _announce_seed(
            self, table: Table, revealed: Revealed, extra: dict[str, Any] | None = None
        ) -> None: ...
        async def pack_in_play(self, hand: Hand) -> bool: ...
