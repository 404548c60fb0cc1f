"""Discord as it is: a table's channel deleted (or out of the bot's reach for good), the bot
removed from a server, a member leaving it, a server unavailable for a while.

:class:`LifecycleRequests` is a part of :class:`~bot.runtime.manager.TableManager` kept in its
own module; the Discord layer calls it when Discord tells it so. Every change goes through the
table's lock (``_locked``) and the manager's one write path (the lease fence included):

- :meth:`table_gone`: nobody can play at the table any more. The hand in play is called off
  (every stake goes back: stacks only change when a hand ends), the table closes, every stack
  goes home, the line empties, the server seeds are revealed, as at any close; the ledger
  notes name the reason (``"table closed: channel deleted"``).
- :meth:`member_left`: a member who left the server is never waited for. Dealt in the hand in
  play, each of his turns is played at once with the game's automatic move (the one a
  timeout plays), and he leaves when the hand ends as a player leaving does (Charlemagne at
  Bouillotte); otherwise he leaves now with his chips. His place in the line is dropped; his
  wallet stays. The marker is stored (``departed`` in the table options), so a restart keeps
  playing his turns at once.
- :meth:`pause_guild` / :meth:`resume_guild`: while a server is unavailable its tables stop
  their timers (nobody can see them, so nobody is timed out) and refuse requests; when it is
  back the player to act gets a whole turn again.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.games.errors import GameError
from bot.i18n.message import Message
from bot.runtime.closing import GONE_NOTES
from bot.runtime.parts import ManagerParts
from bot.storage import LeaseLost, StorageError, Transaction

if TYPE_CHECKING:
    from bot.runtime.games import RuntimeHand
    from bot.runtime.table import Table
    from bot.runtime.tournaments import TournamentDirector
    from bot.storage.models import CashOut

log = logging.getLogger("bot.runtime.manager")

#: Why a table is gone for good: its channel was deleted, the bot lost access to it, or the
#: bot was removed from the server.
GONE_REASONS = tuple(GONE_NOTES)

#: A request to a table whose server is unavailable.
PAUSED = Message.of("refuse-table-paused")


@dataclass(frozen=True)
class TableGone:
    """A table closed because its channel is gone: what it gave back."""

    table_id: int
    guild_id: int
    channel_id: int
    game: str
    creator_id: int
    #: ``"channel"`` (deleted), ``"access"`` (the bot lost access for good), ``"guild"``
    #: (the bot was removed from the server).
    reason: str
    #: The number of the hand called off, if one was in play.
    voided_hand_no: int | None
    #: User id -> chips returned to his wallet.
    cash_outs: dict[int, int]


class LifecycleRequests(ManagerParts):
    """Tables whose channel, members or server went away (mixed into the table manager)."""

    if TYPE_CHECKING:
        paused_guilds: set[int]
        tournaments: TournamentDirector

        async def _shut(
            self, table: Table, *, admin: int | None = None, gone: str | None = None
        ) -> list[CashOut]: ...
        def _deadline_for(self, table: Table, hand: RuntimeHand | None = None) -> float | None: ...

    def _guild_tables(self, guild_id: int) -> list[int]:
        return sorted(t.id for t in self.tables.values() if t.guild_id == guild_id and not t.closed)

    # ------------------------------------------------------------------ gone for good

    async def table_gone(self, table_id: int, reason: str) -> TableGone | None:
        """The table's channel is gone or out of reach for good: call its hand off, close
        it, every chip home. None if this process does not run it (closed, unknown, or
        another process holds its lease). Works on a table that needs attention too."""
        if reason not in GONE_REASONS:
            raise ValueError(f"unknown reason {reason!r}: one of {', '.join(GONE_REASONS)}")
        known = self.tables.get(table_id)
        if known is not None and known.tournament is not None:  # its director moves it
            await self.tournaments.table_gone(known.tournament.id, table_id, reason)
            return None
        async with self._locked(table_id, quiet=True, broken_ok=True, paused_ok=True) as table:
            if table is None:
                return None
            voided = await self._hand_in_play(table)
            try:
                cash_outs = await self._shut(table, gone=reason)
            except LeaseLost:
                log.warning("table %s is run by another process: not closed here", table_id)
                return None
        return TableGone(
            table_id=table.id,
            guild_id=table.guild_id,
            channel_id=table.channel_id,
            game=table.game,
            creator_id=table.creator_id,
            reason=reason,
            voided_hand_no=voided,
            cash_outs={c.user_id: c.amount for c in cash_outs},
        )

    async def _hand_in_play(self, table: Table) -> int | None:
        """The number of the hand in play; for a table that needs attention (its hand not
        loaded), as storage has it."""
        if table.playing():
            return table.hand_no
        if not table.needs_attention:
            return None
        try:
            stored = await self.db.query(Transaction.current_hand, table.id)
        except Exception:
            log.exception("table %s: its hand in play could not be read", table.id)
            return None
        return None if stored is None else stored.hand_no

    async def guild_gone(self, guild_id: int, reason: str = "guild") -> list[TableGone]:
        """Every table of the guild this process runs is gone (:meth:`table_gone`); its
        tournaments are called off, every buy-in refunded."""
        await self.tournaments.guild_gone(guild_id)
        out = []
        for table_id in self._guild_tables(guild_id):
            gone = await self.table_gone(table_id, reason)
            if gone is not None:
                out.append(gone)
        return out

    # ------------------------------------------------------------------ a member leaves

    async def member_left(self, guild_id: int, user_id: int) -> list[int]:
        """A member left the server (or was kicked, or banned): at every table of the guild
        where he sits or waits, he is never waited for again (see the module's text).
        Returns those tables."""
        out = []
        for table_id in self._guild_tables(guild_id):
            try:
                if await self._member_left_at(table_id, user_id):
                    out.append(table_id)
            except LeaseLost:
                log.warning("table %s is run by another process: dropped here", table_id)
            except Exception:  # one table must not keep the others from letting him go
                log.exception("table %s: could not let member %s go", table_id, user_id)
        return out

    async def _member_left_at(self, table_id: int, user_id: int) -> bool:
        async with self._locked(table_id, quiet=True, paused_ok=True) as table:
            if table is None:
                return False
            name = str(user_id)
            seat = await self.db.query(Transaction.get_seat, table.id, user_id)
            queued = any(
                e.user_id == user_id for e in await self.db.query(Transaction.queue, table.id)
            )
            if seat is None and not queued:
                return False
            await self._say(
                table, Message.of("log-member-left", user=user_id), {"user": user_id, "left": True}
            )
            if seat is None:
                await self._drop_from_line(table, user_id)
                return True
            if table.tournament is not None:
                await self._sits_out_for_good(table, name)
                return True
            hand = table.hand
            dealt = hand is not None and not hand.finished and name in hand.index
            if dealt:
                table.departed.add(name)  # stored with the seat's leave, in one write
            try:
                await self._leave_seat(table, user_id)
            except (StorageError, GameError):
                table.departed.discard(name)
                raise
            if not dealt:
                await self._departed_chooser(table, name)
            elif hand is not None and hand.to_act == name and not table.paused:
                await self._departed_plays(table, name)
            return True

    async def _sits_out_for_good(self, table: Table, name: str) -> None:
        """A tournament's player who left the server keeps his seat, sitting out: his
        antes are paid and his turns played at once until he is out (lock held)."""
        table.sitting_out.add(name)
        async with self._write(table) as tx:
            await tx.update_seat(table.id, int(name), status="sitting_out")
        hand = table.hand
        if hand is not None and not hand.finished and hand.to_act == name and not table.paused:
            await self._departed_plays(table, name)
        else:
            await self._publish(table)

    async def _drop_from_line(self, table: Table, user_id: int) -> None:
        if table.session is not None:
            table.session.leave_queue(str(user_id))
        async with self._write(table) as tx:
            await tx.leave_queue(table.id, user_id)
            await tx.update_table(table.id, options=table.options())
        await self._publish(table)

    async def _departed_chooser(self, table: Table, name: str) -> None:
        """Brag's dealer's choice waits for nobody who left: his time is up at once."""
        choice = table.choice
        if choice is None or choice.dealer != name or choice.proposal is not None:
            return
        choice.deadline = self.clock.now()
        async with self._write(table) as tx:
            await tx.update_table(table.id, options=table.options())
        self._arm(table)

    async def _departed_plays(self, table: Table, name: str) -> None:
        """A player who left the server is to act: his automatic move, at once (lock held)."""
        hand = table.hand
        assert hand is not None
        verb, amount = table.rules.auto_action(hand)
        await self._say(
            table,
            Message.of("log-departed-move", user=int(name), verb=Message.of(f"verb-{verb}")),
            {"user": int(name), "verb": verb, "departed": True},
        )
        await self._apply(table, name, verb, amount, timed_out=False)

    # ------------------------------------------------------------------ outages

    async def pause_guild(self, guild_id: int) -> list[int]:
        """The server is unavailable for now: its tables pause (no timer runs, requests are
        refused) until :meth:`resume_guild`. Returns the tables paused."""
        self.paused_guilds.add(guild_id)
        out = []
        for table_id in self._guild_tables(guild_id):
            async with self._locked(table_id, quiet=True, broken_ok=True) as table:
                if table is None:  # gone, or paused already
                    continue
                table.paused = True
                if table.timer is not None:
                    table.timer.cancel()
                    table.timer = None
                out.append(table_id)
        return out

    async def resume_guild(self, guild_id: int, back: str = "server") -> list[int]:
        """The server is back (``back="connection"``: the bot's own gateway connection is):
        the player to act at each paused table gets a whole turn again (stored as the hand's
        deadline), a dealer's choice its whole time, and the timers run again. Returns the
        tables resumed."""
        self.paused_guilds.discard(guild_id)
        out = []
        for table_id in self._guild_tables(guild_id):
            try:
                if await self._unpause(table_id, back):
                    out.append(table_id)
            except LeaseLost:
                log.warning("table %s is run by another process: dropped here", table_id)
            except Exception:
                log.exception("table %s could not be resumed after its server came back", table_id)
        return out

    async def _unpause(self, table_id: int, back: str) -> bool:
        async with self._locked(table_id, quiet=True, broken_ok=True, paused_ok=True) as table:
            if table is None or not table.paused:
                return False
            table.paused = False
            if table.needs_attention:
                return True
            if table.playing() and table.hand_id is not None and table.record is not None:
                table.deadline = self._deadline_for(table)
                async with self._write(table) as tx:
                    await tx.save_hand(
                        table.hand_id, table.record.to_json(), turn_deadline=table.deadline
                    )
            elif table.choice is not None:
                table.choice.deadline = self.clock.now() + table.settings.turn_timeout
                async with self._write(table) as tx:
                    await tx.update_table(table.id, options=table.options())
            self._arm(table)
            await self._say(table, Message.of(f"log-{back}-back"), {"resumed": True})
            await self._publish(table)
            if table.tournament is not None:
                self.tournaments.poke(table.tournament.id)
            return True
