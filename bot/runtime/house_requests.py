"""House players at a table: seating them, sending them away, giving a member their seat,
and playing their turns.

:class:`HouseRequests` is a part of :class:`~bot.runtime.manager.TableManager` kept in its own
module; it uses the manager's tables, storage and seating. See docs/house.md.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from bot.games.errors import GameError
from bot.house import talk
from bot.house.thought import Advice
from bot.house.timing import pace_limit
from bot.i18n.message import Message
from bot.i18n.people import house_who
from bot.runtime.errors import TableError, player_error
from bot.runtime.house_seats import (
    choose_house_id,
    house_think,
    is_house_player,
    observe_hand,
    think_pause,
)
from bot.runtime.parts import ManagerParts
from bot.storage import StorageError, Transaction

if TYPE_CHECKING:
    from bot.runtime.games import RuntimeHand
    from bot.runtime.table import Note, Table

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
        self,
        table_id: int,
        by: int,
        level: str | None = "normal",
        *,
        manager: bool = False,
        character: str | None = None,
    ) -> Message:
        """Seat a house player (the table's creator or a server manager): the ``character``
        named, else one drawn among those of ``level``; its cave comes from the server's
        house bank."""
        async with self._locked(table_id) as table:
            table.refuse_in_tournament()
            if not manager and by != table.creator_id:
                raise TableError("refuse-house-who")
            if table.closing:
                raise TableError("refuse-table-closing")
            try:
                seats = await self.db.query(Transaction.seats, table.id)
                user_id = choose_house_id(
                    level, (s.user_id for s in seats), character, self.house_rng()
                )
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
        carre = table.settings.rules.get("carre", "off") != "off"
        who = house_who(user_id, table.game, carre=carre)
        return Message.of("done-house-added", user=user_id, who=who)

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

    def _house_turn(self, table: Table, hand: RuntimeHand) -> float:
        """A house player's turn begins: it decides now, from its own view and the table's
        memory, and thinks as long as that decision needs (within the table's pace); the move
        is played when the pause is over (:meth:`_house_plays`)."""
        name = hand.to_act
        assert name is not None
        plan = table.house_plan
        if plan is not None and plan[0] is hand and plan[1] == len(hand.events):
            advice = plan[2]
        else:
            advice = house_think(hand, name, self.house_rng(), table.house_memory)
            table.house_plan = (hand, len(hand.events), advice)
        most = pace_limit(table.settings.turn_timeout)
        return think_pause(advice, hand, self.house_rng(), most)

    async def _house_plays(self, table: Table, name: str) -> None:
        """A house player's turn: the move decided when its turn began (else decided now)
        from its own view (lock held); then perhaps a word."""
        hand = table.hand
        assert hand is not None
        plan, table.house_plan = table.house_plan, None
        if plan is not None and plan[0] is hand and plan[1] == len(hand.events):
            advice: Advice = plan[2]
        else:
            advice = house_think(hand, name, self.house_rng(), table.house_memory)
        hand_id, before = table.hand_id, len(hand.events)
        try:
            await self._apply(table, name, advice.verb, advice.amount, timed_out=False)
        except TableError:
            log.exception("table %s: house player %s chose an illegal move", table.id, name)
            verb, amount = table.rules.auto_action(hand)
            await self._apply(table, name, verb, amount, timed_out=False)
            return
        own = next((e for e in hand.events[before:] if e.player == name), None)
        moment = talk.moment_of(own) if own is not None else None
        if moment is not None:
            note = self._house_word(table, hand_id, name, moment)
            if note is not None:
                await self._say(table, *note)

    def _house_word(self, table: Table, hand_id: int | None, name: str, moment: str) -> Note | None:
        """A house player's line for ``moment``, if the table talks, it has said nothing
        yet in this hand and the moment is worth a word (bot.house.talk)."""
        if not table.settings.talk:
            return None
        if table.talked[0] != hand_id:
            table.talked = (hand_id, set())
        if name in table.talked[1]:
            return None
        key = talk.line(moment, self.house_rng())
        if key is None:
            return None
        table.talked[1].add(name)
        return (
            Message.of("log-house-talk", user=int(name), line=Message.of(key)),
            {"user": int(name), "talk": key, "hand": hand_id},
        )

    def _house_after_hand(self, table: Table, hand: RuntimeHand) -> list[Note]:
        """A hand is over: the house players remember what the table showed, and one who
        led the betting and lost the showdown may sigh."""
        names = list(hand.names)
        try:
            observe_hand(table.house_memory, hand, names)
        except Exception:  # the memory is a help, never a reason for a hand not to end
            log.exception("table %s: the house players could not read the hand", table.id)
        notes: list[Note] = []
        for name in sorted(talk.sighs(hand.events)):
            if is_house_player(int(name)):
                note = self._house_word(table, table.hand_id, name, "sigh")
                if note is not None:
                    notes.append(note)
        return notes
