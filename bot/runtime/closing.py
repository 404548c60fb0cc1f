"""Closing a table, calling off a hand, and the finished hands' files.

:class:`ClosingRequests` is a part of :class:`~bot.runtime.manager.TableManager` kept in its
own module; it uses the manager's tables, storage, timers and presenter.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.i18n.message import Message
from bot.runtime.errors import TableError, player_error
from bot.runtime.parts import ManagerParts
from bot.storage import StorageError, Transaction

if TYPE_CHECKING:
    from bot.games.cards import Shuffler
    from bot.runtime.table import Table
    from bot.storage.models import CashOut, Hand

#: Why the bot closed a table on its own (``TableManager.table_gone``), as the ledger's
#: notes say it: ``"table closed: channel deleted"``.
GONE_NOTES = {
    "channel": "channel deleted",
    "access": "channel out of the bot's reach",
    "guild": "bot removed from the server",
}


@dataclass(frozen=True)
class HandExport:
    """A hand's scenario file for one reader; ``partial`` when cards were withheld."""

    text: str
    partial: bool


class ClosingRequests(ManagerParts):
    """Close, close now, void a hand; export a hand (mixed into the table manager)."""

    if TYPE_CHECKING:
        _shufflers: dict[int, Shuffler]

    async def close(self, table_id: int, by: int, *, force: bool = False) -> Message:
        """Close the table (its creator, or ``force``: a server manager), every stack going
        home. During a hand the table closes when the hand ends, as leaving does: closing
        never undoes a hand (an admin's :meth:`void_hand` / :meth:`close_now` does)."""
        async with self._locked(table_id) as table:
            table.refuse_in_tournament()
            if not force and by != table.creator_id:
                raise TableError("refuse-close-who")
            if not table.playing():
                return await self._close_now(table)
            if table.closing:
                raise TableError("refuse-already-closing")
            table.closing = True
            async with self._write(table) as tx:
                await tx.update_table(table.id, options=table.options())
            data = {"user": by, "closing": True}
            await self._say(table, Message.of("log-closing", user=by), data)
            await self._publish(table)
            return Message.of("done-closing")

    async def close_now(self, table_id: int, by: int) -> Message:
        """A server manager closes the table at once: a hand in play is called off (no chip
        had moved), every stack goes home; the hand and the cash-outs name him. It works on
        a table that needs attention too."""
        async with self._locked(table_id, broken_ok=True) as table:
            table.refuse_in_tournament()
            return await self._close_now(table, admin=by)

    async def void_hand(self, table_id: int, by: int) -> Message:
        """A server manager calls off the hand in play: every stake goes back (stacks only
        change when a hand ends), the hand's record names him, and the table goes on.

        Brag: the cards of the void deal were seen, so the next deal shuffles a fresh pack
        (a kept blind hand goes back into it)."""
        async with self._locked(table_id) as table:
            if not table.playing() or table.hand_id is None:
                raise TableError("refuse-no-hand")
            hand_no = table.hand_no
            try:
                outs = await self._void_now(table, by)
            except StorageError as exc:
                raise player_error(exc) from exc
            await self._say(
                table,
                Message.of("log-void", user=by, hand=hand_no),
                {"user": by, "void": True, "hand_no": hand_no},
            )
            for out in outs:
                said = Message.of("log-leaves", user=out.user_id, n=out.amount)
                await self._say(table, said, {"user": out.user_id})
            if await self._maybe_deal(table) is None:
                self._arm(table)
                await self._publish(table)
            return Message.of("done-void", hand=hand_no)

    async def _void_now(self, table: Table, by: int | None) -> list[CashOut]:
        """Call the hand in play off (lock held), in one write: no chip moves (stacks only
        change when a hand ends); players who left the server during it go home now."""
        assert table.hand_id is not None
        hand_id = table.hand_id
        table.hand = table.record = None
        table.hand_id = table.deadline = None
        table.delivered = {}
        table.closing = False
        session = table.session
        if session is not None:
            session.retire_pack()
        gone = sorted(table.departed & set(session.seated() if session is not None else ()))
        for name in gone:
            assert session is not None
            session.remove(name)
        table.departed.clear()
        async with self._write(table) as tx:
            await tx.void_hand(hand_id, by=by)
            outs = [await tx.cash_out(table.id, int(name)) for name in gone]
            await tx.update_table(table.id, status="open", options=table.options())
        for name in gone:
            table.sitting_out.discard(name)
            table.timeouts.pop(name, None)
            table.hands_sat_out.pop(name, None)
        return outs

    async def _close_now(self, table: Table, admin: int | None = None) -> Message:
        """Close now, under the table's lock."""
        try:
            await self._shut(table, admin=admin)
        except StorageError as exc:
            raise player_error(exc) from exc
        return Message.of("done-closed")

    async def _shut(
        self, table: Table, *, admin: int | None = None, gone: str | None = None
    ) -> list[CashOut]:
        """Close the table now (lock held), in one write: a hand in play is called off,
        every stack goes home, the line empties, every server seed is revealed. ``gone``:
        the table's channel is gone (:data:`~bot.runtime.lifecycle.GONE_REASONS`), named
        in the ledger, and the presenter is told not to post in it."""
        reason = None if gone is None else GONE_NOTES[gone]
        async with self._write(table) as tx:
            cash_outs = await tx.close_table(table.id, by=admin, reason=reason)
            revealed = await self.fair.close(tx, table.id)
        table.closed = True
        if table.timer is not None:
            table.timer.cancel()
            table.timer = None
        self.tables.pop(table.id, None)
        self._shufflers.pop(table.id, None)
        data: dict[str, Any] = {
            "cash_outs": {c.user_id: c.amount for c in cash_outs},
            "by": admin,
        }
        extra: dict[str, Any] = {} if gone is None else {"gone": gone}
        await self._say(table, Message.of("log-closed"), {**data, **extra})
        for seed in revealed:
            await self._announce_seed(table, seed, extra)
        return cash_outs

    async def export_hand(self, hand_id: int, reader: int | None) -> HandExport:
        """A finished hand as a docs/scenarios.md file, as ``reader`` may see it (``None``: someone
        who was not dealt in): whole once its pack is retired, else only what he saw."""
        from bot.runtime.history import export_scenario

        try:
            hand = await self.db.query(Transaction.get_hand, hand_id)
            in_play = await self.pack_in_play(hand)
            name = None if reader is None else str(reader)
            return HandExport(export_scenario(hand, name, in_play=in_play), partial=in_play)
        except StorageError as exc:
            raise player_error(exc) from exc
        except ValueError as exc:
            raise TableError("refuse-hand-not-over") from exc

    async def pack_in_play(self, hand: Hand) -> bool:
        """Whether the pack a stored hand was dealt from, or a blind hand kept from it, can
        still come into play (docs/fairness-spec.md): a hand being played, or a Brag deal whose pack
        the table still deals from. A closed table has retired every pack."""
        if hand.status != "finished":
            return True
        table = self.tables.get(hand.table_id)
        if table is None or table.closed:
            stored = await self.db.query(Transaction.get_table, hand.table_id)
            return stored.status != "closed"  # open but not run here: assume in play
        if table.session is None:
            return False
        live = table.session.live_from(table.record if table.playing() else None)
        if live is None:
            return False
        deal_no = hand.record.get("deal_no")
        return not isinstance(deal_no, int) or deal_no >= live
