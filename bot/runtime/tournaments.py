"""Tournaments (docs/tournaments.md): the :class:`TournamentDirector` the table manager owns
(``manager.tournaments``), what the Discord layer calls.

Registration: :meth:`~TournamentDirector.create`, :meth:`~TournamentDirector.register`,
:meth:`~TournamentDirector.unregister`, :meth:`~TournamentDirector.cancel` (an admin, or the
creator before the start), :meth:`~TournamentDirector.start` (now, with the entrants there);
reading: :meth:`~TournamentDirector.status`, :meth:`~TournamentDirector.tournaments`. A
sit-and-go starts when its field is full; a scheduled one at its ``start_at`` (a reminder
:data:`REMINDER_LEAD` seconds before), or is called off, every buy-in refunded, when fewer
than its minimum registered. What happens is told to a
:class:`~bot.runtime.tournament_events.TournamentPresenter` as typed events.

Each request takes the tournament's lock (an ``asyncio.Lock``); the steps of a running
tournament (:mod:`bot.runtime.tournament_play`) take it too, then its tables' locks. Nothing
here holds a table's lock while it waits for the tournament's.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from bot.games.errors import GameError
from bot.i18n.message import Message
from bot.runtime.clock import Timer
from bot.runtime.errors import TableError, player_error
from bot.runtime.games import GAME_RULES
from bot.runtime.house_seats import is_house
from bot.runtime.public import stakes_view
from bot.runtime.settings import Settings
from bot.runtime.tournament_events import (
    Cancelled,
    EntrantView,
    NoChannel,
    Registered,
    Reminder,
    SilentTournamentPresenter,
    Started,
    TableSeats,
    TableView,
    TournamentEvent,
    TournamentPresenter,
    TournamentView,
    Unregistered,
)
from bot.runtime.tournament_limits import limits_of, verify_room
from bot.runtime.tournament_play import RETRY_AFTER, TournamentPlay, spec_of
from bot.runtime.tournament_spec import (
    MOST_AHEAD,
    MOST_HOUSE,
    TournamentLink,
    TournamentSpec,
    house_entrants,
    table_options,
)
from bot.storage import StorageError, Transaction
from bot.storage.tournaments import LIVE_STATUSES, Tournament

if TYPE_CHECKING:
    from bot.runtime.tournament_host import TournamentHost

log = logging.getLogger(__name__)

#: Seconds before a scheduled start when the registered members are reminded.
REMINDER_LEAD = 300.0


class TournamentDirector(TournamentPlay):
    """Every tournament of the manager's guilds: registration, start, play, the end.

    ``presenter`` hears the news (default: nobody); ``rng`` draws the seats at the start
    (default: the manager's ``house_rng``).
    """

    def __init__(
        self,
        manager: TournamentHost,
        presenter: TournamentPresenter | None = None,
        rng: Callable[[], random.Random] | None = None,
    ) -> None:
        self.m = manager
        self.presenter: TournamentPresenter = presenter or SilentTournamentPresenter()
        self.rng = rng or manager.house_rng
        self._locks: dict[int, asyncio.Lock] = {}
        self._timers: dict[int, list[Timer]] = {}
        #: The tournaments as last stored (what the tables' public states read).
        self._cache: dict[int, Tournament] = {}
        #: The entrants still in, per tournament.
        self._left: dict[int, int] = {}
        #: Tournaments with a step waiting to run.
        self._poked: set[int] = set()
        #: One creation at a time per guild (its limits counted, then the tournament made).
        self._creating: dict[int, asyncio.Lock] = {}

    def _lock(self, tournament_id: int) -> asyncio.Lock:
        return self._locks.setdefault(tournament_id, asyncio.Lock())

    # ------------------------------------------------------------------ news

    async def _refresh(self, tournament_id: int) -> Tournament | None:
        try:
            async with self.m.db.read() as tx:
                tournament = await tx.get_tournament(tournament_id)
                entrants = await tx.entrants(tournament_id)
        except StorageError:
            return None
        self._cache[tournament_id] = tournament
        self._left[tournament_id] = sum(1 for e in entrants if e.place is None)
        return tournament

    async def _tell(self, tournament_id: int, events: Sequence[TournamentEvent]) -> None:
        """Tell the presenter each event, then the tournament's new status."""
        for event in events:
            await self.m._safe(self.presenter.tournament_event(tournament_id, event))
        tournament = await self._refresh(tournament_id)
        if tournament is not None:
            view = await self._view(tournament)
            await self.m._safe(self.presenter.tournament_update(tournament_id, view))

    # ------------------------------------------------------------------ requests

    async def create(
        self,
        guild_id: int,
        channel_id: int,
        creator_id: int,
        spec: TournamentSpec,
        *,
        manager: bool = False,
    ) -> int:
        """Open a tournament's registration in a channel; returns its id. ``spec`` is what
        its creator chose, checked (:meth:`TournamentSpec.checked
        <bot.runtime.tournament_spec.TournamentSpec.checked>`); its house players enter now.
        Refused past the server's limits (:mod:`bot.runtime.tournament_limits`: a server
        ``manager`` is held to the server's only)."""
        async with self._creating.setdefault(guild_id, asyncio.Lock()):
            limits = await limits_of(self.m.db, guild_id)
            live = await self.m.db.query(Transaction.tournaments, guild_id, LIVE_STATUSES)
            creators = [t.creator_id for t in live]
            verify_room(limits, creators, creator_id=creator_id, manager=manager)
            return await self._create(guild_id, channel_id, creator_id, spec)

    async def _create(
        self, guild_id: int, channel_id: int, creator_id: int, spec: TournamentSpec
    ) -> int:
        if spec.start_at is not None and spec.start_at <= self.m.clock.now():
            raise TableError("refuse-tournament-start-past")
        if spec.start_at is not None and spec.start_at > self.m.clock.now() + MOST_AHEAD:
            raise TableError("refuse-tournament-start-far", days=round(MOST_AHEAD / 86400))
        try:
            async with self.m.db.transaction() as tx:
                tournament = await tx.create_tournament(
                    guild_id, channel_id, spec.game, creator_id, spec.to_json()
                )
                for user in house_entrants(spec.house):
                    await tx.register(tournament.id, user, buy_in=0)
        except StorageError as exc:
            raise player_error(exc) from exc
        self._arm(tournament)
        await self._tell(tournament.id, [])
        return tournament.id

    async def register(self, tournament_id: int, user_id: int) -> Message:
        """A member enters: the buy-in leaves his wallet for the pool. A sit-and-go whose
        field fills starts at once."""
        if is_house(user_id):
            raise TableError("refuse-tournament-house-player")
        async with self._lock(tournament_id):
            tournament = await self._get(tournament_id)
            spec = spec_of(tournament)
            if self.m.stake_check is not None and spec.buy_in:  # the buy-ins make the prizes
                await self.m.stake_check(tournament.guild_id, user_id, spec.buy_in)
            try:
                async with self.m.db.transaction() as tx:
                    entrants = await tx.entrants(tournament_id)
                    if len(entrants) >= spec.players and tournament.status == "registering":
                        raise TableError("refuse-tournament-full", n=spec.players)
                    await tx.register(tournament_id, user_id, buy_in=spec.buy_in)
            except StorageError as exc:
                raise player_error(exc) from exc
            count = len(entrants) + 1
            joined = Registered(tournament_id, user_id, count, spec.players)
            await self._tell(tournament_id, [joined])
            await self._start_if_due(tournament_id)
        return Message.of("done-tournament-registered", n=spec.buy_in)

    async def unregister(self, tournament_id: int, user_id: int) -> Message:
        """A member takes his registration back before the start: his buy-in comes back."""
        async with self._lock(tournament_id):
            tournament = await self._get(tournament_id)
            spec = spec_of(tournament)
            try:
                async with self.m.db.transaction() as tx:
                    refund = await tx.unregister(tournament_id, user_id)
                    count = len(await tx.entrants(tournament_id))
            except StorageError as exc:
                raise player_error(exc) from exc
            await self._tell(
                tournament_id, [Unregistered(tournament_id, user_id, count, spec.players)]
            )
        return Message.of("done-tournament-unregistered", n=refund)

    async def start(
        self, tournament_id: int, by: int, *, manager: bool = False, fill_house: bool = False
    ) -> Message:
        """Start now with the entrants registered (at least two, the minimum, a member among
        them): the creator or a server manager (``manager``). ``fill_house``: house players
        first take the places left (up to the field; in a scheduled tournament, up to full
        tables), as many as there are house players."""
        async with self._lock(tournament_id):
            tournament = await self._get(tournament_id)
            if not manager and by != tournament.creator_id:
                raise TableError("refuse-tournament-who")
            if tournament.status != "registering":
                raise TableError("refuse-tournament-closed")
            spec = spec_of(tournament)
            entrants = [
                e.user_id for e in await self.m.db.query(Transaction.entrants, tournament_id)
            ]
            if fill_house:
                entrants += await self._fill_house(tournament_id, spec, entrants)
            need = spec.min_players
            if len(entrants) < need or all(is_house(u) for u in entrants):
                raise TableError("refuse-tournament-too-few", n=len(entrants), need=need)
            if not await self._start(tournament_id):
                return Message.of("tournament-cancelled-threads", tournament=tournament_id)
        return Message.of("done-tournament-started")

    async def _fill_house(
        self, tournament_id: int, spec: TournamentSpec, entrants: list[int]
    ) -> list[int]:
        """Enter house players in the places left; returns them."""
        target = spec.players
        if spec.start_at is not None:
            target = spec.tables_for(len(entrants)) * spec.seats
        free = [u for u in house_entrants(MOST_HOUSE) if u not in entrants]
        added = free[: max(0, target - len(entrants))]
        async with self.m.db.transaction() as tx:
            for user in added:
                await tx.register(tournament_id, user, buy_in=0)
        return added

    def registering(self, guild_id: int) -> bool:
        """Whether the guild has a tournament open for registration (as last stored)."""
        return any(
            t.guild_id == guild_id and t.status == "registering" for t in self._cache.values()
        )

    async def member_left(self, guild_id: int, user_id: int) -> list[int]:
        """A member left the server (or was kicked, or banned): in each tournament of the
        guild still registering where he is entered, he is marked departed, so that the
        start seats him sitting out, his turns played at once, as a player who leaves
        during play. Returns those tournaments."""
        out = []
        for found in await self.m.db.query(Transaction.tournaments, guild_id, ("registering",)):
            async with self._lock(found.id):
                tournament = await self._get(found.id)
                entrants = await self.m.db.query(Transaction.entrants, found.id)
                if tournament.status != "registering" or all(
                    e.user_id != user_id for e in entrants
                ):
                    continue
                departed = sorted({*tournament.state.get("departed", []), user_id})
                state = {**tournament.state, "departed": departed}
                await self.m.db.write(Transaction.update_tournament, found.id, state=state)
                await self._refresh(found.id)
                out.append(found.id)
        return out

    async def cancel(self, tournament_id: int, by: int, *, manager: bool = False) -> Message:
        """Call the tournament off, every buy-in refunded and every table closed: a server
        manager (``manager``) at any time, its creator before the start."""
        async with self._lock(tournament_id):
            tournament = await self._get(tournament_id)
            if tournament.status not in LIVE_STATUSES:
                raise TableError("refuse-tournament-over")
            if not manager and (by != tournament.creator_id or tournament.status != "registering"):
                raise TableError("refuse-tournament-cancel-who")
            await self._call_off(tournament, Cancelled(tournament_id, "admin", by=by))
        return Message.of("done-tournament-cancelled")

    async def _call_off(self, tournament: Tournament, why: Cancelled) -> None:
        """Refund every buy-in and close every table, in one transaction (lock held)."""
        async with self._tables_locked(tournament.id, every=True) as (tables, _live):
            revealed = {}
            async with self._write_all(tables.values()) as tx:
                refunds = await tx.refund_all(tournament.id)
                for table_id in tables:
                    revealed[table_id] = await self.m.fair.close(tx, table_id)
            for table_id, table in tables.items():
                await self._close(table, revealed[table_id])
        self._disarm(tournament.id)
        entrants = await self.m.db.query(Transaction.entrants, tournament.id)
        event = Cancelled(tournament.id, why.reason, refunds, why.by, len(entrants), why.need)
        await self._tell(tournament.id, [event])

    async def table_gone(self, tournament_id: int, table_id: int, reason: str) -> None:
        """A tournament table's channel is gone (``reason`` as
        :meth:`~bot.runtime.lifecycle.LifecycleRequests.table_gone`'s): the table goes on in
        a new channel from the presenter; if none can be had (or the server is gone), the
        tournament is called off, every buy-in refunded."""
        async with self._lock(tournament_id):
            tournament = await self._get(tournament_id)
            if tournament.status not in LIVE_STATUSES:
                return
            table = self.m.tables.get(table_id)
            why = "gone"
            if reason != "guild" and table is not None and table.tournament is not None:
                try:
                    channel = await self.presenter.table_channel(
                        tournament_id, tournament.channel_id, table.tournament.no
                    )
                    async with self.m._locked(table_id) as locked:
                        async with self.m._write(locked) as tx:
                            await tx.move_table(table_id, channel)
                        locked.channel_id = channel
                        await self.m._publish(locked)
                    return
                except NoChannel as exc:
                    log.warning("tournament %s: table %s has no channel", tournament_id, table_id)
                    why = exc.reason
                except Exception:
                    log.exception("tournament %s: table %s has no channel", tournament_id, table_id)
            await self._call_off(tournament, Cancelled(tournament_id, why))

    async def channel_gone(self, tournament_id: int) -> None:
        """The tournament's own channel is gone (its threads with it): called off, every
        buy-in refunded."""
        async with self._lock(tournament_id):
            tournament = await self._get(tournament_id)
            if tournament.status in LIVE_STATUSES:
                await self._call_off(tournament, Cancelled(tournament_id, "gone"))

    async def guild_gone(self, guild_id: int) -> None:
        """The bot left the server: its tournaments are called off, every buy-in refunded."""
        for tournament in await self.m.db.query(Transaction.tournaments, guild_id):
            async with self._lock(tournament.id):
                fresh = await self._get(tournament.id)
                if fresh.status in LIVE_STATUSES:
                    await self._call_off(fresh, Cancelled(fresh.id, "gone"))

    async def set_message_ids(self, tournament_id: int, message_ids: dict[str, int]) -> None:
        """Where the Discord layer posted the tournament's messages (kept for a restart)."""
        await self.m.db.write(Transaction.update_tournament, tournament_id, message_ids=message_ids)
        await self._refresh(tournament_id)

    async def status(self, tournament_id: int) -> TournamentView:
        """The tournament as anyone may see it."""
        return await self._view(await self._get(tournament_id))

    async def tournaments(self, guild_id: int, *, live: bool = True) -> list[TournamentView]:
        """The guild's tournaments under way (registering or running), or every one."""
        statuses = LIVE_STATUSES if live else ("registering", "running", "finished", "cancelled")
        found = await self.m.db.query(Transaction.tournaments, guild_id, statuses)
        return [await self._view(t) for t in found]

    async def tournament_of_table(self, table_id: int) -> int | None:
        """The tournament a card table belongs to, if any."""
        return await self.m.db.query(Transaction.table_tournament, table_id)

    async def _get(self, tournament_id: int) -> Tournament:
        try:
            return await self.m.db.query(Transaction.get_tournament, tournament_id)
        except StorageError as exc:
            raise player_error(exc) from exc

    # ------------------------------------------------------------------ the start

    async def _start(self, tournament_id: int) -> bool:
        """Seat the entrants at random over as few tables as the seats allow, their
        tournament chips in front of them, and deal (the tournament's lock held). False if
        it was called off instead: a table could have no channel (:class:`NoChannel`)."""
        tournament = await self._get(tournament_id)
        spec = spec_of(tournament)
        entrants = [e.user_id for e in await self.m.db.query(Transaction.entrants, tournament_id)]
        departed = {int(u) for u in tournament.state.get("departed", [])}
        self.rng().shuffle(entrants)
        count = spec.tables_for(len(entrants))
        groups = [entrants[i::count] for i in range(count)]
        try:
            channels = [
                await self.presenter.table_channel(tournament_id, tournament.channel_id, no)
                for no in range(1, count + 1)
            ]
        except NoChannel as exc:
            log.warning("tournament %s: its tables can have no channel", tournament_id)
            await self._call_off(tournament, Cancelled(tournament_id, exc.reason))
            return False
        rules = GAME_RULES[spec.game]
        created: list[TableSeats] = []
        try:
            async with self.m.db.transaction() as tx:
                if (await tx.get_tournament(tournament_id)).status != "registering":
                    return True
                for no, (group, channel) in enumerate(zip(groups, channels, strict=True), 1):
                    options = table_options(spec, TournamentLink(tournament_id, no))
                    gt = await tx.create_table(
                        tournament.guild_id, channel, spec.game, tournament.creator_id,
                        options=options,
                    )  # fmt: skip
                    await tx.add_tournament_table(tournament_id, gt.id, no)
                    await self.m._claim(tx, gt.id)
                    await self.m.fair.ensure_seed(tx, gt.id)
                    for user in group:
                        await tx.seat_entrant(tournament_id, gt.id, user, spec.chips)
                        await self.m.fair.seat_seed(tx, gt.id, user)
                        if user in departed:  # he left the server: never waited for
                            await tx.update_seat(gt.id, user, status="sitting_out")
                    session = rules.start_seating(
                        Settings.from_options(spec.game, options),
                        [(str(u), spec.chips) for u in group],
                        [],
                        self.m._shuffler(gt.id),
                    )
                    await tx.update_table(gt.id, options={**options, "runtime": session.to_json()})
                    created.append(TableSeats(gt.id, no, channel, tuple(group)))
                state = {"started": self.m.clock.now(), "hands": {}, "final": count == 1}
                await tx.update_tournament(tournament_id, status="running", state=state)
        except (StorageError, GameError) as exc:
            raise player_error(exc) from exc
        self._disarm(tournament_id)
        for seats in created:
            table = await self.m._load(await self.m.db.query(Transaction.get_table, seats.table_id))
            await self.m._publish(table)
        await self._tell(tournament_id, [Started(tournament_id, tuple(created), len(entrants))])
        await self.advance(tournament_id)
        return True

    # ------------------------------------------------------------------ timers

    def _arm(self, tournament: Tournament) -> None:
        """A scheduled tournament's reminder and start, at their times."""
        self._disarm(tournament.id)
        start_at = spec_of(tournament).start_at
        if tournament.status != "registering" or start_at is None:
            return
        tid = tournament.id
        timers = self._timers.setdefault(tid, [])
        remind_at = start_at - REMINDER_LEAD
        if not tournament.state.get("reminded") and remind_at > self.m.clock.now():

            async def remind() -> None:
                await self._remind(tid)

            timers.append(self.m._call_at(remind_at, remind))

        async def due() -> None:
            await self._start_due(tid)

        timers.append(self.m._call_at(start_at, due))

    def _disarm(self, tournament_id: int) -> None:
        for timer in self._timers.pop(tournament_id, []):
            timer.cancel()

    async def _remind(self, tournament_id: int) -> None:
        async with self._lock(tournament_id):
            tournament = await self._get(tournament_id)
            if tournament.status != "registering" or tournament.state.get("reminded"):
                return
            state = {**tournament.state, "reminded": True}
            await self.m.db.write(Transaction.update_tournament, tournament_id, state=state)
            entrants = await self.m.db.query(Transaction.entrants, tournament_id)
            users = tuple(e.user_id for e in entrants if not is_house(e.user_id))
            start_at = spec_of(tournament).start_at
            assert start_at is not None
            await self._tell(tournament_id, [Reminder(tournament_id, users, start_at)])

    async def _start_due(self, tournament_id: int) -> None:
        """:meth:`_start_if_due`, under the tournament's lock."""
        async with self._lock(tournament_id):
            await self._start_if_due(tournament_id)

    async def _start_if_due(self, tournament_id: int) -> None:
        """Start a sit-and-go whose field is full, or a scheduled tournament whose time has
        come (every buy-in refunded when fewer than its minimum registered); a start that
        fails is tried again :data:`RETRY_AFTER` seconds later (the lock held)."""
        tournament = await self._get(tournament_id)
        if tournament.status != "registering":
            return
        spec = spec_of(tournament)
        entrants = await self.m.db.query(Transaction.entrants, tournament_id)
        if spec.start_at is None:
            if len(entrants) < spec.players:
                return
        elif self.m.clock.now() < spec.start_at:
            return
        elif len(entrants) < spec.min_players or all(is_house(e.user_id) for e in entrants):
            why = Cancelled(tournament_id, "field", entrants=len(entrants), need=spec.min_players)
            await self._call_off(tournament, why)
            return
        try:
            await self._start(tournament_id)
        except Exception:
            log.exception("tournament %s could not start; trying again", tournament_id)

            async def again() -> None:
                await self._start_due(tournament_id)

            self._timers.setdefault(tournament_id, []).append(
                self.m._call_at(self.m.clock.now() + RETRY_AFTER, again)
            )

    # ------------------------------------------------------------------ restart

    async def resume(self) -> None:
        """After a restart (the tables already resumed): re-arm the scheduled starts, start
        a full sit-and-go, take a step in every running tournament."""
        for tournament in await self.m.db.query(Transaction.tournaments):
            if not self.m.shards.owns(tournament.guild_id):
                continue
            await self._refresh(tournament.id)
            if tournament.status == "running":
                self.poke(tournament.id)
                continue
            self._arm(tournament)
            await self._start_due(tournament.id)

    # ------------------------------------------------------------------ reading

    async def _view(self, tournament: Tournament) -> TournamentView:
        """The tournament's status document."""
        spec = spec_of(tournament)
        tid = tournament.id
        async with self.m.db.read() as tx:
            entrants = await tx.entrants(tid)
            tables = [t for t in await tx.tournament_tables(tid) if not t.closed]
            seats = {t.table_id: await tx.seats(t.table_id) for t in tables}
        numbers = {t.table_id: t.no for t in tables}
        stacks = {s.user_id: s.stack for found in seats.values() for s in found}
        running = tournament.status == "running"
        state: dict[str, Any] = tournament.state
        hands = max((int(n) for n in state.get("hands", {}).values()), default=0)
        started = float(state.get("started", self.m.clock.now()))
        return {
            "id": tid,
            "guild_id": tournament.guild_id,
            "channel_id": tournament.channel_id,
            "game": tournament.game,
            "creator_id": tournament.creator_id,
            "status": tournament.status,
            "buy_in": spec.buy_in,
            "pool": tournament.pool,
            "chips": spec.chips,
            "seats": spec.seats,
            "players": spec.players,
            "min_players": spec.min_players,
            "house": spec.house,
            "start_at": spec.start_at,
            "started_at": state.get("started"),
            "schedule_unit": spec.schedule.unit,
            "schedule_every": spec.schedule.every,
            "levels": [stakes_view(lv.options()) for lv in spec.schedule.levels],
            "level": self.level_now(tournament) + 1 if running else None,
            "next_level_at": (
                spec.schedule.next_level_at(started_at=started, now=self.m.clock.now())
                if running
                else None
            ),
            "hands_left": spec.schedule.hands_left(hands=hands) if running else None,
            "payouts": list(spec.shares(len(entrants))),
            "entrants": [self._entrant_view(e, numbers, stacks) for e in entrants],
            "tables": [
                TableView(
                    table_id=t.table_id,
                    no=t.no,
                    channel_id=await self._channel_of(t.table_id),
                    players=[s.user_id for s in seats[t.table_id]],
                )
                for t in tables
            ],
            "message_ids": {str(k): int(v) for k, v in tournament.message_ids.items()},
        }

    @staticmethod
    def _entrant_view(e: Any, numbers: dict[int, int], stacks: dict[int, int]) -> EntrantView:
        return {
            "user": e.user_id,
            "house": is_house(e.user_id),
            "table": numbers.get(e.table_id) if e.table_id is not None else None,
            "stack": stacks.get(e.user_id) if e.place is None else None,
            "place": e.place,
            "prize": e.prize,
        }

    async def _channel_of(self, table_id: int) -> int:
        table = self.m.tables.get(table_id)
        if table is not None:
            return table.channel_id
        return (await self.m.db.query(Transaction.get_table, table_id)).channel_id
