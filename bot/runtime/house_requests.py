"""House players at a table: seating them, sending them away, giving a member their seat,
and playing their turns.

:class:`HouseRequests` is a part of :class:`~bot.runtime.manager.TableManager` kept in its own
module; it uses the manager's tables, storage and seating. See docs/house.md.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from bot.games.errors import GameError
from bot.i18n.message import Message
from bot.runtime.errors import TableError, player_error
from bot.runtime.house_seats import choose_house_id, house_decision, is_house_player
from bot.runtime.parts import ManagerParts
from bot.storage import StorageError, Transaction

if TYPE_CHECKING:
    from bot.runtime.table import Table

log = logging.getLogger("bot.runtime.manager")


class HouseRequests(ManagerParts):
    """House players' seats and turns (mixed into the table manager)."""

    async def _house_seated(self, table: Table) -> list[int]:
        """The house players seated at the table and not already leaving, oldest first."""
        leaving = table.session.leaving() if table.session is not None else set()
        seats = await self.db.query(Transaction.seats, table.id)
        return [
            s.user_id for s in seats if is_house_player(s.user_id) and str(s.user_id) not in leaving
        ]

    async def add_house(
        self, table_id: int, by: int, level: str = "normal", *, manager: bool = False
    ) -> Message:
        """Seat a house player of ``level`` (the table's creator or a server manager); its
        cave comes from the server's house bank."""
        async with self._locked(table_id) as table:
            table.refuse_in_tournament()
            if not manager and by != table.creator_id:
                raise TableError("refuse-house-who")
            if table.closing:
                raise TableError("refuse-table-closing")
            try:
                seats = await self.db.query(Transaction.seats, table.id)
                user_id = choose_house_id(level, (s.user_id for s in seats))
                session = table.session
                if session is not None and session.game_over():
                    raise TableError("refuse-game-over")
                if session is None:
                    free = len(seats) < table.settings.seats
                else:
                    free = session.has_free_seat()
                if not free:
                    raise TableError("refuse-table-full")
                await self._sit(table, user_id, table.settings.cave, "sits")
            except (StorageError, GameError) as exc:
                raise player_error(exc) from exc
        return Message.of(
            "done-house-added", user=user_id, level=Message.of(f"house-level-{level}")
        )

    async def remove_house(self, table_id: int, by: int, *, manager: bool = False) -> Message:
        """The last house player seated leaves (at the end of the hand it is dealt in)."""
        async with self._locked(table_id) as table:
            table.refuse_in_tournament()
            if not manager and by != table.creator_id:
                raise TableError("refuse-house-who")
            house = await self._house_seated(table)
            if not house:
                raise TableError("refuse-no-house")
            try:
                await self._leave_seat(table, house[-1])
            except (StorageError, GameError) as exc:
                raise player_error(exc) from exc
        return Message.of("done-house-removed", user=house[-1])

    async def _make_room(self, table: Table, user_id: int, cave: int) -> Message | None:
        """A member finds the table full: a house player gives him its seat, now between
        hands, else when the hand ends (Bouillotte: he waits in the line, which goes
        first). ``None`` when no house player is there to leave (lock held)."""
        house = await self._house_seated(table)
        if not house:
            return None
        await self._leave_seat(table, house[-1])
        if not table.playing():
            return await self._sit(table, user_id, cave, "sits")
        if table.rules.has_queue:
            return await self._queue(table, user_id, None)
        raise TableError("refuse-house-gives-seat")

    async def _house_plays(self, table: Table, name: str) -> None:
        """A house player's turn: its strategy decides from its own view (lock held)."""
        hand = table.hand
        assert hand is not None
        try:
            verb, amount = house_decision(hand, name, self.house_rng)
            await self._apply(table, name, verb, amount, timed_out=False)
        except TableError:
            log.exception("table %s: house player %s chose an illegal move", table.id, name)
            verb, amount = table.rules.auto_action(hand)
            await self._apply(table, name, verb, amount, timed_out=False)
