"""Seats and the waiting line: sitting down (or back), recaves and reserve caves, leaving.

:class:`SeatRequests` is a part of :class:`~bot.runtime.manager.TableManager` kept in its own
module; it uses the manager's tables, storage, seating and presenter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.games.errors import GameError
from bot.i18n.message import Message
from bot.runtime.errors import TableError, player_error
from bot.runtime.parts import ManagerParts
from bot.runtime.settings import MAX_CAVE
from bot.storage import StorageError, Transaction

if TYPE_CHECKING:
    from bot.runtime.table import Table


class SeatRequests(ManagerParts):
    """Joining, recaving, reserve caves and leaving (mixed into the table manager)."""

    async def _refuse_tournament_join(self, tournament_id: int, user_id: int) -> None:
        """Why a member not seated at a tournament's table cannot come back to it: he is
        out of the tournament (his place), or was never in it."""
        entrants = await self.db.query(Transaction.entrants, tournament_id)
        mine = next((e for e in entrants if e.user_id == user_id), None)
        if mine is None:
            raise TableError("refuse-tournament-not-entered")
        if mine.place is not None:
            raise TableError("refuse-tournament-you-are-out", place=mine.place)

    async def join(self, table_id: int, user_id: int) -> Message:
        """Sit down (buying in the cave from the wallet), or join the line when full.

        A seated player who sits out is brought back. Returns a message for the player.
        """
        async with self._locked(table_id) as table:
            if table.closing:
                raise TableError("refuse-table-closing")
            name = str(user_id)
            cave = table.settings.cave
            session = table.session
            try:
                if session is not None:  # the table in memory knows its seats and its line
                    seated = name in session.seated()
                else:
                    seated = (
                        await self.db.query(Transaction.get_seat, table.id, user_id) is not None
                    )
                if seated and name in table.sitting_out:
                    async with self._write(table) as tx:
                        await tx.update_seat(
                            table.id, user_id, status="playing", timeouts=0, hands_sat_out=0
                        )
                    table.sitting_out.discard(name)
                    table.timeouts.pop(name, None)
                    table.hands_sat_out.pop(name, None)
                    await self._maybe_deal(table)
                    await self._say(table, Message.of("log-back", user=user_id), {"user": user_id})
                    await self._publish(table)
                    return Message.of("done-back")
                if table.tournament is not None and not seated:
                    await self._refuse_tournament_join(table.tournament.id, user_id)
                table.refuse_in_tournament()
                if seated:
                    raise TableError("refuse-already-seated")
                if session is not None:
                    queued = name in session.queue()
                else:
                    queued = any(
                        e.user_id == user_id
                        for e in await self.db.query(Transaction.queue, table.id)
                    )
                if queued:
                    raise TableError("refuse-already-queued")
                if session is not None and session.game_over():
                    raise TableError("refuse-game-over")
                await self._check_stake(table, user_id, cave)
                if session is None:
                    free = (
                        len(await self.db.query(Transaction.seats, table.id)) < table.settings.seats
                    )
                else:
                    free = session.has_free_seat()
                if free:
                    return await self._sit(table, user_id, cave, "sits")
                balance = await self._wallet_for(table, user_id)
                if balance < cave:
                    raise TableError("refuse-chips-to-sit", have=balance, need=cave)
                room = await self._make_room(table, user_id, cave)
                if room is not None:
                    return room
                if not table.rules.has_queue:
                    raise TableError("refuse-table-full")
                return await self._queue(table, user_id, None)
            except (StorageError, GameError) as exc:
                raise player_error(exc) from exc

    async def _wallet_for(self, table: Table, user_id: int) -> int:
        """What the player may bring to the table: his wallet, or at a practice table
        (whose chips the house bank pays) as much as any cave."""
        if table.settings.practice:
            return MAX_CAVE
        return await self.db.write(Transaction.balance, table.guild_id, user_id)

    async def _check_stake(self, table: Table, user_id: int, chips: int) -> None:
        """Wallet chips at a cash table can reach other members: the Discord surface's
        ``stake_check`` may refuse them (a welcome grant still locked). Practice chips are
        the house bank's."""
        if self.stake_check is not None and not table.settings.practice:
            await self.stake_check(table.guild_id, user_id, chips)

    async def _sit(self, table: Table, user_id: int, chips: int, how: str) -> Message:
        """Seat a player now with ``chips`` bought from his wallet (lock held)."""
        if table.session is not None:
            table.session.sit(str(user_id), chips)
        async with self._write(table) as tx:
            await tx.seat(table.id, user_id, max_seats=table.settings.seats, buy_in=chips)
            seed = await self.fair.seat_seed(tx, table.id, user_id)
            await tx.update_table(table.id, options=table.options())
        await self._say(table, Message.of(f"log-{how}", user=user_id, n=chips), {"user": user_id})
        await self._maybe_deal(table)
        await self._publish(table)
        return Message.of(f"done-{how}", n=chips, seed=seed)

    async def _queue(self, table: Table, user_id: int, cave: int | None) -> Message:
        """Put a player in the waiting line (lock held); ``cave``: a décavé's recave."""
        cap = await self.db.queue_cap(table.guild_id)
        session = table.session
        if session is not None:
            waiting = len(session.queue())
        else:
            waiting = len(await self.db.query(Transaction.queue, table.id))
        if waiting >= cap:
            raise TableError("refuse-queue-full", n=cap)
        if table.session is not None:
            table.session.join_queue(str(user_id), cave)
        async with self._write(table) as tx:
            entry = await tx.join_queue(table.id, user_id)
            await tx.update_table(table.id, options=table.options())
        if cave is None:
            msg = Message.of("done-queued", place=entry.place)
        else:
            msg = Message.of("done-queued-recave", place=entry.place, n=cave)
        await self._publish(table)
        return msg

    async def recave(self, table_id: int, user_id: int, amount: int | None = None) -> Message:
        """A cleaned-out player buys a new cave from his wallet.

        Bouillotte: when nobody waits he sits down again at once, for any amount up to the
        chips of the seated players (default the standard cave); when someone waits he
        joins the line and recaves when his turn comes. Brelan: only with ``replenish``,
        up to the standard cave. Brag has no recave (a cleaned-out player joins again).
        """
        async with self._locked(table_id) as table:
            table.refuse_in_tournament()
            session = table.session
            if session is None:
                raise TableError("refuse-not-started-join")
            name = str(user_id)
            if session.game_over():
                raise TableError("refuse-game-over")
            try:
                mode, chips = session.recave_plan(name, table.settings.cave, amount)
                balance = await self._wallet_for(table, user_id)
                if balance < chips:
                    raise TableError("refuse-chips-to-recave", have=balance, need=chips)
                await self._check_stake(table, user_id, chips)
                if mode == "queue":
                    return await self._queue(table, user_id, chips)
                return await self._sit(table, user_id, chips, "recaves")
            except (StorageError, GameError) as exc:
                raise player_error(exc) from exc

    async def add_reserve_cave(
        self, table_id: int, user_id: int, amount: int | None = None
    ) -> Message:
        """Staked Brelan: put a reserve cave (default the standard cave, at most that) from
        the wallet on the table. It is played when the cave in play is lost, between hands;
        it is never withdrawn, but a player leaving the table takes it home."""
        async with self._locked(table_id) as table:
            table.refuse_in_tournament()
            if not table.settings.staked:
                raise TableError("refuse-not-staked")
            session = table.session
            if session is None:
                raise TableError("refuse-not-started-reserve")
            name = str(user_id)
            if name not in session.seated():
                raise TableError("refuse-not-seated")
            cave = table.settings.cave
            chips = cave if amount is None else amount
            if not 1 <= chips <= cave:
                raise TableError("refuse-reserve-range", most=cave, want=chips)
            try:
                balance = await self._wallet_for(table, user_id)
                if balance < chips:
                    raise TableError("refuse-chips", have=balance, need=chips)
                await self._check_stake(table, user_id, chips)
                session.add_reserve(name, chips)
                async with self._write(table) as tx:
                    await tx.buy_in(table.id, user_id, chips)
                    await tx.update_table(table.id, options=table.options())
            except (StorageError, GameError) as exc:
                raise player_error(exc) from exc
            data = {"user": user_id, "reserve_cave": chips, "reserve": session.reserve(name)}
            await self._say(table, Message.of("log-reserve", user=user_id, n=chips), data)
            await self._publish(table)
            return Message.of("done-reserve", n=chips)

    async def leave(self, table_id: int, user_id: int) -> Message:
        """Leave the line, or the table with one's chips (Charlemagne during a hand)."""
        async with self._locked(table_id) as table:
            table.refuse_in_tournament()
            name = str(user_id)
            try:
                seat = await self.db.query(Transaction.get_seat, table.id, user_id)
                if seat is None:
                    queued = any(
                        e.user_id == user_id
                        for e in await self.db.query(Transaction.queue, table.id)
                    )
                    if not queued:
                        raise TableError("refuse-not-seated")
                    if table.session is not None:
                        table.session.leave_queue(name)
                    async with self._write(table) as tx:
                        await tx.leave_queue(table.id, user_id)
                        await tx.update_table(table.id, options=table.options())
                    await self._publish(table)
                    return Message.of("done-left-queue")
                return await self._leave_seat(table, user_id)
            except (StorageError, GameError) as exc:
                raise player_error(exc) from exc

    async def _leave_seat(self, table: Table, user_id: int) -> Message:
        """A seated player leaves (lock held): now between hands, with his chips, or when
        the hand he is dealt in ends."""
        name = str(user_id)
        hand = table.hand
        if hand is not None and not hand.finished and name in hand.index:
            assert table.session is not None
            table.session.leave_after_hand(name)
            async with self._write(table) as tx:
                await tx.update_seat(table.id, user_id, status="leaving")
                await tx.update_table(table.id, options=table.options())
            await self._say(
                table,
                Message.of(table.rules.leave_later_log, user=user_id),
                {"user": user_id},
            )
            await self._publish(table)
            return Message.of(table.rules.leave_later_done)
        if table.session is not None:
            table.session.remove(name)
        async with self._write(table) as tx:
            out = await tx.cash_out(table.id, user_id)
            await tx.update_table(table.id, options=table.options())
        table.sitting_out.discard(name)
        said = Message.of("log-leaves", user=user_id, n=out.amount)
        await self._say(table, said, {"user": user_id})
        await self._publish(table)
        return Message.of("done-leaves", n=out.amount)
