"""Dealing: a deal asked for (``start``) and whether it may be (``verify_start``), the deal
itself, the deal the policy schedules, and what follows the end of a hand.

:class:`Dealing` is a part of :class:`~bot.runtime.manager.TableManager` kept in its own
module; like every part it changes a table under its lock and writes through the manager's
one write path.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.games.cards import Shuffler
from bot.games.errors import GameError
from bot.games.replay import start_hand
from bot.runtime.errors import TableError, player_error
from bot.runtime.house_seats import members_present
from bot.runtime.lifecycle import PAUSED
from bot.runtime.parts import ManagerParts
from bot.runtime.resuming import NEEDS_ATTENTION
from bot.runtime.table import Dealt, GameOver, Said, Scheduled, SeedRevealed, Step
from bot.storage import StorageError
from bot.storage.transaction import Transaction

if TYPE_CHECKING:
    from bot.i18n.message import Message
    from bot.runtime.games import RuntimeHand
    from bot.runtime.table import Finished, Table
    from bot.runtime.tournaments import TournamentDirector


class Dealing(ManagerParts):
    """Starting, dealing and concluding hands (mixed into the table manager)."""

    if TYPE_CHECKING:
        fair_dealing: bool
        tournaments: TournamentDirector

        def _shuffler(self, table_id: int) -> Shuffler: ...
        def _deadline_for(self, table: Table, hand: RuntimeHand | None = None) -> float | None: ...
        async def _finish_in(self, tx: Transaction, table: Table) -> Finished: ...
        async def _present(self, table: Table, steps: list[Step]) -> None: ...
        def choice_due(self, table: Table) -> bool: ...
        def offer_choice(self, table: Table) -> Message: ...

    async def start(self, table_id: int, by: int | None = None, *, manager: bool = False) -> int:
        """Draw for seats (first time) and deal; returns the new hand's id.

        Only at the request of a seated player, the table's creator or a server manager
        (``manager``; ``by=None`` is the bot itself). The pause before an automatic deal
        (``next_hand_delay``) holds: during it the request is refused. Every refusal is
        :meth:`verify_start`'s.
        """
        async with self._locked(table_id) as table:
            allowed = (
                by is None
                or manager
                or by == table.creator_id
                or await self.db.query(Transaction.get_seat, table.id, by) is not None
            )
            try:
                seats = [] if table.session else await self.db.query(Transaction.seats, table.id)
                self.verify_start(table, [str(s.user_id) for s in seats], allowed=allowed)
                if table.session is None:
                    queue = [
                        str(e.user_id) for e in await self.db.query(Transaction.queue, table.id)
                    ]
                    table.session = table.rules.start_seating(
                        table.settings,
                        [(str(s.user_id), s.stack) for s in seats],
                        queue,
                        self._shuffler(table.id),
                    )
                dealt = await self._maybe_deal(table, force=True)
                if dealt is None:
                    raise TableError("refuse-two-present")
            except (StorageError, GameError) as exc:
                await self._reload(table)
                raise player_error(exc) from exc
            return dealt

    def verify_start(
        self, table: Table, seated: Sequence[str] = (), *, allowed: bool = True
    ) -> None:
        """Refuse (:class:`TableError`) a deal asked for now at ``table``, as :meth:`start`
        does, changing nothing: the table held or paused, a hand in play, the dealer's choice
        pending, ``allowed`` False (the one asking is neither seated, the creator nor a server
        manager), the pause before a scheduled deal, fewer than two seated (``seated``: who
        sits before the first deal, which storage alone knows), the agreed hands played,
        fewer than two players present or no member among them."""
        if table.needs_attention or table.paused:
            raise TableError(NEEDS_ATTENTION if table.needs_attention else PAUSED)
        table.refuse_in_tournament()
        if table.playing():
            raise TableError("refuse-hand-in-play")
        if table.choice is not None:
            raise TableError("refuse-choice-pending", user=int(table.choice.dealer))
        if not allowed:
            raise TableError("refuse-deal-who")
        if table.next_deal_at is not None:
            wait = max(1, math.ceil(table.next_deal_at - self.clock.now()))
            raise TableError("refuse-deal-wait", n=wait)
        session = table.session
        if session is None:
            if len(seated) < 2:
                raise TableError("refuse-two-seated")
            if not members_present(seated, table.sitting_out):
                raise TableError("refuse-two-present")
        elif session.game_over():
            raise TableError("refuse-game-over")
        elif table.closing or not self._can_deal(table):
            raise TableError("refuse-two-present")

    def can_start(self, table: Table, seated: Sequence[str] = ()) -> bool:
        """Whether someone could deal at ``table`` now (:meth:`verify_start`, for anyone
        allowed): what the table message's Start button shows, enabled or not."""
        try:
            self.verify_start(table, seated)
        except TableError:
            return False
        return True

    async def _maybe_deal(self, table: Table, force: bool = False) -> int | None:
        """Deal the next hand if none is being played and enough players are in; returns
        the id of the hand dealt, if any.

        Without ``force`` (a player sat down or came back) it follows the table's policy:
        nothing without ``auto_deal`` or while a deal is pending; with ``next_hand_delay``
        the deal is scheduled instead. ``force`` (start, the pending deal's timer) deals
        at once and clears a pending deal.
        """
        session = table.session
        if session is None or table.playing() or table.closing or table.choice is not None:
            return None
        if not force:
            if not table.settings.auto_deal or table.next_deal_at is not None:
                return None
            if table.settings.next_hand_delay > 0:
                if self._can_deal(table):
                    table.next_deal_at = self.clock.now() + table.settings.next_hand_delay
                    async with self._write(table) as tx:
                        await tx.update_table(table.id, options=table.options())
                    await self._present(table, [Scheduled(table.next_deal_at)])
                return None
        steps: list[Step] = []
        async with self._write(table) as tx:
            await self._deal_chain_in(tx, table, steps)
            dealt = any(isinstance(s, Dealt) for s in steps)
            await tx.update_table(
                table.id, status="playing" if dealt else None, options=table.options()
            )
        if steps:
            await self._present(table, steps)
        else:
            self._arm(table)
        ids = [s.hand_id for s in steps if isinstance(s, Dealt)]
        return ids[-1] if ids else None

    async def _on_deal_due(self, table_id: int, at: float) -> None:
        """The pending deal's time has come (a stale timer does nothing)."""
        async with self._locked(table_id, quiet=True) as table:
            if table is None or table.next_deal_at != at or table.playing():
                return
            await self._maybe_deal(table, force=True)

    async def _deal_in(self, tx: Transaction, table: Table) -> bool:
        """Deal the next hand in the transaction; False (and no hand) if it cannot be.

        The table shows the new hand only once it is stored, so a reader between two
        awaits never sees a hand without its id, nor a table with neither hand nor deal."""
        session = table.session
        record = None
        fair = None
        if session is not None and table.may_deal():
            if self.fair_dealing:
                fair = await self.fair.shuffler(tx, table)
            record = session.next_record(table.dealt_out(), fair or self._shuffler(table.id))
        if record is None:
            table.next_deal_at = None
            table.hand = table.record = None
            table.hand_id = table.deadline = None
            table.delivered = {}
            return False
        if fair is not None:
            await self.fair.dealt(tx, table, record, fair)
        if table.last_choice is not None:  # the dealer's choice made before this deal
            record.extra["choice"] = table.last_choice
            table.last_choice = None
        hand: RuntimeHand = start_hand(record)  # type: ignore[assignment]
        deadline = self._deadline_for(table, hand)
        # the table's state with this deal (no deal pending then), stored before the hand: on
        # PostgreSQL the write goes with the hand's statement, and the write after the deal
        # finds nothing new
        options = table.options()
        options.pop("next_deal_at", None)
        await tx.update_table(table.id, options=options)
        stored = await tx.create_hand(table.id, record.to_json(), turn_deadline=deadline)
        table.next_deal_at = None
        table.record, table.hand, table.deadline, table.delivered = record, hand, deadline, {}
        table.moved = set()
        table.hand_id, table.hand_no = stored.id, stored.hand_no
        return True

    async def _deal_chain_in(self, tx: Transaction, table: Table, steps: list[Step]) -> None:
        """Deal now; a hand that ends at its deal (Brag's face-up kept hand that nobody can
        beat) is finished at once and play goes on by the table's policy."""
        while await self._deal_in(tx, table):
            assert table.hand is not None and table.hand_id is not None
            steps.append(Dealt(table.hand, table.hand_id, table.hand_no))
            steps.extend(SeedRevealed(r) for r in await self.fair.reveal_ready(tx, table))
            if not table.hand.finished:
                return
            if not await self._conclude_in(tx, table, steps):
                return

    async def _conclude_in(self, tx: Transaction, table: Table, steps: list[Step]) -> bool:
        """The hand just finished: settle it, then stop, schedule the next deal, or (when the
        caller should deal at once) return True. A tournament's table waits for its
        director, which deals its next hand."""
        record, hand_id = table.record, table.hand_id
        steps.append(await self._finish_in(tx, table))
        if table.tournament is not None:
            assert record is not None
            await self.tournaments.hand_over_in(tx, table, record, hand_id, steps)
            return False
        session = table.session
        assert session is not None
        if table.closing:
            return False
        if self.fair.due(table, table.settings.reseed_every):
            await self.fair.retire(tx, table)
        steps.extend(SeedRevealed(r) for r in await self.fair.reveal_ready(tx, table))
        if self.choice_due(table) and not session.game_over():
            steps.append(Said(self.offer_choice(table)))
            if table.choice is not None:
                return False  # no deal until the dealer has chosen
        if session.game_over():
            assert isinstance(table.settings.max_hands, int)
            steps.append(GameOver(table.settings.max_hands))
            return False
        if not table.settings.auto_deal:
            return False
        if table.settings.next_hand_delay > 0:
            if self._can_deal(table):
                table.next_deal_at = self.clock.now() + table.settings.next_hand_delay
                steps.append(Scheduled(table.next_deal_at))
            return False
        return True

    @staticmethod
    def _can_deal(table: Table) -> bool:
        """Enough players for a hand, a member among them (:meth:`Table.may_deal`)."""
        session = table.session
        return session is not None and session.can_deal(table.dealt_out()) and table.may_deal()
