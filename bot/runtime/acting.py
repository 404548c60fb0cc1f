"""The action path: a player's move, a timed-out turn, and the end of the hand a move brings.

:class:`Acting` is a part of :class:`~bot.runtime.manager.TableManager` kept in its own
module; it uses the manager's tables (each under its lock), its one write path and its
presenter.
"""

from __future__ import annotations

import json
import logging
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from bot.games.base import Action, Amount, Move
from bot.games.errors import IllegalAction
from bot.i18n.message import Message
from bot.runtime.errors import TableError, illegal_move
from bot.runtime.games import event_message
from bot.runtime.hand_end import AfterHand, after_hand
from bot.runtime.house_seats import is_house
from bot.runtime.parts import ManagerParts
from bot.runtime.table import Finished, Note, Step

if TYPE_CHECKING:
    from bot.runtime.games import RuntimeHand
    from bot.runtime.table import Table
    from bot.storage.transaction import Transaction

log = logging.getLogger("bot.runtime.manager")

#: A turn timer that fires this many seconds after its deadline means the bot lagged: the
#: player is given a fresh turn instead of timing out (docs/architecture.md).
LAG_GRACE = 5.0

#: A button of another hand than the one in play.
STALE_BUTTON = Message.of("refuse-stale-button")
#: A button of a move already played.
ALREADY_PLAYED = Message.of("refuse-already-played")
#: Someone other than the player to act plays: the key of the refusal, which names him
#: (``TableError(NOT_YOUR_TURN, w=hand.to_act)``).
NOT_YOUR_TURN = "ui-it-not-your-turn-speak"


def engine_move(hand: RuntimeHand, name: str, verb: str, amount: Amount) -> Move | None:
    """The engine's check of ``name``'s move (its ``verify_act``): the normalised move, or
    its refusal as a :class:`TableError` naming the legal moves; None for an engine whose
    hands have no ``verify_act`` (their ``act`` checks the move)."""
    verify = getattr(hand, "verify_act", None)
    if verify is None:
        return None
    try:
        move: Move = verify(name, verb, amount)
    except IllegalAction as exc:
        raise illegal_move(hand.legal_actions(), verb, amount) from exc
    return move


class Acting(ManagerParts):
    """Moves, timeouts and the end of a hand (mixed into the table manager)."""

    if TYPE_CHECKING:

        def _deadline_for(self, table: Table, hand: RuntimeHand | None = None) -> float | None: ...
        async def _conclude_in(self, tx: Transaction, table: Table, steps: list[Step]) -> bool: ...
        async def _deal_chain_in(
            self, tx: Transaction, table: Table, steps: list[Step]
        ) -> None: ...
        async def _present(self, table: Table, steps: list[Step]) -> None: ...
        async def _close_now(self, table: Table, admin: int | None = None) -> Message: ...
        async def _house_plays(self, table: Table, name: str) -> None: ...
        def _house_after_hand(self, table: Table, hand: RuntimeHand) -> list[Note]: ...
        async def _departed_plays(self, table: Table, name: str) -> None: ...

    async def act(
        self,
        table_id: int,
        user_id: int,
        verb: str,
        amount: Amount = None,
        hand_id: int | None = None,
        index: int | None = None,
    ) -> None:
        """Play one action for the player; refused (changing nothing) if not legal.

        ``index`` (a button's): the number of moves played when it was drawn; a click for a
        move already played is refused, even when the turn came back to the same player.

        Brag: ``look`` is an action like the others; the cards he may now see are
        delivered to him privately.
        """
        async with self._locked(table_id, hand_id=hand_id) as table:
            if (
                index is not None
                and table.record is not None
                and index != len(table.record.actions)
            ):
                raise TableError(ALREADY_PLAYED)
            move = self.verify_act(table, user_id, verb, amount, hand_id=hand_id)
            table.moved.add(str(user_id))
            await self._apply(table, str(user_id), verb, amount, timed_out=False, move=move)

    def verify_turn(self, table: Table, user_id: int, hand_id: int | None = None) -> RuntimeHand:
        """The hand in play at ``table``, where it is ``user_id``'s turn; else refused, as a
        :class:`TableError`: ``hand_id`` given (a button's) and another hand or none in play
        (:data:`STALE_BUTTON`), no hand in play (``refuse-no-hand``), he is not in the hand
        (``refuse-not-in-hand``; ``refuse-not-seated`` for a button's click by someone with
        no seat), not his turn (:data:`NOT_YOUR_TURN`, naming the player to act). The one
        turn check: :meth:`verify_act` and the buttons' gate (``check_turn``) ask it."""
        hand = table.hand
        if hand_id is not None and (table.hand_id != hand_id or hand is None or hand.finished):
            raise TableError(STALE_BUTTON)
        if hand is None or hand.finished:
            raise TableError("refuse-no-hand")
        name = str(user_id)
        if name not in hand.index:
            seated = table.session is not None and name in table.session.seated()
            raise TableError(
                "refuse-not-seated" if hand_id is not None and not seated else "refuse-not-in-hand"
            )
        if hand.to_act != name:
            raise TableError(NOT_YOUR_TURN, w=hand.to_act)
        return hand

    def verify_act(
        self,
        table: Table,
        user_id: int,
        verb: str,
        amount: Amount = None,
        hand_id: int | None = None,
    ) -> Move | None:
        """The move ``user_id`` makes at ``table``, checked: :meth:`verify_turn`, then the
        engine's ``verify_act`` (its refusal as a :class:`TableError` listing the legal
        moves). The normalised move, or None for a game whose hands have no ``verify_act``
        (their ``act`` checks the move)."""
        hand = self.verify_turn(table, user_id, hand_id)
        return engine_move(hand, str(user_id), verb, amount)

    def can_act(
        self,
        table: Table,
        user_id: int,
        verb: str,
        amount: Amount = None,
        hand_id: int | None = None,
    ) -> bool:
        """Whether :meth:`verify_act` accepts the move."""
        try:
            self.verify_act(table, user_id, verb, amount, hand_id)
        except TableError:
            return False
        return True

    async def _on_timeout(self, table_id: int, hand_id: int, count: int) -> None:
        async with self._locked(table_id, quiet=True, hand_id=hand_id) as table:
            hand = table.hand if table is not None else None
            if (
                table is None
                or hand is None
                or hand.finished
                or table.record is None
                or len(table.record.actions) != count
                or hand.to_act is None
            ):
                return  # stale timer
            name = hand.to_act
            if is_house(int(name)):
                await self._house_plays(table, name)
                return
            if name in table.departed:  # he left the server: never waited for
                await self._departed_plays(table, name)
                return
            late = self.clock.now() - (table.deadline or self.clock.now())
            if late > LAG_GRACE and table.lag_forgiven != (hand_id, count):
                # the bot lagged (a blocked loop, a slow disk): the player's time was eaten
                # by us, not by him. He gets a fresh turn, once, and no timeout is counted.
                log.warning("table %s: timer fired %.1f s late; a fresh turn", table.id, late)
                table.lag_forgiven = (hand_id, count)
                table.deadline = self._deadline_for(table)
                async with self._write(table) as tx:
                    await tx.save_hand(
                        hand_id, table.record.to_json(), turn_deadline=table.deadline
                    )
                self._arm(table)
                await self._publish(table)
                return
            verb, amount = table.rules.auto_action(hand)
            await self._say(
                table,
                Message.of("log-timeout", user=int(name), verb=Message.of(f"verb-{verb}")),
                {"user": int(name), "verb": verb, "timeout": True},
            )
            await self._apply(table, name, verb, amount, timed_out=True)

    async def _apply(
        self,
        table: Table,
        name: str,
        verb: str,
        amount: Amount,
        timed_out: bool,
        move: Move | None = None,
    ) -> None:
        """Play ``name``'s ``verb`` (``amount``) and store it as he gave it. ``move``: what
        :meth:`verify_act` made of it, applied unchecked; else (a timeout, a house player,
        a departed member's move) the engine checks it here, once."""
        hand, record = table.hand, table.record
        assert hand is not None and record is not None and table.hand_id is not None
        if move is None:
            move = engine_move(hand, name, verb, amount)
        if move is not None:
            events = hand.apply(move)
        else:  # an engine without verify_act: its act checks the move
            try:
                events = hand.act(name, verb, amount)
            except IllegalAction as exc:
                raise illegal_move(hand.legal_actions(), verb, amount) from exc
        action = Action(name, verb, amount)
        record.actions.append(action)
        hand_id = table.hand_id
        # the amount only when it is chips: a discard's cards are private
        shown = amount if isinstance(amount, int) else None
        log.debug("table %s hand %s: %s plays %s %s", table.id, hand_id, name, verb, shown)
        user = int(name)
        seat_changes: dict[str, Any] = {}
        if timed_out:
            count = table.timeouts.get(name, 0) + 1
            table.timeouts[name] = count
            seat_changes["timeouts"] = count
            if count >= 2 and name not in table.sitting_out:
                table.sitting_out.add(name)
                seat_changes["status"] = "sitting_out"
        elif table.timeouts.get(name):
            table.timeouts.pop(name)
            seat_changes["timeouts"] = 0
        table.deadline = self._deadline_for(table)
        steps: list[Step] = []
        leaving = table.session.leaving() if table.session else set()
        seat_changes = seat_changes if name not in leaving else {}
        alone = not seat_changes and not hand.finished  # the action is the whole write
        async with self._write(table, one_statement=alone) as tx:
            await tx.append_action(
                hand_id,
                action.to_json(),
                turn_deadline=table.deadline,
                expected_count=len(record.actions) - 1,
                whole=record.to_json,
            )
            if seat_changes:
                await tx.update_seat(table.id, user, **seat_changes)
            if hand.finished and await self._conclude_in(tx, table, steps):
                await self._deal_chain_in(tx, table, steps)
            if hand.finished:
                await tx.update_table(table.id, options=table.options())
        for said, data in table.rules.narrate(events):
            await self._say(table, said, data)
        await self._present(table, steps)
        if table.closing and not table.playing():
            await self._close_now(table)

    async def _finish_in(self, tx: Transaction, table: Table) -> Finished:
        """The hand is over: stacks, pot, jar, stats; then the session's end-of-hand rules
        (players cleaned out or leaving go home, the line fills the seats)."""
        hand, record, session = table.hand, table.record, table.session
        assert hand is not None and record is not None and session is not None
        assert table.hand_id is not None
        new_stacks = hand.stacks()
        lines = table.rules.stats(hand, record)
        # tournament and practice chips are not wallet chips; practice counts in no statistics
        wallet_chips = table.tournament is None and not table.settings.practice
        if not wallet_chips:
            lines = [replace(line, net=0, pot=0) for line in lines]
        try:
            ended = after_hand(record, hand)
        except Exception:  # never let the bookkeeping stop a hand from ending
            log.exception("table %s: the end of hand %s could not be read", table.id, table.hand_no)
            ended = AfterHand(tuple(hand.names))
        before = {p.name: p.stack for p in record.players}
        await tx.finish_hand(
            table.hand_id,
            hand.summary(),
            {int(n): s + session.reserve(n) for n, s in new_stacks.items()},
            flambeau=table.rules.flambeau(hand),
            pot=hand.carried,
        )
        # the hand's lines: on PostgreSQL they go with the next statement (the next deal's)
        await tx.record_hand_stats(
            table.guild_id, [] if table.settings.practice else lines, with_next=True
        )
        await tx.record_hand_players(table.guild_id, table.hand_id, table.game, lines)
        if wallet_chips:  # a tournament's buy-ins flow into its prizes at its end
            await self._record_wallet_hand(tx, table, hand, before, new_stacks, ended)
        table.moved.clear()
        notes: list[Note] = self._house_after_hand(table, hand)
        # sitting out: count the hands missed, unseat after too many (never in a tournament:
        # he is dealt in and pays his antes until he is out)
        for n in session.seated() if table.tournament is None else ():
            if n in table.sitting_out and n not in hand.index:
                missed = table.hands_sat_out.get(n, 0) + 1
                table.hands_sat_out[n] = missed
                if missed >= table.settings.sit_out_hands:
                    session.leave_after_hand(n)
                    notes.append((Message.of("log-sat-out-leaves", user=int(n)), {"user": int(n)}))
                else:
                    await tx.update_seat(table.id, int(n), hands_sat_out=missed)
        seated_before = set(session.seated())
        events = session.end_of_hand(hand)
        after = set(session.seated())
        for n in sorted(seated_before - after):
            if table.tournament is not None:
                continue  # out of the tournament: its director frees the seat
            out = await tx.cash_out(table.id, int(n))
            table.sitting_out.discard(n)
            table.timeouts.pop(n, None)
            table.hands_sat_out.pop(n, None)
            notes.append((Message.of("log-leaves", user=int(n), n=out.amount), {"user": int(n)}))
        table.departed &= after  # a player who left the server has gone home now
        for n in sorted(after - seated_before):
            uid = int(n)
            await tx.leave_queue(table.id, uid)
            cave = session.stack(n)
            if not table.settings.practice and await tx.balance(table.guild_id, uid) < cave:
                session.remove(n)
                notes.append((Message.of("log-cannot-pay-cave", user=uid), {"user": uid}))
                continue
            await tx.seat(table.id, uid, buy_in=cave)
            await self.fair.seat_seed(tx, table.id, uid)
            notes.append((Message.of("log-takes-seat", user=uid, n=cave), {"user": uid}))
        for event in events:
            notes.append((event_message(event, table.game), event.to_json()))
        finished = Finished(hand, table.hand_no, notes, ended, hand_id=table.hand_id)
        table.hand = table.record = None
        table.hand_id = None
        table.deadline = None
        table.delivered = {}
        return finished

    async def _record_wallet_hand(
        self,
        tx: Transaction,
        table: Table,
        hand: RuntimeHand,
        before: dict[str, int],
        new_stacks: dict[str, int],
        ended: AfterHand,
    ) -> None:
        """A cash table's hand, for the welcome grant and the flows: the members who moved
        themselves, and the chips that went from one member to another."""
        assert table.hand_id is not None
        await tx.record_own_hands(
            table.guild_id, [int(n) for n in sorted(table.moved) if n in hand.index]
        )
        await tx.record_hand_flows(
            table.guild_id,
            table.hand_id,
            {int(n): s - before[n] for n, s in new_stacks.items() if n in before},
            {int(n): json.dumps(facts, sort_keys=True) for n, facts in ended.strong.items()},
        )

    async def _announce_end(self, table: Table, step: Finished) -> None:
        report = table.rules.end_report(step.hand, step.hand_no)
        if report.showdown is not None:
            shown = report.showdown.copy()
            if step.hand_id is not None:  # the hand's page is named by it (docs/web.md)
                shown["hand_id"] = step.hand_id
            await self._safe(self.presenter.showdown(table.id, shown))
        else:
            await self._say(table, report.said, report.data)
        for said, data in step.notes:
            await self._say(table, said, data)
